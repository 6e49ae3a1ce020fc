//! The server hardened, over real HTTP on loopback: credentials that change take effect at once,
//! guessing is throttled without hurting others, tokens are revoked from the command line, HEAD,
//! framing errors, a client secret verified against its salted hash, and idle connections closed
//! (the authorize page's own protections are in `authorize.rs`). Each test starts its own
//! `costfolio serve` on a free port with its own database; every loop is bounded.

// A test crate: its helpers unwrap and panic as its tests do (the workspace denies them in the
// code it tests).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

mod support;

use support::{
    basic, body, cli, cli_outcome, exchange, header, request, status, Db, Kind, Server, FOLIO,
};

/// A database path in a fresh folder.
fn scratch() -> PathBuf {
    support::scratch("hardening").join("costfolio.db")
}

fn a_changed_password_and_a_removed_admin_flag_count_within_a_tenth_of_a_second(kind: Kind) {
    let db = Db::new(kind, &support::scratch("hardening"));
    cli(&db, &["user", "add", "ada", "--password", "first password"]);
    cli(
        &db,
        &[
            "user",
            "add",
            "fin",
            "--password",
            "finance password",
            "--admin",
        ],
    );
    let server = Server::start(&db);
    let ada = basic("ada", "first password");
    let json = ("Content-Type", "application/json");
    let answer = request(
        server.port,
        "POST",
        "/budgets/1/folio",
        &[("Authorization", &ada), json],
        FOLIO,
    );
    assert_eq!(status(&answer), 200, "{answer}");
    // fin, a budget administrator, sees ada's folio.
    let fin = basic("fin", "finance password");
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/budgets/1/folio/1",
            &[("Authorization", &fin)],
            ""
        )),
        200
    );
    // The command line changes ada's password and takes fin's flag, while the server runs.
    cli(
        &db,
        &["user", "add", "ada", "--password", "second password"],
    );
    cli(
        &db,
        &["user", "add", "fin", "--password", "finance password"],
    );
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/budgets/1/folio/1",
            &[("Authorization", &ada)],
            ""
        )),
        401
    );
    let new = basic("ada", "second password");
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/budgets/1/folio/1",
            &[("Authorization", &new)],
            ""
        )),
        200
    );
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/budgets/1/folio/1",
            &[("Authorization", &fin)],
            ""
        )),
        404,
        "no longer a budget administrator"
    );
}

fn guessing_is_throttled_with_a_429_and_others_are_still_served(kind: Kind) {
    let db = Db::new(kind, &support::scratch("hardening"));
    cli(&db, &["user", "add", "ada", "--password", "right password"]);
    let server = Server::start(&db);
    let good = basic("ada", "right password");
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/budgets/1/folio",
            &[("Authorization", &good)],
            ""
        )),
        200
    );
    let mut statuses = Vec::new();
    for attempt in 0..12 {
        let guess = basic("ada", &format!("guess {attempt}"));
        statuses.push(status(&request(
            server.port,
            "GET",
            "/budgets/1/folio",
            &[("Authorization", &guess)],
            "",
        )));
    }
    assert_eq!(&statuses[..10], &[401; 10]);
    assert_eq!(&statuses[10..], &[429, 429]);
    let answer = request(
        server.port,
        "GET",
        "/budgets/1/folio",
        &[("Authorization", &basic("ada", "again"))],
        "",
    );
    assert_eq!(status(&answer), 429);
    let wait: u64 = header(&answer, "Retry-After")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    assert!((1..=60).contains(&wait), "{answer}");
    assert!(
        body(&answer).contains("Too many failed sign-ins"),
        "{answer}"
    );
    // The credential verified before still works from the same address.
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/budgets/1/folio",
            &[("Authorization", &good)],
            ""
        )),
        200
    );
}

