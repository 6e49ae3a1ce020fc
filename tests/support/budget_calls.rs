//! Calls of the budgeting interface through `handle`, as the host makes them for a user who signed
//! in (used by tests/budget_folios.rs, tests/budget_expenses.rs and tests/budget_positions.rs),
//! and the bodies they share.

use costfolio::api::{handle, Context, Request};
use costfolio::state::State;
use serde_json::Value;

pub fn context(user: Option<&str>) -> Context {
    // "finance" is a budget administrator, who alone changes shared data (S11.5).
    costfolio_suite::context("2026-03-15T12:00:00", user, user == Some("finance"))
}

pub fn call(
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

pub const FOLIO: &str = r#"{"id":99,"name":"Road works","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

pub fn member(name: &str) -> String {
    format!(
        r#"{{"folioId":1,"name":"{name}","description":"","title":"Dev","kind":".TeamMember","member":"grace","rate":{{"rate":40,"startDate":"2026-01-01"}},"allocation":{{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50}}}}"#
    )
}
