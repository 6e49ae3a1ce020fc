//! The authorization policy of the budgeting interface (S11.4, S11.5; the implementation is
//! `core/src/api/access.rs`), tested from the outside through `costfolio::api::handle`.
//!
//! | record | read | change |
//! |---|---|---|
//! | folio and everything in it | owner, viewers, admins of a portfolio holding it, budget administrators | owner, budget administrators |
//! | portfolio | owner, admins, budget administrators; everyone when not private | owner, admins, budget administrators |
//! | exchange rates, overtime rules | everyone | budget administrators |
//!
//! A read-only credential changes nothing (403, before anything is looked up). A record the
//! caller may not read answers exactly as a missing one; a record the caller may read but not
//! change answers 403. A refused request changes nothing.
//!
//! The file holds: the callers and the fixture (one `State` built through the interface), the
//! table of every budgeting route, the matrix (route x caller x {existing, missing} target), a
//! few focused tests of what lists and rollups show, and a property test of intruders.

use std::sync::OnceLock;

use chrono::NaiveDateTime;
use costfolio::api::{handle, mint_personal_token, Context, Request, Response};
use costfolio::model::messages;
use costfolio::state::State;
use proptest::prelude::*;
use serde_json::Value;

// =============================================================================================
// Callers
// =============================================================================================

/// Who asks. Every request of the fixture's world is made as one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
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
}

impl Role {
    const ALL: [Role; 6] = [
        Role::Owner,
        Role::Viewer,
        Role::PortfolioAdmin,
        Role::Other,
        Role::BudgetAdmin,
        Role::ReadOnlyToken,
    ];

    /// The user key the request acts for.
    fn user(self) -> &'static str {
        match self {
            Role::Owner | Role::ReadOnlyToken => "ada",
            Role::Viewer => "bob",
            Role::PortfolioAdmin => "carol",
            Role::Other => "eve",
            Role::BudgetAdmin => "fin",
        }
    }

    /// Whether the credential may change data.
    fn writes(self) -> bool {
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
        };
        f.write_str(text)
    }
}

/// What the policy lets a caller do with one record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Access {
    /// Nothing: the record answers as a missing one.
    None,
    /// Read it; a change is 403.
    Read,
    /// Read and change it.
    Change,
}

// =============================================================================================
// The world: a state, the read-only token, and a way to send requests
// =============================================================================================

/// The request time of every request: the folios run through 2026, so they are executing.
fn now() -> NaiveDateTime {
    NaiveDateTime::parse_from_str("2026-03-15T12:00:00", "%Y-%m-%dT%H:%M:%S")
        .expect("the test clock parses")
}

/// A context without a caller; 64 bytes of randomness for the token.
fn bare_context() -> Context {
    Context::new("http://127.0.0.1:8080", now(), vec![7; 64])
}

/// A state and ada's read-only token, which acts for ada when the context has no user.
#[derive(Debug, Clone, PartialEq)]
struct World {
    state: State,
    token: String,
}

