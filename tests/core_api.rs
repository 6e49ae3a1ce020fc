//! The core administration, token and audit interfaces through `handle`, with no socket: success
//! shapes, documented errors, tokens, the journal and the audit feed.

use chrono::{Duration, NaiveDateTime};
use costfolio::api::{
    handle, issue_code, mint_personal_token, record_deletion, register_client, Context, Request,
    Response,
};
use costfolio::state::{AuditEventKind, JournalEntry, State};
use serde_json::Value;

const BASE: &str = "http://127.0.0.1:8080";

fn now() -> NaiveDateTime {
    NaiveDateTime::parse_from_str("2026-11-21T10:00:00", "%Y-%m-%dT%H:%M:%S").unwrap()
}

fn context_at(now: NaiveDateTime, seed: u8) -> Context {
    Context::new(
        BASE,
        now,
        (0..64u8)
            .map(|i| i.wrapping_mul(31).wrapping_add(seed))
            .collect(),
    )
}

struct Service {
    state: State,
    token: String,
    reader: String,
    journal: Vec<JournalEntry>,
}

impl Service {
    fn new() -> Service {
        let mut state = State::new();
        let token =
            mint_personal_token(&mut state, "admin-1", true, &context_at(now(), 1)).unwrap();
        let reader =
            mint_personal_token(&mut state, "reader-1", false, &context_at(now(), 2)).unwrap();
        let journal = state.take_journal();
        Service {
            state,
            token,
            reader,
            journal,
        }
    }

    /// Sends `request` as the host would for a budget administrator's token: admin-1 is one.
    fn send(&mut self, request: Request) -> Response {
        let mut context = context_at(now(), 9);
        context.user = Some("admin-1".to_owned());
        context.budget_admin = true;
        let response = handle(&mut self.state, &request, &context);
        self.journal.extend(self.state.take_journal());
        response
    }

    fn call(&mut self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
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

fn message(body: &Value) -> &str {
    body["errors"][0]["message"].as_str().unwrap()
}

const ACCOUNT: &str = r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"lead-1"}"#;

/// S11.6: only an administrator changes the shared data of the core interface (calendars,
/// projects, saved filters and worklogs here; tests/access_admin.rs checks every route); everyone
/// reads.
#[test]
fn only_administrators_change_shared_data() {
    let mut s = Service::new();
    let plain = mint_personal_token(&mut s.state, "plain-1", true, &context_at(now(), 3)).unwrap();
    let as_plain =
        |s: &mut Service, method: &str, path: &str, body: Option<&str>, admin_flag: bool| {
            let mut request =
                Request::new(method, path).header("Authorization", &format!("Bearer {plain}"));
            if let Some(body) = body {
                request = request.json(body);
            }
            let mut context = context_at(now(), 9);
            // The flag counts only for the token's own user: a host that says "admin" for someone
            // else changes nothing.
            context.user = Some(if admin_flag { "admin-1" } else { "plain-1" }.to_owned());
            context.budget_admin = admin_flag;
            handle(&mut s.state, &request, &context)
        };
    let changes: [(&str, &str, Option<&str>); 7] = [
        (
            "POST",
            "/core/3/holiday-schemes",
            Some(r#"{"name":"Mine"}"#),
        ),
        (
            "POST",
            "/core/3/holiday-schemes/1/holidays",
            Some(
                r#"{"type":"FIXED","name":"Day off","durationSeconds":86400,"date":"2026-05-04"}"#,
            ),
        ),
        ("PUT", "/core/3/holiday-schemes/1/default", None),
        (
            "POST",
            "/core/3/workload-schemes",
            Some(
                r#"{"name":"Short","days":[{"day":"MONDAY","requiredSeconds":3600},{"day":"TUESDAY","requiredSeconds":0},{"day":"WEDNESDAY","requiredSeconds":0},{"day":"THURSDAY","requiredSeconds":0},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]}"#,
            ),
        ),
        (
            "PUT",
            "/core/3/projects/1",
            Some(r#"{"key":"ABC","name":"Alpha"}"#),
        ),
        (
            "PUT",
            "/core/3/saved-filters/1",
            Some(r#"{"name":"F","projectIds":[1]}"#),
        ),
        (
            "POST",
            "/core/3/worklogs",
            Some(
                r#"{"issueKey":"ABC-1","timeSpentSeconds":3600,"startDate":"2026-03-02","authorAccountId":"plain-1"}"#,
            ),
        ),
    ];
    for (method, path, body) in changes {
        let before = s.state.clone();
        for admin_flag in [false, true] {
            let response = as_plain(&mut s, method, path, body, admin_flag);
            assert_eq!(response.status, 403, "{method} {path}: {}", response.text());
            assert_eq!(
                message(&serde_json::from_slice(&response.body).unwrap()),
                costfolio::model::messages::NO_PERMISSION
            );
            assert_eq!(s.state, before, "{method} {path} changed nothing");
        }
        let (status, body) = s.call(method, path, body);
        assert!(
            status == 200 || status == 204,
            "the administrator may: {method} {path}: {body}"
        );
    }
    // So are customers, accounts and the rest (S11.6): a plain write token changes none of them.
    let before = s.state.clone();
    let response = as_plain(
        &mut s,
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"K","name":"K"}"#),
        false,
    );
    assert_eq!(response.status, 403, "{}", response.text());
    assert_eq!(s.state, before, "a refused customer changed nothing");
    assert_eq!(
        as_plain(&mut s, "GET", "/core/3/holiday-schemes", None, false).status,
        200
    );
}

#[test]
fn accounts_are_created_read_listed_updated_and_deleted() {
    let mut s = Service::new();
    let (status, body) = s.call(
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Development","typeName":"CAPITALIZED"}"#),
    );
    assert_eq!(status, 200);
    assert_eq!(body["type"]["name"], "CAPITALIZED");
    s.call(
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"CUST","name":"Customer"}"#),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"lead-1","contactAccountId":"c-1","categoryKey":"DEV","customerKey":"CUST","monthlyBudget":1500}"#),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["self"], format!("{BASE}/core/3/accounts/ACME"));
    assert_eq!(body["id"], 1);
    assert_eq!(body["monthlyBudget"], 1500);
    assert_eq!(body["contact"]["type"], "USER");
    assert_eq!(body["category"]["key"], "DEV");
    assert_eq!(body["customer"]["key"], "CUST");
    assert_eq!(
        body["links"]["self"],
        format!("{BASE}/core/3/accounts/ACME/links")
    );
    assert!(body.get("global").is_some());

    let (status, body) = s.call("GET", "/core/3/accounts/ACME", None);
    assert_eq!((status, body["name"].as_str()), (200, Some("Acme")));
    let (_, body) = s.call("GET", "/core/3/customers/CUST/accounts", None);
    assert_eq!(body["metadata"]["count"], 1, "{body}");

    // Duplicate key (S10.1) and the documented messages.
    let (status, body) = s.call("POST", "/core/3/accounts", Some(ACCOUNT));
    assert_eq!(
        (status, message(&body)),
        (400, "An account with this key already exists")
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"X1","name":"X","status":"OPEN","leadAccountId":"l","categoryKey":"NOPE"}"#),
    );
    assert_eq!((status, message(&body)), (400, "Invalid category key"));
    let (status, body) = s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"X1","name":"X","status":"OPEN","leadAccountId":"l","customerKey":"NOPE"}"#),
    );
    assert_eq!((status, message(&body)), (400, "Invalid customer key"));
    let (status, body) = s.call("POST", "/core/3/accounts", Some(r#"{"key":"X1","name":"X","status":"OPEN","leadAccountId":"l","contactAccountId":"a","externalContactName":"b"}"#));
    assert_eq!(status, 400);
    assert!(message(&body).contains("cannot be given together"));
    let (status, body) = s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"bad key","name":"X","status":"OPEN","leadAccountId":"l"}"#),
    );
    assert_eq!(status, 400);
    assert!(
        message(&body).starts_with("key: key must be 1 to 255 characters"),
        "{body}"
    );

