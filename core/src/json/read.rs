//! Reading wire types from JSON without serde's per-type visitors.
//!
//! serde's derived `Deserialize` builds, for every wire type, a visitor of its fields, a visitor
//! of its field names and the JSON reader's code inlined around them: in the wasm package that was
//! the largest part of the module (issue 9 caps its size). [`Read`] is the same job done with
//! non-generic pieces: one JSON [`Reader`], and for each type a short function that asks it for
//! the next field by index in a table of names. `#[derive(Read)]` (crate `costfolio-derive`)
//! writes that function from the type's `#[wire(...)]` attributes (`rename`, `rename_all`,
//! `default`, `skip`), so the names a type is written with and read with cannot drift apart.
//!
//! What is read is what serde read: unknown fields ignored, an absent `Option` field is `None`,
//! a `default` field absent is its default, enums spelled as their (renamed) variant names,
//! externally tagged. Refusals are in the codec's own words ("expected an object (Rate), found
//! the string \"x\"", "`X` is not one of ...", "the field `from` is given twice"), placed so
//! that [`from_json`](super::from_json) names the field.

use std::borrow::Cow;
use std::collections::BTreeMap;

pub use super::reader::{Cause, Fault, FaultKind, Kind, Reader};
pub use costfolio_derive::Read;

/// A type read from JSON by [`from_json`](super::from_json).
pub trait Read: Sized {
    /// Reads one value at the reader's position.
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault>;

    /// The value of an absent field not marked `default`: `None` when the field is required
    /// (only `Option` has one: `None`).
    fn absent() -> Option<Self> {
        None
    }
}

/// A type read from a JSON object's key (the keys of a map field).
pub trait ReadKey: Sized {
    /// Reads the key `key`; a refusal is placed at the reader's offset (just after the key).
    fn read_key(key: Cow<'_, str>, reader: &Reader<'_>) -> Result<Self, Fault>;
}

// ---------------------------------------------------------------------------------------------
// The pieces `#[derive(Read)]` builds on. Not generic, except the two that hold a field's value.

/// Enters an object, or refuses the value as the wrong type (`expected` as in "an object
/// (Rate)").
#[inline(never)]
#[doc(hidden)]
pub fn begin_struct(reader: &mut Reader<'_>, expected: &str) -> Result<(), Fault> {
    if reader.peek() == Kind::Object {
        reader.begin_object()
    } else {
        Err(reader.wrong_type(expected))
    }
}

/// The index in `names` of the next field of the object entered, `Some(names.len())` for a field
/// not in `names` (its value then to be skipped), `None` at the object's end. `next` is where the
/// field after the last one read is: fields usually come in the order they are written in, so it
/// is looked at first.
#[inline(never)]
#[doc(hidden)]
pub fn next_field(
    reader: &mut Reader<'_>,
    first: &mut bool,
    names: &[&str],
    next: &mut usize,
) -> Result<Option<usize>, Fault> {
    let Some(key) = reader.key(first)? else {
        return Ok(None);
    };
    let index = match names.get(*next) {
        Some(name) if *name == key => *next,
        _ => position(names, &key).unwrap_or(names.len()),
    };
    *next = index + 1;
    Ok(Some(index))
}

/// Reads a field's value into its slot, refusing a field given twice.
#[doc(hidden)]
#[inline(never)]
pub fn fill<T: Read>(
    reader: &mut Reader<'_>,
    slot: &mut Option<T>,
    name: &'static str,
) -> Result<(), Fault> {
    if slot.is_some() {
        return Err(duplicate(reader, name));
    }
    *slot = Some(T::read(reader)?);
    Ok(())
}

#[inline(never)]
fn duplicate(reader: &Reader<'_>, name: &str) -> Fault {
    reader.invalid(format!("the field `{name}` is given twice"))
}

