//! The folio book: one folio costed, the use case every adapter calls.
//!
//! A [`FolioBook`] holds what a folio's figures are computed from (the folio, its calendars,
//! exchange rates, overtime rules, synchronized hours, scope, its draft and actual items and its
//! baselines) and answers the folio's indicators (S9), timeline (S9.6), expenditures (S8.4), item
//! money and payment lines. The REST interface builds one from the service's state
//! (`State::folio_book`), `costfolio plan` from a plan document; the wasm package calls both.
//!
//! The ledgers it costs are kept: a second question at the same date and granularity costs
//! nothing, and [`FolioBook::apply`] recosts only the item a change touches (S1.6: every figure is
//! a sum of atoms, so replacing one item's series is exact).
//!
//! Here: the book's words (where a planned side comes from, a change to the draft, what a book is
//! built from), what it holds and its construction. Below it: `error` (why a book could not
//! answer) and `setting` (what the items are costed in: the folio, calendars, rates, rules). On
//! it: `costing` (the ledgers a book costs and keeps), `reports` (indicators, timeline, an item's
//! money, read off those ledgers), `lines` (one item's payment lines), `baselines` (expenditures
//! and approving a baseline) and `apply` (a what-if's change applied to the draft).

mod apply;
mod baselines;
// Only the server keeps books between reads (state/kept_books.rs): not in the wasm package.
#[cfg(not(target_arch = "wasm32"))]
mod catch_up;
mod costing;
mod error;
mod explain;
mod forecast;
mod lines;
pub use lines::RateUsed;
mod reports;
mod setting;

#[cfg(not(target_arch = "wasm32"))]
pub use catch_up::CaughtUp;
pub use error::BookError;
pub use explain::{Account, Input, ItemLine, Plan, BUCKET_FIGURES};
pub use forecast::ForecastItem;

use std::collections::HashMap;
use std::sync::Arc;

use setting::Setting;

use crate::analytics::baseline::{BaselineSnapshot, Items};
use crate::analytics::indicators::FolioTerms;
use crate::analytics::ledger::{Ledger, Periods, Series};
use crate::calendar::Calendar;
use crate::model::budgeting::{Expense, Folio, OvertimeRule, ScopeHistory};
use crate::model::Id;
use crate::schedule::position::PositionRecord;
use crate::schedule::{DailyHours, ExchangeRates};
use crate::value::DateRange;

/// Where the planned side of indicators or of a timeline comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlannedSide {
    /// The latest baseline covering each side, else the draft (S8.5): what indicators use.
    #[default]
    Latest,
    /// The draft, whatever the baselines.
    Draft,
    /// One live baseline of the folio, by id.
    Baseline(Id),
}

/// A change to a book's draft (or actual) items: what a what-if edits, one item at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
// A change is made and applied one at a time, never held in bulk: boxing the expense would cost
// an allocation per change for nothing.
#[allow(clippy::large_enum_variant)]
pub enum Change {
    /// Adds a position, or replaces the one with its id. A deleted record removes it.
    PutPosition(PositionRecord),
    /// Adds an expense, or replaces the one with its id. A deleted record removes it.
    PutExpense(Expense),
    /// Removes a position.
    RemovePosition(Id),
    /// Removes an expense.
    RemoveExpense(Id),
}

/// What a folio book is built from.
#[derive(Debug, Clone)]
pub struct BookParts {
    /// The folio.
    pub folio: Folio,
    /// Its calendar: its holiday and workload schemes (S3).
    pub calendar: Calendar,
    /// The calendars of positions with a holiday or workload scheme of their own (S3.4), by id.
    pub own_calendars: Vec<(Id, Calendar)>,
    /// Exchange rates (S5.3).
    pub rates: ExchangeRates,
    /// Overtime rules (S6.6).
    pub overtime_rules: Vec<OvertimeRule>,
    /// Worklog or billed hours of synchronized positions, by position id (S6.5b, S6.5c).
    pub synced: HashMap<Id, DailyHours>,
    /// The folio's scope as measured over time (S9.3, S9.10).
    pub scope: ScopeHistory,
    /// Its live draft and actual items (S8.1).
    pub draft: Items,
    /// Its baselines, deleted ones included (they are never costed).
    pub baselines: Vec<Arc<BaselineSnapshot>>,
    /// The own calendars of the positions each baseline froze, by baseline id, as their frozen
    /// headers name them (S8.6): a baseline is costed with the calendars it was approved with,
    /// whatever its positions name since. A baseline not listed uses `own_calendars`.
    pub baseline_calendars: Vec<(Id, Vec<(Id, Calendar)>)>,
    /// The calendar of the folio's holiday and workload schemes each baseline was approved with
    /// (S8.7), by baseline id, where they are not the folio's now: a baseline not listed uses
    /// `calendar`.
    pub baseline_folio_calendars: Vec<(Id, Calendar)>,
}

