//! Personal access tokens (S11.1) and the token pairs a user holds: minted, listed and revoked
//! from the command line. A token of no client, a personal token or a session, is a pair of its
//! own.

use super::error::AuthError;
use super::secrets::{hash_secret, random_token, Moment};
use crate::state::{Command, State, TokenKind, TokenRecord};
use crate::value::UtcTimestamp;

/// Mints a personal access token for `user` (S11.1); `write` false makes it read-only. The token
/// is returned once and stored only as a hash.
pub fn mint_personal_token(
    state: &mut State,
    user: &str,
    write: bool,
    moment: Moment<'_>,
) -> Result<String, AuthError> {
    let token = random_token(moment, 0)?;
    issue_own(state, &token, TokenKind::Access, user, None, write);
    Ok(token)
}

/// Stores the hash of `secret`, a token of no client (a personal token or a session), as a pair
/// of its own.
pub(super) fn issue_own(
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
