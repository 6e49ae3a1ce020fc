//! Expenses (S5): read, create, update, delete, and their payments.

use super::error::{Error, Result};
use super::limits::{check_folio_payments, frame};
use super::{Commands, Queries};
use crate::analytics::ItemKey;
use crate::model::budgeting::{CustomFieldType, Expense, ExpensePayment};
use crate::model::Id;
use crate::schedule::{ConversionError, ExchangeRates, ExpensePlan};
use crate::state::{Command, State, Stored};
use crate::value::{Decimal, Exact};

/// An expense of a folio the caller may read, deleted or not (S5.1: a deleted record can still be
/// read by id); else the documented 404, the same for a missing one (S11.4).
pub(super) fn readable<'s>(queries: &Queries<'s>, id: u64) -> Result<&'s Stored<Expense>> {
    let state = queries.state;
    let expense = state
        .expenses
        .get(&id)
        .ok_or_else(Error::folio_not_viewable)?;
    queries
        .caller
        .folio_by_id(state, expense.folio_id.get())
        .ok_or_else(Error::folio_not_viewable)?;
    Ok(expense)
}

/// The expense with its `convertedAmount` (S5.3): 0 for one that pays nothing (S5.1), absent for
/// one an older journal left without a rate (S5.6).
pub(crate) fn with_converted(state: &State, expense: &Expense) -> Result<Expense> {
    let folio = &state
        .folios
        .get(&expense.folio_id.get())
        .ok_or_else(Error::folio_not_viewable)?
        .folio;
    let mut shown = expense.clone();
    if expense.deleted_on.is_some() || folio.deleted_on.is_some() {
        shown.converted_amount = Some(Exact::of(Decimal::ZERO));
        return Ok(shown);
    }
    let frame = frame(folio)?;
    let plan = ExpensePlan::new(expense, &frame).map_err(super::refusals::expense)?;
    let rates = ExchangeRates::from_wire(state.exchange_rates.iter());
    shown.converted_amount = match plan.converted_amount(&frame, &rates) {
        Ok(converted) => Some(Exact::of(converted)),
        Err(ConversionError::MissingRate { .. }) => None,
        Err(error) => return Err(Error::invalid(error.to_string())),
    };
    Ok(shown)
}

impl Queries<'_> {
    /// Expense `id` with its `convertedAmount` (S5.3), deleted or not (S5.1).
    pub fn expense(&self, id: u64) -> Result<Expense> {
        with_converted(self.state, readable(self, id)?)
    }

    /// The payments of expense `id` (S5), converted into its folio's currency; none for one that
    /// pays nothing (S5.1).
    pub fn expense_payments(&self, id: u64) -> Result<Vec<ExpensePayment>> {
        let expense = readable(self, id)?;
        let folio = &self
            .state
            .folios
            .get(&expense.folio_id.get())
            .ok_or_else(Error::folio_not_viewable)?
            .folio;
        if expense.deleted_on.is_some() || folio.deleted_on.is_some() {
            return Ok(Vec::new());
        }
        let id = expense.id();
        let book = self
            .state
            .item_book(expense.folio_id.get(), ItemKey::Expense(id))
            .ok_or_else(Error::folio_not_viewable)?;
        book.expense_lines(id).map_err(super::refusals::book)
    }
}

