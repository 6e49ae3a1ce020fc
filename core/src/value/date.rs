//! Civil dates, inclusive ranges and the two date-time forms of the wire (S2).

use core::fmt;
use core::str::FromStr;

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike};

use super::ValueError;

/// A civil date with no time zone, written `yyyy-MM-dd` (S2.1).
///
/// Reading is strict: exactly four digits of year, two of month and two of day, and a day that
/// exists.
///
/// ```
/// use costfolio::value::Date;
/// let date: Date = "2024-02-29".parse().unwrap();
/// assert_eq!(date.to_string(), "2024-02-29");
/// assert!("2023-02-29".parse::<Date>().is_err());
/// assert!("2024-2-29".parse::<Date>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(NaiveDate);

impl Date {
    /// The date of `year`, `month` and `day`, if it exists.
    pub fn from_ymd(year: i32, month: u32, day: u32) -> Option<Date> {
        NaiveDate::from_ymd_opt(year, month, day).map(Date)
    }

    /// Wraps a chrono date.
    pub fn from_naive(date: NaiveDate) -> Date {
        Date(date)
    }

    /// The chrono date.
    pub fn naive(self) -> NaiveDate {
        self.0
    }

    /// Appends the date as `yyyy-MM-dd`, as `Display` writes it, without the formatting
    /// machinery: the wasm package writes long series of dates this way (docs/performance.md).
    pub fn push_to(self, out: &mut String) {
        let year = self.0.year();
        if !(0..=9999).contains(&year) {
            out.push_str(&self.to_string());
            return;
        }
        let digit = |value: u32| b'0' + (value % 10) as u8;
        let (year, month, day) = (year as u32, self.0.month(), self.0.day());
        let text = [
            digit(year / 1000),
            digit(year / 100),
            digit(year / 10),
            digit(year),
            b'-',
            digit(month / 10),
            digit(month),
            b'-',
            digit(day / 10),
            digit(day),
        ];
        // Ten ASCII digits and dashes: always UTF-8. One append, not ten (a `push` per character
        // was a fifth of a long series' time in wasm).
        if let Ok(text) = core::str::from_utf8(&text) {
            out.push_str(text);
        }
    }

    /// Reads `yyyy-MM-dd` strictly.
    pub fn parse(text: &str) -> Result<Date, ValueError> {
        let invalid = || ValueError::InvalidDate {
            value: text.to_owned(),
        };
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return Err(invalid());
        }
        let year = digits(&bytes[0..4]).ok_or_else(invalid)?;
        let month = digits(&bytes[5..7]).ok_or_else(invalid)?;
        let day = digits(&bytes[8..10]).ok_or_else(invalid)?;
        let year = i32::try_from(year).map_err(|_| invalid())?;
        Date::from_ymd(year, month, day).ok_or_else(invalid)
    }
}

/// The value of a run of ASCII digits, or `None` when a byte is not a digit.
fn digits(bytes: &[u8]) -> Option<u32> {
    bytes.iter().try_fold(0u32, |acc, &b| {
        b.is_ascii_digit().then(|| acc * 10 + u32::from(b - b'0'))
    })
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}",
            self.0.year(),
            self.0.month(),
            self.0.day()
        )
    }
}

impl From<NaiveDate> for Date {
    fn from(date: NaiveDate) -> Date {
        Date(date)
    }
}

impl From<Date> for NaiveDate {
    fn from(date: Date) -> NaiveDate {
        date.0
    }
}

/// An inclusive range of dates `[start, end]` (S2.2); `start <= end` always holds.
///
/// ```
/// use costfolio::value::{Date, DateRange};
/// let d = |s: &str| s.parse::<Date>().unwrap();
/// let march = DateRange::new(d("2026-03-01"), d("2026-03-31")).unwrap();
/// assert_eq!(march.days(), 31);
/// assert!(march.contains(d("2026-03-31")));
/// assert!(DateRange::new(d("2026-03-02"), d("2026-03-01")).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DateRange {
    start: Date,
    end: Date,
}

impl DateRange {
    /// The range from `start` to `end`, both included; refused when `end` is before `start`
    /// with the documented message.
    pub fn new(start: Date, end: Date) -> Result<DateRange, ValueError> {
        if end < start {
            Err(ValueError::InvertedRange {
                start: start.to_string(),
                end: end.to_string(),
            })
        } else {
            Ok(DateRange { start, end })
        }
    }

    /// The range of one day.
    pub fn day(date: Date) -> DateRange {
        DateRange {
            start: date,
            end: date,
        }
    }