/// How many sets of periods (a date and a granularity) a book keeps ledgers for: the indicators'
/// months and a chart's weeks or days, with room to spare.
const KEPT_PERIODS: usize = 4;

/// The ledgers costed at one set of periods: the draft's, and each baseline's that was asked for.
#[derive(Debug, Clone)]
struct Costed {
    periods: Periods,
    draft: Option<Ledger>,
    baselines: Vec<(Id, Ledger)>,
}

/// One folio costed: its indicators, timeline, expenditures and items' money (module docs).
///
/// ```
/// use costfolio::analytics::{BookParts, Change, FolioBook, PlannedSide};
/// use costfolio::calendar::Calendar;
/// use costfolio::model::{budgeting::{Expense, Folio}, from_json};
///
/// let folio: Folio = from_json(br#"{"name":"Bridge","description":"","owner":"ada",
///     "startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,
///     "contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR",
///     "withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,
///     "usesUserRates":false,"isSynchronizedWithWorkLogs":false,
///     "isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,
///     "workloadSchemeId":1}"#).unwrap();
/// let mut book = FolioBook::new(BookParts {
///     folio,
///     calendar: Calendar::default(),
///     own_calendars: vec![],
///     rates: Default::default(),
///     overtime_rules: vec![],
///     synced: Default::default(),
///     scope: Default::default(),
///     draft: Default::default(),
///     baselines: vec![],
///     baseline_calendars: vec![],
///     baseline_folio_calendars: vec![],
/// });
/// let as_of = "2026-06-30".parse().unwrap();
/// assert_eq!(book.indicators(as_of, PlannedSide::Latest).unwrap().bac.to_string(), "0.00");
///
/// // A planned cost of 400 EUR a month from March to May: only that expense is costed.
/// let crane: Expense = from_json(br#"{"id":7,"folioId":1,"name":"Crane","description":"",
///     "type":"Hire","category":"OPEX","kind":".PlannedExpense","amount":400,
///     "currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-03-01",
///     "occurrences":3}}"#).unwrap();
/// book.apply(Change::PutExpense(crane)).unwrap();
/// let indicators = book.indicators(as_of, PlannedSide::Latest).unwrap();
/// assert_eq!(indicators.bac.to_string(), "1200.00");
///
/// // Removed again: the budget is back at zero.
/// book.apply(Change::RemoveExpense(costfolio::model::Id::new(7))).unwrap();
/// assert_eq!(book.indicators(as_of, PlannedSide::Latest).unwrap().bac.to_string(), "0.00");
/// ```
#[derive(Debug, Clone)]
pub struct FolioBook {
    setting: Setting,
    draft: Items,
    baselines: Vec<Arc<BaselineSnapshot>>,
    /// Ledgers by periods, the least recently asked for first (let go first).
    costed: Vec<Costed>,
    /// Whether its ledgers keep each item's series ([`FolioBook::for_one_answer`]).
    series: Series,
}

impl FolioBook {
    /// The book of `parts`. Nothing is costed until a figure is asked for.
    pub fn new(parts: BookParts) -> FolioBook {
        FolioBook {
            setting: Setting {
                folio: parts.folio,
                calendar: parts.calendar,
                own_calendars: parts.own_calendars,
                baseline_calendars: parts.baseline_calendars,
                baseline_folio_calendars: parts.baseline_folio_calendars,
                rates: parts.rates,
                overtime_rules: parts.overtime_rules,
                synced: parts.synced,
                scope: parts.scope,
            },
            draft: parts.draft,
            baselines: parts.baselines,
            costed: Vec::new(),
            series: Series::Kept,
        }
    }

    /// This book, for answering one request (the server builds one per read): its ledgers keep
    /// the sums by period and each item's money, not each item's series, so that a day timeline
    /// of the largest folio holds its sums (a few hundred kilobytes) rather than every item's days
    /// (400 MB). Its figures are the same; [`FolioBook::apply`] still works, by letting
    /// the ledgers go and costing them afresh when next asked.
    pub fn for_one_answer(mut self) -> Self {
        self.series = Series::Summed;
        self
    }

    /// The folio.
    pub fn folio(&self) -> &Folio {
        &self.setting.folio
    }

    /// The live draft and actual items.
    pub fn draft(&self) -> &Items {
        &self.draft
    }

    /// The folio's period, or [`BookError::Period`] when its end lies before its start.
    pub fn period(&self) -> Result<DateRange, BookError> {
        self.setting.period()
    }

    /// The folio's terms for its indicators (S9), or why the folio is invalid (S7.2).
    pub fn terms(&self) -> Result<FolioTerms<'_>, BookError> {
        FolioTerms::new(&self.setting.folio, &self.setting.calendar).map_err(BookError::Folio)
    }
}
