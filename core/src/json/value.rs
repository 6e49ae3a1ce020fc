//! Any JSON value, numbers kept as their text: what a wire type holds where the documents allow
//! any JSON (custom field values, option lists) and what a body is read as to check it whole.

use std::collections::BTreeMap;

use super::read::{Fault, FaultKind, Kind, Read, Reader, MAX_VALUE_DEPTH_START};
use super::write::{Write, Writer};

/// Any JSON value, as serde_json's `Value` (with exact numbers) holds it: numbers keep the digits
/// they were written with (`1.50` stays `1.50`; an exponent is spelled `e+5`), object keys are
/// kept sorted (and written so; the last of a repeated key wins): a value reads back as it was
/// written. It nests at most 128 levels, the limit of every wire type (serde_json's is 127).
///
/// ```
/// use costfolio::json::{from_json, to_json, Value};
///
/// let value: Value = from_json(br#"{"b":[1.50,true,null],"a":"x"}"#).unwrap();
/// assert_eq!(value.get("a").and_then(Value::as_str), Some("x"));
/// assert_eq!(to_json(&value), r#"{"a":"x","b":[1.50,true,null]}"#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Value {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its JSON text.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, by key.
    Object(BTreeMap<String, Value>),
}

/// A JSON number's text, as read (its exponent spelled `e+5`). Made only by reading JSON (or from
/// a whole number), so that writing it always gives JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Number(String);

impl Number {
    /// The number's JSON text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<u64> for Number {
    fn from(value: u64) -> Number {
        Number(value.to_string())
    }
}

impl core::fmt::Display for Number {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Value {
    /// The value of `key` when this is an object holding it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(map) => map.get(key),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// The text of a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }
}

/// Its compact JSON, as [`to_json`](super::to_json) writes it.
impl core::fmt::Display for Value {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&super::to_json(self))
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::String(text.to_owned())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::String(text)
    }
}

/// Its depth counts from the value itself, up to the reader's 128 levels, wherever the value
/// sits: what a body may hold, a snapshot or journal holding it reads back; and a body read whole
/// as a `Value` nests as deep as one read into a wire type (the same limit in every interface).
impl Read for Value {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        reader.peek();
        let start = reader.offset();
        let outer = reader.swap_depth(MAX_VALUE_DEPTH_START);
        let value = any(reader);
        reader.swap_depth(outer);
        value.map_err(|mut fault| {
            // A value that is refused (too deep, a lone surrogate in one of its strings) is
            // refused as a whole, at its field: its inside has no field names of the wire.
            if matches!(fault.kind, FaultKind::Invalid(_) | FaultKind::Value(_)) {
                fault.at = start;
            }
            fault
        })
    }
}

fn any(reader: &mut Reader<'_>) -> Result<Value, Fault> {
    Ok(match reader.peek() {
        Kind::Null => reader.null().map(|()| Value::Null)?,
        Kind::Bool => Value::Bool(reader.boolean()?),
        Kind::Number => Value::Number(Number(exponent_spelled(reader.number()?))),
        Kind::String => Value::String(reader.string()?.into_owned()),
        Kind::Array => {
            reader.begin_array()?;
            let mut items = Vec::new();
            let mut first = true;
            while reader.element(&mut first)? {
                items.push(any(reader)?);
            }
            Value::Array(items)
        }
        Kind::Object => {
            reader.begin_object()?;
            let mut map = BTreeMap::new();
            let mut first = true;
            while let Some(key) = reader.key(&mut first)? {
                let value = any(reader)?;
                map.insert(key.into_owned(), value);
            }
            Value::Object(map)
        }
        Kind::Other | Kind::End => return Err(reader.syntax("expected value")),
    })
}

/// A number's text with its exponent, if any, spelled one way: `e` and a sign (`1E5` is `1e+5`),
/// as serde_json keeps numbers; the digits stay as written.
fn exponent_spelled(text: &str) -> String {
    match text.find(['e', 'E']) {
        Some(at) => {
            let (mantissa, exponent) = (&text[..at], &text[at + 1..]);
            let sign = if exponent.starts_with(['+', '-']) {
                ""
            } else {
                "+"
            };
            format!("{mantissa}e{sign}{exponent}")
        }
        None => text.to_owned(),
    }
}

/// Written compactly, object keys in order, numbers as read.
impl Write for Value {
    fn write(&self, writer: &mut Writer) {
        match self {
            Value::Null => writer.raw("null"),
            Value::Bool(value) => value.write(writer),
            Value::Number(number) => writer.raw(number.as_str()),
            Value::String(text) => writer.string(text),
            Value::Array(items) => items.write(writer),
            Value::Object(map) => {
                writer.begin_object();
                for (key, value) in map {
                    writer.key(key);
                    value.write(writer);
                }
                writer.end_object();
            }
        }
    }
}
