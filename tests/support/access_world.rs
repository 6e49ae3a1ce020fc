//! The world of the budgeting interface's authorization tests (used by tests/access.rs,
//! tests/access_portfolios.rs and tests/access_intruders.rs): the callers, one `State` built
//! through the interface, the request bodies, and the helpers that send requests and compare
//! answers. tests/access.rs states the policy.

use std::sync::OnceLock;

use chrono::NaiveDateTime;
use costfolio::api::{handle, Context, Request, Response};
use costfolio::state::State;
use costfolio::usecase::credentials::mint_personal_token;
use serde_json::Value;

// =============================================================================================
// Callers
// =============================================================================================

/// Who asks. Every request of the fixture's world is made as one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// ada: owns folios 1 and 2 and both portfolios.
    Owner,
    /// bob: a viewer of folio 1 (`PUT /folio/1/viewers`); nothing else.
    Viewer,
    /// carol: an admin of the private portfolio 2, which holds folio 1, so she reads folio 1
    /// (S11.4); she changes portfolio 2 but not folio 1.
    PortfolioAdmin,
    /// eve: nothing.
    Other,
    /// fin: a budget administrator (`context.budget_admin`).
    BudgetAdmin,
    /// ada's read-only personal token (`Authorization: Bearer ...`, no user in the context).
    ReadOnlyToken,
    /// ed: an editor of folio 1 (`PUT /folio/1/editors`, S15.8): changes its draft and
    /// scenarios, not its approved budget, record or sharing.
    Editor,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::Owner,
        Role::Viewer,
        Role::PortfolioAdmin,
        Role::Other,
        Role::BudgetAdmin,
        Role::ReadOnlyToken,
        Role::Editor,
    ];

    /// The user key the request acts for.
    pub fn user(self) -> &'static str {
        match self {
            Role::Owner | Role::ReadOnlyToken => "ada",
            Role::Viewer => "bob",
            Role::PortfolioAdmin => "carol",
            Role::Other => "eve",
            Role::BudgetAdmin => "fin",
            Role::Editor => "ed",
        }
    }

    /// Whether the credential may change data.
    pub fn writes(self) -> bool {
        self != Role::ReadOnlyToken
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            Role::Owner => "owner (ada)",
            Role::Viewer => "viewer (bob)",
            Role::PortfolioAdmin => "portfolio admin (carol)",
            Role::Other => "other (eve)",
            Role::BudgetAdmin => "budget admin (fin)",
            Role::ReadOnlyToken => "read-only token (ada)",
            Role::Editor => "editor (ed)",
        };
        f.write_str(text)
    }
}

// =============================================================================================
// The world: a state, the read-only token, and a way to send requests
// =============================================================================================

/// The request time of every request: the folios run through 2026, so they are executing.
pub fn now() -> NaiveDateTime {
    NaiveDateTime::parse_from_str("2026-03-15T12:00:00", "%Y-%m-%dT%H:%M:%S")
        .expect("the test clock parses")
}

/// A context without a caller; 64 bytes of randomness for the token; workbooks written as text.
pub fn bare_context() -> Context {
    costfolio_suite::with_text_sheets(Context::new("http://127.0.0.1:8080", now(), vec![7; 64]))
}

/// A state and ada's read-only token, which acts for ada when the context has no user.
#[derive(Debug, Clone, PartialEq)]
pub struct World {
    pub state: State,
    pub token: String,
    /// The fixture's journal, which the histories are read from.
    pub journal: std::sync::Arc<Vec<costfolio::state::JournalEntry>>,
}

impl World {
    /// Sends `method path` (the path below `/budgets/1`, optionally with a query string) as
    /// `role`, with a JSON body if any.
    pub fn send(&mut self, role: Role, method: &str, path: &str, body: Option<&str>) -> Response {
        let mut request = Request::new(method, &format!("/budgets/1{path}"));
        if let Some(body) = body {
            request = request.json(body);
        }
        let mut context = bare_context();
        context.journal = Some(costfolio::api::Journal(self.journal.clone()));
        match role {
            Role::ReadOnlyToken => {
                request = request.header("Authorization", &format!("Bearer {}", self.token));
            }
            _ => {
                context.user = Some(role.user().to_owned());
                context.budget_admin = role == Role::BudgetAdmin;
            }
        }
        handle(&mut self.state, &request, &context)
    }

