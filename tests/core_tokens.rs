//! Tokens (S11) through `handle`, with no socket: the authorization code flow, refresh rotation,
//! revocation and replays; and the journal (S13), which rebuilds the state and holds no token or
//! secret in clear.

use crate::core_service;

use chrono::{Duration, NaiveDateTime};
use core_service::{context_at, now, Service};
use costfolio::api::{handle, Request};
use costfolio::state::State;
use costfolio::usecase::credentials::{issue_code, register_client};
use serde_json::Value;

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
        context_at(now(), 3).moment(),
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
        context_at(now(), 13).moment(),
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
        let code = issue_code(
            state,
            "planner",
            REDIRECT,
            "ada",
            context_at(now(), seed).moment(),
        )
        .unwrap();
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
        context_at(now(), 3).moment(),
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
        context_at(now(), 3).moment()
    )
    .is_err());
    assert!(issue_code(
        &mut state,
        "nobody",
        REDIRECT,
        "ada",
        context_at(now(), 3).moment()
    )
    .is_err());
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

/// The planner's sign-in sessions: their life, their bound per user, and that a session's secret
/// is no bearer token.
mod sessions {
    use chrono::NaiveDateTime;
    use costfolio::api::{authenticate, Context, Request};
    use costfolio::state::State;
    use costfolio::usecase::credentials::{
        close_session, close_sessions_of, hash_secret, open_session, session, session_csrf,
        MAX_SESSIONS_PER_USER,
    };

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").unwrap()
    }

    fn context(now: &str, byte: u8) -> Context {
        Context::new("http://x", at(now), vec![byte; 64])
    }

    #[test]
    fn a_session_lives_twelve_hours_until_it_is_closed_and_is_no_bearer_token() {
        let mut state = State::default();
        let opened = open_session(
            &mut state,
            "ada",
            context("2026-11-23T08:00:00", 1).moment(),
        )
        .unwrap();
        assert_eq!(opened.expires_at.to_string(), "2026-11-23T20:00:00Z");
        let live = |state: &State, now| session(state, &opened.secret, at(now)).is_some();
        assert!(live(&state, "2026-11-23T19:59:59"));
        assert!(!live(&state, "2026-11-23T20:00:00"), "expired");
        assert_eq!(
            state.tokens.values().next().unwrap().hash,
            hash_secret(&opened.secret),
            "stored as its hash"
        );
        // Its secret is not a bearer token.
        let request = Request::new("GET", "/budgets/1/folio")
            .header("Authorization", &format!("Bearer {}", opened.secret));
        assert!(authenticate(&state, &request, &context("2026-11-23T09:00:00", 2)).is_err());
        assert_ne!(session_csrf(&opened.secret), opened.secret);
        assert_eq!(session_csrf(&opened.secret).len(), 64);

        assert!(close_session(
            &mut state,
            &opened.secret,
            at("2026-11-23T09:00:00")
        ));
        assert!(!live(&state, "2026-11-23T09:00:01"), "closed");
        assert!(!close_session(
            &mut state,
            &opened.secret,
            at("2026-11-23T09:00:02")
        ));
    }

    #[test]
    fn a_user_holds_at_most_twenty_sessions_the_oldest_closing_first() {
        let mut state = State::default();
        let secrets: Vec<String> = (0..25u8)
            .map(|i| {
                open_session(
                    &mut state,
                    "ada",
                    context("2026-11-23T08:00:00", i).moment(),
                )
                .unwrap()
                .secret
            })
            .collect();
        let now = at("2026-11-23T09:00:00");
        let live: Vec<bool> = secrets
            .iter()
            .map(|s| session(&state, s, now).is_some())
            .collect();
        assert_eq!(live.iter().filter(|l| **l).count(), MAX_SESSIONS_PER_USER);
        assert!(live[..5].iter().all(|l| !l), "the five oldest closed");
        assert_eq!(close_sessions_of(&mut state, "ada"), 20);
        assert!(secrets.iter().all(|s| session(&state, s, now).is_none()));
        assert_eq!(close_sessions_of(&mut state, "ada"), 0);
    }

    #[test]
    fn opening_a_session_drops_the_users_expired_ones_only() {
        let mut state = State::default();
        let old = open_session(
            &mut state,
            "ada",
            context("2026-11-20T08:00:00", 1).moment(),
        )
        .unwrap();
        let bob = open_session(
            &mut state,
            "bob",
            context("2026-11-20T08:00:00", 2).moment(),
        )
        .unwrap();
        let new = open_session(
            &mut state,
            "ada",
            context("2026-11-23T08:00:00", 3).moment(),
        )
        .unwrap();
        let revoked = |secret: &str| state.tokens.get(&hash_secret(secret)).unwrap().revoked;
        assert!(revoked(&old.secret), "ada's expired session");
        assert!(!revoked(&bob.secret), "another user's are theirs to renew");
        assert!(!revoked(&new.secret));
    }
}
