//! The core interface, users and OAuth clients are bounded too (S11.7): a lead's account id, a
//! scheme's description, a worklog's comment and a scheme's members at their bounds; the users the
//! host registers; an OAuth client's id and address.

use costfolio::state::State;
use serde_json::json as j;

#[test]
fn the_users_the_host_registers_are_bounded_too() {
    use costfolio::usecase::credentials::{check_user, register_user};
    let mut state = State::new();
    assert!(check_user(&"k".repeat(128), Some(&"n".repeat(255))).is_ok());
    let refused = register_user(&mut state, &"k".repeat(129), None).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "user may have at most 128 characters, got 129"
    );
    assert!(register_user(&mut state, "ada", Some("\u{202E}ada")).is_err());
    assert!(register_user(&mut state, "", None).is_err());
    assert!(state.users.is_empty(), "nothing refused is registered");
}

/// A body made with an entry of `n` characters or entries.
type Body<'a> = &'a dyn Fn(usize) -> String;

/// The core interface's texts and lists: a lead's account id, a scheme's description, a
/// worklog's comment and a scheme's members, each at its bound and one past it.
#[test]
fn the_core_interfaces_texts_are_bounded_too() {
    use crate::core_service::Service;
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
    let account = |lead: usize| {
        j!({"key": format!("K{lead}"), "name": "Acme", "status": "OPEN", "leadAccountId": "l".repeat(lead)})
            .to_string()
    };
    let scheme = |description: usize| {
        j!({"name": format!("S{description}"), "description": "d".repeat(description)}).to_string()
    };
    let worklog = |comment: usize| {
        j!({"issueKey": "ABC-1", "timeSpentSeconds": 3600, "startDate": "2026-03-02",
            "description": "w".repeat(comment), "authorAccountId": "ada"})
        .to_string()
    };
    let members = |count: usize| {
        j!({"accountIds": (0..count).map(|n| format!("u{n}")).collect::<Vec<_>>()}).to_string()
    };
    let cases: [(&str, &str, Body, usize, &str); 4] = [
        (
            "POST",
            "/core/3/accounts",
            &account,
            128,
            "leadAccountId may have at most 128 characters, got 129",
        ),
        (
            "POST",
            "/core/3/holiday-schemes",
            &scheme,
            500,
            "description may have at most 500 characters, got 501",
        ),
        (
            "POST",
            "/core/3/worklogs",
            &worklog,
            5_000,
            "description may have at most 5000 characters, got 5001",
        ),
        (
            "POST",
            "/core/3/holiday-schemes/1/members",
            &members,
            10_000,
            "accountIds may hold at most 10000 entries, got 10001",
        ),
    ];
    for (method, path, body, max, refusal) in cases {
        let before = s.state.clone();
        let (status, answer) = s.call(method, path, Some(&body(max + 1)));
        assert_eq!(status, 400, "{path}: {answer}");
        assert!(answer.to_string().contains(refusal), "{path}: {answer}");
        assert_eq!(s.state, before, "{path}: a refusal stores nothing");
        let (status, answer) = s.call(method, path, Some(&body(max)));
        assert!(matches!(status, 200 | 204), "{path}: {status} {answer}");
    }
    // A core name with an invisible character is refused as it is read (S10.1, S11.7).
    let (status, answer) = s.call(
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"C","name":"\u200bAcme"}"#),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(answer.to_string().contains("U+200B"), "{answer}");
}

/// An OAuth client is registered only with an id and an address the authorize page can use.
#[test]
fn an_oauth_client_is_registered_with_a_usable_address_only() {
    use costfolio::usecase::credentials::register_client;
    let mut state = State::new();
    for (id, address) in [
        ("planner", "https://planner.example/back#fragment"),
        ("planner", "planner.example/back"),
        ("planner", "https://planner.example/a b"),
        ("\u{200B}planner", "https://planner.example/back"),
    ] {
        assert!(
            register_client(&mut state, id, "a long client secret", address).is_err(),
            "{id:?} {address:?}"
        );
    }
    assert!(state.clients.is_empty(), "nothing refused is registered");
    assert!(register_client(
        &mut state,
        "planner",
        "a long client secret",
        "https://planner.example/back"
    )
    .is_ok());
    assert!(register_client(
        &mut state,
        "cli",
        "a long client secret",
        "http://127.0.0.1:8400/callback"
    )
    .is_ok());
}
