//! Folios through the budgeting interface and `handle`: created, shown, updated,
//! shared and deleted, their refusals, and what hangs on a folio (custom fields, baselines, scope,
//! portfolios) until it is deleted.

use crate::budget_calls;

use budget_calls::{call, context, member, FOLIO};
use costfolio::api::{handle, Request};
use costfolio::state::State;
use serde_json::Value;

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
