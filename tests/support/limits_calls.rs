//! Calls of the budgeting interface through `handle` that also check `handle_read` answers every
//! read alike, and the bodies of the limits tests (used by tests/limits.rs and
//! tests/limits_records.rs).

use costfolio::api::{handle, handle_read, Context, Request, Response};
use costfolio::state::State;
use serde_json::Value;

pub fn context(user: &str) -> Context {
    costfolio_suite::context("2026-03-15T12:00:00", Some(user), user == "finance")
}

/// The answer of `handle`; for a read, also checks that `handle_read` on a shared state (the
/// host's path for reads) answers exactly the same, or leaves the request to `handle`.
pub fn call(
    state: &mut State,
    user: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Response {
    let mut request = Request::new(method, &format!("/budgets/1{path}"));
    if let Some(body) = body {
        request = request.json(body);
    }
    let read = handle_read(state, &request, &context(user));
    let before = read.is_some().then(|| state.clone());
    let answer = handle(state, &request, &context(user));
    if let (Some(read), Some(before)) = (read, before) {
        assert_eq!(
            read, answer,
            "handle_read and handle differ on {method} {path}"
        );
        assert_eq!(
            *state, before,
            "{method} {path} is a read: it changes nothing"
        );
    } else {
        assert!(
            method != "GET" && method != "HEAD" || answer.status >= 400,
            "{method} {path} left to handle"
        );
    }
    answer
}

pub fn json(response: &Response) -> Value {
    serde_json::from_slice(&response.body).unwrap_or(Value::Null)
}

pub fn folio(start: &str, end: &str, name: &str) -> String {
    format!(
        r#"{{"name":{name},"description":"","owner":"ada","startDate":"{start}","endDate":"{end}","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}}"#
    )
}

pub const MEMBER: &str = r#"{"folioId":1,"name":"Grace","description":"","title":"Dev","kind":".TeamMember","member":"grace","rate":{"rate":40,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-01-01","endDate":"2050-12-31","percentage":100}}"#;
