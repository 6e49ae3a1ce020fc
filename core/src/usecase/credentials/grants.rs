//! What the token endpoints decide (RFC 6749, RFC 7009): an authorization code or a refresh
//! token exchanged for a new pair, a token revoked with its pair. The parameters come as the
//! form's name and value pairs; the interface parses the form and renders the answer or the
//! refusal (`api::auth::endpoints`).

use chrono::Duration;

use super::error::AuthError;
use super::pkce::check_code_verifier;
use super::secrets::{expired, hash_secret, random_token, Moment};
use crate::state::{ClientRecord, Command, IdKind, State, TokenKind, TokenRecord};
use crate::value::UtcTimestamp;

/// Seconds an access token lives (S11.1).
pub const ACCESS_TOKEN_SECONDS: i64 = 5_184_000;

/// The parameters of a token or revocation request, as the form carried them.
#[derive(Debug, Clone, Copy)]
pub struct GrantForm<'a>(pub &'a [(String, String)]);

impl<'a> GrantForm<'a> {
    /// The value of `name`, the first where the form repeats it.
    fn get(&self, name: &str) -> Option<&'a str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `name`, refused when missing or empty.
    fn require(&self, name: &str) -> Result<&'a str, GrantRefusal> {
        self.get(name)
            .filter(|value| !value.is_empty())
            .ok_or_else(|| GrantRefusal::InvalidRequest(format!("{name} is required")))
    }
}

/// Why a token or revocation request is refused: RFC 6749 section 5.2's errors, and the host's
/// own fault (too few random bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GrantRefusal {
    /// `invalid_request`: a parameter missing or empty.
    InvalidRequest(String),
    /// `unsupported_grant_type`.
    UnsupportedGrantType(String),
    /// `invalid_client`: an unknown client or a wrong secret.
    InvalidClient,
    /// `invalid_grant`: the code or refresh token, and why.
    InvalidGrant(String),
    /// `unsupported_token_type` (RFC 7009 2.2.1).
    UnsupportedTokenType(String),
    /// The host's fault, not the client's.
    Host(AuthError),
}

impl GrantRefusal {
    /// RFC 6749's error code; `None` for the host's fault.
    pub fn code(&self) -> Option<&'static str> {
        Some(match self {
            GrantRefusal::InvalidRequest(_) => "invalid_request",
            GrantRefusal::UnsupportedGrantType(_) => "unsupported_grant_type",
            GrantRefusal::InvalidClient => "invalid_client",
            GrantRefusal::InvalidGrant(_) => "invalid_grant",
            GrantRefusal::UnsupportedTokenType(_) => "unsupported_token_type",
            GrantRefusal::Host(_) => return None,
        })
    }
}

impl core::fmt::Display for GrantRefusal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GrantRefusal::InvalidRequest(why)
            | GrantRefusal::UnsupportedGrantType(why)
            | GrantRefusal::InvalidGrant(why)
            | GrantRefusal::UnsupportedTokenType(why) => f.write_str(why),
            GrantRefusal::InvalidClient => f.write_str("unknown client or wrong client secret"),
            GrantRefusal::Host(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for GrantRefusal {}

/// A pair just issued: the texts, returned once and stored only as hashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssuedPair {
    /// The access token; it lives [`ACCESS_TOKEN_SECONDS`].
    pub access: String,
    /// The refresh token.
    pub refresh: String,
}

/// The client of a token or revocation request, its secret checked; `verified_client` is the
/// client whose slow-hashed secret the host verified outside its locks.
fn client<'s>(
    state: &'s State,
    form: GrantForm<'_>,
    verified_client: Option<&str>,
) -> Result<&'s ClientRecord, GrantRefusal> {
    let id = form.require("client_id")?;
    let secret = form.require("client_secret")?;
    state
        .clients
        .get(id)
        .filter(|client| {
            if client.secret_hash.starts_with('$') {
                verified_client == Some(id)
            } else {
                client.secret_hash == hash_secret(secret)
            }
        })
        .ok_or(GrantRefusal::InvalidClient)
}

