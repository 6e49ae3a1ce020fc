//! Scenarios (S15) of the largest planned folio (7,000 planned lines over three years): the
//! comparison of the draft and two scenarios, each changed in ten items, beside the peer that
//! costs the draft once afresh (the indicators of a book built for one answer, same run); and a
//! promotion of one of them, alone and approved as a baseline at once, each on a copy of the state.
//! Run: `cargo bench --bench scenarios`.

use std::hint::black_box;

use costfolio::analytics::PlannedSide;
use costfolio::api::Context;
use costfolio::state::State;
use costfolio::value::Date;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use serde_json::json;

fn context() -> Context {
    costfolio_suite::context("2028-06-30T12:00:00", Some("ada"), false)
}

fn call(state: &mut State, method: &str, path: &str, body: Option<&str>) -> (u16, Vec<u8>) {
    costfolio_suite::budget_call(state, &context(), method, path, body)
}

fn ok(state: &mut State, method: &str, path: &str, body: &serde_json::Value) {
    let (status, answer) = call(state, method, path, Some(&body.to_string()));
    assert_eq!(
        status,
        200,
        "{method} {path}: {}",
        String::from_utf8_lossy(&answer)
    );
}

/// The largest folio with two scenarios, each with ten of its expenses raised.
fn with_scenarios() -> State {
    let mut state = costfolio_suite::largest_planned_folio(&context());
    for (scenario, name) in [(1, "Contractors"), (2, "Delay")] {
        ok(
            &mut state,
            "POST",
            "/folio/1/scenarios",
            &json!({"name": name}),
        );
        for expense in 0..10u64 {
            let id = 1 + expense * 97 + scenario * 13;
            let (_, body) = call(&mut state, "GET", &format!("/expense/{id}"), None);
            let mut body: serde_json::Value = serde_json::from_slice(&body).unwrap();
            let mut expense = body["success"].take();
            expense["amount"] = json!(9_999);
            ok(
                &mut state,
                "PUT",
                &format!("/folio/1/scenarios/{scenario}/expense"),
                &expense,
            );
        }
    }
    state
}

fn scenarios(c: &mut Criterion) {
    let mut group = c.benchmark_group("scenarios");
    group.sample_size(10);
    let mut state = with_scenarios();
    let day = Date::parse("2028-06-30").unwrap();
    group.bench_function("peer: the draft's indicators from a fresh book", |b| {
        b.iter(|| {
            let mut book = state.folio_book(1).unwrap();
            black_box(book.indicators(day, PlannedSide::Latest).unwrap())
        })
    });
    group.bench_function("GET /folio/1/scenarios/compare?ids=draft,1,2", |b| {
        b.iter(|| {
            let (status, body) = call(
                &mut state,
                "GET",
                "/folio/1/scenarios/compare?ids=draft,1,2&asOf=2028-06-30",
                None,
            );
            assert_eq!(status, 200);
            black_box(body)
        })
    });
    let promote = |approve: bool| {
        let body = if approve {
            json!({"reason": "bench", "approve": {"name": "B", "expenditureType": "PLANNED"}})
        } else {
            json!({"reason": "bench"})
        };
        body.to_string()
    };
    for (name, approve) in [
        ("POST /folio/1/scenarios/1/promote", false),
        ("POST /folio/1/scenarios/1/promote, approved at once", true),
    ] {
        let body = promote(approve);
        group.bench_function(name, |b| {
            b.iter_batched(
                || state.clone(),
                |mut copy| {
                    let (status, answer) = call(
                        &mut copy,
                        "POST",
                        "/folio/1/scenarios/1/promote",
                        Some(&body),
                    );
                    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
                    black_box(copy)
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, scenarios);
criterion_main!(benches);
