//! The OAuth authorize page (S11.1): `GET /oauth/authorize` shows a sign-in form for a registered
//! client and its registered redirect address; `POST` verifies the user's password (outside every
//! lock, throttled) and the form's CSRF token, then redirects with an authorization code.

use std::collections::HashMap;
use std::net::IpAddr;

use costfolio::api::{decode_form, encode_query, Context, Request, Response};
use costfolio::usecase::credentials::{code_challenge, issue_code_with_challenge};

use super::credentials::Refusal;
use super::{busy, cookie, throttled, Journal, SignIn};

impl<J: Journal> SignIn<'_, J> {
    /// `GET /oauth/authorize`: a sign-in form; `POST`: the user signs in and grants the client,
    /// then is redirected with the code (S11.1).
    pub(crate) fn authorize(
        &self,
        request: &Request,
        context: &Context,
        peer: Option<IpAddr>,
    ) -> Response {
        let param = |name: &str| request.param_value(name).unwrap_or("").to_owned();
        if request.method == "GET" {
            // RFC 6749 3.1.2.4: no sign-in page for an unknown client or a redirect it did not
            // register (an attacker's words on the real sign-in page help phishing). A client
            // the command line registered while the server runs is in the journal: read it first.
            if let Err(failure) = self.journal.look(&request.path, &mut false) {
                return failure;
            }
            let registered = match self.journal.current(&request.path) {
                Ok(state) => state,
                Err(failure) => return failure,
            }
            .clients
            .get(param("client_id").as_str())
            .is_some_and(|client| client.redirect_uri == param("redirect_uri"));
            if !registered {
                return Response {
                    status: 400,
                    headers: vec![
                        ("Content-Type".into(), "text/plain; charset=utf-8".into()),
                        ("Cache-Control".into(), "no-store".into()),
                    ],
                    body: b"This sign-in link is not valid: its client or redirect address is not registered with this costfolio server.\n".to_vec(),
                };
            }
            // RFC 6749 4.1.2.1: with the client and its address known, a request it cannot have
            // goes back to it as an error, not to the user as a form.
            let challenge = match asked(|name| request.param_value(name)) {
                Ok(challenge) => challenge.map(str::to_owned),
                Err((error, description)) => {
                    return back_to_client(
                        &param("redirect_uri"),
                        error,
                        &description,
                        &param("state"),
                    )
                }
            };
            // A CSRF token, sent both as a SameSite=Strict cookie and in the form: a POST from
            // another site carries neither the cookie nor the value (double submit).
            let csrf = costfolio::usecase::credentials::token_text(
                context.random.get(32..64).unwrap_or(&[]),
            );
            let page = format!(
                "<!doctype html><html><head><meta charset=\"utf-8\"><title>costfolio: grant access</title></head><body>\
                 <h1>Grant {client} access to costfolio</h1>\
                 <form method=\"post\" action=\"/oauth/authorize\">\
                 <input type=\"hidden\" name=\"client_id\" value=\"{client}\">\
                 <input type=\"hidden\" name=\"redirect_uri\" value=\"{redirect}\">\
                 <input type=\"hidden\" name=\"state\" value=\"{state}\">\
                 <input type=\"hidden\" name=\"csrf\" value=\"{csrf}\">\
                 {pkce}\
                 <label>User <input name=\"username\" autocomplete=\"username\"></label>\
                 <label>Password <input name=\"password\" type=\"password\" autocomplete=\"current-password\"></label>\
                 <button type=\"submit\">Grant access</button></form></body></html>",
                client = html(&param("client_id")),
                redirect = html(&param("redirect_uri")),
                state = html(&param("state")),
                pkce = challenge.map_or(String::new(), |challenge| format!(
                    "<input type=\"hidden\" name=\"code_challenge\" value=\"{}\">\
                     <input type=\"hidden\" name=\"code_challenge_method\" value=\"S256\">",
                    html(&challenge)
                )),
            );
            let secure = if self.secure { "; Secure" } else { "" };
            return Response {
                status: 200,
                headers: vec![
                    ("Content-Type".into(), "text/html; charset=utf-8".into()),
                    // No page of another site may frame the sign-in (clickjacking).
                    (
                        "Content-Security-Policy".into(),
                        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'".into(),
                    ),
                    ("X-Frame-Options".into(), "DENY".into()),
                    ("Cache-Control".into(), "no-store".into()),
                    ("Referrer-Policy".into(), "no-referrer".into()),
                    (
                        "Set-Cookie".into(),
                        format!(
                            "{CSRF_COOKIE}={csrf}; Path=/oauth/authorize; HttpOnly; SameSite=Strict{secure}"
                        ),
                    ),
                ],
                body: page.into_bytes(),
            };
        }
        if request.method != "POST" {
            return oauth_error(
                405,
                "invalid_request",
                "use GET to show the form and POST to grant",
            );
        }
        let Some(form) = std::str::from_utf8(&request.body)
            .ok()
            .and_then(decode_form)
        else {
            return oauth_error(
                400,
                "invalid_request",
                "the body is not valid form encoding",
            );
        };
        let form: HashMap<String, String> = form.into_iter().collect();
        let sent = form.get("csrf").map(String::as_str).unwrap_or("");
        if sent.len() != 64 || cookie(request, CSRF_COOKIE) != Some(sent) {
            return oauth_error(
                403,
                "access_denied",
                "the sign-in form was not sent from this server's page, or it expired: load the page again",
            );
        }
        let field = |name: &str| form.get(name).cloned().unwrap_or_default();
        // The form's own fields, as the page wrote them; anything else was not sent from it.
        let challenge = match asked(|name| form.get(name).map(String::as_str)) {
            Ok(challenge) => challenge.map(str::to_owned),
            Err((error, description)) => return oauth_error(400, error, &description),
        };
        match self
            .credentials
            .verify(&field("username"), &field("password"), peer, None)
        {
            Ok(_) => {}
            Err(Refusal::Throttled(seconds)) => return throttled(&request.path, seconds),
            Err(Refusal::Busy) => return busy(&request.path),
            Err(Refusal::Storage { detail, away }) => {
                let (status, error) = if away {
                    (503, "temporarily_unavailable")
                } else {
                    (500, "server_error")
                };
                return oauth_error(status, error, &format!("users: {detail}"));
            }
            Err(Refusal::Wrong) => {
                return oauth_error(401, "access_denied", "wrong user name or password")
            }
        }
        let (client, redirect) = (field("client_id"), field("redirect_uri"));
        let user = field("username");
        let code = self.journal.transact(&request.path, |state| {
            issue_code_with_challenge(
                state,
                &client,
                &redirect,
                &user,
                challenge.as_deref(),
                context.moment(),
            )
        });
        match code {
            Ok(Ok(code)) => {
                let separator = if redirect.contains('?') { '&' } else { '?' };
                let mut location = format!("{redirect}{separator}code={code}");
                if !field("state").is_empty() {
                    location.push_str(&format!("&state={}", encode_query(&field("state"))));
                }
                Response {
                    status: 302,
                    headers: vec![("Location".into(), location)],
                    body: Vec::new(),
                }
            }
            Ok(Err(error)) => oauth_error(400, "invalid_request", &error.to_string()),
            Err(failure) => failure,
        }
    }
}