    /// Sends a request of the fixture and insists on a 200, naming the request and its answer.
    pub fn setup(&mut self, role: Role, method: &str, path: &str, body: Option<&str>) -> Value {
        let response = self.send(role, method, path, body);
        assert_eq!(
            response.status,
            200,
            "fixture: {method} {path} as {role} answered {}: {}",
            response.status,
            response.text()
        );
        json(&response)
    }
}

/// The body of a response as JSON (`Null` for an empty body).
pub fn json(response: &Response) -> Value {
    if response.body.is_empty() {
        return Value::Null;
    }
    serde_json::from_slice(&response.body).unwrap_or_else(|error| {
        panic!(
            "the body is not JSON ({error}): {:?}",
            String::from_utf8_lossy(&response.body)
        )
    })
}

/// A response in one line, for failure messages.
pub fn show(response: &Response) -> String {
    format!("{} {}", response.status, response.text())
}

// =============================================================================================
// Request bodies (from docs/api.md and tests/budget_*.rs); `{id}` marks a target's id
// =============================================================================================

/// A folio of ada's for all of 2026; `{fields}` is spliced in first (an id, say).
pub fn folio_body(fields: &str, name: &str) -> String {
    format!(
        r#"{{{fields}"name":"{name}","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}}"#
    )
}

pub const FOLIO_CREATE: &str = r#"{"name":"Road works","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

pub const FOLIO_UPDATE: &str = r#"{"id":{id},"name":"Ring road works","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1,"customFields":{"values":{"1":"north"}}}"#;

/// A plan document of one folio, ada's: what `POST /folio/import` takes.
pub const PLAN_IMPORT: &str = r#"{"folio":{"name":"Imported works","description":"","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}}"#;

/// A month closed (S9.11): February, ended before the fixture's day.
pub const CLOSE_MONTH: &str = r#"{"month":"2026-02"}"#;

pub const VIEWERS: &str = r#"{"users":["bob","dan"]}"#;

/// An import of one actual expense, the CSV "Date,Amount,Name / 2026-03-13,10,Imported" in base64.
pub const ACTUALS_IMPORT: &str = r#"{"kind":"expenses","file":"RGF0ZSxBbW91bnQsTmFtZQoyMDI2LTAzLTEzLDEwLEltcG9ydGVkCg==","columns":{"date":"Date","amount":"Amount","name":"Name"}}"#;
pub const EXPENSE_CREATE: &str = r#"{"folioId":{id},"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":3}}"#;

pub const EXPENSE_UPDATE: &str = r#"{"id":{id},"folioId":1,"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":90,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":3}}"#;

pub const EXCHANGE_RATE: &str =
    r#"{"from":"USD","to":"EUR","rate":0.9,"effectiveDate":"2026-01-01"}"#;

pub const OVERTIME_RULE: &str =
    r#"{"name":"Weekly 40","regularHours":40,"frequency":"WEEKLY","coefficient":1.5}"#;

pub const OVERTIME_RULE_UPDATE: &str =
    r#"{"id":{id},"name":"Weekly 38","regularHours":38,"frequency":"WEEKLY","coefficient":1.5}"#;

pub const PLANNED: &str = r#"{"folioId":{id},"name":"Designer","description":"","title":"Designer","rate":{"rate":50,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":100}}"#;

pub const PLANNED_UPDATE: &str = r#"{"id":{id},"folioId":1,"name":"Senior designer","description":"","title":"Designer","rate":{"rate":50,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":50}}"#;

pub const TEAM_MEMBER: &str = r#"{"folioId":1,"name":"Grace","description":"","title":"Developer","kind":".TeamMember","member":"grace","otRuleId":1,"rate":{"rate":40,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50}}"#;

