//! Money in every answer is written with its currency's minor units (S1.5), whatever the scale of
//! what was typed: a folio built with amounts and rates written with one decimal, or none, answers
//! `201812.00`-like figures in its indicators, timeline, items and closed months, never `201812.0`.

use crate::budget_calls::call;

use costfolio::state::State;
use serde_json::Value;

/// Every number under `value` at a key in `keys`, with the path it was found at.
fn numbers<'v>(value: &'v Value, keys: &[&str], path: &str, out: &mut Vec<(String, &'v Value)>) {
    match value {
        Value::Object(fields) => {
            for (key, field) in fields {
                let here = format!("{path}.{key}");
                if field.is_number() && keys.contains(&key.as_str()) {
                    out.push((here.clone(), field));
                }
                numbers(field, keys, &here, out);
            }
        }
        Value::Array(items) => {
            for (at, item) in items.iter().enumerate() {
                numbers(item, keys, &format!("{path}[{at}]"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn money_figures_have_the_currencys_minor_units_whatever_was_typed() {
    let mut state = State::new();
    let folio = r#"{"name":"Footbridge","description":"","owner":"ada","startDate":"2026-01-05","endDate":"2026-12-18","closedDate":null,"reserve":10.0,"contingency":5.0,"tolerance":10,"hoursPerDay":7.5,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;
    let bodies = [
        ("/folio", folio.to_owned()),
        ("/position", r#"{"folioId":1,"name":"Engineer","description":"","title":"Engineer","rate":{"rate":95.0,"startDate":"2026-01-05"},"allocation":{"startDate":"2026-01-05","endDate":"2026-12-18","percentage":50.0}}"#.to_owned()),
        ("/expense", r#"{"folioId":1,"name":"Licence","description":"","type":"t","category":"OPEX","kind":".PlannedExpense","amount":1000.0,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":12}}"#.to_owned()),
        ("/expense", r#"{"folioId":1,"name":"Invoice","description":"","type":"t","category":"OPEX","kind":".ActualExpense","amount":14820,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-02-10"}}"#.to_owned()),
    ];
    for (path, body) in bodies {
        let (status, answer) = call(&mut state, "ada", "POST", path, Some(&body));
        assert_eq!(status, 200, "{path}: {answer}");
    }
    let scope = r#"{"asOf":"2026-02-28","items":[{"key":"A","weight":1.0,"logged":1.0,"remaining":3.0,"done":false,"progressive":true}]}"#;
    assert_eq!(
        call(&mut state, "ada", "PUT", "/folio/1/scope", Some(scope)).0,
        200
    );
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio/1/periods",
            Some(r#"{"month":"2026-02"}"#)
        )
        .0,
        200
    );
    let money = [
        "bac",
        "pv",
        "ev",
        "ac",
        "eac",
        "etc",
        "vac",
        "cv",
        "sv",
        "reserve",
        "contingency",
        "contingencyToDate",
        "plannedCostToDate",
        "eacKnown",
        "plannedRevenue",
        "actualRevenue",
        "profit",
        "plannedCost",
        "actualCost",
        "total",
        "toDate",
        "difference",
    ];
    for path in [
        "/folio/1/indicators?asOf=2026-03-15",
        "/folio/1/timeline?asOf=2026-03-15",
        "/folio/1/items?asOf=2026-03-15",
        "/folio/1/periods",
    ] {
        let (status, answer) = call(&mut state, "ada", "GET", path, None);
        assert_eq!(status, 200, "{path}: {answer}");
        let mut found = Vec::new();
        numbers(&answer, &money, "", &mut found);
        assert!(!found.is_empty(), "{path} answers money");
        for (at, value) in found {
            let text = value.to_string();
            let decimals = text.split('.').nth(1).map_or(0, str::len);
            assert_eq!(decimals, 2, "{path} {at} is {text}");
        }
    }
}
