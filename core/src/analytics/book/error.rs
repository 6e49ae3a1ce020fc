//! Why a folio book could not answer: [`BookError`], each naming the item or field at fault.

use core::fmt;

use crate::analytics::baseline::BaselineError;
use crate::analytics::ledger::{AnalyticsError, ItemKey};
use crate::analytics::status::FolioError;
use crate::model::Id;
use crate::schedule::position::{CostOverflow, PositionError};
use crate::schedule::{ConversionError, ExpenseError};
use crate::value::ValueError;

/// Why a folio book could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookError {
    /// The folio's end date lies before its start date: it has no period.
    Period(ValueError),
    /// The folio is invalid (S7.2).
    Folio(Vec<FolioError>),
    /// A ledger could not be costed: an item is invalid, a rate is missing, a sum overflows.
    Analytics(AnalyticsError),
    /// A position's records are refused (S6).
    Position {
        /// The position.
        id: Id,
        /// Why.
        error: PositionError,
    },
    /// A position's payment lines are too large to hold.
    PositionLines {
        /// The position.
        id: Id,
        /// Why.
        error: CostOverflow,
    },
    /// An expense is refused (S5).
    Expense {
        /// The expense.
        id: Id,
        /// Why, each naming its field.
        errors: Vec<ExpenseError>,
    },
    /// An expense's payments could not be converted into the folio's currency (S5.3).
    Payments {
        /// The expense.
        id: Id,
        /// Why.
        error: ConversionError,
    },
    /// A baseline named does not exist (or is deleted) in this folio (S8.4).
    Baseline(BaselineError),
    /// The book holds no such item.
    Missing(ItemKey),
    /// An expense without an id: a book costs items by id.
    NoId,
}

impl BookError {
    /// The field at fault, when the error names one (`endDate` for a folio with no period).
    pub fn field(&self) -> Option<&str> {
        match self {
            BookError::Period(_) => Some("endDate"),
            BookError::Position { error, .. } => error.field(),
            _ => None,
        }
    }
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Period(error) => error.fmt(f),
            BookError::Folio(errors) => f.write_str(&crate::model::messages::joined(errors)),
            BookError::Analytics(error) => error.fmt(f),
            BookError::Position { error, .. } => error.fmt(f),
            BookError::PositionLines { error, .. } => error.fmt(f),
            BookError::Expense { errors, .. } => {
                f.write_str(&crate::model::messages::joined(errors))
            }
            BookError::Payments { error, .. } => error.fmt(f),
            BookError::Baseline(error) => error.fmt(f),
            BookError::Missing(ItemKey::Position(id)) => write!(f, "no position {id} in the folio"),
            BookError::Missing(ItemKey::Expense(id)) => write!(f, "no expense {id} in the folio"),
            BookError::NoId => f.write_str("an expense needs an id to be costed in a folio's book"),
        }
    }
}

impl std::error::Error for BookError {}

impl From<AnalyticsError> for BookError {
    fn from(error: AnalyticsError) -> Self {
        BookError::Analytics(error)
    }
}
