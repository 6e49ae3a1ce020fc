//! The core administration interface (`/core/3`, core-admin-api.md and its extensions, S10): its
//! table of operations, one row each (method, path template, the handler that parses the path,
//! parameters and body, asks its use case in `usecase::admin` and renders the records with
//! absolute addresses, and what the OpenAPI document says of it). The router below, the host's
//! route templates (its logs and metrics) and the OpenAPI document (the `openapi` module) all read
//! it: a new operation is a row and its use case. The rows are in `records.rs` (accounts,
//! categories, customers, account links, generic resources), `calendars.rs` (holiday and workload
//! schemes, their holidays and members) and `tracker.rs` (projects, saved filters, worklogs); the
//! helpers several rows share in `handlers.rs`.
//!
//! A request meets the rows of its method in the table's order and takes the first its path
//! fills, a hole (`{key}`, `{id}`, `{holidayId}`) filling any one segment (the handler refuses one
//! that names no record, as its 404 says); a literal row (`holiday-schemes/users/{key}`) stands
//! before a row with a hole in its place.

use super::access::core_caller;
use super::http::{Context, Request, Response};
use super::reply::{self, core_error, core_refusal, Outcome};
use super::web::Web;
use crate::api::operation_doc::Doc;
use crate::state::State;
use crate::usecase::{Commands, Queries};

/// The segments a row's holes took, in the order of its template; past them, empty.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Holes<'p>([&'p str; 2]);

impl<'p> Holes<'p> {
    /// The first hole's segment (a key or a record's id).
    pub(crate) fn first(self) -> &'p str {
        self.0[0]
    }

    /// The second hole's (a holiday of a scheme).
    pub(crate) fn second(self) -> &'p str {
        self.0[1]
    }
}

/// A read: the caller's queries on a shared state, the request, the addresses, the holes.
pub(crate) type Read = fn(&Queries<'_>, &Request, &Web<'_>, Holes<'_>) -> Outcome;
/// A change: the caller's commands.
pub(crate) type Change = fn(&mut Commands<'_>, &Request, &Web<'_>, Holes<'_>) -> Outcome;

/// What a row does with the state.
#[derive(Clone, Copy)]
pub(crate) enum Handler {
    /// Reads it (`GET`).
    Read(Read),
    /// Changes it (an administrator's, S11.6).
    Change(Change),
}

/// One operation of the interface.
#[derive(Clone, Copy)]
pub struct Route {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub method: &'static str,
    /// The path template, whole (`/core/3/accounts/{key}`).
    pub path: &'static str,
    pub(crate) handler: Handler,
    /// What the OpenAPI document says of it.
    pub doc: Doc,
}

/// A read of `path`.
const fn get(path: &'static str, read: Read, doc: Doc) -> Route {
    Route {
        method: "GET",
        path,
        handler: Handler::Read(read),
        doc,
    }
}

/// A change of `method` at `path`.
const fn change(method: &'static str, path: &'static str, change: Change, doc: Doc) -> Route {
    Route {
        method,
        path,
        handler: Handler::Change(change),
        doc,
    }
}

mod calendars;
#[cfg(feature = "schema")]
mod documented;
mod handlers;
mod records;
mod tracker;

/// The rows, in the order a request meets them.
const GROUPS: [&[Route]; 3] = [records::ROUTES, calendars::ROUTES, tracker::ROUTES];

/// Every operation of the core administration interface.
pub fn routes() -> impl Iterator<Item = &'static Route> {
    GROUPS.iter().flat_map(|group| group.iter())
}

/// The row of `method` that `segments` (the path below `/core/3`) fill, and its holes.
fn find<'p>(method: &str, segments: &[&'p str]) -> Option<(&'static Route, Holes<'p>)> {
    routes()
        .filter(|route| route.method == method)
        .find_map(|route| fill(route.path, segments).map(|holes| (route, holes)))
}

