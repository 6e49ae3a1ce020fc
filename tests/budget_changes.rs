//! Budget changes, editors and the history of scenarios (S15.7, S15.8, S15.1) through the
//! budgeting interface: the changes of the approved budget add up from the approved to the current
//! budget, each with its reason; an editor changes the draft and scenarios but not the approved
//! budget; a scenario's changes are in its history and its folio's activity.

use crate::budget_calls::FOLIO;
use crate::cost_lines::{dec, expense, ok};
use crate::scenarios::{ada, as_user, folio, fork};

use costfolio::state::State;
use serde_json::{json, Value};

#[test]
fn budget_changes_add_up_from_the_approved_to_the_current_budget() {
    let mut state = folio();
    let approve = |state: &mut State, name: &str, reason: &str| {
        ada(
            state,
            "POST",
            "/folio/1/baseline",
            Some(
                json!({"name": name, "approvedBy": "ada", "expenditureType": "PLANNED", "reason": reason}),
            ),
        )
    };
    approve(&mut state, "Budget 1", "Kick-off");
    // The draft grows, then a second budget is approved; the reserve is changed; a scenario is
    // promoted and approved; the latest baseline withdrawn.
    ada(
        &mut state,
        "POST",
        "/expense",
        Some(expense(
            1,
            "Scaffold",
            "PlannedExpense",
            "7000",
            "2026-08-01",
            None,
        )),
    );
    approve(&mut state, "Budget 2", "Scaffolding");
    let mut folio = ada(&mut state, "GET", "/folio/1", None);
    folio["reserve"] = json!(15);
    folio.as_object_mut().unwrap().remove("status");
    ada(
        &mut state,
        "PUT",
        "/folio?reason=Risk%20review",
        Some(folio),
    );
    let sid = fork(&mut state, "Cut");
    ada(
        &mut state,
        "DELETE",
        &format!("/folio/1/scenarios/{sid}/expense/1"),
        None,
    );
    ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/promote"),
        Some(
            json!({"reason": "Steel dropped", "approve": {"name": "Budget 3", "expenditureType": "BUDGET"}}),
        ),
    );
    let latest = ada(
        &mut state,
        "GET",
        "/folio/1/baselines?costs=true&revenues=true",
        None,
    )
    .as_array()
    .unwrap()
    .iter()
    .filter_map(|b| b["id"].as_u64())
    .max()
    .unwrap();
    ada(&mut state, "DELETE", &format!("/baseline/{latest}"), None);

    let listed = ada(&mut state, "GET", "/folio/1/budget-changes", None);
    let changes = listed["changes"].as_array().unwrap();
    let kinds: Vec<&str> = changes
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["baseline", "baseline", "reserve", "promotion", "withdrawal"]
    );
    for pair in changes.windows(2) {
        assert_eq!(pair[1]["bacBefore"], pair[0]["bacAfter"], "{}", pair[1]);
    }
    let moved: rust_decimal::Decimal = changes[1..]
        .iter()
        .map(|c| dec(&c["bacAfter"]) - dec(&c["bacBefore"]))
        .sum();
    assert_eq!(
        dec(&listed["currentBudget"]) - dec(&listed["approvedBudget"]),
        moved
    );
    assert_eq!(
        dec(&changes[1]["bacAfter"]) - dec(&changes[1]["bacBefore"]),
        rust_decimal::Decimal::new(7000, 0)
    );
    // The reserve: 10 % to 15 % of BAC, so 5 % of it drawn the other way (released: negative).
    let reserve = &changes[2];
    assert_eq!(reserve["reason"], "Risk review");
    assert_eq!(
        dec(&reserve["reserveDrawn"]),
        dec(&reserve["reserveBefore"]) - dec(&reserve["reserveAfter"])
    );
    assert!(dec(&reserve["reserveDrawn"]) < rust_decimal::Decimal::ZERO);
    assert_eq!(
        listed["currentBudget"],
        ada(
            &mut state,
            "GET",
            "/folio/1/indicators?asOf=2026-03-15",
            None
        )["bac"]
    );
    assert_eq!(changes[0]["user"], "ada");
    assert_eq!(changes[0]["reason"], "Kick-off");
    // A folio that asks for reasons refuses an approval without one, at `reason`.
    let mut folio = ada(&mut state, "GET", "/folio/1", None);
    folio["requireApprovalReason"] = json!(true);
    folio.as_object_mut().unwrap().remove("status");
    ada(&mut state, "PUT", "/folio", Some(folio));
    let (status, body) = as_user(
        &mut state,
        "ada",
        "POST",
        "/folio/1/baseline",
        Some(json!({"name": "Budget 4", "approvedBy": "ada", "expenditureType": "PLANNED"})),
    );
    assert_eq!(status, 400, "{body}");
    assert!(body["errors"]["reason"].is_string());
}

