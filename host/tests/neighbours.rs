//! The noisy neighbour over real HTTP on loopback: what one client can no longer do to the others. Large
//! plan-import bodies are received only once their credentials are verified, one per user; a
//! sign-in that races a password change leaves no session behind; JSON answers are neither kept
//! by caches nor sniffed; an import computed apart from the writers' lock loses nothing of
//! another user's writes made meanwhile, nor they of it. Each test starts its own `costfolio serve` with its own database; every
//! wait is bounded and nothing is timed.

// A test crate: its helpers unwrap and panic as its tests do (the workspace denies them in the
// code it tests).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

mod support;

use support::{basic, cli, send, start_printing, Db, Kind, Server, FOLIO};

/// Opens a plan import of `length` bytes announced, sends its head and a few bytes of its body,
/// and keeps it open (the server waits for the rest).
fn slow_import(port: u16, authorization: &str, length: usize) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let head = format!(
        "POST /budgets/1/folio/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: {authorization}\r\nContent-Length: {length}\r\n\r\n{{"
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream
}

/// Whether the server has answered (or closed) `stream` already.
fn answered(stream: &mut TcpStream) -> bool {
    use std::io::Read;
    stream.set_nonblocking(true).unwrap();
    let mut byte = [0u8; 1];
    let answered =
        !matches!(stream.read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock);
    stream.set_nonblocking(false).unwrap();
    answered
}

/// A plan import of 2 MiB (more than any other body may be) that the server reads whole and
/// refuses for what it holds: its status.
fn import(port: u16, authorization: &str) -> u16 {
    let body = format!("{{}}{}", " ".repeat(2 << 20));
    send(
        port,
        "POST",
        "/budgets/1/folio/import",
        &[
            ("Authorization", authorization),
            ("Content-Type", "application/json"),
        ],
        &body,
    )
    .status
}

fn users(db: &Path) {
    cli(db, &["user", "add", "ada", "--password", "ada-password"]);
    cli(db, &["user", "add", "bob", "--password", "bob-password"]);
}

