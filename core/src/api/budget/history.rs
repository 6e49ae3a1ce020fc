//! The history routes (extensions.md): `GET /folio|expense|position|portfolio/{id}/
//! history?limit=&before=` and `GET /folio/{id}/activity?limit=&before=`, read from the journal
//! the host keeps (the context's [`crate::api::http::Journal`]).

//!
//! The wasm package keeps no journal: there, every history route answers that it is the server's
//! (and its code is left out of the package).

use super::responses::Outcome;
use crate::api::http::{Context, Request, Response};
use crate::state::{RecordKind, State};
use crate::usecase::Error;
#[cfg(not(target_arch = "wasm32"))]
use {
    super::responses::{field_error, path_id, queries, success},
    crate::model::messages::excerpt,
    crate::state::RecordRef,
    crate::usecase::{HistoryPage, DEFAULT_HISTORY_PAGE, MAX_HISTORY_PAGE},
};

/// The answer when no journal is kept where the request was made.
fn no_journal() -> Response {
    Error::unavailable("No history is kept here: the journal is the server's").into()
}

/// In the wasm package: no history is kept.
#[cfg(target_arch = "wasm32")]
pub(super) fn history(
    _state: &State,
    _request: &Request,
    _context: &Context,
    _kind: RecordKind,
    _id: &str,
) -> Outcome {
    Err(no_journal())
}

/// In the wasm package: no activity is kept.
#[cfg(target_arch = "wasm32")]
pub(super) fn activity(
    _state: &State,
    _request: &Request,
    _context: &Context,
    _id: &str,
) -> Outcome {
    Err(no_journal())
}

/// `?limit=&before=`: a page of 1 to [`MAX_HISTORY_PAGE`] entries (50 when not said), before an
/// entry number.
#[cfg(not(target_arch = "wasm32"))]
fn page(request: &Request) -> Result<HistoryPage, Response> {
    let limit = match request.param_value("limit") {
        None => DEFAULT_HISTORY_PAGE,
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|limit| (1..=MAX_HISTORY_PAGE).contains(limit))
            .ok_or_else(|| {
                field_error(
                    "limit",
                    format!(
                        "limit must be a whole number from 1 to {MAX_HISTORY_PAGE}, got {}",
                        excerpt(text)
                    ),
                )
            })?,
    };
    let before =
        match request.param_value("before") {
            None => None,
            Some(text) => Some(text.parse::<u64>().ok().filter(|seq| *seq > 0).ok_or_else(
                || {
                    field_error(
                        "before",
                        format!(
                            "before must be a change's seq (a whole number from 1), got {}",
                            excerpt(text)
                        ),
                    )
                },
            )?),
        };
    let since = match request.param_value("since") {
        None => None,
        Some(text) => Some(
            crate::value::Date::parse(text)
                .map_err(|error| field_error("since", format!("since: {error}")))?,
        ),
    };
    Ok(HistoryPage {
        limit,
        before,
        since,
    })
}

/// `GET /{kind}/{id}/history`: a path that is no id answers as a record that does not exist.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn history(
    state: &State,
    request: &Request,
    context: &Context,
    kind: RecordKind,
    id: &str,
) -> Outcome {
    let queries = queries(state, context);
    // A path that is no id, or a hidden or missing record: the record's 404, before anything
    // else is read (S11.4).
    let record = RecordRef {
        kind,
        id: path_id(id).unwrap_or(0),
    };
    queries.may_read_history(record)?;
    let page = page(request)?;
    let journal = context.journal.as_ref().ok_or_else(no_journal)?;
    Ok(success(queries.history(record, page, &*journal.0)?))
}

/// `GET /folio/{id}/activity`.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn activity(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let queries = queries(state, context);
    let id = path_id(id).unwrap_or(0);
    queries.may_read_history(RecordRef {
        kind: RecordKind::Folio,
        id,
    })?;
    let page = page(request)?;
    let journal = context.journal.as_ref().ok_or_else(no_journal)?;
    Ok(success(queries.activity(id, page, &*journal.0)?))
}
