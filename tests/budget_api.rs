//! The budgeting interface through `handle` (part of issue 7): folios, visibility, expenses and
//! their payments, exchange rates, overtime rules.

use chrono::NaiveDateTime;
use costfolio::api::{handle, Context, Request};
use costfolio::state::State;
use serde_json::Value;

fn context(user: Option<&str>) -> Context {
    let now = NaiveDateTime::parse_from_str("2026-03-15T12:00:00", "%Y-%m-%dT%H:%M:%S").unwrap();
    let mut context = Context::new("http://127.0.0.1:8080", now, vec![7; 64]);
    context.user = user.map(str::to_owned);
    // "finance" is a budget administrator, who alone changes shared data (S11.5).
    context.budget_admin = user == Some("finance");
    context
}

fn call(
    state: &mut State,
    user: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, Value) {
    let mut request = Request::new(method, &format!("/budgets/1{path}"));
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = handle(state, &request, &context(Some(user)));
    let value = if response.body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&response.body).unwrap()
    };
    (response.status, value)
}

const FOLIO: &str = r#"{"id":99,"name":"Road works","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

fn expense(fields: &str) -> String {
    format!(
        r#"{{"folioId":1,"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"EUR","recurrence":{{"kind":".Monthly","startDate":"2026-01-15","occurrences":3}}{fields}}}"#
    )
}

#[test]
fn folios_are_created_shown_updated_shared_and_deleted() {
    let mut state = State::new();
    let (status, body) = call(&mut state, "ada", "POST", "/folio", Some(FOLIO));
    assert_eq!(
        (status, body["success"].as_u64()),
        (200, Some(1)),
        "the body's id is ignored (S7.2)"
    );
    let (status, body) = call(&mut state, "ada", "GET", "/folio/1", None);
    assert_eq!(status, 200);
    assert_eq!(
        (
            body["success"]["status"].as_str(),
            body["success"]["id"].as_u64()
        ),
        (Some("executing"), Some(1))
    );
    assert_eq!(body["success"]["closedDate"], Value::Null);
    // Another user sees nothing, and gets the documented 404 (S11.4).
    let (_, list) = call(&mut state, "bob", "GET", "/folio", None);
    assert_eq!(list["success"].as_array().unwrap().len(), 0);
    let (status, body) = call(&mut state, "bob", "GET", "/folio/1", None);
    assert_eq!(status, 404);
    assert_eq!(body["errorMessages"][0], "The requested folio cannot be viewed because it does not exist or the caller lacks permission");
    // Shared, bob sees it.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "PUT",
            "/folio/1/viewers",
            Some(r#"{"users":["bob"]}"#)
        )
        .0,
        200
    );
    let (_, list) = call(&mut state, "bob", "GET", "/folio", None);
    assert_eq!(list["success"][0]["name"], "Road works");
    // A viewer reads, but may not change (S11.5): 403, and nothing changes.
    let renamed = FOLIO
        .replace(r#""id":99"#, r#""id":1"#)
        .replace("Road works", "Bob's road");
    let before = state.clone();
    assert_eq!(
        call(&mut state, "bob", "PUT", "/folio", Some(&renamed)).0,
        403
    );
    assert_eq!(call(&mut state, "bob", "DELETE", "/folio/1", None).0, 403);
    assert_eq!(state, before);
    // A budget administrator sees every folio.
    let mut admin = context(Some("carol"));
    admin.budget_admin = true;
    assert_eq!(
        handle(
            &mut state,
            &Request::new("GET", "/budgets/1/folio/1"),
            &admin
        )
        .status,
        200
    );
    // Update and delete.
    let updated = FOLIO
        .replace(r#""id":99"#, r#""id":1"#)
        .replace("Road works", "Ring road works");
    let (status, body) = call(&mut state, "ada", "PUT", "/folio", Some(&updated));
    assert_eq!(
        (status, body["success"]["name"].as_str()),
        (200, Some("Ring road works"))
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/folio/1", None).1["success"],
        true
    );
    // S5.1: still read by id, marked deleted; the list leaves it out.
    let (status, body) = call(&mut state, "ada", "GET", "/folio/1", None);
    assert_eq!(
        (status, body["success"]["deletedOn"].as_str()),
        (200, Some("2026-03-15"))
    );
    assert_eq!(
        call(&mut state, "ada", "GET", "/folio", None).1["success"],
        serde_json::json!([])
    );
    assert_eq!(call(&mut state, "dave", "GET", "/folio/1", None).0, 404);
}

#[test]
fn folio_refusals_name_their_fields() {
    let mut state = State::new();
    let long = FOLIO
        .replace("Ring road", &"x".repeat(501))
        .replace(r#""endDate":"2026-12-31""#, r#""endDate":"2025-12-31""#);
    let (status, body) = call(&mut state, "ada", "POST", "/folio", Some(&long));
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["description"],
        "description may have at most 500 characters, got 501"
    );
    assert!(body["errors"]["endDate"]
        .as_str()
        .unwrap()
        .starts_with("The start date must be before or equal to the end date"));
    // An unparseable date is a 400 with `error` naming the value (S2.1).
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&FOLIO.replace("2026-01-01", "2026-13-01")),
    );
    assert_eq!(status, 400);
    assert!(
        body["error"].as_str().unwrap().contains("2026-13-01"),
        "{body}"
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&FOLIO.replace(r#""currencyCode":"EUR""#, r#""currencyCode":"EURO""#)),
    );
    assert_eq!(status, 400);
    assert!(body["errors"]["currencyCode"]
        .as_str()
        .unwrap()
        .contains("EURO"));
    // No caller: 401 with no body.
    let response = handle(
        &mut state,
        &Request::new("GET", "/budgets/1/folio"),
        &context(None),
    );
    assert_eq!((response.status, response.body.is_empty()), (401, true));
}

