//! A forecast's answer (S14): a folio's planned cost lines gathered with their estimates and
//! correlations ([`FolioPart`]), one or more folios simulated together ([`simulate`]), and the
//! iterations' sums read as the wire answers them (percentiles, chances, histogram, curve,
//! drivers, finish, bounds).

use std::collections::BTreeMap;

use rust_decimal::{Decimal, RoundingStrategy};

use super::book::{BookError, FolioBook, PlannedSide};
use super::forecast::{
    cpi_bounds, forecast, Correlations, ForecastRun, MonthFigures, Outcome, SimLine,
    DEFAULT_ITERATIONS, DEFAULT_SEED, GENERATOR,
};
use super::ledger::{AnalyticsError, ItemKey};
use super::line_report::LineItem;
use crate::model::budgeting::{
    Estimate, FolioForecast, ForecastBounds, ForecastBucket, ForecastDriver, ForecastFigures,
    ForecastFinish, ForecastMethod, ForecastPoint, LineItemKind,
};
use crate::model::Id;
use crate::schedule::Granularity;
use crate::value::{CurrencyCode, Date, Exact};

/// What a caller asks of a forecast: the seed, the most iterations, whether to stop when steady.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForecastAsk {
    /// The generator's seed.
    pub seed: u64,
    /// The most iterations.
    pub iterations: u32,
    /// Whether to stop once P50 and P90 are steady (S14.2).
    pub until_steady: bool,
}

impl Default for ForecastAsk {
    fn default() -> Self {
        ForecastAsk {
            seed: DEFAULT_SEED,
            iterations: DEFAULT_ITERATIONS,
            until_steady: true,
        }
    }
}

/// One planned cost line of a folio's part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartLine {
    /// The item.
    pub key: ItemKey,
    /// How the service names it.
    pub item: LineItem,
    /// Its remaining cost, in the part's currency.
    pub remaining: Decimal,
    /// Its estimate.
    pub estimate: Estimate,
    /// Where the estimate comes from: `item`, `category`, `folio`, `performance` or `standard`.
    pub from: &'static str,
    /// Its category's index in [`FolioPart::categories`].
    pub category: usize,
}

/// A folio's part of a forecast: its lines, estimates, correlations and figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FolioPart {
    /// The folio.
    pub folio_id: Id,
    /// The currency of its money here.
    pub currency: CurrencyCode,
    /// Its planned cost lines.
    pub lines: Vec<PartLine>,
    /// Its lines' categories, each with the rank correlation of its lines.
    pub categories: Vec<(String, Decimal)>,
    /// The rank correlation between its lines.
    pub correlation: Decimal,
    /// Actual cost to date.
    pub ac: Decimal,
    /// Budget at completion.
    pub bac: Decimal,
    /// Its reserve (S9.6).
    pub reserve: Decimal,
    /// The estimate of a line without one and where it comes from.
    pub default: (Estimate, &'static str),
    /// Its last day.
    pub end: Date,
    /// Its months to the as-of date (cumulative EV and AC at each month's end).
    pub months: Vec<MonthFigures>,
    /// How many months it plans.
    pub planned_months: usize,
    /// Earned value to date.
    pub ev: Option<Decimal>,
}

/// `value` rounded half away from zero to 4 places.
fn four(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero)
}

/// The standard estimate of a folio that says none and has no cost performance (S14.1).
fn standard() -> Estimate {
    Estimate::new(Decimal::new(9, 1), Decimal::ONE, Decimal::new(13, 1))
        .unwrap_or(Estimate::certain())
}

/// The estimate of a line without one from the folio's CPI (S14.1): likely `1/CPI` (from 0.5 to
/// 3), low 0.9 x the lesser of it and 1, high 1.3 x the greater.
fn from_performance(cpi: Decimal) -> Option<Estimate> {
    let likely = four(Decimal::ONE.checked_div(cpi)?).clamp(Decimal::new(5, 1), Decimal::from(3));
    let low = four(likely.min(Decimal::ONE) * Decimal::new(9, 1));
    let high = four(likely.max(Decimal::ONE) * Decimal::new(13, 1));
    Estimate::new(low, likely, high).ok()
}

