//! Recurrence of expenses (S4): a validated rule that knows, in constant time, its k-th occurrence
//! and how many occurrences fall before any date. Expanding a window therefore jumps straight to
//! it: the cost follows what the window returns, never the distance from the start date (S4.8).
//!
//! ```
//! use costfolio::model::budgeting::Recurrence;
//! use costfolio::model::from_json;
//! use costfolio::recurrence::RecurrenceRule;
//! use costfolio::value::{Date, DateRange};
//!
//! let d = |s: &str| s.parse::<Date>().unwrap();
//! let wire: Recurrence = from_json(br#"{"kind":".Monthly","startDate":"2026-01-31","occurrences":4}"#).unwrap();
//! let rule = RecurrenceRule::new(&wire, d("2026-12-31")).unwrap();
//! let dates: Vec<String> = rule.iter().map(|date| date.to_string()).collect();
//! assert_eq!(dates, ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
//! // A window ten years on costs no more than one at the start.
//! let window = DateRange::new(d("2026-03-01"), d("2026-03-31")).unwrap();
//! assert_eq!(rule.occurrences_in(window).collect::<Vec<_>>(), [d("2026-03-31")]);
//! ```

use core::fmt;

use chrono::{Datelike, NaiveDate};

use crate::model::budgeting::{Recurrence, RecurrenceBy, RecurrenceKind};
use crate::value::{Date, DateRange};

/// The most occurrences one expense may produce up to the end of its series (S4.8).
pub const MAX_OCCURRENCES: u64 = 100_000;

/// Why a recurrence was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecurrenceError {
    /// `endDate` before `startDate` (S4.1).
    EndBeforeStart {
        /// The start date.
        start: Date,
        /// The end date.
        end: Date,
    },
    /// More than [`MAX_OCCURRENCES`] up to the end of the series (S4.8).
    TooManyOccurrences {
        /// How many the series would produce.
        count: u64,
    },
}

impl RecurrenceError {
    /// The path of the field at fault.
    pub fn field(&self) -> &'static str {
        match self {
            RecurrenceError::EndBeforeStart { .. } => "recurrence.endDate",
            RecurrenceError::TooManyOccurrences { .. } => "recurrence",
        }
    }
}

impl fmt::Display for RecurrenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecurrenceError::EndBeforeStart { start, end } => write!(
                f,
                "The end date of the recurrence must not be before its start date (start {start}, end {end})"
            ),
            RecurrenceError::TooManyOccurrences { count } => write!(
                f,
                "The recurrence produces {count} occurrences; at most {MAX_OCCURRENCES} are allowed \
                 (give an earlier endDate, fewer occurrences or a larger interval)"
            ),
        }
    }
}

impl std::error::Error for RecurrenceError {}

/// The shape of a series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Pattern {
    Once,
    Daily,
    /// Bit i set: ISO weekday i + 1 is in the set.
    Weekly {
        days: u8,
    },
    MonthlyByDay,
    /// The n-th (1 to 4) or last (5) weekday of the month, the weekday of the start date.
    MonthlyByWeekday {
        nth: u32,
    },
    Yearly,
}

/// The last date any series may reach: dates are written with four digits of year.
fn last_date() -> NaiveDate {
    NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or(NaiveDate::MAX)
}

/// A validated recurrence: the occurrences of one expense (S4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RecurrenceRule {
    pattern: Pattern,
    start: NaiveDate,
    interval: i64,
    /// How many occurrences the whole series has, every limit applied (at most MAX_OCCURRENCES).
    len: u64,
}

