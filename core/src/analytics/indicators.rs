//! Indicators of a folio at an explicit asOf (S9.1-S9.7).

use rust_decimal::{Decimal, RoundingStrategy};

pub(crate) use super::ledger::{add, sub, sum};

use super::ledger::{AnalyticsError, Flow, Ledger};
use super::status::{folio_status, validate_folio, FolioError};
use crate::calendar::Calendar;
use crate::model::budgeting::{
    EacMethod, Folio, FolioStatus, IndexStatus, Indicators, PlannedValueMethod, ScopeHistory,
    ScopeItem,
};
use crate::schedule::FolioFrame;
use crate::value::{CurrencyCode, Date, DateRange, Exact};

/// What the indicators need of a folio: its period, currency, percentages, switches and calendar.
#[derive(Debug, Clone, Copy)]
pub struct FolioTerms<'a> {
    /// The folio's period.
    pub period: DateRange,
    /// Its currency.
    pub currency: CurrencyCode,
    /// Reserve, percent of BAC.
    pub reserve: Decimal,
    /// Contingency, percent of planned cost.
    pub contingency: Decimal,
    /// Tolerance, percent below 1 that is amber (S9.5).
    pub tolerance: Decimal,
    /// Whether revenues are shown (S9.7).
    pub with_revenue: bool,
    /// Whether earned value is used (S9.3).
    pub with_earned: bool,
    /// The day it was closed.
    pub closed: Option<Date>,
    /// Its calendar (for working days, S9.1).
    pub calendar: &'a Calendar,
    /// How its planned value is computed (S9.10).
    pub pv_method: PlannedValueMethod,
    /// How its estimate at completion is forecast (S9.10).
    pub eac_method: EacMethod,
}

impl<'a> FolioTerms<'a> {
    /// The terms of a valid folio (S7.2).
    pub fn new(folio: &Folio, calendar: &'a Calendar) -> Result<FolioTerms<'a>, Vec<FolioError>> {
        validate_folio(folio)?;
        let period = DateRange::new(folio.start_date, folio.end_date).map_err(|_| {
            vec![FolioError::EndBeforeStart {
                start: folio.start_date,
                end: folio.end_date,
            }]
        })?;
        Ok(FolioTerms {
            period,
            currency: folio.currency_code,
            reserve: folio.reserve.get(),
            contingency: folio.contingency.get(),
            tolerance: folio.tolerance.get(),
            with_revenue: folio.with_revenue,
            with_earned: folio.with_earned,
            closed: folio.closed_date,
            calendar,
            pv_method: folio.planned_value_method.unwrap_or_default(),
            eac_method: folio.eac_method.unwrap_or_default(),
        })
    }

    /// The folio's period and currency.
    pub fn frame(&self) -> FolioFrame {
        FolioFrame {
            period: self.period,
            currency: self.currency,
        }
    }

    /// The status at `as_of` (S7.1).
    pub fn status(&self, as_of: Date) -> FolioStatus {
        folio_status(self.period.start(), self.period.end(), self.closed, as_of)
    }

    /// PV at `as_of` by the folio's method (S9.10): the planned cost to date `planned_to_date`
    /// (the plan's time-phasing), or BAC x working days elapsed / all working days, rounded, `None`
    /// when the folio has no working day (S9.1).
    pub fn planned_value(
        &self,
        bac: Decimal,
        planned_to_date: Decimal,
        as_of: Date,
    ) -> Result<Option<Decimal>, AnalyticsError> {
        if self.pv_method == PlannedValueMethod::Plan {
            return Ok(Some(self.currency.round(planned_to_date)));
        }
        let (elapsed, total) = self.working_days(as_of);
        if total == 0 {
            return Ok(None);
        }
        let value = scaled(bac, Decimal::from(elapsed), Decimal::from(total))?;
        Ok(value.map(|value| self.currency.round(value)))
    }
}

impl FolioTerms<'_> {
    /// The folio's working days elapsed by `as_of` (included) and all its working days (S9.1).
    pub fn working_days(&self, as_of: Date) -> (u64, u64) {
        let total = self.calendar.working_days_in(self.period);
        let elapsed = DateRange::new(self.period.start(), as_of.min(self.period.end()))
            .map_or(0, |range| self.calendar.working_days_in(range));
        (elapsed, total)
    }
}

