//! Forecasts through the budgeting interface (S14): estimates checked at their field and kept by
//! baselines and the plan document, a folio's answer, a portfolio of one folio equal to the
//! folio, bad parameters refused by name. The simulation's own properties:
//! tests/forecast_properties.rs.

use crate::budget_calls::{call, FOLIO};
use crate::cost_lines::{expense, ok, position, post};

use costfolio::state::State;
use serde_json::{json, Value};

/// Folio 1 with two planned positions and a planned expense (one with an estimate), an actual
/// expense, and a portfolio holding only it.
fn folio() -> State {
    let mut state = State::new();
    ok(call(&mut state, "ada", "POST", "/folio", Some(FOLIO)));
    let mut design = position(
        "Design",
        ".PlannedPositionByTimeFrame",
        "Design",
        "2026-01-05",
        "2026-09-30",
        None,
    );
    design["estimate"] = json!({"low": 0.9, "likely": 1.1, "high": 1.6});
    ok(post(&mut state, "/position", &design));
    let build = position(
        "Build",
        ".PlannedPositionByTimeFrame",
        "Build",
        "2026-03-02",
        "2026-11-30",
        None,
    );
    ok(post(&mut state, "/position", &build));
    ok(post(
        &mut state,
        "/expense",
        &expense(1, "Steel", "PlannedExpense", "40000", "2026-07-01", None),
    ));
    ok(post(
        &mut state,
        "/expense",
        &expense(1, "Invoice", "ActualExpense", "1200", "2026-02-10", None),
    ));
    let portfolio = r#"{"name":"Only","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"black","admins":[],"folios":[{"id":1,"name":"Road works","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;
    ok(call(
        &mut state,
        "ada",
        "POST",
        "/portfolio",
        Some(portfolio),
    ));
    state
}

fn get(state: &mut State, path: &str) -> (u16, Value) {
    call(state, "ada", "GET", path, None)
}

/// Puts `body` at `path` (a record changed whole), as ada.
fn put(state: &mut State, path: &str, body: &Value) -> Value {
    ok(call(state, "ada", "PUT", path, Some(&body.to_string())))
}

#[test]
fn an_estimate_is_checked_at_its_field() {
    let mut state = folio();
    let mut steel = expense(1, "Steel 2", "PlannedExpense", "100", "2026-07-01", None);
    for (estimate, said) in [
        (
            json!({"low": 1.2, "likely": 1.0, "high": 1.5}),
            "low 1.2 is above likely 1.0",
        ),
        (
            json!({"low": 0, "likely": 1, "high": 1.5}),
            "low 0 must be above 0",
        ),
        (
            json!({"low": 1, "likely": 1, "high": 101}),
            "high 101 must be at most 100",
        ),
        (
            json!({"low": 1, "likely": 1.00001, "high": 2}),
            "likely 1.00001 has more than 4 decimal places",
        ),
    ] {
        steel["estimate"] = estimate;
        let (status, body) = post(&mut state, "/expense", &steel);
        assert_eq!(status, 400, "{body}");
        assert!(
            body["errors"]["estimate"].as_str().unwrap().contains(said),
            "{body}"
        );
    }
    let mut invoice = expense(1, "Invoice 2", "ActualExpense", "100", "2026-02-11", None);
    invoice["estimate"] = json!({"low": 1, "likely": 1, "high": 2});
    let (status, body) = post(&mut state, "/expense", &invoice);
    assert_eq!(status, 400);
    assert!(
        body["errors"]["estimate"]
            .as_str()
            .unwrap()
            .contains("no remaining cost"),
        "{body}"
    );
    let mut member = position("Ann", ".TeamMember", "", "2026-01-05", "2026-02-27", None);
    member["estimate"] = json!({"low": 1, "likely": 1, "high": 2});
    let (status, body) = post(&mut state, "/position", &member);
    assert_eq!(status, 400, "{body}");
    assert!(body["errors"]["estimate"].is_string(), "{body}");
    // Nothing stored: the folio still holds its four items.
    let items = ok(get(&mut state, "/folio/1/items?asOf=2026-03-15"));
    assert_eq!(
        items["positions"].as_array().unwrap().len() + items["expenses"].as_array().unwrap().len(),
        4
    );
}

