//! References checked when they are written (S6.10): a folio's or a position's holiday and
//! workload schemes, a position's overtime rule and account, a synchronized folio's saved filter
//! must name a live record of the service, so that no record points at nothing.
//!
//! A reference the record already holds is accepted as it is: the documents' updates replace the
//! whole record, so a client sends back what it did not change, and a scheme or rule deleted
//! since must not make the rest of the record uneditable (it then costs as S3.4 and S6.6 say).

use core::fmt;

use crate::model::budgeting::{Folio, Position};
use crate::model::Id;
use crate::state::State;

/// What a reference names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Referenced {
    /// A holiday scheme (S3.2).
    HolidayScheme,
    /// A workload scheme (S3.1).
    WorkloadScheme,
    /// An overtime rule (S6.6).
    OvertimeRule,
    /// An account, by key.
    Account,
    /// A saved filter (the scope of a folio synchronized with worklogs, S6.5b).
    SavedFilter,
}

impl Referenced {
    fn noun(self) -> &'static str {
        match self {
            Referenced::HolidayScheme => "holiday scheme",
            Referenced::WorkloadScheme => "workload scheme",
            Referenced::OvertimeRule => "overtime rule",
            Referenced::Account => "account",
            Referenced::SavedFilter => "saved filter",
        }
    }
}

/// A reference to no live record (S6.10): the field, the value and what it should have named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferenceError {
    /// The field of the body, as the wire names it (`holidaySchemeId`).
    pub field: &'static str,
    /// The value given, as text.
    pub value: String,
    /// What it should name.
    pub names: Referenced,
}

impl fmt::Display for ReferenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = crate::model::messages::excerpt(&self.value);
        match self.names {
            Referenced::SavedFilter => write!(
                f,
                "there is no saved filter {value}: a folio synchronized with worklogs takes them from its saved filter"
            ),
            Referenced::Account => write!(f, "there is no account with key {value:?}"),
            names => write!(f, "there is no {} {value}", names.noun()),
        }
    }
}

impl std::error::Error for ReferenceError {}

impl State {
    fn holiday_scheme_lives(&self, id: Id) -> bool {
        self.holiday_schemes.contains_key(&id.get())
    }

    fn workload_scheme_lives(&self, id: Id) -> bool {
        self.workload_schemes.contains_key(&id.get())
    }

    fn overtime_rule_lives(&self, id: Id) -> bool {
        self.overtime_rules
            .get(&id.get())
            .is_some_and(|rule| rule.deleted_on.is_none())
    }

    fn account_lives(&self, key: &str) -> bool {
        self.accounts
            .values()
            .any(|account| account.key.as_str() == key)
    }

    /// Checks the references of `folio` (S6.10) written over `before` (its stored version, for an
    /// update): its holiday and workload schemes, and its saved filter when it synchronizes with
    /// worklogs. The first one that names nothing is the error.
    pub fn check_folio_references(
        &self,
        folio: &Folio,
        before: Option<&Folio>,
    ) -> Result<(), ReferenceError> {
        let kept = |now: Id, then: fn(&Folio) -> Id| before.is_some_and(|b| then(b) == now);
        let id = |field, value: Id, names, lives: bool| {
            if lives {
                Ok(())
            } else {
                Err(ReferenceError {
                    field,
                    value: value.to_string(),
                    names,
                })
            }
        };
        id(
            "holidaySchemeId",
            folio.holiday_scheme_id,
            Referenced::HolidayScheme,
            kept(folio.holiday_scheme_id, |f| f.holiday_scheme_id)
                || self.holiday_scheme_lives(folio.holiday_scheme_id),
        )?;
        id(
            "workloadSchemeId",
            folio.workload_scheme_id,
            Referenced::WorkloadScheme,
            kept(folio.workload_scheme_id, |f| f.workload_scheme_id)
                || self.workload_scheme_lives(folio.workload_scheme_id),
        )?;
        // Without worklogs the saved filter is not used, and stored as given.
        if folio.is_synchronized_with_work_logs {
            id(
                "savedFilterId",
                folio.saved_filter_id,
                Referenced::SavedFilter,
                self.saved_filters
                    .contains_key(&folio.saved_filter_id.get())
                    || before.is_some_and(|b| {
                        b.is_synchronized_with_work_logs
                            && b.saved_filter_id == folio.saved_filter_id
                    }),
            )?;
        }
        Ok(())
    }

    /// Checks the references of `position` (S6.10) written over `before` (its stored header, for
    /// an update): its own holiday and workload schemes, its overtime rule and its account, each
    /// when given. A `teamRoleId` is stored as given.
    pub fn check_position_references(
        &self,
        position: &Position,
        before: Option<&Position>,
    ) -> Result<(), ReferenceError> {
        let same = |now: Option<Id>, then: fn(&Position) -> Option<Id>| {
            before.is_some_and(|b| then(b) == now)
        };
        let checked =
            |field, value: Option<Id>, names, lives: &dyn Fn(Id) -> bool, kept: bool| match value {
                Some(id) if !kept && !lives(id) => Err(ReferenceError {
                    field,
                    value: id.to_string(),
                    names,
                }),
                _ => Ok(()),
            };
        checked(
            "holidaySchemeId",
            position.holiday_scheme_id,
            Referenced::HolidayScheme,
            &|id| self.holiday_scheme_lives(id),
            same(position.holiday_scheme_id, |p| p.holiday_scheme_id),
        )?;
        checked(
            "workloadSchemeId",
            position.workload_scheme_id,
            Referenced::WorkloadScheme,
            &|id| self.workload_scheme_lives(id),
            same(position.workload_scheme_id, |p| p.workload_scheme_id),
        )?;
        checked(
            "otRuleId",
            position.ot_rule_id,
            Referenced::OvertimeRule,
            &|id| self.overtime_rule_lives(id),
            same(position.ot_rule_id, |p| p.ot_rule_id),
        )?;
        // A blank key names no account: stored as given, like an absent one.
        if let Some(key) = position
            .account_key
            .as_ref()
            .filter(|k| !k.trim().is_empty())
        {
            let kept = before.is_some_and(|b| b.account_key.as_ref() == Some(key));
            if !kept && !self.account_lives(key) {
                return Err(ReferenceError {
                    field: "accountKey",
                    value: key.clone(),
                    names: Referenced::Account,
                });
            }
        }
        Ok(())
    }
}
