//! The OAuth authorize page over real HTTP on loopback: it cannot be framed nor posted from another
//! site, it honours PKCE (S256 only) and answers other response types as the standard says. Each
//! test starts its own `costfolio serve` on a free port with its own database.

// A test crate: its helpers unwrap and panic as its tests do (the workspace denies them in the
// code it tests).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::PathBuf;

use support::{body, cli, header, request, status, Server};

/// A database path in a fresh folder.
fn scratch() -> PathBuf {
    support::scratch("authorize").join("costfolio.db")
}

#[test]
fn the_authorize_page_cannot_be_framed_nor_posted_from_elsewhere() {
    let db = scratch();
    cli(
        &db,
        &["user", "add", "ada", "--password", "a good password"],
    );
    let redirect = "https://planner.example/callback";
    cli(
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
    cli(
        &db,
        &["user", "add", "ada", "--password", "a good password"],
    );
    cli(
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
