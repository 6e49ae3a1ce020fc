//! What a folio's book answers: indicators, timeline, items and payments (S9; extensions). The
//! routes parse and render; the rules are the use cases' (`crate::usecase::reports`, `items`).

use super::positions::granularity;
use super::responses::{
    as_of, csv_file, folio_not_viewable, parse_failure, path_id, queries, success, wants_csv,
    Outcome,
};

use crate::analytics::{payments_csv, ItemPayments, PlannedSide};
use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::PaidItem;
use crate::model::Id;
use crate::state::State;
use crate::usecase::{FolioChoice, Queries, MAX_INDICATORS_LISTED};
use crate::value::Date;

/// `answer` of the live folio whose id is `text`, asked by the caller's queries at the request's
/// `asOf`: the folio's 404 first (a path that is no id, a folio the caller may not read), so that
/// a hidden folio answers it before any parameter is read; then `asOf` (S2.3).
pub(super) fn folio_read(
    state: &State,
    request: &Request,
    context: &Context,
    text: &str,
    answer: impl FnOnce(&Queries<'_>, u64, Date) -> Outcome,
) -> Outcome {
    let folio = path_id(text).ok_or_else(folio_not_viewable)?;
    let queries = queries(state, context);
    queries.live_folio(folio)?;
    answer(&queries, folio, as_of(request, context)?)
}

/// The `plan` parameter of a timeline or of indicators (extension): absent for
/// [`PlannedSide::Latest`], `draft`, or a live baseline id of the folio; anything else is a 400
/// naming `plan`.
fn plan_of(queries: &Queries<'_>, request: &Request, folio: u64) -> Result<PlannedSide, Response> {
    let Some(text) = request.param_value("plan") else {
        return Ok(PlannedSide::Latest);
    };
    if text == "draft" {
        return Ok(PlannedSide::Draft);
    }
    // The use case decides whether the id is a live baseline of the folio; any other text is
    // refused with the same words.
    let side = PlannedSide::Baseline(Id::new(path_id(text).unwrap_or(0)));
    Ok(queries.planned_side(folio, side, text)?)
}

/// `GET /budgets/1/folio/{id}/indicators?asOf=&plan=`: the indicators (S9), their planned side
/// from `plan` as the timeline's (extension; by default what S8.5 says).
pub(super) fn folio_indicators(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    folio_read(state, request, context, id, |queries, folio, as_of| {
        let side = plan_of(queries, request, folio)?;
        Ok(success(queries.folio_indicators(folio, as_of, side)?))
    })
}

/// `GET /budgets/1/folio/indicators?asOf=&id=&id=...` (extension): the indicators of the folios
/// named (at most 100), or with no `id`, of a page (`offset`, `limit`) of those the caller may view.
pub(super) fn many_indicators(state: &State, request: &Request, context: &Context) -> Outcome {
    let number = |name: &str, text: &str| -> Result<u64, Response> {
        text.parse::<u64>().map_err(|_| {
            parse_failure(format!(
                "{name}: {} is not a whole number",
                crate::model::messages::excerpt(text)
            ))
        })
    };
    let mut ids = Vec::new();
    for text in request.params("id") {
        // An id that names no folio answers as one the caller may not read.
        ids.push(path_id(text).ok_or_else(folio_not_viewable)?);
    }
    let choice = if ids.is_empty() {
        let read = |name: &str, default: u64| -> Result<usize, Response> {
            let value = match request.param_value(name) {
                None => default,
                Some(text) => number(name, text)?,
            };
            Ok(usize::try_from(value).unwrap_or(usize::MAX))
        };
        FolioChoice::Page {
            offset: read("offset", 0)?,
            limit: read("limit", MAX_INDICATORS_LISTED as u64)?,
        }
    } else {
        FolioChoice::Ids(ids)
    };
    let queries = queries(state, context);
    Ok(success(
        queries.many_indicators(choice, as_of(request, context)?)?,
    ))
}

/// `GET /budgets/1/folio/{id}/timeline?asOf=&granularity=&plan=` (S9.6).
pub(super) fn folio_timeline(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    folio_read(state, request, context, id, |queries, folio, as_of| {
        let side = plan_of(queries, request, folio)?;
        let granularity = granularity(request)?;
        Ok(success(queries.folio_timeline(
            folio,
            as_of,
            side,
            granularity,
        )?))
    })
}

/// `GET /budgets/1/folio/{id}/items?asOf=` (extension): every live item of the folio with its
/// money (S5.6: an item that cannot be costed with null figures and its refusal).
pub(super) fn folio_items(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    folio_read(state, request, context, id, |queries, folio, as_of| {
        Ok(success(queries.folio_items(folio, as_of)?))
    })
}

/// `GET /budgets/1/folio/{id}/payments?asOf=&format=` (extension): what the folio pays, as JSON
/// or, with `format=csv`, the CSV of `costfolio plan --csv`, as a file to save.
pub(super) fn folio_payments(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    folio_read(state, request, context, id, |queries, folio, as_of| {
        let csv = wants_csv(request)?;
        let payments = queries.folio_payments(folio, as_of)?;
        if !csv {
            return Ok(success(payments));
        }
        let plain = |items: Vec<PaidItem>| -> Vec<ItemPayments> {
            items
                .into_iter()
                .map(|item| ItemPayments {
                    id: item.id,
                    name: item.name,
                    lines: item.lines,
                })
                .collect()
        };
        let text = payments_csv(
            &plain(payments.positions),
            &plain(payments.expenses),
            &payments.timeline,
        );
        Ok(csv_file(&format!("folio-{folio}-payments.csv"), text))
    })
}

/// `?limit=&after=`: a page of 1 to 1000 lines (100 when not said), after the lines earlier pages
/// held.
pub(super) fn line_page(request: &Request) -> Result<crate::usecase::LinePage, Response> {
    use crate::usecase::{DEFAULT_EXPLAIN_PAGE, MAX_EXPLAIN_PAGE};
    let read = |name: &str, default: usize, range: std::ops::RangeInclusive<usize>| {
        let Some(text) = request.param_value(name) else {
            return Ok(default);
        };
        text.parse::<usize>()
            .ok()
            .filter(|value| range.contains(value))
            .ok_or_else(|| {
                super::responses::field_error(
                    name,
                    format!(
                        "{name} must be a whole number from {} to {}, got {}",
                        range.start(),
                        range.end(),
                        crate::model::messages::excerpt(text)
                    ),
                )
            })
    };
    Ok(crate::usecase::LinePage {
        limit: read("limit", DEFAULT_EXPLAIN_PAGE, 1..=MAX_EXPLAIN_PAGE)?,
        after: read("after", 0, 0..=usize::MAX)?,
    })
}

/// `GET /budgets/1/folio/{id}/explain?asOf=&figure=&plan=&limit=&after=`: a figure of
/// the folio explained.
pub(super) fn folio_explain(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    folio_read(state, request, context, id, |queries, folio, as_of| {
        let side = plan_of(queries, request, folio)?;
        let figure = request.param_value("figure").unwrap_or_default();
        // A timeline cell: `start` (and `granularity`, month by default).
        let bucket = match request.param_value("start") {
            None => None,
            Some(text) => Some(crate::usecase::Bucket {
                granularity: granularity(request)?.unwrap_or(crate::schedule::Granularity::Month),
                start: Date::parse(text)
                    .map_err(|error| parse_failure(format!("start: {error}")))?,
            }),
        };
        let page = line_page(request)?;
        Ok(success(
            queries.explain_folio(folio, figure, as_of, side, bucket, page)?,
        ))
    })
}

/// `GET /budgets/1/portfolio/{id}/explain?asOf=&figure=&limit=&after=` (S9.9): a
/// figure of a portfolio's rollup explained by its members.
pub(super) fn portfolio_explain(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    let queries = queries(state, context);
    let id = path_id(id).unwrap_or(0);
    // A hidden or missing portfolio's 404 before any parameter is read (S11.4).
    queries.may_read_portfolio(id)?;
    let figure = request.param_value("figure").unwrap_or_default();
    let page = line_page(request)?;
    Ok(success(queries.explain_portfolio(
        id,
        figure,
        as_of(request, context)?,
        page,
    )?))
}

/// `GET /budgets/1/position|expense/{id}/explain?asOf=&figure=total|toDate&limit=&after=` (issue
/// 35): an item's money explained by its payment lines.
pub(super) fn item_explain(
    state: &State,
    request: &Request,
    context: &Context,
    expense: bool,
    id: &str,
) -> Outcome {
    use crate::usecase::ItemFigure;
    let queries = queries(state, context);
    let id = Id::new(path_id(id).unwrap_or(0));
    let key = if expense {
        crate::analytics::ItemKey::Expense(id)
    } else {
        crate::analytics::ItemKey::Position(id)
    };
    // A hidden or missing item's 404 first, before any parameter is read (S11.4).
    if expense {
        queries.expense(id.get())?;
    } else {
        queries.position(id.get())?;
    }
    let figure = match request.param_value("figure") {
        None | Some("total") => ItemFigure::Total,
        Some("toDate") => ItemFigure::ToDate,
        Some(other) => {
            return Err(super::responses::field_error(
                "figure",
                format!(
                    "figure must be total or toDate, got {}",
                    crate::model::messages::excerpt(other)
                ),
            ))
        }
    };
    let page = line_page(request)?;
    Ok(success(queries.explain_item(
        key,
        figure,
        as_of(request, context)?,
        page,
    )?))
}
