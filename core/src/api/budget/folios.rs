//! Folios (list, create, read, update, delete, viewers) and what belongs to one folio: its limits,
//! baselines and expenditures (S8), custom fields and scope.

use super::responses::{
    book_refusal, boolean, field_error, field_errors, folio_not_viewable, message_error, path_id,
    read, success, today, Outcome,
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
    who(context).folio_for_read(state, id)
}

/// A live folio the caller may change; else the documented 404 or a 403 (S11.5).
pub(super) fn changeable_folio<'s>(
    state: &'s State,
    context: &Context,
    id: u64,
) -> Result<&'s FolioRecord, Response> {
    who(context).folio_for_change(state, id)
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

pub(super) fn folio_list(state: &State, context: &Context) -> Outcome {
    let caller = who(context);
    let folios: Vec<FolioSummary> = state
        .folios
        .iter()
        .filter(|(id, r)| r.folio.deleted_on.is_none() && caller.folio(state, **id) >= Access::Read)
        .map(|(_, r)| summary(&r.folio, context))
        .collect();
    Ok(success(folios))
}

pub(super) fn folio_by_id(state: &State, context: &Context, id: &str) -> Outcome {
    // S5.1: a deleted folio can still be read by id, with its deletedOn.
    let record = path_id(id)
        .and_then(|id| who(context).folio_by_id(state, id))
        .ok_or_else(folio_not_viewable)?;
    Ok(success(shown(&record.folio, context)))
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

pub(super) fn check_folio(folio: &Folio) -> Result<(), Response> {
    validate_folio(folio).map_err(|errors| {
        field_errors(errors.iter().map(|e| (e.field().to_owned(), e.to_string())))
    })
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

fn folio_baselines(state: &State, folio: u64) -> Vec<BaselineSnapshot> {
    state
        .baselines
        .values()
        .filter(|b| b.baseline.folio_id.get() == folio)
        .cloned()
        .collect()
}

pub(super) fn baselines(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let (costs, revenues) = (boolean(request, "costs")?, boolean(request, "revenues")?);
    let all = folio_baselines(state, folio);
    let listed: Vec<Baseline> = list(&all, costs, revenues).into_iter().cloned().collect();
    Ok(success(listed))
}

pub(super) fn approve_baseline(
    state: &mut State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Approval {
        name: String,
        description: Option<String>,
        approved_by: String,
        expenditure_type: ExpenditureType,
    }
    let folio = changeable_folio_id(state, context, id)?;
    let body: Approval = read(request)?;
    let held = state
        .baselines
        .values()
        .filter(|b| b.baseline.folio_id.get() == folio)
        .count();
    if held >= MAX_FOLIO_BASELINES {
        return Err(message_error(
            400,
            format!(
                "a folio may hold at most {MAX_FOLIO_BASELINES} baselines, deleted ones included"
            ),
        ));
    }
    if body.name.trim().is_empty() {
        return Err(field_error("name", crate::model::messages::NAME_REQUIRED));
    }
    let baseline = Baseline {
        id: Id::new(state.counters.next(crate::state::IdKind::Baseline)),
        folio_id: Id::new(folio),
        name: body.name,
        approved_by: body.approved_by,
        created: today(context),
        expenditure_type: body.expenditure_type,
        description: body.description,
        deleted_on: None,
    };
    let id = baseline.id;
    // S8.6: the positions' headers are frozen with their records.
    let headers: Vec<crate::model::budgeting::Position> = state
        .positions
        .values()
        .filter(|row| row.header.folio_id.get() == folio && row.record.deleted_on.is_none())
        .map(|row| row.header.clone())
        .collect();
    let snapshot = book_of(state, folio)?
        .approve(baseline, &headers)
        .map_err(|error| message_error(400, error.to_string()))?;
    state.apply(Command::PutBaseline(Box::new(snapshot)));
    Ok(success(id))
}

pub(super) fn delete_baseline(state: &mut State, context: &Context, id: &str) -> Outcome {
    who(context).writes()?;
    let missing = || {
        message_error(
            404,
            format!(
                "Baseline {} does not exist",
                crate::model::messages::excerpt(id)
            ),
        )
    };
    let mut snapshot = path_id(id)
        .and_then(|id| state.baselines.get(&id))
        .filter(|b| b.baseline.deleted_on.is_none())
        .cloned()
        .ok_or_else(missing)?;
    may_change_in(state, context, snapshot.baseline.folio_id.get(), missing)?;
    snapshot.baseline.deleted_on = Some(today(context));
    state.apply(Command::PutBaseline(Box::new(snapshot)));
    Ok(success(true))
}

pub(super) fn folio_expenditures(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    let folio = folio_id(state, context, id)?;
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
    let expenditures = state
        .expenditures(folio, baseline, actual, revenue)
        .ok_or_else(folio_not_viewable)?
        .map_err(book_refusal)?;
    Ok(success(expenditures))
}

pub(super) fn custom_fields(state: &State, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let mut catalog = CustomFieldCatalog::default();
    for (owner, definition) in state.custom_fields.values() {
        if *owner == folio && definition.deleted_on.is_none() {
            catalog
                .custom_fields
                .entry(definition.field_type)
                .or_default()
                .push(definition.record().clone());
        }
    }
    Ok(success(catalog))
}

pub(super) fn add_custom_field(
    state: &mut State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    let folio = changeable_folio_id(state, context, id)?;
    let mut definition: CustomFieldDefinition = read(request)?;
    crate::state::check_definition(&definition, None)
        .map_err(super::responses::custom_field_refusal)?;
    if state.live_custom_fields(folio) >= crate::state::MAX_DEFINITIONS {
        return Err(message_error(
            400,
            format!(
                "a folio holds at most {} custom fields",
                crate::state::MAX_DEFINITIONS
            ),
        ));
    }
    let id = Id::new(state.counters.next(crate::state::IdKind::CustomField));
    definition.deleted_on = None;
    let definition = Stored::new(id, definition);
    state.apply(Command::PutCustomField { folio, definition });
    Ok(success(id))
}

/// `PUT /customfield` (extension, S7.4): renames a live definition, changes its options or
/// whether it is required; its style, type and folio stay. Values already given stay as they are;
/// the new terms apply to values written from now on.
pub(super) fn update_custom_field(
    state: &mut State,
    request: &Request,
    context: &Context,
) -> Outcome {
    who(context).writes()?;
    let mut definition: CustomFieldDefinition = read(request)?;
    let id = definition
        .id
        .ok_or_else(|| field_error("id", "id is required to update a custom field"))?;
    let missing = || {
        message_error(
            404,
            format!(
                "Custom field {} does not exist",
                crate::model::messages::excerpt(&id.to_string())
            ),
        )
    };
    let (folio, stored) = state
        .custom_fields
        .get(&id.get())
        .filter(|(_, d)| d.deleted_on.is_none())
        .cloned()
        .ok_or_else(missing)?;
    may_change_in(state, context, folio, missing)?;
    crate::state::check_definition(&definition, Some(stored.record()))
        .map_err(super::responses::custom_field_refusal)?;
    definition.deleted_on = None;
    let definition = Stored::new(id, definition);
    state.apply(Command::PutCustomField {
        folio,
        definition: definition.clone(),
    });
    Ok(success(definition.into_record()))
}

pub(super) fn delete_custom_field(state: &mut State, context: &Context, id: &str) -> Outcome {
    let missing = || {
        message_error(
            404,
            format!(
                "Custom field {} does not exist",
                crate::model::messages::excerpt(id)
            ),
        )
    };
    let (folio, stored) = path_id(id)
        .and_then(|id| state.custom_fields.get(&id))
        .filter(|(_, d)| d.deleted_on.is_none())
        .cloned()
        .ok_or_else(missing)?;
    may_change_in(state, context, folio, missing)?;
    let id = stored.id();
    let mut definition = stored.into_record();
    definition.deleted_on = Some(today(context));
    let definition = Stored::new(id, definition);
    state.apply(Command::PutCustomField { folio, definition });
    Ok(success(true))
}

pub(super) fn scope(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = changeable_folio_id(state, context, id)?;
    let body: ScopeItems = read(request)?;
    let mut record = state.folios[&folio].clone();
    record.scope = body.items;
    state.apply(Command::PutFolio(Box::new(record)));
    Ok(success(true))
}

/// The most baselines one folio holds, deleted ones included: each freezes a copy of the folio.
const MAX_FOLIO_BASELINES: usize = 100;

/// Records the allocations of every live position of `folio` as deleted (S12.1).
pub(super) fn record_folio_deletion(state: &mut State, folio: u64, context: &Context) {
    let allocations: Vec<u64> = state
        .positions
        .values()
        .filter(|row| row.header.folio_id.get() == folio && row.record.deleted_on.is_none())
        .flat_map(|row| {
            row.record
                .allocations
                .iter()
                .filter(|a| a.deleted_on.is_none())
                .filter_map(|a| a.id.map(Id::get))
        })
        .collect();
    for id in allocations {
        record_deletion(state, AuditEventKind::Allocation { id }, context);
    }
}

/// The book of `folio` (which exists: the caller's access was decided on it).
pub(super) fn book_of(
    state: &State,
    folio: u64,
) -> Result<FolioBook<'_>, crate::api::http::Response> {
    state.folio_book(folio).ok_or_else(folio_not_viewable)
}

/// Who a folio is shared with (S11.4).
#[derive(serde::Serialize)]
struct Viewers<'v> {
    users: &'v [String],
}

