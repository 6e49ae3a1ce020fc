//! The limits that bound one request's work and answer (the hardening issue, docs/security.md),
//! through `handle`: a folio's span, the buckets of one answer, NUL in text, what a refusal echoes,
//! HEAD, and no 5xx from any sequence of requests.

use chrono::NaiveDateTime;
use costfolio::api::{handle, handle_read, Context, Request, Response};
use costfolio::state::State;
use proptest::prelude::*;
use serde_json::Value;

fn context(user: &str) -> Context {
    let now = NaiveDateTime::parse_from_str("2026-03-15T12:00:00", "%Y-%m-%dT%H:%M:%S").unwrap();
    let mut context = Context::new("http://127.0.0.1:8080", now, vec![7; 64]);
    context.user = Some(user.to_owned());
    context.budget_admin = user == "finance";
    context
}

/// The answer of `handle`; for a read, also checks that `handle_read` on a shared state (the
/// host's path for reads) answers exactly the same, or leaves the request to `handle`.
fn call(state: &mut State, user: &str, method: &str, path: &str, body: Option<&str>) -> Response {
    let mut request = Request::new(method, &format!("/budgets/1{path}"));
    if let Some(body) = body {
        request = request.json(body);
    }
    let read = handle_read(state, &request, &context(user));
    let before = read.is_some().then(|| state.clone());
    let answer = handle(state, &request, &context(user));
    if let (Some(read), Some(before)) = (read, before) {
        assert_eq!(
            read, answer,
            "handle_read and handle differ on {method} {path}"
        );
        assert_eq!(
            *state, before,
            "{method} {path} is a read: it changes nothing"
        );
    } else {
        assert!(
            method != "GET" && method != "HEAD" || answer.status >= 400,
            "{method} {path} left to handle"
        );
    }
    answer
}

fn json(response: &Response) -> Value {
    serde_json::from_slice(&response.body).unwrap_or(Value::Null)
}

fn folio(start: &str, end: &str, name: &str) -> String {
    format!(
        r#"{{"name":{name},"description":"","owner":"ada","startDate":"{start}","endDate":"{end}","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}}"#
    )
}

const MEMBER: &str = r#"{"folioId":1,"name":"Grace","description":"","title":"Dev","kind":".TeamMember","member":"grace","rate":{"rate":40,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-01-01","endDate":"2050-12-31","percentage":100}}"#;

#[test]
fn a_folio_spans_at_most_100_years_naming_the_limit() {
    let mut state = State::new();
    // The attack of the issue: 0001-01-01 to 9999-12-31.
    let response = call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&folio("0001-01-01", "9999-12-31", "\"All time\"")),
    );
    assert_eq!(response.status, 400);
    assert_eq!(
        json(&response)["errors"]["endDate"],
        "a folio may span at most 36525 days (100 years), got 0001-01-01 to 9999-12-31"
    );
    assert!(state.folios.is_empty(), "nothing stored");
    // The longest span allowed is accepted.
    let response = call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&folio("2000-01-01", "2099-12-31", "\"Century\"")),
    );
    assert_eq!(response.status, 200, "{}", response.text());
}

#[test]
fn an_answer_holds_at_most_10000_buckets_and_says_so() {
    let mut state = State::new();
    let created = call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&folio("2026-01-01", "2099-12-31", "\"Long\"")),
    );
    assert_eq!(created.status, 200);
    assert_eq!(
        call(&mut state, "ada", "POST", "/position", Some(MEMBER)).status,
        200
    );
    for path in [
        "/folio/1/timeline?granularity=day",
        "/position/1/payments?granularity=day",
    ] {
        let response = call(&mut state, "ada", "GET", path, None);
        assert_eq!(response.status, 400, "{path}");
        let message = json(&response)["errors"]["granularity"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        assert!(
            message.starts_with(
                "an answer may hold at most 10000 buckets; this folio has 27028 by day"
            ),
            "{path}: {message}"
        );
    }
    // Weeks and months of the same folio are answered.
    for path in [
        "/folio/1/timeline?granularity=week",
        "/position/1/payments?granularity=month",
    ] {
        assert_eq!(
            call(&mut state, "ada", "GET", path, None).status,
            200,
            "{path}"
        );
    }
}

