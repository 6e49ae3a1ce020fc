//! The sans-I/O REST layer: `handle(&mut state, &request, &context) -> response`.
//!
//! Routes the core administration interface (`/core/3`), the token endpoints (`/oauth/...`) and
//! the deletion audit (`/audit/1`). Every change goes through [`State::apply`], so the host takes
//! the journal entries of a request with [`State::take_journal`] and persists them before it sends
//! the response (S13.2). A malformed body, a wrong content type, an unknown path or method: each is
//! a clear 4xx in its interface's envelope, never a panic, and leaves the state unchanged.

mod audit;
mod auth;
mod budget;
mod budget_folio;
mod budget_positions;
mod core_admin;
mod core_ext;
mod http;
mod reply;
mod web;

pub use audit::record_deletion;
pub use auth::{
    authenticate, hash_secret, issue_code, mint_personal_token, register_client, token_text,
    AuthError, Caller,
};
pub use budget::can_view;
pub use http::{Context, Request, Response};

use crate::state::State;

/// Handles one request. A path that still carries its query string (`/core/3/accounts?status=OPEN`)
/// is split and decoded first.
pub fn handle(state: &mut State, request: &Request, context: &Context) -> Response {
    match request.path.split_once('?') {
        Some((path, query)) => {
            let mut split = request.clone();
            split.path = path.to_owned();
            for pair in query.split('&').filter(|pair| !pair.is_empty()) {
                let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                match (auth::percent_decode(name), auth::percent_decode(value)) {
                    (Some(name), Some(value)) => split.query.push((name, value)),
                    _ => {
                        return reply::core_error(
                            400,
                            &format!("The query string {query:?} is not valid"),
                        )
                    }
                }
            }
            route(state, &split, context)
        }
        None => route(state, request, context),
    }
}

fn route(state: &mut State, request: &Request, context: &Context) -> Response {
    let path = request.path.as_str();
    if let Some(rest) = path.strip_prefix("/core/3") {
        if rest.is_empty() || rest.starts_with('/') {
            return core_admin::handle(state, request, context, rest);
        }
    }
    if let Some(rest) = path.strip_prefix("/budgets/1") {
        if rest.is_empty() || rest.starts_with('/') {
            return budget::handle(state, request, context, rest);
        }
    }
    if let Some(rest) = path.strip_prefix("/audit/1") {
        if rest.is_empty() || rest.starts_with('/') {
            return audit::handle(state, request, context, rest);
        }
    }
    if let Some(rest) = path.strip_prefix("/oauth") {
        return auth::handle(state, request, context, rest);
    }
    reply::core_error(404, &format!("No resource at {}", request.path))
}
