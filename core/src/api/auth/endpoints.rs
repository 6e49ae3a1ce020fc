//! The token endpoints (RFC 6749, RFC 7009): `/oauth/token/` exchanges an authorization code or a
//! refresh token for a new pair, `/oauth/revoke_token/` revokes one; both take a form and the
//! client's credentials.

use chrono::Duration;

use super::secrets::{expired, hash_secret, random_token};
use crate::api::http::{Context, Request, Response};
use crate::api::reply::{self, Outcome};
use crate::state::{ClientRecord, Command, State, TokenKind, TokenRecord};
use crate::value::UtcTimestamp;

/// Seconds an access token lives (S11.1).
pub(super) const ACCESS_TOKEN_SECONDS: i64 = 5_184_000;

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

struct Form(Vec<(String, String)>);

impl Form {
    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn require(&self, name: &str) -> Result<&str, Response> {
        self.get(name)
            .filter(|value| !value.is_empty())
            .ok_or_else(|| oauth_error(400, "invalid_request", &format!("{name} is required")))
    }
}

/// The client of a token or revocation request, its secret checked.
fn client<'s>(
    state: &'s State,
    form: &Form,
    context: &Context,
) -> Result<&'s ClientRecord, Response> {
    let id = form.require("client_id")?;
    let secret = form.require("client_secret")?;
    state
        .clients
        .get(id)
        .filter(|client| {
            if client.secret_hash.starts_with('$') {
                // A slow hash: the host verified it, outside its locks.
                context.verified_client.as_deref() == Some(id)
            } else {
                client.secret_hash == hash_secret(secret)
            }
        })
        .ok_or_else(|| {
            oauth_error(
                401,
                "invalid_client",
                "unknown client or wrong client secret",
            )
        })
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
    let form = match form(request) {
        Ok(pairs) => Form(pairs),
        Err(response) => return response,
    };
    let result = if endpoint == "/token" {
        token(state, &form, context)
    } else {
        revoke(state, &form, context)
    };
    result.unwrap_or_else(|response| response)
}

/// Whether a token of grant `family` is still live (a replay then has something to revoke; the
/// journal records no revocation of nothing).
fn has_live(state: &State, family: u64) -> bool {
    state
        .tokens
        .values()
        .any(|token| token.grant == Some(family) && !token.revoked)
}

fn token(state: &mut State, form: &Form, context: &Context) -> Outcome {
    let grant = form.require("grant_type")?;
    if grant != "authorization_code" && grant != "refresh_token" {
        return Err(oauth_error(
            400,
            "unsupported_grant_type",
            &format!("grant_type {grant:?} is not supported"),
        ));
    }
    let client = client(state, form, context)?.clone();
    // Randomness first: a request that cannot be answered changes nothing.
    let access = random_token(context, 0).map_err(|e| reply::core_error(500, &e.to_string()))?;
    let refresh = random_token(context, 1).map_err(|e| reply::core_error(500, &e.to_string()))?;
    let redirect_uri = form.require("redirect_uri")?;
    if redirect_uri != client.redirect_uri {
        return Err(oauth_error(
            400,
            "invalid_grant",
            "redirect_uri does not match the registered one",
        ));
    }
    let pair = state.counters.next(crate::state::IdKind::TokenPair);
    let (user, family) = if grant == "authorization_code" {
        let hash = hash_secret(form.require("code")?);
        let code = state
            .codes
            .get(&hash)
            .filter(|code| code.client_id == client.client_id && code.redirect_uri == redirect_uri)
            .ok_or_else(|| oauth_error(400, "invalid_grant", "unknown authorization code"))?;
        if code.used {
            // RFC 6749 4.1.2: a code used twice revokes what it issued, and all refreshed since.
            if let Some(family) = code.grant.filter(|family| has_live(state, *family)) {
                state.apply(Command::RevokeGrant { grant: family });
            }
            return Err(oauth_error(
                400,
                "invalid_grant",
                "the authorization code was already used; the tokens it issued are revoked",
            ));
        }
        if expired(Some(code.expires_at), context.now) {
            return Err(oauth_error(
                400,
                "invalid_grant",
                "the authorization code has expired",
            ));
        }
        // S11.9: a code issued with a challenge goes only to who holds its verifier; one issued
        // without takes none (a verifier then means a downgrade).
        super::pkce::check_code_verifier(code.code_challenge.as_deref(), form.get("code_verifier"))
            .map_err(|error| oauth_error(400, "invalid_grant", &error.to_string()))?;
        let user = code.user.clone();
        state.apply(Command::UseCodeFor { hash, grant: pair });
        (user, pair)
    } else {
        let hash = hash_secret(form.require("refresh_token")?);
        let old = state
            .tokens
            .get(&hash)
            .filter(|t| {
                t.kind == TokenKind::Refresh && t.client_id.as_deref() == Some(&client.client_id)
            })
            .ok_or_else(|| oauth_error(400, "invalid_grant", "unknown refresh token"))?;
        // A pair from before grants were kept is its own grant.
        let family = old.grant.unwrap_or(old.pair);
        if old.revoked {
            // Security BCP 4.14: a rotated refresh token used again means two parties hold the
            // grant; every token of it is revoked.
            if has_live(state, family) {
                state.apply(Command::RevokeGrant { grant: family });
            }
            return Err(oauth_error(
                400,
                "invalid_grant",
                "the refresh token was revoked or already used; the tokens of its grant are revoked",
            ));
        }
        let (user, old_pair) = (old.user.clone(), old.pair);
        // Rotation: the old pair stops working (S11.1).
        state.apply(Command::RevokePair { pair: old_pair });
        (user, family)
    };
    let record = |token: &str, kind, expires_at| TokenRecord {
        hash: hash_secret(token),
        pair,
        kind,
        user: user.clone(),
        client_id: Some(client.client_id.clone()),
        expires_at,
        write: true,
        revoked: false,
        grant: Some(family),
    };
    let expires = UtcTimestamp::new(context.now + Duration::seconds(ACCESS_TOKEN_SECONDS));
    state.apply(Command::IssueTokens(vec![
        record(&access, TokenKind::Access, Some(expires)),
        record(&refresh, TokenKind::Refresh, None),
    ]));
    let mut response = reply::ok(
        200,
        &TokenResponse {
            access_token: access,
            expires_in: ACCESS_TOKEN_SECONDS,
            token_type: "Bearer",
            scope: "read write",
            refresh_token: refresh,
        },
    );
    response
        .headers
        .push(("Cache-Control".into(), "no-store".into()));
    Ok(response)
}

/// RFC 7009: the client's token is revoked with its pair; an unknown token is answered 200 all the
/// same, so that revocation reveals nothing.
fn revoke(state: &mut State, form: &Form, context: &Context) -> Outcome {
    let client = client(state, form, context)?.client_id.clone();
    let token = form.require("token")?;
    if let Some(hint) = form.get("token_type_hint") {
        if hint != "access_token" && hint != "refresh_token" {
            return Err(oauth_error(
                400,
                "unsupported_token_type",
                &format!("token_type_hint {hint:?} is not supported"),
            ));
        }
    }
    let found = state
        .tokens
        .get(&hash_secret(token))
        .filter(|record| record.client_id.as_deref() == Some(client.as_str()) && !record.revoked)
        .map(|record| record.pair);
    if let Some(pair) = found {
        state.apply(Command::RevokePair { pair });
    }
    Ok(Response::empty(200))
}
