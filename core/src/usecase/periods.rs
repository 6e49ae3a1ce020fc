//! A folio's closed months (S9.11): a month closed keeps its month-end figures as they are then;
//! a later change never rewrites them and shows beside them as the figure computed now.

use chrono::Datelike;

use super::error::{Error, Result};
use super::{Commands, Queries};
use crate::analytics::PlannedSide;
use crate::model::budgeting::{
    ClosedMonth, ClosedMonthShown, FigureChange, Indicators, PeriodClose, PeriodFigures,
};
use crate::state::Command;
use crate::value::{Exact, Month};

/// The months' names, January first.
const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A month in words: `October 2026`. Written from the month's number rather than by chrono's
/// `strftime`, whose format reader and writer are 18 KB of the wasm module and nothing else uses.
fn words(month: Month) -> String {
    let day = month.first_day().naive();
    format!("{} {}", MONTH_NAMES[day.month0() as usize], day.year())
}

/// The figures a close keeps of `indicators`.
pub(super) fn figures(indicators: &Indicators) -> PeriodFigures {
    PeriodFigures {
        bac: indicators.bac,
        pv: indicators.pv,
        ev: indicators.ev,
        ac: indicators.ac,
        eac: indicators.eac,
        etc: indicators.etc,
        vac: indicators.vac,
        cpi: indicators.cpi,
        spi: indicators.spi,
    }
}

/// `kept` as listed, beside `now`: the figures that differ, with now less closed.
fn shown(kept: ClosedMonth, now: PeriodFigures) -> Result<ClosedMonthShown> {
    let changes = changes(&kept.closed, &now)?;
    Ok(ClosedMonthShown {
        month: kept.month,
        as_of: kept.as_of,
        closed_on: kept.closed_on,
        closed_by: kept.closed_by,
        currency_code: kept.currency_code,
        closed: kept.closed,
        now,
        changes,
    })
}

/// The figures of `kept` and `now` that differ, with now less closed.
pub(super) fn changes(kept: &PeriodFigures, now: &PeriodFigures) -> Result<Vec<FigureChange>> {
    let mut changes = Vec::new();
    for name in PeriodFigures::NAMES {
        let (closed, current) = (kept.get(name), now.get(name));
        if closed == current {
            continue;
        }
        let difference = match (closed, current) {
            (Some(closed), Some(current)) => Some(Exact::of(
                current.get().checked_sub(closed.get()).ok_or_else(|| {
                    Error::invalid("a figure is beyond what the service computes")
                })?,
            )),
            _ => None,
        };
        changes.push(FigureChange {
            figure: name.to_owned(),
            closed,
            now: current,
            difference,
        });
    }
    Ok(changes)
}

impl Queries<'_> {
    /// The closed months of folio `folio`, the earliest first, each beside its figures computed
    /// now for the same day (S9.11).
    pub fn closed_months(&self, folio: u64) -> Result<Vec<ClosedMonthShown>> {
        let kept = self.state.closed_months_of(folio);
        self.with_book(folio, |book| {
            kept.iter()
                .map(|closed| {
                    let now = book
                        .indicators(closed.as_of, PlannedSide::Latest)
                        .map_err(super::refusals::book)?;
                    shown(closed.clone(), figures(&now))
                })
                .collect()
        })
    }
}

impl Commands<'_> {
    /// Closes `month` of folio `folio` (S9.11: its owner and budget administrators): keeps its
    /// month-end figures as they are now. Refused for a month that has not ended, one outside the
    /// folio, and one closed already (a 409).
    pub fn close_month(&mut self, folio: u64, close: PeriodClose) -> Result<ClosedMonthShown> {
        self.caller.writes()?;
        let record = self.caller.folio_for_change(self.state, folio)?;
        let header = record.folio.record().clone();
        let today = self.today();
        let month = close.month;
        let last = month.last_day();
        if last >= today {
            return Err(Error::field(
                "month",
                format!(
                    "{} has not ended: a month is closed from the day after its last ({last})",
                    words(month)
                ),
            ));
        }
        if last < header.start_date || month.first_day() > header.end_date {
            return Err(Error::field(
                "month",
                format!(
                    "{} is outside the folio's period ({} to {})",
                    words(month),
                    header.start_date,
                    header.end_date
                ),
            ));
        }
        if let Some(held) = self
            .state
            .closed_months_of(folio)
            .iter()
            .find(|held| held.month == month)
        {
            return Err(Error::conflict(format!(
                "{} was closed on {} by {}: a closed month keeps its figures, and later changes show beside them",
                words(month),
                held.closed_on,
                crate::model::messages::excerpt(&held.closed_by)
            )));
        }
        let indicators = self
            .queries()
            .folio_indicators(folio, last, PlannedSide::Latest)?;
        let closed = ClosedMonth {
            month,
            as_of: last,
            closed_on: today,
            closed_by: self.caller.user.clone(),
            currency_code: header.currency_code,
            closed: figures(&indicators),
        };
        self.state.apply(Command::CloseMonth {
            folio,
            closed: closed.clone(),
        });
        shown(closed.clone(), closed.closed)
    }
}
