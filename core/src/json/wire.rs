//! Reading and writing bodies with serde_json, with errors that name the field.

use core::cell::RefCell;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::error::{Cause, WireError};
use super::Value;

thread_local! {
    /// The last value type's refusal of the read under way: serde carries only its text, and
    /// [`from_json`] takes it back from here (the engine is single-threaded per read, and the
    /// wasm package has one thread).
    static REFUSED: RefCell<Option<Cause>> = const { RefCell::new(None) };
}

/// Refuses a value with a value type's own `error`, for a `Deserialize` implementation: serde's
/// error holds its text, and the refusal of [`from_json`] holds the error itself
/// ([`WireError::Value`]).
pub fn refuse<E, D>(error: E) -> D
where
    E: std::error::Error + Send + Sync + 'static,
    D: serde::de::Error,
{
    let message = error.to_string();
    REFUSED.with(|refused| *refused.borrow_mut() = Some(Cause(Arc::new(error))));
    D::custom(message)
}

/// Writes a decimal's text (`1000.00`, `-3.5`: a JSON number, as `Decimal` writes one) as a JSON
/// number with exactly those digits.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Paid {
///     #[serde(serialize_with = "costfolio::json::number")]
///     amount: &'static str,
/// }
/// let paid = Paid { amount: "1000.50" };
/// assert_eq!(costfolio::json::to_json(&paid), r#"{"amount":1000.50}"#);
/// let value = serde_json::to_value(&paid).unwrap();
/// assert_eq!(value["amount"].to_string(), "1000.50");
/// ```
pub fn number<S: serde::Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    // What serde_json's own `Number` writes with `arbitrary_precision`: a struct under its token,
    // which its serializers (text and `Value`) write as the bare number. Written here without
    // parsing the text into a `Number` first, which took a tenth of the writing of a folio's
    // payment lines (`analytics/plan/document`: 114 ms with the parse, 101 ms without). Should
    // serde_json change the token, every golden document would show it.
    use serde::ser::SerializeStruct;
    debug_assert!(
        text.parse::<super::Number>().is_ok(),
        "{text} is no JSON number"
    );
    const TOKEN: &str = "$serde_json::private::Number";
    let mut number = serializer.serialize_struct(TOKEN, 1)?;
    number.serialize_field(TOKEN, text)?;
    number.end()
}

/// Reads a body into a wire type. Unknown fields are ignored; numbers are read exactly; a body
/// nests at most 127 levels of arrays and objects, and no text holds NUL.
///
/// ```
/// use costfolio::model::{budgeting::Rate, from_json, WireError};
/// let rate: Rate = from_json(br#"{"rate": 80.25, "startDate": "2026-01-01"}"#).unwrap();
/// assert_eq!(rate.rate.to_string(), "80.25");
/// let missing = from_json::<Rate>(br#"{"rate": 80.25}"#).unwrap_err();
/// assert_eq!(missing, WireError::Missing { field: "startDate".into() });
/// ```
pub fn from_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, WireError> {
    // Natively a refused body is read again with the path tracked; in the wasm package (smaller:
    // each wire type's reader compiled once) the path is found from the refusal's place.
    #[cfg(not(target_arch = "wasm32"))]
    return read(body, refused::<T>);
    #[cfg(target_arch = "wasm32")]
    return read(body, placed);
}

/// Reads `body` without tracking the path, which would cost on every value of every body; a
/// refused body is handed to `refused` for its refusal's words.
fn read<T: DeserializeOwned>(
    body: &[u8],
    refused: fn(&str, serde_json::Error) -> WireError,
) -> Result<T, WireError> {
    let text = readable(body)?;
    let mut reader = serde_json::Deserializer::from_str(text);
    match T::deserialize(&mut reader) {
        Ok(value) => match reader.end() {
            Ok(()) => Ok(value),
            Err(error) => Err(syntax(&error)),
        },
        Err(error) => Err(refused(text, error)),
    }
}

/// `body` as text, once it is UTF-8, nests at most 127 levels and holds no NUL in a text; the
/// last value type's refusal forgotten. Not generic.
#[inline(never)]
fn readable(body: &[u8]) -> Result<&str, WireError> {
    REFUSED.with(|refused| refused.borrow_mut().take());
    // JSON is UTF-8 (RFC 8259): the whole body is checked once, here, so that an invalid byte
    // anywhere, even in a field that is ignored, is named.
    let text = core::str::from_utf8(body).map_err(|error| not_utf8(body, error.valid_up_to()))?;
    // What serde_json lets through or refuses out of place: too deep, NUL in a text. A malformed
    // body is refused as such first.
    if let Some(refusal) = super::scan::check(body) {
        return Err(
            match serde_json::from_slice::<serde::de::IgnoredAny>(body) {
                Err(broken) => syntax(&broken),
                Ok(_) => refusal,
            },
        );
    }
    Ok(text)
}