    // Update, list by status, list by id.
    let (status, body) = s.call(
        "PUT",
        "/core/3/accounts/ACME",
        Some(r#"{"key":"ACME","name":"Acme 2","status":"CLOSED","leadAccountId":"lead-1"}"#),
    );
    assert_eq!(
        (status, body["name"].as_str(), body["id"].as_u64()),
        (200, Some("Acme 2"), Some(1))
    );
    assert!(
        body.get("category").is_none(),
        "an update replaces the account"
    );
    s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"B","name":"B","status":"OPEN","leadAccountId":"l"}"#),
    );
    let (_, body) = s.call("GET", "/core/3/accounts?status=CLOSED", None);
    assert_eq!(body["metadata"]["count"], 1);
}

#[test]
fn the_account_list_id_rules() {
    // S10.3
    let mut s = Service::new();
    s.call("POST", "/core/3/accounts", Some(ACCOUNT));
    let request = |params: &[(&str, &str)]| {
        let mut r = Request::new("GET", "/core/3/accounts")
            .header("Authorization", &format!("Bearer {}", s.token));
        for (n, v) in params {
            r = r.param(n, v);
        }
        r
    };
    let with_status = request(&[("id", "1"), ("status", "OPEN")]);
    let too_many: Vec<(String, String)> = (1..=51)
        .map(|i| ("id".to_string(), i.to_string()))
        .collect();
    let mut many = request(&[]);
    many.query = too_many;
    let one = request(&[("id", "1")]);
    let (a, b, c) = (s.send(with_status), s.send(many), s.send(one));
    assert_eq!(a.status, 400);
    assert_eq!(
        message(&serde_json::from_slice(&a.body).unwrap()),
        "id cannot be combined with other parameters"
    );
    assert_eq!(b.status, 400);
    assert_eq!(c.status, 200);
    let body: Value = serde_json::from_slice(&c.body).unwrap();
    assert_eq!(body["self"], format!("{BASE}/core/3/accounts?id=1"));
}

#[test]
fn documented_not_found_messages() {
    let mut s = Service::new();
    for (path, text) in [
        ("/core/3/accounts/NOPE", "Account not found"),
        ("/core/3/account-categories/NOPE", "Invalid category key"),
        ("/core/3/customers/NOPE", "Invalid customer key"),
        ("/core/3/account-links/77", "Link not found"),
        ("/core/3/holiday-schemes/77", "Holiday scheme not found"),
        (
            "/core/3/generic-resources/77",
            "Generic resource was not found",
        ),
        (
            "/core/3/generic-resources/abc",
            "Generic resource was not found",
        ),
    ] {
        let (status, body) = s.call("GET", path, None);
        assert_eq!((status, message(&body)), (404, text), "{path}");
    }
}

