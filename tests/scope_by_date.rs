//! Scope by date (S9.10): EV at every day is computed from the measurement of the scope in force
//! that day, and is null before the first; the timeline's EV of a bucket is EV at its last day
//! (at asOf for the bucket holding it). Through the service: a measurement is put with its day,
//! never a day to come; one of the same day replaces it, an earlier one takes its place; the
//! scope in force on a day is read back with every measurement; scope written before it was
//! measured by date counts from its journal entry's day, or from the folio's start.

use crate::analytics_book::{self, d};
use crate::analytics_properties::any_book;
use crate::budget_calls::call;

use chrono::Days;
use costfolio::analytics::{indicators, timeline};
use costfolio::model::budgeting::{ScopeHistory, ScopeItem, ScopeVersion};
use costfolio::schedule::Granularity;
use costfolio::state::{Command, JournalEntry, State};
use costfolio::value::Date;
use proptest::prelude::*;
use serde_json::{json, Value};

fn day_after(start: Date, days: u64) -> Date {
    Date::from_naive(start.naive().checked_add_days(Days::new(days)).unwrap())
}

/// A measurement: `done` of ten items of weight 1 done, one progressive item with `logged` of 10.
fn measured(as_of: Date, done: u32, logged: u32) -> ScopeVersion {
    let mut items: Vec<ScopeItem> = (0..10)
        .map(|n| analytics_book::scope(&format!("A-{n}"), "1", "0", "0", n < done, false))
        .collect();
    items.push(analytics_book::scope(
        "B",
        "4",
        &logged.to_string(),
        &(10 - logged.min(10)).to_string(),
        false,
        true,
    ));
    ScopeVersion { as_of, items }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// EV at every day is EV of the measurement in force that day alone (null before the first),
    /// and the timeline's EV of each bucket is EV at its last day or at asOf.
    #[test]
    fn ev_at_every_day_is_the_measurement_in_force(
        book in any_book(),
        measurements in proptest::collection::vec((0u64..420, 0u32..=10, 0u32..=10), 1..6),
        as_of in 0u64..420,
        g in prop_oneof![Just(Granularity::Day), Just(Granularity::Week), Just(Granularity::Month)],
    ) {
        let mut book = book;
        book.folio.with_earned = true;
        let start = book.folio.start_date;
        let history = ScopeHistory::new(
            measurements
                .iter()
                .map(|(day, done, logged)| measured(day_after(start, *day), *done, *logged))
                .collect(),
        );
        let as_of = day_after(start, as_of);
        let (costs, revenues, actual) = book.ledgers(as_of, g);
        let terms = book.terms();
        let ev_with = |scope: &ScopeHistory| {
            indicators(&terms, &costs, &revenues, &actual, scope).unwrap().ev
        };
        let ev_on = |day: Date| {
            let (costs, revenues, actual) = book.ledgers(day, g);
            let alone = history
                .at(day)
                .map(|version| ScopeHistory::new(vec![ScopeVersion { as_of: start, items: version.items.clone() }]))
                .unwrap_or_default();
            indicators(&terms, &costs, &revenues, &actual, &alone).unwrap().ev
        };
        let ev = ev_with(&history);
        prop_assert_eq!(ev, ev_on(as_of));
        let first = history.versions()[0].as_of;
        prop_assert_eq!(ev.is_none(), as_of < first);
        for bucket in timeline(&terms, &costs, &revenues, &actual, &history).unwrap() {
            if bucket.start > as_of {
                prop_assert_eq!(bucket.ev, None);
            } else {
                prop_assert_eq!(bucket.ev, ev_on(bucket.end.min(as_of)), "bucket {}", bucket.start);
            }
        }
    }
}

const FOLIO: &str = r#"{"name":"Footbridge","description":"","owner":"ada","startDate":"2026-01-05","endDate":"2026-12-18","closedDate":null,"reserve":0,"contingency":0,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

/// A folio of 12,000.00 planned, 1,000 each month, with earned value.
fn folio() -> State {
    let mut state = State::new();
    assert_eq!(
        call(&mut state, "ada", "POST", "/folio", Some(FOLIO)).0,
        200
    );
    let expense = r#"{"folioId":1,"name":"Works","description":"","type":"Works","category":"CAPEX","kind":".PlannedExpense","amount":1000,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":12}}"#;
    assert_eq!(
        call(&mut state, "ada", "POST", "/expense", Some(expense)).0,
        200
    );
    state
}

