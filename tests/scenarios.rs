//! Scenarios, their comparison and promotion (S15) through the
//! budgeting interface: a scenario changed with the draft's own bodies leaves the draft alone,
//! compare's differences are exactly the scenario's changes, a promotion is one entry that makes
//! the draft the scenario to the cent, and a stale fork is refused unless rebased. Budget changes,
//! editors and the scenarios' history: tests/budget_changes.rs.

use crate::budget_calls::{call, FOLIO};
use crate::cost_lines::{dec, expense, ok, position, post};

use costfolio::state::{Command, State};
use serde_json::{json, Value};

/// Folio 1 of ada's: two planned positions, a planned expense and an actual one.
pub(crate) fn folio() -> State {
    let mut state = State::new();
    ok(call(&mut state, "ada", "POST", "/folio", Some(FOLIO)));
    ok(post(
        &mut state,
        "/position",
        &position(
            "Design",
            ".PlannedPositionByTimeFrame",
            "Design",
            "2026-01-05",
            "2026-06-30",
            None,
        ),
    ));
    ok(post(
        &mut state,
        "/position",
        &position(
            "Build",
            ".PlannedPositionByTimeFrame",
            "Build",
            "2026-03-02",
            "2026-11-30",
            None,
        ),
    ));
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
    let _ = state.take_journal();
    state
}

pub(crate) fn as_user(
    state: &mut State,
    user: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let body = body.map(|b| b.to_string());
    call(state, user, method, path, body.as_deref())
}

pub(crate) fn ada(state: &mut State, method: &str, path: &str, body: Option<Value>) -> Value {
    ok(as_user(state, "ada", method, path, body))
}

/// Forks scenario `name` of folio 1's draft: its id.
pub(crate) fn fork(state: &mut State, name: &str) -> u64 {
    ada(
        state,
        "POST",
        "/folio/1/scenarios",
        Some(json!({"name": name, "description": "what if"})),
    )["id"]
        .as_u64()
        .unwrap()
}

/// BAC of folio 1's draft, and of scenario `sid` (each its own items the plan).
fn bac(state: &mut State, prefix: &str) -> String {
    ada(
        state,
        "GET",
        &format!("/folio/1{prefix}/indicators?asOf=2026-03-15&plan=draft"),
        None,
    )["bac"]
        .to_string()
}

