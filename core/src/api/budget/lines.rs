//! Cost lines (S9.12): the routes parse `asOf` and `groupBy` and render; the rules are the use
//! case's (`crate::usecase::cost_lines`).

use super::portfolios::portfolio_read;
use super::reports::{folio_read, line_page};
use super::responses::{csv_file, field_error, success, wants_csv, Outcome};

use crate::analytics::lines_csv;
use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::{LineGrouping, LineOrder};
use crate::state::State;

/// The `groupBy` parameter: `absent` when it is not given; anything but a grouping is a 400 naming it.
pub(super) fn group_by(request: &Request, absent: LineGrouping) -> Result<LineGrouping, Response> {
    match request.param_value("groupBy") {
        None => Ok(absent),
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

/// The `order` parameter: `group` when absent, or `variance`; anything else is a 400 naming it.
fn order(request: &Request) -> Result<LineOrder, Response> {
    match request.param_value("order") {
        None => Ok(LineOrder::Group),
        Some(text) => LineOrder::parse(text).ok_or_else(|| {
            field_error(
                "order",
                format!(
                    "{} is not an order: group or variance",
                    crate::model::messages::excerpt(text)
                ),
            )
        }),
    }
}

/// `GET /budgets/1/folio/{id}/lines?asOf=&groupBy=&order=&limit=&after=&format=` (extension):
/// a page of the folio's cost lines (100 when `limit` is not said), with the groups and the total
/// over every line; with `format=csv`, every line as CSV, a file to save.
pub(super) fn folio_lines(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    folio_read(state, request, context, id, |queries, folio, as_of| {
        let grouping = group_by(request, LineGrouping::None)?;
        let order = order(request)?;
        let csv = wants_csv(request)?;
        if !csv {
            let page = line_page(request)?;
            let answer = queries.folio_lines(
                folio,
                as_of,
                grouping,
                order,
                Some((page.limit, page.after)),
            )?;
            return Ok(success(answer));
        }
        let answer = queries.folio_lines(folio, as_of, grouping, order, None)?;
        Ok(csv_file(
            &format!("folio-{folio}-cost-lines-{as_of}.csv"),
            lines_csv(&answer),
        ))
    })
}

/// `GET /budgets/1/portfolio/{id}/lines?asOf=&groupBy=` (extension): its folios' cost lines.
pub(super) fn portfolio_lines(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    portfolio_read(state, request, context, id, |queries, id, as_of| {
        let grouping = group_by(request, LineGrouping::None)?;
        Ok(success(queries.portfolio_lines(id, as_of, grouping)?))
    })
}
