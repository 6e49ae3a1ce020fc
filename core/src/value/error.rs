//! Why a value refused to be built.

use core::fmt;

/// Why a value was refused. Every variant carries the offending value as it was given, so that the
/// message names it; the field it came from is added by the caller (see [`FieldError`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueError {
    /// A number that no exact decimal can hold: too large, or more than 28 decimal places (S1.1).
    NotExact {
        /// The number as written.
        value: String,
    },
    /// A number below `min` or above `max` (both inclusive; `None` means unbounded).
    OutOfRange {
        /// What the number is, in words ("hours", "percentage" ...).
        what: &'static str,
        /// The number as written.
        value: String,
        /// The lowest value allowed.
        min: Option<&'static str>,
        /// The highest value allowed.
        max: Option<&'static str>,
    },
    /// A number that must be more than 0.
    NotPositive {
        /// What the number is, in words.
        what: &'static str,
        /// The number as written.
        value: String,
    },
    /// A number with more decimal places than allowed.
    TooManyDecimals {
        /// What the number is, in words.
        what: &'static str,
        /// The number as written.
        value: String,
        /// The most decimal places allowed.
        max_decimals: u32,
    },
    /// A number that must be whole but has a fraction.
    NotWhole {
        /// What the number is, in words.
        what: &'static str,
        /// The number as written.
        value: String,
    },
    /// Not an ISO 4217 alphabetic currency code (S1.4).
    UnknownCurrency {
        /// The code as written.
        value: String,
    },
    /// An amount with more decimals than its currency's minor units (S1.8).
    AmountTooPrecise {
        /// The amount as written.
        value: String,
        /// Its currency.
        currency: String,
        /// The currency's minor units.
        minor_units: u32,
    },
    /// Not a date in the strict form `yyyy-MM-dd`, or no such day (S2.1).
    InvalidDate {
        /// The text as written.
        value: String,
    },
    /// Not a month `yyyy-MM`.
    InvalidMonth {
        /// The text as written.
        value: String,
    },
    /// Not a date-time in the form the wire uses.
    InvalidTimestamp {
        /// The text as written.
        value: String,
        /// The form expected, for example `yyyy-MM-ddTHH:mm:ssZ`.
        form: &'static str,
    },
    /// A range whose end comes before its start (S2.2). The documented message of the budgeting
    /// API for allocations and hours periods.
    InvertedRange {
        /// The start date.
        start: String,
        /// The end date.
        end: String,
    },
    /// A key with a character outside `[A-Za-z0-9_.-]`, empty, or longer than 255 (S10.1).
    InvalidKey {
        /// The key as written.
        value: String,
    },
    /// A name that is empty, blank, or longer than 255 characters (S10.1).
    InvalidName {
        /// The name as written.
        value: String,
    },
    /// A name with a character that does not show as typed: a format, reordering or control
    /// character (S11.7).
    UnshownCharacter {
        /// The name as written.
        value: String,
        /// What is wrong with it.
        fault: super::TextFault,
    },
}

/// What kind of value was refused, asked as jiff asks its one error type.
impl ValueError {
    /// A date or date-time that does not parse (S2.1): the budgeting interface answers it in
    /// `error`, not under the field.
    pub fn is_date(&self) -> bool {
        matches!(
            self,
            ValueError::InvalidDate { .. }
                | ValueError::InvalidMonth { .. }
                | ValueError::InvalidTimestamp { .. }
        )
    }

    /// A number refused: not exact, out of range, not positive, too many decimals, not whole, or
    /// an amount finer than its currency (S1).
    pub fn is_number(&self) -> bool {
        matches!(
            self,
            ValueError::NotExact { .. }
                | ValueError::OutOfRange { .. }
                | ValueError::NotPositive { .. }
                | ValueError::TooManyDecimals { .. }
                | ValueError::NotWhole { .. }
                | ValueError::AmountTooPrecise { .. }
        )
    }

    /// A text refused: a currency code, a key or a name (S1.4, S10.1).
    pub fn is_text(&self) -> bool {
        matches!(
            self,
            ValueError::UnknownCurrency { .. }
                | ValueError::InvalidKey { .. }
                | ValueError::InvalidName { .. }
                | ValueError::UnshownCharacter { .. }
        )
    }
}

