//! The JSON codec, the bottom of the crate: [`from_json`] reads a wire type with one
//! non-generic [`Reader`] and a short function per type ([`Read`], derived by
//! `#[derive(Read)]`), [`to_json`] writes one with one [`Writer`] ([`Write`], derived by
//! `#[derive(Write)]`); a refusal is a [`WireError`] naming the field at fault. [`Value`] is any
//! JSON value. Nothing here knows the wire model or the values above it: they implement
//! [`Read`] and [`Write`].

pub mod read;
mod reader;
mod value;
mod wire;
pub mod write;

pub use read::{Cause, Fault, FaultKind, Kind, Read, ReadKey, Reader};
pub use value::{Number, Value};
pub use wire::{from_json, from_value, to_json, WireError};
pub use write::{Write, WriteKey, Writer};
