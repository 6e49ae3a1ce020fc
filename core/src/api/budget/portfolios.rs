//! Portfolios (S11.4) and their rollups (S9.9): the routes parse and render; the rules are the
//! use cases' (`crate::usecase::portfolios`).

use super::responses::{
    as_of, commands, list_page, message_error, paged, path_id, queries, read, success, Outcome,
};

use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::Portfolio;
use crate::state::State;

/// `answer` of the portfolio whose id is `text`; the portfolio's 404 for a path that is no id.
pub(super) fn with_id(text: &str, answer: impl FnOnce(u64) -> Outcome) -> Outcome {
    answer(path_id(text).ok_or_else(|| missing(text))?)
}

/// A read of portfolio `text` at the request's `asOf`: the portfolio's 404 (missing, or not the
/// caller's to read) before any parameter is read, then `answer` with the caller's queries.
pub(super) fn portfolio_read(
    state: &State,
    request: &Request,
    context: &Context,
    text: &str,
    answer: impl FnOnce(&crate::usecase::Queries<'_>, u64, crate::value::Date) -> Outcome,
) -> Outcome {
    with_id(text, |id| {
        let queries = queries(state, context);
        queries.may_read_portfolio(id)?;
        let as_of = as_of(request, context)?;
        answer(&queries, id, as_of)
    })
}

fn missing(text: &str) -> Response {
    message_error(
        404,
        format!(
            "Portfolio {} does not exist",
            crate::model::messages::excerpt(text)
        ),
    )
}

/// `GET /portfolio`: the trees of portfolios the caller may read.
pub(super) fn portfolios(state: &State, request: &Request, context: &Context) -> Outcome {
    let page = list_page(request)?;
    Ok(paged(
        request,
        context,
        queries(state, context).portfolios_page(page)?,
    ))
}

/// `POST /portfolio` (`update` false) and `PUT /portfolio`.
pub(super) fn put_portfolio(
    state: &mut State,
    request: &Request,
    context: &Context,
    update: bool,
) -> Outcome {
    let portfolio: Portfolio = read(request)?;
    let mut commands = commands(state, context);
    Ok(if update {
        success(commands.update_portfolio(portfolio)?)
    } else {
        success(commands.create_portfolio(portfolio)?)
    })
}

/// `DELETE /portfolio/{id}`.
pub(super) fn delete_portfolio(state: &mut State, context: &Context, id: &str) -> Outcome {
    with_id(id, |id| {
        commands(state, context).delete_portfolio(id)?;
        Ok(success(true))
    })
}

/// `GET /portfolio/{id}/indicators?asOf=`: the rollup (S9.9).
pub(super) fn portfolio_indicators(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    with_id(id, |id| {
        let as_of = as_of(request, context)?;
        Ok(success(
            queries(state, context).portfolio_indicators(id, as_of)?,
        ))
    })
}

/// `GET /portfolio/{id}/periods` (extension, S9.11): the months its folios closed, rolled up.
pub(super) fn portfolio_closed_months(state: &State, context: &Context, id: &str) -> Outcome {
    with_id(id, |id| {
        Ok(success(
            queries(state, context).portfolio_closed_months(id)?,
        ))
    })
}
