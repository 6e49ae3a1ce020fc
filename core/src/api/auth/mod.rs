//! OAuth 2.0 tokens as pure state transitions (S11): clients, authorization codes, the token and
//! revocation endpoints (RFC 6749, RFC 7009), personal tokens, and bearer authentication. Tokens,
//! codes and secrets are kept only as SHA-256 hashes.
//!
//! Bottom first: `error` (why a host-side operation is refused), `secrets` (a token's text from the
//! host's random bytes, the hash it is kept as, its expiry), `users` and `clients` (what the host
//! registers, and the codes its authorize page issues), `pkce` (RFC 7636's challenge and
//! verifier), `personal` (personal tokens and the token
//! pairs a user holds), `sessions` (the planner's sign-in sessions), `authenticate` (the caller of
//! a bearer-authenticated request) and `endpoints` (`/oauth/token/` and `/oauth/revoke_token/`).
//! This file only names what the rest of the interfaces use.

mod authenticate;
mod clients;
mod endpoints;
mod error;
mod personal;
mod pkce;
mod secrets;
mod sessions;
mod users;

pub use authenticate::authenticate;
pub use clients::{issue_code, issue_code_with_challenge, register_client, register_client_hashed};
pub(super) use endpoints::{answer_read, handle};
pub use error::AuthError;
pub use personal::{mint_personal_token, revoke_pair, tokens_of};
pub use pkce::{check_code_verifier, code_challenge, PkceError};
pub use secrets::{hash_secret, token_text};
pub use sessions::{
    close_session, close_sessions_of, open_session, session, session_csrf, OpenedSession,
    MAX_SESSIONS_PER_USER, SESSION_HOURS,
};
pub use users::{check_user, register_user};
