//! ISO 4217 currency codes and their minor units (S1.4, S1.5, S1.8).

use core::fmt;
use core::str::FromStr;

use rust_decimal::{Decimal, RoundingStrategy};

use super::number::decimal_places;
use super::{Amount, ValueError};

/// The ISO 4217 alphabetic codes (list one, current and recently withdrawn national currencies and
/// funds) with their minor units. Codes whose minor units ISO gives as "N.A." (precious metals,
/// XDR, test codes) are left out: no amount in them can be rounded.
#[rustfmt::skip]
const CURRENCIES: &[(&str, u8)] = &[
    ("AED", 2), ("AFN", 2), ("ALL", 2), ("AMD", 2), ("ANG", 2), ("AOA", 2), ("ARS", 2),
    ("AUD", 2), ("AWG", 2), ("AZN", 2), ("BAM", 2), ("BBD", 2), ("BDT", 2), ("BGN", 2),
    ("BHD", 3), ("BIF", 0), ("BMD", 2), ("BND", 2), ("BOB", 2), ("BOV", 2), ("BRL", 2),
    ("BSD", 2), ("BTN", 2), ("BWP", 2), ("BYN", 2), ("BZD", 2), ("CAD", 2), ("CDF", 2),
    ("CHE", 2), ("CHF", 2), ("CHW", 2), ("CLF", 4), ("CLP", 0), ("CNY", 2), ("COP", 2),
    ("COU", 2), ("CRC", 2), ("CUC", 2), ("CUP", 2), ("CVE", 2), ("CZK", 2), ("DJF", 0),
    ("DKK", 2), ("DOP", 2), ("DZD", 2), ("EGP", 2), ("ERN", 2), ("ETB", 2), ("EUR", 2),
    ("FJD", 2), ("FKP", 2), ("GBP", 2), ("GEL", 2), ("GHS", 2), ("GIP", 2), ("GMD", 2),
    ("GNF", 0), ("GTQ", 2), ("GYD", 2), ("HKD", 2), ("HNL", 2), ("HRK", 2), ("HTG", 2),
    ("HUF", 2), ("IDR", 2), ("ILS", 2), ("INR", 2), ("IQD", 3), ("IRR", 2), ("ISK", 0),
    ("JMD", 2), ("JOD", 3), ("JPY", 0), ("KES", 2), ("KGS", 2), ("KHR", 2), ("KMF", 0),
    ("KPW", 2), ("KRW", 0), ("KWD", 3), ("KYD", 2), ("KZT", 2), ("LAK", 2), ("LBP", 2),
    ("LKR", 2), ("LRD", 2), ("LSL", 2), ("LYD", 3), ("MAD", 2), ("MDL", 2), ("MGA", 2),
    ("MKD", 2), ("MMK", 2), ("MNT", 2), ("MOP", 2), ("MRU", 2), ("MUR", 2), ("MVR", 2),
    ("MWK", 2), ("MXN", 2), ("MXV", 2), ("MYR", 2), ("MZN", 2), ("NAD", 2), ("NGN", 2),
    ("NIO", 2), ("NOK", 2), ("NPR", 2), ("NZD", 2), ("OMR", 3), ("PAB", 2), ("PEN", 2),
    ("PGK", 2), ("PHP", 2), ("PKR", 2), ("PLN", 2), ("PYG", 0), ("QAR", 2), ("RON", 2),
    ("RSD", 2), ("RUB", 2), ("RWF", 0), ("SAR", 2), ("SBD", 2), ("SCR", 2), ("SDG", 2),
    ("SEK", 2), ("SGD", 2), ("SHP", 2), ("SLE", 2), ("SLL", 2), ("SOS", 2), ("SRD", 2),
    ("SSP", 2), ("STN", 2), ("SVC", 2), ("SYP", 2), ("SZL", 2), ("THB", 2), ("TJS", 2),
    ("TMT", 2), ("TND", 3), ("TOP", 2), ("TRY", 2), ("TTD", 2), ("TWD", 2), ("TZS", 2),
    ("UAH", 2), ("UGX", 0), ("USD", 2), ("USN", 2), ("UYI", 0), ("UYU", 2), ("UYW", 4),
    ("UZS", 2), ("VED", 2), ("VES", 2), ("VND", 0), ("VUV", 0), ("WST", 2), ("XAF", 0),
    ("XCD", 2), ("XCG", 2), ("XOF", 0), ("XPF", 0), ("YER", 2), ("ZAR", 2), ("ZMW", 2),
    ("ZWG", 2), ("ZWL", 2),
];

