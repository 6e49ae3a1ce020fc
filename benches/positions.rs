//! Position costing (S6) against the plain day-by-day reference of tests/support, and worklog
//! aggregation against a map keyed by (author, date). Run: `cargo bench --bench positions`.

use std::collections::HashMap;
use std::hint::black_box;

use chrono::Days;
use costfolio::calendar::{Calendar, Holiday, HolidayKind, HolidayScheme, WorkloadScheme};
use costfolio::model::budgeting::{
    Allocation, OvertimeFrequency, OvertimeRule, PositionKind, Rate,
};
use costfolio::schedule::position::{CostBasis, PositionInput, PositionPlan};
use costfolio::schedule::{aggregate_worklogs, FolioFrame, Granularity};
use costfolio::value::{Coefficient, Date, DateRange, Decimal, HourlyRate, Hours, Percentage};
use costfolio_suite::reference;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn day(offset: u64) -> Date {
    let origin: Date = "2026-01-01".parse().unwrap();
    Date::from_naive(origin.naive().checked_add_days(Days::new(offset)).unwrap())
}

fn calendar(holidays: u64, span: u64) -> Calendar {
    let list = (0..holidays).map(|i| {
        let seconds = if i % 3 == 0 { 14_400 } else { 28_800 };
        Holiday::new(HolidayKind::Floating, day(i * span / holidays + 2), seconds).unwrap()
    });
    Calendar::new(WorkloadScheme::standard(), HolidayScheme::new(list))
}

fn frame(days: u64) -> FolioFrame {
    FolioFrame {
        period: DateRange::new(day(0), day(days - 1)).unwrap(),
        currency: "EUR".parse().unwrap(),
    }
}

fn rates(count: u64, span: u64, seed: u64) -> Vec<Rate> {
    (0..count)
        .map(|i| Rate {
            rate: HourlyRate::new(Decimal::new(
                i64::try_from(4_000 + (seed * 37 + i * 113) % 6_000).unwrap(),
                2,
            ))
            .unwrap(),
            start_date: day(i * span / count),
            deleted_on: None,
            id: None,
        })
        .collect()
}

/// One team member over five years: 20 rate changes, 50 holidays, a WEEKLY 35-hour rule at 1.5,
/// full time (40 h a week, so every full week has 5 h of overtime).
fn one_position(c: &mut Criterion) {
    let span = 5 * 365;
    let calendar = calendar(50, span);
    let folio = frame(span);
    let allocations = [Allocation {
        start_date: day(0),
        end_date: day(span - 1),
        deleted_on: None,
        percentage: Percentage::new(Decimal::ONE_HUNDRED).unwrap(),
        id: None,
    }];
    let rates = rates(20, span, 1);
    let rule = OvertimeRule {
        id: None,
        name: "weekly".into(),
        regular_hours: Hours::new(Decimal::from(35)).unwrap(),
        frequency: OvertimeFrequency::Weekly,
        coefficient: Coefficient::new(Decimal::new(15, 1)).unwrap(),
        deleted_on: None,
    };
    let input = PositionInput {
        kind: PositionKind::TeamMember,
        allocations: &allocations,
        rates: &rates,
        hours: &[],
        deleted: false,
        overtime: Some(&rule),
        synced: None,
    };
    let basis = CostBasis::new(folio, &calendar);
    let expected: Decimal = reference::position_lines(&input, &basis, Granularity::Month)
        .iter()
        .map(|l| l.amount + l.overtime_amount)
        .sum();
    let mut group = c.benchmark_group("positions/one");
    group.bench_function(
        BenchmarkId::new("segments", "5y_20_rates_50_holidays_weekly_ot"),
        |b| {
            b.iter(|| {
                let lines = PositionPlan::new(black_box(input), black_box(&basis))
                    .unwrap()
                    .lines(Granularity::Month)
                    .unwrap();
                let total: Decimal = lines.iter().map(|l| l.total_amount()).sum();
                assert_eq!(total, expected);
            })
        },
    );
    group.bench_function(
        BenchmarkId::new("day_by_day", "5y_20_rates_50_holidays_weekly_ot"),
        |b| {
            b.iter(|| {
                let lines = reference::position_lines(
                    black_box(&input),
                    black_box(&basis),
                    Granularity::Month,
                );
                let total: Decimal = lines.iter().map(|l| l.amount + l.overtime_amount).sum();
                assert_eq!(total, expected);
            })
        },
    );
    group.finish();
}

