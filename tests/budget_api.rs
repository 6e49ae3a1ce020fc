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
    assert_eq!(call(&mut state, "ada", "GET", "/folio/1", None).0, 404);
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
    call(
        &mut state,
        "ada",
        "POST",
        "/expense",
        Some(&expense("").replace(r#""currencyCode":"EUR""#, r#""currencyCode":"GBP""#)),
    );
    let (status, body) = call(&mut state, "ada", "GET", "/expense/2/payments", None);
    assert_eq!(status, 400);
    assert!(body["errorMessages"][0]
        .as_str()
        .unwrap()
        .contains("GBP to EUR"));
    assert_eq!(
        call(
            &mut state,
            "ada",
            "PUT",
            "/exchangerate",
            Some(r#"{"from":"GBP","to":"EUR","rate":1.17,"effectiveDate":"2026-01-01"}"#)
        )
        .0,
        200
    );
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
    assert_eq!(call(&mut state, "ada", "GET", "/expense/1", None).0, 404);
    let (_, rates) = call(&mut state, "ada", "GET", "/exchangerate", None);
    assert_eq!(rates["success"][0]["rate"].to_string(), "1.17");
}

#[test]
fn overtime_rules() {
    let mut state = State::new();
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/overtimerule",
        Some(r#"{"name":"Weekly 40","regularHours":40,"frequency":"WEEKLY","coefficient":1.5}"#),
    );
    assert_eq!((status, body["success"].as_u64()), (200, Some(1)));
    let (status, body) = call(
        &mut state,
        "ada",
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
            "ada",
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
        call(&mut state, "ada", "DELETE", "/overtimerule/1", None).1["success"],
        true
    );
    assert!(
        call(&mut state, "ada", "GET", "/overtimerule", None).1["success"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        call(&mut state, "ada", "DELETE", "/overtimerule/1", None).0,
        404
    );
}
