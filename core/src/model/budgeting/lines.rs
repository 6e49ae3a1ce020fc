//! Cost lines (extension, S9.12): each planned cost item with the actual items that realise it,
//! budget against plan, actual and forecast, by line and by group (`GET /folio/{id}/lines`,
//! `GET /portfolio/{id}/lines`).

use super::IndexStatus;
use crate::model::Id;
use crate::value::{CurrencyCode, Date, Exact};

/// How lines are grouped (`groupBy`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum LineGrouping {
    /// By cost account: a position's `accountKey` (an expense has none).
    Account,
    /// By category: a position's `category`, an expense's (OPEX, CAPEX, FINEX).
    Category,
    /// By kind: positions (labour) and expenses.
    Kind,
    /// No groups: the lines and their total.
    #[default]
    None,
}

impl LineGrouping {
    /// The grouping `text` names, as the query spells it.
    pub fn parse(text: &str) -> Option<LineGrouping> {
        match text {
            "account" => Some(LineGrouping::Account),
            "category" => Some(LineGrouping::Category),
            "kind" => Some(LineGrouping::Kind),
            "none" => Some(LineGrouping::None),
            _ => None,
        }
    }
}

/// How the lines of an answer are ordered (`order`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum LineOrder {
    /// By group (in the groups' order), a group's planned lines before its unplanned ones, each
    /// by name.
    #[default]
    Group,
    /// By variance at completion, the largest overrun first, then by name.
    Variance,
}

impl LineOrder {
    /// The order `text` names, as the query spells it (`group`, `variance`).
    pub fn parse(text: &str) -> Option<LineOrder> {
        match text {
            "group" => Some(LineOrder::Group),
            "variance" => Some(LineOrder::Variance),
            _ => None,
        }
    }
}

/// What kind of item a line or a realising item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum LineItemKind {
    /// A position (a planned position, a team member).
    Position,
    /// An expense (planned or actual).
    Expense,
}

/// The money of a line, a group or a total, in one currency (S9.12).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct LineFigures {
    /// The budget: the cost in the latest baseline covering costs, else the draft (S8.5).
    pub budget: Exact,
    /// The plan: the cost in the draft.
    pub plan: Exact,
    /// Actual cost dated on or before `asOf`.
    pub actual: Exact,
    /// Actual cost dated after `asOf`: already scheduled.
    pub scheduled: Exact,
    /// Forecast at completion: actual + scheduled and, while open, the plan not yet covered.
    pub forecast: Exact,
    /// Variance at completion: budget - forecast (negative: an overrun).
    pub vac: Exact,
    /// `vac` in percent of the budget, 2 decimals; null with no budget.
    pub vac_percent: Option<Exact>,
    /// Plan less actual to date: what the plan has left to spend.
    pub plan_variance: Exact,
    /// `planVariance` in percent of the plan, 2 decimals; null with no plan.
    pub plan_variance_percent: Option<Exact>,
    /// The light: green within budget, amber over it by at most the folio's tolerance, red over
    /// it by more, grey with neither budget nor forecast.
    pub status: IndexStatus,
}

/// An actual item realising a planned one.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct RealisingItem {
    /// Its id.
    pub item_id: Id,
    /// Position or expense.
    pub item_kind: LineItemKind,
    /// Its name.
    pub name: String,
}

/// One cost line: a planned cost item with what realises it, or an actual item realising
/// nothing (`planned` false).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct CostLineShown {
    /// The planned item's id (an unplanned line: the actual item's).
    pub item_id: Id,
    /// Position or expense.
    pub item_kind: LineItemKind,
    /// Its name.
    pub name: String,
    /// Whether it is a planned item's line (else an unplanned actual item's).
    pub planned: bool,
    /// Whether the planned item is no longer in the draft (its line keeps its budget and what
    /// realises it).
    pub deleted: bool,
    /// Whether the line is marked complete: its forecast is what realises it.
    pub complete: bool,
    /// The key of its group (empty: none, or no grouping).
    pub group: String,
    /// The actual items realising it.
    pub realised_by: Vec<RealisingItem>,
    /// Its money.
    pub figures: LineFigures,
}

/// The lines of one group, added up.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct LineGroup {
    /// Its key: an account key, a category, `positions` or `expenses`; empty for the lines that
    /// have none.
    pub key: String,
    /// Its name, as a controller reads it.
    pub name: String,
    /// How many lines it holds.
    pub lines: usize,
    /// Their money added up.
    pub figures: LineFigures,
}

/// A folio's cost lines (`GET /folio/{id}/lines`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct FolioLines {
    /// The folio.
    pub folio_id: Id,
    /// The day actual and scheduled are split at.
    pub as_of: Date,
    /// The folio's currency: every figure's.
    pub currency_code: CurrencyCode,
    /// The baseline the budgets come from; absent: the draft (S8.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_baseline_id: Option<Id>,
    /// The grouping.
    pub group_by: LineGrouping,
    /// The lines of this page, in the order asked (`order`).
    pub lines: Vec<CostLineShown>,
    /// How many lines the folio has in all (every page).
    pub line_count: usize,
    /// The `after` of the next page; absent on the last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<u64>,
    /// The groups, with their subtotals over every line (none without a grouping).
    pub groups: Vec<LineGroup>,
    /// Every line added up: the folio's BAC, AC, known cost and EAC by what is scheduled.
    pub total: LineFigures,
}

/// One folio of a portfolio's lines, its total converted into the portfolio's currency.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct FolioLine {
    /// The folio.
    pub folio_id: Id,
    /// Its name.
    pub name: String,
    /// Its own currency.
    pub folio_currency_code: CurrencyCode,
    /// How many cost lines it has.
    pub lines: usize,
    /// Its total, converted (S9.9: each figure on its own, rounded).
    pub figures: LineFigures,
}

/// A portfolio's cost lines (`GET /portfolio/{id}/lines`): a line per folio the caller may
/// read, the groups across its folios.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PortfolioLines {
    /// The portfolio.
    pub portfolio_id: Id,
    /// The day actual and scheduled are split at.
    pub as_of: Date,
    /// The portfolio's currency: every figure's.
    pub currency_code: CurrencyCode,
    /// The grouping.
    pub group_by: LineGrouping,
    /// Its folios, in the order of the rollup.
    pub folios: Vec<FolioLine>,
    /// The groups across its folios, each folio's subtotal converted on its own.
    pub groups: Vec<LineGroup>,
    /// The folios added up.
    pub total: LineFigures,
}