/// Folio `folio_id`'s part of a forecast at `as_of`, its items named by `describe`.
pub fn folio_part(
    book: &mut FolioBook,
    folio_id: Id,
    as_of: Date,
    describe: &dyn Fn(ItemKey) -> LineItem,
) -> Result<FolioPart, BookError> {
    let items = book.forecast_items(as_of)?;
    let indicators = book.indicators(as_of, PlannedSide::Latest)?;
    let timeline = book.timeline(as_of, Granularity::Month, PlannedSide::Latest)?;
    let folio = book.folio().clone();
    let uncertainty = folio.uncertainty.clone().unwrap_or_default();
    let default = match (uncertainty.default, indicators.cpi) {
        (Some(estimate), _) => (estimate, "folio"),
        (None, Some(cpi)) if cpi.get() > Decimal::ZERO => from_performance(cpi.get())
            .map_or((standard(), "standard"), |estimate| {
                (estimate, "performance")
            }),
        _ => (standard(), "standard"),
    };
    let correlation = uncertainty.correlation.map_or(Decimal::ZERO, |c| c.get());
    let by_category = uncertainty.by_category.unwrap_or_default();
    let correlations = uncertainty.correlation_by_category.unwrap_or_default();
    let mut categories: BTreeMap<String, usize> = BTreeMap::new();
    let mut named: Vec<(String, Decimal)> = Vec::new();
    let lines = items
        .into_iter()
        .map(|item| {
            let described = describe(item.key);
            let category = *categories
                .entry(described.category.clone())
                .or_insert_with(|| {
                    let own = correlations
                        .get(&described.category)
                        .map_or(correlation, |c| c.get().max(correlation));
                    named.push((described.category.clone(), own));
                    named.len() - 1
                });
            let (estimate, from) = match (item.estimate, by_category.get(&described.category)) {
                (Some(estimate), _) => (estimate, "item"),
                (None, Some(estimate)) => (*estimate, "category"),
                (None, None) => default,
            };
            PartLine {
                key: item.key,
                item: described,
                remaining: item.remaining,
                estimate,
                from,
                category,
            }
        })
        .collect();
    let months = timeline
        .iter()
        .filter(|bucket| bucket.end <= as_of)
        .map(|bucket| MonthFigures {
            ev: bucket.ev.map_or(Decimal::ZERO, |ev| ev.get()),
            ac: bucket.ac.get(),
        })
        .collect();
    Ok(FolioPart {
        folio_id,
        currency: folio.currency_code,
        lines,
        categories: named,
        correlation,
        ac: indicators.ac.get(),
        bac: indicators.bac.get(),
        reserve: indicators.reserve.get(),
        default,
        end: folio.end_date,
        months,
        planned_months: timeline.len(),
        ev: indicators.ev.map(|ev| ev.get()),
    })
}

impl FolioPart {
    /// The part with its money in `to` by `convert` (S9.9: each figure converted on its own and
    /// rounded to `to`'s minor units).
    pub fn converted<E>(
        mut self,
        to: CurrencyCode,
        convert: impl Fn(Decimal) -> Result<Decimal, E>,
    ) -> Result<FolioPart, E> {
        let money = |value: Decimal| convert(value).map(|v| to.round(v));
        for line in &mut self.lines {
            line.remaining = money(line.remaining)?;
        }
        self.ac = money(self.ac)?;
        self.bac = money(self.bac)?;
        self.reserve = money(self.reserve)?;
        self.currency = to;
        Ok(self)
    }
}

/// A sum in `currency`'s minor units.
fn minor(value: Decimal, currency: CurrencyCode) -> i128 {
    let mut rounded = currency.round(value);
    rounded.rescale(currency.minor_units());
    rounded.mantissa()
}

/// Minor units of `currency` as money.
fn money(value: i128, currency: CurrencyCode) -> Exact {
    // Every sum the simulation answers is at most 2^96 - 1 minor units (`forecast` refuses a run
    // whose widest sum is larger), which a decimal holds at any scale up to 28: never the MAX.
    Exact::of(
        Decimal::try_from_i128_with_scale(value, currency.minor_units()).unwrap_or(Decimal::MAX),
    )
}

/// `part` out of `whole` in percent, 2 places.
fn percent(part: usize, whole: usize) -> Exact {
    let mut share = (Decimal::from(part as u64) * Decimal::ONE_HUNDRED
        / Decimal::from(whole.max(1) as u64))
    .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    share.rescale(2);
    Exact::of(share)
}

/// A simulation of parts (all in `currency`) and what its answer is read from.
#[derive(Debug, Clone)]
pub struct Simulation {
    /// The outcome.
    pub outcome: Outcome,
    /// The currency.
    pub currency: CurrencyCode,
    /// The parts' lines, in the order simulated: (part index, line index).
    pub order: Vec<(usize, usize)>,
    /// The method, as answered.
    pub method: ForecastMethod,
    /// The figures.
    pub figures: ForecastFigures,
}

