//! Who may read and change the core administration interface (`/core/3`) and read the deletion
//! audit (`/audit/1`): S11.3 and S11.6, implemented in `core/src/api/core_admin.rs` (the check
//! before any route), `core/src/api/audit.rs` and `Caller::is_administrator`
//! (`core/src/api/auth/authenticate.rs`), tested from the outside through `costfolio::api::handle`.
//!
//! | request | administrator's write token | administrator's read-only token | anyone else with a token | no or unknown token |
//! |---|---|---|---|---|
//! | read of `/core/3` | 200 | 200 | 200 | 401 |
//! | change of `/core/3` | 200 or 204 | 403 | 403 | 401 |
//! | read of `/audit/1` | 200 | 200 | 403 | 401 |
//!
//! "Administrator": the host marks the token's own user as one (`context.budget_admin` with
//! `context.user` the token's user); the flag said of another user, or of no user, does not count.
//! Every 403 is the documented one ([`messages::NO_PERMISSION`] in the core envelope), every 401
//! has no body and a `WWW-Authenticate` header, and every refusal and every read leaves the state
//! exactly as it was.
//!
//! The file holds: the callers, the fixture (one `State` built through the interface as the
//! administrator), the table of every route, the matrix (route x caller, each on a fresh copy of
//! the fixture), a check that the table covers every route the sources match, and a few refusals
//! of paths and parameters that do not exist.

use std::fs;
use std::path::Path;
use std::sync::OnceLock;

use chrono::NaiveDateTime;
use costfolio::api::{handle, handle_read, mint_personal_token, Context, Request, Response};
use costfolio::model::messages;
use costfolio::state::State;
use serde_json::{json, Value};

// =============================================================================================
// Callers
// =============================================================================================

/// The administrator: the host's user table marks them as one.
const ADMIN: &str = "admin-1";
/// A user who is not an administrator.
const PLAIN: &str = "plain-1";

/// Who asks. Each role is a credential (or none) and the context the host gives with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The administrator's write token; the context names them and says administrator.
    AdminWrite,
    /// The administrator's read-only token; the context names them and says administrator.
    AdminReadOnly,
    /// The plain user's write token; the context names them, not an administrator.
    PlainWrite,
    /// The plain user's read-only token; the context names them, not an administrator.
    PlainReadOnly,
    /// The plain user's write token with a context that says the administrator is one: the flag
    /// is about another user, so it does not count.
    ForeignAdminClaim,
    /// The plain user's write token with a context that says "administrator" but names no user:
    /// the flag is about no one, so it does not count.
    AdminFlagWithoutUser,
    /// No `Authorization` header, with a context that names the administrator: this interface
    /// takes its caller from the bearer token only (S11.1, S11.3).
    NoCredential,
    /// A well-formed bearer token this state never issued, the same context.
    UnknownToken,
}

impl Role {
    const ALL: [Role; 8] = [
        Role::AdminWrite,
        Role::AdminReadOnly,
        Role::PlainWrite,
        Role::PlainReadOnly,
        Role::ForeignAdminClaim,
        Role::AdminFlagWithoutUser,
        Role::NoCredential,
        Role::UnknownToken,
    ];

    /// Whether the credential authenticates (a token this state issued).
    fn authenticated(self) -> bool {
        !matches!(self, Role::NoCredential | Role::UnknownToken)
    }

    /// Whether the caller is an administrator (S11.6): the token's own user has the flag.
    fn administrator(self) -> bool {
        matches!(self, Role::AdminWrite | Role::AdminReadOnly)
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            Role::AdminWrite => "admin write token",
            Role::AdminReadOnly => "admin read-only token",
            Role::PlainWrite => "plain write token",
            Role::PlainReadOnly => "plain read-only token",
            Role::ForeignAdminClaim => "plain token, context says admin-1 is admin",
            Role::AdminFlagWithoutUser => "plain token, context says admin for no user",
            Role::NoCredential => "no credential",
            Role::UnknownToken => "unknown token",
        };
        f.write_str(text)
    }
}

// =============================================================================================
// The world: a state, the tokens, and a way to send requests
// =============================================================================================

/// The request time of every request.
fn now() -> NaiveDateTime {
    NaiveDateTime::parse_from_str("2026-11-21T10:00:00", "%Y-%m-%dT%H:%M:%S")
        .expect("the test clock parses")
}

/// A context without a caller.
fn bare_context() -> Context {
    Context::new("http://127.0.0.1:8080", now(), vec![7; 64])
}

/// A context with randomness of its own, for minting a token: the same bytes would mint the same
/// token twice.
fn minting_context(seed: u8) -> Context {
    Context::new("http://127.0.0.1:8080", now(), vec![seed; 64])
}

/// The tokens of the fixture, in clear.
#[derive(Debug, Clone, PartialEq)]
struct Tokens {
    admin_write: String,
    admin_read: String,
    plain_write: String,
    plain_read: String,
    /// Minted in another state: well-formed, unknown here.
    unknown: String,
}

/// A state and the tokens that act on it.
#[derive(Debug, Clone, PartialEq)]
struct World {
    state: State,
    tokens: Tokens,
}

