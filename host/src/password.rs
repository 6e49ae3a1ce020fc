//! Password and client-secret hashes: argon2id with a fresh salt, kept as PHC strings. The store
//! hashes a user's password when it is set, the command line a client's secret, and the verifier
//! (`auth::credentials`) checks them; this module depends on neither, so both depend on it.

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;

/// An argon2 hash (PHC string) of `password` with a fresh salt: how passwords and client secrets
/// are stored. The error says what failed (no randomness, or argon2's refusal).
pub(crate) fn hash_password(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| format!("no randomness: {e}"))?;
    let hash: PasswordHash = Argon2::default()
        .hash_password_with_salt(password.as_bytes(), &salt)
        .map_err(|e| e.to_string())?;
    Ok(hash.to_string())
}

/// Whether `password` matches the argon2 PHC string `hash` (false for a malformed one).
pub(crate) fn argon2_matches(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::{argon2_matches, hash_password};

    #[test]
    fn a_hash_matches_its_password_only_and_is_salted() {
        let hash = hash_password("a good password").unwrap();
        assert!(hash.starts_with("$argon2"), "{hash}");
        assert!(argon2_matches(&hash, "a good password"));
        assert!(!argon2_matches(&hash, "a good password "));
        assert_ne!(hash, hash_password("a good password").unwrap(), "salted");
        assert!(!argon2_matches("not a hash", "a good password"));
    }
}
