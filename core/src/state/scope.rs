//! A folio's scope as measured over time (S9.10): the measurements kept beside the folio's
//! record, and how scope written before they were kept is dated.

use super::{FolioRecord, State};
use crate::model::budgeting::{ScopeHistory, ScopeVersion};
use crate::value::Date;

/// The most measurements one folio keeps (one a day at most): a measurement at every month-end of
/// eighty years, or every working day of four.
pub const MAX_SCOPE_VERSIONS: usize = 1_000;

/// The most scope items one folio's measurements hold together: what a folio's scope costs in
/// memory and in each read stays bounded (about 20 MB at the longest keys).
pub const MAX_SCOPE_ITEMS_KEPT: usize = 100_000;

impl State {
    /// The measurements of folio `folio`'s scope (none when it has none).
    pub fn scope_of(&self, folio: u64) -> ScopeHistory {
        self.scope_history.get(&folio).cloned().unwrap_or_default()
    }

    /// Puts `version` into folio `folio`'s measurements, and the latest one's items into its
    /// record.
    pub(super) fn put_scope_version(&mut self, folio: u64, version: &ScopeVersion) {
        let history = self.scope_of(folio).with(version.clone());
        if let Some(mut record) = self.folios.get(&folio).cloned() {
            record.scope = history
                .latest()
                .map(|latest| latest.items.clone())
                .unwrap_or_default();
            self.folios.insert(folio, record);
        }
        self.scope_history.insert(folio, history);
    }

    /// A folio's record written with scope items of its own (a journal written before scope was
    /// measured by date) counts them from the day of its entry, or, with no day, from the folio's
    /// start (S9.10). A record that keeps the scope it had adds nothing.
    pub(super) fn derive_scope_version(&mut self, record: &FolioRecord, day: Option<Date>) {
        let folio = record.folio.id().get();
        let before = self.folios.get(&folio).map(|held| held.scope.as_slice());
        if before.unwrap_or_default() == record.scope.as_slice() {
            return;
        }
        let version = ScopeVersion {
            as_of: day.unwrap_or(record.folio.start_date),
            items: record.scope.clone(),
        };
        let history = self.scope_of(folio).with(version);
        self.scope_history.insert(folio, history);
    }

    /// After a snapshot written before scope was measured by date is read: each folio's scope
    /// counts from its start.
    pub(super) fn date_unmeasured_scope(&mut self) {
        let unmeasured: Vec<(u64, ScopeHistory)> = self
            .folios
            .iter()
            .filter(|(id, record)| !record.scope.is_empty() && self.scope_history.get(id).is_none())
            .map(|(id, record)| {
                (
                    *id,
                    ScopeHistory::from_items(record.folio.start_date, record.scope.clone()),
                )
            })
            .collect();
        for (id, history) in unmeasured {
            self.scope_history.insert(id, history);
        }
    }
}
