//! One simulation (S14.2 to S14.4): every iteration draws each uncertain line's factor, multiplies
//! its remaining cost by it (rounded as an atom is, S1.5) and adds the lines to the actual cost;
//! the iterations' sums, sorted, are what the percentiles, chances and histogram read.
//!
//! Money is counted in the currency's minor units as integers: a factor is drawn as a float,
//! then fixed to 6 decimal places, and the product of two exact numbers rounded, so no cent ever
//! goes through a float.

use std::collections::HashMap;

use rust_decimal::Decimal;

use super::draws::{QuantileTable, Stream};
use super::pert::PertShape;
use super::{Correlations, Driver, SimLine, Simulated};

/// The factor's fixed decimal places: a factor is a whole number of millionths.
const FACTOR_SCALE: i64 = 1_000_000;
/// Iterations between two looks at whether P50 and P90 still move.
const STEADY_BLOCK: u32 = 1_000;
/// How many lines, the widest first, are drawn again for their rank correlation.
const DRIVER_CANDIDATES: usize = 30;
/// How many drivers are answered.
const DRIVERS: usize = 10;

/// A line ready to draw: its remaining cost, its factor's range and shape, its weights.
struct Drawn {
    remaining: i128,
    /// Whether `remaining x` the largest factor fits 63 bits: counted in `i64`, whose division
    /// by a constant is a multiplication (an `i128` one is a call).
    small: bool,
    low: f64,
    span: f64,
    shape: usize,
    folio: usize,
    category: usize,
}

impl Drawn {
    /// The line's cost at `position` of its shape, in minor units.
    #[inline]
    fn amount(&self, position: f64) -> i128 {
        let factor = self.low + self.span * position;
        // Fixed to millionths, half up (the factor is above 0): truncating `x + 0.5` is the same
        // IEEE operation on every build, where `round` may be a library call.
        let millionths = (factor * FACTOR_SCALE as f64 + 0.5) as i64;
        if self.small {
            i128::from(times_small(self.remaining as i64, millionths))
        } else {
            times(self.remaining, millionths)
        }
    }
}

/// The weights of a line's shared normal factors (between folios, its folio's, its category's)
/// and of its own, whose squares add up to 1 (S14.2).
#[derive(Debug, Clone, Copy)]
struct Weights {
    portfolio: f64,
    folio: f64,
    category: f64,
    own: f64,
}

/// The Pearson correlation of the normal factors that gives the rank correlation `rank`
/// (Spearman's rho of a bivariate normal is `6/pi asin(r/2)`).
fn pearson(rank: Decimal) -> f64 {
    let rank: f64 = rank.to_string().parse().unwrap_or(0.0);
    2.0 * libm::sin(core::f64::consts::PI * rank / 6.0)
}

/// A decimal as the nearest float (its text, correctly rounded on every build).
fn float(value: Decimal) -> f64 {
    value.to_string().parse().unwrap_or(0.0)
}

/// An estimate's factor (at most 4 places, at most 100) as a whole number of millionths.
pub(super) fn millionths(factor: Decimal) -> i64 {
    let scaled = factor * Decimal::from(FACTOR_SCALE);
    i64::try_from(scaled.trunc().mantissa() / 10_i128.pow(scaled.trunc().scale())).unwrap_or(0)
}

/// [`times`] of a product that fits 63 bits.
fn times_small(value: i64, factor: i64) -> i64 {
    let product = value * factor;
    let half = FACTOR_SCALE / 2;
    if product >= 0 {
        (product + half) / FACTOR_SCALE
    } else {
        (product - half) / FACTOR_SCALE
    }
}

/// `value` x `factor` millionths, rounded half away from zero to a whole minor unit.
pub(super) fn times(value: i128, factor: i64) -> i128 {
    let product = value * i128::from(factor);
    let scale = i128::from(FACTOR_SCALE);
    let half = scale / 2;
    if product >= 0 {
        (product + half) / scale
    } else {
        (product - half) / scale
    }
}

