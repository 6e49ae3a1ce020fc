//! The core administration's use cases (`costfolio::usecase::admin`) asked directly, as a typed
//! caller asks them: an administrator changes the shared data; anyone else is refused with the
//! documented 403 and nothing changes (S11.6); a missing record is its 404, a taken key or name
//! and a record still in use the 400 the interface answers (S10).

use chrono::NaiveDateTime;
use costfolio::model::from_json;
use costfolio::model::messages;
use costfolio::state::State;
use costfolio::usecase::admin::{AccountIds, Calendar, WorklogFilter, WorklogsOf};
use costfolio::usecase::{Caller, Commands, Error, ErrorKind, Queries};

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
fn refusal(error: &Error) -> (ErrorKind, String) {
    (error.kind(), error.to_string())
}

/// Categories DEV (1) and SPARE (2), customers CUST (1) and SPARE (2), the account ACME (1) of
/// DEV and CUST, project 10000 (ABC) and the link 1 of ACME to it: made by the administrator.
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
    root.put_project(10000, body(r#"{"key":"ABC","name":"Alpha"}"#))
        .unwrap();
    let link = root
        .create_link(body(
            r#"{"accountKey":"ACME","scopeType":"PROJECT","scopeId":10000}"#,
        ))
        .unwrap();
    assert_eq!((link.id, link.account_id, link.project_id), (1, 1, 10000));
    state
}

/// [`key_records`] with holiday scheme 2 (Germany, one holiday, members ada and bob), workload
/// scheme 2 (Four days, member ada), generic resource 1 and worklog 1 (ABC-12, tracker 5001).
fn everything() -> State {
    let mut state = key_records();
    let mut root = Commands::new(&mut state, admin(), now());
    let scheme = root
        .create_holiday_scheme(body(r#"{"name":"Germany"}"#))
        .unwrap();
    assert_eq!(scheme.id, 2);
    let holiday = root
        .create_holiday(
            2,
            body(r#"{"type":"FIXED","name":"Christmas","durationSeconds":86400,"date":"2020-12-25"}"#),
        )
        .unwrap();
    assert_eq!((holiday.id, holiday.scheme_id), (1, 2));
    root.set_scheme_members(
        Calendar::Holidays,
        2,
        body(r#"{"accountIds":["ada","bob"]}"#),
    )
    .unwrap();
    let workload = root.create_workload_scheme(body(WEEK)).unwrap();
    assert_eq!(
        (workload.id, workload.seconds[0], workload.seconds[4]),
        (2, 36000, 0)
    );
    root.set_scheme_members(Calendar::Workload, 2, body(r#"{"accountIds":["ada"]}"#))
        .unwrap();
    let resource = root
        .create_generic_resource(body(r#"{"name":"Senior engineer"}"#))
        .unwrap();
    assert_eq!((resource.id, resource.created_by.as_str()), (1, "root"));
    let worklog = root
        .create_worklog(body(
            r#"{"issueKey":"ABC-12","timeSpentSeconds":3600,"startDate":"2026-03-02","authorAccountId":"ada","trackerWorklogId":5001}"#,
        ))
        .unwrap();
    assert_eq!(
        (worklog.id, worklog.tracker_id, worklog.project_id),
        (1, 5001, 10000)
    );
    state
}

const WEEK: &str = r#"{"name":"Four days","days":[{"day":"MONDAY","requiredSeconds":36000},{"day":"TUESDAY","requiredSeconds":36000},{"day":"WEDNESDAY","requiredSeconds":36000},{"day":"THURSDAY","requiredSeconds":36000},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]}"#;

/// Every command of the core administration, each on a fresh copy of [`everything`], as `caller`
/// gives it: its name and its answer (`Ok` or the refusal), and whether the state changed.
fn every_command(caller: &Caller) -> Vec<(&'static str, Result<(), Error>, bool)> {
    type Change = fn(&mut Commands<'_>) -> Result<(), Error>;
    let commands: [(&str, Change); 29] = [
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
        ("create holiday scheme", |c| {
            c.create_holiday_scheme(body(r#"{"name":"France"}"#))
                .map(drop)
        }),
        ("update holiday scheme", |c| {
            c.update_holiday_scheme(2, body(r#"{"name":"Deutschland"}"#))
                .map(drop)
        }),
        ("delete holiday scheme", |c| {
            c.delete_scheme(Calendar::Holidays, 2)
        }),
        ("set the default holiday scheme", |c| {
            c.set_default_scheme(Calendar::Holidays, 2)
        }),
        ("set holiday scheme members", |c| {
            c.set_scheme_members(Calendar::Holidays, 2, body(r#"{"accountIds":["carol"]}"#))
        }),
        ("create holiday", |c| {
            c.create_holiday(2, body(r#"{"type":"FLOATING","name":"Easter Monday","durationSeconds":86400,"date":"2026-04-06"}"#))
                .map(drop)
        }),
        ("update holiday", |c| {
            c.update_holiday(2, 1, body(r#"{"type":"FIXED","name":"Christmas","durationSeconds":14400,"date":"2020-12-25"}"#))
                .map(drop)
        }),
        ("delete holiday", |c| c.delete_holiday(2, 1)),
        ("create workload scheme", |c| {
            c.create_workload_scheme(body(&WEEK.replace("Four days", "Short")))
                .map(drop)
        }),
        ("update workload scheme", |c| {
            c.update_workload_scheme(2, body(&WEEK.replace("Four days", "Four long days")))
                .map(drop)
        }),
        ("delete workload scheme", |c| {
            c.delete_scheme(Calendar::Workload, 2)
        }),
        ("set the default workload scheme", |c| {
            c.set_default_scheme(Calendar::Workload, 2)
        }),
        ("create generic resource", |c| {
            c.create_generic_resource(body(r#"{"name":"Junior engineer"}"#))
                .map(drop)
        }),
        ("delete generic resource", |c| c.delete_generic_resource(1)),
        ("put project", |c| {
            c.put_project(10000, body(r#"{"key":"ABC","name":"Alpha 2"}"#))
                .map(drop)
        }),
        ("put saved filter", |c| {
            c.put_saved_filter(7, body(r#"{"name":"Scope","projectIds":[10000]}"#))
                .map(drop)
        }),
        ("create worklog", |c| {
            c.create_worklog(body(r#"{"issueKey":"ABC-14","timeSpentSeconds":3600,"startDate":"2026-04-01","authorAccountId":"ada"}"#))
                .map(drop)
        }),
        ("delete worklog", |c| c.delete_worklog(1)),
    ];
    let fixture = everything();
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
    assert_eq!(answers.len(), 29);
    for (name, answer, changed) in answers {
        assert!(answer.is_ok(), "{name}: {answer:?}");
        assert!(changed, "{name} changed nothing");
    }
}

#[test]
fn anyone_else_is_refused_before_anything_is_looked_at_and_nothing_changes() {
    for caller in [plain(), admin_read_only()] {
        let answers = every_command(&caller);
        assert_eq!(answers.len(), 29);
        for (name, answer, changed) in answers {
            let error = answer.expect_err(name);
            assert!(error.is_forbidden(), "{name} as {caller:?}: {error:?}");
            assert_eq!(error.to_string(), messages::NO_PERMISSION, "{name}");
            assert!(!changed, "{name} as {caller:?} changed the state");
        }
    }
    // Refused before the record is looked up: a missing one gets the same 403.
    let mut state = everything();
    let seq = state.seq;
    let mut eve = Commands::new(&mut state, plain(), now());
    assert!(eve.delete_account("NOPE").unwrap_err().is_forbidden());
    assert!(eve.delete_worklog(987_654).unwrap_err().is_forbidden());
    assert_eq!(state.seq, seq);
}

#[test]
fn everyone_reads_the_shared_data() {
    let state = everything();
    let eve = Queries::new(&state, plain(), now());
    assert_eq!(eve.account("ACME").unwrap().name.as_str(), "Acme");
    assert_eq!(eve.accounts(None).len(), 1);
    assert_eq!(eve.categories(None).len(), 2);
    assert_eq!(eve.categories(Some(2))[0].key.as_str(), "SPARE");
    assert_eq!(eve.customer_accounts("CUST").unwrap()[0].id, 1);
    assert_eq!(eve.account_links("ACME").unwrap()[0].project_id, 10000);
    let by_project = eve.project_links("ABC");
    assert_eq!(
        (by_project[0].0.id, by_project[0].1.key.as_str()),
        (1, "ACME")
    );
    assert!(eve.project_links("NOPE").is_empty());
    assert_eq!(eve.holiday_scheme_of("ada").unwrap().id, 2);
    // Someone in no scheme has the default one.
    assert_eq!(eve.holiday_scheme_of("zed").unwrap().id, 1);
    assert_eq!(eve.holiday_scheme_members(2).unwrap(), ["ada", "bob"]);
    assert_eq!(eve.workload_scheme_of("ada").unwrap().id, 2);
    assert_eq!(eve.workload_scheme_of("zed").unwrap().id, 1);
    assert_eq!(
        eve.generic_resource(1).unwrap().name.as_str(),
        "Senior engineer"
    );
    assert_eq!(eve.worklog_by_tracker(5001).unwrap().id, 1);
}

#[test]
fn a_fixed_holiday_falls_every_year_a_floating_one_only_in_its_own() {
    let mut state = everything();
    let mut root = Commands::new(&mut state, admin(), now());
    root.create_holiday(
        2,
        body(r#"{"type":"FLOATING","name":"Easter Monday","durationSeconds":86400,"date":"2026-04-06"}"#),
    )
    .unwrap();
    let queries = Queries::new(&state, plain(), now());
    let dates = |year| -> Vec<String> {
        let holidays = queries.holidays(2, year).unwrap();
        holidays.iter().map(|h| h.date.to_string()).collect()
    };
    assert_eq!(dates(None), ["2020-12-25", "2026-04-06"]);
    assert_eq!(dates(Some(2026)), ["2026-12-25", "2026-04-06"]);
    assert_eq!(dates(Some(2027)), ["2027-12-25"]);
}

#[test]
fn a_missing_record_is_its_404() {
    let mut state = everything();
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
        (queries.link(99).map(drop), messages::LINK_NOT_FOUND),
        (
            queries.holiday_scheme(99).map(drop),
            messages::HOLIDAY_SCHEME_NOT_FOUND,
        ),
        // The scheme first, then the holiday, also one of another scheme.
        (
            queries.holiday(99, 1).map(drop),
            messages::HOLIDAY_SCHEME_NOT_FOUND,
        ),
        (queries.holiday(1, 1).map(drop), "Holiday not found"),
        (
            queries.workload_scheme(99).map(drop),
            "Workload scheme not found",
        ),
        (
            queries.generic_resource(99).map(drop),
            messages::GENERIC_RESOURCE_NOT_FOUND,
        ),
        (
            queries.project_by_key("NOPE").map(drop),
            "Project not found",
        ),
        (queries.worklog(99).map(drop), "Worklog not found"),
        (queries.worklog_by_tracker(1).map(drop), "Worklog not found"),
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
        root.delete_customer("NOPE"),
        root.delete_link(99),
        root.delete_holiday(2, 99),
        root.set_default_scheme(Calendar::Workload, 99),
        root.delete_worklog(99),
    ];
    for answer in changes {
        assert!(answer.unwrap_err().is_not_found());
    }
    assert_eq!(state.seq, seq, "a refused change changes nothing");
}

#[test]
fn taken_keys_and_names_records_in_use_and_the_default_scheme_are_refused() {
    let mut state = everything();
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
        // Names ignoring case (S10.4, S10.5).
        (
            root.create_holiday_scheme(body(r#"{"name":"GERMANY"}"#)).map(drop),
            r#"A holiday scheme named "GERMANY" already exists"#.to_owned(),
        ),
        (
            root.create_workload_scheme(body(&WEEK.replace("Four days", "four DAYS")))
                .map(drop),
            r#"A workload scheme named "four DAYS" already exists"#.to_owned(),
        ),
        (
            root.create_generic_resource(body(r#"{"name":"senior ENGINEER"}"#)).map(drop),
            r#"A generic resource named "senior ENGINEER" already exists"#.to_owned(),
        ),
        (
            root.put_project(20000, body(r#"{"key":"ABC","name":"Other"}"#)).map(drop),
            r#"A project with key "ABC" already exists"#.to_owned(),
        ),
        (
            root.put_saved_filter(7, body(r#"{"name":"Scope","projectIds":[42]}"#)).map(drop),
            "Project 42 does not exist".to_owned(),
        ),
        (
            root.delete_scheme(Calendar::Holidays, 1),
            "The default holiday scheme cannot be deleted; make another scheme the default first"
                .to_owned(),
        ),
        (
            root.delete_scheme(Calendar::Workload, 1),
            "The default workload scheme cannot be deleted; make another scheme the default first"
                .to_owned(),
        ),
        (
            root.create_holiday(2, body(r#"{"type":"FIXED","name":"Long","durationSeconds":86401,"date":"2020-12-25"}"#))
                .map(drop),
            "durationSeconds: durationSeconds must be from 1 to 86400, got 86401".to_owned(),
        ),
        (
            root.create_worklog(body(r#"{"issueKey":"XYZ-1","timeSpentSeconds":1,"startDate":"2026-04-01","authorAccountId":"ada"}"#))
                .map(drop),
            r#"issueKey: "XYZ-1" belongs to no known project ("XYZ")"#.to_owned(),
        ),
        (
            root.create_worklog(body(r#"{"issueKey":"ABC-2","timeSpentSeconds":1,"startDate":"2026-04-01","authorAccountId":"ada","trackerWorklogId":5001}"#))
                .map(drop),
            "trackerWorklogId 5001 belongs to another worklog".to_owned(),
        ),
    ];
    for (answer, message) in cases {
        let error = answer.unwrap_err();
        assert_eq!(refusal(&error), (ErrorKind::Invalid, message));
        assert!(error.is_invalid());
    }
    // Renaming a scheme to its own name in another case is no clash.
    root.update_holiday_scheme(2, body(r#"{"name":"GERMANY"}"#))
        .unwrap();
    assert_eq!(state.seq, seq + 1, "only the rename changed the state");
}

#[test]
fn an_account_list_by_id_is_at_most_fifty_ids_and_nothing_else() {
    let state = everything();
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
        (
            ErrorKind::Invalid,
            r#"id must be a whole number, got "x""#.to_owned()
        )
    );
}

#[test]
fn a_deleted_worklog_feeds_the_audit_and_lists_filter_worklogs() {
    let mut state = everything();
    let mut root = Commands::new(&mut state, admin(), now());
    let second = root
        .create_worklog(body(
            r#"{"issueKey":"ABC-13","timeSpentSeconds":1800,"startDate":"2026-03-20","authorAccountId":"bob"}"#,
        ))
        .unwrap();
    // A tracker id past every one held.
    assert_eq!((second.id, second.tracker_id), (2, 5002));
    let queries = Queries::new(&state, plain(), now());
    let march_before_the_20th = WorklogFilter {
        to: Some(costfolio::value::Date::parse("2026-03-19").unwrap()),
        ..WorklogFilter::default()
    };
    let ids = |of, filter: &WorklogFilter| -> Vec<u64> {
        queries.worklogs(of, filter).iter().map(|w| w.id).collect()
    };
    assert_eq!(ids(WorklogsOf::All, &WorklogFilter::default()), [1, 2]);
    assert_eq!(ids(WorklogsOf::All, &march_before_the_20th), [1]);
    assert_eq!(ids(WorklogsOf::User("bob"), &WorklogFilter::default()), [2]);
    assert_eq!(
        ids(WorklogsOf::Issue("ABC-12"), &WorklogFilter::default()),
        [1]
    );
    assert_eq!(
        ids(WorklogsOf::Project(10000), &WorklogFilter::default()),
        [1, 2]
    );
    assert!(ids(WorklogsOf::Project(1), &WorklogFilter::default()).is_empty());

    assert!(state.audit.is_empty());
    Commands::new(&mut state, admin(), now())
        .delete_worklog(2)
        .unwrap();
    assert_eq!(state.audit.len(), 1);
    let event = state.audit.values().next().unwrap();
    assert!(format!("{:?}", event.kind).contains("5002"), "{event:?}");
}
