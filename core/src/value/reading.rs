//! Reading values through visitors: a value type checks its JSON string or number *inside* the
//! reader's call, so the reader places a refusal just after the value at fault, which is where
//! [`crate::model::from_json`] finds the refused field's path (a check made after the reader has
//! returned would be placed at the end of the enclosing object instead).
//!
//! The two visitors are not generic: each value type hands them its check as a closure, so the
//! wasm package holds one visitor per reader rather than one per value type.

use core::fmt;

use rust_decimal::Decimal;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::number::parse_decimal;
use super::ValueError;

/// What the reader handed back when the visitor ran no check (never, but not a panic).
fn nothing_read<E: de::Error>() -> E {
    E::custom("no value was read")
}

/// Reads a JSON string and converts it with `convert`.
pub(crate) fn string_value<'de, D, T, F>(deserializer: D, convert: F) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    F: FnOnce(&str) -> Result<T, ValueError>,
{
    struct Text<'a>(&'a mut dyn FnMut(&str) -> Result<(), ValueError>);
    impl<'de> Visitor<'de> for Text<'_> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string")
        }
        fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
            (self.0)(text).map_err(E::custom)
        }
    }
    let mut convert = Some(convert);
    let mut made = None;
    deserializer.deserialize_str(Text(&mut |text| {
        if let Some(convert) = convert.take() {
            made = Some(convert(text)?);
        }
        Ok(())
    }))?;
    made.ok_or_else(nothing_read)
}

/// Reads a JSON number (never a string) exactly and converts it with `convert`.
pub(crate) fn number_value<'de, D, T, F>(deserializer: D, convert: F) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    F: FnOnce(Decimal) -> Result<T, ValueError>,
{
    struct Number<'a>(&'a mut dyn FnMut(Decimal) -> Result<(), ValueError>);
    impl<'de> Visitor<'de> for Number<'_> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a JSON number")
        }
        fn visit_u64<E: de::Error>(self, value: u64) -> Result<(), E> {
            (self.0)(Decimal::from(value)).map_err(E::custom)
        }
        fn visit_i64<E: de::Error>(self, value: i64) -> Result<(), E> {
            (self.0)(Decimal::from(value)).map_err(E::custom)
        }
        // serde_json keeps a number's text (`arbitrary_precision`) and hands it over as a map
        // that its own `Number` knows how to read. (No `visit_f64`: no number goes through a
        // binary float, and one that came as such would be refused as a "floating point".)
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
            let number =
                serde_json::Number::deserialize(de::value::MapAccessDeserializer::new(map))?;
            let value = parse_decimal(number.as_str()).map_err(de::Error::custom)?;
            (self.0)(value).map_err(de::Error::custom)
        }
    }
    let mut convert = Some(convert);
    let mut made = None;
    deserializer.deserialize_any(Number(&mut |value| {
        if let Some(convert) = convert.take() {
            made = Some(convert(value)?);
        }
        Ok(())
    }))?;
    made.ok_or_else(nothing_read)
}
