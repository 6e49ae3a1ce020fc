//! docs/api.md is generated from a scripted session through `handle`: every endpoint served, with
//! one request and its real response. This test fails when the document and the service disagree;
//! run it with COSTFOLIO_WRITE_API_DOC=1 to write the document anew (then review the diff). The
//! calls are in tests/support/api_doc_calls.rs and tests/support/api_doc_budget_calls.rs.

use chrono::NaiveDateTime;
use costfolio::api::{handle, record_deletion, Context, Request};
use costfolio::state::{AuditEventKind, State};
use costfolio::usecase::credentials::{
    issue_code, mint_personal_token, register_client, register_user,
};
use serde_json::Value;

use crate::openapi_check;

use crate::api_doc_calls;

use crate::api_doc_budget_calls;

use crate::api_doc_reading_calls;

use api_doc_budget_calls::BUDGET;
use api_doc_calls::{Call, AUDIT, CORE, EXTENSIONS};
use api_doc_reading_calls::READING;

thread_local! {
    /// What the calls of the session found wrong against docs/openapi.json.
    static FINDINGS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The OpenAPI document the calls are checked against.
    static OPENAPI: Value = serde_json::from_str(include_str!("../docs/openapi.json")).unwrap();
}

const BASE: &str = "http://127.0.0.1:8080";

/// The session's context: workbooks and files read by the core tests' stand-in
/// (`costfolio_suite::TextSheets`).
fn context(seed: u8) -> Context {
    costfolio_suite::with_text_sheets(Context::new(
        BASE,
        NaiveDateTime::parse_from_str("2026-11-21T10:00:00", "%Y-%m-%dT%H:%M:%S").unwrap(),
        (0..64u8)
            .map(|i| i.wrapping_mul(37).wrapping_add(seed))
            .collect(),
    ))
}

