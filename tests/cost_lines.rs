//! Cost lines (S9.12): what an actual item realises, checked as it is written; each planned
//! item's line with its budget, plan, actual, scheduled and forecast; groups; a baseline keeps the
//! links it was approved with; the plan document carries them. On random folios:
//! tests/cost_line_properties.rs.

use crate::budget_calls::{call, FOLIO};

use costfolio::state::State;
use costfolio::value::Decimal;
use serde_json::{json, Value};

pub(crate) fn ok((status, body): (u16, Value)) -> Value {
    assert_eq!(status, 200, "{body}");
    body["success"].clone()
}

pub(crate) fn dec(value: &Value) -> Decimal {
    value.to_string().parse().unwrap()
}

/// An expense of folio `folio`: `kind` (`PlannedExpense`, `ActualExpense`), `amount` once on
/// `day`, realising `realises` when given.
pub(crate) fn expense(
    folio: u64,
    name: &str,
    kind: &str,
    amount: &str,
    day: &str,
    realises: Option<u64>,
) -> Value {
    let category = "OPEX";
    let mut body = json!({"folioId": folio, "name": name, "description": "", "type": "Works",
        "category": category, "kind": format!(".{kind}"),
        "amount": amount.parse::<serde_json::Number>().unwrap(), "currencyCode": "EUR",
        "recurrence": {"kind": ".Once", "startDate": day}});
    if let Some(id) = realises {
        body["realises"] = json!(id);
    }
    body
}

pub(crate) fn post(state: &mut State, path: &str, body: &Value) -> (u16, Value) {
    call(state, "ada", "POST", path, Some(&body.to_string()))
}

/// A planned position (or, with `kind` `.TeamMember`, a team member realising `realises`) of
/// folio 1 at `rate` a day's hour, full time from `from` to `to`.
pub(crate) fn position(
    name: &str,
    kind: &str,
    category: &str,
    from: &str,
    to: &str,
    realises: Option<u64>,
) -> Value {
    let mut body = json!({"folioId": 1, "name": name, "description": "", "title": "Engineer",
        "kind": kind, "category": category, "member": "grace",
        "rate": {"rate": 50, "startDate": "2026-01-01"},
        "allocation": {"startDate": from, "endDate": to, "percentage": 100}});
    if let Some(id) = realises {
        body["realises"] = json!(id);
    }
    body
}

pub(crate) fn lines(state: &mut State, query: &str) -> Value {
    ok(call(
        state,
        "ada",
        "GET",
        &format!("/folio/1/lines?asOf=2026-03-15{query}"),
        None,
    ))
}

fn line<'a>(answer: &'a Value, kind: &str, id: u64) -> &'a Value {
    answer["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["itemKind"] == kind && l["itemId"] == id)
        .unwrap_or_else(|| panic!("no {kind} {id} line in {answer}"))
}

/// A folio (today 2026-03-15) with two planned expenses, a planned position, what realises them
/// and two actual items that realise nothing.
pub(crate) fn folio() -> State {
    let mut state = State::new();
    ok(call(&mut state, "ada", "POST", "/folio", Some(FOLIO)));
    // 1: the steel deck, 10,000.00 in February; 2: the site office, 3,000.00 in May.
    ok(post(
        &mut state,
        "/expense",
        &expense(
            1,
            "Steel deck fabrication",
            "PlannedExpense",
            "10000",
            "2026-02-01",
            None,
        ),
    ));
    ok(post(
        &mut state,
        "/expense",
        &expense(
            1,
            "Site office",
            "PlannedExpense",
            "3000",
            "2026-05-04",
            None,
        ),
    ));
    // 3 and 4 realise the deck: 6,000.00 paid, 5,000.00 scheduled; 5 the office; 6 nothing.
    ok(post(
        &mut state,
        "/expense",
        &expense(
            1,
            "Steel deck, first invoice",
            "ActualExpense",
            "6000",
            "2026-03-02",
            Some(1),
        ),
    ));
    ok(post(
        &mut state,
        "/expense",
        &expense(
            1,
            "Steel deck, second invoice",
            "ActualExpense",
            "5000",
            "2026-04-01",
            Some(1),
        ),
    ));
    ok(post(
        &mut state,
        "/expense",
        &expense(
            1,
            "Office rent",
            "ActualExpense",
            "400",
            "2026-02-16",
            Some(2),
        ),
    ));
    ok(post(
        &mut state,
        "/expense",
        &expense(1, "Taxi", "ActualExpense", "80", "2026-03-03", None),
    ));
    // Position 1 planned; 2 realises it; 3 realises nothing.
    ok(post(
        &mut state,
        "/position",
        &position(
            "Engineer",
            ".PlannedPositionByTimeFrame",
            "Engineering",
            "2026-02-02",
            "2026-03-27",
            None,
        ),
    ));
    ok(post(
        &mut state,
        "/position",
        &position(
            "Grace",
            ".TeamMember",
            "Engineering",
            "2026-03-02",
            "2026-04-10",
            Some(1),
        ),
    ));
    ok(post(
        &mut state,
        "/position",
        &position("Ravi", ".TeamMember", "", "2026-03-09", "2026-03-13", None),
    ));
    state
}