/// The simulation's set-up: shapes by mode, the lines' weights, the stream.
struct Model<'a> {
    lines: Vec<Drawn>,
    shapes: Vec<PertShape>,
    weights: Vec<Weights>,
    quantiles: QuantileTable,
    stream: Stream,
    /// The shared factors drawn each iteration: 1 between folios, then each folio's, then each
    /// category's.
    factors: usize,
    folios: usize,
    correlated: bool,
    source: &'a [SimLine],
}

impl<'a> Model<'a> {
    fn new(lines: &'a [SimLine], correlations: &Correlations, seed: u64) -> Model<'a> {
        let mut shapes = Vec::new();
        let mut by_mode: HashMap<u64, usize> = HashMap::new();
        let mut drawn = Vec::new();
        for line in lines {
            let (low, likely, high) = (line.low(), line.likely(), line.high());
            let span = high - low;
            let mode = if span.is_zero() {
                0.5
            } else {
                float((likely - low) / span)
            };
            let shape = *by_mode.entry(mode.to_bits()).or_insert_with(|| {
                shapes.push(PertShape::new(mode));
                shapes.len() - 1
            });
            let largest = i128::from(millionths(high)).max(1);
            drawn.push(Drawn {
                remaining: line.remaining,
                small: line.remaining.abs() <= i128::from(i64::MAX) / largest,
                low: float(low),
                span: float(high) - float(low),
                shape,
                folio: line.folio,
                category: line.category,
            });
        }
        let folios = correlations.folios.len();
        let between = pearson(correlations.between_folios);
        let mut correlated = between > 0.0;
        let weights = lines
            .iter()
            .map(|line| {
                let folio = pearson(correlations.folios[line.folio]).max(between);
                let category = pearson(correlations.categories[line.category]).max(folio);
                correlated |= category > 0.0;
                Weights {
                    portfolio: libm::sqrt(between),
                    folio: libm::sqrt(folio - between),
                    category: libm::sqrt(category - folio),
                    own: libm::sqrt((1.0 - category).max(0.0)),
                }
            })
            .collect();
        if correlated {
            shapes = shapes.into_iter().map(PertShape::with_normal).collect();
        }
        Model {
            lines: drawn,
            shapes,
            weights,
            quantiles: QuantileTable::new(),
            stream: Stream::new(seed),
            factors: 1 + folios + correlations.categories.len(),
            folios,
            correlated,
            source: lines,
        }
    }

    /// Where iteration `i`'s numbers start in the stream.
    fn start(&self, i: u32) -> u64 {
        u64::from(i) * (self.factors + self.lines.len()) as u64
    }

    /// Iteration `i`'s shared factor `k`, a standard normal.
    fn shared(&self, i: u32, k: usize) -> f64 {
        self.quantiles
            .quantile(self.stream.uniform(self.start(i) + k as u64))
    }

    /// Line `j`'s place in the shared factors: its folio's and its category's.
    fn groups(&self, j: usize) -> (usize, usize) {
        let line = &self.lines[j];
        (1 + line.folio, 1 + self.folios + line.category)
    }

    /// Line `j`'s position in `[0, 1]` of its shape at iteration `i`, from its uniform's `bits` and,
    /// when lines are correlated, the iteration's shared factors `between`, `folio`, `category`.
    fn position(&self, j: usize, bits: u64, [between, folio, category]: [f64; 3]) -> f64 {
        let shape = &self.shapes[self.lines[j].shape];
        if !self.correlated {
            return shape.quantile_of_bits(bits);
        }
        let w = self.weights[j];
        let z = w.portfolio * between
            + w.folio * folio
            + w.category * category
            + w.own * self.quantiles.quantile_of_bits(bits);
        shape.of_normal(z)
    }

    /// Line `j`'s cost at `position` of its shape, in minor units.
    fn amount(&self, j: usize, position: f64) -> i128 {
        self.lines[j].amount(position)
    }
    /// Line `j`'s cost at iteration `i`, drawn alone (its shared factors drawn for it).
    fn draw_alone(&self, i: u32, j: usize) -> i128 {
        let (folio, category) = self.groups(j);
        let shared = if self.correlated {
            [
                self.shared(i, 0),
                self.shared(i, folio),
                self.shared(i, category),
            ]
        } else {
            [0.0; 3]
        };
        let bits = self.stream.bits(self.start(i) + (self.factors + j) as u64);
        self.amount(j, self.position(j, bits, shared))
    }

    /// Adds to `sums` (iterations `first..`) every line's cost: line by line, so that a line's
    /// tables stay at hand while its iterations are drawn.
    fn add_block(&self, first: u32, sums: &mut [i128]) {
        let width = self.factors;
        let shared: Vec<f64> = if self.correlated {
            (0..sums.len() as u32)
                .flat_map(|t| (0..width).map(move |k| (first + t, k)))
                .map(|(i, k)| self.shared(i, k))
                .collect()
        } else {
            Vec::new()
        };
        let stride = (self.factors + self.lines.len()) as u64;
        for j in 0..self.lines.len() {
            let (folio, category) = self.groups(j);
            let mut n = self.start(first) + (self.factors + j) as u64;
            if !self.correlated {
                // The common case, its loop kept lean: a uniform, a quantile, a product.
                let (line, shape) = (&self.lines[j], &self.shapes[self.lines[j].shape]);
                for sum in sums.iter_mut() {
                    let position = shape.quantile_of_bits(self.stream.bits(n));
                    *sum += line.amount(position);
                    n += stride;
                }
                continue;
            }
            let (line, shape, w) = (
                &self.lines[j],
                &self.shapes[self.lines[j].shape],
                self.weights[j],
            );
            for (row, sum) in shared.chunks_exact(width).zip(sums.iter_mut()) {
                // The same operations, in the same order, as `position`.
                let z = w.portfolio * row[0]
                    + w.folio * row[folio]
                    + w.category * row[category]
                    + w.own * self.quantiles.quantile_of_bits(self.stream.bits(n));
                *sum += line.amount(shape.of_normal(z));
                n += stride;
            }
        }
    }
}

/// The sums' 50th and 90th percentiles, by nearest rank.
fn p50_p90(sums: &[i128]) -> (i128, i128) {
    let mut sorted = sums.to_vec();
    sorted.sort_unstable();
    (rank_of(&sorted, 50, 1), rank_of(&sorted, 90, 1))
}

/// The `percent`/`per`-th percentile of `sorted` by nearest rank: an iteration's own sum.
pub(super) fn rank_of(sorted: &[i128], percent: u64, per: u64) -> i128 {
    let n = sorted.len() as u64;
    let rank = (percent * n).div_ceil(100 * per).clamp(1, n.max(1));
    sorted.get(rank as usize - 1).copied().unwrap_or(0)
}

/// Whether `now` moved less than 0.1 % from `before`.
fn steady(before: i128, now: i128) -> bool {
    (now - before).abs() * 1000 <= before.abs()
}

/// The ranks of `values` from 1, ties given their average rank (doubled, to stay whole).
fn doubled_ranks(values: &[i128]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by_key(|&k| values[k]);
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        let rank = (start + end + 2) as f64;
        for &k in &order[start..=end] {
            ranks[k] = rank;
        }
        start = end + 1;
    }
    ranks
}

