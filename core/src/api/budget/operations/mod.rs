//! The operations of the budgeting interface, one row each: its method, its path template, the
//! handler that reads the request, asks its use case and renders the answer, what a read weighs
//! before it runs, and what the OpenAPI document says of it. The router (`mod.rs`), the admission
//! weights (`api/weight.rs`), the host's route templates (its logs and metrics) and the OpenAPI
//! document (the `openapi` module) all read this table: a new operation is a row here and its use
//! case. The rows are in `records.rs` and `figures.rs`; what their documentation is written with
//! in `documented.rs`.
//!
//! A template's hole (`{id}`, `{scenarioId}`) fills any one segment: the handler refuses one that
//! is no id, as its resource's 404 says; the handler is handed the last hole's segment. Where two
//! templates fit a path, the one with fewer holes answers (`/folio/indicators` before
//! `/folio/{id}`).

use super::responses::Outcome;
use crate::api::http::{Context, Request};
use crate::api::operation_doc::Doc;
use crate::state::RecordKind;
use crate::state::State;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A read: the state shared, the request, its context and the path's `{id}` (empty when its
/// template has none).
pub(crate) type Read = fn(&State, &Request, &Context, &str) -> Outcome;
/// A change: the same on the state it changes.
pub(crate) type Change = fn(&mut State, &Request, &Context, &str) -> Outcome;

/// What a route does with the state.
#[derive(Clone, Copy)]
pub(crate) enum Handler {
    /// Reads it (`GET`), on a state other reads share.
    Read(Read),
    /// Changes it.
    Change(Change),
}

/// What a read costs, in the terms `api/weight.rs` counts: the folios and periods it computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Weight {
    /// Nothing worth admitting: a record, a list, a change.
    Light,
    /// The folios named by `id` parameters, each by month.
    NamedFolios,
    /// The path's folio by month.
    Folio,
    /// The path's folio by the `granularity` parameter.
    FolioByGranularity,
    /// The path's folio by month, or a timeline cell's granularity (`start` given).
    FolioFigure,
    /// The path's folio by month, once for each month it closed (S9.11).
    FolioClosedMonths,
    /// The path's portfolio's folios by month.
    Portfolio,
    /// The path's folio by month and its items drawn `iterations` times (S14).
    Forecast,
    /// The path's portfolio's folios by month and their items drawn `iterations` times (S14.7).
    PortfolioForecast,
    /// The path's portfolio's folios by month, twice for each month they closed (S9.11).
    PortfolioClosedMonths,
    /// One item's days: a fixed weight.
    Item,
    /// A page of the history of the path's record of this kind (S11.8).
    History(RecordKind),
    /// A page of the path's folio's activity (S11.8).
    Activity,
    /// The path's folio by month, once for each plan compared (`ids`, S15.5).
    Compare,
}

/// One operation.
#[derive(Clone, Copy)]
pub struct Route {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub method: &'static str,
    /// The path template, whole (`/budgets/1/folio/{id}/indicators`).
    pub path: &'static str,
    pub(crate) handler: Handler,
    pub(crate) weight: Weight,
    /// What the OpenAPI document says of it.
    pub doc: Doc,
}

/// A read (`GET`) of `path`, weighing `weight`.
const fn get(path: &'static str, read: Read, weight: Weight, doc: Doc) -> Route {
    Route {
        method: "GET",
        path,
        handler: Handler::Read(read),
        weight,
        doc,
    }
}

/// A change of `method` at `path`.
const fn change(method: &'static str, path: &'static str, change: Change, doc: Doc) -> Route {
    Route {
        method,
        path,
        handler: Handler::Change(change),
        weight: Weight::Light,
        doc,
    }
}

#[cfg(feature = "schema")]
mod documented;
mod figures;
mod records;
mod scenarios;

/// The rows, in the order of docs/api.md: the records', the figures', then the scenarios'.
const GROUPS: [&[Route]; 3] = [records::ROUTES, figures::ROUTES, scenarios::ROUTES];

/// Every operation of the budgeting interface.
pub fn routes() -> impl Iterator<Item = &'static Route> {
    GROUPS.iter().flat_map(|group| group.iter())
}

/// A route's template split at `/` once, for matching.
struct Compiled {
    route: &'static Route,
    segments: Vec<&'static str>,
    holes: usize,
}

/// The routes by method and first segment (every template's first segment is a word), each
/// template split once: a request compares its path with the few routes of its method and first
/// segment, not with the whole table.
fn index() -> &'static HashMap<(&'static str, &'static str), Vec<Compiled>> {
    static INDEX: OnceLock<HashMap<(&'static str, &'static str), Vec<Compiled>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: HashMap<(&'static str, &'static str), Vec<Compiled>> = HashMap::new();
        for route in routes() {
            let segments: Vec<&'static str> = route
                .path
                .trim_start_matches("/budgets/1/")
                .split('/')
                .collect();
            let first = segments.first().copied().unwrap_or_default();
            let holes = segments.iter().filter(|s| s.starts_with('{')).count();
            index
                .entry((route.method, first))
                .or_default()
                .push(Compiled {
                    route,
                    segments,
                    holes,
                });
        }
        index
    })
}

/// The route of `method` that `segments` (the path after `/budgets/1/`, split at `/`) fill, and
/// the path's `{id}`; where several fit, the one with the fewest `{id}`s.
pub(crate) fn find<'p>(method: &str, segments: &[&'p str]) -> Option<(&'static Route, &'p str)> {
    let first = segments.first().copied().unwrap_or_default();
    let candidates = index().get(&(method, first))?;
    let mut best: Option<(&'static Route, &'p str, usize)> = None;
    for compiled in candidates {
        if compiled.segments.len() != segments.len() {
            continue;
        }
        let mut id = "";
        let fits = compiled
            .segments
            .iter()
            .zip(segments)
            .all(|(wanted, given)| {
                if wanted.starts_with('{') {
                    id = given;
                    true
                } else {
                    wanted == given
                }
            });
        if fits && best.is_none_or(|(_, _, fewest)| compiled.holes < fewest) {
            best = Some((compiled.route, id, compiled.holes));
        }
    }
    best.map(|(route, id, _)| (route, id))
}
