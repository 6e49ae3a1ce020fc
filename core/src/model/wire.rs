//! Reading and writing bodies, with errors that name the field.

use core::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why a body could not be read into a wire type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WireError {
    /// The body is not JSON: malformed or cut short.
    Syntax {
        /// Line of the problem, from 1.
        line: usize,
        /// Column of the problem, from 1.
        column: usize,
        /// What the JSON reader saw.
        detail: String,
    },
    /// A required field is absent.
    Missing {
        /// The field's path, for example `recurrence.kind`.
        field: String,
    },
    /// A field holds a value of the wrong type, or one its value type refuses.
    Invalid {
        /// The field's path, for example `allocation.percentage` or `recurrenceOn[1]`; empty for
        /// the body as a whole.
        field: String,
        /// Why, naming the value.
        message: String,
    },
    /// A value could not be written as JSON (never happens for the types of [`crate::model`]).
    Write {
        /// What the JSON writer said.
        detail: String,
    },
}

impl WireError {
    /// The path of the field at fault, when one is.
    pub fn field(&self) -> Option<&str> {
        match self {
            WireError::Missing { field } => Some(field),
            WireError::Invalid { field, .. } if !field.is_empty() => Some(field),
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
            WireError::Syntax { .. } | WireError::Write { .. } => self.to_string(),
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
            WireError::Write { detail } => {
                write!(f, "the value cannot be written as JSON: {detail}")
            }
        }
    }
}

impl std::error::Error for WireError {}

/// Reads a body into a wire type. Unknown fields are ignored; numbers are read exactly.
///
/// ```
/// use costfolio::model::{budgeting::Rate, from_json, WireError};
/// let rate: Rate = from_json(br#"{"rate": 80.25, "startDate": "2026-01-01"}"#).unwrap();
/// assert_eq!(rate.rate.to_string(), "80.25");
/// let missing = from_json::<Rate>(br#"{"rate": 80.25}"#).unwrap_err();
/// assert_eq!(missing, WireError::Missing { field: "startDate".into() });
/// ```
pub fn from_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, WireError> {
    let mut reader = serde_json::Deserializer::from_slice(body);
    let value = serde_path_to_error::deserialize(&mut reader).map_err(classify)?;
    reader
        .end()
        .map_err(|error| classify_plain(&error, String::new()))?;
    Ok(value)
}

/// Reads an already parsed JSON value into a wire type, with the same errors as [`from_json`].
pub fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, WireError> {
    serde_path_to_error::deserialize(value).map_err(classify)
}

/// Writes a wire type as compact JSON, numbers with exactly their digits, absent optional fields
/// left out.
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<String, WireError> {
    serde_json::to_string(value).map_err(|error| WireError::Write {
        detail: error.to_string(),
    })
}

fn classify(error: serde_path_to_error::Error<serde_json::Error>) -> WireError {
    let path = error.path().to_string();
    let path = if path == "." { String::new() } else { path };
    classify_plain(error.inner(), path)
}

fn classify_plain(error: &serde_json::Error, path: String) -> WireError {
    let message = message_without_position(error);
    if !error.is_data() {
        return WireError::Syntax {
            line: error.line(),
            column: error.column(),
            detail: message,
        };
    }
    if let Some(name) = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.strip_suffix('`'))
    {
        let field = if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        };
        return WireError::Missing { field };
    }
    WireError::Invalid {
        field: path,
        message,
    }
}

/// serde_json appends " at line L column C" to its messages; the path says where instead.
fn message_without_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_owned()
}