#[test]
fn expenses_with_their_payments_and_documented_errors() {
    let mut state = State::new();
    call(&mut state, "ada", "POST", "/folio", Some(FOLIO));
    // All three documented required-field messages at once.
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/expense",
        Some(
            r#"{"folioId":1,"description":"","category":"OPEX","kind":".PlannedExpense","currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-01-01"}}"#,
        ),
    );
    assert_eq!(status, 400);
    assert_eq!(
        (
            body["errors"]["name"].as_str(),
            body["errors"]["type"].as_str(),
            body["errors"]["amount"].as_str()
        ),
        (
            Some("Name is required"),
            Some("Expense type is required"),
            Some("Amount is required")
        )
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/expense",
        Some(&expense(r#","amortized":true"#)),
    );
    assert_eq!((status, body["success"].as_u64()), (200, Some(1)));
    let (_, payments) = call(&mut state, "ada", "GET", "/expense/1/payments", None);
    let lines: Vec<String> = payments["success"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["amount"].to_string())
        .collect();
    assert_eq!(lines, ["33.34", "33.33", "33.33"]);
    let (_, got) = call(&mut state, "ada", "GET", "/expense/1", None);
    assert_eq!(got["success"]["convertedAmount"].to_string(), "100.00");
    // A category that does not suit the kind, a missing rate, another folio's user.
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/expense",
        Some(&expense(r#","category":"OPERATING""#).replace(r#""category":"OPEX","#, "")),
    );
    assert_eq!(status, 400);
    assert!(
        body["errors"]["category"]
            .as_str()
            .unwrap()
            .contains("OPERATING"),
        "{body}"
    );
    // S5.6: an expense in a currency with no rate into the folio's is refused at its currency,
    // naming the pair and who adds a rate; nothing is stored.
    let gbp = expense("").replace(r#""currencyCode":"EUR""#, r#""currencyCode":"GBP""#);
    let before = state.clone();
    let (status, body) = call(&mut state, "ada", "POST", "/expense", Some(&gbp));
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["errors"]["currencyCode"],
        "No exchange rate from GBP to EUR: a budget administrator adds one under exchange rates",
        "{body}"
    );
    assert_eq!(state, before, "a refused expense changes nothing");
    assert_eq!(
        call(
            &mut state,
            "ada",
            "PUT",
            "/exchangerate",
            Some(r#"{"from":"GBP","to":"EUR","rate":1.17,"effectiveDate":"2026-01-01"}"#)
        )
        .0,
        403,
        "exchange rates are changed by budget administrators only (S11.5)"
    );
    assert_eq!(
        call(
            &mut state,
            "finance",
            "PUT",
            "/exchangerate",
            Some(r#"{"from":"GBP","to":"EUR","rate":1.17,"effectiveDate":"2026-01-01"}"#)
        )
        .0,
        200
    );
    let (status, body) = call(&mut state, "ada", "POST", "/expense", Some(&gbp));
    assert_eq!((status, body["success"].as_u64()), (200, Some(2)), "{body}");
    let (_, got) = call(&mut state, "ada", "GET", "/expense/2", None);
    assert_eq!(got["success"]["convertedAmount"].to_string(), "351.00");
    assert_eq!(call(&mut state, "bob", "GET", "/expense/1", None).0, 404);
    // Update and delete.
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/expense",
        Some(&expense(r#","id":1,"amount":90"#).replace(r#""amount":100.00,"#, "")),
    );
    assert_eq!(
        (status, body["success"]["amount"].to_string()),
        (200, "90".to_string())
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/expense/1", None).1["success"],
        true
    );
    // S5.1: a deleted expense is still read by id, pays nothing, and cannot be deleted again.
    let (status, body) = call(&mut state, "ada", "GET", "/expense/1", None);
    assert_eq!(
        (status, body["success"]["deletedOn"].as_str()),
        (200, Some("2026-03-15"))
    );
    assert_eq!(body["success"]["convertedAmount"].to_string(), "0");
    let (status, body) = call(&mut state, "ada", "GET", "/expense/1/payments", None);
    assert_eq!(
        (status, body["success"].clone()),
        (200, serde_json::json!([]))
    );
    assert_eq!(call(&mut state, "ada", "DELETE", "/expense/1", None).0, 404);
    assert_eq!(call(&mut state, "bob", "GET", "/expense/1", None).0, 404);
    let (_, rates) = call(&mut state, "ada", "GET", "/exchangerate", None);
    assert_eq!(rates["success"][0]["rate"].to_string(), "1.17");
}

#[test]
fn overtime_rules() {
    let mut state = State::new();
    // S11.5: shared data that feeds every folio's costs: only budget administrators change it.
    let rule = r#"{"name":"Weekly 40","regularHours":40,"frequency":"WEEKLY","coefficient":1.5}"#;
    let (status, body) = call(&mut state, "ada", "POST", "/overtimerule", Some(rule));
    assert_eq!(
        (status, body["errorMessages"][0].as_str()),
        (
            403,
            Some("Only budget administrators may change overtime rules")
        )
    );
    assert!(state.overtime_rules.is_empty());
    let (status, body) = call(
        &mut state,
        "finance",
        "POST",
        "/overtimerule",
        Some(r#"{"name":"Weekly 40","regularHours":40,"frequency":"WEEKLY","coefficient":1.5}"#),
    );
    assert_eq!((status, body["success"].as_u64()), (200, Some(1)));
    let (status, body) = call(
        &mut state,
        "finance",
        "PUT",
        "/overtimerule",
        Some(
            r#"{"id":1,"name":"Weekly 38","regularHours":38,"frequency":"WEEKLY","coefficient":1.5}"#,
        ),
    );
    assert_eq!(
        (status, body["success"]["regularHours"].to_string()),
        (200, "38".to_string())
    );
    assert_eq!(
        call(&mut state, "ada", "GET", "/overtimerule", None).1["success"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        call(
            &mut state,
            "finance",
            "POST",
            "/overtimerule",
            Some(r#"{"name":"Bad","regularHours":10000,"frequency":"DAILY","coefficient":1}"#)
        )
        .1["errors"]["regularHours"]
            .as_str()
            .map(|m| m.contains("9999.99")),
        Some(true)
    );
    assert_eq!(
        call(&mut state, "finance", "DELETE", "/overtimerule/1", None).1["success"],
        true
    );
    assert!(
        call(&mut state, "ada", "GET", "/overtimerule", None).1["success"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        call(&mut state, "finance", "DELETE", "/overtimerule/1", None).0,
        404
    );
}

const PLANNED: &str = r#"{"folioId":1,"name":"Designer","description":"","title":"Designer","rate":{"rate":50,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":100}}"#;

fn member(name: &str) -> String {
    format!(
        r#"{{"folioId":1,"name":"{name}","description":"","title":"Dev","kind":".TeamMember","member":"grace","rate":{{"rate":40,"startDate":"2026-01-01"}},"allocation":{{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50}}}}"#
    )
}

#[test]
fn positions_cost_their_allocations_and_rates() {
    let mut state = State::new();
    call(&mut state, "ada", "POST", "/folio", Some(FOLIO));
    let (status, body) = call(&mut state, "ada", "POST", "/position", Some(PLANNED));
    assert_eq!((status, body["success"].as_u64()), (200, Some(1)), "{body}");
    let (_, got) = call(&mut state, "ada", "GET", "/position/1", None);
    assert_eq!(
        (
            got["success"]["kind"].as_str(),
            got["success"]["member"].as_str(),
            got["success"]["rate"]["id"].as_u64()
        ),
        (
            Some(".PlannedPositionByTimeFrame"),
            Some("unassigned"),
            Some(1)
        )
    );
    // 5 weekdays x 8 h x 50 = 2,000.00, one monthly line.
    let (_, payments) = call(&mut state, "ada", "GET", "/position/1/payments", None);
    assert_eq!(payments["success"][0]["totalAmount"].to_string(), "2000.00");
    assert_eq!(payments["success"][0]["totalEffort"].to_string(), "40.00");
    let (_, weekly) = call(
        &mut state,
        "ada",
        "GET",
        "/position/1/payments?granularity=week",
        None,
    );
    assert_eq!(weekly["success"].as_array().unwrap().len(), 1);
    assert_eq!(
        call(
            &mut state,
            "ada",
            "GET",
            "/position/1/payments?granularity=year",
            None
        )
        .0,
        400
    );
    // A rate from 4 March: two lines.
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/rate",
        Some(r#"{"rate":60,"startDate":"2026-03-04"}"#),
    );
    assert_eq!((status, body["success"].as_u64()), (200, Some(2)));
    let (_, payments) = call(&mut state, "ada", "GET", "/position/1/payments", None);
    let totals: Vec<String> = payments["success"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["totalAmount"].to_string())
        .collect();
    assert_eq!(totals, ["800.00", "1440.00"]);
    // Documented refusals.
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/rate",
        Some(r#"{"rate":70,"startDate":"2026-03-04"}"#),
    );
    assert_eq!(status, 400);
    assert!(body["errors"]["startDate"]
        .as_str()
        .unwrap()
        .starts_with("A cost rate already exists with that effective date"));
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/allocation",
        Some(r#"{"startDate":"2026-04-01","endDate":"2026-04-30","percentage":50}"#),
    );
    assert_eq!(
        (status, body["errorMessages"][0].as_str()),
        (400, Some("Availability can only be added to staff members"))
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/rate/2", None).1["success"],
        true
    );
    let (status, body) = call(&mut state, "ada", "DELETE", "/rate/1", None);
    assert_eq!(
        (status, body["errorMessages"][0].as_str()),
        (400, Some("A staff member must have at least one cost rate"))
    );
    // Hidden and missing answer alike (S11.4).
    let (hidden, missing) = (
        call(&mut state, "bob", "GET", "/position/1", None),
        call(&mut state, "ada", "GET", "/position/99", None),
    );
    assert_eq!(hidden, missing);
    assert_eq!(missing.1["errorMessages"][0], "Position does not exist");
}

#[test]
fn team_members_allocations_hours_and_the_audit() {
    let mut state = State::new();
    call(&mut state, "ada", "POST", "/folio", Some(FOLIO));
    call(
        &mut state,
        "ada",
        "POST",
        "/position",
        Some(&member("Grace")),
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/allocation",
        Some(r#"{"startDate":"2026-03-13","endDate":"2026-03-31","percentage":100}"#),
    );
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["startDate"],
        "The period overlaps the allocation from 2026-03-02 to 2026-03-13 of the same position"
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/allocation/1",
        Some(r#"{"startDate":"2026-03-13","endDate":"2026-03-02","percentage":50}"#),
    );
    assert_eq!(status, 400);
    assert!(body["errors"]["endDate"]
        .as_str()
        .unwrap()
        .starts_with("The start date must be before or equal to the end date"));
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/position/1/allocation",
            Some(r#"{"startDate":"2026-03-16","endDate":"2026-03-31","percentage":100}"#)
        )
        .1["success"],
        true
    );
    // Worked hours override the plan; a conflicting period names the other one and its hours.
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/workedhours",
        Some(r#"{"otEffort":2,"startDate":"2026-03-02","endDate":"2026-03-06","effort":45}"#),
    );
    assert_eq!((status, body["success"].as_u64()), (200, Some(1)));
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/workedhours",
        Some(r#"{"otEffort":0,"startDate":"2026-03-06","endDate":"2026-03-09","effort":8}"#),
    );
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["startDate"],
        "Periods are conflicting: 2026-03-02 - 2026-03-06 holds 45 h and 2 h of overtime"
    );
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/position/1/billablehours",
            Some(r#"{"otEffort":0,"startDate":"2026-03-20","endDate":"2026-03-20","effort":1}"#)
        )
        .0,
        400
    );
    // March: 45 h + 2 h OT in week 1, 5 days x 4 h in week 2, 12 days x 8 h from 16 March; rate 40.
    let (_, payments) = call(&mut state, "ada", "GET", "/position/1/payments", None);
    let line = &payments["success"][0];
    assert_eq!(
        (
            line["effort"].to_string(),
            line["overtimeEffort"].to_string(),
            line["totalAmount"].to_string()
        ),
        ("161.00".into(), "2.00".into(), "6520.00".into())
    );
    let (_, team) = call(&mut state, "ada", "GET", "/folio/1/team", None);
    assert_eq!(
        (
            team["success"]["members"][0]["allocations"]
                .as_array()
                .unwrap()
                .len(),
            team["success"]["members"][0]["workedHours"]
                .as_array()
                .unwrap()
                .len()
        ),
        (2, 1)
    );
    // Deleting an allocation feeds the audit; the last one cannot go.
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/allocation/2", None).1["success"],
        true
    );
    let (status, body) = call(&mut state, "ada", "DELETE", "/allocation/1", None);
    assert_eq!(
        (status, body["errorMessages"][0].as_str()),
        (
            400,
            Some("A staff member must have at least one availability period")
        )
    );
    assert_eq!(state.audit.len(), 1);
    // Deleting the position records its remaining allocation.
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/position/1", None).1["success"],
        true
    );
    assert_eq!(state.audit.len(), 2);
    // S5.1: a deleted position is still read by id and pays nothing.
    let (status, body) = call(&mut state, "ada", "GET", "/position/1", None);
    assert_eq!(
        (status, body["success"]["deletedOn"].as_str()),
        (200, Some("2026-03-15"))
    );
    let (status, body) = call(&mut state, "ada", "GET", "/position/1/payments", None);
    assert_eq!(
        (status, body["success"].clone()),
        (200, serde_json::json!([]))
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/position/1", None).0,
        404
    );
}

#[test]
fn custom_fields_baselines_scope_portfolios_and_folio_deletion() {
    let mut state = State::new();
    call(&mut state, "ada", "POST", "/folio", Some(FOLIO));
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/folio/1/customfield",
        Some(
            r#"{"name":"Region","style":"SELECT","type":"FOLIO","required":true,"options":["north","south"]}"#,
        ),
    );
    assert_eq!((status, body["success"].as_u64()), (200, Some(1)));
    let (_, catalog) = call(&mut state, "ada", "GET", "/folio/1/customfields", None);
    assert_eq!(
        catalog["success"]["customFields"]["FOLIO"][0]["name"],
        "Region"
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/customfield/1", None).1["success"],
        true
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/customfield/1", None).0,
        404
    );

    call(
        &mut state,
        "ada",
        "POST",
        "/position",
        Some(&member("Grace")),
    );
    let approve = r#"{"name":"Actuals","approvedBy":"ada","expenditureType":"ACTUAL"}"#;
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio/1/baseline",
            Some(approve)
        )
        .1["success"],
        1
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/folio/1/baseline",
        Some(approve),
    );
    assert_eq!(status, 400);
    assert!(body["errorMessages"][0]
        .as_str()
        .unwrap()
        .starts_with("Nothing changed since baseline"));
    let (status, body) = call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/baselines?costs=true",
        None,
    );
    assert_eq!(
        (status, body["errors"]["revenues"].as_str().is_some()),
        (400, true)
    );
    assert_eq!(
        call(
            &mut state,
            "ada",
            "GET",
            "/folio/1/baselines?costs=true&revenues=false",
            None
        )
        .1["success"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/baseline/1", None).1["success"],
        true
    );
    assert_eq!(
        call(
            &mut state,
            "ada",
            "GET",
            "/folio/1/expenditures?baselineId=1&actual=true&revenue=false",
            None
        )
        .0,
        404
    );

    assert_eq!(call(&mut state, "ada", "PUT", "/folio/1/scope", Some(r#"{"items":[{"key":"A-1","weight":2,"logged":1,"remaining":1,"done":false,"progressive":true}]}"#)).1["success"], true);
    let (status, body) = call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/indicators?asOf=2026-02-30",
        None,
    );
    assert_eq!(status, 400);
    assert!(body["error"].as_str().unwrap().contains("2026-02-30"));
    assert_eq!(
        call(
            &mut state,
            "ada",
            "GET",
            "/folio/1/timeline?granularity=year",
            None
        )
        .0,
        400
    );
    assert_eq!(
        call(
            &mut state,
            "ada",
            "GET",
            "/folio/1/timeline?asOf=2026-03-31",
            None
        )
        .1["success"]
            .as_array()
            .unwrap()
            .len(),
        12
    );

    let portfolio = r#"{"name":"All","currencyCode":"EUR","isPrivate":true,"owner":"ada","color":"red","admins":["carol"],"folios":[{"id":1,"name":"Road works","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;
    assert_eq!(
        call(&mut state, "ada", "POST", "/portfolio", Some(portfolio)).1["success"],
        1
    );
    // Carol administers the portfolio, so she sees its folio (S11.4); Bob sees neither.
    assert_eq!(call(&mut state, "carol", "GET", "/folio/1", None).0, 200);
    assert!(
        call(&mut state, "bob", "GET", "/portfolio", None).1["success"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        call(&mut state, "bob", "GET", "/portfolio/1/indicators", None).0,
        404
    );
    let child = r#"{"name":"Child","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[],"portfolios":[],"parentId":1}"#;
    assert_eq!(
        call(&mut state, "ada", "POST", "/portfolio", Some(child)).1["success"],
        2
    );
    assert_eq!(
        call(&mut state, "ada", "GET", "/portfolio", None).1["success"][0]["portfolios"][0]["name"],
        "Child"
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/portfolio/1", None).0,
        400
    );
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&child.replace(r#""parentId":1"#, r#""parentId":9"#))
        )
        .0,
        400
    );

    // Deleting the folio records its team member's allocation for the audit (S12.1).
    let before = state.audit.len();
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/folio/1", None).1["success"],
        true
    );
    assert_eq!(state.audit.len(), before + 1);
}

#[test]
fn position_create_errors_billable_and_billed_hours_and_updates() {
    let mut state = State::new();
    call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&FOLIO.replace(
            r#""isSynchronizedWithServiceBilledHours":false"#,
            r#""isSynchronizedWithServiceBilledHours":true"#,
        )),
    );
    // The documented create messages, together.
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position",
        Some(
            r#"{"folioId":1,"name":"","description":"","title":"T","allocation":{"startDate":"2026-03-02","endDate":"2026-03-06"}}"#,
        ),
    );
    assert_eq!(status, 400);
    assert_eq!(body["errors"]["name"], "Name is required");
    let general: Vec<&str> = body["errorMessages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(
        general,
        [
            "A staff member must have at least one cost rate",
            "The percentage or capacity is required"
        ]
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position",
        Some(
            r#"{"folioId":1,"name":"N","description":"","title":"T","rate":{"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":10}}"#,
        ),
    );
    assert_eq!(
        (status, body["errors"]["wage"].as_str()),
        (400, Some("The wage (rate) is required"))
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position",
        Some(
            r#"{"folioId":1,"name":"N","description":"","title":"T","rate":{"rate":10,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":150}}"#,
        ),
    );
    assert_eq!(status, 400);
    assert!(
        body["errors"]["percentage"]
            .as_str()
            .unwrap()
            .contains("150"),
        "{body}"
    );

    // A consulting revenue with billable hours, then billed hours (the folio synchronizes them).
    let consulting = r#"{"folioId":1,"name":"Advice","description":"","title":"Consultant","kind":".ConsultingRevenue","rate":{"rate":100,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":50},"billableHours":[{"otEffort":0,"startDate":"2026-03-02","endDate":"2026-03-02","effort":3}]}"#;
    assert_eq!(
        call(&mut state, "ada", "POST", "/position", Some(consulting)).1["success"],
        1
    );
    assert_eq!(
        call(&mut state, "ada", "GET", "/position/1", None).1["success"]["billableHours"][0]
            ["effort"]
            .to_string(),
        "3"
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/billablehours",
        Some(r#"{"otEffort":0,"startDate":"2026-03-03","endDate":"2026-03-03","effort":2}"#),
    );
    assert_eq!((status, body["success"].as_u64()), (200, Some(2)));
    assert_eq!(
        call(
            &mut state,
            "ada",
            "PUT",
            "/billablehours/2",
            Some(r#"{"otEffort":0,"startDate":"2026-03-03","endDate":"2026-03-03","effort":4}"#)
        )
        .1["success"],
        true
    );
    assert_eq!(
        call(
            &mut state,
            "ada",
            "PUT",
            "/position/1/billedhours",
            Some(
                r#"{"days":[{"date":"2026-03-04","hours":1.5},{"date":"2026-03-05","hours":0.25}]}"#
            )
        )
        .1["success"],
        true
    );
    // 3 h (2 March) + 4 h (3 March) entered, then 1.5 h + 0.25 h billed: 8.75 h x 100.
    let (_, payments) = call(&mut state, "ada", "GET", "/position/1/payments", None);
    assert_eq!(
        (
            payments["success"][0]["totalEffort"].to_string(),
            payments["success"][0]["totalAmount"].to_string()
        ),
        ("8.75".into(), "875.00".into())
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/billablehours/2", None).1["success"],
        true
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/billablehours/2", None).0,
        404
    );
    assert_eq!(
        call(&mut state, "ada", "PUT", "/position/1/workedhours", None).0,
        404
    );

    // Updating a planned position changes its one allocation.
    call(&mut state, "ada", "POST", "/position", Some(PLANNED));
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/position",
        Some(
            &PLANNED
                .replace(r#""folioId":1"#, r#""id":2,"folioId":1"#)
                .replace(r#""percentage":100"#, r#""percentage":50"#)
                .replace("Designer", "Senior designer"),
        ),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["success"]["name"].as_str(),
            body["success"]["allocation"]["percentage"].to_string()
        ),
        (Some("Senior designer"), "50".to_string())
    );
    let (_, payments) = call(&mut state, "ada", "GET", "/position/2/payments", None);
    assert_eq!(payments["success"][0]["totalAmount"].to_string(), "1000.00");
}

/// A position is made with all its periods and rates in one request, or not at all (extension:
/// `moreAllocations`, `moreRates`), each checked as adding it afterwards would be.
#[test]
fn a_position_is_made_with_its_periods_and_rates_or_not_at_all() {
    let mut state = State::new();
    call(&mut state, "ada", "POST", "/folio", Some(FOLIO));
    let with = |more: &str| member("Grace").replacen('}', &format!("}},{more}"), 1);
    let whole = with(
        r#""moreAllocations":[{"startDate":"2026-03-16","endDate":"2026-03-27","percentage":60}],"moreRates":[{"rate":48,"startDate":"2026-03-16"}]"#,
    );
    let (status, body) = call(&mut state, "ada", "POST", "/position", Some(&whole));
    assert_eq!(status, 200, "{body}");
    let (_, team) = call(&mut state, "ada", "GET", "/folio/1/team", None);
    let grace = &team["success"]["members"][0];
    assert_eq!(grace["allocations"].as_array().unwrap().len(), 2);
    assert_eq!(grace["rates"][1]["rate"], 48);
    // Each part has its own id, and the next part added gets the one after.
    let ids = |list: &Value| -> Vec<u64> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(ids(&grace["allocations"]), [1, 2]);
    assert_eq!(ids(&grace["rates"]), [1, 2]);
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/rate",
        Some(r#"{"rate":50,"startDate":"2026-04-01"}"#),
    );
    assert_eq!((status, &body["success"]), (200, &Value::from(3)));
    let (_, shown) = call(&mut state, "ada", "GET", "/position/1", None);
    assert!(
        shown["success"].get("moreRates").is_none(),
        "never stored or shown"
    );

    let before = state.clone();
    for (more, field) in [
        (
            r#""moreAllocations":[{"startDate":"2026-03-10","endDate":"2026-03-20","percentage":60}]"#,
            "moreAllocations[0].startDate",
        ),
        (
            r#""moreAllocations":[{"startDate":"2026-03-27","endDate":"2026-03-16","percentage":60}]"#,
            "moreAllocations[0].endDate",
        ),
        (
            r#""moreRates":[{"rate":48,"startDate":"2026-04-01"},{"rate":50,"startDate":"2026-04-01"}]"#,
            "moreRates[1].startDate",
        ),
    ] {
        let (status, body) = call(&mut state, "ada", "POST", "/position", Some(&with(more)));
        assert_eq!(status, 400, "{more}: {body}");
        assert!(body["errors"][field].is_string(), "{field} in {body}");
        assert_eq!(state.positions, before.positions, "nothing made");
    }
    let planned = with(
        r#""moreAllocations":[{"startDate":"2026-03-16","endDate":"2026-03-27","percentage":60}]"#,
    )
    .replace(".TeamMember", ".PlannedPositionByTimeFrame");
    let (status, body) = call(&mut state, "ada", "POST", "/position", Some(&planned));
    assert_eq!(status, 400);
    assert_eq!(
        body["errorMessages"][0],
        "moreAllocations[0]: Availability can only be added to staff members"
    );
    assert_eq!(state.positions, before.positions);
}