pub const CONSULTING: &str = r#"{"folioId":1,"name":"Advice","description":"","title":"Consultant","kind":".ConsultingRevenue","rate":{"rate":100,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":50},"billableHours":[{"otEffort":0,"startDate":"2026-03-02","endDate":"2026-03-02","effort":3}]}"#;

pub const ALLOCATION: &str = r#"{"startDate":"2026-04-01","endDate":"2026-04-30","percentage":50}"#;

pub const ALLOCATION_UPDATE: &str =
    r#"{"startDate":"2026-03-16","endDate":"2026-03-27","percentage":60}"#;

pub const RATE: &str = r#"{"rate":45,"startDate":"2026-05-01"}"#;

pub const RATE_UPDATE: &str = r#"{"rate":48,"startDate":"2026-03-16"}"#;

pub const WORKED_HOURS: &str =
    r#"{"otEffort":0,"startDate":"2026-03-09","endDate":"2026-03-13","effort":20}"#;

pub const WORKED_HOURS_UPDATE: &str =
    r#"{"otEffort":1,"startDate":"2026-03-02","endDate":"2026-03-06","effort":44}"#;

pub const BILLABLE_HOURS: &str =
    r#"{"otEffort":0,"startDate":"2026-03-10","endDate":"2026-03-10","effort":2}"#;

pub const BILLABLE_HOURS_UPDATE: &str =
    r#"{"otEffort":0,"startDate":"2026-03-03","endDate":"2026-03-03","effort":4}"#;

pub const BILLED_HOURS: &str =
    r#"{"days":[{"date":"2026-03-04","hours":1.5},{"date":"2026-03-05","hours":0.25}]}"#;

pub const BUDGET_BASELINE: &str =
    r#"{"name":"Budget v1","approvedBy":"ada","expenditureType":"BUDGET"}"#;

pub const ACTUAL_BASELINE: &str =
    r#"{"name":"Actuals","approvedBy":"ada","expenditureType":"ACTUAL"}"#;

pub const CUSTOM_FIELD: &str = r#"{"name":"Region","style":"SELECT","type":"FOLIO","required":true,"options":["north","south"]}"#;

pub const CUSTOM_FIELD_UPDATE: &str = r#"{"id":{id},"name":"Region","style":"SELECT","type":"FOLIO","required":true,"options":["north","south","east"]}"#;

pub const SCOPE: &str = r#"{"items":[{"key":"A-1","weight":2,"logged":1,"remaining":1,"done":false,"progressive":true}]}"#;

/// The public portfolio 1: ada's, no admins, holding ada's unshared folio 2.
pub const PUBLIC_PORTFOLIO: &str = r#"{"name":"Open works","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"green","admins":[],"folios":[{"id":2,"name":"Tunnel","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;

pub const PUBLIC_PORTFOLIO_UPDATE: &str = r#"{"id":{id},"name":"Open works, renamed","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"green","admins":[],"folios":[{"id":2,"name":"Tunnel","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;

/// The private portfolio 2: ada's, administered by carol, holding folio 1.
pub const PRIVATE_PORTFOLIO: &str = r#"{"name":"Inner circle","currencyCode":"EUR","isPrivate":true,"owner":"ada","color":"red","admins":["carol"],"folios":[{"id":1,"name":"Road works","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;

pub const PRIVATE_PORTFOLIO_UPDATE: &str = r#"{"id":{id},"name":"Inner circle, renamed","currencyCode":"EUR","isPrivate":true,"owner":"ada","color":"red","admins":["carol"],"folios":[{"id":1,"name":"Road works","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;

/// A new, empty portfolio owned by ada: only ada and budget administrators may create it.
pub const PORTFOLIO_CREATE: &str = r#"{"name":"Later","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"blue","admins":[],"folios":[],"portfolios":[]}"#;

/// The portfolio body an intruder sends to make a portfolio of their own (`{me}`) holding folio
/// `{id}`, with themselves as admin: accepted, it would let them read the folio (S11.4).
pub const OWN_PORTFOLIO_HOLDING: &str = r#"{"name":"Mine","currencyCode":"EUR","isPrivate":false,"owner":"{me}","color":"black","admins":["{me}"],"folios":[{"id":{id},"name":"Road works","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;