/// The colour of an index (S9.5), judged on its exact quotient.
pub fn index_status(index: Option<Decimal>, tolerance: Decimal) -> IndexStatus {
    match index {
        None => IndexStatus::Grey,
        Some(value) if value >= Decimal::ONE => IndexStatus::Green,
        Some(value) if value >= Decimal::ONE - tolerance / Decimal::ONE_HUNDRED => {
            IndexStatus::Amber
        }
        Some(_) => IndexStatus::Red,
    }
}

/// The figures every indicator is derived from, in one currency.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Base {
    pub bac: Decimal,
    pub pv: Option<Decimal>,
    pub ev: Option<Decimal>,
    pub ac: Decimal,
    pub reserve: Decimal,
    pub contingency: Decimal,
    pub contingency_to_date: Decimal,
    pub planned_cost_to_date: Decimal,
    pub eac_known: Decimal,
    /// The planned cost the open cost lines' actual items do not cover yet (S9.12): what the
    /// EAC by what is scheduled adds to the known cost; 0 for the other methods.
    pub uncovered: Decimal,
    pub planned_revenue: Option<Decimal>,
    pub planned_revenue_to_date: Option<Decimal>,
    pub actual_revenue: Option<Decimal>,
    pub profit: Option<Decimal>,
}

/// The margin light (P19.2): green at a margin (profit / actual revenue) of 0 or more, amber down
/// to minus the tolerance, red below, grey without a margin.
pub(super) fn margin_status(margin: Option<Decimal>, tolerance: Decimal) -> IndexStatus {
    match margin {
        None => IndexStatus::Grey,
        Some(value) if value >= Decimal::ZERO => IndexStatus::Green,
        Some(value) if value >= -(tolerance / Decimal::ONE_HUNDRED) => IndexStatus::Amber,
        Some(_) => IndexStatus::Red,
    }
}

fn quotient(numerator: Decimal, denominator: Decimal) -> Option<Decimal> {
    numerator.checked_div(denominator)
}

fn ratio(value: Option<Decimal>) -> Option<Exact> {
    value.map(|v| Exact::of(round_to(v, 4)))
}

fn percent(value: Option<Decimal>) -> Option<Exact> {
    value
        .and_then(|v| v.checked_mul(Decimal::ONE_HUNDRED))
        .map(|v| Exact::of(round_to(v, 2)))
}

fn round_to(value: Decimal, places: u32) -> Decimal {
    let mut rounded = value.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero);
    rounded.rescale(places);
    rounded
}

/// `a x b / c`: multiplied first (S1.5); when the product is beyond a decimal, divided first
/// instead, which keeps 28 significant digits, far more than the cents of any figure that fits.
/// `None` for a division by zero; the overflow error only when the result itself does not fit.
pub(crate) fn scaled(
    a: Decimal,
    b: Decimal,
    c: Decimal,
) -> Result<Option<Decimal>, AnalyticsError> {
    if c.is_zero() {
        return Ok(None);
    }
    match a.checked_mul(b) {
        // `c` is not zero: a quotient that does not fit is an overflow, not a null.
        Some(product) => product
            .checked_div(c)
            .map(Some)
            .ok_or(AnalyticsError::Overflow),
        None => match quotient(b, c).and_then(|ratio| a.checked_mul(ratio)) {
            Some(value) => Ok(Some(value)),
            None => Err(AnalyticsError::Overflow),
        },
    }
}

/// `a - b` of two optional figures: null when either is.
fn difference(a: Option<Decimal>, b: Option<Decimal>) -> Result<Option<Decimal>, AnalyticsError> {
    a.zip(b).map(|(a, b)| sub(a, b)).transpose()
}

/// A portfolio's derived money figures, each the sum of its members' own, converted (S9.9): not
/// derived again from the portfolio's sums, so that its row adds up to its members' rows.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Summed {
    pub eac: Option<Decimal>,
    pub cv: Option<Decimal>,
    pub sv: Option<Decimal>,
    pub etc: Option<Decimal>,
    pub vac: Option<Decimal>,
}

