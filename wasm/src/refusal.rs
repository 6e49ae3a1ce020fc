//! Why a call of the package was refused, and how a refusal crosses to JavaScript: as an `Error`
//! named `CostfolioError` carrying the core's message, its kind (`invalid`, `notFound`, ...) and
//! the field at fault.

use costfolio::analytics::BookError;
use costfolio::model::WireError;
use costfolio::plan::PlanError;
use costfolio::recurrence::RecurrenceError;
use costfolio::schedule::GranularityError;
use costfolio::value::ValueError;
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

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
    /// An argument of the wrong form (`asOf`, `context.now`, `context.random`).
    Form {
        /// The argument or field, as the message names it; empty to name none.
        field: String,
        /// Why.
        message: String,
    },
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
            Refusal::Form { field, message } if field.is_empty() => f.write_str(message),
            Refusal::Form { field, message } => write!(f, "{field}: {message}"),
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

impl Refusal {
    /// An argument of the wrong form: the argument or field `field` (empty: none), and why.
    pub fn form(field: &str, message: impl Into<String>) -> Refusal {
        Refusal::Form {
            field: field.to_owned(),
            message: message.into(),
        }
    }

    /// What kind of refusal it is, as the package's `CostfolioError.kind` says: a use case's kind
    /// as the REST status gives it (`notFound`, `forbidden`, `conflict`, `unsupportedMedia`,
    /// `unavailable`), else `invalid`: an argument or a value the rules refuse.
    pub fn kind(&self) -> &'static str {
        use costfolio::usecase::ErrorKind;
        match self {
            Refusal::UseCase(error) => match error.kind() {
                ErrorKind::Invalid => "invalid",
                ErrorKind::Forbidden => "forbidden",
                ErrorKind::NotFound => "notFound",
                ErrorKind::Conflict => "conflict",
                ErrorKind::UnsupportedMedia => "unsupportedMedia",
                ErrorKind::Unavailable => "unavailable",
            },
            _ => "invalid",
        }
    }

    /// The argument or field at fault, as the message names it (`asOf`, `positions[0].name`,
    /// `recurrence.occurrences`), when the refusal names one.
    pub fn field(&self) -> Option<String> {
        let named = |argument: &str, inner: Option<&str>| match (argument, inner) {
            ("", inner) => inner.map(str::to_owned),
            (argument, None) => Some(argument.to_owned()),
            (argument, Some(inner)) => Some(format!("{argument}.{inner}")),
        };
        match self {
            Refusal::Json { argument, error } => named(argument, error.field()),
            Refusal::Form { field, .. } => named(field, None),
            Refusal::Date { argument, .. } => Some((*argument).to_owned()),
            Refusal::Window(_) => Some("to".to_owned()),
            Refusal::Recurrence(error) => Some(error.field().to_owned()),
            Refusal::Granularity(_) => Some("granularity".to_owned()),
            Refusal::Book(error) => error.field().map(str::to_owned),
            Refusal::UseCase(error) => error.field_name().map(str::to_owned),
            Refusal::Plan(error) => error.field().map(str::to_owned),
        }
    }
}

#[wasm_bindgen(inline_js = "export function costfolio_error(kind, field, message) {
  const error = new Error(message);
  error.name = 'CostfolioError';
  error.kind = kind;
  error.field = field ?? null;
  return error;
}")]
extern "C" {
    /// A JavaScript `Error` named `CostfolioError` with `kind` and `field` beside its message.
    fn costfolio_error(kind: &str, field: Option<String>, message: &str) -> JsValue;
}

/// A refusal as JavaScript receives it, thrown: an `Error` named `CostfolioError`, its `message`
/// the refusal's words, with its `kind` and its `field` (or null).
impl From<Refusal> for JsValue {
    fn from(refusal: Refusal) -> JsValue {
        costfolio_error(refusal.kind(), refusal.field(), &refusal.to_string())
    }
}

/// A result as JavaScript takes it: the refusal thrown as a `CostfolioError`.
pub(crate) fn js<T>(result: Result<T, Refusal>) -> Result<T, JsValue> {
    result.map_err(JsValue::from)
}
