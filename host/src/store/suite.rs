//! One test suite, run against both backends: the store's contract, whatever the
//! database. The PostgreSQL runs use a throwaway cluster (`cluster.rs`).

use costfolio::state::{Command, State};

use super::{Store, SNAPSHOTS_KEPT};
use costfolio_host_testkit::Cluster;

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

    // What a page of history weighs (S11.8): each entry's bytes as stored, asked without reading
    // the entries, the very lengths of the texts read; a missing entry has none.
    {
        use costfolio::state::JournalReader;
        let mut sizes = a.sizes(&[2, 1, 99]).unwrap();
        sizes.sort_unstable();
        let mut read: Vec<(u64, usize)> = a
            .sized_entries(&[1, 2])
            .unwrap()
            .into_iter()
            .map(|(entry, bytes)| (entry.seq, bytes))
            .collect();
        read.sort_unstable();
        assert_eq!(sizes, read);
        assert!(sizes.iter().all(|(_, bytes)| *bytes > 20));
    }

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

    // The entries a history reads, by number: those that exist, as they were applied,
    // through the core's reader too.
    let mut found = a.entries_at(&[3, 1, 99]).unwrap();
    found.sort_by_key(|entry| entry.seq);
    assert_eq!(
        found
            .iter()
            .map(|e| (e.seq, e.command.clone()))
            .collect::<Vec<_>>(),
        vec![
            (1, Command::RevokePair { pair: 1 }),
            (3, Command::RevokePair { pair: 3 })
        ]
    );
    let reader: &dyn costfolio::state::JournalReader = &a;
    assert_eq!(reader.entries(&[2]).unwrap().len(), 1);
    assert!(reader.entries(&[]).unwrap().is_empty());

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

/// A database whose latest snapshot was written before the state indexed the entries that touched
/// each record: loaded, the index is built from the whole journal, as a state that
/// replayed the journal from its start has it.
#[test]
fn a_snapshot_from_before_the_history_index_has_it_built_from_the_journal() {
    let dir = std::env::temp_dir().join(format!("costfolio-index-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("index.db");
    let _ = std::fs::remove_file(&db);
    let address = format!("sqlite:{}", db.display());
    let mut store = Store::open_address(&address).unwrap();
    let mut state = store.load().unwrap();
    let mut api = |state: &mut State, method: &str, path: &str, body: &str| {
        let now = chrono::NaiveDate::from_ymd_opt(2026, 3, 2)
            .unwrap()
            .and_hms_opt(9, 0, 0)
            .unwrap();
        let mut context = costfolio::api::Context::new("http://x", now, vec![1; 64]);
        context.user = Some("ada".into());
        let request = costfolio::api::Request::new(method, path).json(body);
        store
            .transact(state, |state| {
                costfolio::api::handle(state, &request, &context).status
            })
            .unwrap()
    };
    let folio = r#"{"name":"Bridge","description":"","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":0,"contingency":0,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;
    assert_eq!(api(&mut state, "POST", "/budgets/1/folio", folio), 200);
    let expense = r#"{"folioId":1,"name":"Steel","description":"","type":"Materials","category":"CAPEX","kind":".PlannedExpense","amount":100,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-04-15"}}"#;
    assert_eq!(api(&mut state, "POST", "/budgets/1/expense", expense), 200);
    let whole = state.touched().clone();
    assert_eq!(whole.activity(1).len(), 2);
    // The snapshot as an older server wrote it: without the index.
    let mut old: serde_json::Value = serde_json::from_str(&state.snapshot()).unwrap();
    old.as_object_mut().unwrap().remove("touched");
    let connection = rusqlite::Connection::open(&db).unwrap();
    connection
        .execute(
            "INSERT OR REPLACE INTO snapshots (seq, state) VALUES (?1, ?2)",
            rusqlite::params![state.seq as i64, old.to_string()],
        )
        .unwrap();
    let loaded = Store::open_address(&address).unwrap().load().unwrap();
    assert!(!loaded.touched_missing());
    assert_eq!(loaded.touched(), &whole);
    let _ = std::fs::remove_dir_all(&dir);
}
