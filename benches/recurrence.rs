//! Recurrence expansion (S4) against the `rrule` crate doing the same, in the same groups.
//!
//! Cases are named `recurrence/<operation>/<case>`; every timed closure checks its result, so a
//! fast wrong answer cannot pass. Run: `cargo bench --bench recurrence`.

use std::hint::black_box;

use chrono::{Datelike, NaiveDate, TimeZone};
use costfolio::model::budgeting::Recurrence;
use costfolio::model::from_json;
use costfolio::recurrence::RecurrenceRule;
use costfolio::value::{Date, DateRange};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn d(text: &str) -> Date {
    text.parse().unwrap()
}

/// Our rule, in a folio ending on `folio_end` (the default end of a series without limits).
fn ours(json: &str, folio_end: &str) -> RecurrenceRule {
    let wire: Recurrence = from_json(json.as_bytes()).unwrap();
    RecurrenceRule::new(&wire, d(folio_end)).unwrap()
}

fn theirs(start: &str, rule: &str) -> rrule::RRuleSet {
    let start = start.replace('-', "");
    format!("DTSTART:{start}T000000Z\nRRULE:{rule}")
        .parse()
        .unwrap()
}

fn utc(date: NaiveDate) -> chrono::DateTime<rrule::Tz> {
    rrule::Tz::UTC
        .with_ymd_and_hms(date.year(), date.month(), date.day(), 0, 0, 0)
        .unwrap()
}

/// Long series: every occurrence of 100,000 (50,000 for monthly, which reaches year 6166).
fn long_series(c: &mut Criterion) {
    let cases = [
        (
            "daily",
            "2000-01-01",
            r#"{"kind":".Daily","startDate":"2000-01-01","occurrences":100000}"#,
            "FREQ=DAILY;COUNT=100000",
            100_000u64,
        ),
        (
            "weekly",
            "2000-01-03",
            r#"{"kind":".Weekly","startDate":"2000-01-03","recurrenceOn":[1,3,5],"occurrences":100000}"#,
            "FREQ=WEEKLY;WKST=MO;BYDAY=MO,WE,FR;COUNT=100000",
            100_000,
        ),
        (
            "monthly",
            "2000-01-15",
            r#"{"kind":".Monthly","startDate":"2000-01-15","occurrences":50000}"#,
            "FREQ=MONTHLY;COUNT=50000",
            50_000,
        ),
    ];
    let mut group = c.benchmark_group("recurrence/expand");
    for (name, start, json, rfc, count) in cases {
        let rule = ours(json, "9999-12-31");
        let last = rule.nth(count - 1).unwrap();
        group.throughput(Throughput::Elements(count));
        group.bench_function(BenchmarkId::new("costfolio", name), |b| {
            b.iter(|| {
                let mut n = 0u64;
                let mut latest = None;
                for date in black_box(&rule).iter() {
                    n += 1;
                    latest = Some(date);
                }
                assert_eq!((n, latest), (count, Some(last)));
            })
        });
        let set = theirs(start, rfc);
        group.bench_function(BenchmarkId::new("rrule", name), |b| {
            b.iter(|| {
                let mut n = 0u64;
                let mut latest = None;
                for at in black_box(&set) {
                    n += 1;
                    latest = Some(at.date_naive());
                }
                assert_eq!((n, latest), (count, Some(last.naive())));
            })
        });
    }
    group.finish();
}

/// One month, ten years after the start of a weekly series (and, for flatness, 1 and 100 years).
fn window(c: &mut Criterion) {
    // A series with no limits of its own ends with its folio (S4.1): 2120, 18,800 occurrences.
    let rule = ours(
        r#"{"kind":".Weekly","startDate":"2000-01-03","recurrenceOn":[1,3,5]}"#,
        "2120-12-31",
    );
    let mut group = c.benchmark_group("recurrence/window");
    for years in [1, 10, 100] {
        let first = NaiveDate::from_ymd_opt(2000 + years, 3, 1).unwrap();
        let last = NaiveDate::from_ymd_opt(2000 + years, 3, 31).unwrap();
        let range = DateRange::new(Date::from_naive(first), Date::from_naive(last)).unwrap();
        let expected: Vec<Date> = rule.iter().filter(|x| range.contains(*x)).collect();
        assert!(expected.len() >= 12);
        group.bench_function(BenchmarkId::new("costfolio", format!("{years}y")), |b| {
            b.iter(|| {
                let got: Vec<Date> = black_box(&rule).occurrences_in(black_box(range)).collect();
                assert_eq!(got, expected);
            })
        });
        if years <= 10 {
            let set = theirs("2000-01-03", "FREQ=WEEKLY;WKST=MO;BYDAY=MO,WE,FR");
            let expected_naive: Vec<NaiveDate> = expected.iter().map(|x| x.naive()).collect();
            group.bench_function(BenchmarkId::new("rrule", format!("{years}y")), |b| {
                b.iter(|| {
                    let got = black_box(set.clone())
                        .after(utc(first))
                        .before(utc(last))
                        .all_unchecked();
                    let got: Vec<NaiveDate> = got.iter().map(|x| x.date_naive()).collect();
                    assert_eq!(got, expected_naive);
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, long_series, window);
criterion_main!(benches);
