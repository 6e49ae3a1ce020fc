//! Holiday schemes and workload schemes (S10.4, extensions.md): names unique ignoring case, one
//! default that cannot be deleted, members assigned, and the scheme of a user: their own, else
//! the default.

use super::{unique_name, AdminRecord};
use crate::calendar::SECONDS_PER_DAY;
use crate::model::core_admin::{HolidaySchemeCreate, HolidaySchemeUpdate};
use crate::model::core_ext::{MembersRequest, WorkloadSchemeRequest};
use crate::state::{
    Command, HolidaySchemeRecord, IdKind, SharedTable, State, WorkloadSchemeRecord,
    DEFAULT_HOLIDAY_SCHEME, DEFAULT_WORKLOAD_SCHEME,
};
use crate::usecase::{Commands, Error, Queries, Result};

/// What holiday and workload schemes share: a name, members and the default flag.
trait Scheme {
    fn id(&self) -> u64;
    fn name(&self) -> &str;
    fn members(&self) -> &[String];
    fn is_default(&self) -> bool;
}

/// The two records have the same four fields the trait reads.
macro_rules! scheme_records {
    ($($record:ty),*) => {$(
        impl Scheme for $record {
            fn id(&self) -> u64 {
                self.id
            }
            fn name(&self) -> &str {
                self.name.as_str()
            }
            fn members(&self) -> &[String] {
                &self.members
            }
            fn is_default(&self) -> bool {
                self.default_scheme
            }
        }
    )*};
}

scheme_records!(HolidaySchemeRecord, WorkloadSchemeRecord);

/// The scheme `account` is a member of; else the one marked default; else the scheme of id
/// `default` (the one the state starts with).
fn scheme_of<'s, T: Scheme>(
    schemes: &'s SharedTable<T>,
    account: &str,
    default: u64,
) -> Option<&'s T> {
    schemes
        .values()
        .find(|s| s.members().iter().any(|m| m == account))
        .or_else(|| schemes.values().find(|s| s.is_default()))
        .or_else(|| schemes.get(&default))
}

/// Refuses `name` for a `what` when another scheme than `except` has it, ignoring case (S10.4).
fn unique_scheme_name<T: Scheme>(
    schemes: &SharedTable<T>,
    what: &str,
    name: &str,
    except: Option<u64>,
) -> Result<()> {
    unique_name(
        schemes.values().map(|s| (s.id(), s.name())),
        what,
        name,
        except,
    )
}

/// The two kinds of scheme: what deleting one, making one the default and assigning its members
/// name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Calendar {
    /// Holiday schemes.
    Holidays,
    /// Workload schemes.
    Workload,
}

impl Calendar {
    /// What a scheme of the kind is called.
    fn what(self) -> &'static str {
        match self {
            Calendar::Holidays => "holiday scheme",
            Calendar::Workload => "workload scheme",
        }
    }

    /// The scheme of the kind of id `id`, or its 404.
    fn scheme(self, state: &State, id: u64) -> Result<&dyn Scheme> {
        match self {
            Calendar::Holidays => Ok(holiday_scheme_by_id(state, id)?),
            Calendar::Workload => Ok(workload_scheme_by_id(state, id)?),
        }
    }
}

/// Whether a change of a scheme deletes it (not the default, S10.4) or keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    /// The scheme is deleted.
    Delete,
    /// The scheme stays.
    Keep,
}

/// The holiday scheme of id `id`, or its 404.
pub(super) fn holiday_scheme_by_id(state: &State, id: u64) -> Result<&HolidaySchemeRecord> {
    state
        .holiday_schemes
        .get(&id)
        .ok_or_else(|| AdminRecord::HolidayScheme.missing())
}

/// The workload scheme of id `id`, or its 404.
fn workload_scheme_by_id(state: &State, id: u64) -> Result<&WorkloadSchemeRecord> {
    state
        .workload_schemes
        .get(&id)
        .ok_or_else(|| AdminRecord::WorkloadScheme.missing())
}

