//! The forecast's simulation (S14.2 to S14.4) on random lines: certain lines give one sum, the
//! percentiles are ordered, the mean is the PERT means' sum, correlation widens the spread, and a
//! seed gives one answer.

use costfolio::analytics::forecast::{forecast, Correlations, ForecastRun, SimLine};
use costfolio::model::budgeting::Estimate;
use costfolio::value::Decimal;
use proptest::prelude::*;

/// A line of `remaining` minor units with the estimate `(low, likely, high)` in hundredths.
fn line(remaining: i128, (low, likely, high): (i64, i64, i64), category: usize) -> SimLine {
    SimLine {
        remaining,
        estimate: Estimate::new(
            Decimal::new(low, 2),
            Decimal::new(likely, 2),
            Decimal::new(high, 2),
        )
        .unwrap(),
        folio: 0,
        category,
    }
}

/// A run of `lines` at `correlation` (one category), `iterations` to the end.
fn run(lines: Vec<SimLine>, correlation: Decimal, seed: u64, iterations: u32) -> ForecastRun {
    ForecastRun {
        actual: 100_000,
        lines,
        correlations: Correlations {
            between_folios: Decimal::ZERO,
            folios: vec![correlation],
            categories: vec![correlation],
        },
        seed,
        iterations,
        until_steady: false,
    }
}

prop_compose! {
    /// A three-point estimate in hundredths: low <= likely <= high, all above 0.
    fn any_estimate()(low in 1i64..200, up in 0i64..100, more in 0i64..200) -> (i64, i64, i64) {
        (low, low + up, low + up + more)
    }
}

