//! How tokens, codes and secrets are made and kept: a token's text from the host's random bytes
//! (S11.2), the SHA-256 hash every one of them is stored as, and whether one has expired.

use chrono::NaiveDateTime;
use sha2::{Digest, Sha256};

use super::error::AuthError;
use crate::api::http::Context;
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

/// The text of the `index`th token drawn from the host's random bytes, or why there are too few.
pub(super) fn random_token(context: &Context, index: usize) -> Result<String, AuthError> {
    let start = index * TOKEN_BYTES;
    context
        .random
        .get(start..start + TOKEN_BYTES)
        .map(token_text)
        .ok_or(AuthError::NotEnoughRandomness {
            needed: start + TOKEN_BYTES,
        })
}

/// Whether `expires_at` has come at `now` (a token with no end never expires).
pub(super) fn expired(expires_at: Option<UtcTimestamp>, now: NaiveDateTime) -> bool {
    expires_at.is_some_and(|at| now >= at.naive())
}
