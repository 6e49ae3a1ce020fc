//! The service the core interface's tests talk to (used by tests/core_*.rs): a state with an
//! administrator's write token and a reader's read-only one, requests sent through `handle` as
//! the host sends them, and the journal they wrote.

use chrono::NaiveDateTime;
use costfolio::api::{handle, Context, Request, Response};
use costfolio::state::{JournalEntry, State};
use costfolio::usecase::credentials::mint_personal_token;
use serde_json::Value;

pub const BASE: &str = "http://127.0.0.1:8080";

pub fn now() -> NaiveDateTime {
    NaiveDateTime::parse_from_str("2026-11-21T10:00:00", "%Y-%m-%dT%H:%M:%S").unwrap()
}

pub fn context_at(now: NaiveDateTime, seed: u8) -> Context {
    Context::new(
        BASE,
        now,
        (0..64u8)
            .map(|i| i.wrapping_mul(31).wrapping_add(seed))
            .collect(),
    )
}

pub struct Service {
    pub state: State,
    pub token: String,
    pub reader: String,
    pub journal: Vec<JournalEntry>,
}

impl Service {
    pub fn new() -> Service {
        let mut state = State::new();
        let token = mint_personal_token(&mut state, "admin-1", true, context_at(now(), 1).moment())
            .unwrap();
        let reader =
            mint_personal_token(&mut state, "reader-1", false, context_at(now(), 2).moment())
                .unwrap();
        let journal = state.take_journal();
        Service {
            state,
            token,
            reader,
            journal,
        }
    }

    /// Sends `request` as the host would for a budget administrator's token: admin-1 is one.
    pub fn send(&mut self, request: Request) -> Response {
        let mut context = context_at(now(), 9);
        context.user = Some("admin-1".to_owned());
        context.budget_admin = true;
        let response = handle(&mut self.state, &request, &context);
        self.journal.extend(self.state.take_journal());
        response
    }

    pub fn call(&mut self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        let mut request =
            Request::new(method, path).header("Authorization", &format!("Bearer {}", self.token));
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = self.send(request);
        let value = if response.body.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&response.body).unwrap()
        };
        (response.status, value)
    }
}

pub fn message(body: &Value) -> &str {
    body["errors"][0]["message"].as_str().unwrap()
}

pub const ACCOUNT: &str =
    r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"lead-1"}"#;
