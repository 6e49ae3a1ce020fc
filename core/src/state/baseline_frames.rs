//! What a baseline keeps of its folio (S8.7): a baseline written without it (a journal or a
//! snapshot from before it was kept) is given the folio's period, calendars and currency as the
//! state holds them when it reads the baseline: in a journal, the folio as it was at the approval.

use super::State;
use crate::analytics::baseline::{ApprovedFrame, BaselineSnapshot};

impl State {
    /// `snapshot` with its frame: its own, else the one the state already holds for it (a
    /// deletion written before frames were kept), else its folio's now.
    pub(super) fn framed(&self, snapshot: &BaselineSnapshot) -> BaselineSnapshot {
        let mut snapshot = snapshot.clone();
        if snapshot.frame.is_none() {
            snapshot.frame = self
                .baselines
                .get(&snapshot.baseline.id.get())
                .and_then(|held| held.frame)
                .or_else(|| {
                    self.folios
                        .get(&snapshot.baseline.folio_id.get())
                        .map(|record| ApprovedFrame::of(record.folio.record()))
                });
        }
        snapshot
    }

    /// After a snapshot written before frames were kept is read: each baseline takes its folio's
    /// period, calendars and currency of now (the day the rule is first applied, S8.7).
    pub(super) fn frame_unframed_baselines(&mut self) {
        let unframed: Vec<BaselineSnapshot> = self
            .baselines
            .values()
            .filter(|b| b.frame.is_none())
            .map(|b| self.framed(b))
            .collect();
        for snapshot in unframed {
            self.baselines
                .insert(snapshot.baseline.id.get(), std::sync::Arc::new(snapshot));
        }
    }
}
