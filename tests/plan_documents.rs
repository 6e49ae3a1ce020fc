//! Plan documents: `GET /folio/{id}/plan` writes a document that, costed by
//! `plan::run` (the code the wasm package and `costfolio plan` run), gives exactly the server's
//! payments, indicators and monthly timeline of the folio's draft, on every demo folio and on
//! random ones; `POST /folio/import` creates a folio from such a document in one journal entry, all
//! or nothing, giving the same figures; hostile documents are refused by name and change nothing.

use costfolio::api::{handle, Context, Request};
use costfolio::state::State;
use proptest::prelude::*;
use serde_json::Value;

const AS_OF: &str = "2026-11-13";

fn context(user: &str, admin: bool) -> Context {
    costfolio_suite::context("2026-11-13T12:00:00", Some(user), admin)
}

fn call_as(
    state: &mut State,
    user: &str,
    admin: bool,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, String) {
    let mut request = Request::new(method, path);
    if let Some(body) = body {
        request = request.json(body);
    }
    request.split_query().unwrap();
    let response = handle(state, &request, &context(user, admin));
    (response.status, response.text())
}

fn call(state: &mut State, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    call_as(state, "demo", true, method, path, body)
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The demo's state (host/src/demo.json, at its template dates), with a folio that bills
/// synchronized hours and a position on a calendar of its own added.
fn demo() -> State {
    let mut state = State::new();
    for step in costfolio_suite::demo_steps() {
        let (status, text) = call(&mut state, &step.method, &step.path, step.body.as_deref());
        assert_eq!(status, step.expect, "{} {}: {text}", step.method, step.path);
    }
    let folio = r#"{"name":"Billing desk","description":"","owner":"demo","startDate":"2026-01-05","endDate":"2026-12-31","closedDate":null,"reserve":0,"contingency":0,"tolerance":5,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;
    let (status, text) = call(&mut state, "POST", "/budgets/1/folio", Some(folio));
    assert_eq!(status, 200, "{text}");
    let id = json(&text)["success"].as_u64().unwrap();
    let revenue = format!(
        r#"{{"folioId":{id},"kind":".ConsultingRevenue","name":"Support contract","title":"Support","description":"","allocation":{{"startDate":"2026-01-05","endDate":"2026-12-31","percentage":50}},"rate":{{"rate":120,"startDate":"2026-01-05"}}}}"#
    );
    let (status, text) = call(&mut state, "POST", "/budgets/1/position", Some(&revenue));
    assert_eq!(status, 200, "{text}");
    let position = json(&text)["success"].as_u64().unwrap();
    let billed = r#"{"days":[{"date":"2026-02-03","hours":6.5},{"date":"2026-02-04","hours":7.25},{"date":"2026-06-10","hours":3}]}"#;
    let path = format!("/budgets/1/position/{position}/billedhours");
    assert_eq!(call(&mut state, "PUT", &path, Some(billed)).0, 200);
    let own = format!(
        r#"{{"folioId":{id},"name":"Night shift","title":"Operator","description":"","holidaySchemeId":1,"workloadSchemeId":1,"otRuleId":1,"allocation":{{"startDate":"2026-03-02","endDate":"2026-09-30","percentage":100}},"rate":{{"rate":55.5,"startDate":"2026-03-02"}}}}"#
    );
    let (status, text) = call(&mut state, "POST", "/budgets/1/position", Some(&own));
    assert_eq!(status, 200, "{text}");
    // Maria Keller (position 5) loses her first allocation period: deleted history.
    let (_, text) = call(&mut state, "GET", "/budgets/1/position/5", None);
    let first = json(&text)["success"]["allocation"]["id"].as_u64().unwrap();
    let (status, text) = call(
        &mut state,
        "DELETE",
        &format!("/budgets/1/allocation/{first}"),
        None,
    );
    assert_eq!(status, 200, "{text}");
    let _ = state.take_journal();
    state
}

fn folio_ids(state: &mut State) -> Vec<u64> {
    let (_, text) = call(state, "GET", "/budgets/1/folio", None);
    json(&text)["success"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_u64().unwrap())
        .collect()
}

/// The folio's plan document as the server writes it, with `asOf` set.
fn export(state: &mut State, folio: u64) -> Value {
    let (status, text) = call(
        state,
        "GET",
        &format!("/budgets/1/folio/{folio}/plan"),
        None,
    );
    assert_eq!(status, 200, "{text}");
    let mut document = json(&text)["success"].clone();
    document["asOf"] = AS_OF.into();
    document
}

/// The server's figures of the folio's draft: indicators, monthly timeline, and each item's lines.
fn server_figures(state: &mut State, folio: u64) -> (Value, Value, Vec<Value>, Vec<Value>) {
    let get = |state: &mut State, path: String| {
        let (status, text) = call(state, "GET", &path, None);
        assert_eq!(status, 200, "{path}: {text}");
        json(&text)["success"].clone()
    };
    let indicators = get(
        state,
        format!("/budgets/1/folio/{folio}/indicators?asOf={AS_OF}&plan=draft"),
    );
    let timeline = get(
        state,
        format!("/budgets/1/folio/{folio}/timeline?asOf={AS_OF}&granularity=month&plan=draft"),
    );
    let payments = get(
        state,
        format!("/budgets/1/folio/{folio}/payments?asOf={AS_OF}"),
    );
    let lines = |list: &Value| -> Vec<Value> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|item| serde_json::json!({"name": item["name"], "lines": item["lines"]}))
            .collect()
    };
    (
        indicators,
        timeline,
        lines(&payments["positions"]),
        lines(&payments["expenses"]),
    )
}

