//! The one authorization policy of the use cases (S11.4, S11.5, S11.6): who may read and who may
//! change each kind of record. Every use case asks it, through the `*_for_read` and
//! `*_for_change` helpers below, before it looks at anything else of its target.
//!
//! | record | read | change |
//! |---|---|---|
//! | a folio's draft and scenarios (items, parts, scope, billed hours, actuals) | owner, editors, viewers, admins of a portfolio holding it, budget administrators | owner, editors, budget administrators (S15.8) |
//! | the folio's record, baselines, promotions, closed months, sharing, custom-field definitions | as above | owner, budget administrators |
//! | portfolio | owner, admins, budget administrators; every user when not private | owner, admins, budget administrators |
//! | exchange rates, overtime rules | every user | budget administrators |
//! | the core administration's shared data (accounts, categories, customers, links, calendars, generic resources, projects, saved filters, worklogs) | every user | administrators whose credential writes (S11.6) |
//!
//! "Administrator" is one flag, [`Caller::budget_admin`]: the user's admin flag, which the core
//! interface counts only for the user of the token that asks (S11.6).
//!
//! A credential that may not write (a read-only token) changes nothing. A record the caller may
//! not read answers exactly as a missing one (the documented 404), so a refusal reveals nothing a
//! read would not; a record the caller may read but not change answers 403.

use super::error::{Error, Result};
use crate::model::budgeting::Portfolio;
use crate::model::messages;
use crate::state::{FolioRecord, State};

/// Who asks, resolved once per request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// The user's key.
    pub user: String,
    /// Whether they are a budget administrator (S11.4): the user's admin flag, which also makes
    /// them an administrator of the core administration interface (S11.6).
    pub budget_admin: bool,
    /// Whether the credential may change data (false for a read-only token).
    pub write: bool,
}

/// What a caller may do with one record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Access {
    /// Nothing: the record answers as if it did not exist.
    None,
    /// Read it.
    Read,
    /// Read it and change a folio's draft and scenarios, not its approved budget, record or
    /// sharing (a folio's editor, S15.8).
    Edit,
    /// Read and change it.
    Change,
}

impl Caller {
    /// What the caller may do with folio `id` (S11.4, S11.5); `None` for a missing or deleted one.
    pub fn folio(&self, state: &State, id: u64) -> Access {
        let Some(record) = state.folios.get(&id) else {
            return Access::None;
        };
        if self.budget_admin || record.folio.owner == self.user {
            return Access::Change;
        }
        if record.editors.contains(&self.user) {
            return Access::Edit;
        }
        let reads = record.viewers.contains(&self.user)
            || state.portfolios.values().any(|portfolio| {
                portfolio.admins.contains(&self.user)
                    && portfolio.folios.iter().any(|f| f.id.get() == id)
            });
        if reads {
            Access::Read
        } else {
            Access::None
        }
    }

    /// What the caller may do with `portfolio` (S11.5).
    pub fn portfolio(&self, portfolio: &Portfolio) -> Access {
        if self.budget_admin
            || portfolio.owner == self.user
            || portfolio.admins.contains(&self.user)
        {
            Access::Change
        } else if !portfolio.is_private {
            Access::Read
        } else {
            Access::None
        }
    }

    /// What the caller may do with the data every folio's costs read: exchange rates and
    /// overtime rules (S11.5).
    pub fn shared_data(&self) -> Access {
        if self.budget_admin {
            Access::Change
        } else {
            Access::Read
        }
    }

    /// What the caller may do with the shared data of the core administration interface (S11.6):
    /// every user reads it; an administrator whose credential writes changes it.
    pub fn administration(&self) -> Access {
        if self.budget_admin && self.write {
            Access::Change
        } else {
            Access::Read
        }
    }

    /// Refuses a change of the core administration's data by anyone but an administrator whose
    /// credential writes: the documented 403 (S11.3, S11.6), the same for a read-only token and
    /// for someone who is not an administrator, before anything is looked up.
    pub fn administration_for_change(&self) -> Result<()> {
        match self.administration() {
            Access::Change => Ok(()),
            _ => Err(Error::forbidden(messages::NO_PERMISSION)),
        }
    }

