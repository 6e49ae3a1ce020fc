//! Forecasts (S14): the simulation of the largest folio's 7,000 planned lines over 10,000
//! iterations (70 million draws), lines independent and correlated by category, against the
//! floor (a loop that only draws as many uniforms, same run); and the route
//! `GET /folio/{id}/forecast` on a folio of 2,000 planned positions and 5,000 planned expenses
//! over three years (costing and simulation). Run: `cargo bench --bench forecast`.

use std::hint::black_box;

use costfolio::analytics::forecast::{floor, forecast, Correlations, ForecastRun, SimLine};
use costfolio::api::Context;
use costfolio::model::budgeting::Estimate;
use costfolio::state::State;
use costfolio::value::Decimal;
use criterion::{criterion_group, criterion_main, Criterion};

const LINES: usize = 7_000;
const ITERATIONS: u32 = 10_000;

/// Five shapes of estimate, as a folio's categories and own estimates give them.
fn estimate(i: usize) -> Estimate {
    let (low, likely, high) = [
        (90, 100, 130),
        (80, 110, 200),
        (95, 100, 110),
        (70, 100, 150),
        (100, 120, 180),
    ][i % 5];
    Estimate::new(
        Decimal::new(low, 2),
        Decimal::new(likely, 2),
        Decimal::new(high, 2),
    )
    .unwrap()
}

fn run(correlated: bool) -> ForecastRun {
    let lines = (0..LINES)
        .map(|i| SimLine {
            remaining: 1_000_000 + (i as i128 * 7_919) % 50_000_000,
            estimate: estimate(i),
            folio: 0,
            category: i % 3,
        })
        .collect();
    let rho = if correlated {
        Decimal::new(3, 1)
    } else {
        Decimal::ZERO
    };
    let category = if correlated {
        Decimal::new(6, 1)
    } else {
        Decimal::ZERO
    };
    ForecastRun {
        actual: 123_456_789,
        lines,
        correlations: Correlations {
            between_folios: Decimal::ZERO,
            folios: vec![rho],
            categories: vec![category; 3],
        },
        seed: 20_140_101,
        iterations: ITERATIONS,
        until_steady: false,
    }
}

fn context() -> Context {
    costfolio_suite::context("2028-06-30T12:00:00", Some("ada"), false)
}

fn call(state: &mut State, method: &str, path: &str, body: Option<&str>) -> (u16, Vec<u8>) {
    costfolio_suite::budget_call(state, &context(), method, path, body)
}

fn simulation(c: &mut Criterion) {
    let mut group = c.benchmark_group("forecast");
    group.sample_size(10);
    group.bench_function("floor: 70M uniforms", |b| {
        b.iter(|| black_box(floor(1, LINES, ITERATIONS)))
    });
    let independent = run(false);
    group.bench_function("7000 lines x 10000, independent", |b| {
        b.iter(|| black_box(forecast(&independent).unwrap()))
    });
    let correlated = run(true);
    group.bench_function("7000 lines x 10000, correlated by category", |b| {
        b.iter(|| black_box(forecast(&correlated).unwrap()))
    });
    let mut state = costfolio_suite::largest_planned_folio(&context());
    group.bench_function(
        "GET /folio/1/forecast (7000 lines, 10000 iterations at most)",
        |b| {
            b.iter(|| {
                let (status, body) =
                    call(&mut state, "GET", "/folio/1/forecast?asOf=2028-06-30", None);
                assert_eq!(status, 200);
                black_box(body)
            })
        },
    );
    group.finish();
}

criterion_group!(benches, simulation);
criterion_main!(benches);
