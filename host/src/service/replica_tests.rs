//! The service as replicas on one PostgreSQL database (a throwaway cluster each): writes held up
//! by another server's lock hold no read up, snapshots shared, a database that lost entries or
//! restarted.

use super::tests::{customer, mint, service_on};
use super::*;
use costfolio::api::handle;

/// Another server holding the journal lock (frozen, say) holds up this one's writes, not its
/// reads, even those that catch up with what a third committed meanwhile; a write waits at
/// most the lock timeout, then answers 503, and nothing is stored.
#[test]
fn a_write_waiting_for_another_servers_lock_holds_no_read_up() {
    let cluster = costfolio_host_testkit::Cluster::start();
    let address = cluster.database("held");
    let token = mint(&address);
    let service = std::sync::Arc::new(service_on(&address));
    assert_eq!(service.process(customer(&token, "FIRST"), None).status, 200);
    // A third server's write, committed just before the lock was taken, which this one has
    // not seen yet: its entry, made as the third server would make it.
    let third = {
        let mut state = Store::open_address(&address).unwrap().load().unwrap();
        let mut context = Context::new("http://x", chrono::Utc::now().naive_utc(), vec![1; 64]);
        context.user = Some("ada".into());
        context.budget_admin = true;
        context.write = true;
        let mut request = customer(&token, "THIRD");
        request.split_query().unwrap();
        assert_eq!(handle(&mut state, &request, &context).status, 200);
        let entries = state.take_journal();
        assert_eq!(entries.len(), 1);
        entries.into_iter().next().unwrap()
    };
    let mut other = postgres::Client::connect(&address, postgres::NoTls).unwrap();
    let mut held = other.transaction().unwrap();
    held.execute(
        "SELECT pg_advisory_xact_lock($1)",
        &[&crate::store::postgres::JOURNAL_LOCK],
    )
    .unwrap();
    let writer = {
        let (service, token) = (service.clone(), token.clone());
        std::thread::spawn(move || service.process(customer(&token, "HELD"), None))
    };
    // Once the write waits for the lock (the database says so)...
    let mut watcher = postgres::Client::connect(&address, postgres::NoTls).unwrap();
    let started = Instant::now();
    loop {
        let waiting: i64 = watcher
            .query_one(
                "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
                &[],
            )
            .unwrap()
            .get(0);
        if waiting > 0 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the write never waited"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // ...and the third server's entry has landed...
    watcher
        .execute(
            "INSERT INTO journal (seq, entry) VALUES ($1, $2)",
            &[&(third.seq as i64), &costfolio::model::to_json(&third)],
        )
        .unwrap();
    // ...reads are answered, the third server's write in them, while it still waits.
    for _ in 0..5 {
        let mut read = Request::new("GET", "/core/3/customers")
            .header("Authorization", &format!("Bearer {token}"));
        read.split_query().unwrap();
        let answer = service.process(read, None);
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert!(answer.text().contains("FIRST"));
        assert!(answer.text().contains("THIRD"), "{}", answer.text());
    }
    assert!(!writer.is_finished(), "the write went through a held lock");
    let refused = writer.join().unwrap();
    assert_eq!(refused.status, 503, "{}", refused.text());
    assert!(
        refused.text().contains("held the journal"),
        "{}",
        refused.text()
    );
    held.rollback().unwrap();
    // Free again: writes go on; the refused one was never stored.
    assert_eq!(service.process(customer(&token, "AFTER"), None).status, 200);
    let store = Store::open_address(&address).unwrap();
    assert_eq!(store.journal_len().unwrap(), 5);
    assert_eq!(store.last_seq().unwrap(), 5);
}

/// A write queued behind this server's other writers for as long as a write may wait in all
/// is answered 503 then, without waiting again for the journal: queued writers do not each
/// wait the whole lock timeout in turn.
#[test]
fn a_write_queued_past_its_time_is_answered_at_once_and_stores_nothing() {
    let cluster = costfolio_host_testkit::Cluster::start();
    let address = cluster.database("queued");
    let token = mint(&address);
    let service = Arc::new(service_on(&address));
    let queued = {
        // The writers' lock, held as a writer waiting for the journal would.
        let writers = service.writer.lock();
        let queued = {
            let (service, token) = (service.clone(), token.clone());
            std::thread::spawn(move || service.process(customer(&token, "QUEUED"), None))
        };
        // Answered while the lock is still held, once its time is up.
        let started = Instant::now();
        while !queued.is_finished() {
            assert!(
                started.elapsed() < WRITE_WAIT * 4,
                "the queued write still waits"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(writers);
        queued
    };
    let refused = queued.join().unwrap();
    assert_eq!(refused.status, 503, "{}", refused.text());
    assert!(
        refused.text().contains("held by other writers"),
        "{}",
        refused.text()
    );
    assert_eq!(refused.header_value("Retry-After"), Some("1"));
    let store = Store::open_address(&address).unwrap();
    assert_eq!(
        store.journal_len().unwrap(),
        2,
        "only ada's and the token's entries"
    );
    assert_eq!(service.process(customer(&token, "NEXT"), None).status, 200);
}

/// Replicas on one database write one snapshot between them every so many entries, not one
/// each.
#[test]
fn a_replica_does_not_write_a_snapshot_another_has_just_written() {
    let cluster = costfolio_host_testkit::Cluster::start();
    let address = cluster.database("snapshots");
    let token = mint(&address);
    let (a, b) = (service_on(&address), service_on(&address));
    a.writer.lock().snapshot_every = 5;
    b.writer.lock().snapshot_every = 5;
    // Both loaded ada's and the token's entries (2); a snapshots at 7.
    for key in ["A", "B", "C", "D", "E"] {
        assert_eq!(a.process(customer(&token, key), None).status, 200);
    }
    let store = Store::open_address(&address).unwrap();
    assert_eq!(store.latest_snapshot().unwrap(), Some(7), "written by a");
    assert_eq!(b.process(customer(&token, "F"), None).status, 200);
    assert_eq!(
        store.latest_snapshot().unwrap(),
        Some(7),
        "b finds a's snapshot recent and writes none"
    );
    for key in ["G", "H", "I", "J"] {
        assert_eq!(b.process(customer(&token, key), None).status, 200);
    }
    assert_eq!(store.latest_snapshot().unwrap(), Some(12), "b's turn");
}

/// A database that lost its last entries (restored from a backup, failed over to a standby
/// behind): the replica reads its journal again rather than answer from, or write after,
/// entries the database no longer has.
#[test]
fn a_replica_whose_database_lost_entries_reads_it_again() {
    let cluster = costfolio_host_testkit::Cluster::start();
    let address = cluster.database("lost");
    let token = mint(&address);
    let service = service_on(&address);
    for key in ["KEPT", "LOST"] {
        assert_eq!(service.process(customer(&token, key), None).status, 200);
    }
    let mut test = postgres::Client::connect(&address, postgres::NoTls).unwrap();
    test.execute("DELETE FROM journal WHERE seq = 4", &[])
        .unwrap();
    let mut read = Request::new("GET", "/core/3/customers")
        .header("Authorization", &format!("Bearer {token}"));
    read.split_query().unwrap();
    let first = service.process(read.clone(), None);
    assert_eq!(first.status, 503, "{}", first.text());
    let answer = service.process(read.clone(), None);
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(answer.text().contains("KEPT"), "{}", answer.text());
    assert!(!answer.text().contains("LOST"), "{}", answer.text());
    // Writes go on where the database's journal ends: no gap.
    assert_eq!(service.process(customer(&token, "NEW"), None).status, 200);
    let store = Store::open_address(&address).unwrap();
    assert_eq!(store.last_seq().unwrap(), 4);
    assert_eq!(store.journal_len().unwrap(), 4);
}

#[test]
fn two_replicas_on_one_postgres_database_serve_the_same_data() {
    let cluster = costfolio_host_testkit::Cluster::start();
    let address = cluster.database("replicas");
    let token = mint(&address);
    let (a, b) = (service_on(&address), service_on(&address));
    // Writes through both, alternately; each read, through either, sees all written so far.
    let list = Request::new("GET", "/core/3/customers?limit=1000")
        .header("Authorization", &format!("Bearer {token}"));
    for i in 0..10 {
        let (writer, reader) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
        assert_eq!(
            writer
                .process(customer(&token, &format!("K{i}")), None)
                .status,
            200
        );
        let mut read = list.clone();
        read.split_query().unwrap();
        let answer = reader.process(read, None);
        assert_eq!(answer.status, 200, "{}", answer.text());
        let count = answer.text().matches("\"key\":\"K").count();
        assert_eq!(
            count,
            i + 1,
            "read {i} through the other replica: {}",
            answer.text()
        );
    }
    // The journal: one entry per write (and ada's and the token's), no gap, no duplicate.
    let store = Store::open_address(&address).unwrap();
    assert_eq!(store.journal_len().unwrap(), 12);
    assert_eq!(store.last_seq().unwrap(), 12);
    assert_eq!(store.load().unwrap().customers.len(), 10);
}

#[test]
fn a_database_restart_answers_503_and_service_resumes_by_itself() {
    let cluster = costfolio_host_testkit::Cluster::start();
    let address = cluster.database("restart");
    let token = mint(&address);
    let service = service_on(&address);
    assert_eq!(
        service.process(customer(&token, "BEFORE"), None).status,
        200
    );
    cluster.stop();
    // During the outage: 503 in the interface's envelope, with Retry-After; nothing stored.
    let refused = service.process(customer(&token, "DURING"), None);
    assert_eq!(refused.status, 503, "{}", refused.text());
    assert!(
        refused.text().starts_with(r#"{"errors":["#),
        "{}",
        refused.text()
    );
    assert_eq!(refused.header_value("Retry-After"), Some("1"));
    let mut read = Request::new("GET", "/core/3/customers")
        .header("Authorization", &format!("Bearer {token}"));
    read.split_query().unwrap();
    assert_eq!(service.process(read.clone(), None).status, 503);
    cluster.start_again();
    // Back by itself: the next write reconnects; the refused one was never stored.
    let after = service.process(customer(&token, "AFTER"), None);
    assert_eq!(after.status, 200, "{}", after.text());
    let answer = service.process(read, None);
    assert_eq!(answer.status, 200);
    assert!(answer.text().contains("BEFORE") && answer.text().contains("AFTER"));
    assert!(!answer.text().contains("DURING"), "{}", answer.text());
    let store = Store::open_address(&address).unwrap();
    assert_eq!(store.journal_len().unwrap(), 4);
    assert_eq!(store.last_seq().unwrap(), 4);
}
