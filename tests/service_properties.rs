//! Properties of the sans-I/O service (S12, S13): random request sequences replay from the journal
//! to the same state and responses; audit paging never loses or repeats an event while deletions
//! arrive; garbage never panics and never changes the state.

use chrono::{Duration, NaiveDateTime};
use costfolio::api::{handle, record_deletion, Context, Request, Response};
use costfolio::state::{AuditEventKind, JournalEntry, State};
use costfolio::usecase::credentials::mint_personal_token;
use proptest::prelude::*;
use serde_json::Value;

fn start() -> NaiveDateTime {
    NaiveDateTime::parse_from_str("2026-11-21T10:00:00", "%Y-%m-%dT%H:%M:%S").unwrap()
}

/// The context the host gives a request of the token's user, "admin", an administrator: only
/// administrators change the core interface and read the audit (S11.6).
fn context(step: u64) -> Context {
    let mut context = Context::new(
        "http://127.0.0.1:8080",
        start() + Duration::seconds(step as i64),
        (0..64u64).map(|i| (i * 7 + step * 13) as u8).collect(),
    );
    context.user = Some("admin".to_owned());
    context.budget_admin = true;
    context
}

/// A fresh service with one write token, its journal so far, and the token.
fn fresh() -> (State, Vec<JournalEntry>, String) {
    let mut state = State::new();
    let token = mint_personal_token(&mut state, "admin", true, context(0).moment()).unwrap();
    let journal = state.take_journal();
    (state, journal, token)
}

