//! A folio's scenarios (extension, S15): listed, forked, renamed, deleted, compared, promoted;
//! and its budget changes (S15.7). The changes and reads of a scenario's items through the draft's
//! own routes are the router's (`mod.rs`, S15.3).

use super::forecast::forecast_ask;
use super::portfolios::portfolio_read;
use super::responses::{
    as_of, boolean, field_error, folio_not_viewable, path_id, read, success, Outcome,
};
use crate::api::budget::responses::{commands, queries};
use crate::api::http::{Context, Request, Response};
use crate::model::messages::excerpt;
use crate::state::State;

/// The folio's and the scenario's ids of `/budgets/1/folio/{id}/scenarios/{sid}...`: the folio's
/// 404 when the folio's is no id, the scenario's when its is none.
pub(super) fn ids(request: &Request) -> Result<(u64, Option<u64>), Response> {
    let mut segments = request
        .path
        .trim_start_matches("/budgets/1/folio/")
        .split('/');
    let folio = segments
        .next()
        .and_then(path_id)
        .ok_or_else(folio_not_viewable)?;
    let _scenarios = segments.next();
    let scenario = match segments.next() {
        None | Some("compare") => None,
        Some(text) => Some(path_id(text).ok_or_else(|| {
            Response::from(crate::usecase::Error::not_found(format!(
                "Scenario {} does not exist",
                excerpt(text)
            )))
        })?),
    };
    Ok((folio, scenario))
}

/// The scenario's id of a path that has one.
fn scenario_id(request: &Request) -> Result<(u64, u64), Response> {
    match ids(request)? {
        (folio, Some(scenario)) => Ok((folio, scenario)),
        (_, None) => Err(folio_not_viewable()),
    }
}

/// `GET /folio/{id}/scenarios`.
pub(super) fn scenarios(state: &State, request: &Request, context: &Context) -> Outcome {
    let (folio, _) = ids(request)?;
    Ok(success(queries(state, context).scenarios(folio)?))
}

/// `GET /folio/{id}/scenarios/{sid}`.
pub(super) fn scenario(state: &State, request: &Request, context: &Context) -> Outcome {
    let (folio, id) = scenario_id(request)?;
    Ok(success(queries(state, context).scenario(folio, id)?))
}

/// `POST /folio/{id}/scenarios`: the folio decides first, so a body is read only for a folio the
/// caller may edit.
pub(super) fn fork(state: &mut State, request: &Request, context: &Context) -> Outcome {
    let (folio, _) = ids(request)?;
    crate::api::access::who(context).folio_for_edit(state, folio)?;
    Ok(success(
        commands(state, context).fork_scenario(folio, read(request)?)?,
    ))
}

/// `PUT /folio/{id}/scenarios/{sid}`.
pub(super) fn rename(state: &mut State, request: &Request, context: &Context) -> Outcome {
    let (folio, id) = scenario_id(request)?;
    crate::api::access::who(context).folio_for_edit(state, folio)?;
    Ok(success(commands(state, context).rename_scenario(
        folio,
        id,
        read(request)?,
    )?))
}

/// `DELETE /folio/{id}/scenarios/{sid}`.
pub(super) fn delete(state: &mut State, request: &Request, context: &Context) -> Outcome {
    let (folio, id) = scenario_id(request)?;
    commands(state, context).delete_scenario(folio, id)?;
    Ok(success(true))
}

/// `POST /folio/{id}/scenarios/{sid}/promote` (S15.6): the folio decides first.
pub(super) fn promote(state: &mut State, request: &Request, context: &Context) -> Outcome {
    let (folio, id) = scenario_id(request)?;
    crate::api::access::who(context).folio_for_change(state, folio)?;
    Ok(success(commands(state, context).promote_scenario(
        folio,
        id,
        read(request)?,
    )?))
}

/// `GET /folio/{id}/scenarios/{sid}/history` (S15.1): a scenario's changes, newest first; one
/// of another folio answers as a missing one.
pub(super) fn scenario_history(state: &State, request: &Request, context: &Context) -> Outcome {
    let (folio, id) = scenario_id(request)?;
    let held = state.scenarios.get(&id).is_some_and(|s| s.folio == folio);
    if !held {
        return Err(
            crate::usecase::Error::not_found(format!("Scenario {id} does not exist")).into(),
        );
    }
    super::history::history(
        state,
        request,
        context,
        crate::state::RecordKind::Scenario,
        &id.to_string(),
    )
}

/// `GET /folio/{id}/scenarios/compare?ids=draft,3,5&asOf=&forecast=` (S15.5).
pub(super) fn compare(state: &State, request: &Request, context: &Context) -> Outcome {
    let (folio, _) = ids(request)?;
    let queries = queries(state, context);
    crate::api::access::who(context).folio_for_read(state, folio)?;
    let as_of = as_of(request, context)?;
    let asked: Vec<&str> = request
        .params("ids")
        .flat_map(|text| text.split(','))
        .map(str::trim)
        .collect();
    let mut plans = Vec::with_capacity(asked.len());
    for text in &asked {
        let plan = match *text {
            "draft" => None,
            id => Some(path_id(id).ok_or_else(|| {
                field_error(
                    "ids",
                    format!("{} is neither \"draft\" nor a scenario's id", excerpt(id)),
                )
            })?),
        };
        plans.push(plan);
    }
    let forecast = if request.param_value("forecast").is_some() && boolean(request, "forecast")? {
        Some(forecast_ask(request)?)
    } else {
        None
    };
    Ok(success(
        queries.compare_scenarios(folio, &plans, as_of, forecast)?,
    ))
}

/// `GET /folio/{id}/budget-changes` (S15.7).
pub(super) fn folio_budget_changes(state: &State, context: &Context, id: &str) -> Outcome {
    let folio = path_id(id).ok_or_else(folio_not_viewable)?;
    Ok(success(
        queries(state, context).folio_budget_changes(folio)?,
    ))
}

/// `GET /portfolio/{id}/budget-changes` (S15.7).
pub(super) fn portfolio_budget_changes(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    portfolio_read(state, request, context, id, |queries, portfolio, as_of| {
        Ok(success(queries.portfolio_budget_changes(portfolio, as_of)?))
    })
}
