//! OAuth clients as the host registers them (S11.1), and the authorization codes its authorize
//! page issues for them.

use chrono::Duration;

use super::error::AuthError;
use super::secrets::{hash_secret, random_token, Moment};
use crate::state::{ClientRecord, CodeRecord, Command, State};
use crate::value::UtcTimestamp;

/// Minutes an authorization code stays valid (S11.1).
pub(super) const CODE_MINUTES: i64 = 10;

/// The longest redirect address a client is registered with.
const MAX_REDIRECT_CHARS: usize = 2_000;

/// Refuses a client id or redirect address the authorize page could not use safely (S11.7): an
/// empty id, or one that is no key (128 characters, nothing invisible); an address that is not
/// an absolute URI (a scheme, then `:`), longer than 2,000 characters, or holding white space, a
/// control character or a fragment (RFC 6749 3.1.2).
fn check_client(client_id: &str, redirect_uri: &str) -> Result<(), AuthError> {
    if client_id.is_empty() {
        return Err(AuthError::Empty("client_id"));
    }
    crate::value::check_text(crate::value::TextKind::Key, client_id).map_err(|fault| {
        AuthError::Text {
            what: "client_id",
            fault,
        }
    })?;
    let scheme = redirect_uri.split(':').next().unwrap_or("");
    let absolute = redirect_uri.contains(':')
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !absolute {
        return Err(AuthError::BadRedirect(
            "must be an absolute URI (https://...)",
        ));
    }
    if redirect_uri.chars().count() > MAX_REDIRECT_CHARS {
        return Err(AuthError::BadRedirect("may have at most 2000 characters"));
    }
    if redirect_uri
        .chars()
        .any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(AuthError::BadRedirect(
            "may hold no white space nor control character",
        ));
    }
    if redirect_uri.contains('#') {
        return Err(AuthError::BadRedirect("may hold no fragment (#)"));
    }
    Ok(())
}

/// Registers an OAuth client whose secret the host hashed with a slow, salted hash (a PHC string
/// such as `$argon2id$...`); the host verifies the secret of each token request outside its locks
/// and names the client it verified to [`super::exchange`] and [`super::revoke`].
pub fn register_client_hashed(
    state: &mut State,
    client_id: &str,
    secret_hash: &str,
    redirect_uri: &str,
) -> Result<(), AuthError> {
    check_client(client_id, redirect_uri)?;
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
    check_client(client_id, redirect_uri)?;
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

/// Issues an authorization code for `user`, who granted `client_id` (the host's authorize page).
/// Single use, valid 10 minutes, bound to the client and redirect URI (S11.1). Returns the code.
/// A client that sent a PKCE challenge gets one with [`issue_code_with_challenge`].
pub fn issue_code(
    state: &mut State,
    client_id: &str,
    redirect_uri: &str,
    user: &str,
    moment: Moment<'_>,
) -> Result<String, AuthError> {
    issue_code_with_challenge(state, client_id, redirect_uri, user, None, moment)
}

/// [`issue_code`] for an authorization request that carried a PKCE `challenge` (RFC 7636, S11.9;
/// checked by [`super::code_challenge`]): the code is exchanged only with its verifier.
pub fn issue_code_with_challenge(
    state: &mut State,
    client_id: &str,
    redirect_uri: &str,
    user: &str,
    challenge: Option<&str>,
    moment: Moment<'_>,
) -> Result<String, AuthError> {
    let client = state
        .clients
        .get(client_id)
        .ok_or_else(|| AuthError::UnknownClient(client_id.to_owned()))?;
    if client.redirect_uri != redirect_uri {
        return Err(AuthError::WrongRedirect(redirect_uri.to_owned()));
    }
    let code = random_token(moment, 0)?;
    state.apply(Command::IssueCode(CodeRecord {
        hash: hash_secret(&code),
        client_id: client_id.to_owned(),
        redirect_uri: redirect_uri.to_owned(),
        user: user.to_owned(),
        expires_at: UtcTimestamp::new(moment.now + Duration::minutes(CODE_MINUTES)),
        used: false,
        grant: None,
        code_challenge: challenge.map(str::to_owned),
    }));
    Ok(code)
}