#[test]
fn a_scenario_is_changed_with_the_drafts_bodies_and_leaves_the_draft_alone() {
    let mut state = folio();
    let draft_bac = bac(&mut state, "");
    let sid = fork(&mut state, "Hire two contractors");
    let listed = ada(&mut state, "GET", "/folio/1/scenarios", None);
    assert_eq!(listed[0]["name"], "Hire two contractors");
    assert_eq!(listed[0]["from"], "draft");
    assert_eq!(
        (
            listed[0]["positions"].as_u64(),
            listed[0]["expenses"].as_u64()
        ),
        (Some(2), Some(2))
    );
    assert_eq!(listed[0]["changedItems"], 0);
    // Its figures are the draft's until it changes.
    assert_eq!(bac(&mut state, &format!("/scenarios/{sid}")), draft_bac);
    let _ = state.take_journal();

    // An expense added with the draft's own body: one entry, the scenario's.
    let created = ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/expense"),
        Some(expense(
            1,
            "Contractors",
            "PlannedExpense",
            "25000",
            "2026-05-01",
            None,
        )),
    );
    let new_id = created.as_u64().or_else(|| created["id"].as_u64()).unwrap();
    let journal = state.take_journal();
    assert_eq!(journal.len(), 1);
    assert!(
        matches!(journal[0].command, Command::ChangeScenario { scenario, .. } if scenario == sid)
    );
    // The draft does not hold it, and never will under that id by chance: ids are the draft's.
    let (status, _) = as_user(
        &mut state,
        "ada",
        "GET",
        &format!("/expense/{new_id}"),
        None,
    );
    assert_eq!(status, 404);
    let shown = ada(
        &mut state,
        "GET",
        &format!("/folio/1/scenarios/{sid}/expense/{new_id}"),
        None,
    );
    assert_eq!(shown["name"], "Contractors");
    // A rate of a copied position changed through the position's own route.
    ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/position/1/rate"),
        Some(json!({"rate": 80, "startDate": "2026-04-01"})),
    );
    assert_eq!(bac(&mut state, ""), draft_bac, "the draft is left alone");
    let scenario_bac = dec(&json!(bac(&mut state, &format!("/scenarios/{sid}"))
        .parse::<f64>()
        .unwrap()));
    assert!(scenario_bac > dec(&json!(draft_bac.parse::<f64>().unwrap())));
    // The draft's refusals, word for word.
    let (status, body) = as_user(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/1/scenarios/{sid}/position/1/rate"),
        Some(json!({"rate": 90, "startDate": "2026-04-01"})),
    );
    assert_eq!(status, 400);
    assert!(body["errors"]["startDate"]
        .as_str()
        .unwrap()
        .starts_with("A cost rate already exists"));
    // A deleted item is gone from the scenario only.
    ada(
        &mut state,
        "DELETE",
        &format!("/folio/1/scenarios/{sid}/expense/1"),
        None,
    );
    assert_eq!(ada(&mut state, "GET", "/expense/1", None)["name"], "Steel");
    let (status, _) = as_user(
        &mut state,
        "ada",
        "GET",
        &format!("/folio/1/scenarios/{sid}/expense/1"),
        None,
    );
    assert_eq!(status, 404);
    // The scenario's plan document holds its items.
    let plan = ada(
        &mut state,
        "GET",
        &format!("/folio/1/scenarios/{sid}/plan"),
        None,
    );
    let names: Vec<&str> = plan["expenses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Invoice", "Contractors"]);
    // Replaying the journal gives the same scenarios.
    let mut journal = Vec::new();
    let mut rebuilt = State::new();
    // The whole journal of a fresh state.
    let mut fresh = State::new();
    ok(call(&mut fresh, "ada", "POST", "/folio", Some(FOLIO)));
    journal.extend(fresh.take_journal());
    let sid3 = fork(&mut fresh, "Kept");
    ada(
        &mut fresh,
        "POST",
        &format!("/folio/1/scenarios/{sid3}/expense"),
        Some(expense(
            1,
            "More",
            "PlannedExpense",
            "10",
            "2026-05-01",
            None,
        )),
    );
    journal.extend(fresh.take_journal());
    rebuilt.replay(&journal).unwrap();
    assert_eq!(rebuilt.scenarios, fresh.scenarios);
    assert_eq!(rebuilt.counters, fresh.counters);
}

