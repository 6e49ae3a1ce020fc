//! The budgeting interface (`/budgets/1`, budgeting-api.md, extensions.md): every success wrapped as
//! `{"success": ...}`, errors in the budgeting body (`error`, `errorMessages`, `errors`), the caller
//! from basic credentials the host verified (S11.4).
//!
//! Here: the router, which also answers the changes of folios (create, update, delete, viewers),
//! the deletion of expenses, exchange rates and overtime rules. Below it, bottom
//! first: `responses` (the envelopes, the one JSON-body check, the parameters every route reads),
//! `folios` (folios, their viewers, limits, baselines, expenditures, custom fields, scope and
//! book), `expenses`, `positions` (allocations, rates, hours, payments, billed hours, the team),
//! `portfolios` (and their rollups), `reports` (indicators, timeline, items, payments) and `plans`
//! (a folio's plan document, and its import through this router, which it is handed). Each
//! imports only those before it (`tests/layers.rs`).

mod expenses;
mod folios;
mod history;
mod plans;
mod portfolios;
mod positions;
mod reports;
mod responses;

pub use folios::can_view;

use expenses::{expense_payments, put_expense};
use folios::{
    add_custom_field, approve_baseline, baselines, custom_fields, delete_baseline,
    delete_custom_field, folio_expenditures, scope, update_custom_field,
};
use portfolios::{delete_portfolio, portfolio_indicators, portfolios, put_portfolio};
use reports::{folio_indicators, folio_items, folio_payments, folio_timeline};
use responses::{
    commands, field_error, folio_not_viewable, list_page, message_error, paged, path_id, queries,
    read, success, Outcome,
};

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
    read_route(state, request, context, segments).map_or_else(
        || no_route(request),
        |outcome| outcome.unwrap_or_else(|r| r),
    )
}

fn read_route(
    state: &State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    let outcome = match segments {
        ["folio"] => list_page(request)
            .map(|page| paged(request, context, queries(state, context).folios_page(page))),
        ["folio", "indicators"] => reports::many_indicators(state, request, context),
        ["folio", id] => folio_get(state, context, id),
        ["expense", id] => expenses::expense(state, context, id),
        ["expense", id, "payments"] => expense_payments(state, context, id),
        ["exchangerate"] => Ok(success(queries(state, context).exchange_rates())),
        ["overtimerule"] => Ok(success(queries(state, context).overtime_rules())),
        _ => {
            return positions::read_route(state, request, context, segments)
                .or_else(|| folio_level_read_route(state, request, context, segments))
        }
    };
    Some(outcome)
}

fn route(state: &mut State, request: &Request, context: &Context, segments: &[&str]) -> Outcome {
    let method = request.method.as_str();
    if method != "GET" {
        // S11.5: a read-only credential changes nothing, whatever it names.
        who(context).writes()?;
    }
    match (method, segments) {
        ("POST", ["folio", "import"]) => plans::import(state, request, context),
        ("POST", ["folio"]) => Ok(success(
            commands(state, context).create_folio(read(request)?)?,
        )),
        // S8.7: `dryRun=true` answers what the update would change, storing nothing.
        ("PUT", ["folio"]) if request.param_value("dryRun").is_some() => {
            if responses::boolean(request, "dryRun")? {
                Ok(success(
                    commands(state, context).preview_folio_update(read(request)?)?,
                ))
            } else {
                Ok(success(
                    commands(state, context).update_folio(read(request)?)?,
                ))
            }
        }
        ("PUT", ["folio"]) => Ok(success(
            commands(state, context).update_folio(read(request)?)?,
        )),
        ("DELETE", ["folio", id]) => {
            let id = path_id(id).ok_or_else(folio_not_viewable)?;
            commands(state, context).delete_folio(id)?;
            Ok(success(true))
        }
        ("PUT", ["folio", id, "viewers"]) => {
            let id = path_id(id).ok_or_else(folio_not_viewable)?;
            // The folio decides first (S11.4): a body is read only for one the caller may change.
            who(context).folio_for_change(state, id)?;
            commands(state, context).share_folio(id, read(request)?)?;
            Ok(success(true))
        }
        ("POST", ["expense"]) => put_expense(state, request, context, false),
        ("PUT", ["expense"]) => put_expense(state, request, context, true),
        ("DELETE", ["expense", id]) => expenses::delete_expense(state, context, id),
        ("PUT", ["exchangerate"]) => {
            commands(state, context).put_exchange_rate(read(request)?)?;
            Ok(success(true))
        }
        ("DELETE", ["exchangerate"]) => remove_exchange_rate(state, request, context),
        ("POST", ["overtimerule"]) => Ok(success(
            commands(state, context).create_overtime_rule(read(request)?)?,
        )),
        ("PUT", ["overtimerule"]) => Ok(success(
            commands(state, context).update_overtime_rule(read(request)?)?,
        )),
        ("DELETE", ["overtimerule", id]) => {
            // Only budget administrators learn whether a rule exists (S11.5).
            who(context).shared_data_for_change("overtime rules")?;
            let id = path_id(id).ok_or_else(|| {
                message_error(
                    404,
                    format!("Overtime rule {} does not exist", messages::excerpt(id)),
                )
            })?;
            commands(state, context).delete_overtime_rule(id)?;
            Ok(success(true))
        }
        _ => match positions::route(state, request, context, segments)
            .or_else(|| folio_level_route(state, request, context, segments))
        {
            Some(outcome) => outcome,
            None => Err(no_route(request)),
        },
    }
}

