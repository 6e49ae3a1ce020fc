//! Calendars: workload schemes, holiday schemes and the capacity of days and ranges (S3).
//!
//! Capacity is kept in whole seconds: a holiday's `durationSeconds` of 1 is 1/3600 of an hour,
//! which no decimal holds exactly, while seconds add and subtract exactly and fast. Hours are made
//! from seconds only where they are emitted ([`seconds_to_hours`]).
//!
//! Capacity of a range is computed per uniform segment, never by walking its days: the count of
//! each weekday in the range times that weekday's hours, minus what the holidays inside the range
//! take away (S3.3).
//!
//! ```
//! use costfolio::calendar::{Calendar, Holiday, HolidayKind, HolidayScheme, WorkloadScheme};
//! use costfolio::value::{Date, DateRange};
//!
//! let d = |s: &str| s.parse::<Date>().unwrap();
//! let christmas = Holiday::new(HolidayKind::Fixed, d("2020-12-25"), 86_400).unwrap();
//! let calendar = Calendar::new(WorkloadScheme::standard(), HolidayScheme::new([christmas]));
//! // December 2026: 23 weekdays, Christmas on a Friday.
//! let december = DateRange::new(d("2026-12-01"), d("2026-12-31")).unwrap();
//! assert_eq!(calendar.working_days_in(december), 22);
//! assert_eq!(calendar.capacity_seconds_in(december), 22 * 8 * 3600);
//! ```

use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;

use crate::table::Table;

pub use crate::model::core_ext::HolidayKind;
use crate::value::{Date, DateRange, IsoWeekday};

/// Seconds in a day: the most a workload day or a holiday can hold.
pub const SECONDS_PER_DAY: u32 = 86_400;

/// Seconds in an hour.
pub const SECONDS_PER_HOUR: u32 = 3_600;

/// Why a calendar refused a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CalendarError {
    /// A workload day of more than 24 hours.
    WorkloadTooLong {
        /// The weekday (1 = Monday).
        weekday: u32,
        /// The seconds given.
        seconds: u32,
    },
    /// A holiday shorter than 1 second or longer than a day (S3.2).
    HolidayDuration {
        /// The seconds given.
        seconds: u32,
    },
}

impl core::fmt::Display for CalendarError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            CalendarError::WorkloadTooLong { weekday, seconds } => write!(
                f,
                "requiredSeconds of weekday {weekday} must be from 0 to 86400, got {seconds}"
            ),
            CalendarError::HolidayDuration { seconds } => {
                write!(f, "durationSeconds must be from 1 to 86400, got {seconds}")
            }
        }
    }
}

impl std::error::Error for CalendarError {}

/// Converts seconds into hours, exactly where it terminates (and to 28 significant digits where it
/// does not, S1.5).
pub fn seconds_to_hours(seconds: u64) -> Decimal {
    Decimal::from(seconds) / Decimal::from(SECONDS_PER_HOUR)
}

/// Required seconds of work per ISO weekday (S3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WorkloadScheme {
    seconds: [u32; 7],
}

impl WorkloadScheme {
    /// The built-in scheme id 1, "Default Workload Scheme": 8 hours Monday to Friday (S3.1).
    pub fn standard() -> WorkloadScheme {
        let day = 8 * SECONDS_PER_HOUR;
        WorkloadScheme {
            seconds: [day, day, day, day, day, 0, 0],
        }
    }

    /// A scheme from the seconds of each weekday, Monday first; each at most a day.
    pub fn new(seconds: [u32; 7]) -> Result<WorkloadScheme, CalendarError> {
        for (index, &s) in seconds.iter().enumerate() {
            if s > SECONDS_PER_DAY {
                return Err(CalendarError::WorkloadTooLong {
                    weekday: index as u32 + 1,
                    seconds: s,
                });
            }
        }
        Ok(WorkloadScheme { seconds })
    }

    /// Required seconds on `weekday`.
    pub fn seconds_on(&self, weekday: IsoWeekday) -> u32 {
        self.seconds[weekday.get() as usize - 1]
    }