#[test]
fn compare_lists_exactly_the_scenarios_changes() {
    let mut state = folio();
    let sid = fork(&mut state, "Delay phase 2");
    ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/expense"),
        Some(expense(
            1,
            "Crane",
            "PlannedExpense",
            "3000",
            "2026-06-01",
            None,
        )),
    );
    ada(
        &mut state,
        "DELETE",
        &format!("/folio/1/scenarios/{sid}/expense/1"),
        None,
    );
    ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/position/2/rate"),
        Some(json!({"rate": 70, "startDate": "2026-06-01"})),
    );
    let other = fork(&mut state, "Nothing changed");
    let compared = ada(
        &mut state,
        "GET",
        &format!("/folio/1/scenarios/compare?ids=draft,{sid},{other}&asOf=2026-03-15"),
        None,
    );
    let plans = compared["plans"].as_array().unwrap();
    assert_eq!(plans.len(), 3);
    assert!(plans[0].get("differences").is_none());
    let items = plans[1]["differences"]["items"].as_array().unwrap();
    let seen: Vec<(String, u64, String)> = items
        .iter()
        .map(|i| {
            (
                i["item"].as_str().unwrap().to_owned(),
                i["id"].as_u64().unwrap(),
                i["change"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let crane = items.iter().find(|i| i["name"] == "Crane").unwrap()["id"]
        .as_u64()
        .unwrap();
    assert_eq!(
        seen,
        [
            ("position".into(), 2, "changed".into()),
            ("expense".into(), 1, "removed".into()),
            ("expense".into(), crane, "added".into()),
        ]
    );
    // The changed position names the rate added, by its path.
    let fields: Vec<&str> = items[0]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert!(fields.iter().all(|f| f.starts_with("rates")), "{fields:?}");
    assert!(!fields.is_empty());
    // The money moved adds up to the BAC moved (every changed item is a planned cost).
    let moved: rust_decimal::Decimal = items.iter().map(|i| dec(&i["moneyMoved"])).sum();
    assert_eq!(moved, dec(&plans[1]["differences"]["bacMoved"]));
    assert_eq!(
        dec(&plans[1]["indicators"]["bac"]) - dec(&plans[0]["indicators"]["bac"]),
        moved
    );
    assert_eq!(
        dec(&items[1]["moneyBefore"]),
        rust_decimal::Decimal::new(40000, 0)
    );
    assert_eq!(
        dec(&items[1]["moneyMoved"]),
        rust_decimal::Decimal::new(-40000, 0)
    );
    // The unchanged scenario differs in nothing.
    assert_eq!(plans[2]["differences"]["items"], json!([]));
    assert_eq!(plans[2]["indicators"], plans[0]["indicators"]);
    assert_eq!(plans[1]["timeline"].as_array().unwrap().len(), 12);
    // Refusals name `ids`.
    for ids in ["draft", "draft,draft", "draft,77", "draft,x", "1,2,3,4,5,6"] {
        let (status, body) = as_user(
            &mut state,
            "ada",
            "GET",
            &format!("/folio/1/scenarios/compare?ids={ids}"),
            None,
        );
        assert_eq!(status, 400, "{ids}: {body}");
        assert!(body["errors"]["ids"].is_string(), "{ids}: {body}");
    }
}

#[test]
fn a_promotion_is_one_entry_and_makes_the_draft_the_scenario() {
    let mut state = folio();
    let sid = fork(&mut state, "Hire two contractors");
    ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/expense"),
        Some(expense(
            1,
            "Contractors",
            "PlannedExpense",
            "25000",
            "2026-05-01",
            None,
        )),
    );
    ada(
        &mut state,
        "DELETE",
        &format!("/folio/1/scenarios/{sid}/position/1"),
        None,
    );
    let draft_before = ada(&mut state, "GET", "/folio/1/plan", None);
    let scenario_plan = ada(
        &mut state,
        "GET",
        &format!("/folio/1/scenarios/{sid}/plan"),
        None,
    );
    let scenario_figures = ada(
        &mut state,
        "GET",
        &format!("/folio/1/scenarios/{sid}/indicators?asOf=2026-03-15&plan=draft"),
        None,
    );
    let _ = state.take_journal();
    // A reason is required.
    let (status, body) = as_user(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/1/scenarios/{sid}/promote"),
        Some(json!({"reason": " "})),
    );
    assert_eq!(status, 400, "{body}");
    assert!(body["errors"]["reason"].is_string());
    let promoted = ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/promote"),
        Some(
            json!({"reason": "The board chose contractors", "approve": {"name": "Budget 2", "expenditureType": "PLANNED"}}),
        ),
    );
    let journal = state.take_journal();
    assert_eq!(journal.len(), 1, "one entry");
    assert!(matches!(journal[0].command, Command::Batch(_)));
    assert_eq!(
        (
            promoted["itemsPut"].as_u64(),
            promoted["itemsDeleted"].as_u64()
        ),
        (Some(1), Some(1))
    );
    // The draft is the scenario, to the cent, ids kept.
    let draft_after = ada(&mut state, "GET", "/folio/1/plan", None);
    assert_eq!(draft_after["positions"], scenario_plan["positions"]);
    assert_eq!(draft_after["expenses"], scenario_plan["expenses"]);
    assert_eq!(
        ada(
            &mut state,
            "GET",
            "/folio/1/indicators?asOf=2026-03-15&plan=draft",
            None
        ),
        scenario_figures
    );
    // The draft as it was is kept as a scenario.
    let previous = promoted["previousDraftId"].as_u64().unwrap();
    let kept = ada(
        &mut state,
        "GET",
        &format!("/folio/1/scenarios/{previous}"),
        None,
    );
    assert_eq!(kept["name"], "Draft before promoting Hire two contractors");
    let kept_plan = ada(
        &mut state,
        "GET",
        &format!("/folio/1/scenarios/{previous}/plan"),
        None,
    );
    assert_eq!(kept_plan["positions"], draft_before["positions"]);
    assert_eq!(kept_plan["expenses"], draft_before["expenses"]);
    // The baseline approved and its budget change.
    let baseline = promoted["baselineId"].as_u64().unwrap();
    let changes = ada(&mut state, "GET", "/folio/1/budget-changes", None);
    let change = &changes["changes"][0];
    assert_eq!(
        (change["kind"].as_str(), change["baselineId"].as_u64()),
        (Some("promotion"), Some(baseline))
    );
    assert_eq!(change["reason"], "The board chose contractors");
    assert_eq!(change["scenarioId"].as_u64(), Some(sid));
    // A promoted scenario is kept as it was.
    let (status, _) = as_user(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/1/scenarios/{sid}/promote"),
        Some(json!({"reason": "again"})),
    );
    assert_eq!(status, 409);
    let (status, _) = as_user(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/1/scenarios/{sid}/expense"),
        Some(expense(
            1,
            "Late",
            "PlannedExpense",
            "1",
            "2026-05-01",
            None,
        )),
    );
    assert_eq!(status, 409);
}

#[test]
fn a_stale_fork_is_refused_unless_rebased_and_rebasing_keeps_the_drafts_changes() {
    let mut state = folio();
    let sid = fork(&mut state, "Cheaper steel");
    let mut steel = ada(&mut state, "GET", "/expense/1", None);
    steel["amount"] = json!(30000);
    ada(
        &mut state,
        "PUT",
        &format!("/folio/1/scenarios/{sid}/expense"),
        Some(steel),
    );
    // Meanwhile the draft records an actual.
    let actual = ada(
        &mut state,
        "POST",
        "/expense",
        Some(expense(
            1,
            "Second invoice",
            "ActualExpense",
            "500",
            "2026-03-01",
            None,
        )),
    );
    let actual_id = actual.as_u64().or_else(|| actual["id"].as_u64()).unwrap();
    let listed = ada(
        &mut state,
        "GET",
        &format!("/folio/1/scenarios/{sid}"),
        None,
    );
    assert_eq!(listed["draftChanged"], true);
    let journal_before = state.seq;
    let (status, body) = as_user(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/1/scenarios/{sid}/promote"),
        Some(json!({"reason": "cheaper"})),
    );
    assert_eq!(status, 409, "{body}");
    let said = body["errorMessages"][0].as_str().unwrap().to_owned();
    assert!(
        said.contains(&format!("expense {actual_id} \"Second invoice\" added")),
        "{said}"
    );
    assert_eq!(state.seq, journal_before, "nothing stored");
    let promoted = ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/promote"),
        Some(json!({"reason": "cheaper", "rebase": true})),
    );
    assert_eq!(promoted["rebased"], true);
    assert_eq!(
        ada(&mut state, "GET", "/expense/1", None)["amount"].to_string(),
        "30000"
    );
    assert_eq!(
        ada(&mut state, "GET", &format!("/expense/{actual_id}"), None)["name"],
        "Second invoice"
    );
}