/// Pearson's correlation of two series (of ranks: Spearman's rho).
fn correlation(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    if sxx == 0.0 || syy == 0.0 {
        0.0
    } else {
        sxy / libm::sqrt(sxx * syy)
    }
}

/// Runs the simulation of `lines` (the uncertain ones) over `base` (actual cost and the certain
/// lines), `iterations` at most.
pub(super) fn simulate(
    base: i128,
    lines: &[SimLine],
    correlations: &Correlations,
    seed: u64,
    iterations: u32,
    until_steady: bool,
) -> Simulated {
    let model = Model::new(lines, correlations, seed);
    let mut sums: Vec<i128> = Vec::with_capacity(iterations as usize);
    let mut last: Option<(i128, i128)> = None;
    let mut is_steady = false;
    let mut first = 0;
    while first < iterations {
        let count = STEADY_BLOCK.min(iterations - first);
        let mut block = vec![base; count as usize];
        model.add_block(first, &mut block);
        sums.extend(block);
        first += count;
        if until_steady && first % STEADY_BLOCK == 0 && first < iterations {
            let now = p50_p90(&sums);
            if let Some(before) = last {
                if steady(before.0, now.0) && steady(before.1, now.1) {
                    is_steady = true;
                    break;
                }
            }
            last = Some(now);
        }
    }
    let drivers = drivers(&model, &sums);
    let total: i128 = sums.iter().sum();
    let mut sorted = sums;
    sorted.sort_unstable();
    Simulated {
        iterations: sorted.len() as u32,
        steady: is_steady,
        sum_of_sums: total,
        sorted,
        drivers,
    }
}

