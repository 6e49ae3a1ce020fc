//! Folios (list, create, read, update, delete, viewers) and what belongs to one folio: its limits,
//! baselines and expenditures (S8), custom fields and scope.

use super::responses::{
    book_refusal, boolean, commands, field_error, field_errors, folio_not_viewable, message_error,
    path_id, queries, read, success, today, Outcome,
};

use crate::analytics::baseline::{list, BaselineSnapshot};
use crate::analytics::{folio_status, validate_folio, FolioBook};
use crate::api::access::{who, Access, Caller};
use crate::api::audit::record_deletion;
use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::{
    Baseline, CustomFieldCatalog, CustomFieldDefinition, ExpenditureType, Expense, Folio,
    FolioSummary, ScopeItems,
};
use crate::model::Id;
use crate::schedule::{ExchangeRates, ExpensePlan, FolioFrame, Granularity};
use crate::state::{AuditEventKind, Command, FolioRecord, State, Stored};
use crate::value::DateRange;

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

/// A live folio the caller may read; else the documented 404 (S11.4).
pub(super) fn visible_folio<'s>(
    state: &'s State,
    context: &Context,
    id: u64,
) -> Result<&'s FolioRecord, Response> {
    Ok(who(context).folio_for_read(state, id)?)
}

/// A live folio the caller may change; else the documented 404 or a 403 (S11.5).
pub(super) fn changeable_folio<'s>(
    state: &'s State,
    context: &Context,
    id: u64,
) -> Result<&'s FolioRecord, Response> {
    Ok(who(context).folio_for_change(state, id)?)
}

/// The most payments the live expenses of one folio may make inside it: every analytics read of
/// the folio computes them, so the sum bounds its work (docs/security.md).
const MAX_FOLIO_PAYMENTS: u64 = 200_000;

/// The most live positions one folio may hold, for the same reason.
pub(super) const MAX_FOLIO_POSITIONS: usize = 2_000;

/// The most live expenses one folio may hold.
const MAX_FOLIO_EXPENSES: usize = 5_000;

/// Refuses a folio whose live expenses (with `changed` in the place of the expense of its id, or
/// added) would make more than [`MAX_FOLIO_PAYMENTS`] payments inside `frame`, or be more than
/// [`MAX_FOLIO_EXPENSES`]; the refusal names `field`.
pub(super) fn check_folio_payments(
    state: &State,
    folio: u64,
    frame: &FolioFrame,
    changed: Option<&Expense>,
    field: &str,
) -> Result<(), Response> {
    let live = state.expenses.values().filter(|e| {
        e.folio_id.get() == folio
            && e.deleted_on.is_none()
            && (changed.is_none() || e.id != changed.and_then(|c| c.id))
    });
    let mut count = 0usize;
    let mut payments = 0u64;
    for expense in live.map(|e| e.record()).chain(changed) {
        count += 1;
        // An expense the folio cannot cost makes no payments; it is refused on its own.
        if let Ok(plan) = ExpensePlan::new(expense, frame) {
            payments = payments.saturating_add(plan.payment_count(frame));
        }
    }
    if count > MAX_FOLIO_EXPENSES {
        return Err(field_error(
            field,
            format!("a folio may hold at most {MAX_FOLIO_EXPENSES} expenses"),
        ));
    }
    if payments > MAX_FOLIO_PAYMENTS {
        return Err(field_error(
            field,
            format!(
                "the expenses of a folio may make at most {MAX_FOLIO_PAYMENTS} payments inside it; this would make {payments}"
            ),
        ));
    }
    Ok(())
}

/// The most position-months one folio may hold: its live positions times the months of its span.
/// Every analytics read costs each position month by month (week by week for a weekly timeline),
/// so this bounds a read's work as [`MAX_FOLIO_PAYMENTS`] does for expenses: 2,000 positions over
/// ten years, or 200 over a century (docs/security.md).
const MAX_FOLIO_POSITION_MONTHS: u64 = 240_000;

/// The months `folio` spans (a month begun counts).
fn folio_months(folio: &Folio) -> u64 {
    Granularity::Month.count_in(folio.start_date.naive(), folio.end_date.naive())
}

/// Refuses a folio whose `positions` live positions over its span would exceed
/// [`MAX_FOLIO_POSITION_MONTHS`]; the refusal names `field`.
pub(super) fn check_position_months(
    folio: &Folio,
    positions: usize,
    field: &str,
) -> Result<(), Response> {
    let months = folio_months(folio);
    let held = (positions as u64).saturating_mul(months);
    if held > MAX_FOLIO_POSITION_MONTHS {
        return Err(field_error(
            field,
            format!(
                "a folio's positions times its months may be at most {MAX_FOLIO_POSITION_MONTHS}; {positions} positions over {months} months would be {held}"
            ),
        ));
    }
    Ok(())
}

/// The most payment lines one answer of a folio's payments may hold (its positions' months and
/// its expenses' payments), counted before any is computed.
const MAX_PAYMENT_LINES: u64 = 250_000;

/// Refuses a payments answer of the folio `id` that would hold more than [`MAX_PAYMENT_LINES`]
/// lines: each live position's months and each live expense's payments inside the folio.
pub(super) fn check_payment_lines(state: &State, id: u64, folio: &Folio) -> Result<(), Response> {
    let frame = frame(folio)?;
    let positions = (live_positions(state, id) as u64).saturating_mul(folio_months(folio));
    let expenses = state
        .expenses
        .values()
        .filter(|e| e.folio_id.get() == id && e.deleted_on.is_none())
        .filter_map(|expense| ExpensePlan::new(expense, &frame).ok())
        .fold(0u64, |sum, plan| {
            sum.saturating_add(plan.payment_count(&frame))
        });
    let lines = positions.saturating_add(expenses);
    if lines > MAX_PAYMENT_LINES {
        return Err(message_error(
            400,
            format!(
                "a folio's payments answer holds at most {MAX_PAYMENT_LINES} lines; this folio's would hold {lines} (its positions' months and its expenses' payments)"
            ),
        ));
    }
    Ok(())
}