#[test]
fn a_scenario_refuses_what_is_not_its_own() {
    let mut state = folio();
    // Another folio of ada's, with an expense.
    ok(call(&mut state, "ada", "POST", "/folio", Some(FOLIO)));
    let other = ada(
        &mut state,
        "POST",
        "/expense",
        Some(expense(
            2,
            "Elsewhere",
            "PlannedExpense",
            "5",
            "2026-04-01",
            None,
        )),
    );
    let other_id = other.as_u64().or_else(|| other["id"].as_u64()).unwrap();
    let sid = fork(&mut state, "Mine");
    let seq = state.seq;
    // An expense of another folio, named under this scenario: a missing item, nothing stored.
    let (status, body) = as_user(
        &mut state,
        "ada",
        "DELETE",
        &format!("/folio/1/scenarios/{sid}/expense/{other_id}"),
        None,
    );
    assert_eq!(status, 404, "{body}");
    let (status, _) = as_user(
        &mut state,
        "ada",
        "GET",
        &format!("/folio/1/scenarios/{sid}/expense/{other_id}"),
        None,
    );
    assert_eq!(status, 404);
    let (status, _) = as_user(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/1/scenarios/{sid}/expense"),
        Some(expense(
            2,
            "Moved",
            "PlannedExpense",
            "5",
            "2026-04-01",
            None,
        )),
    );
    assert_eq!(status, 404);
    assert_eq!(state.seq, seq, "nothing stored");
    assert_eq!(
        ada(&mut state, "GET", &format!("/expense/{other_id}"), None)["name"],
        "Elsewhere"
    );
    // The folio's own record is not a scenario's to change.
    let (status, _) = as_user(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/1/scenarios/{sid}/baseline"),
        Some(json!({})),
    );
    assert_eq!(status, 404);
    // A scenario of another folio, a duplicate name, a blank one, a bad source.
    let (status, _) = as_user(
        &mut state,
        "ada",
        "GET",
        &format!("/folio/2/scenarios/{sid}"),
        None,
    );
    assert_eq!(status, 404);
    for (body, field) in [
        (json!({"name": "mine"}), "name"),
        (json!({"name": "  "}), "name"),
        (json!({"name": "X", "from": "baseline:9"}), "from"),
        (json!({"name": "X", "from": "yesterday"}), "from"),
    ] {
        let (status, refused) = as_user(
            &mut state,
            "ada",
            "POST",
            "/folio/1/scenarios",
            Some(body.clone()),
        );
        assert_eq!(status, 400, "{body}: {refused}");
        assert!(refused["errors"][field].is_string(), "{body}: {refused}");
    }
    assert_eq!(state.seq, seq, "nothing stored");
    // Deleted, it is gone.
    ada(
        &mut state,
        "DELETE",
        &format!("/folio/1/scenarios/{sid}"),
        None,
    );
    let (status, _) = as_user(
        &mut state,
        "ada",
        "GET",
        &format!("/folio/1/scenarios/{sid}"),
        None,
    );
    assert_eq!(status, 404);
}

