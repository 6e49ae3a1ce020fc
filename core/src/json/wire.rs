//! Reading and writing bodies, with errors that name the field.

use core::fmt;

use super::read::{Cause, Fault, FaultKind, Read, Reader};
use super::value::Value;
use super::write::{Write, Writer};

/// Why a body could not be read into a wire type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WireError {
    /// The body is not JSON: malformed or cut short.
    Syntax {
        /// Line of the problem, from 1.
        line: usize,
        /// Column of the last byte read, in bytes from 1 (0 for an empty body or one that ends
        /// right after a line break), as serde_json counted it.
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
    /// A field holds a value of the wrong type, or one the codec refuses.
    Invalid {
        /// The field's path, for example `allocation.percentage` or `recurrenceOn[1]`; empty for
        /// the body as a whole.
        field: String,
        /// Why, naming the value.
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

/// Reads a body into a wire type. Unknown fields are ignored; numbers are read exactly.
///
/// ```
/// use costfolio::model::{budgeting::Rate, from_json, WireError};
/// let rate: Rate = from_json(br#"{"rate": 80.25, "startDate": "2026-01-01"}"#).unwrap();
/// assert_eq!(rate.rate.to_string(), "80.25");
/// let missing = from_json::<Rate>(br#"{"rate": 80.25}"#).unwrap_err();
/// assert_eq!(missing, WireError::Missing { field: "startDate".into() });
/// ```
pub fn from_json<T: Read>(body: &[u8]) -> Result<T, WireError> {
    // JSON is UTF-8 (RFC 8259): the whole body is checked once, here, so the reader need not
    // check each string again (and an invalid byte anywhere, even in an ignored field, is named).
    let text = core::str::from_utf8(body).map_err(|error| not_utf8(body, error.valid_up_to()))?;
    let mut reader = Reader::new(text);
    // Only this line is built per wire type; the UTF-8 check, the end check and the refusal are
    // not generic.
    let value = T::read(&mut reader).and_then(|value| reader.end().map(|()| value));
    value.map_err(|fault| refusal(text, fault))
}

/// A body that is not UTF-8, refused at its first invalid byte (lines from 1, columns in bytes
/// from 1, as the JSON reader counts them).
#[inline(never)]
fn not_utf8(body: &[u8], at: usize) -> WireError {
    let (line, column) = line_and_column(body, at);
    WireError::Syntax {
        line,
        column,
        detail: "invalid UTF-8".to_owned(),
    }
}

/// The line (from 1) and column (in bytes, from 1) of the byte at `at`.
fn line_and_column(body: &[u8], at: usize) -> (usize, usize) {
    let before = &body[..at.min(body.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (
        1 + before.iter().filter(|&&b| b == b'\n').count(),
        before.len() - line_start + 1,
    )
}

/// Why `body` was refused. A malformed body is refused as such, at the place its JSON breaks,
/// even when a value before the fault was also wrong: a body is read as data only once it is JSON
/// (the reader skips it whole, checking its syntax and depth). A value refused in a well-formed
/// body is named by its path. Not generic, so that it is built once rather than once for every
/// wire type.
#[inline(never)]
fn refusal(body: &str, fault: Fault) -> WireError {
    if let Err(broken) = Reader::check_syntax(body) {
        // The place is the last byte read: the one at fault, or the body's end.
        let read = broken.at.saturating_add(1).min(body.len());
        let (line, column) = line_and_column(body.as_bytes(), read);
        let column = column - 1;
        return WireError::Syntax {
            line,
            column,
            detail: match broken.kind {
                FaultKind::Syntax(detail) => detail.to_owned(),
                FaultKind::Invalid(detail) => detail,
                FaultKind::Value(cause) => cause.to_string(),
                FaultKind::Missing(name) => format!("{name} is required"),
            },
        };
    }
    let path = path_at(body.as_bytes(), fault.at);
    match fault.kind {
        FaultKind::Missing(name) => WireError::Missing {
            field: if path.is_empty() {
                name.to_owned()
            } else {
                format!("{path}.{name}")
            },
        },
        FaultKind::Invalid(message) => WireError::Invalid {
            field: path,
            message,
        },
        FaultKind::Value(cause) => WireError::Value { field: path, cause },
        // A syntax fault in a body the skip above accepted (never, but said rather than hidden).
        FaultKind::Syntax(detail) => {
            let (line, column) = line_and_column(body.as_bytes(), fault.at);
            WireError::Syntax {
                line,
                column,
                detail: detail.to_owned(),
            }
        }
    }
}

/// Reads an already parsed JSON value into a wire type, with the same errors as [`from_json`].
pub fn from_value<T: Read>(value: Value) -> Result<T, WireError> {
    let body = to_json(&value);
    from_json(body.as_bytes())
}

/// Writes a wire type as compact JSON, numbers with exactly their digits, absent optional fields
/// left out. Every wire value has a JSON form: writing cannot fail.
pub fn to_json<T: Write + ?Sized>(value: &T) -> String {
    let mut writer = Writer::new();
    value.write(&mut writer);
    writer.finish()
}

/// The path (`recurrence.recurrenceOn[1]`, `results[0].deletedAt`) of the value at the offset the
/// reader placed its refusal at: just after a value its type refused, at the start of a value of
/// the wrong type, just after an object that lacks a field. The path is that of the containers
/// open at that point, each with the key (once its colon is read) or the index of the value it is
/// in. Reading the body again only when it is refused keeps the reading of every accepted body free
/// of any path keeping.
fn path_at(body: &[u8], at: usize) -> String {
    let end = at.min(body.len());
    let mut frames: Vec<Frame> = Vec::new();
    let mut index = 0;
    while index < end {
        let byte = body[index];
        match byte {
            b'{' | b'[' => {
                begin_element(&mut frames);
                frames.push(if byte == b'{' {
                    Frame::Object {
                        key: None,
                        in_value: false,
                    }
                } else {
                    // The first element begins here: an element the reader refuses before
                    // reading it (an object where a string belongs) is already at its index.
                    Frame::Array {
                        index: 0,
                        begun: false,
                    }
                });
                index += 1;
            }
            b'}' | b']' => {
                frames.pop();
                index += 1;
            }
            b':' => {
                if let Some(Frame::Object { in_value, .. }) = frames.last_mut() {
                    *in_value = true;
                }
                index += 1;
            }
            b',' => {
                match frames.last_mut() {
                    Some(Frame::Object { key, in_value }) => {
                        *key = None;
                        *in_value = false;
                    }
                    Some(Frame::Array { index, begun }) => {
                        *index += 1;
                        *begun = false;
                    }
                    None => {}
                }
                index += 1;
            }
            b'"' => {
                let (text, next) = string_at(body, index + 1, end);
                if let Some(Frame::Object {
                    key,
                    in_value: false,
                }) = frames.last_mut()
                {
                    *key = Some(text);
                } else {
                    begin_element(&mut frames);
                }
                index = next;
            }
            b' ' | b'\t' | b'\n' | b'\r' => index += 1,
            _ => {
                // A number or a literal: one value, up to the next delimiter.
                begin_element(&mut frames);
                while index < end && !b",:{}[] \t\n\r\"".contains(&body[index]) {
                    index += 1;
                }
            }
        }
    }
    // An array the reader stopped in before any element, at its `]`, is refused as a whole (an
    // empty one where something else belongs): no element is named.
    let at_close = body[end..].iter().find(|byte| !byte.is_ascii_whitespace()) == Some(&b']');
    if at_close && matches!(frames.last(), Some(Frame::Array { begun: false, .. })) {
        frames.pop();
    }
    let mut path = String::new();
    for frame in &frames {
        match frame {
            Frame::Object {
                key: Some(key),
                in_value: true,
            } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Array { index: at, .. } => {
                path.push('[');
                path.push_str(&at.to_string());
                path.push(']');
            }
            _ => {}
        }
    }
    path
}

/// A container open at the point [`path_at`] looks for.
enum Frame {
    /// An object: the key last read, and whether its colon was (so the reader is in its value).
    Object { key: Option<String>, in_value: bool },
    /// An array: the index of the element the reader is at (counted at `[` and at each `,`),
    /// and whether that element has begun.
    Array { index: usize, begun: bool },
}

/// A value begins: in an array, its element has.
fn begin_element(frames: &mut [Frame]) {
    if let Some(Frame::Array { begun, .. }) = frames.last_mut() {
        *begun = true;
    }
}

/// The text of the string whose contents begin at `from` (its escapes read by the JSON reader
/// itself), and the index just past its closing quote; a string cut off at `end`, or one the reader
/// refuses (a lone surrogate), is given as it stands.
fn string_at(body: &[u8], from: usize, end: usize) -> (String, usize) {
    let raw = |until: usize| String::from_utf8_lossy(&body[from..until]).into_owned();
    let mut index = from;
    while index < end {
        match body[index] {
            b'"' => {
                let text = core::str::from_utf8(&body[from - 1..=index])
                    .ok()
                    .and_then(|quoted| Reader::new(quoted).string().ok())
                    .map_or_else(|| raw(index), std::borrow::Cow::into_owned);
                return (text, index + 1);
            }
            b'\\' => index += 2,
            _ => index += 1,
        }
    }
    (raw(end.min(body.len())), end)
}
