//! The use cases of the core administration interface (`/core/3`, S10, and the extensions of
//! S10.7): accounts, categories and their types, customers, account links, holiday schemes with
//! their holidays and members, workload schemes, generic resources, projects, saved filters and
//! worklogs. Each is a [`Queries`](super::Queries) or [`Commands`](super::Commands) method taking
//! the wire request types, keys, ids and dates, and answering the state's records (the interface
//! renders them, with their absolute addresses, S10.6) or one [`Error`] carrying the
//! documented message.
//!
//! One policy (S11.6, [`Caller::administration`](super::Caller::administration)): every caller
//! reads this shared data; only an administrator ([`Caller::budget_admin`](super::Caller), the
//! user's admin flag) whose credential writes changes it. Every command asks
//! [`Caller::administration_for_change`](super::Caller::administration_for_change) before it looks
//! at anything, so a refusal is the documented 403, changes nothing and reveals nothing; the
//! interface asks the same before it reads a path or a body.
//!
//! ```
//! use chrono::NaiveDate;
//! use costfolio::model::{core_admin::CustomerRequest, from_json};
//! use costfolio::state::State;
//! use costfolio::usecase::{Caller, Commands, Queries};
//!
//! let now = NaiveDate::from_ymd_opt(2026, 3, 15).unwrap().and_hms_opt(12, 0, 0).unwrap();
//! let admin = Caller { user: "root".into(), budget_admin: true, write: true };
//! let body: CustomerRequest = from_json(br#"{"key":"ACME","name":"Acme"}"#).unwrap();
//! let mut state = State::new();
//! let created = Commands::new(&mut state, admin, now).create_customer(body.clone()).unwrap();
//! assert_eq!(created.id, 1);
//!
//! // Anyone reads it; no one but an administrator changes it.
//! let eve = Caller { user: "eve".into(), budget_admin: false, write: true };
//! assert_eq!(Queries::new(&state, eve.clone(), now).customer("ACME").unwrap().id, 1);
//! let refused = Commands::new(&mut state, eve, now).create_customer(body).unwrap_err();
//! assert!(refused.is_forbidden());
//! ```

mod accounts;
mod calendars;
mod categories;
mod customers;
mod holidays;
mod links;
mod projects;
mod resources;
mod worklogs;

pub use accounts::{AccountIds, MAX_ACCOUNT_IDS};
pub use calendars::Calendar;
pub use worklogs::{WorklogFilter, WorklogsOf};

use super::error::{Error, Result};
use crate::model::{messages, Id};
use crate::state::{AccountRecord, State};
use crate::value::Key;

/// A kind of record a request names by key or id: its documented 404 when there is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AdminRecord {
    /// An account, by key.
    Account,
    /// A category, by key.
    Category,
    /// A customer, by key.
    Customer,
    /// An account link, by id.
    Link,
    /// A holiday scheme, by id.
    HolidayScheme,
    /// A holiday of a scheme, by id.
    Holiday,
    /// A workload scheme, by id.
    WorkloadScheme,
    /// A generic resource, by id.
    GenericResource,
    /// A tracker project, by id or key.
    Project,
    /// A saved filter, by id.
    SavedFilter,
    /// A worklog, by the service's or the tracker's id.
    Worklog,
}

impl AdminRecord {
    /// The documented message of a missing record of this kind.
    pub fn missing_message(self) -> &'static str {
        match self {
            AdminRecord::Account => messages::ACCOUNT_NOT_FOUND,
            AdminRecord::Category => messages::INVALID_CATEGORY_KEY,
            AdminRecord::Customer => messages::INVALID_CUSTOMER_KEY,
            AdminRecord::Link => messages::LINK_NOT_FOUND,
            AdminRecord::HolidayScheme => messages::HOLIDAY_SCHEME_NOT_FOUND,
            AdminRecord::Holiday => "Holiday not found",
            AdminRecord::WorkloadScheme => "Workload scheme not found",
            AdminRecord::GenericResource => messages::GENERIC_RESOURCE_NOT_FOUND,
            AdminRecord::Project => "Project not found",
            AdminRecord::SavedFilter => "Saved filter not found",
            AdminRecord::Worklog => "Worklog not found",
        }
    }

    /// The 404 of a missing record of this kind (a key or id that names none, or that is no id).
    pub fn missing(self) -> Error {
        Error::not_found(self.missing_message())
    }
}

/// An `id` parameter's value (a list by id): a whole number, else the 400 saying so.
pub fn id_parameter(text: &str) -> Result<u64> {
    text.parse::<Id>()
        .map(Id::get)
        .map_err(|_| Error::invalid(format!("id must be a whole number, got {text:?}")))
}

/// Refuses `key` when a record other than `except` already has it (S10.1): the 400 `taken`.
fn unique_key<'a>(
    records: impl IntoIterator<Item = (u64, &'a Key)>,
    key: &Key,
    except: Option<u64>,
    taken: &str,
) -> Result<()> {
    if records
        .into_iter()
        .any(|(id, other)| other == key && Some(id) != except)
    {
        Err(Error::invalid(taken))
    } else {
        Ok(())
    }
}

/// Refuses deleting a `what` ("category", "customer") that accounts still use (S10.2): a 400
/// naming how many.
fn unused(state: &State, what: &str, uses: impl Fn(&AccountRecord) -> bool) -> Result<()> {
    let users = state.accounts.values().filter(|a| uses(a)).count();
    if users > 0 {
        Err(Error::invalid(format!(
            "The {what} is used by {users} account(s) and cannot be deleted"
        )))
    } else {
        Ok(())
    }
}

/// Refuses `name` for a `what` ("holiday scheme", "generic resource") when a record other than
/// `except` has it already, ignoring case (S10.4, S10.5): the records' ids and names.
fn unique_name<'a>(
    records: impl IntoIterator<Item = (u64, &'a str)>,
    what: &str,
    name: &str,
    except: Option<u64>,
) -> Result<()> {
    let taken = records
        .into_iter()
        .any(|(id, taken)| Some(id) != except && taken.eq_ignore_ascii_case(name));
    if taken {
        Err(Error::invalid(format!(
            "A {what} named {name:?} already exists"
        )))
    } else {
        Ok(())
    }
}
