//! The folio books the server keeps between reads (`State::with_folio_book`): after
//! every kind of change, a read answered from a kept book caught up with the state is the read a
//! fresh service (the journal replayed, no book kept) answers; the books kept stay within their
//! memory budget.

use costfolio::api::{handle, Context, Request};
use costfolio::state::{JournalEntry, State};

fn context() -> Context {
    costfolio_suite::context("2026-11-25T12:00:00", Some("demo"), true)
}

fn send(state: &mut State, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut request = Request::new(method, path);
    if let Some(body) = body {
        request = request.json(body);
    }
    request.split_query().unwrap();
    let response = handle(state, &request, &context());
    (
        response.status,
        String::from_utf8_lossy(&response.body).into_owned(),
    )
}

/// The demo's folios, and the journal that made them.
fn demo() -> (State, Vec<JournalEntry>) {
    let mut state = State::new();
    for step in costfolio_suite::demo_steps() {
        let (status, body) = send(&mut state, &step.method, &step.path, step.body.as_deref());
        assert_eq!(status, step.expect, "{} {}: {body}", step.method, step.path);
    }
    let journal = state.take_journal();
    // The demo's closed months read its folios' figures: the tests start with no book kept.
    state.keep_books(0);
    state.keep_books(costfolio::state::KEPT_BOOKS_BYTES);
    (state, journal)
}

/// Every read a kept book answers, of both demo folios: indicators on each planned side,
/// timelines by month, week and day (folio 2's days are few enough for its kept book, folio 1's
/// are costed apart), the items with their money, and a portfolio-free list of indicators.
fn reads() -> Vec<String> {
    let mut paths = Vec::new();
    for folio in [1, 2] {
        for as_of in ["2026-06-30", "2026-11-20"] {
            for plan in ["", "&plan=draft"] {
                paths.push(format!(
                    "/budgets/1/folio/{folio}/indicators?asOf={as_of}{plan}"
                ));
            }
            for granularity in ["month", "week", "day"] {
                paths.push(format!(
                    "/budgets/1/folio/{folio}/timeline?asOf={as_of}&granularity={granularity}"
                ));
            }
            paths.push(format!("/budgets/1/folio/{folio}/items?asOf={as_of}"));
        }
    }
    paths.push("/budgets/1/folio/indicators?id=1&id=2&asOf=2026-09-30".to_owned());
    paths
}

/// What `state` answers to every read.
fn answers(state: &mut State) -> Vec<(String, u16, String)> {
    reads()
        .into_iter()
        .map(|path| {
            let (status, body) = send(state, "GET", &path, None);
            (path, status, body)
        })
        .collect()
}

/// What a fresh service answers, the journal replayed: no book kept before.
fn fresh_answers(journal: &[JournalEntry]) -> Vec<(String, u16, String)> {
    let mut fresh = State::new();
    fresh.replay(journal).unwrap();
    // No book kept: each read costs a book of its own, as before books were kept.
    fresh.keep_books(0);
    let answers = answers(&mut fresh);
    assert_eq!(fresh.books_kept(), (0, 0));
    answers
}

/// Asserts that each read answered the same, naming the first that did not.
fn same(kept: Vec<(String, u16, String)>, fresh: Vec<(String, u16, String)>, after: &str) {
    assert_eq!(kept.len(), fresh.len());
    for (kept, fresh) in kept.into_iter().zip(fresh) {
        assert!(
            kept == fresh,
            "after {after}: {}\nkept:  {:.600}\nfresh: {:.600}",
            kept.0,
            kept.2,
            fresh.2
        );
    }
}

