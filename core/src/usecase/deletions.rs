//! Deletions recorded for the audit feed (S12.1).

use chrono::NaiveDateTime;

use super::Commands;
use crate::state::{AuditEvent, AuditEventKind, Command, State};
use crate::value::EventTimestamp;

/// Records a deletion for the audit feed (S12.1): `deletedAt` is the request's time `now`, never
/// before the previous event's, so that the feed's order by (deletedAt, sequence) is the order of
/// recording and a page boundary never loses or repeats an event.
pub fn record_deletion(state: &mut State, kind: AuditEventKind, now: NaiveDateTime) {
    let now = EventTimestamp::new(now);
    let deleted_at = state.last_deletion().map_or(now, |last| last.max(now));
    let seq = state.counters.next(crate::state::IdKind::AuditEvent);
    state.apply(Command::RecordDeletion(AuditEvent {
        seq,
        deleted_at,
        kind,
    }));
}

impl Commands<'_> {
    /// Records the deletion of `kind` at the request's time (S12.1).
    pub(super) fn record_deletion(&mut self, kind: AuditEventKind) {
        record_deletion(self.state, kind, self.now);
    }
}
