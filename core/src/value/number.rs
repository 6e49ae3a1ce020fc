//! Exact decimal numbers on the wire (S1.1-S1.3, S1.8).
//!
//! JSON numbers are read from their text, never through `f64`, and written back as JSON numbers
//! with the same digits: `0.1` stays `0.1`, `1.50` stays `1.50`.

use core::fmt;
use core::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::ValueError;

/// The largest exponent accepted in `1e..` notation; anything larger cannot be a decimal anyway.
const MAX_EXPONENT: i64 = 64;

/// Reads the text of a JSON number (or any plain decimal) into an exact [`Decimal`].
///
/// Accepts an optional `-`, digits, an optional fraction and an optional exponent. Refuses what a
/// decimal cannot hold exactly instead of rounding it.
///
/// ```
/// use costfolio::value::parse_decimal;
/// assert_eq!(parse_decimal("0.1").unwrap().to_string(), "0.1");
/// assert_eq!(parse_decimal("1.5e2").unwrap().to_string(), "150");
/// assert!(parse_decimal("79228162514264337593543950336").is_err());
/// ```
pub fn parse_decimal(text: &str) -> Result<Decimal, ValueError> {
    if let Some(value) = short_decimal(text) {
        return Ok(positive_zero(value));
    }
    let not_exact = || ValueError::NotExact {
        value: text.to_owned(),
    };
    let (mantissa_text, exponent) = match text.find(['e', 'E']) {
        None => (text, 0i64),
        Some(at) => {
            let exponent: i64 = text[at + 1..]
                .trim_start_matches('+')
                .parse()
                .map_err(|_| not_exact())?;
            if exponent.abs() > MAX_EXPONENT {
                return Err(not_exact());
            }
            (&text[..at], exponent)
        }
    };
    if !is_plain_decimal(mantissa_text) {
        return Err(not_exact());
    }
    let plain = Decimal::from_str_exact(mantissa_text).map_err(|_| not_exact())?;
    let value = if exponent == 0 {
        plain
    } else {
        shift(plain, exponent).ok_or_else(not_exact)?
    };
    Ok(positive_zero(value))
}

/// `-?digits(.digits)?` of at most 18 digits (so the digits fit an `i64`), read without the
/// general parser: most numbers of a document are such. `None` for any other text, which the
/// general parser then reads (or refuses).
fn short_decimal(text: &str) -> Option<Decimal> {
    let bytes = text.as_bytes();
    let (negative, digits) = match bytes.split_first()? {
        (b'-', rest) => (true, rest),
        _ => (false, bytes),
    };
    let mut mantissa: i64 = 0;
    let mut count = 0;
    let mut scale = None;
    for (index, &byte) in digits.iter().enumerate() {
        match byte {
            b'0'..=b'9' if count < 18 => {
                mantissa = mantissa * 10 + i64::from(byte - b'0');
                count += 1;
            }
            b'.' if scale.is_none() && index > 0 && index + 1 < digits.len() => {
                scale = u32::try_from(digits.len() - index - 1).ok();
            }
            _ => return None,
        }
    }
    if count == 0 {
        return None;
    }
    Some(Decimal::new(
        if negative { -mantissa } else { mantissa },
        scale.unwrap_or(0),
    ))
}

