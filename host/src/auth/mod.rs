//! Who is asking: the credentials of the budgeting interface and the authorize page
//! (`credentials`: basic credentials and client secrets, verified outside every lock, throttled),
//! the planner's sign-in sessions (`session`), the OAuth authorize page (`authorize`) and client
//! secrets at the token endpoints (`client`).
//!
//! The sign-in endpoints read and change the service's state through [`Journal`], which the
//! service implements: they depend on what a journal does, not on the service.

use std::sync::Arc;

use costfolio::api::{Request, Response};
use costfolio::state::State;

mod authorize;
mod client;
pub(crate) mod credentials;
mod refusals;
pub(crate) mod session;

pub(crate) use refusals::{busy, throttled, users_failure};

use credentials::Credentials;

/// What the sign-in endpoints need of the service: to catch up with the journal, the current
/// state, and a change committed to the journal. Each refusal is the answer to send (503 while the
/// state is read again, or the database is away).
pub(crate) trait Journal {
    /// Catches up with what other processes committed, unless this request already did (`done`).
    fn look(&self, path: &str, done: &mut bool) -> Result<(), Response>;
    /// The current state, unless it is marked stale (it may hold what the database does not).
    fn current(&self, path: &str) -> Result<Arc<State>, Response>;
    /// Runs `change` on the state and commits its entries before returning.
    fn transact<T>(&self, path: &str, change: impl FnOnce(&mut State) -> T) -> Result<T, Response>;
}

/// The sign-in endpoints over a journal: the service's state, its verifier, and whether cookies
/// are sent `Secure` (the server is reached over HTTPS).
pub(crate) struct SignIn<'s, J> {
    /// The service's journal and state.
    pub(crate) journal: &'s J,
    /// The verifier of passwords and client secrets.
    pub(crate) credentials: &'s Credentials,
    /// Whether cookies carry `Secure`.
    pub(crate) secure: bool,
}

/// The value of cookie `name` of the request, if it sent one.
fn cookie<'r>(request: &'r Request, name: &str) -> Option<&'r str> {
    request
        .headers
        .iter()
        .filter(|(header, _)| header.eq_ignore_ascii_case("Cookie"))
        .flat_map(|(_, value)| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}