#[test]
fn an_editor_changes_the_draft_and_scenarios_but_not_the_approved_budget() {
    let mut state = folio();
    ada(
        &mut state,
        "PUT",
        "/folio/1/editors",
        Some(json!({"users": ["grace"]})),
    );
    ada(
        &mut state,
        "PUT",
        "/folio/1/viewers",
        Some(json!({"users": ["vera"]})),
    );
    assert_eq!(
        ada(&mut state, "GET", "/folio/1/editors", None),
        json!({"users": ["grace"]})
    );
    // Grace edits the draft and forks, changes and renames a scenario.
    ok(as_user(
        &mut state,
        "grace",
        "POST",
        "/expense",
        Some(expense(
            1,
            "Fence",
            "PlannedExpense",
            "900",
            "2026-04-01",
            None,
        )),
    ));
    let (status, forked) = as_user(
        &mut state,
        "grace",
        "POST",
        "/folio/1/scenarios",
        Some(json!({"name": "Grace's"})),
    );
    assert_eq!(status, 200, "{forked}");
    let sid = forked["success"]["id"].as_u64().unwrap();
    ok(as_user(
        &mut state,
        "grace",
        "POST",
        &format!("/folio/1/scenarios/{sid}/expense"),
        Some(expense(
            1,
            "Gate",
            "PlannedExpense",
            "300",
            "2026-04-01",
            None,
        )),
    ));
    ok(as_user(
        &mut state,
        "grace",
        "PUT",
        &format!("/folio/1/scenarios/{sid}"),
        Some(json!({"name": "Grace's plan"})),
    ));
    assert_eq!(
        ok(as_user(
            &mut state,
            "grace",
            "GET",
            &format!("/folio/1/scenarios/{sid}"),
            None
        ))["createdBy"],
        "grace"
    );
    // The approved budget, the record and the sharing stay with the owner.
    let folio_body = {
        let mut f = ada(&mut state, "GET", "/folio/1", None);
        f.as_object_mut().unwrap().remove("status");
        f
    };
    for (method, path, body) in [
        (
            "POST",
            "/folio/1/baseline".to_owned(),
            Some(json!({"name": "B", "approvedBy": "grace", "expenditureType": "PLANNED"})),
        ),
        (
            "POST",
            format!("/folio/1/scenarios/{sid}/promote"),
            Some(json!({"reason": "mine"})),
        ),
        (
            "PUT",
            "/folio/1/viewers".to_owned(),
            Some(json!({"users": []})),
        ),
        (
            "PUT",
            "/folio/1/editors".to_owned(),
            Some(json!({"users": []})),
        ),
        ("PUT", "/folio".to_owned(), Some(folio_body.clone())),
        ("DELETE", "/folio/1".to_owned(), None),
        (
            "POST",
            "/folio/1/periods".to_owned(),
            Some(json!({"month": "2026-02"})),
        ),
    ] {
        let (status, body) = as_user(&mut state, "grace", method, &path, body);
        assert_eq!(status, 403, "{method} {path}: {body}");
    }
    // A viewer reads scenarios but changes nothing; a stranger sees nothing.
    ok(as_user(
        &mut state,
        "vera",
        "GET",
        "/folio/1/scenarios",
        None,
    ));
    let (status, _) = as_user(
        &mut state,
        "vera",
        "POST",
        "/folio/1/scenarios",
        Some(json!({"name": "Vera's"})),
    );
    assert_eq!(status, 403);
    let (status, _) = as_user(
        &mut state,
        "vera",
        "POST",
        &format!("/folio/1/scenarios/{sid}/expense"),
        Some(expense(
            1,
            "Sneak",
            "PlannedExpense",
            "1",
            "2026-04-01",
            None,
        )),
    );
    assert_eq!(status, 403);
    for path in [
        "/folio/1/scenarios".to_owned(),
        format!("/folio/1/scenarios/{sid}/plan"),
        "/folio/1/budget-changes".to_owned(),
    ] {
        let (status, _) = as_user(&mut state, "eve", "GET", &path, None);
        assert_eq!(status, 404, "{path}");
    }
}