#[test]
fn nul_is_refused_in_any_text_and_long_values_are_not_echoed_whole() {
    let mut state = State::new();
    let response = call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&folio("2026-01-01", "2026-12-31", r#""Road\u0000works""#)),
    );
    assert_eq!(response.status, 400);
    assert!(response.text().contains("NUL"), "{}", response.text());
    assert!(state.folios.is_empty());
    // A megabyte where a granularity belongs is answered with an excerpt of it.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio",
            Some(&folio("2026-01-01", "2026-12-31", "\"Road\""))
        )
        .status,
        200
    );
    let long = "x".repeat(1 << 20);
    let response = call(
        &mut state,
        "ada",
        "GET",
        &format!("/folio/1/timeline?granularity={long}"),
        None,
    );
    assert_eq!(response.status, 400);
    assert!(
        response.body.len() < 400,
        "the answer is {} bytes",
        response.body.len()
    );
    assert!(
        response.text().contains("(1048576 characters)"),
        "{}",
        response.text()
    );
}

#[test]
fn head_answers_as_get_without_the_body() {
    let mut state = State::new();
    call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&folio("2026-01-01", "2026-12-31", "\"Road\"")),
    );
    let get = call(&mut state, "ada", "GET", "/folio/1", None);
    let head = call(&mut state, "ada", "HEAD", "/folio/1", None);
    assert_eq!((head.status, head.body.len()), (200, 0));
    assert_eq!(
        head.header_value("Content-Length"),
        Some(get.body.len().to_string().as_str())
    );
    assert_eq!(
        call(&mut state, "eve", "HEAD", "/folio/1", None).status,
        404
    );
}