/// Derives every indicator from the base figures (S9.4-S9.7). Derived money is computed from the
/// rounded figures it is defined by; EAC is BAC x AC / EV rounded once; divisions by zero are null.
/// `summed` is given for a portfolio, whose EAC, CV, SV, ETC and VAC are the sums of its members'
/// own (S9.9); a folio's are derived here. Ratios are derived from the figures either way.
pub(crate) fn derive(
    base: Base,
    summed: Option<Summed>,
    tolerance: Decimal,
    currency: CurrencyCode,
    status: Option<FolioStatus>,
    methods: Option<(PlannedValueMethod, EacMethod)>,
) -> Result<Indicators, AnalyticsError> {
    let money = |value: Decimal| Exact::of(currency.round(value));
    let (cv, sv) = match summed {
        Some(summed) => (summed.cv, summed.sv),
        None => (
            difference(base.ev, Some(base.ac))?,
            difference(base.ev, base.pv)?,
        ),
    };
    let cpi = base.ev.and_then(|ev| quotient(ev, base.ac));
    let spi = base.ev.zip(base.pv).and_then(|(ev, pv)| quotient(ev, pv));
    let eac_method = methods.map(|(_, eac)| eac).unwrap_or_default();
    let eac = match summed {
        Some(summed) => summed.eac,
        None => estimate_at_completion(eac_method, &base, cpi)?.map(|eac| currency.round(eac)),
    };
    // S9.10: the index to complete follows the method: against BAC for `cpi`, against EAC else.
    let tcpi = match (base.ev, eac_method, eac) {
        (Some(ev), EacMethod::Cpi, _) => quotient(sub(base.bac, ev)?, sub(base.bac, base.ac)?),
        (Some(ev), _, Some(eac)) if summed.is_none() => {
            quotient(sub(base.bac, ev)?, sub(eac, base.ac)?)
        }
        (Some(ev), _, _) => quotient(sub(base.bac, ev)?, sub(base.bac, base.ac)?),
        (None, _, _) => None,
    };
    let eac_below_scheduled = eac
        .filter(|eac| *eac < base.eac_known && summed.is_none())
        .map(|eac| sub(base.eac_known, eac))
        .transpose()?;
    let margin = base
        .profit
        .zip(base.actual_revenue)
        .and_then(|(profit, revenue)| quotient(profit, revenue));
    // P19.1: the revenue index, judged as S9.5 judges CPI and SPI.
    let revenue_index = base
        .actual_revenue
        .zip(base.planned_revenue_to_date)
        .and_then(|(actual, planned)| quotient(actual, planned));
    let (etc, vac) = match (summed, eac) {
        (Some(summed), _) => (summed.etc.map(money), summed.vac.map(money)),
        (None, Some(eac)) => (
            Some(money(sub(eac, base.ac)?)),
            Some(money(sub(base.bac, eac)?)),
        ),
        (None, None) => (None, None),
    };
    Ok(Indicators {
        bac: money(base.bac),
        pv: base.pv.map(money),
        ev: base.ev.map(money),
        ac: money(base.ac),
        cv: cv.map(money),
        sv: sv.map(money),
        cpi: ratio(cpi),
        spi: ratio(spi),
        cv_percent: percent(cv.zip(base.ev).and_then(|(cv, ev)| quotient(cv, ev))),
        sv_percent: percent(sv.zip(base.pv).and_then(|(sv, pv)| quotient(sv, pv))),
        eac: eac.map(money),
        etc,
        vac,
        tcpi: ratio(tcpi),
        cpi_status: index_status(cpi, tolerance),
        spi_status: index_status(spi, tolerance),
        reserve: money(base.reserve),
        contingency: money(base.contingency),
        contingency_to_date: money(base.contingency_to_date),
        planned_cost_to_date: money(base.planned_cost_to_date),
        eac_known: money(base.eac_known),
        planned_revenue: base.planned_revenue.map(money),
        actual_revenue: base.actual_revenue.map(money),
        profit: base.profit.map(money),
        margin: percent(margin),
        planned_revenue_to_date: base.planned_revenue_to_date.map(money),
        revenue_status: index_status(revenue_index, tolerance),
        margin_status: margin_status(margin, tolerance),
        status,
        currency_code: currency,
        planned_value_method: methods.map(|(pv, _)| pv),
        eac_method: methods.map(|(_, eac)| eac),
        eac_below_scheduled: eac_below_scheduled.map(money),
    })
}

