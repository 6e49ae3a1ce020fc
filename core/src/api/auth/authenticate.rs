//! Who a request acts for ([`Caller`], the one the use cases' policy asks): the user of a bearer
//! token, checked on every request of the interfaces that take one (S11.3).

use crate::api::http::{Context, Request, Response};
use crate::api::reply;
use crate::state::{State, TokenKind};
use crate::usecase::credentials::{expired, hash_secret};
use crate::usecase::Caller;

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
        // S11.6: the host marks the context's user as an administrator (the user's flag), and a
        // token acts with its own user's rights, so the flag counts only for the token's user.
        budget_admin: context.budget_admin && context.user.as_deref() == Some(record.user.as_str()),
        user: record.user.clone(),
        write: record.write,
    })
}
