//! The browser planner's side of the server: its files (types, caching, compression, the
//! interfaces untouched), the sign-in session (cookie, CSRF, sign-out) and the demo.

// A test crate: its helpers unwrap and panic as its tests do (the workspace denies them in the
// code it tests).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::Path;
use std::process::Command;

use support::{basic, scratch, send, start_printing, Db, Kind, BIN, FOLIO};

/// A built planner in miniature: an index page and two hashed assets.
fn planner_files(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>costfolio</title><div id=app>planner-index</div>",
    )
    .unwrap();
    std::fs::write(
        dir.join("assets/app-3f2a9c.js"),
        "export const answer = 42;\n".repeat(400),
    )
    .unwrap();
    let mut wasm = b"\0asm\x01\0\0\0".to_vec();
    wasm.extend(std::iter::repeat_n(7u8, 20_000));
    std::fs::write(dir.join("assets/core-9b1e.wasm"), wasm).unwrap();
    // What the build's precompression writes beside it (the server sends it as it is).
    std::fs::write(dir.join("assets/core-9b1e.wasm.br"), b"brotli bytes").unwrap();
    std::fs::write(dir.join("assets/core-9b1e.wasm.gz"), b"gzip bytes").unwrap();
    std::fs::write(dir.join(".env"), "SECRET=1").unwrap();
}

/// The data block a signed-in page carries its session in (`http/planner.rs`).
const SESSION_BLOCK: &str = r#"<script type="application/json" id="costfolio-session">"#;

/// The session a page carries, if any: the JSON in its data block.
fn session_in(page: &str) -> Option<serde_json::Value> {
    let start = page.find(SESSION_BLOCK)? + SESSION_BLOCK.len();
    let end = start + page[start..].find("</script>")?;
    Some(json(&page[start..end]))
}