fn pretty(bytes: &[u8]) -> String {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(value) => serde_json::to_string_pretty(&value).unwrap(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

thread_local! {
    /// The journal of the documented session.
    static JOURNAL: std::cell::RefCell<Vec<costfolio::state::JournalEntry>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn render(state: &mut State, token: &str, calls: &[Call], out: &mut String, seed: u8) {
    render_as(state, token, calls, out, seed, None);
}

/// The token of bob, a user who is not an administrator (S11.6), minted in `document`.
fn plain_token(state: &State) -> String {
    let mut copy = state.clone();
    mint_personal_token(&mut copy, "bob", true, context(11).moment()).unwrap()
}

/// Renders `calls`; with `user`, as budgeting calls whose basic credentials the host verified.
fn render_as(
    state: &mut State,
    token: &str,
    calls: &[Call],
    out: &mut String,
    seed: u8,
    user: Option<&str>,
) {
    for c in calls {
        let mut request = Request::new(c.method, c.path);
        if c.plain {
            request = request.header("Authorization", &format!("Bearer {}", plain_token(state)));
        } else if user.is_none() {
            request = request.header("Authorization", &format!("Bearer {token}"));
        }
        if let Some(body) = c.body {
            request = request.json(body);
        }
        if let Some(form) = c.form {
            request = Request::new(c.method, c.path)
                .header("Content-Type", "application/x-www-form-urlencoded");
            request.body = form.as_bytes().to_vec();
        }
        let mut ctx = context(seed);
        // Shared data (exchange rates, overtime rules) is changed by budget administrators only
        // (S11.5): those changes are made as grace, one of them.
        let shared = c.path.starts_with("/budgets/1/exchangerate")
            || c.path.starts_with("/budgets/1/overtimerule");
        let admin = user.is_some() && shared && c.method != "GET";
        ctx.user = if admin {
            Some("grace".to_owned())
        } else {
            user.map(str::to_owned)
        };
        ctx.budget_admin = admin;
        // The journal written so far, which histories are read from.
        ctx.journal = Some(costfolio::api::Journal(std::sync::Arc::new(JOURNAL.with(
            |journal| {
                journal.borrow_mut().extend(state.take_journal());
                journal.borrow().clone()
            },
        ))));
        if user.is_none() {
            // A core call with ada's token: the host says she is an administrator, who alone
            // changes the core interface's data and reads the audit (S11.6); bob is not one.
            ctx.user = Some(if c.plain { "bob" } else { "ada" }.to_owned());
            ctx.budget_admin = !c.plain;
        }
        let response = handle(state, &request, &ctx);
        OPENAPI.with(|document| {
            let found = openapi_check::check(
                document,
                c.method,
                c.path,
                c.body,
                response.status,
                &response.body,
            );
            FINDINGS.with(|findings| findings.borrow_mut().extend(found));
        });
        let marker = if c.extension { " (extension)" } else { "" };
        out.push_str(&format!("### {}{marker}\n\n", c.title));
        if !c.note.is_empty() {
            out.push_str(&format!("{}\n\n", c.note));
        }
        let auth = if c.plain {
            "Authorization: Bearer <bob's token: bob is not an administrator>\n"
        } else if admin {
            "Authorization: Basic <grace's credentials: a budget administrator>\n"
        } else if user.is_some() {
            "Authorization: Basic <ada's credentials>\n"
        } else {
            ""
        };
        out.push_str(&format!("```http\n{} {}\n{auth}", c.method, c.path));
        if let Some(body) = c.body {
            out.push_str(&format!(
                "Content-Type: application/json\n\n{}\n",
                pretty(body.as_bytes())
            ));
        }
        if let Some(form) = c.form {
            out.push_str(&format!(
                "Content-Type: application/x-www-form-urlencoded\n\n{form}\n"
            ));
        }
        out.push_str("```\n\n```http\n");
        out.push_str(&format!("HTTP/1.1 {}\n", response.status));
        if !response.body.is_empty() {
            out.push_str(&format!("\n{}\n", pretty(&response.body)));
        }
        out.push_str("```\n\n");
    }
}

fn document() -> String {
    let mut state = State::new();
    let token = mint_personal_token(&mut state, "ada", true, context(1).moment()).unwrap();
    // The users the host registered: the pickers' list (`GET /budgets/1/users`).
    for (key, name) in [
        ("ada", "Ada Lovelace"),
        ("bob", "Bob"),
        ("grace", "Grace Hopper"),
    ] {
        register_user(&mut state, key, Some(name)).unwrap();
    }
    // bob's token, minted once: each plain call mints the same one on a copy.
    let _ = mint_personal_token(&mut state, "bob", true, context(11).moment()).unwrap();
    register_client(
        &mut state,
        "planner",
        "s3cret",
        "https://planner.example/callback",
    )
    .unwrap();
    let mut out = String::from(include_str!("../docs/api-intro.md"));
    out.push_str("\n## Core administration, `/core/3`\n\n");
    render(&mut state, &token, CORE, &mut out, 2);
    out.push_str("## Core extensions, `/core/3`\n\nNot shown by core-admin-api.md; shaped as the vendor's Core API v3 shapes them (extensions.md). Optional fields may arrive as `null`.\n\n");
    render(&mut state, &token, EXTENSIONS, &mut out, 3);
    record_deletion(
        &mut state,
        AuditEventKind::Allocation { id: 301 },
        &context(4),
    );
    record_deletion(
        &mut state,
        AuditEventKind::Allocation { id: 302 },
        &context(4),
    );
    out.push_str("## Deletion audit, `/audit/1`\n\nBearer tokens, as the core. `updatedFrom` (a date or a date-time) is required; `limit` is 1 to 1000 (default 50). When more events remain, `metadata.lastEvaluatedKey` and `metadata.next` say where the next page starts.\n\n");
    render(&mut state, &token, AUDIT, &mut out, 5);
    out.push_str("## Budgeting, `/budgets/1`\n\nBasic authentication: the host verifies the credentials and hands the core the caller's user key (S11.4). Every success is `{\"success\": ...}`; errors are `{error, errorMessages, errors}`. A folio, expense or position the caller may not see is the documented 404, as if it did not exist. Paths the document does not show follow extensions.md.\n\n");
    render_as(&mut state, &token, BUDGET, &mut out, 9, Some("ada"));
    render_as(&mut state, &token, READING, &mut out, 9, Some("ada"));
    let code = issue_code(
        &mut state,
        "planner",
        "https://planner.example/callback",
        "ada",
        context(6).moment(),
    )
    .unwrap();
    out.push_str("## Tokens, `/oauth`\n\n");
    out.push_str("Form-encoded, RFC 6749 and RFC 7009. The host's authorize page signs the user in and calls the core to issue a code, valid 10 minutes and single use; here it was issued for user `ada`. Errors are `{\"error\": ..., \"error_description\": ...}` with `invalid_request`, `invalid_client` (401), `invalid_grant` or `unsupported_grant_type`.\n\n");
    let exchange = format!("grant_type=authorization_code&client_id=planner&client_secret=s3cret&redirect_uri=https%3A%2F%2Fplanner.example%2Fcallback&code={code}");
    let exchange: &'static str = Box::leak(exchange.into_boxed_str());
    let mut calls = vec![Call {
        title: "Exchange an authorization code",
        note: "",
        method: "POST",
        path: "/oauth/token/",
        body: None,
        form: Some(exchange),
        extension: false,
        plain: false,
    }];
    render(&mut state, &token, &calls, &mut out, 7);
    calls = vec![
        Call { title: "A code is single use", note: "", method: "POST", path: "/oauth/token/", body: None, form: Some(exchange), extension: false, plain: false },
        Call { title: "Revoke a token", note: "Revoking either token of a pair ends both. An unknown token is answered 200 too (RFC 7009).", method: "POST", path: "/oauth/revoke_token/", body: None, form: Some("token_type_hint=access_token&client_id=planner&client_secret=s3cret&token=0000"), extension: false, plain: false },
    ];
    render(&mut state, &token, &calls, &mut out, 8);
    out
}

#[test]
fn the_api_document_is_what_the_service_does() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md");
    let generated = document();
    if std::env::var_os("COSTFOLIO_WRITE_API_DOC").is_some() {
        std::fs::write(path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    if committed != generated {
        let line = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0)
            + 1;
        panic!("docs/api.md differs from the service from line {line}; run with COSTFOLIO_WRITE_API_DOC=1 and review the diff");
    }
}

/// Every documented call is an operation of docs/openapi.json, and its body and answer are what
/// the document's schemas say.
#[test]
fn every_answer_is_what_the_openapi_document_says() {
    document();
    let findings = FINDINGS.with(|findings| findings.borrow().clone());
    assert!(
        findings.is_empty(),
        "{} calls differ from docs/openapi.json:\n{}",
        findings.len(),
        findings.join("\n")
    );
}