fn scope(as_of: Option<&str>, done: usize) -> String {
    let items: Vec<Value> = (0..4)
        .map(|n| json!({"key": format!("FB-{n}"), "weight": 1, "logged": 0, "remaining": 0, "done": n < done, "progressive": false}))
        .collect();
    match as_of {
        Some(day) => json!({"asOf": day, "items": items}),
        None => json!({"items": items}),
    }
    .to_string()
}

fn ev(state: &mut State, as_of: &str) -> Value {
    let (status, body) = call(
        state,
        "ada",
        "GET",
        &format!("/folio/1/indicators?asOf={as_of}"),
        None,
    );
    assert_eq!(status, 200, "{body}");
    body["success"]["ev"].clone()
}

#[test]
fn progress_is_put_as_of_its_day_and_read_as_of_any_day() {
    let mut state = folio();
    // Today is 2026-03-15 (budget_calls): the end of February, then today.
    for (day, done) in [(Some("2026-02-28"), 1), (None, 2)] {
        let (status, body) = call(
            &mut state,
            "ada",
            "PUT",
            "/folio/1/scope",
            Some(&scope(day, done)),
        );
        assert_eq!(status, 200, "{body}");
    }
    // BAC 12,000: a quarter earned from 28 February, a half from today; nothing before.
    assert_eq!(ev(&mut state, "2026-02-27"), Value::Null);
    assert_eq!(ev(&mut state, "2026-02-28").to_string(), "3000.00");
    assert_eq!(ev(&mut state, "2026-03-14").to_string(), "3000.00");
    assert_eq!(ev(&mut state, "2026-03-15").to_string(), "6000.00");
    // Back-dated progress takes its place between the others; a second of one day replaces it.
    for (day, done) in [("2026-01-31", 0), ("2026-02-28", 3), ("2026-02-28", 1)] {
        let (status, body) = call(
            &mut state,
            "ada",
            "PUT",
            "/folio/1/scope",
            Some(&scope(Some(day), done)),
        );
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(ev(&mut state, "2026-02-10").to_string(), "0.00");
    assert_eq!(ev(&mut state, "2026-03-01").to_string(), "3000.00");
    let (_, body) = call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/scope?asOf=2026-03-01",
        None,
    );
    let answer = &body["success"];
    assert_eq!(answer["asOf"], "2026-02-28");
    assert_eq!(answer["items"].as_array().unwrap().len(), 4);
    let measurements: Vec<(String, String)> = answer["measurements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["asOf"].as_str().unwrap().to_owned(),
                m["progress"].to_string(),
            )
        })
        .collect();
    assert_eq!(
        measurements,
        [
            ("2026-01-31".to_owned(), "0.00".to_owned()),
            ("2026-02-28".to_owned(), "25.00".to_owned()),
            ("2026-03-15".to_owned(), "50.00".to_owned()),
        ]
    );
    // Before the first measurement: no items, no day.
    let (_, body) = call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/scope?asOf=2026-01-01",
        None,
    );
    assert_eq!(body["success"]["asOf"], Value::Null);
    assert_eq!(body["success"]["items"], json!([]));
    // The timeline's EV by month: as measured at each month's end, none after asOf.
    let (_, body) = call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/timeline?asOf=2026-03-15",
        None,
    );
    let evs: Vec<String> = body["success"]
        .as_array()
        .unwrap()
        .iter()
        .take(5)
        .map(|bucket| bucket["ev"].to_string())
        .collect();
    assert_eq!(evs, ["0.00", "3000.00", "6000.00", "null", "null"]);
}

