//! Expenses, their recurrence and their payments.

use std::collections::BTreeMap;

use crate::model::Id;
use crate::value::{
    Amount, CurrencyCode, Date, Exact, HourlyRate, Interval, IsoWeekday, Occurrences,
};

/// The kind of an expense: planned or actual, cost or revenue (S5.4).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ExpenseKind {
    /// An actual cost.
    #[serde(rename = ".ActualExpense")]
    ActualExpense,
    /// A planned revenue.
    #[serde(rename = ".PlannedRevenue")]
    PlannedRevenue,
    /// An actual revenue.
    #[serde(rename = ".ActualRevenue")]
    ActualRevenue,
    /// A planned cost.
    #[serde(rename = ".PlannedExpense")]
    PlannedExpense,
}

impl ExpenseKind {
    /// Whether the kind is a cost (as opposed to a revenue).
    pub fn is_cost(self) -> bool {
        matches!(
            self,
            ExpenseKind::ActualExpense | ExpenseKind::PlannedExpense
        )
    }

    /// The kind as the wire spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            ExpenseKind::ActualExpense => ".ActualExpense",
            ExpenseKind::PlannedRevenue => ".PlannedRevenue",
            ExpenseKind::ActualRevenue => ".ActualRevenue",
            ExpenseKind::PlannedExpense => ".PlannedExpense",
        }
    }

    /// Whether the kind is planned (as opposed to actual).
    pub fn is_planned(self) -> bool {
        matches!(
            self,
            ExpenseKind::PlannedExpense | ExpenseKind::PlannedRevenue
        )
    }
}

/// The category of an expense: OPEX, CAPEX, FINEX for costs, OPERATING, NON_OPERATING for
/// revenues (S5.4).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ExpenseCategory {
    /// Operating expenditure.
    Opex,
    /// Capital expenditure.
    Capex,
    /// Financial expenditure.
    Finex,
    /// Operating revenue.
    Operating,
    /// Non-operating revenue.
    NonOperating,
}

impl ExpenseCategory {
    /// Whether the category belongs to costs (as opposed to revenues).
    pub fn is_cost(self) -> bool {
        matches!(
            self,
            ExpenseCategory::Opex | ExpenseCategory::Capex | ExpenseCategory::Finex
        )
    }

    /// The category as the wire spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            ExpenseCategory::Opex => "OPEX",
            ExpenseCategory::Capex => "CAPEX",
            ExpenseCategory::Finex => "FINEX",
            ExpenseCategory::Operating => "OPERATING",
            ExpenseCategory::NonOperating => "NON_OPERATING",
        }
    }

    /// Whether an expense of `kind` may carry this category (S5.4).
    pub fn suits(self, kind: ExpenseKind) -> bool {
        self.is_cost() == kind.is_cost()
    }
}

/// How a series repeats (S4).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum RecurrenceKind {
    /// Once, on the start date.
    #[serde(rename = ".Once")]
    Once,
    /// Every interval-th day.
    #[serde(rename = ".Daily")]
    Daily,
    /// Every interval-th week, on the listed weekdays.
    #[serde(rename = ".Weekly")]
    Weekly,
    /// Every interval-th month.
    #[serde(rename = ".Monthly")]
    Monthly,
    /// Every interval-th year.
    #[serde(rename = ".Yearly")]
    Yearly,
}

/// Which day of the month a monthly series falls on (S4.5).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RecurrenceBy {
    /// The start date's day of the month (the default).
    DayOfMonth,
    /// The n-th weekday of the month, like the start date's.
    DayOfWeek,
}

/// The recurrence of an expense, as the wire has it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Recurrence {
    /// How the series repeats.
    pub kind: RecurrenceKind,
    /// The first occurrence.
    pub start_date: Date,
    /// The last day the series may fall on (included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_date: Option<Date>,
    /// How many occurrences at most, counted from the start date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occurrences: Option<Occurrences>,
    /// Every interval-th day, week, month or year (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
    /// ISO weekdays of a weekly series (1 = Monday ... 7 = Sunday).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recurrence_on: Option<Vec<IsoWeekday>>,
    /// Day of month or day of week, for a monthly series.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recurrence_by: Option<RecurrenceBy>,
}

/// Custom-field values: `{"values": {"<custom-field id>": value}}`.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CustomFields {
    /// Values by custom-field id; a value is any JSON (numbers kept exactly).
    pub values: BTreeMap<String, crate::json::Value>,
}

/// An expense: a cost or a revenue, once or recurring.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Expense {
    /// The expense's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
    /// The folio it belongs to.
    pub folio_id: Id,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The expense type (free text).
    #[serde(rename = "type")]
    pub expense_type: String,
    /// OPEX, CAPEX, FINEX, OPERATING or NON_OPERATING.
    pub category: ExpenseCategory,
    /// Planned or actual, cost or revenue.
    pub kind: ExpenseKind,
    /// The amount of each payment, or of the whole series when amortized, in `currencyCode`.
    pub amount: Amount,
    /// The sum of its payments in the folio's currency (S5.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub converted_amount: Option<Exact>,
    /// The currency of `amount`.
    pub currency_code: CurrencyCode,
    /// Whether `amount` is split over the payments (S5.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amortized: Option<bool>,
    /// Labels (their shape is not shown by the documents; kept as given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<crate::json::Value>>,
    /// Who entered it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reporter: Option<String>,
    /// The baseline this copy belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_id: Option<Id>,
    /// Set when the expense was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
    /// Custom-field values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_fields: Option<CustomFields>,
    /// When it falls.
    pub recurrence: Recurrence,
    /// For an actual expense or revenue: the planned expense or revenue of its folio it realises
    /// (S9.12), by id; its cost line is that planned item's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub realises: Option<Id>,
    /// For a planned expense: its cost line is complete, so that what realises it is its forecast
    /// and an underrun is released (S9.12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// The key of the line in the system it came from (an invoice number), when an import of
    /// actuals made it: a later import finds it by this key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_key: Option<String>,
    /// For a planned expense: the three points of its remaining cost (S14.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub estimate: Option<super::Estimate>,
}

/// A payment line of an expense or a position (S5.5, S6.7). For an expense only `date`, `amount`
/// and `totalAmount` are present.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExpensePayment {
    /// The first day of the line's span.
    pub date: Date,
    /// The amount (for a position, regular hours only).
    pub amount: Exact,
    /// `amount + overtimeAmount`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_amount: Option<Exact>,
    /// The overtime amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overtime_amount: Option<Exact>,
    /// The rate used, as stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<HourlyRate>,
    /// Regular hours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effort: Option<Exact>,
    /// Overtime hours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overtime_effort: Option<Exact>,
    /// `effort + overtimeEffort`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_effort: Option<Exact>,
}
