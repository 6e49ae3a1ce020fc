//! A month's close and the list of closed months (S9.11), through the budgeting interface as the
//! server answers them: a folio of 2026 with 500 positions and 1,000 expenses; closing a month
//! costs the folio's indicators at the month's end once; listing costs each closed month again for
//! its day; with the folio's book kept between reads (the server's way) and without. Run:
//! `cargo bench --bench closes`.

use std::hint::black_box;

use costfolio::api::{handle, Request};
use costfolio::state::State;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};

const FOLIO: &str = r#"{"name":"F","description":"","owner":"ada","startDate":"2026-01-05","endDate":"2026-12-18","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

fn call(state: &mut State, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let context = costfolio_suite::context("2027-01-15T12:00:00", Some("ada"), false);
    let mut request = Request::new(method, &format!("/budgets/1{path}"));
    if let Some(body) = body {
        request = request.json(body);
    }
    request.split_query().unwrap();
    let response = handle(state, &request, &context);
    (response.status, response.text())
}

fn folio() -> State {
    let mut state = State::new();
    assert_eq!(call(&mut state, "POST", "/folio", Some(FOLIO)).0, 200);
    for n in 0..500u32 {
        let start = 5 + n % 20;
        let body = format!(
            r#"{{"folioId":1,"name":"P{n}","description":"","title":"Engineer","rate":{{"rate":{},"startDate":"2026-01-{start:02}"}},"allocation":{{"startDate":"2026-01-{start:02}","endDate":"2026-12-18","percentage":{}}}}}"#,
            60 + n % 40,
            10 + n % 50
        );
        assert_eq!(call(&mut state, "POST", "/position", Some(&body)).0, 200);
    }
    for n in 0..1_000u32 {
        let (kind, category) = if n % 2 == 0 {
            (".PlannedExpense", "OPEX")
        } else {
            (".ActualExpense", "CAPEX")
        };
        let body = format!(
            r#"{{"folioId":1,"name":"E{n}","description":"","type":"t","category":"{category}","kind":"{kind}","amount":{}.25,"currencyCode":"EUR","recurrence":{{"kind":".Monthly","startDate":"2026-01-{:02}","occurrences":11}}}}"#,
            100 + n,
            1 + n % 28
        );
        assert_eq!(call(&mut state, "POST", "/expense", Some(&body)).0, 200);
    }
    let scope = r#"{"asOf":"2026-06-30","items":[{"key":"A","weight":1,"logged":5,"remaining":5,"done":false,"progressive":true}]}"#;
    assert_eq!(
        call(&mut state, "PUT", "/folio/1/scope", Some(scope)).0,
        200
    );
    let _stored = state.take_journal();
    state
}

fn closes(c: &mut Criterion) {
    let state = folio();
    let mut group = c.benchmark_group("closes");
    group.sample_size(10);
    // June closed on a copy of the state: with the folio's book kept from an earlier read (the
    // server's way), then with no book kept (a folio read for the first time: costed afresh).
    let mut close_june = |name: &str, state: &State| {
        group.bench_function(BenchmarkId::new(name, "500_positions_1000_expenses"), |b| {
            b.iter_batched(
                || state.clone(),
                |mut state| {
                    let (status, text) = call(
                        &mut state,
                        "POST",
                        "/folio/1/periods",
                        Some(r#"{"month":"2026-06"}"#),
                    );
                    assert_eq!(status, 200, "{text}");
                    black_box(text)
                },
                BatchSize::LargeInput,
            )
        });
    };
    close_june("close_a_month", &state);
    state.keep_books(0);
    close_june("close_a_month_no_book_kept", &state);
    state.keep_books(costfolio::state::KEPT_BOOKS_BYTES);
    let mut closed = state.clone();
    for month in 1..=12 {
        let body = format!(r#"{{"month":"2026-{month:02}"}}"#);
        assert_eq!(
            call(&mut closed, "POST", "/folio/1/periods", Some(&body)).0,
            200
        );
    }
    group.bench_function(
        BenchmarkId::new("list_12_closed_months", "500_positions_1000_expenses"),
        |b| {
            b.iter_batched(
                || closed.clone(),
                |mut state| {
                    let (status, text) = call(&mut state, "GET", "/folio/1/periods", None);
                    assert_eq!(status, 200);
                    black_box(text)
                },
                BatchSize::LargeInput,
            )
        },
    );
    group.finish();
}

criterion_group!(benches, closes);
criterion_main!(benches);
