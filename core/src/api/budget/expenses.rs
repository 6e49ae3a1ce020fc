//! Expenses: create, update, read, delete and their payments (S5).

use super::folios::{changeable_folio, check_folio_payments, frame, rates};
use super::responses::{
    expense_errors, field_error, folio_not_viewable, message_error, path_id, read, success, Outcome,
};

use crate::api::access::who;
use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::Expense;
use crate::model::Id;
use crate::schedule::{required_expense_fields, ExpensePlan};
use crate::state::{Command, State, Stored};

pub(super) fn expense_payments(state: &State, context: &Context, id: &str) -> Outcome {
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
    let id = expense.id();
    let book = state
        .item_book(
            expense.folio_id.get(),
            crate::analytics::ItemKey::Expense(id),
        )
        .ok_or_else(folio_not_viewable)?;
    Ok(success(
        book.expense_lines(id)
            .map_err(super::responses::book_refusal)?,
    ))
}

/// An expense of a folio the caller may read, deleted or not (S5.1: a deleted record can still be
/// read by id); else the documented 404, the same for a missing one.
pub(super) fn expense_by_id<'s>(
    state: &'s State,
    context: &Context,
    id: &str,
) -> Result<&'s Stored<Expense>, Response> {
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
    let mut shown = expense.clone();
    shown.converted_amount = match plan.converted_amount(&frame, &rates(state)) {
        Ok(converted) => Some(crate::value::Exact::of(converted)),
        // S5.6: an expense an older journal left without a rate still reads; only its figure is
        // missing (its payments and the folio's figures answer the S5.3 refusal).
        Err(crate::schedule::ConversionError::MissingRate { .. }) => None,
        Err(error) => return Err(message_error(400, error.to_string())),
    };
    Ok(shown)
}

pub(super) fn put_expense(
    state: &mut State,
    request: &Request,
    context: &Context,
    update: bool,
) -> Outcome {
    who(context).writes()?;
    // The documented required-field messages, all at once, before the body is read (S5).
    let raw: crate::json::Value = read(request)?;
    let missing = required_expense_fields(&raw);
    if !missing.is_empty() {
        return Err(expense_errors(missing));
    }
    let mut expense: Expense = read(request)?;
    let (id, reporter, before) = if update {
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
        // S6.9: an update keeps who created it.
        (
            id,
            existing.reporter.clone(),
            existing.custom_fields.clone(),
        )
    } else {
        changeable_folio(state, context, expense.folio_id.get())?;
        // S6.9: the reporter is the caller, whatever the body says.
        let reporter = Some(super::responses::caller(context)?.to_owned());
        (
            Id::new(state.counters.next(crate::state::IdKind::Expense)),
            reporter,
            None,
        )
    };
    let folio = state.folios[&expense.folio_id.get()].folio.clone();
    let frame = frame(&folio)?;
    let plan = ExpensePlan::new(&expense, &frame).map_err(expense_errors)?;
    // S5.6: a folio stays computable: no expense in a currency its folio's cannot be had from.
    state
        .check_expense_currency(expense.currency_code, folio.currency_code)
        .map_err(|missing| field_error("currencyCode", missing.to_string()))?;
    // S7.4: cost expenses carry ACTUAL fields, revenues REVENUE fields.
    let kind = if expense.kind.is_cost() {
        crate::model::budgeting::CustomFieldType::Actual
    } else {
        crate::model::budgeting::CustomFieldType::Revenue
    };
    expense.custom_fields = state
        .check_custom_fields(
            crate::state::FieldHolder {
                folio: expense.folio_id.get(),
                kind,
                currency: folio.currency_code,
            },
            expense.custom_fields.as_ref(),
            before.as_ref(),
        )
        .map_err(super::responses::custom_field_refusal)?;
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
    expense.reporter = reporter;
    expense.deleted_on = None;
    expense.converted_amount = None;
    expense.baseline_id = None;
    state.apply(Command::PutExpense(Box::new(Stored::new(
        id,
        expense.clone(),
    ))));
    if update {
        Ok(success(with_converted(state, &expense)?))
    } else {
        Ok(success(id))
    }
}