/// The same figures from the document, costed by `plan::run`.
fn plan_figures(document: &Value) -> (Value, Value, Vec<Value>, Vec<Value>) {
    let output = costfolio::plan::run(document.to_string().as_bytes(), false)
        .unwrap_or_else(|e| panic!("{e}"));
    let output = json(&output);
    let lines = |list: &Value| -> Vec<Value> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|item| serde_json::json!({"name": item["name"], "lines": item["lines"]}))
            .collect()
    };
    (
        output["indicators"].clone(),
        output["timeline"].clone(),
        lines(&output["positions"]),
        lines(&output["expenses"]),
    )
}

fn assert_same(
    folio: u64,
    server: &(Value, Value, Vec<Value>, Vec<Value>),
    plan: &(Value, Value, Vec<Value>, Vec<Value>),
) {
    assert_eq!(plan.0, server.0, "folio {folio}: indicators");
    assert_eq!(plan.1, server.1, "folio {folio}: timeline");
    assert_eq!(plan.2, server.2, "folio {folio}: position lines");
    assert_eq!(plan.3, server.3, "folio {folio}: expense lines");
}

#[test]
fn every_demo_folio_costs_from_its_document_exactly_as_the_server_costs_it() {
    let mut state = demo();
    let folios = folio_ids(&mut state);
    assert_eq!(folios.len(), 4);
    for folio in folios {
        let document = export(&mut state, folio);
        let server = server_figures(&mut state, folio);
        assert!(
            server.2.len() + server.3.len() > 0,
            "folio {folio} has items to compare"
        );
        assert_same(folio, &server, &plan_figures(&document));
    }
}

