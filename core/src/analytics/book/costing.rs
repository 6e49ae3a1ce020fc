//! The ledgers a book costs and keeps: where each side's items come from (the draft or a
//! baseline), costing them at a set of periods, and finding them again.

use super::error::BookError;
use super::{Costed, FolioBook, PlannedSide, KEPT_PERIODS};
use crate::analytics::baseline::{latest_covering, BaselineError};
use crate::analytics::ledger::{AnalyticsError, Flow, Ledger, Periods};
use crate::model::Id;
use crate::schedule::{FolioFrame, Granularity};
use crate::value::{Date, DateRange};

impl FolioBook {
    /// Where each of the planned cost, the planned revenue and the actual side comes from:
    /// a baseline by id, or `None` for the draft.
    fn sources(&self, side: PlannedSide) -> Result<[Option<Id>; 3], BookError> {
        if let PlannedSide::Baseline(id) = side {
            // A baseline named must be a live one of this folio: never the draft instead.
            let live = self
                .baselines
                .iter()
                .any(|b| b.baseline.id == id && b.baseline.deleted_on.is_none());
            if !live {
                return Err(BookError::Baseline(BaselineError::NotFound { id }));
            }
        }
        let chosen = |flow| match side {
            PlannedSide::Draft => None,
            PlannedSide::Baseline(id) => Some(id),
            PlannedSide::Latest => {
                latest_covering(self.baselines.iter().map(|b| &**b), flow).map(|b| b.baseline.id)
            }
        };
        Ok([
            chosen(Flow::PlannedCost),
            chosen(Flow::PlannedRevenue),
            None,
        ])
    }

    /// Costs the ledgers `side` needs at `as_of` by `granularity` (those already kept at these
    /// periods are reused), in the order planned cost, planned revenue, actual, so that the
    /// refusal is that of the first side that fails. Answers where they are kept and the sources.
    pub(super) fn cost(
        &mut self,
        as_of: Date,
        granularity: Granularity,
        side: PlannedSide,
    ) -> Result<(usize, [Option<Id>; 3]), BookError> {
        let frame = self.setting.frame()?;
        let periods = Periods::new(frame.period, granularity, as_of);
        let sources = self.sources(side)?;
        let kept = match self.costed.iter().position(|c| c.periods == periods) {
            // The most recently asked for go last: the one let go is the least recently asked.
            Some(kept) => {
                let costed = self.costed.remove(kept);
                self.costed.push(costed);
                self.costed.len() - 1
            }
            None => {
                if self.costed.len() >= KEPT_PERIODS {
                    self.costed.remove(0);
                }
                self.costed.push(Costed {
                    periods: periods.clone(),
                    draft: None,
                    baselines: Vec::new(),
                });
                self.costed.len() - 1
            }
        };
        let costed = &mut self.costed[kept];
        let missing = sources.iter().any(|source| match source {
            None => costed.draft.is_none(),
            Some(id) => !costed.baselines.iter().any(|(held, _)| held == id),
        });
        if !missing {
            return Ok((kept, sources));
        }
        // The cost bases are built only when a ledger is costed: a figure asked again at the
        // same periods costs nothing. A baseline is costed with its own positions' calendars as
        // approved (S8.6).
        for source in sources {
            match source {
                None if costed.draft.is_none() => {
                    let bases = self.setting.bases(frame);
                    let context = self.setting.context(&bases);
                    costed.draft = Some(Ledger::of_items(
                        periods.clone(),
                        self.series,
                        &self.draft,
                        &context,
                    )?);
                }
                Some(id) if !costed.baselines.iter().any(|(held, _)| *held == id) => {
                    if let Some(baseline) = self.baselines.iter().find(|b| b.baseline.id == id) {
                        // S8.7: costed in the folio's period as approved; what falls outside
                        // the folio's period now is summed into its first or last period.
                        let approved = baseline
                            .frame
                            .and_then(|f| DateRange::new(f.start_date, f.end_date).ok())
                            .map_or(frame, |period| FolioFrame { period, ..frame });
                        let bases = self.setting.source_bases(approved, Some(id));
                        let context = self.setting.context(&bases);
                        let ledger = Ledger::of_items(
                            periods.clone(),
                            self.series,
                            &baseline.items,
                            &context,
                        )?;
                        costed.baselines.push((id, ledger));
                    }
                }
                _ => {}
            }
        }
        Ok((kept, sources))
    }

    /// The ledgers of `sources` kept at `kept`, costed by [`FolioBook::cost`].
    pub(super) fn ledgers(
        &self,
        kept: usize,
        sources: [Option<Id>; 3],
    ) -> Result<[&Ledger; 3], BookError> {
        let costed = self.costed.get(kept).ok_or(AnalyticsError::Overflow)?;
        let ledger = |source: Option<Id>| match source {
            None => costed.draft.as_ref(),
            Some(id) => costed
                .baselines
                .iter()
                .find(|(held, _)| *held == id)
                .map(|(_, ledger)| ledger),
        };
        match sources.map(ledger) {
            [Some(costs), Some(revenues), Some(actual)] => Ok([costs, revenues, actual]),
            // Never: `cost` put every source it answered.
            _ => Err(AnalyticsError::Overflow.into()),
        }
    }
}