#[test]
fn deleting_an_account_deletes_its_links_and_used_categories_cannot_go() {
    let mut s = Service::new();
    s.call(
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Development"}"#),
    );
    s.call("POST", "/core/3/accounts", Some(r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"l","categoryKey":"DEV"}"#));
    let (status, link) = s.call(
        "POST",
        "/core/3/account-links",
        Some(r#"{"accountKey":"ACME","scopeType":"PROJECT","scopeId":10000}"#),
    );
    assert_eq!(status, 200);
    assert_eq!(link["scope"]["type"], "PROJECT");
    assert_eq!(
        link["account"]["self"],
        format!("{BASE}/core/3/accounts/ACME")
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/account-links",
        Some(r#"{"accountKey":"NOPE","scopeType":"PROJECT","scopeId":1}"#),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("Invalid account key"));
    let (_, links) = s.call("GET", "/core/3/accounts/ACME/links", None);
    assert_eq!(links["metadata"]["count"], 1);
    let (status, body) = s.call("DELETE", "/core/3/account-categories/DEV", None);
    assert_eq!(status, 400);
    assert_eq!(
        message(&body),
        "The category is used by 1 account(s) and cannot be deleted"
    );
    assert_eq!(s.call("DELETE", "/core/3/accounts/ACME", None).0, 204);
    assert_eq!(s.call("GET", "/core/3/account-links/1", None).0, 404);
    assert_eq!(
        s.call("DELETE", "/core/3/account-categories/DEV", None).0,
        204
    );
    let (_, types) = s.call("GET", "/core/3/account-category-types", None);
    assert_eq!(types["metadata"]["count"], 4);
    assert_eq!(types["results"][0]["name"], "BILLABLE");
}

#[test]
fn holiday_schemes_page_and_keep_one_default() {
    let mut s = Service::new();
    let (status, body) = s.call(
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"description":"no name"}"#),
    );
    assert_eq!((status, message(&body)), (400, "name is required"));
    for name in ["Germany", "France", "Spain"] {
        assert_eq!(
            s.call(
                "POST",
                "/core/3/holiday-schemes",
                Some(&format!(r#"{{"name":"{name}"}}"#))
            )
            .0,
            200
        );
    }
    let (status, body) = s.call(
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"name":"germany"}"#),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("already exists"));
    let (_, page) = s.call("GET", "/core/3/holiday-schemes?offset=1&limit=2", None);
    assert_eq!(page["metadata"]["count"], 2);
    assert_eq!(
        page["metadata"]["next"],
        format!("{BASE}/core/3/holiday-schemes?offset=3&limit=2")
    );
    assert_eq!(
        page["metadata"]["previous"],
        format!("{BASE}/core/3/holiday-schemes?offset=0&limit=2")
    );
    assert_eq!(page["results"][0]["name"], "Germany");
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes?limit=1001", None).0,
        400
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes?offset=-1", None).0,
        400
    );
    // The default cannot be deleted; another can become the default.
    let (_, first) = s.call("GET", "/core/3/holiday-schemes/1", None);
    assert_eq!(
        (first["name"].as_str(), first["defaultScheme"].as_bool()),
        (Some("Default Holiday Scheme"), Some(true))
    );
    assert_eq!(s.call("DELETE", "/core/3/holiday-schemes/1", None).0, 400);
    assert_eq!(
        s.call("PUT", "/core/3/holiday-schemes/2/default", None).0,
        204
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/1", None).1["defaultScheme"],
        false
    );
    assert_eq!(s.call("DELETE", "/core/3/holiday-schemes/1", None).0, 204);
    let (status, body) = s.call(
        "PUT",
        "/core/3/holiday-schemes/3",
        Some(r#"{"name":"Frankreich","description":"FR"}"#),
    );
    assert_eq!(
        (status, body["name"].as_str(), body["description"].as_str()),
        (200, Some("Frankreich"), Some("FR"))
    );
}

#[test]
fn generic_resources_carry_their_authors_and_times() {
    let mut s = Service::new();
    let (status, body) = s.call(
        "POST",
        "/core/3/generic-resources",
        Some(r#"{"name":"Senior engineer"}"#),
    );
    assert_eq!(status, 200);
    assert_eq!(body["createdAt"], "2026-11-21T10:00:00Z");
    assert_eq!(body["createdBy"]["accountId"], "admin-1");
    let (status, body) = s.call(
        "POST",
        "/core/3/generic-resources",
        Some(r#"{"name":"SENIOR ENGINEER"}"#),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("already exists"));
    let (status, body) = s.call(
        "PUT",
        "/core/3/generic-resources/1",
        Some(r#"{"name":"Principal engineer"}"#),
    );
    assert_eq!(
        (status, body["name"].as_str()),
        (200, Some("Principal engineer"))
    );
    let (_, list) = s.call("GET", "/core/3/generic-resources", None);
    assert_eq!(list["metadata"]["count"], 1);
    assert_eq!(s.call("DELETE", "/core/3/generic-resources/1", None).0, 204);
    assert_eq!(s.call("GET", "/core/3/generic-resources/1", None).0, 404);
}

#[test]
fn unauthenticated_is_401_without_body_and_read_only_is_403() {
    let mut s = Service::new();
    for header in [
        None,
        Some("Bearer"),
        Some("Bearer nonsense"),
        Some("Basic dXNlcjpwYXNz"),
    ] {
        let mut request = Request::new("GET", "/core/3/accounts");
        if let Some(value) = header {
            request = request.header("Authorization", value);
        }
        let response = s.send(request);
        assert_eq!(response.status, 401, "{header:?}");
        assert!(response.body.is_empty());
        assert!(response.header_value("WWW-Authenticate").is_some());
    }
    let request = Request::new("POST", "/core/3/accounts")
        .header("Authorization", &format!("Bearer {}", s.reader))
        .json(ACCOUNT);
    let response = s.send(request);
    assert_eq!(response.status, 403);
    let body: Value = serde_json::from_slice(&response.body).unwrap();
    assert_eq!(
        message(&body),
        "The logged-in user does not have the required permission to view this data"
    );
    let request = Request::new("GET", "/core/3/accounts")
        .header("Authorization", &format!("Bearer {}", s.reader));
    assert_eq!(s.send(request).status, 200);
}

#[test]
fn bad_requests_are_clear_4xx_and_change_nothing() {
    let mut s = Service::new();
    s.call("POST", "/core/3/accounts", Some(ACCOUNT));
    let before = s.state.snapshot();
    let auth = format!("Bearer {}", s.token);
    let cases: Vec<(Request, u16)> = vec![
        (Request::new("POST", "/core/3/customers").header("Authorization", &auth).json("{\"key\": "), 400),
        (Request::new("POST", "/core/3/customers").header("Authorization", &auth).json("[1,2]"), 400),
        (Request::new("POST", "/core/3/customers").header("Authorization", &auth).json("{\"key\":\"A\",\"name\":\"B\"} x"), 400),
        (Request::new("POST", "/core/3/customers").header("Authorization", &auth).header("Content-Type", "text/plain"), 415),
        (Request::new("GET", "/core/3/nowhere").header("Authorization", &auth), 404),
        (Request::new("GET", "/elsewhere"), 404),
        (Request::new("PATCH", "/core/3/accounts/ACME").header("Authorization", &auth), 405),
        (Request::new("POST", "/core/3/accounts").header("Authorization", &auth).json(r#"{"key":"N","name":"N","status":"OPEN","leadAccountId":"l","monthlyBudget":-5}"#), 400),
        (Request::new("POST", "/core/3/accounts").header("Authorization", &auth).json(r#"{"key":"N","name":"N","status":"OPEN","leadAccountId":"l","monthlyBudget":1e400}"#), 400),
    ];
    for (request, status) in cases {
        let description = format!("{} {}", request.method, request.path);
        let response = s.send(request);
        assert_eq!(
            response.status,
            status,
            "{description}: {}",
            response.text()
        );
        let body: Value = serde_json::from_slice(&response.body).unwrap();
        assert!(body["errors"][0]["message"].is_string(), "{description}");
    }
    assert_eq!(
        s.state.snapshot(),
        before,
        "a refused request changed the state"
    );
}

// Tokens (S11) -----------------------------------------------------------------------------------

fn form(pairs: &[(&str, &str)]) -> Request {
    let body: Vec<String> = pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "{k}={}",
                v.replace(' ', "+").replace(':', "%3A").replace('/', "%2F")
            )
        })
        .collect();
    let mut request = Request::new("POST", "/oauth/token/")
        .header("Content-Type", "application/x-www-form-urlencoded");
    request.body = body.join("&").into_bytes();
    request
}

fn oauth(state: &mut State, request: Request, at: NaiveDateTime, seed: u8) -> (u16, Value) {
    let response = handle(state, &request, &context_at(at, seed));
    let body = if response.body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&response.body).unwrap()
    };
    (response.status, body)
}

fn can_read(state: &mut State, token: &str, at: NaiveDateTime) -> bool {
    let request =
        Request::new("GET", "/core/3/accounts").header("Authorization", &format!("Bearer {token}"));
    handle(state, &request, &context_at(at, 0)).status == 200
}

const REDIRECT: &str = "https://planner.example/callback";

#[test]
fn the_authorization_code_flow_rotation_and_revocation() {
    let mut state = State::new();
    register_client(&mut state, "planner", "s3cret", REDIRECT).unwrap();
    let code = issue_code(
        &mut state,
        "planner",
        REDIRECT,
        "ada",
        &context_at(now(), 3),
    )
    .unwrap();
    let exchange = |code: &str, secret: &str, redirect: &str| {
        form(&[
            ("grant_type", "authorization_code"),
            ("client_id", "planner"),
            ("client_secret", secret),
            ("redirect_uri", redirect),
            ("code", code),
        ])
    };
    // Wrong secret, wrong redirect: refused, and the code stays usable.
    assert_eq!(
        oauth(&mut state, exchange(&code, "nope", REDIRECT), now(), 4).1["error"],
        "invalid_client"
    );
    assert_eq!(
        oauth(
            &mut state,
            exchange(&code, "s3cret", "https://evil.example/"),
            now(),
            4
        )
        .1["error"],
        "invalid_grant"
    );
    let (status, tokens) = oauth(&mut state, exchange(&code, "s3cret", REDIRECT), now(), 5);
    assert_eq!(status, 200, "{tokens}");
    assert_eq!(
        (
            tokens["expires_in"].as_i64(),
            tokens["token_type"].as_str(),
            tokens["scope"].as_str()
        ),
        (Some(5_184_000), Some("Bearer"), Some("read write"))
    );
    let access = tokens["access_token"].as_str().unwrap().to_owned();
    assert_eq!(
        tokens["refresh_token"].as_str().map(str::len),
        Some(64),
        "a refresh token too"
    );
    assert_eq!(access.len(), 64, "256 bits of host randomness, hex");
    assert!(can_read(&mut state, &access, now()));
    // Expiry after 5,184,000 seconds.
    assert!(!can_read(
        &mut state,
        &access,
        now() + Duration::seconds(5_184_000)
    ));
    // A code is single use; used again, it revokes what it issued (RFC 6749 4.1.2).
    assert_eq!(
        oauth(&mut state, exchange(&code, "s3cret", REDIRECT), now(), 6).1["error"],
        "invalid_grant"
    );
    assert!(!can_read(&mut state, &access, now()));
    let code = issue_code(
        &mut state,
        "planner",
        REDIRECT,
        "ada",
        &context_at(now(), 13),
    )
    .unwrap();
    let (_, tokens) = oauth(&mut state, exchange(&code, "s3cret", REDIRECT), now(), 14);
    let access = tokens["access_token"].as_str().unwrap().to_owned();
    let refresh = tokens["refresh_token"].as_str().unwrap().to_owned();
    // Refresh rotates: a new pair; the old refresh and access tokens stop working.
    let refresh_request = |token: &str| {
        form(&[
            ("grant_type", "refresh_token"),
            ("client_id", "planner"),
            ("client_secret", "s3cret"),
            ("redirect_uri", REDIRECT),
            ("refresh_token", token),
        ])
    };
    let (status, fresh) = oauth(&mut state, refresh_request(&refresh), now(), 7);
    assert_eq!(status, 200);
    let new_access = fresh["access_token"].as_str().unwrap().to_owned();
    assert!(can_read(&mut state, &new_access, now()));
    assert!(!can_read(&mut state, &access, now()));
    assert_eq!(
        oauth(&mut state, refresh_request(&refresh), now(), 8).1["error"],
        "invalid_grant"
    );
    // Revoking the refresh token ends its access token too (RFC 7009, S11.1).
    let mut revoke = form(&[
        ("token_type_hint", "refresh_token"),
        ("client_id", "planner"),
        ("client_secret", "s3cret"),
        ("token", fresh["refresh_token"].as_str().unwrap()),
    ]);
    revoke.path = "/oauth/revoke_token/".into();
    assert_eq!(oauth(&mut state, revoke, now(), 9).0, 200);
    assert!(!can_read(&mut state, &new_access, now()));
    // Unknown tokens are answered 200 too.
    let mut unknown = form(&[
        ("client_id", "planner"),
        ("client_secret", "s3cret"),
        ("token", "nope"),
    ]);
    unknown.path = "/oauth/revoke_token/".into();
    assert_eq!(oauth(&mut state, unknown, now(), 9).0, 200);
}

/// RFC 6749 4.1.2 and the OAuth 2.0 Security BCP: a code used twice, or a rotated refresh token
/// used again, means someone else holds the grant: every token it issued, refreshed ones too, is
/// revoked.
#[test]
fn a_replayed_code_or_refresh_token_revokes_its_whole_grant() {
    let mut state = State::new();
    register_client(&mut state, "planner", "s3cret", REDIRECT).unwrap();
    let grant = |state: &mut State, seed: u8| {
        let code = issue_code(state, "planner", REDIRECT, "ada", &context_at(now(), seed)).unwrap();
        let exchange = form(&[
            ("grant_type", "authorization_code"),
            ("client_id", "planner"),
            ("client_secret", "s3cret"),
            ("redirect_uri", REDIRECT),
            ("code", &code),
        ]);
        let (status, tokens) = oauth(state, exchange.clone(), now(), seed + 1);
        assert_eq!(status, 200, "{tokens}");
        (exchange, tokens)
    };
    let refresh_request = |token: &str| {
        form(&[
            ("grant_type", "refresh_token"),
            ("client_id", "planner"),
            ("client_secret", "s3cret"),
            ("redirect_uri", REDIRECT),
            ("refresh_token", token),
        ])
    };
    let text = |value: &Value, key: &str| value[key].as_str().unwrap().to_owned();
    // A code replayed after a refresh: the refreshed pair is revoked too.
    let (exchange, first) = grant(&mut state, 10);
    let (status, refreshed) = oauth(
        &mut state,
        refresh_request(&text(&first, "refresh_token")),
        now(),
        20,
    );
    assert_eq!(status, 200);
    let live = text(&refreshed, "access_token");
    assert!(can_read(&mut state, &live, now()));
    // Another grant of the same user and client is not touched.
    let (_, other) = grant(&mut state, 30);
    let (status, replay) = oauth(&mut state, exchange, now(), 40);
    assert_eq!(
        (status, replay["error"].as_str()),
        (400, Some("invalid_grant"))
    );
    assert!(
        !can_read(&mut state, &live, now()),
        "the refreshed token of the grant is revoked"
    );
    assert!(!can_read(&mut state, &text(&first, "access_token"), now()));
    assert!(
        can_read(&mut state, &text(&other, "access_token"), now()),
        "other grants stand"
    );
    // A rotated refresh token used again: the grant's current pair is revoked.
    let stale = text(&other, "refresh_token");
    let (_, rotated) = oauth(&mut state, refresh_request(&stale), now(), 50);
    let current = text(&rotated, "access_token");
    assert!(can_read(&mut state, &current, now()));
    let (status, replay) = oauth(&mut state, refresh_request(&stale), now(), 60);
    assert_eq!(
        (status, replay["error"].as_str()),
        (400, Some("invalid_grant"))
    );
    assert!(!can_read(&mut state, &current, now()));
    let (status, _) = oauth(
        &mut state,
        refresh_request(&text(&rotated, "refresh_token")),
        now(),
        70,
    );
    assert_eq!(status, 400, "the grant's refresh token is revoked too");
}

#[test]
fn codes_expire_after_ten_minutes_and_grants_are_checked() {
    let mut state = State::new();
    register_client(&mut state, "planner", "s3cret", REDIRECT).unwrap();
    let code = issue_code(
        &mut state,
        "planner",
        REDIRECT,
        "ada",
        &context_at(now(), 3),
    )
    .unwrap();
    let late = now() + Duration::minutes(10);
    let request = form(&[
        ("grant_type", "authorization_code"),
        ("client_id", "planner"),
        ("client_secret", "s3cret"),
        ("redirect_uri", REDIRECT),
        ("code", &code),
    ]);
    let (status, body) = oauth(&mut state, request, late, 4);
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("invalid_grant"))
    );
    assert_eq!(
        oauth(
            &mut state,
            form(&[
                ("grant_type", "password"),
                ("client_id", "planner"),
                ("client_secret", "s3cret")
            ]),
            now(),
            4
        )
        .1["error"],
        "unsupported_grant_type"
    );
    assert_eq!(
        oauth(
            &mut state,
            form(&[("grant_type", "authorization_code")]),
            now(),
            4
        )
        .1["error"],
        "invalid_request"
    );
    let mut json = Request::new("POST", "/oauth/token/").json("{}");
    json.body = b"{}".to_vec();
    assert_eq!(
        oauth(&mut state, json, now(), 4).1["error"],
        "invalid_request"
    );
    assert!(issue_code(
        &mut state,
        "planner",
        "https://other/",
        "ada",
        &context_at(now(), 3)
    )
    .is_err());
    assert!(issue_code(&mut state, "nobody", REDIRECT, "ada", &context_at(now(), 3)).is_err());
}

// The journal (S13) -------------------------------------------------------------------------------

#[test]
fn replaying_the_journal_rebuilds_the_same_state_and_holds_no_secret() {
    let mut s = Service::new();
    register_client(&mut s.state, "planner", "client-secret-in-clear", REDIRECT).unwrap();
    s.journal.extend(s.state.take_journal());
    s.call(
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Development"}"#),
    );
    s.call("POST", "/core/3/accounts", Some(r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"l","categoryKey":"DEV","monthlyBudget":12.0}"#));
    s.call(
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"name":"Germany"}"#),
    );
    s.call("DELETE", "/core/3/accounts/ACME", None);
    s.call("POST", "/core/3/generic-resources", Some(r#"{"name":"R"}"#));
    let seqs: Vec<u64> = s.journal.iter().map(|e| e.seq).collect();
    assert_eq!(
        seqs,
        (1..=seqs.len() as u64).collect::<Vec<_>>(),
        "gap-free"
    );
    let mut replayed = State::new();
    replayed.replay(&s.journal).unwrap();
    assert_eq!(replayed.snapshot(), s.state.snapshot());
    // The journal and the snapshot never hold a token or secret in clear (S11.2).
    let journal = costfolio::model::to_json(&s.journal);
    for secret in [
        s.token.as_str(),
        s.reader.as_str(),
        "client-secret-in-clear",
    ] {
        assert!(!journal.contains(secret) && !s.state.snapshot().contains(secret));
    }
    // A snapshot loads back, and a gap is refused.
    let loaded = State::from_snapshot(&s.state.snapshot()).unwrap();
    assert_eq!(loaded.snapshot(), s.state.snapshot());
    let mut broken = State::new();
    assert!(broken.replay(&s.journal[1..]).is_err());
}

// The audit feed (S12) ----------------------------------------------------------------------------

#[test]
fn the_audit_feed_pages_without_losing_or_repeating() {
    let mut s = Service::new();
    for i in 1..=5u64 {
        let at = now() + Duration::milliseconds(i as i64 * 7);
        record_deletion(
            &mut s.state,
            AuditEventKind::Allocation { id: 100 + i },
            &context_at(at, 0),
        );
    }
    record_deletion(
        &mut s.state,
        AuditEventKind::Worklog {
            service_worklog_id: 9,
            tracker_worklog_id: 19,
        },
        &context_at(now(), 0),
    );
    let page = |s: &mut Service, key: Option<&str>| {
        let mut request = Request::new("GET", "/audit/1/events/deleted/types/allocation")
            .header("Authorization", &format!("Bearer {}", s.token))
            .param("updatedFrom", "2026-11-21")
            .param("limit", "2");
        if let Some(key) = key {
            request = request.param("lastEvaluatedKey", key);
        }
        let response = s.send(request);
        assert_eq!(response.status, 200, "{}", response.text());
        serde_json::from_slice::<Value>(&response.body).unwrap()
    };
    let first = page(&mut s, None);
    assert_eq!(first["metadata"]["count"], 2);
    assert_eq!(first["results"][0]["id"], 101);
    assert_eq!(first["results"][0]["deletedAt"], "2026-11-21T10:00:00.007");
    let key = first["metadata"]["lastEvaluatedKey"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(first["metadata"]["next"]
        .as_str()
        .unwrap()
        .starts_with(&format!("{BASE}/audit/1/events/deleted/types/allocation?")));
    // A new deletion arrives between two pages: it comes at the end, nothing is lost.
    record_deletion(
        &mut s.state,
        AuditEventKind::Allocation { id: 200 },
        &context_at(now(), 0),
    );
    let second = page(&mut s, Some(&key));
    let third = page(&mut s, second["metadata"]["lastEvaluatedKey"].as_str());
    let ids: Vec<u64> = [&first, &second, &third]
        .iter()
        .flat_map(|p| {
            p["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["id"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(ids, [101, 102, 103, 104, 105, 200]);
    assert!(third["metadata"].get("next").is_none());
    // deletedAt never goes backwards, even when the clock does.
    assert_eq!(third["results"][1]["deletedAt"], "2026-11-21T10:00:00.035");
    // The worklog feed.
    let response = s.send(
        Request::new("GET", "/audit/1/events/deleted/types/worklog")
            .header("Authorization", &format!("Bearer {}", s.token))
            .param("updatedFrom", "2026-11-21T09:00:00"),
    );
    let body: Value = serde_json::from_slice(&response.body).unwrap();
    assert_eq!(
        (
            body["results"][0]["serviceWorklogId"].as_u64(),
            body["metadata"]["limit"].as_u64()
        ),
        (Some(9), Some(50))
    );
    // Errors: missing or malformed updatedFrom, bad limit, made-up key, no token.
    for (params, status) in [
        (vec![], 400),
        (vec![("updatedFrom", "21.11.2026")], 400),
        (vec![("updatedFrom", "2026-11-21"), ("limit", "0")], 400),
        (vec![("updatedFrom", "2026-11-21"), ("limit", "1001")], 400),
        (
            vec![
                ("updatedFrom", "2026-11-21"),
                ("lastEvaluatedKey", "3-deadbeef"),
            ],
            400,
        ),
    ] {
        let mut request = Request::new("GET", "/audit/1/events/deleted/types/worklog")
            .header("Authorization", &format!("Bearer {}", s.token));
        for (n, v) in params {
            request = request.param(n, v);
        }
        assert_eq!(s.send(request).status, status);
    }
    assert_eq!(
        s.send(
            Request::new("GET", "/audit/1/events/deleted/types/worklog")
                .param("updatedFrom", "2026-11-21")
        )
        .status,
        401
    );
}

// Extensions (extensions.md) ------------------------------------------------------------------------

#[test]
fn holidays_and_members_of_a_holiday_scheme() {
    let mut s = Service::new();
    s.call(
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"name":"Germany"}"#),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/holiday-schemes/2/holidays",
        Some(r#"{"type":"FIXED","name":"Christmas","durationSeconds":86400,"date":"2020-12-25"}"#),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["schemeId"].as_u64(), body["type"].as_str()),
        (Some(2), Some("FIXED"))
    );
    assert_eq!(
        body["self"],
        format!("{BASE}/core/3/holiday-schemes/2/holidays/1")
    );
    s.call("POST", "/core/3/holiday-schemes/2/holidays", Some(r#"{"type":"FLOATING","name":"Easter Monday","description":null,"durationSeconds":86400,"date":"2026-04-06"}"#));
    let (_, year) = s.call("GET", "/core/3/holiday-schemes/2/holidays?year=2027", None);
    assert_eq!(
        year["metadata"]["count"], 1,
        "FIXED holidays fall every year, FLOATING ones only in theirs"
    );
    // S3.2: shown on the asked year's date, not the date it was created with.
    assert_eq!(year["results"][0]["date"], "2027-12-25");
    let (_, all) = s.call("GET", "/core/3/holiday-schemes/2/holidays", None);
    assert_eq!(
        all["results"][0]["date"], "2020-12-25",
        "without a year: as stored"
    );
    // A FIXED Feb 29 falls only in leap years.
    s.call(
        "POST",
        "/core/3/holiday-schemes/2/holidays",
        Some(r#"{"type":"FIXED","name":"Leap day","durationSeconds":3600,"date":"2024-02-29"}"#),
    );
    let (_, leap) = s.call("GET", "/core/3/holiday-schemes/2/holidays?year=2028", None);
    let (_, common) = s.call("GET", "/core/3/holiday-schemes/2/holidays?year=2027", None);
    assert_eq!(
        (
            leap["metadata"]["count"].as_u64(),
            common["metadata"]["count"].as_u64()
        ),
        (Some(2), Some(1))
    );
    assert_eq!(leap["results"][1]["date"], "2028-02-29");
    s.call("DELETE", "/core/3/holiday-schemes/2/holidays/3", None);
    let (status, body) = s.call(
        "POST",
        "/core/3/holiday-schemes/2/holidays",
        Some(r#"{"type":"FIXED","name":"Long","durationSeconds":90000,"date":"2026-01-01"}"#),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("durationSeconds"));
    let (status, body) = s.call("PUT", "/core/3/holiday-schemes/2/holidays/2", Some(r#"{"type":"FLOATING","name":"Easter Monday","durationSeconds":14400,"date":"2026-04-06"}"#));
    assert_eq!(
        (status, body["durationSeconds"].as_u64()),
        (200, Some(14400))
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/1/holidays/2", None)
            .0,
        404,
        "a holiday of another scheme"
    );
    assert_eq!(
        s.call("DELETE", "/core/3/holiday-schemes/2/holidays/2", None)
            .0,
        204
    );
    // Members: assigning moves a user; an unassigned user has the default scheme.
    assert_eq!(
        s.call(
            "POST",
            "/core/3/holiday-schemes/2/members",
            Some(r#"{"accountIds":["ada","bob"]}"#)
        )
        .0,
        204
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/2", None).1["memberCount"],
        2
    );
    let (_, members) = s.call("GET", "/core/3/holiday-schemes/2/members", None);
    assert_eq!(members["results"][0]["accountId"], "ada");
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/users/ada", None).1["id"],
        2
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/users/carol", None).1["id"],
        1
    );
    s.call(
        "POST",
        "/core/3/holiday-schemes/1/members",
        Some(r#"{"accountIds":["ada"]}"#),
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/2", None).1["memberCount"],
        1
    );
}

#[test]
fn workload_schemes() {
    let mut s = Service::new();
    let (_, default) = s.call("GET", "/core/3/workload-schemes/1", None);
    assert_eq!(
        (
            default["name"].as_str(),
            default["days"][0]["requiredSeconds"].as_u64(),
            default["days"][6]["requiredSeconds"].as_u64()
        ),
        (Some("Default Workload Scheme"), Some(28800), Some(0))
    );
    let week = r#"[{"day":"MONDAY","requiredSeconds":36000},{"day":"TUESDAY","requiredSeconds":36000},{"day":"WEDNESDAY","requiredSeconds":36000},{"day":"THURSDAY","requiredSeconds":36000},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]"#;
    let (status, body) = s.call(
        "POST",
        "/core/3/workload-schemes",
        Some(&format!(r#"{{"name":"Four days","days":{week}}}"#)),
    );
    assert_eq!(
        (status, body["id"].as_u64(), body["defaultScheme"].as_bool()),
        (200, Some(2), Some(false))
    );
    let short = r#"[{"day":"MONDAY","requiredSeconds":36000}]"#;
    assert_eq!(
        s.call(
            "POST",
            "/core/3/workload-schemes",
            Some(&format!(r#"{{"name":"Short","days":{short}}}"#))
        )
        .0,
        400
    );
    assert_eq!(
        s.call(
            "POST",
            "/core/3/workload-schemes",
            Some(&format!(r#"{{"name":"four DAYS","days":{week}}}"#))
        )
        .0,
        400
    );
    assert_eq!(
        s.call("PUT", "/core/3/workload-schemes/2/default", None).0,
        204
    );
    assert_eq!(s.call("DELETE", "/core/3/workload-schemes/2", None).0, 400);
    assert_eq!(s.call("DELETE", "/core/3/workload-schemes/1", None).0, 204);
    s.call(
        "POST",
        "/core/3/workload-schemes/2/members",
        Some(r#"{"accountIds":["ada"]}"#),
    );
    assert_eq!(
        s.call("GET", "/core/3/workload-schemes/users/ada", None).1["id"],
        2
    );
    let (_, list) = s.call("GET", "/core/3/workload-schemes", None);
    assert_eq!(list["metadata"]["count"], 1);
    assert_eq!(s.call("GET", "/core/3/workload-schemes/9", None).0, 404);
}

#[test]
fn projects_saved_filters_worklogs_and_their_deletion_in_the_audit() {
    let mut s = Service::new();
    assert_eq!(
        s.call(
            "PUT",
            "/core/3/projects/10000",
            Some(r#"{"key":"ABC","name":"Alpha"}"#)
        )
        .0,
        200
    );
    s.call(
        "PUT",
        "/core/3/projects/10001",
        Some(r#"{"key":"XYZ","name":"Xylo"}"#),
    );
    assert_eq!(
        s.call(
            "PUT",
            "/core/3/projects/10002",
            Some(r#"{"key":"ABC","name":"Dup"}"#)
        )
        .0,
        400
    );
    let (status, filter) = s.call(
        "PUT",
        "/core/3/saved-filters/7",
        Some(r#"{"name":"Folio scope","projectIds":[10000]}"#),
    );
    assert_eq!(
        (status, filter["projectIds"][0].as_u64()),
        (200, Some(10000))
    );
    assert_eq!(
        s.call(
            "PUT",
            "/core/3/saved-filters/8",
            Some(r#"{"name":"Bad","projectIds":[5]}"#)
        )
        .0,
        400
    );
    // Account links by project key.
    s.call("POST", "/core/3/accounts", Some(ACCOUNT));
    s.call(
        "POST",
        "/core/3/account-links",
        Some(r#"{"accountKey":"ACME","scopeType":"PROJECT","scopeId":10000}"#),
    );
    let (_, by_project) = s.call("GET", "/core/3/account-links/project/ABC", None);
    assert_eq!(
        (
            by_project["metadata"]["count"].as_u64(),
            by_project["results"][0]["account"]["key"].as_str()
        ),
        (Some(1), Some("ACME"))
    );

    let log = |issue: &str, date: &str, author: &str| {
        format!(
            r#"{{"issueKey":"{issue}","timeSpentSeconds":3600,"startDate":"{date}","authorAccountId":"{author}"}}"#
        )
    };
    let (status, w) = s.call(
        "POST",
        "/core/3/worklogs",
        Some(&log("ABC-12", "2026-03-02", "ada")),
    );
    assert_eq!(status, 200, "{w}");
    assert_eq!(
        (
            w["serviceWorklogId"].as_u64(),
            w["billableSeconds"].as_u64(),
            w["startTime"].as_str()
        ),
        (Some(1), Some(3600), Some("00:00:00"))
    );
    let tracker = w["trackerWorklogId"].as_u64().unwrap();
    s.call(
        "POST",
        "/core/3/worklogs",
        Some(&log("XYZ-1", "2026-03-03", "bob")),
    );
    s.call(
        "POST",
        "/core/3/worklogs",
        Some(&log("ABC-13", "2026-04-01", "ada")),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/worklogs",
        Some(&log("NOPE-1", "2026-03-02", "ada")),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("no known project"));
    assert_eq!(
        s.call(
            "POST",
            "/core/3/worklogs",
            Some(&log("ABC", "2026-03-02", "ada"))
        )
        .0,
        400
    );
    let count = |s: &mut Service, path: &str| {
        s.call("GET", path, None).1["metadata"]["count"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(
        count(&mut s, "/core/3/worklogs?from=2026-03-01&to=2026-03-31"),
        2
    );
    assert_eq!(count(&mut s, "/core/3/worklogs?project=10000"), 2);
    assert_eq!(
        count(&mut s, "/core/3/worklogs?project=10000&project=10001"),
        3
    );
    assert_eq!(
        count(&mut s, "/core/3/worklogs/project/ABC?from=2026-04-01"),
        1
    );
    assert_eq!(count(&mut s, "/core/3/worklogs/user/bob"), 1);
    assert_eq!(count(&mut s, "/core/3/worklogs/issue/ABC-12"), 1);
    assert_eq!(s.call("GET", "/core/3/worklogs?from=2026-3-1", None).0, 400);
    assert_eq!(
        s.call("GET", &format!("/core/3/worklogs/tracker/{tracker}"), None)
            .1["serviceWorklogId"],
        1
    );
    let (status, updated) = s.call("PUT", "/core/3/worklogs/1", Some(r#"{"issueKey":"ABC-12","timeSpentSeconds":7200,"billableSeconds":0,"startDate":"2026-03-02","startTime":"09:30:00","authorAccountId":"ada"}"#));
    assert_eq!(
        (
            status,
            updated["timeSpentSeconds"].as_u64(),
            updated["trackerWorklogId"].as_u64()
        ),
        (200, Some(7200), Some(tracker))
    );
    // Deleting a worklog feeds the audit (S12.1).
    assert_eq!(s.call("DELETE", "/core/3/worklogs/1", None).0, 204);
    assert_eq!(s.call("GET", "/core/3/worklogs/1", None).0, 404);
    let (_, feed) = s.call(
        "GET",
        "/audit/1/events/deleted/types/worklog?updatedFrom=2026-01-01",
        None,
    );
    assert_eq!(
        (
            feed["results"][0]["serviceWorklogId"].as_u64(),
            feed["results"][0]["trackerWorklogId"].as_u64()
        ),
        (Some(1), Some(tracker))
    );
}

#[test]
fn duplicate_keys_used_customers_and_missing_records() {
    let mut s = Service::new();
    s.call(
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Development"}"#),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Again"}"#),
    );
    assert_eq!(
        (status, message(&body)),
        (400, "A category with this key already exists")
    );
    s.call(
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"ACME","name":"Acme"}"#),
    );
    s.call(
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"GLOBEX","name":"Globex"}"#),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"ACME","name":"Again"}"#),
    );
    assert_eq!(
        (status, message(&body)),
        (400, "A customer with this key already exists")
    );
    let (status, body) = s.call(
        "PUT",
        "/core/3/customers/GLOBEX",
        Some(r#"{"key":"ACME","name":"Renamed onto another"}"#),
    );
    assert_eq!(
        (status, message(&body)),
        (400, "A customer with this key already exists")
    );
    let (_, only) = s.call("GET", "/core/3/customers?id=2", None);
    assert_eq!(
        (
            only["metadata"]["count"].as_u64(),
            only["results"][0]["key"].as_str()
        ),
        (Some(1), Some("GLOBEX"))
    );
    let (_, categories) = s.call("GET", "/core/3/account-categories?id=1", None);
    assert_eq!(categories["metadata"]["count"], 1);
    assert_eq!(s.call("GET", "/core/3/customers?id=x", None).0, 400);
    s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"A1","name":"A","status":"OPEN","leadAccountId":"l","customerKey":"ACME"}"#),
    );
    let (status, body) = s.call("DELETE", "/core/3/customers/ACME", None);
    assert_eq!(
        (status, message(&body)),
        (
            400,
            "The customer is used by 1 account(s) and cannot be deleted"
        )
    );
    for (method, path, body, text) in [
        (
            "PUT",
            "/core/3/accounts/NOPE",
            Some(ACCOUNT),
            "Account not found",
        ),
        ("DELETE", "/core/3/accounts/NOPE", None, "Account not found"),
        (
            "PUT",
            "/core/3/customers/NOPE",
            Some(r#"{"key":"N","name":"N"}"#),
            "Invalid customer key",
        ),
        (
            "PUT",
            "/core/3/account-categories/NOPE",
            Some(r#"{"key":"N","name":"N"}"#),
            "Invalid category key",
        ),
        (
            "PUT",
            "/core/3/holiday-schemes/99",
            Some(r#"{"name":"N"}"#),
            "Holiday scheme not found",
        ),
        (
            "PUT",
            "/core/3/generic-resources/99",
            Some(r#"{"name":"N"}"#),
            "Generic resource was not found",
        ),
        ("DELETE", "/core/3/account-links/99", None, "Link not found"),
    ] {
        let (status, response) = s.call(method, path, body);
        assert_eq!((status, message(&response)), (404, text), "{method} {path}");
    }
}
