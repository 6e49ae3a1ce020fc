//! Values that validate themselves (S1, S2, S10.1).
//!
//! Each type can only hold a valid value: its constructor, its `FromStr` and its `Read`
//! all refuse anything else with a [`ValueError`] that names the value. Numbers are exact decimals
//! read from the text of JSON numbers and written back with the same digits.

mod bounded;
mod currency;
mod date;
mod error;
mod number;
mod reading;
#[cfg(feature = "schema")]
mod schema;
mod text;

pub use bounded::{
    check_text, check_texts, is_format_character, ListKind, TextCheck, TextFault, TextKind, Texts,
};
pub use currency::CurrencyCode;
pub use date::{
    parse_date_or_date_time, parse_local_date_time, parse_time_of_day, Date, DateRange,
    EventTimestamp, Month, UtcTimestamp,
};
pub use error::{FieldError, ValueError, START_AFTER_END};
pub use number::{
    decimal_places, parse_decimal, write_decimal, Amount, Coefficient, ConversionRate, Exact,
    HourlyRate, Hours, Id, Interval, IsoWeekday, Occurrences, OpenPercentage, Percentage, Quantity,
    WholeAmount,
};
pub use text::{excerpt, Key, Name, EXCERPT_CHARS, MAX_TEXT_CHARS};

pub(crate) use number::power_of_ten;

pub use rust_decimal::Decimal;
