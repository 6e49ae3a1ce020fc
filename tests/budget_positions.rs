//! Positions through the budgeting interface and `handle`: what they cost by
//! their allocations and rates, team members' hours and the deletion audit their allocations
//! feed, billable and billed hours, the refusals of a create and of updates, and a position made
//! with all its periods and rates or not at all.

use crate::budget_calls;

use budget_calls::{call, member, FOLIO};
use costfolio::state::State;
use serde_json::Value;

const PLANNED: &str = r#"{"folioId":1,"name":"Designer","description":"","title":"Designer","rate":{"rate":50,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":100}}"#;

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