#[test]
fn each_planned_item_is_a_line_with_what_realises_it() {
    let mut state = folio();
    let answer = lines(&mut state, "");
    assert_eq!(answer["currencyCode"], "EUR");
    assert_eq!(answer["groupBy"], "none");
    assert_eq!(answer["groups"], json!([]));
    // The deck: 6,000 paid and 5,000 scheduled overrun its 10,000: forecast 11,000, 1,000 over
    // (10 % of the budget), amber at a tolerance of 10.
    let deck = line(&answer, "expense", 1);
    assert_eq!(deck["name"], "Steel deck fabrication");
    assert_eq!(deck["planned"], true);
    let names: Vec<&str> = deck["realisedBy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Steel deck, first invoice", "Steel deck, second invoice"]
    );
    let f = &deck["figures"];
    assert_eq!(
        (f["budget"].to_string(), f["plan"].to_string()),
        ("10000.00".into(), "10000.00".into())
    );
    assert_eq!(
        (f["actual"].to_string(), f["scheduled"].to_string()),
        ("6000.00".into(), "5000.00".into())
    );
    assert_eq!(f["forecast"].to_string(), "11000.00");
    assert_eq!(
        (f["vac"].to_string(), f["vacPercent"].to_string()),
        ("-1000.00".into(), "-10.00".into())
    );
    assert_eq!(
        (
            f["planVariance"].to_string(),
            f["planVariancePercent"].to_string()
        ),
        ("4000.00".into(), "40.00".into())
    );
    assert_eq!(f["status"], "amber");
    // The office: 400 of 3,000 spent, the line open: its forecast is its plan.
    let office = &line(&answer, "expense", 2)["figures"];
    assert_eq!(
        (office["actual"].to_string(), office["forecast"].to_string()),
        ("400.00".into(), "3000.00".into())
    );
    assert_eq!(
        (office["vac"].to_string(), office["status"].as_str()),
        ("0.00".into(), Some("green"))
    );
    // The taxi realises nothing: a line of its own, with no budget and red.
    let taxi = line(&answer, "expense", 6);
    assert_eq!(taxi["planned"], false);
    assert_eq!(taxi["figures"]["forecast"].to_string(), "80.00");
    assert_eq!(
        taxi["figures"]["vacPercent"],
        Value::Null,
        "no budget: no percentage"
    );
    assert_eq!(taxi["figures"]["status"], "red");
    // The engineer: Grace's cost is the line's actual and scheduled; the forecast never below
    // the plan while the line is open.
    let engineer = &line(&answer, "position", 1)["figures"];
    let known = dec(&engineer["actual"]) + dec(&engineer["scheduled"]);
    assert!(known > Decimal::ZERO);
    assert_eq!(
        dec(&engineer["forecast"]),
        known.max(dec(&engineer["plan"]))
    );
    // Unplanned lines come after the planned ones.
    let planned: Vec<bool> = answer["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["planned"].as_bool().unwrap())
        .collect();
    assert_eq!(planned, [true, true, true, false, false], "{answer}");
    // The lines add up to the folio's figures.
    let indicators = ok(call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/indicators?asOf=2026-03-15",
        None,
    ));
    assert_eq!(answer["total"]["budget"], indicators["bac"]);
    assert_eq!(answer["total"]["actual"], indicators["ac"]);
    assert_eq!(
        dec(&answer["total"]["actual"]) + dec(&answer["total"]["scheduled"]),
        dec(&indicators["eacKnown"])
    );
}

