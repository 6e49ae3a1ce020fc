//! The hardening issue over real HTTP on loopback: credentials that change take effect at once,
//! guessing is throttled without hurting others, tokens are revoked from the command line, HEAD,
//! framing errors, the authorize page's CSRF and framing protection, a client secret verified
//! against its salted hash, and idle connections closed. Each test starts its own
//! `costfolio serve` on a free port with its own database; every loop is bounded.

// A test crate: its helpers unwrap and panic as its tests do (the workspace denies them in the
// code it tests).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod support;

use support::{basic, Db, Kind, Server, BIN, FOLIO};

/// A database path in a fresh folder.
fn scratch() -> PathBuf {
    support::scratch("hardening").join("costfolio.db")
}

/// Runs the command line; (success, stdout, stderr).
fn cli(db: &Path, args: &[&str]) -> (bool, String, String) {
    let output = Command::new(BIN)
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).trim().to_owned(),
        String::from_utf8_lossy(&output.stderr).trim().to_owned(),
    )
}

fn ok(db: &Path, args: &[&str]) -> String {
    let (success, out, err) = cli(db, args);
    assert!(success, "{args:?}: {err}");
    out
}

/// Sends `raw` as it is and returns the whole answer (head and body) as text.
fn exchange(port: u16, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(raw).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// One request with `Connection: close`: the whole answer as text.
fn request(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> String {
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    head.push_str(body);
    exchange(port, head.as_bytes())
}

fn status(answer: &str) -> u16 {
    answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn header<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
    let head = answer.split("\r\n\r\n").next()?;
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

fn body(answer: &str) -> &str {
    answer.split_once("\r\n\r\n").map_or("", |(_, b)| b)
}

fn a_changed_password_and_a_removed_admin_flag_count_within_a_tenth_of_a_second(kind: Kind) {
    let db = Db::new(kind, &support::scratch("hardening"));
    ok(&db, &["user", "add", "ada", "--password", "first password"]);
    ok(
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
    ok(
        &db,
        &["user", "add", "ada", "--password", "second password"],
    );
    ok(
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
    ok(&db, &["user", "add", "ada", "--password", "right password"]);
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
    let (success, _, err) = cli(&db, &["token", "mint", "nobody"]);
    assert!(!success);
    assert!(err.contains("no user \"nobody\""), "{err}");
    ok(
        &db,
        &["user", "add", "ada", "--password", "a good password"],
    );
    let token = ok(&db, &["token", "mint", "ada"]);
    let read_only = ok(&db, &["token", "mint", "ada", "--read-only"]);
    let listed = ok(&db, &["token", "list", "ada"]);
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
    assert!(ok(&db, &["token", "revoke", "1"]).contains("revoked"));
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
        ok(&db, &["token", "list", "ada"]).contains("1\tpersonal\t-\tread-write\tnever\trevoked")
    );
    let (success, _, err) = cli(&db, &["token", "revoke", "1"]);
    assert!(!success && err.contains("no active token 1"), "{err}");
}

#[test]
fn head_framing_and_the_database_file() {
    let db = scratch();
    ok(
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
fn the_authorize_page_cannot_be_framed_nor_posted_from_elsewhere() {
    let db = scratch();
    ok(
        &db,
        &["user", "add", "ada", "--password", "a good password"],
    );
    let redirect = "https://planner.example/callback";
    ok(
        &db,
        &[
            "client",
            "add",
            "planner",
            "--secret",
            "a long client secret",
            "--redirect",
            redirect,
        ],
    );
    let server = Server::start(&db);
    // No sign-in page for a client or redirect that is not registered (RFC 6749 3.1.2.4): an
    // attacker's words never appear on it.
    for query in [
        "client_id=%3Cb%3EYour%20IT%20department%3C/b%3E&redirect_uri=x",
        "client_id=planner&redirect_uri=https%3A%2F%2Fevil.example%2F",
    ] {
        let answer = request(
            server.port,
            "GET",
            &format!("/oauth/authorize?{query}"),
            &[],
            "",
        );
        assert_eq!(status(&answer), 400, "{answer}");
        assert!(
            !body(&answer).contains("password") && !body(&answer).contains("IT department"),
            "{answer}"
        );
    }
    let page = request(
        server.port,
        "GET",
        "/oauth/authorize?client_id=planner&redirect_uri=https%3A%2F%2Fplanner.example%2Fcallback",
        &[],
        "",
    );
    assert_eq!(status(&page), 200);
    assert!(header(&page, "Content-Security-Policy")
        .is_some_and(|v| v.contains("frame-ancestors 'none'")));
    assert_eq!(header(&page, "X-Frame-Options"), Some("DENY"));
    let cookie = header(&page, "Set-Cookie")
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .to_owned();
    assert!(cookie.starts_with("costfolio_csrf="), "{page}");
    assert!(header(&page, "Set-Cookie")
        .unwrap_or("")
        .contains("SameSite=Strict"));
    let csrf = cookie.trim_start_matches("costfolio_csrf=").to_owned();
    assert!(body(&page).contains(&format!("name=\"csrf\" value=\"{csrf}\"")));
    let form = |csrf: &str| {
        format!("client_id=planner&redirect_uri=https%3A%2F%2Fplanner.example%2Fcallback&username=ada&password=a+good+password&csrf={csrf}")
    };
    let urlencoded = ("Content-Type", "application/x-www-form-urlencoded");
    // Without the cookie (another site's form), or with a value not matching it: refused.
    assert_eq!(
        status(&request(
            server.port,
            "POST",
            "/oauth/authorize",
            &[urlencoded],
            &form(&csrf)
        )),
        403
    );
    let other = "0".repeat(64);
    assert_eq!(
        status(&request(
            server.port,
            "POST",
            "/oauth/authorize",
            &[urlencoded, ("Cookie", &cookie)],
            &form(&other)
        )),
        403
    );
    let granted = request(
        server.port,
        "POST",
        "/oauth/authorize",
        &[urlencoded, ("Cookie", &cookie)],
        &form(&csrf),
    );
    assert_eq!(status(&granted), 302, "{granted}");
    let location = header(&granted, "Location").unwrap_or("");
    let code = location
        .split("code=")
        .nth(1)
        .unwrap_or("")
        .split('&')
        .next()
        .unwrap_or("")
        .to_owned();
    // The client secret is checked against its salted hash: wrong, then right.
    let token_form = |secret: &str| {
        format!("grant_type=authorization_code&client_id=planner&client_secret={secret}&redirect_uri=https%3A%2F%2Fplanner.example%2Fcallback&code={code}")
    };
    let wrong = request(
        server.port,
        "POST",
        "/oauth/token/",
        &[urlencoded],
        &token_form("wrong+secret"),
    );
    assert_eq!(status(&wrong), 401, "{wrong}");
    let right = request(
        server.port,
        "POST",
        "/oauth/token/",
        &[urlencoded],
        &token_form("a+long+client+secret"),
    );
    assert_eq!(status(&right), 200, "{right}");
    assert!(body(&right).contains("access_token"));
}

#[test]
fn the_authorize_page_honours_pkce_and_refuses_other_response_types() {
    let db = scratch();
    ok(
        &db,
        &["user", "add", "ada", "--password", "a good password"],
    );
    ok(
        &db,
        &[
            "client",
            "add",
            "planner",
            "--secret",
            "a long client secret",
            "--redirect",
            "https://planner.example/callback",
        ],
    );
    let server = Server::start(&db);
    let back = "client_id=planner&redirect_uri=https%3A%2F%2Fplanner.example%2Fcallback";
    // RFC 7636, appendix B.
    let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    let get = |query: &str| {
        request(
            server.port,
            "GET",
            &format!("/oauth/authorize?{back}&{query}"),
            &[],
            "",
        )
    };
    // A request the client cannot have goes back to it (RFC 6749 4.1.2.1), with its state.
    for (query, error) in [
        ("response_type=token&state=s1", "unsupported_response_type"),
        (
            &*format!("code_challenge={challenge}&code_challenge_method=plain&state=s1"),
            "invalid_request",
        ),
        (
            &*format!("code_challenge={challenge}&state=s1"),
            "invalid_request",
        ),
        (
            "code_challenge=short&code_challenge_method=S256&state=s1",
            "invalid_request",
        ),
        ("code_challenge_method=S256&state=s1", "invalid_request"),
    ] {
        let answer = get(query);
        assert_eq!(status(&answer), 302, "{query}: {answer}");
        let location = header(&answer, "Location").unwrap_or("");
        assert!(
            location.starts_with(&format!("https://planner.example/callback?error={error}&"))
                && location.ends_with("&state=s1"),
            "{query}: {location}"
        );
        assert!(!body(&answer).contains("password"));
    }
    // Signs in through the page asked with `query`; the code the client is sent back.
    let code_for = |query: &str| {
        let page = get(query);
        assert_eq!(status(&page), 200, "{query}: {page}");
        let cookie = header(&page, "Set-Cookie")
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_owned();
        let csrf = cookie.trim_start_matches("costfolio_csrf=").to_owned();
        // The page carries the challenge into its form.
        let pkce: String = body(&page)
            .split("<input type=\"hidden\" name=\"code_challenge")
            .skip(1)
            .map(|field| {
                let name = field.split('"').next().unwrap_or("");
                let value = field
                    .split("value=\"")
                    .nth(1)
                    .unwrap_or("")
                    .split('"')
                    .next()
                    .unwrap_or("");
                format!("&code_challenge{name}={value}")
            })
            .collect();
        let form = format!("{back}&username=ada&password=a+good+password&csrf={csrf}{pkce}");
        let granted = request(
            server.port,
            "POST",
            "/oauth/authorize",
            &[
                ("Content-Type", "application/x-www-form-urlencoded"),
                ("Cookie", &cookie),
            ],
            &form,
        );
        assert_eq!(status(&granted), 302, "{granted}");
        let location = header(&granted, "Location").unwrap_or("");
        location
            .split("code=")
            .nth(1)
            .unwrap()
            .split('&')
            .next()
            .unwrap()
            .to_owned()
    };
    let exchange_code = |code: &str, verifier: Option<&str>| {
        let verifier = verifier.map_or(String::new(), |v| format!("&code_verifier={v}"));
        request(
            server.port,
            "POST",
            "/oauth/token/",
            &[("Content-Type", "application/x-www-form-urlencoded")],
            &format!("grant_type=authorization_code&client_id=planner&client_secret=a+long+client+secret&redirect_uri=https%3A%2F%2Fplanner.example%2Fcallback&code={code}{verifier}"),
        )
    };
    let code = code_for(&format!(
        "response_type=code&code_challenge={challenge}&code_challenge_method=S256"
    ));
    for wrong in [
        None,
        Some("wrong-verifier-wrong-verifier-wrong-verifier-x"),
        Some(challenge),
    ] {
        let refused = exchange_code(&code, wrong);
        assert_eq!(status(&refused), 400, "{wrong:?}: {refused}");
        assert!(body(&refused).contains("invalid_grant"), "{refused}");
    }
    let right = exchange_code(&code, Some(verifier));
    assert_eq!(status(&right), 200, "{right}");
    assert!(body(&right).contains("access_token"));
    // A code asked without a challenge (the vendor's clients: no response_type either) takes no
    // verifier: one sent for it is a downgrade, refused; without, it is exchanged.
    let code = code_for("access_type=tenant_user");
    let downgrade = exchange_code(&code, Some(verifier));
    assert_eq!(status(&downgrade), 400, "{downgrade}");
    assert!(
        body(&downgrade).contains("code_verifier was sent"),
        "{downgrade}"
    );
    assert_eq!(status(&exchange_code(&code, None)), 200);
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
    ok(
        &db,
        &["user", "add", "ada", "--password", "a good password"],
    );
    ok(
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
    let plain = format!("Bearer {}", ok(&db, &["token", "mint", "ada"]));
    let admin = format!("Bearer {}", ok(&db, &["token", "mint", "fin"]));
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