#[test]
fn a_page_asked_for_with_a_live_session_carries_it_and_is_never_kept() {
    let dir = scratch("www-session");
    let www = dir.join("dist");
    planner_files(&www);
    std::fs::write(
        www.join("index.html"),
        "<!doctype html><html><head><title>costfolio</title></head><body><div id=app></div></body></html>",
    )
    .unwrap();
    let db = dir.join("t.db");
    cli(&db, &["user", "add", "ada", "--password", "secret123"]);
    let (server, _) = start_printing(&db, &["--www", www.to_str().unwrap()]);
    let port = server.port;
    let signed = send(
        port,
        "POST",
        "/session",
        &[("Content-Type", "application/json")],
        r#"{"username":"ada","password":"secret123"}"#,
    );
    assert_eq!(signed.status, 200, "{}", signed.text());
    let cookie = cookie_of(&signed);
    let asked = json(&send(port, "GET", "/session", &[("Cookie", &cookie)], "").text());

    // Every page of the planner, with the session: the answer GET /session gives, in the page.
    for path in [
        "/",
        "/folios/3/forecast",
        "/portfolios",
        "/signin?next=%2Ffolios%2F3",
    ] {
        let page = send(
            port,
            "GET",
            path,
            &[("Cookie", &cookie), ("Accept-Encoding", "br, gzip")],
            "",
        );
        assert_eq!(page.status, 200, "{path}");
        assert_eq!(
            page.header("Content-Type"),
            Some("text/html; charset=utf-8"),
            "{path}"
        );
        assert_eq!(page.header("Content-Encoding"), None, "{path}");
        assert_eq!(
            page.header("Cache-Control"),
            Some("no-store, private"),
            "{path}"
        );
        assert_eq!(page.header("Last-Modified"), None, "{path}");
        assert_eq!(page.header("Vary"), Some("Cookie"), "{path}");
        assert!(page.header("Content-Security-Policy").is_some(), "{path}");
        let text = page.text();
        assert!(text.contains("<div id=app></div>"), "{path}: {text}");
        let carried = session_in(&text).unwrap_or_else(|| panic!("{path}: {text}"));
        assert_eq!(carried, asked, "{path}");
        assert_eq!(carried["user"], "ada");
        assert_eq!(carried["csrf"].as_str().map(str::len), Some(64));
    }
    // A conditional request gets the signed page again (the build's date names another answer).
    let built = send(port, "GET", "/folios/3", &[], "");
    let modified = built
        .header("Last-Modified")
        .expect("the build's page has a date")
        .to_owned();
    let again = send(
        port,
        "GET",
        "/folios/3",
        &[("Cookie", &cookie), ("If-Modified-Since", &modified)],
        "",
    );
    assert_eq!(again.status, 200);
    assert_eq!(session_in(&again.text()), Some(asked.clone()));
    assert_eq!(
        send(
            port,
            "GET",
            "/folios/3",
            &[("If-Modified-Since", &modified)],
            ""
        )
        .status,
        304
    );
    // HEAD: the signed page's headers; any other method is no page and carries nothing.
    let head = send(port, "HEAD", "/folios/3", &[("Cookie", &cookie)], "");
    assert_eq!(head.status, 200);
    assert_eq!(head.header("Cache-Control"), Some("no-store, private"));
    for method in ["POST", "PUT", "DELETE"] {
        let other = send(port, method, "/folios/3", &[("Cookie", &cookie)], "");
        assert_ne!(other.status, 200, "{method}");
        assert!(session_in(&other.text()).is_none(), "{method}");
    }
    // Files are the build's, with or without it; a page without a live session is the build's.
    let file = send(
        port,
        "GET",
        "/assets/app-3f2a9c.js",
        &[("Cookie", &cookie)],
        "",
    );
    assert_eq!(file.status, 200);
    assert!(session_in(&file.text()).is_none());
    assert!(file.header("Cache-Control").unwrap().contains("immutable"));
    let forged = format!("costfolio_session={}", "a".repeat(64));
    for headers in [
        vec![],
        vec![("Cookie", forged.as_str())],
        vec![("Cookie", "costfolio_session=short")],
    ] {
        let page = send(port, "GET", "/folios/3", &headers, "");
        assert_eq!(page.status, 200);
        assert!(session_in(&page.text()).is_none(), "{headers:?}");
        assert_eq!(
            page.header("Cache-Control"),
            Some("no-cache"),
            "{headers:?}"
        );
    }
    // Signed out: the old cookie's page carries nothing.
    let csrf = asked["csrf"].as_str().unwrap();
    let out = send(
        port,
        "DELETE",
        "/session",
        &[("Cookie", &cookie), ("X-CSRF-Token", csrf)],
        "",
    );
    assert_eq!(out.status, 204);
    let page = send(port, "GET", "/folios/3", &[("Cookie", &cookie)], "");
    assert!(session_in(&page.text()).is_none());
    assert_eq!(page.header("Cache-Control"), Some("no-cache"));
}

