//! The budgeting interface (`/budgets/1`, budgeting-api.md, extensions.md): every success wrapped as
//! `{"success": ...}`, errors in the budgeting body (`error`, `errorMessages`, `errors`), the caller
//! from basic credentials the host verified (S11.4).
//!
//! Here: the router, which finds a request's row in `operations` (one row an operation: method,
//! path template, handler, weight) and calls its handler. Below it, bottom first: `responses` (the
//! envelopes, the one JSON-body check, the parameters every route reads), `history`, `folios`
//! (folios, their viewers, limits, baselines, expenditures, custom fields, scope and closed
//! months), `expenses`, `positions` (allocations, rates, hours, payments, billed hours, the team),
//! `portfolios` (and their rollups), `reports` (indicators, timeline, items, payments,
//! explanations), `plans` (a folio's plan document and its import), `shared` (exchange rates,
//! overtime rules, users) and `operations`, the table. Each imports only those before it
//! (`tests/layers.rs`).

mod actuals;
mod expenses;
mod folios;
mod forecast;
mod history;
mod lines;
mod operations;
mod plans;
mod portfolios;
mod positions;
mod reports;
mod responses;
mod shared;
mod workbooks;

pub use folios::can_view;
pub(crate) use operations::{find, Handler, Weight};
pub use operations::{routes, Route};

use responses::{message_error, Outcome};

use crate::api::access::who;
use crate::api::http::{Context, Request, Response};
use crate::model::messages;
use crate::state::State;

/// Routes a `/budgets/1` request: its caller is resolved once (S11.3), then a `GET` goes to the
/// reads and anything else to the changes.
pub(super) fn handle(
    state: &mut State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Response {
    let context = match crate::api::access::resolve(state, request, context) {
        Ok(caller) => crate::api::access::with_caller(caller, context),
        Err(response) => return response,
    };
    let segments: Vec<&str> = rest.trim_matches('/').split('/').collect();
    if request.method == "GET" {
        return answer_get(state, request, &context, &segments);
    }
    // Each change's journal entry says who made it and when.
    let before = state.set_author(Some(crate::state::Author {
        at: crate::value::UtcTimestamp::new(context.now),
        user: context.user.clone(),
    }));
    let answer = route(state, request, &context, &segments).unwrap_or_else(|response| response);
    state.set_author(before);
    answer
}

/// Answers a `GET` of the budgeting interface on a shared state, or `None` when the request is
/// not one of its reads (then [`handle`] answers it: a change).
pub(super) fn answer_read(
    state: &State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Option<Response> {
    let caller = crate::api::access::resolve(state, request, context);
    if request.method != "GET" {
        // A change by no one is refused here: there is nothing to change and no lock to take.
        return caller.err();
    }
    let context = match caller {
        Ok(caller) => crate::api::access::with_caller(caller, context),
        Err(response) => return Some(response),
    };
    let segments: Vec<&str> = rest.trim_matches('/').split('/').collect();
    Some(answer_get(state, request, &context, &segments))
}

/// A `GET` of a caller already resolved; a path with no read is answered as the change router
/// answers a `GET` it has no route for.
fn answer_get(state: &State, request: &Request, context: &Context, segments: &[&str]) -> Response {
    match find("GET", segments) {
        Some((
            Route {
                handler: Handler::Read(read),
                ..
            },
            id,
        )) => read(state, request, context, id).unwrap_or_else(|r| r),
        _ => no_route(request),
    }
}

/// A change of a caller already resolved: its credential may change data (S11.5: a read-only one
/// changes nothing, whatever it names), then its route's handler.
fn route(state: &mut State, request: &Request, context: &Context, segments: &[&str]) -> Outcome {
    who(context).writes()?;
    match find(&request.method, segments) {
        Some((route, id)) => match route.handler {
            Handler::Change(change) => change(state, request, context, id),
            Handler::Read(read) => read(state, request, context, id),
        },
        None => Err(no_route(request)),
    }
}

/// The answer to a request no budgeting route serves.
fn no_route(request: &Request) -> Response {
    message_error(
        404,
        format!(
            "No budgeting resource at {} {}",
            messages::excerpt(&request.method),
            messages::excerpt(&request.path)
        ),
    )
}
