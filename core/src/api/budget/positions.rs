//! Positions of the budgeting interface: positions with their allocations, rates, worked and
//! billable hours, their payments, billed hours, and the team of a folio (S6), parsed here and
//! decided by the use cases (`usecase::Commands::create_position` ...); routed by `operations`.

use super::responses::{
    apply_body, commands, folio_not_viewable, message_error, path_id, queries, read, success,
    Outcome,
};
use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::PositionKind;
use crate::model::messages;
use crate::schedule::Granularity;
use crate::state::State;
use crate::usecase::Commands;

/// A change of the position, or of its period or rate, whose id the path holds (`text`), with the
/// body read as `T` (the router asked first whether the credential may change data): what
/// `change` answers, in the envelope.
pub(super) fn with_body<T, A>(
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
    with_id(text, |id| apply_body(state, request, context, id, change))
}

/// The removal of the position, or of its period or rate, whose id the path holds (`text`):
/// `true` in the envelope once `remove` took it away.
pub(super) fn removal(
    state: &mut State,
    context: &Context,
    text: &str,
    remove: impl FnOnce(&mut Commands<'_>, u64) -> crate::usecase::Result<()>,
) -> Outcome {
    with_id(text, |id| {
        remove(&mut commands(state, context), id)?;
        Ok(success(true))
    })
}

/// `GET /position/{id}`.
pub(super) fn position(state: &State, context: &Context, id: &str) -> Outcome {
    with_id(id, |id| Ok(success(queries(state, context).position(id)?)))
}

/// `GET /position/{id}/payments?granularity=`.
pub(super) fn position_payments(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    with_id(id, |id| {
        let granularity = granularity(request)?;
        let queries = queries(state, context);
        Ok(success(queries.position_payments(id, granularity)?))
    })
}

/// `GET /folio/{id}/team`.
pub(super) fn team(state: &State, context: &Context, id: &str) -> Outcome {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    Ok(success(queries(state, context).team(id)?))
}

/// The `granularity` parameter: day, week or month; none for the default (month).
pub(super) fn granularity(request: &Request) -> Result<Option<Granularity>, Response> {
    match request.param_value("granularity") {
        None => Ok(None),
        Some(text) => Granularity::parse(text).map(Some).ok_or_else(|| {
            super::responses::field_error(
                "granularity",
                crate::schedule::GranularityError::Unknown(messages::excerpt(text).to_string())
                    .to_string(),
            )
        }),
    }
}

/// `answer` of the record whose id is `text`; the position's 404 for a path that is no id.
fn with_id(text: &str, answer: impl FnOnce(u64) -> Outcome) -> Outcome {
    answer(path_id(text).ok_or_else(position_not_found)?)
}

fn position_not_found() -> Response {
    message_error(404, messages::POSITION_NOT_FOUND)
}

/// The documented refusals of a position body, all at once, before it is read: a missing or blank
/// name (`errors.name`), a missing rate ("A staff member must have at least one cost rate"), a
/// missing allocation percentage ("The percentage or capacity is required").
fn missing_position_fields(body: &crate::json::Value) -> Option<Response> {
    let blank = |value: Option<&crate::json::Value>| match value {
        None | Some(crate::json::Value::Null) => true,
        Some(crate::json::Value::String(text)) => text.trim().is_empty(),
        Some(_) => false,
    };
    let mut errors = std::collections::BTreeMap::new();
    if blank(body.get("name")) {
        errors.insert("name".to_owned(), messages::NAME_REQUIRED.to_owned());
    }
    let mut general = Vec::new();
    let rate = body.get("rate").filter(|r| !r.is_null());
    if rate.is_none() {
        general.push(messages::LAST_COST_RATE.to_owned());
    } else if rate
        .and_then(|r| r.get("rate"))
        .is_none_or(crate::json::Value::is_null)
    {
        errors.insert("wage".to_owned(), "The wage (rate) is required".to_owned());
    }
    let percentage = body.get("allocation").and_then(|a| a.get("percentage"));
    if percentage.is_none_or(crate::json::Value::is_null) {
        general.push(messages::PERCENTAGE_REQUIRED.to_owned());
    }
    if errors.is_empty() && general.is_empty() {
        return None;
    }
    Some(super::responses::fail(
        400,
        crate::model::budgeting::BudgetErrorBody {
            error: None,
            error_messages: (!general.is_empty()).then_some(general),
            errors: (!errors.is_empty()).then_some(errors),
        },
    ))
}

/// `POST /position`: the documented required-field messages first, then the use case.
pub(super) fn create_position(state: &mut State, request: &Request, context: &Context) -> Outcome {
    crate::api::access::who(context).writes()?;
    let raw: crate::json::Value = read(request)?;
    if let Some(refusal) = missing_position_fields(&raw) {
        return Err(refusal);
    }
    Ok(success(
        commands(state, context).create_position(read(request)?)?,
    ))
}

/// `PUT /position`.
pub(super) fn update_position(state: &mut State, request: &Request, context: &Context) -> Outcome {
    Ok(success(
        commands(state, context).update_position(read(request)?)?,
    ))
}

/// `POST /position/{id}/workedhours` and `POST /position/{id}/billablehours`.
pub(super) fn add_hours(
    state: &mut State,
    request: &Request,
    context: &Context,
    id: &str,
    kind: PositionKind,
) -> Outcome {
    with_body(state, request, context, id, |commands, id, period| {
        commands.add_hours(id, kind, period)
    })
}