impl Commands<'_> {
    /// Creates `expense` in its folio (S5): the reporter is the caller (S6.9).
    pub fn create_expense(&mut self, expense: Expense) -> Result<Id> {
        self.put_expense(expense, false).map(|(id, _)| id)
    }

    /// Replaces expense `expense.id` (its folio stays; the reporter stays, S6.9).
    pub fn update_expense(&mut self, expense: Expense) -> Result<Expense> {
        let (_, expense) = self.put_expense(expense, true)?;
        with_converted(self.state, &expense)
    }

    fn put_expense(&mut self, mut expense: Expense, update: bool) -> Result<(Id, Expense)> {
        self.caller.writes()?;
        let (id, reporter, before) = if update {
            let id = expense
                .id
                .ok_or_else(|| Error::field("id", "id is required to update an expense"))?;
            // S11.5: the expense's own folio decides, before anything of the body is compared,
            // so another user's expense answers exactly as a missing one.
            let existing = self
                .state
                .expenses
                .get(&id.get())
                .filter(|e| e.deleted_on.is_none())
                .ok_or_else(Error::folio_not_viewable)?;
            self.caller
                .folio_for_edit(self.state, existing.folio_id.get())?;
            if existing.folio_id != expense.folio_id {
                return Err(Error::field(
                    "folioId",
                    "an expense cannot move to another folio",
                ));
            }
            (
                id,
                existing.reporter.clone(),
                existing.custom_fields.clone(),
            )
        } else {
            self.caller
                .folio_for_edit(self.state, expense.folio_id.get())?;
            let id = Id::new(self.state.counters.next(crate::state::IdKind::Expense));
            (id, Some(self.caller.user.clone()), None)
        };
        // S5: a name is required, and blank is none (the interfaces check a body's missing
        // fields first; a typed caller, such as an import, meets the same rule here).
        if expense.name.trim().is_empty() {
            return Err(super::refusals::expense(vec![
                crate::schedule::ExpenseError::NameRequired,
            ]));
        }
        // S11.7: its texts bounded; on an update, what the expense held is kept.
        let previous = update
            .then(|| self.state.expenses.get(&id.get()))
            .flatten()
            .map(|existing| existing.record());
        super::refusals::texts(&expense, previous)?;
        let folio = self.state.folios[&expense.folio_id.get()].folio.clone();
        let frame = frame(&folio)?;
        let plan = ExpensePlan::new(&expense, &frame).map_err(super::refusals::expense)?;
        // S5.6: a folio stays computable: no expense in a currency its folio's cannot be had from.
        self.state
            .check_expense_currency(expense.currency_code, folio.currency_code)
            .map_err(|missing| Error::field("currencyCode", missing.to_string()))?;
        // S7.4: cost expenses carry ACTUAL fields, revenues REVENUE fields.
        let kind = if expense.kind.is_cost() {
            CustomFieldType::Actual
        } else {
            CustomFieldType::Revenue
        };
        expense.custom_fields = self
            .state
            .check_custom_fields(
                crate::rules::FieldHolder {
                    folio: expense.folio_id.get(),
                    kind,
                    currency: folio.currency_code,
                },
                expense.custom_fields.as_ref(),
                before.as_ref(),
            )
            .map_err(super::refusals::custom_field)?;
        // S9.12: what an actual expense realises is a live planned item of its folio.
        expense.complete = self
            .state
            .check_expense_realises(&expense, previous)
            .map_err(super::refusals::realises)?;
        expense.id = Some(id);
        // An import keeps the folio's tally; any other change counts the folio's expenses.
        let tally = match self.tally {
            Some(mut tally) if tally.folio == expense.folio_id.get() => {
                let live_before = previous.filter(|e| e.deleted_on.is_none());
                tally.admit(live_before, &expense, &frame, "recurrence")?;
                Some(tally)
            }
            _ => {
                check_folio_payments(
                    self.state,
                    expense.folio_id.get(),
                    &frame,
                    Some(&expense),
                    "recurrence",
                )?;
                None
            }
        };
        // An expense the engine cannot compute with is refused now, naming its amount, rather
        // than stored and refused at every later read.
        let rates = ExchangeRates::from_wire(self.state.exchange_rates.iter());
        if let Err(error @ ConversionError::Overflow { .. }) = plan.converted_amount(&frame, &rates)
        {
            return Err(Error::field("amount", error.to_string()));
        }
        // S6.9: the reporter is the caller on create, and stays on update.
        expense.reporter = reporter;
        expense.deleted_on = None;
        expense.converted_amount = None;
        expense.baseline_id = None;
        self.state.apply(Command::PutExpense(Box::new(Stored::new(
            id,
            expense.clone(),
        ))));
        if tally.is_some() {
            self.tally = tally;
        }
        Ok((id, expense))
    }

    /// Deletes expense `id` (S5.1: marked, still read by id).
    pub fn delete_expense(&mut self, id: u64) -> Result<()> {
        let expense = readable(&self.queries(), id)?.clone();
        self.caller
            .folio_for_edit(self.state, expense.folio_id.get())?;
        if expense.deleted_on.is_some() {
            return Err(Error::folio_not_viewable());
        }
        let id = expense.id();
        let mut record = expense.into_record();
        record.deleted_on = Some(self.today());
        self.state
            .apply(Command::PutExpense(Box::new(Stored::new(id, record))));
        Ok(())
    }
}