#[test]
fn a_scenario_forked_from_a_baseline_holds_what_it_froze() {
    let mut state = folio();
    ada(
        &mut state,
        "POST",
        "/folio/1/baseline",
        Some(json!({"name": "B1", "approvedBy": "ada", "expenditureType": "PLANNED"})),
    );
    let mut steel = ada(&mut state, "GET", "/expense/1", None);
    steel["amount"] = json!(55000);
    ada(&mut state, "PUT", "/expense", Some(steel));
    let forked = ada(
        &mut state,
        "POST",
        "/folio/1/scenarios",
        Some(json!({"name": "As approved", "from": "baseline:1"})),
    );
    let sid = forked["id"].as_u64().unwrap();
    assert_eq!(forked["from"], "baseline:1");
    let plan = ada(
        &mut state,
        "GET",
        &format!("/folio/1/scenarios/{sid}/plan"),
        None,
    );
    let steel = plan["expenses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Steel")
        .unwrap()
        .clone();
    assert_eq!(steel["amount"].to_string(), "40000");
    // The actual side is the draft's.
    assert!(plan["expenses"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["name"] == "Invoice"));
}

#[test]
fn a_fresh_fork_is_one_copy_of_the_draft_written_and_kept() {
    let mut state = folio();
    let sid = fork(&mut state, "Kept once");
    let journal = state.take_journal();
    let written = serde_json::to_value(&journal[0]).unwrap();
    let record = &written["command"]["PutScenario"];
    assert!(record["base"]["positions"].is_array(), "{record}");
    assert!(
        record.get("items").is_none(),
        "its items are its base: written once"
    );
    let mut replayed = folio();
    let _ = replayed.take_journal();
    let seq = replayed.seq;
    let entries: Vec<_> = journal
        .into_iter()
        .map(|mut entry| {
            entry.seq = seq + 1;
            entry
        })
        .collect();
    replayed.replay(&entries).unwrap();
    let kept = &replayed.scenarios[&sid];
    assert!(
        std::sync::Arc::ptr_eq(&kept.items, &kept.base),
        "one copy, shared"
    );
    // Changed, it writes its items beside its base.
    ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/expense"),
        Some(expense(
            1,
            "Crane",
            "PlannedExpense",
            "3000",
            "2026-06-01",
            None,
        )),
    );
    let changed = serde_json::to_value(&state.scenarios[&sid]).unwrap();
    assert!(changed["items"]["expenses"].is_array());
    assert_eq!(
        state.scenarios[&sid].items.expenses.len(),
        state.scenarios[&sid].base.expenses.len() + 1
    );
}

