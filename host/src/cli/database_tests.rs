//! The command line against a real database: the commands keep users, tokens, clients and
//! snapshots in PostgreSQL, and `migrate` copies a SQLite file into PostgreSQL so that every read
//! answers as it did (moved here from the store's suite: they run the command line).

use crate::store::Store;
use costfolio_host_testkit::Cluster;

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
        costfolio::usecase::credentials::tokens_of(&state, "ada").len(),
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
            costfolio::usecase::credentials::mint_personal_token(
                state,
                crate::cli::demo::DEMO_USER,
                true,
                Context::new("http://x", now, vec![6; 64]).moment(),
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
    let first = source.journal_text(0, 40).unwrap();
    cut.append_text(&first).unwrap();
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
    let mut entries = source.journal_text(0, 3).unwrap();
    entries[0].1.push(' ');
    other.append_text(&entries).unwrap();
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