impl World {
    /// The request `method path` (a full path, optionally with a query string) as `role` sends
    /// it, and the context the host gives with it (as the host does: the token's user and their
    /// admin flag and write right; for the odd roles, what the role says).
    fn request(
        &self,
        role: Role,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> (Request, Context) {
        let mut request = Request::new(method, path);
        if let Some(body) = body {
            request = request.json(body);
        }
        let token = match role {
            Role::AdminWrite => Some(&self.tokens.admin_write),
            Role::AdminReadOnly => Some(&self.tokens.admin_read),
            Role::PlainWrite | Role::ForeignAdminClaim | Role::AdminFlagWithoutUser => {
                Some(&self.tokens.plain_write)
            }
            Role::PlainReadOnly => Some(&self.tokens.plain_read),
            Role::UnknownToken => Some(&self.tokens.unknown),
            Role::NoCredential => None,
        };
        if let Some(token) = token {
            request = request.header("Authorization", &format!("Bearer {token}"));
        }
        let mut context = bare_context();
        let (user, admin, write) = match role {
            Role::AdminWrite => (Some(ADMIN), true, true),
            Role::AdminReadOnly => (Some(ADMIN), true, false),
            Role::PlainWrite => (Some(PLAIN), false, true),
            Role::PlainReadOnly => (Some(PLAIN), false, false),
            Role::ForeignAdminClaim | Role::NoCredential | Role::UnknownToken => {
                (Some(ADMIN), true, true)
            }
            Role::AdminFlagWithoutUser => (None, true, true),
        };
        context.user = user.map(str::to_owned);
        context.budget_admin = admin;
        context.write = write;
        (request, context)
    }

    fn send(&mut self, role: Role, method: &str, path: &str, body: Option<&str>) -> Response {
        let (request, context) = self.request(role, method, path, body);
        handle(&mut self.state, &request, &context)
    }

    /// A request of the fixture, as the administrator; insists on 200 or 204.
    fn setup(&mut self, method: &str, path: &str, body: Option<&str>) -> Value {
        let response = self.send(Role::AdminWrite, method, path, body);
        assert!(
            response.status == 200 || response.status == 204,
            "fixture: {method} {path} answered {}",
            show(&response)
        );
        json(&response)
    }

    /// A budgeting request of the fixture, as the administrator with basic credentials (the host
    /// verified them and names the user in the context); insists on 200.
    fn budget(&mut self, method: &str, path: &str, body: &str) -> Value {
        let mut context = bare_context();
        context.user = Some(ADMIN.to_owned());
        context.budget_admin = true;
        let request = Request::new(method, &format!("/budgets/1{path}")).json(body);
        let response = handle(&mut self.state, &request, &context);
        assert_eq!(
            response.status,
            200,
            "fixture: {method} /budgets/1{path} answered {}",
            show(&response)
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
    let text = response.text();
    let text = if text.chars().count() > 300 {
        format!("{}...", text.chars().take(300).collect::<String>())
    } else {
        text
    };
    format!("{} {text}", response.status)
}

// =============================================================================================
// Request bodies (from tests/core_api.rs)
// =============================================================================================

/// A full week of a workload scheme, Monday to Thursday ten hours.
macro_rules! week {
    () => {
        r#"[{"day":"MONDAY","requiredSeconds":36000},{"day":"TUESDAY","requiredSeconds":36000},{"day":"WEDNESDAY","requiredSeconds":36000},{"day":"THURSDAY","requiredSeconds":36000},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]"#
    };
}

const CATEGORY_DEV: &str = r#"{"key":"DEV","name":"Development","typeName":"CAPITALIZED"}"#;
const CATEGORY_SPARE: &str = r#"{"key":"SPARE","name":"Spare category"}"#;
const CATEGORY_CREATE: &str = r#"{"key":"OPS","name":"Operations"}"#;
const CATEGORY_UPDATE: &str = r#"{"key":"DEV","name":"Development 2"}"#;
const CUSTOMER_CUST: &str = r#"{"key":"CUST","name":"Customer"}"#;
const CUSTOMER_SPARE: &str = r#"{"key":"SPARE","name":"Spare customer"}"#;
const CUSTOMER_CREATE: &str = r#"{"key":"GLOBEX","name":"Globex"}"#;
const CUSTOMER_UPDATE: &str = r#"{"key":"CUST","name":"Customer 2"}"#;
const ACCOUNT_ACME: &str = r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"lead-1","contactAccountId":"c-1","categoryKey":"DEV","customerKey":"CUST","monthlyBudget":1500}"#;
const ACCOUNT_CREATE: &str =
    r#"{"key":"NEW","name":"New","status":"OPEN","leadAccountId":"lead-1"}"#;
const ACCOUNT_UPDATE: &str =
    r#"{"key":"ACME","name":"Acme 2","status":"CLOSED","leadAccountId":"lead-1"}"#;
const LINK: &str = r#"{"accountKey":"ACME","scopeType":"PROJECT","scopeId":10000}"#;
const PROJECT: &str = r#"{"key":"ABC","name":"Alpha"}"#;
const PROJECT_UPDATE: &str = r#"{"key":"ABC","name":"Alpha 2"}"#;
const FILTER: &str = r#"{"name":"Folio scope","projectIds":[10000]}"#;
const FILTER_UPDATE: &str = r#"{"name":"Renamed scope","projectIds":[10000]}"#;
const HOLIDAY_SCHEME: &str = r#"{"name":"Germany"}"#;
const HOLIDAY_SCHEME_CREATE: &str = r#"{"name":"France"}"#;
const HOLIDAY_SCHEME_UPDATE: &str = r#"{"name":"Deutschland","description":"DE"}"#;
const HOLIDAY: &str =
    r#"{"type":"FIXED","name":"Christmas","durationSeconds":86400,"date":"2020-12-25"}"#;
const HOLIDAY_CREATE: &str = r#"{"type":"FLOATING","name":"Easter Monday","description":null,"durationSeconds":86400,"date":"2026-04-06"}"#;
const HOLIDAY_UPDATE: &str =
    r#"{"type":"FIXED","name":"Christmas","durationSeconds":14400,"date":"2020-12-25"}"#;
const MEMBERS: &str = r#"{"accountIds":["ada","bob"]}"#;
const MEMBERS_UPDATE: &str = r#"{"accountIds":["carol"]}"#;
const WORKLOAD_SCHEME: &str = concat!(r#"{"name":"Four days","days":"#, week!(), "}");
const WORKLOAD_SCHEME_CREATE: &str = concat!(r#"{"name":"Short","days":"#, week!(), "}");
const WORKLOAD_SCHEME_UPDATE: &str = concat!(r#"{"name":"Four long days","days":"#, week!(), "}");
const RESOURCE: &str = r#"{"name":"Senior engineer"}"#;
const RESOURCE_CREATE: &str = r#"{"name":"Junior engineer"}"#;
const RESOURCE_UPDATE: &str = r#"{"name":"Principal engineer"}"#;
/// The worklog that stays (service id 1, tracker id 5001).
const WORKLOG: &str = r#"{"issueKey":"ABC-12","timeSpentSeconds":3600,"startDate":"2026-03-02","authorAccountId":"ada","trackerWorklogId":5001}"#;
/// The worklog that is deleted for the audit (service id 2).
const WORKLOG_DELETED: &str = r#"{"issueKey":"ABC-13","timeSpentSeconds":1800,"startDate":"2026-03-03","authorAccountId":"bob","trackerWorklogId":5002}"#;
const WORKLOG_CREATE: &str = r#"{"issueKey":"ABC-14","timeSpentSeconds":3600,"startDate":"2026-04-01","authorAccountId":"ada"}"#;
const WORKLOG_UPDATE: &str = r#"{"issueKey":"ABC-12","timeSpentSeconds":7200,"billableSeconds":0,"startDate":"2026-03-02","startTime":"09:30:00","authorAccountId":"ada"}"#;

/// A folio of the administrator's, for the allocation the audit records.
const FOLIO: &str = r#"{"name":"Road works","description":"Ring road","owner":"admin-1","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":7,"holidaySchemeId":1,"workloadSchemeId":1}"#;
const TEAM_MEMBER: &str = r#"{"folioId":1,"name":"Grace","description":"","title":"Developer","kind":".TeamMember","member":"grace","rate":{"rate":40,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50}}"#;

// =============================================================================================
// The fixture
// =============================================================================================

/// Builds the fixture through the interface as the administrator, each request checked:
///
/// * categories DEV (1, used) and SPARE (2, unused), customers CUST (1, used) and SPARE (2,
///   unused), the account ACME (1) of category DEV and customer CUST;
/// * project 10000 (ABC), the link 1 of ACME to it, saved filter 7 of it;
/// * holiday scheme 2 (Germany) with the holiday 1 and the members ada and bob; workload scheme 2
///   (Four days) with the member ada;
/// * generic resource 1;
/// * worklog 1 (ABC-12, tracker 5001), and worklog 2 created and deleted: one worklog event;
/// * folio 1 with a team member position (1) created and deleted: one allocation event;
/// * the tokens: the administrator's and the plain user's, each a write and a read-only one.
fn build_fixture() -> World {
    let mut state = State::new();
    let mut mint = |user: &str, write: bool, seed: u8| {
        mint_personal_token(&mut state, user, write, &minting_context(seed))
            .expect("a personal token is minted")
    };
    let admin_write = mint(ADMIN, true, 1);
    let admin_read = mint(ADMIN, false, 2);
    let plain_write = mint(PLAIN, true, 3);
    let plain_read = mint(PLAIN, false, 4);
    let unknown = mint_personal_token(&mut State::new(), ADMIN, true, &minting_context(5))
        .expect("a personal token is minted");
    let tokens = Tokens {
        admin_write,
        admin_read,
        plain_write,
        plain_read,
        unknown,
    };
    let all = [
        &tokens.admin_write,
        &tokens.admin_read,
        &tokens.plain_write,
        &tokens.plain_read,
        &tokens.unknown,
    ];
    for (i, a) in all.iter().enumerate() {
        assert!(all[i + 1..].iter().all(|b| a != b), "the tokens differ");
    }
    let mut world = World { state, tokens };
    let w = &mut world;

    assert_eq!(
        w.setup("POST", "/core/3/account-categories", Some(CATEGORY_DEV))["id"],
        1
    );
    assert_eq!(
        w.setup("POST", "/core/3/account-categories", Some(CATEGORY_SPARE))["id"],
        2
    );
    assert_eq!(
        w.setup("POST", "/core/3/customers", Some(CUSTOMER_CUST))["id"],
        1
    );
    assert_eq!(
        w.setup("POST", "/core/3/customers", Some(CUSTOMER_SPARE))["id"],
        2
    );
    let account = w.setup("POST", "/core/3/accounts", Some(ACCOUNT_ACME));
    assert_eq!(
        (
            &account["id"],
            &account["category"]["key"],
            &account["customer"]["key"]
        ),
        (&json!(1), &json!("DEV"), &json!("CUST")),
        "{account}"
    );
    assert_eq!(
        w.setup("PUT", "/core/3/projects/10000", Some(PROJECT))["key"],
        "ABC"
    );
    assert_eq!(
        w.setup("POST", "/core/3/account-links", Some(LINK))["id"],
        1
    );
    assert_eq!(
        w.setup("PUT", "/core/3/saved-filters/7", Some(FILTER))["id"],
        7
    );

    assert_eq!(
        w.setup("POST", "/core/3/holiday-schemes", Some(HOLIDAY_SCHEME))["id"],
        2
    );
    let holiday = w.setup("POST", "/core/3/holiday-schemes/2/holidays", Some(HOLIDAY));
    assert_eq!(
        (&holiday["id"], &holiday["schemeId"]),
        (&json!(1), &json!(2)),
        "{holiday}"
    );
    w.setup("POST", "/core/3/holiday-schemes/2/members", Some(MEMBERS));
    assert_eq!(
        w.setup("POST", "/core/3/workload-schemes", Some(WORKLOAD_SCHEME))["id"],
        2
    );
    w.setup(
        "POST",
        "/core/3/workload-schemes/2/members",
        Some(r#"{"accountIds":["ada"]}"#),
    );
    assert_eq!(
        w.setup("POST", "/core/3/generic-resources", Some(RESOURCE))["id"],
        1
    );

    let kept = w.setup("POST", "/core/3/worklogs", Some(WORKLOG));
    assert_eq!(
        (&kept["serviceWorklogId"], &kept["trackerWorklogId"]),
        (&json!(1), &json!(5001)),
        "{kept}"
    );
    let gone = w.setup("POST", "/core/3/worklogs", Some(WORKLOG_DELETED));
    assert_eq!(gone["serviceWorklogId"], 2, "{gone}");
    w.setup("DELETE", "/core/3/worklogs/2", None);

    assert_eq!(w.budget("POST", "/folio", FOLIO)["success"], 1);
    assert_eq!(w.budget("POST", "/position", TEAM_MEMBER)["success"], 1);
    let request = Request::new("DELETE", "/budgets/1/position/1");
    let mut context = bare_context();
    context.user = Some(ADMIN.to_owned());
    context.budget_admin = true;
    let deleted = handle(&mut w.state, &request, &context);
    assert_eq!(
        deleted.status,
        200,
        "fixture: DELETE /budgets/1/position/1: {}",
        show(&deleted)
    );

    let kinds: Vec<String> = w
        .state
        .audit
        .iter()
        .map(|event| format!("{:?}", event.kind))
        .collect();
    assert_eq!(
        kinds.len(),
        2,
        "one worklog and one allocation event: {kinds:?}"
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

// =============================================================================================
// The routes
// =============================================================================================

/// One route: a method, a full path (with a query string where the route needs one), the body of
/// a change, and for a read a text its answer must hold (what the fixture put there).
#[derive(Debug, Clone, Copy)]
struct Route {
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
    shows: Option<&'static str>,
}

impl Route {
    fn is_read(&self) -> bool {
        self.method == "GET"
    }

    fn is_audit(&self) -> bool {
        self.path.starts_with("/audit/1/")
    }

    /// The path's segments below `/core/3`, without the query string; `None` for the audit.
    fn core_segments(&self) -> Option<Vec<&'static str>> {
        let rest = self.path.strip_prefix("/core/3/")?;
        let rest = rest.split('?').next().unwrap_or(rest);
        Some(rest.trim_matches('/').split('/').collect())
    }
}

const fn route(
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
    shows: Option<&'static str>,
) -> Route {
    Route {
        name,
        method,
        path,
        body,
        shows,
    }
}

const fn read(name: &'static str, path: &'static str, shows: &'static str) -> Route {
    route(name, "GET", path, None, Some(shows))
}

const fn change(
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
) -> Route {
    route(name, method, path, body, None)
}

/// Every route matched in `core/src/api/core_admin.rs` and `core/src/api/core_ext.rs` (their
/// `read_route` and `route`), and both audit feeds. Every change, made by the administrator on the
/// fixture, succeeds (the deletions name records nothing else uses).
#[rustfmt::skip]
const ROUTES: &[Route] = &[
    // Accounts.
    read("accounts list", "/core/3/accounts", r#""key":"ACME""#),
    read("accounts list by status", "/core/3/accounts?status=OPEN", r#""key":"ACME""#),
    read("account get", "/core/3/accounts/ACME", r#""name":"Acme""#),
    read("account links", "/core/3/accounts/ACME/links", "/core/3/account-links/1"),
    change("account create", "POST", "/core/3/accounts", Some(ACCOUNT_CREATE)),
    change("account update", "PUT", "/core/3/accounts/ACME", Some(ACCOUNT_UPDATE)),
    change("account delete", "DELETE", "/core/3/accounts/ACME", None),
    // Categories and their types.
    read("categories list", "/core/3/account-categories", r#""key":"SPARE""#),
    read("category get", "/core/3/account-categories/DEV", r#""name":"Development""#),
    read("category types", "/core/3/account-category-types", "BILLABLE"),
    change("category create", "POST", "/core/3/account-categories", Some(CATEGORY_CREATE)),
    change("category update", "PUT", "/core/3/account-categories/DEV", Some(CATEGORY_UPDATE)),
    change("category delete", "DELETE", "/core/3/account-categories/SPARE", None),
    // Account links.
    read("link get", "/core/3/account-links/1", "/core/3/accounts/ACME"),
    read("links by project", "/core/3/account-links/project/ABC", r#""key":"ACME""#),
    change("link create", "POST", "/core/3/account-links", Some(LINK)),
    change("link delete", "DELETE", "/core/3/account-links/1", None),
    // Customers.
    read("customers list", "/core/3/customers", r#""key":"SPARE""#),
    read("customer get", "/core/3/customers/CUST", r#""name":"Customer""#),
    read("customer accounts", "/core/3/customers/CUST/accounts", r#""key":"ACME""#),
    change("customer create", "POST", "/core/3/customers", Some(CUSTOMER_CREATE)),
    change("customer update", "PUT", "/core/3/customers/CUST", Some(CUSTOMER_UPDATE)),
    change("customer delete", "DELETE", "/core/3/customers/SPARE", None),
    // Holiday schemes, their holidays, members and default.
    read("holiday schemes list", "/core/3/holiday-schemes", r#""name":"Germany""#),
    read("holiday scheme get", "/core/3/holiday-schemes/2", r#""memberCount":2"#),
    read("holiday scheme of a user", "/core/3/holiday-schemes/users/ada", r#""name":"Germany""#),
    read("holidays list", "/core/3/holiday-schemes/2/holidays", r#""name":"Christmas""#),
    read("holiday get", "/core/3/holiday-schemes/2/holidays/1", r#""name":"Christmas""#),
    read("holiday scheme members", "/core/3/holiday-schemes/2/members", r#""accountId":"bob""#),
    change("holiday scheme create", "POST", "/core/3/holiday-schemes", Some(HOLIDAY_SCHEME_CREATE)),
    change("holiday scheme update", "PUT", "/core/3/holiday-schemes/2", Some(HOLIDAY_SCHEME_UPDATE)),
    change("holiday scheme delete", "DELETE", "/core/3/holiday-schemes/2", None),
    change("holiday scheme default", "PUT", "/core/3/holiday-schemes/2/default", None),
    change("holiday create", "POST", "/core/3/holiday-schemes/2/holidays", Some(HOLIDAY_CREATE)),
    change("holiday update", "PUT", "/core/3/holiday-schemes/2/holidays/1", Some(HOLIDAY_UPDATE)),
    change("holiday delete", "DELETE", "/core/3/holiday-schemes/2/holidays/1", None),
    change("holiday scheme members set", "POST", "/core/3/holiday-schemes/2/members", Some(MEMBERS_UPDATE)),
    // Workload schemes, their members and default.
    read("workload schemes list", "/core/3/workload-schemes", r#""name":"Four days""#),
    read("workload scheme get", "/core/3/workload-schemes/2", r#""name":"Four days""#),
    read("workload scheme of a user", "/core/3/workload-schemes/users/ada", r#""name":"Four days""#),
    read("workload scheme members", "/core/3/workload-schemes/2/members", r#""accountId":"ada""#),
    change("workload scheme create", "POST", "/core/3/workload-schemes", Some(WORKLOAD_SCHEME_CREATE)),
    change("workload scheme update", "PUT", "/core/3/workload-schemes/2", Some(WORKLOAD_SCHEME_UPDATE)),
    change("workload scheme delete", "DELETE", "/core/3/workload-schemes/2", None),
    change("workload scheme default", "PUT", "/core/3/workload-schemes/2/default", None),
    change("workload scheme members set", "POST", "/core/3/workload-schemes/2/members", Some(MEMBERS_UPDATE)),
    // Generic resources.
    read("generic resources list", "/core/3/generic-resources", r#""name":"Senior engineer""#),
    read("generic resource get", "/core/3/generic-resources/1", r#""name":"Senior engineer""#),
    change("generic resource create", "POST", "/core/3/generic-resources", Some(RESOURCE_CREATE)),
    change("generic resource update", "PUT", "/core/3/generic-resources/1", Some(RESOURCE_UPDATE)),
    change("generic resource delete", "DELETE", "/core/3/generic-resources/1", None),
    // Projects and saved filters (the interface reads projects as a list only, saved filters not
    // at all).
    read("projects list", "/core/3/projects", r#""key":"ABC""#),
    change("project put", "PUT", "/core/3/projects/10000", Some(PROJECT_UPDATE)),
    change("saved filter put", "PUT", "/core/3/saved-filters/7", Some(FILTER_UPDATE)),
    // Worklogs.
    read("worklogs list", "/core/3/worklogs?from=2026-03-01&to=2026-03-31", r#""key":"ABC-12""#),
    read("worklog get", "/core/3/worklogs/1", r#""trackerWorklogId":5001"#),
    read("worklog by tracker id", "/core/3/worklogs/tracker/5001", r#""serviceWorklogId":1"#),
    read("worklogs of a project", "/core/3/worklogs/project/ABC", r#""key":"ABC-12""#),
    read("worklogs of a user", "/core/3/worklogs/user/ada", r#""key":"ABC-12""#),
    read("worklogs of an issue", "/core/3/worklogs/issue/ABC-12", r#""key":"ABC-12""#),
    change("worklog create", "POST", "/core/3/worklogs", Some(WORKLOG_CREATE)),
    change("worklog update", "PUT", "/core/3/worklogs/1", Some(WORKLOG_UPDATE)),
    change("worklog delete", "DELETE", "/core/3/worklogs/1", None),
    // The deletion audit.
    read("audit worklogs", "/audit/1/events/deleted/types/worklog?updatedFrom=2026-01-01", r#""serviceWorklogId":2"#),
    read("audit allocations", "/audit/1/events/deleted/types/allocation?updatedFrom=2026-01-01", r#""deletedAt":"2026-11-21T10:00:00.000","id":1"#),
];

// =============================================================================================
// The matrix
// =============================================================================================

/// What the rule gives a caller for a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expected {
    /// A read's 200.
    Read,
    /// A change's 200 or 204, and the state changes.
    Change,
    /// 403 with the documented message in the core envelope; the state unchanged.
    Forbidden,
    /// 401, no body, a `WWW-Authenticate` header; the state unchanged.
    Unauthorized,
}

/// The rule (S11.3, S11.6).
fn expected(route: &Route, role: Role) -> Expected {
    if !role.authenticated() {
        Expected::Unauthorized
    } else if route.is_audit() {
        if role.administrator() {
            Expected::Read
        } else {
            Expected::Forbidden
        }
    } else if route.is_read() {
        Expected::Read
    } else if role == Role::AdminWrite {
        Expected::Change
    } else {
        Expected::Forbidden
    }
}

/// An id and a key no record of the fixture has.
const MISSING: &str = "987654";

/// The path with every segment the source matches as a variable (a key or an id) replaced by
/// [`MISSING`]: the same change naming records that do not exist. `None` for a read, and for a
/// change that names no record.
fn missing_variant(route: &Route, arms: &[Arm]) -> Option<String> {
    if route.is_read() {
        return None;
    }
    let segments = route.core_segments()?;
    let arm = arms
        .iter()
        .find(|arm| arm.matches(route.method, &segments))?;
    if arm.segments.iter().all(|s| s.is_some()) {
        return None;
    }
    let replaced: Vec<&str> = segments
        .iter()
        .zip(&arm.segments)
        .map(|(given, pattern)| if pattern.is_some() { *given } else { MISSING })
        .collect();
    Some(format!("/core/3/{}", replaced.join("/")))
}

/// The answer to one request on a fresh copy of the fixture, and what it did.
struct Outcome {
    response: Response,
    /// Whether the state after equals the state before.
    unchanged: bool,
    /// What `handle_read` (the host's path for what changes nothing) answers on the state before.
    read_path: Option<Response>,
}

fn attempt(role: Role, method: &str, path: &str, body: Option<&str>) -> Outcome {
    let before = fixture();
    let mut world = before.clone();
    let (request, context) = world.request(role, method, path, body);
    let read_path = handle_read(&before.state, &request, &context);
    let response = handle(&mut world.state, &request, &context);
    Outcome {
        response,
        unchanged: world == *before,
        read_path,
    }
}

/// The documented 403 (S11.3, S11.6) in the core envelope, and nothing else.
fn is_documented_403(response: &Response) -> bool {
    response.status == 403
        && serde_json::from_slice::<Value>(&response.body).ok()
            == Some(json!({"errors": [{"message": messages::NO_PERMISSION}]}))
}

/// A 401 as S11.3 says: no body, a `WWW-Authenticate` header.
fn is_documented_401(response: &Response) -> bool {
    response.status == 401
        && response.body.is_empty()
        && response
            .header_value("WWW-Authenticate")
            .is_some_and(|value| value.starts_with("Bearer"))
}

/// Checks one route as one caller; every departure from the rule is pushed to `failures`.
/// `reference` is the administrator's answer to the same read. Returns how many requests it
/// checked (the route, and the same route naming missing records for a refused change).
fn check(
    route: &Route,
    role: Role,
    arms: &[Arm],
    reference: Option<&Response>,
    failures: &mut Vec<String>,
) -> usize {
    let expect = expected(route, role);
    let outcome = attempt(role, route.method, route.path, route.body);
    let label = format!("{} ({} {}) as {role}", route.name, route.method, route.path);
    let mut fail = |what: String| failures.push(format!("{label}: {what}"));
    let response = &outcome.response;
    let got = show(response);
    match expect {
        Expected::Read => {
            if response.status != 200 {
                fail(format!("expected 200; got {got}"));
            } else if let Some(shows) = route.shows.filter(|s| !response.text().contains(s)) {
                fail(format!("expected an answer showing {shows}; got {got}"));
            } else if let Some(reference) = reference.filter(|r| *r != response) {
                fail(format!(
                    "expected the administrator's answer {}; got {got}",
                    show(reference)
                ));
            }
        }
        Expected::Change => {
            if !(response.status == 200 || response.status == 204) {
                fail(format!("expected 200 or 204; got {got}"));
            } else if outcome.unchanged {
                fail(format!(
                    "expected a change of the state; got {got} and no change"
                ));
            }
        }
        Expected::Forbidden => {
            if !is_documented_403(response) {
                fail(format!(
                    "expected 403 {:?}; got {got}",
                    messages::NO_PERMISSION
                ));
            }
        }
        Expected::Unauthorized => {
            if !is_documented_401(response) {
                fail(format!(
                    "expected 401 with no body and WWW-Authenticate; got {got} {:?}",
                    response.headers
                ));
            }
        }
    }
    if expect != Expected::Change && !outcome.unchanged {
        fail(format!("the state changed ({got})"));
    }
    // The host answers what changes nothing through handle_read: the same answer.
    if let Some(read_path) = outcome.read_path.as_ref().filter(|r| *r != response) {
        fail(format!(
            "handle_read answered {}, handle {got}",
            show(read_path)
        ));
    }
    if route.is_read() && outcome.read_path.is_none() {
        fail("handle_read left a read to handle".to_owned());
    }

    // A refused change is refused before the path is looked at: naming records that do not exist
    // gets the same answer, and changes nothing either (S11.6).
    let Some(missing) = missing_variant(route, arms).filter(|_| expect != Expected::Change) else {
        return 1;
    };
    let other = attempt(role, route.method, &missing, route.body);
    if other.response != outcome.response || !other.unchanged {
        failures.push(format!(
            "{} ({} {missing}) as {role}: expected the answer for the fixture's record ({got}), state unchanged; got {}{}",
            route.name,
            route.method,
            show(&other.response),
            if other.unchanged { "" } else { " [and the state changed]" }
        ));
    }
    2
}

/// The matrix (S11.3, S11.6): every route of `/core/3` and both audit feeds x every caller, each
/// on a fresh copy of the fixture. It asserts the status and body the rule gives (200 reads
/// showing the fixture's records, the same for every caller; 2xx changes that change the state for
/// the administrator's write token only; the documented 403 and 401 otherwise), that every
/// refusal and every read leaves the state exactly as it was, that `handle_read` answers as
/// `handle` does, and that a refused change naming missing records gets the same answer. All
/// departures are collected and reported together.
#[test]
fn every_route_answers_every_caller_as_the_rule_says() {
    let arms = source_arms();
    let mut failures = Vec::new();
    let mut cases = 0;
    let mut requests = 0;
    for route in ROUTES {
        let reference = route
            .is_read()
            .then(|| attempt(Role::AdminWrite, route.method, route.path, None).response);
        for role in Role::ALL {
            cases += 1;
            requests += check(route, role, &arms, reference.as_ref(), &mut failures);
        }
    }
    assert_eq!(cases, ROUTES.len() * Role::ALL.len());
    let changes = ROUTES.iter().filter(|r| !r.is_read()).count();
    let refused_changes_naming_records = ROUTES
        .iter()
        .filter(|r| missing_variant(r, &arms).is_some())
        .count();
    assert!(
        refused_changes_naming_records >= 20,
        "{refused_changes_naming_records}"
    );
    assert_eq!(
        requests,
        cases + refused_changes_naming_records * (Role::ALL.len() - 1)
    );
    println!(
        "the matrix checked {cases} cases ({} routes, {changes} of them changes, x {} callers) in {requests} requests",
        ROUTES.len(),
        Role::ALL.len()
    );
    assert!(
        failures.is_empty(),
        "{} departures from S11.3/S11.6 in {cases} cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The fixture holds what the matrix's reads look for: every read of the administrator shows it,
/// and both audit feeds hold exactly one event.
#[test]
fn the_fixture_holds_a_record_for_every_route() {
    let mut world = fixture().clone();
    for route in ROUTES.iter().filter(|r| r.is_read()) {
        let response = world.send(Role::AdminWrite, "GET", route.path, None);
        let shows = route.shows.unwrap_or_default();
        assert!(
            response.status == 200 && response.text().contains(shows),
            "{}: GET {} should show {shows}: {}",
            route.name,
            route.path,
            show(&response)
        );
    }
    for feed in ["worklog", "allocation"] {
        let path = format!("/audit/1/events/deleted/types/{feed}?updatedFrom=2026-01-01");
        let body = json(&world.send(Role::AdminWrite, "GET", &path, None));
        assert_eq!(body["metadata"]["count"], 1, "{feed}: {body}");
    }
    assert_eq!(world, *fixture(), "reading changes nothing");
}

// =============================================================================================
// The table covers every route
// =============================================================================================

/// One match arm of the routers: its method and its segments (`Some` a literal, `None` a
/// variable).
#[derive(Debug, Clone)]
struct Arm {
    file: &'static str,
    method: String,
    segments: Vec<Option<String>>,
}

impl Arm {
    fn matches(&self, method: &str, segments: &[&str]) -> bool {
        self.method == method
            && self.segments.len() == segments.len()
            && self
                .segments
                .iter()
                .zip(segments)
                .all(|(pattern, given)| pattern.as_deref().is_none_or(|literal| literal == *given))
    }
}

impl std::fmt::Display for Arm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let segments: Vec<String> = self
            .segments
            .iter()
            .map(|s| s.as_ref().map_or("{_}".to_owned(), |l| l.clone()))
            .collect();
        write!(f, "{} /{} ({})", self.method, segments.join("/"), self.file)
    }
}

/// The match arms `("METHOD", [...])` of `core_admin.rs` and `core_ext.rs`, in the order a request
/// meets them: `core_admin.rs`'s arms first, each router handing what it does not match to
/// `core_ext.rs`'s.
fn source_arms() -> Vec<Arm> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src/api");
    let mut arms = Vec::new();
    for file in ["core_admin.rs", "core_ext.rs"] {
        let text = fs::read_to_string(root.join(file)).expect("the router's source reads");
        let mut found: Vec<(usize, Arm)> = Vec::new();
        for method in ["GET", "POST", "PUT", "DELETE"] {
            let opening = format!("(\"{method}\", [");
            for (at, _) in text.match_indices(&opening) {
                let rest = &text[at + opening.len()..];
                let end = rest.find(']').expect("an arm's pattern closes");
                let segments = rest[..end]
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| {
                        s.strip_prefix('"')
                            .and_then(|s| s.strip_suffix('"'))
                            .map(str::to_owned)
                    })
                    .collect();
                found.push((
                    at,
                    Arm {
                        file,
                        method: method.to_owned(),
                        segments,
                    },
                ));
            }
        }
        found.sort_by_key(|(at, _)| *at);
        arms.extend(found.into_iter().map(|(_, arm)| arm));
    }
    arms
}

/// Every arm of the routers is reached by a route of [`ROUTES`] (the arm a request meets first),
/// and every route of the table reaches one; both audit feeds are in the table.
#[test]
fn the_table_covers_every_route_the_sources_match() {
    let arms = source_arms();
    assert!(
        arms.len() >= 60,
        "the routers' arms are found: {}",
        arms.len()
    );
    let mut reached = vec![false; arms.len()];
    let mut problems = Vec::new();
    for route in ROUTES {
        let Some(segments) = route.core_segments() else {
            continue;
        };
        match arms
            .iter()
            .position(|arm| arm.matches(route.method, &segments))
        {
            Some(at) => reached[at] = true,
            None => problems.push(format!(
                "{} ({} {}) reaches no arm",
                route.name, route.method, route.path
            )),
        }
    }
    for (arm, reached) in arms.iter().zip(&reached) {
        if !reached {
            problems.push(format!("no route of the table reaches {arm}"));
        }
    }
    let audit =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src/api/audit.rs"))
            .expect("the audit's source reads");
    let feeds: Vec<&str> = audit
        .match_indices("\"/events/deleted/types/")
        .filter_map(|(at, _)| audit[at + 1..].split('"').next())
        .collect();
    assert_eq!(feeds.len(), 2, "the audit's feeds are found: {feeds:?}");
    for feed in feeds {
        let path = format!("/audit/1{feed}");
        if !ROUTES
            .iter()
            .any(|r| r.is_read() && r.path.split('?').next() == Some(path.as_str()))
        {
            problems.push(format!("no route of the table reads {path}"));
        }
    }
    assert!(
        problems.is_empty(),
        "the table and the sources differ:\n{}",
        problems.join("\n")
    );
}

// =============================================================================================
// Refusals that say nothing of what exists
// =============================================================================================

/// A change by anyone but the administrator is refused before the path and the parameters are
/// looked at (S11.6): an unknown path, an unknown method and a malformed body all get the
/// documented 403, and the audit feed's 403 comes before its parameters are read; the
/// administrator gets the path's own answer (404, 405, 400). Nothing changes.
#[test]
fn a_refusal_comes_before_the_path_and_the_parameters() {
    let cases: [(&str, &str, Option<&str>, u16); 5] = [
        ("POST", "/core/3/nowhere", Some("{}"), 404),
        ("DELETE", "/core/3/nowhere/1", None, 404),
        ("PATCH", "/core/3/accounts/ACME", Some(ACCOUNT_UPDATE), 405),
        ("POST", "/core/3/accounts", Some(r#"{"key": "#), 400),
        ("GET", "/audit/1/events/deleted/types/worklog", None, 400),
    ];
    let mut failures = Vec::new();
    for (method, path, body, admins) in cases {
        for role in Role::ALL {
            let outcome = attempt(role, method, path, body);
            let response = &outcome.response;
            let fine = if !role.authenticated() {
                is_documented_401(response)
            } else if role == Role::AdminWrite || (role.administrator() && method == "GET") {
                response.status == admins
            } else {
                is_documented_403(response)
            };
            if !fine || !outcome.unchanged {
                failures.push(format!("{method} {path} as {role}: {}", show(response)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
