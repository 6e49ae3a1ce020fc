//! Forecasts with their confidence (S14): a Monte Carlo simulation of the remaining cost of a
//! folio's (or a portfolio's) planned lines, and EAC's statistical bounds from its monthly CPI.
//!
//! Pure computation: the seed is an input, nothing reads a clock or the platform's randomness,
//! and every float operation is IEEE's or `libm`'s, so a seed gives the same answer natively and
//! in wasm. Money stays in whole minor units (`draws`: the generator and the normal
//! distribution; `pert`: the three-point distribution; `run`: the iterations; `bounds`: Lipke's
//! limits).

mod bounds;
mod draws;
mod pert;
mod run;

use rust_decimal::Decimal;

pub use bounds::{cpi_bounds, CpiBounds, MonthFigures};
pub use run::floor;

use super::AnalyticsError;
use crate::model::budgeting::Estimate;

/// The default number of iterations (S14.2).
pub const DEFAULT_ITERATIONS: u32 = 10_000;
/// The most iterations a forecast draws.
pub const MAX_ITERATIONS: u32 = 100_000;
/// The seed of a forecast that names none (S14.3).
pub const DEFAULT_SEED: u64 = 20_140_101;
/// The largest seed: what a JavaScript number holds exactly, so the planner can say it back.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// The generator's name, as an answer gives it.
pub const GENERATOR: &str = "splitmix64";

/// The largest a line's remaining cost may be, in minor units, for its products to stay exact.
const LARGEST_REMAINING: i128 = 10_i128.pow(28);
/// The largest sum an iteration may reach, in minor units: what a decimal holds (2^96 - 1), so
/// that every figure of the answer is one.
const LARGEST_SUM: i128 = (1 << 96) - 1;

/// One line of a forecast: a planned cost's remaining cost and how uncertain it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimLine {
    /// Its planned cost after the as-of date, in the currency's minor units.
    pub remaining: i128,
    /// Its three points.
    pub estimate: Estimate,
    /// Its folio's index in [`Correlations::folios`].
    pub folio: usize,
    /// Its category's index in [`Correlations::categories`] (a category of one folio).
    pub category: usize,
}

impl SimLine {
    fn low(&self) -> Decimal {
        self.estimate.low()
    }
    fn likely(&self) -> Decimal {
        self.estimate.likely()
    }
    fn high(&self) -> Decimal {
        self.estimate.high()
    }
}

/// The rank correlations between lines (S14.2): of lines of different folios, of one folio's, of
/// one category's; a narrower group's lines are at least as correlated as a wider one's.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Correlations {
    /// Between lines of different folios.
    pub between_folios: Decimal,
    /// Between the lines of each folio.
    pub folios: Vec<Decimal>,
    /// Between the lines of each category of a folio.
    pub categories: Vec<Decimal>,
}

/// What a forecast is run on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForecastRun {
    /// The actual cost to date, in minor units: never simulated.
    pub actual: i128,
    /// The lines.
    pub lines: Vec<SimLine>,
    /// Their correlations.
    pub correlations: Correlations,
    /// The generator's seed.
    pub seed: u64,
    /// The most iterations.
    pub iterations: u32,
    /// Whether to stop once P50 and P90 moved less than 0.1 % over the last 1,000 iterations.
    pub until_steady: bool,
}

/// A line that drives the spread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Driver {
    /// Its index in [`ForecastRun::lines`].
    pub line: usize,
    /// Its rank correlation with the sum, in ten-thousandths.
    pub rank_correlation: i64,
    /// The 10th percentile of its cost, in minor units.
    pub p10: i128,
    /// The 90th percentile of its cost, in minor units.
    pub p90: i128,
}

/// The iterations of a simulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Simulated {
    /// How many were drawn.
    pub iterations: u32,
    /// Whether they stopped early, P50 and P90 steady.
    pub steady: bool,
    /// The sums, added up (for the mean).
    pub sum_of_sums: i128,
    /// Each iteration's sum, from the lowest.
    pub sorted: Vec<i128>,
    /// The lines that drive the spread most, the strongest first.
    pub drivers: Vec<Driver>,
}

impl Simulated {
    /// The `percent`th percentile by nearest rank (`percent` in tenths when `per` is 10): an
    /// iteration's own sum (S14.4).
    pub fn percentile(&self, percent: u64, per: u64) -> i128 {
        run::rank_of(&self.sorted, percent, per)
    }

    /// How many iterations' sums are at or below `figure`.
    pub fn at_or_below(&self, figure: i128) -> usize {
        self.sorted.partition_point(|sum| *sum <= figure)
    }
}

/// A forecast's outcome: the simulation and what was certain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The iterations.
    pub simulated: Simulated,
    /// The remaining cost of every line, every factor 1, in minor units.
    pub remaining: i128,
    /// How many lines were drawn.
    pub uncertain_lines: usize,
    /// How many lines were certain (low = high, or nothing remaining).
    pub certain_lines: usize,
    /// The index in [`ForecastRun::lines`] of each line drawn, in the order drawn.
    pub drawn: Vec<usize>,
}

/// Runs the forecast `run` (S14.2): lines whose estimate is certain (`low = high`) or that have
/// nothing left are added as they are; the others are drawn. Refuses sums too large to count.
pub fn forecast(run: &ForecastRun) -> Result<Outcome, AnalyticsError> {
    let mut base = run.actual;
    let mut remaining: i128 = 0;
    let mut uncertain = Vec::new();
    let mut drawn = Vec::new();
    let mut widest: i128 = run.actual.abs();
    for (index, line) in run.lines.iter().enumerate() {
        if line.remaining.abs() > LARGEST_REMAINING {
            return Err(AnalyticsError::Overflow);
        }
        remaining = remaining
            .checked_add(line.remaining)
            .ok_or(AnalyticsError::Overflow)?;
        let high = run::times(line.remaining, run::millionths(line.high()));
        widest = widest
            .checked_add(high.abs())
            .ok_or(AnalyticsError::Overflow)?;
        if line.low() == line.high() || line.remaining == 0 {
            base = base.checked_add(high).ok_or(AnalyticsError::Overflow)?;
        } else {
            uncertain.push(line.clone());
            drawn.push(index);
        }
    }
    // Every sum is at most the widest: it fits a decimal, and the sum of the sums an i128.
    if widest > LARGEST_SUM {
        return Err(AnalyticsError::Overflow);
    }
    let mut simulated = run::simulate(
        base,
        &uncertain,
        &run.correlations,
        run.seed,
        run.iterations.clamp(1, MAX_ITERATIONS),
        run.until_steady,
    );
    for driver in &mut simulated.drivers {
        driver.line = drawn[driver.line];
    }
    Ok(Outcome {
        simulated,
        remaining,
        uncertain_lines: uncertain.len(),
        certain_lines: run.lines.len() - uncertain.len(),
        drawn,
    })
}