#[test]
fn a_complete_line_releases_its_underrun_and_the_scheduled_eac_follows_the_lines() {
    let mut state = folio();
    let folio = ok(call(&mut state, "ada", "GET", "/folio/1", None));
    let mut scheduled = folio.clone();
    scheduled["eacMethod"] = json!("scheduled");
    ok(call(
        &mut state,
        "ada",
        "PUT",
        "/folio",
        Some(&scheduled.to_string()),
    ));
    let before = lines(&mut state, "");
    let eac = |state: &mut State| {
        ok(call(
            state,
            "ada",
            "GET",
            "/folio/1/indicators?asOf=2026-03-15",
            None,
        ))["eac"]
            .clone()
    };
    assert_eq!(
        eac(&mut state),
        before["total"]["forecast"],
        "EAC by what is scheduled is the lines' forecast"
    );
    // The office is finished at 400: 2,600 of its plan is released.
    let mut office = ok(call(&mut state, "ada", "GET", "/expense/2", None));
    office["complete"] = json!(true);
    let updated = ok(call(
        &mut state,
        "ada",
        "PUT",
        "/expense",
        Some(&office.to_string()),
    ));
    assert_eq!(updated["complete"], true);
    let after = lines(&mut state, "");
    let line2 = &line(&after, "expense", 2);
    assert_eq!(line2["complete"], true);
    assert_eq!(line2["figures"]["forecast"].to_string(), "400.00");
    assert_eq!(line2["figures"]["vac"].to_string(), "2600.00");
    assert_eq!(
        dec(&before["total"]["forecast"]) - dec(&after["total"]["forecast"]),
        Decimal::from(2600)
    );
    assert_eq!(eac(&mut state), after["total"]["forecast"]);
    // An update without `complete` opens the line again (an update replaces the record).
    office["complete"] = Value::Null;
    ok(call(
        &mut state,
        "ada",
        "PUT",
        "/expense",
        Some(&office.to_string()),
    ));
    assert_eq!(lines(&mut state, "")["total"], before["total"]);
}

#[test]
fn groups_add_up_their_lines_and_the_total() {
    let mut state = folio();
    for (grouping, keys) in [
        ("kind", vec!["expenses", "positions"]),
        ("category", vec!["Engineering", "OPEX", ""]),
        ("account", vec![""]),
    ] {
        let answer = lines(&mut state, &format!("&groupBy={grouping}"));
        let groups = answer["groups"].as_array().unwrap();
        let got: Vec<&str> = groups.iter().map(|g| g["key"].as_str().unwrap()).collect();
        assert_eq!(got, keys, "{grouping}: {answer}");
        for figure in [
            "budget",
            "plan",
            "actual",
            "scheduled",
            "forecast",
            "vac",
            "planVariance",
        ] {
            let summed: Decimal = groups.iter().map(|g| dec(&g["figures"][figure])).sum();
            assert_eq!(summed, dec(&answer["total"][figure]), "{grouping} {figure}");
            for group in groups {
                let of_lines: Decimal = answer["lines"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|l| l["group"] == group["key"])
                    .map(|l| dec(&l["figures"][figure]))
                    .sum();
                assert_eq!(
                    of_lines,
                    dec(&group["figures"][figure]),
                    "{grouping} {} {figure}",
                    group["key"]
                );
            }
        }
        let counted: u64 = groups.iter().map(|g| g["lines"].as_u64().unwrap()).sum();
        assert_eq!(counted as usize, answer["lines"].as_array().unwrap().len());
    }
    let named = lines(&mut state, "&groupBy=category");
    let names: Vec<&str> = named["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Engineering", "OPEX", "No category"]);
    let refused = call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/lines?groupBy=owner",
        None,
    );
    assert_eq!(refused.0, 400);
    assert_eq!(
        refused.1["errors"]["groupBy"],
        "owner is not a grouping: account, category, kind or none"
    );
}

