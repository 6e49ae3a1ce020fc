//! Cost lines (S9.12): the routes parse `asOf` and `groupBy` and render; the rules are the use
//! case's (`crate::usecase::cost_lines`).

use super::portfolios::with_id;
use super::reports::folio_read;
use super::responses::{as_of, field_error, queries, success, Outcome};

use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::LineGrouping;
use crate::state::State;

/// The `groupBy` parameter: `none` when absent; anything but a grouping is a 400 naming it.
fn group_by(request: &Request) -> Result<LineGrouping, Response> {
    match request.param_value("groupBy") {
        None => Ok(LineGrouping::None),
        Some(text) => LineGrouping::parse(text).ok_or_else(|| {
            field_error(
                "groupBy",
                format!(
                    "{} is not a grouping: account, category, kind or none",
                    crate::model::messages::excerpt(text)
                ),
            )
        }),
    }
}

/// `GET /budgets/1/folio/{id}/lines?asOf=&groupBy=` (extension): the folio's cost lines.
pub(super) fn folio_lines(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    folio_read(state, request, context, id, |queries, folio, as_of| {
        let grouping = group_by(request)?;
        Ok(success(queries.folio_lines(folio, as_of, grouping)?))
    })
}

/// `GET /budgets/1/portfolio/{id}/lines?asOf=&groupBy=` (extension): its folios' cost lines.
pub(super) fn portfolio_lines(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    with_id(id, |id| {
        let queries = queries(state, context);
        // The portfolio's 404 before any parameter is read.
        queries.may_read_portfolio(id)?;
        let as_of = as_of(request, context)?;
        let grouping = group_by(request)?;
        Ok(success(queries.portfolio_lines(id, as_of, grouping)?))
    })
}
