//! # costfolio
//!
//! The cost-planning engine of costfolio: what every planned expense, team member, consulting
//! revenue and overtime hour of a project ("folio") costs or earns, day by day, exact to the cent;
//! its baselines, earned-value indicators and portfolio rollups; and the REST interfaces that keep
//! them, as plain functions over requests.
//!
//! The crate does no I/O, reads no clock and draws no randomness: a host (a server, a browser, a
//! command-line tool, yours) feeds it what it reads and keeps what it is told to. It builds for
//! `wasm32-unknown-unknown`.
//!
//! ## Where to start
//!
//! Four ways in, from the smallest; each is an example in `core/examples/` that
//! `./scripts/check` runs (`cargo run -p costfolio --example NAME`):
//!
//! 1. **Cost a plan document** (`cost_plan`): one JSON document holding a folio, its team members,
//!    expenses, calendar and exchange rates; [`plan::run`] gives every payment line, the
//!    indicators and the monthly timeline as JSON or CSV, [`plan::summary`] the figures alone.
//! 2. **Expand a recurrence** (`expand_recurrence`): the days a repeating expense is paid on,
//!    [`recurrence::RecurrenceRule`] over a [`value::DateRange`].
//! 3. **A folio's indicators from its records** (`folio_indicators`): records read with
//!    [`model::from_json`] (every refusal names its field), booked by [`plan::book`] into an
//!    [`analytics::FolioBook`], which answers indicators, timelines and explanations at any date
//!    and recosts only what a what-if change touches ([`analytics::FolioBook::apply`]).
//! 4. **Embed the service** (`embed_state`): a [`state::State`] answers the three REST interfaces
//!    through [`api::handle`], given each request's time, randomness and verified user in an
//!    [`api::Context`]; every change comes back as a [`state::JournalEntry`] to keep, and
//!    [`state::State::replay`] or [`state::State::from_snapshot`] rebuilds the state elsewhere.
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
//!
//! ## The layers
//!
//! From the bottom, each importing only those before it (`tests/layers.rs` holds them to it):
//! [`json`], exact JSON in and out ([`json::from_json`], [`json::to_json`], any JSON as
//! [`json::Value`], numbers kept as their digits); [`value`], the values that check themselves
//! (exact decimals, hours, percentages, currencies, dates, keys and names); [`model`], the wire
//! types of the three interfaces; [`calendar`], [`recurrence`] and [`schedule`], what an expense
//! pays and a team member costs; [`analytics`], a folio's ledgers, indicators, timeline,
//! baselines and portfolio rollups; [`sheets`], a folio's or portfolio's workbook as content and
//! the rows of a spreadsheet of actuals, the file formats left to the host; [`state`], the service's records, changed only by commands,
//! journaled; [`usecase`], each operation of the interfaces with its rules and typed errors;
//! [`api`], the REST interfaces over plain requests; and [`plan`], a whole folio computed from one
//! document. docs/architecture.md describes them; docs/semantics.md states the rules (`S6.2`)
//! that the code cites.
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
pub mod rules;
pub mod schedule;
pub mod sheets;
pub mod state;
pub mod table;
pub mod usecase;
pub mod value;

/// The crate's README, whose example runs as a documentation test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

/// The version of this crate, as Cargo knows it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
