//! How a request reaches the core: its credentials verified (basic outside every lock, a bearer
//! token against the state), the host's sign-in endpoints (`/oauth/authorize`, `/session`), the
//! planner's session and an OAuth client's secret, then a read from the shared state or a change
//! under the writers' lock.

use std::net::IpAddr;
use std::sync::Arc;

use costfolio::api::{authenticate, envelope, handle, Request, Response};
use costfolio::state::State;

use super::{quotas, Service};
use crate::auth::credentials::Refusal;
use crate::auth::session::{self, SESSION_PATH};
use crate::auth::{busy, throttled, users_failure, Journal, SignIn};

/// An answer, and the user whose credentials were verified for it, if any.
pub(crate) struct Served {
    /// The answer.
    pub(crate) response: Response,
    /// The user's key.
    pub(crate) user: Option<String>,
}

impl Service {
    /// Handles one request from `peer`: the core's answer, after its entries are committed (the
    /// tests' way in; the server's is [`Service::serve`]).
    #[cfg(test)]
    pub(crate) fn process(&self, request: Request, peer: Option<IpAddr>) -> Response {
        self.serve(request, peer).response
    }

    /// [`Service::process`], and the user whose credentials were verified, for the request's log
    /// line.
    pub(crate) fn serve(&self, request: Request, peer: Option<IpAddr>) -> Served {
        let planner = session::has_cookie(&request);
        let mut user = None;
        let mut response = self.answer(request, peer, &mut user);
        if planner && response.status == 401 {
            // The planner's page handles a closed session itself: no browser password prompt,
            // whose remembered basic credentials would outlive a sign-out.
            response
                .headers
                .retain(|(name, _)| !name.eq_ignore_ascii_case("WWW-Authenticate"));
        }
        Served { response, user }
    }

    /// The answer to `request` from `peer`: its query split off, its credentials verified, then
    /// the sign-in endpoints, a read, or a change.
    /// `user` is set once a credential names one: basic, bearer, or the planner's session.
    fn answer(
        &self,
        mut request: Request,
        peer: Option<IpAddr>,
        user: &mut Option<String>,
    ) -> Response {
        if let Err(refusal) = request.split_query() {
            return refusal;
        }
        let mut context = self.context();
        if context.random.is_empty() {
            return envelope(&request.path, 500, "the host could not draw random bytes");
        }
        let basic = request
            .header_value("Authorization")
            .filter(|_| request.credentials("Basic").is_some());
        if let (true, Some(header)) = (request.path.starts_with("/budgets/"), basic) {
            // Verified outside every lock: a slow hash never makes others wait (S11.4).
            match self.credentials.basic(header, peer) {
                Ok(verified) => {
                    context.user = Some(verified.user);
                    context.budget_admin = verified.budget_admin;
                }
                Err(Refusal::Wrong) => {}
                Err(Refusal::Throttled(seconds)) => return throttled(&request.path, seconds),
                Err(Refusal::Busy) => return busy(&request.path),
                Err(Refusal::Storage { detail, away }) => {
                    return users_failure(&request.path, &detail, away)
                }
            }
        }
        // Whether this request has looked at the journal yet: once is enough.
        let mut caught_up = false;
        let bearer = request.credentials("Bearer").is_some();
        if bearer {
            // The token's user, and whether they are a budget administrator now: the core reads
            // both from the context (S11.5).
            if let Err(failure) = self.fresh(&request.path, &mut caught_up) {
                return failure;
            }
            let token = match self.settled(&request.path) {
                Ok(state) => authenticate(&state, &request, &context),
                Err(failure) => return failure,
            };
            if let Ok(token) = token {
                context.budget_admin = match self.credentials.budget_admin(&token.user) {
                    Ok(admin) => admin,
                    Err(Refusal::Storage { detail, away }) => {
                        return users_failure(&request.path, &detail, away)
                    }
                    Err(_) => false,
                };
                context.user = Some(token.user);
                context.write = token.write;
            }
        }
        user.clone_from(&context.user);
        if request.path.trim_end_matches('/') == "/oauth/authorize" {
            return self.sign_in().authorize(&request, &context, peer);
        }
        if request.path == SESSION_PATH {
            return self.sign_in().session_endpoint(&request, &context, peer);
        }
        if let Some(refusal) = self.sign_in().session_caller(&request, &mut context) {
            return refusal;
        }
        user.clone_from(&context.user);
        if let Some(refusal) =
            self.sign_in()
                .verify_client(&request, &mut context, peer, &mut caught_up)
        {
            return refusal;
        }
        if let Some(response) = self.read(&request, &context, &mut caught_up) {
            return response;
        }
        if let Some(refusal) = self.admit_change(&request, &context) {
            return refusal;
        }
        if costfolio::api::computed_apart(&request) {
            return self.change_apart(&request, &context);
        }
        self.change(&request.path, |state| handle(state, &request, &context))
            .unwrap_or_else(|refusal| refusal)
    }

