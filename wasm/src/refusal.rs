//! Why a call of the package was refused, and how a refusal crosses to JavaScript: as an `Error`
//! carrying the core's message.

use costfolio::analytics::BookError;
use costfolio::model::WireError;
use costfolio::plan::PlanError;
use costfolio::recurrence::RecurrenceError;
use costfolio::schedule::GranularityError;
use costfolio::value::ValueError;
use wasm_bindgen::prelude::JsError;

/// Why a call of the package was refused. The core's error stays typed up to the boundary, where
/// its message becomes the JavaScript `Error`'s.
#[derive(Debug)]
pub enum Refusal {
    /// A JSON argument (`request`, `context`, `entries`, `recurrence`) does not read.
    Json {
        /// The argument, as the message names it; empty to name none.
        argument: &'static str,
        /// Why, naming the field.
        error: WireError,
    },
    /// An argument of the wrong form (`asOf`, `context.now`, `context.random`), with the message.
    Form(String),
    /// A date argument (`defaultEnd`, `from`, `to`) refused by its value type.
    Date {
        /// The argument.
        argument: &'static str,
        /// Why.
        error: ValueError,
    },
    /// A window that ends before it starts.
    Window(ValueError),
    /// A recurrence refused (S4).
    Recurrence(RecurrenceError),
    /// The granularity asked for is refused.
    Granularity(GranularityError),
    /// The folio book refused.
    Book(BookError),
    /// A use case of the core refused (its kind and words, as the REST answer gives them).
    UseCase(costfolio::usecase::Error),
    /// The plan document refused.
    Plan(PlanError),
}

impl core::fmt::Display for Refusal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Refusal::Json {
                argument: "",
                error,
            } => error.fmt(f),
            Refusal::Json { argument, error } => write!(f, "{argument}: {error}"),
            Refusal::Form(message) => f.write_str(message),
            Refusal::Date { argument, error } => write!(f, "{argument}: {error}"),
            Refusal::Window(error) => error.fmt(f),
            Refusal::Recurrence(error) => error.fmt(f),
            Refusal::Granularity(error) => write!(f, "granularity: {error}"),
            // As the REST answer words it: `field: message` for each field at fault.
            Refusal::Book(error) => book(error, f),
            Refusal::UseCase(error) => error.fmt(f),
            Refusal::Plan(error) => error.fmt(f),
        }
    }
}

/// A book's refusal as the REST answer words it: `field: message` for each field at fault (an
/// expense's by the last segment of its path, in field order, the last message of a field kept,
/// as the budgeting `errors` map holds them), else the message.
fn book(error: &BookError, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
    match error {
        BookError::Expense { errors, .. } => {
            // String keys, as the REST `errors` map has them (one map type in the module).
            let mut fields: std::collections::BTreeMap<String, String> = Default::default();
            for e in errors {
                fields.insert(e.field_name().to_owned(), e.to_string());
            }
            let shown: Vec<String> = fields
                .iter()
                .map(|(field, message)| format!("{field}: {message}"))
                .collect();
            f.write_str(&shown.join("; "))
        }
        error => match error.field() {
            Some(field) => write!(f, "{field}: {error}"),
            None => core::fmt::Display::fmt(error, f),
        },
    }
}

impl std::error::Error for Refusal {}

impl From<costfolio::usecase::Error> for Refusal {
    fn from(error: costfolio::usecase::Error) -> Refusal {
        Refusal::UseCase(error)
    }
}

impl From<BookError> for Refusal {
    fn from(error: BookError) -> Refusal {
        Refusal::Book(error)
    }
}

/// A result as JavaScript takes it: the refusal as an `Error` with its message.
pub(crate) fn js(result: Result<String, Refusal>) -> Result<String, JsError> {
    result.map_err(|refusal| JsError::new(&refusal.to_string()))
}
