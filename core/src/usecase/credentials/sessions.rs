//! The planner's sign-in sessions: opened for a user the host verified, found by the cookie's
//! secret, closed at sign-out or when a new password ends them; kept as hashes like every token.

use chrono::{Duration, NaiveDateTime};

use super::error::AuthError;
use super::personal::{issue_own, revoke_pair};
use super::secrets::{expired, hash_secret, random_token, Moment};
use crate::state::{Command, State, TokenKind, TokenRecord};
use crate::value::UtcTimestamp;

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
    moment: Moment<'_>,
) -> Result<OpenedSession, AuthError> {
    let secret = random_token(moment, 0)?;
    // The user's live sessions, oldest first: the expired ones close, and the oldest live ones
    // while there would be more than MAX_SESSIONS_PER_USER.
    let mut live: Vec<(u64, bool)> = state
        .tokens
        .values()
        .filter(|token| token.kind == TokenKind::Session && token.user == user && !token.revoked)
        .map(|token| (token.pair, expired(token.expires_at, moment.now)))
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
    let expires_at = UtcTimestamp::new(moment.now + Duration::hours(SESSION_HOURS));
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
