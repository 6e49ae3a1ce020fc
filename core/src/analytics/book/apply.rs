//! How a book applies a [`Change`] to its draft: only the item it touches is recosted in every
//! ledger kept, and a refusal changes nothing.

use super::error::BookError;
use super::{Change, FolioBook};
use crate::analytics::ledger::{CostContext, ItemKey, Ledger, Periods, Series};
use crate::analytics::line_mark::LineMark;
use crate::schedule::{ExpensePlan, FolioFrame, Granularity};

impl FolioBook {
    /// Applies one change to the draft, recosting only the item it touches in every ledger kept
    /// (S1.6: replacing one item's series is exact). A change the engine refuses (an invalid
    /// position or expense, a payment with no exchange rate, a sum too large) changes nothing:
    /// neither the draft nor any ledger kept, and says why.
    ///
    /// A position is costed with what the book was built with for its id: its own calendar and
    /// its synchronized hours (S3.4, S6.5b, S6.5c). A position the book did not hold has neither:
    /// it is costed on the folio's calendar from its own periods and hours (S6.5a, S6.5d).
    pub fn apply(&mut self, change: Change) -> Result<(), BookError> {
        let (key, item) = match change {
            Change::PutPosition(record) => {
                let key = ItemKey::Position(record.id);
                let live = record.deleted_on.is_none();
                (key, live.then_some(Change::PutPosition(record)))
            }
            Change::PutExpense(expense) => {
                let id = expense.id.ok_or(BookError::NoId)?;
                let live = expense.deleted_on.is_none();
                (
                    ItemKey::Expense(id),
                    live.then_some(Change::PutExpense(expense)),
                )
            }
            Change::RemovePosition(id) => (ItemKey::Position(id), None),
            Change::RemoveExpense(id) => (ItemKey::Expense(id), None),
        };
        // What the item was: put back into the ledgers already changed if a later one refuses.
        let before = match key {
            ItemKey::Position(id) => self
                .draft
                .positions
                .iter()
                .find(|p| p.id == id)
                .cloned()
                .map(Change::PutPosition),
            ItemKey::Expense(id) => self
                .draft
                .expenses
                .iter()
                .find(|e| e.id == Some(id))
                .cloned()
                .map(Change::PutExpense),
        };
        if self.series == Series::Summed {
            // Its draft ledgers of many periods cannot take an item out: costed afresh when next
            // asked. Those of fewer keep each item's series, and the baselines' are not changed.
            for costed in &mut self.costed {
                costed.draft = costed.draft.take().filter(Ledger::takes_items_out);
            }
        }
        let frame = self.setting.frame()?;
        // The cost bases are built only when an item is put (a removal needs none).
        let bases = std::cell::OnceCell::new();
        let bases = || bases.get_or_init(|| self.setting.bases(frame));
        let change = |ledger: &mut Ledger, item: &Option<Change>| match item {
            Some(item) => put(ledger, item, &self.setting.context(bases()), frame),
            None => Ok(ledger.remove(key)?),
        };
        // How many of the sets of ledgers were gone through (to put back on a refusal), and
        // whether any draft ledger took the change.
        let mut changed = 0;
        let mut any = false;
        let mut refusal = None;
        for costed in &mut self.costed {
            let Some(ledger) = costed.draft.as_mut() else {
                changed += 1;
                continue;
            };
            if let Err(error) = change(ledger, &item) {
                // A sum that overflowed midway may hold part of the item: costed afresh later.
                costed.draft = None;
                refusal = Some(error);
                break;
            }
            changed += 1;
            any = true;
        }
        if let Some(error) = refusal {
            for costed in &mut self.costed[..changed] {
                if let Some(ledger) = costed.draft.as_mut() {
                    if change(ledger, &before).is_err() {
                        costed.draft = None;
                    }
                }
            }
            return Err(error);
        }
        if let (false, Some(item)) = (any, &item) {
            // No ledger kept: the item is costed on its own, to be refused alike.
            let periods = Periods::new(frame.period, Granularity::Month, frame.period.end());
            put(
                &mut Ledger::new(periods),
                item,
                &self.setting.context(bases()),
                frame,
            )?;
        }
        match item {
            Some(Change::PutPosition(record)) => {
                match self.draft.positions.iter_mut().find(|p| p.id == record.id) {
                    Some(slot) => *slot = record,
                    None => self.draft.positions.push(record),
                }
            }
            Some(Change::PutExpense(expense)) => {
                match self.draft.expenses.iter_mut().find(|e| e.id == expense.id) {
                    Some(slot) => *slot = expense,
                    None => self.draft.expenses.push(expense),
                }
            }
            _ => match key {
                ItemKey::Position(id) => self.draft.positions.retain(|p| p.id != id),
                ItemKey::Expense(id) => self.draft.expenses.retain(|e| e.id != Some(id)),
            },
        }
        Ok(())
    }
}

/// Puts one item into `ledger`, costed in `context`.
fn put(
    ledger: &mut Ledger,
    item: &Change,
    context: &CostContext<'_>,
    frame: FolioFrame,
) -> Result<(), BookError> {
    match item {
        Change::PutPosition(record) => Ok(ledger.put_record(record, context)?),
        Change::PutExpense(expense) => {
            let id = expense.id.ok_or(BookError::NoId)?;
            let plan = ExpensePlan::new(expense, &frame)
                .map_err(|errors| BookError::Expense { id, errors })?;
            ledger.put_expense(ItemKey::Expense(id), &plan, &frame, context.rates)?;
            ledger.set_mark(ItemKey::Expense(id), LineMark::of_expense(expense));
            Ok(())
        }
        Change::RemovePosition(_) | Change::RemoveExpense(_) => Ok(()),
    }
}
