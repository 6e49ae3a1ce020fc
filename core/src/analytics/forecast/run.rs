//! One simulation (S14.2 to S14.4): every iteration draws each uncertain line's factor, multiplies
//! its remaining cost by it (rounded as an atom is, S1.5) and adds the lines to the actual cost;
//! the iterations' sums, sorted, are what the percentiles, chances and histogram read.
//!
//! Money is counted in the currency's minor units as integers: a factor is drawn as a float,
//! then fixed to 6 decimal places, and the product of two exact numbers rounded, so no cent ever
//! goes through a float.

use std::collections::HashMap;

use rust_decimal::Decimal;

use super::draws::{normal_quantile, NormalTable, Stream};
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
    low: f64,
    span: f64,
    shape: usize,
    folio: usize,
    category: usize,
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
    normal: NormalTable,
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
            drawn.push(Drawn {
                remaining: line.remaining,
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
        Model {
            lines: drawn,
            shapes,
            weights,
            normal: NormalTable::new(),
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

    /// Iteration `i`'s shared factors, as standard normals.
    fn shared(&self, i: u32, into: &mut Vec<f64>) {
        into.clear();
        let start = self.start(i);
        if self.correlated {
            into.extend(
                (0..self.factors as u64).map(|k| normal_quantile(self.stream.uniform(start + k))),
            );
        }
    }

    /// Line `j`'s cost at iteration `i` (its shared factors `shared`), in minor units.
    fn draw(&self, i: u32, j: usize, shared: &[f64]) -> i128 {
        let line = &self.lines[j];
        let factors = if self.correlated {
            [
                shared[0],
                shared[1 + line.folio],
                shared[1 + self.folios + line.category],
            ]
        } else {
            [0.0; 3]
        };
        self.cost(i, j, factors)
    }

    /// Line `j`'s cost at iteration `i` drawn alone: only the shared factors it reads are drawn.
    fn draw_alone(&self, i: u32, j: usize) -> i128 {
        let line = &self.lines[j];
        let start = self.start(i);
        let factor = |k: usize| normal_quantile(self.stream.uniform(start + k as u64));
        let factors = if self.correlated {
            [
                factor(0),
                factor(1 + line.folio),
                factor(1 + self.folios + line.category),
            ]
        } else {
            [0.0; 3]
        };
        self.cost(i, j, factors)
    }

    /// Line `j`'s cost at iteration `i` given the shared factors between folios, of its folio and
    /// of its category.
    fn cost(&self, i: u32, j: usize, [between, folio, category]: [f64; 3]) -> i128 {
        let line = &self.lines[j];
        let mut u = self
            .stream
            .uniform(self.start(i) + (self.factors + j) as u64);
        if self.correlated {
            let w = self.weights[j];
            let z = w.portfolio * between
                + w.folio * folio
                + w.category * category
                + w.own * normal_quantile(u);
            u = self.normal.cdf(z).min(1.0 - f64::EPSILON);
        }
        let factor = line.low + line.span * self.shapes[line.shape].quantile(u);
        times(
            line.remaining,
            (factor * FACTOR_SCALE as f64).round() as i64,
        )
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
    let mut shared = Vec::new();
    let mut last: Option<(i128, i128)> = None;
    let mut is_steady = false;
    for i in 0..iterations {
        model.shared(i, &mut shared);
        let mut sum = base;
        for j in 0..model.lines.len() {
            sum += model.draw(i, j, &shared);
        }
        sums.push(sum);
        let drawn = i + 1;
        if until_steady && drawn % STEADY_BLOCK == 0 && drawn < iterations {
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
