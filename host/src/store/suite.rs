//! One test suite, run against both backends (issue 22): the store's contract, whatever the
//! database. The PostgreSQL runs use a throwaway cluster (`cluster.rs`).

use costfolio::state::{Command, State};

use super::cluster::Cluster;
use super::{Store, SNAPSHOTS_KEPT};

/// A command to journal: each revokes another pair, so states differ by what they applied.
fn change(state: &mut State, pair: u64) {
    state.apply(Command::RevokePair { pair });
}

/// The contract, on stores `open` opens on one fresh database.
fn contract(open: &dyn Fn() -> Store) {
    let mut a = open();
    // An empty database loads the empty state.
    let mut state = a.load().unwrap();
    assert_eq!(state, State::new());
    assert_eq!(a.last_seq().unwrap(), 0);
    assert_eq!(a.latest_snapshot().unwrap(), None);

    // A transaction's entries are committed, and a fresh load gives the same state.
    let value = a
        .transact(&mut state, |state| {
            change(state, 1);
            change(state, 2);
            "done"
        })
        .unwrap();
    assert_eq!(value, "done");
    assert_eq!(state.seq, 2);
    assert_eq!(a.journal_len().unwrap(), 2);
    assert_eq!(a.last_seq().unwrap(), 2);
    assert_eq!(open().load().unwrap(), state);

    // A second writer on the same database replays the first's entries before its own: one
    // journal, no gap, no duplicate.
    let mut b = open();
    let mut other = b.load().unwrap();
    a.transact(&mut state, |state| change(state, 3)).unwrap();
    b.transact(&mut other, |state| change(state, 4)).unwrap();
    assert_eq!(
        other.seq, 4,
        "b replayed a's third entry before writing its own"
    );
    a.catch_up(&mut state).unwrap();
    assert_eq!(state, other);
    assert_eq!(a.journal_len().unwrap(), 4);

    // A transaction that changes nothing writes nothing.
    a.transact(&mut state, |_| ()).unwrap();
    assert_eq!(a.journal_len().unwrap(), 4);

    // Snapshots: the latest ones are kept, and a load from one equals the replayed state.
    for pair in 5..=8 {
        a.transact(&mut state, |state| change(state, pair)).unwrap();
        assert_eq!(a.snapshot(&mut state).unwrap(), state.seq);
    }
    assert_eq!(a.snapshot_count().unwrap(), SNAPSHOTS_KEPT as u64);
    assert_eq!(a.latest_snapshot().unwrap(), Some(8));
    a.transact(&mut state, |state| change(state, 9)).unwrap();
    assert_eq!(
        open().load().unwrap(),
        state,
        "the snapshot, then the entry after it"
    );

    // Users: added with a hash, replaced, counted; bad names and short passwords refused.
    assert!(!a.has_user("ada").unwrap());
    a.add_user("ada", "a good password", false).unwrap();
    a.add_user("ada", "another password", true).unwrap();
    a.add_user("grace", "a third password", false).unwrap();
    assert!(b.has_user("ada").unwrap());
    assert_eq!(b.user_count().unwrap(), 2);
    assert!(a.add_user("a:b", "a good password", false).is_err());
    assert!(a.add_user("bob", "short", false).is_err());
    assert_eq!(a.user_count().unwrap(), 2);
}