#[test]
fn progress_of_a_day_to_come_or_malformed_is_refused_and_changes_nothing() {
    let mut state = folio();
    call(
        &mut state,
        "ada",
        "PUT",
        "/folio/1/scope",
        Some(&scope(Some("2026-02-28"), 1)),
    );
    let before = state.snapshot();
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio/1/scope",
        Some(&scope(Some("2026-03-16"), 4)),
    );
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["asOf"],
        "asOf 2026-03-16 is after today (2026-03-15): progress is recorded as measured on a day that has come"
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio/1/scope",
        Some(&scope(Some("2026-02-30"), 4)),
    );
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("asOf"), "{body}");
    let (status, _) = call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/scope?asOf=yesterday",
        None,
    );
    assert_eq!(status, 400);
    // Someone the folio is not shared with learns nothing and changes nothing.
    let (status, _) = call(
        &mut state,
        "eve",
        "PUT",
        "/folio/1/scope",
        Some(&scope(Some("2026-03-01"), 4)),
    );
    assert_eq!(status, 404);
    assert_eq!(state.snapshot(), before);
}

#[test]
fn a_folio_keeps_a_bounded_number_of_measurements() {
    let mut state = folio();
    let start = d("2023-06-19");
    for n in 0..costfolio::state::MAX_SCOPE_VERSIONS as u64 {
        let day = day_after(start, n).to_string();
        let (status, body) = call(
            &mut state,
            "ada",
            "PUT",
            "/folio/1/scope",
            Some(&scope(Some(&day), 1)),
        );
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio/1/scope",
        Some(&scope(Some("2026-03-15"), 1)),
    );
    assert_eq!(status, 400);
    assert!(
        body["errors"]["asOf"]
            .as_str()
            .unwrap()
            .contains("at most 1000 measurements"),
        "{body}"
    );
    // A day already measured may still be measured again.
    let (status, _) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio/1/scope",
        Some(&scope(Some("2023-06-19"), 2)),
    );
    assert_eq!(status, 200);
}

/// A journal written before scope was measured by date: folio records carrying their scope.
#[test]
fn scope_written_before_it_was_dated_counts_from_its_entry_or_the_folios_start() {
    let mut state = folio();
    let journal = state.take_journal();
    let folio_entry = journal
        .iter()
        .find(|entry| matches!(entry.command, Command::PutFolio(_)))
        .unwrap()
        .clone();
    let Command::PutFolio(record) = &folio_entry.command else {
        unreachable!()
    };
    let items: Vec<ScopeItem> = (0..4)
        .map(|n| analytics_book::scope(&format!("FB-{n}"), "1", "0", "0", n < 2, false))
        .collect();
    let mut with_scope = (**record).clone();
    with_scope.scope = items.clone();
    let mut old = journal.clone();
    let mut author = folio_entry.author.clone().unwrap();
    author.at = costfolio::value::UtcTimestamp::parse("2026-02-10T09:30:00Z").unwrap();
    old.push(JournalEntry {
        seq: old.len() as u64 + 1,
        command: Command::PutFolio(Box::new(with_scope.clone())),
        author: Some(author),
    });
    // The same record written again (a rename would be): no new measurement.
    old.push(JournalEntry {
        seq: old.len() as u64 + 1,
        command: Command::PutFolio(Box::new(with_scope.clone())),
        author: None,
    });
    let mut replayed = State::new();
    replayed.replay(&old).unwrap();
    let history = replayed.scope_of(1);
    assert_eq!(history.versions().len(), 1);
    assert_eq!(history.versions()[0].as_of, d("2026-02-10"));
    assert_eq!(ev(&mut replayed, "2026-02-09"), Value::Null);
    assert_eq!(ev(&mut replayed, "2026-02-10").to_string(), "6000.00");
    // An entry without a time counts from the folio's start.
    let mut timeless = journal.clone();
    timeless.push(JournalEntry {
        seq: timeless.len() as u64 + 1,
        command: Command::PutFolio(Box::new(with_scope)),
        author: None,
    });
    let mut replayed = State::new();
    replayed.replay(&timeless).unwrap();
    assert_eq!(replayed.scope_of(1).versions()[0].as_of, d("2026-01-05"));
    // A snapshot written before the measurements were kept: from the folio's start too.
    let mut snapshot: Value = serde_json::from_str(&replayed.snapshot()).unwrap();
    snapshot.as_object_mut().unwrap().remove("scope_history");
    let read = State::from_snapshot(&snapshot.to_string()).unwrap();
    assert_eq!(read.scope_of(1).versions()[0].as_of, d("2026-01-05"));
    assert_eq!(read.scope_of(1).versions()[0].items, items);
}
