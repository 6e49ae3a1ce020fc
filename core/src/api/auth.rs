//! OAuth 2.0 tokens as pure state transitions (S11): clients, authorization codes, the token and
//! revocation endpoints (RFC 6749, RFC 7009), personal tokens, and bearer authentication. Tokens,
//! codes and secrets are kept only as SHA-256 hashes.

use chrono::{Duration, NaiveDateTime};
use sha2::{Digest, Sha256};

use super::http::{Context, Request, Response};
use super::reply;
use crate::state::{ClientRecord, CodeRecord, Command, State, TokenKind, TokenRecord};
use crate::value::UtcTimestamp;

/// Seconds an access token lives (S11.1).
pub(super) const ACCESS_TOKEN_SECONDS: i64 = 5_184_000;

/// Minutes an authorization code stays valid (S11.1).
pub(super) const CODE_MINUTES: i64 = 10;

/// Bytes of host randomness in one token: 256 bits (S11.2).
const TOKEN_BYTES: usize = 32;

/// SHA-256 of `secret`, hex: how tokens, codes and client secrets are stored.
pub fn hash_secret(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    digest.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A token's text from 32 random bytes: 64 hex digits.
pub fn token_text(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Why a host-side auth operation was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuthError {
    /// No client with this id.
    UnknownClient(String),
    /// The redirect URI is not the client's.
    WrongRedirect(String),
    /// The host supplied fewer random bytes than a token needs.
    NotEnoughRandomness {
        /// How many were needed.
        needed: usize,
    },
    /// A client id or secret that is empty.
    Empty(&'static str),
}

impl core::fmt::Display for AuthError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            AuthError::UnknownClient(id) => write!(f, "no OAuth client {id:?} is registered"),
            AuthError::WrongRedirect(uri) => {
                write!(
                    f,
                    "redirect_uri {uri:?} is not the one registered for the client"
                )
            }
            AuthError::NotEnoughRandomness { needed } => {
                write!(f, "the host must supply at least {needed} random bytes")
            }
            AuthError::Empty(what) => write!(f, "{what} must not be empty"),
        }
    }
}

impl std::error::Error for AuthError {}

fn random_token(context: &Context, index: usize) -> Result<String, AuthError> {
    let start = index * TOKEN_BYTES;
    context
        .random
        .get(start..start + TOKEN_BYTES)
        .map(token_text)
        .ok_or(AuthError::NotEnoughRandomness {
            needed: start + TOKEN_BYTES,
        })
}

/// Registers an OAuth client whose secret the host hashed with a slow, salted hash (a PHC string
/// such as `$argon2id$...`); the host verifies the secret of each token request outside its locks
/// and says so in [`Context::verified_client`].
pub fn register_client_hashed(
    state: &mut State,
    client_id: &str,
    secret_hash: &str,
    redirect_uri: &str,
) -> Result<(), AuthError> {
    if client_id.is_empty() {
        return Err(AuthError::Empty("client_id"));
    }
    if !secret_hash.starts_with('$') {
        return Err(AuthError::Empty("a PHC string of the secret"));
    }
    state.apply(Command::RegisterClient(ClientRecord {
        client_id: client_id.to_owned(),
        secret_hash: secret_hash.to_owned(),
        redirect_uri: redirect_uri.to_owned(),
    }));
    Ok(())
}

/// Registers an OAuth client (host administration, S11.1) with no host to verify its secret (the
/// wasm planner, tests): the secret is stored as SHA-256. A server registers its clients with
/// [`register_client_hashed`].
pub fn register_client(
    state: &mut State,
    client_id: &str,
    secret: &str,
    redirect_uri: &str,
) -> Result<(), AuthError> {
    if client_id.is_empty() {
        return Err(AuthError::Empty("client_id"));
    }
    if secret.is_empty() {
        return Err(AuthError::Empty("client_secret"));
    }
    state.apply(Command::RegisterClient(ClientRecord {
        client_id: client_id.to_owned(),
        secret_hash: hash_secret(secret),
        redirect_uri: redirect_uri.to_owned(),
    }));
    Ok(())
}

