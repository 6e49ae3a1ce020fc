//! The token endpoints (RFC 6749, RFC 7009): `/oauth/token/` exchanges an authorization code or a
//! refresh token for a new pair, `/oauth/revoke_token/` revokes one; both take a form and the
//! client's credentials. What they decide is the credentials' use cases'; here the form is read
//! and the answer or refusal written as the RFCs say.

use crate::api::http::{Context, Request, Response};
use crate::api::reply;
use crate::state::State;
use crate::usecase::credentials::{
    exchange, revoke, GrantForm, GrantRefusal, IssuedPair, ACCESS_TOKEN_SECONDS,
};

/// The body of a successful token response (RFC 6749 section 5.1).
#[derive(serde::Serialize)]
struct TokenResponse {
    access_token: String,
    expires_in: i64,
    token_type: &'static str,
    scope: &'static str,
    refresh_token: String,
}

/// An RFC 6749 section 5.2 error.
fn oauth_error(status: u16, error: &str, description: &str) -> Response {
    let mut response = Response::json(status, reply::oauth_error_body(error, description));
    response
        .headers
        .push(("Cache-Control".into(), "no-store".into()));
    response
}

/// A refusal as the RFC writes it: 401 for the client's credentials, 400 for the rest; the host's
/// own fault a 500.
fn refused(refusal: &GrantRefusal) -> Response {
    match refusal.code() {
        Some(code) => {
            let status = if *refusal == GrantRefusal::InvalidClient {
                401
            } else {
                400
            };
            oauth_error(status, code, &refusal.to_string())
        }
        None => reply::core_error(500, &refusal.to_string()),
    }
}

/// Parses an `application/x-www-form-urlencoded` body.
fn form(request: &Request) -> Result<Vec<(String, String)>, Response> {
    if !request
        .media_type()
        .eq_ignore_ascii_case("application/x-www-form-urlencoded")
    {
        return Err(oauth_error(
            400,
            "invalid_request",
            "the body must be application/x-www-form-urlencoded",
        ));
    }
    let text = std::str::from_utf8(&request.body)
        .map_err(|_| oauth_error(400, "invalid_request", "the body is not UTF-8"))?;
    crate::api::http::decode_form(text).ok_or_else(|| {
        oauth_error(
            400,
            "invalid_request",
            "the body is not valid form encoding",
        )
    })
}

/// The pair issued, as RFC 6749 section 5.1 answers it (never cached).
fn issued(pair: IssuedPair) -> Response {
    let mut response = reply::ok(
        200,
        &TokenResponse {
            access_token: pair.access,
            expires_in: ACCESS_TOKEN_SECONDS,
            token_type: "Bearer",
            scope: "read write",
            refresh_token: pair.refresh,
        },
    );
    response
        .headers
        .push(("Cache-Control".into(), "no-store".into()));
    response
}

/// The answer to a request of the token interface that needs no state: an unknown endpoint
/// (404) or a method other than POST (405); `None` for a token or revocation request.
pub(in crate::api) fn answer_read(request: &Request, rest: &str) -> Option<Response> {
    let endpoint = rest.trim_end_matches('/');
    if endpoint != "/token" && endpoint != "/revoke_token" {
        return Some(reply::core_error(
            404,
            &format!(
                "No resource at {}",
                crate::model::messages::excerpt(&request.path)
            ),
        ));
    }
    (request.method != "POST").then(|| reply::method_not_allowed(request))
}

/// `/oauth/token/` and `/oauth/revoke_token/`.
pub(in crate::api) fn handle(
    state: &mut State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Response {
    if let Some(response) = answer_read(request, rest) {
        return response;
    }
    let endpoint = rest.trim_end_matches('/');
    let pairs = match form(request) {
        Ok(pairs) => pairs,
        Err(response) => return response,
    };
    let form = GrantForm(&pairs);
    let client = context.verified_client.as_deref();
    let result = if endpoint == "/token" {
        exchange(state, form, client, context.moment()).map(issued)
    } else {
        revoke(state, form, client).map(|()| Response::empty(200))
    };
    result.unwrap_or_else(|refusal| refused(&refusal))
}