impl RecurrenceRule {
    /// Validates a wire recurrence. `default_end` (the folio's end date) ends a repeating series
    /// that has neither `occurrences` nor `endDate` (S4.1).
    pub fn new(
        recurrence: &Recurrence,
        default_end: Date,
    ) -> Result<RecurrenceRule, RecurrenceError> {
        let start = recurrence.start_date.naive();
        let interval = i64::from(recurrence.interval.map_or(1, |i| i.get()));
        let pattern = match recurrence.kind {
            // S4.2: other fields are ignored.
            RecurrenceKind::Once => {
                return Ok(RecurrenceRule {
                    pattern: Pattern::Once,
                    start,
                    interval: 1,
                    len: u64::from(start <= last_date()),
                })
            }
            RecurrenceKind::Daily => Pattern::Daily,
            // S4.4: duplicates ignored; none means the start date's weekday.
            RecurrenceKind::Weekly => {
                let listed = recurrence.recurrence_on.iter().flatten();
                let days = listed.fold(0u8, |set, day| set | 1 << (day.get() - 1));
                let days = if days == 0 {
                    1 << start.weekday().num_days_from_monday()
                } else {
                    days
                };
                Pattern::Weekly { days }
            }
            RecurrenceKind::Monthly => {
                match recurrence.recurrence_by.unwrap_or(RecurrenceBy::DayOfMonth) {
                    RecurrenceBy::DayOfMonth => Pattern::MonthlyByDay,
                    RecurrenceBy::DayOfWeek => Pattern::MonthlyByWeekday {
                        nth: start.day().div_ceil(7),
                    },
                }
            }
            RecurrenceKind::Yearly => Pattern::Yearly,
        };
        if let Some(end) = recurrence.end_date {
            if end < recurrence.start_date {
                return Err(RecurrenceError::EndBeforeStart {
                    start: recurrence.start_date,
                    end,
                });
            }
        }
        // S4.1: with both limits the earlier end wins; with neither, the folio's end.
        let until = match (recurrence.end_date, recurrence.occurrences) {
            (None, None) => Some(default_end.naive()),
            (end, _) => end.map(Date::naive),
        };
        let until = until.map_or(last_date(), |u| u.min(last_date()));
        let mut rule = RecurrenceRule {
            pattern,
            start,
            interval,
            len: 0,
        };
        let mut len = rule.raw_count_through(until);
        if let Some(occurrences) = recurrence.occurrences {
            len = len.min(u64::from(occurrences.get()));
        }
        if len > MAX_OCCURRENCES {
            return Err(RecurrenceError::TooManyOccurrences { count: len });
        }
        rule.len = len;
        Ok(rule)
    }

    /// The start date of the series.
    pub fn start(&self) -> Date {
        Date::from_naive(self.start)
    }

    /// How many occurrences the whole series has.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the series has no occurrence at all (its default end is before its start).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The k-th occurrence (from 0), if the series has one.
    pub fn nth(&self, k: u64) -> Option<Date> {
        if k < self.len {
            self.raw_nth(k).map(Date::from_naive)
        } else {
            None
        }
    }

    /// Every occurrence of the series, in order.
    pub fn iter(&self) -> Occurrences {
        Occurrences {
            rule: *self,
            next: 0,
            end: self.len,
        }
    }

    /// The occurrences inside `window`, in order. Jumps straight to the window.
    pub fn occurrences_in(&self, window: DateRange) -> Occurrences {
        let (next, end) = self.index_range(window);
        Occurrences {
            rule: *self,
            next,
            end,
        }
    }

    /// How many occurrences fall inside `window`, in constant time.
    pub fn count_in(&self, window: DateRange) -> u64 {
        let (next, end) = self.index_range(window);
        end - next
    }

    /// The indexes `[first, end)` of the occurrences inside `window`.
    fn index_range(&self, window: DateRange) -> (u64, u64) {
        let first = self.raw_count_before(window.start().naive()).min(self.len);
        let end = self.raw_count_through(window.end().naive()).min(self.len);
        (first, end.max(first))
    }

    /// Occurrences on or before `date` of the series without its limits.
    fn raw_count_through(&self, date: NaiveDate) -> u64 {
        match date.succ_opt() {
            Some(next) => self.raw_count_before(next),
            None => self.raw_count_before(date) + u64::from(self.raw_is_occurrence(date)),
        }
    }

    fn raw_is_occurrence(&self, date: NaiveDate) -> bool {
        let before = self.raw_count_before(date);
        self.raw_nth(before) == Some(date)
    }