/// Registers `key` as a user the service knows (extension: the users the planner picks owners,
/// viewers and members from; S7.4's USER values), shown as `display_name` (the key when none is
/// given). Answers whether anything changed: a user registered as they are journals nothing.
pub fn register_user(
    state: &mut State,
    key: &str,
    display_name: Option<&str>,
) -> Result<bool, AuthError> {
    if key.trim().is_empty() {
        return Err(AuthError::Empty("user"));
    }
    let display_name = display_name
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .unwrap_or(key)
        .to_owned();
    let record = crate::state::UserRecord {
        key: key.to_owned(),
        display_name,
    };
    if state.users.get(key) == Some(&record) {
        return Ok(false);
    }
    state.apply(Command::PutUser(record));
    Ok(true)
}

/// Issues an authorization code for `user`, who granted `client_id` (the host's authorize page).
/// Single use, valid 10 minutes, bound to the client and redirect URI (S11.1). Returns the code.
pub fn issue_code(
    state: &mut State,
    client_id: &str,
    redirect_uri: &str,
    user: &str,
    context: &Context,
) -> Result<String, AuthError> {
    let client = state
        .clients
        .get(client_id)
        .ok_or_else(|| AuthError::UnknownClient(client_id.to_owned()))?;
    if client.redirect_uri != redirect_uri {
        return Err(AuthError::WrongRedirect(redirect_uri.to_owned()));
    }
    let code = random_token(context, 0)?;
    state.apply(Command::IssueCode(CodeRecord {
        hash: hash_secret(&code),
        client_id: client_id.to_owned(),
        redirect_uri: redirect_uri.to_owned(),
        user: user.to_owned(),
        expires_at: UtcTimestamp::new(context.now + Duration::minutes(CODE_MINUTES)),
        used: false,
        grant: None,
    }));
    Ok(code)
}

/// Mints a personal access token for `user` (S11.1); `write` false makes it read-only. The token
/// is returned once and stored only as a hash.
pub fn mint_personal_token(
    state: &mut State,
    user: &str,
    write: bool,
    context: &Context,
) -> Result<String, AuthError> {
    let token = random_token(context, 0)?;
    issue_own(state, &token, TokenKind::Access, user, None, write);
    Ok(token)
}

/// How long a browser's sign-in session lives: a working day, then the planner asks again.
pub const SESSION_HOURS: i64 = 12;

/// The most live sessions one user holds: opening one more closes the oldest, so sign-ins cannot
/// grow the state without bound.
pub const MAX_SESSIONS_PER_USER: usize = 20;

/// A session just opened: the cookie's secret, returned once and stored only as a hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedSession {
    /// The session's secret (64 hex digits), for the cookie.
    pub secret: String,
    /// When it expires.
    pub expires_at: UtcTimestamp,
}

/// Opens a sign-in session for `user`, whom the host has verified (a browser's session cookie).
/// Stored as a hash like every token; it expires after [`SESSION_HOURS`]. The user's sessions
/// that have expired are closed at the same time, and the oldest while the user would hold more
/// than [`MAX_SESSIONS_PER_USER`].
pub fn open_session(
    state: &mut State,
    user: &str,
    context: &Context,
) -> Result<OpenedSession, AuthError> {
    let secret = random_token(context, 0)?;
    // The user's live sessions, oldest first: the expired ones close, and the oldest live ones
    // while there would be more than MAX_SESSIONS_PER_USER.
    let mut live: Vec<(u64, bool)> = state
        .tokens
        .values()
        .filter(|token| token.kind == TokenKind::Session && token.user == user && !token.revoked)
        .map(|token| (token.pair, expired(token.expires_at, context.now)))
        .collect();
    live.sort_unstable();
    let open = live.iter().filter(|(_, gone)| !gone).count();
    let mut excess = (open + 1).saturating_sub(MAX_SESSIONS_PER_USER);
    for (pair, gone) in live {
        let close = gone || excess > 0;
        if !gone && excess > 0 {
            excess -= 1;
        }
        if close {
            state.apply(Command::RevokePair { pair });
        }
    }
    let expires_at = UtcTimestamp::new(context.now + Duration::hours(SESSION_HOURS));
    issue_own(
        state,
        &secret,
        TokenKind::Session,
        user,
        Some(expires_at),
        true,
    );
    Ok(OpenedSession { secret, expires_at })
}

