//! The core administration's use cases (`costfolio::usecase::admin`) asked directly, as a typed
//! caller asks them: an administrator changes the shared data; anyone else is refused with the
//! documented 403 and nothing changes (S11.6); a missing record is its 404, a taken key and a
//! record still in use the 400 the interface answers (S10).

use chrono::NaiveDateTime;
use costfolio::model::from_json;
use costfolio::model::messages;
use costfolio::state::State;
use costfolio::usecase::admin::AccountIds;
use costfolio::usecase::{Caller, Commands, Error, Queries};

fn now() -> NaiveDateTime {
    NaiveDateTime::parse_from_str("2026-03-15T12:00:00", "%Y-%m-%dT%H:%M:%S").unwrap()
}

/// The administrator, writing.
fn admin() -> Caller {
    Caller {
        user: "root".into(),
        budget_admin: true,
        write: true,
    }
}

/// Someone who is not an administrator, writing.
fn plain() -> Caller {
    Caller {
        user: "eve".into(),
        budget_admin: false,
        write: true,
    }
}

/// The administrator with a read-only credential.
fn admin_read_only() -> Caller {
    Caller {
        write: false,
        ..admin()
    }
}

fn body<T: serde::de::DeserializeOwned>(json: &str) -> T {
    from_json(json.as_bytes()).unwrap()
}

/// The refusal's kind and words, for one assertion.
fn refusal(error: &Error) -> (u16, String) {
    (error.kind().status(), error.to_string())
}