    /// Required seconds of each weekday, Monday first.
    pub fn week(&self) -> [u32; 7] {
        self.seconds
    }

    fn seconds_of(&self, date: NaiveDate) -> u32 {
        self.seconds[date.weekday().num_days_from_monday() as usize]
    }
}

impl Default for WorkloadScheme {
    fn default() -> Self {
        WorkloadScheme::standard()
    }
}

/// A holiday: a date and how much of it is off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Holiday {
    kind: HolidayKind,
    date: Date,
    seconds: u32,
}

impl Holiday {
    /// A holiday of `duration_seconds` (1 to 86400) on `date`.
    pub fn new(
        kind: HolidayKind,
        date: Date,
        duration_seconds: u32,
    ) -> Result<Holiday, CalendarError> {
        if !(1..=SECONDS_PER_DAY).contains(&duration_seconds) {
            return Err(CalendarError::HolidayDuration {
                seconds: duration_seconds,
            });
        }
        Ok(Holiday {
            kind,
            date,
            seconds: duration_seconds,
        })
    }

    /// FIXED or FLOATING.
    pub fn kind(&self) -> HolidayKind {
        self.kind
    }

    /// The holiday's date (for a FIXED holiday, one of the years it falls in).
    pub fn date(&self) -> Date {
        self.date
    }

    /// How long it is, in seconds.
    pub fn duration_seconds(&self) -> u32 {
        self.seconds
    }
}

/// The holidays of a scheme, indexed for range queries (S3.2). Several holidays on one date add up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HolidayScheme {
    /// FLOATING holidays: seconds off by date.
    floating: Table<u32, NaiveDate>,
    /// FIXED holidays: seconds off by (month, day).
    fixed: Table<u32, (u32, u32)>,
}

impl HolidayScheme {
    /// The built-in scheme id 1, "Default Holiday Scheme": no holidays (S3.2).
    pub fn empty() -> HolidayScheme {
        HolidayScheme::default()
    }

    /// A scheme holding `holidays`.
    pub fn new(holidays: impl IntoIterator<Item = Holiday>) -> HolidayScheme {
        let mut scheme = HolidayScheme::default();
        for holiday in holidays {
            let date = holiday.date.naive();
            let slot = match holiday.kind {
                HolidayKind::Floating => scheme.floating.slot(date, || 0),
                HolidayKind::Fixed => scheme.fixed.slot((date.month(), date.day()), || 0),
            };
            *slot = slot.saturating_add(holiday.seconds);
        }
        scheme
    }

    /// Seconds off on `date`, all its holidays together.
    pub fn seconds_on(&self, date: Date) -> u32 {
        let date = date.naive();
        let floating = self.floating.get(&date).copied().unwrap_or(0);
        let fixed = self
            .fixed
            .get(&(date.month(), date.day()))
            .copied()
            .unwrap_or(0);
        floating.saturating_add(fixed)
    }

    /// Every date of `range` that has a holiday, ascending, with its seconds off. Costs time in
    /// proportion to the holidays of the range, not its days.
    pub fn holidays_in(&self, range: DateRange) -> Vec<(Date, u32)> {
        let (start, end) = (range.start().naive(), range.end().naive());
        let rows = self.floating.rows();
        let from = rows.partition_point(|(date, _)| *date < start);
        let to = rows.partition_point(|(date, _)| *date <= end);
        let mut days: Vec<(NaiveDate, u32)> = rows[from..to.max(from)].to_vec();
        for year in start.year()..=end.year() {
            if self.fixed.is_empty() {
                break;
            }
            for &((month, day), seconds) in self.fixed.rows() {
                // Feb 29 falls only in leap years: from_ymd_opt refuses it otherwise.
                match NaiveDate::from_ymd_opt(year, month, day) {
                    Some(date) if start <= date && date <= end => days.push((date, seconds)),
                    _ => {}
                }
            }
        }
        crate::order::sort_by_key(&mut days, |&(date, _)| date);
        // A FIXED and a FLOATING holiday on one date add up.
        let mut merged: Vec<(Date, u32)> = Vec::with_capacity(days.len());
        for (date, seconds) in days {
            match merged.last_mut() {
                Some((last, total)) if last.naive() == date => {
                    *total = total.saturating_add(seconds)
                }
                _ => merged.push((Date::from_naive(date), seconds)),
            }
        }
        merged
    }

