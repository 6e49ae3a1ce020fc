//! Cost lines (S9.12) of the largest folio the server holds: 2,000 team members and 5,000
//! expenses over three years (half of the expenses planned, each actual one realising a planned
//! one), read through the budgeting interface as the server answers `GET /folio/{id}/lines`: a
//! page (100 lines, the groups and the total over every line) by each grouping and by overrun,
//! every line as CSV, with the folio's book kept (a second read), and a page after a write (the
//! book catches up with one changed expense). Run: `cargo bench --bench lines`.

use std::hint::black_box;

use costfolio::api::Context;
use costfolio::state::State;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use serde_json::{json, Value};

const FOLIO: &str = r#"{"name":"Large","description":"","owner":"ada","startDate":"2027-01-04","endDate":"2029-12-28","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1,"eacMethod":"scheduled"}"#;
const AS_OF: &str = "2028-06-30";

fn context() -> Context {
    costfolio_suite::context("2028-06-30T12:00:00", Some("ada"), false)
}

fn call(state: &mut State, method: &str, path: &str, body: Option<&str>) -> (u16, Vec<u8>) {
    costfolio_suite::budget_call(state, &context(), method, path, body)
}

fn day(offset: u64) -> String {
    let start = chrono::NaiveDate::from_ymd_opt(2027, 1, 4).unwrap();
    (start + chrono::Days::new(offset)).to_string()
}

/// The expense `i` of the folio: planned when `i` is even, else actual realising the planned
/// expense before it (ids from 1, in order).
fn expense(i: u64) -> Value {
    let planned = i % 2 == 0;
    let recurrence = match i % 3 {
        0 => json!({"kind": ".Once", "startDate": day(i % 1000)}),
        1 => json!({"kind": ".Monthly", "startDate": day(i % 400), "occurrences": 6 + i % 30}),
        _ => {
            json!({"kind": ".Weekly", "startDate": day(i % 500), "recurrenceOn": [1, 4], "occurrences": 10 + i % 60})
        }
    };
    let category = ["OPEX", "CAPEX", "FINEX"][(i / 2 % 3) as usize];
    let mut body = json!({"folioId": 1, "name": format!("Expense {}", i / 2), "description": "",
        "type": "t", "category": category,
        "kind": if planned { ".PlannedExpense" } else { ".ActualExpense" },
        "amount": format!("{}.{:02}", 100 + i % 5000, i % 100).parse::<serde_json::Number>().unwrap(),
        "currencyCode": "EUR", "recurrence": recurrence});
    if !planned {
        body["realises"] = json!(i);
    }
    body
}

/// The folio: 2,000 team members, each with two periods and one to three rates, and 5,000
/// expenses; its id.
fn large() -> State {
    let mut state = State::new();
    assert_eq!(call(&mut state, "POST", "/folio", Some(FOLIO)).0, 200);
    for i in 0..2_000u64 {
        let rates: Vec<Value> = (0..1 + i % 3)
            .map(|k| json!({"rate": 40 + (i * 31 + k * 7) % 90, "startDate": day(k * 300)}))
            .collect();
        let title = ["Engineer", "Designer", "Surveyor"][(i % 3) as usize];
        let (first, more) = (rates[0].clone(), rates[1..].to_vec());
        let body = json!({"folioId": 1, "name": format!("Member {i}"), "description": "",
            "title": title, "kind": ".TeamMember", "member": format!("user{i}"),
            "rate": first, "moreRates": more,
            "allocation": {"startDate": day(i % 200), "endDate": day(500), "percentage": 20 + i % 81},
            "moreAllocations": [{"startDate": day(501), "endDate": day(1000 - i % 300), "percentage": 50}]});
        let (status, answer) = call(&mut state, "POST", "/position", Some(&body.to_string()));
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
    }
    for i in 0..5_000u64 {
        let (status, answer) = call(
            &mut state,
            "POST",
            "/expense",
            Some(&expense(i).to_string()),
        );
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
    }
    state
}

fn lines(c: &mut Criterion) {
    let mut state = large();
    let mut group = c.benchmark_group("lines/folio");
    group.sample_size(20);
    let queries = [
        "groupBy=none",
        "groupBy=account",
        "groupBy=category",
        "groupBy=kind",
        "groupBy=category&order=variance",
        "groupBy=category&format=csv",
    ];
    for query in queries {
        let grouping = query.replace(['=', '&'], "_");
        let path = format!("/folio/1/lines?asOf={AS_OF}&{query}");
        let (status, first) = call(&mut state, "GET", &path, None);
        assert_eq!(status, 200);
        group.bench_function(
            BenchmarkId::new(
                "kept_book",
                format!("2000_members_5000_expenses_{grouping}"),
            ),
            |b| {
                b.iter(|| {
                    let (status, body) = call(&mut state, "GET", black_box(&path), None);
                    assert_eq!(status, 200);
                    assert_eq!(body.len(), first.len());
                })
            },
        );
    }
    // After a write: one planned expense's amount moves back and forth, so the book catches up
    // with that expense before the lines are read.
    let mut planned: Value = expense(0);
    planned["id"] = json!(1);
    let variants = ["101.00", "100.00"].map(|amount| {
        let mut body = planned.clone();
        body["amount"] = amount.parse::<serde_json::Number>().unwrap().into();
        body.to_string()
    });
    let mut turn = 0usize;
    let path = format!("/folio/1/lines?asOf={AS_OF}&groupBy=category");
    group.sample_size(20);
    group.bench_function(
        BenchmarkId::new("after_one_change", "2000_members_5000_expenses_category"),
        |b| {
            b.iter(|| {
                let body = &variants[turn % 2];
                turn += 1;
                assert_eq!(call(&mut state, "PUT", "/expense", Some(body)).0, 200);
                let (status, _) = call(&mut state, "GET", black_box(&path), None);
                assert_eq!(status, 200);
            })
        },
    );
    group.finish();
}

criterion_group!(benches, lines);
criterion_main!(benches);
