//! Actuals in from a spreadsheet (`POST /folio/{id}/import/actuals`): the file, how its columns
//! map to an actual expense or a team member's worked hours, and the report of what the import
//! creates, changes, leaves or refuses, row by row.

use crate::model::Id;
use crate::value::{Date, Exact};

/// What each row of the file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum ActualsKind {
    /// An actual cost: one actual expense, paid once on its date.
    Expenses,
    /// Hours a team member worked in a period.
    Hours,
}

/// How the file writes the decimals of a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum DecimalMark {
    /// `2,500.00`: a point before the decimals, commas (or spaces) between thousands.
    Point,
    /// `2.500,00`: a comma before the decimals, points (or spaces) between thousands.
    Comma,
}

/// The order of day, month and year in a date written with `/` (`03/04/2026`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum DateOrder {
    /// Day, month, year.
    DayMonthYear,
    /// Month, day, year.
    MonthDayYear,
}

/// Which of the file's columns (by the text of its header) holds each field. A field left out
/// takes its default, said at each.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImportColumns {
    /// Expenses: the day it is paid (required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Expenses: the amount (required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<String>,
    /// Expenses: the amount's currency; the folio's when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// Expenses: the name (required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Expenses: the description; empty when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Expenses: OPEX, CAPEX or FINEX; OPEX when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// Expenses: the expense type; "Imported" when left out.
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub expense_type: Option<String>,
    /// Expenses: the planned expense it realises (S9.12), by its id or its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub realises: Option<String>,
    /// Expenses: a key of the line in the system it comes from (an invoice number). An import
    /// of a row whose key an expense of the folio already holds changes that expense, or
    /// nothing when it is the same: importing a file again changes nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// Hours: the team member, by the position's name or the member's user key (required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub person: Option<String>,
    /// Hours: the period's first day (required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Hours: the period's last day; the first day when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<String>,
    /// Hours: the hours worked (required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hours: Option<String>,
    /// Hours: the overtime hours among them; 0 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overtime_hours: Option<String>,
}

/// An import of actuals: the file and how to read it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ActualsImport {
    /// What each row is.
    pub kind: ActualsKind,
    /// The file's bytes in base64: CSV (UTF-8, any of `,` `;` or tab between fields, a byte
    /// order mark or none) or XLSX (its first sheet). The first row with anything in it is the
    /// header.
    pub file: String,
    /// The file's name, for the messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    /// Which column holds each field.
    pub columns: ImportColumns,
    /// How numbers written as text mark their decimals; guessed from the file when left out
    /// (the mark most of the amount column's texts end their decimals with; a point when none
    /// tells).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decimal_mark: Option<DecimalMark>,
    /// The order of a date written with `/`; needed only when a date could be read both ways.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_order: Option<DateOrder>,
}

/// What an import does with a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum ImportOutcome {
    /// A new expense or hours period.
    Create,
    /// The expense of the same key, or the hours of the same person and period, changed.
    Change,
    /// The same as what the folio holds: nothing to do.
    Unchanged,
    /// Refused: see its refusals.
    Refused,
}

/// Why a row is refused: the column, the value as the file holds it, and the rule.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportRefusal {
    /// The column's header; empty when the refusal is the row's as a whole.
    pub column: String,
    /// The cell's text.
    pub value: String,
    /// The rule, in words, with what was understood.
    pub message: String,
}

/// One row of the file and what the import does with it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportLine {
    /// The row's number in the file (the header's row is 1 when it is the first).
    pub row: usize,
    /// What the import does with it.
    pub outcome: ImportOutcome,
    /// The expense's name or the team member's, as read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The expense's day or the period's first day, as read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
    /// The period's last day, as read (hours).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<Date>,
    /// The amount (in `currencyCode`) or the hours, as read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<Exact>,
    /// The amount's currency (expenses).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency_code: Option<String>,
    /// The expense or hours period it changes or leaves; on a real run, the one it created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item_id: Option<Id>,
    /// Why it is refused (empty unless refused).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refusals: Vec<ImportRefusal>,
}

/// What an import did, or with `dryRun` would do.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// Whether nothing was written.
    pub dry_run: bool,
    /// The file's data rows (not counting the header and empty rows).
    pub rows: usize,
    /// Rows that create an item.
    pub created: usize,
    /// Rows that change one.
    pub changed: usize,
    /// Rows the folio already holds as they are.
    pub unchanged: usize,
    /// Rows refused.
    pub refused: usize,
    /// The number understood as decimals were marked.
    pub decimal_mark: DecimalMark,
    /// The file's header: the text of each of its columns, what `columns` names.
    pub header: Vec<String>,
    /// A dry run's refusals of the mapping itself, by field (`columns.amount`): a field the kind
    /// needs and the mapping leaves out, or a column the file does not have. No row is read
    /// then; a real run is refused with them.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub mapping_refusals: std::collections::BTreeMap<String, String>,
    /// Every refused row, then the others up to 200 rows in all, in the file's order.
    pub lines: Vec<ImportLine>,
    /// How many rows `lines` leaves out.
    pub more: usize,
}