/// Reads the name of a unit variant given as a string value: the index of `text` in `names`, or
/// a refusal listing them.
#[doc(hidden)]
pub fn variant_index(reader: &Reader<'_>, text: &str, names: &[&str]) -> Result<usize, Fault> {
    position(names, text).ok_or_else(|| reader.invalid(unknown_variant(text, names)))
}

/// Reads the name of a variant given as an object's key (a map key, a tagged variant).
#[doc(hidden)]
pub fn variant_key(reader: &Reader<'_>, key: &str, names: &[&str]) -> Result<usize, Fault> {
    position(names, key).ok_or_else(|| reader.invalid_key(unknown_variant(key, names)))
}

/// Where `text` is in `names`.
fn position(names: &[&str], text: &str) -> Option<usize> {
    names.iter().position(|name| *name == text)
}

#[inline(never)]
fn unknown_variant(text: &str, names: &[&str]) -> String {
    format!("`{text}` is not {}", one_of(names))
}

/// What was expected: "`a`", "`a` or `b`", "one of `a`, `b`, `c`".
fn one_of(names: &[&str]) -> String {
    match names {
        [] => "nothing".to_owned(),
        [one] => format!("`{one}`"),
        [one, two] => format!("`{one}` or `{two}`"),
        _ => {
            let listed: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
            format!("one of {}", listed.join(", "))
        }
    }
}

/// Reads a field of named values (an enum of unit variants), given as a string.
#[inline(never)]
#[doc(hidden)]
pub fn unit_enum(reader: &mut Reader<'_>, names: &[&str]) -> Result<usize, Fault> {
    if reader.peek() != Kind::String {
        return Err(not_a_name(reader));
    }
    let text = reader.string()?;
    variant_index(reader, &text, names)
}

#[inline(never)]
fn not_a_name(reader: &mut Reader<'_>) -> Fault {
    let start = reader.offset();
    match reader.skip() {
        Ok(()) => Fault {
            at: start,
            kind: FaultKind::Invalid("expected a string naming one of the field's values".into()),
        },
        Err(fault) => fault,
    }
}

/// How an externally tagged enum's value begins.
#[doc(hidden)]
pub enum Tagged {
    /// A string naming a variant (by index): a unit variant.
    Unit(usize),
    /// An object with one key naming a variant (by index): its value follows.
    Content(usize),
}

/// Reads the start of an externally tagged enum: `"Variant"` or `{"Variant": ...`.
#[inline(never)]
#[doc(hidden)]
pub fn begin_tagged(
    reader: &mut Reader<'_>,
    names: &[&str],
    expected: &str,
) -> Result<Tagged, Fault> {
    match reader.peek() {
        Kind::String => {
            let text = reader.string()?;
            variant_index(reader, &text, names).map(Tagged::Unit)
        }
        Kind::Object => {
            reader.begin_object()?;
            let mut first = true;
            match reader.key(&mut first)? {
                Some(key) => variant_key(reader, &key, names).map(Tagged::Content),
                None => Err(reader.invalid(format!(
                    "expected {expected}: an object with one key naming its variant"
                ))),
            }
        }
        _ => Err(reader.wrong_type(expected)),
    }
}

/// Reads the end of `{"Variant": ...}`: the object must hold that one key.
#[inline(never)]
#[doc(hidden)]
pub fn end_tagged(reader: &mut Reader<'_>, expected: &str) -> Result<(), Fault> {
    let mut first = false;
    match reader.key(&mut first)? {
        None => Ok(()),
        Some(_) => Err(reader.invalid_key(format!(
            "expected {expected}: an object with one key naming its variant"
        ))),
    }
}

/// Refuses a variant given in the wrong form (`"RevokePair"` for a struct variant):
/// "expected a struct variant, found a unit variant".
#[inline(never)]
#[doc(hidden)]
pub fn wrong_form(reader: &Reader<'_>, given: &str, expected: &str) -> Fault {
    reader.invalid(format!("expected a {expected}, found a {given}"))
}

// ---------------------------------------------------------------------------------------------
// The standard types the wire types hold.