/// The seven required seconds of a workload scheme's days, Monday first: each weekday once, each
/// from 0 to 86400.
fn week(body: &WorkloadSchemeRequest) -> Result<[u32; 7]> {
    let mut seconds = [None; 7];
    for day in &body.days {
        if day.required_seconds > SECONDS_PER_DAY {
            return Err(Error::field(
                "days",
                format!(
                    "requiredSeconds must be from 0 to 86400, got {}",
                    day.required_seconds
                ),
            ));
        }
        if seconds[day.day.index()]
            .replace(day.required_seconds)
            .is_some()
        {
            return Err(Error::field(
                "days",
                format!("{:?} is given twice", day.day),
            ));
        }
    }
    let mut week = [0u32; 7];
    for (slot, given) in week.iter_mut().zip(seconds) {
        *slot = given.ok_or_else(|| {
            Error::field("days", "every weekday from MONDAY to SUNDAY is required")
        })?;
    }
    Ok(week)
}

impl<'s> Queries<'s> {
    /// Every holiday scheme.
    pub fn holiday_schemes(&self) -> Vec<&'s HolidaySchemeRecord> {
        self.state.holiday_schemes.values().collect()
    }

    /// The holiday scheme of id `id`.
    pub fn holiday_scheme(&self, id: u64) -> Result<&'s HolidaySchemeRecord> {
        holiday_scheme_by_id(self.state, id)
    }

    /// The holiday scheme of the user `account`: theirs, else the default.
    pub fn holiday_scheme_of(&self, account: &str) -> Result<&'s HolidaySchemeRecord> {
        scheme_of(&self.state.holiday_schemes, account, DEFAULT_HOLIDAY_SCHEME)
            .ok_or_else(|| AdminRecord::HolidayScheme.missing())
    }

    /// The members of the holiday scheme of id `id`.
    pub fn holiday_scheme_members(&self, id: u64) -> Result<Vec<&'s str>> {
        Ok(self
            .holiday_scheme(id)?
            .members()
            .iter()
            .map(String::as_str)
            .collect())
    }

    /// Every workload scheme.
    pub fn workload_schemes(&self) -> Vec<&'s WorkloadSchemeRecord> {
        self.state.workload_schemes.values().collect()
    }

    /// The workload scheme of id `id`.
    pub fn workload_scheme(&self, id: u64) -> Result<&'s WorkloadSchemeRecord> {
        workload_scheme_by_id(self.state, id)
    }

    /// The workload scheme of the user `account`: theirs, else the default.
    pub fn workload_scheme_of(&self, account: &str) -> Result<&'s WorkloadSchemeRecord> {
        scheme_of(
            &self.state.workload_schemes,
            account,
            DEFAULT_WORKLOAD_SCHEME,
        )
        .ok_or_else(|| AdminRecord::WorkloadScheme.missing())
    }

    /// The members of the workload scheme of id `id`.
    pub fn workload_scheme_members(&self, id: u64) -> Result<Vec<&'s str>> {
        Ok(self
            .workload_scheme(id)?
            .members()
            .iter()
            .map(String::as_str)
            .collect())
    }
}