/// Whether a token of grant `family` is still live (a replay then has something to revoke; the
/// journal records no revocation of nothing).
fn has_live(state: &State, family: u64) -> bool {
    state
        .tokens
        .values()
        .any(|token| token.grant == Some(family) && !token.revoked)
}

/// `/oauth/token/`: an authorization code or a refresh token exchanged for a new pair. A code
/// used twice, or a rotated refresh token used again, revokes every token of its grant.
pub fn exchange(
    state: &mut State,
    form: GrantForm<'_>,
    verified_client: Option<&str>,
    moment: Moment<'_>,
) -> Result<IssuedPair, GrantRefusal> {
    let grant = form.require("grant_type")?;
    if grant != "authorization_code" && grant != "refresh_token" {
        return Err(GrantRefusal::UnsupportedGrantType(format!(
            "grant_type {grant:?} is not supported"
        )));
    }
    let client = client(state, form, verified_client)?.clone();
    // Randomness first: a request that cannot be answered changes nothing.
    let access = random_token(moment, 0).map_err(GrantRefusal::Host)?;
    let refresh = random_token(moment, 1).map_err(GrantRefusal::Host)?;
    let invalid = |why: &str| GrantRefusal::InvalidGrant(why.to_owned());
    let redirect_uri = form.require("redirect_uri")?;
    if redirect_uri != client.redirect_uri {
        return Err(invalid("redirect_uri does not match the registered one"));
    }
    let pair = state.counters.next(IdKind::TokenPair);
    let (user, family) = if grant == "authorization_code" {
        let hash = hash_secret(form.require("code")?);
        let code = state
            .codes
            .get(&hash)
            .filter(|code| code.client_id == client.client_id && code.redirect_uri == redirect_uri)
            .ok_or_else(|| invalid("unknown authorization code"))?;
        if code.used {
            // RFC 6749 4.1.2: a code used twice revokes what it issued, and all refreshed since.
            if let Some(family) = code.grant.filter(|family| has_live(state, *family)) {
                state.apply(Command::RevokeGrant { grant: family });
            }
            return Err(invalid(
                "the authorization code was already used; the tokens it issued are revoked",
            ));
        }
        if expired(Some(code.expires_at), moment.now) {
            return Err(invalid("the authorization code has expired"));
        }
        // S11.9: a code issued with a challenge goes only to who holds its verifier; one issued
        // without takes none (a verifier then means a downgrade).
        check_code_verifier(code.code_challenge.as_deref(), form.get("code_verifier"))
            .map_err(|error| GrantRefusal::InvalidGrant(error.to_string()))?;
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
            .ok_or_else(|| invalid("unknown refresh token"))?;
        // A pair from before grants were kept is its own grant.
        let family = old.grant.unwrap_or(old.pair);
        if old.revoked {
            // Security BCP 4.14: a rotated refresh token used again means two parties hold the
            // grant; every token of it is revoked.
            if has_live(state, family) {
                state.apply(Command::RevokeGrant { grant: family });
            }
            return Err(invalid(
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
    let expires = UtcTimestamp::new(moment.now + Duration::seconds(ACCESS_TOKEN_SECONDS));
    state.apply(Command::IssueTokens(vec![
        record(&access, TokenKind::Access, Some(expires)),
        record(&refresh, TokenKind::Refresh, None),
    ]));
    Ok(IssuedPair { access, refresh })
}

/// `/oauth/revoke_token/` (RFC 7009): the client's token is revoked with its pair; an unknown
/// token is no refusal, so that revocation reveals nothing.
pub fn revoke(
    state: &mut State,
    form: GrantForm<'_>,
    verified_client: Option<&str>,
) -> Result<(), GrantRefusal> {
    let client = client(state, form, verified_client)?.client_id.clone();
    let token = form.require("token")?;
    if let Some(hint) = form.get("token_type_hint") {
        if hint != "access_token" && hint != "refresh_token" {
            return Err(GrantRefusal::UnsupportedTokenType(format!(
                "token_type_hint {hint:?} is not supported"
            )));
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
    Ok(())
}