/// EAC by `method` (S9.4, S9.10), unrounded: `cpi` BAC x AC / EV (null with CPI); `cpiSpi`
/// AC + (BAC - EV) / (CPI x SPI) = AC + (BAC - EV) x AC x PV / EV² (null with CPI or SPI);
/// `remainingAsPlanned` AC + BAC - EV (null without EV); `scheduled` the scheduled cost (AC and
/// the actual cost after asOf) and the planned cost it does not cover yet, line by line (S9.12).
fn estimate_at_completion(
    method: EacMethod,
    base: &Base,
    cpi: Option<Decimal>,
) -> Result<Option<Decimal>, AnalyticsError> {
    let (bac, ac) = (base.bac, base.ac);
    match (method, base.ev) {
        (EacMethod::Cpi, Some(ev)) if cpi.is_some() => scaled(bac, ac, ev),
        (EacMethod::CpiSpi, Some(ev)) => {
            let Some(pv) = base.pv else {
                return Ok(None);
            };
            if cpi.is_none() || pv.is_zero() || ev.is_zero() {
                return Ok(None);
            }
            // (BAC - EV) x AC / EV, then x PV / EV: each step at 28 significant digits.
            let left = match scaled(sub(bac, ev)?, ac, ev)? {
                Some(left) => left,
                None => return Ok(None),
            };
            Ok(scaled(left, pv, ev)?
                .map(|rest| add(ac, rest))
                .transpose()?)
        }
        (EacMethod::RemainingAsPlanned, Some(ev)) => Ok(Some(sub(add(ac, bac)?, ev)?)),
        (EacMethod::Scheduled, _) => Ok(Some(add(base.eac_known, base.uncovered)?)),
        _ => Ok(None),
    }
}

/// Progress from the scope items (S9.3): (earned weight, total weight). Done items earn their
/// weight, progressive ones their weight x min(1, logged / (logged + remaining)), others nothing.
pub(crate) fn progress(scope: &[ScopeItem]) -> Result<(Decimal, Decimal), AnalyticsError> {
    let mut total = Decimal::ZERO;
    let mut earned = Decimal::ZERO;
    for item in scope {
        let weight = item.weight.get();
        total = add(total, weight)?;
        if item.done {
            earned = add(earned, weight)?;
        } else if item.progressive {
            let work = add(item.logged.get(), item.remaining.get())?;
            if let Some(share) = quotient(item.logged.get(), work) {
                let part = weight
                    .checked_mul(share.min(Decimal::ONE))
                    .ok_or(AnalyticsError::Overflow)?;
                earned = add(earned, part)?;
            }
        }
    }
    Ok((earned, total))
}

/// The progress `scope` makes (S9.3), in percent rounded to two decimals: earned weight / total
/// weight x 100; `None` when the weight is 0.
pub fn progress_percent(scope: &[ScopeItem]) -> Result<Option<Decimal>, AnalyticsError> {
    let (earned, total) = progress(scope)?;
    let hundred = earned
        .checked_mul(Decimal::ONE_HUNDRED)
        .ok_or(AnalyticsError::Overflow)?;
    Ok(quotient(hundred, total).map(|share| round_to(share, 2)))
}

/// EV (S9.3): BAC x earned weight / total weight, rounded; `None` without earned value or weight.
pub(crate) fn earned_value(
    terms: &FolioTerms<'_>,
    bac: Decimal,
    scope: &[ScopeItem],
) -> Result<Option<Decimal>, AnalyticsError> {
    if !terms.with_earned {
        return Ok(None);
    }
    let (earned, total) = progress(scope)?;
    if total.is_zero() {
        return Ok(None);
    }
    Ok(scaled(bac, earned, total)?.map(|ev| terms.currency.round(ev)))
}

/// EV at `day` (S9.10): from the scope measurement in force on that day; `None` before the first.
pub(crate) fn earned_value_at(
    terms: &FolioTerms<'_>,
    bac: Decimal,
    scope: &ScopeHistory,
    day: Date,
) -> Result<Option<Decimal>, AnalyticsError> {
    match scope.at(day) {
        Some(version) => earned_value(terms, bac, &version.items),
        None => Ok(None),
    }
}