impl Commands<'_> {
    /// Creates a holiday scheme, not the default, without members; the scheme stored.
    pub fn create_holiday_scheme(
        &mut self,
        body: HolidaySchemeCreate,
    ) -> Result<HolidaySchemeRecord> {
        self.caller.administration_for_change()?;
        crate::usecase::refusals::new_texts(&body)?;
        let state = &*self.state;
        unique_scheme_name(
            &state.holiday_schemes,
            Calendar::Holidays.what(),
            body.name.as_str(),
            None,
        )?;
        let record = HolidaySchemeRecord {
            id: state.counters.next(IdKind::HolidayScheme),
            name: body.name,
            description: body.description,
            default_scheme: false,
            members: Vec::new(),
        };
        self.state.apply(Command::PutHolidayScheme(record.clone()));
        Ok(record)
    }

    /// Renames the holiday scheme of id `id` (and changes its description when the body gives
    /// one); the scheme stored.
    pub fn update_holiday_scheme(
        &mut self,
        id: u64,
        body: HolidaySchemeUpdate,
    ) -> Result<HolidaySchemeRecord> {
        self.caller.administration_for_change()?;
        let state = &*self.state;
        let mut record = holiday_scheme_by_id(state, id)?.clone();
        // S11.7: what the scheme held is kept.
        crate::usecase::refusals::texts(&body, Some(&record))?;
        unique_scheme_name(
            &state.holiday_schemes,
            Calendar::Holidays.what(),
            body.name.as_str(),
            Some(record.id),
        )?;
        record.name = body.name;
        if body.description.is_some() {
            record.description = body.description;
        }
        self.state.apply(Command::PutHolidayScheme(record.clone()));
        Ok(record)
    }

    /// Creates a workload scheme, not the default, without members; the scheme stored.
    pub fn create_workload_scheme(
        &mut self,
        body: WorkloadSchemeRequest,
    ) -> Result<WorkloadSchemeRecord> {
        self.caller.administration_for_change()?;
        self.put_workload_scheme(body, None)
    }

    /// Updates the workload scheme of id `id`, keeping its default flag and members; the scheme
    /// stored.
    pub fn update_workload_scheme(
        &mut self,
        id: u64,
        body: WorkloadSchemeRequest,
    ) -> Result<WorkloadSchemeRecord> {
        self.caller.administration_for_change()?;
        workload_scheme_by_id(self.state, id)?;
        self.put_workload_scheme(body, Some(id))
    }

    /// Deletes the scheme of id `id` of `calendar`, unless it is the default (S10.4).
    pub fn delete_scheme(&mut self, calendar: Calendar, id: u64) -> Result<()> {
        let command = match calendar {
            Calendar::Holidays => Command::DeleteHolidayScheme(id),
            Calendar::Workload => Command::DeleteWorkloadScheme(id),
        };
        self.change_scheme(calendar, id, Change::Delete, command)
    }

    /// Makes the scheme of id `id` of `calendar` the default.
    pub fn set_default_scheme(&mut self, calendar: Calendar, id: u64) -> Result<()> {
        let command = match calendar {
            Calendar::Holidays => Command::SetDefaultHolidayScheme(id),
            Calendar::Workload => Command::SetDefaultWorkloadScheme(id),
        };
        self.change_scheme(calendar, id, Change::Keep, command)
    }

    /// Assigns the users `body` names to the scheme of id `id` of `calendar`.
    pub fn set_scheme_members(
        &mut self,
        calendar: Calendar,
        id: u64,
        body: MembersRequest,
    ) -> Result<()> {
        self.caller.administration_for_change()?;
        crate::usecase::refusals::new_texts(&body)?;
        let account_ids = body.account_ids;
        let command = match calendar {
            Calendar::Holidays => Command::SetHolidaySchemeMembers {
                scheme: id,
                account_ids,
            },
            Calendar::Workload => Command::SetWorkloadSchemeMembers {
                scheme: id,
                account_ids,
            },
        };
        self.change_scheme(calendar, id, Change::Keep, command)
    }

    /// Applies `command` to the scheme of id `id` of `calendar`, once the policy allows it and
    /// the scheme exists; a deletion not of the default (S10.4).
    fn change_scheme(
        &mut self,
        calendar: Calendar,
        id: u64,
        change: Change,
        command: Command,
    ) -> Result<()> {
        self.caller.administration_for_change()?;
        let scheme = calendar.scheme(self.state, id)?;
        if change == Change::Delete && scheme.is_default() {
            return Err(Error::invalid(format!(
                "The default {} cannot be deleted; make another scheme the default first",
                calendar.what()
            )));
        }
        self.state.apply(command);
        Ok(())
    }

    fn put_workload_scheme(
        &mut self,
        body: WorkloadSchemeRequest,
        id: Option<u64>,
    ) -> Result<WorkloadSchemeRecord> {
        // S11.7: what the scheme held is kept.
        let before = id.and_then(|id| self.state.workload_schemes.get(&id));
        crate::usecase::refusals::texts(&body, before)?;
        let week = week(&body)?;
        let state = &*self.state;
        unique_scheme_name(
            &state.workload_schemes,
            Calendar::Workload.what(),
            body.name.as_str(),
            id,
        )?;
        let previous = id.and_then(|id| state.workload_schemes.get(&id));
        let record = WorkloadSchemeRecord {
            id: id.unwrap_or_else(|| state.counters.next(IdKind::WorkloadScheme)),
            name: body.name,
            description: body.description,
            default_scheme: previous.is_some_and(|p| p.default_scheme),
            seconds: week,
            members: previous.map(|p| p.members.clone()).unwrap_or_default(),
        };
        self.state.apply(Command::PutWorkloadScheme(record.clone()));
        Ok(record)
    }
}