    /// How many occurrences of the series without its limits fall strictly before `date`.
    fn raw_count_before(&self, date: NaiveDate) -> u64 {
        if date <= self.start {
            return 0;
        }
        let interval = self.interval;
        let count = match self.pattern {
            Pattern::Once => 1,
            Pattern::Daily => (day_number(date) - day_number(self.start) + interval - 1) / interval,
            Pattern::Weekly { days } => self.weekly_count_before(days, date),
            Pattern::MonthlyByDay | Pattern::MonthlyByWeekday { .. } => {
                let months = month_number(date) - month_number(self.start);
                let (q, r) = (months / interval, months % interval);
                let occurrence_in_month = self.monthly_date(month_number(date));
                if r != 0 || occurrence_in_month.is_some_and(|o| o < date) {
                    q + 1
                } else {
                    q
                }
            }
            Pattern::Yearly => {
                let years = i64::from(date.year() - self.start.year());
                let (q, r) = (years / interval, years % interval);
                let occurrence_in_year = self.yearly_date(i64::from(date.year()));
                if r != 0 || occurrence_in_year.is_some_and(|o| o < date) {
                    q + 1
                } else {
                    q
                }
            }
        };
        u64::try_from(count).unwrap_or(0)
    }

    /// The k-th occurrence of the series without its limits.
    fn raw_nth(&self, k: u64) -> Option<NaiveDate> {
        let k = i64::try_from(k).ok()?;
        let step = checked_mul(k, self.interval)?;
        match self.pattern {
            Pattern::Once => (k == 0).then_some(self.start),
            Pattern::Daily => from_day_number(day_number(self.start).checked_add(step)?),
            Pattern::Weekly { days } => self.weekly_nth(days, k),
            Pattern::MonthlyByDay | Pattern::MonthlyByWeekday { .. } => {
                self.monthly_date(month_number(self.start).checked_add(step)?)
            }
            Pattern::Yearly => self.yearly_date(i64::from(self.start.year()).checked_add(step)?),
        }
    }

    // S4.4: the ISO week holding the start date is week 0; every interval-th week; only days on
    // or after the start date.
    fn weekly_nth(&self, days: u8, k: i64) -> Option<NaiveDate> {
        let start_weekday = self.start.weekday().num_days_from_monday();
        let monday = day_number(self.start) - i64::from(start_weekday);
        let first_week = days & at_or_after(start_weekday);
        let in_first_week = i64::from(first_week.count_ones());
        let per_week = i64::from(days.count_ones());
        let (week, weekday) = if k < in_first_week {
            (0, nth_bit(first_week, k as u32))
        } else {
            let rest = k - in_first_week;
            (1 + rest / per_week, nth_bit(days, (rest % per_week) as u32))
        };
        let offset = checked_mul(checked_mul(week, self.interval)?, 7)?;
        from_day_number(monday.checked_add(offset)? + i64::from(weekday))
    }

    fn weekly_count_before(&self, days: u8, date: NaiveDate) -> i64 {
        let start_weekday = self.start.weekday().num_days_from_monday();
        let monday = day_number(self.start) - i64::from(start_weekday);
        let first_week = days & at_or_after(start_weekday);
        let in_first_week = i64::from(first_week.count_ones());
        let per_week = i64::from(days.count_ones());
        let elapsed = day_number(date) - monday;
        let (week, weekday) = (elapsed / 7, (elapsed % 7) as u32);
        let (q, r) = (week / self.interval, week % self.interval);
        if r != 0 {
            // The date's week is not in the series: weeks 0..=q all lie before it.
            return in_first_week + q * per_week;
        }
        let full_weeks_before = if q == 0 {
            0
        } else {
            in_first_week + (q - 1) * per_week
        };
        let this_week = if q == 0 { first_week } else { days };
        full_weeks_before + i64::from((this_week & before(weekday)).count_ones())
    }

    // S4.5: every interval-th month; a month without the day uses its last day; DAY_OF_WEEK takes
    // the n-th weekday, n = 5 meaning the last.
    fn monthly_date(&self, month: i64) -> Option<NaiveDate> {
        let year = i32::try_from(month.div_euclid(12)).ok()?;
        let month = month.rem_euclid(12) as u32 + 1;
        match self.pattern {
            Pattern::MonthlyByWeekday { nth } => {
                let weekday = self.start.weekday();
                if nth >= 5 {
                    let last = NaiveDate::from_ymd_opt(year, month, days_in_month(year, month))?;
                    let back = (7 + last.weekday().num_days_from_monday()
                        - weekday.num_days_from_monday())
                        % 7;
                    last.checked_sub_days(chrono::Days::new(u64::from(back)))
                } else {
                    let first = NaiveDate::from_ymd_opt(year, month, 1)?;
                    let ahead = (7 + weekday.num_days_from_monday()
                        - first.weekday().num_days_from_monday())
                        % 7;
                    first.checked_add_days(chrono::Days::new(u64::from(ahead + (nth - 1) * 7)))
                }
            }
            _ => NaiveDate::from_ymd_opt(
                year,
                month,
                self.start.day().min(days_in_month(year, month)),
            ),
        }
    }

