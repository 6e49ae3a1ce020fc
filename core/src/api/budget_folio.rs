//! Folio-level budgeting operations: baselines and expenditures (S8), custom-field definitions,
//! scope items, portfolios, and the analytics endpoints (indicators, timeline, portfolio rollup,
//! S9).

use std::collections::HashMap;

use super::access::{forbidden, forbidden_field, who, Access, Caller};
use super::audit::record_deletion;
use super::budget::{
    changeable_folio, field_error, folio_not_viewable, message_error, path_id, read, success,
    today, visible_folio, Outcome,
};
use super::http::{Context, Request};
use crate::analytics::baseline::{approve, list, BaselineSnapshot, Items};
use crate::analytics::{
    payments_csv, rollup, BookError, FolioBook, ItemKey, ItemPayments, PlannedSide,
};
use crate::json::write::Write;
use crate::model::budgeting::{
    Baseline, CustomFieldCatalog, CustomFieldDefinition, ExpenditureType, Expenditures,
    ExpensePayment, Indicators, Portfolio, Position, ScopeItems, TimelineBucket,
};
use crate::model::Id;
use crate::schedule::{ExchangeRates, Granularity};
use crate::state::{AuditEventKind, Command, State};
use crate::value::{Date, DateRange, Exact};

/// Routes the folio-level operations, or `None` when the path is not one of them.
pub(super) fn route(
    state: &mut State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    let method = request.method.as_str();
    let outcome = match (method, segments) {
        ("POST", ["folio", id, "baseline"]) => approve_baseline(state, request, context, id),
        ("DELETE", ["baseline", id]) => delete_baseline(state, context, id),
        ("POST", ["folio", id, "customfield"]) => add_custom_field(state, request, context, id),
        ("DELETE", ["customfield", id]) => delete_custom_field(state, context, id),
        ("PUT", ["folio", id, "scope"]) => scope(state, request, context, id),
        ("POST", ["portfolio"]) => put_portfolio(state, request, context, false),
        ("PUT", ["portfolio"]) => put_portfolio(state, request, context, true),
        ("DELETE", ["portfolio", id]) => delete_portfolio(state, context, id),
        _ => return None,
    };
    Some(outcome)
}

/// Routes the folio-level reads on a shared state, or `None` when the path is not one of them.
pub(super) fn read_route(
    state: &State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    let outcome = match segments {
        ["folio", id, "baselines"] => baselines(state, request, context, id),
        ["folio", id, "expenditures"] => folio_expenditures(state, request, context, id),
        ["folio", id, "customfields"] => custom_fields(state, context, id),
        ["folio", id, "indicators"] => folio_indicators(state, request, context, id),
        ["folio", id, "timeline"] => folio_timeline(state, request, context, id),
        ["folio", id, "payments"] => folio_payments(state, request, context, id),
        ["folio", id, "items"] => folio_items(state, request, context, id),
        ["portfolio"] => portfolios(state, context),
        ["portfolio", id, "indicators"] => portfolio_indicators(state, request, context, id),
        _ => return None,
    };
    Some(outcome)
}

/// The id of a live folio the caller may read; else the documented 404.
fn folio_id(state: &State, context: &Context, id: &str) -> Result<u64, super::http::Response> {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    visible_folio(state, context, id)?;
    Ok(id)
}

/// The id of a live folio the caller may change; else the documented 404 or a 403 (S11.5).
fn changeable_folio_id(
    state: &State,
    context: &Context,
    id: &str,
) -> Result<u64, super::http::Response> {
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
    missing: impl Fn() -> super::http::Response,
) -> Result<(), super::http::Response> {
    who(context).writes()?;
    match changeable_folio(state, context, folio) {
        Ok(_) => Ok(()),
        Err(refusal) if refusal.status == 404 => Err(missing()),
        Err(refusal) => Err(refusal),
    }
}