/// The documented message for an inverted range (budgeting API, allocation update).
pub const START_AFTER_END: &str = "The start date must be before or equal to the end date";

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A refusal repeats at most a short excerpt of what it was given: a megabyte of input is
        // never echoed back.
        let shown = super::excerpt(self.value());
        match self {
            ValueError::NotExact { .. } => write!(
                f,
                "{shown} cannot be held exactly: numbers are limited to 28 decimal places and \
                 a magnitude below 79228162514264337593543950336"
            ),
            ValueError::OutOfRange { what, min, max, .. } => match (min, max) {
                (Some(min), Some(max)) => {
                    write!(f, "{what} must be from {min} to {max}, got {shown}")
                }
                (Some(min), None) => write!(f, "{what} must be {min} or more, got {shown}"),
                (None, Some(max)) => write!(f, "{what} must be {max} or less, got {shown}"),
                (None, None) => write!(f, "{what} is out of range, got {shown}"),
            },
            ValueError::TooManyDecimals {
                what, max_decimals, ..
            } => write!(
                f,
                "{what} allows at most {max_decimals} decimal places, got {shown}"
            ),
            ValueError::NotPositive { what, .. } => {
                write!(f, "{what} must be more than 0, got {shown}")
            }
            ValueError::NotWhole { what, .. } => {
                write!(f, "{what} must be a whole number, got {shown}")
            }
            ValueError::UnknownCurrency { .. } => write!(
                f,
                "currency must be an ISO 4217 alphabetic code such as EUR, got {shown:?}"
            ),
            ValueError::AmountTooPrecise {
                currency,
                minor_units,
                ..
            } => write!(
                f,
                "amount {shown} has more decimal places than {currency} allows ({minor_units})"
            ),
            ValueError::InvalidDate { .. } => {
                write!(f, "{shown:?} is not a date in the form yyyy-MM-dd")
            }
            ValueError::InvalidMonth { .. } => {
                write!(f, "{shown:?} is not a month in the form yyyy-MM")
            }
            ValueError::InvalidTimestamp { form, .. } => {
                write!(f, "{shown:?} is not a date-time in the form {form}")
            }
            ValueError::InvertedRange { start, end } => {
                write!(f, "{START_AFTER_END} (start {start}, end {end})")
            }
            ValueError::InvalidKey { .. } => write!(
                f,
                "key must be 1 to 255 characters of A-Z, a-z, 0-9, '_', '.' and '-', got {shown:?}"
            ),
            ValueError::InvalidName { .. } => write!(
                f,
                "name must be 1 to 255 characters and not blank, got {shown:?}"
            ),
            ValueError::UnshownCharacter { fault, .. } => write!(f, "name {fault}"),
        }
    }
}

impl ValueError {
    /// The refused value as it was given (empty for an inverted range, which names its dates).
    pub fn value(&self) -> &str {
        match self {
            ValueError::NotExact { value }
            | ValueError::OutOfRange { value, .. }
            | ValueError::TooManyDecimals { value, .. }
            | ValueError::NotPositive { value, .. }
            | ValueError::NotWhole { value, .. }
            | ValueError::UnknownCurrency { value }
            | ValueError::AmountTooPrecise { value, .. }
            | ValueError::InvalidDate { value }
            | ValueError::InvalidMonth { value }
            | ValueError::InvalidTimestamp { value, .. }
            | ValueError::InvalidKey { value }
            | ValueError::InvalidName { value }
            | ValueError::UnshownCharacter { value, .. } => value,
            ValueError::InvertedRange { .. } => "",
        }
    }
}

impl std::error::Error for ValueError {}

/// A refusal tied to the field it came from: what the budgeting API reports in `errors` and the
/// core API in `errors[].message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field's path in the body, for example `allocation.percentage` or `recurrenceOn[2]`.
    pub field: String,
    /// Why it was refused.
    pub error: ValueError,
}

impl FieldError {
    /// Ties `error` to `field`.
    pub fn new(field: impl Into<String>, error: ValueError) -> Self {
        FieldError {
            field: field.into(),
            error,
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.error)
    }
}

impl std::error::Error for FieldError {}