#[test]
fn a_rebase_refuses_an_item_changed_on_both_sides_and_an_actual_left_realising_nothing() {
    // The same planned position's rate changed in the scenario and in the draft since the fork.
    let mut state = folio();
    let sid = fork(&mut state, "Dearer design");
    ada(
        &mut state,
        "POST",
        &format!("/folio/1/scenarios/{sid}/position/1/rate"),
        Some(json!({"rate": 80, "startDate": "2026-04-01"})),
    );
    ada(
        &mut state,
        "POST",
        "/position/1/rate",
        Some(json!({"rate": 55, "startDate": "2026-05-01"})),
    );
    let seq = state.seq;
    let (status, body) = as_user(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/1/scenarios/{sid}/promote"),
        Some(json!({"reason": "dearer", "rebase": true})),
    );
    assert_eq!(status, 409, "{body}");
    let said = body["errorMessages"][0].as_str().unwrap();
    assert!(
        said.starts_with("Changed both in the draft and in scenario"),
        "{said}"
    );
    assert!(said.contains("position 1 \"Design\" changed"), "{said}");
    assert_eq!(state.seq, seq, "nothing stored");

    // The scenario deletes the steel; meanwhile the draft records an invoice realising it.
    let mut state = folio();
    let sid = fork(&mut state, "No steel");
    ada(
        &mut state,
        "DELETE",
        &format!("/folio/1/scenarios/{sid}/expense/1"),
        None,
    );
    ada(
        &mut state,
        "POST",
        "/expense",
        Some(expense(
            1,
            "Steel invoice",
            "ActualExpense",
            "39000",
            "2026-03-01",
            Some(1),
        )),
    );
    let (status, body) = as_user(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/1/scenarios/{sid}/promote"),
        Some(json!({"reason": "no steel", "rebase": true})),
    );
    assert_eq!(status, 409, "{body}");
    let said = body["errorMessages"][0].as_str().unwrap();
    assert!(said.contains("\"Steel invoice\" realises item 1"), "{said}");
    assert_eq!(ada(&mut state, "GET", "/expense/1", None)["name"], "Steel");
}
