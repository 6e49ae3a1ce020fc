//! Expenses: create, update, read, delete and their payments (S5): parsed here, decided by the
//! use cases (`usecase::Commands::create_expense` ...).

use super::responses::{
    commands, expense_errors, folio_not_viewable, path_id, queries, read, success, Outcome,
};

use crate::api::http::{Context, Request};
use crate::model::budgeting::Expense;
use crate::schedule::{blank_expense_texts, required_expense_fields};
use crate::state::State;

/// `GET /expense/{id}` (S5.1: a deleted expense can still be read by id, with its deletedOn).
pub(super) fn expense(state: &State, context: &Context, id: &str) -> Outcome {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    Ok(success(queries(state, context).expense(id)?))
}

/// `GET /expense/{id}/payments`.
pub(super) fn expense_payments(state: &State, context: &Context, id: &str) -> Outcome {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    Ok(success(queries(state, context).expense_payments(id)?))
}

/// `POST /expense` and `PUT /expense`: the documented required-field messages, all at once (S5),
/// before any other refusal of the body; then the use case. The body is read once into an
/// [`Expense`]; only when that fails is it read as plain JSON, to find what is missing.
pub(super) fn put_expense(
    state: &mut State,
    request: &Request,
    context: &Context,
    update: bool,
) -> Outcome {
    crate::api::access::who(context).writes()?;
    let expense: Expense = match read(request) {
        Ok(expense) => expense,
        Err(refusal) => {
            let raw: crate::json::Value = read(request)?;
            let missing = required_expense_fields(&raw);
            return Err(if missing.is_empty() {
                refusal
            } else {
                expense_errors(missing)
            });
        }
    };
    let missing = blank_expense_texts(&expense);
    if !missing.is_empty() {
        return Err(expense_errors(missing));
    }
    let mut commands = commands(state, context);
    if update {
        Ok(success(commands.update_expense(expense)?))
    } else {
        Ok(success(commands.create_expense(expense)?))
    }
}

/// `DELETE /expense/{id}`.
pub(super) fn delete_expense(state: &mut State, context: &Context, id: &str) -> Outcome {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    commands(state, context).delete_expense(id)?;
    Ok(success(true))
}
