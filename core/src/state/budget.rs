//! The records of the budgeting interface (budgeting-api.md).

use crate::model::budgeting::{Folio, Position, ScopeItem};
use crate::schedule::position::PositionRecord;
use crate::value::Date;

/// A folio with who else may see it and its scope items (S11.4, S9.3).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FolioRecord {
    /// The folio as stored (its `id` set, its `status` left out: it is derived, S7.1).
    pub folio: super::Stored<Folio>,
    /// User keys it is shared with.
    pub viewers: Vec<String>,
    /// User keys who change its draft and scenarios like its owner (S15.8).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub editors: Vec<String>,
    /// Scope items for earned value.
    pub scope: Vec<ScopeItem>,
}

/// A position: its fields as the wire has them, and its full history of allocations, rates and
/// hours periods for costing.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PositionRow {
    /// The fields of the position; `rate`, `allocation` and `billableHours` are derived from
    /// `record` when the position is shown.
    pub header: Position,
    /// Allocations, rates and hours periods, with their ids.
    pub record: PositionRecord,
}

/// Billed hours of a consulting revenue, per day (S6.5c).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BilledHours {
    /// The position.
    pub position: u64,
    /// Seconds billed per day.
    pub days: Vec<(Date, u64)>,
}
