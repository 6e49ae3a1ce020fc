//! The wire model: the types of every resource of the three interfaces, exactly as the wire has
//! them (field names, enum spellings, optional fields left out when absent, unknown fields ignored
//! on read); [`from_json`] and [`to_json`] (from [`crate::json`]) read and write them.

pub mod audit;
pub mod budgeting;
pub mod core_admin;
pub mod core_ext;
pub mod messages;
mod texts;

pub use crate::json::{from_json, from_json_placed, from_value, to_json, WireError};

pub use crate::value::Id;