/// The draft and actual items of a folio: its live positions and expenses (S8.1).
fn draft(state: &State, folio: u64) -> Items {
    Items {
        positions: state
            .positions
            .values()
            .filter(|row| row.header.folio_id.get() == folio && row.record.deleted_on.is_none())
            .map(|row| row.record.clone())
            .collect(),
        expenses: state
            .expenses
            .values()
            .filter(|e| e.folio_id.get() == folio && e.deleted_on.is_none())
            .cloned()
            .collect(),
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

fn boolean(request: &Request, name: &str) -> Result<bool, super::http::Response> {
    match request.param_value(name) {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(other) => Err(field_error(
            name,
            format!("{name} must be true or false, got {other:?}"),
        )),
        None => Err(field_error(
            name,
            format!("{name} is required (true or false)"),
        )),
    }
}

fn baselines(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let (costs, revenues) = (boolean(request, "costs")?, boolean(request, "revenues")?);
    let all = folio_baselines(state, folio);
    let listed: Vec<Baseline> = list(&all, costs, revenues).into_iter().cloned().collect();
    Ok(success(listed))
}

fn approve_baseline(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    #[derive(crate::json::read::Read)]
    #[wire(rename_all = "camelCase")]
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
    let snapshot = approve(
        &draft(state, folio),
        &folio_baselines(state, folio),
        baseline,
    )
    .map_err(|error| message_error(400, error.to_string()))?;
    state.apply(Command::PutBaseline(Box::new(snapshot)));
    Ok(success(id))
}

fn delete_baseline(state: &mut State, context: &Context, id: &str) -> Outcome {
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

fn folio_expenditures(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
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
    let items = book_of(state, folio)?
        .expenditures(baseline, actual, revenue)
        .map_err(book_refusal)?;
    let positions = state.positions_shown(&items, baseline);
    Ok(success(Expenditures {
        positions,
        expenses: items.expenses,
    }))
}

fn custom_fields(state: &State, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let mut catalog = CustomFieldCatalog::default();
    for (owner, definition) in state.custom_fields.values() {
        if *owner == folio && definition.deleted_on.is_none() {
            catalog
                .custom_fields
                .entry(definition.field_type)
                .or_default()
                .push(definition.clone());
        }
    }
    Ok(success(catalog))
}

fn add_custom_field(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = changeable_folio_id(state, context, id)?;
    let mut definition: CustomFieldDefinition = read(request)?;
    if definition.name.trim().is_empty() {
        return Err(field_error("name", crate::model::messages::NAME_REQUIRED));
    }
    let id = Id::new(state.counters.next(crate::state::IdKind::CustomField));
    definition.id = Some(id);
    definition.deleted_on = None;
    state.apply(Command::PutCustomField { folio, definition });
    Ok(success(id))
}

fn delete_custom_field(state: &mut State, context: &Context, id: &str) -> Outcome {
    let missing = || {
        message_error(
            404,
            format!(
                "Custom field {} does not exist",
                crate::model::messages::excerpt(id)
            ),
        )
    };
    let (folio, mut definition) = path_id(id)
        .and_then(|id| state.custom_fields.get(&id))
        .filter(|(_, d)| d.deleted_on.is_none())
        .cloned()
        .ok_or_else(missing)?;
    may_change_in(state, context, folio, missing)?;
    definition.deleted_on = Some(today(context));
    state.apply(Command::PutCustomField { folio, definition });
    Ok(success(true))
}

fn scope(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = changeable_folio_id(state, context, id)?;
    let body: ScopeItems = read(request)?;
    let mut record = state.folios[&folio].clone();
    record.scope = body.items;
    state.apply(Command::PutFolio(Box::new(record)));
    Ok(success(true))
}

fn as_of(request: &Request, context: &Context) -> Result<Date, super::http::Response> {
    match request.param_value("asOf") {
        None => Ok(today(context)),
        Some(text) => Date::parse(text)
            .map_err(|error| super::budget::parse_failure(format!("asOf: {error}"))),
    }
}

/// The book of `folio` (which exists: the caller's access was decided on it).
fn book_of(state: &State, folio: u64) -> Result<FolioBook<'_>, super::http::Response> {
    state.folio_book(folio).ok_or_else(folio_not_viewable)
}

/// A refusal of a folio book, in the budgeting envelope: a field error naming the field at fault,
/// the documented expense errors by field, else a message.
pub(super) fn book_refusal(error: BookError) -> super::http::Response {
    match error {
        BookError::Expense { errors, .. } => super::budget::expense_errors(errors),
        BookError::Baseline(error) => message_error(404, error.to_string()),
        error => match error.field() {
            Some(field) => field_error(field, error.to_string()),
            None => message_error(400, error.to_string()),
        },
    }
}

/// The indicators of `folio` at `as_of`, their planned side from `side`.
fn folio_report(
    state: &State,
    folio: u64,
    as_of: Date,
    side: PlannedSide,
) -> Result<Indicators, super::http::Response> {
    book_of(state, folio)?
        .indicators(as_of, side)
        .map_err(book_refusal)
}

/// `GET /budgets/1/folio/{id}/indicators?asOf=&plan=`: the indicators (S9), their planned side
/// from `plan` as the timeline's (extension; by default what S8.5 says).
fn folio_indicators(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let plan = plan_of(state, request, folio)?;
    Ok(success(folio_report(
        state,
        folio,
        as_of(request, context)?,
        plan,
    )?))
}

/// The `plan` parameter of a timeline or of indicators (extension): absent for
/// [`PlannedSide::Latest`], `draft`, or a live baseline id of the folio; anything else is a 400
/// naming `plan`.
fn plan_of(
    state: &State,
    request: &Request,
    folio: u64,
) -> Result<PlannedSide, super::http::Response> {
    let Some(text) = request.param_value("plan") else {
        return Ok(PlannedSide::Latest);
    };
    if text == "draft" {
        return Ok(PlannedSide::Draft);
    }
    // A live baseline of the folio: a deleted one is listed nowhere, so it is no plan either.
    let id = path_id(text).filter(|id| {
        state
            .baselines
            .get(id)
            .is_some_and(|b| b.baseline.folio_id.get() == folio && b.baseline.deleted_on.is_none())
    });
    id.map(|id| PlannedSide::Baseline(Id::new(id)))
        .ok_or_else(|| {
            super::budget::parse_failure(format!(
                "plan: {} is neither draft nor a live baseline of this folio",
                crate::model::messages::excerpt(text)
            ))
        })
}

fn folio_timeline(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let as_of = as_of(request, context)?;
    let plan = plan_of(state, request, folio)?;
    Ok(success(buckets(state, folio, as_of, plan, |period| {
        super::budget::granularity(request, period)
    })?))
}

/// The timeline of `folio` at `as_of` (S9.6), its planned side from `side`, by the granularity
/// `granularity` picks for the folio's period.
fn buckets(
    state: &State,
    folio: u64,
    as_of: Date,
    side: PlannedSide,
    granularity: impl FnOnce(DateRange) -> Result<Granularity, super::http::Response>,
) -> Result<Vec<TimelineBucket>, super::http::Response> {
    let mut book = book_of(state, folio)?;
    book.period().map_err(book_refusal)?;
    let granularity = granularity(book.terms().map_err(book_refusal)?.period)?;
    book.timeline(as_of, granularity, side)
        .map_err(book_refusal)
}

/// One live item of a folio with its money: the whole and the part to date in the folio's
/// currency (as the folio's indicators count it: positions by their atoms, expenses by their
/// converted payments), and its payment lines.
#[derive(Write)]
#[wire(rename_all = "camelCase")]
struct FolioItem {
    id: Id,
    name: String,
    total: Exact,
    to_date: Exact,
    lines: Vec<ExpensePayment>,
}

/// A folio's payments: every live item's lines and the monthly timeline.
#[derive(Write)]
struct FolioPayments {
    positions: Vec<FolioItem>,
    expenses: Vec<FolioItem>,
    timeline: Vec<TimelineBucket>,
}

/// A live position of a folio with its whole history and its money.
#[derive(Write)]
#[wire(rename_all = "camelCase")]
struct PositionItem {
    /// As `GET /position/{id}` shows it.
    position: Position,
    rates: Vec<crate::model::budgeting::Rate>,
    allocations: Vec<crate::model::budgeting::Allocation>,
    /// Worked hours of a team member, billable hours of a consulting revenue.
    hours: Vec<crate::model::budgeting::HoursPeriod>,
    total: Exact,
    to_date: Exact,
}

/// A live expense of a folio (with its `convertedAmount`) and its money.
#[derive(Write)]
#[wire(rename_all = "camelCase")]
struct ExpenseItem {
    expense: crate::model::budgeting::Expense,
    total: Exact,
    to_date: Exact,
}

/// Every live item of a folio with its money.
#[derive(Write)]
struct FolioItems {
    positions: Vec<PositionItem>,
    expenses: Vec<ExpenseItem>,
}

/// `(total, toDate)` of `key` in `book`'s draft at `as_of`, in the folio's currency (zero for an
/// item the draft does not hold).
fn item_money(
    book: &mut FolioBook<'_>,
    key: ItemKey,
    as_of: Date,
) -> Result<(Exact, Exact), super::http::Response> {
    let (total, to_date) = book.item_money(key, as_of).map_err(book_refusal)?;
    Ok((Exact::of(total), Exact::of(to_date)))
}

/// `GET /budgets/1/folio/{id}/items?asOf=` (extension): every live position of the folio with its
/// rates, allocations and hours, and every live expense, each with its total and its money to
/// date at `asOf` in the folio's currency: what the planner's costs and revenues screen lists, in
/// one request. A deleted folio lists nothing (S5.1).
fn folio_items(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let as_of = as_of(request, context)?;
    let record = &state.folios[&folio].folio;
    let mut items = FolioItems {
        positions: Vec::new(),
        expenses: Vec::new(),
    };
    if record.deleted_on.is_some() {
        return Ok(success(items));
    }
    let mut book = book_of(state, folio)?;
    let live = |deleted: Option<Date>| deleted.is_none();
    for row in state
        .positions
        .values()
        .filter(|row| row.header.folio_id.get() == folio && live(row.record.deleted_on))
    {
        let (total, to_date) = item_money(&mut book, ItemKey::Position(row.record.id), as_of)?;
        items.positions.push(PositionItem {
            position: super::budget_positions::shown(row),
            rates: row
                .record
                .rates
                .iter()
                .filter(|r| live(r.deleted_on))
                .cloned()
                .collect(),
            allocations: row
                .record
                .allocations
                .iter()
                .filter(|a| live(a.deleted_on))
                .cloned()
                .collect(),
            hours: row
                .record
                .hours
                .iter()
                .filter(|h| live(h.deleted_on))
                .cloned()
                .collect(),
            total,
            to_date,
        });
    }
    for expense in state
        .expenses
        .values()
        .filter(|e| e.folio_id.get() == folio && live(e.deleted_on))
    {
        let (total, to_date) = item_money(
            &mut book,
            ItemKey::Expense(expense.id.unwrap_or_default()),
            as_of,
        )?;
        items.expenses.push(ExpenseItem {
            expense: super::budget::with_converted(state, expense)?,
            total,
            to_date,
        });
    }
    Ok(success(items))
}

/// `GET /budgets/1/folio/{id}/payments?asOf=&format=` (extension): every live position (its lines
/// by month, as `costfolio plan` computes them) and expense of the folio with its total and its
/// cost or revenue to date, and the folio's monthly timeline at `asOf`; with `format=csv`, the CSV
/// of `costfolio plan --csv`, as a file to save. A deleted folio pays nothing (S5.1). Its work is
/// bounded by the folio's limits on positions, expenses and payments.
fn folio_payments(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let csv = match request.param_value("format") {
        None | Some("json") => false,
        Some("csv") => true,
        Some(other) => {
            return Err(super::budget::parse_failure(format!(
                "format: {} is not json or csv",
                crate::model::messages::excerpt(other)
            )))
        }
    };
    let as_of = as_of(request, context)?;
    let record = &state.folios[&folio].folio;
    super::budget::check_payment_lines(state, folio, record)?;
    let mut payments = FolioPayments {
        positions: Vec::new(),
        expenses: Vec::new(),
        timeline: Vec::new(),
    };
    if record.deleted_on.is_none() {
        // The book's draft holds every live item, costed by month, cut after asOf; each item's
        // money is asked before its lines, so a ledger's refusal comes first.
        let mut book = book_of(state, folio)?;
        let mut item = |key: ItemKey, name: &str| -> Result<FolioItem, super::http::Response> {
            let (total, to_date) = item_money(&mut book, key, as_of)?;
            let lines = match key {
                ItemKey::Position(id) => book.position_lines(id, Granularity::Month),
                ItemKey::Expense(id) => book.expense_lines(id),
            }
            .map_err(book_refusal)?;
            Ok(FolioItem {
                id: match key {
                    ItemKey::Position(id) | ItemKey::Expense(id) => id,
                },
                name: name.to_owned(),
                total,
                to_date,
                lines,
            })
        };
        for row in state
            .positions
            .values()
            .filter(|row| row.header.folio_id.get() == folio && row.record.deleted_on.is_none())
        {
            payments
                .positions
                .push(item(ItemKey::Position(row.record.id), &row.header.name)?);
        }
        for expense in state
            .expenses
            .values()
            .filter(|e| e.folio_id.get() == folio && e.deleted_on.is_none())
        {
            payments.expenses.push(item(
                ItemKey::Expense(expense.id.unwrap_or_default()),
                &expense.name,
            )?);
        }
        payments.timeline = book
            .timeline(as_of, Granularity::Month, PlannedSide::Latest)
            .map_err(book_refusal)?;
    }
    if !csv {
        return Ok(success(payments));
    }
    let plain = |items: Vec<FolioItem>| -> Vec<ItemPayments> {
        items
            .into_iter()
            .map(|item| ItemPayments {
                id: item.id,
                name: item.name,
                lines: item.lines,
            })
            .collect()
    };
    let text = payments_csv(
        &plain(payments.positions),
        &plain(payments.expenses),
        &payments.timeline,
    );
    Ok(super::http::Response {
        status: 200,
        headers: vec![
            ("Content-Type".into(), "text/csv; charset=utf-8".into()),
            (
                "Content-Disposition".into(),
                format!("attachment; filename=\"folio-{folio}-payments.csv\""),
            ),
        ],
        body: text.into_bytes(),
    })
}

/// How deep sub-portfolios may nest: a portfolio has at most this many ancestors. Deeper (or a
/// loop) is refused when written, and every walk over the tree stops here, so that no stored
/// structure can exhaust the stack (S11.5).
pub(super) const MAX_PORTFOLIO_DEPTH: usize = 16;

/// The most distinct folios one portfolio rollup computes (each once, however often the tree lists
/// it): more is a 400 naming the limit, decided before any is computed, so one request's work stays
/// bounded.
pub(super) const MAX_ROLLUP_FOLIOS: usize = 100;

/// The most baselines one folio holds, deleted ones included: each freezes a copy of the folio.
pub(super) const MAX_FOLIO_BASELINES: usize = 100;

/// The most folios one portfolio lists.
pub(super) const MAX_PORTFOLIO_FOLIOS: usize = 100;

/// A portfolio the caller may read; else the portfolio's 404, the same for a missing one.
fn readable_portfolio<'s>(
    state: &'s State,
    caller: &Caller,
    id: &str,
) -> Result<&'s Portfolio, super::http::Response> {
    path_id(id)
        .and_then(|id| state.portfolios.get(&id))
        .filter(|portfolio| caller.portfolio(portfolio) >= Access::Read)
        .ok_or_else(|| portfolio_missing(id))
}