/// Categories DEV (1) and SPARE (2), customers CUST (1) and SPARE (2), the account ACME (1) of
/// DEV and CUST, and the link 1 of ACME to project 10000: made by the administrator.
fn key_records() -> State {
    let mut state = State::new();
    let mut root = Commands::new(&mut state, admin(), now());
    let dev = root
        .create_category(body(
            r#"{"key":"DEV","name":"Development","typeName":"CAPITALIZED"}"#,
        ))
        .unwrap();
    let spare = root
        .create_category(body(r#"{"key":"SPARE","name":"Spare"}"#))
        .unwrap();
    assert_eq!((dev.id, spare.id), (1, 2));
    assert_eq!(format!("{:?}", spare.type_name), "Operational");
    let cust = root
        .create_customer(body(r#"{"key":"CUST","name":"Customer"}"#))
        .unwrap();
    let spare = root
        .create_customer(body(r#"{"key":"SPARE","name":"Spare"}"#))
        .unwrap();
    assert_eq!((cust.id, spare.id), (1, 2));
    let acme = root
        .create_account(body(
            r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"lead-1","categoryKey":"DEV","customerKey":"CUST"}"#,
        ))
        .unwrap();
    assert_eq!(
        (acme.id, acme.category_id, acme.customer_id),
        (1, Some(1), Some(1))
    );
    let link = root
        .create_link(body(
            r#"{"accountKey":"ACME","scopeType":"PROJECT","scopeId":10000}"#,
        ))
        .unwrap();
    assert_eq!((link.id, link.account_id, link.project_id), (1, 1, 10000));
    state
}

/// Every command of the core administration, each on a fresh copy of [`key_records`], as `caller`
/// gives it: its name and its answer (`Ok` or the refusal), and whether the state changed.
fn every_command(caller: &Caller) -> Vec<(&'static str, Result<(), Error>, bool)> {
    type Change = fn(&mut Commands<'_>) -> Result<(), Error>;
    let commands: [(&str, Change); 11] = [
        ("create account", |c| {
            c.create_account(body(
                r#"{"key":"NEW","name":"New","status":"OPEN","leadAccountId":"lead-1"}"#,
            ))
            .map(drop)
        }),
        ("update account", |c| {
            c.update_account(
                "ACME",
                body(
                    r#"{"key":"ACME","name":"Acme 2","status":"CLOSED","leadAccountId":"lead-1"}"#,
                ),
            )
            .map(drop)
        }),
        ("delete account", |c| c.delete_account("ACME")),
        ("create category", |c| {
            c.create_category(body(r#"{"key":"OPS","name":"Operations"}"#))
                .map(drop)
        }),
        ("update category", |c| {
            c.update_category("DEV", body(r#"{"key":"DEV","name":"Development 2"}"#))
                .map(drop)
        }),
        ("delete category", |c| c.delete_category("SPARE")),
        ("create customer", |c| {
            c.create_customer(body(r#"{"key":"GLOBEX","name":"Globex"}"#))
                .map(drop)
        }),
        ("update customer", |c| {
            c.update_customer("CUST", body(r#"{"key":"CUST","name":"Customer 2"}"#))
                .map(drop)
        }),
        ("delete customer", |c| c.delete_customer("SPARE")),
        ("create link", |c| {
            c.create_link(body(
                r#"{"accountKey":"ACME","scopeType":"PROJECT","scopeId":10000}"#,
            ))
            .map(drop)
        }),
        ("delete link", |c| c.delete_link(1)),
    ];
    let fixture = key_records();
    commands
        .into_iter()
        .map(|(name, change)| {
            let mut state = fixture.clone();
            let answer = change(&mut Commands::new(&mut state, caller.clone(), now()));
            (name, answer, state != fixture)
        })
        .collect()
}

#[test]
fn an_administrator_changes_every_record() {
    let answers = every_command(&admin());
    assert_eq!(answers.len(), 11);
    for (name, answer, changed) in answers {
        assert!(answer.is_ok(), "{name}: {answer:?}");
        assert!(changed, "{name} changed nothing");
    }
}

#[test]
fn anyone_else_is_refused_before_anything_is_looked_at_and_nothing_changes() {
    for caller in [plain(), admin_read_only()] {
        let answers = every_command(&caller);
        assert_eq!(answers.len(), 11);
        for (name, answer, changed) in answers {
            let error = answer.expect_err(name);
            assert!(error.is_forbidden(), "{name} as {caller:?}: {error:?}");
            assert_eq!(error.to_string(), messages::NO_PERMISSION, "{name}");
            assert!(!changed, "{name} as {caller:?} changed the state");
        }
    }
    // Refused before the record is looked up: a missing one gets the same 403.
    let mut state = key_records();
    let seq = state.seq;
    let mut eve = Commands::new(&mut state, plain(), now());
    assert!(eve.delete_account("NOPE").unwrap_err().is_forbidden());
    assert!(eve.delete_link(987_654).unwrap_err().is_forbidden());
    assert_eq!(state.seq, seq);
}

#[test]
fn everyone_reads_the_shared_data() {
    let state = key_records();
    let eve = Queries::new(&state, plain(), now());
    assert_eq!(eve.account("ACME").unwrap().name.as_str(), "Acme");
    assert_eq!(eve.accounts(None).len(), 1);
    assert_eq!(eve.categories(None).len(), 2);
    assert_eq!(eve.categories(Some(2))[0].key.as_str(), "SPARE");
    assert!(eve.categories(Some(3)).is_empty());
    assert_eq!(eve.customers(Some(1))[0].key.as_str(), "CUST");
    assert_eq!(eve.customer_accounts("CUST").unwrap()[0].id, 1);
    assert!(eve.customer_accounts("SPARE").unwrap().is_empty());
    assert_eq!(eve.account_links("ACME").unwrap()[0].project_id, 10000);
    assert_eq!(eve.link(1).unwrap().account_id, 1);
}

#[test]
fn a_missing_record_is_its_404() {
    let mut state = key_records();
    let queries = Queries::new(&state, plain(), now());
    let cases = [
        (
            queries.account("NOPE").map(drop),
            messages::ACCOUNT_NOT_FOUND,
        ),
        (
            queries.category("NOPE").map(drop),
            messages::INVALID_CATEGORY_KEY,
        ),
        (
            queries.customer_accounts("NOPE").map(drop),
            messages::INVALID_CUSTOMER_KEY,
        ),
        (
            queries.account_links("NOPE").map(drop),
            messages::ACCOUNT_NOT_FOUND,
        ),
        (queries.link(99).map(drop), messages::LINK_NOT_FOUND),
    ];
    for (answer, message) in cases {
        let error = answer.unwrap_err();
        assert!(error.is_not_found(), "{error:?}");
        assert_eq!(error.to_string(), message);
    }
    let seq = state.seq;
    let mut root = Commands::new(&mut state, admin(), now());
    let changes = [
        root.update_account(
            "NOPE",
            body(r#"{"key":"X","name":"X","status":"OPEN","leadAccountId":"l"}"#),
        )
        .map(drop),
        root.delete_category("NOPE"),
        root.delete_customer("NOPE"),
        root.delete_link(99),
    ];
    for answer in changes {
        assert!(answer.unwrap_err().is_not_found());
    }
    assert_eq!(state.seq, seq, "a refused change changes nothing");
}

#[test]
fn taken_keys_unknown_references_and_records_in_use_are_refused() {
    let mut state = key_records();
    let seq = state.seq;
    let mut root = Commands::new(&mut state, admin(), now());
    let cases = [
        (
            root.create_account(body(r#"{"key":"ACME","name":"Again","status":"OPEN","leadAccountId":"l"}"#))
                .map(drop),
            messages::ACCOUNT_KEY_EXISTS.to_owned(),
        ),
        (
            root.create_account(body(r#"{"key":"B","name":"B","status":"OPEN","leadAccountId":"l","contactAccountId":"c","externalContactName":"C"}"#))
                .map(drop),
            "contactAccountId and externalContactName cannot be given together".to_owned(),
        ),
        (
            root.create_account(body(r#"{"key":"B","name":"B","status":"OPEN","leadAccountId":"l","categoryKey":"NOPE"}"#))
                .map(drop),
            messages::INVALID_CATEGORY_KEY.to_owned(),
        ),
        (
            root.update_category("SPARE", body(r#"{"key":"DEV","name":"Taken"}"#)).map(drop),
            messages::CATEGORY_KEY_EXISTS.to_owned(),
        ),
        (
            root.create_customer(body(r#"{"key":"CUST","name":"Again"}"#)).map(drop),
            messages::CUSTOMER_KEY_EXISTS.to_owned(),
        ),
        (
            root.delete_category("DEV"),
            "The category is used by 1 account(s) and cannot be deleted".to_owned(),
        ),
        (
            root.delete_customer("CUST"),
            "The customer is used by 1 account(s) and cannot be deleted".to_owned(),
        ),
        (
            root.create_link(body(r#"{"accountKey":"NOPE","scopeType":"PROJECT","scopeId":1}"#))
                .map(drop),
            r#"Invalid account key "NOPE""#.to_owned(),
        ),
    ];
    for (answer, message) in cases {
        let error = answer.unwrap_err();
        assert_eq!(refusal(&error), (400, message));
        assert!(error.is_invalid());
    }
    // An account keeps its own key.
    root.update_account(
        "ACME",
        body(r#"{"key":"ACME","name":"Acme 2","status":"OPEN","leadAccountId":"l"}"#),
    )
    .unwrap();
    assert_eq!(state.seq, seq + 1, "only the update changed the state");
}

#[test]
fn an_account_list_by_id_is_at_most_fifty_ids_and_nothing_else() {
    let state = key_records();
    let queries = Queries::new(&state, plain(), now());
    let ids = |ids: &[&str], others: bool| {
        queries.accounts_by_id(AccountIds {
            ids,
            with_other_parameters: others,
        })
    };
    assert_eq!(ids(&["1", "2"], false).unwrap().len(), 1);
    assert_eq!(
        ids(&["1"], true).unwrap_err().to_string(),
        messages::ID_WITH_OTHER_PARAMETERS
    );
    let many = vec!["1"; 51];
    assert_eq!(
        ids(&many, false).unwrap_err().to_string(),
        "At most 50 ids may be asked for at once, got 51"
    );
    assert_eq!(
        refusal(&ids(&["x"], false).unwrap_err()),
        (400, r#"id must be a whole number, got "x""#.to_owned())
    );
}
