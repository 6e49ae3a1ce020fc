//! The arguments a JavaScript caller passes, read as the core's types: a granularity, and a
//! string's UTF-8 bytes written straight into this module's memory.

use costfolio::schedule::Granularity;
use costfolio::value::DateRange;
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

use crate::refusal::Refusal;

/// The granularity `text` names for a folio of `period`, as the REST parameter is checked.
pub(crate) fn granularity_of(text: &str, period: DateRange) -> Result<Granularity, Refusal> {
    Granularity::bounded(Some(text), period).map_err(Refusal::Granularity)
}

#[wasm_bindgen(inline_js = "const encoder = new TextEncoder();
export function text_units(text) {
  return typeof text === 'string' ? text.length : -1;
}
export function encode_text(memory, text, at, room) {
  const { read, written } = encoder.encodeInto(text, new Uint8Array(memory.buffer, at, room));
  return read === text.length ? written : -1;
}")]
extern "C" {
    /// The length of `text` in UTF-16 units, or -1 when it is not a string.
    fn text_units(text: &JsValue) -> f64;
    /// Writes `text` as UTF-8 into this module's `memory` at `at` (`room` bytes there); the bytes
    /// written, or -1 when they do not fit.
    fn encode_text(memory: &JsValue, text: &JsValue, at: *mut u8, room: usize) -> f64;
}

/// The UTF-8 bytes of the JavaScript string `text` (the argument `name`).
///
/// wasm-bindgen copies a `&str` argument in a JavaScript loop over its characters; for documents
/// of megabytes, the platform's `TextEncoder.encodeInto` writes them straight into this module's
/// memory several times faster. Every UTF-16 unit takes at most three bytes of UTF-8: the first
/// try gives one byte per unit (enough for ASCII), the second three.
pub(crate) fn text_bytes(text: &JsValue, name: &str) -> Result<Vec<u8>, JsValue> {
    let units = text_units(text);
    if units < 0.0 {
        return Err(Refusal::form(name, "expected a string").into());
    }
    // A string's length is an integer below 2^53: the cast is exact.
    let units = units as usize;
    let memory = wasm_bindgen::memory();
    for room in [units, units.saturating_mul(3)] {
        let mut bytes = vec![0u8; room];
        let written = encode_text(&memory, text, bytes.as_mut_ptr(), room);
        if written >= 0.0 {
            bytes.truncate(written as usize);
            return Ok(bytes);
        }
    }
    Err(Refusal::form(name, "the string does not fit in memory").into())
}
