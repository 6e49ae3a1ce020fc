//! The use cases of the budgeting interface and of the core administration ([`admin`], S10):
//! typed commands and queries between the state and the interfaces. Each takes its input as typed
//! values (the wire types, ids, dates), asks the one authorization policy once ([`Caller`],
//! S11.4, S11.5, S11.6), decides the rules of semantics.md, and answers a typed result or one
//! [`Error`] (its kind asked with predicates: `is_not_found`, `is_forbidden`, `is_invalid`,
//! `is_conflict`). The interfaces (`api`) only route, parse and render; the host and the wasm
//! package reach the same use cases, so no rule is written twice.
//!
//! [`Queries`] answers on a shared state (reads never wait for a change); [`Commands`] changes a
//! state through its commands (S13), each use case all or nothing.
//!
//! ```
//! use chrono::NaiveDate;
//! use costfolio::model::{budgeting::Folio, from_json};
//! use costfolio::state::State;
//! use costfolio::usecase::{Caller, Commands};
//!
//! let now = NaiveDate::from_ymd_opt(2026, 3, 15).unwrap().and_hms_opt(12, 0, 0).unwrap();
//! let ada = Caller { user: "ada".into(), budget_admin: false, write: true };
//! let folio: Folio = from_json(br#"{"name":"Road works","description":"","owner":"ada",
//!     "startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,
//!     "contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR",
//!     "withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,
//!     "usesUserRates":false,"isSynchronizedWithWorkLogs":false,
//!     "isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,
//!     "workloadSchemeId":1}"#).unwrap();
//! let mut state = State::new();
//! let id = Commands::new(&mut state, ada.clone(), now).create_folio(folio.clone()).unwrap();
//! assert_eq!(id.get(), 1);
//!
//! // Another user may not see it: the same refusal as for a folio that does not exist.
//! let eve = Caller { user: "eve".into(), budget_admin: false, write: true };
//! let refused = costfolio::usecase::Queries::new(&state, eve, now).folio(1).unwrap_err();
//! assert!(refused.is_not_found());
//! ```

mod access;
// Actuals in from a file the host reads: not in the planner's sandbox (wasm32).
#[cfg(not(target_arch = "wasm32"))]
mod actuals;
pub mod admin;
mod baselines;
mod budget_changes;
mod cost_lines;
pub mod credentials;
mod custom_fields;
mod deletions;
mod error;
mod expenses;
mod explain;
mod explain_portfolio;
mod folio_preview;
mod folios;
mod forecast;
// Histories are read from the server's journal: not in the wasm package, which keeps none.
mod field_changes;
#[cfg(not(target_arch = "wasm32"))]
mod history;
#[cfg(not(target_arch = "wasm32"))]
mod history_page;
mod items;
pub(crate) use expenses::with_converted;
mod limits;
mod lists;
mod parts;
mod periods;
mod plan_document;
mod plans;
mod portfolio_periods;
mod portfolios;
mod positions;
mod promote;
mod refusals;
mod reports;
mod scenario_compare;
mod scenarios;
mod scope;
mod shared;
mod workbooks;

pub use access::{Access, Caller};
#[cfg(not(target_arch = "wasm32"))]
pub use actuals::MAX_IMPORT_ROWS;
pub use baselines::{Approval, MAX_FOLIO_BASELINES};
pub use deletions::record_deletion;
pub use error::{Cause, Error, ErrorKind, Result};
pub use explain::{
    Bucket, ExplainedInput, ExplainedLine, Explanation, ItemFigure, LinePage, DEFAULT_EXPLAIN_PAGE,
    MAX_EXPLAIN_PAGE,
};
pub use folios::{UserChoice, Viewers, MAX_USERS_LISTED};
#[cfg(not(target_arch = "wasm32"))]
pub use history::{
    Action, Change, ChangedRecord, FieldChange, History, HistoryPage, DEFAULT_HISTORY_PAGE,
    MAX_HISTORY_PAGE,
};
#[cfg(not(target_arch = "wasm32"))]
pub use history_page::{read_budget, MAX_READ_BYTES, MIN_READ_BYTES};
pub use limits::MAX_PAGE_BYTES;
pub use lists::{list_page_refusal, ListPage, Paged, MAX_LIST_LIMIT};
pub use parts::{BilledDay, BilledDays};
pub use portfolios::{MAX_PORTFOLIO_DEPTH, MAX_PORTFOLIO_FOLIOS, MAX_ROLLUP_FOLIOS};
pub use reports::{FolioChoice, MAX_INDICATORS_LISTED};
pub use scenario_compare::MAX_COMPARED_PLANS;
pub use scenarios::MAX_FOLIO_SCENARIOS;

use chrono::NaiveDateTime;

use crate::state::State;
use crate::value::Date;

/// The queries of one caller at one moment, on a shared state.
#[derive(Debug, Clone)]
pub struct Queries<'s> {
    state: &'s State,
    caller: Caller,
    now: NaiveDateTime,
}

impl<'s> Queries<'s> {
    /// The queries `caller` asks of `state` at `now` (the request's time, S2.3).
    pub fn new(state: &'s State, caller: Caller, now: NaiveDateTime) -> Queries<'s> {
        Queries { state, caller, now }
    }

    /// The caller.
    pub fn caller(&self) -> &Caller {
        &self.caller
    }

    /// The state asked.
    pub fn state(&self) -> &'s State {
        self.state
    }

    /// The request's date: the default `asOf` (S2.3).
    pub fn today(&self) -> Date {
        Date::from_naive(self.now.date())
    }
}

/// The commands of one caller at one moment, on the state they change.
#[derive(Debug)]
pub struct Commands<'s> {
    state: &'s mut State,
    caller: Caller,
    now: NaiveDateTime,
    /// One folio's expenses counted once, kept by each change of them (an import's many rows).
    tally: Option<limits::Tally>,
}

impl<'s> Commands<'s> {
    /// The commands `caller` gives `state` at `now` (the request's time, S2.3).
    pub fn new(state: &'s mut State, caller: Caller, now: NaiveDateTime) -> Commands<'s> {
        Commands {
            state,
            caller,
            now,
            tally: None,
        }
    }

    /// The same caller's queries of the state as it stands.
    pub fn queries(&self) -> Queries<'_> {
        Queries::new(self.state, self.caller.clone(), self.now)
    }

    /// The caller.
    pub fn caller(&self) -> &Caller {
        &self.caller
    }

    /// The request's date: the day a deletion marks (S5.1).
    pub fn today(&self) -> Date {
        Date::from_naive(self.now.date())
    }
}
