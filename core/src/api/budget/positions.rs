//! Positions of the budgeting interface: positions with their allocations, rates, worked and
//! billable hours, their payments, billed hours, and the team of a folio (S6, S11.4, S12.1).

use super::folios::{changeable_folio, visible_folio};
use super::responses::{
    caller, field_error, folio_not_viewable, message_error, path_id, read, success, today, Outcome,
};
use crate::analytics::ItemKey;
use crate::api::access::{who, Access};
use crate::api::audit::record_deletion;
use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::{
    Allocation, HoursPeriod, Position, PositionKind, Rate, Team, TeamMember,
};
use crate::model::{messages, Id};
use crate::schedule::position::{
    check_allocation, check_allocation_removal, check_hours_period, check_rate, check_rate_removal,
    PositionError, PositionRecord,
};
use crate::state::{AuditEventKind, BilledHours, Command, PositionRow, State};
use crate::value::{Date, DateRange};

/// Routes the position operations, or `None` when the path is not one of them.
pub(super) fn route(
    state: &mut State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    let method = request.method.as_str();
    let outcome = match (method, segments) {
        ("POST", ["position"]) => create(state, request, context),
        ("PUT", ["position"]) => update(state, request, context),
        ("DELETE", ["position", id]) => delete(state, context, id),
        ("POST", ["position", id, "allocation"]) => add_allocation(state, request, context, id),
        ("POST", ["position", id, "rate"]) => add_rate(state, request, context, id),
        ("POST", ["position", id, "workedhours"]) => {
            add_hours(state, request, context, id, PositionKind::TeamMember)
        }
        ("POST", ["position", id, "billablehours"]) => {
            add_hours(state, request, context, id, PositionKind::ConsultingRevenue)
        }
        ("PUT", ["position", id, "billedhours"]) => billed_hours(state, request, context, id),
        ("PUT", ["allocation", id]) => change_allocation(state, request, context, id),
        ("DELETE", ["allocation", id]) => remove_allocation(state, context, id),
        ("PUT", ["rate", id]) => change_rate(state, request, context, id),
        ("DELETE", ["rate", id]) => remove_rate(state, context, id),
        ("PUT", ["workedhours", id] | ["billablehours", id]) => {
            change_hours(state, request, context, id)
        }
        ("DELETE", ["workedhours", id] | ["billablehours", id]) => remove_hours(state, context, id),
        _ => return None,
    };
    Some(outcome)
}

/// Routes the position reads on a shared state, or `None` when the path is not one of them.
pub(super) fn read_route(
    state: &State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    let outcome = match segments {
        ["position", id] => position_by_id(state, context, id).map(|row| success(shown(row))),
        ["position", id, "payments"] => payments(state, request, context, id),
        ["folio", id, "team"] => team(state, context, id),
        _ => return None,
    };
    Some(outcome)
}

/// A 400 for a refused position edit: a field message in `errors`, a general one in
/// `errorMessages`.
fn refused(error: PositionError) -> Response {
    match error.field() {
        Some(field) => field_error(field, error.to_string()),
        None => message_error(400, error.to_string()),
    }
}

/// A refusal of the `index`th item of the list `list` of a body: its field named as
/// `list[index].field`, or its message when it names none.
fn refused_in(list: &str, index: usize, error: PositionError) -> Response {
    match error.field() {
        Some(field) => field_error(&format!("{list}[{index}].{field}"), error.to_string()),
        None => message_error(400, format!("{list}[{index}]: {error}")),
    }
}

fn position_not_found() -> Response {
    message_error(404, messages::POSITION_NOT_FOUND)
}

/// A position of a folio the caller may read, deleted or not (S5.1: a deleted record can still be
/// read by id); else the documented 404, the same for a missing one (S11.4).
fn position_by_id<'s>(
    state: &'s State,
    context: &Context,
    id: &str,
) -> Result<&'s PositionRow, Response> {
    let row = path_id(id)
        .and_then(|id| state.positions.get(&id))
        .ok_or_else(position_not_found)?;
    match who(context).folio(state, row.header.folio_id.get()) {
        Access::None => Err(position_not_found()),
        Access::Read | Access::Change => Ok(row),
    }
}

/// Refuses a change of the position `row` unless the caller may change its folio (S11.5): the
/// position's 404 when they may not read it, a 403 when they may only read it.
fn may_change(state: &State, context: &Context, row: &PositionRow) -> Result<(), Response> {
    changeable_folio(state, context, row.header.folio_id.get())
        .map(|_| ())
        .map_err(|refusal| {
            if refusal.status == 404 {
                position_not_found()
            } else {
                refusal
            }
        })
}

