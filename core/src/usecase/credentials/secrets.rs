//! How tokens, codes and secrets are made and kept: a token's text from the host's random bytes
//! (S11.2), the SHA-256 hash every one of them is stored as, and whether one has expired.

use chrono::NaiveDateTime;
use sha2::{Digest, Sha256};

use super::error::AuthError;
use crate::value::UtcTimestamp;

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

/// What the host gives a change of credentials: the request's time (UTC) and fresh random bytes,
/// 32 for each token the change makes (S11.2).
#[derive(Debug, Clone, Copy)]
pub struct Moment<'a> {
    /// The request's time, UTC.
    pub now: NaiveDateTime,
    /// Fresh random bytes from the host.
    pub random: &'a [u8],
}

/// The text of the `index`th token drawn from the host's random bytes, or why there are too few.
pub(super) fn random_token(moment: Moment<'_>, index: usize) -> Result<String, AuthError> {
    let start = index * TOKEN_BYTES;
    moment
        .random
        .get(start..start + TOKEN_BYTES)
        .map(token_text)
        .ok_or(AuthError::NotEnoughRandomness {
            needed: start + TOKEN_BYTES,
        })
}

/// Whether `expires_at` has come at `now` (a token with no end never expires).
pub(crate) fn expired(expires_at: Option<UtcTimestamp>, now: NaiveDateTime) -> bool {
    expires_at.is_some_and(|at| now >= at.naive())
}