#[test]
fn a_link_names_a_live_planned_item_of_its_folio_and_kind() {
    let mut state = folio();
    // A second folio of another owner, with a planned expense (7).
    let other = FOLIO.replace(r#""owner":"ada""#, r#""owner":"grace""#);
    ok(call(&mut state, "grace", "POST", "/folio", Some(&other)));
    ok(call(
        &mut state,
        "grace",
        "POST",
        "/expense",
        Some(&expense(2, "Other deck", "PlannedExpense", "100", "2026-02-01", None).to_string()),
    ));
    ok(call(&mut state, "ada", "DELETE", "/expense/2", None));
    let refused = |state: &mut State, path: &str, body: Value| {
        let before = state.snapshot();
        let (status, answer) = post(state, path, &body);
        assert_eq!(status, 400, "{answer}");
        assert_eq!(state.snapshot(), before, "a refusal changes nothing");
        answer["errors"].clone()
    };
    let cases = [
        (
            expense(1, "Planned", "PlannedExpense", "1", "2026-03-01", Some(1)),
            "realises",
            "A planned expense realises nothing: an actual item names the planned item it realises",
        ),
        (
            expense(1, "Nothing", "ActualExpense", "1", "2026-03-01", Some(99)),
            "realises",
            "there is no planned expense 99 in this folio",
        ),
        (
            expense(1, "Elsewhere", "ActualExpense", "1", "2026-03-01", Some(7)),
            "realises",
            "there is no planned expense 7 in this folio",
        ),
        (
            expense(1, "Actual", "ActualExpense", "1", "2026-03-01", Some(3)),
            "realises",
            "3 is an actual expense: this item can realise only a planned expense",
        ),
        (
            expense(1, "Gone", "ActualExpense", "1", "2026-03-01", Some(2)),
            "realises",
            "planned expense 2 was deleted",
        ),
    ];
    for (body, field, message) in cases {
        assert_eq!(refused(&mut state, "/expense", body)[field], message);
    }
    let mut complete = expense(1, "Done", "ActualExpense", "1", "2026-03-01", None);
    complete["complete"] = json!(true);
    assert_eq!(
        refused(&mut state, "/expense", complete)["complete"],
        "An actual expense has no cost line of its own to complete: complete the planned item it realises"
    );
    let member = position(
        "Ann",
        ".TeamMember",
        "",
        "2026-03-02",
        "2026-03-06",
        Some(2),
    );
    assert_eq!(
        refused(&mut state, "/position", member)["realises"],
        "2 is a team member: this item can realise only a planned position"
    );
    let planned = position(
        "Lead",
        ".PlannedPositionByTimeFrame",
        "",
        "2026-03-02",
        "2026-03-06",
        Some(1),
    );
    assert_eq!(
        refused(&mut state, "/position", planned)["realises"],
        "A planned position realises nothing: an actual item names the planned item it realises"
    );
    // A link the record holds stays editable after its planned item is deleted.
    ok(call(&mut state, "ada", "DELETE", "/expense/1", None));
    let mut invoice = ok(call(&mut state, "ada", "GET", "/expense/3", None));
    assert_eq!(invoice["realises"], 1);
    invoice["description"] = json!("Paid");
    ok(call(
        &mut state,
        "ada",
        "PUT",
        "/expense",
        Some(&invoice.to_string()),
    ));
    // And the deleted item keeps its line: its plan is gone, what realises it stays.
    let answer = lines(&mut state, "");
    let deck = line(&answer, "expense", 1);
    assert_eq!(deck["deleted"], true);
    assert_eq!(deck["figures"]["plan"].to_string(), "0.00");
    assert_eq!(deck["figures"]["forecast"].to_string(), "11000.00");
}

#[test]
fn a_baseline_keeps_the_links_it_was_approved_with() {
    let mut state = folio();
    let approval = json!({"name": "Actuals of March", "description": "", "approvedBy": "ada", "expenditureType": "ACTUAL"});
    ok(call(
        &mut state,
        "ada",
        "POST",
        "/folio/1/baseline",
        Some(&approval.to_string()),
    ));
    let mut invoice = ok(call(&mut state, "ada", "GET", "/expense/5", None));
    invoice["realises"] = json!(1);
    ok(call(
        &mut state,
        "ada",
        "PUT",
        "/expense",
        Some(&invoice.to_string()),
    ));
    let frozen = ok(call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/expenditures?baselineId=1&actual=true&revenue=false",
        None,
    ));
    let rent = frozen["expenses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Office rent")
        .unwrap();
    assert_eq!(rent["realises"], 2, "as approved");
    let current = ok(call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/expenditures?actual=true&revenue=false",
        None,
    ));
    let rent = current["expenses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Office rent")
        .unwrap();
    assert_eq!(rent["realises"], 1, "as now");
}

