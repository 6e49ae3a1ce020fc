//! The holidays of a holiday scheme (S3.2, extensions.md): FIXED ones every year on their month
//! and day, FLOATING ones on their date; each lasts 1 to 86400 seconds.

use chrono::Datelike;

use super::calendars::holiday_scheme_by_id;
use super::AdminRecord;
use crate::calendar::{HolidayKind, SECONDS_PER_DAY};
use crate::model::core_ext::HolidayRequest;
use crate::state::{Command, HolidayRecord, IdKind, State};
use crate::usecase::{Commands, Error, Queries, Result};
use crate::value::Date;

/// The holiday of id `id` in the scheme of id `scheme`: the scheme's 404 first, then the
/// holiday's (also for a holiday of another scheme).
fn holiday_in(state: &State, scheme: u64, id: u64) -> Result<&HolidayRecord> {
    holiday_scheme_by_id(state, scheme)?;
    state
        .holidays
        .get(&id)
        .filter(|h| h.scheme_id == scheme)
        .ok_or_else(|| AdminRecord::Holiday.missing())
}

/// Where a holiday falls in `year` (S3.2): a FIXED one on its month and day that year (none for
/// Feb 29 in a common year), a FLOATING one only in its own year.
fn in_year(holiday: &HolidayRecord, year: i32) -> Option<Date> {
    let day = holiday.date.naive();
    match holiday.kind {
        HolidayKind::Fixed => {
            chrono::NaiveDate::from_ymd_opt(year, day.month(), day.day()).map(Date::from_naive)
        }
        HolidayKind::Floating => (day.year() == year).then_some(holiday.date),
    }
}

impl<'s> Queries<'s> {
    /// The holidays of the scheme of id `scheme`; with a `year`, those of that year on the date
    /// they fall on then (S3.2).
    pub fn holidays(&self, scheme: u64, year: Option<i32>) -> Result<Vec<HolidayRecord>> {
        holiday_scheme_by_id(self.state, scheme)?;
        Ok(self
            .state
            .holidays
            .values()
            .filter(|h| h.scheme_id == scheme)
            .filter_map(|h| {
                let date = match year {
                    None => h.date,
                    Some(year) => in_year(h, year)?,
                };
                Some(HolidayRecord { date, ..h.clone() })
            })
            .collect())
    }

    /// The holiday of id `id` in the scheme of id `scheme`.
    pub fn holiday(&self, scheme: u64, id: u64) -> Result<&'s HolidayRecord> {
        holiday_in(self.state, scheme, id)
    }
}

impl Commands<'_> {
    /// Adds a holiday to the scheme of id `scheme`; the holiday stored.
    pub fn create_holiday(&mut self, scheme: u64, body: HolidayRequest) -> Result<HolidayRecord> {
        self.caller.administration_for_change()?;
        holiday_scheme_by_id(self.state, scheme)?;
        self.put_holiday(scheme, body, None)
    }

    /// Changes the holiday of id `id` in the scheme of id `scheme`; the holiday stored.
    pub fn update_holiday(
        &mut self,
        scheme: u64,
        id: u64,
        body: HolidayRequest,
    ) -> Result<HolidayRecord> {
        self.caller.administration_for_change()?;
        holiday_in(self.state, scheme, id)?;
        self.put_holiday(scheme, body, Some(id))
    }

    /// Deletes the holiday of id `id` from the scheme of id `scheme`.
    pub fn delete_holiday(&mut self, scheme: u64, id: u64) -> Result<()> {
        self.caller.administration_for_change()?;
        holiday_in(self.state, scheme, id)?;
        self.state.apply(Command::DeleteHoliday(id));
        Ok(())
    }

    fn put_holiday(
        &mut self,
        scheme: u64,
        body: HolidayRequest,
        id: Option<u64>,
    ) -> Result<HolidayRecord> {
        // S11.7: what the holiday held is kept.
        let before = id.and_then(|id| self.state.holidays.get(&id));
        crate::usecase::refusals::texts(&body, before)?;
        if !(1..=SECONDS_PER_DAY).contains(&body.duration_seconds) {
            return Err(Error::field(
                "durationSeconds",
                format!(
                    "durationSeconds must be from 1 to 86400, got {}",
                    body.duration_seconds
                ),
            ));
        }
        let record = HolidayRecord {
            id: id.unwrap_or_else(|| self.state.counters.next(IdKind::Holiday)),
            scheme_id: scheme,
            kind: body.holiday_type,
            name: body.name,
            description: body.description,
            duration_seconds: body.duration_seconds,
            date: body.date,
        };
        self.state.apply(Command::PutHoliday(record.clone()));
        Ok(record)
    }
}
