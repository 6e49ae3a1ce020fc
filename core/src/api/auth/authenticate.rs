//! Who a request acts for ([`Caller`]): the user of a bearer token, checked on every request of
//! the interfaces that take one (S11.3).

use super::secrets::{expired, hash_secret};
use crate::api::http::{Context, Request, Response};
use crate::api::reply;
use crate::state::{State, TokenKind};

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
