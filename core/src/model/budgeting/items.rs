//! A folio's items with their money (extensions): what the planner's costs and revenues screen
//! lists (`GET /folio/{id}/items`) and what a folio pays (`GET /folio/{id}/payments`).

use super::{Allocation, Expense, ExpensePayment, HoursPeriod, Position, Rate, TimelineBucket};
use crate::model::Id;
use crate::value::Exact;

/// Every live item of a folio with its money (`GET /folio/{id}/items`).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FolioItems {
    /// The live positions, in id order.
    pub positions: Vec<PositionItem>,
    /// The live expenses, in id order.
    pub expenses: Vec<ExpenseItem>,
}

/// A live position of a folio with its whole history and its money.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PositionItem {
    /// As `GET /position/{id}` shows it.
    pub position: Position,
    /// Its live rates.
    pub rates: Vec<Rate>,
    /// Its live allocations.
    pub allocations: Vec<Allocation>,
    /// Worked hours of a team member, billable hours of a consulting revenue (live ones).
    pub hours: Vec<HoursPeriod>,
    /// Its whole cost or revenue in the folio's currency; null when it cannot be costed (S5.6).
    pub total: Option<Exact>,
    /// Its cost or revenue to `asOf`; null when it cannot be costed (S5.6).
    pub to_date: Option<Exact>,
    /// Why it cannot be costed, when it cannot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<String>,
}

/// A live expense of a folio (with its `convertedAmount`) and its money.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExpenseItem {
    /// As `GET /expense/{id}` shows it.
    pub expense: Expense,
    /// Its whole cost or revenue in the folio's currency; null when it cannot be converted
    /// (S5.6).
    pub total: Option<Exact>,
    /// Its cost or revenue to `asOf`; null when it cannot be converted (S5.6).
    pub to_date: Option<Exact>,
    /// Why it cannot be costed (S5.3's message), when it cannot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<String>,
}

/// What a folio pays (`GET /folio/{id}/payments`): every live item's lines and the monthly
/// timeline.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FolioPayments {
    /// The live positions, their lines by month.
    pub positions: Vec<PaidItem>,
    /// The live expenses, their payments.
    pub expenses: Vec<PaidItem>,
    /// The folio's monthly timeline at `asOf`.
    pub timeline: Vec<TimelineBucket>,
}

/// One live item of a folio with its money: the whole and the part to date in the folio's
/// currency (as the folio's indicators count it: positions by their atoms, expenses by their
/// converted payments), and its payment lines.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PaidItem {
    /// The position's or the expense's id.
    pub id: Id,
    /// Its name.
    pub name: String,
    /// Its whole cost or revenue.
    pub total: Exact,
    /// Its cost or revenue to `asOf`.
    pub to_date: Exact,
    /// Its payment lines.
    pub lines: Vec<ExpensePayment>,
}