#[test]
fn a_folio_forecast_reads_its_remaining_lines() {
    let mut state = folio();
    let answer = ok(get(
        &mut state,
        "/folio/1/forecast?asOf=2026-03-15&seed=11&iterations=3000",
    ));
    let figures = &answer["figures"];
    assert_eq!(answer["method"]["seed"], 11);
    assert_eq!(answer["method"]["generator"], "splitmix64");
    assert_eq!(answer["method"]["uncertainLines"], 3);
    assert_eq!(figures["ac"].to_string(), "1200.00");
    let number = |v: &Value| v.to_string().parse::<f64>().unwrap();
    assert!(number(&figures["p10"]) <= number(&figures["p50"]));
    assert!(number(&figures["p50"]) <= number(&figures["p90"]));
    assert_eq!(answer["histogram"].as_array().unwrap().len(), 40);
    let counted: u64 = answer["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["count"].as_u64().unwrap())
        .sum();
    assert_eq!(counted, answer["method"]["iterations"].as_u64().unwrap());
    assert_eq!(answer["curve"].as_array().unwrap().len(), 41);
    // The design's own estimate, the others the standard one (no earned value here).
    let drivers = answer["drivers"].as_array().unwrap();
    let design = drivers.iter().find(|d| d["name"] == "Design").unwrap();
    assert_eq!(design["estimateFrom"], "item");
    let build = drivers.iter().find(|d| d["name"] == "Build").unwrap();
    assert_eq!(build["estimateFrom"], "standard");
    assert_eq!(answer["bounds"]["cpiLow"], Value::Null);
    assert!(answer["bounds"]["reason"]
        .as_str()
        .unwrap()
        .contains("at least 3"));
    // The same seed, the same answer.
    let again = ok(get(
        &mut state,
        "/folio/1/forecast?asOf=2026-03-15&seed=11&iterations=3000",
    ));
    assert_eq!(again, answer);
}

#[test]
fn certain_estimates_give_the_plan() {
    let mut state = folio();
    let mut folio: Value = ok(get(&mut state, "/folio/1"));
    folio["uncertainty"] = json!({"default": {"low": 1, "likely": 1, "high": 1}});
    put(&mut state, "/folio", &folio);
    let mut design = ok(get(&mut state, "/position/1"));
    design["estimate"] = json!({"low": 1, "likely": 1, "high": 1});
    put(&mut state, "/position", &design);
    let answer = ok(get(&mut state, "/folio/1/forecast?asOf=2026-03-15"));
    let figures = &answer["figures"];
    for p in ["p10", "p50", "p80", "p90", "mean"] {
        assert_eq!(figures[p], figures["plannedAtCompletion"], "{p}");
    }
    assert_eq!(answer["method"]["uncertainLines"], 0);
}

#[test]
fn a_baseline_keeps_the_estimates_it_was_approved_with() {
    let mut state = folio();
    let before = ok(get(&mut state, "/folio/1/forecast?asOf=2026-03-15&seed=3"));
    let approval = json!({"name": "Budget", "description": "", "approvedBy": "ada", "expenditureType": "PLANNED"});
    ok(call(
        &mut state,
        "ada",
        "POST",
        "/folio/1/baseline",
        Some(&approval.to_string()),
    ));
    let mut design = ok(get(&mut state, "/position/1"));
    design["estimate"] = json!({"low": 2, "likely": 3, "high": 4});
    put(&mut state, "/position", &design);
    let after = ok(get(&mut state, "/folio/1/forecast?asOf=2026-03-15&seed=3"));
    assert_eq!(
        after["figures"], before["figures"],
        "the baseline's estimates"
    );
    let plan = ok(get(&mut state, "/folio/1/plan"));
    let kept = plan["positions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["position"]["name"] == "Design")
        .unwrap();
    assert_eq!(
        kept["position"]["estimate"],
        json!({"low": 2, "likely": 3, "high": 4})
    );
}

#[test]
fn a_portfolio_of_one_folio_is_the_folio() {
    let mut state = folio();
    let folio = ok(get(&mut state, "/folio/1/forecast?asOf=2026-03-15&seed=5"));
    let portfolio = ok(get(
        &mut state,
        "/portfolio/1/forecast?asOf=2026-03-15&seed=5",
    ));
    for key in ["figures", "histogram", "curve", "drivers", "method"] {
        assert_eq!(portfolio[key], folio[key], "{key}");
    }
}

#[test]
fn bad_parameters_are_refused_by_name() {
    let mut state = folio();
    for (query, field) in [
        ("seed=-1", "seed"),
        ("seed=9007199254740992", "seed"),
        ("iterations=0", "iterations"),
        ("iterations=100001", "iterations"),
    ] {
        let (status, body) = get(&mut state, &format!("/folio/1/forecast?{query}"));
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body["errors"][field].is_string(), "{query}: {body}");
    }
    let mut folio: Value = ok(get(&mut state, "/folio/1"));
    let many: serde_json::Map<String, Value> = (0..51)
        .map(|k| (format!("C{k}"), json!({"low": 1, "likely": 1, "high": 2})))
        .collect();
    folio["uncertainty"] = json!({"byCategory": many});
    let (status, body) = call(&mut state, "ada", "PUT", "/folio", Some(&folio.to_string()));
    assert_eq!(status, 400);
    assert!(
        body["errors"]["uncertainty.byCategory"].is_string(),
        "{body}"
    );
    folio["uncertainty"] = json!({"correlation": 1.5});
    let (status, body) = call(&mut state, "ada", "PUT", "/folio", Some(&folio.to_string()));
    assert_eq!(status, 400, "{body}");
}
