//! Folios (read, update, delete, viewers) and what belongs to one folio: its limits, baselines
//! and expenditures (S8), custom fields, scope and closed months; routed by `operations`.

use super::responses::{
    apply_body, boolean, commands, field_error, folio_not_viewable, list_page, message_error,
    paged, path_id, queries, read, success, Outcome,
};

use crate::api::access::{who, Access, Caller};
use crate::api::http::{Context, Request, Response};
use crate::model::Id;
use crate::state::State;
use crate::usecase::Commands;

/// Whether `user` may see folio `id` (S11.4): its owner, the users it is shared with, the admins
/// of a portfolio holding it, budget administrators. The policy is `api::access`'s.
pub fn can_view(state: &State, id: u64, user: &str, budget_admin: bool) -> bool {
    let caller = Caller {
        user: user.to_owned(),
        budget_admin,
        write: false,
    };
    caller.folio(state, id) >= Access::Read
}

/// `answer` of the folio whose id is `text`; the folio's 404 for a path that is no id.
fn in_folio(text: &str, answer: impl FnOnce(u64) -> Outcome) -> Outcome {
    answer(path_id(text).ok_or_else(folio_not_viewable)?)
}

/// A change of the folio whose id in the path is `text`, with the body read as `T` once the caller
/// may change that folio: the folio decides first (S11.5), so a body is read only for a folio the
/// caller may change. What `change` answers, in the envelope.
pub(super) fn folio_change<T, A>(
    state: &mut State,
    request: &Request,
    context: &Context,
    text: &str,
    change: impl FnOnce(&mut Commands<'_>, u64, T) -> crate::usecase::Result<A>,
) -> Outcome
where
    T: serde::de::DeserializeOwned,
    A: serde::Serialize,
{
    in_folio(text, |id| {
        who(context).folio_for_edit(state, id)?;
        apply_body(state, request, context, id, change)
    })
}

/// The 404 of a `what` whose id in the path is `text`, which is no id.
fn not_there(what: &str, text: &str) -> Response {
    message_error(
        404,
        format!(
            "{what} {} does not exist",
            crate::model::messages::excerpt(text)
        ),
    )
}

/// `GET /folio/{id}` (a deleted one too, with its deletedOn: S5.1).
pub(super) fn folio(state: &State, context: &Context, id: &str) -> Outcome {
    in_folio(id, |id| Ok(success(queries(state, context).folio(id)?)))
}

/// `PUT /folio`; with `dryRun=true`, what the update would change, storing nothing (S8.7).
pub(super) fn update_folio(state: &mut State, request: &Request, context: &Context) -> Outcome {
    let dry_run = request.param_value("dryRun").is_some() && boolean(request, "dryRun")?;
    if dry_run {
        Ok(success(
            commands(state, context).preview_folio_update(read(request)?)?,
        ))
    } else {
        // S15.7: why the reserve or contingency of an approved budget changes.
        let reason = request.param_value("reason");
        Ok(success(
            commands(state, context).update_folio_for(read(request)?, reason)?,
        ))
    }
}

/// `DELETE /folio/{id}`.
pub(super) fn delete_folio(state: &mut State, context: &Context, id: &str) -> Outcome {
    in_folio(id, |id| {
        commands(state, context).delete_folio(id)?;
        Ok(success(true))
    })
}

/// `GET /folio/{id}/viewers` (extension).
pub(super) fn viewers(state: &State, context: &Context, id: &str) -> Outcome {
    in_folio(id, |id| Ok(success(queries(state, context).viewers(id)?)))
}

/// `GET /folio/{id}/editors` (extension, S15.8).
pub(super) fn editors(state: &State, context: &Context, id: &str) -> Outcome {
    in_folio(id, |id| Ok(success(queries(state, context).editors(id)?)))
}

/// `PUT /folio/{id}/editors` (extension, S15.8): the folio decides first.
pub(super) fn set_editors(
    state: &mut State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    in_folio(id, |id| {
        who(context).folio_for_change(state, id)?;
        commands(state, context).set_editors(id, read(request)?)?;
        Ok(success(true))
    })
}

/// `PUT /folio/{id}/viewers` (extension): the folio decides first (S11.4), so a body is read only
/// for one the caller may change.
pub(super) fn share_folio(
    state: &mut State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    in_folio(id, |id| {
        who(context).folio_for_change(state, id)?;
        commands(state, context).share_folio(id, read(request)?)?;
        Ok(success(true))
    })
}

/// `GET /folio/{id}/baselines?costs=&revenues=` (S8.3).
pub(super) fn baselines(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    in_folio(id, |id| {
        let (costs, revenues) = (boolean(request, "costs")?, boolean(request, "revenues")?);
        Ok(success(
            queries(state, context).baselines(id, costs, revenues)?,
        ))
    })
}

/// `DELETE /baseline/{id}` (extension).
pub(super) fn delete_baseline(state: &mut State, context: &Context, id: &str) -> Outcome {
    let id = path_id(id).ok_or_else(|| not_there("Baseline", id))?;
    commands(state, context).delete_baseline(id)?;
    Ok(success(true))
}

/// `GET /folio/{id}/expenditures?baselineId=&actual=&revenue=` (S8.4).
pub(super) fn folio_expenditures(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    in_folio(id, |id| {
        let (actual, revenue) = (boolean(request, "actual")?, boolean(request, "revenue")?);
        let baseline = match request.param_value("baselineId") {
            None | Some("") => None,
            Some(text) => Some(Id::new(path_id(text).ok_or_else(|| {
                field_error(
                    "baselineId",
                    format!("baselineId must be a baseline id, got {text:?}"),
                )
            })?)),
        };
        let queries = queries(state, context);
        Ok(success(
            queries.expenditures(id, baseline, actual, revenue)?,
        ))
    })
}

/// `GET /folio/{id}/customfields` (S7.4).
pub(super) fn custom_fields(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    in_folio(id, |id| {
        let queries = queries(state, context);
        // The folio's 404 before any parameter is read (S11.4).
        queries.live_folio(id)?;
        let page = list_page(request)?;
        Ok(paged(
            request,
            context,
            queries.custom_fields_page(id, page)?,
        ))
    })
}

/// `PUT /customfield` (extension, S7.4).
pub(super) fn update_custom_field(
    state: &mut State,
    request: &Request,
    context: &Context,
) -> Outcome {
    who(context).writes()?;
    Ok(success(
        commands(state, context).update_custom_field(read(request)?)?,
    ))
}

/// `DELETE /customfield/{id}` (extension, S7.4).
pub(super) fn delete_custom_field(state: &mut State, context: &Context, id: &str) -> Outcome {
    let id = path_id(id).ok_or_else(|| not_there("Custom field", id))?;
    commands(state, context).delete_custom_field(id)?;
    Ok(success(true))
}

/// `GET /folio/{id}/scope?asOf=` (extension, S9.3, S9.10): the scope in force on the day.
pub(super) fn scope_get(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let as_of = super::responses::as_of(request, context)?;
    in_folio(id, |id| {
        Ok(success(queries(state, context).scope(id, Some(as_of))?))
    })
}

/// `GET /folio/{id}/periods` (extension, S9.11): the closed months beside their figures now.
pub(super) fn closed_months(state: &State, context: &Context, id: &str) -> Outcome {
    in_folio(id, |id| {
        Ok(success(queries(state, context).closed_months(id)?))
    })
}
