//! One row of a file of actuals read into what it would make: an actual expense, or a team
//! member's worked hours, with every refusal of its cells (all of them, not the first).

use super::columns::{Columns, Field};
use crate::model::budgeting::{
    DateOrder, DecimalMark, Expense, ExpenseCategory, ExpenseKind, HoursPeriod, ImportRefusal,
    Recurrence, RecurrenceKind,
};
use crate::model::Id;
use crate::sheets::{cell_date, cell_number, cell_text, ReadCell};
use crate::value::{Amount, CurrencyCode, Date, Hours};

/// How the cells of a file are read.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reading {
    pub mark: DecimalMark,
    pub order: Option<DateOrder>,
}

/// The refusals of one row, collected.
#[derive(Debug, Default)]
pub(super) struct Refusals(pub Vec<ImportRefusal>);

impl Refusals {
    pub(super) fn add(&mut self, column: &str, value: &ReadCell, message: impl Into<String>) {
        self.0.push(ImportRefusal {
            column: column.to_owned(),
            value: crate::model::messages::excerpt(&cell_text(value)).into_owned(),
            message: message.into(),
        });
    }
}

/// The text of `field` in `row`, trimmed; empty when unmapped or empty.
pub(super) fn text(columns: &Columns, row: &[ReadCell], field: Field) -> String {
    columns
        .cell(row, field)
        .map(|(cell, _)| cell_text(cell).trim().to_owned())
        .unwrap_or_default()
}

fn date(
    columns: &Columns,
    row: &[ReadCell],
    field: Field,
    reading: Reading,
    refusals: &mut Refusals,
) -> Option<Date> {
    let (cell, header) = columns.cell(row, field)?;
    cell_date(cell, reading.order)
        .map_err(|message| refusals.add(header, cell, message))
        .ok()
}

fn number(
    columns: &Columns,
    row: &[ReadCell],
    field: Field,
    reading: Reading,
    refusals: &mut Refusals,
) -> Option<rust_decimal::Decimal> {
    let (cell, header) = columns.cell(row, field)?;
    cell_number(cell, reading.mark)
        .map_err(|message| refusals.add(header, cell, message))
        .ok()
}

/// The expense category a text names (OPEX, CAPEX, FINEX, any case); OPEX when empty.
fn category(text: &str) -> Option<ExpenseCategory> {
    match text.to_ascii_uppercase().as_str() {
        "" | "OPEX" => Some(ExpenseCategory::Opex),
        "CAPEX" => Some(ExpenseCategory::Capex),
        "FINEX" => Some(ExpenseCategory::Finex),
        _ => None,
    }
}

/// What a row of expenses reads as: the actual expense (its `realises` as written, the name or
/// id of a planned expense, resolved by the caller) and the key.
pub(super) struct ExpenseRow {
    pub expense: Expense,
    pub realises: String,
    pub key: Option<String>,
}

