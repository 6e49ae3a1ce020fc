//! `PositionRecord`: a position as the service keeps it and baselines freeze it, and the engine's
//! view of it.

use super::*;

/// A position as the service keeps it: every allocation, rate and hours period it has had (deleted
/// ones marked), beside the fields the costing needs.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PositionRecord {
    /// The position's id.
    pub id: crate::model::Id,
    /// Its kind.
    pub kind: PositionKind,
    /// For a planned position: a revenue rather than a cost.
    pub revenue: bool,
    /// Its allocation periods.
    pub allocations: Vec<Allocation>,
    /// Its rate history.
    pub rates: Vec<Rate>,
    /// Its worked-hours or billable-hours periods.
    pub hours: Vec<HoursPeriod>,
    /// Its overtime rule.
    pub ot_rule_id: Option<crate::model::Id>,
    /// Set when the position was deleted.
    pub deleted_on: Option<Date>,
    /// The planned position a team member or consulting revenue realises (S9.12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub realises: Option<crate::model::Id>,
    /// Whether a planned position's cost line is complete (S9.12).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub complete: bool,
    /// A planned position's three points of its remaining cost (S14.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub estimate: Option<crate::model::budgeting::Estimate>,
}

impl PositionRecord {
    /// The engine's view of the record, with the overtime rule it names and the hours synchronized
    /// for it.
    pub fn input<'a>(
        &'a self,
        overtime: Option<&'a OvertimeRule>,
        synced: Option<&'a DailyHours>,
    ) -> PositionInput<'a> {
        PositionInput {
            kind: self.kind,
            allocations: &self.allocations,
            rates: &self.rates,
            hours: &self.hours,
            deleted: self.deleted_on.is_some(),
            overtime,
            synced,
        }
    }
}