    /// A change of a user (not a budget administrator) past their write rate (429) or, for a
    /// create, past their quota of live records of its kind (403); `None` when admitted.
    /// What no user's change may get past, whatever route it takes.
    fn admit_change(
        &self,
        request: &Request,
        context: &costfolio::api::Context,
    ) -> Option<Response> {
        let user = context.user.as_deref().filter(|_| !context.budget_admin)?;
        if matches!(request.method.as_str(), "GET" | "HEAD" | "OPTIONS") {
            return None;
        }
        let quotas = self.quotas;
        if let Err(after) =
            self.writes
                .admit(user, quotas.writes_per_second, std::time::Instant::now())
        {
            return Some(quotas::too_many_writes(
                &request.path,
                quotas.writes_per_second,
                after,
            ));
        }
        let state = self.settled(&request.path).ok()?;
        quotas::over_quota(&state, &request.method, &request.path, user, quotas)
    }

    /// The user whose credentials `request` carries, when they are right: basic credentials (of
    /// the budgeting interface), a bearer token, or the planner's session (a change with its CSRF
    /// token); `None` otherwise. What the host asks before it grants a large plan import one of its
    /// few slots, so that a client without them cannot keep others' imports out. The
    /// request is then served as any other: its credentials are verified again (a basic
    /// credential's hash from the cache the first check filled).
    pub(crate) fn verified_user(&self, request: &Request, peer: Option<IpAddr>) -> Option<String> {
        let mut context = self.context();
        if request.credentials("Basic").is_some() {
            let header = request.header_value("Authorization")?;
            return self.credentials.basic(header, peer).ok().map(|v| v.user);
        }
        if request.credentials("Bearer").is_some() {
            self.fresh(&request.path, &mut false).ok()?;
            let state = self.settled(&request.path).ok()?;
            return authenticate(&state, request, &context).ok().map(|t| t.user);
        }
        if self
            .sign_in()
            .session_caller(request, &mut context)
            .is_some()
        {
            return None;
        }
        context.user
    }

    /// The sign-in endpoints' view of this service: its journal, its verifier, and whether its
    /// cookies are `Secure` (behind an `https` base URL).
    fn sign_in(&self) -> SignIn<'_, Service> {
        SignIn {
            journal: self,
            credentials: &self.credentials,
            secure: self.base_url.starts_with("https:"),
        }
    }
}

impl Journal for Service {
    fn look(&self, path: &str, done: &mut bool) -> Result<(), Response> {
        self.fresh(path, done)
    }

    fn current(&self, path: &str) -> Result<Arc<State>, Response> {
        self.settled(path).map(|state| Arc::clone(&state))
    }

    fn transact<T>(&self, path: &str, change: impl FnOnce(&mut State) -> T) -> Result<T, Response> {
        self.change(path, change)
    }
}