#[test]
fn a_kept_book_answers_as_a_fresh_service_after_every_kind_of_change() {
    let (mut state, mut journal) = demo();
    // Asked once, then asked again unchanged: the books kept answer the same.
    let first = answers(&mut state);
    assert!(
        first.iter().all(|(_, status, _)| *status == 200),
        "{first:?}"
    );
    let (books, bytes) = state.books_kept();
    assert_eq!(books, 2, "one book per folio read");
    assert!(bytes > 0);
    assert_eq!(answers(&mut state), first);
    let changes: [(&str, &str, Option<&str>); 12] = [
        // One item changed: a rate put, a rate deleted, worked hours added.
        (
            "PUT",
            "/budgets/1/rate/8",
            Some(r#"{"rate":66,"startDate":"2026-10-01"}"#),
        ),
        ("DELETE", "/budgets/1/rate/6", None),
        (
            "POST",
            "/budgets/1/position/12/workedhours",
            Some(r#"{"startDate":"2026-11-23","endDate":"2026-11-27","effort":30,"otEffort":2}"#),
        ),
        // Expenses: a new one, one changed, one deleted.
        (
            "POST",
            "/budgets/1/expense",
            Some(
                r#"{"folioId":2,"description":"","amortized":false,"currencyCode":"USD","kind":".PlannedExpense","category":"OPEX","type":"Cloud","name":"Backup","amount":310,"recurrence":{"kind":".Monthly","startDate":"2026-09-05","occurrences":9}}"#,
            ),
        ),
        (
            "PUT",
            "/budgets/1/expense",
            Some(
                r#"{"id":2,"folioId":1,"kind":".PlannedExpense","category":"OPEX","type":"Rental","name":"Crane rental","description":"","amount":9400,"amortized":false,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-05-04","occurrences":10}}"#,
            ),
        ),
        ("DELETE", "/budgets/1/expense/3", None),
        // The setting: an exchange rate, the scope, an overtime rule.
        (
            "PUT",
            "/budgets/1/exchangerate",
            Some(r#"{"from":"USD","to":"EUR","rate":0.93,"effectiveDate":"2026-10-15"}"#),
        ),
        (
            "PUT",
            "/budgets/1/folio/1/scope",
            Some(
                r#"{"items":[{"key":"HFB-1","weight":2,"logged":0,"remaining":0,"done":true,"progressive":false},{"key":"HFB-4","weight":5,"logged":400,"remaining":80,"done":false,"progressive":true}]}"#,
            ),
        ),
        (
            "PUT",
            "/budgets/1/overtimerule",
            Some(
                r#"{"id":1,"name":"Site week (38 h)","regularHours":38,"frequency":"WEEKLY","coefficient":1.75}"#,
            ),
        ),
        // Baselines: a new one, and one deleted.
        (
            "POST",
            "/budgets/1/folio/2/baseline",
            Some(
                r#"{"name":"Budget v1","description":"","approvedBy":"demo","expenditureType":"BUDGET"}"#,
            ),
        ),
        ("DELETE", "/budgets/1/baseline/1", None),
        // A position of its own added, then the folio itself changed.
        (
            "POST",
            "/budgets/1/position",
            Some(
                r#"{"folioId":1,"description":"","name":"Inspector","title":"Inspector","allocation":{"startDate":"2026-09-01","endDate":"2027-02-26","percentage":20},"rate":{"rate":77,"startDate":"2026-09-01"}}"#,
            ),
        ),
    ];
    for (method, path, body) in changes {
        let (status, answer) = send(&mut state, method, path, body);
        assert_eq!(status, 200, "{method} {path}: {answer}");
        journal.extend(state.take_journal());
        same(
            answers(&mut state),
            fresh_answers(&journal),
            &format!("{method} {path}"),
        );
    }
    let before = answers(&mut state);
    let (status, folio) = send(&mut state, "GET", "/budgets/1/folio/1", None);
    assert_eq!(status, 200);
    let answer: serde_json::Value = serde_json::from_str(&folio).unwrap();
    let mut folio = answer["success"].clone();
    folio["reserve"] = 25.into();
    folio["endDate"] = "2027-06-30".into();
    let (status, answer) = send(
        &mut state,
        "PUT",
        "/budgets/1/folio",
        Some(&folio.to_string()),
    );
    assert_eq!(status, 200, "{answer}");
    journal.extend(state.take_journal());
    let after = answers(&mut state);
    same(after.clone(), fresh_answers(&journal), "the folio changed");
    assert_ne!(after, before, "the folio's change moved its figures");
}

#[test]
fn the_books_kept_stay_within_their_budget() {
    let (mut state, _) = demo();
    answers(&mut state);
    let (books, bytes) = state.books_kept();
    assert_eq!(books, 2);
    // A budget below one book: each is let go once read, and the answers stay the same.
    state.keep_books(bytes / 4);
    assert!(state.books_kept().1 <= bytes / 4, "let go past the budget");
    let before = answers(&mut state);
    let (books, kept) = state.books_kept();
    assert!(kept <= bytes / 4, "{books} books, {kept} bytes");
    state.keep_books(0);
    assert_eq!(state.books_kept(), (0, 0));
    assert_eq!(answers(&mut state), before);
    assert_eq!(state.books_kept(), (0, 0));
    // A copy of the state shares its books (a write made while reads hold the state copies it).
    state.keep_books(usize::MAX);
    let copy = state.clone();
    answers(&mut state);
    assert_eq!(copy.books_kept().0, 2);
}

/// Past the budget, the least recently read book is let go first.
#[test]
fn the_least_recently_read_book_is_let_go_first() {
    let (mut state, _) = demo();
    let read = |state: &mut State, folio: u64| {
        let path = format!("/budgets/1/folio/{folio}/timeline?asOf=2026-06-30&granularity=week");
        assert_eq!(send(state, "GET", &path, None).0, 200);
    };
    read(&mut state, 1);
    let (_, first) = state.books_kept();
    read(&mut state, 2);
    let (books, both) = state.books_kept();
    assert_eq!(books, 2);
    let second = both - first;
    assert_ne!(first, second, "the two books differ in size");
    // Folio 1 read again: folio 2's book is now the least recently read.
    read(&mut state, 1);
    assert_eq!(state.books_kept(), (2, both));
    state.keep_books(first.max(second));
    assert_eq!(state.books_kept(), (1, first), "folio 2's book let go");
}