/// 2,000 planned positions over three years: each with one or two allocation periods at assorted
/// percentages and 1 to 4 rates; the folio's calendar has 30 holidays.
fn folio_of_2000(c: &mut Criterion) {
    let span = 3 * 365;
    let calendar = calendar(30, span);
    let folio = frame(span);
    let positions: Vec<(Vec<Allocation>, Vec<Rate>)> = (0..2_000u64)
        .map(|i| {
            let split = 100 + (i * 7) % 800;
            let percentage = |p: u64| Percentage::new(Decimal::from(p)).unwrap();
            let allocations = vec![
                Allocation {
                    start_date: day(0),
                    end_date: day(split),
                    deleted_on: None,
                    percentage: percentage(100),
                    id: None,
                },
                Allocation {
                    start_date: day(split + 1),
                    end_date: day(span - 1),
                    deleted_on: None,
                    percentage: percentage(20 + (i * 13) % 80),
                    id: None,
                },
            ];
            (allocations, rates(1 + i % 4, span, i))
        })
        .collect();
    let inputs: Vec<PositionInput> = positions
        .iter()
        .map(|(allocations, rates)| PositionInput {
            kind: PositionKind::PlannedPositionByTimeFrame,
            allocations,
            rates,
            hours: &[],
            deleted: false,
            overtime: None,
            synced: None,
        })
        .collect();
    let basis = CostBasis::new(folio, &calendar);
    let person_days: u64 = calendar.working_days_in(folio.period) * 2_000;
    let expected: Decimal = inputs
        .iter()
        .flat_map(|input| reference::position_lines(input, &basis, Granularity::Month))
        .map(|l| l.amount)
        .sum();
    let mut group = c.benchmark_group("positions/folio");
    group.throughput(Throughput::Elements(person_days));
    group.sample_size(20);
    group.bench_function(BenchmarkId::new("segments", "2000_positions_3y"), |b| {
        b.iter(|| {
            let mut total = Decimal::ZERO;
            for input in black_box(&inputs) {
                for line in PositionPlan::new(*input, &basis)
                    .unwrap()
                    .lines(Granularity::Month)
                    .unwrap()
                {
                    total += line.amount;
                }
            }
            assert_eq!(total, expected);
        })
    });
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("day_by_day", "2000_positions_3y"), |b| {
        b.iter(|| {
            let mut total = Decimal::ZERO;
            for input in black_box(&inputs) {
                for line in reference::position_lines(input, &basis, Granularity::Month) {
                    total += line.amount;
                }
            }
            assert_eq!(total, expected);
        })
    });
    group.finish();
}

/// One million worklogs of 500 people over three years, into hours per person and day.
fn worklogs(c: &mut Criterion) {
    let span = 3 * 365;
    let window = frame(span).period;
    let authors: Vec<String> = (0..500).map(|i| format!("user-{i:03}")).collect();
    let logs: Vec<(&str, Date, u64)> = (0..1_000_000u64)
        .map(|i| {
            (
                authors[(i * 7919 % 500) as usize].as_str(),
                day(i * 104_729 % span),
                900 + (i % 16) * 900,
            )
        })
        .collect();
    let expected_total: u64 = logs.iter().map(|l| l.2).sum();
    let mut group = c.benchmark_group("positions/worklogs");
    group.throughput(Throughput::Elements(logs.len() as u64));
    group.sample_size(20);
    group.bench_function(BenchmarkId::new("costfolio", "1m_worklogs"), |b| {
        b.iter(|| {
            let by_author = aggregate_worklogs(black_box(&logs).iter().copied(), window);
            let total: u64 = by_author.values().map(|h| h.total_seconds()).sum();
            assert_eq!(total, expected_total);
        })
    });
    group.bench_function(BenchmarkId::new("hash_map", "1m_worklogs"), |b| {
        b.iter(|| {
            let mut map: HashMap<(&str, Date), u64> = HashMap::new();
            for &(author, date, seconds) in black_box(&logs) {
                if window.contains(date) {
                    *map.entry((author, date)).or_insert(0) += seconds;
                }
            }
            let total: u64 = map.values().sum();
            assert_eq!(total, expected_total);
        })
    });
    group.finish();
}

criterion_group!(benches, one_position, folio_of_2000, worklogs);
criterion_main!(benches);