fn tokens_are_listed_and_revoked_from_the_command_line_and_minted_for_users_only(kind: Kind) {
    let db = Db::new(kind, &support::scratch("hardening"));
    let (success, _, err) = cli_outcome(&db, &["token", "mint", "nobody"]);
    assert!(!success);
    assert!(err.contains("no user \"nobody\""), "{err}");
    cli(
        &db,
        &["user", "add", "ada", "--password", "a good password"],
    );
    let token = cli(&db, &["token", "mint", "ada"]);
    let read_only = cli(&db, &["token", "mint", "ada", "--read-only"]);
    let listed = cli(&db, &["token", "list", "ada"]);
    assert!(
        listed.contains("1\tpersonal\t-\tread-write\tnever\tactive"),
        "{listed}"
    );
    assert!(
        listed.contains("2\tpersonal\t-\tread-only\tnever\tactive"),
        "{listed}"
    );
    assert!(!listed.contains(&token), "a list never shows a token");
    let server = Server::start(&db);
    let bearer = format!("Bearer {token}");
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/core/3/accounts",
            &[("Authorization", &bearer)],
            ""
        )),
        200
    );
    // A read-only token reads the budgeting interface but changes nothing there.
    let reader = format!("Bearer {read_only}");
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/budgets/1/folio",
            &[("Authorization", &reader)],
            ""
        )),
        200
    );
    let answer = request(
        server.port,
        "POST",
        "/budgets/1/folio",
        &[
            ("Authorization", &reader),
            ("Content-Type", "application/json"),
        ],
        FOLIO,
    );
    assert_eq!(status(&answer), 403, "{answer}");
    // Revoked while the server runs: 401 within 0.1 s.
    assert!(cli(&db, &["token", "revoke", "1"]).contains("revoked"));
    std::thread::sleep(Duration::from_millis(150));
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/core/3/accounts",
            &[("Authorization", &bearer)],
            ""
        )),
        401
    );
    assert!(
        cli(&db, &["token", "list", "ada"]).contains("1\tpersonal\t-\tread-write\tnever\trevoked")
    );
    let (success, _, err) = cli_outcome(&db, &["token", "revoke", "1"]);
    assert!(!success && err.contains("no active token 1"), "{err}");
}

#[test]
fn head_framing_and_the_database_file() {
    let db = scratch();
    cli(
        &db,
        &["user", "add", "ada", "--password", "a good password"],
    );
    let server = Server::start(&db);
    let ada = basic("ada", "a good password");
    let get = request(
        server.port,
        "GET",
        "/budgets/1/folio",
        &[("Authorization", &ada)],
        "",
    );
    let head = request(
        server.port,
        "HEAD",
        "/budgets/1/folio",
        &[("Authorization", &ada)],
        "",
    );
    assert_eq!((status(&head), body(&head)), (200, ""));
    assert_eq!(
        header(&head, "Content-Length"),
        Some(body(&get).len().to_string().as_str())
    );
    // Chunked framing that is not chunked framing: a 400, not a 413.
    let broken = "POST /budgets/1/folio HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n";
    let answer = exchange(server.port, broken.as_bytes());
    assert_eq!(status(&answer), 400, "{answer}");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&db).unwrap().permissions().mode() & 0o777,
        0o600
    );
}

#[test]
fn an_idle_connection_is_closed_after_the_header_timeout() {
    let db = scratch();
    let server = Server::start(&db);
    let mut idle = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let started = Instant::now();
    let mut buffer = [0u8; 256];
    // The server closes it (read returns 0, or an error answer then 0) without a byte from us.
    let read = idle.read(&mut buffer).unwrap_or(0);
    let rest = if read > 0 {
        idle.read(&mut buffer).unwrap_or(0)
    } else {
        0
    };
    assert_eq!(rest, 0);
    assert!(
        started.elapsed() < Duration::from_secs(29),
        "closed by the server, not by our read timeout"
    );
    // The server still serves.
    assert_eq!(
        status(&request(server.port, "GET", "/core/3/accounts", &[], "")),
        401
    );
}