// =============================================================================================
// The fixture
// =============================================================================================

/// Ids of the fixture's records (checked when it is built).
pub mod ids {
    /// ada's folio shared with bob and held by the private portfolio.
    pub const FOLIO: u64 = 1;
    /// ada's folio shared with nobody, held by the public portfolio.
    pub const UNSHARED_FOLIO: u64 = 2;
    pub const EXPENSE: u64 = 1;
    pub const PLANNED: u64 = 1;
    pub const TEAM_MEMBER: u64 = 2;
    pub const CONSULTING: u64 = 3;
    /// The team member's second allocation (the first stays, so this one may go).
    pub const ALLOCATION: u64 = 3;
    /// The team member's second rate.
    pub const RATE: u64 = 3;
    pub const WORKED_HOURS: u64 = 1;
    /// The billable hours added after the consulting revenue was created.
    pub const BILLABLE_HOURS: u64 = 3;
    pub const BASELINE: u64 = 1;
    pub const CUSTOM_FIELD: u64 = 1;
    pub const OVERTIME_RULE: u64 = 1;
    pub const PUBLIC_PORTFOLIO: u64 = 1;
    pub const PRIVATE_PORTFOLIO: u64 = 2;
    /// Folio 1's scenario, forked last (its routes' `{scenarioId}`).
    pub const SCENARIO: u64 = 1;
}

/// An id no record of any kind has.
pub const MISSING: u64 = 987_654;