/// How many live positions `folio` holds.
pub(super) fn live_positions(state: &State, folio: u64) -> usize {
    state
        .positions
        .values()
        .filter(|row| row.header.folio_id.get() == folio && row.record.deleted_on.is_none())
        .count()
}

/// The `granularity` parameter (month when absent), refused when `period` would hold more than
/// [`crate::schedule::MAX_BUCKETS`] buckets of it.
pub(super) fn granularity(
    request: &Request,
    period: DateRange,
) -> Result<crate::schedule::Granularity, Response> {
    Granularity::bounded(request.param_value("granularity"), period)
        .map_err(|error| field_error("granularity", error.to_string()))
}

pub(super) fn frame(folio: &Folio) -> Result<FolioFrame, Response> {
    let period = DateRange::new(folio.start_date, folio.end_date)
        .map_err(|error| field_error("endDate", error.to_string()))?;
    Ok(FolioFrame {
        period,
        currency: folio.currency_code,
    })
}

pub(super) fn rates(state: &State) -> ExchangeRates {
    ExchangeRates::from_wire(state.exchange_rates.iter())
}

/// The folio as shown: status derived at the request's date (S7.1).
pub(super) fn shown(folio: &Folio, context: &Context) -> Folio {
    let mut folio = folio.clone();
    folio.status = Some(folio_status(
        folio.start_date,
        folio.end_date,
        folio.closed_date,
        today(context),
    ));
    folio
}

/// The summary of a folio as lists show it, with its status at the request's date (S7.1).
pub(super) fn summary(folio: &Stored<Folio>, context: &Context) -> FolioSummary {
    FolioSummary {
        id: folio.id(),
        name: folio.name.clone(),
        start_date: folio.start_date,
        end_date: folio.end_date,
        owner: folio.owner.clone(),
        status: folio_status(
            folio.start_date,
            folio.end_date,
            folio.closed_date,
            today(context),
        ),
        closed_date: folio.closed_date,
        with_revenue: Some(folio.with_revenue),
        with_earned: Some(folio.with_earned),
    }
}

/// The id of a live folio the caller may read; else the documented 404.
pub(super) fn folio_id(
    state: &State,
    context: &Context,
    id: &str,
) -> Result<u64, crate::api::http::Response> {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    visible_folio(state, context, id)?;
    Ok(id)
}

/// The id of a live folio the caller may change; else the documented 404 or a 403 (S11.5).
fn changeable_folio_id(
    state: &State,
    context: &Context,
    id: &str,
) -> Result<u64, crate::api::http::Response> {
    who(context).writes()?;
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    changeable_folio(state, context, id)?;
    Ok(id)
}

/// Refuses a change of a record of folio `folio` unless the caller may change the folio: the
/// record's own 404 (`missing`) when they may not read it, a 403 when they may only read it.
fn may_change_in(
    state: &State,
    context: &Context,
    folio: u64,
    missing: impl Fn() -> crate::api::http::Response,
) -> Result<(), crate::api::http::Response> {
    who(context).writes()?;
    match changeable_folio(state, context, folio) {
        Ok(_) => Ok(()),
        Err(refusal) if refusal.status == 404 => Err(missing()),
        Err(refusal) => Err(refusal),
    }
}

/// `answer` of the folio whose id is `text`; the folio's 404 for a path that is no id.
fn in_folio(text: &str, answer: impl FnOnce(u64) -> Outcome) -> Outcome {
    answer(path_id(text).ok_or_else(folio_not_viewable)?)
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

/// `GET /folio/{id}/baselines?costs=&revenues=` (S8.3).
pub(super) fn baselines(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    in_folio(id, |id| {
        let (costs, revenues) = (boolean(request, "costs")?, boolean(request, "revenues")?);
        Ok(success(
            queries(state, context).baselines(id, costs, revenues)?,
        ))
    })
}

/// `POST /folio/{id}/baseline` (extension, S8.1).
pub(super) fn approve_baseline(
    state: &mut State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    in_folio(id, |id| {
        // The folio decides first (S11.5): a body is read only for one the caller may change.
        who(context).writes()?;
        who(context).folio_for_change(state, id)?;
        let approval = read(request)?;
        Ok(success(
            commands(state, context).approve_baseline(id, approval)?,
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
pub(super) fn custom_fields(state: &State, context: &Context, id: &str) -> Outcome {
    in_folio(id, |id| {
        Ok(success(queries(state, context).custom_fields(id)?))
    })
}

/// `POST /folio/{id}/customfield` (extension, S7.4).
pub(super) fn add_custom_field(
    state: &mut State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    in_folio(id, |id| {
        who(context).writes()?;
        who(context).folio_for_change(state, id)?;
        let definition = read(request)?;
        Ok(success(
            commands(state, context).add_custom_field(id, definition)?,
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

/// `PUT /folio/{id}/scope` (extension, S9.3).
pub(super) fn scope(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    in_folio(id, |id| {
        who(context).writes()?;
        who(context).folio_for_change(state, id)?;
        let scope = read(request)?;
        commands(state, context).put_scope(id, scope)?;
        Ok(success(true))
    })
}

/// The book of `folio` (which exists: the caller's access was decided on it).
pub(super) fn book_of(
    state: &State,
    folio: u64,
) -> Result<FolioBook<'_>, crate::api::http::Response> {
    state.folio_book(folio).ok_or_else(folio_not_viewable)
}
