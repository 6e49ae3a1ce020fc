//! Wire types of the core administration extensions (extensions.md): holidays of a scheme, scheme
//! members, workload schemes, tracker projects, saved filters and worklogs. They follow the shapes
//! the vendor's own Core API v3 gives these resources; optional fields may arrive as null.

use super::core_admin::UserRef;
use super::Id;
use crate::value::{Date, Key, Name, UtcTimestamp};

/// A holiday of a holiday scheme.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Holiday {
    /// Address of the holiday.
    #[serde(rename = "self")]
    pub self_: String,
    /// Its id.
    pub id: Id,
    /// The scheme it belongs to.
    pub scheme_id: Id,
    /// FIXED (every year) or FLOATING (once).
    #[serde(rename = "type")]
    pub holiday_type: HolidayKind,
    /// Its name.
    pub name: Name,
    /// Its description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// How long it is: 1 to 86400 seconds (S3.2).
    pub duration_seconds: u32,
    /// Its date.
    pub date: Date,
}

/// The body of "create holiday" and "update holiday".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct HolidayRequest {
    /// FIXED or FLOATING.
    #[serde(rename = "type")]
    pub holiday_type: HolidayKind,
    /// Its name.
    pub name: Name,
    /// Its description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// 1 to 86400 seconds.
    pub duration_seconds: u32,
    /// Its date.
    pub date: Date,
}

/// The body of "add members": the users to assign to a scheme.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct MembersRequest {
    /// The users' accountIds.
    pub account_ids: Vec<String>,
}

/// A member of a scheme.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Member {
    /// Address of the user.
    #[serde(rename = "self")]
    pub self_: String,
    /// The user's accountId.
    pub account_id: String,
}

/// A weekday of a workload scheme, as the wire spells it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum WeekdayName {
    /// ISO 1.
    Monday,
    /// ISO 2.
    Tuesday,
    /// ISO 3.
    Wednesday,
    /// ISO 4.
    Thursday,
    /// ISO 5.
    Friday,
    /// ISO 6.
    Saturday,
    /// ISO 7.
    Sunday,
}

impl WeekdayName {
    /// All seven, Monday first.
    pub const ALL: [WeekdayName; 7] = [
        WeekdayName::Monday,
        WeekdayName::Tuesday,
        WeekdayName::Wednesday,
        WeekdayName::Thursday,
        WeekdayName::Friday,
        WeekdayName::Saturday,
        WeekdayName::Sunday,
    ];

    /// Index from Monday (0) to Sunday (6).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Required seconds of one weekday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct WorkloadDay {
    /// The weekday.
    pub day: WeekdayName,
    /// Seconds of work required, 0 to 86400.
    pub required_seconds: u32,
}

/// A workload scheme.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct WorkloadScheme {
    /// Address of the scheme.
    #[serde(rename = "self")]
    pub self_: String,
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Name,
    /// Its description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Whether it is the default scheme.
    pub default_scheme: bool,
    /// How many users are assigned to it.
    pub member_count: u64,
    /// The seven days, Monday first.
    pub days: Vec<WorkloadDay>,
}

/// The body of "create workload scheme" and "update workload scheme".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct WorkloadSchemeRequest {
    /// Its name.
    pub name: Name,
    /// Its description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Each weekday once.
    pub days: Vec<WorkloadDay>,
}

/// A tracker project (for account links and worklogs).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Project {
    /// Address of the project.
    #[serde(rename = "self")]
    pub self_: String,
    /// Its id.
    pub id: Id,
    /// Its key (the prefix of its issue keys).
    pub key: Key,
    /// Its name.
    pub name: Name,
}

/// The body of `PUT /projects/{id}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ProjectRequest {
    /// Its key.
    pub key: Key,
    /// Its name.
    pub name: Name,
}

/// A saved filter: the projects that make a folio's scope.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct SavedFilter {
    /// Address of the filter.
    #[serde(rename = "self")]
    pub self_: String,
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Name,
    /// The projects it holds.
    pub project_ids: Vec<Id>,
}

/// The body of `PUT /saved-filters/{id}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct SavedFilterRequest {
    /// Its name.
    pub name: Name,
    /// The projects it holds.
    pub project_ids: Vec<Id>,
}

/// The issue a worklog belongs to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct IssueRef {
    /// Address of the issue.
    #[serde(rename = "self")]
    pub self_: String,
    /// The issue key, such as `ABC-12`.
    pub key: String,
}

/// A worklog.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Worklog {
    /// Address of the worklog.
    #[serde(rename = "self")]
    pub self_: String,
    /// The service's id.
    pub service_worklog_id: Id,
    /// The tracker's id.
    pub tracker_worklog_id: Id,
    /// The issue.
    pub issue: IssueRef,
    /// Seconds worked.
    pub time_spent_seconds: u64,
    /// Seconds billable.
    pub billable_seconds: u64,
    /// The day worked.
    pub start_date: Date,
    /// The time of day it started, `HH:mm:ss`.
    pub start_time: String,
    /// What was done.
    pub description: String,
    /// When it was created.
    pub created_at: UtcTimestamp,
    /// When it was last changed.
    pub updated_at: UtcTimestamp,
    /// Who worked.
    pub author: UserRef,
}

/// The body of "create worklog" and "update worklog".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct WorklogRequest {
    /// The issue key; its project is the part before the last `-`.
    pub issue_key: String,
    /// Seconds worked.
    pub time_spent_seconds: u64,
    /// Seconds billable (default: all of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub billable_seconds: Option<u64>,
    /// The day worked.
    pub start_date: Date,
    /// The time of day it started, `HH:mm:ss` (default midnight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<String>,
    /// What was done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Who worked.
    pub author_account_id: String,
    /// The tracker's id, when the tracker gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tracker_worklog_id: Option<Id>,
}

/// Whether a holiday recurs every year (S3.2).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum HolidayKind {
    /// Every year on its date's month and day, before and after its year (Feb 29 only in leap
    /// years).
    Fixed,
    /// Only on its date.
    Floating,
}
