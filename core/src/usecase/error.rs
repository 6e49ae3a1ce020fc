//! The one error of the use cases: what kind of refusal it is (asked with predicates, as jiff's
//! errors are), and what it says: an input that did not parse, general messages, messages by
//! field. The interfaces render it, each in its own wire shape with its own status (`api`: the
//! budgeting envelope, the core envelope; the wasm package's `CostfolioError`).

use core::fmt;
use std::collections::BTreeMap;

use crate::analytics::BookError;
use crate::rules::{CustomFieldError, ReferenceError};
use crate::schedule::position::PositionError;
use crate::schedule::ExpenseError;

/// What kind of refusal an [`Error`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The input is invalid: a field, a rule, a limit.
    Invalid,
    /// The caller may read the record but not do this.
    Forbidden,
    /// No such record, or one the caller may not read (the same answer, S11.4).
    NotFound,
    /// The change would break what others rely on.
    Conflict,
    /// The body is not the media type the operation takes.
    UnsupportedMedia,
    /// What the answer is read from could not be read now: the journal.
    Unavailable,
}

/// What a refusal came from where a rule of a lower layer refused: that rule's own typed error,
/// for a caller that acts on it rather than on the words ([`Error::cause`], and
/// [`std::error::Error::source`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Cause {
    /// A reference to no live record (S6.10).
    Reference(ReferenceError),
    /// A custom-field value or definition (S7.4).
    CustomField(CustomFieldError),
    /// What an actual item realises, or a line marked complete (S9.12).
    Realises(crate::rules::RealisesError),
    /// An expense's refusals, each at its field (S5).
    Expense(Vec<ExpenseError>),
    /// A position's edit (S6).
    Position(PositionError),
    /// A folio book that could not answer.
    Book(BookError),
}

impl Cause {
    /// The typed error, as the standard library's trait object.
    fn as_error(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Cause::Reference(error) => Some(error),
            Cause::CustomField(error) => Some(error),
            Cause::Realises(error) => Some(error),
            Cause::Expense(errors) => errors.first().map(|e| e as _),
            Cause::Position(error) => Some(error),
            Cause::Book(error) => Some(error),
        }
    }
}

/// Why a use case refused: its [`ErrorKind`] and its words (a parse failure, general messages,
/// messages by field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    /// What did not parse, and why (S2.1).
    parse_failure: Option<String>,
    /// What the refusal says of the whole input.
    messages: Vec<String>,
    /// What it says of each field at fault, by the field's name.
    fields: BTreeMap<String, String>,
    /// The lower layer's typed error it came from, if one refused.
    cause: Option<Box<Cause>>,
}

/// A use case's answer.
pub type Result<T> = core::result::Result<T, Error>;

impl Error {
    /// A refusal of `kind` saying `messages` of the whole input and `fields` by field.
    pub fn with(kind: ErrorKind, messages: Vec<String>, fields: BTreeMap<String, String>) -> Error {
        Error {
            kind,
            parse_failure: None,
            messages,
            fields,
            cause: None,
        }
    }

    /// The same refusal, come from `cause`.
    pub(crate) fn caused_by(self, cause: Cause) -> Error {
        Error {
            cause: Some(Box::new(cause)),
            ..self
        }
    }

    /// The same words as a refusal of `kind`.
    pub fn of_kind(self, kind: ErrorKind) -> Error {
        Error { kind, ..self }
    }

    /// An invalid input, its message under `field`.
    pub fn field(field: &str, message: impl Into<String>) -> Error {
        Error::fields([(field.to_owned(), message.into())])
    }

    /// An invalid input, its messages by field; a later message for a field replaces an earlier
    /// one.
    pub fn fields(pairs: impl IntoIterator<Item = (String, String)>) -> Error {
        let mut fields = BTreeMap::new();
        for (field, message) in pairs {
            fields.insert(field, message);
        }
        Error::with(ErrorKind::Invalid, Vec::new(), fields)
    }

    /// A refusal of `kind` that names no field.
    fn message(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error::with(kind, vec![message.into()], BTreeMap::new())
    }

    /// An invalid input that names no field.
    pub fn invalid(message: impl Into<String>) -> Error {
        Error::message(ErrorKind::Invalid, message)
    }

    /// An input that does not parse (a date not in `yyyy-MM-dd`, S2.1).
    pub fn parse_failure(message: impl Into<String>) -> Error {
        Error {
            parse_failure: Some(message.into()),
            ..Error::with(ErrorKind::Invalid, Vec::new(), BTreeMap::new())
        }
    }

    /// A record that does not exist or that the caller may not read.
    pub fn not_found(message: impl Into<String>) -> Error {
        Error::message(ErrorKind::NotFound, message)
    }

    /// The documented folio 404 (S11.4): the same whether the folio is missing or hidden.
    pub fn folio_not_viewable() -> Error {
        Error::not_found(crate::model::messages::FOLIO_NOT_VIEWABLE)
    }

    /// A change the caller may not make.
    pub fn forbidden(message: impl Into<String>) -> Error {
        Error::message(ErrorKind::Forbidden, message)
    }

    /// A change the caller may not make, naming the field at fault.
    pub fn forbidden_field(field: &str, message: impl Into<String>) -> Error {
        Error::field(field, message).of_kind(ErrorKind::Forbidden)
    }

    /// What the answer is read from could not be read now, in words.
    pub fn unavailable(message: impl Into<String>) -> Error {
        Error::message(ErrorKind::Unavailable, message)
    }

    /// A change that would break what others rely on.
    pub fn conflict(message: impl Into<String>) -> Error {
        Error::message(ErrorKind::Conflict, message)
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

    /// What did not parse, and why, if the refusal is of an input that did not.
    pub fn parse_failure_message(&self) -> Option<&str> {
        self.parse_failure.as_deref()
    }

    /// What the refusal says of the whole input.
    pub fn messages(&self) -> &[String] {
        &self.messages
    }

    /// What it says of each field at fault, by the field's name.
    pub fn field_messages(&self) -> &BTreeMap<String, String> {
        &self.fields
    }

    /// The first field the refusal names, if any.
    pub fn field_name(&self) -> Option<&str> {
        self.fields.keys().next().map(String::as_str)
    }

    /// The lower layer's typed error the refusal came from, where a rule of the state, the
    /// schedule or the books refused (a reference, a custom field, an expense, a position).
    pub fn cause(&self) -> Option<&Cause> {
        self.cause.as_deref()
    }

    /// Its words, owned: what did not parse, the messages, the messages by field.
    pub fn into_parts(self) -> (Option<String>, Vec<String>, BTreeMap<String, String>) {
        (self.parse_failure, self.messages, self.fields)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if let Some(error) = &self.parse_failure {
            parts.push(error.clone());
        }
        parts.extend(self.messages.iter().cloned());
        for (field, message) in &self.fields {
            parts.push(format!("{field}: {message}"));
        }
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause.as_deref().and_then(Cause::as_error)
    }
}
