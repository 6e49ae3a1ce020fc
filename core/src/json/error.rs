//! Why a body could not be read: a [`WireError`] naming the field, with a value type's own
//! refusal kept typed ([`Cause`]).

use core::fmt;
use std::sync::Arc;

/// A value type's own refusal of a value, kept typed through serde (whose errors are text):
/// [`WireError::value_error`] gives it back.
#[derive(Debug, Clone)]
pub struct Cause(pub(super) Arc<dyn std::error::Error + Send + Sync>);

impl Cause {
    /// The error, when it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.downcast_ref::<E>()
    }
}

impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl Eq for Cause {}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Why a body could not be read into a wire type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WireError {
    /// The body is not JSON: malformed, cut short, or nested too deep.
    Syntax {
        /// Line of the problem, from 1.
        line: usize,
        /// Column of the last byte read, in bytes from 1 (0 for an empty body or one that ends
        /// right after a line break), as serde_json counts it.
        column: usize,
        /// What the JSON reader saw.
        detail: String,
    },
    /// A required field is absent.
    Missing {
        /// The field's path, for example `recurrence.kind`.
        field: String,
    },
    /// A field holds a value its type refuses: the type's own error, kept typed
    /// ([`WireError::value_error`]).
    Value {
        /// The field's path; empty for the body as a whole.
        field: String,
        /// The value type's error.
        cause: Cause,
    },
    /// A field holds a value of the wrong type, or one the reader refuses.
    Invalid {
        /// The field's path, for example `allocation.percentage` or `recurrenceOn[1]`; empty for
        /// the body as a whole.
        field: String,
        /// Why, saying what was expected.
        message: String,
    },
}

impl WireError {
    /// The path of the field at fault, when one is.
    pub fn field(&self) -> Option<&str> {
        match self {
            WireError::Missing { field } => Some(field),
            WireError::Invalid { field, .. } | WireError::Value { field, .. }
                if !field.is_empty() =>
            {
                Some(field)
            }
            _ => None,
        }
    }

    /// The error a value type refused the value with, when it is an `E` (for example
    /// `costfolio::value::ValueError`, whose `is_date` tells a date that does not parse).
    pub fn value_error<E: std::error::Error + 'static>(&self) -> Option<&E> {
        match self {
            WireError::Value { cause, .. } => cause.downcast_ref::<E>(),
            _ => None,
        }
    }

    /// The last segment of the field's path (`percentage` for `allocation.percentage`): the key
    /// the budgeting API's `errors` map uses.
    pub fn field_name(&self) -> Option<&str> {
        self.field().map(|path| {
            let last = path.rsplit('.').next().unwrap_or(path);
            last.split('[').next().unwrap_or(last)
        })
    }

    /// What is wrong, without the field's path: the value of the budgeting API's `errors` map
    /// under [`field_name`](Self::field_name).
    pub fn detail(&self) -> String {
        match self {
            WireError::Missing { field } => {
                let name = field.rsplit('.').next().unwrap_or(field);
                format!("{name} is required")
            }
            WireError::Invalid { message, .. } => message.clone(),
            WireError::Value { cause, .. } => cause.to_string(),
            WireError::Syntax { .. } => self.to_string(),
        }
    }
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Syntax {
                line,
                column,
                detail,
            } => write!(
                f,
                "the body is not valid JSON (line {line}, column {column}): {detail}"
            ),
            WireError::Missing { field } => write!(f, "{field} is required"),
            WireError::Invalid { field, message } if field.is_empty() => f.write_str(message),
            WireError::Invalid { field, message } => write!(f, "{field}: {message}"),
            WireError::Value { field, cause } if field.is_empty() => cause.fmt(f),
            WireError::Value { field, cause } => write!(f, "{field}: {cause}"),
        }
    }
}

impl std::error::Error for WireError {}