/// The lines that drive the spread: of the widest candidates (remaining cost x the standard
/// deviation of their PERT factor), the ten with the strongest rank correlation with the sum.
fn drivers(model: &Model<'_>, sums: &[i128]) -> Vec<Driver> {
    let mut widths: Vec<(usize, f64)> = model
        .source
        .iter()
        .enumerate()
        .map(|(j, line)| {
            let (a, m, b) = (float(line.low()), float(line.likely()), float(line.high()));
            let mean = (a + 4.0 * m + b) / 6.0;
            let sd = libm::sqrt(((mean - a) * (b - mean) / 7.0).max(0.0));
            (j, sd * line.remaining as f64)
        })
        .filter(|(_, width)| *width > 0.0)
        .collect();
    widths.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    widths.truncate(DRIVER_CANDIDATES);
    let sum_ranks = doubled_ranks(sums);
    let mut found: Vec<Driver> = widths
        .into_iter()
        .map(|(j, _)| {
            let costs: Vec<i128> = (0..sums.len() as u32)
                .map(|i| model.draw_alone(i, j))
                .collect();
            let rho = correlation(&doubled_ranks(&costs), &sum_ranks);
            let mut sorted = costs;
            sorted.sort_unstable();
            Driver {
                line: j,
                rank_correlation: (rho * 10_000.0).round() as i64,
                p10: rank_of(&sorted, 10, 1),
                p90: rank_of(&sorted, 90, 1),
            }
        })
        .collect();
    found.sort_by(|a, b| {
        b.rank_correlation
            .cmp(&a.rank_correlation)
            .then(a.line.cmp(&b.line))
    });
    found.truncate(DRIVERS);
    found
}

/// A loop that only draws as many uniforms as a simulation of `lines` lines and `iterations`
/// iterations does: the floor its time is measured against (docs/performance.md).
pub fn floor(seed: u64, lines: usize, iterations: u32) -> u64 {
    let stream = Stream::new(seed);
    let mut acc = 0u64;
    for n in 0..(lines as u64 * u64::from(iterations)) {
        acc = acc.wrapping_add(stream.uniform(n).to_bits());
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::budgeting::Estimate;

    fn lines() -> Vec<SimLine> {
        (0..12)
            .map(|k| SimLine {
                remaining: 1_000_000 + k * 12_345,
                estimate: Estimate::new(
                    Decimal::new(80 + k as i64, 2),
                    Decimal::new(100 + 2 * k as i64, 2),
                    Decimal::new(150 + 5 * k as i64, 2),
                )
                .unwrap(),
                folio: (k % 2) as usize,
                category: (k % 4) as usize,
            })
            .collect()
    }

    /// A line drawn alone (for the drivers) costs what the block drew for it.
    #[test]
    fn a_line_drawn_alone_is_the_line_drawn_in_its_block() {
        for rho in [Decimal::ZERO, Decimal::new(4, 1)] {
            let lines = lines();
            let correlations = Correlations {
                between_folios: rho / Decimal::TWO,
                folios: vec![rho; 2],
                categories: vec![rho, Decimal::new(7, 1), rho, Decimal::ONE],
            };
            let model = Model::new(&lines, &correlations, 99);
            let mut block = vec![0i128; 50];
            model.add_block(1_000, &mut block);
            for (t, sum) in block.iter().enumerate() {
                let alone: i128 = (0..lines.len())
                    .map(|j| model.draw_alone(1_000 + t as u32, j))
                    .sum();
                assert_eq!(*sum, alone, "{rho} {t}");
            }
        }
    }
}