    /// The range of chrono dates `start..=end`, or `None` when `end` is before `start`.
    pub fn between(start: NaiveDate, end: NaiveDate) -> Option<DateRange> {
        (start <= end).then_some(DateRange {
            start: Date(start),
            end: Date(end),
        })
    }

    /// Every day of the range, in order.
    pub fn iter_days(self) -> impl Iterator<Item = NaiveDate> {
        let end = self.end.0;
        self.start.0.iter_days().take_while(move |day| *day <= end)
    }

    /// The first day.
    pub fn start(self) -> Date {
        self.start
    }

    /// The last day (included).
    pub fn end(self) -> Date {
        self.end
    }

    /// How many days the range holds (at least 1).
    pub fn days(self) -> u64 {
        // end >= start, so the difference is never negative.
        (self.end.0 - self.start.0).num_days().unsigned_abs() + 1
    }

    /// Whether `date` lies inside the range.
    pub fn contains(self, date: Date) -> bool {
        self.start <= date && date <= self.end
    }

    /// The days both ranges hold, if any.
    pub fn intersect(self, other: DateRange) -> Option<DateRange> {
        let start = self.start.max(other.start);
        let end = self.end.min(other.end);
        (start <= end).then_some(DateRange { start, end })
    }

    /// Whether the two ranges share at least one day.
    pub fn overlaps(self, other: DateRange) -> bool {
        self.intersect(other).is_some()
    }
}

impl fmt::Display for DateRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} - {}", self.start, self.end)
    }
}

/// The wire form of a UTC date-time with second precision, `yyyy-MM-ddTHH:mm:ssZ`, used by
/// generic resources' `createdAt` and `updatedAt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtcTimestamp(NaiveDateTime);

/// The wire form of the audit's `deletedAt`: `yyyy-MM-ddTHH:mm:ss.SSS`, UTC with no zone
/// designator and milliseconds (S12.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EventTimestamp(NaiveDateTime);

const UTC_FORM: &str = "yyyy-MM-ddTHH:mm:ssZ";
const EVENT_FORM: &str = "yyyy-MM-ddTHH:mm:ss.SSS";

/// Reads `yyyy-MM-ddTHH:mm:ss` from the front of `text`, strictly, and returns the rest.
fn parse_date_time(text: &str) -> Option<(NaiveDateTime, &str)> {
    let date = Date::parse(text.get(..10)?).ok()?;
    let rest = text.get(10..)?.strip_prefix('T')?;
    let clock = rest.get(..8)?.as_bytes();
    if clock[2] != b':' || clock[5] != b':' {
        return None;
    }
    let hour = digits(&clock[0..2])?;
    let minute = digits(&clock[3..5])?;
    let second = digits(&clock[6..8])?;
    let time = NaiveTime::from_hms_opt(hour, minute, second)?;
    Some((date.0.and_time(time), rest.get(8..)?))
}

/// Reads `yyyy-MM-ddTHH:mm:ss`, optionally followed by `.` and 1 to 9 digits of a second: a
/// date-time with no zone, as queries (`updatedFrom`) and hosts' clocks (`now`) give it.
pub fn parse_local_date_time(text: &str) -> Option<NaiveDateTime> {
    let (at, rest) = parse_date_time(text)?;
    if rest.is_empty() {
        return Some(at);
    }
    let fraction = rest.strip_prefix('.')?;
    if fraction.is_empty() || fraction.len() > 9 {
        return None;
    }
    let nanos = digits(fraction.as_bytes())? * 10u32.pow(9 - fraction.len() as u32);
    at.with_nanosecond(nanos)
}

/// Reads a moment given as a date (`yyyy-MM-dd`, its midnight) or as a local date-time
/// ([`parse_local_date_time`]), as the `updatedFrom` filters take it.
pub fn parse_date_or_date_time(text: &str) -> Option<NaiveDateTime> {
    match Date::parse(text) {
        Ok(date) => date.0.and_hms_opt(0, 0, 0),
        Err(_) => parse_local_date_time(text),
    }
}

/// Reads a time of day `HH:mm:ss`.
pub fn parse_time_of_day(text: &str) -> Option<NaiveTime> {
    let clock = text.as_bytes();
    if clock.len() != 8 || clock[2] != b':' || clock[5] != b':' {
        return None;
    }
    NaiveTime::from_hms_opt(
        digits(&clock[0..2])?,
        digits(&clock[3..5])?,
        digits(&clock[6..8])?,
    )
}