/// The holes `segments` give `template`, if they fill it segment for segment.
fn fill<'p>(template: &str, segments: &[&'p str]) -> Option<Holes<'p>> {
    let mut wanted = template_segments(template);
    let mut given = segments.iter();
    let mut holes = Holes::default();
    let mut next = 0;
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return Some(holes),
            (Some(pattern), Some(segment)) if pattern.starts_with('{') => {
                if let Some(slot) = holes.0.get_mut(next) {
                    *slot = segment;
                }
                next += 1;
            }
            (Some(pattern), Some(segment)) if pattern == *segment => {}
            _ => return None,
        }
    }
}

/// A template's segments below `/core/3`.
fn template_segments(template: &str) -> impl Iterator<Item = &str> {
    template.trim_start_matches("/core/3/").split('/')
}

/// Routes a `/core/3` request: a `GET` to the reads; anything else, once its caller
/// authenticates, to the changes.
pub(super) fn handle(
    state: &mut State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Response {
    if request.method == "GET" {
        return answer_get(state, request, context, rest);
    }
    let caller = match core_caller(state, request, context) {
        Ok(caller) => caller,
        Err(response) => return response,
    };
    // S11.6: every authenticated user reads the shared data of this interface; only
    // administrators change it. A refusal comes before the path is looked at, so it changes
    // nothing and reveals nothing.
    if let Err(refusal) = caller.administration_for_change() {
        return core_refusal(refusal);
    }
    let segments = segments(rest);
    let mut commands = Commands::new(state, caller, context.now);
    let web = Web { context };
    // A row of a method other than GET is a change.
    let outcome = match find(&request.method, &segments) {
        Some((
            Route {
                handler: Handler::Change(change),
                ..
            },
            holes,
        )) => change(&mut commands, request, &web, holes),
        _ => Err(no_route(request, &segments)),
    };
    outcome.unwrap_or_else(|response| response)
}

/// Answers a `GET` of the core administration interface on a shared state, as [`handle`] does,
/// and a change whose caller does not authenticate (401); `None` for any other change.
pub(super) fn answer_read(
    state: &State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Option<Response> {
    if request.method == "GET" {
        return Some(answer_get(state, request, context, rest));
    }
    // A change by no one is refused here: there is nothing to change and no lock to take.
    core_caller(state, request, context).err()
}

/// The path below `/core/3`, by segment.
fn segments(rest: &str) -> Vec<&str> {
    rest.trim_matches('/').split('/').collect()
}

/// Answers a `GET`, once its caller authenticates.
fn answer_get(state: &State, request: &Request, context: &Context, rest: &str) -> Response {
    let caller = match core_caller(state, request, context) {
        Ok(caller) => caller,
        Err(response) => return response,
    };
    let segments = segments(rest);
    let queries = Queries::new(state, caller, context.now);
    let outcome = match find("GET", &segments) {
        Some((
            Route {
                handler: Handler::Read(read),
                ..
            },
            holes,
        )) => read(&queries, request, &Web { context }, holes),
        // No read of this path: as a change no row serves is answered.
        _ => Err(no_route(request, &segments)),
    };
    outcome.unwrap_or_else(|response| response)
}

/// The answer to a request no row serves: 405 on a resource of this interface, else 404.
fn no_route(request: &Request, segments: &[&str]) -> Response {
    if known_path(segments) {
        reply::method_not_allowed(request)
    } else {
        core_error(
            404,
            &format!(
                "No resource at {}",
                crate::model::messages::excerpt(&request.path)
            ),
        )
    }
}

/// Whether the path names a resource of this interface (for 405 rather than 404): its first
/// segment is a row's, and a row goes deeper than that segment, or the path is that segment
/// alone (`account-category-types` has no records below it).
fn known_path(segments: &[&str]) -> bool {
    let Some(first) = segments.first() else {
        return false;
    };
    routes().any(|route| {
        let mut wanted = template_segments(route.path);
        wanted.next() == Some(*first) && (wanted.next().is_some() || segments.len() == 1)
    })
}