fn portfolio_missing(id: impl std::fmt::Display) -> super::http::Response {
    message_error(
        404,
        format!(
            "Portfolio {} does not exist",
            crate::model::messages::excerpt(&id.to_string())
        ),
    )
}

/// The sub-portfolios of each portfolio, by parent id, in id order.
fn children_by_parent(state: &State) -> HashMap<u64, Vec<&Portfolio>> {
    let mut children: HashMap<u64, Vec<&Portfolio>> = HashMap::new();
    for portfolio in state.portfolios.values() {
        if let (Some(parent), Some(id)) = (portfolio.parent_id, portfolio.id) {
            if parent != id {
                children.entry(parent.get()).or_default().push(portfolio);
            }
        }
    }
    children
}

fn portfolios(state: &State, context: &Context) -> Outcome {
    let caller = who(context);
    let view = View {
        state,
        context,
        caller: &caller,
        children: children_by_parent(state),
    };
    let shown: Vec<Portfolio> = state
        .portfolios
        .values()
        .filter(|p| p.parent_id.is_none() && caller.portfolio(p) >= Access::Read)
        .map(|p| with_children(&view, p, 0))
        .collect();
    Ok(success(shown))
}

/// A portfolio with the sub-portfolios the caller may read nested, at most
/// [`MAX_PORTFOLIO_DEPTH`] levels down (the bound also ends a loop left by an older journal).
/// Its folios are those the caller may read, as they are now (S11.5): a public portfolio shows
/// nothing of a folio the caller may not open.
fn with_children(view: &View<'_>, portfolio: &Portfolio, depth: usize) -> Portfolio {
    let mut shown = portfolio.clone();
    shown.folios = portfolio
        .folios
        .iter()
        .filter_map(|folio| view.caller.folio_for_read(view.state, folio.id.get()).ok())
        .map(|record| super::budget::summary(&record.folio, view.context))
        .collect();
    let id = portfolio.id.map_or(0, Id::get);
    shown.portfolios = match view.children.get(&id) {
        Some(below) if depth < MAX_PORTFOLIO_DEPTH => below
            .iter()
            .filter(|child| view.caller.portfolio(child) >= Access::Read)
            .map(|child| with_children(view, child, depth + 1))
            .collect(),
        _ => Vec::new(),
    };
    shown
}