    /// Refuses a change by a credential that may not write (403), before anything is looked up.
    pub fn writes(&self) -> Result<()> {
        if self.write {
            Ok(())
        } else {
            Err(Error::forbidden(messages::READ_ONLY_CREDENTIAL))
        }
    }

    /// A live folio the caller may read; else the documented 404, the same for a missing one.
    pub fn folio_for_read<'s>(&self, state: &'s State, id: u64) -> Result<&'s FolioRecord> {
        self.folio_by_id(state, id)
            .filter(|record| record.folio.deleted_on.is_none())
            .ok_or_else(Error::folio_not_viewable)
    }

    /// A folio the caller may read, deleted or not: a deleted record can still be read by id
    /// (S5.1); else the documented 404.
    pub fn folio_by_id<'s>(&self, state: &'s State, id: u64) -> Option<&'s FolioRecord> {
        state
            .folios
            .get(&id)
            .filter(|_| self.folio(state, id) >= Access::Read)
    }

    /// A live folio whose approved budget, record or sharing the caller may change (its owner
    /// or a budget administrator): the documented 404 when they may not even read it (or it is
    /// missing), 403 when they may only read or edit it or their credential is read-only.
    pub fn folio_for_change<'s>(&self, state: &'s State, id: u64) -> Result<&'s FolioRecord> {
        self.writes()?;
        let record = self.folio_for_read(state, id)?;
        match self.folio(state, id) {
            Access::Change => Ok(record),
            Access::Edit => Err(Error::forbidden(messages::OWNER_ONLY)),
            _ => Err(Error::forbidden(messages::CHANGE_NOT_ALLOWED)),
        }
    }

    /// A live folio whose draft and scenarios the caller may change (its owner, an editor, a
    /// budget administrator, S15.8): the documented 404 when they may not read it, 403 when they
    /// may only read it or their credential is read-only.
    pub fn folio_for_edit<'s>(&self, state: &'s State, id: u64) -> Result<&'s FolioRecord> {
        self.writes()?;
        let record = self.folio_for_read(state, id)?;
        match self.folio(state, id) {
            Access::Change | Access::Edit => Ok(record),
            _ => Err(Error::forbidden(messages::CHANGE_NOT_ALLOWED)),
        }
    }

    /// Refuses a change of an item of folio `folio`'s draft unless the caller may edit the
    /// folio: the item's own 404 (`missing`) when they may not read it, a 403 when they may only
    /// read it (S11.5, S15.8).
    pub fn may_edit_in(
        &self,
        state: &State,
        folio: u64,
        missing: impl Fn() -> Error,
    ) -> Result<()> {
        self.writes()?;
        or_missing(self.folio_for_edit(state, folio), missing)
    }

    /// Refuses a change of a record of folio `folio` unless the caller may change the folio:
    /// the record's own 404 (`missing`) when they may not read it, a 403 when they may only read
    /// it (S11.5).
    pub fn may_change_in(
        &self,
        state: &State,
        folio: u64,
        missing: impl Fn() -> Error,
    ) -> Result<()> {
        self.writes()?;
        or_missing(self.folio_for_change(state, folio), missing)
    }

    /// Refuses a change of shared data by anyone but a budget administrator (403).
    pub fn shared_data_for_change(&self, what: &str) -> Result<()> {
        self.writes()?;
        match self.shared_data() {
            Access::Change => Ok(()),
            _ => Err(Error::forbidden(format!(
                "Only budget administrators may change {what}"
            ))),
        }
    }
}

/// `refusal` with a folio's 404 replaced by the record's own (`missing`), so that a record of a
/// folio the caller may not read answers as a missing one of its kind (S11.4).
fn or_missing<T>(refusal: Result<T>, missing: impl Fn() -> Error) -> Result<()> {
    match refusal {
        Ok(_) => Ok(()),
        Err(refusal) if refusal.is_not_found() => Err(missing()),
        Err(refusal) => Err(refusal),
    }
}
