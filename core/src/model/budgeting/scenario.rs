//! Scenarios, their comparison and promotion, and budget changes (extension, S15): the wire
//! types of `/budgets/1/folio/{id}/scenarios...` and `.../budget-changes`.

use crate::json::Value;
use crate::model::budgeting::{
    ExpenditureType, FolioLines, ForecastFigures, Indicators, TimelineBucket,
};
use crate::model::Id;
use crate::value::{CurrencyCode, Date, Exact, UtcTimestamp};

/// Where a scenario was forked from (S15.1): on the wire `draft`, `scenario:ID` or
/// `baseline:ID`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScenarioSource {
    /// The folio's draft.
    #[default]
    Draft,
    /// Another scenario of the folio.
    Scenario(Id),
    /// A baseline of the folio: the draft with the baseline's side as it froze it.
    Baseline(Id),
}

impl core::fmt::Display for ScenarioSource {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ScenarioSource::Draft => f.write_str("draft"),
            ScenarioSource::Scenario(id) => write!(f, "scenario:{id}"),
            ScenarioSource::Baseline(id) => write!(f, "baseline:{id}"),
        }
    }
}

impl core::str::FromStr for ScenarioSource {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let id = |digits: &str| digits.parse::<u64>().ok().filter(|id| *id > 0).map(Id::new);
        let source = match text.split_once(':') {
            None if text == "draft" => Some(ScenarioSource::Draft),
            Some(("scenario", digits)) => id(digits).map(ScenarioSource::Scenario),
            Some(("baseline", digits)) => id(digits).map(ScenarioSource::Baseline),
            _ => None,
        };
        source.ok_or_else(|| {
            format!(
                "{:?} is not a source: \"draft\", \"scenario:ID\" or \"baseline:ID\"",
                crate::model::messages::excerpt(text)
            )
        })
    }
}

impl serde::Serialize for ScenarioSource {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for ScenarioSource {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for ScenarioSource {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ScenarioSource".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^(draft|scenario:[1-9][0-9]*|baseline:[1-9][0-9]*)$",
            "description": "draft, scenario:ID or baseline:ID"
        })
    }
}

/// A new scenario (`POST /budgets/1/folio/{id}/scenarios`, S15.1).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewScenario {
    /// Its name: required, unique among the folio's scenarios.
    pub name: String,
    /// What it is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// What it copies: the draft by default.
    #[serde(default)]
    pub from: ScenarioSource,
}

/// A scenario renamed or described anew (`PUT /budgets/1/folio/{id}/scenarios/{sid}`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScenarioNaming {
    /// Its name.
    pub name: String,
    /// What it is for; absent clears it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A scenario as listed (S15.1).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Scenario {
    /// Its id.
    pub id: Id,
    /// Its folio.
    pub folio_id: Id,
    /// Its name.
    pub name: String,
    /// What it is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// What it was forked from.
    pub from: ScenarioSource,
    /// Who forked it.
    pub created_by: Option<String>,
    /// When.
    pub created: Option<UtcTimestamp>,
    /// How many positions it holds.
    pub positions: usize,
    /// How many expenses and revenues it holds.
    pub expenses: usize,
    /// The items where it differs from the draft it was forked from (its own changes).
    pub changed_items: usize,
    /// Whether the draft changed since the fork (a promotion then needs `rebase`, S15.6).
    pub draft_changed: bool,
    /// When it was promoted to be the draft; absent while it was not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promoted: Option<UtcTimestamp>,
    /// Who promoted it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promoted_by: Option<String>,
}

/// A baseline approved with a promotion (S15.6).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApproveWith {
    /// The baseline's name.
    pub name: String,
    /// What it freezes (S8.2).
    pub expenditure_type: ExpenditureType,
    /// Its description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A promotion (`POST /budgets/1/folio/{id}/scenarios/{sid}/promote`, S15.6).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Promotion {
    /// Why: required.
    pub reason: String,
    /// Apply the scenario's own changes to the draft as it is now when it changed since the
    /// fork.
    #[serde(default)]
    pub rebase: bool,
    /// A baseline to approve at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approve: Option<ApproveWith>,
}

/// What a promotion did.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Promoted {
    /// The scenario promoted.
    pub scenario_id: Id,
    /// The scenario keeping the draft as it was ("Draft before promoting ...").
    pub previous_draft_id: Id,
    /// The items of the draft put (changed or created).
    pub items_put: usize,
    /// The items of the draft deleted.
    pub items_deleted: usize,
    /// Whether the scenario's changes were applied to a draft changed since the fork.
    pub rebased: bool,
    /// The baseline approved, if one was asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_id: Option<Id>,
    /// The budget change recorded, if a baseline was approved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_change_id: Option<Id>,
}

