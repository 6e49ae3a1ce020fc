//! What an operator runs the server with: the probes `/healthz` and `/readyz` (ready on a
//! fresh server, 503 while the database is away), `serve --metrics` (counts that move with the
//! requests, by route template; the kept books' gauges, which follow `--kept-books-mib`), and the
//! JSON log lines; neither the metrics nor the log hold a user name, a password, a token, a
//! folio's name or a query string that a request carried. Each test starts its own `costfolio
//! serve` on free loopback ports; every wait is bounded.

// A test crate: its helpers unwrap and panic as its tests do.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod support;

use support::{basic, cli, send, start_printing, Db, Kind, Server, BIN, FOLIO};

/// A server started with `--metrics`, killed when dropped.
struct Observed {
    child: std::process::Child,
    /// The server's port.
    port: u16,
    /// The metrics' port.
    metrics: u16,
    /// What it printed on start.
    printed: Vec<String>,
}

impl Drop for Observed {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One exchange whose body may be refused before it is all sent: (status, whole answer).
fn exchange(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    (status, text)
}

/// Waits (at most 30 s) until `done`.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done() {
        assert!(Instant::now() < deadline, "{what}: not within 30 s");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn probes_answer_on_a_fresh_server(kind: Kind) {
    let db = Db::new(kind, &support::scratch("probes"));
    let server = Server::start(&db);
    let alive = send(server.port, "GET", "/healthz", &[], "");
    assert_eq!((alive.status, alive.text().as_str()), (200, "ok\n"));
    assert_eq!(alive.header("Cache-Control"), Some("no-store"));
    let ready = send(server.port, "GET", "/readyz", &[], "");
    assert_eq!((ready.status, ready.text().as_str()), (200, "ready\n"));
    assert_eq!(send(server.port, "HEAD", "/readyz", &[], "").status, 200);
    let posted = send(server.port, "POST", "/healthz", &[], "");
    assert_eq!(posted.status, 405);
    assert_eq!(posted.header("Allow"), Some("GET, HEAD"));
}

/// Answered before any interface: a planner served at every other path does not take them.
#[test]
fn probes_are_answered_before_the_planners_pages() {
    let dir = support::scratch("probes-www");
    let www = dir.join("www");
    std::fs::create_dir_all(&www).unwrap();
    std::fs::write(
        www.join("index.html"),
        "<!doctype html><title>planner</title>",
    )
    .unwrap();
    let (server, _lines) = start_printing(&dir.join("t.db"), &["--www", www.to_str().unwrap()]);
    assert_eq!(send(server.port, "GET", "/healthz", &[], "").text(), "ok\n");
    assert_eq!(
        send(server.port, "GET", "/readyz", &[], "").text(),
        "ready\n"
    );
    assert!(send(server.port, "GET", "/folios/1", &[], "")
        .text()
        .contains("planner"));
    // The OpenAPI document too, the checked-in file itself, before the planner's pages.
    let document = send(server.port, "GET", "/openapi.json", &[], "");
    assert_eq!(document.status, 200);
    assert_eq!(document.header("Content-Type"), Some("application/json"));
    let file =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/openapi.json"))
            .unwrap();
    assert_eq!(document.text(), file);
    assert!(document.text().contains(r#""openapi": "3.1.0""#));
    assert_eq!(
        send(server.port, "POST", "/openapi.json", &[], "").status,
        405
    );
}

/// The database stopped under a running replica: not ready (it could answer nothing), though
/// alive; ready again by itself once the database is back.
#[test]
fn a_replica_is_not_ready_while_its_database_is_away() {
    let db = Db::new(Kind::Postgres, &support::scratch("readyz-pg"));
    let server = Server::start(&db);
    assert_eq!(send(server.port, "GET", "/readyz", &[], "").status, 200);
    let cluster = db.cluster.as_ref().unwrap();
    cluster.stop();
    let away = send(server.port, "GET", "/readyz", &[], "");
    assert_eq!((away.status, away.text().as_str()), (503, "not ready\n"));
    assert_eq!(away.header("Retry-After"), Some("1"));
    assert_eq!(send(server.port, "GET", "/healthz", &[], "").status, 200);
    cluster.start_again();
    wait_until("ready again", || {
        send(server.port, "GET", "/readyz", &[], "").status == 200
    });
}

/// `serve --metrics 127.0.0.1:0 --log-format json` on `db`, with `more` options, its standard
/// error in `log`: the server, and the port of its metrics (from the line it prints).
fn start_observed(db: &Path, log: &Path, more: &[&str]) -> Observed {
    let mut child = Command::new(BIN)
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--metrics",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--db",
        ])
        .arg(db)
        .args(more)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = Vec::new();
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line.unwrap();
        let last = line.contains("then call:");
        lines.push(line);
        if last {
            break;
        }
    }
    let port_after = |prefix: &str| -> u16 {
        lines
            .iter()
            .find(|line| line.contains(prefix))
            .and_then(|line| line.split("http://127.0.0.1:").nth(1))
            .and_then(|rest| rest.split([' ', '/']).next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no {prefix} in {lines:?}"))
    };
    let (port, metrics) = (port_after("listening on"), port_after("metrics:"));
    Observed {
        child,
        port,
        metrics,
        printed: lines,
    }
}

/// The metrics' text.
fn scrape(port: u16) -> String {
    let answer = send(port, "GET", "/metrics", &[], "");
    assert_eq!(answer.status, 200);
    assert!(answer
        .header("Content-Type")
        .is_some_and(|kind| kind.starts_with("application/openmetrics-text")));
    answer.text()
}

/// The value of the sample `name{labels}` in `text` (0 when absent).
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.trim().parse().ok())
        .unwrap_or(0.0)
}