/// A request of some user: a method, a path over small ids, and a body among valid and broken ones.
fn any_request() -> impl Strategy<Value = (String, String, String, Option<String>)> {
    let users = prop_oneof![Just("ada"), Just("bob"), Just("finance")];
    let ids = 1u64..4;
    let paths = prop_oneof![
        ids.clone().prop_map(|id| format!("/folio/{id}")),
        ids.clone().prop_map(|id| format!("/folio/{id}/indicators")),
        ids.clone()
            .prop_map(|id| format!("/folio/{id}/timeline?granularity=week")),
        ids.clone().prop_map(|id| format!("/folio/{id}/scope")),
        ids.clone().prop_map(|id| format!("/folio/{id}/viewers")),
        ids.clone().prop_map(|id| format!("/position/{id}")),
        ids.clone()
            .prop_map(|id| format!("/position/{id}/payments?granularity=day")),
        ids.clone()
            .prop_map(|id| format!("/portfolio/{id}/indicators")),
        Just("/folio".to_owned()),
        Just("/position".to_owned()),
        Just("/portfolio".to_owned()),
        Just("/exchangerate".to_owned()),
    ];
    let methods = prop_oneof![Just("GET"), Just("POST"), Just("PUT"), Just("DELETE")];
    let bodies = prop_oneof![
        Just(None),
        Just(Some(folio("2026-01-01", "2026-12-31", "\"F\""))),
        Just(Some(folio("0001-01-01", "9999-12-31", "\"Huge\""))),
        Just(Some(MEMBER.to_owned())),
        Just(Some(r#"{"items":[{"key":"A","weight":1000000000000000,"logged":1,"remaining":0,"done":true,"progressive":false}]}"#.to_owned())),
        Just(Some(r#"{"users":["bob"]}"#.to_owned())),
        Just(Some(r#"{"name":"P","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[{"id":1,"name":"F","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[],"parentId":1}"#.to_owned())),
        Just(Some(r#"{"from":"USD","to":"EUR","rate":10000000000,"effectiveDate":"2026-01-01"}"#.to_owned())),
        Just(Some("{".to_owned())),
        Just(Some("[]".to_owned())),
    ];
    (users, methods, paths, bodies).prop_map(|(u, m, p, b)| (u.to_owned(), m.to_owned(), p, b))
}

/// A request of the core, audit or token interfaces: a method, a path, a body.
fn any_other_request() -> impl Strategy<Value = (String, String, Option<String>)> {
    let paths = prop_oneof![
        Just("/core/3/customers".to_owned()),
        Just("/core/3/customers/K".to_owned()),
        Just("/core/3/holiday-schemes".to_owned()),
        (1u64..4).prop_map(|id| format!("/core/3/holiday-schemes/{id}/holidays?year=2027")),
        Just("/core/3/holiday-schemes/2/holidays".to_owned()),
        Just("/core/3/worklogs".to_owned()),
        Just("/core/3/accounts?id=1&id=x".to_owned()),
        Just(
            "/audit/1/events/deleted/types/allocation?updatedFrom=2026-01-01&limit=1000".to_owned()
        ),
        Just("/oauth/token/".to_owned()),
        Just("/oauth/revoke_token/".to_owned()),
        Just("/core/3/%ZZ".to_owned()),
    ];
    let methods = prop_oneof![
        Just("GET"),
        Just("HEAD"),
        Just("POST"),
        Just("PUT"),
        Just("DELETE"),
        Just("PATCH")
    ];
    let bodies = prop_oneof![
        Just(None),
        Just(Some(r#"{"key":"K","name":"N"}"#.to_owned())),
        Just(Some(r#"{"name":"Germany"}"#.to_owned())),
        Just(Some(r#"{"type":"FIXED","name":"Leap","durationSeconds":86400,"date":"2024-02-29"}"#.to_owned())),
        Just(Some(r#"{"issueKey":"ABC-1","timeSpentSeconds":99999999999,"startDate":"9999-12-31","authorAccountId":"ada"}"#.to_owned())),
        Just(Some("grant_type=refresh_token&client_id=c&client_secret=s&refresh_token=x".to_owned())),
        Just(Some("\u{0}".to_owned())),
    ];
    (methods, paths, bodies).prop_map(|(m, p, b)| (m.to_owned(), p, b))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any sequence of requests of any user is answered, never with a 5xx, never with a panic.
    #[test]
    fn no_sequence_of_requests_yields_a_5xx(requests in proptest::collection::vec(any_request(), 1..30)) {
        let mut state = State::new();
        for (user, method, path, body) in requests {
            let response = call(&mut state, &user, &method, &path, body.as_deref());
            prop_assert!(response.status < 500, "{method} {path} as {user}: {} {}", response.status, response.text());
        }
    }

    /// The same of the core administration, audit and token interfaces, with an administrator's
    /// token, a plain user's, a read-only one and none.
    #[test]
    fn no_sequence_of_other_requests_yields_a_5xx(
        requests in proptest::collection::vec((0usize..4, any_other_request()), 1..30),
    ) {
        let mut state = State::new();
        let tokens = [
            costfolio::api::mint_personal_token(&mut state, "ada", true, &context("ada")).unwrap(),
            costfolio::api::mint_personal_token(&mut state, "bob", true, &context("bob")).unwrap(),
            costfolio::api::mint_personal_token(&mut state, "ada", false, &context("ada")).unwrap(),
        ];
        costfolio::api::register_client(&mut state, "c", "s", "https://x.example/cb").unwrap();
        for (who, (method, path, body)) in requests {
            let mut request = Request::new(&method, &path);
            if let Some(token) = tokens.get(who) {
                request = request.header("Authorization", &format!("Bearer {token}"));
            }
            let mut ctx = context(if who == 1 { "bob" } else { "ada" });
            ctx.budget_admin = who == 0;
            if let Some(body) = body {
                request.body = body.into_bytes();
                let kind = if path.starts_with("/oauth") { "application/x-www-form-urlencoded" } else { "application/json" };
                request = request.header("Content-Type", kind);
            }
            let read = handle_read(&state, &request, &ctx);
            let before = read.is_some().then(|| state.clone());
            let response = handle(&mut state, &request, &ctx);
            prop_assert!(response.status < 500, "{method} {path}: {} {}", response.status, response.text());
            if let (Some(read), Some(before)) = (read, before) {
                prop_assert_eq!(&read, &response, "handle_read and handle differ on {} {}", method, path);
                prop_assert_eq!(&state, &before, "a read changed the state");
            }
        }
    }
}

fn portfolio(id: Option<u64>, parent: Option<u64>) -> String {
    let id = id.map_or(String::new(), |id| format!(r#""id":{id},"#));
    let parent = parent.map_or(String::new(), |p| format!(r#","parentId":{p}"#));
    format!(
        r#"{{{id}"name":"P","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[],"portfolios":[]{parent}}}"#
    )
}

#[test]
fn a_parent_chain_never_loops_nor_nests_past_16_levels() {
    let mut state = State::new();
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&portfolio(None, None))
        )
        .status,
        200
    );
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&portfolio(None, Some(1)))
        )
        .status,
        200
    );
    // A under B, B under A: refused, naming parentId; nothing changes.
    let before = state.clone();
    let response = call(
        &mut state,
        "ada",
        "PUT",
        "/portfolio",
        Some(&portfolio(Some(1), Some(2))),
    );
    assert_eq!(response.status, 400);
    assert_eq!(
        json(&response)["errors"]["parentId"],
        "parent portfolio 2 would make the portfolio its own ancestor"
    );
    let response = call(
        &mut state,
        "ada",
        "PUT",
        "/portfolio",
        Some(&portfolio(Some(1), Some(1))),
    );
    assert_eq!(response.status, 400);
    assert_eq!(state, before);
    // A chain: 2 is 1 level down; 15 more are accepted, the 17th level is refused.
    for parent in 2..=16 {
        let response = call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&portfolio(None, Some(parent))),
        );
        assert_eq!(response.status, 200, "level {parent}: {}", response.text());
    }
    let response = call(
        &mut state,
        "ada",
        "POST",
        "/portfolio",
        Some(&portfolio(None, Some(17))),
    );
    assert_eq!(response.status, 400);
    assert!(json(&response)["errors"]["parentId"]
        .as_str()
        .unwrap_or("")
        .contains("more than 16 levels"));
    // Moving a subtree must fit too: 16 (with 17 below) cannot go under a new root's child.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&portfolio(None, None))
        )
        .status,
        200
    );
    let response = call(
        &mut state,
        "ada",
        "PUT",
        "/portfolio",
        Some(&portfolio(Some(3), Some(17))),
    );
    assert_eq!(response.status, 400);
}

#[test]
fn a_looping_or_2000_deep_chain_left_by_an_older_journal_is_walked_without_overflow() {
    use costfolio::model::budgeting::Portfolio;
    use costfolio::model::Id;
    use costfolio::state::Command;
    let mut state = State::new();
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio",
            Some(&folio("2026-01-01", "2026-12-31", "\"F\""))
        )
        .status,
        200
    );
    let stored = |id: u64, parent: Option<u64>| -> costfolio::state::Stored<Portfolio> {
        let mut p: Portfolio =
            costfolio::model::from_json(portfolio(Some(id), None).as_bytes()).unwrap();
        p.parent_id = parent.map(Id::new);
        p.folios = costfolio::model::from_json(br#"[{"id":1,"name":"F","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}]"#).unwrap();
        costfolio::state::Stored::new(Id::new(id), p)
    };
    // As an older service let them in: 1 <-> 2 loop, and 3 <- 4 <- ... <- 2002.
    state.apply(Command::PutPortfolio(Box::new(stored(1, Some(2)))));
    state.apply(Command::PutPortfolio(Box::new(stored(2, Some(1)))));
    state.apply(Command::PutPortfolio(Box::new(stored(3, None))));
    for id in 4..=2002 {
        state.apply(Command::PutPortfolio(Box::new(stored(id, Some(id - 1)))));
    }
    for path in [
        "/portfolio",
        "/portfolio/1/indicators",
        "/portfolio/3/indicators",
        "/portfolio/2002/indicators",
    ] {
        let response = call(&mut state, "ada", "GET", path, None);
        assert!(
            response.status < 500,
            "{path}: {} {}",
            response.status,
            response.text()
        );
    }
}

/// Every interface refuses the same nesting and accepts the same nesting: one reader, one limit.
#[test]
fn json_nesting_is_limited_alike_in_every_interface() {
    let mut state = State::new();
    let token =
        costfolio::api::mint_personal_token(&mut state, "ada", true, &context("ada")).unwrap();
    let nested = |depth: usize| {
        format!(
            r#"{{"x":{}1{},"key":"K","name":"N"}}"#,
            "[".repeat(depth),
            "]".repeat(depth)
        )
    };
    let mut answers = Vec::new();
    for depth in [120, 126, 127, 128, 129, 200] {
        let body = nested(depth);
        // ada is an administrator here: only administrators change customers (S11.6).
        let mut admin = context("ada");
        admin.budget_admin = true;
        let core = handle(
            &mut state.clone(),
            &Request::new("POST", "/core/3/customers")
                .header("Authorization", &format!("Bearer {token}"))
                .json(&body),
            &admin,
        );
        let folio = call(&mut state.clone(), "ada", "POST", "/folio", Some(&body));
        let expense = call(&mut state.clone(), "ada", "POST", "/expense", Some(&body));
        let position = call(&mut state.clone(), "ada", "POST", "/position", Some(&body));
        let deep = |r: &Response| r.text().contains("recursion limit") || r.text().contains("nest");
        answers.push((
            depth,
            deep(&core),
            deep(&folio),
            deep(&expense),
            deep(&position),
        ));
    }
    for (depth, core, folio, expense, position) in &answers {
        assert!(
            core == folio && folio == expense && expense == position,
            "at depth {depth}: {answers:?}"
        );
    }
    assert!(
        answers.iter().any(|a| a.1) && answers.iter().any(|a| !a.1),
        "{answers:?}"
    );
}

/// The largest figures the limits let in, together: a century-long folio whose positions cost the
/// largest rate all day, and a thousand scope items of the largest weight. Every figure is still
/// computed (no 400, no 5xx): the engine divides first where multiplying first would overflow.
#[test]
fn the_largest_figures_the_limits_allow_are_computed() {
    let mut state = State::new();
    let created = call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&folio("2000-01-01", "2099-12-31", "\"Century\"")),
    );
    assert_eq!(created.status, 200, "{}", created.text());
    let position = |kind: &str| {
        format!(
            r#"{{"folioId":1,"name":"P","description":"","title":"T","kind":"{kind}","member":"grace","rate":{{"rate":1000000000000,"startDate":"2000-01-01"}},"allocation":{{"startDate":"2000-01-01","endDate":"2099-12-31","percentage":100}}}}"#
        )
    };
    for kind in [".PlannedPositionByTimeFrame", ".TeamMember"] {
        let response = call(
            &mut state,
            "ada",
            "POST",
            "/position",
            Some(&position(kind)),
        );
        assert_eq!(response.status, 200, "{}", response.text());
    }
    let items: Vec<String> = (0..1000)
        .map(|i| format!(r#"{{"key":"K-{i}","weight":1000000000000000,"logged":1,"remaining":2,"done":{},"progressive":true}}"#, i % 3 == 0))
        .collect();
    let scope = format!(r#"{{"items":[{}]}}"#, items.join(","));
    assert_eq!(
        call(&mut state, "ada", "PUT", "/folio/1/scope", Some(&scope)).status,
        200
    );
    let portfolio = r#"{"name":"All","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[{"id":1,"name":"Century","startDate":"2000-01-01","endDate":"2099-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;
    assert_eq!(
        call(&mut state, "ada", "POST", "/portfolio", Some(portfolio)).status,
        200
    );
    for path in [
        "/folio/1/indicators?asOf=2050-06-30",
        "/folio/1/timeline?asOf=2050-06-30",
        "/portfolio/1/indicators?asOf=2050-06-30",
    ] {
        let response = call(&mut state, "ada", "GET", path, None);
        assert_eq!(response.status, 200, "{path}: {}", response.text());
    }
    let indicators = json(&call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/indicators?asOf=2050-06-30",
        None,
    ));
    // Progress: a third done (1/3 of the weight) and two thirds a third along: 1/3 + 2/3 x 1/3 =
    // 5/9 of BAC.
    let bac: f64 = indicators["success"]["bac"]
        .to_string()
        .parse()
        .unwrap_or(0.0);
    let ev: f64 = indicators["success"]["ev"]
        .to_string()
        .parse()
        .unwrap_or(0.0);
    assert!(bac > 1e17, "{indicators}");
    assert!((ev / bac - 5.0 / 9.0).abs() < 1e-3, "{indicators}");
}

/// What one folio may hold bounds what reading it costs: at most 200,000 payments of its
/// expenses inside it, 2,000 positions, 1,000 parts of each kind per position. Refusals name the
/// limit and change nothing (the attack: 1,200 daily expenses over a century stalled writers).
#[test]
fn a_folio_holds_a_bounded_amount_of_work() {
    let mut state = State::new();
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio",
            Some(&folio("2000-01-01", "2099-12-31", "\"Century\""))
        )
        .status,
        200
    );
    let daily = r#"{"folioId":1,"name":"X","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":1000,"currencyCode":"EUR","recurrence":{"kind":".Daily","occurrences":100000,"startDate":"2000-01-01"}}"#;
    // 36,525 payments each inside the century: five fit, the sixth does not.
    for _ in 0..5 {
        assert_eq!(
            call(&mut state, "ada", "POST", "/expense", Some(daily)).status,
            200
        );
    }
    let before = state.clone();
    let refused = call(&mut state, "ada", "POST", "/expense", Some(daily));
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errors"]["recurrence"],
        "the expenses of a folio may make at most 200000 payments inside it; this would make 219150"
    );
    assert_eq!(state, before);
    // Longer dates would make more payments too: an open-ended weekly expense over a shorter
    // folio, then the folio stretched.
    let positions_of = |state: &State| state.positions.len();
    let member = |folio: u64| {
        MEMBER
            .replace("\"folioId\":1", &format!("\"folioId\":{folio}"))
            .replace(
                "2026-01-01\",\"endDate\":\"2050-12-31",
                "2026-01-01\",\"endDate\":\"2030-12-31",
            )
    };
    // Over the century (1,200 months), 200 positions: positions x months is capped.
    for _ in 0..200 {
        assert_eq!(
            call(&mut state, "ada", "POST", "/position", Some(&member(1))).status,
            200
        );
    }
    let before = state.clone();
    let refused = call(&mut state, "ada", "POST", "/position", Some(&member(1)));
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errors"]["folioId"],
        "a folio's positions times its months may be at most 240000; 201 positions over 1200 months would be 241200"
    );
    assert_eq!(state, before);
    // Its payments (200 x 1,200 position months and 182,625 expense payments) are too many for
    // one answer: refused before any is computed.
    let refused = call(&mut state, "ada", "GET", "/folio/1/payments", None);
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errorMessages"][0],
        "a folio's payments answer holds at most 250000 lines; this folio's would hold 422625 (its positions' months and its expenses' payments)"
    );
    // Over five years, 2,000 positions, then the count is capped.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio",
            Some(&folio("2026-01-01", "2030-12-31", "\"Five years\""))
        )
        .status,
        200
    );
    for _ in 0..2_000 {
        assert_eq!(
            call(&mut state, "ada", "POST", "/position", Some(&member(2))).status,
            200
        );
    }
    let refused = call(&mut state, "ada", "POST", "/position", Some(&member(2)));
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errors"]["folioId"],
        "a folio may hold at most 2000 positions"
    );
    assert_eq!(positions_of(&state), 2_200);
    // Stretching the five-year folio to a decade would make 2,000 x 120 = 240,000: allowed; to
    // eleven years, refused on endDate, nothing changed.
    let stretched =
        |end: &str| folio("2026-01-01", end, "\"Five years\"").replacen('{', "{\"id\":2,", 1);
    let before = state.clone();
    let refused = call(
        &mut state,
        "ada",
        "PUT",
        "/folio",
        Some(&stretched("2036-12-31")),
    );
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert!(
        json(&refused)["errors"]["endDate"]
            .as_str()
            .unwrap()
            .contains("2000 positions over 132 months would be 264000"),
        "{}",
        refused.text()
    );
    assert_eq!(state, before);
    assert_eq!(
        call(
            &mut state,
            "ada",
            "PUT",
            "/folio",
            Some(&stretched("2035-12-31"))
        )
        .status,
        200
    );
    // A position's rates: 1,000, then refused.
    for day in 0..999u32 {
        let date = chrono::NaiveDate::from_ymd_opt(2030, 1, 1).unwrap()
            + chrono::Days::new(u64::from(day));
        let rate = format!(r#"{{"rate":41,"startDate":"{date}"}}"#);
        let response = call(&mut state, "ada", "POST", "/position/1/rate", Some(&rate));
        assert_eq!(response.status, 200, "rate {day}: {}", response.text());
    }
    let refused = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/rate",
        Some(r#"{"rate":41,"startDate":"2040-01-01"}"#),
    );
    assert_eq!(
        (refused.status, json(&refused)["errorMessages"][0].as_str()),
        (400, Some("a position may hold at most 1000 rates"))
    );
}

/// An `Authorization` header that is not ASCII (hyper hands such bytes on, decoded lossily) is
/// refused like any other wrong credential: no slice inside a character, no panic.
#[test]
fn a_non_ascii_authorization_header_is_a_plain_401() {
    let mut state = State::new();
    for header in [
        "abcdé",
        "abcdeé",
        "abcdefé",
        "abcdefég",
        "Bearéx",
        "Basic é",
        "Bearer é",
        "é",
        "Bearer",
        "Basic ",
    ] {
        for path in [
            "/budgets/1/folio",
            "/core/3/customers",
            "/audit/1/events/deleted/types/worklog?updatedFrom=2026-01-01",
        ] {
            for method in ["GET", "POST"] {
                let request = Request::new(method, path).header("Authorization", header);
                let mut ctx = context("x");
                ctx.user = None;
                let response = handle(&mut state, &request, &ctx);
                assert!(
                    matches!(response.status, 401 | 405),
                    "{method} {path} with {header:?}: {} {}",
                    response.status,
                    response.text()
                );
            }
        }
    }
}

/// A portfolio lists a folio once and at most 100 folios: a rollup computes each folio once and at
/// most 100, decided before any is computed (a hostile review listed one costly folio 1,000 times).
#[test]
fn a_portfolio_lists_each_folio_once_and_a_rollup_is_bounded() {
    let mut state = State::new();
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio",
            Some(&folio("2026-01-01", "2026-12-31", "\"F\""))
        )
        .status,
        200
    );
    let expense = r#"{"folioId":1,"name":"X","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":250,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-02-02"}}"#;
    assert_eq!(
        call(&mut state, "ada", "POST", "/expense", Some(expense)).status,
        200
    );
    let summary = r#"{"id":1,"name":"F","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}"#;
    let listing = |folios: &[&str]| {
        format!(
            r#"{{"name":"P","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[{}],"portfolios":[]}}"#,
            folios.join(",")
        )
    };
    let twice = call(
        &mut state,
        "ada",
        "POST",
        "/portfolio",
        Some(&listing(&[summary, summary])),
    );
    assert_eq!(
        (twice.status, json(&twice)["errors"]["folios"].as_str()),
        (400, Some("folio 1 is listed twice"))
    );
    let many: Vec<String> = (1..=101)
        .map(|id| summary.replace(r#""id":1"#, &format!(r#""id":{id}"#)))
        .collect();
    let refs: Vec<&str> = many.iter().map(String::as_str).collect();
    let response = call(
        &mut state,
        "ada",
        "POST",
        "/portfolio",
        Some(&listing(&refs)),
    );
    assert_eq!(
        (
            response.status,
            json(&response)["errors"]["folios"].as_str()
        ),
        (400, Some("a portfolio may list at most 100 folios"))
    );
    assert!(state.portfolios.is_empty());
    // Sub-portfolios each listing the folio: the rollup computes it once per place, from one
    // report, and answers.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&listing(&[summary]))
        )
        .status,
        200
    );
    for parent in 1..=3 {
        let child = listing(&[summary]).replace(
            r#""portfolios":[]"#,
            &format!(r#""portfolios":[],"parentId":{parent}"#),
        );
        assert_eq!(
            call(&mut state, "ada", "POST", "/portfolio", Some(&child)).status,
            200
        );
    }
    let rolled = json(&call(
        &mut state,
        "ada",
        "GET",
        "/portfolio/1/indicators?asOf=2026-06-30",
        None,
    ));
    let one = json(&call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/indicators?asOf=2026-06-30",
        None,
    ));
    let bac = |v: &Value| {
        v["success"]["bac"]
            .to_string()
            .parse::<f64>()
            .unwrap_or(-1.0)
    };
    assert_eq!(bac(&one), 250.0);
    assert_eq!(
        bac(&rolled),
        1000.0,
        "the folio is counted in each of the four places"
    );
}