impl Read for String {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        if reader.peek() != Kind::String {
            return Err(reader.wrong_type("a string"));
        }
        reader.string().map(Cow::into_owned)
    }
}

impl Read for bool {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        if reader.peek() != Kind::Bool {
            return Err(reader.wrong_type("a boolean"));
        }
        reader.boolean()
    }
}

/// Reads a whole number of at most `max`, named `what` in refusals.
fn unsigned(reader: &mut Reader<'_>, max: u64, what: &str) -> Result<u64, Fault> {
    if reader.peek() != Kind::Number {
        return Err(reader.wrong_type(what));
    }
    let text = reader.number()?;
    match text.parse::<u64>() {
        Ok(value) if value <= max => Ok(value),
        _ => Err(not_unsigned(reader, text, what)),
    }
}

#[inline(never)]
fn not_unsigned(reader: &Reader<'_>, text: &str, what: &str) -> Fault {
    reader.invalid(if super::reader::is_integer_text(text) {
        format!("expected {what}, found {text}, which is out of range")
    } else if beyond_binary_float(text) {
        // A number no binary float holds.
        format!("the number {text} is out of range")
    } else {
        format!("expected {what}, found the number {text}")
    })
}

/// Whether a JSON number's magnitude is beyond what a 64-bit float holds (it rounds to infinity:
/// 1.797693134862315807...e308 and above).
fn beyond_binary_float(text: &str) -> bool {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => {
            let exponent = &text[at + 1..];
            let huge = if exponent.starts_with('-') {
                i64::MIN
            } else {
                i64::MAX
            };
            (&text[..at], exponent.parse::<i64>().unwrap_or(huge))
        }
        None => (text, 0),
    };
    let digits = mantissa.trim_start_matches('-');
    let whole = digits.split('.').next().unwrap_or("");
    let whole = whole.trim_start_matches('0');
    let magnitude = if whole.is_empty() {
        // 0.000ddd: the first significant digit's place.
        let fraction = digits.split('.').nth(1).unwrap_or("");
        match fraction.find(|c: char| c != '0') {
            Some(zeros) => -(zeros as i64) - 1,
            None => return false,
        }
    } else {
        whole.len() as i64 - 1
    };
    match magnitude.saturating_add(exponent) {
        309.. => true,
        308 => {
            // The significant digits against those of the first number that rounds to infinity.
            let significant: String = digits
                .bytes()
                .filter(u8::is_ascii_digit)
                .map(char::from)
                .skip_while(|&c| c == '0')
                .collect();
            significant.as_str() >= "17976931348623158079"
        }
        _ => false,
    }
}

impl Read for u64 {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        unsigned(
            reader,
            u64::MAX,
            "a whole number from 0 to 18446744073709551615",
        )
    }
}

impl Read for u32 {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        unsigned(
            reader,
            u32::MAX.into(),
            "a whole number from 0 to 4294967295",
        )
        .map(|value| value as u32)
    }
}

impl Read for usize {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        let max = u64::try_from(usize::MAX).unwrap_or(u64::MAX);
        unsigned(reader, max, "a whole number (usize)").map(|value| value as usize)
    }
}

impl<T: Read> Read for Option<T> {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        if reader.peek() == Kind::Null {
            reader.null()?;
            return Ok(None);
        }
        T::read(reader).map(Some)
    }

    fn absent() -> Option<Self> {
        Some(None)
    }
}

impl<T: Read> Read for Box<T> {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        T::read(reader).map(Box::new)
    }

    fn absent() -> Option<Self> {
        T::absent().map(Box::new)
    }
}

/// Enters an array, or refuses the value as the wrong type.
fn begin_seq(reader: &mut Reader<'_>, expected: &str) -> Result<(), Fault> {
    if reader.peek() == Kind::Array {
        reader.begin_array()
    } else {
        Err(reader.wrong_type(expected))
    }
}

