//! A plan import computed apart from the state it is applied to (`state::DetachedChange`): the
//! server computes it on a copy taken without a lock and applies its commands later, if nothing
//! it depends on changed meanwhile. These tests change the state between the two steps as other
//! users would, and check that a change that fits lands exactly as if it had been computed on the
//! state it is applied to, and that one that does not fit is told why.

use costfolio::api::{handle, Context, Request, Response};
use costfolio::state::{DetachedChange, IdKind, Misfit, State};
use serde_json::Value;

fn context(user: &str, admin: bool) -> Context {
    costfolio_suite::context("2026-11-20T12:00:00", Some(user), admin)
}

fn request(method: &str, path: &str, body: Option<&str>) -> Request {
    let mut request = Request::new(method, path);
    if let Some(body) = body {
        request = request.json(body);
    }
    request.split_query().unwrap();
    request
}

fn call(state: &mut State, user: &str, method: &str, path: &str, body: Option<&str>) -> Response {
    handle(
        state,
        &request(method, path, body),
        &context(user, user == "demo"),
    )
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The demo's state (host/src/demo.json), its journal taken as the server takes it.
fn demo() -> State {
    let mut state = State::new();
    for step in costfolio_suite::demo_steps() {
        let response = call(
            &mut state,
            "demo",
            &step.method,
            &step.path,
            step.body.as_deref(),
        );
        assert_eq!(
            response.status, step.expect,
            "{} {}",
            step.method, step.path
        );
    }
    let _stored = state.take_journal();
    state
}

/// Folio 1's plan document, as ada's import body.
fn document(state: &mut State) -> String {
    let response = call(state, "demo", "GET", "/budgets/1/folio/1/plan", None);
    assert_eq!(response.status, 200, "{}", response.text());
    json(&response.text())["success"].to_string()
}

/// ada's import of `body`, computed apart on `state` with `room`.
fn import_apart(state: &State, body: &str, room: &[(IdKind, u64)]) -> DetachedChange<Response> {
    let import = request("POST", "/budgets/1/folio/import", Some(body));
    state.compute_detached(room, |copy| handle(copy, &import, &context("ada", false)))
}

const EXPENSE: &str = r#"{"folioId":2,"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":12,"interval":1}}"#;

#[test]
fn an_import_that_fits_lands_as_if_computed_on_the_state_it_is_applied_to() {
    let mut state = demo();
    let body = document(&mut state);
    let apart = import_apart(&state, &body, &[]);
    assert!(!apart.is_empty());
    // Meanwhile another user renames a folio: nothing the import depends on.
    let folio: Value = json(&call(&mut state, "demo", "GET", "/budgets/1/folio/2", None).text())
        ["success"]
        .clone();
    let mut renamed = folio.clone();
    renamed["name"] = "Renamed meanwhile".into();
    let put = call(
        &mut state,
        "demo",
        "PUT",
        "/budgets/1/folio",
        Some(&renamed.to_string()),
    );
    assert_eq!(put.status, 200, "{}", put.text());
    let mut direct = state.clone();
    assert_eq!(apart.fits(&state), Ok(()));
    let answer = apart.apply_to(&mut state);
    let want = call(
        &mut direct,
        "ada",
        "POST",
        "/budgets/1/folio/import",
        Some(&body),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.text(), want.text());
    assert_eq!(state, direct, "the same records, ids and journal sequence");
    assert_eq!(state.take_journal().len(), direct.take_journal().len());
}

#[test]
fn ids_given_meanwhile_are_a_misfit_and_room_makes_the_import_fit_with_ids_skipped() {
    let mut state = demo();
    let body = document(&mut state);
    let apart = import_apart(&state, &body, &[]);
    // Meanwhile two expenses are created in another folio: their ids are the import's first.
    for _ in 0..2 {
        let created = call(
            &mut state,
            "demo",
            "POST",
            "/budgets/1/expense",
            Some(EXPENSE),
        );
        assert_eq!(created.status, 200, "{}", created.text());
    }
    let Err(Misfit::Ids(taken)) = apart.fits(&state) else {
        panic!("the expense ids were taken meanwhile");
    };
    assert_eq!(taken, vec![(IdKind::Expense, 2)]);
    let before = state.clone();
    // Computed again with room, it fits even when more are created meanwhile, up to the room.
    let room: Vec<(IdKind, u64)> = taken.iter().map(|(kind, n)| (*kind, n * 2 + 8)).collect();
    let again = import_apart(&state, &body, &room);
    for _ in 0..3 {
        assert_eq!(
            call(
                &mut state,
                "demo",
                "POST",
                "/budgets/1/expense",
                Some(EXPENSE)
            )
            .status,
            200
        );
    }
    assert_eq!(again.fits(&state), Ok(()));
    let answer = again.apply_to(&mut state);
    assert_eq!(answer.status, 200, "{}", answer.text());
    let imported = json(&answer.text())["success"].clone();
    let first = imported["expenses"][0].as_u64().unwrap();
    let last_before = before.counters.next(IdKind::Expense) - 1;
    assert_eq!(
        first,
        last_before + 12 + 1,
        "the room left: ids skipped, none reused"
    );
    // Every id the import gave is its folio's, and the ids given after it follow it.
    let folio = imported["folioId"].as_u64().unwrap();
    let plan = call(
        &mut state,
        "ada",
        "GET",
        &format!("/budgets/1/folio/{folio}/plan"),
        None,
    );
    assert_eq!(plan.status, 200, "{}", plan.text());
    let plan = json(&plan.text())["success"].clone();
    let source = json(&body);
    assert_eq!(
        plan["expenses"].as_array().unwrap().len(),
        source["expenses"].as_array().unwrap().len()
    );
    assert_eq!(
        plan["positions"].as_array().unwrap().len(),
        source["positions"].as_array().unwrap().len()
    );
    let next = call(
        &mut state,
        "demo",
        "POST",
        "/budgets/1/expense",
        Some(EXPENSE),
    );
    let next_id = json(&next.text())["success"].as_u64().unwrap();
    let last_imported = imported["expenses"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .as_u64()
        .unwrap();
    assert_eq!(next_id, last_imported + 1);
}

#[test]
fn shared_records_changed_meanwhile_are_a_misfit_and_a_refusal_makes_no_command() {
    let mut state = demo();
    let body = document(&mut state);
    let apart = import_apart(&state, &body, &[]);
    let rate = r#"{"from":"GBP","to":"EUR","rate":1.17,"effectiveDate":"2026-01-01"}"#;
    assert_eq!(
        call(
            &mut state,
            "demo",
            "PUT",
            "/budgets/1/exchangerate",
            Some(rate)
        )
        .status,
        200
    );
    assert_eq!(apart.fits(&state), Err(Misfit::Shared("exchange_rates")));
    // A refused import (no folio name) makes no command: its answer stands, the state untouched.
    let mut broken = json(&body);
    broken["folio"]["name"] = "".into();
    let before = state.clone();
    let refused = import_apart(&state, &broken.to_string(), &[]);
    assert!(refused.is_empty());
    assert_eq!(refused.answer.status, 400, "{}", refused.answer.text());
    assert_eq!(state, before);
}

#[test]
fn an_imports_parts_are_added_with_the_ids_and_refusals_of_one_by_one() {
    let mut state = demo();
    let mut document = json(&document(&mut state));
    let position = &mut document["positions"][0];
    position["rates"] = serde_json::json!([
        {"rate": 90, "startDate": "2026-05-01"},
        {"rate": 95, "startDate": "2026-07-01"}
    ]);
    let first_rate = state.counters.next(IdKind::Rate);
    let answer = call(
        &mut state,
        "ada",
        "POST",
        "/budgets/1/folio/import",
        Some(&document.to_string()),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    let folio = json(&answer.text())["success"]["folioId"].as_u64().unwrap();
    let plan = call(
        &mut state,
        "ada",
        "GET",
        &format!("/budgets/1/folio/{folio}/plan"),
        None,
    );
    let shown = json(&plan.text())["success"]["positions"][0].clone();
    let ids: Vec<u64> = std::iter::once(&shown["position"]["rate"])
        .chain(shown["rates"].as_array().unwrap())
        .map(|r| r["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids.len(), 3, "{shown}");
    // The position's own rate first, then the document's two, in order, one id after the other.
    assert!(ids.windows(2).all(|w| w[1] == w[0] + 1), "{shown}");
    assert!(ids.first().is_some_and(|id| *id >= first_rate), "{shown}");
    // A rate on a day another already starts on is refused at its place in the document.
    document["positions"][0]["rates"][1]["startDate"] = "2026-05-01".into();
    let before = state.clone();
    let refused = call(
        &mut state,
        "ada",
        "POST",
        "/budgets/1/folio/import",
        Some(&document.to_string()),
    );
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert!(
        refused.text().contains("positions[0].rates[1]"),
        "{}",
        refused.text()
    );
    assert_eq!(state, before);
}
