//! Capacity of a range (S3): the segment computation against a day-by-day loop, in one group.
//! Run: `cargo bench --bench calendar`.

use std::hint::black_box;

use chrono::Days;
use costfolio::calendar::{Calendar, Holiday, HolidayKind, HolidayScheme, WorkloadScheme};
use costfolio::value::{Date, DateRange};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// Five years (2026-2030) with 200 holidays: 20 FIXED ones and 180 FLOATING half days.
fn five_years() -> (Calendar, DateRange) {
    let start: Date = "2026-01-01".parse().unwrap();
    let mut holidays = Vec::new();
    for i in 0..20u64 {
        let date = Date::from_naive(start.naive().checked_add_days(Days::new(i * 17)).unwrap());
        holidays.push(Holiday::new(HolidayKind::Fixed, date, 28_800).unwrap());
    }
    for i in 0..180u64 {
        let date = Date::from_naive(
            start
                .naive()
                .checked_add_days(Days::new(3 + i * 10))
                .unwrap(),
        );
        holidays.push(Holiday::new(HolidayKind::Floating, date, 14_400).unwrap());
    }
    let calendar = Calendar::new(WorkloadScheme::standard(), HolidayScheme::new(holidays));
    let range = DateRange::new(start, "2030-12-31".parse().unwrap()).unwrap();
    (calendar, range)
}

/// The peer: walk every day and add its capacity.
fn day_by_day(calendar: &Calendar, range: DateRange) -> u64 {
    let mut total = 0u64;
    let mut day = range.start().naive();
    while day <= range.end().naive() {
        total += u64::from(calendar.capacity_seconds(Date::from_naive(day)));
        day = day.succ_opt().unwrap();
    }
    total
}

fn capacity(c: &mut Criterion) {
    let (calendar, range) = five_years();
    let expected = day_by_day(&calendar, range);
    let mut group = c.benchmark_group("calendar/capacity");
    group.bench_function(BenchmarkId::new("segments", "5y_200_holidays"), |b| {
        b.iter(|| {
            assert_eq!(
                black_box(&calendar).capacity_seconds_in(black_box(range)),
                expected
            )
        })
    });
    group.bench_function(BenchmarkId::new("day_by_day", "5y_200_holidays"), |b| {
        b.iter(|| assert_eq!(day_by_day(black_box(&calendar), black_box(range)), expected))
    });
    group.finish();
}

criterion_group!(benches, capacity);
criterion_main!(benches);
