//! The budgeting interface (`/budgets/1`, budgeting-api.md, extensions.md): every success wrapped as
//! `{"success": ...}`, errors in the budgeting body (`error`, `errorMessages`, `errors`), the caller
//! from basic credentials the host verified (S11.4).
//!
//! Here: the router, folios (list, create, get, update, delete, viewers), expenses (create,
//! update, get, delete, payments), exchange rates, overtime rules and the limits on a folio's
//! work. `budget_positions` serves positions with their allocations, rates, hours, payments,
//! billed hours and the team; `budget_folio` baselines, expenditures, custom fields, scope,
//! portfolios and the analytics (indicators, timeline, items, payments, rollups).

use crate::json::write::Write;

use super::access::{who, Access, Caller};
use super::http::{Context, Request, Response};
use crate::analytics::{folio_status, validate_folio};
use crate::model::budgeting::{
    BudgetErrorBody, ExchangeRate, Expense, Folio, FolioSummary, OvertimeRule, Success,
};
use crate::model::{from_json, messages, to_json, Id, WireError};
use crate::schedule::{
    required_expense_fields, ExchangeRates, ExpensePlan, FolioFrame, Granularity,
};
use crate::state::{Command, FolioRecord, State};
use crate::value::{Date, DateRange};

pub(super) type Outcome = Result<Response, Response>;

pub(super) fn success<T: Write>(value: T) -> Response {
    Response::json(200, to_json(&Success::new(value)))
}

pub(super) fn fail(status: u16, body: BudgetErrorBody) -> Response {
    Response::json(status, to_json(&body))
}

/// A 400 whose `error` holds a parse failure (S2.1).
pub(super) fn parse_failure(message: impl Into<String>) -> Response {
    fail(400, BudgetErrorBody::parse_failure(message))
}

pub(super) fn field_error(field: &str, message: impl Into<String>) -> Response {
    fail(400, BudgetErrorBody::field(field, message))
}

pub(super) fn message_error(status: u16, message: impl Into<String>) -> Response {
    fail(status, BudgetErrorBody::message(message))
}

/// The folio 404 (S11.4): the same whether the folio is missing or hidden.
pub(super) fn folio_not_viewable() -> Response {
    message_error(404, messages::FOLIO_NOT_VIEWABLE)
}

/// Reads a JSON object body; a date that does not parse goes to `error` (S2.1), any other refusal
/// to `errors` under the field's name.
pub(super) fn read<T: crate::json::read::Read>(request: &Request) -> Result<T, Response> {
    json_object(request)?;
    from_json(&request.body).map_err(|error| wire_error(&error))
}

/// Checks that the body is declared JSON and is an object (not generic: built once).
fn json_object(request: &Request) -> Result<(), Response> {
    if !request.declares_json() {
        return Err(message_error(
            415,
            format!(
                "The body must be application/json, got {:?}",
                request.media_type()
            ),
        ));
    }
    if !request.body_is_object() {
        return Err(fail(
            400,
            BudgetErrorBody::parse_failure("The body must be a JSON object"),
        ));
    }
    Ok(())
}

fn wire_error(error: &WireError) -> Response {
    match (error, error.field_name()) {
        // S2.1: a date (or date-time) that does not parse goes to `error`.
        _ if error
            .value_error::<crate::value::ValueError>()
            .is_some_and(crate::value::ValueError::is_date) =>
        {
            fail(400, BudgetErrorBody::parse_failure(error.to_string()))
        }
        (WireError::Syntax { .. }, _) | (_, None) => {
            fail(400, BudgetErrorBody::parse_failure(error.to_string()))
        }
        (_, Some(name)) => field_error(name, error.detail()),
    }
}

/// The caller's user key (the router resolved it, S11.3).
pub(super) fn caller(context: &Context) -> Result<&str, Response> {
    Ok(context.user.as_deref().unwrap_or(""))
}

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
pub(super) const MAX_FOLIO_PAYMENTS: u64 = 200_000;

/// The most live positions one folio may hold, for the same reason.
pub(super) const MAX_FOLIO_POSITIONS: usize = 2_000;

