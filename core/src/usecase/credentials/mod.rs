//! Credentials as pure state changes (S11): the users the service knows, OAuth clients and the
//! authorization codes issued for them, the token endpoints' exchanges and revocations (RFC 6749,
//! RFC 7009), personal tokens, and the planner's sign-in sessions. Tokens, codes and secrets are
//! kept only as SHA-256 hashes. What a change needs from the host, the time and fresh random
//! bytes, comes as a [`Moment`]; the interfaces parse and render (`api::auth`), the host's command
//! line and sign-in page call these directly.
//!
//! Bottom first: `error` (why a change is refused), `secrets` (a token's text from the host's
//! random bytes, the hash it is kept as, its expiry), `users` and `clients` (what the host
//! registers, and the codes its authorize page issues), `pkce` (RFC 7636's challenge and
//! verifier), `personal` (personal tokens and the token pairs a user holds), `sessions` (the
//! planner's sign-in sessions) and `grants` (what `/oauth/token/` and `/oauth/revoke_token/`
//! decide).

mod clients;
mod error;
mod grants;
mod personal;
mod pkce;
mod secrets;
mod sessions;
mod users;

pub use clients::{issue_code, issue_code_with_challenge, register_client, register_client_hashed};
pub use error::AuthError;
pub use grants::{exchange, revoke, GrantForm, GrantRefusal, IssuedPair, ACCESS_TOKEN_SECONDS};
pub use personal::{mint_personal_token, revoke_pair, tokens_of};
pub use pkce::{check_code_verifier, code_challenge, PkceError};
pub(crate) use secrets::expired;
pub use secrets::{hash_secret, token_text, Moment};
pub use sessions::{
    close_session, close_sessions_of, open_session, session, session_csrf, OpenedSession,
    MAX_SESSIONS_PER_USER, SESSION_HOURS,
};
pub use users::{check_user, register_user};