#[test]
fn the_sqlite_store_keeps_the_contract() {
    let dir = std::env::temp_dir().join(format!("costfolio-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("suite.db");
    let _ = std::fs::remove_file(&db);
    let address = format!("sqlite:{}", db.display());
    contract(&|| Store::open_address(&address).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_postgres_store_keeps_the_contract() {
    let cluster = Cluster::start();
    let address = cluster.database("suite");
    contract(&|| Store::open_address(&address).unwrap());
}

#[test]
fn postgres_migrations_run_once_and_a_newer_schema_is_refused() {
    let cluster = Cluster::start();
    let address = cluster.database("migrations");
    // Opened twice (as two replicas starting): one schema, at the latest version.
    let first = Store::open_address(&address).unwrap();
    let second = Store::open_address(&address).unwrap();
    drop((first, second));
    let mut client = postgres::Client::connect(&address, postgres::NoTls).unwrap();
    let version: i32 = client
        .query_one("SELECT version FROM costfolio_schema", &[])
        .unwrap()
        .get(0);
    assert_eq!(version, 1);
    let rows = client
        .query_one("SELECT COUNT(*) FROM costfolio_schema", &[])
        .unwrap();
    assert_eq!(rows.get::<_, i64>(0), 1);
    // A database a newer costfolio upgraded is not opened by this one.
    client
        .execute("UPDATE costfolio_schema SET version = 99", &[])
        .unwrap();
    let refused = Store::open_address(&address).err().unwrap().to_string();
    assert!(refused.contains("version 99"), "{refused}");
}

#[test]
fn an_unreadable_journal_entry_is_refused_by_name() {
    let cluster = Cluster::start();
    let address = cluster.database("corrupt");
    let store = Store::open_address(&address).unwrap();
    let mut client = postgres::Client::connect(&address, postgres::NoTls).unwrap();
    client
        .execute(
            "INSERT INTO journal (seq, entry) VALUES (1, '{\"seq\":1,\"command\":{\"Nope\":1}}')",
            &[],
        )
        .unwrap();
    let error = store.load().err().unwrap().to_string();
    assert!(error.contains("unreadable record"), "{error}");
}

#[test]
fn the_command_line_keeps_users_tokens_and_snapshots_in_postgres() {
    let cluster = Cluster::start();
    let address = cluster.database("commands");
    let run = |words: &[&str]| {
        let mut raw: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
        raw.extend(["--db".to_owned(), address.clone()]);
        crate::run(raw)
    };
    run(&[
        "user",
        "add",
        "ada",
        "--password",
        "a good password",
        "--admin",
    ])
    .unwrap();
    run(&["token", "mint", "ada"]).unwrap();
    run(&[
        "client",
        "add",
        "planner",
        "--secret",
        "a secret of 16 chars",
        "--redirect",
        "https://planner.example/cb",
    ])
    .unwrap();
    run(&["snapshot"]).unwrap();
    let refused = run(&["token", "mint", "nobody"]).unwrap_err();
    assert!(refused.contains("no user"), "{refused}");
    let store = Store::open_address(&address).unwrap();
    assert!(store.has_user("ada").unwrap());
    let state = store.load().unwrap();
    assert_eq!(
        costfolio::api::tokens_of(&state, "ada").len(),
        1,
        "the token is in the journal"
    );
    assert!(state.clients.contains_key("planner"));
    assert_eq!(store.latest_snapshot().unwrap(), Some(state.seq));
}

#[test]
fn a_migration_to_postgres_answers_every_read_as_the_source_did() {
    use costfolio::api::{Context, Request};
    // The source: the demo, its user and a personal token, in a SQLite file.
    let dir = std::env::temp_dir().join(format!("costfolio-migrate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("source.db");
    let _ = std::fs::remove_file(&db);
    let source_address = db.to_string_lossy().into_owned();
    let mut source = Store::open_address(&source_address).unwrap();
    source
        .add_user(crate::demo::DEMO_USER, "a good password", true)
        .unwrap();
    let now = chrono::NaiveDate::from_ymd_opt(2026, 11, 23)
        .unwrap()
        .and_hms_opt(12, 0, 0)
        .unwrap();
    let mut state = source.load().unwrap();
    let token = source
        .transact(&mut state, |state| {
            crate::demo::seed(state, "http://x", now, || vec![5; 64]).unwrap();
            costfolio::api::mint_personal_token(
                state,
                crate::demo::DEMO_USER,
                true,
                &Context::new("http://x", now, vec![6; 64]),
            )
            .unwrap()
        })
        .unwrap();
    let cluster = Cluster::start();
    let target_address = cluster.database("migrated");
    let run = |from: &str, to: &str| {
        crate::run(
            ["migrate", "--from", from, "--to", to]
                .map(str::to_owned)
                .to_vec(),
        )
    };
    run(&source_address, &target_address).unwrap();
    let target = Store::open_address(&target_address).unwrap();
    assert_eq!(target.load().unwrap(), source.load().unwrap());
    assert_eq!(target.journal_len().unwrap(), source.journal_len().unwrap());
    assert_eq!(target.latest_snapshot().unwrap(), Some(state.seq));
    // Every read of a scripted session answers the same through both.
    let serve = |address: &str| {
        crate::server::Service::new(
            Store::open_address(address).unwrap(),
            address,
            "http://x".into(),
        )
        .unwrap()
    };
    let (a, b) = (serve(&source_address), serve(&target_address));
    // "demo:a good password", base64.
    let basic = "Basic ZGVtbzphIGdvb2QgcGFzc3dvcmQ=".to_owned();
    let mut reads = vec![
        ("/core/3/accounts", format!("Bearer {token}")),
        ("/budgets/1/folio", basic.clone()),
        ("/budgets/1/portfolio", basic.clone()),
        ("/budgets/1/exchangerate", basic.clone()),
    ];
    let folios = ["1", "2", "3"];
    let paths: Vec<String> = folios
        .iter()
        .flat_map(|id| {
            [
                format!("/budgets/1/folio/{id}/indicators?asOf=2026-11-23"),
                format!("/budgets/1/folio/{id}/timeline?asOf=2026-11-23&granularity=month"),
                format!("/budgets/1/folio/{id}/items?asOf=2026-11-23"),
                format!("/budgets/1/folio/{id}/plan"),
            ]
        })
        .collect();
    for path in &paths {
        reads.push((path.as_str(), basic.clone()));
    }
    for (path, authorization) in reads {
        let request = || {
            let mut request = Request::new("GET", path).header("Authorization", &authorization);
            request.split_query().unwrap();
            request
        };
        let (from, to) = (a.process(request(), None), b.process(request(), None));
        assert_eq!(from.status, 200, "{path}: {}", from.text());
        assert_eq!(to.status, from.status, "{path}");
        assert_eq!(to.text(), from.text(), "{path}");
    }
    // A second migration into the same database is refused: it holds a journal.
    let again = run(&source_address, &target_address).unwrap_err();
    assert!(again.contains("already holds a journal"), "{again}");
    let _ = std::fs::remove_dir_all(&dir);
}
