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
