//! Closed months (S9.11): a month closed keeps its month-end figures; a later change (a back-dated
//! actual) never rewrites them and shows as the difference between the closed figure and the one
//! computed now for the same day. Only the owner and budget administrators close a month, once,
//! after its last day, inside the folio; a refusal changes nothing.

use crate::budget_calls::call;

use costfolio::state::State;
use costfolio::value::Decimal;
use proptest::prelude::*;
use serde_json::{json, Value};

const FOLIO: &str = r#"{"name":"Footbridge","description":"","owner":"ada","startDate":"2026-01-05","endDate":"2026-12-18","closedDate":null,"reserve":0,"contingency":0,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

fn ok((status, body): (u16, Value)) -> Value {
    assert_eq!(status, 200, "{body}");
    body["success"].clone()
}

fn actual(state: &mut State, amount: &str, day: &str) {
    let body = json!({"folioId": 1, "name": format!("Invoice of {day}"), "description": "",
        "type": "Works", "category": "CAPEX", "kind": ".ActualExpense",
        "amount": amount.parse::<serde_json::Number>().unwrap(), "currencyCode": "EUR",
        "recurrence": {"kind": ".Once", "startDate": day}});
    ok(call(
        state,
        "ada",
        "POST",
        "/expense",
        Some(&body.to_string()),
    ));
}

/// A folio of 12,000.00 planned over 2026 with some actuals and progress; today is 2026-03-15.
fn folio() -> State {
    let mut state = State::new();
    ok(call(&mut state, "ada", "POST", "/folio", Some(FOLIO)));
    let planned = r#"{"folioId":1,"name":"Works","description":"","type":"Works","category":"CAPEX","kind":".PlannedExpense","amount":1000,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":12}}"#;
    ok(call(&mut state, "ada", "POST", "/expense", Some(planned)));
    actual(&mut state, "1100", "2026-01-20");
    actual(&mut state, "900", "2026-02-20");
    let scope = r#"{"asOf":"2026-01-31","items":[{"key":"A","weight":1,"logged":1,"remaining":11,"done":false,"progressive":true}]}"#;
    ok(call(
        &mut state,
        "ada",
        "PUT",
        "/folio/1/scope",
        Some(scope),
    ));
    state
}

fn close(state: &mut State, month: &str) -> (u16, Value) {
    call(
        state,
        "ada",
        "POST",
        "/folio/1/periods",
        Some(&json!({"month": month}).to_string()),
    )
}

