//! What a read weighs before it runs (`api::weight`): the items it costs times the
//! periods they are summed by, of what the caller may read only; nothing for a change or a record.

use costfolio::api::{handle, weight, Context, Request};
use costfolio::state::State;

fn context(user: &str) -> Context {
    costfolio_suite::context("2026-11-20T12:00:00", Some(user), user == "demo")
}

fn request(method: &str, path: &str) -> Request {
    let mut request = Request::new(method, path);
    request.split_query().unwrap();
    request
}

/// The demo's state, made through the interface.
fn demo() -> State {
    let mut state = State::new();
    for step in costfolio_suite::demo_steps() {
        let mut request = Request::new(&step.method, &step.path);
        if let Some(body) = &step.body {
            request = request.json(body);
        }
        request.split_query().unwrap();
        assert_eq!(
            handle(&mut state, &request, &context("demo")).status,
            step.expect
        );
    }
    state
}

#[test]
fn a_read_weighs_its_items_times_its_periods_and_a_hidden_folio_nothing() {
    let mut state = demo();
    let folio = state.folios.get(&1).unwrap().folio.clone();
    let days = (folio.end_date.naive() - folio.start_date.naive()).num_days() as u64 + 1;
    let items = state.positions_of(1).count() + state.expenses_of(1).count();
    let items = items as u64 + 1;
    let mut demo = context("demo");
    // Histories weigh the journal they read (S11.8): the demo's, as the host keeps it.
    let journal = state.take_journal();
    demo.journal = Some(costfolio::api::Journal(std::sync::Arc::new(journal)));
    let weigh = |path: &str| weight(&state, &request("GET", path), &demo);
    assert_eq!(
        weigh("/budgets/1/folio/1/timeline?asOf=2026-06-30&granularity=day"),
        items * days
    );
    assert_eq!(
        weigh("/budgets/1/folio/1/timeline?asOf=2026-06-30&granularity=week"),
        items * (days / 7 + 1)
    );
    assert_eq!(
        weigh("/budgets/1/folio/1/indicators?asOf=2026-06-30"),
        items * (days / 30 + 1)
    );
    assert_eq!(
        weigh("/budgets/1/folio/indicators?id=1&id=1"),
        2 * items * (days / 30 + 1),
        "each folio listed"
    );
    // A comparison weighs each plan it costs (S15.5), a plan no folio has as the draft.
    assert_eq!(
        weigh("/budgets/1/folio/1/scenarios/compare?ids=draft,4,5&asOf=2026-06-30"),
        3 * items * (days / 30 + 1)
    );
    // An explanation weighs what its figure costs; a page of history the journal it
    // reads.
    assert_eq!(
        weigh("/budgets/1/folio/1/explain?asOf=2026-06-30&figure=ac"),
        items * (days / 30 + 1)
    );
    assert_eq!(
        weigh(
            "/budgets/1/folio/1/explain?asOf=2026-06-30&figure=ac&granularity=day&start=2026-06-01"
        ),
        items * days
    );
    // A forecast (S14.8): costed by month, then every item drawn once an iteration, an eighth of
    // an item-period each; fewer iterations asked, less.
    let months = items * (days / 30 + 1);
    assert_eq!(
        weigh("/budgets/1/folio/1/forecast?asOf=2026-06-30"),
        months + (items - 1) * 10_000 / 8
    );
    assert_eq!(
        weigh("/budgets/1/folio/1/forecast?asOf=2026-06-30&iterations=800"),
        months + (items - 1) * 100
    );
    assert!(
        weigh("/budgets/1/portfolio/1/forecast")
            > weigh("/budgets/1/portfolio/1/explain?figure=bac")
    );
    assert!(weigh("/budgets/1/folio/1/activity") > 0);
    assert!(weigh("/budgets/1/position/6/history") > 0);
    assert!(weigh("/budgets/1/portfolio/1/explain?figure=bac") > 0);
    // Records, lists and changes weigh nothing; neither does what the caller may not read.
    assert_eq!(weigh("/budgets/1/folio/1"), 0);
    assert_eq!(
        weight(
            &state,
            &request("PUT", "/budgets/1/folio/1/timeline"),
            &demo
        ),
        0
    );
    let mallory = context("mallory");
    assert_eq!(
        weight(
            &state,
            &request("GET", "/budgets/1/folio/1/explain?figure=ac"),
            &mallory
        ),
        0
    );
    assert_eq!(
        weight(
            &state,
            &request("GET", "/budgets/1/folio/1/timeline?granularity=day"),
            &mallory
        ),
        0
    );
    assert_eq!(
        weight(
            &state,
            &request("GET", "/budgets/1/folio/1/forecast?iterations=100000"),
            &mallory
        ),
        0
    );
    assert_eq!(
        weight(
            &state,
            &request("GET", "/budgets/1/folio/999/timeline"),
            &demo
        ),
        0
    );
}

#[test]
fn a_scenario_weighs_by_the_larger_of_its_items_and_the_drafts() {
    let mut state = demo();
    let demo = context("demo");
    let send = |state: &mut State, method: &str, path: &str, body: &str| {
        let request = Request::new(method, path).json(body);
        let response = handle(state, &request, &demo);
        assert_eq!(
            response.status,
            200,
            "{}",
            String::from_utf8_lossy(&response.body)
        );
    };
    send(
        &mut state,
        "POST",
        "/budgets/1/folio/1/scenarios",
        r#"{"name":"More"}"#,
    );
    let weigh = |state: &State, path: &str| weight(state, &request("GET", path), &demo);
    let draft = weigh(
        &state,
        "/budgets/1/folio/1/timeline?asOf=2026-06-30&granularity=day",
    );
    let path = "/budgets/1/folio/1/scenarios/1/timeline?asOf=2026-06-30&granularity=day";
    assert_eq!(weigh(&state, path), draft, "as forked: the draft's items");
    let compare = "/budgets/1/folio/1/scenarios/compare?ids=draft,1&asOf=2026-06-30";
    let compared = weigh(&state, compare);
    // Ten more expenses in the scenario: it weighs more than the draft, and so does a comparison.
    for n in 0..10 {
        let body = format!(
            r#"{{"folioId":1,"name":"Extra {n}","description":"","type":"t","category":"OPEX","kind":".PlannedExpense","amount":10,"currencyCode":"EUR","recurrence":{{"kind":".Once","startDate":"2026-05-01"}}}}"#
        );
        send(
            &mut state,
            "POST",
            "/budgets/1/folio/1/scenarios/1/expense",
            &body,
        );
    }
    let items = (state.positions_of(1).count() + state.expenses_of(1).count()) as u64;
    assert_eq!(weigh(&state, path), draft * (items + 11) / (items + 1));
    assert!(weigh(&state, compare) > compared);
}
