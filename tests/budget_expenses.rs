//! Expenses and their payments through the budgeting interface and `handle`,
//! with the exchange rates they are converted at, and overtime rules.

use crate::budget_calls;

use budget_calls::{call, FOLIO};
use costfolio::state::State;

fn expense(fields: &str) -> String {
    format!(
        r#"{{"folioId":1,"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"EUR","recurrence":{{"kind":".Monthly","startDate":"2026-01-15","occurrences":3}}{fields}}}"#
    )
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
