//! Forecasts with their confidence (S14): the routes read `asOf`, `seed` and `iterations` and
//! render; the simulation is the engine's (`crate::usecase::forecast`).

use super::portfolios::portfolio_read;
use super::reports::folio_read;
use super::responses::{field_error, success, Outcome};

use crate::analytics::forecast::{DEFAULT_ITERATIONS, DEFAULT_SEED, MAX_ITERATIONS, MAX_SEED};
use crate::analytics::ForecastAsk;
use crate::api::http::{Context, Request, Response};
use crate::model::messages::excerpt;
use crate::state::State;

/// The whole number `name` from 0 to `max` (`absent` when not given), or a 400 naming it.
fn whole(request: &Request, name: &str, min: u64, max: u64, absent: u64) -> Result<u64, Response> {
    match request.param_value(name) {
        None => Ok(absent),
        Some(text) => text
            .parse::<u64>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                field_error(
                    name,
                    format!(
                        "{} is not a whole number from {min} to {max}",
                        excerpt(text)
                    ),
                )
            }),
    }
}

/// What `seed` and `iterations` ask (S14.3); the steadiness stop always applies.
pub(crate) fn forecast_ask(request: &Request) -> Result<ForecastAsk, Response> {
    let seed = whole(request, "seed", 0, MAX_SEED, DEFAULT_SEED)?;
    let iterations = whole(
        request,
        "iterations",
        1,
        u64::from(MAX_ITERATIONS),
        u64::from(DEFAULT_ITERATIONS),
    )?;
    Ok(ForecastAsk {
        seed,
        iterations: u32::try_from(iterations).unwrap_or(MAX_ITERATIONS),
        until_steady: true,
    })
}

/// `GET /budgets/1/folio/{id}/forecast?asOf=&seed=&iterations=` (extension, S14).
pub(super) fn folio_forecast(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    folio_read(state, request, context, id, |queries, folio, as_of| {
        let ask = forecast_ask(request)?;
        Ok(success(queries.folio_forecast(folio, as_of, ask)?))
    })
}

/// `GET /budgets/1/portfolio/{id}/forecast?asOf=&seed=&iterations=` (extension, S14.7).
pub(super) fn portfolio_forecast(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    portfolio_read(state, request, context, id, |queries, id, as_of| {
        let ask = forecast_ask(request)?;
        Ok(success(queries.portfolio_forecast(id, as_of, ask)?))
    })
}
