//! Folios, their summaries, baselines, custom-field definitions and expenditures.

use std::collections::BTreeMap;

use super::{CustomFields, Expense, Position};
use crate::model::Id;
use crate::value::{CurrencyCode, Date, Exact, OpenPercentage, Percentage};

/// The status of a folio, derived from its dates and `asOf` (S7.1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum FolioStatus {
    /// Before its start date.
    Pending,
    /// From its start date to its end date.
    Executing,
    /// After its end date.
    Expired,
    /// Its closed date is on or before `asOf`.
    Closed,
}

/// How a folio's planned value is computed (S9.10).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum PlannedValueMethod {
    /// BAC spread evenly over the folio's working days (S9.1): what a folio without the field
    /// uses.
    #[default]
    WorkingDays,
    /// The plan's own time-phasing: the planned side's planned cost to date (S9.10).
    Plan,
}

/// How a folio's estimate at completion is forecast (S9.10).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum EacMethod {
    /// BAC / CPI (S9.4): the cost performance so far holds to the end.
    #[default]
    Cpi,
    /// AC + (BAC - EV) / (CPI x SPI): cost and schedule performance both hold.
    CpiSpi,
    /// AC + BAC - EV: the work left costs what was planned.
    RemainingAsPlanned,
    /// What is already scheduled (actual to date and after), and the plan's cost not yet covered
    /// by it: never below the scheduled cost.
    Scheduled,
}

/// An item of "list folios".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct FolioSummary {
    /// The folio's id.
    pub id: Id,
    /// Its name.
    pub name: String,
    /// First day.
    pub start_date: Date,
    /// Last day (included).
    pub end_date: Date,
    /// The owner's tracker user key.
    pub owner: String,
    /// Derived status.
    pub status: FolioStatus,
    /// The day it was closed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed_date: Option<Date>,
    /// Whether it includes revenues.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with_revenue: Option<bool>,
    /// Whether it uses earned value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with_earned: Option<bool>,
}

/// A folio: the create and update body and the detail response.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Folio {
    /// The folio's id; ignored on create (S7.2), always present in responses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
    /// Its name.
    pub name: String,
    /// Its description (at most 500 characters, S7.2).
    pub description: String,
    /// The owner's tracker user key.
    pub owner: String,
    /// First day.
    pub start_date: Date,
    /// Last day (included).
    pub end_date: Date,
    /// The day it was closed; required by the document but may be null (S7.1), written as null
    /// when absent.
    #[serde(default)]
    pub closed_date: Option<Date>,
    /// Set when the folio was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
    /// Derived status; read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<FolioStatus>,
    /// Percentage of the budget held in reserve (S9.6).
    pub reserve: OpenPercentage,
    /// Percentage of planned cost set aside for contingency (S9.6).
    pub contingency: OpenPercentage,
    /// Percentage below 1 within which indices are amber rather than red (S9.5).
    pub tolerance: Percentage,
    /// No longer used; stored and echoed, written as null when absent.
    #[serde(default)]
    pub hours_per_day: Option<Exact>,
    /// The currency of every amount of the folio.
    pub currency_code: CurrencyCode,
    /// Whether the folio includes revenues.
    pub with_revenue: bool,
    /// Whether the folio uses earned value.
    pub with_earned: bool,
    /// Stored and echoed (S9.7).
    pub revenues_as_client_costs: bool,
    /// Use global user rates for actual hourly cost.
    pub uses_user_rates: bool,
    /// Take team members' effort from worklogs (S6.5b).
    pub is_synchronized_with_work_logs: bool,
    /// Take consulting revenues' effort from billed hours (S6.5c).
    pub is_synchronized_with_service_billed_hours: bool,
    /// Whether the folio follows accounts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_synchronized_with_accounts: Option<bool>,
    /// The saved filter that defines the folio's scope.
    pub saved_filter_id: Id,
    /// The default holiday scheme of its positions.
    pub holiday_scheme_id: Id,
    /// The default workload scheme of its positions.
    pub workload_scheme_id: Id,
    /// Custom-field values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_fields: Option<CustomFields>,
    /// How its planned value is computed (S9.10); `workingDays` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_value_method: Option<PlannedValueMethod>,
    /// How its estimate at completion is forecast (S9.10); `cpi` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eac_method: Option<EacMethod>,
    /// The uncertainty of its remaining costs (S14.1, S14.2); absent, the defaults.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uncertainty: Option<super::Uncertainty>,
    /// Whether approving a baseline, promoting a scenario or changing the reserve of its approved
    /// budget needs a reason (S15.7); false when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub require_approval_reason: Option<bool>,
}

