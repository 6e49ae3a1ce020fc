//! The inputs of a folio's workbook, from its plan document: Positions (each rate, allocation
//! and hours period a row), Expenses (planned and actual, with their recurrence) and Exchange
//! rates. Every text a user typed is written as text.

use super::book::{columns, Cell, Sheet, Style};
use crate::model::budgeting::{
    ExpenseCategory, ExpenseKind, PlanDocument, PositionKind, RecurrenceKind,
};
use crate::value::Exact;

fn plain(value: rust_decimal::Decimal) -> Cell {
    Cell::Figure(Exact::of(value), Style::Plain)
}

fn position_kind(position: &crate::model::budgeting::Position) -> &'static str {
    match (
        position.kind.unwrap_or_default(),
        position.revenue.unwrap_or(false),
    ) {
        (PositionKind::PlannedPositionByTimeFrame, false) => "planned cost",
        (PositionKind::PlannedPositionByTimeFrame, true) => "planned revenue",
        (PositionKind::TeamMember, _) => "team member (actual cost)",
        (PositionKind::ConsultingRevenue, _) => "consulting (actual revenue)",
    }
}

/// One row per rate, allocation and hours period of each live position.
pub(crate) fn positions(plan: &PlanDocument) -> Sheet {
    let mut sheet = Sheet::new(
        "Positions",
        columns(&[
            ("Position", 28),
            ("Title", 20),
            ("Kind", 24),
            ("Category", 16),
            ("Account", 14),
            ("Entry", 12),
            ("From", 12),
            ("Until", 12),
            ("Rate per hour", 14),
            ("Allocation %", 12),
            ("Hours", 10),
            ("Overtime hours", 12),
        ]),
        true,
    );
    for p in &plan.positions {
        let position = &p.position;
        let head = || {
            vec![
                Cell::text(position.name.as_str()),
                Cell::text(position.title.as_str()),
                Cell::text(position_kind(position)),
                Cell::text(position.category.clone().unwrap_or_default()),
                Cell::text(position.account_key.clone().unwrap_or_default()),
            ]
        };
        let rates = std::iter::once(&position.rate).chain(p.rates.iter());
        for rate in rates.filter(|r| r.deleted_on.is_none()) {
            let mut cells = head();
            cells.extend([
                Cell::text("rate"),
                Cell::Date(rate.start_date),
                Cell::Empty,
                Cell::Figure(Exact::of(rate.rate.get()), Style::Money),
            ]);
            sheet.push(cells);
        }
        let allocations = std::iter::once(&position.allocation).chain(p.allocations.iter());
        for allocation in allocations.filter(|a| a.deleted_on.is_none()) {
            let mut cells = head();
            cells.extend([
                Cell::text("allocation"),
                Cell::Date(allocation.start_date),
                Cell::Date(allocation.end_date),
                Cell::Empty,
                plain(allocation.percentage.get()),
            ]);
            sheet.push(cells);
        }
        for hours in p.hours.iter().filter(|h| h.deleted_on.is_none()) {
            let mut cells = head();
            cells.extend([
                Cell::text("hours"),
                Cell::Date(hours.start_date),
                Cell::Date(hours.end_date),
                Cell::Empty,
                Cell::Empty,
                plain(hours.effort.get()),
                plain(hours.ot_effort.get()),
            ]);
            sheet.push(cells);
        }
    }
    sheet
}

fn expense_kind(kind: ExpenseKind) -> &'static str {
    match kind {
        ExpenseKind::PlannedExpense => "planned cost",
        ExpenseKind::ActualExpense => "actual cost",
        ExpenseKind::PlannedRevenue => "planned revenue",
        ExpenseKind::ActualRevenue => "actual revenue",
    }
}

fn repeats(kind: RecurrenceKind) -> &'static str {
    match kind {
        RecurrenceKind::Once => "once",
        RecurrenceKind::Daily => "daily",
        RecurrenceKind::Weekly => "weekly",
        RecurrenceKind::Monthly => "monthly",
        RecurrenceKind::Yearly => "yearly",
    }
}

fn category(category: ExpenseCategory) -> &'static str {
    match category {
        ExpenseCategory::Opex => "opex",
        ExpenseCategory::Capex => "capex",
        ExpenseCategory::Finex => "finex",
        ExpenseCategory::Operating => "operating",
        ExpenseCategory::NonOperating => "non-operating",
    }
}

/// One row per live expense or revenue: its amount in its own currency and how it repeats.
pub(crate) fn expenses(plan: &PlanDocument) -> Sheet {
    let mut sheet = Sheet::new(
        "Expenses",
        columns(&[
            ("Expense", 28),
            ("Kind", 16),
            ("Category", 14),
            ("Type", 16),
            ("Amount", 16),
            ("Currency", 10),
            ("Repeats", 10),
            ("From", 12),
            ("Until", 12),
            ("Times", 8),
            ("Spread over its period", 12),
            ("Description", 32),
        ]),
        true,
    );
    for e in &plan.expenses {
        let r = &e.recurrence;
        sheet.push(vec![
            Cell::text(e.name.as_str()),
            Cell::text(expense_kind(e.kind)),
            Cell::text(category(e.category)),
            Cell::text(e.expense_type.as_str()),
            // In its own currency: written as a plain figure, the workbook's money format
            // being the folio's currency.
            plain(e.amount.get()),
            Cell::text(e.currency_code.to_string()),
            Cell::text(repeats(r.kind)),
            Cell::Date(r.start_date),
            r.end_date.map_or(Cell::Empty, Cell::Date),
            r.occurrences
                .map_or(Cell::Empty, |n| plain(rust_decimal::Decimal::from(n.get()))),
            Cell::text(if e.amortized.unwrap_or(false) {
                "yes"
            } else {
                "no"
            }),
            Cell::text(e.description.as_str()),
        ]);
    }
    sheet
}

/// The exchange rates the folio's items are converted with.
pub(crate) fn exchange_rates(plan: &PlanDocument) -> Sheet {
    let mut sheet = Sheet::new(
        "Exchange rates",
        columns(&[("From", 10), ("To", 10), ("Rate", 14), ("From day", 12)]),
        true,
    );
    for rate in &plan.exchange_rates {
        sheet.push(vec![
            Cell::text(rate.from.to_string()),
            Cell::text(rate.to.to_string()),
            plain(rate.rate.get()),
            Cell::Date(rate.effective_date),
        ]);
    }
    sheet
}