/// What showing portfolios to one caller needs.
struct View<'a> {
    state: &'a State,
    context: &'a Context,
    caller: &'a Caller,
    children: HashMap<u64, Vec<&'a Portfolio>>,
}

/// Refuses a parent that would loop the chain back to `id` or nest the portfolio (and the
/// `height` levels of sub-portfolios below it) deeper than [`MAX_PORTFOLIO_DEPTH`].
fn check_parent(
    state: &State,
    id: Option<Id>,
    parent: Id,
    height: usize,
) -> Result<(), super::http::Response> {
    let mut ancestors = 0;
    let mut at = Some(parent);
    while let Some(current) = at {
        if Some(current) == id {
            return Err(field_error(
                "parentId",
                format!("parent portfolio {parent} would make the portfolio its own ancestor"),
            ));
        }
        ancestors += 1;
        if ancestors + height > MAX_PORTFOLIO_DEPTH {
            return Err(field_error(
                "parentId",
                format!(
                    "parent portfolio {parent} would nest sub-portfolios more than {MAX_PORTFOLIO_DEPTH} levels deep"
                ),
            ));
        }
        at = state
            .portfolios
            .get(&current.get())
            .and_then(|p| p.parent_id);
    }
    Ok(())
}

/// How many levels of sub-portfolios lie below `id` (0 for none), counted at most one past the
/// limit.
fn height(children: &HashMap<u64, Vec<&Portfolio>>, id: u64) -> usize {
    let mut level = vec![id];
    let mut height = 0;
    while height <= MAX_PORTFOLIO_DEPTH {
        level = level
            .iter()
            .filter_map(|id| children.get(id))
            .flatten()
            .filter_map(|child| child.id.map(Id::get))
            .collect();
        if level.is_empty() {
            break;
        }
        height += 1;
    }
    height
}