/// Percent of a figure, rounded to the currency.
pub(crate) fn share(
    currency: CurrencyCode,
    percent: Decimal,
    of: Decimal,
) -> Result<Decimal, AnalyticsError> {
    let product = percent.checked_mul(of).ok_or(AnalyticsError::Overflow)?;
    Ok(currency.round(product / Decimal::ONE_HUNDRED))
}

/// The indicators of a folio at `as_of` (S9.1-S9.7). `costs` holds the planned costs that define
/// BAC (the latest baseline covering costs, or the draft, S8.5), `revenues` the planned revenues
/// (likewise), `actual` the actual items; all over the same periods, cut after `as_of`.
pub fn indicators(
    terms: &FolioTerms<'_>,
    costs: &Ledger,
    revenues: &Ledger,
    actual: &Ledger,
    scope: &ScopeHistory,
) -> Result<Indicators, AnalyticsError> {
    let as_of = actual.periods().as_of();
    let bac = costs.total(Flow::PlannedCost)?;
    let planned_cost_to_date = costs.to_date(Flow::PlannedCost)?;
    let ac = actual.to_date(Flow::ActualCost)?;
    let (planned_revenue, planned_revenue_to_date, actual_revenue, profit) = if terms.with_revenue {
        let actual_revenue = actual.to_date(Flow::ActualRevenue)?;
        (
            Some(revenues.total(Flow::PlannedRevenue)?),
            Some(revenues.to_date(Flow::PlannedRevenue)?),
            Some(actual_revenue),
            Some(sub(actual_revenue, ac)?),
        )
    } else {
        (None, None, None, None)
    };
    let base = Base {
        bac,
        pv: terms.planned_value(bac, planned_cost_to_date, as_of)?,
        ev: earned_value_at(terms, bac, scope, as_of)?,
        ac,
        reserve: share(terms.currency, terms.reserve, bac)?,
        contingency: share(terms.currency, terms.contingency, bac)?,
        contingency_to_date: share(terms.currency, terms.contingency, planned_cost_to_date)?,
        planned_cost_to_date,
        eac_known: actual.total(Flow::ActualCost)?,
        uncovered: match terms.eac_method {
            EacMethod::Scheduled => actual.uncovered()?,
            _ => Decimal::ZERO,
        },
        planned_revenue,
        planned_revenue_to_date,
        actual_revenue,
        profit,
    };
    derive(
        base,
        None,
        terms.tolerance,
        terms.currency,
        Some(terms.status(as_of)),
        Some((terms.pv_method, terms.eac_method)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    /// The lights of a folio with tolerance 10 that earned `actual` of `planned` revenue to date
    /// and made `profit` on it.
    fn lights(actual: &str, planned: &str, profit: &str) -> (IndexStatus, IndexStatus) {
        let base = Base {
            bac: d("1000"),
            ac: d("100"),
            actual_revenue: Some(d(actual)),
            planned_revenue: Some(d("500")),
            planned_revenue_to_date: Some(d(planned)),
            profit: Some(d(profit)),
            ..Base::default()
        };
        let currency = crate::value::CurrencyCode::from_str("EUR").unwrap();
        let shown = derive(base, None, d("10"), currency, None, None).unwrap();
        (shown.revenue_status, shown.margin_status)
    }

    #[test]
    fn the_revenue_light_judges_actual_against_planned_revenue_to_date_as_s9_5_does() {
        use IndexStatus::*;
        assert_eq!(lights("100", "100", "0").0, Green);
        assert_eq!(lights("90", "100", "0").0, Amber, "0.9 is 1 - 10 %");
        assert_eq!(lights("89.99", "100", "0").0, Red);
        assert_eq!(lights("100", "0", "0").0, Grey, "no planned revenue yet");
    }

    #[test]
    fn the_margin_light_is_green_from_zero_and_amber_down_to_minus_the_tolerance() {
        use IndexStatus::*;
        assert_eq!(lights("100", "100", "0").1, Green);
        assert_eq!(lights("100", "100", "-10").1, Amber, "-10 % of 100");
        assert_eq!(lights("100", "100", "-10.01").1, Red);
        assert_eq!(lights("0", "100", "-100").1, Grey, "no revenue: no margin");
        assert_eq!(margin_status(None, d("10")), Grey);
    }
}