/// `DELETE /exchangerate?from=&to=&effectiveDate=` (extension): removes one rate, unless it is the
/// last of its pair (and the opposite pair has none) while a live expense of a live folio needs
/// it: then a 409 naming each such folio and how many of its expenses need the pair (S5.6).
fn remove_exchange_rate(state: &mut State, request: &Request, context: &Context) -> Outcome {
    who(context).shared_data_for_change("exchange rates")?;
    let currency = |name: &str| -> Result<crate::value::CurrencyCode, Response> {
        let text = request
            .param_value(name)
            .ok_or_else(|| field_error(name, format!("{name} is required (a currency code)")))?;
        text.parse().map_err(|error: crate::value::ValueError| {
            field_error(name, format!("{name}: {error}"))
        })
    };
    let (from, to) = (currency("from")?, currency("to")?);
    let date = request
        .param_value("effectiveDate")
        .ok_or_else(|| field_error("effectiveDate", "effectiveDate is required (yyyy-MM-dd)"))?;
    let date = crate::value::Date::parse(date)
        .map_err(|error| responses::parse_failure(format!("effectiveDate: {error}")))?;
    commands(state, context).remove_exchange_rate(from, to, date)?;
    Ok(success(true))
}

/// `GET /folio/{id}`.
fn folio_get(state: &State, context: &Context, id: &str) -> Outcome {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    Ok(success(queries(state, context).folio(id)?))
}

/// `GET /folio/{id}/viewers` (extension).
fn viewers(state: &State, context: &Context, id: &str) -> Outcome {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    Ok(success(queries(state, context).viewers(id)?))
}

/// `GET /users?query=&limit=` (extension).
fn users(state: &State, request: &Request, context: &Context) -> Outcome {
    let limit = match request.param_value("limit") {
        None => None,
        Some(text) => Some(text.parse::<usize>().map_err(|_| {
            field_error(
                "limit",
                format!(
                    "limit must be a whole number from 1 to {}, got {}",
                    crate::usecase::MAX_USERS_LISTED,
                    messages::excerpt(text)
                ),
            )
        })?),
    };
    Ok(success(
        queries(state, context).users(request.param_value("query"), limit)?,
    ))
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

/// Routes the folio-level operations, or `None` when the path is not one of them.
pub(super) fn folio_level_route(
    state: &mut State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    let method = request.method.as_str();
    let outcome = match (method, segments) {
        ("POST", ["folio", id, "baseline"]) => approve_baseline(state, request, context, id),
        ("DELETE", ["baseline", id]) => delete_baseline(state, context, id),
        ("POST", ["folio", id, "customfield"]) => add_custom_field(state, request, context, id),
        ("PUT", ["customfield"]) => update_custom_field(state, request, context),
        ("DELETE", ["customfield", id]) => delete_custom_field(state, context, id),
        ("PUT", ["folio", id, "scope"]) => scope(state, request, context, id),
        ("POST", ["folio", id, "periods"]) => folios::close_month(state, request, context, id),
        ("POST", ["portfolio"]) => put_portfolio(state, request, context, false),
        ("PUT", ["portfolio"]) => put_portfolio(state, request, context, true),
        ("DELETE", ["portfolio", id]) => delete_portfolio(state, context, id),
        _ => return None,
    };
    Some(outcome)
}

/// Routes the folio-level reads on a shared state, or `None` when the path is not one of them.
pub(super) fn folio_level_read_route(
    state: &State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    use crate::state::RecordKind::{Expense, Folio, Portfolio, Position, Scope};
    let outcome = match segments {
        ["folio", id, "baselines"] => baselines(state, request, context, id),
        ["folio", id, "expenditures"] => folio_expenditures(state, request, context, id),
        ["folio", id, "customfields"] => custom_fields(state, request, context, id),
        ["folio", id, "viewers"] => viewers(state, context, id),
        ["folio", id, "scope"] => folios::scope_get(state, request, context, id),
        ["folio", id, "periods"] => folios::closed_months(state, context, id),
        ["portfolio", id, "periods"] => portfolios::portfolio_closed_months(state, context, id),
        ["users"] => users(state, request, context),
        ["folio", id, "indicators"] => folio_indicators(state, request, context, id),
        ["folio", id, "timeline"] => folio_timeline(state, request, context, id),
        ["folio", id, "payments"] => folio_payments(state, request, context, id),
        ["folio", id, "items"] => folio_items(state, request, context, id),
        ["folio", id, "plan"] => plans::folio_plan(state, context, id),
        ["portfolio"] => portfolios(state, request, context),
        ["portfolio", id, "indicators"] => portfolio_indicators(state, request, context, id),
        ["folio", id, "history"] => history::history(state, request, context, Folio, id),
        ["folio", id, "scope", "history"] => history::history(state, request, context, Scope, id),
        ["expense", id, "history"] => history::history(state, request, context, Expense, id),
        ["position", id, "history"] => history::history(state, request, context, Position, id),
        ["portfolio", id, "history"] => history::history(state, request, context, Portfolio, id),
        ["folio", id, "activity"] => history::activity(state, request, context, id),
        ["folio", id, "explain"] => reports::folio_explain(state, request, context, id),
        ["portfolio", id, "explain"] => reports::portfolio_explain(state, request, context, id),
        ["expense", id, "explain"] => reports::item_explain(state, request, context, true, id),
        ["position", id, "explain"] => reports::item_explain(state, request, context, false, id),
        _ => return None,
    };
    Some(outcome)
}