fn put_portfolio(state: &mut State, request: &Request, context: &Context, update: bool) -> Outcome {
    let caller = who(context);
    let mut portfolio: Portfolio = read(request)?;
    let existing = if update {
        let id = portfolio
            .id
            .ok_or_else(|| field_error("id", "id is required to update a portfolio"))?;
        let existing = readable_portfolio(state, &caller, &id.to_string())?.clone();
        if caller.portfolio(&existing) < Access::Change {
            return Err(forbidden(crate::model::messages::CHANGE_NOT_ALLOWED));
        }
        Some(existing)
    } else {
        None
    };
    // S11.5: the owner is the caller on create; only a budget administrator hands the portfolio
    // to someone else.
    let keeps_owner = match &existing {
        Some(existing) => portfolio.owner == existing.owner,
        None => portfolio.owner == caller.user,
    };
    if !keeps_owner && !caller.budget_admin {
        return Err(forbidden_field(
            "owner",
            format!(
                "Only a budget administrator may make {:?} the owner",
                crate::model::messages::excerpt(&portfolio.owner)
            ),
        ));
    }
    if portfolio.name.trim().is_empty() {
        return Err(field_error("name", crate::model::messages::NAME_REQUIRED));
    }
    if portfolio.folios.len() > MAX_PORTFOLIO_FOLIOS {
        return Err(field_error(
            "folios",
            format!("a portfolio may list at most {MAX_PORTFOLIO_FOLIOS} folios"),
        ));
    }
    for (index, folio) in portfolio.folios.iter().enumerate() {
        if portfolio.folios[..index].iter().any(|f| f.id == folio.id) {
            return Err(field_error(
                "folios",
                format!("folio {} is listed twice", folio.id),
            ));
        }
    }
    // A folio joins a portfolio only by a caller who may change it: a portfolio's admins may read
    // its folios, so placing a folio one may merely read would share it further (S11.4, S11.5).
    // Folios already in the portfolio stay.
    for folio in &portfolio.folios {
        let id = folio.id.get();
        let already = existing
            .as_ref()
            .is_some_and(|e| e.folios.iter().any(|f| f.id == folio.id));
        if !already && who(context).folio_for_change(state, id).is_err() {
            return Err(field_error(
                "folios",
                format!("folio {id} cannot be viewed or changed by the caller"),
            ));
        }
    }
    // Folios the caller may not read stay where they are: a change cannot drop what it cannot see.
    if let Some(existing) = &existing {
        for folio in &existing.folios {
            let listed = portfolio.folios.iter().any(|f| f.id == folio.id);
            if !listed && caller.folio_for_read(state, folio.id.get()).is_err() {
                portfolio.folios.push(folio.clone());
            }
        }
    }
    // An admin reads every folio of the portfolio: only a caller who may change all of them may
    // name a new admin, or they would share what is not theirs to share (S11.4, S11.5).
    let before: &[String] = existing.as_ref().map_or(&[], |e| &e.admins);
    if let Some(added) = portfolio.admins.iter().find(|a| !before.contains(a)) {
        let shares = portfolio
            .folios
            .iter()
            .any(|f| caller.folio(state, f.id.get()) < Access::Change);
        if shares {
            return Err(forbidden_field(
                "admins",
                format!(
                    "Only a caller who may change every folio of the portfolio may make {:?} an admin",
                    crate::model::messages::excerpt(added)
                ),
            ));
        }
    }
    if let Some(parent) = portfolio.parent_id {
        let placed = state
            .portfolios
            .get(&parent.get())
            .filter(|p| caller.portfolio(p) == Access::Change);
        if placed.is_none() {
            return Err(field_error(
                "parentId",
                format!(
                    "parent portfolio {parent} does not exist or cannot be changed by the caller"
                ),
            ));
        }
        let below = existing
            .as_ref()
            .and_then(|e| e.id)
            .map_or(0, |id| height(&children_by_parent(state), id.get()));
        check_parent(state, portfolio.id.filter(|_| update), parent, below)?;
    }
    let id = match &existing {
        Some(existing) => existing.id.unwrap_or_default(),
        None => Id::new(state.counters.next(crate::state::IdKind::Portfolio)),
    };
    portfolio.id = Some(id);
    portfolio.portfolios = Vec::new();
    state.apply(Command::PutPortfolio(Box::new(portfolio.clone())));
    Ok(if update {
        let view = View {
            state,
            context,
            caller: &caller,
            children: children_by_parent(state),
        };
        success(with_children(&view, &portfolio, 0))
    } else {
        success(id)
    })
}

