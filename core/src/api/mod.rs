//! The sans-I/O REST layer: `handle(&mut state, &request, &context) -> response`.
//!
//! Routes the core administration interface (`/core/3`), the token endpoints (`/oauth/...`) and
//! the deletion audit (`/audit/1`). Every change goes through [`State::apply`], so the host takes
//! the journal entries of a request with [`State::take_journal`] and persists them before it sends
//! the response (S13.2). A malformed body, a wrong content type, an unknown path or method: each is
//! a clear 4xx in its interface's envelope, never a panic, and leaves the state unchanged.

mod access;
mod audit;
mod auth;
mod budget;
mod core_admin;
mod http;
pub mod operation_doc;
mod reply;
mod web;
mod weight;

pub use access::{Access, Caller};
pub use audit::record_deletion;
pub use auth::authenticate;
pub use budget::can_view;
/// The budgeting interface's operations, one row each (method, path template, handler, weight).
pub use budget::{routes as budget_routes, Route as BudgetRoute};
/// The core administration interface's operations, one row each (method, path template, handler).
pub use core_admin::{routes as core_routes, Route as CoreRoute};
pub use http::{
    decode_form, encode_query, BodyError, Context, Journal, QueryError, Request, Response,
};
pub use reply::envelope;
pub use weight::weight;

use crate::state::State;

/// Handles one request. A path that still carries its query string (`/core/3/accounts?status=OPEN`)
/// is split and decoded first. `HEAD` is answered as `GET` would be, without the body (its
/// `Content-Length` says how long the body would be).
///
/// The host persists what a change journaled ([`State::take_journal`]) before the answer leaves
/// (S13.2); replaying the journal rebuilds the same state.
///
/// ```
/// use chrono::NaiveDate;
/// use costfolio::api::{handle, Context, Request};
/// use costfolio::state::State;
///
/// let now = NaiveDate::from_ymd_opt(2026, 3, 15).unwrap().and_hms_opt(12, 0, 0).unwrap();
/// let mut context = Context::new("http://127.0.0.1:8080", now, vec![7; 64]);
/// context.user = Some("ada".into()); // the host verified the caller (S11.4)
///
/// let folio = r#"{"name":"Road works","description":"","owner":"ada",
///     "startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,
///     "contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR",
///     "withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,
///     "usesUserRates":false,"isSynchronizedWithWorkLogs":false,
///     "isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,
///     "workloadSchemeId":1}"#;
/// let mut state = State::new();
/// let created = handle(&mut state, &Request::new("POST", "/budgets/1/folio").json(folio), &context);
/// assert_eq!((created.status, created.text()), (200, r#"{"success":1}"#.to_owned()));
///
/// // What the change journaled, persisted and replayed elsewhere, gives the same answers.
/// let journal = state.take_journal();
/// assert_eq!(journal.len(), 1);
/// let mut replica = State::new();
/// replica.replay(&journal).unwrap();
/// let read = Request::new("GET", "/budgets/1/folio/1/indicators?asOf=2026-06-30");
/// let (here, there) = (handle(&mut state, &read, &context), handle(&mut replica, &read, &context));
/// assert_eq!(here.status, 200);
/// assert!(here.text().contains(r#""status":"executing""#));
/// assert_eq!(there.text(), here.text());
/// ```
pub fn handle(state: &mut State, request: &Request, context: &Context) -> Response {
    if request.method == "HEAD" {
        return without_body(handle(state, &as_get(request), context));
    }
    if !request.path.contains('?') {
        return route(state, request, context);
    }
    let mut split = request.clone();
    match split.split_query() {
        Ok(()) => route(state, &split, context),
        Err(refusal) => refusal,
    }
}

/// Whether `request` is a change the host may compute apart from the writers' lock, on a copy of
/// the state, and apply afterwards if nothing it depends on changed (`state::DetachedChange`):
/// a plan import, whose use cases can take seconds on a document at the limits.
pub fn computed_apart(request: &Request) -> bool {
    request.method == "POST" && request.path.trim_end_matches('/') == "/budgets/1/folio/import"
}

/// Answers, on a shared state, every request that changes nothing, so that it need not wait for
/// a change nor take the lock one takes: a `GET` or `HEAD` of any interface (unknown paths
/// included), and a change whose caller does not authenticate (401) or that no route serves. `None`
/// for a request that may change the state, which [`handle`] answers. For every request it
/// answers, it answers exactly as [`handle`] would.
pub fn handle_read(state: &State, request: &Request, context: &Context) -> Option<Response> {
    if request.method == "HEAD" {
        return handle_read(state, &as_get(request), context).map(without_body);
    }
    if request.path.contains('?') {
        let mut split = request.clone();
        return match split.split_query() {
            Ok(()) => handle_read(state, &split, context),
            Err(refusal) => Some(refusal),
        };
    }
    match interface(&request.path) {
        Some((Interface::Budgeting, rest)) => budget::answer_read(state, request, context, rest),
        Some((Interface::Core, rest)) => core_admin::answer_read(state, request, context, rest),
        Some((Interface::Audit, rest)) => Some(audit::handle(state, request, context, rest)),
        Some((Interface::Tokens, rest)) => auth::answer_read(request, rest),
        None => Some(no_interface(request)),
    }
}

/// The answer to a path of no interface.
fn no_interface(request: &Request) -> Response {
    reply::core_error(
        404,
        &format!(
            "No resource at {}",
            crate::model::messages::excerpt(&request.path)
        ),
    )
}

/// A `HEAD` request as the `GET` it is answered like.
fn as_get(request: &Request) -> Request {
    let mut get = request.clone();
    get.method = "GET".to_owned();
    get
}

/// A `GET`'s answer as `HEAD` gives it: no body, and the length it would have had.
fn without_body(mut response: Response) -> Response {
    let length = response.body.len();
    response.body.clear();
    response
        .headers
        .push(("Content-Length".into(), length.to_string()));
    response
}

/// The four interfaces a path can belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interface {
    Core,
    Budgeting,
    Audit,
    Tokens,
}

/// The interface of `path` and the rest of the path below its base, or `None` for no interface.
fn interface(path: &str) -> Option<(Interface, &str)> {
    let bases = [
        ("/core/3", Interface::Core),
        ("/budgets/1", Interface::Budgeting),
        ("/audit/1", Interface::Audit),
    ];
    for (base, interface) in bases {
        if let Some(rest) = path.strip_prefix(base) {
            if rest.is_empty() || rest.starts_with('/') {
                return Some((interface, rest));
            }
        }
    }
    path.strip_prefix("/oauth")
        .map(|rest| (Interface::Tokens, rest))
}

fn route(state: &mut State, request: &Request, context: &Context) -> Response {
    match interface(&request.path) {
        Some((Interface::Core, rest)) => core_admin::handle(state, request, context, rest),
        Some((Interface::Budgeting, rest)) => budget::handle(state, request, context, rest),
        Some((Interface::Audit, rest)) => audit::handle(state, request, context, rest),
        Some((Interface::Tokens, rest)) => auth::handle(state, request, context, rest),
        None => no_interface(request),
    }
}
