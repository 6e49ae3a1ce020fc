//! The server over real HTTP on loopback: restart, a SIGKILL in the middle of writes, eight
//! concurrent clients, and bad input. Each test starts its own `costfolio serve` on a free port
//! with its own database, and every loop is bounded in count and time. The tests that touch the
//! store run on both stores: a SQLite file and a PostgreSQL database.

// A test crate: its helpers unwrap and panic as its tests do (the workspace denies them in the
// code it tests).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

mod support;

use support::{cli, Db, Kind, Server, BIN};

/// A fresh folder for one test's database.
fn scratch() -> PathBuf {
    support::scratch("test")
}

/// A personal token of `user`, added first as an administrator (tokens are minted for existing
/// users only; only administrators change the core interface's data, S11.6).
fn token_for(db: &Path, user: &str) -> String {
    cli(
        db,
        &[
            "user",
            "add",
            user,
            "--password",
            "a good password",
            "--admin",
        ],
    );
    cli(db, &["token", "mint", user])
}

/// One HTTP/1.1 exchange: (status, body).
fn http(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(20)))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    // A large body may be refused before it is all sent; the answer still comes.
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status in {text:?}")))?;
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    Ok((status, body))
}

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

fn create_customer(port: u16, token: &str, key: &str) -> std::io::Result<u16> {
    let auth = bearer(token);
    let body = format!(r#"{{"key":"{key}","name":"Customer {key}"}}"#);
    http(
        port,
        "POST",
        "/core/3/customers",
        &[
            ("Authorization", &auth),
            ("Content-Type", "application/json"),
        ],
        body.as_bytes(),
    )
    .map(|r| r.0)
}

fn customer_count(port: u16, token: &str) -> usize {
    let (status, body) = http(
        port,
        "GET",
        "/core/3/customers",
        &[("Authorization", &bearer(token))],
        b"",
    )
    .unwrap();
    assert_eq!(status, 200);
    let value: serde_json::Value = serde_json::from_str(&body).unwrap();
    value["results"].as_array().unwrap().len()
}

fn what_was_created_is_still_there_after_a_restart(kind: Kind) {
    let dir = scratch();
    let db = Db::new(kind, &dir);
    cli(
        &db,
        &[
            "user",
            "add",
            "ada",
            "--password",
            "correct-horse",
            "--admin",
        ],
    );
    let token = cli(&db, &["token", "mint", "ada"]);
    let server = Server::start(&db);
    assert_eq!(create_customer(server.port, &token, "ACME").unwrap(), 200);
    let folio = r#"{"name":"Bridge","description":"","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;
    // "ada:correct-horse" in base64.
    let basic = [
        ("Authorization", "Basic YWRhOmNvcnJlY3QtaG9yc2U="),
        ("Content-Type", "application/json"),
    ];
    let (status, body) = http(
        server.port,
        "POST",
        "/budgets/1/folio",
        &basic,
        folio.as_bytes(),
    )
    .unwrap();
    assert_eq!((status, body.as_str()), (200, r#"{"success":1}"#));
    drop(server);

    // A snapshot between runs shortens the replay and loses nothing.
    cli(&db, &["snapshot"]);
    let server = Server::start(&db);
    assert_eq!(customer_count(server.port, &token), 1);
    let (status, body) = http(server.port, "GET", "/budgets/1/folio/1", &basic, b"").unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#""name":"Bridge""#));
    // Ids go on where they stopped.
    assert_eq!(create_customer(server.port, &token, "GLOBEX").unwrap(), 200);
    let (_, body) = http(
        server.port,
        "GET",
        "/core/3/customers/GLOBEX",
        &[("Authorization", &bearer(&token))],
        b"",
    )
    .unwrap();
    assert!(body.contains(r#""id":2"#), "{body}");
}

fn a_sigkill_loses_no_answered_write(kind: Kind) {
    let dir = scratch();
    let db = Db::new(kind, &dir);
    let token = token_for(&db, "ada");
    let server = Server::start(&db);
    let port = server.port;
    // A stream of writes from another thread; the server is killed while it runs.
    // The kill comes once some writes have been answered (counted, not timed: a loaded machine
    // may answer none in a fixed delay), while the stream is still running.
    let writer_token = token.clone();
    let count = std::sync::Arc::new(AtomicU64::new(0));
    let answered_so_far = count.clone();
    let writer = std::thread::spawn(move || {
        let mut answered = Vec::new();
        for i in 0..2_000 {
            match create_customer(port, &writer_token, &format!("K{i}")) {
                Ok(200) => {
                    answered.push(format!("K{i}"));
                    answered_so_far.fetch_add(1, Ordering::SeqCst);
                }
                Ok(status) => panic!("write {i} answered {status}"),
                Err(_) => break,
            }
        }
        answered
    });
    let waiting = Instant::now();
    while count.load(Ordering::SeqCst) < 25 && !writer.is_finished() {
        assert!(
            waiting.elapsed() < Duration::from_secs(120),
            "the server answered no write in two minutes"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    server.kill();
    let answered = writer.join().unwrap();
    assert!(
        !answered.is_empty(),
        "no write was answered before the kill"
    );
    // After a restart, every answered write is there and the journal replays cleanly.
    let server = Server::start(&db);
    let (status, body) = http(
        server.port,
        "GET",
        "/core/3/customers",
        &[("Authorization", &bearer(&token))],
        b"",
    )
    .unwrap();
    assert_eq!(status, 200);
    for key in &answered {
        assert!(
            body.contains(&format!(r#""key":"{key}""#)),
            "answered write {key} was lost"
        );
    }
    assert_eq!(create_customer(server.port, &token, "AFTER").unwrap(), 200);
}

fn eight_clients_write_and_read_without_losing_anything(kind: Kind) {
    let dir = scratch();
    let db = Db::new(kind, &dir);
    let token = token_for(&db, "ada");
    let server = Server::start(&db);
    let port = server.port;
    let started = Instant::now();
    let clients: Vec<_> = (0..8)
        .map(|client| {
            let token = token.clone();
            std::thread::spawn(move || {
                let (mut writes, mut requests) = (0u64, 0u64);
                let begun = Instant::now();
                for i in 0..400 {
                    if begun.elapsed() > Duration::from_secs(4) {
                        break;
                    }
                    let status = if i % 4 == 3 {
                        http(
                            port,
                            "GET",
                            "/core/3/customers?id=1",
                            &[("Authorization", &bearer(&token))],
                            b"",
                        )
                        .unwrap()
                        .0
                    } else {
                        writes += 1;
                        create_customer(port, &token, &format!("C{client}-{i}")).unwrap()
                    };
                    assert!(status < 500, "client {client} request {i}: {status}");
                    assert_eq!(status, 200);
                    requests += 1;
                }
                (writes, requests)
            })
        })
        .collect();
    let (mut writes, mut requests) = (0, 0);
    for client in clients {
        let (w, r) = client.join().unwrap();
        writes += w;
        requests += r;
    }
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(
        customer_count(port, &token) as u64,
        writes,
        "a write was lost"
    );
    eprintln!("load: 8 clients, {requests} requests ({writes} writes) in {seconds:.2} s = {:.0} requests/s", requests as f64 / seconds);
}

fn bad_input_over_the_wire(kind: Kind) {
    let dir = scratch();
    let db = Db::new(kind, &dir);
    let token = token_for(&db, "ada");
    let server = Server::start(&db);
    let port = server.port;
    let auth = bearer(&token);
    let json = [
        ("Authorization", auth.as_str()),
        ("Content-Type", "application/json"),
    ];
    // (method, path, headers, body, status, the envelope's field; none for a 401).
    type Case<'a> = (
        &'a str,
        &'a str,
        Vec<(&'a str, &'a str)>,
        Vec<u8>,
        u16,
        &'a str,
    );
    let cases: Vec<Case> = vec![
        (
            "POST",
            "/core/3/customers",
            json.to_vec(),
            b"{\"key\": ".to_vec(),
            400,
            "errors",
        ),
        (
            "POST",
            "/core/3/customers",
            vec![
                ("Authorization", auth.as_str()),
                ("Content-Type", "text/plain"),
            ],
            b"key=A".to_vec(),
            415,
            "errors",
        ),
        (
            "POST",
            "/core/3/customers",
            json.to_vec(),
            vec![b'a'; 2 << 20],
            413,
            "errors",
        ),
        (
            "GET",
            "/core/3/nowhere",
            json.to_vec(),
            Vec::new(),
            404,
            "errors",
        ),
        (
            "GET",
            "/nowhere/at/all",
            Vec::new(),
            Vec::new(),
            404,
            "errors",
        ),
        (
            "DELETE",
            "/core/3/account-category-types",
            json.to_vec(),
            Vec::new(),
            405,
            "errors",
        ),
        (
            "GET",
            "/core/3/accounts",
            vec![("Authorization", "Bearer not-a-token")],
            Vec::new(),
            401,
            "",
        ),
        (
            "GET",
            "/budgets/1/folio",
            vec![("Authorization", "Basic YWRhOndyb25n")],
            Vec::new(),
            401,
            "",
        ),
        (
            "POST",
            "/budgets/1/folio",
            vec![("Content-Type", "application/json")],
            vec![b'a'; 2 << 20],
            413,
            "errorMessages",
        ),
        (
            "POST",
            "/oauth/token/",
            vec![("Content-Type", "application/json")],
            b"{}".to_vec(),
            400,
            "error",
        ),
        // A plan import with credentials may be larger than other bodies (16 MiB), not 50 MB.
        (
            "POST",
            "/budgets/1/folio/import",
            json.to_vec(),
            vec![b' '; 50 << 20],
            413,
            "errorMessages",
        ),
        // Without credentials, an import body is held to 1 MiB like any other.
        (
            "POST",
            "/budgets/1/folio/import",
            vec![("Content-Type", "application/json")],
            vec![b' '; 2 << 20],
            413,
            "errorMessages",
        ),
        // Under its limit, a 2 MiB import body is read, and refused for what it holds.
        (
            "POST",
            "/budgets/1/folio/import",
            json.to_vec(),
            [b"{}".as_slice(), &vec![b' '; 2 << 20]].concat(),
            400,
            "errors",
        ),
    ];
    for (method, path, headers, body, status, field) in cases {
        let (got, text) = http(port, method, path, &headers, &body).unwrap();
        assert_eq!(got, status, "{method} {path}: {text}");
        if field.is_empty() {
            assert!(
                text.is_empty(),
                "{method} {path}: a 401 has no body, got {text}"
            );
        } else {
            let value: serde_json::Value = serde_json::from_str(&text)
                .unwrap_or_else(|_| panic!("{method} {path}: not JSON: {text}"));
            assert!(
                value.get(field).is_some(),
                "{method} {path}: no {field} in {text}"
            );
        }
    }
    // The server is still serving.
    assert_eq!(create_customer(port, &token, "STILL").unwrap(), 200);
}

/// `costfolio plan FILE.json` reads the document `GET /folio/{id}/plan` writes, and
/// computes from it the indicators the server answers for the folio's draft.
fn plan_reads_the_document_the_server_exports(kind: Kind) {
    let dir = scratch();
    let db = Db::new(kind, &dir);
    let token = token_for(&db, "ada");
    let server = Server::start(&db);
    let port = server.port;
    let auth = bearer(&token);
    let json = [
        ("Authorization", auth.as_str()),
        ("Content-Type", "application/json"),
    ];
    let folio = r#"{"name":"Bridge","description":"","owner":"ada","startDate":"2026-03-02","endDate":"2026-09-25","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;
    let calls: [(&str, &str); 4] = [
        ("/budgets/1/folio", folio),
        (
            "/budgets/1/position",
            r#"{"folioId":1,"name":"Engineer","description":"","title":"Engineer","rate":{"rate":50.25,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-08-28","percentage":60}}"#,
        ),
        (
            "/budgets/1/position/1/rate",
            r#"{"rate":55,"startDate":"2026-06-01"}"#,
        ),
        (
            "/budgets/1/expense",
            r#"{"folioId":1,"name":"Scaffolding","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":1000.00,"currencyCode":"EUR","amortized":true,"recurrence":{"kind":".Monthly","startDate":"2026-03-31","occurrences":5},"estimate":{"low":0.9,"likely":1.2,"high":2}}"#,
        ),
    ];
    for (path, body) in calls {
        let (status, text) = http(port, "POST", path, &json, body.as_bytes()).unwrap();
        assert_eq!(status, 200, "{path}: {text}");
    }
    let get = |path: &str| {
        let (status, text) = http(port, "GET", path, &[("Authorization", &auth)], b"").unwrap();
        assert_eq!(status, 200, "{path}: {text}");
        text
    };
    // The document, cut from the answer as sent (its numbers as the server wrote them).
    let answer = get("/budgets/1/folio/1/plan");
    let document = answer
        .strip_prefix(r#"{"success":"#)
        .and_then(|rest| rest.strip_suffix('}'))
        .unwrap_or_else(|| panic!("not a success: {answer}"));
    let file = dir.join("exported.json");
    std::fs::write(&file, document).unwrap();
    let output = Command::new(BIN)
        .args(["plan"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let plan: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    // Without asOf, the plan is computed at the folio's end.
    let server: serde_json::Value = serde_json::from_str(&get(
        "/budgets/1/folio/1/indicators?asOf=2026-09-25&plan=draft",
    ))
    .unwrap();
    assert_eq!(plan["indicators"], server["success"]);
    assert_ne!(plan["indicators"]["bac"].to_string(), "0.00");
    // S14.3: `costfolio forecast` reproduces the server's forecast of the same seed to the cent.
    let output = Command::new(BIN)
        .args([
            "forecast",
            "--seed",
            "9",
            "--as-of",
            "2026-05-15",
            "--iterations",
            "3000",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let forecast: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let server: serde_json::Value = serde_json::from_str(&get(
        "/budgets/1/folio/1/forecast?asOf=2026-05-15&seed=9&iterations=3000",
    ))
    .unwrap();
    assert_eq!(forecast, server["success"]);
    assert_eq!(forecast["method"]["uncertainLines"], 2);
}

#[test]
fn plan_computes_a_folio_offline_as_json_and_csv() {
    let dir = scratch();
    let file = dir.join("plan.json");
    std::fs::write(
        &file,
        r#"{"folio":{"name":"Bridge","description":"","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1},
            "asOf":"2026-03-13",
            "holidays":[{"type":"FLOATING","name":"Local","durationSeconds":28800,"date":"2026-03-10"}],
            "positions":[{"position":{"folioId":1,"name":"Engineer","description":"","title":"Engineer","rate":{"rate":50,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":100}}}],
            "expenses":[{"folioId":1,"name":"Scaffolding","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":1000.00,"currencyCode":"EUR","amortized":true,"recurrence":{"kind":".Weekly","startDate":"2026-03-02","recurrenceOn":[1],"occurrences":4}}]}"#,
    )
    .unwrap();
    let output = Command::new(BIN)
        .args(["plan"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    // 19 working days x 400 = 7,600; plus 1,000 of scaffolding.
    assert_eq!(value["indicators"]["bac"].to_string(), "8600.00");
    assert_eq!(
        value["positions"][0]["lines"][0]["totalAmount"].to_string(),
        "7600.00"
    );
    assert_eq!(value["timeline"][0]["plannedCost"].to_string(), "8600.00");
    let csv = Command::new(BIN)
        .args(["plan", "--csv"])
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8(csv.stdout).unwrap();
    assert!(text.starts_with(
        "item,id,name,date,rate,effort,overtimeEffort,amount,overtimeAmount,totalAmount\n"
    ));
    assert!(
        text.contains("position,1,\"Engineer\",2026-03-02,50,152.00,0.00,7600.00,0.00,7600.00"),
        "{text}"
    );
    assert!(
        text.contains("expense,1,\"Scaffolding\",2026-03-09,,,,250.00,,250.00"),
        "{text}"
    );
    // One bucket, clipped to the folio.
    assert!(
        text.contains("2026-03-02,2026-03-27,8600.00,0.00,,,430.00,8600.00,,0.00"),
        "{text}"
    );
    // The summary: the same indicators and timeline, no payment lines.
    let summary = Command::new(BIN)
        .args(["plan", "--summary"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(summary.status.success());
    let short: serde_json::Value = serde_json::from_slice(&summary.stdout).unwrap();
    assert_eq!(short["indicators"], value["indicators"]);
    assert_eq!(short["timeline"], value["timeline"]);
    assert_eq!(short.as_object().unwrap().len(), 2, "{short}");
    let both = Command::new(BIN)
        .args(["plan", "--csv", "--summary"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(both.status.code(), Some(2));
    // A bad file is a clear error and exit code 2.
    std::fs::write(&file, r#"{"folio":{}}"#).unwrap();
    let bad = Command::new(BIN)
        .args(["plan"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("folio.name is required"));
    let bad = Command::new(BIN)
        .args(["plan", "--summary"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&bad.stderr).contains("folio.name is required"));
}

on_both_stores!(
    what_was_created_is_still_there_after_a_restart,
    a_sigkill_loses_no_answered_write,
    eight_clients_write_and_read_without_losing_anything,
    bad_input_over_the_wire,
    plan_reads_the_document_the_server_exports,
);
