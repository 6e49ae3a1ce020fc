//! What a book reads off the ledgers it keeps: the folio's indicators (S9), its timeline (S9.6)
//! and one item's money.

use rust_decimal::Decimal;

use super::error::BookError;
use super::{FolioBook, PlannedSide};
use crate::analytics::cost_lines::{cost_lines, CostLine};
use crate::analytics::indicators::{indicators, FolioTerms};
use crate::analytics::ledger::{AnalyticsError, ItemKey, Ledger};
use crate::analytics::timeline::timeline;
use crate::model::budgeting::{Indicators, ScopeHistory, TimelineBucket};
use crate::model::Id;
use crate::schedule::Granularity;
use crate::value::Date;

/// A figure read off a folio's terms, its three ledgers and its scope (indicators, timeline).
type Figure<T> =
    fn(&FolioTerms<'_>, &Ledger, &Ledger, &Ledger, &ScopeHistory) -> Result<T, AnalyticsError>;

impl FolioBook {
    /// The folio's indicators at `as_of` (S9), their planned side from `side`.
    pub fn indicators(&mut self, as_of: Date, side: PlannedSide) -> Result<Indicators, BookError> {
        self.read_off(as_of, Granularity::Month, side, indicators)
    }

    /// The folio's timeline at `as_of` by `granularity` (S9.6), its planned side from `side`.
    pub fn timeline(
        &mut self,
        as_of: Date,
        granularity: Granularity,
        side: PlannedSide,
    ) -> Result<Vec<TimelineBucket>, BookError> {
        self.read_off(as_of, granularity, side, timeline)
    }

    /// What `figure` reads off the folio's terms, the ledgers of `side` at `as_of` by
    /// `granularity` (planned cost, planned revenue, actual) and the scope. The folio is checked
    /// before anything is costed.
    fn read_off<T>(
        &mut self,
        as_of: Date,
        granularity: Granularity,
        side: PlannedSide,
        figure: Figure<T>,
    ) -> Result<T, BookError> {
        self.period()?;
        self.terms()?;
        let (kept, sources) = self.cost(as_of, granularity, side)?;
        let [costs, revenues, actual] = self.ledgers(kept, sources)?;
        Ok(figure(
            &self.terms()?,
            costs,
            revenues,
            actual,
            &self.setting.scope,
        )?)
    }

    /// The folio's cost lines at `as_of` (S9.12), each figure rounded to the folio's currency,
    /// with the baseline their budgets come from (`None`: the draft), the planned side that
    /// defines BAC (S8.5).
    pub fn cost_lines(&mut self, as_of: Date) -> Result<(Vec<CostLine>, Option<Id>), BookError> {
        self.period()?;
        self.terms()?;
        let (kept, sources) = self.cost(as_of, Granularity::Month, PlannedSide::Latest)?;
        let [budget, _, draft] = self.ledgers(kept, sources)?;
        Ok((cost_lines(budget, draft)?, sources[0]))
    }

    /// One live item's money in the folio's currency, rounded to its minor unit: (its whole, its
    /// part dated on or before `as_of`), as the indicators count it (positions by their atoms,
    /// expenses by their converted payments); zero for an item the draft does not hold. The
    /// ledgers of the planned side are costed too, so the book refuses what the indicators
    /// refuse.
    pub fn item_money(
        &mut self,
        key: ItemKey,
        as_of: Date,
    ) -> Result<(Decimal, Decimal), BookError> {
        let (kept, sources) = self.cost(as_of, Granularity::Month, PlannedSide::Latest)?;
        let [_, _, draft] = self.ledgers(kept, sources)?;
        let (total, to_date) = draft.item(key)?.unwrap_or_default();
        let currency = self.setting.folio.currency_code;
        Ok((currency.round(total), currency.round(to_date)))
    }
}
