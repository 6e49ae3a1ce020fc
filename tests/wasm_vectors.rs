//! wasm/tests/vectors/scenario.json: a scenario of REST calls with their contexts, the native core's
//! responses and the final snapshot. This test keeps the file true to the native core (run with
//! COSTFOLIO_WRITE_VECTORS=1 to write it anew); the wasm package's node tests replay the same calls
//! and must give the same bytes.

use chrono::NaiveDateTime;
use costfolio::api::{handle, Context, Request};
use costfolio::state::State;
use costfolio::usecase::credentials::mint_personal_token;
use serde_json::{json, Value};

fn context_json(seconds: i64, user: Option<&str>) -> Value {
    let mut value = json!({
        "baseUrl": "http://127.0.0.1:8080",
        "now": format!("2026-03-13T10:{:02}:{:02}", seconds / 60, seconds % 60),
        "random": (0..64).map(|i| format!("{:02x}", (i * 7 + seconds) % 256)).collect::<String>(),
    });
    if let Some(user) = user {
        value["user"] = json!(user);
    }
    value
}

fn context_of(value: &Value) -> Context {
    let now =
        NaiveDateTime::parse_from_str(value["now"].as_str().unwrap(), "%Y-%m-%dT%H:%M:%S").unwrap();
    let hex = value["random"].as_str().unwrap();
    let random = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect();
    let mut context = Context::new(value["baseUrl"].as_str().unwrap(), now, random);
    context.user = value.get("user").and_then(Value::as_str).map(str::to_owned);
    context.budget_admin = value.get("budgetAdmin").and_then(Value::as_bool) == Some(true);
    context
}

/// One call: method, path, body, headers, budgeting caller.
type Call = (
    String,
    String,
    Option<String>,
    Vec<(String, String)>,
    Option<&'static str>,
);