fn the_core_interface_is_changed_by_administrators_and_a_token_carries_its_users_flag(kind: Kind) {
    let db = Db::new(kind, &support::scratch("hardening"));
    cli(
        &db,
        &["user", "add", "ada", "--password", "a good password"],
    );
    cli(
        &db,
        &[
            "user",
            "add",
            "fin",
            "--password",
            "finance password",
            "--admin",
        ],
    );
    let plain = format!("Bearer {}", cli(&db, &["token", "mint", "ada"]));
    let admin = format!("Bearer {}", cli(&db, &["token", "mint", "fin"]));
    let server = Server::start(&db);
    let json = ("Content-Type", "application/json");
    let scheme = r#"{"name":"Germany"}"#;
    let answer = request(
        server.port,
        "POST",
        "/core/3/holiday-schemes",
        &[("Authorization", &plain), json],
        scheme,
    );
    assert_eq!(status(&answer), 403, "{answer}");
    assert!(
        body(&answer).contains("does not have the required permission"),
        "{answer}"
    );
    let answer = request(
        server.port,
        "POST",
        "/core/3/holiday-schemes",
        &[("Authorization", &admin), json],
        scheme,
    );
    assert_eq!(status(&answer), 200, "{answer}");
    // So is every other change of the core interface (S11.6), while every token reads it.
    let customer = r#"{"key":"ACME","name":"Acme"}"#;
    let answer = request(
        server.port,
        "POST",
        "/core/3/customers",
        &[("Authorization", &plain), json],
        customer,
    );
    assert_eq!(status(&answer), 403, "{answer}");
    let answer = request(
        server.port,
        "POST",
        "/core/3/customers",
        &[("Authorization", &admin), json],
        customer,
    );
    assert_eq!(status(&answer), 200, "{answer}");
    let answer = request(
        server.port,
        "GET",
        "/core/3/customers/ACME",
        &[("Authorization", &plain)],
        "",
    );
    assert_eq!(status(&answer), 200, "{answer}");
    // fin's token sees ada's folio on the budgeting interface, as fin's password does.
    let ada = basic("ada", "a good password");
    assert_eq!(
        status(&request(
            server.port,
            "POST",
            "/budgets/1/folio",
            &[("Authorization", &ada), json],
            FOLIO
        )),
        200
    );
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/budgets/1/folio/1",
            &[("Authorization", &admin)],
            ""
        )),
        200
    );
    assert_eq!(
        status(&request(
            server.port,
            "GET",
            "/budgets/1/folio/1",
            &[("Authorization", &plain)],
            ""
        )),
        200,
        "ada's own token"
    );
}

#[test]
fn one_address_holds_at_most_64_connections_and_others_are_still_served() {
    let db = scratch();
    let server = Server::start(&db);
    // 64 kept-alive connections, each answered once, so the server holds every one of them.
    let held: Vec<TcpStream> = (0..64)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(10)))
                .unwrap();
            stream
                .write_all(b"GET /core/3/accounts HTTP/1.1\r\nHost: x\r\n\r\n")
                .unwrap();
            let mut answer = [0u8; 512];
            let read = stream.read(&mut answer).unwrap_or(0);
            assert!(
                String::from_utf8_lossy(&answer[..read]).starts_with("HTTP/1.1 401"),
                "a held connection is served"
            );
            stream
        })
        .collect();
    // The 65th from the same address is closed unanswered, whatever it sends.
    let answer = request(server.port, "GET", "/core/3/accounts", &[], "");
    assert_eq!(answer, "", "the 65th connection was served");
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        status(&request(server.port, "GET", "/core/3/accounts", &[], "")),
        401
    );
}

// What depends on the store (users, tokens and the journal the command line changes under a
// running server) runs on both; the HTTP framing and the SQLite file's mode do not.
on_both_stores!(
    a_changed_password_and_a_removed_admin_flag_count_within_a_tenth_of_a_second,
    guessing_is_throttled_with_a_429_and_others_are_still_served,
    tokens_are_listed_and_revoked_from_the_command_line_and_minted_for_users_only,
    the_core_interface_is_changed_by_administrators_and_a_token_carries_its_users_flag,
);
