//! Dated exchange rates and conversion into a folio's currency (S5.3).

use core::fmt;

use rust_decimal::Decimal;

use crate::table::Table;
use crate::value::{ConversionRate, CurrencyCode, Date};

/// Why an amount could not be converted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConversionError {
    /// No rate for the pair nor its opposite (S5.3): a 400 naming both currencies.
    MissingRate {
        /// The currency converted from.
        from: CurrencyCode,
        /// The currency converted into.
        to: CurrencyCode,
    },
    /// The converted amount is beyond what a decimal holds.
    Overflow {
        /// The amount converted.
        amount: Decimal,
        /// The currency converted from.
        from: CurrencyCode,
        /// The currency converted into.
        to: CurrencyCode,
    },
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConversionError::MissingRate { from, to } => write!(
                f,
                "No exchange rate from {from} to {to} (nor from {to} to {from}): a budget administrator adds one under exchange rates"
            ),
            ConversionError::Overflow { amount, from, to } => write!(
                f,
                "{amount} {from} converted into {to} is too large to be held exactly"
            ),
        }
    }
}

impl std::error::Error for ConversionError {}

/// The exchange rates the host supplies: for each pair of currencies, rates by effective date.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExchangeRates {
    pairs: Table<Table<ConversionRate, Date>, (CurrencyCode, CurrencyCode)>,
}

impl ExchangeRates {
    /// How many rates are held, of every pair.
    pub fn len(&self) -> usize {
        self.pairs.values().map(|rates| rates.len()).sum()
    }

    /// Whether no rate is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// No rates at all.
    pub const fn new() -> ExchangeRates {
        ExchangeRates {
            pairs: Table::new(),
        }
    }

    /// Sets the rate of `from` to `to` from `effective` on; a rate already on that date is
    /// replaced (S5.3). Returns the rate it replaced.
    pub fn put(
        &mut self,
        from: CurrencyCode,
        to: CurrencyCode,
        effective: Date,
        rate: ConversionRate,
    ) -> Option<ConversionRate> {
        self.pairs
            .slot((from, to), Table::new)
            .insert(effective, rate)
    }

    /// The rates of wire entries, later entries replacing earlier ones on the same pair and date.
    pub fn from_wire<'a>(
        entries: impl IntoIterator<Item = &'a crate::model::budgeting::ExchangeRate>,
    ) -> ExchangeRates {
        let mut rates = ExchangeRates::new();
        for entry in entries {
            rates.put(entry.from, entry.to, entry.effective_date, entry.rate);
        }
        rates
    }

    /// Every rate, as `(from, to, effective date, rate)`, ordered by pair then date.
    pub fn iter(
        &self,
    ) -> impl Iterator<Item = (CurrencyCode, CurrencyCode, Date, ConversionRate)> + '_ {
        self.pairs.iter().flat_map(|(&(from, to), dated)| {
            dated
                .iter()
                .map(move |(&date, &rate)| (from, to, date, rate))
        })
    }

    /// The rate of the pair in force on `date`: the latest effective on or before it, or before the
    /// first, the first (S5.3); with its effective date.
    fn dated(&self, from: CurrencyCode, to: CurrencyCode, date: Date) -> Option<(Date, Decimal)> {
        let dated = self.pairs.get(&(from, to))?.rows();
        let on_or_before = dated.partition_point(|(effective, _)| *effective <= date);
        let (effective, rate) = match on_or_before.checked_sub(1) {
            Some(at) => dated.get(at),
            None => dated.first(),
        }?;
        Some((*effective, rate.get()))
    }

    /// The rate [`ExchangeRates::convert`] uses to convert `from` into `to` on `date`: `None` for
    /// the same currency or a pair with no rate; else the rate record's effective date, its rate
    /// and whether it is the opposite pair's (divided by) (S5.3; an explanation names it).
    pub fn rate_in_force(
        &self,
        from: CurrencyCode,
        to: CurrencyCode,
        date: Date,
    ) -> Option<(Date, Decimal, bool)> {
        if from == to {
            return None;
        }
        match self.dated(from, to, date) {
            Some((effective, rate)) => Some((effective, rate, false)),
            None => self
                .dated(to, from, date)
                .map(|(effective, rate)| (effective, rate, true)),
        }
    }

    /// Converts `amount` of `from` into `to` at the rate in force on `date`, rounded half away from
    /// zero to `to`'s minor units (an atom, S1.6). Same currency: rate 1. A pair with no rate uses
    /// the opposite pair's rate, dividing by it (S5.3).
    pub fn convert(
        &self,
        amount: Decimal,
        from: CurrencyCode,
        to: CurrencyCode,
        date: Date,
    ) -> Result<Decimal, ConversionError> {
        let converted = if from == to {
            Some(amount)
        } else {
            match self.rate_in_force(from, to, date) {
                Some((_, rate, false)) => amount.checked_mul(rate),
                // S1.5: divide once rather than multiply by a rounded inverse.
                Some((_, inverse, true)) => amount.checked_div(inverse),
                None => return Err(ConversionError::MissingRate { from, to }),
            }
        };
        converted
            .map(|value| to.round(value))
            .ok_or(ConversionError::Overflow { amount, from, to })
    }

    /// Whether `from` can be converted into `to` at all.
    pub fn can_convert(&self, from: CurrencyCode, to: CurrencyCode) -> bool {
        from == to || self.pairs.contains_key(&(from, to)) || self.pairs.contains_key(&(to, from))
    }
}