fn metrics_and_logs_count_requests_by_route_and_hold_no_user_data(kind: Kind) {
    let dir = support::scratch("observed");
    let db = Db::new(kind, &dir);
    cli(
        &db,
        &[
            "user",
            "add",
            "ada",
            "--password",
            "a good password",
            "--admin",
        ],
    );
    let token = cli(&db, &["token", "mint", "ada"]);
    let log = dir.join("stderr.log");
    let server = start_observed(&db, &log, &[]);
    let (port, metrics) = (server.port, server.metrics);
    // What requests carry that must not be repeated: a user name and a password that are
    // nobody's, ada's password and credential, her token and a made-up one, a folio's name, a
    // key in a path and a query string.
    let intruder = basic("mallory-the-guesser", "hunter2-secret-pw");
    let ada = basic("ada", "a good password");
    let forged = "Bearer tok-made-up-1234567890";
    let folio = FOLIO.replace("Bridge", "Zanzibar Secret Folio");
    let secrets = [
        "mallory-the-guesser",
        "hunter2-secret-pw",
        "a good password",
        ada.trim_start_matches("Basic "),
        intruder.trim_start_matches("Basic "),
        token.as_str(),
        "tok-made-up-1234567890",
        "Zanzibar Secret Folio",
        "PATH-KEY-SECRET",
        "query-secret-xyz",
    ];
    let before = scrape(metrics);
    let created = r#"costfolio_requests_total{interface="budgeting",method="POST",route="/budgets/1/folio",status="200"}"#;
    assert_eq!(sample(&before, created), 0.0);
    let json = [("Content-Type", "application/json")];
    assert_eq!(
        send(
            port,
            "GET",
            "/budgets/1/folio",
            &[("Authorization", &intruder)],
            ""
        )
        .status,
        401
    );
    let signed_in = send(
        port,
        "POST",
        "/session",
        &json,
        r#"{"username":"mallory-the-guesser","password":"hunter2-secret-pw"}"#,
    );
    assert_eq!(signed_in.status, 401);
    assert_eq!(
        send(
            port,
            "GET",
            "/core/3/accounts",
            &[("Authorization", forged)],
            ""
        )
        .status,
        401
    );
    let bearer = format!("Bearer {token}");
    let key = send(
        port,
        "GET",
        "/core/3/accounts/PATH-KEY-SECRET?filter=query-secret-xyz",
        &[("Authorization", &bearer)],
        "",
    )
    .status;
    let with_ada = [("Authorization", ada.as_str()), json[0]];
    assert_eq!(
        send(port, "POST", "/budgets/1/folio", &with_ada, &folio).status,
        200
    );
    let indicators = send(
        port,
        "GET",
        "/budgets/1/folio/1/indicators?asOf=2026-03-13&note=query-secret-xyz",
        &with_ada,
        "",
    )
    .status;
    // A body over its limit, refused and counted as such.
    let (status, _) = exchange(
        port,
        "POST",
        "/budgets/1/folio",
        &with_ada,
        &vec![b'x'; 2 << 20],
    );
    assert_eq!(status, 413);
    let after = scrape(metrics);
    assert_eq!(sample(&after, created), 1.0, "{after}");
    for series in [
        r#"costfolio_requests_total{interface="budgeting",method="GET",route="/budgets/1/folio",status="401"}"#.to_owned(),
        r#"costfolio_requests_total{interface="session",method="POST",route="/session",status="401"}"#.to_owned(),
        r#"costfolio_requests_total{interface="core",method="GET",route="/core/3/accounts",status="401"}"#.to_owned(),
        format!(r#"costfolio_requests_total{{interface="core",method="GET",route="/core/3/accounts/{{key}}",status="{key}"}}"#),
        format!(r#"costfolio_requests_total{{interface="budgeting",method="GET",route="/budgets/1/folio/{{id}}/indicators",status="{indicators}"}}"#),
        r#"costfolio_requests_total{interface="budgeting",method="POST",route="/budgets/1/folio",status="413"}"#.to_owned(),
        r#"costfolio_refusals_total{limit="body_too_large"}"#.to_owned(),
    ] {
        assert_eq!(sample(&after, &series), 1.0, "{series} in {after}");
    }
    let timed = r#"costfolio_request_duration_seconds_count{interface="budgeting",method="POST",route="/budgets/1/folio"}"#;
    assert_eq!(
        sample(&after, timed),
        2.0,
        "the folio's creation and the refused body"
    );
    // Every entry so far: ada's, her token's, the folio's (and nothing else wrote).
    let seq = sample(&after, "costfolio_journal_seq");
    assert!(seq >= 3.0, "{after}");
    assert_eq!(sample(&after, "costfolio_replica_lag_entries"), 0.0);
    // The counts move with the requests.
    send(port, "GET", "/healthz", &[], "");
    let again = scrape(metrics);
    let health =
        r#"costfolio_requests_total{interface="host",method="GET",route="/healthz",status="200"}"#;
    assert_eq!(sample(&again, health), sample(&after, health) + 1.0);
    // Nothing else listens there.
    assert_eq!(
        send(
            metrics,
            "GET",
            "/budgets/1/folio",
            &[("Authorization", &ada)],
            ""
        )
        .status,
        404
    );
    drop(server);
    let logged = std::fs::read_to_string(&log).unwrap();
    for secret in secrets {
        assert!(!again.contains(secret), "{secret} in the metrics");
        assert!(!logged.contains(secret), "{secret} in the log:\n{logged}");
    }
    // One JSON object a line; one line per request, with its template and, once verified, the
    // user's key.
    let lines: Vec<serde_json::Value> = logged
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let requests: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|line| line["message"] == "request")
        .collect();
    assert_eq!(requests.len(), 8, "one line per request:\n{logged}");
    let created = requests
        .iter()
        .find(|line| {
            line["method"] == "POST" && line["route"] == "/budgets/1/folio" && line["status"] == 200
        })
        .unwrap_or_else(|| panic!("no line for the folio's creation:\n{logged}"));
    assert_eq!(created["interface"], "budgeting");
    assert_eq!(created["user"], "ada");
    assert_eq!(created["target"], "costfolio::request");
    assert!(created["duration_ms"].as_f64().is_some());
    let refused = requests
        .iter()
        .find(|line| line["route"] == "/session")
        .unwrap();
    assert!(
        refused.get("user").is_none(),
        "a refused sign-in names no one"
    );
}

/// `--kept-books-mib`: a folio read twice keeps its costed book by default, and none with 0; the
/// metrics' gauges say how many books are kept and about how many bytes they hold. The server says
/// on start what its admission of heavy reads holds (`--heavy-reads`, read back from it).
#[test]
fn kept_books_follow_their_option_and_show_in_the_metrics() {
    for (option, keeps) in [(None, true), (Some("0"), false)] {
        let dir = support::scratch("kept-books");
        let db = Db::new(Kind::Sqlite, &dir);
        cli(
            &db,
            &["user", "add", "ada", "--password", "a good password"],
        );
        let more: Vec<&str> = option.map_or(vec![], |mib| {
            vec!["--kept-books-mib", mib, "--heavy-reads", "5"]
        });
        let server = start_observed(&db, &dir.join("stderr.log"), &more);
        let said = if keeps {
            "heavy reads:    2 users' worth at once; kept books: about 256 MiB"
        } else {
            "heavy reads:    5 users' worth at once; kept books: about 0 MiB"
        };
        assert!(
            server.printed.iter().any(|line| line.trim() == said),
            "{said:?} in {:?}",
            server.printed
        );
        let ada = basic("ada", "a good password");
        let with_ada = [
            ("Authorization", ada.as_str()),
            ("Content-Type", "application/json"),
        ];
        let port = server.port;
        assert_eq!(
            send(port, "POST", "/budgets/1/folio", &with_ada, FOLIO).status,
            200
        );
        let expense = r#"{"folioId":1,"name":"Crane","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":1000,"currencyCode":"EUR","recurrence":{"kind":".Weekly","startDate":"2026-03-02","recurrenceOn":[1],"occurrences":4}}"#;
        assert_eq!(
            send(port, "POST", "/budgets/1/expense", &with_ada, expense).status,
            200
        );
        for _ in 0..2 {
            let read = send(
                port,
                "GET",
                "/budgets/1/folio/1/indicators?asOf=2026-03-13",
                &with_ada,
                "",
            );
            assert_eq!(read.status, 200, "{}", read.text());
        }
        let text = scrape(server.metrics);
        for series in ["costfolio_kept_books ", "costfolio_kept_books_bytes "] {
            assert!(
                text.lines().any(|line| line.starts_with(series)),
                "{series}in {text}"
            );
        }
        let (books, bytes) = (
            sample(&text, "costfolio_kept_books "),
            sample(&text, "costfolio_kept_books_bytes "),
        );
        if keeps {
            assert_eq!(books, 1.0, "{text}");
            assert!(bytes > 0.0, "{text}");
        } else {
            assert_eq!((books, bytes), (0.0, 0.0), "{text}");
        }
    }
}

on_both_stores!(
    probes_answer_on_a_fresh_server,
    metrics_and_logs_count_requests_by_route_and_hold_no_user_data,
);

/// Without --metrics nothing but the server's own port listens, and the text log is the default.
#[test]
fn without_metrics_nothing_more_listens() {
    let dir = support::scratch("plain");
    let (server, lines) = start_printing(&dir.join("t.db"), &[]);
    assert!(
        !lines.iter().any(|line| line.contains("metrics:")),
        "{lines:?}"
    );
    assert_eq!(send(server.port, "GET", "/metrics", &[], "").status, 404);
}
