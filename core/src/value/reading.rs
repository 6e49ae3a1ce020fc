//! Reading text value types from JSON: each checks its string as soon as it is read, and refuses
//! it with its own error ([`crate::json::refuse`]), which the body's refusal keeps typed and names
//! the field of. (Numbers: `number::number_value`.)

use super::ValueError;

/// Reads a JSON string (anything else is refused as the wrong type) and converts it with
/// `convert`.
pub(crate) fn string_value<'de, D, T>(
    deserializer: D,
    convert: impl FnOnce(&str) -> Result<T, ValueError>,
) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
{
    let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
    convert(&text).map_err(crate::json::refuse)
}