/// Reads row `row` of expenses for folio `folio`, whose currency is `currency`.
pub(super) fn expense_row(
    columns: &Columns,
    row: &[ReadCell],
    folio: Id,
    currency: CurrencyCode,
    reading: Reading,
    refusals: &mut Refusals,
) -> Option<ExpenseRow> {
    let day = date(columns, row, Field::Date, reading, refusals);
    let amount = number(columns, row, Field::Amount, reading, refusals).and_then(|value| {
        let (cell, header) = columns.cell(row, Field::Amount)?;
        if value.is_sign_negative() && !value.is_zero() {
            refusals.add(
                header,
                cell,
                format!("{value} is negative: an actual cost is 0 or more (enter a credit note as a change of the cost it corrects)"),
            );
            return None;
        }
        Amount::new(value)
            .map_err(|error| refusals.add(header, cell, error.to_string()))
            .ok()
    });
    let name = text(columns, row, Field::Name);
    if name.is_empty() {
        if let Some((cell, header)) = columns.cell(row, Field::Name) {
            refusals.add(header, cell, "a name is needed here");
        }
    }
    let currency_code = match columns.cell(row, Field::Currency) {
        Some((cell, header)) if !cell_text(cell).trim().is_empty() => {
            let code = cell_text(cell).trim().to_ascii_uppercase();
            code.parse::<CurrencyCode>()
                .map_err(|_| {
                    refusals.add(
                        header,
                        cell,
                        format!("{code} is not a currency code such as EUR"),
                    )
                })
                .ok()
        }
        _ => Some(currency),
    };
    let category_text = text(columns, row, Field::Category);
    let category = category(&category_text).or_else(|| {
        if let Some((cell, header)) = columns.cell(row, Field::Category) {
            refusals.add(header, cell, "a cost's category is OPEX, CAPEX or FINEX");
        }
        None
    });
    let expense_type = match text(columns, row, Field::Type) {
        empty if empty.is_empty() => "Imported".to_owned(),
        given => given,
    };
    let key = Some(text(columns, row, Field::Key)).filter(|k| !k.is_empty());
    let (day, amount, currency_code, category) = (day?, amount?, currency_code?, category?);
    if name.is_empty() {
        return None;
    }
    Some(ExpenseRow {
        expense: Expense {
            id: None,
            folio_id: folio,
            name,
            description: text(columns, row, Field::Description),
            expense_type,
            category,
            kind: ExpenseKind::ActualExpense,
            amount,
            converted_amount: None,
            currency_code,
            amortized: None,
            labels: None,
            reporter: None,
            baseline_id: None,
            deleted_on: None,
            custom_fields: None,
            recurrence: Recurrence {
                kind: RecurrenceKind::Once,
                start_date: day,
                end_date: None,
                occurrences: None,
                interval: None,
                recurrence_on: None,
                recurrence_by: None,
            },
            realises: None,
            complete: None,
            estimate: None,
            source_key: key.clone(),
        },
        realises: text(columns, row, Field::Realises),
        key,
    })
}

/// What a row of hours reads as: the person as written and the period.
pub(super) struct HoursRow {
    pub person: String,
    pub period: HoursPeriod,
}

/// Reads row `row` of worked hours.
pub(super) fn hours_row(
    columns: &Columns,
    row: &[ReadCell],
    reading: Reading,
    refusals: &mut Refusals,
) -> Option<HoursRow> {
    let person = text(columns, row, Field::Person);
    if person.is_empty() {
        if let Some((cell, header)) = columns.cell(row, Field::Person) {
            refusals.add(header, cell, "a team member is needed here");
        }
    }
    let from = date(columns, row, Field::From, reading, refusals);
    let until = match columns.cell(row, Field::Until) {
        Some((cell, _)) if *cell != ReadCell::Empty && !cell_text(cell).trim().is_empty() => {
            date(columns, row, Field::Until, reading, refusals).map(Some)
        }
        _ => Some(None),
    };
    let hours = |field: Field, refusals: &mut Refusals| -> Option<Hours> {
        let value = number(columns, row, field, reading, refusals)?;
        let (cell, header) = columns.cell(row, field)?;
        Hours::new(value)
            .map_err(|error| refusals.add(header, cell, error.to_string()))
            .ok()
    };
    let effort = hours(Field::Hours, refusals);
    let overtime = match columns.cell(row, Field::OvertimeHours) {
        Some((cell, _)) if !cell_text(cell).trim().is_empty() => {
            hours(Field::OvertimeHours, refusals)
        }
        _ => Hours::new(rust_decimal::Decimal::ZERO).ok(),
    };
    let (from, until, effort, overtime) = (from?, until?, effort?, overtime?);
    if person.is_empty() {
        return None;
    }
    Some(HoursRow {
        person,
        period: HoursPeriod {
            ot_effort: overtime,
            start_date: from,
            end_date: until.unwrap_or(from),
            deleted_on: None,
            reporter: None,
            effort,
            id: None,
        },
    })
}
