//! The errors of the layers below, as use-case refusals: each names its field where it has one.

use super::error::{Cause, Error};
use crate::analytics::BookError;
use crate::rules::{CustomFieldError, ReferenceError};
use crate::schedule::position::PositionError;
use crate::schedule::ExpenseError;
use crate::value::{check_texts, Texts};

/// A reference to no live record (S6.10): invalid, naming the field.
pub(crate) fn reference(error: ReferenceError) -> Error {
    Error::field(error.field, error.to_string()).caused_by(Cause::Reference(error))
}

/// A refused link to a planned item, or `complete` on an actual item (S9.12), naming its field.
pub(crate) fn realises(error: crate::rules::RealisesError) -> Error {
    Error::field(error.field(), error.to_string()).caused_by(Cause::Realises(error))
}

/// A refused custom-field value or definition (S7.4), naming its field (`customFields.<id>`, or
/// the definition's own).
pub(crate) fn custom_field(error: CustomFieldError) -> Error {
    Error::field(&error.field(), error.to_string()).caused_by(Cause::CustomField(error))
}

/// An expense's refusals (S5), by field: the errors map is keyed by the last segment of the
/// field's path (`recurrence.endDate` -> `endDate`), as the budgeting document keys it.
pub(crate) fn expense(errors: Vec<ExpenseError>) -> Error {
    Error::fields(
        errors
            .iter()
            .map(|e| (e.field_name().to_owned(), e.to_string())),
    )
    .caused_by(Cause::Expense(errors))
}

/// A refused position edit (S6): a field message, or a general one.
pub(crate) fn position(error: PositionError) -> Error {
    let refusal = match error.field() {
        Some(field) => Error::field(field, error.to_string()),
        None => Error::invalid(error.to_string()),
    };
    refusal.caused_by(Cause::Position(error))
}

/// A refusal of the `index`th item of the list `list` of a body: its field named as
/// `list[index].field`, or its message when it names none.
pub(crate) fn position_in(list: &str, index: usize, error: PositionError) -> Error {
    let refusal = match error.field() {
        Some(field) => Error::field(&format!("{list}[{index}].{field}"), error.to_string()),
        None => Error::invalid(format!("{list}[{index}]: {error}")),
    };
    refusal.caused_by(Cause::Position(error))
}

/// A refusal of a folio book: the documented expense errors by field, a baseline that is not
/// there (404), else the field at fault or a message.
pub(crate) fn book(error: BookError) -> Error {
    match error {
        BookError::Expense { errors, .. } => expense(errors),
        BookError::Baseline(error) => Error::not_found(error.to_string()),
        error => {
            let refusal = match error.field() {
                Some(field) => Error::field(field, error.to_string()),
                None => Error::invalid(error.to_string()),
            };
            refusal.caused_by(Cause::Book(error))
        }
    }
}

/// A body's texts and lists held to their kinds' bounds (S11.7), the values `before` (the record
/// as it was) held kept: every refusal at once, each at its field.
pub(crate) fn texts<T: Texts + ?Sized, B: Texts + ?Sized>(
    body: &T,
    before: Option<&B>,
) -> Result<(), Error> {
    check_texts(body, before).map_err(Error::fields)
}

/// A new body's texts and lists held to their kinds' bounds (S11.7): [`texts`] with nothing kept.
pub(crate) fn new_texts<T: Texts + ?Sized>(body: &T) -> Result<(), Error> {
    texts::<T, T>(body, None)
}
