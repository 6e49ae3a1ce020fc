//! Folio status and validation (S7).

use core::fmt;

use crate::model::budgeting::{Folio, FolioStatus};
use crate::value::{Date, START_AFTER_END};

/// The most characters a folio's description may have (S7.2).
pub(super) const MAX_DESCRIPTION: usize = 500;

/// The most days a folio may span, both ends included: 100 years of 365.25 days. Every figure of a
/// folio is computed over its span, so the span bounds the work of one request (docs/security.md).
pub(super) const MAX_FOLIO_DAYS: i64 = 36_525;

/// The status of a folio at `as_of` (S7.1): closed once its closed date is reached; otherwise
/// pending before its start, executing from start to end, expired after.
pub fn folio_status(start: Date, end: Date, closed: Option<Date>, as_of: Date) -> FolioStatus {
    match closed {
        Some(closed) if closed <= as_of => FolioStatus::Closed,
        _ if as_of < start => FolioStatus::Pending,
        _ if as_of <= end => FolioStatus::Executing,
        _ => FolioStatus::Expired,
    }
}

/// Why a folio was refused (S7.2); each names its field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FolioError {
    /// A description longer than 500 characters.
    DescriptionTooLong {
        /// Its length in characters.
        length: usize,
    },
    /// An end date before the start date.
    EndBeforeStart {
        /// The start date.
        start: Date,
        /// The end date.
        end: Date,
    },
    /// No name, or a blank one.
    NameRequired,
    /// A span longer than `MAX_FOLIO_DAYS` (36,525 days: 100 years).
    SpanTooLong {
        /// The start date.
        start: Date,
        /// The end date.
        end: Date,
    },
}

impl FolioError {
    /// The field at fault.
    pub fn field(&self) -> &'static str {
        match self {
            FolioError::DescriptionTooLong { .. } => "description",
            FolioError::EndBeforeStart { .. } | FolioError::SpanTooLong { .. } => "endDate",
            FolioError::NameRequired => "name",
        }
    }
}

impl fmt::Display for FolioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FolioError::DescriptionTooLong { length } => write!(
                f,
                "description may have at most {MAX_DESCRIPTION} characters, got {length}"
            ),
            FolioError::EndBeforeStart { start, end } => {
                write!(f, "{START_AFTER_END} (start {start}, end {end})")
            }
            FolioError::NameRequired => f.write_str(crate::model::messages::NAME_REQUIRED),
            FolioError::SpanTooLong { start, end } => write!(
                f,
                "a folio may span at most {MAX_FOLIO_DAYS} days (100 years), got {start} to {end}"
            ),
        }
    }
}

impl std::error::Error for FolioError {}

/// Every refusal of a folio body (S7.2): a blank name, a description over 500 characters, an end
/// before the start. The currency and percentages are checked when the body is read.
pub fn validate_folio(folio: &Folio) -> Result<(), Vec<FolioError>> {
    let mut errors = Vec::new();
    if folio.name.trim().is_empty() {
        errors.push(FolioError::NameRequired);
    }
    let length = folio.description.chars().count();
    if length > MAX_DESCRIPTION {
        errors.push(FolioError::DescriptionTooLong { length });
    }
    if folio.end_date < folio.start_date {
        errors.push(FolioError::EndBeforeStart {
            start: folio.start_date,
            end: folio.end_date,
        });
    } else if folio
        .end_date
        .naive()
        .signed_duration_since(folio.start_date.naive())
        .num_days()
        >= MAX_FOLIO_DAYS
    {
        errors.push(FolioError::SpanTooLong {
            start: folio.start_date,
            end: folio.end_date,
        });
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
