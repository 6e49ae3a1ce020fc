//! One test suite, run against both backends (issue 22): the store's contract, whatever the
//! database. The PostgreSQL runs use a throwaway cluster (`cluster.rs`).

use costfolio::state::{Command, State};

use super::cluster::Cluster;
use super::{Store, SNAPSHOTS_KEPT};

/// A command to journal: each revokes another pair, so states differ by what they applied.
fn change(state: &mut State, pair: u64) {
    state.apply(Command::RevokePair { pair });
}

/// The contract, on stores `open` opens on one fresh database; `spoil` overwrites the text of the
/// snapshot at the given entry, as a torn or damaged row would read.
fn contract(open: &dyn Fn() -> Store, spoil: &dyn Fn(u64)) {
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
    // A latest snapshot that does not read back: the one before it, then the journal.
    spoil(8);
    assert_eq!(
        open().load().unwrap(),
        state,
        "the snapshot before the latest"
    );
    spoil(7);
    assert_eq!(open().load().unwrap(), state, "the journal from its start");

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
    let spoil = |seq: u64| {
        rusqlite::Connection::open(&db)
            .unwrap()
            .execute(
                "UPDATE snapshots SET state = '{\"torn' WHERE seq = ?1",
                [seq as i64],
            )
            .unwrap();
    };
    contract(&|| Store::open_address(&address).unwrap(), &spoil);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_postgres_store_keeps_the_contract() {
    let cluster = Cluster::start();
    let address = cluster.database("suite");
    let spoil = |seq: u64| {
        postgres::Client::connect(&address, postgres::NoTls)
            .unwrap()
            .execute(
                "UPDATE snapshots SET state = '{\"torn' WHERE seq = $1",
                &[&(seq as i64)],
            )
            .unwrap();
    };
    contract(&|| Store::open_address(&address).unwrap(), &spoil);
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
        .add_user(crate::cli::demo::DEMO_USER, "a good password", true)
        .unwrap();
    let now = chrono::NaiveDate::from_ymd_opt(2026, 11, 23)
        .unwrap()
        .and_hms_opt(12, 0, 0)
        .unwrap();
    let mut state = source.load().unwrap();
    let token = source
        .transact(&mut state, |state| {
            crate::cli::demo::seed(state, "http://x", now, || vec![5; 64]).unwrap();
            costfolio::api::mint_personal_token(
                state,
                crate::cli::demo::DEMO_USER,
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
        crate::service::Service::new(
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
    // Again into the same database: nothing more to copy, nothing doubled.
    run(&source_address, &target_address).unwrap();
    assert_eq!(target.journal_len().unwrap(), source.journal_len().unwrap());
    // From PostgreSQL too: the migrated database into another.
    let again_address = cluster.database("again");
    run(&target_address, &again_address).unwrap();
    let again = Store::open_address(&again_address).unwrap();
    assert_eq!(again.load().unwrap(), source.load().unwrap());
    // A migration cut off after 40 entries goes on where it stopped; a user whose password was
    // set in the target meanwhile keeps it.
    let cut_address = cluster.database("cut");
    let mut cut = Store::open_address(&cut_address).unwrap();
    let first = source.backend.journal_text(0, 40).unwrap();
    cut.backend.append_text(&first).unwrap();
    cut.add_user(
        crate::cli::demo::DEMO_USER,
        "the target's own password",
        true,
    )
    .unwrap();
    let set_here = cut.users().unwrap();
    run(&source_address, &cut_address).unwrap();
    assert_eq!(cut.journal_len().unwrap(), source.journal_len().unwrap());
    assert_eq!(cut.load().unwrap(), source.load().unwrap());
    assert_eq!(cut.users().unwrap(), set_here, "the target's user kept");
    assert_ne!(cut.users().unwrap(), source.users().unwrap());
    // A database holding another journal is refused, and keeps what it held.
    let other_address = cluster.database("other");
    let mut other = Store::open_address(&other_address).unwrap();
    let mut entries = source.backend.journal_text(0, 3).unwrap();
    entries[0].1.push(' ');
    other.backend.append_text(&entries).unwrap();
    let held = other.journal_len().unwrap();
    let refused = run(&source_address, &other_address).unwrap_err();
    assert!(
        refused.contains("not the start of the source's"),
        "{refused}"
    );
    assert!(refused.contains("by entry 1"), "{refused}");
    assert_eq!(other.journal_len().unwrap(), held);
    // A source that does not exist is refused, and not created.
    let missing = dir.join("typo.db");
    let refused = run(&missing.to_string_lossy(), &target_address).unwrap_err();
    assert!(refused.contains("no such database file"), "{refused}");
    assert!(!missing.exists());
    // A source that is not costfolio's is refused, and given nothing: a SQLite file of another
    // program, a PostgreSQL database without costfolio's schema.
    let foreign = dir.join("foreign.db");
    let _ = std::fs::remove_file(&foreign);
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE notes (text TEXT)")
        .unwrap();
    let refused = run(&foreign.to_string_lossy(), &target_address).unwrap_err();
    assert!(refused.contains("not a costfolio database"), "{refused}");
    let tables: i64 = rusqlite::Connection::open(&foreign)
        .unwrap()
        .query_row("SELECT COUNT(*) FROM sqlite_master", [], |row| row.get(0))
        .unwrap();
    assert_eq!(tables, 1, "nothing created in it");
    let plain_address = cluster.database("plain");
    let refused = run(&plain_address, &target_address).unwrap_err();
    assert!(refused.contains("not a costfolio database"), "{refused}");
    let mut plain = postgres::Client::connect(&plain_address, postgres::NoTls).unwrap();
    let schema: Option<String> = plain
        .query_one("SELECT to_regclass('costfolio_schema')::text", &[])
        .unwrap()
        .get(0);
    assert_eq!(schema, None, "no schema created in it");
    // A costfolio database holding nothing is refused rather than copied as a success.
    let empty = dir.join("empty.db");
    let _ = std::fs::remove_file(&empty);
    Store::open(&empty).unwrap();
    let refused = run(&empty.to_string_lossy(), &cluster.database("from_empty")).unwrap_err();
    assert!(refused.contains("nothing to migrate"), "{refused}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_address_that_is_refused_does_not_show_its_password() {
    // A key=value connection string is not taken for a SQLite file's name.
    let key_value = "host=/run/postgresql dbname=costs password=s3cret";
    let error = Store::open_address(key_value).err().unwrap().to_string();
    assert!(error.contains("key=value"), "{error}");
    assert!(!error.contains("s3cret"), "{error}");
    assert!(!std::path::Path::new(key_value).exists());
    // A postgres:// address that does not parse.
    for address in [
        "postgres://ada:s3cret@db.local:notaport/costs",
        "postgres://ada@db.local/costs?password=s3cret&connect_timeout=soon",
    ] {
        let error = Store::open_address(address).err().unwrap().to_string();
        assert!(error.contains("--db postgres://ada@db.local"), "{error}");
        assert!(!error.contains("s3cret"), "{error}");
    }
}