/// A live position the caller may change; else the documented 404 or a 403.
fn row_for_change<'s>(
    state: &'s State,
    context: &Context,
    id: &str,
) -> Result<&'s PositionRow, Response> {
    who(context).writes()?;
    let row = path_id(id)
        .and_then(|id| state.positions.get(&id))
        .filter(|row| row.record.deleted_on.is_none())
        .ok_or_else(position_not_found)?;
    may_change(state, context, row)?;
    Ok(row)
}

/// The position as shown: `rate` and `allocation` the earliest live ones, `billableHours` the live
/// hours of a consulting revenue.
pub(super) fn shown(row: &PositionRow) -> Position {
    let mut position = row.header.clone();
    // The position itself, not a baseline's copy (a header an older journal stored from a body
    // may carry a mark).
    position.baseline_id = None;
    let live_rates = row.record.rates.iter().filter(|r| r.deleted_on.is_none());
    if let Some(rate) = live_rates.min_by_key(|r| r.start_date) {
        position.rate = rate.clone();
    }
    let live_allocations = row
        .record
        .allocations
        .iter()
        .filter(|a| a.deleted_on.is_none());
    if let Some(allocation) = live_allocations.min_by_key(|a| a.start_date) {
        position.allocation = allocation.clone();
    }
    position.billable_hours = (row.record.kind == PositionKind::ConsultingRevenue).then(|| {
        row.record
            .hours
            .iter()
            .filter(|h| h.deleted_on.is_none())
            .cloned()
            .collect()
    });
    position
}

