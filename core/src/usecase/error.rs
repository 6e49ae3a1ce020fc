//! The one error of the use cases: what kind of refusal it is (asked with predicates, as jiff's
//! errors are), and what it says, by field where it names one. The interfaces render it: the
//! budgeting envelope (`error`, `errorMessages`, `errors`) with the status of its kind.

use core::fmt;
use std::collections::BTreeMap;

use crate::model::budgeting::BudgetErrorBody;

/// What kind of refusal an [`Error`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The input is invalid (400): a field, a rule, a limit.
    Invalid,
    /// The caller may read the record but not do this (403).
    Forbidden,
    /// No such record, or one the caller may not read (404: the same answer, S11.4).
    NotFound,
    /// The change would break what others rely on (409).
    Conflict,
    /// The body is not the media type the operation takes (415).
    UnsupportedMedia,
    /// What the answer is read from could not be read now (503): the journal.
    Unavailable,
}

impl ErrorKind {
    /// The HTTP status of the kind.
    pub fn status(self) -> u16 {
        match self {
            ErrorKind::Invalid => 400,
            ErrorKind::Forbidden => 403,
            ErrorKind::NotFound => 404,
            ErrorKind::Conflict => 409,
            ErrorKind::UnsupportedMedia => 415,
            ErrorKind::Unavailable => 503,
        }
    }
}

/// Why a use case refused: its [`ErrorKind`] and its words (a parse failure, general messages,
/// messages by field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    body: BudgetErrorBody,
}

/// A use case's answer.
pub type Result<T> = core::result::Result<T, Error>;

impl Error {
    /// A refusal of `kind` saying `body`.
    pub fn new(kind: ErrorKind, body: BudgetErrorBody) -> Error {
        Error { kind, body }
    }

    /// An invalid input, its message under `field`.
    pub fn field(field: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Invalid, BudgetErrorBody::field(field, message))
    }

    /// An invalid input, its messages by field.
    pub fn fields(pairs: impl IntoIterator<Item = (String, String)>) -> Error {
        // A later message for a field replaces an earlier one.
        let mut errors = BTreeMap::new();
        for (field, message) in pairs {
            errors.insert(field, message);
        }
        Error::new(
            ErrorKind::Invalid,
            BudgetErrorBody {
                errors: Some(errors),
                ..BudgetErrorBody::default()
            },
        )
    }

    /// An invalid input that names no field.
    pub fn invalid(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Invalid, BudgetErrorBody::message(message))
    }

    /// An input that does not parse (a date not in `yyyy-MM-dd`, S2.1): its `error`.
    pub fn parse_failure(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Invalid, BudgetErrorBody::parse_failure(message))
    }

    /// A record that does not exist or that the caller may not read.
    pub fn not_found(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::NotFound, BudgetErrorBody::message(message))
    }

    /// The documented folio 404 (S11.4): the same whether the folio is missing or hidden.
    pub fn folio_not_viewable() -> Error {
        Error::not_found(crate::model::messages::FOLIO_NOT_VIEWABLE)
    }

    /// A change the caller may not make (403).
    pub fn forbidden(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Forbidden, BudgetErrorBody::message(message))
    }

    /// A change the caller may not make, naming the field at fault (403).
    pub fn forbidden_field(field: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Forbidden, BudgetErrorBody::field(field, message))
    }

    /// What the answer is read from could not be read now (503), in words.
    pub fn unavailable(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unavailable, BudgetErrorBody::message(message))
    }

    /// A change that would break what others rely on (409).
    pub fn conflict(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Conflict, BudgetErrorBody::message(message))
    }

    /// The kind of refusal.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// Whether the input is invalid (400).
    pub fn is_invalid(&self) -> bool {
        self.kind == ErrorKind::Invalid
    }

    /// Whether the caller may not do this (403).
    pub fn is_forbidden(&self) -> bool {
        self.kind == ErrorKind::Forbidden
    }

    /// Whether the record is missing or hidden (404).
    pub fn is_not_found(&self) -> bool {
        self.kind == ErrorKind::NotFound
    }

    /// Whether the change would break what others rely on (409).
    pub fn is_conflict(&self) -> bool {
        self.kind == ErrorKind::Conflict
    }

    /// What the refusal says, as the budgeting interface writes it.
    pub fn body(&self) -> &BudgetErrorBody {
        &self.body
    }

    /// The refusal's words, owned.
    pub fn into_body(self) -> BudgetErrorBody {
        self.body
    }

    /// The first field the refusal names, if any.
    pub fn field_name(&self) -> Option<&str> {
        self.body
            .errors
            .as_ref()
            .and_then(|errors| errors.keys().next())
            .map(String::as_str)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if let Some(error) = &self.body.error {
            parts.push(error.clone());
        }
        parts.extend(self.body.error_messages.iter().flatten().cloned());
        for (field, message) in self.body.errors.iter().flatten() {
            parts.push(format!("{field}: {message}"));
        }
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for Error {}