#[test]
fn the_plan_document_carries_the_links_to_the_new_ids() {
    let mut state = folio();
    let document = ok(call(&mut state, "ada", "GET", "/folio/1/plan", None));
    let invoice = document["expenses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Office rent")
        .unwrap();
    assert_eq!(invoice["realises"], 2);
    // A second folio first, so that the import's ids differ from the document's.
    ok(call(&mut state, "ada", "POST", "/folio", Some(FOLIO)));
    let imported = ok(call(
        &mut state,
        "ada",
        "POST",
        "/folio/import",
        Some(&document.to_string()),
    ));
    let folio = imported["folioId"].as_u64().unwrap();
    assert_eq!(folio, 3);
    let again = ok(call(
        &mut state,
        "ada",
        "GET",
        &format!("/folio/{folio}/lines?asOf=2026-03-15"),
        None,
    ));
    let original = lines(&mut state, "");
    assert_eq!(again["total"], original["total"]);
    let shape = |answer: &Value| -> Vec<(String, Vec<String>)> {
        answer["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["name"].as_str().unwrap().to_owned(),
                    l["realisedBy"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|r| r["name"].as_str().unwrap().to_owned())
                        .collect(),
                )
            })
            .collect()
    };
    assert_eq!(shape(&again), shape(&original));
    // A link to an item the document does not hold is refused, naming the item.
    let mut broken = document.clone();
    for expense in broken["expenses"].as_array_mut().unwrap() {
        if expense["name"] == "Office rent" {
            expense["realises"] = json!(42);
        }
    }
    let (status, answer) = call(
        &mut state,
        "ada",
        "POST",
        "/folio/import",
        Some(&broken.to_string()),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer
            .to_string()
            .contains("42 is not one of the document's planned expenses"),
        "{answer}"
    );
}

#[test]
fn a_portfolio_has_a_line_per_folio_adding_up() {
    let mut state = folio();
    ok(call(&mut state, "ada", "POST", "/folio", Some(FOLIO)));
    ok(post(
        &mut state,
        "/expense",
        &expense(2, "Ramp", "PlannedExpense", "700", "2026-02-01", None),
    ));
    let portfolio = json!({"name": "Bridges", "currencyCode": "EUR", "isPrivate": false, "owner": "ada",
        "color": "steelblue", "admins": [], "portfolios": [],
        "folios": [{"id": 1, "name": "Road works", "startDate": "2026-01-01", "endDate": "2026-12-31", "owner": "ada", "status": "executing"},
                   {"id": 2, "name": "Road works", "startDate": "2026-01-01", "endDate": "2026-12-31", "owner": "ada", "status": "executing"}]});
    ok(call(
        &mut state,
        "ada",
        "POST",
        "/portfolio",
        Some(&portfolio.to_string()),
    ));
    let answer = ok(call(
        &mut state,
        "ada",
        "GET",
        "/portfolio/1/lines?asOf=2026-03-15&groupBy=kind",
        None,
    ));
    let folios = answer["folios"].as_array().unwrap();
    assert_eq!(folios.len(), 2);
    assert_eq!(folios[0]["figures"], lines(&mut state, "")["total"]);
    for figure in ["budget", "actual", "forecast"] {
        let summed: Decimal = folios.iter().map(|f| dec(&f["figures"][figure])).sum();
        assert_eq!(summed, dec(&answer["total"][figure]));
        let grouped: Decimal = answer["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| dec(&g["figures"][figure]))
            .sum();
        assert_eq!(
            grouped, summed,
            "one currency: the groups add up to the total"
        );
    }
    let indicators = ok(call(
        &mut state,
        "ada",
        "GET",
        "/portfolio/1/indicators?asOf=2026-03-15",
        None,
    ));
    assert_eq!(answer["total"]["budget"], indicators["bac"]);
    assert_eq!(answer["total"]["actual"], indicators["ac"]);
}