/// The most live expenses one folio may hold.
pub(super) const MAX_FOLIO_EXPENSES: usize = 5_000;

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
    for expense in live.chain(changed) {
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
pub(super) const MAX_FOLIO_POSITION_MONTHS: u64 = 240_000;

/// The months `folio` spans (a month begun counts).
pub(super) fn folio_months(folio: &Folio) -> u64 {
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
pub(super) const MAX_PAYMENT_LINES: u64 = 250_000;

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

pub(super) fn path_id(text: &str) -> Option<u64> {
    text.parse::<Id>().ok().map(Id::get)
}

pub(super) fn today(context: &Context) -> Date {
    Date::from_naive(context.now.date())
}

fn frame(folio: &Folio) -> Result<FolioFrame, Response> {
    let period = DateRange::new(folio.start_date, folio.end_date)
        .map_err(|error| field_error("endDate", error.to_string()))?;
    Ok(FolioFrame {
        period,
        currency: folio.currency_code,
    })
}

fn rates(state: &State) -> ExchangeRates {
    ExchangeRates::from_wire(state.exchange_rates.iter())
}

/// The folio as shown: status derived at the request's date (S7.1).
fn shown(folio: &Folio, context: &Context) -> Folio {
    let mut folio = folio.clone();
    folio.status = Some(folio_status(
        folio.start_date,
        folio.end_date,
        folio.closed_date,
        today(context),
    ));
    folio
}

/// Routes a `/budgets/1` request, once its caller is resolved (S11.3).
pub(super) fn handle(
    state: &mut State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Response {
    if let Some(response) = answer_read(state, request, context, rest) {
        return response;
    }
    let context = match super::access::resolve(state, request, context) {
        Ok(caller) => caller.into_context(context),
        Err(response) => return response,
    };
    let segments: Vec<&str> = rest.trim_matches('/').split('/').collect();
    route(state, request, &context, &segments).unwrap_or_else(|response| response)
}

/// Answers a `GET` of the budgeting interface on a shared state, or `None` when the request is
/// not one of its reads (then [`handle`] answers it: a change, or an unknown path).
pub(super) fn answer_read(
    state: &State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Option<Response> {
    let caller = super::access::resolve(state, request, context);
    if request.method != "GET" {
        // A change by no one is refused here: there is nothing to change and no lock to take.
        return caller.err();
    }
    let context = match caller {
        Ok(caller) => caller.into_context(context),
        Err(response) => return Some(response),
    };
    let segments: Vec<&str> = rest.trim_matches('/').split('/').collect();
    // No read of this path: as the change router answers a GET it has no route for.
    Some(read_route(state, request, &context, &segments).map_or_else(
        || no_route(request),
        |outcome| outcome.unwrap_or_else(|r| r),
    ))
}

fn read_route(
    state: &State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    let outcome = match segments {
        ["folio"] => folio_list(state, context),
        ["folio", id] => folio_by_id(state, context, id),
        ["expense", id] => {
            // S5.1: a deleted expense can still be read by id, with its deletedOn.
            expense_by_id(state, context, id)
                .and_then(|expense| with_converted(state, expense))
                .map(success)
        }
        ["expense", id, "payments"] => expense_payments(state, context, id),
        ["exchangerate"] => Ok(success(state.exchange_rates.clone())),
        ["overtimerule"] => {
            let rules: Vec<OvertimeRule> = state
                .overtime_rules
                .values()
                .filter(|r| r.deleted_on.is_none())
                .cloned()
                .collect();
            Ok(success(rules))
        }
        _ => {
            return super::budget_positions::read_route(state, request, context, segments)
                .or_else(|| super::budget_folio::read_route(state, request, context, segments))
        }
    };
    Some(outcome)
}

fn folio_list(state: &State, context: &Context) -> Outcome {
    let caller = who(context);
    let folios: Vec<FolioSummary> = state
        .folios
        .iter()
        .filter(|(id, r)| r.folio.deleted_on.is_none() && caller.folio(state, **id) >= Access::Read)
        .map(|(_, r)| summary(&r.folio, context))
        .collect();
    Ok(success(folios))
}

fn folio_by_id(state: &State, context: &Context, id: &str) -> Outcome {
    // S5.1: a deleted folio can still be read by id, with its deletedOn.
    let record = path_id(id)
        .and_then(|id| who(context).folio_by_id(state, id))
        .ok_or_else(folio_not_viewable)?;
    Ok(success(shown(&record.folio, context)))
}

fn expense_payments(state: &State, context: &Context, id: &str) -> Outcome {
    let expense = expense_by_id(state, context, id)?;
    let Some(folio) = state.folios.get(&expense.folio_id.get()) else {
        return Err(folio_not_viewable());
    };
    let folio = &folio.folio;
    // S5.1: a deleted expense (or one of a deleted folio) pays nothing.
    if expense.deleted_on.is_some() || folio.deleted_on.is_some() {
        return Ok(success(
            Vec::<crate::model::budgeting::ExpensePayment>::new(),
        ));
    }
    let id = expense.id.unwrap_or_default();
    let book = state
        .item_book(
            expense.folio_id.get(),
            crate::analytics::ItemKey::Expense(id),
        )
        .ok_or_else(folio_not_viewable)?;
    Ok(success(
        book.expense_lines(id)
            .map_err(super::budget_folio::book_refusal)?,
    ))
}

fn route(state: &mut State, request: &Request, context: &Context, segments: &[&str]) -> Outcome {
    let method = request.method.as_str();
    if method != "GET" {
        // S11.5: a read-only credential changes nothing, whatever it names.
        who(context).writes()?;
    }
    match (method, segments) {
        ("POST", ["folio"]) => {
            let caller = who(context);
            caller.writes()?;
            let mut folio: Folio = read(request)?;
            check_folio(&folio)?;
            // S11.5: the owner is the caller, unless a budget administrator names another user.
            if folio.owner != caller.user && !caller.budget_admin {
                return Err(super::access::forbidden_field(
                    "owner",
                    format!(
                        "Only a budget administrator may create a folio owned by another user (owner {:?})",
                        crate::model::messages::excerpt(&folio.owner)
                    ),
                ));
            }
            // S7.2: an id in the body is ignored; the service assigns it.
            let id = state.counters.next(crate::state::IdKind::Folio);
            folio.id = Some(Id::new(id));
            folio.status = None;
            folio.deleted_on = None;
            state.apply(Command::PutFolio(Box::new(FolioRecord {
                folio,
                viewers: Vec::new(),
                scope: Vec::new(),
            })));
            Ok(success(Id::new(id)))
        }
        ("PUT", ["folio"]) => {
            let mut folio: Folio = read(request)?;
            let id = folio
                .id
                .ok_or_else(|| field_error("id", "id is required to update a folio"))?
                .get();
            let existing = changeable_folio(state, context, id)?.clone();
            // S11.5: only a budget administrator hands a folio to another user; an owner who
            // could would keep reading it as a viewer while the new owner took it for their own.
            if folio.owner != existing.folio.owner && !who(context).budget_admin {
                return Err(super::access::forbidden_field(
                    "owner",
                    format!(
                        "Only a budget administrator may make {:?} the owner",
                        messages::excerpt(&folio.owner)
                    ),
                ));
            }
            check_folio(&folio)?;
            // New dates change how many payments the folio's expenses make (S7.3), and how many
            // months its positions are costed over.
            check_folio_payments(state, id, &frame(&folio)?, None, "endDate")?;
            check_position_months(&folio, live_positions(state, id), "endDate")?;
            folio.status = None;
            folio.deleted_on = None;
            let record = FolioRecord { folio, ..existing };
            state.apply(Command::PutFolio(Box::new(record.clone())));
            Ok(success(shown(&record.folio, context)))
        }
        ("DELETE", ["folio", id]) => {
            let id = path_id(id).ok_or_else(folio_not_viewable)?;
            let mut record = changeable_folio(state, context, id)?.clone();
            record.folio.deleted_on = Some(today(context));
            state.apply(Command::PutFolio(Box::new(record)));
            // S12.1: a folio holding allocations records one event per allocation.
            super::budget_folio::record_folio_deletion(state, id, context);
            Ok(success(true))
        }
        ("PUT", ["folio", id, "viewers"]) => {
            #[derive(crate::json::read::Read)]
            struct Viewers {
                users: Vec<String>,
            }
            let id = path_id(id).ok_or_else(folio_not_viewable)?;
            let mut record = changeable_folio(state, context, id)?.clone();
            let body: Viewers = read(request)?;
            record.viewers = body.users;
            state.apply(Command::PutFolio(Box::new(record)));
            Ok(success(true))
        }
        ("POST", ["expense"]) => put_expense(state, request, context, false),
        ("PUT", ["expense"]) => put_expense(state, request, context, true),
        ("DELETE", ["expense", id]) => {
            let expense = expense_by_id(state, context, id)?;
            changeable_folio(state, context, expense.folio_id.get())?;
            if expense.deleted_on.is_some() {
                return Err(folio_not_viewable());
            }
            let mut expense = expense.clone();
            expense.deleted_on = Some(today(context));
            state.apply(Command::PutExpense(Box::new(expense)));
            Ok(success(true))
        }
        ("PUT", ["exchangerate"]) => {
            who(context).shared_data_for_change("exchange rates")?;
            let rate: ExchangeRate = read(request)?;
            if rate.from == rate.to {
                return Err(field_error(
                    "to",
                    format!(
                        "an exchange rate needs two currencies, got {} twice",
                        rate.from
                    ),
                ));
            }
            state.apply(Command::PutExchangeRate(rate));
            Ok(success(true))
        }
        ("POST", ["overtimerule"]) => {
            who(context).shared_data_for_change("overtime rules")?;
            let mut rule: OvertimeRule = read(request)?;
            if rule.name.trim().is_empty() {
                return Err(field_error("name", messages::NAME_REQUIRED));
            }
            let id = state.counters.next(crate::state::IdKind::OvertimeRule);
            rule.id = Some(Id::new(id));
            rule.deleted_on = None;
            state.apply(Command::PutOvertimeRule(rule));
            Ok(success(Id::new(id)))
        }
        ("PUT", ["overtimerule"]) => {
            who(context).shared_data_for_change("overtime rules")?;
            let mut rule: OvertimeRule = read(request)?;
            let id = rule
                .id
                .ok_or_else(|| field_error("id", "id is required to update an overtime rule"))?;
            match state.overtime_rules.get(&id.get()) {
                Some(existing) if existing.deleted_on.is_none() => {}
                _ => {
                    return Err(message_error(
                        404,
                        format!(
                            "Overtime rule {} does not exist",
                            crate::model::messages::excerpt(&id.to_string())
                        ),
                    ))
                }
            }
            rule.deleted_on = None;
            state.apply(Command::PutOvertimeRule(rule.clone()));
            Ok(success(rule))
        }
        ("DELETE", ["overtimerule", id]) => {
            who(context).shared_data_for_change("overtime rules")?;
            let rule = path_id(id)
                .and_then(|id| state.overtime_rules.get(&id))
                .filter(|r| r.deleted_on.is_none())
                .cloned()
                .ok_or_else(|| {
                    message_error(
                        404,
                        format!(
                            "Overtime rule {} does not exist",
                            crate::model::messages::excerpt(id)
                        ),
                    )
                })?;
            // S6.6: positions naming it then cost their overtime as regular hours.
            let mut rule = rule;
            rule.deleted_on = Some(today(context));
            state.apply(Command::PutOvertimeRule(rule));
            Ok(success(true))
        }
        _ => match super::budget_positions::route(state, request, context, segments)
            .or_else(|| super::budget_folio::route(state, request, context, segments))
        {
            Some(outcome) => outcome,
            None => Err(no_route(request)),
        },
    }
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

/// The summary of a folio as lists show it, with its status at the request's date (S7.1).
pub(super) fn summary(folio: &Folio, context: &Context) -> FolioSummary {
    FolioSummary {
        id: folio.id.unwrap_or_default(),
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

fn check_folio(folio: &Folio) -> Result<(), Response> {
    validate_folio(folio).map_err(|errors| {
        field_errors(errors.iter().map(|e| (e.field().to_owned(), e.to_string())))
    })
}

/// A 400 whose `errors` maps each field to its message.
fn field_errors(pairs: impl Iterator<Item = (String, String)>) -> Response {
    // Inserted one by one (a later message for a field replaces an earlier one, as `collect`
    // would): collecting into a map sorts first, with a sort built for each caller.
    let mut errors = std::collections::BTreeMap::new();
    for (field, message) in pairs {
        errors.insert(field, message);
    }
    fail(
        400,
        BudgetErrorBody {
            errors: Some(errors),
            ..BudgetErrorBody::default()
        },
    )
}

pub(super) fn expense_errors(errors: Vec<crate::schedule::ExpenseError>) -> Response {
    // The errors map is keyed by the last segment of the field's path (`recurrence.endDate` ->
    // `endDate`), as the budgeting document keys it.
    field_errors(errors.iter().map(|e| {
        let field = e.field().rsplit('.').next().unwrap_or(e.field()).to_owned();
        (field, e.to_string())
    }))
}

/// An expense of a folio the caller may read, deleted or not (S5.1: a deleted record can still be
/// read by id); else the documented 404, the same for a missing one.
fn expense_by_id<'s>(
    state: &'s State,
    context: &Context,
    id: &str,
) -> Result<&'s Expense, Response> {
    let expense = path_id(id)
        .and_then(|id| state.expenses.get(&id))
        .ok_or_else(folio_not_viewable)?;
    who(context)
        .folio_by_id(state, expense.folio_id.get())
        .ok_or_else(folio_not_viewable)?;
    Ok(expense)
}

/// The expense with its `convertedAmount` (S5.3).
pub(super) fn with_converted(state: &State, expense: &Expense) -> Result<Expense, Response> {
    let Some(folio) = state.folios.get(&expense.folio_id.get()) else {
        return Err(folio_not_viewable());
    };
    let folio = &folio.folio;
    if expense.deleted_on.is_some() || folio.deleted_on.is_some() {
        // S5.1: it pays nothing, so nothing is converted.
        let mut shown = expense.clone();
        shown.converted_amount = Some(crate::value::Exact::of(crate::value::Decimal::ZERO));
        return Ok(shown);
    }
    let frame = frame(folio)?;
    let plan = ExpensePlan::new(expense, &frame).map_err(expense_errors)?;
    let converted = plan
        .converted_amount(&frame, &rates(state))
        .map_err(|error| message_error(400, error.to_string()))?;
    let mut shown = expense.clone();
    shown.converted_amount = Some(crate::value::Exact::of(converted));
    Ok(shown)
}

fn put_expense(state: &mut State, request: &Request, context: &Context, update: bool) -> Outcome {
    who(context).writes()?;
    // The documented required-field messages, all at once, before the body is read (S5).
    let raw: crate::json::Value = read(request)?;
    let missing = required_expense_fields(&raw);
    if !missing.is_empty() {
        return Err(expense_errors(missing));
    }
    let mut expense: Expense = read(request)?;
    let id = if update {
        let id = expense
            .id
            .ok_or_else(|| field_error("id", "id is required to update an expense"))?;
        // S11.5: the expense's own folio decides, before anything of the body is compared, so
        // another user's expense answers exactly as a missing one.
        let existing = state
            .expenses
            .get(&id.get())
            .filter(|e| e.deleted_on.is_none())
            .ok_or_else(folio_not_viewable)?;
        changeable_folio(state, context, existing.folio_id.get())?;
        if existing.folio_id != expense.folio_id {
            return Err(field_error(
                "folioId",
                "an expense cannot move to another folio",
            ));
        }
        id
    } else {
        changeable_folio(state, context, expense.folio_id.get())?;
        Id::new(state.counters.next(crate::state::IdKind::Expense))
    };
    let folio = state.folios[&expense.folio_id.get()].folio.clone();
    let frame = frame(&folio)?;
    let plan = ExpensePlan::new(&expense, &frame).map_err(expense_errors)?;
    expense.id = Some(id);
    check_folio_payments(
        state,
        expense.folio_id.get(),
        &frame,
        Some(&expense),
        "recurrence",
    )?;
    // An expense the engine cannot compute with is refused now, naming its amount, rather than
    // stored and refused at every later read.
    if let Err(error @ crate::schedule::ConversionError::Overflow { .. }) =
        plan.converted_amount(&frame, &rates(state))
    {
        return Err(field_error("amount", error.to_string()));
    }
    expense.id = Some(id);
    expense.deleted_on = None;
    expense.converted_amount = None;
    expense.baseline_id = None;
    state.apply(Command::PutExpense(Box::new(expense.clone())));
    if update {
        Ok(success(with_converted(state, &expense)?))
    } else {
        Ok(success(id))
    }
}