/// Runs the forecast of `parts` (all in `currency`) together, lines of different parts at
/// `between` rank correlation (S14.7).
pub fn simulate(
    parts: &[FolioPart],
    currency: CurrencyCode,
    between: Decimal,
    ask: ForecastAsk,
) -> Result<Simulation, AnalyticsError> {
    let mut lines = Vec::new();
    let mut order = Vec::new();
    let mut correlations = Correlations {
        between_folios: between,
        ..Correlations::default()
    };
    let (mut ac, mut bac, mut reserve) = (0i128, Decimal::ZERO, Decimal::ZERO);
    for (p, part) in parts.iter().enumerate() {
        let offset = correlations.categories.len();
        correlations.folios.push(part.correlation.max(between));
        correlations
            .categories
            .extend(part.categories.iter().map(|(_, c)| (*c).max(between)));
        ac += minor(part.ac, currency);
        bac += part.bac;
        reserve += part.reserve;
        for (l, line) in part.lines.iter().enumerate() {
            lines.push(SimLine {
                remaining: minor(line.remaining, currency),
                estimate: line.estimate,
                folio: p,
                category: offset + line.category,
            });
            order.push((p, l));
        }
    }
    let outcome = forecast(&ForecastRun {
        actual: ac,
        lines,
        correlations,
        seed: ask.seed,
        iterations: ask.iterations,
        until_steady: ask.until_steady,
    })?;
    let sim = &outcome.simulated;
    let (bac, with_reserve) = (minor(bac, currency), minor(bac + reserve, currency));
    // The mean's whole minor units and the rest, each a decimal (their sum never is too large).
    let n = i128::from(sim.iterations.max(1));
    let mean = money(sim.sum_of_sums / n, currency).get()
        + money(sim.sum_of_sums % n, currency).get() / Decimal::from(n as u64);
    let at = |percent: u64| money(sim.percentile(percent, 1), currency);
    let figures = ForecastFigures {
        ac: money(ac, currency),
        remaining: money(outcome.remaining, currency),
        planned_at_completion: money(ac + outcome.remaining, currency),
        bac: money(bac, currency),
        bac_with_reserve: money(with_reserve, currency),
        mean: Exact::of(currency.round(mean)),
        p10: at(10),
        p50: at(50),
        p80: at(80),
        p90: at(90),
        min: money(sim.sorted.first().copied().unwrap_or(ac), currency),
        max: money(sim.sorted.last().copied().unwrap_or(ac), currency),
        chance_within_budget: percent(sim.at_or_below(bac), sim.sorted.len()),
        chance_within_reserve: percent(sim.at_or_below(with_reserve), sim.sorted.len()),
    };
    let (default, from) = parts
        .first()
        .map_or((Estimate::certain(), "standard"), |p| p.default);
    let method = ForecastMethod {
        generator: GENERATOR.to_owned(),
        seed: ask.seed,
        iterations_asked: ask.iterations,
        iterations: sim.iterations,
        steady: sim.steady,
        uncertain_lines: outcome.uncertain_lines as u32,
        certain_lines: outcome.certain_lines as u32,
        default_estimate: default,
        default_from: from.to_owned(),
        correlation: Exact::of(parts.first().map_or(between, |p| p.correlation)),
    };
    Ok(Simulation {
        outcome,
        currency,
        order,
        method,
        figures,
    })
}

impl Simulation {
    /// The histogram: 40 buckets of equal width from the lowest sum to the highest (one bucket
    /// when every sum is the same).
    pub fn histogram(&self) -> Vec<ForecastBucket> {
        let sorted = &self.outcome.simulated.sorted;
        let (Some(&low), Some(&high)) = (sorted.first(), sorted.last()) else {
            return Vec::new();
        };
        let edge = |k: i128| money(low + (high - low) * k / 40, self.currency);
        if high == low {
            return vec![ForecastBucket {
                from: edge(0),
                to: edge(0),
                count: sorted.len() as u32,
            }];
        }
        let mut counts = [0u32; 40];
        for sum in sorted {
            let k = ((sum - low) * 40 / (high - low)).min(39) as usize;
            counts[k] += 1;
        }
        (0..40)
            .map(|k| ForecastBucket {
                from: edge(k as i128),
                to: edge(k as i128 + 1),
                count: counts[k],
            })
            .collect()
    }

    /// The cumulative curve: the sum at every 2.5 % (0 % is the lowest sum).
    pub fn curve(&self) -> Vec<ForecastPoint> {
        let sim = &self.outcome.simulated;
        (0..=40u64)
            .map(|k| ForecastPoint {
                percent: Exact::of(Decimal::new(k as i64 * 25, 1)),
                value: money(
                    if k == 0 {
                        sim.sorted.first().copied().unwrap_or(0)
                    } else {
                        sim.percentile(k * 25, 10)
                    },
                    self.currency,
                ),
            })
            .collect()
    }

