//! Proof Key for Code Exchange (RFC 7636; S11.9): a client that sends a `code_challenge` with its
//! authorization request gets a code that is exchanged only with the `code_verifier` it was
//! made from, so that a code taken on its way back to the client is of no use to whoever took
//! it. Only the `S256` method is taken (the OAuth 2.0 Security BCP, 2.1.1): `plain` would give
//! the verifier away with the request.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

/// Why an authorization or token request's PKCE parameters were refused (its
/// `error_description`); each is RFC 6749's `invalid_request` at the authorize page, and
/// `invalid_grant` at the token endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PkceError {
    /// A method other than `S256`, or a challenge without one (which RFC 7636 reads as `plain`).
    Method,
    /// A method without a challenge.
    MissingChallenge,
    /// A challenge that is not 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
    MalformedChallenge,
    /// The code was issued with a challenge and the token request sent no verifier.
    MissingVerifier,
    /// The verifier does not make the code's challenge (or is malformed).
    WrongVerifier,
    /// The code was issued without a challenge and the token request sent a verifier (a downgrade,
    /// Security BCP 2.1.1).
    UnexpectedVerifier,
}

impl core::fmt::Display for PkceError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PkceError::Method => "code_challenge_method must be S256 (plain is not accepted)",
            PkceError::MissingChallenge => "code_challenge is required with code_challenge_method",
            PkceError::MalformedChallenge => {
                "code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_' and '~'"
            }
            PkceError::MissingVerifier => {
                "code_verifier is required: the code was issued with a code_challenge"
            }
            PkceError::WrongVerifier => "code_verifier does not match the code_challenge",
            PkceError::UnexpectedVerifier => {
                "code_verifier was sent for a code issued without a code_challenge"
            }
        })
    }
}

impl std::error::Error for PkceError {}

/// Whether `text` is 43 to 128 characters of RFC 7636's unreserved set (4.1, 4.2).
fn well_formed(text: &str) -> bool {
    (43..=128).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// The challenge an authorization request carries, checked: `None` without PKCE (neither
/// parameter), the challenge with `S256`, else why not. Empty parameters count as absent.
///
/// ```
/// use costfolio::usecase::credentials::{code_challenge, PkceError};
/// let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
/// assert_eq!(code_challenge(Some(challenge), Some("S256")), Ok(Some(challenge)));
/// assert_eq!(code_challenge(None, None), Ok(None));
/// assert_eq!(code_challenge(Some(challenge), Some("plain")), Err(PkceError::Method));
/// assert_eq!(code_challenge(Some(challenge), None), Err(PkceError::Method));
/// ```
pub fn code_challenge<'a>(
    challenge: Option<&'a str>,
    method: Option<&str>,
) -> Result<Option<&'a str>, PkceError> {
    let challenge = challenge.filter(|c| !c.is_empty());
    match (challenge, method.filter(|m| !m.is_empty())) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err(PkceError::MissingChallenge),
        (Some(_), method) if method != Some("S256") => Err(PkceError::Method),
        (Some(challenge), _) if !well_formed(challenge) => Err(PkceError::MalformedChallenge),
        (Some(challenge), _) => Ok(Some(challenge)),
    }
}

/// Checks a token request's `verifier` against the `challenge` its code was issued with (RFC
/// 7636 4.6: `BASE64URL(SHA256(verifier)) == challenge`, compared in constant time).
///
/// ```
/// use costfolio::usecase::credentials::{check_code_verifier, PkceError};
/// // RFC 7636, appendix B.
/// let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
/// let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
/// assert_eq!(check_code_verifier(Some(challenge), Some(verifier)), Ok(()));
/// assert_eq!(check_code_verifier(Some(challenge), None), Err(PkceError::MissingVerifier));
/// assert_eq!(check_code_verifier(None, Some(verifier)), Err(PkceError::UnexpectedVerifier));
/// assert_eq!(check_code_verifier(None, None), Ok(()));
/// ```
pub fn check_code_verifier(
    challenge: Option<&str>,
    verifier: Option<&str>,
) -> Result<(), PkceError> {
    let verifier = verifier.filter(|v| !v.is_empty());
    match (challenge, verifier) {
        (None, None) => Ok(()),
        (None, Some(_)) => Err(PkceError::UnexpectedVerifier),
        (Some(_), None) => Err(PkceError::MissingVerifier),
        (Some(challenge), Some(verifier)) => {
            if !well_formed(verifier) {
                return Err(PkceError::WrongVerifier);
            }
            let made = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
            let same = made.len() == challenge.len()
                && made
                    .bytes()
                    .zip(challenge.bytes())
                    .fold(0u8, |differ, (a, b)| differ | (a ^ b))
                    == 0;
            if same {
                Ok(())
            } else {
                Err(PkceError::WrongVerifier)
            }
        }
    }
}