fn closed(state: &mut State) -> Vec<Value> {
    ok(call(state, "ada", "GET", "/folio/1/periods", None))
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn a_closed_month_keeps_its_figures_and_shows_what_moved_since() {
    let mut state = folio();
    let january = ok(close(&mut state, "2026-01"));
    assert_eq!(january["asOf"], "2026-01-31");
    assert_eq!(january["closedBy"], "ada");
    assert_eq!(january["closedOn"], "2026-03-15");
    // BAC 12,000; PV by working days; EV a twelfth; AC 1,100.
    assert_eq!(january["closed"]["ac"].to_string(), "1100.00");
    assert_eq!(january["closed"]["ev"].to_string(), "1000.00");
    assert_eq!(january["changes"], json!([]));
    ok(close(&mut state, "2026-02"));
    // A January invoice entered late, and progress recorded for January afterwards.
    actual(&mut state, "250.50", "2026-01-28");
    let scope = r#"{"asOf":"2026-01-31","items":[{"key":"A","weight":1,"logged":2,"remaining":10,"done":false,"progressive":true}]}"#;
    ok(call(
        &mut state,
        "ada",
        "PUT",
        "/folio/1/scope",
        Some(scope),
    ));
    let months = closed(&mut state);
    assert_eq!(months.len(), 2);
    let january = &months[0];
    assert_eq!(january["month"], "2026-01");
    assert_eq!(
        january["closed"]["ac"].to_string(),
        "1100.00",
        "never rewritten"
    );
    assert_eq!(january["now"]["ac"].to_string(), "1350.50");
    let change = |month: &Value, figure: &str| -> Value {
        month["changes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["figure"] == figure)
            .cloned()
            .unwrap_or(Value::Null)
    };
    assert_eq!(change(january, "ac")["difference"].to_string(), "250.50");
    assert_eq!(change(january, "ev")["difference"].to_string(), "1000.00");
    assert_eq!(change(january, "bac"), Value::Null, "BAC did not move");
    // February: the invoice is to date there too; its EV was measured on 31 January as well.
    assert_eq!(change(&months[1], "ac")["difference"].to_string(), "250.50");
    // A replica replaying the journal holds the same closed months.
    let mut replica = State::new();
    replica.replay(&state.take_journal()).unwrap();
    assert_eq!(closed(&mut replica), months);
}

#[test]
fn a_month_is_closed_once_after_its_end_inside_the_folio_by_who_may_change_it() {
    let mut state = folio();
    ok(close(&mut state, "2026-02"));
    let before = state.snapshot();
    let (status, body) = close(&mut state, "2026-02");
    assert_eq!(status, 409);
    assert_eq!(
        body["errorMessages"][0],
        "February 2026 was closed on 2026-03-15 by ada: a closed month keeps its figures, and later changes show beside them"
    );
    let (status, body) = close(&mut state, "2026-03");
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["month"],
        "March 2026 has not ended: a month is closed from the day after its last (2026-03-31)"
    );
    let (status, body) = close(&mut state, "2025-12");
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["month"],
        "December 2025 is outside the folio's period (2026-01-05 to 2026-12-18)"
    );
    let (status, body) = close(&mut state, "2026-1");
    assert_eq!(status, 400, "{body}");
    assert!(
        body.to_string()
            .contains("is not a month in the form yyyy-MM"),
        "{body}"
    );
    // Someone it is not shared with learns nothing; a viewer may read, not close.
    let (status, _) = call(
        &mut state,
        "eve",
        "POST",
        "/folio/1/periods",
        Some(r#"{"month":"2026-01"}"#),
    );
    assert_eq!(status, 404);
    assert_eq!(
        call(&mut state, "eve", "GET", "/folio/1/periods", None).0,
        404
    );
    assert_eq!(state.snapshot(), before, "refusals change nothing");
    ok(call(
        &mut state,
        "ada",
        "PUT",
        "/folio/1/viewers",
        Some(r#"{"users":["grace"]}"#),
    ));
    let (status, _) = call(
        &mut state,
        "grace",
        "POST",
        "/folio/1/periods",
        Some(r#"{"month":"2026-01"}"#),
    );
    assert_eq!(status, 403);
    assert_eq!(
        call(&mut state, "grace", "GET", "/folio/1/periods", None).0,
        200
    );
    // A budget administrator closes a month of anyone's folio.
    assert_eq!(
        call(
            &mut state,
            "finance",
            "POST",
            "/folio/1/periods",
            Some(r#"{"month":"2026-01"}"#)
        )
        .0,
        200
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Whatever is entered later, dated on or before the month's end or after it, a closed
    /// month's figures are those of its close; its AC now is the closed AC and every later actual
    /// dated on or before its end.
    #[test]
    fn a_closed_month_is_unchanged_by_back_dated_actuals(later in proptest::collection::vec((1u32..500_000, 0u64..70), 1..5)) {
        let mut state = folio();
        let kept = ok(close(&mut state, "2026-02"));
        let mut added = Decimal::ZERO;
        for (cents, offset) in later {
            let day = chrono::NaiveDate::from_ymd_opt(2026, 1, 5).unwrap() + chrono::Duration::days(offset as i64);
            let amount = Decimal::new(i64::from(cents), 2);
            if day <= chrono::NaiveDate::from_ymd_opt(2026, 2, 28).unwrap() {
                added += amount;
            }
            actual(&mut state, &amount.to_string(), &day.to_string());
        }
        let months = closed(&mut state);
        prop_assert_eq!(&months[0]["closed"], &kept["closed"]);
        let closed_ac: Decimal = kept["closed"]["ac"].to_string().parse().unwrap();
        let now_ac: Decimal = months[0]["now"]["ac"].to_string().parse().unwrap();
        prop_assert_eq!(now_ac - closed_ac, added);
    }
}

/// A portfolio's closed months roll up its folios' (S9.9): a month is listed once every folio
/// running in it closed it, its figures the sums of the folios' as closed, its CPI recomputed
/// from them, and a later actual shows beside it.
#[test]
fn a_portfolio_lists_the_months_all_its_running_folios_closed_rolled_up() {
    let mut state = folio();
    // A second folio from February, in the same currency.
    let second = FOLIO
        .replace("2026-01-05", "2026-02-02")
        .replace("Footbridge", "Ramp");
    ok(call(&mut state, "ada", "POST", "/folio", Some(&second)));
    let planned = r#"{"folioId":2,"name":"Works","description":"","type":"Works","category":"CAPEX","kind":".PlannedExpense","amount":500,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-02-10","occurrences":10}}"#;
    ok(call(&mut state, "ada", "POST", "/expense", Some(planned)));
    let invoice = r#"{"folioId":2,"name":"Invoice","description":"","type":"Works","category":"CAPEX","kind":".ActualExpense","amount":450,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-02-12"}}"#;
    ok(call(&mut state, "ada", "POST", "/expense", Some(invoice)));
    let scope = r#"{"asOf":"2026-02-15","items":[{"key":"R","weight":1,"logged":1,"remaining":4,"done":false,"progressive":true}]}"#;
    ok(call(
        &mut state,
        "ada",
        "PUT",
        "/folio/2/scope",
        Some(scope),
    ));
    let portfolio = r#"{"name":"Bridges","description":"","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"steelblue","admins":[],"portfolios":[],"folios":[{"id":1,"name":"Footbridge","owner":"ada","startDate":"2026-01-05","endDate":"2026-12-18","status":"executing"},{"id":2,"name":"Ramp","owner":"ada","startDate":"2026-02-02","endDate":"2026-12-18","status":"executing"}]}"#;
    let id = ok(call(
        &mut state,
        "ada",
        "POST",
        "/portfolio",
        Some(portfolio),
    ));
    let path = format!("/portfolio/{id}/periods");
    ok(close(&mut state, "2026-01"));
    ok(close(&mut state, "2026-02"));
    // January: only the first folio runs; February: both run, the second has not closed it.
    let months = ok(call(&mut state, "ada", "GET", &path, None));
    let listed: Vec<(String, u64)> = months
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["month"].as_str().unwrap().to_owned(),
                m["folios"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed, [("2026-01".to_owned(), 1)]);
    let second = ok(call(
        &mut state,
        "ada",
        "POST",
        "/folio/2/periods",
        Some(r#"{"month":"2026-02"}"#),
    ));
    let months = ok(call(&mut state, "ada", "GET", &path, None));
    let february = &months[1];
    assert_eq!(february["month"], "2026-02");
    assert_eq!(february["folios"], 2);
    let first = &closed(&mut state)[1]["closed"];
    let sum = |name: &str| -> Decimal {
        let a: Decimal = first[name].to_string().parse().unwrap();
        let b: Decimal = second["closed"][name].to_string().parse().unwrap();
        a + b
    };
    let figure = |name: &str| -> Decimal { february["closed"][name].to_string().parse().unwrap() };
    assert_eq!(figure("ac"), sum("ac"));
    assert_eq!(figure("bac"), sum("bac"));
    assert_eq!(figure("ev"), sum("ev"));
    let cpi = (figure("ev") / figure("ac"))
        .round_dp_with_strategy(4, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    assert_eq!(
        figure("cpi"),
        cpi,
        "recomputed from the sums, never averaged"
    );
    assert_eq!(february["changes"], json!([]));
    // A late invoice of the second folio shows beside the portfolio's February.
    let late = r#"{"folioId":2,"name":"Late","description":"","type":"Works","category":"CAPEX","kind":".ActualExpense","amount":99.99,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-02-20"}}"#;
    ok(call(&mut state, "ada", "POST", "/expense", Some(late)));
    let months = ok(call(&mut state, "ada", "GET", &path, None));
    let ac = months[1]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["figure"] == "ac")
        .unwrap()
        .clone();
    assert_eq!(ac["difference"].to_string(), "99.99");
    assert_eq!(months[1]["closed"]["ac"], february["closed"]["ac"]);
    // The portfolio is public, its folios are not: someone who may read none of them sees no
    // month of theirs.
    assert_eq!(ok(call(&mut state, "eve", "GET", &path, None)), json!([]));
    assert_eq!(
        call(&mut state, "eve", "GET", "/portfolio/99/periods", None).0,
        404
    );
}
