//! What a folio's book answers: its indicators (S9) and its timeline (S9.6), their planned side
//! the latest plan, the draft or a live baseline (extension).

use super::error::{Error, Result};
use super::Queries;
use crate::analytics::{FolioBook, PlannedSide};
use crate::model::budgeting::{FolioIndicators, Indicators, TimelineBucket};
use crate::model::Id;
use crate::schedule::Granularity;
use crate::value::Date;

/// A day timeline of a folio whose period holds more than this many days is costed on a book of
/// its own rather than the folio's kept book: its ledger would keep only sums (past
/// 400 periods), and costing it would hold up the folio's other reads for as long as it takes.
const KEPT_DAYS_UP_TO: i64 = 400;

/// The most folios one `GET /folio/indicators` answers (extension): by ids, or one page.
pub const MAX_INDICATORS_LISTED: usize = 100;

/// Which folios `GET /folio/indicators` answers: the ones named, or a page of those the caller
/// may view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FolioChoice {
    /// These folios, each a live one the caller may read (else the folio's 404), at most
    /// [`MAX_INDICATORS_LISTED`].
    Ids(Vec<u64>),
    /// The live folios the caller may view, in id order, from `offset`, at most `limit`.
    Page {
        /// How many to skip.
        offset: usize,
        /// How many at most (1 to [`MAX_INDICATORS_LISTED`]).
        limit: usize,
    },
}

impl<'s> Queries<'s> {
    /// The indicators of many folios at `as_of`, each by its latest plan (S8.5), in the order
    /// asked: what the folio list shows for its rows in one request (extension). A folio whose
    /// figures cannot be computed (S5.6) answers its refusal in their place; the others theirs.
    pub fn many_indicators(
        &self,
        choice: FolioChoice,
        as_of: Date,
    ) -> Result<Vec<FolioIndicators>> {
        let ids: Vec<u64> = match choice {
            FolioChoice::Ids(ids) => {
                if ids.len() > MAX_INDICATORS_LISTED {
                    return Err(Error::field(
                        "id",
                        format!(
                            "at most {MAX_INDICATORS_LISTED} folios at once, got {}",
                            ids.len()
                        ),
                    ));
                }
                for &id in &ids {
                    self.live_folio(id)?;
                }
                ids
            }
            FolioChoice::Page { offset, limit } => {
                if !(1..=MAX_INDICATORS_LISTED).contains(&limit) {
                    return Err(Error::field(
                        "limit",
                        format!("limit must be a whole number from 1 to {MAX_INDICATORS_LISTED}, got {limit}"),
                    ));
                }
                self.readable_folios()
                    .skip(offset)
                    .take(limit)
                    .map(|(id, _)| id)
                    .collect()
            }
        };
        Ok(ids
            .into_iter()
            .map(
                |id| match self.folio_indicators(id, as_of, PlannedSide::Latest) {
                    Ok(indicators) => FolioIndicators {
                        folio_id: Id::new(id),
                        indicators: Some(indicators),
                        refusal: None,
                    },
                    Err(error) => FolioIndicators {
                        folio_id: Id::new(id),
                        indicators: None,
                        refusal: Some(error.to_string()),
                    },
                },
            )
            .collect())
    }

    /// The book of live folio `folio` the caller may read; else the folio's 404 (S11.4).
    pub(super) fn book(&self, folio: u64) -> Result<FolioBook> {
        self.readable_folio(folio)?;
        self.state
            .folio_book(folio)
            .ok_or_else(Error::folio_not_viewable)
    }

    /// Calls `f` with the book of live folio `folio` the caller may read, as the server keeps it
    /// between reads (`State::with_folio_book`); else the folio's 404 (S11.4).
    pub(super) fn with_book<R>(
        &self,
        folio: u64,
        f: impl FnOnce(&mut FolioBook) -> Result<R>,
    ) -> Result<R> {
        self.readable_folio(folio)?;
        self.state
            .with_folio_book(folio, f)
            .ok_or_else(Error::folio_not_viewable)?
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
        self.with_book(folio, |book| {
            book.indicators(as_of, side).map_err(super::refusals::book)
        })
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
        let timeline = |book: &mut FolioBook| {
            book.period().map_err(super::refusals::book)?;
            let period = book.terms().map_err(super::refusals::book)?.period;
            let granularity = super::limits::granularity(granularity, period)?;
            book.timeline(as_of, granularity, side)
                .map_err(super::refusals::book)
        };
        // A timeline of many days is costed on a book of its own, so that it holds up no other
        // read of the folio's kept book (those wait for each other).
        let record = &self.readable_folio(folio)?.folio;
        let days = (record.end_date.naive() - record.start_date.naive()).num_days() + 1;
        if granularity == Some(Granularity::Day) && days > KEPT_DAYS_UP_TO {
            timeline(&mut self.book(folio)?)
        } else {
            self.with_book(folio, timeline)
        }
    }
}
