//! EAC's confidence limits from the folio's own history (S14.6), after Lipke, Zwikael, Henderson
//! and Anbari, "Prediction of project outcome: the application of statistical methods to earned
//! value management and earned schedule performance indexes", International Journal of Project
//! Management 27 (2009) 400-407: the natural logarithms of the monthly CPI are close to normal, so
//!
//! ```text
//! ln CPI limits = ln CPIc ± z · σ / √n · √((N − n) / (N − 1))
//! EAC limits    = AC + (BAC − EV) / CPI limit
//! ```
//!
//! with `σ` the sample standard deviation of ln(monthly CPI) over the `n` months read, `N` the
//! months the folio plans in all (the finite-population correction), `z` = 1.645 (90 %).

use rust_decimal::{Decimal, RoundingStrategy};

/// z of a two-sided 90 % interval.
const Z_90: f64 = 1.644_853_626_951_472_2;
/// The fewest months the limits are computed from.
pub(super) const FEWEST_MONTHS: usize = 3;

/// One month's figures: earned value and actual cost to its last day (cumulative).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MonthFigures {
    /// Earned value to the month's end.
    pub ev: Decimal,
    /// Actual cost to the month's end.
    pub ac: Decimal,
}

/// The limits, or why there are none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CpiBounds {
    /// The months whose CPI was read (those that earned and cost something).
    pub months: usize,
    /// The mean of ln(monthly CPI), 6 places.
    pub mean_log: Option<Decimal>,
    /// Its standard deviation, 6 places.
    pub sd_log: Option<Decimal>,
    /// CPI's lower limit, 4 places.
    pub cpi_low: Option<Decimal>,
    /// CPI's upper limit, 4 places.
    pub cpi_high: Option<Decimal>,
    /// EAC at the upper limit of CPI (exact; the caller rounds it to the currency).
    pub eac_low: Option<Decimal>,
    /// EAC at the lower limit of CPI.
    pub eac_high: Option<Decimal>,
    /// Why they are missing.
    pub reason: Option<String>,
}

/// A float rounded to `places` as a decimal (half away from zero).
fn decimal(value: f64, places: u32) -> Option<Decimal> {
    let scaled = libm::round(value * 10f64.powi(places as i32));
    if !scaled.is_finite() || scaled.abs() > 1e18 {
        return None;
    }
    Some(Decimal::new(scaled as i64, places))
}

/// The float nearest a decimal.
fn float(value: Decimal) -> f64 {
    value.to_string().parse().unwrap_or(0.0)
}

/// The limits from `months` (each month to the as-of date, cumulative, in order), the folio's
/// `planned_months`, and its BAC, EV and AC at the as-of date.
pub fn cpi_bounds(
    months: &[MonthFigures],
    planned_months: usize,
    bac: Decimal,
    ev: Decimal,
    ac: Decimal,
) -> CpiBounds {
    let mut logs = Vec::new();
    let mut before = MonthFigures {
        ev: Decimal::ZERO,
        ac: Decimal::ZERO,
    };
    for month in months {
        let (earned, cost) = (month.ev - before.ev, month.ac - before.ac);
        // A month that earned nothing or cost nothing has no CPI of its own.
        if earned > Decimal::ZERO && cost > Decimal::ZERO {
            logs.push(libm::log(float(earned) / float(cost)));
        }
        before = *month;
    }
    let n = logs.len();
    let none = |reason: String| CpiBounds {
        months: n,
        mean_log: None,
        sd_log: None,
        cpi_low: None,
        cpi_high: None,
        eac_low: None,
        eac_high: None,
        reason: Some(reason),
    };
    if n < FEWEST_MONTHS {
        return none(format!(
            "{n} month(s) with both earned value and actual cost; the limits need at least {FEWEST_MONTHS}"
        ));
    }
    if ev <= Decimal::ZERO || ac <= Decimal::ZERO {
        return none("no earned value or no actual cost to date".to_owned());
    }
    let mean = logs.iter().sum::<f64>() / n as f64;
    let variance = logs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
    let sd = libm::sqrt(variance);
    let planned = planned_months.max(n);
    let correction = if planned > 1 {
        libm::sqrt((planned - n) as f64 / (planned - 1) as f64)
    } else {
        0.0
    };
    let cpi = float(ev) / float(ac);
    let half = Z_90 * sd / libm::sqrt(n as f64) * correction;
    let (low, high) = (
        libm::exp(libm::log(cpi) - half),
        libm::exp(libm::log(cpi) + half),
    );
    let (cpi_low, cpi_high) = (decimal(low, 4), decimal(high, 4));
    let eac = |limit: Option<Decimal>| {
        limit
            .filter(|l| !l.is_zero())
            .and_then(|l| (bac - ev).checked_div(l))
            .and_then(|etc| ac.checked_add(etc))
            .map(|e| e.round_dp_with_strategy(6, RoundingStrategy::MidpointAwayFromZero))
    };
    CpiBounds {
        months: n,
        mean_log: decimal(mean, 6),
        sd_log: decimal(sd, 6),
        eac_low: eac(cpi_high),
        eac_high: eac(cpi_low),
        cpi_low,
        cpi_high,
        reason: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn month(ev: i64, ac: i64) -> MonthFigures {
        MonthFigures {
            ev: Decimal::from(ev),
            ac: Decimal::from(ac),
        }
    }

    #[test]
    fn three_months_give_limits_around_the_cpi() {
        // Monthly CPI 0.9, 1.0, 0.8: cumulative EV 270, AC 300 (CPI 0.9).
        let months = [month(90, 100), month(190, 200), month(270, 300)];
        let b = cpi_bounds(
            &months,
            12,
            Decimal::from(1200),
            Decimal::from(270),
            Decimal::from(300),
        );
        let (low, high) = (b.cpi_low.unwrap(), b.cpi_high.unwrap());
        assert!(
            low < Decimal::new(9, 1) && high > Decimal::new(9, 1),
            "{low} {high}"
        );
        assert!(b.eac_low.unwrap() < b.eac_high.unwrap());
        assert_eq!(b.reason, None);
    }

    #[test]
    fn two_months_say_why_there_are_none() {
        let b = cpi_bounds(
            &[month(90, 100), month(190, 200)],
            12,
            Decimal::from(1200),
            Decimal::from(190),
            Decimal::from(200),
        );
        assert_eq!(b.cpi_low, None);
        assert!(b.reason.unwrap().contains("at least 3"));
    }

    #[test]
    fn the_last_month_closes_the_interval() {
        // N = n: the finite-population correction is 0, the limits are the CPI itself.
        let months = [month(90, 100), month(190, 200), month(270, 300)];
        let b = cpi_bounds(
            &months,
            3,
            Decimal::from(300),
            Decimal::from(270),
            Decimal::from(300),
        );
        assert_eq!(b.cpi_low, b.cpi_high);
        assert_eq!(b.cpi_low, Some(Decimal::new(9000, 4)));
    }
}