impl World {
    /// Sends `method path` (the path below `/budgets/1`, optionally with a query string) as
    /// `role`, with a JSON body if any.
    fn send(&mut self, role: Role, method: &str, path: &str, body: Option<&str>) -> Response {
        let mut request = Request::new(method, &format!("/budgets/1{path}"));
        if let Some(body) = body {
            request = request.json(body);
        }
        let mut context = bare_context();
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
    fn setup(&mut self, role: Role, method: &str, path: &str, body: Option<&str>) -> Value {
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
fn json(response: &Response) -> Value {
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
fn show(response: &Response) -> String {
    format!("{} {}", response.status, response.text())
}

// =============================================================================================
// Request bodies (from docs/api.md and tests/budget_api.rs); `{id}` marks a target's id
// =============================================================================================

/// A folio of ada's for all of 2026; `{fields}` is spliced in first (an id, say).
fn folio_body(fields: &str, name: &str) -> String {
    format!(
        r#"{{{fields}"name":"{name}","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}}"#
    )
}

const FOLIO_CREATE: &str = r#"{"name":"Road works","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;
const FOLIO_UPDATE: &str = r#"{"id":{id},"name":"Ring road works","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1,"customFields":{"values":{"1":"north"}}}"#;
const VIEWERS: &str = r#"{"users":["bob","dan"]}"#;

const EXPENSE_CREATE: &str = r#"{"folioId":{id},"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":3}}"#;
const EXPENSE_UPDATE: &str = r#"{"id":{id},"folioId":1,"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":90,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":3}}"#;

const EXCHANGE_RATE: &str = r#"{"from":"USD","to":"EUR","rate":0.9,"effectiveDate":"2026-01-01"}"#;
const OVERTIME_RULE: &str =
    r#"{"name":"Weekly 40","regularHours":40,"frequency":"WEEKLY","coefficient":1.5}"#;
const OVERTIME_RULE_UPDATE: &str =
    r#"{"id":{id},"name":"Weekly 38","regularHours":38,"frequency":"WEEKLY","coefficient":1.5}"#;

const PLANNED: &str = r#"{"folioId":{id},"name":"Designer","description":"","title":"Designer","rate":{"rate":50,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":100}}"#;
const PLANNED_UPDATE: &str = r#"{"id":{id},"folioId":1,"name":"Senior designer","description":"","title":"Designer","rate":{"rate":50,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":50}}"#;
const TEAM_MEMBER: &str = r#"{"folioId":1,"name":"Grace","description":"","title":"Developer","kind":".TeamMember","member":"grace","otRuleId":1,"rate":{"rate":40,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50}}"#;
const CONSULTING: &str = r#"{"folioId":1,"name":"Advice","description":"","title":"Consultant","kind":".ConsultingRevenue","rate":{"rate":100,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":50},"billableHours":[{"otEffort":0,"startDate":"2026-03-02","endDate":"2026-03-02","effort":3}]}"#;
const ALLOCATION: &str = r#"{"startDate":"2026-04-01","endDate":"2026-04-30","percentage":50}"#;
const ALLOCATION_UPDATE: &str =
    r#"{"startDate":"2026-03-16","endDate":"2026-03-27","percentage":60}"#;
const RATE: &str = r#"{"rate":45,"startDate":"2026-05-01"}"#;
const RATE_UPDATE: &str = r#"{"rate":48,"startDate":"2026-03-16"}"#;
const WORKED_HOURS: &str =
    r#"{"otEffort":0,"startDate":"2026-03-09","endDate":"2026-03-13","effort":20}"#;
const WORKED_HOURS_UPDATE: &str =
    r#"{"otEffort":1,"startDate":"2026-03-02","endDate":"2026-03-06","effort":44}"#;
const BILLABLE_HOURS: &str =
    r#"{"otEffort":0,"startDate":"2026-03-10","endDate":"2026-03-10","effort":2}"#;
const BILLABLE_HOURS_UPDATE: &str =
    r#"{"otEffort":0,"startDate":"2026-03-03","endDate":"2026-03-03","effort":4}"#;
const BILLED_HOURS: &str =
    r#"{"days":[{"date":"2026-03-04","hours":1.5},{"date":"2026-03-05","hours":0.25}]}"#;

const BUDGET_BASELINE: &str =
    r#"{"name":"Budget v1","approvedBy":"ada","expenditureType":"BUDGET"}"#;
const ACTUAL_BASELINE: &str = r#"{"name":"Actuals","approvedBy":"ada","expenditureType":"ACTUAL"}"#;
const CUSTOM_FIELD: &str = r#"{"name":"Region","style":"SELECT","type":"FOLIO","required":true,"options":["north","south"]}"#;
const CUSTOM_FIELD_UPDATE: &str = r#"{"id":{id},"name":"Region","style":"SELECT","type":"FOLIO","required":true,"options":["north","south","east"]}"#;
const SCOPE: &str = r#"{"items":[{"key":"A-1","weight":2,"logged":1,"remaining":1,"done":false,"progressive":true}]}"#;

/// The public portfolio 1: ada's, no admins, holding ada's unshared folio 2.
const PUBLIC_PORTFOLIO: &str = r#"{"name":"Open works","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"green","admins":[],"folios":[{"id":2,"name":"Tunnel","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;
const PUBLIC_PORTFOLIO_UPDATE: &str = r#"{"id":{id},"name":"Open works, renamed","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"green","admins":[],"folios":[{"id":2,"name":"Tunnel","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;
/// The private portfolio 2: ada's, administered by carol, holding folio 1.
const PRIVATE_PORTFOLIO: &str = r#"{"name":"Inner circle","currencyCode":"EUR","isPrivate":true,"owner":"ada","color":"red","admins":["carol"],"folios":[{"id":1,"name":"Road works","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;
const PRIVATE_PORTFOLIO_UPDATE: &str = r#"{"id":{id},"name":"Inner circle, renamed","currencyCode":"EUR","isPrivate":true,"owner":"ada","color":"red","admins":["carol"],"folios":[{"id":1,"name":"Road works","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;
/// A new, empty portfolio owned by ada: only ada and budget administrators may create it.
const PORTFOLIO_CREATE: &str = r#"{"name":"Later","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"blue","admins":[],"folios":[],"portfolios":[]}"#;

// =============================================================================================
// The fixture
// =============================================================================================

/// Ids of the fixture's records (checked when it is built).
mod ids {
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
}

/// An id no record of any kind has.
const MISSING: u64 = 987_654;

/// Builds the fixture through the interface, each call checked to answer 200:
///
/// * fin (a budget administrator) puts a GBP exchange rate and overtime rule 1;
/// * ada owns folio 1 (shared with bob) holding a planned position (1), a team member of grace
///   (2, overtime rule 1) with a second allocation, a second rate and worked hours, a consulting
///   revenue (3) with billable hours and billed hours, a BUDGET baseline, an expense, a custom
///   field and scope items;
/// * ada owns folio 2 (shared with nobody) with a planned position (4);
/// * ada owns the public portfolio 1 (holding folio 2) and the private portfolio 2 (holding folio
///   1, administered by carol);
/// * ada has a read-only personal token.
fn build_fixture() -> World {
    let mut world = World {
        state: State::new(),
        token: String::new(),
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

    let created = w.setup(ada, "POST", "/portfolio", Some(PUBLIC_PORTFOLIO));
    assert_eq!(created["success"], ids::PUBLIC_PORTFOLIO, "{created}");
    let created = w.setup(ada, "POST", "/portfolio", Some(PRIVATE_PORTFOLIO));
    assert_eq!(created["success"], ids::PRIVATE_PORTFOLIO, "{created}");

    w.token = mint_personal_token(&mut w.state, "ada", false, &bare_context())
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
    // The journal of the fixture is not part of what the matrix compares.
    let _fixture = w.state.take_journal();
    world
}

/// The fixture, built once; each case clones it.
fn fixture() -> &'static World {
    static FIXTURE: OnceLock<World> = OnceLock::new();
    FIXTURE.get_or_init(build_fixture)
}

#[test]
fn fixture_builds_and_its_owner_reads_everything() {
    let mut world = fixture().clone();
    for path in [
        "/folio/1",
        "/folio/2",
        "/position/1",
        "/position/2",
        "/position/3",
        "/position/4",
        "/expense/1",
        "/portfolio/1/indicators",
        "/portfolio/2/indicators",
    ] {
        let response = world.send(Role::Owner, "GET", path, None);
        assert_eq!(response.status, 200, "GET {path}: {}", show(&response));
    }
    let team = json(&world.send(Role::Owner, "GET", "/folio/1/team", None));
    let member = &team["success"]["members"][0];
    assert_eq!(
        (
            member["member"].as_str(),
            member["allocations"].as_array().map(Vec::len),
            member["rates"].as_array().map(Vec::len),
            member["workedHours"].as_array().map(Vec::len),
        ),
        (Some("grace"), Some(2), Some(2), Some(1)),
        "{team}"
    );
    let consulting = json(&world.send(Role::Owner, "GET", "/position/3", None));
    let hours: Vec<u64> = consulting["success"]["billableHours"]
        .as_array()
        .map(|hours| hours.iter().filter_map(|h| h["id"].as_u64()).collect())
        .unwrap_or_default();
    assert!(hours.contains(&ids::BILLABLE_HOURS), "{consulting}");
}

// =============================================================================================
// The routes
// =============================================================================================

/// Whose record a route reads or changes, which decides what each caller may do with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Folio 1 or something in it (S11.4, S11.5).
    Folio,
    /// A list every caller reads, filtered to what they may see (folios, portfolios) or shared
    /// by all (exchange rates, overtime rules).
    Open,
    /// Exchange rates and overtime rules: every caller reads, budget administrators change.
    Shared,
    /// A new record naming ada as its owner: ada or a budget administrator; anyone else is a 403
    /// naming the field `owner`.
    CreateAsAda,
    /// The public portfolio 1 (ada's, no admins).
    PublicPortfolio,
    /// The private portfolio 2 (ada's, administered by carol).
    PrivatePortfolio,
}

impl Scope {
    /// What the policy lets `role` do with the scope's record.
    fn access(self, role: Role) -> Access {
        use Role::*;
        match (self, role) {
            (Scope::Open, _) => Access::Read,
            (Scope::Shared, BudgetAdmin) => Access::Change,
            (Scope::Shared, _) => Access::Read,
            (_, Owner | ReadOnlyToken | BudgetAdmin) => Access::Change,
            (Scope::CreateAsAda, _) => Access::Read,
            (Scope::Folio, Viewer | PortfolioAdmin) => Access::Read,
            (Scope::Folio, Other) => Access::None,
            (Scope::PublicPortfolio, Viewer | PortfolioAdmin | Other) => Access::Read,
            (Scope::PrivatePortfolio, PortfolioAdmin) => Access::Change,
            (Scope::PrivatePortfolio, Viewer | Other) => Access::None,
        }
    }
}

/// One budgeting route: a method, a path and a body (for a change), where `{id}` stands for the
/// target's id.
#[derive(Debug, Clone, Copy)]
struct Route {
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
    /// The id of the fixture's record the route names; `None` when it names none (a list, a
    /// create, shared data without an id).
    target: Option<u64>,
    scope: Scope,
}

impl Route {
    fn is_read(&self) -> bool {
        self.method == "GET"
    }

    /// The path and body with `{id}` replaced by `id`.
    fn request(&self, id: u64) -> (String, Option<String>) {
        let id = id.to_string();
        (
            self.path.replace("{id}", &id),
            self.body.map(|body| body.replace("{id}", &id)),
        )
    }
}

const fn route(
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
    target: Option<u64>,
    scope: Scope,
) -> Route {
    Route {
        name,
        method,
        path,
        body,
        target,
        scope,
    }
}

/// Every route matched in `core/src/api/budget/` (its router and `positions.rs`);
/// the portfolio routes that name a portfolio appear once per portfolio (public and private).
#[rustfmt::skip]
const ROUTES: &[Route] = {
    use Scope::*;
    &[
        // budget.rs: folios.
        route("folio list", "GET", "/folio", None, None, Open),
        route("folio create", "POST", "/folio", Some(FOLIO_CREATE), None, CreateAsAda),
        route("folio get", "GET", "/folio/{id}", None, Some(ids::FOLIO), Folio),
        route("folio update", "PUT", "/folio", Some(FOLIO_UPDATE), Some(ids::FOLIO), Folio),
        route("folio delete", "DELETE", "/folio/{id}", None, Some(ids::FOLIO), Folio),
        route("folio viewers", "PUT", "/folio/{id}/viewers", Some(VIEWERS), Some(ids::FOLIO), Folio),
        route("folio viewers get", "GET", "/folio/{id}/viewers", None, Some(ids::FOLIO), Folio),
        route("users", "GET", "/users?query=a", None, None, Open),
        // budget.rs: expenses (the create names its folio in the body).
        route("expense create", "POST", "/expense", Some(EXPENSE_CREATE), Some(ids::FOLIO), Folio),
        route("expense update", "PUT", "/expense", Some(EXPENSE_UPDATE), Some(ids::EXPENSE), Folio),
        route("expense get", "GET", "/expense/{id}", None, Some(ids::EXPENSE), Folio),
        route("expense delete", "DELETE", "/expense/{id}", None, Some(ids::EXPENSE), Folio),
        route("expense payments", "GET", "/expense/{id}/payments", None, Some(ids::EXPENSE), Folio),
        // budget.rs: shared data.
        route("exchangerate get", "GET", "/exchangerate", None, None, Open),
        route("exchangerate put", "PUT", "/exchangerate", Some(EXCHANGE_RATE), None, Shared),
        route("exchangerate delete", "DELETE", "/exchangerate?from=GBP&to=EUR&effectiveDate=2026-01-01", None, None, Shared),
        route("overtimerule get", "GET", "/overtimerule", None, None, Open),
        route("overtimerule create", "POST", "/overtimerule", Some(OVERTIME_RULE), None, Shared),
        route("overtimerule update", "PUT", "/overtimerule", Some(OVERTIME_RULE_UPDATE), Some(ids::OVERTIME_RULE), Shared),
        route("overtimerule delete", "DELETE", "/overtimerule/{id}", None, Some(ids::OVERTIME_RULE), Shared),
        // api/budget/positions.rs: positions (the create names its folio in the body).
        route("position create", "POST", "/position", Some(PLANNED), Some(ids::FOLIO), Folio),
        route("position update", "PUT", "/position", Some(PLANNED_UPDATE), Some(ids::PLANNED), Folio),
        route("position get", "GET", "/position/{id}", None, Some(ids::PLANNED), Folio),
        route("position delete", "DELETE", "/position/{id}", None, Some(ids::TEAM_MEMBER), Folio),
        route("position payments", "GET", "/position/{id}/payments", None, Some(ids::TEAM_MEMBER), Folio),
        route("position allocation", "POST", "/position/{id}/allocation", Some(ALLOCATION), Some(ids::TEAM_MEMBER), Folio),
        route("position rate", "POST", "/position/{id}/rate", Some(RATE), Some(ids::TEAM_MEMBER), Folio),
        route("position workedhours", "POST", "/position/{id}/workedhours", Some(WORKED_HOURS), Some(ids::TEAM_MEMBER), Folio),
        route("position billablehours", "POST", "/position/{id}/billablehours", Some(BILLABLE_HOURS), Some(ids::CONSULTING), Folio),
        route("position billedhours", "PUT", "/position/{id}/billedhours", Some(BILLED_HOURS), Some(ids::CONSULTING), Folio),
        route("allocation put", "PUT", "/allocation/{id}", Some(ALLOCATION_UPDATE), Some(ids::ALLOCATION), Folio),
        route("allocation delete", "DELETE", "/allocation/{id}", None, Some(ids::ALLOCATION), Folio),
        route("rate put", "PUT", "/rate/{id}", Some(RATE_UPDATE), Some(ids::RATE), Folio),
        route("rate delete", "DELETE", "/rate/{id}", None, Some(ids::RATE), Folio),
        route("workedhours put", "PUT", "/workedhours/{id}", Some(WORKED_HOURS_UPDATE), Some(ids::WORKED_HOURS), Folio),
        route("workedhours delete", "DELETE", "/workedhours/{id}", None, Some(ids::WORKED_HOURS), Folio),
        route("billablehours put", "PUT", "/billablehours/{id}", Some(BILLABLE_HOURS_UPDATE), Some(ids::BILLABLE_HOURS), Folio),
        route("billablehours delete", "DELETE", "/billablehours/{id}", None, Some(ids::BILLABLE_HOURS), Folio),
        route("folio team", "GET", "/folio/{id}/team", None, Some(ids::FOLIO), Folio),
        // Baselines, custom fields, scope, analytics.
        route("baselines get", "GET", "/folio/{id}/baselines?costs=true&revenues=true", None, Some(ids::FOLIO), Folio),
        route("baseline post", "POST", "/folio/{id}/baseline", Some(ACTUAL_BASELINE), Some(ids::FOLIO), Folio),
        route("baseline delete", "DELETE", "/baseline/{id}", None, Some(ids::BASELINE), Folio),
        route("expenditures", "GET", "/folio/{id}/expenditures?actual=false&revenue=false", None, Some(ids::FOLIO), Folio),
        route("customfields get", "GET", "/folio/{id}/customfields", None, Some(ids::FOLIO), Folio),
        route("customfield post", "POST", "/folio/{id}/customfield", Some(CUSTOM_FIELD), Some(ids::FOLIO), Folio),
        route("customfield put", "PUT", "/customfield", Some(CUSTOM_FIELD_UPDATE), Some(ids::CUSTOM_FIELD), Folio),
        route("customfield delete", "DELETE", "/customfield/{id}", None, Some(ids::CUSTOM_FIELD), Folio),
        route("scope put", "PUT", "/folio/{id}/scope", Some(SCOPE), Some(ids::FOLIO), Folio),
        route("indicators", "GET", "/folio/{id}/indicators?asOf=2026-03-13", None, Some(ids::FOLIO), Folio),
        route("timeline", "GET", "/folio/{id}/timeline?asOf=2026-03-13&granularity=week", None, Some(ids::FOLIO), Folio),
        route("payments", "GET", "/folio/{id}/payments?asOf=2026-03-13", None, Some(ids::FOLIO), Folio),
        route("payments csv", "GET", "/folio/{id}/payments?format=csv", None, Some(ids::FOLIO), Folio),
        route("items", "GET", "/folio/{id}/items?asOf=2026-03-13", None, Some(ids::FOLIO), Folio),
        // Portfolios.
        route("portfolio list", "GET", "/portfolio", None, None, Open),
        route("portfolio create", "POST", "/portfolio", Some(PORTFOLIO_CREATE), None, CreateAsAda),
        route("portfolio update (public)", "PUT", "/portfolio", Some(PUBLIC_PORTFOLIO_UPDATE), Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio update (private)", "PUT", "/portfolio", Some(PRIVATE_PORTFOLIO_UPDATE), Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio delete (public)", "DELETE", "/portfolio/{id}", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio delete (private)", "DELETE", "/portfolio/{id}", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio indicators (public)", "GET", "/portfolio/{id}/indicators?asOf=2026-03-13", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio indicators (private)", "GET", "/portfolio/{id}/indicators?asOf=2026-03-13", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
    ]
};

// =============================================================================================
// The matrix
// =============================================================================================

/// The answer to one request, and what it did to the state.
struct Outcome {
    response: Response,
    /// Whether the state after equals the state before.
    unchanged: bool,
}

/// Sends `route` on a fresh copy of the fixture as `role`, naming `id`.
fn attempt(route: &Route, role: Role, id: u64) -> Outcome {
    let before = fixture();
    let mut world = before.clone();
    let (path, body) = route.request(id);
    let response = world.send(role, route.method, &path, body.as_deref());
    Outcome {
        response,
        unchanged: world == *before,
    }
}

/// Whether two answers are the same once the missing id in `missing` is read as `existing`
/// (a message such as "Portfolio 987654 does not exist" names the id it was asked about).
fn same_answer(existing: &Response, missing: &Response, existing_id: u64) -> bool {
    let normalized = String::from_utf8_lossy(&missing.body)
        .replace(&MISSING.to_string(), &existing_id.to_string());
    existing.status == missing.status
        && existing.headers == missing.headers
        && existing.body == normalized.as_bytes()
}

/// The first general error message of a budgeting refusal.
fn first_message(response: &Response) -> Option<String> {
    json(response)["errorMessages"][0]
        .as_str()
        .map(str::to_owned)
}

/// Whether a 403 names the reason the policy gives for refusing a change to a caller who may
/// read the record: "change not allowed", "only budget administrators", or the field `owner`.
fn names_change_refusal(scope: Scope, response: &Response) -> bool {
    match scope {
        Scope::Shared => first_message(response)
            .is_some_and(|m| m.starts_with("Only budget administrators may change")),
        Scope::CreateAsAda => json(response)["errors"]["owner"].is_string(),
        _ => first_message(response).as_deref() == Some(messages::CHANGE_NOT_ALLOWED),
    }
}

/// The failures found for one route and caller, named for the report.
struct Findings<'a> {
    route: &'a Route,
    role: Role,
    path: String,
    failures: &'a mut Vec<String>,
}

impl Findings<'_> {
    /// Records that the answer for `target` departs from `expected`.
    fn fail(&mut self, target: &str, expected: &str, outcome: &Outcome) {
        self.failures.push(format!(
            "{} ({} {}) as {}, {target} target: expected {expected}; got {}{}",
            self.route.name,
            self.route.method,
            self.path,
            self.role,
            show(&outcome.response),
            if outcome.unchanged {
                ""
            } else {
                " [and the state changed]"
            }
        ));
    }

    /// Expects `status`; a refusal, and every read, must leave the state as it was.
    fn expect(&mut self, target: &str, outcome: &Outcome, status: u16, why: &str) {
        let refused_or_read = outcome.response.status != 200 || self.route.is_read();
        if outcome.response.status != status || (refused_or_read && !outcome.unchanged) {
            self.fail(
                target,
                &format!("{status} ({why}), state unchanged"),
                outcome,
            );
        }
    }
}

/// Checks one route as one caller, against the existing target and (when the route names one)
/// a missing one; every departure from the policy is pushed to `failures`. Returns how many
/// (route, caller, target) cases it checked.
fn check(route: &Route, role: Role, failures: &mut Vec<String>) -> usize {
    let access = route.scope.access(role);
    let existing_id = route.target.unwrap_or(0);
    let existing = attempt(route, role, existing_id);
    let missing = route.target.map(|_| attempt(route, role, MISSING));
    let mut findings = Findings {
        route,
        role,
        path: route.request(existing_id).0,
        failures,
    };

    // (c) A caller who may not read the record learns nothing: the answer is the missing one's.
    if let Some(missing) = &missing {
        let hidden = access == Access::None;
        let refused_before_lookup = !role.writes() && !route.is_read();
        let shared_refusal = route.scope == Scope::Shared && access < Access::Change;
        if (hidden || refused_before_lookup || shared_refusal)
            && !same_answer(&existing.response, &missing.response, existing_id)
        {
            let expected = format!(
                "the answer for a missing id ({}, with {MISSING} read as {existing_id})",
                show(&missing.response)
            );
            findings.fail("existing", &expected, &existing);
        }
    }

    // (a) and (b): the status the policy gives; a refusal (and every read) changes nothing.
    if route.is_read() {
        if access >= Access::Read {
            findings.expect("existing", &existing, 200, "the caller may read it");
        } else {
            findings.expect("existing", &existing, 404, "hidden answers as missing");
        }
        if let Some(missing) = &missing {
            findings.expect("missing", missing, 404, "no such record");
        }
    } else if !role.writes() {
        let targets =
            std::iter::once(("existing", &existing)).chain(missing.iter().map(|m| ("missing", m)));
        for (target, outcome) in targets {
            findings.expect(
                target,
                outcome,
                403,
                "a read-only credential changes nothing",
            );
            if first_message(&outcome.response).as_deref() != Some(messages::READ_ONLY_CREDENTIAL) {
                let expected = format!("the message {:?}", messages::READ_ONLY_CREDENTIAL);
                findings.fail(target, &expected, outcome);
            }
        }
    } else {
        match access {
            Access::Change => {
                findings.expect("existing", &existing, 200, "the caller may change it");
                if existing.response.status == 200 && existing.unchanged {
                    findings.fail("existing", "a 200 that changes the state", &existing);
                }
            }
            Access::Read => {
                let why = "the caller may read but not change it";
                findings.expect("existing", &existing, 403, why);
                if existing.response.status == 403
                    && !names_change_refusal(route.scope, &existing.response)
                {
                    findings.fail("existing", "a 403 naming why", &existing);
                }
            }
            Access::None => {
                findings.expect("existing", &existing, 404, "hidden answers as missing");
            }
        }
        if let Some(missing) = &missing {
            if route.scope == Scope::Shared && access < Access::Change {
                let why = "only budget administrators change it";
                findings.expect("missing", missing, 403, why);
            } else {
                findings.expect("missing", missing, 404, "no such record");
            }
        }
    }
    1 + usize::from(missing.is_some())
}

/// The matrix (S11.4, S11.5): every budgeting route x every caller (owner, viewer, portfolio
/// admin, other, budget administrator, read-only token) x {the fixture's record, a missing id},
/// each on a fresh copy of the fixture. It asserts (a) the status the policy gives: 200 when
/// allowed, the missing record's 404 when the caller may not read, 403 for a change by a reader,
/// 403 "read-only" for the token's changes; (b) a refused request, and every read, leaves the
/// state exactly as it was, and an allowed change does change it; (c) for a caller who may not
/// read the record (or whose change is refused before any lookup) the answer for the existing
/// record equals the answer for a missing id, status and body, once the id in a message is
/// accounted for. All departures are collected and reported together.
#[test]
fn every_route_answers_every_caller_as_the_policy_says() {
    let mut failures = Vec::new();
    let mut cases = 0;
    for route in ROUTES {
        for role in Role::ALL {
            cases += check(route, role, &mut failures);
        }
    }
    let with_target = ROUTES.iter().filter(|r| r.target.is_some()).count();
    assert_eq!(
        cases,
        (2 * with_target + (ROUTES.len() - with_target)) * Role::ALL.len()
    );
    println!(
        "the matrix checked {cases} cases: {} routes ({with_target} naming a record) x {} callers",
        ROUTES.len(),
        Role::ALL.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {cases} cases depart from the policy:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// =============================================================================================
// What lists and rollups show
// =============================================================================================

/// The ids in a `{"success": [...]}` list.
fn listed_ids(response: &Response) -> Vec<u64> {
    json(response)["success"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item["id"].as_u64())
                .collect()
        })
        .unwrap_or_default()
}

/// The folio list shows the folios the caller may read, the portfolio list the portfolios
/// (S11.4, S11.5): bob and carol see folio 1 (a viewer, an admin of a portfolio holding it), eve
/// none; everyone sees the public portfolio, only ada, carol and fin the private one.
#[test]
fn lists_show_exactly_what_the_caller_may_read() {
    let mut world = fixture().clone();
    for (role, folios, portfolios) in [
        (Role::Owner, vec![1, 2], vec![1, 2]),
        (Role::Viewer, vec![1], vec![1]),
        (Role::PortfolioAdmin, vec![1], vec![1, 2]),
        (Role::Other, vec![], vec![1]),
        (Role::BudgetAdmin, vec![1, 2], vec![1, 2]),
        (Role::ReadOnlyToken, vec![1, 2], vec![1, 2]),
    ] {
        let response = world.send(role, "GET", "/folio", None);
        assert_eq!(
            listed_ids(&response),
            folios,
            "folios of {role}: {}",
            show(&response)
        );
        let response = world.send(role, "GET", "/portfolio", None);
        let shown = listed_ids(&response);
        assert_eq!(
            shown,
            portfolios,
            "portfolios of {role}: {}",
            show(&response)
        );
    }
}

/// A figure of a rollup, as a number.
fn figure(response: &Response, name: &str) -> f64 {
    let body = json(response);
    body["success"][name]
        .as_f64()
        .unwrap_or_else(|| panic!("no figure {name} in {body}"))
}

/// A portfolio rollup counts only the folios the caller may read (S11.5): the public portfolio 1
/// holds ada's unshared folio 2, so bob's, carol's and eve's rollups of it hold none of its
/// figures (bac 0) while ada's and fin's do; carol reads folio 1 through the private portfolio 2,
/// so her rollup of it is ada's.
#[test]
fn a_rollup_counts_only_the_folios_the_caller_may_read() {
    let mut world = fixture().clone();
    let public = "/portfolio/1/indicators?asOf=2026-03-13";
    let owners = world.send(Role::Owner, "GET", public, None);
    assert!(figure(&owners, "bac") > 0.0, "{}", show(&owners));
    let admins = world.send(Role::BudgetAdmin, "GET", public, None);
    assert_eq!(admins, owners, "a budget administrator reads every folio");
    for role in [Role::Viewer, Role::PortfolioAdmin, Role::Other] {
        let response = world.send(role, "GET", public, None);
        assert_eq!(response.status, 200, "{role}: {}", show(&response));
        for name in ["bac", "ac", "plannedCostToDate", "reserve", "contingency"] {
            assert_eq!(
                figure(&response, name),
                0.0,
                "{name} of {role}: {}",
                show(&response)
            );
        }
    }
    let private = "/portfolio/2/indicators?asOf=2026-03-13";
    let owners = world.send(Role::Owner, "GET", private, None);
    assert!(figure(&owners, "bac") > 0.0, "{}", show(&owners));
    let carols = world.send(Role::PortfolioAdmin, "GET", private, None);
    assert_eq!(
        carols, owners,
        "carol reads folio 1 as an admin of portfolio 2"
    );
}

/// The portfolio body an intruder sends to make a portfolio of their own (`{me}`) holding folio
/// `{id}`, with themselves as admin: accepted, it would let them read the folio (S11.4).
const OWN_PORTFOLIO_HOLDING: &str = r#"{"name":"Mine","currencyCode":"EUR","isPrivate":false,"owner":"{me}","color":"black","admins":["{me}"],"folios":[{"id":{id},"name":"Road works","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;

/// A folio joins a portfolio only by a caller who may change the folio (S11.4, S11.5: a
/// portfolio's admins read its folios, so placing a folio one may only read, or not even read,
/// would share it further). Each caller makes a portfolio of their own holding folio 1: ada and
/// fin may, bob and carol (readers) and eve may not, and the refusal changes nothing; eve's
/// answer is the one for a folio that does not exist. Carol, an admin of portfolio 2, may not
/// add ada's folio 2 to it either. A budget administrator creating a folio for ada may; anyone
/// may create a folio of their own (S11.5: "the owner is the caller").
#[test]
fn a_folio_joins_a_portfolio_only_by_a_caller_who_may_change_it() {
    let before = fixture();
    let body = |role: Role, folio: u64| {
        OWN_PORTFOLIO_HOLDING
            .replace("{me}", role.user())
            .replace("{id}", &folio.to_string())
    };
    for role in Role::ALL {
        let mut world = before.clone();
        let response = world.send(role, "POST", "/portfolio", Some(&body(role, 1)));
        let may = matches!(role, Role::Owner | Role::BudgetAdmin);
        if may {
            assert_eq!(response.status, 200, "{role}: {}", show(&response));
            continue;
        }
        assert!(
            (400..500).contains(&response.status) && world == *before,
            "{role} placed folio 1 in a portfolio of their own: {}",
            show(&response)
        );
        if role == Role::Other {
            let missing = world.send(role, "POST", "/portfolio", Some(&body(role, MISSING)));
            assert!(
                same_answer(&response, &missing, 1),
                "eve learns that folio 1 exists: {} vs {}",
                show(&response),
                show(&missing)
            );
        }
    }

    let mut world = before.clone();
    let with_folio_2 = PRIVATE_PORTFOLIO_UPDATE.replace("{id}", "2").replace(
        r#""folios":[{"id":1,"#,
        r#""folios":[{"id":2,"name":"Tunnel","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"},{"id":1,"#,
    );
    let response = world.send(
        Role::PortfolioAdmin,
        "PUT",
        "/portfolio",
        Some(&with_folio_2),
    );
    assert!(
        (400..500).contains(&response.status) && world == *before,
        "carol added folio 2, which she cannot read, to portfolio 2: {}",
        show(&response)
    );
    let missing = with_folio_2.replace(
        r#""folios":[{"id":2,"#,
        &format!(r#""folios":[{{"id":{MISSING},"#),
    );
    let missing = world.send(Role::PortfolioAdmin, "PUT", "/portfolio", Some(&missing));
    assert!(
        same_answer(&response, &missing, 2),
        "carol learns that folio 2 exists: {} vs {}",
        show(&response),
        show(&missing)
    );

    for role in Role::ALL {
        let mut world = before.clone();
        let own =
            FOLIO_CREATE.replace(r#""owner":"ada""#, &format!(r#""owner":"{}""#, role.user()));
        let response = world.send(role, "POST", "/folio", Some(&own));
        let expected = if role.writes() { 200 } else { 403 };
        assert_eq!(
            response.status,
            expected,
            "{role} creates a folio of their own: {}",
            show(&response)
        );
    }
}

// =============================================================================================
// Intruders change nothing the owner sees
// =============================================================================================

/// A request template: `{id}` is replaced by an id, `{me}` by the caller's user key.
#[derive(Debug, Clone, Copy)]
struct Template {
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
}

impl Template {
    fn fill(&self, id: u64, me: &str) -> (String, Option<String>) {
        let fill = |text: &str| text.replace("{id}", &id.to_string()).replace("{me}", me);
        (fill(self.path), self.body.map(fill))
    }
}

/// What an intruder tries on top of every change route of [`ROUTES`]: taking a folio or a
/// portfolio over, sharing a folio with themselves, placing a folio or a sub-portfolio in a
/// portfolio of their own, adding a team member.
const INTRUSIONS: &[Template] = &[
    Template {
        method: "PUT",
        path: "/folio",
        body: Some(
            r#"{"id":{id},"name":"Mine now","description":"","owner":"{me}","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#,
        ),
    },
    Template {
        method: "PUT",
        path: "/folio/{id}/viewers",
        body: Some(r#"{"users":["{me}","bob","eve"]}"#),
    },
    Template {
        method: "POST",
        path: "/portfolio",
        body: Some(OWN_PORTFOLIO_HOLDING),
    },
    Template {
        method: "POST",
        path: "/portfolio",
        body: Some(
            r#"{"name":"Below","currencyCode":"EUR","isPrivate":false,"owner":"{me}","color":"black","admins":[],"folios":[],"portfolios":[],"parentId":{id}}"#,
        ),
    },
    Template {
        method: "PUT",
        path: "/portfolio",
        body: Some(
            r#"{"id":{id},"name":"Mine now","currencyCode":"EUR","isPrivate":false,"owner":"{me}","color":"black","admins":["{me}"],"folios":[],"portfolios":[]}"#,
        ),
    },
    Template {
        method: "PUT",
        path: "/portfolio",
        body: Some(
            r#"{"id":{id},"name":"Open works","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"green","admins":["{me}"],"folios":[],"portfolios":[]}"#,
        ),
    },
    Template {
        method: "POST",
        path: "/position",
        body: Some(
            r#"{"folioId":{id},"name":"Mole","description":"","title":"Dev","kind":".TeamMember","member":"{me}","rate":{"rate":400,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":100}}"#,
        ),
    },
];

/// Every request an intruder may send: the change routes of [`ROUTES`] and [`INTRUSIONS`].
fn intruder_requests() -> Vec<Template> {
    ROUTES
        .iter()
        .filter(|route| !route.is_read())
        .map(|route| Template {
            method: route.method,
            path: route.path,
            body: route.body,
        })
        .chain(INTRUSIONS.iter().copied())
        .collect()
}

/// The owner's own changes interleaved with the intruders' requests (`{id}` from 1 to 5): new
/// records take new ids, deletions leave deleted ones, so the intruders' ids land on records of
/// every kind and state.
const OWNER_CHANGES: &[Template] = &[
    Template {
        method: "POST",
        path: "/expense",
        body: Some(EXPENSE_CREATE),
    },
    Template {
        method: "DELETE",
        path: "/expense/{id}",
        body: None,
    },
    Template {
        method: "POST",
        path: "/position",
        body: Some(
            r#"{"folioId":{id},"name":"Planner","description":"","title":"Planner","rate":{"rate":30,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-04-01","endDate":"2026-04-30","percentage":20}}"#,
        ),
    },
    Template {
        method: "DELETE",
        path: "/position/{id}",
        body: None,
    },
    Template {
        method: "POST",
        path: "/position/2/rate",
        body: Some(r#"{"rate":7{id},"startDate":"2026-0{id}-20"}"#),
    },
    Template {
        method: "DELETE",
        path: "/allocation/{id}",
        body: None,
    },
    Template {
        method: "POST",
        path: "/folio/1/customfield",
        body: Some(CUSTOM_FIELD),
    },
    Template {
        method: "DELETE",
        path: "/customfield/{id}",
        body: None,
    },
    Template {
        method: "PUT",
        path: "/folio/1/scope",
        body: Some(
            r#"{"items":[{"key":"A-{id}","weight":{id},"logged":1,"remaining":1,"done":false,"progressive":true}]}"#,
        ),
    },
    Template {
        method: "PUT",
        path: "/folio/{id}/viewers",
        body: Some(r#"{"users":["bob"]}"#),
    },
];

/// The answers to every read the owner can make, by path.
fn owner_view(world: &mut World) -> Vec<(String, u16, String)> {
    let mut paths: Vec<String> = [
        "/folio",
        "/folio/1",
        "/folio/2",
        "/folio/1/team",
        "/folio/1/indicators?asOf=2026-03-13",
        "/folio/1/timeline?asOf=2026-03-13",
        "/folio/1/payments?asOf=2026-03-13&format=csv",
        "/folio/1/items?asOf=2026-03-13",
        "/folio/1/baselines?costs=true&revenues=true",
        "/folio/1/customfields",
        "/folio/1/expenditures?actual=false&revenue=false",
        "/portfolio",
        "/portfolio/1/indicators?asOf=2026-03-13",
        "/portfolio/2/indicators?asOf=2026-03-13",
        "/exchangerate",
        "/overtimerule",
    ]
    .map(str::to_owned)
    .to_vec();
    for id in 1..=6 {
        paths.push(format!("/expense/{id}"));
        paths.push(format!("/expense/{id}/payments"));
        paths.push(format!("/position/{id}"));
        paths.push(format!("/position/{id}/payments"));
    }
    paths
        .into_iter()
        .map(|path| {
            let response = world.send(Role::Owner, "GET", &path, None);
            let text = response.text();
            (path, response.status, text)
        })
        .collect()
}

/// One step of a run: an intruder's request, or one of the owner's own changes.
#[derive(Debug, Clone)]
enum Step {
    /// `role` (eve or bob) sends intruder request `request` naming `id`.
    Intruder { role: Role, request: usize, id: u64 },
    /// ada makes her change `change` naming `id`.
    Owner { change: usize, id: u64 },
}

fn step() -> impl Strategy<Value = Step> {
    let intruders = intruder_requests().len();
    prop_oneof![
        4 => (any::<bool>(), 0..intruders, 1u64..=5).prop_map(|(eve, request, id)| {
            let role = if eve { Role::Other } else { Role::Viewer };
            Step::Intruder { role, request, id }
        }),
        1 => (0..OWNER_CHANGES.len(), 1u64..=5).prop_map(|(change, id)| Step::Owner { change, id }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Intruders change nothing the owner sees (S11.4, S11.5): random runs of up to 20 requests
    /// by eve (who may read nothing of ada's) and bob (who reads folio 1), drawn from every
    /// change route and a few takeovers with ids 1 to 5, interleaved with ada's own changes.
    /// Each intruder request is refused with a 4xx (never a 5xx, never a success), leaves the
    /// state as it was, and every read ada can make answers exactly as before it.
    #[test]
    fn intruders_change_nothing_the_owner_sees(steps in prop::collection::vec(step(), 1..=20)) {
        let requests = intruder_requests();
        let mut world = fixture().clone();
        let mut view = owner_view(&mut world);
        for step in steps {
            match step {
                Step::Intruder { role, request, id } => {
                    let template = requests[request];
                    let (path, body) = template.fill(id, role.user());
                    let before = world.clone();
                    let response = world.send(role, template.method, &path, body.as_deref());
                    let body_text = body.unwrap_or_default();
                    let label = format!("{} {path} {body_text} as {role}", template.method);
                    prop_assert!(
                        (400..500).contains(&response.status),
                        "{label} answered {}", show(&response)
                    );
                    prop_assert!(world == before, "{label} changed the state: {}", show(&response));
                    let after = owner_view(&mut world);
                    for (seen, now) in view.iter().zip(&after) {
                        prop_assert_eq!(seen, now, "after {}", label);
                    }
                    view = after;
                }
                Step::Owner { change, id } => {
                    let template = OWNER_CHANGES[change];
                    let (path, body) = template.fill(id, "ada");
                    let response = world.send(Role::Owner, template.method, &path, body.as_deref());
                    prop_assert!(
                        response.status < 500,
                        "ada's {} {path} answered {}", template.method, show(&response)
                    );
                    view = owner_view(&mut world);
                }
            }
        }
    }
}

/// An admin reads every folio of a portfolio, so only a caller who may change all of them may name
/// a new admin: carol, an admin of the private portfolio 2 who may only read its folio 1, cannot
/// make eve an admin (and eve then cannot read folio 1); ada can (S11.4, S11.5).
#[test]
fn only_a_caller_who_may_change_every_folio_names_a_new_admin() {
    let mut world = fixture().clone();
    let before = world.clone();
    let adding_eve = PRIVATE_PORTFOLIO_UPDATE
        .replace("{id}", "2")
        .replace(r#""admins":["carol"]"#, r#""admins":["carol","eve"]"#);
    let response = world.send(Role::PortfolioAdmin, "PUT", "/portfolio", Some(&adding_eve));
    assert_eq!(response.status, 403, "{}", show(&response));
    assert!(
        json(&response)["errors"]["admins"].is_string(),
        "{}",
        show(&response)
    );
    assert_eq!(world, before, "nothing changes");
    assert_eq!(world.send(Role::Other, "GET", "/folio/1", None).status, 404);
    let response = world.send(Role::Owner, "PUT", "/portfolio", Some(&adding_eve));
    assert_eq!(response.status, 200, "{}", show(&response));
    assert_eq!(world.send(Role::Other, "GET", "/folio/1", None).status, 200);
}

/// A public portfolio shows every user only the folios they may read, as they are now: eve sees
/// the public portfolio 1 but nothing of ada's unshared folio 2 in it; ada sees folio 2 with its
/// live name, not the one typed into the portfolio.
#[test]
fn a_public_portfolio_shows_only_the_folios_the_caller_may_read() {
    let mut world = fixture().clone();
    let folios_of = |world: &mut World, role: Role| {
        let body = json(&world.send(role, "GET", "/portfolio", None));
        body["success"]
            .as_array()
            .and_then(|list| list.iter().find(|p| p["id"] == 1))
            .map(|p| p["folios"].clone())
            .unwrap_or(Value::Null)
    };
    assert_eq!(folios_of(&mut world, Role::Other), serde_json::json!([]));
    let ada = folios_of(&mut world, Role::Owner);
    assert_eq!(ada[0]["id"], 2, "{ada}");
    let live = json(&world.send(Role::Owner, "GET", "/folio/2", None));
    assert_eq!(ada[0]["name"], live["success"]["name"]);
}

/// Only a budget administrator hands a folio or a portfolio to another user (S11.5): an owner
/// who could would keep reading it as a viewer while the new owner took it for their own.
#[test]
fn only_a_budget_administrator_hands_a_folio_or_portfolio_over() {
    let mut world = fixture().clone();
    let before = world.clone();
    let to_bob = FOLIO_UPDATE
        .replace("{id}", "1")
        .replace(r#""owner":"ada""#, r#""owner":"bob""#);
    let response = world.send(Role::Owner, "PUT", "/folio", Some(&to_bob));
    assert_eq!(response.status, 403, "{}", show(&response));
    assert!(
        json(&response)["errors"]["owner"].is_string(),
        "{}",
        show(&response)
    );
    let portfolio_to_bob = PUBLIC_PORTFOLIO_UPDATE
        .replace("{id}", "1")
        .replace(r#""owner":"ada""#, r#""owner":"bob""#);
    assert_eq!(
        world
            .send(Role::Owner, "PUT", "/portfolio", Some(&portfolio_to_bob))
            .status,
        403
    );
    assert_eq!(world, before, "nothing changes");
    assert_eq!(
        world
            .send(Role::BudgetAdmin, "PUT", "/folio", Some(&to_bob))
            .status,
        200
    );
    assert_eq!(
        world
            .send(
                Role::BudgetAdmin,
                "PUT",
                "/portfolio",
                Some(&portfolio_to_bob)
            )
            .status,
        200
    );
}
