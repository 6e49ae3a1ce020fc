//! The planner's direct reads: a folio's indicators, timeline and expenditures, an item's payment
//! lines, a portfolio's rollup. Each asks the core's use cases (`costfolio::usecase::Queries`), as
//! the REST routes do, as the one local user of an offline planner (who may read everything and
//! change nothing through these calls): no rule is written here.

use chrono::NaiveDateTime;
use costfolio::analytics::PlannedSide;
use costfolio::model::{to_json, Id};
use costfolio::schedule::{Granularity, GranularityError};
use costfolio::state::State;
use costfolio::usecase::{Caller, Queries};
use costfolio::value::Date;

use crate::refusal::Refusal;

/// The day `text` names, the argument `asOf`.
pub(crate) fn as_of(text: &str) -> Result<Date, Refusal> {
    Date::parse(text).map_err(|_| Refusal::form("asOf", format!("{text:?} is not yyyy-MM-dd")))
}

/// The granularity `text` names: day, week or month (the period's bound is the use case's).
fn granularity(text: &str) -> Result<Granularity, Refusal> {
    Granularity::parse(text).ok_or_else(|| {
        Refusal::Granularity(GranularityError::Unknown(
            costfolio::model::messages::excerpt(text).to_string(),
        ))
    })
}

/// The queries of the planner's one local user on `state`, on the day `day` (its start: the
/// default as-of date and the day a folio's status is derived at).
fn queries(state: &State, day: Date) -> Queries<'_> {
    let caller = Caller {
        user: "planner".into(),
        budget_admin: true,
        write: false,
    };
    Queries::new(state, caller, midnight(day))
}

fn midnight(day: Date) -> NaiveDateTime {
    day.naive().and_time(chrono::NaiveTime::MIN)
}

/// A folio's indicators at `as_of` (S9), as JSON.
pub fn folio_indicators(state: &State, folio: u64, as_of_text: &str) -> Result<String, Refusal> {
    let as_of = as_of(as_of_text)?;
    let indicators = queries(state, as_of).folio_indicators(folio, as_of, PlannedSide::Latest)?;
    Ok(to_json(&indicators))
}

/// A folio's timeline at `as_of` by `granularity` (S9.6), as JSON.
pub fn folio_timeline(
    state: &State,
    folio: u64,
    as_of_text: &str,
    granularity_text: &str,
) -> Result<String, Refusal> {
    let as_of = as_of(as_of_text)?;
    let queries = queries(state, as_of);
    queries.live_folio(folio)?;
    let granularity = granularity(granularity_text)?;
    let timeline = queries.folio_timeline(folio, as_of, PlannedSide::Latest, Some(granularity))?;
    Ok(to_json(&timeline))
}

/// A folio's expenditures (S8.4) as JSON `{positions, expenses}`; `baseline` 0 means none.
pub fn folio_expenditures(
    state: &State,
    folio: u64,
    baseline: u64,
    actual: bool,
    revenue: bool,
    as_of_text: &str,
) -> Result<String, Refusal> {
    let as_of = as_of(as_of_text)?;
    let baseline = (baseline != 0).then(|| Id::new(baseline));
    let expenditures = queries(state, as_of).expenditures(folio, baseline, actual, revenue)?;
    Ok(to_json(&expenditures))
}

/// The payment lines of a position by `granularity` (S6), as JSON; none for a deleted position
/// or one of a deleted folio (S5.1).
pub fn position_payments(
    state: &State,
    position: u64,
    granularity_text: &str,
    as_of_text: &str,
) -> Result<String, Refusal> {
    let as_of = as_of(as_of_text)?;
    let granularity = granularity(granularity_text)?;
    let lines = queries(state, as_of).position_payments(position, Some(granularity))?;
    Ok(to_json(&lines))
}

/// The payment lines of an expense (S5), as JSON; none for a deleted expense or one of a deleted
/// folio (S5.1).
pub fn expense_payments(state: &State, expense: u64, as_of_text: &str) -> Result<String, Refusal> {
    let as_of = as_of(as_of_text)?;
    let lines = queries(state, as_of).expense_payments(expense)?;
    Ok(to_json(&lines))
}

/// A portfolio's rollup at `as_of` (S9.9), as JSON.
pub fn portfolio_indicators(
    state: &State,
    portfolio: u64,
    as_of_text: &str,
) -> Result<String, Refusal> {
    let as_of = as_of(as_of_text)?;
    let rollup = queries(state, as_of).portfolio_indicators(portfolio, as_of)?;
    Ok(to_json(&rollup))
}