    /// The drivers, named from `parts`.
    pub fn drivers(&self, parts: &[FolioPart]) -> Vec<ForecastDriver> {
        self.outcome
            .simulated
            .drivers
            .iter()
            .filter_map(|driver| {
                let (p, l) = *self.order.get(driver.line)?;
                let (part, line) = (parts.get(p)?, parts.get(p)?.lines.get(l)?);
                let (kind, id) = match line.key {
                    ItemKey::Position(id) => ("position", id),
                    ItemKey::Expense(id) => ("expense", id),
                };
                debug_assert!(matches!(
                    (kind, line.item.kind),
                    ("position", LineItemKind::Position) | ("expense", LineItemKind::Expense)
                ));
                Some(ForecastDriver {
                    folio_id: part.folio_id,
                    item_kind: kind.to_owned(),
                    item_id: id,
                    name: line.item.name.clone(),
                    remaining: Exact::of(line.remaining),
                    estimate: line.estimate,
                    estimate_from: line.from.to_owned(),
                    p10: money(driver.p10, self.currency),
                    p90: money(driver.p90, self.currency),
                    rank_correlation: Exact::of(Decimal::new(driver.rank_correlation, 4)),
                })
            })
            .collect()
    }

    /// When the remaining work of `part` is paid (S14.5): P50's and P90's remaining cost paid at
    /// the plan's rate from `as_of` to the folio's end.
    pub fn finish(&self, part: &FolioPart, as_of: Date) -> ForecastFinish {
        let remaining = self.outcome.remaining;
        let actual = minor(part.ac, self.currency);
        let days = (part.end.naive() - as_of.naive()).num_days().max(0);
        let day = |sum: i128| {
            let left = (sum - actual).max(0);
            if remaining <= 0 || days == 0 {
                return part.end.max(as_of);
            }
            // ceil(days x left / remaining), whole days after the as-of date.
            let scaled = (i128::from(days) * left + remaining - 1) / remaining;
            i64::try_from(scaled)
                .ok()
                .and_then(|d| {
                    as_of
                        .naive()
                        .checked_add_signed(chrono::TimeDelta::try_days(d)?)
                })
                .map_or(part.end, Date::from_naive)
        };
        let sim = &self.outcome.simulated;
        ForecastFinish {
            planned: part.end,
            p10: day(sim.percentile(10, 1)),
            p50: day(sim.percentile(50, 1)),
            p90: day(sim.percentile(90, 1)),
        }
    }
}

/// Folio `part`'s forecast at `as_of` (S14): simulated alone in its currency, its bounds from
/// `closed` (its closed months on or before `as_of`) when there are three or more, else from its
/// months computed now (S14.6).
pub fn folio_answer(
    part: &FolioPart,
    as_of: Date,
    ask: ForecastAsk,
    closed: &[MonthFigures],
) -> Result<FolioForecast, AnalyticsError> {
    let parts = std::slice::from_ref(part);
    let simulation = simulate(parts, part.currency, Decimal::ZERO, ask)?;
    let bounds = if closed.len() >= 3 {
        bounds(part, closed, "closedMonths")
    } else {
        bounds(part, &part.months, "computedMonths")
    };
    Ok(FolioForecast {
        folio_id: part.folio_id,
        as_of,
        currency_code: part.currency,
        histogram: simulation.histogram(),
        curve: simulation.curve(),
        drivers: simulation.drivers(parts),
        finish: simulation.finish(part, as_of),
        method: simulation.method,
        figures: simulation.figures,
        bounds,
    })
}

/// EAC's confidence limits of `part` (S14.6) from its months, `source` naming where they come
/// from.
fn bounds(part: &FolioPart, months: &[MonthFigures], source: &str) -> ForecastBounds {
    let ev = part.ev.unwrap_or(Decimal::ZERO);
    let b = cpi_bounds(months, part.planned_months, part.bac, ev, part.ac);
    let exact = |v: Option<Decimal>| v.map(Exact::of);
    ForecastBounds {
        source: source.to_owned(),
        months: b.months as u32,
        planned_months: part.planned_months as u32,
        cpi: part
            .ev
            .filter(|_| !part.ac.is_zero())
            .and_then(|ev| ev.checked_div(part.ac))
            .map(|c| Exact::of(four(c))),
        mean_log_cpi: exact(b.mean_log),
        sd_log_cpi: exact(b.sd_log),
        cpi_low: exact(b.cpi_low),
        cpi_high: exact(b.cpi_high),
        eac_low: b.eac_low.map(|e| Exact::of(part.currency.round(e))),
        eac_high: b.eac_high.map(|e| Exact::of(part.currency.round(e))),
        reason: b.reason,
    }
}