    /// Whether the scheme has no holidays at all.
    pub fn is_empty(&self) -> bool {
        self.floating.is_empty() && self.fixed.is_empty()
    }
}

/// A workload scheme with a holiday scheme: what a position or a folio works by (S3.4).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Calendar {
    workload: WorkloadScheme,
    holidays: HolidayScheme,
}

impl Calendar {
    /// How many holidays (dates and days of the year) its holiday scheme holds.
    pub fn holiday_count(&self) -> usize {
        self.holidays.floating.len() + self.holidays.fixed.len()
    }

    /// The calendar of `workload` and `holidays`.
    pub fn new(workload: WorkloadScheme, holidays: HolidayScheme) -> Calendar {
        Calendar { workload, holidays }
    }

    /// The workload scheme.
    pub fn workload(&self) -> &WorkloadScheme {
        &self.workload
    }

    /// The holiday scheme.
    pub fn holidays(&self) -> &HolidayScheme {
        &self.holidays
    }

    /// Capacity of one day in seconds: its weekday's hours less its holidays, never below 0 (S3.3).
    pub fn capacity_seconds(&self, date: Date) -> u32 {
        self.workload
            .seconds_of(date.naive())
            .saturating_sub(self.holidays.seconds_on(date))
    }

    /// Capacity of one day in hours (S3.3).
    pub fn capacity_hours(&self, date: Date) -> Decimal {
        seconds_to_hours(u64::from(self.capacity_seconds(date)))
    }

    /// Capacity of a range in seconds, computed per segment: weekday counts times hours, less what
    /// each holiday of the range takes (at most its day's hours).
    pub fn capacity_seconds_in(&self, range: DateRange) -> u64 {
        let counts = weekday_counts(range);
        let gross: u64 = counts
            .iter()
            .zip(self.workload.seconds)
            .map(|(count, seconds)| count * u64::from(seconds))
            .sum();
        let taken: u64 = self
            .holidays
            .holidays_in(range)
            .iter()
            .map(|&(date, off)| u64::from(off.min(self.workload.seconds_of(date.naive()))))
            .sum();
        gross - taken
    }

    /// Capacity of a range in hours.
    pub fn capacity_hours_in(&self, range: DateRange) -> Decimal {
        seconds_to_hours(self.capacity_seconds_in(range))
    }

    /// How many days of the range have a capacity above 0 (S9.1's working days), computed per
    /// segment like [`capacity_seconds_in`](Self::capacity_seconds_in).
    pub fn working_days_in(&self, range: DateRange) -> u64 {
        let counts = weekday_counts(range);
        let working: u64 = counts
            .iter()
            .zip(self.workload.seconds)
            .filter(|(_, seconds)| *seconds > 0)
            .map(|(count, _)| count)
            .sum();
        let lost = self
            .holidays
            .holidays_in(range)
            .iter()
            .filter(|&&(date, off)| {
                let seconds = self.workload.seconds_of(date.naive());
                seconds > 0 && off >= seconds
            })
            .count() as u64;
        working - lost
    }
}

/// How many times each weekday (Monday first) occurs in `range`, in constant time.
pub fn weekday_counts(range: DateRange) -> [u64; 7] {
    let days = range.days();
    let (weeks, rest) = (days / 7, days % 7);
    let first = u64::from(range.start().naive().weekday().num_days_from_monday());
    let mut counts = [weeks; 7];
    for offset in 0..rest {
        counts[((first + offset) % 7) as usize] += 1;
    }
    counts
}