/// What a baseline freezes (S8.2).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ExpenditureType {
    /// A copy of the actual items.
    Actual,
    /// Planned costs and planned revenues.
    Budget,
    /// Planned costs.
    Planned,
    /// Planned revenues.
    Revenue,
}

/// An approved baseline of a folio (S8).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Baseline {
    /// The baseline's id.
    pub id: Id,
    /// The folio it freezes.
    pub folio_id: Id,
    /// Its name.
    pub name: String,
    /// Who approved it.
    pub approved_by: String,
    /// The day it was approved.
    pub created: Date,
    /// What it freezes.
    pub expenditure_type: ExpenditureType,
    /// Its description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Set when the baseline was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
}

/// How a custom field is entered.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CustomFieldStyle {
    /// Free text.
    Text,
    /// One of `options`.
    Select,
    /// A date.
    Date,
    /// A number.
    Number,
    /// An amount of money.
    Amount,
    /// A tracker user.
    User,
}

/// What a custom field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CustomFieldType {
    /// Actual expenses.
    Actual,
    /// Team members.
    Team,
    /// Revenues.
    Revenue,
    /// Folios.
    Folio,
}

impl CustomFieldType {
    /// Every type with its name on the wire.
    const NAMES: [(&'static str, CustomFieldType); 4] = [
        ("ACTUAL", CustomFieldType::Actual),
        ("TEAM", CustomFieldType::Team),
        ("REVENUE", CustomFieldType::Revenue),
        ("FOLIO", CustomFieldType::Folio),
    ];
}

/// Read from its name as a string, so that as a map's key (the catalog of definitions by type) a
/// refusal below it is placed under the key's name.
impl<'de> serde::Deserialize<'de> for CustomFieldType {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        CustomFieldType::NAMES
            .iter()
            .find(|(text, _)| *text == name)
            .map(|(_, kind)| *kind)
            .ok_or_else(|| {
                serde::de::Error::unknown_variant(&name, &["ACTUAL", "TEAM", "REVENUE", "FOLIO"])
            })
    }
}

/// The definition of a custom field.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct CustomFieldDefinition {
    /// The definition's id; absent in a create request, always present in responses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
    /// Its name.
    pub name: String,
    /// How it is entered.
    pub style: CustomFieldStyle,
    /// What it belongs to.
    #[serde(rename = "type")]
    pub field_type: CustomFieldType,
    /// Whether a value is required.
    pub required: bool,
    /// The choices of a SELECT field (their shape is not shown by the documents; kept as given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<crate::json::Value>>,
    /// Set when the definition was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
}

/// The custom-field definitions of a folio, by type (operation 14).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct CustomFieldCatalog {
    /// Definitions by the type they belong to.
    pub custom_fields: BTreeMap<CustomFieldType, Vec<CustomFieldDefinition>>,
}

/// The expenditures of a folio (operation 15).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Expenditures {
    /// The positions of the side asked for.
    pub positions: Vec<Position>,
    /// The expenses of the side asked for.
    pub expenses: Vec<Expense>,
}

/// What an update of a folio would do (`PUT /folio?dryRun=true`, S8.7): the folio as it would be,
/// the draft's budget before and after, and each live item whose whole cost or revenue would
/// change. Nothing is stored.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct FolioPreview {
    /// The folio as the update would leave it.
    pub folio: Folio,
    /// The draft's planned cost (its BAC when no baseline covers costs) before the update.
    pub draft_cost_before: Exact,
    /// The draft's planned cost after it.
    pub draft_cost_after: Exact,
    /// The live items whose money would change, positions first, in id order.
    pub items: Vec<ItemChange>,
}

/// A live item whose whole cost or revenue an update would change.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ItemChange {
    /// `position` or `expense`.
    pub kind: String,
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: String,
    /// Its whole cost or revenue before (null when it cannot be costed).
    pub before: Option<Exact>,
    /// After (null when it could not be costed).
    pub after: Option<Exact>,
}