fn import_slots_go_to_verified_users_one_each(kind: Kind) {
    let dir = support::scratch("neighbours");
    let db = Db::new(kind, &dir);
    users(&db);
    let server = Server::start(&db);
    let (ada, bob) = (basic("ada", "ada-password"), basic("bob", "bob-password"));

    // Two slow bodies with wrong credentials take no slot: everyone's imports are still received.
    let wrong = basic("ada", "not the password");
    let held: Vec<TcpStream> = (0..2)
        .map(|_| slow_import(server.port, &wrong, 10 << 20))
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        import(server.port, &ada),
        400,
        "ada's import was read and refused for its content"
    );
    assert_eq!(import(server.port, &bob), 400);
    drop(held);

    // One user holds one slot at most: a second import of ada's meanwhile is a 429 with
    // Retry-After; bob's is received. (Until the slow import holds its slot, a quick one of
    // ada's may take it first and the slow one be refused: then it is sent again.)
    let mut slow = slow_import(server.port, &ada, 10 << 20);
    let deadline = Instant::now() + Duration::from_secs(20);
    let second = loop {
        std::thread::sleep(Duration::from_millis(200));
        let body = format!("{{}}{}", " ".repeat(16));
        let answer = send(
            server.port,
            "POST",
            "/budgets/1/folio/import",
            &[
                ("Authorization", &ada),
                ("Content-Type", "application/json"),
            ],
            &body,
        );
        if answer.status == 429 || Instant::now() > deadline {
            break answer;
        }
        if answered(&mut slow) {
            slow = slow_import(server.port, &ada, 10 << 20);
        }
    };
    assert_eq!(second.status, 429, "{}", second.text());
    assert!(
        second.text().contains("one plan import at a time"),
        "{}",
        second.text()
    );
    assert_eq!(second.header("Retry-After"), Some("1"));
    assert_eq!(
        import(server.port, &bob),
        400,
        "another user's import is received"
    );
    drop(slow);
    // Once ada's slow import is gone, hers are received again.
    let deadline = Instant::now() + Duration::from_secs(10);
    while import(server.port, &ada) != 400 {
        assert!(Instant::now() < deadline, "ada's slot was not freed");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn a_sign_in_racing_a_password_change_leaves_no_session(kind: Kind) {
    let dir = support::scratch("neighbours");
    let db = Db::new(kind, &dir);
    users(&db);
    let server = Server::start(&db);
    let port = server.port;
    // Sign-ins with the old password, as fast as they go, while the password changes.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let signed_in = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let signers: Vec<_> = (0..4)
        .map(|_| {
            let stop = std::sync::Arc::clone(&stop);
            let signed_in = std::sync::Arc::clone(&signed_in);
            std::thread::spawn(move || {
                let mut cookies = Vec::new();
                let until = Instant::now() + Duration::from_secs(20);
                while !stop.load(std::sync::atomic::Ordering::SeqCst) && Instant::now() < until {
                    let answer = send(
                        port,
                        "POST",
                        "/session",
                        &[("Content-Type", "application/json")],
                        r#"{"username":"ada","password":"ada-password"}"#,
                    );
                    if let Some(cookie) = answer.header("Set-Cookie") {
                        cookies.push(cookie.split(';').next().unwrap().to_owned());
                        signed_in.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    }
                }
                cookies
            })
        })
        .collect();
    // The password changes once a sign-in with the old one got through (a slow, shared machine
    // may take a while over the first password hash), while the others keep signing in.
    let deadline = Instant::now() + Duration::from_secs(15);
    while signed_in.load(std::sync::atomic::Ordering::SeqCst) == 0 {
        assert!(Instant::now() < deadline, "no sign-in got through");
        std::thread::sleep(Duration::from_millis(20));
    }
    cli(&db, &["user", "add", "ada", "--password", "new-password"]);
    std::thread::sleep(Duration::from_millis(300));
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let cookies: Vec<String> = signers
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    assert!(
        !cookies.is_empty(),
        "some sign-ins succeeded before the change"
    );
    // Every session opened with the old password is closed (within the user table's freshness).
    let deadline = Instant::now() + Duration::from_secs(5);
    for cookie in &cookies {
        loop {
            let answer = send(port, "GET", "/budgets/1/folio", &[("Cookie", cookie)], "");
            if answer.status == 401 {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "a session opened with the old password outlived the change: {}",
                answer.status
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn the_authorize_page_knows_a_client_registered_while_the_server_runs(kind: Kind) {
    let dir = support::scratch("neighbours");
    let db = Db::new(kind, &dir);
    let server = Server::start(&db);
    let page = "/oauth/authorize?response_type=code&client_id=late-app&redirect_uri=https%3A%2F%2Fapp.example%2Fback";
    assert_eq!(
        send(server.port, "GET", page, &[], "").status,
        400,
        "unknown yet"
    );
    cli(
        &db,
        &[
            "client",
            "add",
            "late-app",
            "--secret",
            "a-secret-of-24-characters",
            "--redirect",
            "https://app.example/back",
        ],
    );
    // Seen within the journal's freshness (a tenth of a second), as every change the command line
    // makes while the server runs.
    let deadline = Instant::now() + Duration::from_secs(5);
    let answer = loop {
        let answer = send(server.port, "GET", page, &[], "");
        if answer.status == 200 || Instant::now() > deadline {
            break answer;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(
        answer.text().contains("Grant late-app access"),
        "{}",
        answer.text()
    );
}

/// Creates a folio as `authorization`'s user (its owner): the status.
fn create_folio(port: u16, authorization: &str, owner: &str) -> u16 {
    let body = FOLIO.replace(r#""owner":"ada""#, &format!(r#""owner":"{owner}""#));
    let json = ("Content-Type", "application/json");
    send(
        port,
        "POST",
        "/budgets/1/folio",
        &[("Authorization", authorization), json],
        &body,
    )
    .status
}

fn quotas_of_live_records_are_per_user_and_administrators_are_exempt(kind: Kind) {
    let dir = support::scratch("neighbours");
    let db = Db::new(kind, &dir);
    users(&db);
    cli(
        &db,
        &[
            "user",
            "add",
            "fin",
            "--password",
            "fin-password",
            "--admin",
        ],
    );
    let (server, _) = start_printing(
        &db,
        &["--folios-per-user", "2", "--portfolios-per-user", "1"],
    );
    let port = server.port;
    let (ada, bob, fin) = (
        basic("ada", "ada-password"),
        basic("bob", "bob-password"),
        basic("fin", "fin-password"),
    );
    assert_eq!(create_folio(port, &ada, "ada"), 200);
    assert_eq!(create_folio(port, &ada, "ada"), 200);
    let json = ("Content-Type", "application/json");
    let refused = send(
        port,
        "POST",
        "/budgets/1/folio",
        &[("Authorization", &ada), json],
        FOLIO,
    );
    assert_eq!(refused.status, 403, "{}", refused.text());
    assert!(
        refused
            .text()
            .contains("ada owns 2 live folios, the most one user may (serve --folios-per-user 2)"),
        "{}",
        refused.text()
    );
    let listed = send(
        port,
        "GET",
        "/budgets/1/folio",
        &[("Authorization", &ada)],
        "",
    );
    assert_eq!(
        listed.text().matches(r#""id":"#).count(),
        2,
        "nothing was made"
    );
    // Another user's quota is their own; an administrator has none.
    assert_eq!(create_folio(port, &bob, "bob"), 200);
    for _ in 0..3 {
        assert_eq!(create_folio(port, &fin, "fin"), 200);
    }
    // A deleted folio no longer counts.
    assert_eq!(
        send(
            port,
            "DELETE",
            "/budgets/1/folio/1",
            &[("Authorization", &ada)],
            ""
        )
        .status,
        200
    );
    assert_eq!(create_folio(port, &ada, "ada"), 200);
    // Portfolios likewise.
    let portfolio = r#"{"name":"P","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"teal","admins":[],"folios":[],"portfolios":[]}"#;
    let make = |auth: &str| {
        send(
            port,
            "POST",
            "/budgets/1/portfolio",
            &[("Authorization", auth), json],
            portfolio,
        )
        .status
    };
    assert_eq!(make(&ada), 200);
    assert_eq!(make(&ada), 403);
}

fn a_users_changes_are_held_to_the_write_rate_and_others_are_not(kind: Kind) {
    let dir = support::scratch("neighbours");
    let db = Db::new(kind, &dir);
    users(&db);
    let (server, _) = start_printing(&db, &["--writes-per-second", "1"]);
    let port = server.port;
    let (ada, bob) = (basic("ada", "ada-password"), basic("bob", "bob-password"));
    // Ten seconds' worth at once, then one a second: a burst of 20 sent at once meets the limit.
    let statuses: Vec<u16> = (0..20).map(|_| create_folio(port, &ada, "ada")).collect();
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert!(refused >= 9, "the burst is held to about ten: {statuses:?}");
    let json = ("Content-Type", "application/json");
    let over = send(
        port,
        "POST",
        "/budgets/1/folio",
        &[("Authorization", &ada), json],
        FOLIO,
    );
    assert_eq!(over.status, 429, "{}", over.text());
    assert!(
        over.text()
            .contains("at most 1 a second per user (serve --writes-per-second)"),
        "{}",
        over.text()
    );
    assert!(over
        .header("Retry-After")
        .is_some_and(|s| s.parse::<u64>().is_ok_and(|n| n >= 1)));
    // Reads are not changes; another user's changes are their own.
    assert_eq!(
        send(
            port,
            "GET",
            "/budgets/1/folio",
            &[("Authorization", &ada)],
            ""
        )
        .status,
        200
    );
    assert_eq!(create_folio(port, &bob, "bob"), 200);
}

#[test]
fn json_answers_are_not_stored_nor_sniffed() {
    let dir = support::scratch("neighbours");
    let db = Db::new(Kind::Sqlite, &dir);
    users(&db);
    let server = Server::start(&db);
    let ada = basic("ada", "ada-password");
    for (path, headers) in [
        ("/budgets/1/folio", vec![("Authorization", ada.as_str())]),
        ("/budgets/1/folio/9", vec![("Authorization", ada.as_str())]),
        (
            "/core/3/accounts",
            vec![("Authorization", "Bearer nonsense")],
        ),
        ("/healthz", vec![]),
    ] {
        let answer = send(server.port, "GET", path, &headers, "");
        let json = answer
            .header("Content-Type")
            .is_some_and(|t| t.starts_with("application/json"));
        if json {
            assert_eq!(answer.header("Cache-Control"), Some("no-store"), "{path}");
            assert_eq!(
                answer.header("X-Content-Type-Options"),
                Some("nosniff"),
                "{path}"
            );
        }
        if path.starts_with("/budgets") {
            assert!(json, "{path} answers JSON");
        }
    }
}

/// An expense of `folio`, once, within `FOLIO`'s dates.
fn expense(folio: u64) -> String {
    format!(
        r#"{{"folioId":{folio},"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"EUR","recurrence":{{"kind":".Monthly","startDate":"2026-03-05","occurrences":1,"interval":1}}}}"#
    )
}

/// `POST path` with `body` as `authorization`: the answer's `success`, after a 200.
fn created(port: u16, authorization: &str, path: &str, body: &str) -> serde_json::Value {
    let json = ("Content-Type", "application/json");
    let answer = send(
        port,
        "POST",
        path,
        &[("Authorization", authorization), json],
        body,
    );
    assert_eq!(answer.status, 200, "{path}: {}", answer.text());
    serde_json::from_str::<serde_json::Value>(&answer.text()).unwrap()["success"].take()
}

fn imports_and_other_users_writes_side_by_side_lose_nothing(kind: Kind) {
    let dir = support::scratch("neighbours");
    let db = Db::new(kind, &dir);
    users(&db);
    let server = Server::start(&db);
    let port = server.port;
    let (ada, bob) = (basic("ada", "ada-password"), basic("bob", "bob-password"));
    let folio = created(port, &ada, "/budgets/1/folio", FOLIO)
        .as_u64()
        .unwrap();
    for _ in 0..5 {
        created(port, &ada, "/budgets/1/expense", &expense(folio));
    }
    let plan = send(
        port,
        "GET",
        &format!("/budgets/1/folio/{folio}/plan"),
        &[("Authorization", &ada)],
        "",
    );
    assert_eq!(plan.status, 200, "{}", plan.text());
    let document =
        serde_json::from_str::<serde_json::Value>(&plan.text()).unwrap()["success"].to_string();
    let bobs = created(
        port,
        &bob,
        "/budgets/1/folio",
        &FOLIO.replace(r#""owner":"ada""#, r#""owner":"bob""#),
    )
    .as_u64()
    .unwrap();
    // ada imports her folio five times while bob creates forty expenses: the imports are
    // computed apart from the writers' lock and meet bob's new ids (they are computed again).
    let importer = std::thread::spawn({
        let ada = ada.clone();
        move || {
            (0..5)
                .map(|_| created(port, &ada, "/budgets/1/folio/import", &document))
                .collect::<Vec<_>>()
        }
    });
    let mut ids: Vec<u64> = (0..40)
        .map(|_| {
            created(port, &bob, "/budgets/1/expense", &expense(bobs))
                .as_u64()
                .unwrap()
        })
        .collect();
    let imports = importer.join().unwrap();
    for import in &imports {
        let expenses = import["expenses"].as_array().unwrap();
        assert_eq!(expenses.len(), 5, "{import}");
        ids.extend(expenses.iter().map(|id| id.as_u64().unwrap()));
        let imported = import["folioId"].as_u64().unwrap();
        let plan = send(
            port,
            "GET",
            &format!("/budgets/1/folio/{imported}/plan"),
            &[("Authorization", &ada)],
            "",
        );
        let plan: serde_json::Value = serde_json::from_str(&plan.text()).unwrap();
        assert_eq!(plan["success"]["expenses"].as_array().unwrap().len(), 5);
        assert_eq!(plan["success"]["folio"]["owner"], "ada");
    }
    let given = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), given, "every expense id given once");
    let bobs_plan = send(
        port,
        "GET",
        &format!("/budgets/1/folio/{bobs}/plan"),
        &[("Authorization", &bob)],
        "",
    );
    let bobs_plan: serde_json::Value = serde_json::from_str(&bobs_plan.text()).unwrap();
    assert_eq!(
        bobs_plan["success"]["expenses"].as_array().unwrap().len(),
        40
    );
    // What was answered was stored: a restarted server reads the same.
    drop(server);
    let server = Server::start(&db);
    for import in &imports {
        let imported = import["folioId"].as_u64().unwrap();
        let plan = send(
            server.port,
            "GET",
            &format!("/budgets/1/folio/{imported}/plan"),
            &[("Authorization", &ada)],
            "",
        );
        assert_eq!(plan.status, 200, "{}", plan.text());
    }
}

on_both_stores!(
    imports_and_other_users_writes_side_by_side_lose_nothing,
    import_slots_go_to_verified_users_one_each,
    quotas_of_live_records_are_per_user_and_administrators_are_exempt,
    a_users_changes_are_held_to_the_write_rate_and_others_are_not,
    the_authorize_page_knows_a_client_registered_while_the_server_runs,
    a_sign_in_racing_a_password_change_leaves_no_session,
);