/// One request of a random session, drawn from the interface's vocabulary (valid and not).
fn any_request() -> impl Strategy<Value = (String, String, Option<String>)> {
    let key = prop_oneof![Just("A"), Just("B"), Just("C-1"), Just("bad key")];
    let name = prop_oneof![Just("Alpha"), Just("beta"), Just(""), Just("Gamma")];
    let id = 1u64..5;
    prop_oneof![
        (key.clone(), name.clone()).prop_map(|(k, n)| ("POST".into(), "/core/3/customers".into(), Some(format!(r#"{{"key":"{k}","name":"{n}"}}"#)))),
        (key.clone(), name.clone()).prop_map(|(k, n)| ("PUT".into(), format!("/core/3/customers/{k}"), Some(format!(r#"{{"key":"{k}","name":"{n}x"}}"#)))),
        key.clone().prop_map(|k| ("DELETE".into(), format!("/core/3/customers/{k}"), None)),
        (key.clone(), name.clone(), key.clone()).prop_map(|(k, n, c)| ("POST".into(), "/core/3/accounts".into(), Some(format!(r#"{{"key":"{k}","name":"{n}","status":"OPEN","leadAccountId":"lead","customerKey":"{c}"}}"#)))),
        key.clone().prop_map(|k| ("DELETE".into(), format!("/core/3/accounts/{k}"), None)),
        (key.clone(), name.clone()).prop_map(|(k, n)| ("POST".into(), "/core/3/account-categories".into(), Some(format!(r#"{{"key":"{k}","name":"{n}"}}"#)))),
        name.clone().prop_map(|n| ("POST".into(), "/core/3/holiday-schemes".into(), Some(format!(r#"{{"name":"{n}"}}"#)))),
        id.clone().prop_map(|i| ("DELETE".into(), format!("/core/3/holiday-schemes/{i}"), None)),
        id.clone().prop_map(|i| ("PUT".into(), format!("/core/3/holiday-schemes/{i}/default"), None)),
        name.clone().prop_map(|n| ("POST".into(), "/core/3/generic-resources".into(), Some(format!(r#"{{"name":"{n}"}}"#)))),
        id.clone().prop_map(|i| ("DELETE".into(), format!("/core/3/generic-resources/{i}"), None)),
        (id.clone(), key.clone()).prop_map(|(i, k)| ("POST".into(), "/core/3/account-links".into(), Some(format!(r#"{{"accountKey":"{k}","scopeType":"PROJECT","scopeId":{i}}}"#)))),
        Just(("PUT".to_string(), "/core/3/projects/1".to_string(), Some(r#"{"key":"ABC","name":"Alpha"}"#.to_string()))),
        (1u32..4).prop_map(|n| ("POST".into(), "/core/3/worklogs".into(), Some(format!(r#"{{"issueKey":"ABC-{n}","timeSpentSeconds":600,"startDate":"2026-03-0{n}","authorAccountId":"ada"}}"#)))),
        id.clone().prop_map(|i| ("DELETE".into(), format!("/core/3/worklogs/{i}"), None)),
        Just(("GET".to_string(), "/core/3/accounts".to_string(), None)),
        Just(("GET".to_string(), "/core/3/holiday-schemes".to_string(), None)),
    ]
}

fn send(
    state: &mut State,
    token: &str,
    (method, path, body): &(String, String, Option<String>),
    step: u64,
) -> Response {
    let mut request =
        Request::new(method, path).header("Authorization", &format!("Bearer {token}"));
    if let Some(body) = body {
        request = request.json(body);
    }
    handle(state, &request, &context(step))
}

/// Reads everything back: every list and every record's answer.
fn read_all(state: &mut State, token: &str) -> Vec<(u16, String)> {
    let mut paths = vec![
        "/core/3/accounts".to_string(),
        "/core/3/customers".into(),
        "/core/3/account-categories".into(),
        "/core/3/holiday-schemes".into(),
        "/core/3/generic-resources".into(),
        "/core/3/worklogs".into(),
        "/core/3/projects".into(),
    ];
    paths.extend((1..6).map(|i| format!("/core/3/account-links/{i}")));
    paths
        .iter()
        .map(|path| {
            let response = send(state, token, &("GET".into(), path.clone(), None), 999);
            (response.status, response.text())
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn replaying_the_journal_gives_the_same_state_and_answers(requests in proptest::collection::vec(any_request(), 1..40)) {
        let (mut state, mut journal, token) = fresh();
        let mut answers = Vec::new();
        for (step, request) in requests.iter().enumerate() {
            let response = send(&mut state, &token, request, step as u64 + 1);
            answers.push((response.status, response.text()));
            journal.extend(state.take_journal());
        }
        // Gap-free sequence numbers.
        for (index, entry) in journal.iter().enumerate() {
            prop_assert_eq!(entry.seq, index as u64 + 1);
        }
        // Replay from empty: the same state, and the same answers to every read.
        let mut replayed = State::new();
        replayed.replay(&journal).unwrap();
        prop_assert_eq!(replayed.snapshot(), state.snapshot());
        prop_assert_eq!(read_all(&mut replayed, &token), read_all(&mut state, &token));
        // Through a snapshot and a journal written as JSON lines, too.
        let lines: Vec<String> = journal.iter().map(costfolio::model::to_json).collect();
        let parsed: Vec<JournalEntry> = lines.iter().map(|l| costfolio::model::from_json(l.as_bytes()).unwrap()).collect();
        let mut from_lines = State::new();
        from_lines.replay(&parsed).unwrap();
        prop_assert_eq!(from_lines.snapshot(), state.snapshot());
        // The same requests with the same contexts give the same answers (no hidden clock or dice).
        let (mut again, _, again_token) = fresh();
        prop_assert_eq!(&again_token, &token);
        let second: Vec<(u16, String)> = requests.iter().enumerate().map(|(step, r)| {
            let response = send(&mut again, &token, r, step as u64 + 1);
            (response.status, response.text())
        }).collect();
        prop_assert_eq!(second, answers);
    }

    #[test]
    fn audit_paging_never_loses_or_repeats_an_event(
        steps in proptest::collection::vec((any::<bool>(), -5i64..20, 1u64..4), 1..80),
    ) {
        let (mut state, _, token) = fresh();
        let mut recorded = Vec::new();
        let mut read: Vec<u64> = Vec::new();
        let mut key: Option<String> = None;
        let mut next_id = 1u64;
        let mut clock = start();
        for (delete, jump, limit) in steps {
            if delete {
                // The host clock may even go backwards.
                clock += Duration::milliseconds(jump);
                let ctx = Context { now: clock, ..context(0) };
                record_deletion(&mut state, AuditEventKind::Allocation { id: next_id }, &ctx);
                recorded.push(next_id);
                next_id += 1;
            } else {
                let mut request = Request::new("GET", "/audit/1/events/deleted/types/allocation")
                    .header("Authorization", &format!("Bearer {token}"))
                    .param("updatedFrom", "2026-11-01")
                    .param("limit", &limit.to_string());
                if let Some(k) = &key {
                    request = request.param("lastEvaluatedKey", k);
                }
                let response = handle(&mut state, &request, &context(1));
                prop_assert_eq!(response.status, 200);
                let page: Value = serde_json::from_slice(&response.body).unwrap();
                let ids: Vec<u64> = page["results"].as_array().unwrap().iter().map(|r| r["id"].as_u64().unwrap()).collect();
                read.extend(&ids);
                // Never a repeat, never out of order, within a traversal.
                prop_assert!(read.windows(2).all(|w| w[0] < w[1]), "{:?}", read);
                match page["metadata"]["lastEvaluatedKey"].as_str() {
                    Some(k) => key = Some(k.to_owned()),
                    None => {
                        // The last page (S12.2: no key): this traversal saw every event recorded
                        // so far, exactly once, including those that arrived while it ran. The
                        // next read starts a new traversal.
                        prop_assert_eq!(&read, &recorded);
                        read.clear();
                        key = None;
                    }
                }
            }
        }
    }

    #[test]
    fn garbage_never_panics_and_never_changes_the_state(
        method in prop_oneof![Just("GET".to_string()), Just("POST".to_string()), Just("PUT".to_string()), Just("DELETE".to_string()), Just("PATCH".to_string()), "[A-Z]{0,8}"],
        path in prop_oneof![
            Just("/core/3/accounts".to_string()), Just("/core/3/accounts/A".to_string()), Just("/core/3/holiday-schemes/1/holidays".to_string()),
            Just("/core/3/worklogs".to_string()), Just("/oauth/token/".to_string()), Just("/audit/1/events/deleted/types/worklog".to_string()),
            "/[a-z0-9/%?=&.-]{0,40}", "\\PC{0,30}",
        ],
        body in prop_oneof![proptest::collection::vec(any::<u8>(), 0..200), "\\PC{0,100}".prop_map(String::into_bytes), Just(b"{\"key\":".to_vec()), Just(b"[]".to_vec()), Just(b"{\"name\": 1e999999}".to_vec())],
        content_type in prop_oneof![Just("application/json".to_string()), Just("application/x-www-form-urlencoded".to_string()), Just("text/plain".to_string()), "\\PC{0,20}"],
        authorized in any::<bool>(),
    ) {
        let (mut state, _, token) = fresh();
        let before = state.snapshot();
        let mut request = Request::new(&method, &path).header("Content-Type", &content_type);
        if authorized {
            request = request.header("Authorization", &format!("Bearer {token}"));
        }
        request.body = body;
        let response = handle(&mut state, &request, &context(5));
        prop_assert!((200..600).contains(&response.status));
        if response.status >= 400 {
            prop_assert_eq!(state.snapshot(), before);
            prop_assert!(state.take_journal().is_empty());
            if response.status != 401 {
                let parsed: Result<Value, _> = serde_json::from_slice(&response.body);
                prop_assert!(parsed.is_ok(), "{} {}: {:?}", response.status, path, response.text());
            }
        }
    }
}