/// The calls of the scenario.
fn calls(token: &str) -> Vec<Call> {
    let bearer = vec![
        ("Authorization".to_string(), format!("Bearer {token}")),
        ("Content-Type".into(), "application/json".into()),
    ];
    let json_only = vec![("Content-Type".to_string(), "application/json".to_string())];
    let folio = r#"{"name":"Bridge","description":"","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":2,"workloadSchemeId":1}"#;
    // The folio a week shorter, as an update names it.
    let shorter = folio
        .replace(r#"{"name""#, r#"{"id":1,"name""#)
        .replace("2026-03-27", "2026-03-20");
    let c =
        |m: &str, p: &str, b: Option<&str>, h: &Vec<(String, String)>, u: Option<&'static str>| {
            (
                m.to_string(),
                p.to_string(),
                b.map(str::to_owned),
                h.clone(),
                u,
            )
        };
    vec![
        c(
            "POST",
            "/core/3/holiday-schemes",
            Some(r#"{"name":"Germany"}"#),
            &bearer,
            None,
        ),
        c(
            "POST",
            "/core/3/holiday-schemes/2/holidays",
            Some(
                r#"{"type":"FLOATING","name":"Local","durationSeconds":28800,"date":"2026-03-10"}"#,
            ),
            &bearer,
            None,
        ),
        c(
            "POST",
            "/core/3/customers",
            Some(r#"{"key":"ACME","name":"Acme"}"#),
            &bearer,
            None,
        ),
        c("GET", "/core/3/customers?id=1", None, &bearer, None),
        c(
            "POST",
            "/budgets/1/folio",
            Some(folio),
            &json_only,
            Some("ada"),
        ),
        c(
            "POST",
            "/budgets/1/position",
            Some(
                r#"{"folioId":1,"name":"Engineer","description":"","title":"Engineer","rate":{"rate":50,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":100}}"#,
            ),
            &json_only,
            Some("ada"),
        ),
        c(
            "POST",
            "/budgets/1/position",
            Some(
                r#"{"folioId":1,"name":"Grace","description":"","title":"Dev","kind":".TeamMember","member":"grace","rate":{"rate":40,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":100}}"#,
            ),
            &json_only,
            Some("ada"),
        ),
        c(
            "POST",
            "/budgets/1/position/2/workedhours",
            Some(r#"{"otEffort":1,"startDate":"2026-03-02","endDate":"2026-03-06","effort":45}"#),
            &json_only,
            Some("ada"),
        ),
        c(
            "PUT",
            "/budgets/1/exchangerate",
            Some(r#"{"from":"USD","to":"EUR","rate":0.9,"effectiveDate":"2026-01-01"}"#),
            &json_only,
            Some("ada"),
        ),
        c(
            "POST",
            "/budgets/1/expense",
            Some(
                r#"{"folioId":1,"name":"Scaffolding","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":1000.00,"currencyCode":"EUR","amortized":true,"recurrence":{"kind":".Weekly","startDate":"2026-03-02","recurrenceOn":[1],"occurrences":3}}"#,
            ),
            &json_only,
            Some("ada"),
        ),
        c(
            "POST",
            "/budgets/1/expense",
            Some(
                r#"{"folioId":1,"name":"Inspection","description":"","type":"Service","category":"OPEX","kind":".ActualExpense","amount":200,"currencyCode":"USD","recurrence":{"kind":".Once","startDate":"2026-03-05"}}"#,
            ),
            &json_only,
            Some("ada"),
        ),
        c(
            "POST",
            "/budgets/1/expense",
            Some(r#"{"folioId":1,"description":""}"#),
            &json_only,
            Some("ada"),
        ),
        c(
            "PUT",
            "/budgets/1/folio/1/scope",
            Some(
                r#"{"items":[{"key":"BR-1","weight":1,"logged":1,"remaining":3,"done":false,"progressive":true}]}"#,
            ),
            &json_only,
            Some("ada"),
        ),
        // Scope by date, closed months and a dry run of an update (S9.10, S9.11, S8.7).
        c(
            "PUT",
            "/budgets/1/folio/1/scope",
            Some(
                r#"{"asOf":"2026-03-06","items":[{"key":"BR-1","weight":1,"logged":0,"remaining":4,"done":false,"progressive":true}]}"#,
            ),
            &json_only,
            Some("ada"),
        ),
        c(
            "GET",
            "/budgets/1/folio/1/scope?asOf=2026-03-10",
            None,
            &json_only,
            Some("ada"),
        ),
        c(
            "POST",
            "/budgets/1/folio/1/periods",
            Some(r#"{"month":"2026-02"}"#),
            &json_only,
            Some("ada"),
        ),
        c(
            "POST",
            "/budgets/1/folio/1/periods",
            Some(r#"{"month":"2026-03"}"#),
            &json_only,
            Some("ada"),
        ),
        c(
            "GET",
            "/budgets/1/folio/1/periods",
            None,
            &json_only,
            Some("ada"),
        ),
        c(
            "POST",
            "/budgets/1/folio/1/baseline",
            Some(r#"{"name":"Budget v1","approvedBy":"ada","expenditureType":"BUDGET"}"#),
            &json_only,
            Some("ada"),
        ),
        c(
            "PUT",
            "/budgets/1/folio?dryRun=true",
            Some(&shorter),
            &json_only,
            Some("ada"),
        ),
        c(
            "GET",
            "/budgets/1/position/2/payments?granularity=week",
            None,
            &json_only,
            Some("ada"),
        ),
        c(
            "GET",
            "/budgets/1/expense/1/payments",
            None,
            &json_only,
            Some("ada"),
        ),
        c(
            "GET",
            "/budgets/1/folio/1/indicators?asOf=2026-03-13",
            None,
            &json_only,
            Some("ada"),
        ),
        c(
            "GET",
            "/budgets/1/folio/1/timeline?asOf=2026-03-13&granularity=week",
            None,
            &json_only,
            Some("ada"),
        ),
        c(
            "DELETE",
            "/budgets/1/position/2",
            None,
            &json_only,
            Some("ada"),
        ),
        c(
            "GET",
            "/audit/1/events/deleted/types/allocation?updatedFrom=2026-03-01",
            None,
            &bearer,
            None,
        ),
        c("GET", "/budgets/1/folio/1", None, &json_only, Some("bob")),
        c(
            "POST",
            "/core/3/customers",
            Some("{not json"),
            &bearer,
            None,
        ),
        // Last: the indicators after the deletion, as a snapshot of this state will answer them.
        c(
            "GET",
            "/budgets/1/folio/1/indicators?asOf=2026-03-13",
            None,
            &json_only,
            Some("ada"),
        ),
    ]
}

fn scenario() -> Value {
    let mut state = State::new();
    let mint_context = context_json(0, None);
    let token =
        mint_personal_token(&mut state, "ada", true, context_of(&mint_context).moment()).unwrap();
    let mut steps = Vec::new();
    for (index, (method, path, body, headers, user)) in calls(&token).into_iter().enumerate() {
        let mut context = context_json(index as i64 + 1, user);
        if path.starts_with("/budgets/1/exchangerate") && method == "PUT" {
            // Exchange rates are shared data: budget administrators change them (S11.5).
            context["budgetAdmin"] = json!(true);
        }
        if (path.starts_with("/core/3") || path.starts_with("/audit/1")) && user.is_none() {
            // ada's token, whose user the host says is an administrator: the core interface's
            // data is changed, and the audit read, by administrators only (S11.6).
            context["user"] = json!("ada");
            context["budgetAdmin"] = json!(true);
        }
        let request_json = json!({"method": method, "path": path, "headers": headers, "body": body.clone().unwrap_or_default()});
        let mut request = Request::new(&method, &path);
        request.headers = headers;
        request.body = body.unwrap_or_default().into_bytes();
        let response = handle(&mut state, &request, &context_of(&context));
        steps.push(json!({
            "request": request_json,
            "context": context,
            "response": {"status": response.status, "headers": response.headers, "body": response.text()},
        }));
    }
    // The journal as text: parsed by JavaScript, its numbers would lose their digits (1000.00).
    let journal = costfolio::model::to_json(&state.take_journal());
    json!({"mint": {"user": "ada", "context": mint_context, "token": token}, "steps": steps, "snapshot": state.snapshot(), "journal": journal})
}

#[test]
fn the_vectors_are_what_the_native_core_answers() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/wasm/tests/vectors/scenario.json"
    );
    let generated = serde_json::to_string_pretty(&scenario()).unwrap() + "\n";
    if std::env::var_os("COSTFOLIO_WRITE_VECTORS").is_some() {
        std::fs::write(path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(committed == generated, "wasm/tests/vectors/scenario.json differs from the native core; run with COSTFOLIO_WRITE_VECTORS=1 and review the diff");
}
