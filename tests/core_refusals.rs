//! What the core administration interface refuses, through `handle`, with no socket: a change by
//! anyone but an administrator (S11.6), a missing or unknown credential, a read-only one, and
//! malformed requests; a refusal changes nothing.

use crate::core_service;

use core_service::{context_at, message, now, Service, ACCOUNT};
use costfolio::api::{handle, Request};
use costfolio::usecase::credentials::mint_personal_token;
use serde_json::Value;

/// S11.6: only an administrator changes the shared data of the core interface (calendars,
/// projects, saved filters and worklogs here; tests/access_admin.rs checks every route); everyone
/// reads.
#[test]
fn only_administrators_change_shared_data() {
    let mut s = Service::new();
    let plain =
        mint_personal_token(&mut s.state, "plain-1", true, context_at(now(), 3).moment()).unwrap();
    let as_plain =
        |s: &mut Service, method: &str, path: &str, body: Option<&str>, admin_flag: bool| {
            let mut request =
                Request::new(method, path).header("Authorization", &format!("Bearer {plain}"));
            if let Some(body) = body {
                request = request.json(body);
            }
            let mut context = context_at(now(), 9);
            // The flag counts only for the token's own user: a host that says "admin" for someone
            // else changes nothing.
            context.user = Some(if admin_flag { "admin-1" } else { "plain-1" }.to_owned());
            context.budget_admin = admin_flag;
            handle(&mut s.state, &request, &context)
        };
    let changes: [(&str, &str, Option<&str>); 7] = [
        (
            "POST",
            "/core/3/holiday-schemes",
            Some(r#"{"name":"Mine"}"#),
        ),
        (
            "POST",
            "/core/3/holiday-schemes/1/holidays",
            Some(
                r#"{"type":"FIXED","name":"Day off","durationSeconds":86400,"date":"2026-05-04"}"#,
            ),
        ),
        ("PUT", "/core/3/holiday-schemes/1/default", None),
        (
            "POST",
            "/core/3/workload-schemes",
            Some(
                r#"{"name":"Short","days":[{"day":"MONDAY","requiredSeconds":3600},{"day":"TUESDAY","requiredSeconds":0},{"day":"WEDNESDAY","requiredSeconds":0},{"day":"THURSDAY","requiredSeconds":0},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]}"#,
            ),
        ),
        (
            "PUT",
            "/core/3/projects/1",
            Some(r#"{"key":"ABC","name":"Alpha"}"#),
        ),
        (
            "PUT",
            "/core/3/saved-filters/1",
            Some(r#"{"name":"F","projectIds":[1]}"#),
        ),
        (
            "POST",
            "/core/3/worklogs",
            Some(
                r#"{"issueKey":"ABC-1","timeSpentSeconds":3600,"startDate":"2026-03-02","authorAccountId":"plain-1"}"#,
            ),
        ),
    ];
    for (method, path, body) in changes {
        let before = s.state.clone();
        for admin_flag in [false, true] {
            let response = as_plain(&mut s, method, path, body, admin_flag);
            assert_eq!(response.status, 403, "{method} {path}: {}", response.text());
            assert_eq!(
                message(&serde_json::from_slice(&response.body).unwrap()),
                costfolio::model::messages::NO_PERMISSION
            );
            assert_eq!(s.state, before, "{method} {path} changed nothing");
        }
        let (status, body) = s.call(method, path, body);
        assert!(
            status == 200 || status == 204,
            "the administrator may: {method} {path}: {body}"
        );
    }
    // So are customers, accounts and the rest (S11.6): a plain write token changes none of them.
    let before = s.state.clone();
    let response = as_plain(
        &mut s,
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"K","name":"K"}"#),
        false,
    );
    assert_eq!(response.status, 403, "{}", response.text());
    assert_eq!(s.state, before, "a refused customer changed nothing");
    assert_eq!(
        as_plain(&mut s, "GET", "/core/3/holiday-schemes", None, false).status,
        200
    );
}

#[test]
fn unauthenticated_is_401_without_body_and_read_only_is_403() {
    let mut s = Service::new();
    for header in [
        None,
        Some("Bearer"),
        Some("Bearer nonsense"),
        Some("Basic dXNlcjpwYXNz"),
    ] {
        let mut request = Request::new("GET", "/core/3/accounts");
        if let Some(value) = header {
            request = request.header("Authorization", value);
        }
        let response = s.send(request);
        assert_eq!(response.status, 401, "{header:?}");
        assert!(response.body.is_empty());
        assert!(response.header_value("WWW-Authenticate").is_some());
    }
    let request = Request::new("POST", "/core/3/accounts")
        .header("Authorization", &format!("Bearer {}", s.reader))
        .json(ACCOUNT);
    let response = s.send(request);
    assert_eq!(response.status, 403);
    let body: Value = serde_json::from_slice(&response.body).unwrap();
    assert_eq!(
        message(&body),
        "The logged-in user does not have the required permission to view this data"
    );
    let request = Request::new("GET", "/core/3/accounts")
        .header("Authorization", &format!("Bearer {}", s.reader));
    assert_eq!(s.send(request).status, 200);
}

#[test]
fn bad_requests_are_clear_4xx_and_change_nothing() {
    let mut s = Service::new();
    s.call("POST", "/core/3/accounts", Some(ACCOUNT));
    let before = s.state.snapshot();
    let auth = format!("Bearer {}", s.token);
    let cases: Vec<(Request, u16)> = vec![
        (Request::new("POST", "/core/3/customers").header("Authorization", &auth).json("{\"key\": "), 400),
        (Request::new("POST", "/core/3/customers").header("Authorization", &auth).json("[1,2]"), 400),
        (Request::new("POST", "/core/3/customers").header("Authorization", &auth).json("{\"key\":\"A\",\"name\":\"B\"} x"), 400),
        (Request::new("POST", "/core/3/customers").header("Authorization", &auth).header("Content-Type", "text/plain"), 415),
        (Request::new("GET", "/core/3/nowhere").header("Authorization", &auth), 404),
        (Request::new("GET", "/elsewhere"), 404),
        (Request::new("PATCH", "/core/3/accounts/ACME").header("Authorization", &auth), 405),
        (Request::new("POST", "/core/3/accounts").header("Authorization", &auth).json(r#"{"key":"N","name":"N","status":"OPEN","leadAccountId":"l","monthlyBudget":-5}"#), 400),
        (Request::new("POST", "/core/3/accounts").header("Authorization", &auth).json(r#"{"key":"N","name":"N","status":"OPEN","leadAccountId":"l","monthlyBudget":1e400}"#), 400),
    ];
    for (request, status) in cases {
        let description = format!("{} {}", request.method, request.path);
        let response = s.send(request);
        assert_eq!(
            response.status,
            status,
            "{description}: {}",
            response.text()
        );
        let body: Value = serde_json::from_slice(&response.body).unwrap();
        assert!(body["errors"][0]["message"].is_string(), "{description}");
    }
    assert_eq!(
        s.state.snapshot(),
        before,
        "a refused request changed the state"
    );
}
