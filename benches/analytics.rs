//! Folio analytics (S9): indicators and a monthly timeline of a folio of 2,000 positions and 5,000
//! expenses over three years, from scratch and after changing one position (the ledger replaces
//! that position's series only), on the ledgers directly and through the folio book. Run:
//! `cargo bench --bench analytics`.

use std::collections::HashMap;
use std::hint::black_box;

use chrono::Days;
use costfolio::analytics::baseline::Items;
use costfolio::analytics::{
    indicators, timeline, BookParts, Change, CostContext, FolioBook, FolioTerms, Ledger, Periods,
    PlannedSide, Series,
};
use costfolio::calendar::{Calendar, Holiday, HolidayKind, HolidayScheme, WorkloadScheme};
use costfolio::model::budgeting::{
    Allocation, EacMethod, Expense, Folio, PlannedValueMethod, PositionKind, Rate, ScopeHistory,
    ScopeItem, ScopeVersion,
};
use costfolio::model::{from_json, Id};
use costfolio::schedule::position::{CostBasis, PositionRecord};
use costfolio::schedule::{ExchangeRates, Granularity};
use costfolio::value::{Date, Decimal, HourlyRate, Percentage};
use costfolio_suite::golden;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

fn day(offset: u64) -> Date {
    let origin: Date = "2026-01-01".parse().unwrap();
    Date::from_naive(origin.naive().checked_add_days(Days::new(offset)).unwrap())
}

fn folio() -> Folio {
    let mut body: serde_json::Value = serde_json::from_str(&golden("folio-create.json")).unwrap();
    body["startDate"] = "2026-01-01".into();
    body["endDate"] = "2028-12-31".into();
    body["currencyCode"] = "EUR".into();
    body["withRevenue"] = true.into();
    from_json(body.to_string().as_bytes()).unwrap()
}

fn rate(cents: u64, start: Date) -> Rate {
    Rate {
        rate: HourlyRate::new(Decimal::new(cents as i64, 2)).unwrap(),
        start_date: start,
        deleted_on: None,
        id: None,
    }
}

