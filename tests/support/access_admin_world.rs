//! The world of tests/access_admin.rs (which states the rule): the callers, one `State` built
//! through the interface as the administrator, the tokens that act on it, the request bodies, and
//! the way each caller's request is sent.

use std::sync::OnceLock;

use chrono::NaiveDateTime;
use costfolio::api::{handle, Context, Request, Response};
use costfolio::state::State;
use costfolio::usecase::credentials::mint_personal_token;
use serde_json::{json, Value};

// =============================================================================================
// Callers
// =============================================================================================

/// The administrator: the host's user table marks them as one.
pub const ADMIN: &str = "admin-1";

/// A user who is not an administrator.
pub const PLAIN: &str = "plain-1";

/// Who asks. Each role is a credential (or none) and the context the host gives with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
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
    pub const ALL: [Role; 8] = [
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
    pub fn authenticated(self) -> bool {
        !matches!(self, Role::NoCredential | Role::UnknownToken)
    }

    /// Whether the caller is an administrator (S11.6): the token's own user has the flag.
    pub fn administrator(self) -> bool {
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
pub fn now() -> NaiveDateTime {
    NaiveDateTime::parse_from_str("2026-11-21T10:00:00", "%Y-%m-%dT%H:%M:%S")
        .expect("the test clock parses")
}

/// A context without a caller.
pub fn bare_context() -> Context {
    Context::new("http://127.0.0.1:8080", now(), vec![7; 64])
}

/// A context with randomness of its own, for minting a token: the same bytes would mint the same
/// token twice.
pub fn minting_context(seed: u8) -> Context {
    Context::new("http://127.0.0.1:8080", now(), vec![seed; 64])
}

/// The tokens of the fixture, in clear.
#[derive(Debug, Clone, PartialEq)]
pub struct Tokens {
    pub admin_write: String,
    pub admin_read: String,
    pub plain_write: String,
    pub plain_read: String,
    /// Minted in another state: well-formed, unknown here.
    pub unknown: String,
}

/// A state and the tokens that act on it.
#[derive(Debug, Clone, PartialEq)]
pub struct World {
    pub state: State,
    pub tokens: Tokens,
}

impl World {
    /// The request `method path` (a full path, optionally with a query string) as `role` sends
    /// it, and the context the host gives with it (as the host does: the token's user and their
    /// admin flag and write right; for the odd roles, what the role says).
    pub fn request(
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

    pub fn send(&mut self, role: Role, method: &str, path: &str, body: Option<&str>) -> Response {
        let (request, context) = self.request(role, method, path, body);
        handle(&mut self.state, &request, &context)
    }

    /// A request of the fixture, as the administrator; insists on 200 or 204.
    pub fn setup(&mut self, method: &str, path: &str, body: Option<&str>) -> Value {
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
    pub fn budget(&mut self, method: &str, path: &str, body: &str) -> Value {
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
    let text = response.text();
    let text = if text.chars().count() > 300 {
        format!("{}...", text.chars().take(300).collect::<String>())
    } else {
        text
    };
    format!("{} {text}", response.status)
}

// =============================================================================================
// Request bodies (from tests/core_*.rs)
// =============================================================================================

/// A full week of a workload scheme, Monday to Thursday ten hours.
macro_rules! week {
    () => {
        r#"[{"day":"MONDAY","requiredSeconds":36000},{"day":"TUESDAY","requiredSeconds":36000},{"day":"WEDNESDAY","requiredSeconds":36000},{"day":"THURSDAY","requiredSeconds":36000},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]"#
    };
}

pub const CATEGORY_DEV: &str = r#"{"key":"DEV","name":"Development","typeName":"CAPITALIZED"}"#;

pub const CATEGORY_SPARE: &str = r#"{"key":"SPARE","name":"Spare category"}"#;

pub const CATEGORY_CREATE: &str = r#"{"key":"OPS","name":"Operations"}"#;

pub const CATEGORY_UPDATE: &str = r#"{"key":"DEV","name":"Development 2"}"#;

pub const CUSTOMER_CUST: &str = r#"{"key":"CUST","name":"Customer"}"#;

pub const CUSTOMER_SPARE: &str = r#"{"key":"SPARE","name":"Spare customer"}"#;

pub const CUSTOMER_CREATE: &str = r#"{"key":"GLOBEX","name":"Globex"}"#;

pub const CUSTOMER_UPDATE: &str = r#"{"key":"CUST","name":"Customer 2"}"#;

pub const ACCOUNT_ACME: &str = r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"lead-1","contactAccountId":"c-1","categoryKey":"DEV","customerKey":"CUST","monthlyBudget":1500}"#;

pub const ACCOUNT_CREATE: &str =
    r#"{"key":"NEW","name":"New","status":"OPEN","leadAccountId":"lead-1"}"#;

pub const ACCOUNT_UPDATE: &str =
    r#"{"key":"ACME","name":"Acme 2","status":"CLOSED","leadAccountId":"lead-1"}"#;

pub const LINK: &str = r#"{"accountKey":"ACME","scopeType":"PROJECT","scopeId":10000}"#;

pub const PROJECT: &str = r#"{"key":"ABC","name":"Alpha"}"#;

pub const PROJECT_UPDATE: &str = r#"{"key":"ABC","name":"Alpha 2"}"#;

pub const FILTER: &str = r#"{"name":"Folio scope","projectIds":[10000]}"#;

pub const FILTER_UPDATE: &str = r#"{"name":"Renamed scope","projectIds":[10000]}"#;

pub const HOLIDAY_SCHEME: &str = r#"{"name":"Germany"}"#;

pub const HOLIDAY_SCHEME_CREATE: &str = r#"{"name":"France"}"#;

pub const HOLIDAY_SCHEME_UPDATE: &str = r#"{"name":"Deutschland","description":"DE"}"#;

pub const HOLIDAY: &str =
    r#"{"type":"FIXED","name":"Christmas","durationSeconds":86400,"date":"2020-12-25"}"#;

pub const HOLIDAY_CREATE: &str = r#"{"type":"FLOATING","name":"Easter Monday","description":null,"durationSeconds":86400,"date":"2026-04-06"}"#;

pub const HOLIDAY_UPDATE: &str =
    r#"{"type":"FIXED","name":"Christmas","durationSeconds":14400,"date":"2020-12-25"}"#;

pub const MEMBERS: &str = r#"{"accountIds":["ada","bob"]}"#;

pub const MEMBERS_UPDATE: &str = r#"{"accountIds":["carol"]}"#;

pub const WORKLOAD_SCHEME: &str = concat!(r#"{"name":"Four days","days":"#, week!(), "}");

pub const WORKLOAD_SCHEME_CREATE: &str = concat!(r#"{"name":"Short","days":"#, week!(), "}");

pub const WORKLOAD_SCHEME_UPDATE: &str =
    concat!(r#"{"name":"Four long days","days":"#, week!(), "}");

pub const RESOURCE: &str = r#"{"name":"Senior engineer"}"#;

pub const RESOURCE_CREATE: &str = r#"{"name":"Junior engineer"}"#;

pub const RESOURCE_UPDATE: &str = r#"{"name":"Principal engineer"}"#;

/// The worklog that stays (service id 1, tracker id 5001).
pub const WORKLOG: &str = r#"{"issueKey":"ABC-12","timeSpentSeconds":3600,"startDate":"2026-03-02","authorAccountId":"ada","trackerWorklogId":5001}"#;

/// The worklog that is deleted for the audit (service id 2).
pub const WORKLOG_DELETED: &str = r#"{"issueKey":"ABC-13","timeSpentSeconds":1800,"startDate":"2026-03-03","authorAccountId":"bob","trackerWorklogId":5002}"#;

pub const WORKLOG_CREATE: &str = r#"{"issueKey":"ABC-14","timeSpentSeconds":3600,"startDate":"2026-04-01","authorAccountId":"ada"}"#;

pub const WORKLOG_UPDATE: &str = r#"{"issueKey":"ABC-12","timeSpentSeconds":7200,"billableSeconds":0,"startDate":"2026-03-02","startTime":"09:30:00","authorAccountId":"ada"}"#;

/// A folio of the administrator's, for the allocation the audit records.
pub const FOLIO: &str = r#"{"name":"Road works","description":"Ring road","owner":"admin-1","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":7,"holidaySchemeId":1,"workloadSchemeId":1}"#;

pub const TEAM_MEMBER: &str = r#"{"folioId":1,"name":"Grace","description":"","title":"Developer","kind":".TeamMember","member":"grace","rate":{"rate":40,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50}}"#;

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
pub fn build_fixture() -> World {
    let mut state = State::new();
    let mut mint = |user: &str, write: bool, seed: u8| {
        mint_personal_token(&mut state, user, write, minting_context(seed).moment())
            .expect("a personal token is minted")
    };
    let admin_write = mint(ADMIN, true, 1);
    let admin_read = mint(ADMIN, false, 2);
    let plain_write = mint(PLAIN, true, 3);
    let plain_read = mint(PLAIN, false, 4);
    let unknown = mint_personal_token(&mut State::new(), ADMIN, true, minting_context(5).moment())
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
        .values()
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
pub fn fixture() -> &'static World {
    static FIXTURE: OnceLock<World> = OnceLock::new();
    FIXTURE.get_or_init(build_fixture)
}
