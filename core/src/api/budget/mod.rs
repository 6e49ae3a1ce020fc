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
mod scenarios;
mod shared;
mod workbooks;

pub use folios::can_view;
pub(crate) use operations::{find, Handler, Weight};

/// The draft's own path a scenario's path asks (S15.3, S15.4), if `segments` is one: what
/// `api::weight` weighs it as.
pub(crate) fn draft_segments<'p>(segments: &[&'p str]) -> Option<Vec<&'p str>> {
    scenario_path(segments).map(|asked| asked.draft)
}
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
    let answer = match scenario_path(&segments) {
        Some(asked) => scenario_change(state, request, &context, asked),
        None => route(state, request, &context, &segments),
    }
    .unwrap_or_else(|response| response);
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
    if let Some(asked) = scenario_path(segments) {
        return scenario_read(state, request, context, asked).unwrap_or_else(|r| r);
    }
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

/// The draft's routes whose paths start with an item's kind: under a scenario's path they change
/// and read the scenario's items (S15.3).
const SCENARIO_ITEMS: [&str; 6] = [
    "expense",
    "position",
    "allocation",
    "rate",
    "workedhours",
    "billablehours",
];

/// The draft's routes of a folio (`/folio/{id}/...`) a scenario's path reads (S15.4); of them
/// only `scope` is changed there.
const SCENARIO_FOLIO: [&str; 10] = [
    "scope",
    "plan",
    "indicators",
    "timeline",
    "items",
    "payments",
    "lines",
    "forecast",
    "expenditures",
    "explain",
];

/// A path under a scenario (`folio/{id}/scenarios/{sid}/...`) that asks one of the draft's
/// routes: the draft's own path (the ids are read off the request's path).
struct ScenarioPath<'p> {
    draft: Vec<&'p str>,
}

/// The scenario path `segments` is, if any (S15.3).
fn scenario_path<'p>(segments: &[&'p str]) -> Option<ScenarioPath<'p>> {
    let ["folio", folio, "scenarios", _, first, rest @ ..] = segments else {
        return None;
    };
    let draft = if SCENARIO_ITEMS.contains(first) {
        [*first].into_iter().chain(rest.iter().copied()).collect()
    } else if SCENARIO_FOLIO.contains(first) {
        ["folio", *folio, *first]
            .into_iter()
            .chain(rest.iter().copied())
            .collect()
    } else {
        return None;
    };
    Some(ScenarioPath { draft })
}

/// The request of a scenario path as the draft's route reads it: the same but its path.
fn draft_request(request: &Request, asked: &ScenarioPath<'_>) -> Request {
    Request {
        path: format!("/budgets/1/{}", asked.draft.join("/")),
        ..request.clone()
    }
}

/// The folio's and the scenario's ids of a scenario path, or their 404s.
fn scenario_ids(request: &Request) -> Result<(u64, u64), Response> {
    match scenarios::ids(request)? {
        (folio, Some(scenario)) => Ok((folio, scenario)),
        (_, None) => Err(responses::folio_not_viewable()),
    }
}

/// A change of a scenario through the draft's route (S15.3): run on a copy of the state holding
/// the scenario as the folio's draft, its item commands kept as the scenario's.
fn scenario_change(
    state: &mut State,
    request: &Request,
    context: &Context,
    asked: ScenarioPath<'_>,
) -> Outcome {
    let (folio, scenario) = scenario_ids(request)?;
    let inner = draft_request(request, &asked);
    let answer = responses::commands(state, context).change_scenario(folio, scenario, |copy| {
        let answer = route(copy, &inner, context, &asked.draft).unwrap_or_else(|r| r);
        let succeeded = answer.status < 400;
        (answer, succeeded)
    })?;
    Ok(answer)
}

/// A read of a scenario through the draft's route (S15.4), on the copy of the state holding it
/// as the folio's draft; an item it does not hold answers as a missing one.
fn scenario_read(
    state: &State,
    request: &Request,
    context: &Context,
    asked: ScenarioPath<'_>,
) -> Outcome {
    let (folio, scenario) = scenario_ids(request)?;
    let copy = responses::queries(state, context).scenario_state(folio, scenario)?;
    if let [kind @ ("expense" | "position"), id, ..] = asked.draft.as_slice() {
        let id = responses::path_id(id).unwrap_or(0);
        let held = match *kind {
            "expense" => copy
                .expenses
                .get(&id)
                .is_some_and(|e| e.folio_id.get() == folio && e.deleted_on.is_none()),
            _ => copy.positions.get(&id).is_some_and(|row| {
                row.header.folio_id.get() == folio && row.record.deleted_on.is_none()
            }),
        };
        if !held {
            return Err(message_error(
                404,
                format!("{kind} {id} is not an item of scenario {scenario}"),
            ));
        }
    }
    let inner = draft_request(request, &asked);
    Ok(answer_get(&copy, &inner, context, &asked.draft))
}
