//! What a folio's book answers: its indicators (S9) and its timeline (S9.6), their planned side
//! the latest plan, the draft or a live baseline (extension).

use super::error::{Error, Result};
use super::Queries;
use crate::analytics::{FolioBook, PlannedSide};
use crate::model::budgeting::{Indicators, TimelineBucket};
use crate::schedule::Granularity;
use crate::value::Date;

impl<'s> Queries<'s> {
    /// The book of live folio `folio` the caller may read; else the folio's 404 (S11.4).
    pub(super) fn book(&self, folio: u64) -> Result<FolioBook<'s>> {
        self.readable_folio(folio)?;
        self.state
            .folio_book(folio)
            .ok_or_else(Error::folio_not_viewable)
    }

    /// Checks the planned side `side` asked of folio `folio` (extension): a baseline must be a
    /// live one of the folio (a deleted one is listed nowhere, so it is no plan either); `text` is
    /// the parameter as given, for the refusal.
    pub fn planned_side(&self, folio: u64, side: PlannedSide, text: &str) -> Result<PlannedSide> {
        let PlannedSide::Baseline(id) = side else {
            return Ok(side);
        };
        let live =
            self.state.baselines.get(&id.get()).is_some_and(|b| {
                b.baseline.folio_id.get() == folio && b.baseline.deleted_on.is_none()
            });
        if live {
            Ok(side)
        } else {
            Err(Error::parse_failure(format!(
                "plan: {} is neither draft nor a live baseline of this folio",
                crate::model::messages::excerpt(text)
            )))
        }
    }

    /// The indicators of folio `folio` at `as_of` (S9), their planned side `side` (checked by
    /// [`Queries::planned_side`]).
    pub fn folio_indicators(
        &self,
        folio: u64,
        as_of: Date,
        side: PlannedSide,
    ) -> Result<Indicators> {
        self.book(folio)?
            .indicators(as_of, side)
            .map_err(super::refusals::book)
    }

    /// The timeline of folio `folio` at `as_of` (S9.6), its planned side `side`, by
    /// `granularity` (month when none), refused when the folio's period would hold too many
    /// buckets of it.
    pub fn folio_timeline(
        &self,
        folio: u64,
        as_of: Date,
        side: PlannedSide,
        granularity: Option<Granularity>,
    ) -> Result<Vec<TimelineBucket>> {
        let mut book = self.book(folio)?;
        book.period().map_err(super::refusals::book)?;
        let period = book.terms().map_err(super::refusals::book)?.period;
        let granularity = super::limits::granularity(granularity, period)?;
        book.timeline(as_of, granularity, side)
            .map_err(super::refusals::book)
    }
}
