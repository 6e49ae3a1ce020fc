//! A folio stays computable (S5.6): no change may leave a live expense of a live folio without an
//! exchange rate for its currency pair, since every figure of the folio converts its payments
//! (S5.3) and one pair without a rate would refuse them all.
//!
//! A pair is covered when it has a rate, or its opposite pair has one (S5.3's look-up takes the
//! first rate before the first date, so any rate of the pair covers every date).

use core::fmt;

use crate::model::Id;
use crate::state::State;
use crate::value::{CurrencyCode, Date};

/// Who may add a missing rate, as every refusal of S5.6 says.
const WHO_ADDS: &str = "a budget administrator adds one under exchange rates";

/// A currency pair with no rate either way (S5.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MissingRate {
    /// The expense's currency.
    pub from: CurrencyCode,
    /// The folio's currency.
    pub to: CurrencyCode,
}

impl fmt::Display for MissingRate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "No exchange rate from {} to {}: {WHO_ADDS}",
            self.from, self.to
        )
    }
}

impl std::error::Error for MissingRate {}

/// A folio whose live expenses need a pair: which folio, and how many of its expenses (those its
/// live baselines hold counted too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateNeeded {
    /// The folio's id.
    pub folio: Id,
    /// Its name.
    pub name: String,
    /// The expenses of the folio in the pair's other currency.
    pub expenses: usize,
}

impl State {
    /// The live expenses that live baselines hold (of folio `folio`, or of every folio), with
    /// their baseline: a folio's figures cost the latest baseline covering each side (S8.5), so
    /// its frozen expenses need their rates as much as the draft's do.
    fn frozen_expenses(
        &self,
        folio: Option<u64>,
    ) -> impl Iterator<Item = (u64, &crate::model::budgeting::Expense)> {
        self.baselines
            .iter()
            .filter(move |(_, b)| {
                b.baseline.deleted_on.is_none()
                    && folio.is_none_or(|folio| b.baseline.folio_id.get() == folio)
            })
            .flat_map(|(id, b)| {
                b.items
                    .expenses
                    .iter()
                    .filter(|e| e.deleted_on.is_none())
                    .map(move |e| (*id, e))
            })
    }

    /// Whether `from` converts into `to`: the same currency, or a rate of the pair or of its
    /// opposite (S5.3).
    pub fn converts(&self, from: CurrencyCode, to: CurrencyCode) -> bool {
        from == to
            || self
                .exchange_rates
                .iter()
                .any(|r| (r.from, r.to) == (from, to) || (r.from, r.to) == (to, from))
    }

    /// Refuses an expense in `currency` of a folio in `folio_currency` when the pair has no rate
    /// either way (S5.6).
    pub fn check_expense_currency(
        &self,
        currency: CurrencyCode,
        folio_currency: CurrencyCode,
    ) -> Result<(), MissingRate> {
        if self.converts(currency, folio_currency) {
            Ok(())
        } else {
            Err(MissingRate {
                from: currency,
                to: folio_currency,
            })
        }
    }

    /// The live expenses of folio `folio` (and those its live baselines hold), by currency, that
    /// would have no rate into `currency` (a new currency of the folio, S5.6): the first such
    /// currency and how many expenses are in it, or `None` when every one converts.
    pub fn unconvertible_expenses(
        &self,
        folio: u64,
        currency: CurrencyCode,
    ) -> Option<(MissingRate, usize)> {
        let mut missing: Vec<(CurrencyCode, usize)> = Vec::new();
        let live = self
            .expenses_of(folio)
            .filter(|e| e.deleted_on.is_none())
            .map(|e| e.record());
        for expense in live
            .chain(self.frozen_expenses(Some(folio)).map(|(_, e)| e))
            .filter(|e| !self.converts(e.currency_code, currency))
        {
            match missing
                .iter_mut()
                .find(|(c, _)| *c == expense.currency_code)
            {
                Some((_, count)) => *count += 1,
                None => missing.push((expense.currency_code, 1)),
            }
        }
        crate::order::sort_by_key(&mut missing, |&(c, _)| c);
        missing
            .first()
            .map(|&(from, count)| (MissingRate { from, to: currency }, count))
    }

    /// The live folios whose live expenses (or those their live baselines hold) would lose their
    /// only rate if the rate of `from` to `to` on `date` were removed (S5.6): none when another rate of the pair, or of its opposite,
    /// remains. Each folio with how many of its expenses need the pair, in folio order.
    pub fn needing_rate(
        &self,
        from: CurrencyCode,
        to: CurrencyCode,
        date: Date,
    ) -> Vec<RateNeeded> {
        let others = self.exchange_rates.iter().any(|r| {
            let pair = (r.from, r.to);
            (pair == (from, to) && r.effective_date != date) || pair == (to, from)
        });
        if others {
            return Vec::new();
        }
        let needs = |expense: CurrencyCode, folio: CurrencyCode| {
            (expense, folio) == (from, to) || (expense, folio) == (to, from)
        };
        // One pass over the expenses (each looks its folio up), not one per folio.
        let mut counts: std::collections::BTreeMap<u64, usize> = std::collections::BTreeMap::new();
        let live = self
            .expenses
            .values()
            .filter(|e| e.deleted_on.is_none())
            .map(|e| e.record());
        for expense in live.chain(self.frozen_expenses(None).map(|(_, e)| e)) {
            let folio = expense.folio_id.get();
            let Some(record) = self.folios.get(&folio) else {
                continue;
            };
            if record.folio.deleted_on.is_none()
                && needs(expense.currency_code, record.folio.currency_code)
            {
                *counts.entry(folio).or_default() += 1;
            }
        }
        let needed = counts
            .into_iter()
            .filter_map(|(id, expenses)| {
                let record = self.folios.get(&id)?;
                Some(RateNeeded {
                    folio: Id::new(id),
                    name: record.folio.name.clone(),
                    expenses,
                })
            })
            .collect();
        needed
    }
}
