//! The limits that bound one request's work and answer (the hardening issue, docs/security.md),
//! through `handle`: a folio's span, the buckets of one answer, NUL in text, what a refusal echoes,
//! HEAD, JSON nesting, a non-ASCII credential, and no 5xx from any sequence of requests. What the
//! records may hold is tests/limits_records.rs.

use crate::limits_calls;

use costfolio::api::{handle, handle_read, Request, Response};
use costfolio::state::State;
use limits_calls::{call, context, folio, json, MEMBER};
use proptest::prelude::*;

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
            costfolio::usecase::credentials::mint_personal_token(&mut state, "ada", true, context("ada").moment()).unwrap(),
            costfolio::usecase::credentials::mint_personal_token(&mut state, "bob", true, context("bob").moment()).unwrap(),
            costfolio::usecase::credentials::mint_personal_token(&mut state, "ada", false, context("ada").moment()).unwrap(),
        ];
        costfolio::usecase::credentials::register_client(&mut state, "c", "s", "https://x.example/cb").unwrap();
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

/// Every interface refuses the same nesting and accepts the same nesting: one reader, one limit.
#[test]
fn json_nesting_is_limited_alike_in_every_interface() {
    let mut state = State::new();
    let token = costfolio::usecase::credentials::mint_personal_token(
        &mut state,
        "ada",
        true,
        context("ada").moment(),
    )
    .unwrap();
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