    // S4.6: Feb 29 gives Feb 28 in common years.
    fn yearly_date(&self, year: i64) -> Option<NaiveDate> {
        let year = i32::try_from(year).ok()?;
        let month = self.start.month();
        NaiveDate::from_ymd_opt(
            year,
            month,
            self.start.day().min(days_in_month(year, month)),
        )
    }
}

/// The occurrences of a series, or of a window of it, in order.
#[derive(Debug, Clone)]
pub struct Occurrences {
    rule: RecurrenceRule,
    next: u64,
    end: u64,
}

impl Iterator for Occurrences {
    type Item = Date;

    fn next(&mut self) -> Option<Date> {
        if self.next >= self.end {
            return None;
        }
        let date = self.rule.raw_nth(self.next);
        self.next += 1;
        if date.is_none() {
            self.next = self.end;
        }
        date.map(Date::from_naive)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.end - self.next).unwrap_or(usize::MAX);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Occurrences {}

/// `a * b`, `None` on overflow: [`checked_mul_small_first`] in WebAssembly, where
/// `i64::checked_mul` is a 128-bit multiply call (once per occurrence); natively the processor
/// checks the overflow of one multiply, which is faster than the comparisons.
fn checked_mul(a: i64, b: i64) -> Option<i64> {
    if cfg!(target_arch = "wasm32") {
        checked_mul_small_first(a, b)
    } else {
        a.checked_mul(b)
    }
}

/// `a * b`, `None` on overflow. Factors under 2^31 in size cannot overflow, so their product is
/// one plain multiply.
fn checked_mul_small_first(a: i64, b: i64) -> Option<i64> {
    const SMALL: u64 = 1 << 31;
    if a.unsigned_abs() < SMALL && b.unsigned_abs() < SMALL {
        Some(a * b)
    } else {
        a.checked_mul(b)
    }
}

fn day_number(date: NaiveDate) -> i64 {
    i64::from(date.num_days_from_ce())
}

fn from_day_number(days: i64) -> Option<NaiveDate> {
    NaiveDate::from_num_days_from_ce_opt(i32::try_from(days).ok()?)
}

fn month_number(date: NaiveDate) -> i64 {
    i64::from(date.year()) * 12 + i64::from(date.month0())
}

/// Days of `month` (1-12) of `year`.
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        _ => 28,
    }
}

/// The weekday bits (Monday = bit 0) from `weekday` on.
fn at_or_after(weekday: u32) -> u8 {
    0x7f & !((1u8 << weekday) - 1)
}

/// The weekday bits strictly before `weekday`.
fn before(weekday: u32) -> u8 {
    (1u8 << weekday) - 1
}

/// Index (0-6) of the n-th set bit of `set` (n from 0; n < set's count of ones).
fn nth_bit(set: u8, n: u32) -> u32 {
    let mut remaining = set;
    for _ in 0..n {
        remaining &= remaining.wrapping_sub(1);
    }
    remaining.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::{checked_mul, checked_mul_small_first};

    /// The multiply of recurrence steps (WebAssembly's and this target's) agrees with
    /// `i64::checked_mul` on both sides of the shortcut (factors under 2^31) and at the overflow
    /// edge.
    #[test]
    fn checked_mul_is_i64_checked_mul() {
        let values = [
            0,
            1,
            -1,
            7,
            (1 << 31) - 1,
            1 << 31,
            -(1 << 31) + 1,
            -(1 << 31),
            1 << 32,
            3_037_000_499,
            3_037_000_500,
            i64::MAX,
            i64::MIN,
        ];
        for a in values {
            for b in values {
                assert_eq!(checked_mul_small_first(a, b), a.checked_mul(b), "{a} x {b}");
                assert_eq!(checked_mul(a, b), a.checked_mul(b), "{a} x {b}");
            }
        }
    }
}