/// Writes `at` as `yyyy-MM-ddTHH:mm:ss` (a leap second, which chrono holds as a second of more
/// than 10^9 nanoseconds, as second 60, as chrono writes it).
fn write_date_time(f: &mut fmt::Formatter<'_>, at: NaiveDateTime) -> fmt::Result {
    let leap = u32::from(at.nanosecond() >= 1_000_000_000);
    write!(
        f,
        "{}T{:02}:{:02}:{:02}",
        Date(at.date()),
        at.hour(),
        at.minute(),
        at.second() + leap
    )
}

impl UtcTimestamp {
    /// Wraps a UTC date-time, dropping anything below the second.
    pub fn new(at: NaiveDateTime) -> UtcTimestamp {
        UtcTimestamp(at.with_nanosecond(0).unwrap_or(at))
    }

    /// The UTC date-time.
    pub fn naive(self) -> NaiveDateTime {
        self.0
    }

    /// Reads `yyyy-MM-ddTHH:mm:ssZ` strictly.
    pub fn parse(text: &str) -> Result<UtcTimestamp, ValueError> {
        match parse_date_time(text) {
            Some((at, "Z")) => Ok(UtcTimestamp(at)),
            _ => Err(ValueError::InvalidTimestamp {
                value: text.to_owned(),
                form: UTC_FORM,
            }),
        }
    }
}

impl fmt::Display for UtcTimestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_date_time(f, self.0)?;
        f.write_str("Z")
    }
}

impl EventTimestamp {
    /// Wraps a UTC date-time, dropping anything below the millisecond.
    pub fn new(at: NaiveDateTime) -> EventTimestamp {
        let millis = at.nanosecond() / 1_000_000 * 1_000_000;
        EventTimestamp(at.with_nanosecond(millis).unwrap_or(at))
    }

    /// The UTC date-time.
    pub fn naive(self) -> NaiveDateTime {
        self.0
    }

    /// Reads `yyyy-MM-ddTHH:mm:ss.SSS` strictly.
    pub fn parse(text: &str) -> Result<EventTimestamp, ValueError> {
        let invalid = || ValueError::InvalidTimestamp {
            value: text.to_owned(),
            form: EVENT_FORM,
        };
        let (at, rest) = parse_date_time(text).ok_or_else(invalid)?;
        let fraction = rest.strip_prefix('.').ok_or_else(invalid)?;
        if fraction.len() != 3 {
            return Err(invalid());
        }
        let millis = digits(fraction.as_bytes()).ok_or_else(invalid)?;
        at.with_nanosecond(millis * 1_000_000)
            .map(EventTimestamp)
            .ok_or_else(invalid)
    }
}

impl fmt::Display for EventTimestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_date_time(f, self.0)?;
        write!(f, ".{:03}", self.0.nanosecond() % 1_000_000_000 / 1_000_000)
    }
}

macro_rules! string_form {
    ($name:ident) => {
        impl FromStr for $name {
            type Err = ValueError;
            fn from_str(text: &str) -> Result<Self, ValueError> {
                $name::parse(text)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                super::reading::string_value(deserializer, $name::parse)
            }
        }
    };
}

string_form!(Date);
string_form!(UtcTimestamp);
string_form!(EventTimestamp);
string_form!(Month);

/// A calendar month, written `yyyy-MM`: a month a folio's figures are closed for (S9.11).
///
/// ```
/// use costfolio::value::Month;
/// let october: Month = "2026-10".parse().unwrap();
/// assert_eq!(october.last_day().to_string(), "2026-10-31");
/// assert_eq!(october.to_string(), "2026-10");
/// assert!("2026-13".parse::<Month>().is_err());
/// assert!("2026-1".parse::<Month>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month(NaiveDate);

impl Month {
    /// Reads `yyyy-MM` strictly.
    pub fn parse(text: &str) -> Result<Month, ValueError> {
        let bytes = text.as_bytes();
        let digits = |range: core::ops::Range<usize>| bytes[range].iter().all(u8::is_ascii_digit);
        let first = (bytes.len() == 7 && bytes[4] == b'-' && digits(0..4) && digits(5..7))
            .then(|| Date::parse(&format!("{text}-01")).ok())
            .flatten();
        first
            .map(|day| Month(day.0))
            .ok_or_else(|| ValueError::InvalidMonth {
                value: text.to_owned(),
            })
    }

    /// The month holding `day`.
    pub fn of(day: Date) -> Month {
        Month(day.0.with_day(1).unwrap_or(day.0))
    }

    /// Its first day.
    pub fn first_day(self) -> Date {
        Date(self.0)
    }

    /// Its last day.
    pub fn last_day(self) -> Date {
        let next = self.0.checked_add_months(chrono::Months::new(1));
        Date(next.and_then(|next| next.pred_opt()).unwrap_or(self.0))
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.0.year(), self.0.month())
    }
}