/// What a comparison compares (S15.5): the folio's draft or one of its scenarios.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ComparedPlan {
    /// `draft`, or the scenario's id.
    pub id: String,
    /// "Draft", or the scenario's name.
    pub name: String,
    /// Its indicators at `asOf`, its own items the plan.
    pub indicators: Indicators,
    /// Its monthly timeline, its own items the plan.
    pub timeline: Vec<TimelineBucket>,
    /// Its cost lines (the first page, by BAC).
    pub lines: FolioLines,
    /// Its forecast's P50 and P90 (S14), when asked (`forecast=true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forecast: Option<ForecastFigures>,
    /// Its differences from the first (absent on the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub differences: Option<PlanDifferences>,
}

/// How one plan differs from another, item by item (S15.5).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlanDifferences {
    /// The items added, removed or changed, positions first, each in id order.
    pub items: Vec<ItemDifference>,
    /// The money moved in all: this plan's BAC less the first's.
    pub bac_moved: Exact,
}

/// How an item differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum DifferenceKind {
    /// Held by this plan, not by the first.
    Added,
    /// Held by the first, not by this plan.
    Removed,
    /// Held by both, some field different.
    Changed,
}

/// One item that differs (S15.5).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ItemDifference {
    /// `position` or `expense`.
    pub item: String,
    /// Its id (the same in both plans, S15.2).
    pub id: Id,
    /// Its name.
    pub name: String,
    /// How it differs.
    pub change: DifferenceKind,
    /// Each field that differs, with its value before (the first's) and after.
    pub fields: Vec<FieldDifference>,
    /// Its total money in the first plan (0 when it has none there).
    pub money_before: Exact,
    /// Its total money in this plan.
    pub money_after: Exact,
    /// After less before.
    pub money_moved: Exact,
}

/// One field that differs: its path with the wire's names, as a history names it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FieldDifference {
    /// `rates[id=8].rate`, `amount`, ...
    pub path: String,
    /// Its value in the first plan (null: absent).
    pub before: Value,
    /// Its value in this plan.
    pub after: Value,
}

/// A comparison (`GET /budgets/1/folio/{id}/scenarios/compare`, S15.5).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ScenarioComparison {
    /// The folio.
    pub folio_id: Id,
    /// The day the figures are computed at.
    pub as_of: Date,
    /// The folio's currency: every figure's.
    pub currency_code: CurrencyCode,
    /// Each plan asked, in the order asked; the first is what the others are compared with.
    pub plans: Vec<ComparedPlan>,
}

/// What kind of change of the approved budget (S15.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum BudgetChangeKind {
    /// A baseline approved.
    Baseline,
    /// A scenario promoted and approved as a baseline.
    Promotion,
    /// The folio's reserve or contingency changed.
    Reserve,
    /// A baseline of costs deleted: the budget falls back to the one before it.
    Withdrawal,
    /// The approved budget moved without an approval (its exchange rates, overtime rules or
    /// calendars changed): recorded before the next change.
    Restatement,
}

/// A change of the approved budget (S15.7).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct BudgetChange {
    /// Its id.
    pub id: Id,
    /// The folio.
    pub folio_id: Id,
    /// What changed the budget.
    pub kind: BudgetChangeKind,
    /// The reason typed (absent when none was asked for and none given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Who.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    /// When.
    pub at: UtcTimestamp,
    /// The folio's currency at the change.
    pub currency_code: CurrencyCode,
    /// BAC before the change.
    pub bac_before: Exact,
    /// BAC after it.
    pub bac_after: Exact,
    /// The management reserve before (S9.6).
    pub reserve_before: Exact,
    /// After.
    pub reserve_after: Exact,
    /// Reserve drawn into the budget (before less after; negative: released).
    pub reserve_drawn: Exact,
    /// The baseline approved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_id: Option<Id>,
    /// The scenario promoted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_id: Option<Id>,
}

/// A folio's budget changes (`GET /budgets/1/folio/{id}/budget-changes`, S15.7).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct FolioBudgetChanges {
    /// The folio.
    pub folio_id: Id,
    /// The approved budget: the first change's BAC after; absent before any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approved_budget: Option<Exact>,
    /// The current budget: the last change's BAC after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_budget: Option<Exact>,
    /// The changes, oldest first.
    pub changes: Vec<BudgetChange>,
}

/// A budget change of a folio of a portfolio.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PortfolioBudgetChange {
    /// The folio's name.
    pub folio_name: String,
    /// The change.
    #[serde(flatten)]
    pub change: BudgetChange,
}

/// A portfolio's budget changes (`GET /budgets/1/portfolio/{id}/budget-changes`, S15.7).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PortfolioBudgetChanges {
    /// The portfolio.
    pub portfolio_id: Id,
    /// The changes of every folio of its tree the caller may read, oldest first.
    pub changes: Vec<PortfolioBudgetChange>,
}
