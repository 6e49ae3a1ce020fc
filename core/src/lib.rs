//! # costfolio
//!
//! The cost-planning engine of costfolio: what every planned expense, team member, consulting
//! revenue and overtime hour of a project ("folio") costs or earns, exact to the cent.
//!
//! The crate does no I/O, reads no clock and draws no randomness; hosts (a server, a browser)
//! feed it requests and persist what it tells them to. It builds for `wasm32-unknown-unknown`.
//!
//! The layers, from the bottom (each imports only those before it, `tests/layers.rs`): [`json`],
//! the codec ([`json::from_json`], [`json::to_json`], any JSON as [`json::Value`]); [`value`], the
//! values that validate themselves (exact decimals, hours, percentages, currencies, dates, keys and
//! names); [`model`], the wire types of the three interfaces; [`calendar`], [`recurrence`] and
//! [`schedule`], what an expense pays and a position costs; [`analytics`], a folio's ledgers,
//! indicators, timeline, baselines and portfolio rollups; [`state`], the service's records changed
//! only by commands, journaled; [`api`], the REST interfaces over plain requests
//! (`api::handle(&mut State, &Request, &Context)`); and [`plan`], a whole folio computed from one
//! document. docs/architecture.md describes them; docs/semantics.md states the rules (`S6.2`) that
//! the code cites.
//!
//! ```
//! use costfolio::model::{budgeting::Allocation, from_json, to_json};
//!
//! let json = r#"{"startDate":"2026-01-01","endDate":"2026-06-30","percentage":50.5}"#;
//! let allocation: Allocation = from_json(json.as_bytes()).unwrap();
//! assert_eq!(allocation.percentage.to_string(), "50.5");
//! assert_eq!(to_json(&allocation), json);
//!
//! let err = from_json::<Allocation>(br#"{"startDate":"2026-01-01","endDate":"2026-06-30","percentage":150}"#)
//!     .unwrap_err();
//! assert_eq!(err.field(), Some("percentage"));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

// `#[derive(serde::Deserialize)]` names its paths `::costfolio::...`, inside this crate too.
extern crate self as costfolio;

pub mod analytics;
pub mod api;
pub mod calendar;
pub mod json;
pub mod model;
#[cfg(feature = "schema")]
pub mod openapi;
mod order;
pub mod plan;
pub mod recurrence;
pub mod schedule;
pub mod state;
pub mod table;
pub mod usecase;
pub mod value;

/// The version of this crate, as Cargo knows it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