impl<T: Read> Read for Vec<T> {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        begin_seq(reader, "an array")?;
        let mut items = Vec::new();
        let mut first = true;
        while reader.element(&mut first)? {
            items.push(T::read(reader)?);
        }
        Ok(items)
    }
}

/// Reads the next element of a fixed-length array, refusing one too short.
fn next_of(
    reader: &mut Reader<'_>,
    first: &mut bool,
    index: usize,
    expected: &str,
) -> Result<(), Fault> {
    if reader.element(first)? {
        Ok(())
    } else {
        let noun = if index == 1 { "element" } else { "elements" };
        Err(reader.invalid(format!("expected {expected}, found {index} {noun}")))
    }
}

/// Reads the end of a fixed-length array, refusing one too long.
fn end_of(reader: &mut Reader<'_>, first: &mut bool, expected: &str) -> Result<(), Fault> {
    if reader.element(first)? {
        // At the first element too many: the refusal names it.
        Err(reader.invalid(format!("expected {expected}, found more elements")))
    } else {
        Ok(())
    }
}

impl<A: Read, B: Read> Read for (A, B) {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        const EXPECTED: &str = "an array of 2 elements";
        begin_seq(reader, EXPECTED)?;
        let mut first = true;
        next_of(reader, &mut first, 0, EXPECTED)?;
        let a = A::read(reader)?;
        next_of(reader, &mut first, 1, EXPECTED)?;
        let b = B::read(reader)?;
        end_of(reader, &mut first, EXPECTED)?;
        Ok((a, b))
    }
}

impl<const N: usize> Read for [u32; N] {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        let expected = format!("an array of {N} elements");
        begin_seq(reader, &expected)?;
        let mut items = [0; N];
        let mut first = true;
        for (index, item) in items.iter_mut().enumerate() {
            next_of(reader, &mut first, index, &expected)?;
            *item = u32::read(reader)?;
        }
        end_of(reader, &mut first, &expected)?;
        Ok(items)
    }
}

/// Reads an object of `(key, value)` entries, handing each to `put` (a map, a table), or refuses
/// the value as the wrong type (`expected` as in "an object").
pub(crate) fn read_entries<K: ReadKey, V: Read>(
    reader: &mut Reader<'_>,
    expected: &str,
    mut put: impl FnMut(K, V),
) -> Result<(), Fault> {
    begin_struct(reader, expected)?;
    let mut first = true;
    while let Some(key) = reader.key(&mut first)? {
        let key = K::read_key(key, reader)?;
        put(key, V::read(reader)?);
    }
    Ok(())
}

impl<K: ReadKey + Ord, V: Read> Read for BTreeMap<K, V> {
    fn read(reader: &mut Reader<'_>) -> Result<Self, Fault> {
        let mut map = BTreeMap::new();
        read_entries(reader, "an object", |key, value| {
            map.insert(key, value);
        })?;
        Ok(map)
    }
}

impl ReadKey for String {
    fn read_key(key: Cow<'_, str>, _: &Reader<'_>) -> Result<Self, Fault> {
        Ok(key.into_owned())
    }
}

impl ReadKey for u64 {
    fn read_key(key: Cow<'_, str>, reader: &Reader<'_>) -> Result<Self, Fault> {
        // Written as JSON writes a number: digits, no leading zero, no escapes.
        let written = matches!(key, Cow::Borrowed(_))
            && !key.is_empty()
            && key.bytes().all(|b| b.is_ascii_digit())
            && (key.len() == 1 || !key.starts_with('0'));
        match key.parse::<u64>() {
            Ok(value) if written => Ok(value),
            _ => Err(reader.invalid_key("a record key must be a number in quotes".to_owned())),
        }
    }
}

/// Where a [`Value`](super::Value)'s depth starts: at the root, as a document's does, so that a
/// body read whole as a `Value` nests as deep as one read into a wire type (128 levels).
pub(crate) const MAX_VALUE_DEPTH_START: u32 = 0;