/// `-?digits(.digits)?`, the only shape a mantissa may have.
fn is_plain_decimal(text: &str) -> bool {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match unsigned.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (unsigned, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && fraction.is_none_or(digits)
}

/// `value * 10^exponent`, exactly, or `None` when no decimal holds the result.
fn shift(value: Decimal, exponent: i64) -> Option<Decimal> {
    let mut mantissa = value.mantissa();
    let mut scale = i64::from(value.scale()) - exponent;
    while scale < 0 {
        mantissa = mantissa.checked_mul(10)?;
        scale += 1;
    }
    // A scale above 28 is still exact when the extra digits are trailing zeros.
    while scale > 28 && mantissa % 10 == 0 {
        mantissa /= 10;
        scale -= 1;
    }
    let scale = u32::try_from(scale).ok()?;
    Decimal::try_from_i128_with_scale(mantissa, scale).ok()
}

/// `-0` and `0` are the same number; write it without the sign.
fn positive_zero(mut value: Decimal) -> Decimal {
    if value.is_zero() {
        value.set_sign_positive(true);
    }
    value
}

/// The number of decimal places a value really has, ignoring trailing zeros (`1.50` has 1).
pub fn decimal_places(value: Decimal) -> u32 {
    value.normalize().scale()
}

/// Writes `value` as a JSON number with exactly its digits.
pub fn write_decimal<S: serde::Serializer>(
    value: &Decimal,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    crate::json::number(&value.to_string(), serializer)
}

/// Checks that `value` lies in `[min, max]` and has at most `max_decimals` places.
fn check(
    what: &'static str,
    value: Decimal,
    min: Option<(Decimal, &'static str)>,
    max: Option<(Decimal, &'static str)>,
    max_decimals: Option<u32>,
) -> Result<Decimal, ValueError> {
    let below = min.is_some_and(|(min, _)| value < min);
    let above = max.is_some_and(|(max, _)| value > max);
    if below || above {
        return Err(ValueError::OutOfRange {
            what,
            value: value.to_string(),
            min: min.map(|(_, text)| text),
            max: max.map(|(_, text)| text),
        });
    }
    if let Some(max_decimals) = max_decimals {
        if decimal_places(value) > max_decimals {
            return Err(ValueError::TooManyDecimals {
                what,
                value: value.to_string(),
                max_decimals,
            });
        }
    }
    Ok(value)
}

/// Defines a decimal newtype that validates on construction and on reading, and is written as a
/// JSON number with exactly its digits.
macro_rules! decimal_value {
    ($(#[$doc:meta])* $name:ident, $what:literal, |$v:ident| $check:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name(Decimal);

        impl $name {
            /// What this value is, in the words its errors use.
            pub const WHAT: &'static str = $what;

            /// Builds the value, or says why `value` is refused.
            pub fn new(value: Decimal) -> Result<Self, ValueError> {
                let $v = positive_zero(value);
                let checked: Result<Decimal, ValueError> = $check;
                checked.map($name)
            }

            /// The exact decimal.
            pub fn get(self) -> Decimal {
                self.0
            }
        }

        impl From<$name> for Decimal {
            fn from(value: $name) -> Decimal {
                value.0
            }
        }

        impl TryFrom<Decimal> for $name {
            type Error = ValueError;
            fn try_from(value: Decimal) -> Result<Self, ValueError> {
                $name::new(value)
            }
        }

        impl FromStr for $name {
            type Err = ValueError;
            fn from_str(text: &str) -> Result<Self, ValueError> {
                $name::new(parse_decimal(text)?)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                write_decimal(&self.0, serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                number_value(deserializer, $name::new)
            }
        }
    };
}

const HOURS_MAX: Decimal = Decimal::from_parts(999_999, 0, 0, false, 2);
const HUNDRED: Decimal = Decimal::ONE_HUNDRED;

/// The largest amount of money the service takes (10^15, a thousand trillion): with the other
/// limits below, every sum the engine forms stays many digits inside what a decimal holds exactly,
/// and an absurd figure is refused when written, naming its field, rather than overflowing a
/// later read (docs/security.md, "Limits").
pub(super) const MONEY_MAX: Decimal = Decimal::from_parts(0xA4C6_8000, 0x0003_8D7E, 0, false, 0);
/// [`MONEY_MAX`] as its errors write it.
const MONEY_MAX_TEXT: &str = "1000000000000000";
/// The largest hourly rate (10^12).
pub(super) const RATE_MAX: Decimal = Decimal::from_parts(0xD4A5_1000, 0xE8, 0, false, 0);
/// The largest overtime coefficient (1000).
pub(super) const COEFFICIENT_MAX: Decimal = Decimal::from_parts(1000, 0, 0, false, 0);
/// The largest exchange rate (10^10; the smallest is 10^-10, its 10 decimals, S5.3).
pub(super) const CONVERSION_MAX: Decimal = Decimal::from_parts(0x540B_E400, 2, 0, false, 0);
/// The largest open percentage: a reserve or contingency of 10,000 percent.
pub(super) const OPEN_PERCENTAGE_MAX: Decimal = Decimal::from_parts(10_000, 0, 0, false, 0);

decimal_value!(
    /// Any exact decimal: a figure the service computes (money in a currency, converted amounts,
    /// indicators), or a number the documents leave unconstrained (`hoursPerDay`).
    Exact, "number", |v| Ok(v)
);

decimal_value!(
    /// A non-negative amount of money as entered, such as an expense `amount` (S1.8). Whether its
    /// decimals suit its currency is checked with [`CurrencyCode::check_amount`](super::CurrencyCode::check_amount).
    Amount, "amount", |v| check(
        "amount",
        v,
        Some((Decimal::ZERO, "0")),
        Some((MONEY_MAX, MONEY_MAX_TEXT)),
        None
    )
);

decimal_value!(
    /// A quantity from 0 to 10^15 with no bound on its decimals: a scope item's weight, logged and
    /// remaining work (S9.3).
    Quantity, "quantity", |v| check(
        "quantity",
        v,
        Some((Decimal::ZERO, "0")),
        Some((MONEY_MAX, MONEY_MAX_TEXT)),
        None
    )
);

decimal_value!(
    /// Hours in the format `####.##`: 0 to 9999.99 with at most 2 decimal places (S1.2).
    Hours, "hours", |v| check(
        "hours",
        v,
        Some((Decimal::ZERO, "0")),
        Some((HOURS_MAX, "9999.99")),
        Some(2)
    )
);

decimal_value!(
    /// A percentage from 0 to 100: an allocation, or a folio's `tolerance` (S1.3).
    Percentage, "percentage", |v| check(
        "percentage",
        v,
        Some((Decimal::ZERO, "0")),
        Some((HUNDRED, "100")),
        None
    )
);

decimal_value!(
    /// A percentage from 0 to 10,000: a folio's `reserve` and `contingency` (S1.3).
    OpenPercentage, "percentage", |v| check(
        "percentage",
        v,
        Some((Decimal::ZERO, "0")),
        Some((OPEN_PERCENTAGE_MAX, "10000")),
        None
    )
);

decimal_value!(
    /// An hourly rate: 0 to 10^12 with at most 4 decimal places (S1.3, S1.8).
    HourlyRate, "rate", |v| check(
        "rate",
        v,
        Some((Decimal::ZERO, "0")),
        Some((RATE_MAX, "1000000000000")),
        Some(4)
    )
);

decimal_value!(
    /// An overtime coefficient: more than 0, at most 1000, at most 4 decimal places (1.5 for time
    /// and a half).
    Coefficient, "coefficient", |v| {
        if v <= Decimal::ZERO {
            Err(ValueError::NotPositive {
                what: "coefficient",
                value: v.to_string(),
            })
        } else {
            check("coefficient", v, None, Some((COEFFICIENT_MAX, "1000")), Some(4))
        }
    }
);

decimal_value!(
    /// An exchange rate: more than 0, at most 10^10, at most 10 decimal places (S5.3).
    ConversionRate, "exchange rate", |v| {
        if v <= Decimal::ZERO {
            Err(ValueError::NotPositive {
                what: "exchange rate",
                value: v.to_string(),
            })
        } else {
            check(
                "exchange rate",
                v,
                None,
                Some((CONVERSION_MAX, "10000000000")),
                Some(10),
            )
        }
    }
);

decimal_value!(
    /// A whole amount from 0 to 10^15, such as an account's `monthlyBudget` (S10.2). `1500.0` is
    /// read as 1500.
    WholeAmount, "whole amount", |v| {
        check(
            "whole amount",
            v,
            Some((Decimal::ZERO, "0")),
            Some((MONEY_MAX, MONEY_MAX_TEXT)),
            None,
        )
        .and_then(|v| {
            if v.fract().is_zero() {
                Ok(v.trunc())
            } else {
                Err(ValueError::NotWhole {
                    what: "whole amount",
                    value: v.to_string(),
                })
            }
        })
    }
);

/// Reads a JSON number (never a string) exactly and converts it with `convert`; a refusal is
/// the value type's own error ([`crate::json::refuse`]).
pub(crate) fn number_value<'de, D, T>(
    deserializer: D,
    convert: impl FnOnce(Decimal) -> Result<T, ValueError>,
) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
{
    let number = <crate::json::Number as serde::Deserialize>::deserialize(deserializer)?;
    let value = parse_decimal(number.as_str()).map_err(crate::json::refuse)?;
    convert(value).map_err(crate::json::refuse)
}

/// `value` as a whole number from 0 to `u64::MAX`.
fn whole(
    value: Decimal,
    what: &'static str,
    min: &'static str,
    max: &'static str,
) -> Result<u64, ValueError> {
    // A number written without decimals is whole: no arithmetic to find its fraction.
    if value.scale() != 0 && !value.fract().is_zero() {
        return Err(ValueError::NotWhole {
            what,
            value: value.to_string(),
        });
    }
    value.to_u64().ok_or_else(|| ValueError::OutOfRange {
        what,
        value: value.to_string(),
        min: Some(min),
        max: Some(max),
    })
}

/// The identifier of a record: a whole number assigned by the service, from 0 to 2^64 - 1.
///
/// ```
/// use costfolio::value::Id;
/// assert_eq!(Id::new(42).get(), 42);
/// assert_eq!(Id::from(7).to_string(), "7");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Id(u64);

impl Id {
    /// The id `value`.
    pub const fn new(value: u64) -> Id {
        Id(value)
    }

    /// The number.
    pub const fn get(self) -> u64 {
        self.0
    }
}

impl From<u64> for Id {
    fn from(value: u64) -> Id {
        Id(value)
    }
}

impl From<Id> for u64 {
    fn from(id: Id) -> u64 {
        id.0
    }
}

impl FromStr for Id {
    type Err = ValueError;
    /// Reads an id from a path segment or query parameter: digits only.
    fn from_str(text: &str) -> Result<Id, ValueError> {
        let invalid = || ValueError::OutOfRange {
            what: "id",
            value: text.to_owned(),
            min: Some("0"),
            max: Some("18446744073709551615"),
        };
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
        text.parse().map(Id).map_err(|_| invalid())
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl serde::Serialize for Id {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Id {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        number_value(deserializer, |value| {
            whole(value, "id", "0", "18446744073709551615")
        })
        .map(Id)
    }
}

impl Exact {
    /// Any decimal is a valid `Exact`: this never fails.
    pub fn of(value: Decimal) -> Exact {
        Exact(positive_zero(value))
    }
}

/// Defines a whole-number newtype with a lower and upper bound, read from a JSON number.
macro_rules! count_value {
    ($(#[$doc:meta])* $name:ident, $what:literal, $min:literal ..= $max:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u32);

        impl $name {
            /// The smallest value allowed.
            pub const MIN: u32 = $min;
            /// The largest value allowed.
            pub const MAX: u32 = $max;

            /// Builds the value, or says why `value` is refused.
            pub fn new(value: u32) -> Result<Self, ValueError> {
                if (Self::MIN..=Self::MAX).contains(&value) {
                    Ok($name(value))
                } else {
                    Err(ValueError::OutOfRange {
                        what: $what,
                        value: value.to_string(),
                        min: Some(stringify!($min)),
                        max: Some(stringify!($max)),
                    })
                }
            }

            /// The number.
            pub fn get(self) -> u32 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_u32(self.0)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                number_value(deserializer, |value| {
                    let whole = whole(value, $what, stringify!($min), stringify!($max))?;
                    let whole = u32::try_from(whole).map_err(|_| ValueError::OutOfRange {
                        what: $what,
                        value: whole.to_string(),
                        min: Some(stringify!($min)),
                        max: Some(stringify!($max)),
                    })?;
                    $name::new(whole)
                })
            }
        }
    };
}

count_value!(
    /// A recurrence `interval`: every n-th day, week, month or year, 1 or more (S4.1).
    Interval, "interval", 1 ..= 100000
);

count_value!(
    /// A recurrence's `occurrences`: 1 or more, at most 100,000 (S4.1, S4.8).
    Occurrences, "occurrences", 1 ..= 100000
);

count_value!(
    /// An ISO weekday number: 1 = Monday ... 7 = Sunday (S2.4, S4.4).
    IsoWeekday, "weekday", 1 ..= 7
);

impl IsoWeekday {
    /// The weekday as chrono knows it.
    pub fn to_chrono(self) -> chrono::Weekday {
        match self.0 {
            1 => chrono::Weekday::Mon,
            2 => chrono::Weekday::Tue,
            3 => chrono::Weekday::Wed,
            4 => chrono::Weekday::Thu,
            5 => chrono::Weekday::Fri,
            6 => chrono::Weekday::Sat,
            _ => chrono::Weekday::Sun,
        }
    }

    /// The ISO number of a chrono weekday.
    pub fn from_chrono(weekday: chrono::Weekday) -> Self {
        IsoWeekday(weekday.number_from_monday())
    }
}

/// 10 to the power `exponent` as an `i128` (exact up to 10^38), from a table rather than by
/// repeated 128-bit multiplies; `None` past 10^38.
pub(crate) fn power_of_ten(exponent: u32) -> Option<i128> {
    const POWERS: [i128; 39] = {
        let mut powers = [1i128; 39];
        let mut index = 1;
        while index < 39 {
            powers[index] = powers[index - 1] * 10;
            index += 1;
        }
        powers
    };
    POWERS.get(usize::try_from(exponent).ok()?).copied()
}

#[cfg(test)]
mod tests {
    use super::{parse_decimal, power_of_ten, short_decimal};
    use rust_decimal::Decimal;

    #[test]
    fn the_short_reading_of_a_decimal_is_the_general_one() {
        // Every shape around the short path's edges: signs, points, lengths 1 to 20 digits.
        let mut texts = vec![
            "0",
            "-0",
            "0.0",
            "-0.00",
            "1.50",
            "007",
            "1.",
            ".5",
            "-",
            "",
            "1e5",
            "1.2.3",
            "+1",
            "--1",
            "1-",
            "12a",
            "0.000000000000000001",
        ]
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
        for length in 1..=20 {
            let digits: String = "98765432109876543210".chars().take(length).collect();
            for point in 0..=length {
                let (whole, fraction) = digits.split_at(point);
                let text = if fraction.is_empty() {
                    whole.to_owned()
                } else {
                    format!("{whole}.{fraction}")
                };
                texts.push(text.clone());
                texts.push(format!("-{text}"));
            }
        }
        let mut short = 0;
        for text in &texts {
            if let Some(value) = short_decimal(text) {
                short += 1;
                let general = Decimal::from_str_exact(text).unwrap();
                assert_eq!(value, general, "{text}");
                assert_eq!(value.scale(), general.scale(), "{text}");
                assert_eq!(value.to_string(), general.to_string(), "{text}");
            }
        }
        // The short path took most of them, and what it refused the general parser still reads.
        assert!(short > 300, "{short}");
        assert_eq!(
            parse_decimal("12345678901234567890.5").unwrap().to_string(),
            "12345678901234567890.5"
        );
        assert_eq!(parse_decimal("-0.00").unwrap().to_string(), "0.00");
        assert!(parse_decimal("1.").is_err() && parse_decimal(".5").is_err());
    }

    #[test]
    fn powers_of_ten_are_those_of_checked_pow_and_end_where_i128_does() {
        for exponent in 0..=45 {
            assert_eq!(
                power_of_ten(exponent),
                10i128.checked_pow(exponent),
                "10^{exponent}"
            );
        }
        assert_eq!(power_of_ten(u32::MAX), None);
    }
}