prop_compose! {
    fn any_lines()(lines in proptest::collection::vec((0i128..10_000_000, any_estimate()), 1..12))
        -> Vec<SimLine> {
        lines.into_iter().map(|(remaining, estimate)| line(remaining, estimate, 0)).collect()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// S14.4: with every factor 1 every percentile is AC + the remaining cost.
    #[test]
    fn certain_lines_have_one_sum(remainings in proptest::collection::vec(0i128..1_000_000_000, 1..20), seed: u64) {
        let lines = remainings.iter().map(|r| line(*r, (100, 100, 100), 0)).collect();
        let outcome = forecast(&run(lines, Decimal::ZERO, seed, 500)).unwrap();
        let planned = 100_000 + remainings.iter().sum::<i128>();
        let sim = &outcome.simulated;
        for p in [10, 50, 80, 90] {
            prop_assert_eq!(sim.percentile(p, 1), planned);
        }
        prop_assert_eq!(outcome.uncertain_lines, 0);
    }

    /// S14.4: P10 <= P50 <= P80 <= P90, between the lowest and the highest sum, each some
    /// iteration's own sum.
    #[test]
    fn percentiles_are_ordered_iterations(lines in any_lines(), seed: u64, rho in 0u32..=10) {
        let outcome = forecast(&run(lines, Decimal::new(i64::from(rho), 1), seed, 1_000)).unwrap();
        let sim = &outcome.simulated;
        let ps: Vec<i128> = [10, 50, 80, 90].iter().map(|p| sim.percentile(*p, 1)).collect();
        prop_assert!(ps.windows(2).all(|w| w[0] <= w[1]), "{:?}", ps);
        prop_assert!(sim.sorted[0] <= ps[0] && ps[3] <= *sim.sorted.last().unwrap());
        for p in ps {
            prop_assert!(sim.sorted.binary_search(&p).is_ok());
        }
    }

    /// S14.3: the same seed gives the same answer; another seed another.
    #[test]
    fn a_seed_gives_one_answer(lines in any_lines(), seed: u64) {
        let a = forecast(&run(lines.clone(), Decimal::new(3, 1), seed, 300)).unwrap();
        let b = forecast(&run(lines, Decimal::new(3, 1), seed, 300)).unwrap();
        prop_assert_eq!(a, b);
    }
}

/// S14.2: independent lines at 10,000 iterations: the mean within 1 % of the sum of the PERT
/// means, `AC + Σ remaining (a + 4m + b) / 6`.
#[test]
fn the_mean_is_the_pert_means_sum() {
    let shapes = [
        (90, 100, 140),
        (80, 120, 200),
        (100, 100, 300),
        (50, 90, 100),
        (95, 105, 110),
    ];
    let lines: Vec<SimLine> = (0..40)
        .map(|k| line(100_000 * (k + 1), shapes[k as usize % shapes.len()], 0))
        .collect();
    let expected: f64 = 100_000.0
        + lines
            .iter()
            .map(|l| {
                let f = |d: Decimal| d.to_string().parse::<f64>().unwrap();
                let (a, m, b) = (
                    f(l.estimate.low()),
                    f(l.estimate.likely()),
                    f(l.estimate.high()),
                );
                l.remaining as f64 * (a + 4.0 * m + b) / 6.0
            })
            .sum::<f64>();
    let outcome = forecast(&run(lines, Decimal::ZERO, 42, 10_000)).unwrap();
    let sim = &outcome.simulated;
    assert_eq!(sim.iterations, 10_000);
    let mean = sim.sum_of_sums as f64 / f64::from(sim.iterations);
    assert!(
        (mean - expected).abs() / expected < 0.01,
        "{mean} against {expected}"
    );
}

/// S14.2: lines that move together spread the sum wider than independent ones, and the rank
/// correlation of two lines is the one asked.
#[test]
fn correlation_widens_the_spread() {
    let lines: Vec<SimLine> = (0..30)
        .map(|_| line(5_000_000, (80, 100, 160), 0))
        .collect();
    let spread = |rho: Decimal| {
        let outcome = forecast(&run(lines.clone(), rho, 9, 5_000)).unwrap();
        outcome.simulated.percentile(90, 1) - outcome.simulated.percentile(10, 1)
    };
    let (none, half, full) = (
        spread(Decimal::ZERO),
        spread(Decimal::new(5, 1)),
        spread(Decimal::ONE),
    );
    assert!(none < half && half < full, "{none} {half} {full}");
    // Fully correlated identical lines are one line 30 times: the spread is 30 lines' spreads.
    assert!(full > 4 * none, "{none} {full}");
}

/// S14.4: the drivers are the widest lines, ordered by their rank correlation with the sum.
#[test]
fn the_widest_line_drives_most() {
    let mut lines: Vec<SimLine> = (0..20).map(|_| line(100_000, (90, 100, 120), 0)).collect();
    lines.push(line(500_000_000, (50, 100, 300), 0));
    let outcome = forecast(&run(lines, Decimal::ZERO, 3, 2_000)).unwrap();
    let drivers = &outcome.simulated.drivers;
    assert_eq!(drivers.len(), 10);
    assert_eq!(drivers[0].line, 20);
    assert!(drivers[0].rank_correlation > 9_900, "{:?}", drivers[0]);
    assert!(drivers
        .windows(2)
        .all(|w| w[0].rank_correlation >= w[1].rank_correlation));
}

/// S14.2: a run that is steady stops at a thousand's multiple, and says so.
#[test]
fn a_steady_run_stops_early() {
    let lines: Vec<SimLine> = (0..200)
        .map(|_| line(1_000_000, (90, 100, 130), 0))
        .collect();
    let mut asked = run(lines, Decimal::ZERO, 5, 10_000);
    asked.until_steady = true;
    let outcome = forecast(&asked).unwrap();
    assert!(outcome.simulated.steady);
    assert!(outcome.simulated.iterations < 10_000);
    assert_eq!(outcome.simulated.iterations % 1_000, 0);
}

/// Sums too large to count exactly are refused, not wrapped.
#[test]
fn a_sum_too_large_is_refused() {
    let lines = vec![line(10_i128.pow(30), (100, 100, 200), 0)];
    assert!(forecast(&run(lines, Decimal::ZERO, 1, 10)).is_err());
    // Each line within bounds, their sum beyond what a decimal holds.
    let lines = (0..10)
        .map(|_| line(10_i128.pow(28), (100, 100, 100), 0))
        .collect();
    assert!(forecast(&run(lines, Decimal::ZERO, 1, 10)).is_err());
}
