//! The plan document (extension): one folio with everything its figures are computed from, as one
//! JSON document. `GET /budgets/1/folio/{id}/plan` writes it, `POST /budgets/1/folio/import` and
//! `costfolio plan FILE.json` read it, and the browser's sandbox costs it.

use crate::model::budgeting::{
    Allocation, ExchangeRate, Expense, Folio, HoursPeriod, OvertimeRule, Position, Rate, ScopeItem,
};
use crate::model::core_ext::{HolidayKind, WorkloadDay};
use crate::value::{Date, Name};

/// A holiday of a plan's calendar.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlanHoliday {
    /// FIXED or FLOATING.
    #[serde(rename = "type")]
    pub kind: HolidayKind,
    /// Its name.
    pub name: Name,
    /// 1 to 86,400 seconds.
    pub duration_seconds: u32,
    /// Its date.
    pub date: Date,
}

/// A calendar (S3.4): the required seconds of each weekday and the holidays. An empty `workload`
/// is the standard week.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlanCalendar {
    /// The week, one entry per weekday given.
    #[serde(default)]
    pub workload: Vec<WorkloadDay>,
    /// The holidays.
    #[serde(default)]
    pub holidays: Vec<PlanHoliday>,
}

/// The seconds of actual work of one day, as synchronization supplies them (S6.5b, S6.5c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct SyncedDay {
    /// The day.
    pub date: Date,
    /// Seconds worked or billed that day.
    pub seconds: u64,
}

/// A position with its whole history: `position` carries the first rate and allocation,
/// `rates` and `allocations` the ones after them, in the order the server keeps them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlanPosition {
    /// The position, with its first rate and allocation.
    pub position: Position,
    /// Its other rates.
    #[serde(default)]
    pub rates: Vec<Rate>,
    /// Its other allocation periods.
    #[serde(default)]
    pub allocations: Vec<Allocation>,
    /// Its worked or billable hours periods (S6.5a).
    #[serde(default)]
    pub hours: Vec<HoursPeriod>,
    /// Its own calendar, when it does not follow the folio's (S3.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calendar: Option<PlanCalendar>,
    /// The actual hours synchronization supplies, when the folio synchronizes them for this
    /// position (S6.5b, S6.5c): one entry per day with hours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synced_hours: Option<Vec<SyncedDay>>,
}

/// One folio as a document: its header, calendar, the exchange rates and overtime rules its items
/// use, its live positions and expenses, and its scope.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlanDocument {
    /// The folio.
    pub folio: Folio,
    /// The day the figures are computed at (`costfolio plan`); the folio's end when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<Date>,
    /// The folio's week (an empty list is the standard week).
    #[serde(default)]
    pub workload: Vec<WorkloadDay>,
    /// The folio's holidays.
    #[serde(default)]
    pub holidays: Vec<PlanHoliday>,
    /// Exchange rates.
    #[serde(default)]
    pub exchange_rates: Vec<ExchangeRate>,
    /// Overtime rules the positions name.
    #[serde(default)]
    pub overtime_rules: Vec<OvertimeRule>,
    /// The positions.
    #[serde(default)]
    pub positions: Vec<PlanPosition>,
    /// The expenses and revenues.
    #[serde(default)]
    pub expenses: Vec<Expense>,
    /// The scope (S9.3): the items of its latest measurement. Without `scopeHistory` they count
    /// from the folio's start.
    #[serde(default)]
    pub scope: Vec<ScopeItem>,
    /// Every measurement of the scope, each with its day (S9.10); `scope` is then the last one's
    /// items (or empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scope_history: Vec<super::ScopeVersion>,
}

/// What an import of a plan document created (`POST /budgets/1/folio/import`): the folio's id,
/// the ids of its positions and expenses in the document's order, and what of the document the
/// server does not keep.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlanImport {
    /// The new folio.
    pub folio_id: crate::model::Id,
    /// Its positions, in the document's order.
    pub positions: Vec<crate::model::Id>,
    /// Its expenses, in the document's order.
    pub expenses: Vec<crate::model::Id>,
    /// What of the document was not kept, and why, by its place in the document.
    pub not_imported: Vec<String>,
}
