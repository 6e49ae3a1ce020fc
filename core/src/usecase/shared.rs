//! The data every folio's costs read (S11.5): exchange rates (S5.3, S5.6) and overtime rules
//! (S6.6). Every user reads them; budget administrators change them.

use super::error::{Error, Result};
use super::{Commands, Queries};
use crate::model::budgeting::{ExchangeRate, OvertimeRule};
use crate::model::{messages, Id};
use crate::state::{Command, Stored};
use crate::value::{CurrencyCode, Date};

/// The 404 of an overtime rule that is not there.
fn missing_rule(id: impl std::fmt::Display) -> Error {
    Error::not_found(format!(
        "Overtime rule {} does not exist",
        messages::excerpt(&id.to_string())
    ))
}

/// At most this many folios are named by the 409 of a rate that may not go; the rest counted.
const NAMED_FOLIOS: usize = 10;

impl Queries<'_> {
    /// The exchange rates, as put.
    pub fn exchange_rates(&self) -> Vec<ExchangeRate> {
        self.state.exchange_rates.clone()
    }

    /// The live overtime rules.
    pub fn overtime_rules(&self) -> Vec<OvertimeRule> {
        self.state
            .overtime_rules
            .values()
            .filter(|r| r.deleted_on.is_none())
            .map(|r| r.record().clone())
            .collect()
    }
}

impl Commands<'_> {
    /// Puts an exchange rate; one on the same pair and date is replaced (S5.3).
    pub fn put_exchange_rate(&mut self, rate: ExchangeRate) -> Result<()> {
        self.caller.shared_data_for_change("exchange rates")?;
        if rate.from == rate.to {
            return Err(Error::field(
                "to",
                format!(
                    "an exchange rate needs two currencies, got {} twice",
                    rate.from
                ),
            ));
        }
        self.state.apply(Command::PutExchangeRate(rate));
        Ok(())
    }

    /// Removes the rate of `from` to `to` on `date`, unless it is the last of its pair (and the
    /// opposite pair has none) while live expenses of live folios need it: then a conflict
    /// naming each such folio and how many of its expenses need the pair (S5.6).
    pub fn remove_exchange_rate(
        &mut self,
        from: CurrencyCode,
        to: CurrencyCode,
        date: Date,
    ) -> Result<()> {
        self.caller.shared_data_for_change("exchange rates")?;
        let held = self
            .state
            .exchange_rates
            .iter()
            .any(|r| (r.from, r.to, r.effective_date) == (from, to, date));
        if !held {
            return Err(Error::not_found(format!(
                "There is no exchange rate from {from} to {to} on {date}"
            )));
        }
        let needed = self.state.needing_rate(from, to, date);
        if !needed.is_empty() {
            let mut folios: Vec<String> = needed
                .iter()
                .take(NAMED_FOLIOS)
                .map(|n| {
                    format!(
                        "folio {:?} ({}) has {} live expense{} that need{} it",
                        messages::excerpt(&n.name),
                        n.folio,
                        n.expenses,
                        if n.expenses == 1 { "" } else { "s" },
                        if n.expenses == 1 { "s" } else { "" },
                    )
                })
                .collect();
            if needed.len() > NAMED_FOLIOS {
                folios.push(format!("and {} more folios", needed.len() - NAMED_FOLIOS));
            }
            return Err(Error::conflict(format!(
                "The rate from {from} to {to} on {date} is the last between {from} and {to}: {}. Add another rate of the pair first, or move those expenses to another currency",
                folios.join("; ")
            )));
        }
        self.state.apply(Command::RemoveExchangeRate {
            from,
            to,
            effective_date: date,
        });
        Ok(())
    }

    /// Creates an overtime rule (S6.6).
    pub fn create_overtime_rule(&mut self, mut rule: OvertimeRule) -> Result<Id> {
        self.caller.shared_data_for_change("overtime rules")?;
        if rule.name.trim().is_empty() {
            return Err(Error::field("name", messages::NAME_REQUIRED));
        }
        super::refusals::new_texts(&rule)?;
        let id = Id::new(self.state.counters.next(crate::state::IdKind::OvertimeRule));
        rule.deleted_on = None;
        self.state
            .apply(Command::PutOvertimeRule(Stored::new(id, rule)));
        Ok(id)
    }

    /// Replaces a live overtime rule.
    pub fn update_overtime_rule(&mut self, mut rule: OvertimeRule) -> Result<OvertimeRule> {
        self.caller.shared_data_for_change("overtime rules")?;
        let id = rule
            .id
            .ok_or_else(|| Error::field("id", "id is required to update an overtime rule"))?;
        match self.state.overtime_rules.get(&id.get()) {
            Some(existing) if existing.deleted_on.is_none() => {
                super::refusals::texts(&rule, Some(existing.record()))?;
            }
            _ => return Err(missing_rule(id)),
        }
        rule.deleted_on = None;
        let rule = Stored::new(id, rule);
        self.state.apply(Command::PutOvertimeRule(rule.clone()));
        Ok(rule.into_record())
    }

    /// Deletes overtime rule `id` (marked): positions naming it then cost their overtime as
    /// regular hours (S6.6).
    pub fn delete_overtime_rule(&mut self, id: u64) -> Result<()> {
        self.caller.shared_data_for_change("overtime rules")?;
        let mut rule = self
            .state
            .overtime_rules
            .get(&id)
            .filter(|r| r.deleted_on.is_none())
            .cloned()
            .ok_or_else(|| missing_rule(id))?;
        let day = self.today();
        rule.update(|rule| rule.deleted_on = Some(day));
        self.state.apply(Command::PutOvertimeRule(rule));
        Ok(())
    }
}