fn cli(db: &Path, args: &[&str]) -> String {
    let out = Command::new(BIN)
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_planner_is_served_with_its_types_caching_and_compression_beside_the_interfaces() {
    let dir = scratch("www");
    let www = dir.join("dist");
    planner_files(&www);
    let db = dir.join("t.db");
    let (server, lines) = start_printing(&db, &["--www", www.to_str().unwrap()]);
    assert!(
        lines.iter().any(|line| line.contains("the planner:")),
        "{lines:?}"
    );
    let port = server.port;

    let index = send(port, "GET", "/", &[], "");
    assert_eq!(index.status, 200);
    assert!(index.text().contains("planner-index"));
    assert_eq!(index.header("Cache-Control"), Some("no-cache"));
    assert!(index
        .header("Content-Type")
        .unwrap()
        .starts_with("text/html"));
    let policy = index.header("Content-Security-Policy").unwrap();
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    assert!(policy.contains("'wasm-unsafe-eval'"), "{policy}");
    assert_eq!(index.header("X-Content-Type-Options"), Some("nosniff"));

    // The planner's own routes get its page.
    let route = send(port, "GET", "/folios/3/costs?asOf=2026-03-13", &[], "");
    assert_eq!(route.status, 200);
    assert!(route.text().contains("planner-index"));

    let wasm = |encodings: &str| {
        send(
            port,
            "GET",
            "/assets/core-9b1e.wasm",
            &[("Accept-Encoding", encodings)],
            "",
        )
    };
    let brotli = wasm("br, gzip");
    assert_eq!(brotli.status, 200);
    assert_eq!(brotli.header("Content-Type"), Some("application/wasm"));
    assert_eq!(brotli.header("Content-Encoding"), Some("br"));
    assert_eq!(brotli.body, b"brotli bytes", "the build's file, as it is");
    assert_eq!(
        brotli.header("Cache-Control"),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(wasm("gzip").body, b"gzip bytes");
    let plain = wasm("identity");
    assert_eq!(plain.header("Content-Encoding"), None);
    assert_eq!(plain.body.len(), 20_008);

    let script = send(port, "GET", "/assets/app-3f2a9c.js", &[], "");
    assert_eq!(script.status, 200);
    assert_eq!(script.header("Content-Encoding"), None, "not asked for");
    assert!(script
        .header("Content-Type")
        .unwrap()
        .contains("javascript"));
    assert_eq!(script.text(), "export const answer = 42;\n".repeat(400));

    let missing = send(port, "GET", "/assets/app-000000.js", &[], "");
    assert_eq!(missing.status, 404, "a missing hashed file is not the page");
    assert_ne!(
        missing.header("Cache-Control"),
        Some("public, max-age=31536000, immutable")
    );
    let escape = send(port, "GET", "/assets/../../t.db", &[], "");
    assert!(
        !escape.text().contains("SQLite"),
        "no file outside the planner"
    );

    // The interfaces answer their own paths, not with the page.
    let folios = send(port, "GET", "/budgets/1/folio", &[], "");
    assert_eq!(folios.status, 401);
    assert!(!folios.text().contains("planner-index"));
    let session = send(port, "GET", "/session", &[], "");
    assert_eq!(session.status, 401);
    assert_eq!(
        send(port, "GET", "/core/3/accounts", &[], "").status,
        401,
        "{}",
        "the core interface"
    );
}

#[test]
fn a_planner_folder_without_its_page_is_refused_at_start() {
    let dir = scratch("nowww");
    let out = Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0", "--www"])
        .arg(&dir)
        .arg("--db")
        .arg(dir.join("t.db"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("has no index.html"), "{said}");
}

fn cookie_of(answer: &support::Answer) -> String {
    answer
        .header("Set-Cookie")
        .and_then(|cookie| cookie.split(';').next())
        .unwrap()
        .to_owned()
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn a_session_cookie_opens_the_budgets_and_its_changes_need_the_csrf_token(kind: Kind) {
    let dir = scratch("session");
    let db = Db::new(kind, &dir);
    cli(
        &db,
        &["user", "add", "ada", "--password", "secret123", "--admin"],
    );
    let (server, _) = start_printing(&db, &[]);
    let port = server.port;
    let sign_in = |body: &str| {
        send(
            port,
            "POST",
            "/session",
            &[("Content-Type", "application/json")],
            body,
        )
    };

    let wrong = sign_in(r#"{"username":"ada","password":"guess-123"}"#);
    assert_eq!(wrong.status, 401);
    assert_eq!(wrong.header("Set-Cookie"), None);
    assert!(wrong.text().contains("wrong user name or password"));
    assert_eq!(sign_in("username=ada").status, 400);
    // Another site's form can send neither JSON's type nor a same-origin request (login CSRF).
    let body = r#"{"username":"ada","password":"secret123"}"#;
    let form = send(
        port,
        "POST",
        "/session",
        &[("Content-Type", "text/plain")],
        body,
    );
    assert_eq!(form.status, 415);
    assert_eq!(form.header("Set-Cookie"), None);
    let cross = send(
        port,
        "POST",
        "/session",
        &[
            ("Content-Type", "application/json"),
            ("Sec-Fetch-Site", "cross-site"),
        ],
        body,
    );
    assert_eq!(cross.status, 403);
    assert_eq!(cross.header("Set-Cookie"), None);

    let signed = sign_in(r#"{"username":"ada","password":"secret123"}"#);
    assert_eq!(signed.status, 200, "{}", signed.text());
    let set = signed.header("Set-Cookie").unwrap().to_owned();
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=43200"] {
        assert!(set.contains(attribute), "{attribute} in {set}");
    }
    let cookie = cookie_of(&signed);
    let secret = cookie.trim_start_matches("costfolio_session=").to_owned();
    assert_eq!(secret.len(), 64);
    let session = json(&signed.text());
    assert_eq!(session["user"], "ada");
    assert_eq!(session["budgetAdmin"], true);
    let csrf = session["csrf"].as_str().unwrap().to_owned();
    assert_eq!(csrf.len(), 64);
    assert_ne!(csrf, secret);

    // Stored as a hash, never in clear (in the database or its write-ahead log).
    let stored = db.stored_bytes();
    let holds = |text: &str| stored.windows(text.len()).any(|w| w == text.as_bytes());
    assert!(!holds(&secret), "the session's secret is not stored");
    assert!(holds(&costfolio::usecase::credentials::hash_secret(
        &secret
    )));

    let asked = send(port, "GET", "/session", &[("Cookie", &cookie)], "");
    assert_eq!(asked.status, 200);
    assert_eq!(json(&asked.text())["csrf"], csrf.as_str());

    let list = |headers: &[(&str, &str)]| send(port, "GET", "/budgets/1/folio", headers, "");
    assert_eq!(list(&[("Cookie", &cookie)]).status, 200);
    let create = |headers: &[(&str, &str)]| {
        let mut all = vec![("Content-Type", "application/json")];
        all.extend_from_slice(headers);
        send(port, "POST", "/budgets/1/folio", &all, FOLIO)
    };
    for refused in [
        create(&[("Cookie", &cookie)]),
        create(&[("Cookie", &cookie), ("X-CSRF-Token", &secret)]),
        create(&[("Cookie", &cookie), ("X-CSRF-Token", &csrf[..63])]),
    ] {
        assert_eq!(refused.status, 403, "{}", refused.text());
        assert!(refused.text().contains("X-CSRF-Token"));
    }
    assert_eq!(
        json(&list(&[("Cookie", &cookie)]).text())["success"],
        serde_json::json!([]),
        "nothing was made"
    );
    let made = create(&[("Cookie", &cookie), ("X-CSRF-Token", &csrf)]);
    assert_eq!(made.status, 200, "{}", made.text());
    assert_eq!(json(&made.text())["success"], 1);

    // The session is the cookie's alone: not a bearer token. It reads the core interface (the
    // schemes and saved filters a folio's settings choose from) but changes nothing there.
    let bearer = format!("Bearer {secret}");
    assert_eq!(list(&[("Authorization", &bearer)]).status, 401);
    let schemes = send(
        port,
        "GET",
        "/core/3/workload-schemes",
        &[("Cookie", &cookie)],
        "",
    );
    assert_eq!(schemes.status, 200, "{}", schemes.text());
    assert!(schemes.text().contains("\"results\""), "{}", schemes.text());
    let scheme = r#"{"name":"Short week","days":[{"day":"MONDAY","requiredSeconds":3600}]}"#;
    let core_change = send(
        port,
        "POST",
        "/core/3/workload-schemes",
        &[
            ("Cookie", &cookie),
            ("X-CSRF-Token", &csrf),
            ("Content-Type", "application/json"),
        ],
        scheme,
    );
    assert_eq!(core_change.status, 401, "{}", core_change.text());
    assert!(!send(
        port,
        "GET",
        "/core/3/workload-schemes",
        &[("Cookie", &cookie)],
        ""
    )
    .text()
    .contains("Short week"));
    // Another cookie value is nobody, and the planner's 401 asks the browser for no password.
    let forged = format!("costfolio_session={}", "a".repeat(64));
    let nobody = list(&[("Cookie", &forged)]);
    assert_eq!(nobody.status, 401);
    assert_eq!(nobody.header("WWW-Authenticate"), None);
    assert!(
        list(&[]).header("WWW-Authenticate").is_some(),
        "basic clients still asked"
    );

    // The command line lists the session, and a new password closes it.
    let listed = cli(&db, &["token", "list", "ada"]);
    assert!(listed.contains("\tsession\t"), "{listed}");
    let again = sign_in(r#"{"username":"ada","password":"secret123"}"#);
    let second = cookie_of(&again);
    let said = cli(
        &db,
        &["user", "add", "ada", "--password", "secret456", "--admin"],
    );
    assert!(
        said.contains("closed 2 planner session(s) of ada"),
        "{said}"
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while list(&[("Cookie", &second)]).status != 401 {
        assert!(
            std::time::Instant::now() < deadline,
            "the session outlived the password"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // The server's copy of the user table takes the new password within its freshness (0.1 s),
    // which need not be the moment the session's closing is seen.
    let signed = loop {
        let answer = sign_in(r#"{"username":"ada","password":"secret456"}"#);
        if answer.status == 200 || std::time::Instant::now() >= deadline {
            break answer;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(signed.status, 200);
    let cookie = cookie_of(&signed);
    let csrf = json(&signed.text())["csrf"].as_str().unwrap().to_owned();

    // Sign-out needs the token too, then the old cookie opens nothing.
    assert_eq!(
        send(port, "DELETE", "/session", &[("Cookie", &cookie)], "").status,
        403
    );
    let out = send(
        port,
        "DELETE",
        "/session",
        &[("Cookie", &cookie), ("X-CSRF-Token", &csrf)],
        "",
    );
    assert_eq!(out.status, 204);
    assert!(out.header("Set-Cookie").unwrap().contains("Max-Age=0"));
    assert_eq!(list(&[("Cookie", &cookie)]).status, 401);
    assert_eq!(
        send(port, "GET", "/session", &[("Cookie", &cookie)], "").status,
        401
    );
    assert_eq!(
        create(&[("Cookie", &cookie), ("X-CSRF-Token", &csrf)]).status,
        401
    );
}

/// How many records `GET path` lists for `authorization` (`None` when it is refused).
fn listed(port: u16, path: &str, authorization: &str) -> Option<usize> {
    let answer = send(port, "GET", path, &[("Authorization", authorization)], "");
    (answer.status == 200).then(|| json(&answer.text())["success"].as_array().unwrap().len())
}

fn the_demo_is_added_to_an_empty_database_only(kind: Kind) {
    let dir = scratch("demo");
    let db = Db::new(kind, &dir);
    let (server, lines) = start_printing(&db, &["--demo"]);
    let said = lines.last().unwrap().clone();
    let password = said
        .split(" with password ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no password in {lines:?}"))
        .to_owned();
    assert_eq!(password.len(), 16);
    let demo = basic("demo", &password);
    assert_eq!(listed(server.port, "/budgets/1/folio", &demo), Some(3));
    assert_eq!(listed(server.port, "/budgets/1/portfolio", &demo), Some(1));
    server.kill();

    // Again: nothing added, and the first password still the demo's.
    let (server, lines) = start_printing(&db, &["--demo"]);
    assert!(
        lines.iter().any(|line| line.contains("already holds data")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|line| line.starts_with("demo: sign in")));
    assert_eq!(listed(server.port, "/budgets/1/folio", &demo), Some(3));
    drop(server);

    // A database with only a user is not empty either.
    let other = Db::new(kind, &scratch("demo-other"));
    cli(&other, &["user", "add", "ada", "--password", "secret123"]);
    let (server, lines) = start_printing(&other, &["--demo"]);
    assert!(lines.iter().any(|line| line.contains("already holds data")));
    let ada = basic("ada", "secret123");
    assert_eq!(listed(server.port, "/budgets/1/folio", &ada), Some(0));
}

// Sessions and the demo are kept in the journal: on both stores.
on_both_stores!(
    a_session_cookie_opens_the_budgets_and_its_changes_need_the_csrf_token,
    the_demo_is_added_to_an_empty_database_only,
);