/// What an authorization request asks for, checked: a code (RFC 6749 4.1.1: `response_type=code`,
/// or none, as the vendor's clients send), with the PKCE challenge it carries (RFC 7636, S11.9;
/// `S256` only); else the error and its description for the client.
fn asked<'a>(
    param: impl Fn(&str) -> Option<&'a str>,
) -> Result<Option<&'a str>, (&'static str, String)> {
    match param("response_type").filter(|kind| !kind.is_empty()) {
        None | Some("code") => {}
        Some(other) => {
            return Err((
                "unsupported_response_type",
                format!(
                    "response_type {:?} is not supported: this server issues authorization codes (code)",
                    costfolio::model::messages::excerpt(other)
                ),
            ))
        }
    }
    code_challenge(param("code_challenge"), param("code_challenge_method"))
        .map_err(|error| ("invalid_request", error.to_string()))
}

/// RFC 6749 4.1.2.1: an authorization request refused for a reason its client should learn, sent
/// back to its registered redirect address with `error`, `error_description` and `state`.
fn back_to_client(redirect: &str, error: &str, description: &str, state: &str) -> Response {
    let separator = if redirect.contains('?') { '&' } else { '?' };
    let mut location = format!(
        "{redirect}{separator}error={error}&error_description={}",
        encode_query(description)
    );
    if !state.is_empty() {
        location.push_str(&format!("&state={}", encode_query(state)));
    }
    Response {
        status: 302,
        headers: vec![
            ("Location".into(), location),
            ("Cache-Control".into(), "no-store".into()),
        ],
        body: Vec::new(),
    }
}

/// An OAuth error answer (RFC 6749 5.2's JSON).
fn oauth_error(status: u16, error: &str, description: &str) -> Response {
    Response::json(
        status,
        serde_json::json!({"error": error, "error_description": description}).to_string(),
    )
}

/// `text` escaped for HTML text and attribute values.
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The cookie that carries the authorize page's CSRF token.
const CSRF_COOKIE: &str = "costfolio_csrf";