#[test]
fn the_document_holds_what_the_figures_need_and_no_more() {
    let mut state = demo();
    let billing = *folio_ids(&mut state).last().unwrap();
    let document = export(&mut state, billing);
    let positions = document["positions"].as_array().unwrap();
    // The billed hours of the consulting revenue, in seconds.
    assert_eq!(
        positions[0]["syncedHours"],
        serde_json::json!([
            {"date": "2026-02-03", "seconds": 23400},
            {"date": "2026-02-04", "seconds": 26100},
            {"date": "2026-06-10", "seconds": 10800},
        ])
    );
    // The night shift's own calendar, and the overtime rule it names (only that one).
    assert_eq!(
        positions[1]["calendar"]["workload"]
            .as_array()
            .unwrap()
            .len(),
        7
    );
    assert_eq!(document["overtimeRules"].as_array().unwrap().len(), 1);
    // A folio in euros with no expense in dollars needs no exchange rate.
    assert_eq!(document["exchangeRates"], serde_json::json!([]));
    // Folio 2 buys in dollars: the four USD-EUR rates are in its document; folio 1 buys in euros.
    assert_eq!(
        export(&mut state, 2)["exchangeRates"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    assert_eq!(
        export(&mut state, 1)["exchangeRates"],
        serde_json::json!([])
    );
}

#[test]
fn deleted_history_is_left_out_and_each_position_is_journaled_once() {
    let mut state = demo();
    let document = export(&mut state, 1);
    let maria = document["positions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["position"]["name"] == "Maria Keller")
        .unwrap()
        .clone();
    // Her first period was deleted: the document's first is her live second one.
    assert_eq!(maria["position"]["allocation"]["startDate"], "2026-08-03");
    assert_eq!(maria["allocations"], serde_json::json!([]));
    let text = document.to_string();
    assert!(!text.contains("deletedOn"), "no deleted history: {text}");
    // A position with many parts lands as one version of it, not one per part.
    let mut many = document.clone();
    let rates: Vec<Value> = (1..=200)
        .map(|i| serde_json::json!({"rate": 80 + i, "startDate": format!("2026-{:02}-{:02}", 4 + i / 28, 1 + i % 28)}))
        .collect();
    many["positions"][0]["rates"] = Value::Array(rates);
    let mut target = demo();
    let (status, text) = call(
        &mut target,
        "POST",
        "/budgets/1/folio/import",
        Some(&many.to_string()),
    );
    assert_eq!(status, 200, "{text}");
    let journal = target.take_journal();
    let entry = costfolio::model::to_json(&journal[0].command);
    let versions = entry.matches("\"PutPosition\"").count();
    assert_eq!(
        versions,
        many["positions"].as_array().unwrap().len(),
        "one version per position"
    );
    let imported = json(&text)["success"]["positions"][0].as_u64().unwrap();
    let (_, shown) = call(
        &mut target,
        "GET",
        &format!(
            "/budgets/1/folio/{}/items?asOf={AS_OF}",
            json(&text)["success"]["folioId"]
        ),
        None,
    );
    let position = json(&shown)["success"]["positions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["position"]["id"].as_u64() == Some(imported))
        .unwrap()
        .clone();
    assert_eq!(position["rates"].as_array().unwrap().len(), 201);
}

#[test]
fn what_names_other_records_is_refused_or_not_carried() {
    let mut source = demo();
    let billing = *folio_ids(&mut source).last().unwrap();
    let mut document = export(&mut source, billing);
    // An overtime rule the document does not hold: refused, by the position's field.
    document["overtimeRules"] = serde_json::json!([]);
    let mut target = demo();
    let text = refused_import(&mut target, ("demo", true), &document.to_string(), 400);
    assert!(text.contains("positions[1].position.otRuleId"), "{text}");
    // An expense's reporter is the importer's, not the document's.
    let mut document = export(&mut source, 1);
    document["expenses"][0]["reporter"] = "mallory".into();
    let (status, text) = call_as(
        &mut target,
        "ada",
        true,
        "POST",
        "/budgets/1/folio/import",
        Some(&document.to_string()),
    );
    assert_eq!(status, 200, "{text}");
    let expense = json(&text)["success"]["expenses"][0].as_u64().unwrap();
    let (_, shown) = call_as(
        &mut target,
        "ada",
        true,
        "GET",
        &format!("/budgets/1/expense/{expense}"),
        None,
    );
    assert_ne!(json(&shown)["success"]["reporter"], "mallory", "{shown}");
}

#[test]
fn a_folio_others_may_not_see_has_no_document_for_them() {
    let mut state = demo();
    let (status, text) = call_as(
        &mut state,
        "mallory",
        false,
        "GET",
        "/budgets/1/folio/1/plan",
        None,
    );
    assert_eq!(status, 404, "{text}");
    assert!(!text.contains("Harbour"), "{text}");
}

#[test]
fn an_imported_document_gives_the_same_figures_in_one_journal_entry() {
    let mut source = demo();
    let folios = folio_ids(&mut source);
    for folio in folios {
        let document = export(&mut source, folio);
        let server = server_figures(&mut source, folio);
        // A fresh server: only the overtime rule and exchange rates its administrator imports.
        let mut target = State::new();
        let (status, text) = call_as(
            &mut target,
            "ada",
            true,
            "POST",
            "/budgets/1/folio/import",
            Some(&document.to_string()),
        );
        assert_eq!(status, 200, "folio {folio}: {text}");
        let journal = target.take_journal();
        assert_eq!(journal.len(), 1, "folio {folio}: one journal entry");
        let answer = json(&text)["success"].clone();
        let imported = answer["folioId"].as_u64().unwrap();
        assert_eq!(
            answer["positions"].as_array().unwrap().len(),
            document["positions"].as_array().unwrap().len()
        );
        // The caller owns it.
        let (_, shown) = call_as(
            &mut target,
            "ada",
            true,
            "GET",
            &format!("/budgets/1/folio/{imported}"),
            None,
        );
        assert_eq!(json(&shown)["success"]["owner"], "ada");
        let again = server_figures(&mut target, imported);
        assert_same(folio, &server, &again);
        // And a replica that replays the one entry answers the same.
        let mut replica = State::new();
        replica.replay(&journal).unwrap();
        assert_eq!(replica.snapshot(), target.snapshot());
    }
}

#[test]
fn a_refused_item_names_itself_and_nothing_is_created() {
    let mut source = demo();
    let mut document = export(&mut source, 1);
    document["expenses"][2]["amount"] = "10.005".parse::<Value>().unwrap();
    let mut target = demo();
    let text = refused_import(&mut target, ("demo", true), &document.to_string(), 400);
    let body = json(&text);
    let name = document["expenses"][2]["name"].as_str().unwrap();
    assert!(
        body["errorMessages"][0]
            .as_str()
            .unwrap()
            .starts_with(&format!("expenses[2] ({name:?})")),
        "{text}"
    );
    assert!(body["errors"].get("expenses[2].amount").is_some(), "{text}");
}

#[test]
fn a_user_may_not_change_shared_data_through_an_import() {
    let mut source = demo();
    // Folio 2 buys in dollars: its document holds the USD-EUR rates.
    let document = export(&mut source, 2);
    assert_eq!(document["exchangeRates"].as_array().unwrap().len(), 4);
    // A fresh server lacks them: a user who is not a budget administrator may not create them,
    // and the import names the first.
    let mut target = State::new();
    let text = refused_import(&mut target, ("ada", false), &document.to_string(), 403);
    assert!(text.contains("exchangeRates[0]"), "{text}");
    // A rate the server holds with another value on the same day is refused for anyone.
    let mut changed = document.clone();
    changed["exchangeRates"][0]["rate"] = "0.5".parse::<Value>().unwrap();
    let text = refused_import(&mut demo(), ("demo", true), &changed.to_string(), 409);
    assert!(text.contains("exchangeRates[0].rate"), "{text}");
    assert!(text.contains("0.915"), "the server's rate is named: {text}");
}

/// Posts `body` as an import by `caller` (user, budget administrator or not), asserts it is
/// refused with `status` and that nothing changed or was journaled, and returns the answer.
fn refused_import(state: &mut State, caller: (&str, bool), body: &str, status: u16) -> String {
    let before = state.snapshot();
    let (got, text) = call_as(
        state,
        caller.0,
        caller.1,
        "POST",
        "/budgets/1/folio/import",
        Some(body),
    );
    assert_eq!(got, status, "{text}");
    assert_eq!(state.snapshot(), before, "nothing changed: {text}");
    assert!(state.take_journal().is_empty(), "nothing journaled: {text}");
    text
}

#[test]
fn hostile_documents_are_refused_by_name_and_change_nothing() {
    let mut source = demo();
    let good = export(&mut source, 1);
    let mut cases: Vec<(String, &str)> = Vec::new();
    let mut wrong_type = good.clone();
    wrong_type["positions"][0]["position"]["rate"]["rate"] = "a lot".into();
    cases.push((wrong_type.to_string(), "positions[0].position.rate.rate"));
    cases.push((
        format!("{{\"folio\":{}{}}}", "[".repeat(10_000), "]".repeat(10_000)),
        "folio",
    ));
    let mut nested = good.to_string();
    nested.insert_str(
        1,
        &format!("\"x\":{}{},", "[".repeat(10_000), "]".repeat(10_000)),
    );
    cases.push((nested, "nest"));
    let mut far = good.clone();
    far["folio"]["endDate"] = "+275760-09-13".into();
    cases.push((far.to_string(), "endDate"));
    let mut year = good.clone();
    year["expenses"][0]["recurrence"]["startDate"] = "2026-02-30".into();
    cases.push((year.to_string(), "expenses[0].recurrence.startDate"));
    cases.push(("[]".to_owned(), "object"));
    for (body, expected) in cases {
        let mut target = demo();
        let text = refused_import(&mut target, ("demo", true), &body, 400);
        assert!(text.contains(expected), "{expected} not named in {text}");
    }
    // Ids of other users' records are the document's own: the import makes new ones and touches
    // nothing of what those ids name on the server.
    let mut target = demo();
    let theirs = export(&mut target, 2);
    let (_, before) = call(
        &mut target,
        "GET",
        "/budgets/1/folio/2/items?asOf=2026-11-13",
        None,
    );
    let (status, text) = call_as(
        &mut target,
        "mallory",
        false,
        "POST",
        "/budgets/1/folio/import",
        Some(&good.to_string().replace("\"folioId\":1", "\"folioId\":2")),
    );
    // mallory, no budget administrator, needs no shared data created: this server has it all.
    assert_eq!(status, 200, "{text}");
    let imported = json(&text)["success"]["folioId"].as_u64().unwrap();
    assert!(imported > 4);
    let (_, after) = call(
        &mut target,
        "GET",
        "/budgets/1/folio/2/items?asOf=2026-11-13",
        None,
    );
    assert_eq!(before, after, "folio 2 untouched");
    assert_eq!(export(&mut target, 2), theirs);
}

fn random_folio(positions: &[(u8, u32, u8, u16, u16)], expenses: &[(u32, u8, u16, bool)]) -> State {
    let mut state = demo();
    let folio = r#"{"name":"Random","description":"","owner":"demo","startDate":"2026-02-02","endDate":"2027-07-30","closedDate":null,"reserve":3,"contingency":2,"tolerance":8,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;
    let (status, text) = call(&mut state, "POST", "/budgets/1/folio", Some(folio));
    assert_eq!(status, 200, "{text}");
    let id = json(&text)["success"].as_u64().unwrap();
    let date = |offset: u16| {
        let start = chrono::NaiveDate::from_ymd_opt(2026, 2, 2).unwrap();
        (start + chrono::Days::new(u64::from(offset % 540)))
            .format("%Y-%m-%d")
            .to_string()
    };
    for &(kind, cents, percent, start, length) in positions {
        let kind = [
            ".PlannedPositionByTimeFrame",
            ".TeamMember",
            ".ConsultingRevenue",
        ][kind as usize % 3];
        let end = date(start.saturating_add(length % 400 + 1).min(539));
        let body = format!(
            r#"{{"folioId":{id},"kind":"{kind}","member":"unassigned","name":"P","title":"T","description":"","otRuleId":1,"allocation":{{"startDate":"{}","endDate":"{end}","percentage":{}}},"rate":{{"rate":{}.{:02},"startDate":"{}"}}}}"#,
            date(start % 539),
            1 + percent % 100,
            cents / 100,
            cents % 100,
            date(start % 539),
        );
        let (status, text) = call(&mut state, "POST", "/budgets/1/position", Some(&body));
        assert_eq!(status, 200, "{body}: {text}");
    }
    for &(cents, occurrences, start, usd) in expenses {
        let body = format!(
            r#"{{"folioId":{id},"name":"E","description":"","type":"T","category":"OPEX","kind":".PlannedExpense","amount":{}.{:02},"currencyCode":"{}","amortized":{},"recurrence":{{"kind":".Monthly","startDate":"{}","occurrences":{}}}}}"#,
            cents / 100,
            cents % 100,
            if usd { "USD" } else { "EUR" },
            occurrences % 2 == 0,
            date(start),
            1 + occurrences % 12,
        );
        let (status, text) = call(&mut state, "POST", "/budgets/1/expense", Some(&body));
        assert_eq!(status, 200, "{body}: {text}");
    }
    let _ = state.take_journal();
    state
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_folios_cost_from_their_documents_as_the_server_costs_them(
        positions in proptest::collection::vec((0u8..3, 1u32..2_000_000, 0u8..100, 0u16..540, 0u16..400), 0..6),
        expenses in proptest::collection::vec((1u32..50_000_000, 0u8..24, 0u16..540, any::<bool>()), 0..6),
    ) {
        let mut state = random_folio(&positions, &expenses);
        let folio = *folio_ids(&mut state).last().unwrap();
        let document = export(&mut state, folio);
        let server = server_figures(&mut state, folio);
        let plan = plan_figures(&document);
        prop_assert_eq!(&plan.0, &server.0);
        prop_assert_eq!(&plan.1, &server.1);
        prop_assert_eq!(&plan.2, &server.2);
        prop_assert_eq!(&plan.3, &server.3);
    }
}

/// wasm/tests/vectors/plan_documents.json: every demo folio's plan document, as the server writes
/// it (with `asOf`), and the server's answers for its draft at that date, written as the core
/// writes them: `summary` is `{"indicators": .., "timeline": [..]}`, `positions` and `expenses`
/// each item's payment lines. The wasm package's node test feeds each document to the wasm core
/// and must get the same text. Kept true to the server by this test (COSTFOLIO_WRITE_VECTORS=1
/// writes it anew).
#[test]
fn the_wasm_vectors_of_plan_documents_are_the_servers_answers() {
    let mut state = demo();
    let mut cases = Vec::new();
    for folio in folio_ids(&mut state) {
        let document = export(&mut state, folio);
        let text = |state: &mut State, path: String| {
            let (status, text) = call(state, "GET", &path, None);
            assert_eq!(status, 200, "{path}: {text}");
            text.strip_prefix(r#"{"success":"#)
                .and_then(|rest| rest.strip_suffix('}'))
                .unwrap()
                .to_owned()
        };
        let indicators = text(
            &mut state,
            format!("/budgets/1/folio/{folio}/indicators?asOf={AS_OF}&plan=draft"),
        );
        let timeline = text(
            &mut state,
            format!("/budgets/1/folio/{folio}/timeline?asOf={AS_OF}&granularity=month&plan=draft"),
        );
        let summary = format!(r#"{{"indicators":{indicators},"timeline":{timeline}}}"#);
        // The core computes the same text from the document.
        assert_eq!(
            costfolio::plan::summary(document.to_string().as_bytes()).unwrap(),
            summary,
            "folio {folio}"
        );
        let (_, _, positions, expenses) = server_figures(&mut state, folio);
        // The cost lines of the document's draft by category (S9.12), as the core computes them
        // from the document: the same totals and groups as the server's for the document
        // imported (its ids are the import's, so only the sums are compared).
        let lines = costfolio::plan::lines(
            document.to_string().as_bytes(),
            AS_OF.parse().unwrap(),
            costfolio::model::budgeting::LineGrouping::Category,
        )
        .unwrap();
        let (status, imported) = call(
            &mut state,
            "POST",
            "/budgets/1/folio/import",
            Some(&document.to_string()),
        );
        assert_eq!(status, 200, "{imported}");
        let copy = serde_json::from_str::<Value>(&imported).unwrap()["success"]["folioId"].clone();
        let server_lines: Value = serde_json::from_str(&text(
            &mut state,
            format!("/budgets/1/folio/{copy}/lines?asOf={AS_OF}&groupBy=category"),
        ))
        .unwrap();
        let core_lines: Value = serde_json::from_str(&lines).unwrap();
        assert_eq!(core_lines["total"], server_lines["total"], "folio {folio}");
        assert_eq!(
            core_lines["groups"], server_lines["groups"],
            "folio {folio}"
        );
        // Its forecast (S14.3): the wasm sandbox's of seed 7 must be this text to the cent.
        let forecast = costfolio::plan::forecast(
            document.to_string().as_bytes(),
            AS_OF.parse().unwrap(),
            costfolio::analytics::ForecastAsk {
                seed: 7,
                iterations: 2_000,
                until_steady: true,
            },
        )
        .unwrap();
        cases.push(serde_json::json!({
            "folio": folio,
            "document": document.to_string(),
            "summary": summary,
            "positions": positions,
            "expenses": expenses,
            "lines": lines,
            "forecast": forecast,
        }));
    }
    let written = serde_json::to_string_pretty(&Value::Array(cases)).unwrap() + "\n";
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/wasm/tests/vectors/plan_documents.json"
    );
    if std::env::var_os("COSTFOLIO_WRITE_VECTORS").is_some() {
        std::fs::write(path, &written).unwrap();
    }
    let kept = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        kept == written,
        "{path} differs from the server's answers; run with COSTFOLIO_WRITE_VECTORS=1"
    );
}
