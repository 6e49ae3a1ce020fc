//! Reading values through visitors: a value type checks its JSON string or number *inside* the
//! reader's call, so the reader places a refusal just after the value at fault, which is where
//! [`crate::model::from_json`] finds the refused field's path (a check made after the reader has
//! returned would be placed at the end of the enclosing object instead).

use core::fmt;
use core::marker::PhantomData;

use rust_decimal::Decimal;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::number::parse_decimal;
use super::ValueError;

/// Reads a JSON string and converts it with `convert`.
pub(crate) fn string_value<'de, D, T, F>(deserializer: D, convert: F) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    F: FnOnce(&str) -> Result<T, ValueError>,
{
    struct Text<F, T>(F, PhantomData<T>);
    impl<'de, T, F: FnOnce(&str) -> Result<T, ValueError>> Visitor<'de> for Text<F, T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string")
        }
        fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
            (self.0)(text).map_err(E::custom)
        }
    }
    deserializer.deserialize_str(Text(convert, PhantomData))
}

/// Reads a JSON number (never a string) exactly and converts it with `convert`.
pub(crate) fn number_value<'de, D, T, F>(deserializer: D, convert: F) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    F: FnOnce(Decimal) -> Result<T, ValueError>,
{
    struct Number<F, T>(F, PhantomData<T>);
    impl<'de, T, F: FnOnce(Decimal) -> Result<T, ValueError>> Visitor<'de> for Number<F, T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a JSON number")
        }
        fn visit_u64<E: de::Error>(self, value: u64) -> Result<T, E> {
            (self.0)(Decimal::from(value)).map_err(E::custom)
        }
        fn visit_i64<E: de::Error>(self, value: i64) -> Result<T, E> {
            (self.0)(Decimal::from(value)).map_err(E::custom)
        }
        // serde_json keeps a number's text (`arbitrary_precision`) and hands it over as a map
        // that its own `Number` knows how to read. (No `visit_f64`: no number goes through a
        // binary float, and one that came as such would be refused as a "floating point".)
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            let number =
                serde_json::Number::deserialize(de::value::MapAccessDeserializer::new(map))?;
            let value = parse_decimal(&number.to_string()).map_err(de::Error::custom)?;
            (self.0)(value).map_err(de::Error::custom)
        }
    }
    deserializer.deserialize_any(Number(convert, PhantomData))
}