/// [`from_json`] with the refusal's path always found as the wasm package finds it, by reading
/// the text again up to the refusal's place (`json/path.rs`); natively [`from_json`] tracks it
/// with `serde_path_to_error`. For the tests that hold the two to each other.
#[doc(hidden)]
pub fn from_json_placed<T: DeserializeOwned>(body: &[u8]) -> Result<T, WireError> {
    read(body, placed)
}

/// The refusal of `text`, which did not read as a `T`: natively read again with its path tracked
/// by `serde_path_to_error` (each wire type's reader is then compiled twice, which a server can
/// afford).
#[cfg(not(target_arch = "wasm32"))]
fn refused<T: DeserializeOwned>(text: &str, error: serde_json::Error) -> WireError {
    if let Err(broken) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        return syntax(&broken);
    }
    REFUSED.with(|refused| refused.borrow_mut().take());
    let mut reader = serde_json::Deserializer::from_str(text);
    match serde_path_to_error::deserialize::<_, T>(&mut reader) {
        Err(tracked) => {
            let path = match tracked.path().to_string() {
                root if root == "." => String::new(),
                path => path,
            };
            let cause = REFUSED.with(|refused| refused.borrow_mut().take());
            refusal(tracked.into_inner(), path, cause)
        }
        // Read the same way twice, a body is refused twice; should it not be, the place says.
        Ok(_) => placed(text, error),
    }
}

/// The refusal of `text` at serde_json's `error`, its path found from the place (`json/path.rs`).
#[inline(never)]
fn placed(text: &str, error: serde_json::Error) -> WireError {
    if let Err(broken) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        return syntax(&broken);
    }
    // A value type's own refusal (`refuse`): serde_json places it when the container around the
    // value gives up, not at the value.
    let cause = REFUSED.with(|refused| refused.borrow_mut().take());
    let own = cause
        .as_ref()
        .is_some_and(|cause| cause.to_string() == without_place(&error));
    let path = super::path::refused_at(
        text,
        (error.line(), error.column()),
        &without_place(&error),
        own,
    );
    refusal(error, path, cause)
}

/// Why a body that is JSON was refused: serde_json's `inner` error at the value of `path`, with
/// the value type's own `cause` when it refused. Not generic, so that it is built once rather
/// than once for every wire type.
#[inline(never)]
fn refusal(inner: serde_json::Error, path: String, cause: Option<Cause>) -> WireError {
    // Nested deeper than serde_json reads (128 levels): the body as a whole, at its place.
    if without_place(&inner) == "recursion limit exceeded" {
        return syntax(&inner);
    }
    // The body is JSON (checked above): whatever serde_json says now is about a value's shape,
    // even in the words it uses for syntax (an enum's name given as an object: "expected value").
    let message = match without_place(&inner) {
        message if message == "expected value" => {
            "expected a value of another shape (a name, not an object)".to_owned()
        }
        message => message,
    };
    let joined = |name: &str| {
        if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        }
    };
    if let Some(name) = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.strip_suffix('`'))
    {
        return WireError::Missing {
            field: joined(name),
        };
    }
    // A field given twice is named where it stands, like any field at fault.
    if let Some(name) = message
        .strip_prefix("duplicate field `")
        .and_then(|rest| rest.strip_suffix('`'))
    {
        return WireError::Invalid {
            field: joined(name),
            message,
        };
    }
    match cause {
        Some(cause) if cause.to_string() == message => WireError::Value { field: path, cause },
        _ => WireError::Invalid {
            field: path,
            message,
        },
    }
}

/// A body that is not UTF-8, refused at its first invalid byte (lines from 1, columns in bytes
/// from 1, as serde_json counts them).
#[inline(never)]
fn not_utf8(body: &[u8], at: usize) -> WireError {
    let before = &body[..at.min(body.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    WireError::Syntax {
        line: 1 + before.iter().filter(|&&b| b == b'\n').count(),
        column: before.len() - line_start + 1,
        detail: "invalid UTF-8".to_owned(),
    }
}

/// serde_json's message of `error`, without the place it appends.
fn without_place(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let place = format!(" at line {} column {}", error.line(), error.column());
    text.strip_suffix(&place).unwrap_or(&text).to_owned()
}

/// A body that is not JSON: serde_json's own verdict and place.
fn syntax(error: &serde_json::Error) -> WireError {
    WireError::Syntax {
        line: error.line(),
        column: error.column(),
        detail: without_place(error),
    }
}

/// Reads an already parsed JSON value into a wire type, with the same errors as [`from_json`].
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, WireError> {
    let body = to_json(&value);
    from_json(body.as_bytes())
}

/// Writes a wire type as compact JSON, numbers with exactly their digits, absent optional fields
/// left out.
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    // Every wire value has a JSON form (its map keys are text or numbers): serde_json cannot
    // refuse one, and `null` stands for what never happens.
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

/// How many bytes [`to_json`] would write for `value`, counted without writing them: what a page
/// of history weighs its changes by.
pub fn json_len<T: Serialize + ?Sized>(value: &T) -> usize {
    /// Counts what is written to it.
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 = self.0.saturating_add(bytes.len());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // As in `to_json`: no wire value is refused; a refusal would count what was written.
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}
