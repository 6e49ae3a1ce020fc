//! The planner's sign-in: `POST /session` verifies a user's password and sets an `HttpOnly`,
//! `SameSite=Strict` cookie; `GET /session` tells the page who is signed in and the session's CSRF
//! token; `DELETE /session` signs out. `/budgets/1` accepts the cookie as it accepts basic
//! credentials, and a change made with it must carry the CSRF token in [`CSRF_HEADER`].
//!
//! The session's secret lives in the cookie only; the journal keeps its SHA-256, like every token
//! (`costfolio::usecase::credentials::open_session`). The CSRF token is derived from the secret, so a page of
//! another site, which can neither read the cookie nor ask `GET /session` with it (SameSite,
//! and no CORS), cannot know it.

use std::net::IpAddr;

use costfolio::api::{envelope, Context, Request, Response};
use costfolio::usecase::credentials::{
    close_session, open_session, session, session_csrf, SESSION_HOURS,
};

use super::credentials::Refusal;
use super::{busy, cookie, throttled, users_failure, Journal, SignIn};

/// The path of the sign-in endpoint.
pub(crate) const SESSION_PATH: &str = "/session";

/// The cookie that carries the session's secret.
pub(crate) const SESSION_COOKIE: &str = "costfolio_session";

/// The header in which a change made with the session cookie carries the session's CSRF token.
pub(crate) const CSRF_HEADER: &str = "X-CSRF-Token";

/// The most bytes of a sign-in body (a user name and a password).
const MAX_SIGN_IN_BODY: usize = 4_096;

/// An answer of `/session`, in the budgeting interface's error envelope, which the planner reads
/// for every refusal.
fn refusal(status: u16, message: &str) -> Response {
    let mut response = envelope("/budgets/1", status, message);
    response
        .headers
        .push(("Cache-Control".into(), "no-store".into()));
    response
}

