//! Buckets of payment lines and timelines: a day, an ISO week or a calendar month (S6.7, S9.8).

use chrono::{Datelike, Days, NaiveDate};

use crate::recurrence::days_in_month;

/// How finely lines are cut.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Granularity {
    /// One line per day.
    Day,
    /// One line per ISO week (Monday to Sunday).
    Week,
    /// One line per calendar month (the default).
    #[default]
    Month,
}

/// The most buckets (timeline buckets, payment periods) one answer may hold, so that one
/// request's work and answer stay bounded (docs/security.md).
pub const MAX_BUCKETS: u64 = 10_000;

/// Why a granularity asked for was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GranularityError {
    /// Not `day`, `week` or `month` (the text, cut to an excerpt).
    Unknown(String),
    /// The period holds more than [`MAX_BUCKETS`] buckets of it.
    TooMany {
        /// How many it holds.
        count: u64,
        /// The granularity asked for.
        granularity: Granularity,
    },
}

impl core::fmt::Display for GranularityError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GranularityError::Unknown(text) => {
                write!(f, "granularity must be day, week or month, got {text:?}")
            }
            GranularityError::TooMany { count, granularity } => write!(
                f,
                "an answer may hold at most {MAX_BUCKETS} buckets; this folio has {count} by {}: ask for a coarser granularity",
                granularity.name()
            ),
        }
    }
}

impl std::error::Error for GranularityError {}

impl Granularity {
    /// The granularity `text` names (month when absent), refused when `period` would hold more
    /// than [`MAX_BUCKETS`] buckets of it.
    pub fn bounded(
        text: Option<&str>,
        period: crate::value::DateRange,
    ) -> Result<Granularity, GranularityError> {
        let granularity = match text {
            None => Granularity::Month,
            Some(text) => Granularity::parse(text).ok_or_else(|| {
                GranularityError::Unknown(crate::value::excerpt(text).to_string())
            })?,
        };
        let count = granularity.count_in(period.start().naive(), period.end().naive());
        if count > MAX_BUCKETS {
            return Err(GranularityError::TooMany { count, granularity });
        }
        Ok(granularity)
    }

    /// Its name: `day`, `week` or `month`.
    pub fn name(self) -> &'static str {
        match self {
            Granularity::Day => "day",
            Granularity::Week => "week",
            Granularity::Month => "month",
        }
    }

    /// Reads `day`, `week` or `month`.
    pub fn parse(text: &str) -> Option<Granularity> {
        match text {
            "day" => Some(Granularity::Day),
            "week" => Some(Granularity::Week),
            "month" => Some(Granularity::Month),
            _ => None,
        }
    }

    /// How many buckets of this granularity `[first, last]` touches (0 when `last` is before
    /// `first`).
    pub fn count_in(self, first: NaiveDate, last: NaiveDate) -> u64 {
        if last < first {
            return 0;
        }
        let span = |from: NaiveDate| u64::try_from((last - from).num_days()).unwrap_or(0);
        match self {
            Granularity::Day => span(first) + 1,
            Granularity::Week => span(self.start_of(first)) / 7 + 1,
            Granularity::Month => {
                let months =
                    |date: NaiveDate| i64::from(date.year()) * 12 + i64::from(date.month0());
                u64::try_from(months(last) - months(first)).unwrap_or(0) + 1
            }
        }
    }

    /// The first day of the bucket holding `date`.
    pub fn start_of(self, date: NaiveDate) -> NaiveDate {
        match self {
            Granularity::Day => date,
            Granularity::Week => date
                .checked_sub_days(Days::new(u64::from(date.weekday().num_days_from_monday())))
                .unwrap_or(date),
            Granularity::Month => date.with_day(1).unwrap_or(date),
        }
    }

    /// The last day of the bucket holding `date`.
    pub fn end_of(self, date: NaiveDate) -> NaiveDate {
        match self {
            Granularity::Day => date,
            Granularity::Week => date
                .checked_add_days(Days::new(u64::from(
                    6 - date.weekday().num_days_from_monday(),
                )))
                .unwrap_or(NaiveDate::MAX),
            Granularity::Month => date
                .with_day(days_in_month(date.year(), date.month()))
                .unwrap_or(date),
        }
    }
}
