//! Positions, team members and overtime rules.

use super::{Allocation, CustomFields, HoursPeriod, Rate};
use crate::model::Id;
use crate::value::{Coefficient, Date, Hours};

/// The kind of a position (S6.1).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum PositionKind {
    /// A planned cost, or a planned revenue when `revenue` is true (the default kind).
    #[default]
    #[serde(rename = ".PlannedPositionByTimeFrame")]
    PlannedPositionByTimeFrame,
    /// An actual cost: a person of the team.
    #[serde(rename = ".TeamMember")]
    TeamMember,
    /// An actual revenue.
    #[serde(rename = ".ConsultingRevenue")]
    ConsultingRevenue,
}

/// A position: the create and update body and the detail response.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Position {
    /// The position's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
    /// The folio it belongs to.
    pub folio_id: Id,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The role title.
    pub title: String,
    /// The team role; takes precedence over `title`. A create request may leave it out (the default
    /// role is assigned); always present in responses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_role_id: Option<Id>,
    /// The kind; absent means a planned position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<PositionKind>,
    /// Its category.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// The account it books to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_key: Option<String>,
    /// For a planned position: a revenue rather than a cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revenue: Option<bool>,
    /// The tracker user key of the person, or `unassigned` (S6.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    /// Who entered it (ignored on create and update).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reporter: Option<String>,
    /// The baseline this copy belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_id: Option<Id>,
    /// Its own holiday scheme; absent means the folio's (S3.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holiday_scheme_id: Option<Id>,
    /// Its own workload scheme; absent means the folio's (S3.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workload_scheme_id: Option<Id>,
    /// Whether it follows the tracker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synched_with_tracker: Option<bool>,
    /// The team member record it stands for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_member_id: Option<Id>,
    /// The team it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_id: Option<Id>,
    /// Whether global user rates apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_rates: Option<bool>,
    /// The overtime rule (S6.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ot_rule_id: Option<Id>,
    /// Set when the position was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
    /// Custom-field values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_fields: Option<CustomFields>,
    /// The first rate (S6.4).
    pub rate: Rate,
    /// The allocation (the first, for a team member; S6.2).
    pub allocation: Allocation,
    /// Billable hours of a consulting revenue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub billable_hours: Option<Vec<HoursPeriod>>,
    /// On creation only: allocation periods of a new team member after `allocation`, made with
    /// it, all or nothing (extension; never stored or shown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub more_allocations: Option<Vec<Allocation>>,
    /// On creation only: rates of a new position after `rate`, made with it, all or nothing
    /// (extension; never stored or shown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub more_rates: Option<Vec<Rate>>,
    /// For a team member or a consulting revenue: the planned position of its folio it realises
    /// (S9.12), by id; its cost line is that planned position's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub realises: Option<Id>,
    /// For a planned position: its cost line is complete, so that what realises it is its
    /// forecast and an underrun is released (S9.12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// For a planned position: the three points of its remaining cost (S14.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub estimate: Option<super::Estimate>,
}

/// An item of the team of a folio (operation 16).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    /// The position's id.
    pub id: Id,
    /// The folio it belongs to.
    pub folio_id: Id,
    /// Its name.
    pub name: String,
    /// The tracker user key, or `unassigned`.
    pub member: String,
    /// Its description.
    pub description: String,
    /// Who entered it.
    pub reporter: String,
    /// The role title.
    pub title: String,
    /// The team role.
    pub team_role_id: Id,
    /// The kind of position.
    pub kind: PositionKind,
    /// The holiday scheme in force.
    pub holiday_scheme_id: Id,
    /// The workload scheme in force.
    pub workload_scheme_id: Id,
    /// Whether it follows the tracker.
    pub synched_with_tracker: bool,
    /// Whether global user rates apply.
    pub uses_user_rates: bool,
    /// The rate history.
    pub rates: Vec<Rate>,
    /// The allocation periods.
    pub allocations: Vec<Allocation>,
    /// Worked hours entered.
    pub worked_hours: Vec<HoursPeriod>,
    /// Custom-field values.
    pub custom_fields: CustomFields,
    /// Set when the position was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
    /// The team member record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_member_id: Option<Id>,
    /// The team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_id: Option<Id>,
    /// The baseline this copy belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_id: Option<Id>,
    /// The overtime rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ot_rule_id: Option<Id>,
    /// The planned position it realises (S9.12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub realises: Option<Id>,
}

/// The team of a folio.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Team {
    /// Its members.
    pub members: Vec<TeamMember>,
}

/// How often the overtime threshold resets (S6.6).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OvertimeFrequency {
    /// Hours of a day beyond `regularHours`.
    Daily,
    /// Hours of an ISO week beyond `regularHours`.
    Weekly,
}

/// An overtime rule (S6.6).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct OvertimeRule {
    /// The rule's id; absent in a create request, always present in responses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
    /// Its name.
    pub name: String,
    /// Hours per day or week before overtime starts.
    pub regular_hours: Hours,
    /// DAILY or WEEKLY.
    pub frequency: OvertimeFrequency,
    /// What an overtime hour costs, in multiples of the rate.
    pub coefficient: Coefficient,
    /// Set when the rule was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
}
