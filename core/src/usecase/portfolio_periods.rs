//! A portfolio's closed months (S9.11 with S9.9): a month every folio of the portfolio running in
//! it has closed, their closed figures rolled up as the portfolio's indicators are, beside the
//! rollup of their figures computed now for the same day.

use std::collections::{BTreeSet, HashMap};

use super::error::{Error, Result};
use super::periods::{changes, figures};
use super::Queries;
use crate::analytics::PlannedSide;
use crate::model::budgeting::{Indicators, PeriodFigures, PortfolioClosedMonth};
use crate::value::{CurrencyCode, Month};

impl Queries<'_> {
    /// The closed months of portfolio `id` (its 404 as the rollup's), the earliest first.
    pub fn portfolio_closed_months(&self, id: u64) -> Result<Vec<PortfolioClosedMonth>> {
        let months = self.portfolio_months(id)?;
        let currency = self.readable_portfolio(id)?.currency_code;
        let state = self.state;
        let mut listed = Vec::new();
        for (month, runs) in months {
            let last = month.last_day();
            // Every folio running in the month closed it, else the month is not the portfolio's.
            let kept: Option<HashMap<u64, (PeriodFigures, CurrencyCode)>> = runs
                .iter()
                .map(|folio| {
                    let closed = state.closed_months_of(*folio);
                    let month = closed.iter().find(|c| c.month == month)?;
                    Some((*folio, (month.closed.clone(), month.currency_code)))
                })
                .collect();
            let Some(kept) = kept else {
                continue;
            };
            let mut now: HashMap<u64, Indicators> = HashMap::new();
            let (rolled_now, _) = self.portfolio_rollup_with(id, last, &mut |folio| {
                if !kept.contains_key(&folio) {
                    return Ok(None);
                }
                let indicators = state
                    .with_folio_book(folio, |book| {
                        book.indicators(last, PlannedSide::Latest)
                            .map_err(super::refusals::book)
                    })
                    .ok_or_else(Error::folio_not_viewable)??;
                now.insert(folio, indicators.clone());
                Ok(Some(indicators))
            })?;
            let (rolled_closed, _) = self.portfolio_rollup_with(id, last, &mut |folio| {
                let (Some((closed, currency)), Some(now)) = (kept.get(&folio), now.get(&folio))
                else {
                    return Ok(None);
                };
                Ok(Some(as_closed(now, closed, *currency)))
            })?;
            let (closed, now) = (figures(&rolled_closed), figures(&rolled_now));
            listed.push(PortfolioClosedMonth {
                month,
                as_of: last,
                currency_code: currency,
                folios: kept.len(),
                changes: changes(&closed, &now)?,
                closed,
                now,
            });
        }
        Ok(listed)
    }

    /// The months any folio of portfolio `id` closed, each with the folios of the portfolio the
    /// caller may read that run in it.
    fn portfolio_months(&self, id: u64) -> Result<Vec<(Month, Vec<u64>)>> {
        let folios = self.portfolio_folios(id, self.today())?;
        let state = self.state;
        let months: BTreeSet<Month> = folios
            .iter()
            .flat_map(|folio| state.closed_months_of(*folio).iter())
            .map(|closed| closed.month)
            .collect();
        Ok(months
            .into_iter()
            .map(|month| {
                let runs = folios
                    .iter()
                    .copied()
                    .filter(|folio| {
                        state.folios.get(folio).is_some_and(|record| {
                            record.folio.start_date <= month.last_day()
                                && month.first_day() <= record.folio.end_date
                        })
                    })
                    .collect();
                (month, runs)
            })
            .collect())
    }

    /// How many months portfolio `id`'s folios closed: what a list of its closed months costs,
    /// in rollups (0 when the caller may not read it).
    pub fn portfolio_closed_month_count(&self, id: u64) -> usize {
        self.portfolio_months(id).map_or(0, |months| months.len())
    }
}

/// A folio's indicators `now` with the figures of its close in place of their counterparts, in the
/// currency they were closed in, for the rollup: what is summed (BAC, PV, EV, AC, EAC, ETC, VAC) is
/// as closed; CV and SV, summed too, are the closed EV less the closed AC and PV.
fn as_closed(now: &Indicators, closed: &PeriodFigures, currency: CurrencyCode) -> Indicators {
    let minus = |a: Option<crate::value::Exact>, b: Option<crate::value::Exact>| match (a, b) {
        (Some(a), Some(b)) => a.get().checked_sub(b.get()).map(crate::value::Exact::of),
        _ => None,
    };
    Indicators {
        bac: closed.bac,
        pv: closed.pv,
        ev: closed.ev,
        ac: closed.ac,
        eac: closed.eac,
        etc: closed.etc,
        vac: closed.vac,
        cpi: closed.cpi,
        spi: closed.spi,
        cv: minus(closed.ev, Some(closed.ac)),
        sv: minus(closed.ev, closed.pv),
        currency_code: currency,
        ..now.clone()
    }
}