/// The cookie's secret, when the request carries one of the right shape (64 hex digits).
fn secret(request: &Request) -> Option<&str> {
    cookie(request, SESSION_COOKIE)
        .filter(|value| value.len() == 64 && value.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Whether `request` carries the planner's session cookie (of the right shape).
pub(crate) fn has_cookie(request: &Request) -> bool {
    secret(request).is_some()
}

/// Whether `method` may change something: everything but GET, HEAD and OPTIONS.
fn changes(method: &str) -> bool {
    !matches!(method, "GET" | "HEAD" | "OPTIONS")
}

/// Whether two strings are equal, in a time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |differ, (x, y)| differ | (x ^ y))
            == 0
}

impl<J: Journal> SignIn<'_, J> {
    /// The `Set-Cookie` attributes every session cookie carries (`Secure` behind HTTPS).
    fn cookie_attributes(&self) -> &'static str {
        if self.secure {
            "; Path=/; HttpOnly; SameSite=Strict; Secure"
        } else {
            "; Path=/; HttpOnly; SameSite=Strict"
        }
    }

    /// The JSON the page reads of a live session.
    fn session_body(&self, user: &str, secret: &str, expires_at: &str) -> Response {
        let body = serde_json::json!({
            "user": user,
            "budgetAdmin": self.credentials.is_budget_admin(user),
            "csrf": session_csrf(secret),
            "expiresAt": expires_at,
        });
        let mut response = Response::json(200, body.to_string());
        response
            .headers
            .push(("Cache-Control".into(), "no-store".into()));
        response
    }

    /// Answers `/session`: sign in (`POST`), who is signed in (`GET`, `HEAD`), sign out
    /// (`DELETE`).
    pub(crate) fn session_endpoint(
        &self,
        request: &Request,
        context: &Context,
        peer: Option<IpAddr>,
    ) -> Response {
        match request.method.as_str() {
            "POST" => self.sign_in(request, context, peer),
            "GET" | "HEAD" => {
                // A session closed from the command line counts here as it does on /budgets.
                if let Err(failure) = self.journal.look(&request.path, &mut false) {
                    return failure;
                }
                let state = match self.journal.current(&request.path) {
                    Ok(state) => state,
                    Err(failure) => return failure,
                };
                let live = secret(request).and_then(|secret| {
                    session(&state, secret, context.now)
                        .map(|record| (record.user.clone(), record.expires_at))
                        .map(|(user, expires)| (secret, user, expires))
                });
                drop(state);
                match live {
                    Some((secret, user, Some(expires))) => {
                        self.session_body(&user, secret, &expires.to_string())
                    }
                    _ => refusal(401, "not signed in, or the session expired: sign in again"),
                }
            }
            "DELETE" => self.sign_out(request, context),
            _ => {
                let mut response = refusal(
                    405,
                    "use POST to sign in, GET to see the session and DELETE to sign out",
                );
                response
                    .headers
                    .push(("Allow".into(), "GET, HEAD, POST, DELETE".into()));
                response
            }
        }
    }

    /// `POST /session` with `{"username", "password"}`: a new session and its cookie.
    fn sign_in(&self, request: &Request, context: &Context, peer: Option<IpAddr>) -> Response {
        if request.body.len() > MAX_SIGN_IN_BODY {
            return refusal(
                413,
                &format!("a sign-in body has at most {MAX_SIGN_IN_BODY} bytes"),
            );
        }
        // Only this server's page signs in: a form of another site can send neither JSON's
        // content type nor (in a browser that says where a request comes from) a same-origin
        // request, so it cannot sign a visitor into the attacker's account (login CSRF).
        let json = request
            .header_value("Content-Type")
            .and_then(|kind| kind.split(';').next())
            .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return refusal(
                415,
                "sign in with a JSON body (Content-Type: application/json)",
            );
        }
        if request
            .header_value("Sec-Fetch-Site")
            .is_some_and(|site| !matches!(site, "same-origin" | "none"))
        {
            return refusal(403, "sign in from this server's own page");
        }
        let parsed: Option<serde_json::Value> = serde_json::from_slice(&request.body).ok();
        let field = |name: &str| {
            parsed
                .as_ref()
                .and_then(|body| body.get(name))
                .and_then(serde_json::Value::as_str)
        };
        let (Some(name), Some(password)) = (field("username"), field("password")) else {
            return refusal(
                400,
                "send JSON {\"username\": ..., \"password\": ...} to sign in",
            );
        };
        let verified = match self.credentials.verify(name, password, peer, None) {
            Ok(verified) => verified,
            Err(Refusal::Wrong) => return refusal(401, "wrong user name or password"),
            Err(Refusal::Throttled(seconds)) => return throttled("/budgets/1", seconds),
            Err(Refusal::Busy) => return busy("/budgets/1"),
            Err(Refusal::Storage { detail, away }) => {
                let mut answer = users_failure("/budgets/1", &detail, away);
                answer
                    .headers
                    .push(("Cache-Control".into(), "no-store".into()));
                return answer;
            }
        };
        let opened = self.journal.transact(SESSION_PATH, |state| {
            open_session(state, &verified.user, context.moment())
        });
        let opened = match opened {
            Ok(Ok(opened)) => opened,
            Ok(Err(error)) => return refusal(500, &error.to_string()),
            Err(failure) => return failure,
        };
        // A password changed while this sign-in was verified: the command line closes
        // the user's sessions after it stores the new password, so a session opened after that
        // closing, with the old password, would outlive it. Read from the store now, the hash is
        // still the one verified, or this session is closed and the sign-in refused.
        let still = self.credentials.current_hash(&verified.user);
        if !matches!(&still, Ok(Some(hash)) if *hash == verified.hash) {
            let closed = self.journal.transact(SESSION_PATH, |state| {
                close_session(state, &opened.secret, context.now)
            });
            if let Err(failure) = closed {
                return failure;
            }
            return match still {
                Err(Refusal::Storage { detail, away }) => {
                    users_failure("/budgets/1", &detail, away)
                }
                _ => refusal(401, "wrong user name or password"),
            };
        }
        let mut response = self.session_body(
            &verified.user,
            &opened.secret,
            &opened.expires_at.to_string(),
        );
        response.headers.push((
            "Set-Cookie".into(),
            format!(
                "{SESSION_COOKIE}={}; Max-Age={}{}",
                opened.secret,
                SESSION_HOURS * 3600,
                self.cookie_attributes()
            ),
        ));
        response
    }

    /// `DELETE /session`: closes the session (with its CSRF token) and clears the cookie.
    fn sign_out(&self, request: &Request, context: &Context) -> Response {
        let Some(secret) = secret(request) else {
            return refusal(401, "not signed in");
        };
        if let Some(refused) = self.csrf_refusal(request, secret) {
            return refused;
        }
        let closed = self.journal.transact(SESSION_PATH, |state| {
            close_session(state, secret, context.now)
        });
        match closed {
            Ok(_) => Response {
                status: 204,
                headers: vec![
                    (
                        "Set-Cookie".into(),
                        format!("{SESSION_COOKIE}=; Max-Age=0{}", self.cookie_attributes()),
                    ),
                    ("Cache-Control".into(), "no-store".into()),
                ],
                body: Vec::new(),
            },
            Err(failure) => failure,
        }
    }

    /// The 403 of a change made with the session cookie but without its CSRF token.
    fn csrf_refusal(&self, request: &Request, secret: &str) -> Option<Response> {
        let sent = request.header_value(CSRF_HEADER).unwrap_or("");
        if same(sent, &session_csrf(secret)) {
            return None;
        }
        Some(refusal(
            403,
            &format!("a change made with the planner's session must carry its {CSRF_HEADER} header (ask GET /session for it)"),
        ))
    }

    /// For a `/budgets/` request, or a `/core/3/` read, that carries the session cookie and no
    /// `Authorization`: the session's user in `context` (nothing when the session is unknown,
    /// expired or closed, so the core answers 401), or the 403 of a change without the session's
    /// CSRF token. The planner reads the holiday and workload schemes and saved filters a folio's
    /// settings choose from; changing `/core/3` stays for tokens (S11.6).
    pub(crate) fn session_caller(
        &self,
        request: &Request,
        context: &mut Context,
    ) -> Option<Response> {
        if !opened_by_session(request) || request.header_value("Authorization").is_some() {
            return None;
        }
        let secret = secret(request)?;
        if let Err(failure) = self.journal.look(&request.path, &mut false) {
            return Some(failure);
        }
        let user = match self.journal.current(&request.path) {
            Ok(state) => session(&state, secret, context.now)?.user.clone(),
            Err(failure) => return Some(failure),
        };
        if changes(&request.method) {
            if let Some(refused) = self.csrf_refusal(request, secret) {
                return Some(refused);
            }
        }
        context.budget_admin = match self.credentials.budget_admin(&user) {
            Ok(admin) => admin,
            Err(Refusal::Storage { detail, away }) => {
                return Some(users_failure(&request.path, &detail, away))
            }
            Err(_) => false,
        };
        context.user = Some(user);
        context.write = true;
        context.session = true;
        None
    }
}

/// Whether the planner's session may open `request`: the budgeting interface, and reads of the
/// core administration (every user may read it, S11.6).
fn opened_by_session(request: &Request) -> bool {
    request.path.starts_with("/budgets/")
        || (request.path.starts_with("/core/3/") && request.method == "GET")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_strings_are_same_and_others_are_not() {
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "ab"));
        assert!(!same("", "a"));
    }

    #[test]
    fn only_reads_change_nothing() {
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            assert!(changes(method), "{method}");
        }
        for method in ["GET", "HEAD", "OPTIONS"] {
            assert!(!changes(method), "{method}");
        }
    }
}