/// Builds the fixture through the interface, each call checked to answer 200:
///
/// * fin (a budget administrator) puts a GBP exchange rate and overtime rule 1;
/// * ada owns folio 1 (shared with bob, edited by ed, with scenario 1 forked last) holding a planned position (1), a team member of grace
///   (2, overtime rule 1) with a second allocation, a second rate and worked hours, a consulting
///   revenue (3) with billable hours and billed hours, a BUDGET baseline, an expense, a custom
///   field and scope items;
/// * ada owns folio 2 (shared with nobody) with a planned position (4);
/// * ada owns the public portfolio 1 (holding folio 2) and the private portfolio 2 (holding folio
///   1, administered by carol);
/// * ada has a read-only personal token.
pub fn build_fixture() -> World {
    let mut world = World {
        state: State::new(),
        token: String::new(),
        journal: Default::default(),
    };
    let w = &mut world;
    let fin = Role::BudgetAdmin;
    let ada = Role::Owner;
    let rate = r#"{"from":"GBP","to":"EUR","rate":1.17,"effectiveDate":"2026-01-01"}"#;
    w.setup(fin, "PUT", "/exchangerate", Some(rate));
    let created = w.setup(fin, "POST", "/overtimerule", Some(OVERTIME_RULE));
    assert_eq!(created["success"], ids::OVERTIME_RULE, "{created}");

    let created = w.setup(ada, "POST", "/folio", Some(FOLIO_CREATE));
    assert_eq!(created["success"], ids::FOLIO, "{created}");
    let tunnel = folio_body("", "Tunnel");
    let created = w.setup(ada, "POST", "/folio", Some(&tunnel));
    assert_eq!(created["success"], ids::UNSHARED_FOLIO, "{created}");
    w.setup(ada, "PUT", "/folio/1/viewers", Some(r#"{"users":["bob"]}"#));
    w.setup(ada, "PUT", "/folio/1/editors", Some(r#"{"users":["ed"]}"#));

    let planned = PLANNED.replace("{id}", "1");
    let created = w.setup(ada, "POST", "/position", Some(&planned));
    assert_eq!(created["success"], ids::PLANNED, "{created}");
    let created = w.setup(ada, "POST", "/position", Some(TEAM_MEMBER));
    assert_eq!(created["success"], ids::TEAM_MEMBER, "{created}");
    let second = r#"{"startDate":"2026-03-16","endDate":"2026-03-31","percentage":100}"#;
    w.setup(ada, "POST", "/position/2/allocation", Some(second));
    let created = w.setup(
        ada,
        "POST",
        "/position/2/rate",
        Some(r#"{"rate":60,"startDate":"2026-03-16"}"#),
    );
    assert_eq!(created["success"], ids::RATE, "{created}");
    let worked = r#"{"otEffort":2,"startDate":"2026-03-02","endDate":"2026-03-06","effort":45}"#;
    let created = w.setup(ada, "POST", "/position/2/workedhours", Some(worked));
    assert_eq!(created["success"], ids::WORKED_HOURS, "{created}");
    let created = w.setup(ada, "POST", "/position", Some(CONSULTING));
    assert_eq!(created["success"], ids::CONSULTING, "{created}");
    let billable = r#"{"otEffort":0,"startDate":"2026-03-03","endDate":"2026-03-03","effort":2}"#;
    let created = w.setup(ada, "POST", "/position/3/billablehours", Some(billable));
    assert_eq!(created["success"], ids::BILLABLE_HOURS, "{created}");
    w.setup(ada, "PUT", "/position/3/billedhours", Some(BILLED_HOURS));

    let created = w.setup(ada, "POST", "/folio/1/baseline", Some(BUDGET_BASELINE));
    assert_eq!(created["success"], ids::BASELINE, "{created}");
    let expense = EXPENSE_CREATE.replace("{id}", "1");
    let created = w.setup(ada, "POST", "/expense", Some(&expense));
    assert_eq!(created["success"], ids::EXPENSE, "{created}");
    let created = w.setup(ada, "POST", "/folio/1/customfield", Some(CUSTOM_FIELD));
    assert_eq!(created["success"], ids::CUSTOM_FIELD, "{created}");
    w.setup(ada, "PUT", "/folio/1/scope", Some(SCOPE));

    let planned = PLANNED.replace("{id}", "2");
    w.setup(ada, "POST", "/position", Some(&planned));

    // Scenario 1 of folio 1, forked last: the draft has not changed since (S15.6).
    let forked = w.setup(
        ada,
        "POST",
        "/folio/1/scenarios",
        Some(r#"{"name":"Contractors"}"#),
    );
    assert_eq!(forked["success"]["id"], ids::SCENARIO, "{forked}");

    let created = w.setup(ada, "POST", "/portfolio", Some(PUBLIC_PORTFOLIO));
    assert_eq!(created["success"], ids::PUBLIC_PORTFOLIO, "{created}");
    let created = w.setup(ada, "POST", "/portfolio", Some(PRIVATE_PORTFOLIO));
    assert_eq!(created["success"], ids::PRIVATE_PORTFOLIO, "{created}");

    w.token = mint_personal_token(&mut w.state, "ada", false, bare_context().moment())
        .expect("a personal token is minted");

    // The allocation of the team member that may be deleted is its second one.
    let team_member = &w.state.positions[&ids::TEAM_MEMBER];
    let allocations: Vec<u64> = team_member
        .record
        .allocations
        .iter()
        .filter_map(|a| a.id.map(|id| id.get()))
        .collect();
    assert!(
        allocations.contains(&ids::ALLOCATION) && allocations.len() == 2,
        "the team member's allocations are {allocations:?}"
    );
    // The journal of the fixture, which the histories are read from; what a case writes is not
    // part of what the matrix compares.
    w.journal = std::sync::Arc::new(w.state.take_journal());
    world
}

/// The fixture, built once; each case clones it.
pub fn fixture() -> &'static World {
    static FIXTURE: OnceLock<World> = OnceLock::new();
    FIXTURE.get_or_init(build_fixture)
}

/// Whether two answers are the same once the missing id in `missing` is read as `existing`
/// (a message such as "Portfolio 987654 does not exist" names the id it was asked about).
pub fn same_answer(existing: &Response, missing: &Response, existing_id: u64) -> bool {
    let normalized = String::from_utf8_lossy(&missing.body)
        .replace(&MISSING.to_string(), &existing_id.to_string());
    existing.status == missing.status
        && existing.headers == missing.headers
        && existing.body == normalized.as_bytes()
}
