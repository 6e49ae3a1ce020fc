//! The wire model: the types of every resource of the three interfaces, exactly as the wire has
//! them (field names, enum spellings, optional fields left out when absent, unknown fields ignored
//! on read), and [`from_json`] / [`to_json`] to read and write them, with [`read::Read`] and
//! [`write::Write`].

pub mod audit;
pub mod budgeting;
pub mod core_admin;
pub mod core_ext;
pub mod messages;
pub mod read;
mod wire;
pub mod write;

pub use wire::{from_json, from_value, to_json, WireError};

pub use crate::value::Id;