fn next(state: &State, kind: crate::state::IdKind) -> Option<Id> {
    Some(Id::new(state.counters.next(kind)))
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

fn create(state: &mut State, request: &Request, context: &Context) -> Outcome {
    who(context).writes()?;
    let raw: crate::json::Value = read(request)?;
    if let Some(refusal) = missing_position_fields(&raw) {
        return Err(refusal);
    }
    let mut position: Position = read(request)?;
    let folio = changeable_folio(state, context, position.folio_id.get())?
        .folio
        .clone();
    let held = super::folios::live_positions(state, position.folio_id.get());
    super::folios::check_position_months(&folio, held + 1, "folioId")?;
    if held >= super::folios::MAX_FOLIO_POSITIONS {
        return Err(field_error(
            "folioId",
            format!(
                "a folio may hold at most {} positions",
                super::folios::MAX_FOLIO_POSITIONS
            ),
        ));
    }
    if position.name.trim().is_empty() {
        return Err(field_error("name", messages::NAME_REQUIRED));
    }
    let kind = position.kind.unwrap_or_default();
    let id = state.counters.next(crate::state::IdKind::Position);
    let mut allocation = position.allocation.clone();
    allocation
        .period()
        .map_err(|error| field_error("endDate", error.to_string()))?;
    allocation.id = next(state, crate::state::IdKind::Allocation);
    allocation.deleted_on = None;
    let mut rate = position.rate.clone();
    rate.id = next(state, crate::state::IdKind::Rate);
    rate.deleted_on = None;
    // More periods and rates, checked against the ones before them exactly as adding them one by
    // one would be, so that a position is made whole or not at all (the planner's editor sends a
    // team member with two periods and a rate change as one request).
    let mut allocations = vec![allocation];
    let more_allocations = position.more_allocations.take().unwrap_or_default();
    if more_allocations.len() >= MAX_POSITION_PARTS {
        return Err(field_error(
            "moreAllocations",
            format!("a position may hold at most {MAX_POSITION_PARTS} allocation periods"),
        ));
    }
    // The counters move when the position is stored: ids are handed out after the first's.
    let first_allocation = state.counters.next(crate::state::IdKind::Allocation);
    for (index, mut more) in more_allocations.into_iter().enumerate() {
        check_allocation(kind, &allocations, &more, None)
            .map_err(|error| refused_in("moreAllocations", index, error))?;
        more.id = Some(Id::new(first_allocation + 1 + index as u64));
        more.deleted_on = None;
        allocations.push(more);
    }
    let mut rates = vec![rate];
    let more_rates = position.more_rates.take().unwrap_or_default();
    if more_rates.len() >= MAX_POSITION_PARTS {
        return Err(field_error(
            "moreRates",
            format!("a position may hold at most {MAX_POSITION_PARTS} rates"),
        ));
    }
    let first_rate = state.counters.next(crate::state::IdKind::Rate);
    for (index, mut more) in more_rates.into_iter().enumerate() {
        check_rate(&rates, &more, None).map_err(|error| refused_in("moreRates", index, error))?;
        more.id = Some(Id::new(first_rate + 1 + index as u64));
        more.deleted_on = None;
        rates.push(more);
    }
    let mut hours = Vec::new();
    if kind == PositionKind::ConsultingRevenue {
        let periods = position.billable_hours.take().unwrap_or_default();
        if periods.len() > MAX_POSITION_PARTS {
            return Err(field_error(
                "billableHours",
                format!("a position may hold at most {MAX_POSITION_PARTS} hours periods"),
            ));
        }
        let reporter = Some(caller(context)?.to_owned());
        for (hours_id, period) in (state.counters.next(crate::state::IdKind::Hours)..).zip(periods)
        {
            check_hours_period(&hours, &period, None).map_err(refused)?;
            hours.push(HoursPeriod {
                id: Some(Id::new(hours_id)),
                deleted_on: None,
                // S6.9: whoever entered the position entered its hours.
                reporter: reporter.clone(),
                ..period
            });
        }
    }
    // S6.10: its calendars, overtime rule and account name live records.
    state
        .check_position_references(&position, None)
        .map_err(super::responses::reference_refusal)?;
    position.custom_fields = team_fields(state, &position, None)?;
    position.id = Some(Id::new(id));
    position.kind = Some(kind);
    position.deleted_on = None;
    // What the service derives is not taken from the body: the hours live in the record (a
    // consulting revenue's were taken above), a baseline mark only on a baseline's copy.
    position.billable_hours = None;
    position.baseline_id = None;
    // S6.9: the reporter is the caller, whatever the body says.
    position.reporter = Some(caller(context)?.to_owned());
    position.team_role_id = Some(position.team_role_id.unwrap_or(Id::new(1)));
    position.member = Some(position.member.unwrap_or_else(|| "unassigned".into()));
    let record = PositionRecord {
        id: Id::new(id),
        kind,
        revenue: position.revenue.unwrap_or(false),
        allocations,
        rates,
        hours,
        ot_rule_id: position.ot_rule_id,
        deleted_on: None,
    };
    state.apply(Command::PutPosition(Box::new(PositionRow {
        header: position,
        record,
    })));
    Ok(success(Id::new(id)))
}

/// The custom-field values of `position` as they are stored (S7.4: positions of every kind carry
/// TEAM fields), over `before`, its stored values.
fn team_fields(
    state: &State,
    position: &Position,
    before: Option<&crate::model::budgeting::CustomFields>,
) -> Result<Option<crate::model::budgeting::CustomFields>, Response> {
    let currency = state
        .folios
        .get(&position.folio_id.get())
        .map(|f| f.folio.currency_code)
        .ok_or_else(position_not_found)?;
    state
        .check_custom_fields(
            crate::state::FieldHolder {
                folio: position.folio_id.get(),
                kind: crate::model::budgeting::CustomFieldType::Team,
                currency,
            },
            position.custom_fields.as_ref(),
            before,
        )
        .map_err(super::responses::custom_field_refusal)
}

fn update(state: &mut State, request: &Request, context: &Context) -> Outcome {
    let position: Position = read(request)?;
    let id = position
        .id
        .ok_or_else(|| field_error("id", "id is required to update a position"))?;
    let existing = row_for_change(state, context, &id.to_string())?.clone();
    if existing.header.folio_id != position.folio_id {
        return Err(field_error(
            "folioId",
            "a position cannot move to another folio",
        ));
    }
    if position.name.trim().is_empty() {
        return Err(field_error("name", messages::NAME_REQUIRED));
    }
    state
        .check_position_references(&position, Some(&existing.header))
        .map_err(super::responses::reference_refusal)?;
    let custom_fields = team_fields(state, &position, existing.header.custom_fields.as_ref())?;
    let mut record = existing.record.clone();
    // A planned position and a consulting revenue carry exactly one allocation, changed by
    // updating the position (S6.2).
    if record.kind != PositionKind::TeamMember {
        let mut allocation = position.allocation.clone();
        allocation
            .period()
            .map_err(|error| field_error("endDate", error.to_string()))?;
        allocation.id = record
            .allocations
            .iter()
            .find(|a| a.deleted_on.is_none())
            .and_then(|a| a.id);
        allocation.deleted_on = None;
        record.allocations.retain(|a| a.deleted_on.is_some());
        record.allocations.push(allocation);
    }
    record.revenue = position.revenue.unwrap_or(record.revenue);
    record.ot_rule_id = position.ot_rule_id;
    let mut header = position;
    header.custom_fields = custom_fields;
    header.kind = Some(record.kind);
    // Derived, or made with the position only: never taken from an update's body.
    header.billable_hours = None;
    header.baseline_id = None;
    header.more_allocations = None;
    header.more_rates = None;
    // S6.9: an update keeps who created the position.
    header.reporter = existing.header.reporter.clone();
    header.deleted_on = None;
    header.team_role_id = Some(
        header
            .team_role_id
            .or(existing.header.team_role_id)
            .unwrap_or(Id::new(1)),
    );
    // S6.8: the update replaces the record; a member left out is `unassigned`, as on create.
    header.member = Some(header.member.unwrap_or_else(|| "unassigned".into()));
    let row = PositionRow { header, record };
    state.apply(Command::PutPosition(Box::new(row.clone())));
    Ok(success(shown(&row)))
}

fn delete(state: &mut State, context: &Context, id: &str) -> Outcome {
    let mut row = row_for_change(state, context, id)?.clone();
    let day = today(context);
    let deleted: Vec<u64> = row
        .record
        .allocations
        .iter()
        .filter(|a| a.deleted_on.is_none())
        .filter_map(|a| a.id.map(Id::get))
        .collect();
    row.record.deleted_on = Some(day);
    row.header.deleted_on = Some(day);
    state.apply(Command::PutPosition(Box::new(row)));
    // S12.1: a position holding allocations records one event per allocation.
    for allocation in deleted {
        record_deletion(
            state,
            AuditEventKind::Allocation { id: allocation },
            context,
        );
    }
    Ok(success(true))
}

fn payments(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let row = position_by_id(state, context, id)?;
    let Some(folio) = state.folios.get(&row.header.folio_id.get()) else {
        return Err(position_not_found());
    };
    let folio = &folio.folio;
    // S5.1: a deleted position (or one of a deleted folio) pays nothing.
    if row.record.deleted_on.is_some() || folio.deleted_on.is_some() {
        return Ok(success(
            Vec::<crate::model::budgeting::ExpensePayment>::new(),
        ));
    }
    let period = DateRange::new(folio.start_date, folio.end_date)
        .map_err(|e| field_error("endDate", e.to_string()))?;
    let granularity = super::folios::granularity(request, period)?;
    let book = state
        .item_book(folio.id().get(), ItemKey::Position(row.record.id))
        .ok_or_else(position_not_found)?;
    Ok(success(
        book.position_lines(row.record.id, granularity)
            .map_err(super::responses::book_refusal)?,
    ))
}

fn store(state: &mut State, row: PositionRow) {
    state.apply(Command::PutPosition(Box::new(row)));
}

fn add_allocation(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let mut row = row_for_change(state, context, id)?.clone();
    let mut allocation: Allocation = read(request)?;
    room_for(&row.record.allocations, "allocation periods")?;
    check_allocation(row.record.kind, &row.record.allocations, &allocation, None)
        .map_err(refused)?;
    allocation.id = next(state, crate::state::IdKind::Allocation);
    allocation.deleted_on = None;
    row.record.allocations.push(allocation);
    store(state, row);
    Ok(success(true))
}

/// The position holding sub-record `id`, found by `holds`, and visible to the caller.
/// A dated part of a position: an allocation, a rate or an hours period, each with its own id and
/// kept after deletion with the day it was deleted.
trait Part: Clone {
    fn id(&self) -> Option<Id>;
    fn is_live(&self) -> bool;
    fn set_deleted_on(&mut self, day: Option<Date>);
}

macro_rules! part {
    ($($kind:ty),*) => {$(
        impl Part for $kind {
            fn id(&self) -> Option<Id> {
                self.id
            }
            fn is_live(&self) -> bool {
                self.deleted_on.is_none()
            }
            fn set_deleted_on(&mut self, day: Option<Date>) {
                self.deleted_on = day;
            }
        }
    )*};
}
part!(Allocation, Rate, HoursPeriod);

/// The id of the part at the path, and a copy of the live position holding it live among
/// `parts`, if the caller may change its folio; else the position's 404 (or a 403 when the caller
/// may only read it, S11.5).
fn owner_of<T: Part>(
    state: &State,
    context: &Context,
    id: &str,
    parts: fn(&PositionRecord) -> &[T],
) -> Result<(Option<Id>, PositionRow), Response> {
    who(context).writes()?;
    let id = path_id(id).map(Id::new);
    let row = state
        .positions
        .values()
        .find(|row| {
            row.record.deleted_on.is_none()
                && parts(&row.record)
                    .iter()
                    .any(|p| p.id() == id && p.is_live())
        })
        .ok_or_else(position_not_found)?;
    may_change(state, context, row)?;
    Ok((id, row.clone()))
}

/// The most live parts of one kind (allocation periods, rates, hours periods) a position may hold:
/// each is a change point its costing splits at, so the count bounds the work of a read.
const MAX_POSITION_PARTS: usize = 1_000;

/// Refuses one more part when `parts` already holds [`MAX_POSITION_PARTS`] live ones.
fn room_for<T: Part>(parts: &[T], what: &str) -> Result<(), Response> {
    if parts.iter().filter(|p| p.is_live()).count() >= MAX_POSITION_PARTS {
        return Err(message_error(
            400,
            format!("a position may hold at most {MAX_POSITION_PARTS} {what}"),
        ));
    }
    Ok(())
}

/// Puts `part` (its id and liveness set) in the place of the part `id`.
fn replace<T: Part>(parts: &mut [T], id: Option<Id>, mut part: T) -> T {
    part.set_deleted_on(None);
    for slot in parts.iter_mut().filter(|p| p.id() == id) {
        *slot = part.clone();
    }
    part
}

/// Marks the part `id` deleted on `day` (kept, for baselines and the audit).
fn mark_deleted<T: Part>(parts: &mut [T], id: Option<Id>, day: Date) {
    for slot in parts.iter_mut().filter(|p| p.id() == id) {
        slot.set_deleted_on(Some(day));
    }
}

fn change_allocation(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let (id, mut row) = owner_of(state, context, id, |r| &r.allocations)?;
    let mut allocation: Allocation = read(request)?;
    check_allocation(row.record.kind, &row.record.allocations, &allocation, id).map_err(refused)?;
    allocation.id = id;
    replace(&mut row.record.allocations, id, allocation);
    store(state, row);
    Ok(success(true))
}

fn remove_allocation(state: &mut State, context: &Context, id: &str) -> Outcome {
    let (id, mut row) = owner_of(state, context, id, |r| &r.allocations)?;
    let allocation = id.ok_or_else(position_not_found)?;
    check_allocation_removal(row.record.kind, &row.record.allocations, allocation)
        .map_err(refused)?;
    mark_deleted(&mut row.record.allocations, id, today(context));
    store(state, row);
    record_deletion(
        state,
        AuditEventKind::Allocation {
            id: allocation.get(),
        },
        context,
    );
    Ok(success(true))
}

fn add_rate(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let mut row = row_for_change(state, context, id)?.clone();
    let mut rate: Rate = read(request)?;
    room_for(&row.record.rates, "rates")?;
    check_rate(&row.record.rates, &rate, None).map_err(refused)?;
    let rate_id = next(state, crate::state::IdKind::Rate);
    rate.id = rate_id;
    rate.deleted_on = None;
    row.record.rates.push(rate);
    store(state, row);
    Ok(success(rate_id))
}

fn change_rate(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let (id, mut row) = owner_of(state, context, id, |r| &r.rates)?;
    let mut rate: Rate = read(request)?;
    check_rate(&row.record.rates, &rate, id).map_err(refused)?;
    rate.id = id;
    let rate = replace(&mut row.record.rates, id, rate);
    store(state, row);
    Ok(success(rate))
}

fn remove_rate(state: &mut State, context: &Context, id: &str) -> Outcome {
    let (id, mut row) = owner_of(state, context, id, |r| &r.rates)?;
    check_rate_removal(&row.record.rates, id.ok_or_else(position_not_found)?).map_err(refused)?;
    mark_deleted(&mut row.record.rates, id, today(context));
    store(state, row);
    Ok(success(true))
}

fn add_hours(
    state: &mut State,
    request: &Request,
    context: &Context,
    id: &str,
    kind: PositionKind,
) -> Outcome {
    let mut row = row_for_change(state, context, id)?.clone();
    if row.record.kind != kind {
        let what = if kind == PositionKind::TeamMember {
            "Worked hours can only be added to team members"
        } else {
            "Billable hours can only be added to consulting revenues"
        };
        return Err(message_error(400, what));
    }
    let mut period: HoursPeriod = read(request)?;
    room_for(&row.record.hours, "hours periods")?;
    check_hours_period(&row.record.hours, &period, None).map_err(refused)?;
    let hours_id = next(state, crate::state::IdKind::Hours);
    period.id = hours_id;
    period.deleted_on = None;
    period.reporter = Some(caller(context)?.to_owned());
    row.record.hours.push(period);
    store(state, row);
    Ok(success(hours_id))
}

fn change_hours(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let (id, mut row) = owner_of(state, context, id, |r| &r.hours)?;
    let mut period: HoursPeriod = read(request)?;
    check_hours_period(&row.record.hours, &period, id).map_err(refused)?;
    period.id = id;
    // S6.9: an update keeps who entered the period; a reporter in the body is ignored.
    let old = row.record.hours.iter().find(|h| h.id == id);
    period.reporter = old.and_then(|h| h.reporter.clone());
    replace(&mut row.record.hours, id, period);
    store(state, row);
    Ok(success(true))
}

fn remove_hours(state: &mut State, context: &Context, id: &str) -> Outcome {
    let (id, mut row) = owner_of(state, context, id, |r| &r.hours)?;
    // Deleting a period deletes only the override (S6.5).
    mark_deleted(&mut row.record.hours, id, today(context));
    store(state, row);
    Ok(success(true))
}

fn billed_hours(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    #[derive(serde::Deserialize)]
    struct Day {
        date: Date,
        hours: crate::value::Hours,
    }
    #[derive(serde::Deserialize)]
    struct Body {
        days: Vec<Day>,
    }
    let row = row_for_change(state, context, id)?;
    if row.record.kind != PositionKind::ConsultingRevenue {
        return Err(message_error(
            400,
            "Billed hours can only be given for consulting revenues",
        ));
    }
    let position = row.record.id.get();
    let body: Body = read(request)?;
    // By date, in order (the same day given twice adds up).
    let mut days: crate::table::Table<u64, Date> = crate::table::Table::new();
    for day in body.days {
        // Hours have at most 2 decimals, so whole seconds: hundredths x 36.
        let hundredths = (day.hours.get() * crate::value::Decimal::ONE_HUNDRED)
            .trunc()
            .mantissa();
        *days.slot(day.date, || 0) += u64::try_from(hundredths).unwrap_or(0) * 36;
    }
    let days: Vec<(Date, u64)> = days.rows().to_vec();
    state.apply(Command::PutBilledHours(BilledHours { position, days }));
    Ok(success(true))
}

fn team(state: &State, context: &Context, id: &str) -> Outcome {
    let folio_id = path_id(id).ok_or_else(folio_not_viewable)?;
    let folio = visible_folio(state, context, folio_id)?.folio.clone();
    let members = state
        .positions
        .values()
        .filter(|row| {
            row.header.folio_id.get() == folio_id
                && row.record.kind == PositionKind::TeamMember
                && row.record.deleted_on.is_none()
        })
        .map(|row| TeamMember {
            id: row.record.id,
            folio_id: row.header.folio_id,
            name: row.header.name.clone(),
            member: row
                .header
                .member
                .clone()
                .unwrap_or_else(|| "unassigned".into()),
            description: row.header.description.clone(),
            reporter: row.header.reporter.clone().unwrap_or_default(),
            title: row.header.title.clone(),
            team_role_id: row.header.team_role_id.unwrap_or(Id::new(1)),
            kind: row.record.kind,
            holiday_scheme_id: row
                .header
                .holiday_scheme_id
                .unwrap_or(folio.holiday_scheme_id),
            workload_scheme_id: row
                .header
                .workload_scheme_id
                .unwrap_or(folio.workload_scheme_id),
            synched_with_tracker: row.header.synched_with_tracker.unwrap_or(false),
            uses_user_rates: row.header.user_rates.unwrap_or(false),
            rates: row
                .record
                .rates
                .iter()
                .filter(|r| r.deleted_on.is_none())
                .cloned()
                .collect(),
            allocations: row
                .record
                .allocations
                .iter()
                .filter(|a| a.deleted_on.is_none())
                .cloned()
                .collect(),
            worked_hours: row
                .record
                .hours
                .iter()
                .filter(|h| h.deleted_on.is_none())
                .cloned()
                .collect(),
            custom_fields: row.header.custom_fields.clone().unwrap_or_default(),
            deleted_on: None,
            team_member_id: row.header.team_member_id,
            team_id: row.header.team_id,
            baseline_id: row.header.baseline_id,
            ot_rule_id: row.record.ot_rule_id,
        })
        .collect();
    Ok(success(Team { members }))
}