fn delete_portfolio(state: &mut State, context: &Context, id: &str) -> Outcome {
    let caller = who(context);
    let portfolio = readable_portfolio(state, &caller, id)?.clone();
    if caller.portfolio(&portfolio) < Access::Change {
        return Err(forbidden(crate::model::messages::CHANGE_NOT_ALLOWED));
    }
    if state
        .portfolios
        .values()
        .any(|p| p.parent_id == portfolio.id && p.id != portfolio.id)
    {
        return Err(message_error(
            400,
            "The portfolio holds sub-portfolios; delete or move them first",
        ));
    }
    // A portfolio has no deletedOn on the wire: deleting it takes it out of the state.
    state.apply(Command::DeletePortfolio(
        portfolio.id.unwrap_or_default().get(),
    ));
    Ok(success(true))
}

/// Why a portfolio rollup could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RollupError {
    /// The portfolio does not exist, or the caller may not read it (the text of its id).
    Missing(String),
    /// It holds more distinct folios than a rollup may (100).
    TooManyFolios(usize),
    /// A folio of it could not be costed.
    Folio(BookError),
    /// The sums could not be converted or held (S9.9).
    Sums(crate::analytics::AnalyticsError),
}

impl std::fmt::Display for RollupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RollupError::Missing(id) => write!(
                f,
                "Portfolio {} does not exist",
                crate::model::messages::excerpt(id)
            ),
            RollupError::TooManyFolios(count) => write!(
                f,
                "A portfolio rollup may hold at most {MAX_ROLLUP_FOLIOS} folios; this one holds {count}"
            ),
            RollupError::Folio(error) => error.fmt(f),
            RollupError::Sums(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for RollupError {}

/// A rollup's refusal in the budgeting envelope.
fn rollup_refusal(error: RollupError) -> super::http::Response {
    match error {
        RollupError::Missing(id) => portfolio_missing(id),
        RollupError::Folio(error) => book_refusal(error),
        error => message_error(400, error.to_string()),
    }
}

/// The rollup of portfolio `id` at `as_of` as a budget administrator sees it (S9.9): what the
/// wasm package's planner answers without a request.
pub fn admin_rollup(state: &State, id: u64, as_of: Date) -> Result<Indicators, RollupError> {
    let caller = Caller {
        user: "planner".into(),
        budget_admin: true,
        write: false,
    };
    let portfolio = state
        .portfolios
        .get(&id)
        .ok_or_else(|| RollupError::Missing(id.to_string()))?;
    rollup_of(state, &caller, portfolio, as_of)
}

/// The rollup of `portfolio` (S9.9), over the folios the caller may read (S11.5), walking the tree
/// iteratively to at most [`MAX_PORTFOLIO_DEPTH`] levels and [`MAX_ROLLUP_FOLIOS`] folios.
fn rollup_of(
    state: &State,
    caller: &Caller,
    portfolio: &Portfolio,
    as_of: Date,
) -> Result<Indicators, RollupError> {
    let children = children_by_parent(state);
    let rates = ExchangeRates::from_wire(state.exchange_rates.iter());
    // Breadth-first order of the tree the caller may read (a private sub-portfolio they may not
    // read is left out, as the list leaves it out), each with its depth and its parent's place.
    let mut order: Vec<(&Portfolio, usize, Option<usize>)> = vec![(portfolio, 0, None)];
    let mut next = 0;
    while next < order.len() {
        let (current, depth, _) = order[next];
        if depth < MAX_PORTFOLIO_DEPTH {
            for child in children
                .get(&current.id.map_or(0, Id::get))
                .into_iter()
                .flatten()
            {
                if caller.portfolio(child) >= Access::Read {
                    order.push((child, depth + 1, Some(next)));
                }
            }
        }
        next += 1;
    }
    // The distinct folios the caller may read, counted before any is computed, and each computed
    // once however often the tree lists it: the limit bounds the work, not just the answer.
    let mut reports: HashMap<u64, Option<Indicators>> = HashMap::new();
    for (current, _, _) in &order {
        for folio in &current.folios {
            let id = folio.id.get();
            if !reports.contains_key(&id) && caller.folio_for_read(state, id).is_ok() {
                reports.insert(id, None);
            }
        }
    }
    if reports.len() > MAX_ROLLUP_FOLIOS {
        return Err(RollupError::TooManyFolios(reports.len()));
    }
    let mut members: Vec<Vec<Indicators>> = vec![Vec::new(); order.len()];
    let mut tolerances: Vec<Option<crate::value::Decimal>> = vec![None; order.len()];
    for index in (0..order.len()).rev() {
        let (current, _, parent) = order[index];
        for folio in &current.folios {
            let id = folio.id.get();
            let Some(slot) = reports.get_mut(&id) else {
                continue;
            };
            let report = match slot {
                Some(report) => report.clone(),
                None => {
                    let report = state
                        .folio_book(id)
                        .ok_or_else(|| RollupError::Missing(id.to_string()))?
                        .indicators(as_of, PlannedSide::Latest)
                        .map_err(RollupError::Folio)?;
                    slot.insert(report).clone()
                }
            };
            let tolerance = state.folios[&id].folio.tolerance.get();
            tolerances[index] = Some(tolerances[index].map_or(tolerance, |t| t.min(tolerance)));
            members[index].push(report);
        }
        let refs: Vec<&Indicators> = members[index].iter().collect();
        let rolled = rollup(
            &refs,
            current.currency_code,
            as_of,
            &rates,
            tolerances[index].unwrap_or_default(),
        )
        .map_err(RollupError::Sums)?;
        match parent {
            Some(parent) => members[parent].push(rolled),
            None => return Ok(rolled),
        }
    }
    Err(RollupError::Missing(
        portfolio.id.unwrap_or_default().to_string(),
    ))
}

fn portfolio_indicators(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let caller = who(context);
    let portfolio = readable_portfolio(state, &caller, id)?;
    let as_of = as_of(request, context)?;
    Ok(success(
        rollup_of(state, &caller, portfolio, as_of).map_err(rollup_refusal)?,
    ))
}

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
