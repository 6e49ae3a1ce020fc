//! Several `costfolio serve` processes on one PostgreSQL database, over real HTTP on
//! loopback: writes through both replicas, each reading all of them at once; a replica killed
//! (SIGKILL) in the middle of writes through both; the database restarted under a stream of
//! writes. Each test starts its own throwaway cluster (Debian's `initdb` and `pg_ctl`, socket
//! only); every loop is bounded in count and time.

// A test crate: its helpers unwrap and panic as its tests do (the workspace denies them in the
// code it tests).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

mod support;

use support::{Db, Kind, Server};

/// One answer: status, head, body.
struct Answer {
    status: u16,
    head: String,
    body: String,
}

/// One HTTP/1.1 exchange on a new connection; an error when the server is gone.
fn http(port: u16, method: &str, path: &str, token: &str, body: &str) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::other(format!("no answer in {text:?}")))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status in {head:?}")))?;
    Ok(Answer {
        status,
        head: head.to_owned(),
        body: body.to_owned(),
    })
}

fn create(port: u16, token: &str, key: &str) -> std::io::Result<Answer> {
    let body = format!(r#"{{"key":"{key}","name":"Customer {key}"}}"#);
    http(port, "POST", "/core/3/customers", token, &body)
}

/// The keys of every customer, as the server on `port` answers them now.
fn keys(port: u16, token: &str) -> BTreeSet<String> {
    let answer = http(port, "GET", "/core/3/customers", token, "").unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    let value: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
    let results = value["results"].as_array().unwrap();
    let keys: BTreeSet<String> = results
        .iter()
        .map(|c| c["key"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(keys.len(), results.len(), "a customer is listed twice");
    keys
}

/// An administrator and her token on the database `db` (through the command line, on
/// PostgreSQL): only administrators change the core interface's data (S11.6).
fn token(db: &Path) -> String {
    support::cli(
        db,
        &[
            "user",
            "add",
            "ada",
            "--password",
            "a good password",
            "--admin",
        ],
    );
    support::cli(db, &["token", "mint", "ada"])
}

/// The journal's sequence numbers, read from the database itself: they must be 1, 2, 3...
fn journal_is_gap_free(db: &Db) -> u64 {
    let address = db.to_str().unwrap();
    let mut client = postgres::Client::connect(address, postgres::NoTls).unwrap();
    let seqs: Vec<i64> = client
        .query("SELECT seq FROM journal ORDER BY seq", &[])
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    let expected: Vec<i64> = (1..=seqs.len() as i64).collect();
    assert_eq!(seqs, expected, "the journal has a gap or a duplicate");
    seqs.len() as u64
}

/// Waits (at most two minutes) until `done` says so.
fn wait_until(what: &str, done: impl Fn() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "waited two minutes for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn writes_through_two_replicas_are_read_through_each_at_once() {
    let dir = support::scratch("replicas");
    let db = Db::new(Kind::Postgres, &dir);
    let token = token(&db);
    let (a, b) = (Server::start(&db), Server::start(&db));
    let ports = [a.port, b.port];
    // A write answered by one replica is read by the other at once: no waiting for a poll.
    for i in 0..20 {
        let (write, read) = (ports[i % 2], ports[(i + 1) % 2]);
        let key = format!("SEEN{i}");
        assert_eq!(create(write, &token, &key).unwrap().status, 200);
        assert!(
            keys(read, &token).contains(&key),
            "{key}, written through one replica, was not read through the other"
        );
    }
    // Four clients, two on each replica, write at once.
    let writers: Vec<_> = (0..4)
        .map(|client| {
            let (token, port) = (token.clone(), ports[client % 2]);
            std::thread::spawn(move || {
                (0..40)
                    .map(|i| {
                        let key = format!("C{client}-{i}");
                        let answer = create(port, &token, &key).unwrap();
                        assert_eq!(answer.status, 200, "{key}: {}", answer.body);
                        key
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut written: BTreeSet<String> = (0..20).map(|i| format!("SEEN{i}")).collect();
    for writer in writers {
        written.extend(writer.join().unwrap());
    }
    assert_eq!(written.len(), 180);
    assert_eq!(keys(a.port, &token), written);
    assert_eq!(keys(b.port, &token), written);
    // One entry for the user (the service knows her), one for the token, one for each customer:
    // no gap, no duplicate.
    assert_eq!(journal_is_gap_free(&db), 2 + 180);
}

#[test]
fn a_replica_killed_during_writes_through_both_loses_nothing_answered() {
    let dir = support::scratch("replicas");
    let db = Db::new(Kind::Postgres, &dir);
    let token = token(&db);
    let (doomed, survivor) = (Server::start(&db), Server::start(&db));
    let stop = Arc::new(AtomicBool::new(false));
    let counts = [Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0))];
    let writers: Vec<_> = [doomed.port, survivor.port]
        .into_iter()
        .enumerate()
        .map(|(n, port)| {
            let (token, stop, count) = (token.clone(), stop.clone(), counts[n].clone());
            std::thread::spawn(move || {
                let mut answered = Vec::new();
                for i in 0..5_000 {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let key = format!("R{n}-{i}");
                    match create(port, &token, &key) {
                        Ok(answer) if answer.status == 200 => {
                            answered.push(key);
                            count.fetch_add(1, Ordering::SeqCst);
                        }
                        Ok(answer) => panic!("{key} answered {}: {}", answer.status, answer.body),
                        // The killed replica: its connection was cut, the write unanswered.
                        Err(_) => break,
                    }
                }
                answered
            })
        })
        .collect();
    // Killed once both have answered writes (counted, not timed), while both streams run.
    wait_until("writes through both replicas", || {
        counts.iter().all(|c| c.load(Ordering::SeqCst) >= 25)
    });
    doomed.kill();
    // The survivor keeps answering: 25 more writes after the kill.
    let after_kill = counts[1].load(Ordering::SeqCst);
    wait_until("the survivor's writes after the kill", || {
        counts[1].load(Ordering::SeqCst) >= after_kill + 25
    });
    // The killed replica restarted catches up, and then keeps up with the survivor.
    let restarted = Server::start(&db);
    stop.store(true, Ordering::SeqCst);
    let answered: BTreeSet<String> = writers
        .into_iter()
        .flat_map(|writer| writer.join().unwrap())
        .collect();
    let read = keys(restarted.port, &token);
    for key in &answered {
        assert!(read.contains(key), "answered write {key} was lost");
    }
    assert_eq!(keys(survivor.port, &token), read);
    assert_eq!(create(survivor.port, &token, "LATE").unwrap().status, 200);
    assert!(keys(restarted.port, &token).contains("LATE"));
    // At most the one write in flight at the kill was committed unanswered.
    assert!(read.len() <= answered.len() + 1, "{read:?}");
    journal_is_gap_free(&db);
}

#[test]
fn a_database_restarted_under_writes_answers_503_then_resumes_by_itself() {
    let dir = support::scratch("replicas");
    let db = Db::new(Kind::Postgres, &dir);
    let token = token(&db);
    let server = Server::start(&db);
    let port = server.port;
    let answered = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    // Four clients at once; each key is sent until it is answered, as a client that honours
    // Retry-After would.
    let writers: Vec<_> = (0..4)
        .map(|client| {
            let (token, answered, refused) = (token.clone(), answered.clone(), refused.clone());
            std::thread::spawn(move || {
                let mut landed_unanswered = 0;
                for i in 0..40 {
                    let key = format!("D{client}-{i}");
                    let mut was_refused = false;
                    for attempt in 0.. {
                        assert!(attempt < 600, "{key} was refused 600 times");
                        let answer = create(port, &token, &key).unwrap();
                        match answer.status {
                            200 => break,
                            503 => {
                                // In the core interface's envelope, with a hint when to try again.
                                let body: serde_json::Value =
                                    serde_json::from_str(&answer.body).unwrap();
                                assert!(
                                    body["errors"][0]["message"]
                                        .as_str()
                                        .is_some_and(|m| m.contains("try again")),
                                    "{}",
                                    answer.body
                                );
                                assert!(
                                    answer.head.to_ascii_lowercase().contains("retry-after: 1"),
                                    "{}",
                                    answer.head
                                );
                                refused.fetch_add(1, Ordering::SeqCst);
                                was_refused = true;
                                std::thread::sleep(Duration::from_millis(50));
                            }
                            // The write refused as a 503 had been committed after all (the database
                            // went away between its commit and the answer): it is there once.
                            400 if was_refused && answer.body.contains("already") => {
                                landed_unanswered += 1;
                                break;
                            }
                            status => panic!("{key} answered {status}: {}", answer.body),
                        }
                    }
                    answered.fetch_add(1, Ordering::SeqCst);
                }
                landed_unanswered
            })
        })
        .collect();
    wait_until("writes before the restart", || {
        answered.load(Ordering::SeqCst) >= 20
    });
    let cluster = db.cluster.as_ref().unwrap();
    cluster.stop();
    wait_until("a write refused while the database is down", || {
        refused.load(Ordering::SeqCst) >= 2
    });
    cluster.start_again();
    let landed_unanswered: u32 = writers.into_iter().map(|w| w.join().unwrap()).sum();
    // Every key exactly once: nothing lost, nothing doubled.
    let expected: BTreeSet<String> = (0..4)
        .flat_map(|client| (0..40).map(move |i| format!("D{client}-{i}")))
        .collect();
    assert_eq!(keys(port, &token), expected);
    // A write in flight when the database stopped is asked about until it is back: none is
    // answered 503 and found stored afterwards.
    assert_eq!(landed_unanswered, 0);
    // The user's and the token's entries, and one per customer.
    assert_eq!(journal_is_gap_free(&db), 2 + 160);
}

/// Two replicas started with `--demo` at the same moment on an empty database: the demo is added
/// once, and the one password printed is the demo user's.
#[test]
fn two_replicas_started_with_the_demo_at_once_add_it_once() {
    let dir = support::scratch("replicas");
    let db = Db::new(Kind::Postgres, &dir);
    let starts: Vec<_> = (0..2)
        .map(|_| {
            let address = db.to_path_buf();
            std::thread::spawn(move || support::start_printing(&address, &["--demo"]))
        })
        .collect();
    let started: Vec<_> = starts.into_iter().map(|s| s.join().unwrap()).collect();
    let passwords: Vec<String> = started
        .iter()
        .flat_map(|(_, lines)| lines.iter())
        .filter_map(|line| line.split(" with password ").nth(1))
        .filter_map(|rest| rest.split(' ').next())
        .map(str::to_owned)
        .collect();
    assert_eq!(
        passwords.len(),
        1,
        "{started:?}",
        started = started.iter().map(|s| &s.1).collect::<Vec<_>>()
    );
    let demo = support::basic("demo", &passwords[0]);
    for (server, _) in &started {
        let answer = support::send(
            server.port,
            "GET",
            "/budgets/1/folio",
            &[("Authorization", &demo)],
            "",
        );
        assert_eq!(answer.status, 200, "{}", answer.text());
        let folios: serde_json::Value = serde_json::from_str(&answer.text()).unwrap();
        assert_eq!(folios["success"].as_array().unwrap().len(), 3);
    }
    journal_is_gap_free(&db);
}
