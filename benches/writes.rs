//! A small write among many folios: one expense added to a folio, and one position's
//! rate changed, while the state holds `n` folios of other users with 5 expenses and 2 positions
//! each. Before the per-folio indexes of items, each such write walked every user's expenses and
//! positions (its limits, then its folio's book); now it walks its own folio's.
//!
//! `while_read` is the server's case: a read holds an `Arc` of the state, so the write changes a
//! copy (`Arc::make_mut`). Before the state's tables were shared in chunks that copy was the whole
//! state; now it is one pointer per chunk and the chunks the write touches. Run:
//! `cargo bench --bench writes`.

use std::hint::black_box;
use std::sync::Arc;

use costfolio::api::{handle, record_deletion, Context, Request};
use costfolio::state::{AuditEventKind, State};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

const FOLIO: &str = r#"{"name":"F","description":"","owner":"OWNER","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

fn expense(folio: u64) -> String {
    format!(
        r#"{{"folioId":{folio},"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"EUR","recurrence":{{"kind":".Monthly","startDate":"2026-01-15","occurrences":12,"interval":1}}}}"#
    )
}

fn position(folio: u64) -> String {
    format!(
        r#"{{"folioId":{folio},"name":"Designer","description":"","title":"Designer","rate":{{"rate":50,"startDate":"2026-01-01"}},"allocation":{{"startDate":"2026-01-05","endDate":"2026-12-18","percentage":50}}}}"#
    )
}

fn context(user: &str) -> Context {
    costfolio_suite::context("2026-03-15T12:00:00", Some(user), false)
}

fn call(state: &mut State, user: &str, method: &str, path: &str, body: &str) -> u16 {
    let request = Request::new(method, &format!("/budgets/1{path}")).json(body);
    handle(state, &request, &context(user)).status
}

/// `n` folios, one of each user `u0`, `u1`, ..., then ada's folio (the last id), each with 5
/// expenses and 2 positions.
fn world(n: u64) -> (State, u64) {
    let mut state = State::new();
    for i in 0..=n {
        let owner = if i == n {
            "ada".to_owned()
        } else {
            format!("u{i}")
        };
        assert_eq!(
            call(
                &mut state,
                &owner,
                "POST",
                "/folio",
                &FOLIO.replace("OWNER", &owner)
            ),
            200
        );
        let folio = i + 1;
        for _ in 0..5 {
            assert_eq!(
                call(&mut state, &owner, "POST", "/expense", &expense(folio)),
                200
            );
        }
        for _ in 0..2 {
            assert_eq!(
                call(&mut state, &owner, "POST", "/position", &position(folio)),
                200
            );
        }
    }
    // The server takes the entries to store them after every request; none is left over.
    let _stored = state.take_journal();
    (state, n + 1)
}

fn small_writes(c: &mut Criterion) {
    let mut group = c.benchmark_group("writes");
    group.sample_size(20);
    for n in [100u64, 3_000] {
        let (state, folio) = world(n);
        group.bench_with_input(BenchmarkId::new("expense_added", n), &n, |b, _| {
            // A clone holds its tables' vectors at their length: its first write grows them
            // (a copy of every record), which a running server's state does once in a while. That
            // write is made before the clock runs; the timed one is the next.
            b.iter_batched_ref(
                || {
                    let mut state = state.clone();
                    call(&mut state, "ada", "POST", "/expense", &expense(folio));
                    state
                },
                |state| black_box(call(state, "ada", "POST", "/expense", &expense(folio))),
                criterion::BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

fn writes_while_read(c: &mut Criterion) {
    let mut group = c.benchmark_group("while_read");
    group.sample_size(20);
    for n in [100u64, 100_000] {
        let (state, folio) = world(n);
        let state = Arc::new(state);
        bench_while_read(&mut group, "expense_added", n, &state, folio);
    }
    // The deletion feed grows with every deletion, whatever the folios: 100 folios and 100,000
    // deletion events (the feed was one vector, copied whole by such a write).
    let (mut state, folio) = world(100);
    for i in 0..100_000u64 {
        record_deletion(
            &mut state,
            AuditEventKind::Worklog {
                service_worklog_id: i + 1,
                tracker_worklog_id: i + 1,
            },
            &context("ada"),
        );
    }
    let _stored = state.take_journal();
    let state = Arc::new(state);
    bench_while_read(
        &mut group,
        "expense_added_after_deletions",
        100_000,
        &state,
        folio,
    );
    // A folio with a long history: 100 folios, and 50,000 changes to each of ada's
    // expenses in turn, each in the history index of the expense and of the folio's activity.
    let (mut state, folio) = world(100);
    let ids: Vec<u64> = state
        .expenses_of(folio)
        .map(|expense| expense.id().get())
        .collect();
    for change in 0..50_000u64 {
        let id = ids[(change % ids.len() as u64) as usize];
        let body = expense(folio).replacen('{', &format!("{{\"id\":{id},"), 1);
        assert_eq!(call(&mut state, "ada", "PUT", "/expense", &body), 200);
        if change % 1_000 == 0 {
            let _stored = state.take_journal();
        }
    }
    let _stored = state.take_journal();
    let state = Arc::new(state);
    bench_while_read(
        &mut group,
        "expense_added_after_history",
        50_000,
        &state,
        folio,
    );
    group.finish();
}

/// Times one expense added to `folio` while a reader holds `state`, as `name` with `n`.
fn bench_while_read(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    n: u64,
    state: &Arc<State>,
    folio: u64,
) {
    group.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
        // The writer's `Arc` and a reader's, as the server holds them when a read is in
        // flight; the timed part is the copy the write makes and the write itself.
        b.iter_batched_ref(
            || (Arc::clone(state), Arc::clone(state)),
            |(writer, _reader)| {
                let state = Arc::make_mut(writer);
                black_box(call(state, "ada", "POST", "/expense", &expense(folio)))
            },
            criterion::BatchSize::LargeInput,
        );
    });
}

criterion_group!(benches, small_writes, writes_while_read);
criterion_main!(benches);