#[test]
fn a_scenario_has_a_history_and_is_in_its_folios_activity() {
    use crate::history::Service;
    let mut service = Service::empty();
    let send = |service: &mut Service, method: &str, path: &str, body: Value| {
        let (status, answer) = service.send(
            "ada",
            method,
            &format!("/budgets/1{path}"),
            Some(&body.to_string()),
        );
        assert_eq!(status, 200, "{method} {path}: {answer}");
    };
    let (status, _) = service.send("ada", "POST", "/budgets/1/folio", Some(FOLIO));
    assert_eq!(status, 200);
    send(
        &mut service,
        "POST",
        "/folio/1/scenarios",
        json!({"name": "Plan B"}),
    );
    send(
        &mut service,
        "POST",
        "/folio/1/scenarios/1/expense",
        expense(1, "Crane", "PlannedExpense", "3000", "2026-06-01", None),
    );
    send(
        &mut service,
        "PUT",
        "/folio/1/scenarios/1",
        json!({"name": "Plan C"}),
    );
    let history = service.get("ada", "/budgets/1/folio/1/scenarios/1/history");
    let changes = history["changes"].as_array().unwrap();
    let actions: Vec<&str> = changes
        .iter()
        .map(|c| c["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["updated", "updated", "created"]);
    // The rename, field by field, against the change before it.
    let renamed = &changes[0]["fields"];
    assert_eq!(
        renamed,
        &json!([{"path": "name", "before": "Plan B", "after": "Plan C"}])
    );
    // The change of its items: the expense as it was put.
    let put = &changes[1]["fields"][0];
    assert_eq!(put["path"], "expenses[id=1]");
    assert_eq!(put["after"]["name"], "Crane");
    // The folio's activity names the scenario; the draft's expenses have no history of it.
    let activity = service.get("ada", "/budgets/1/folio/1/activity");
    let kinds: Vec<&str> = activity["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["record"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["scenario", "scenario", "scenario", "folio"]);
    assert_eq!(activity["changes"][1]["record"]["name"], "Plan B");
    let (status, _) = service.send("ada", "GET", "/budgets/1/expense/1/history", None);
    assert_eq!(status, 404);
    // Another folio's address, or a stranger: as missing.
    let (status, _) = service.send("eve", "GET", "/budgets/1/folio/1/scenarios/1/history", None);
    assert_eq!(status, 404);
    let (status, _) = service.send("ada", "GET", "/budgets/1/folio/2/scenarios/1/history", None);
    assert_eq!(status, 404);
}

#[test]
fn a_budget_moved_by_an_exchange_rate_is_restated_before_the_next_change() {
    let mut state = folio();
    let rate = |state: &mut State, rate: &str| {
        let body =
            format!(r#"{{"from":"USD","to":"EUR","rate":{rate},"effectiveDate":"2026-01-01"}}"#);
        ok(as_user(
            state,
            "finance",
            "PUT",
            "/exchangerate",
            Some(serde_json::from_str(&body).unwrap()),
        ));
    };
    rate(&mut state, "0.9");
    let mut usd = expense(1, "Lamps", "PlannedExpense", "10000", "2026-07-01", None);
    usd["currencyCode"] = json!("USD");
    ada(&mut state, "POST", "/expense", Some(usd));
    ada(
        &mut state,
        "POST",
        "/folio/1/baseline",
        Some(
            json!({"name": "B1", "approvedBy": "ada", "expenditureType": "PLANNED", "reason": "Kick-off"}),
        ),
    );
    // The dollar rises: the approved budget's lamps cost 2,000.00 more, with no approval.
    rate(&mut state, "1.1");
    let mut folio = ada(&mut state, "GET", "/folio/1", None);
    folio["reserve"] = json!(12);
    folio.as_object_mut().unwrap().remove("status");
    ada(&mut state, "PUT", "/folio?reason=More%20risk", Some(folio));
    let changes = ada(&mut state, "GET", "/folio/1/budget-changes", None)["changes"].clone();
    let kinds: Vec<&str> = changes
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["baseline", "restatement", "reserve"]);
    let restated = &changes[1];
    assert_eq!(restated["bacBefore"], changes[0]["bacAfter"]);
    assert_eq!(changes[2]["bacBefore"], restated["bacAfter"]);
    assert_eq!(
        dec(&restated["bacAfter"]) - dec(&restated["bacBefore"]),
        rust_decimal::Decimal::new(2000, 0)
    );
    assert!(restated.get("user").is_none(), "no one's change");
    assert!(restated["reason"].as_str().unwrap().starts_with("Restated"));
}