/// The live session whose cookie secret is `secret`: its record, or `None` when it is unknown,
/// expired or closed.
pub fn session<'s>(state: &'s State, secret: &str, now: NaiveDateTime) -> Option<&'s TokenRecord> {
    state.tokens.get(&hash_secret(secret)).filter(|record| {
        record.kind == TokenKind::Session && !record.revoked && !expired(record.expires_at, now)
    })
}

/// The CSRF token of the session `secret`: derived from the secret, so that only a page that
/// asked the host (with the cookie) knows it, and nothing more is stored. A change made with the
/// session's cookie must carry it.
pub fn session_csrf(secret: &str) -> String {
    hash_secret(&format!("costfolio csrf\0{secret}"))
}

/// Closes every live session of `user` (a new password ends them); how many.
pub fn close_sessions_of(state: &mut State, user: &str) -> usize {
    let pairs: Vec<u64> = state
        .tokens
        .values()
        .filter(|t| t.kind == TokenKind::Session && t.user == user && !t.revoked)
        .map(|t| t.pair)
        .collect();
    for pair in &pairs {
        state.apply(Command::RevokePair { pair: *pair });
    }
    pairs.len()
}

/// Closes the session `secret` (sign-out): it answers as no session from the next request.
/// False when no live session has that secret.
pub fn close_session(state: &mut State, secret: &str, now: NaiveDateTime) -> bool {
    match session(state, secret, now).map(|record| record.pair) {
        Some(pair) => revoke_pair(state, pair),
        None => false,
    }
}

/// Stores the hash of `secret`, a token of no client (a personal token or a session), as a pair
/// of its own.
fn issue_own(
    state: &mut State,
    secret: &str,
    kind: TokenKind,
    user: &str,
    expires_at: Option<UtcTimestamp>,
    write: bool,
) {
    let pair = state.counters.next(crate::state::IdKind::TokenPair);
    state.apply(Command::IssueTokens(vec![TokenRecord {
        hash: hash_secret(secret),
        pair,
        kind,
        user: user.to_owned(),
        client_id: None,
        expires_at,
        write,
        revoked: false,
        grant: None,
    }]));
}

/// One token of each pair `user` holds, planner sessions included (the command line's
/// `token list`; `token revoke` closes a session as it revokes a token).
pub fn tokens_of<'s>(state: &'s State, user: &str) -> Vec<&'s TokenRecord> {
    let mut tokens: Vec<&TokenRecord> = state
        .tokens
        .values()
        .filter(|token| token.user == user && token.kind != TokenKind::Refresh)
        .collect();
    tokens.sort_by_key(|token| token.pair);
    tokens
}

/// Revokes the token pair `pair` (the command line's `token revoke`): every token of it answers
/// 401 from the next request. False when no live token has that pair.
pub fn revoke_pair(state: &mut State, pair: u64) -> bool {
    let live = state
        .tokens
        .values()
        .any(|token| token.pair == pair && !token.revoked);
    if live {
        state.apply(Command::RevokePair { pair });
    }
    live
}

/// Whether a token of grant `family` is still live (a replay then has something to revoke; the
/// journal records no revocation of nothing).
fn has_live(state: &State, family: u64) -> bool {
    state
        .tokens
        .values()
        .any(|token| token.grant == Some(family) && !token.revoked)
}

/// Who a request acts for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// The user's accountId.
    pub user: String,
    /// Whether the token may change data.
    pub write: bool,
}

impl Caller {
    /// Whether the caller is an administrator (S11.6): the host marks the context's user as one
    /// (the user's admin flag), and a token acts with its own user's rights, so the flag counts
    /// only when the context's user is the token's.
    pub fn is_administrator(&self, context: &Context) -> bool {
        context.budget_admin && context.user.as_deref() == Some(self.user.as_str())
    }
}

fn expired(expires_at: Option<UtcTimestamp>, now: NaiveDateTime) -> bool {
    expires_at.is_some_and(|at| now >= at.naive())
}

