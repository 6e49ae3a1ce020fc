//! Wire types of the deletion-audit interface (`/audit/1`, deletion-audit-api.md).

use super::Id;
use crate::value::EventTimestamp;

/// The `metadata` of a page of deleted events (S12.2).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct DeletedEventsMetadata {
    /// How many results this page holds.
    pub count: u64,
    /// The most results a page holds (default 50, at most 1000).
    pub limit: u64,
    /// Full address of the next page, when more remain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// Opaque key to ask for the next page with, when more remain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_evaluated_key: Option<String>,
}

/// A page of deleted events, of worklogs or of allocations.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "DeletedEventsOf{T}"))]
pub struct DeletedEventsPage<T> {
    /// Address of the request.
    #[serde(rename = "self")]
    pub self_: String,
    /// Count, limit and where the next page is.
    pub metadata: DeletedEventsMetadata,
    /// The events, in ascending order of deletion.
    pub results: Vec<T>,
}

/// A deleted worklog.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct DeletedWorklog {
    /// When it was deleted (UTC, no zone designator, milliseconds).
    pub deleted_at: EventTimestamp,
    /// The service's id of the worklog.
    pub service_worklog_id: Id,
    /// The tracker's id of the worklog.
    pub tracker_worklog_id: Id,
}

/// A deleted allocation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct DeletedAllocation {
    /// When it was deleted (UTC, no zone designator, milliseconds).
    pub deleted_at: EventTimestamp,
    /// The allocation's id.
    pub id: Id,
}