/// `GET /folio/{id}/viewers` (extension): the users the folio is shared with, to a caller who may
/// read it (S11.4); otherwise the folio's 404.
pub(super) fn viewers(state: &State, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let record = visible_folio(state, context, folio)?;
    Ok(success(Viewers {
        users: &record.viewers,
    }))
}

/// A user as the pickers list them.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct UserChoice<'u> {
    key: &'u str,
    display_name: &'u str,
}

/// The most users one answer of `GET /users` lists.
const MAX_USERS_LISTED: usize = 100;

/// `GET /users?query=&limit=` (extension): the users the service knows whose key or display name
/// holds `query` (ignoring case; every user without one), in key order, at most `limit` (default
/// 20, at most 100): what the planner's owner, viewer and member pickers offer. Every
/// authenticated user may ask: a folio's viewers and owners are named by these keys.
pub(super) fn users(state: &State, request: &Request) -> Outcome {
    let limit = match request.param_value("limit") {
        None => 20,
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|limit| (1..=MAX_USERS_LISTED).contains(limit))
            .ok_or_else(|| {
                field_error(
                    "limit",
                    format!(
                        "limit must be a whole number from 1 to {MAX_USERS_LISTED}, got {}",
                        crate::model::messages::excerpt(text)
                    ),
                )
            })?,
    };
    let query = request
        .param_value("query")
        .unwrap_or("")
        .trim()
        .to_lowercase();
    if query.chars().count() > 255 {
        return Err(field_error("query", "query has at most 255 characters"));
    }
    let listed: Vec<UserChoice<'_>> = state
        .users
        .values()
        .filter(|user| {
            query.is_empty()
                || user.key.to_lowercase().contains(&query)
                || user.display_name.to_lowercase().contains(&query)
        })
        .take(limit)
        .map(|user| UserChoice {
            key: &user.key,
            display_name: &user.display_name,
        })
        .collect();
    Ok(success(listed))
}