fn items() -> Items {
    let span = 3 * 365 + 1;
    let positions = (0..2_000u64)
        .map(|i| {
            let (kind, revenue) = match i % 20 {
                0..=13 => (PositionKind::PlannedPositionByTimeFrame, false),
                14 | 15 => (PositionKind::PlannedPositionByTimeFrame, true),
                16..=18 => (PositionKind::TeamMember, false),
                _ => (PositionKind::ConsultingRevenue, false),
            };
            let from = (i * 37) % 200;
            let to = span - 1 - (i * 53) % 300;
            PositionRecord {
                id: Id::new(i + 1),
                kind,
                revenue,
                allocations: vec![Allocation {
                    start_date: day(from),
                    end_date: day(to),
                    deleted_on: None,
                    percentage: Percentage::new(Decimal::from(20 + i % 81)).unwrap(),
                    id: None,
                }],
                rates: (0..1 + i % 3)
                    .map(|k| rate(4_000 + (i * 31 + k * 700) % 9_000, day(k * 300)))
                    .collect(),
                hours: vec![],
                ot_rule_id: None,
                deleted_on: None,
                realises: None,
                complete: false,
                estimate: None,
            }
        })
        .collect();
    let kinds = [
        (".PlannedExpense", "OPEX"),
        (".ActualExpense", "CAPEX"),
        (".PlannedRevenue", "OPERATING"),
        (".ActualRevenue", "NON_OPERATING"),
    ];
    let expenses = (0..5_000u64)
        .map(|i| {
            let (kind, category) = kinds[(i % 4) as usize];
            let recurrence = match i % 3 {
                0 => format!(r#"{{"kind":".Once","startDate":"{}"}}"#, day(i % 1000)),
                1 => format!(r#"{{"kind":".Monthly","startDate":"{}","occurrences":{}}}"#, day(i % 400), 6 + i % 30),
                _ => format!(r#"{{"kind":".Weekly","startDate":"{}","recurrenceOn":[1,4],"occurrences":{}}}"#, day(i % 500), 10 + i % 60),
            };
            let currency = if i % 5 == 0 { "USD" } else { "EUR" };
            let body = format!(
                r#"{{"id":{},"folioId":1,"name":"e","description":"","type":"t","category":"{category}","kind":"{kind}","amount":{}.{:02},"currencyCode":"{currency}","amortized":{},"recurrence":{recurrence}}}"#,
                i + 10_000,
                100 + i % 5000,
                i % 100,
                i % 2 == 0
            );
            from_json::<Expense>(body.as_bytes()).unwrap()
        })
        .collect();
    Items {
        positions,
        expenses,
    }
}

fn folio_analytics(c: &mut Criterion) {
    let folio = folio();
    let holidays =
        (0..30u64).map(|i| Holiday::new(HolidayKind::Floating, day(i * 36 + 3), 28_800).unwrap());
    let calendar = Calendar::new(WorkloadScheme::standard(), HolidayScheme::new(holidays));
    let terms = FolioTerms::new(&folio, &calendar).unwrap();
    let basis = CostBasis::new(terms.frame(), &calendar);
    let mut rates = ExchangeRates::new();
    rates.put(
        "USD".parse().unwrap(),
        "EUR".parse().unwrap(),
        day(0),
        "0.91".parse().unwrap(),
    );
    rates.put(
        "USD".parse().unwrap(),
        "EUR".parse().unwrap(),
        day(500),
        "0.87".parse().unwrap(),
    );
    let (synced, own) = (HashMap::new(), HashMap::new());
    let context = CostContext {
        basis: &basis,
        rates: &rates,
        overtime_rules: &[],
        synced: &synced,
        own_bases: &own,
    };
    let items = items();
    let as_of = day(500);
    let periods = Periods::new(terms.period, Granularity::Month, as_of);

    let ledger = Ledger::of_items(periods.clone(), Series::Kept, &items, &context).unwrap();
    let expected = indicators(&terms, &ledger, &ledger, &ledger, &ScopeHistory::default()).unwrap();
    let mut group = c.benchmark_group("analytics/folio");
    group.sample_size(20);
    group.bench_function(
        BenchmarkId::new("from_scratch", "2000_positions_5000_expenses_3y"),
        |b| {
            b.iter(|| {
                let ledger = Ledger::of_items(
                    black_box(periods.clone()),
                    Series::Kept,
                    black_box(&items),
                    &context,
                )
                .unwrap();
                let i = indicators(&terms, &ledger, &ledger, &ledger, &ScopeHistory::default())
                    .unwrap();
                let t =
                    timeline(&terms, &ledger, &ledger, &ledger, &ScopeHistory::default()).unwrap();
                assert_eq!(i, expected);
                assert_eq!(t.len(), 36);
            })
        },
    );

    // One planned position changes its rate back and forth; BAC moves with it.
    let mut changed = items.positions[0].clone();
    changed.rates[0].rate = HourlyRate::new(Decimal::from(250)).unwrap();
    let mut moved = ledger.clone();
    moved.put_record(&changed, &context).unwrap();
    let moved_bac = indicators(&terms, &moved, &moved, &moved, &ScopeHistory::default())
        .unwrap()
        .bac;
    assert_ne!(moved_bac, expected.bac);
    let variants = [(&changed, moved_bac), (&items.positions[0], expected.bac)];
    let mut live = ledger.clone();
    let mut turn = 0usize;
    group.sample_size(100);
    group.bench_function(
        BenchmarkId::new("after_one_change", "2000_positions_5000_expenses_3y"),
        |b| {
            b.iter(|| {
                let (record, bac) = variants[turn % 2];
                turn += 1;
                live.put_record(black_box(record), &context).unwrap();
                let i = indicators(&terms, &live, &live, &live, &ScopeHistory::default()).unwrap();
                let t = timeline(&terms, &live, &live, &live, &ScopeHistory::default()).unwrap();
                assert_eq!(i.bac, bac);
                assert_eq!(t.len(), 36);
            })
        },
    );
    group.finish();

    // Each way of computing PV and EAC (S9.10) on the same costed folio: what a method adds to
    // the indicators and the timeline, against `workingDays` and `cpi` (the default) in the same
    // run.
    let mut group = c.benchmark_group("analytics/methods");
    group.sample_size(30);
    for pv in [PlannedValueMethod::WorkingDays, PlannedValueMethod::Plan] {
        for eac in [
            EacMethod::Cpi,
            EacMethod::CpiSpi,
            EacMethod::RemainingAsPlanned,
            EacMethod::Scheduled,
        ] {
            let mut terms = terms;
            terms.pv_method = pv;
            terms.eac_method = eac;
            group.bench_function(
                BenchmarkId::new("indicators_and_timeline", format!("{pv:?}_{eac:?}")),
                |b| {
                    b.iter(|| {
                        let i =
                            indicators(&terms, &ledger, &ledger, &ledger, &ScopeHistory::default())
                                .unwrap();
                        let t =
                            timeline(&terms, &ledger, &ledger, &ledger, &ScopeHistory::default())
                                .unwrap();
                        assert_eq!(i.eac_method, Some(eac));
                        assert_eq!(t.len(), 36);
                    })
                },
            );
        }
    }
    group.finish();

    // EV from the scope as measured by date (S9.10): no measurement, one of 5,000 items, and the
    // most a folio keeps (100,000 items), measured at each month-end of the three years.
    let mut group = c.benchmark_group("analytics/scope");
    group.sample_size(30);
    let mut earned = terms;
    earned.with_earned = true;
    let measurement = |month: u64, count: usize| ScopeVersion {
        as_of: day(month * 30 + 29),
        items: (0..count)
            .map(|n| ScopeItem {
                key: format!("AB-{n}"),
                weight: "3".parse().unwrap(),
                logged: Decimal::from((n as u64 + month) % 40).try_into().unwrap(),
                remaining: "20".parse().unwrap(),
                done: (n as u64) < month * 100,
                progressive: true,
            })
            .collect(),
    };
    let histories = [
        ("none", ScopeHistory::default()),
        (
            "one_of_5000_items",
            ScopeHistory::new(vec![measurement(0, 5_000)]),
        ),
        (
            "36_month_ends_100000_items",
            ScopeHistory::new((0..36).map(|m| measurement(m, 2_777)).collect()),
        ),
    ];
    for (name, history) in &histories {
        group.bench_function(BenchmarkId::new("indicators_and_timeline", name), |b| {
            b.iter(|| {
                let i = indicators(&earned, &ledger, &ledger, &ledger, black_box(history)).unwrap();
                let t = timeline(&earned, &ledger, &ledger, &ledger, black_box(history)).unwrap();
                assert_eq!(i.ev.is_some(), !history.is_empty());
                assert_eq!(t.len(), 36);
            })
        });
    }
    group.finish();

    // The same through the folio book, as REST, `costfolio plan` and the wasm package call it:
    // built and costed from scratch, and one rate changed by `apply` (one item recosted).
    let book = |draft: Items| {
        FolioBook::new(BookParts {
            folio: folio.clone(),
            calendar: calendar.clone(),
            own_calendars: vec![],
            rates: rates.clone(),
            overtime_rules: vec![],
            synced: HashMap::new(),
            scope: Default::default(),
            draft,
            baselines: vec![],
            baseline_calendars: vec![],
            baseline_folio_calendars: vec![],
        })
    };
    let mut group = c.benchmark_group("analytics/book");
    group.sample_size(20);
    group.bench_function(
        BenchmarkId::new("from_scratch", "2000_positions_5000_expenses_3y"),
        |b| {
            b.iter(|| {
                let mut book = book(black_box(items.clone()));
                let i = book.indicators(as_of, PlannedSide::Latest).unwrap();
                let t = book
                    .timeline(as_of, Granularity::Month, PlannedSide::Latest)
                    .unwrap();
                assert_eq!(i, expected);
                assert_eq!(t.len(), 36);
            })
        },
    );
    let mut live = book(items.clone());
    live.indicators(as_of, PlannedSide::Latest).unwrap();
    let mut turn = 0usize;
    group.sample_size(100);
    group.bench_function(
        BenchmarkId::new("after_one_change", "2000_positions_5000_expenses_3y"),
        |b| {
            b.iter(|| {
                let (record, bac) = variants[turn % 2];
                turn += 1;
                live.apply(Change::PutPosition(black_box(record.clone())))
                    .unwrap();
                let i = live.indicators(as_of, PlannedSide::Latest).unwrap();
                let t = live
                    .timeline(as_of, Granularity::Month, PlannedSide::Latest)
                    .unwrap();
                assert_eq!(i.bac, bac);
                assert_eq!(t.len(), 36);
            })
        },
    );
    group.finish();
}

/// A wire value as a JSON value.
fn j<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::from_str(&costfolio::model::to_json(value)).unwrap()
}

/// The same folio as one `plan` document (the wire shapes): the input of the native
/// `analytics/plan` benchmark, written to `target/bench/folio-plan.json` for the wasm package's
/// node benchmark (`scripts/bench-wasm`), which times the same call in wasm.
fn plan_document() -> String {
    use serde_json::{json, Value};
    let items = items();
    let positions: Vec<Value> = items
        .positions
        .iter()
        .map(|p| {
            let kind = j(&p.kind);
            let rates: Vec<Value> = p
                .rates
                .iter()
                .map(|r| json!({"rate": j(&r.rate), "startDate": j(&r.start_date)}))
                .collect();
            let a = &p.allocations[0];
            json!({
                "position": {
                    "id": j(&p.id), "folioId": 1, "name": format!("p{}", p.id), "description": "",
                    "title": "t", "kind": kind, "revenue": j(&p.revenue), "rate": rates[0],
                    "allocation": {"startDate": j(&a.start_date), "endDate": j(&a.end_date),
                                   "percentage": j(&a.percentage)},
                },
                "rates": rates[1..],
            })
        })
        .collect();
    let expenses: Vec<Value> = items.expenses.iter().map(j).collect();
    let holidays: Vec<Value> = (0..30u64)
        .map(|i| {
            json!({"type": "FLOATING", "name": "h", "durationSeconds": 28_800,
                        "date": j(&day(i * 36 + 3))})
        })
        .collect();
    let exchange_rates = [(0, 0.91), (500, 0.87)]
        .map(|(d, r)| json!({"from": "USD", "to": "EUR", "rate": r, "effectiveDate": j(&day(d))}));
    json!({
        "folio": j(&folio()),
        "asOf": j(&day(500)),
        "holidays": holidays,
        "exchangeRates": exchange_rates,
        "positions": positions,
        "expenses": expenses,
    })
    .to_string()
}

fn folio_plan(c: &mut Criterion) {
    let document = plan_document();
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("folio-plan.json"), &document).unwrap();
    let first = costfolio::plan::run(document.as_bytes(), false).unwrap();
    let mut group = c.benchmark_group("analytics/plan");
    group.sample_size(10);
    group.bench_function(
        BenchmarkId::new("document", "2000_positions_5000_expenses_3y"),
        |b| {
            b.iter(|| {
                let output = costfolio::plan::run(black_box(document.as_bytes()), false).unwrap();
                assert_eq!(output.len(), first.len());
            })
        },
    );
    // The folio timeline from the same document: indicators and timeline, no payment lines.
    let summary = costfolio::plan::summary(document.as_bytes()).unwrap();
    group.sample_size(20);
    group.bench_function(
        BenchmarkId::new("summary", "2000_positions_5000_expenses_3y"),
        |b| {
            b.iter(|| {
                let output = costfolio::plan::summary(black_box(document.as_bytes())).unwrap();
                assert_eq!(output, summary);
            })
        },
    );
    // The document's cost lines (S9.12) from its book, costed once (as the what-if sandbox holds
    // it): what `Sandbox.lines` does in wasm (wasm/bench/bench.mjs times the same).
    let plan: costfolio::model::budgeting::PlanDocument = from_json(document.as_bytes()).unwrap();
    let items = costfolio::plan::line_items(&plan);
    let mut book = costfolio::plan::book(plan).unwrap();
    for grouping in ["none", "category"] {
        let by = costfolio::model::budgeting::LineGrouping::parse(grouping).unwrap();
        let first = costfolio::plan::cost_lines_of(&mut book, &items, Id::new(1), day(500), by)
            .map(|lines| costfolio::model::to_json(&lines))
            .unwrap();
        group.bench_function(
            BenchmarkId::new(
                format!("lines_{grouping}"),
                "2000_positions_5000_expenses_3y",
            ),
            |b| {
                b.iter(|| {
                    let lines =
                        costfolio::plan::cost_lines_of(&mut book, &items, Id::new(1), day(500), by)
                            .unwrap();
                    assert_eq!(
                        costfolio::model::to_json(black_box(&lines)).len(),
                        first.len()
                    );
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, folio_analytics, folio_plan);
criterion_main!(benches);
