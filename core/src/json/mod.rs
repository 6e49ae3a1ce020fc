//! JSON, the bottom of the crate: serde and serde_json with `arbitrary_precision`, so that every
//! number keeps its digits from the wire to the engine and back (S1.1). [`from_json`] reads a wire
//! type, naming the field at fault in a [`WireError`] (its path found once a body is refused:
//! `path`); [`to_json`] writes one compactly. [`Value`]
//! is any JSON value (numbers kept as their text). Value types refuse a value with their own error
//! through [`refuse`], which the [`WireError`] keeps typed. Nothing here knows the wire model or
//! the values above it.

mod error;
mod path;
mod scan;
mod wire;

pub use error::{Cause, WireError};
pub use serde_json::{Number, Value};
pub use wire::{from_json, from_json_placed, from_value, json_len, number, refuse, to_json};
