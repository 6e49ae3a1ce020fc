//! PostgreSQL writers cut off at the worst moments: a commit whose answer is lost after
//! it landed (the database ended, or away for seconds), a commit held up in the database, a commit
//! cut off before it landed (ended, or the database crashed under it), a writer frozen inside its
//! transaction while it holds the journal lock, and a journal that lost its last entries under a
//! writer. Each is provoked on a throwaway cluster (`cluster.rs`), its backend
//! ended by `pg_terminate_backend` or by the database's own timeout, and the store must neither
//! lose nor double the change, nor keep a state ahead of the database.

use std::time::{Duration, Instant};

use costfolio::state::{Command, State};

use super::{Store, StoreError};
use costfolio_host_testkit::Cluster;

/// A command to journal: each revokes another pair.
fn change(state: &mut State, pair: u64) {
    state.apply(Command::RevokePair { pair });
}

/// A connection of the test itself, beside the store's.
fn psql(address: &str) -> postgres::Client {
    postgres::Client::connect(address, postgres::NoTls).expect("the cluster answers")
}

/// Waits (at most a minute) until exactly one other backend matches `condition` (a
/// `pg_stat_activity` predicate) and returns its process id.
fn backend_where(client: &mut postgres::Client, condition: &str) -> i32 {
    let started = Instant::now();
    loop {
        let rows = client
            .query(
                &format!(
                    "SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND {condition}"
                ),
                &[],
            )
            .expect("pg_stat_activity");
        if rows.len() == 1 {
            return rows[0].get(0);
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no single backend where {condition}: {} found",
            rows.len()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The journal's entry at `seq`, if any, as the database has it.
fn stored(client: &mut postgres::Client, seq: u64) -> Option<String> {
    client
        .query_opt("SELECT entry FROM journal WHERE seq = $1", &[&(seq as i64)])
        .expect("the journal")
        .map(|row| row.get(0))
}

/// Makes every commit that inserts into the journal take a minute, in a check deferred to the
/// commit (`pg_sleep`, its backend's wait event `PgSleep`), before it lands.
fn slow_commits(test: &mut postgres::Client) {
    test.batch_execute(
        "CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS
             $$ BEGIN PERFORM pg_sleep(60); RETURN NULL; END $$;
         CREATE CONSTRAINT TRIGGER slow AFTER INSERT ON journal
             DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow()",
    )
    .unwrap();
}

/// A fresh database on a fresh cluster, with one entry written through a store.
fn one_entry_written(name: &str) -> (Cluster, String, Store, State) {
    let cluster = Cluster::start();
    let address = cluster.database(name);
    let mut store = Store::open_address(&address).unwrap();
    let mut state = store.load().unwrap();
    store
        .transact(&mut state, |state| change(state, 1))
        .unwrap();
    (cluster, address, store, state)
}

/// Makes commits wait for a standby that never comes (`synchronous_standby_names`), by a restart:
/// a reload would reach the database's processes only in a while.
fn standby_required(cluster: &Cluster, address: &str) -> postgres::Client {
    psql(address)
        .batch_execute("ALTER SYSTEM SET synchronous_standby_names = 'nobody'")
        .unwrap();
    cluster.stop();
    cluster.start_again();
    psql(address)
}

/// Lifts that requirement by a reload: a commit waiting for the standby is let go when the
/// database has read it.
fn standby_lifted(test: &mut postgres::Client) {
    test.batch_execute("ALTER SYSTEM RESET synchronous_standby_names")
        .unwrap();
    test.batch_execute("SELECT pg_reload_conf()").unwrap();
}

/// Runs `store.transact` with change `pair` on a thread; its result, state and store when done.
type Writer = std::thread::JoinHandle<(Result<&'static str, StoreError>, State, Store)>;

fn write_on_a_thread(mut store: Store, mut state: State, pair: u64) -> Writer {
    std::thread::spawn(move || {
        let result = store.transact(&mut state, |state| {
            change(state, pair);
            "answered"
        });
        (result, state, store)
    })
}

#[test]
fn a_commit_whose_answer_is_lost_after_it_landed_is_answered_as_stored() {
    let (cluster, address, store, state) = one_entry_written("lost_answer");

    // A commit waiting for a standby that never comes: it is written, but not answered. Ended
    // then, the backend finishes the commit and closes the connection without a word: the commit
    // landed and its answer is lost. The store finds it on the primary, then commits once more to
    // see the standbys reach it; the standby's requirement lifted, they have.
    let mut test = standby_required(&cluster, &address);
    let writer = write_on_a_thread(store, state, 2);
    let pid = backend_where(&mut test, "wait_event = 'SyncRep'");
    test.execute("SELECT pg_terminate_backend($1)", &[&pid])
        .unwrap();
    standby_lifted(&mut test);
    let (result, state, store) = writer.join().unwrap();
    assert_eq!(
        result.unwrap(),
        "answered",
        "the entry is found stored, so the change is answered"
    );
    assert_eq!(state.seq, 2);
    assert_eq!(store.journal_len().unwrap(), 2, "stored once");
    let entry = stored(&mut test, 2).expect("the second entry is stored");
    assert!(entry.contains("RevokePair"), "{entry}");
    assert_eq!(store.load().unwrap(), state, "the state is the database's");

    // Again, the database shut down under the waiting commit and away for seconds: the store
    // keeps asking until it is back, and finds the change stored.
    let mut test = standby_required(&cluster, &address);
    let writer = write_on_a_thread(store, state, 3);
    backend_where(&mut test, "wait_event = 'SyncRep'");
    drop(test);
    cluster.stop();
    std::thread::sleep(Duration::from_secs(3));
    cluster.start_again();
    let mut test = psql(&address);
    standby_lifted(&mut test);
    let (result, state, store) = writer.join().unwrap();
    assert_eq!(
        result.unwrap(),
        "answered",
        "asked until the database came back"
    );
    assert_eq!(state.seq, 3);
    assert_eq!(store.journal_len().unwrap(), 3, "stored once");

    // The same with the standby still away: the primary has the change, the standby, which a
    // failover would promote, may not, so it is not answered as stored.
    let mut test = standby_required(&cluster, &address);
    let writer = write_on_a_thread(store, state, 4);
    let pid = backend_where(&mut test, "wait_event = 'SyncRep'");
    test.execute("SELECT pg_terminate_backend($1)", &[&pid])
        .unwrap();
    let (result, state, store) = writer.join().unwrap();
    match result {
        Err(StoreError::Unconfirmed(detail)) => {
            assert!(detail.contains("did not confirm it"), "{detail}")
        }
        other => panic!("a commit its standby may not have is not confirmed, not {other:?}"),
    }
    assert_eq!(state.seq, 4, "read back: the primary has it");
    assert_eq!(store.journal_len().unwrap(), 4, "stored once");

    // A commit the database holds up and nobody ends: the watchdog cancels its wait after 10 s
    // (PostgreSQL has committed it on the primary, and says so with a warning), so the state is
    // let go; the change is answered as not confirmed, since the standby may not have it.
    let (done, outcome) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(write_on_a_thread(store, state, 5).join());
    });
    let (result, state, store) = outcome
        .recv_timeout(super::watchdog::COMMIT_WAIT * 6)
        .expect("the held commit was let go")
        .unwrap();
    match result {
        Err(StoreError::Unconfirmed(detail)) => {
            assert!(detail.contains("standby may not"), "{detail}")
        }
        other => panic!("a commit cut short of its standby is not confirmed, not {other:?}"),
    }
    assert_eq!(state.seq, 5, "read back: the primary has it");
    assert_eq!(store.journal_len().unwrap(), 5, "stored once");
    assert_eq!(store.load().unwrap(), state);
}

#[test]
fn a_journal_that_lost_its_last_entries_is_read_again_rather_than_written_after() {
    let (_cluster, address, mut store, mut state) = one_entry_written("lost_entries");
    store
        .transact(&mut state, |state| change(state, 2))
        .unwrap();
    // The database restored from a backup taken before the second entry (or failed over to a
    // standby that had not received it).
    let mut test = psql(&address);
    test.execute("DELETE FROM journal WHERE seq = 2", &[])
        .unwrap();

    // Writing after the state's entry 2 would leave a gap at 2: refused, tried again, the state
    // read back as the database has it.
    match store.transact(&mut state, |state| change(state, 3)) {
        Err(StoreError::Unavailable(detail)) => {
            assert!(detail.contains("no longer holds entry 2"), "{detail}")
        }
        other => panic!("a write after lost entries is refused, not {other:?}"),
    }
    assert_eq!(state.seq, 1, "the state was read back");
    store
        .transact(&mut state, |state| change(state, 3))
        .unwrap();
    assert_eq!(state.seq, 2);
    let entry = stored(&mut test, 2).expect("the entry is written where the journal ends");
    assert!(entry.contains("\"pair\":3"), "{entry}");
    assert_eq!(store.load().unwrap(), state);
}

#[test]
fn a_commit_cut_off_before_it_landed_is_answered_unavailable_and_the_state_read_back() {
    let (_cluster, address, mut store, mut state) = one_entry_written("cut_commit");

    // A check deferred to the commit that takes its time: the backend is ended inside the commit,
    // before it lands.
    let mut test = psql(&address);
    slow_commits(&mut test);
    let writer = std::thread::spawn(move || {
        let result = store.transact(&mut state, |state| change(state, 2));
        (result, state, store)
    });
    let pid = backend_where(&mut test, "wait_event = 'PgSleep'");
    test.execute("SELECT pg_terminate_backend($1)", &[&pid])
        .unwrap();
    let (result, mut state, mut store) = writer.join().unwrap();

    match result {
        Err(StoreError::Unavailable(detail)) => assert!(
            detail.contains("did not land"),
            "the store asked whether it landed: {detail}"
        ),
        other => panic!("a commit cut off is answered unavailable, not {other:?}"),
    }
    assert_eq!(stored(&mut test, 2), None, "nothing stored");
    assert_eq!(state.seq, 1, "the state was read back, not left ahead");
    assert_eq!(store.load().unwrap(), state);

    // The same change, tried again, is stored once.
    test.batch_execute("DROP TRIGGER slow ON journal").unwrap();
    store
        .transact(&mut state, |state| change(state, 2))
        .unwrap();
    assert_eq!(state.seq, 2);
    assert_eq!(store.journal_len().unwrap(), 2);
}

#[test]
fn a_commit_lost_with_a_crashed_database_is_answered_unavailable() {
    let (cluster, address, store, state) = one_entry_written("crashed");

    // A commit held in a deferred check while the database crashes: no commit record, and its
    // inserts' records still in memory (the WAL writer flushes every 10 s here), so the database
    // comes back without any trace of the transaction, whose id is then "in the future".
    let mut test = psql(&address);
    slow_commits(&mut test);
    test.batch_execute("ALTER SYSTEM SET wal_writer_delay = '10s'")
        .unwrap();
    drop(test);
    cluster.stop();
    cluster.start_again();
    let mut test = psql(&address);
    let writer = std::thread::spawn(move || {
        let (mut store, mut state) = (store, state);
        let result = store.transact(&mut state, |state| change(state, 2));
        (result, state, store)
    });
    backend_where(&mut test, "wait_event = 'PgSleep'");
    drop(test);
    cluster.stop();
    cluster.start_again();
    let (result, state, store) = writer.join().unwrap();
    match result {
        Err(StoreError::Unavailable(detail)) => {
            assert!(detail.contains("did not land"), "{detail}")
        }
        other => panic!("a commit lost with the database is answered unavailable, not {other:?}"),
    }
    let mut test = psql(&address);
    assert_eq!(stored(&mut test, 2), None, "nothing stored");
    assert_eq!(state.seq, 1, "the state was read back");
    assert_eq!(store.load().unwrap(), state);
}

#[test]
fn a_writer_frozen_inside_its_transaction_lets_the_journal_go() {
    let cluster = Cluster::start();
    let address = cluster.database("frozen");
    let mut frozen = Store::open_address(&address).unwrap();
    let mut other = Store::open_address(&address).unwrap();
    let mut frozen_state = frozen.load().unwrap();
    let mut other_state = other.load().unwrap();

    // A server that stops while it holds the journal lock, longer than the database lets a
    // transaction sit idle.
    let writer = std::thread::spawn(move || {
        let result = frozen.transact(&mut frozen_state, |state| {
            std::thread::sleep(super::postgres::IDLE_IN_TRANSACTION + Duration::from_secs(2));
            change(state, 1);
        });
        (result, frozen_state, frozen)
    });
    let mut test = psql(&address);
    backend_where(
        &mut test,
        "pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)",
    );

    // Another server's writes wait for it, each at most the lock timeout, and get through once the
    // database has ended the frozen one's session.
    let mut refusals = Vec::new();
    loop {
        match other.transact(&mut other_state, |state| change(state, 2)) {
            Ok(()) => break,
            Err(error) => {
                refusals.push(error.to_string());
                assert!(
                    refusals.len() < 4,
                    "the lock was never let go: {refusals:?}"
                );
            }
        }
    }
    assert!(
        refusals
            .iter()
            .all(|refusal| refusal.contains("held the journal")),
        "{refusals:?}"
    );
    assert_eq!(other_state.seq, 1);

    // The frozen server, when it wakes, finds its transaction gone: unavailable, nothing of its
    // stored, its state read back.
    let (result, frozen_state, frozen) = writer.join().unwrap();
    match result {
        Err(StoreError::Unavailable(_)) => {}
        other => panic!("a writer whose session was ended is answered unavailable, not {other:?}"),
    }
    assert_eq!(frozen_state, other_state);
    assert_eq!(frozen.journal_len().unwrap(), 1);
    let entry = stored(&mut test, 1).expect("the other server's entry");
    assert!(entry.contains("\"pair\":2"), "{entry}");
}
