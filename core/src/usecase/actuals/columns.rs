//! The file's header and which of its columns holds each field.

use super::super::error::{Error, Result};
use crate::model::budgeting::{ActualsKind, ImportColumns};
use crate::sheets::{cell_text, ReadCell};

/// A field an import reads, with the mapping's name for it (`columns.amount`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Field {
    Date,
    Amount,
    Currency,
    Name,
    Description,
    Category,
    Type,
    Realises,
    Key,
    Person,
    From,
    Until,
    Hours,
    OvertimeHours,
}

impl Field {
    /// The mapping's key.
    pub(super) fn key(self) -> &'static str {
        match self {
            Field::Date => "date",
            Field::Amount => "amount",
            Field::Currency => "currency",
            Field::Name => "name",
            Field::Description => "description",
            Field::Category => "category",
            Field::Type => "type",
            Field::Realises => "realises",
            Field::Key => "key",
            Field::Person => "person",
            Field::From => "from",
            Field::Until => "until",
            Field::Hours => "hours",
            Field::OvertimeHours => "overtimeHours",
        }
    }

    /// What it is, in words.
    fn words(self) -> &'static str {
        match self {
            Field::Date => "the day it is paid",
            Field::Amount => "the amount",
            Field::Name => "the name",
            Field::Person => "the team member",
            Field::From => "the period's first day",
            Field::Hours => "the hours",
            _ => "it",
        }
    }

    fn of(columns: &ImportColumns, field: Field) -> Option<&String> {
        match field {
            Field::Date => columns.date.as_ref(),
            Field::Amount => columns.amount.as_ref(),
            Field::Currency => columns.currency.as_ref(),
            Field::Name => columns.name.as_ref(),
            Field::Description => columns.description.as_ref(),
            Field::Category => columns.category.as_ref(),
            Field::Type => columns.expense_type.as_ref(),
            Field::Realises => columns.realises.as_ref(),
            Field::Key => columns.key.as_ref(),
            Field::Person => columns.person.as_ref(),
            Field::From => columns.from.as_ref(),
            Field::Until => columns.until.as_ref(),
            Field::Hours => columns.hours.as_ref(),
            Field::OvertimeHours => columns.overtime_hours.as_ref(),
        }
    }
}

/// The fields of a kind of row, each with whether it is needed.
type FieldList = &'static [(Field, bool)];

const EXPENSE_FIELDS: [(Field, bool); 9] = [
    (Field::Date, true),
    (Field::Amount, true),
    (Field::Name, true),
    (Field::Currency, false),
    (Field::Description, false),
    (Field::Category, false),
    (Field::Type, false),
    (Field::Realises, false),
    (Field::Key, false),
];

const HOURS_FIELDS: [(Field, bool); 5] = [
    (Field::Person, true),
    (Field::From, true),
    (Field::Hours, true),
    (Field::Until, false),
    (Field::OvertimeHours, false),
];

/// Where each mapped field is: its column's index and header.
#[derive(Debug)]
pub(super) struct Columns {
    found: Vec<(Field, usize, String)>,
}

impl Columns {
    /// The columns `mapping` names in `header`, for rows of `kind`: a field the kind needs and
    /// the mapping leaves out, a field of the other kind, or a header the file does not have is
    /// refused at `columns.FIELD`.
    pub(super) fn find(
        mapping: &ImportColumns,
        kind: ActualsKind,
        header: &[ReadCell],
    ) -> Result<Columns> {
        let (fields, others): (FieldList, FieldList) = match kind {
            ActualsKind::Expenses => (&EXPENSE_FIELDS, &HOURS_FIELDS),
            ActualsKind::Hours => (&HOURS_FIELDS, &EXPENSE_FIELDS),
        };
        let kind_words = match kind {
            ActualsKind::Expenses => "expenses",
            ActualsKind::Hours => "hours",
        };
        let headers: Vec<String> = header
            .iter()
            .map(|c| cell_text(c).trim().to_owned())
            .collect();
        let mut refusals = Vec::new();
        for (field, _) in others {
            if Field::of(mapping, *field).is_some() {
                refusals.push((
                    format!("columns.{}", field.key()),
                    format!("an import of {kind_words} has no {}", field.key()),
                ));
            }
        }
        let mut found = Vec::new();
        for (field, needed) in fields {
            match Field::of(mapping, *field) {
                None if *needed => refusals.push((
                    format!("columns.{}", field.key()),
                    format!(
                        "the column of {} is needed to import {kind_words}",
                        field.words()
                    ),
                )),
                None => {}
                Some(name) => {
                    let wanted = name.trim().to_lowercase();
                    match headers.iter().position(|h| h.to_lowercase() == wanted) {
                        Some(index) => found.push((*field, index, headers[index].clone())),
                        None => refusals.push((
                            format!("columns.{}", field.key()),
                            format!(
                                "the file has no column {:?}: its columns are {}",
                                crate::model::messages::excerpt(name),
                                listed(&headers)
                            ),
                        )),
                    }
                }
            }
        }
        if refusals.is_empty() {
            Ok(Columns { found })
        } else {
            Err(Error::fields(refusals))
        }
    }

    /// The cell of `field` in `row` with its column's header; `None` when the field is not
    /// mapped.
    pub(super) fn cell<'r>(
        &self,
        row: &'r [ReadCell],
        field: Field,
    ) -> Option<(&'r ReadCell, &str)> {
        const EMPTY: &ReadCell = &ReadCell::Empty;
        self.found
            .iter()
            .find(|(f, _, _)| *f == field)
            .map(|(_, index, header)| (row.get(*index).unwrap_or(EMPTY), header.as_str()))
    }
}

/// The headers, quoted, the first 20.
fn listed(headers: &[String]) -> String {
    let mut shown: Vec<String> = headers
        .iter()
        .filter(|h| !h.is_empty())
        .take(20)
        .map(|h| format!("{:?}", crate::model::messages::excerpt(h)))
        .collect();
    if headers.len() > 20 {
        shown.push(format!("and {} more", headers.len() - 20));
    }
    if shown.is_empty() {
        "none (its first row is empty)".into()
    } else {
        shown.join(", ")
    }
}
