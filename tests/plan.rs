//! `plan::run` and `plan::summary` over the same documents: the same figures, the same refusals.

use costfolio::plan::{run, summary};
use serde_json::Value;

fn document() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/wasm/tests/vectors/plan.json"
    ))
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

fn both(document: &Value) -> (Result<String, String>, Result<String, String>) {
    let text = document.to_string();
    let message = |error: costfolio::plan::PlanError| error.to_string();
    (
        run(text.as_bytes(), false).map_err(message),
        summary(text.as_bytes()).map_err(message),
    )
}

#[test]
fn the_summary_is_the_plan_without_its_lines() {
    let (full, short) = both(&document());
    let full: Value = serde_json::from_str(&full.unwrap()).unwrap();
    let short: Value = serde_json::from_str(&short.unwrap()).unwrap();
    assert_eq!(short["indicators"], full["indicators"]);
    assert_eq!(short["timeline"], full["timeline"]);
    assert_eq!(short["indicators"]["bac"].to_string(), "8600.00");
    assert!(short.get("positions").is_none() && short.get("expenses").is_none());
}

#[test]
fn the_summary_refuses_what_the_plan_refuses_naming_the_same_item() {
    let mut cases = Vec::new();
    // An expense in dollars with no exchange rate to the folio's euros.
    let mut unpriced = document();
    unpriced["expenses"][0]["currencyCode"] = "USD".into();
    cases.push(unpriced.clone());
    // Two such expenses: the first in the file is named.
    let mut second = unpriced["expenses"][0].clone();
    second["name"] = "Cranes".into();
    unpriced["expenses"].as_array_mut().unwrap().push(second);
    unpriced["expenses"][0]["currencyCode"] = "EUR".into();
    cases.push(unpriced);
    // An expense whose recurrence ends before it starts.
    let mut backwards = document();
    backwards["expenses"][0]["recurrence"]["endDate"] = "2026-03-01".into();
    cases.push(backwards);
    // A wire error, named by its path.
    let mut none = document();
    none["expenses"][0]["recurrence"]["occurrences"] = 0.into();
    cases.push(none);
    // A position whose rate is beyond the limit (docs/security.md): refused as it is read, named
    // by its path, alone and before an unpriced expense that comes after it.
    let mut huge = document();
    huge["positions"][0]["position"]["rate"]["rate"] = serde_json::from_str("1e24").unwrap();
    cases.push(huge.clone());
    huge["expenses"][0]["currencyCode"] = "USD".into();
    cases.push(huge);
    for case in &cases {
        let (full, short) = both(case);
        let error = full.expect_err("the plan refuses it");
        assert_eq!(short, Err(error.clone()), "{case}");
    }
    let (full, _) = both(&cases[0]);
    assert!(full.unwrap_err().contains("\"Scaffolding\""));
    let (full, _) = both(&cases[1]);
    assert!(full.unwrap_err().contains("\"Cranes\""));
    for case in &cases[4..] {
        let (full, _) = both(case);
        assert_eq!(
            full.unwrap_err(),
            "positions[0].position.rate.rate: rate must be from 0 to 1000000000000, got 1000000000000000000000000"
        );
    }
}

/// Two items with one id would be counted once by the folio's figures and shown twice by its
/// lines: refused, naming both (given ids and ids taken from the place in the file alike).
#[test]
fn two_items_with_one_id_are_refused() {
    let mut twice = document();
    let copy = twice["expenses"][0].clone();
    twice["expenses"][0]["id"] = 5.into();
    twice["expenses"].as_array_mut().unwrap().push(copy);
    let last = twice["expenses"].as_array().unwrap().len() - 1;
    twice["expenses"][last]["id"] = 5.into();
    let (full, short) = both(&twice);
    let message = format!(
        "expenses[{last}]: id 5 is already the id of expenses[0]; each item needs an id of its own"
    );
    assert_eq!(full, Err(message.clone()));
    assert_eq!(short, Err(message));
    // An expense without an id takes its place in the file (1 for the first): a later one given
    // that id collides with it.
    let mut placed = document();
    placed["expenses"][0].as_object_mut().unwrap().remove("id");
    let mut second = placed["expenses"][0].clone();
    second["id"] = 1.into();
    placed["expenses"].as_array_mut().unwrap().push(second);
    let last = placed["expenses"].as_array().unwrap().len() - 1;
    let (full, _) = both(&placed);
    assert_eq!(
        full,
        Err(format!("expenses[{last}]: id 1 is already the id of expenses[0]; each item needs an id of its own"))
    );
    // Distinct ids are fine.
    let (full, _) = both(&document());
    assert!(full.is_ok());
}