/// The caller of a bearer-authenticated request, or the 401 for a missing, malformed, unknown,
/// expired or revoked token (S11.3).
pub fn authenticate(
    state: &State,
    request: &Request,
    context: &Context,
) -> Result<Caller, Response> {
    let header = request
        .header_value("Authorization")
        .ok_or_else(reply::unauthorized)?;
    let (scheme, token) = header.split_once(' ').ok_or_else(reply::unauthorized)?;
    if !scheme.eq_ignore_ascii_case("Bearer") || token.trim().is_empty() {
        return Err(reply::unauthorized());
    }
    let record = state
        .tokens
        .get(&hash_secret(token.trim()))
        .ok_or_else(reply::unauthorized)?;
    if record.kind != TokenKind::Access || record.revoked || expired(record.expires_at, context.now)
    {
        return Err(reply::unauthorized());
    }
    Ok(Caller {
        user: record.user.clone(),
        write: record.write,
    })
}

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
    let mut response = Response::json(status, super::reply::oauth_error_body(error, description));
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
    super::http::decode_form(text).ok_or_else(|| {
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
pub(super) fn answer_read(request: &Request, rest: &str) -> Option<Response> {
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
pub(super) fn handle(
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

fn token(state: &mut State, form: &Form, context: &Context) -> Result<Response, Response> {
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
fn revoke(state: &mut State, form: &Form, context: &Context) -> Result<Response, Response> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").unwrap()
    }

    fn context(now: &str, byte: u8) -> Context {
        Context::new("http://x", at(now), vec![byte; 64])
    }

    #[test]
    fn a_session_lives_twelve_hours_until_it_is_closed_and_is_no_bearer_token() {
        let mut state = State::default();
        let opened = open_session(&mut state, "ada", &context("2026-11-23T08:00:00", 1)).unwrap();
        assert_eq!(opened.expires_at.to_string(), "2026-11-23T20:00:00Z");
        let live = |state: &State, now| session(state, &opened.secret, at(now)).is_some();
        assert!(live(&state, "2026-11-23T19:59:59"));
        assert!(!live(&state, "2026-11-23T20:00:00"), "expired");
        assert_eq!(
            state.tokens.values().next().unwrap().hash,
            hash_secret(&opened.secret),
            "stored as its hash"
        );
        // Its secret is not a bearer token.
        let request = Request::new("GET", "/budgets/1/folio")
            .header("Authorization", &format!("Bearer {}", opened.secret));
        assert!(authenticate(&state, &request, &context("2026-11-23T09:00:00", 2)).is_err());
        assert_ne!(session_csrf(&opened.secret), opened.secret);
        assert_eq!(session_csrf(&opened.secret).len(), 64);

        assert!(close_session(
            &mut state,
            &opened.secret,
            at("2026-11-23T09:00:00")
        ));
        assert!(!live(&state, "2026-11-23T09:00:01"), "closed");
        assert!(!close_session(
            &mut state,
            &opened.secret,
            at("2026-11-23T09:00:02")
        ));
    }

    #[test]
    fn a_user_holds_at_most_twenty_sessions_the_oldest_closing_first() {
        let mut state = State::default();
        let secrets: Vec<String> = (0..25u8)
            .map(|i| {
                open_session(&mut state, "ada", &context("2026-11-23T08:00:00", i))
                    .unwrap()
                    .secret
            })
            .collect();
        let now = at("2026-11-23T09:00:00");
        let live: Vec<bool> = secrets
            .iter()
            .map(|s| session(&state, s, now).is_some())
            .collect();
        assert_eq!(live.iter().filter(|l| **l).count(), MAX_SESSIONS_PER_USER);
        assert!(live[..5].iter().all(|l| !l), "the five oldest closed");
        assert_eq!(close_sessions_of(&mut state, "ada"), 20);
        assert!(secrets.iter().all(|s| session(&state, s, now).is_none()));
        assert_eq!(close_sessions_of(&mut state, "ada"), 0);
    }

    #[test]
    fn opening_a_session_drops_the_users_expired_ones_only() {
        let mut state = State::default();
        let old = open_session(&mut state, "ada", &context("2026-11-20T08:00:00", 1)).unwrap();
        let bob = open_session(&mut state, "bob", &context("2026-11-20T08:00:00", 2)).unwrap();
        let new = open_session(&mut state, "ada", &context("2026-11-23T08:00:00", 3)).unwrap();
        let revoked = |secret: &str| state.tokens.get(&hash_secret(secret)).unwrap().revoked;
        assert!(revoked(&old.secret), "ada's expired session");
        assert!(!revoked(&bob.secret), "another user's are theirs to renew");
        assert!(!revoked(&new.secret));
    }
}
