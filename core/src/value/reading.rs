//! Reading value types from JSON: each checks its string or number as soon as it is read, and a
//! refusal is placed just after the value, so that [`crate::json::from_json`] names its field.

use std::borrow::Cow;

use rust_decimal::Decimal;

use super::number::parse_decimal;
use super::ValueError;
use crate::json::read::{Fault, Kind, Reader};

/// A value type's refusal of the value just read. Not generic: built once.
#[inline(never)]
fn refused(reader: &Reader<'_>, error: ValueError) -> Fault {
    reader.refused(error)
}

/// Reads a JSON string (anything else is refused as the wrong type).
fn text<'a>(reader: &mut Reader<'a>) -> Result<Cow<'a, str>, Fault> {
    if reader.peek() != Kind::String {
        return Err(reader.wrong_type("a string"));
    }
    reader.string()
}

/// Reads a JSON number (never a string) exactly.
fn decimal(reader: &mut Reader<'_>) -> Result<Decimal, Fault> {
    if reader.peek() != Kind::Number {
        return Err(reader.wrong_type("a JSON number"));
    }
    let text = reader.number()?;
    parse_decimal(text).map_err(|error| refused(reader, error))
}

/// Reads a JSON string and converts it with `convert`.
pub(crate) fn string_value<T>(
    reader: &mut Reader<'_>,
    convert: impl FnOnce(&str) -> Result<T, ValueError>,
) -> Result<T, Fault> {
    let text = text(reader)?;
    convert(&text).map_err(|error| refused(reader, error))
}

/// Reads a JSON number (never a string) exactly and converts it with `convert`.
pub(crate) fn number_value<T>(
    reader: &mut Reader<'_>,
    convert: impl FnOnce(Decimal) -> Result<T, ValueError>,
) -> Result<T, Fault> {
    let value = decimal(reader)?;
    convert(value).map_err(|error| refused(reader, error))
}