/// An ISO 4217 alphabetic currency code, such as `EUR`, known with its minor units.
///
/// ```
/// use costfolio::value::CurrencyCode;
/// let jpy: CurrencyCode = "JPY".parse().unwrap();
/// assert_eq!(jpy.minor_units(), 0);
/// assert!("eur".parse::<CurrencyCode>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CurrencyCode {
    code: [u8; 3],
    minor_units: u8,
}

impl CurrencyCode {
    /// Looks `code` up in the ISO 4217 table; only upper-case codes are accepted.
    pub fn new(code: &str) -> Result<Self, ValueError> {
        let unknown = || ValueError::UnknownCurrency {
            value: code.to_owned(),
        };
        let index = CURRENCIES
            .binary_search_by(|(known, _)| (*known).cmp(code))
            .map_err(|_| unknown())?;
        let (known, minor_units) = CURRENCIES[index];
        let bytes = known.as_bytes();
        Ok(CurrencyCode {
            code: [bytes[0], bytes[1], bytes[2]],
            minor_units,
        })
    }

    /// The three letters.
    pub fn as_str(&self) -> &str {
        // The code is always three ASCII letters copied from the table.
        core::str::from_utf8(&self.code).unwrap_or("XXX")
    }

    /// The number of decimal places of the currency's minor unit (2 for EUR, 0 for JPY).
    pub fn minor_units(&self) -> u32 {
        u32::from(self.minor_units)
    }

    /// Refuses an amount with more decimal places than the currency has (S1.8): `10.005` EUR is an
    /// error, never silently rounded. Trailing zeros do not count (`10.50` EUR is fine).
    pub fn check_amount(&self, amount: Amount) -> Result<Amount, ValueError> {
        if decimal_places(amount.get()) > self.minor_units() {
            Err(ValueError::AmountTooPrecise {
                value: amount.to_string(),
                currency: self.as_str().to_owned(),
                minor_units: self.minor_units(),
            })
        } else {
            Ok(amount)
        }
    }

    /// Rounds a computed amount to the currency's minor units, half away from zero (S1.5), and
    /// writes it with exactly those units (`8` EUR becomes `8.00`) where the decimal can hold them.
    pub fn round(&self, amount: Decimal) -> Decimal {
        let units = self.minor_units();
        if amount.scale() == units {
            // Already exactly in minor units (a payment in the folio's own currency): as it is.
            return amount;
        }
        let rounded = amount.round_dp_with_strategy(units, RoundingStrategy::MidpointAwayFromZero);
        let missing = units.saturating_sub(rounded.scale());
        if missing == 0 {
            return rounded;
        }
        let padded = super::power_of_ten(missing)
            .and_then(|factor| rounded.mantissa().checked_mul(factor))
            .and_then(|mantissa| Decimal::try_from_i128_with_scale(mantissa, units).ok());
        padded.unwrap_or(rounded)
    }

    /// Every code this build knows, in alphabetical order.
    pub fn all() -> impl Iterator<Item = CurrencyCode> {
        CURRENCIES
            .iter()
            .filter_map(|(code, _)| CurrencyCode::new(code).ok())
    }
}

impl FromStr for CurrencyCode {
    type Err = ValueError;
    fn from_str(code: &str) -> Result<Self, ValueError> {
        CurrencyCode::new(code)
    }
}

impl fmt::Display for CurrencyCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for CurrencyCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for CurrencyCode {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        super::reading::string_value(deserializer, CurrencyCode::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_unique_and_upper_case() {
        for pair in CURRENCIES.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} before {}", pair[0].0, pair[1].0);
        }
        for (code, _) in CURRENCIES {
            assert!(code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()));
        }
    }

    #[test]
    fn minor_units_of_s1_4() {
        let units = |code: &str| CurrencyCode::new(code).unwrap().minor_units();
        assert_eq!(units("JPY"), 0);
        assert_eq!(units("KRW"), 0);
        for code in ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"] {
            assert_eq!(units(code), 3, "{code}");
        }
        assert_eq!(units("CLF"), 4);
        assert_eq!(units("EUR"), 2);
        assert_eq!(units("USD"), 2);
    }
}
