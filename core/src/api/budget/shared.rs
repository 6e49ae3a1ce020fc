//! What every folio shares: exchange rates, overtime rules and the users to pick from; parsed
//! here, decided by the use cases, routed by `operations`.

use super::responses::{commands, field_error, message_error, parse_failure, path_id, queries};
use super::responses::{success, Outcome};
use crate::api::access::who;
use crate::api::http::{Context, Request, Response};
use crate::model::messages;
use crate::state::State;

/// `DELETE /exchangerate?from=&to=&effectiveDate=` (extension): removes one rate, unless it is the
/// last of its pair (and the opposite pair has none) while a live expense of a live folio needs
/// it: then a 409 naming each such folio and how many of its expenses need the pair (S5.6).
pub(super) fn remove_exchange_rate(
    state: &mut State,
    request: &Request,
    context: &Context,
) -> Outcome {
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
        .map_err(|error| parse_failure(format!("effectiveDate: {error}")))?;
    commands(state, context).remove_exchange_rate(from, to, date)?;
    Ok(success(true))
}

/// `DELETE /overtimerule/{id}` (extension): only budget administrators learn whether a rule
/// exists (S11.5).
pub(super) fn delete_overtime_rule(state: &mut State, context: &Context, id: &str) -> Outcome {
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

/// `GET /users?query=&limit=` (extension).
pub(super) fn users(state: &State, request: &Request, context: &Context) -> Outcome {
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
