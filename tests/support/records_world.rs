//! The world of the records tests (used by tests/records.rs and
//! tests/records_custom_fields.rs): folio 1 of ada, the calls the tests make of the budgeting and
//! core interfaces through `handle`, and the bodies they share.

use costfolio::api::{handle, Context, Request};
use costfolio::state::State;
use costfolio::usecase::credentials::mint_personal_token;
use serde_json::Value;

pub fn context(user: &str) -> Context {
    // "finance" is a budget administrator (S11.4, S11.5).
    costfolio_suite::context("2026-03-15T12:00:00", Some(user), user == "finance")
}

pub fn respond(state: &mut State, request: Request, context: &Context) -> (u16, Value) {
    let response = handle(state, &request, context);
    let value = if response.body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&response.body).unwrap()
    };
    (response.status, value)
}

/// The service's state, and the calls the tests make of it.
pub struct World(pub State);

impl World {
    /// Folio 1 ("Road works", EUR) of ada.
    pub fn new() -> World {
        let mut world = World(State::new());
        assert_eq!(world.send("ada", "POST", "/folio", FOLIO), 1);
        world
    }

    pub fn call(
        &mut self,
        user: &str,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> (u16, Value) {
        let mut request = Request::new(method, &format!("/budgets/1{path}"));
        if let Some(body) = body {
            request = request.json(body);
        }
        respond(&mut self.0, request, &context(user))
    }

    /// A change that must succeed: its `success`.
    pub fn send(&mut self, user: &str, method: &str, path: &str, body: &str) -> Value {
        let (status, answer) = self.call(user, method, path, Some(body));
        assert_eq!(status, 200, "{method} {path} {body}: {answer}");
        answer["success"].clone()
    }

    /// A read or a delete that must succeed: its `success`.
    pub fn get(&mut self, user: &str, method: &str, path: &str) -> Value {
        let (status, answer) = self.call(user, method, path, None);
        assert_eq!(status, 200, "{method} {path}: {answer}");
        answer["success"].clone()
    }

    /// A change that must be refused with 400 naming `field` (in `errors`) and change nothing:
    /// the field's message.
    pub fn refused(
        &mut self,
        user: &str,
        method: &str,
        path: &str,
        body: &str,
        field: &str,
    ) -> String {
        let before = self.0.clone();
        let (status, answer) = self.call(user, method, path, Some(body));
        assert_eq!(status, 400, "{method} {path} {body}: {answer}");
        assert!(
            self.0 == before,
            "a refused {method} {path} changes nothing"
        );
        let message = answer["errors"][field].as_str();
        message
            .unwrap_or_else(|| panic!("{method} {path} should name {field}: {answer}"))
            .to_owned()
    }

    /// A core-interface call (`/core/3`) of the administrator "finance", with a bearer token.
    pub fn core(&mut self, method: &str, path: &str, body: Option<&str>) {
        let admin = context("finance");
        let token = mint_personal_token(&mut self.0, "finance", true, admin.moment()).unwrap();
        let mut request =
            Request::new(method, path).header("Authorization", &format!("Bearer {token}"));
        if let Some(body) = body {
            request = request.json(body);
        }
        let (status, answer) = respond(&mut self.0, request, &admin);
        assert!(
            [200, 201, 204].contains(&status),
            "{method} {path}: {answer}"
        );
    }
}

pub const FOLIO: &str = r#"{"name":"Road works","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

/// `body` (a JSON object) with `fields` added at its front.
pub fn with(body: &str, fields: &str) -> String {
    body.replacen('{', &format!("{{{fields},"), 1)
}

/// An expense of folio `folio`: a cost of 100 in `currency`, with `fields` added.
pub fn expense(folio: u64, currency: &str, fields: &str) -> String {
    let amount = if currency == "JPY" { "100" } else { "100.00" };
    let body = format!(
        r#"{{"folioId":{folio},"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":{amount},"currencyCode":"{currency}","recurrence":{{"kind":".Once","startDate":"2026-01-15"}}}}"#
    );
    if fields.is_empty() {
        body
    } else {
        with(&body, fields)
    }
}

pub const PLANNED: &str = r#"{"folioId":1,"name":"Designer","description":"","title":"Designer","rate":{"rate":50,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":100}}"#;
