//! The planner's sign-in sessions: opened for a user the host verified, found by the cookie's
//! secret, closed at sign-out or when a new password ends them; kept as hashes like every token.

use chrono::{Duration, NaiveDateTime};

use super::error::AuthError;
use super::personal::{issue_own, revoke_pair};
use super::secrets::{expired, hash_secret, random_token};
use crate::api::http::Context;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::auth::authenticate;
    use crate::api::http::Request;

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
