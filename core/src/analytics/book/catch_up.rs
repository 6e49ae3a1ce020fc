//! How a kept book catches up with its folio as it is now: the server keeps each
//! folio's book between reads, and before a read brings it to the folio's current setting and
//! items. What did not change is not costed again; an item that changed is recosted alone
//! ([`FolioBook::apply`], S1.6); a changed setting (the folio, a calendar, exchange rates,
//! overtime rules, synchronized hours, scope, baselines) lets the ledgers go.

use std::collections::HashMap;
use std::sync::Arc;

use super::{BookParts, Change, FolioBook};
use crate::analytics::baseline::{BaselineSnapshot, Items};
use crate::calendar::Calendar;
use crate::model::budgeting::{Expense, OvertimeRule};
use crate::schedule::position::PositionRecord;

/// More changed items than this share of the draft are put in afresh rather than applied one by
/// one: costing every item once is then cheaper than recosting each in every ledger kept.
const APPLIED_UP_TO_ONE_IN: usize = 4;

/// What a catch-up did, for the tests and the measurements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaughtUp {
    /// Nothing had changed: the ledgers kept answer as they are.
    Unchanged,
    /// These many items changed, each recosted alone in the ledgers kept.
    Applied(usize),
    /// The setting or many items changed: the ledgers are costed afresh when next asked.
    Afresh,
}

impl FolioBook {
    /// A book to keep between reads: as [`FolioBook::for_one_answer`], its ledgers of many
    /// periods keep only sums (their memory stays small), and those of up to 400 periods keep
    /// each item's series, so that [`FolioBook::catch_up`] recosts a changed item alone.
    pub fn to_keep(self) -> Self {
        self.for_one_answer()
    }

    /// Brings this book to `parts` (their draft left empty) with the live items `positions` and
    /// `expenses`, in id order, as [`FolioBook::new`] would build it: afterwards it answers every
    /// figure as a book built afresh from the same would (S1.6). Says what it did.
    pub fn catch_up<'i>(
        &mut self,
        parts: BookParts,
        positions: impl IntoIterator<Item = &'i PositionRecord>,
        expenses: impl IntoIterator<Item = &'i Expense>,
    ) -> CaughtUp {
        let fresh = FolioBook::new(BookParts {
            draft: Items::default(),
            ..parts
        });
        let mut afresh = false;
        if fresh.setting != self.setting || !same_baselines(&fresh.baselines, &self.baselines) {
            self.setting = fresh.setting;
            self.baselines = fresh.baselines;
            self.costed.clear();
            afresh = true;
        }
        let positions: Vec<&PositionRecord> = positions.into_iter().collect();
        let expenses: Vec<&Expense> = expenses.into_iter().collect();
        let changes = self.changes(&positions, &expenses);
        if changes.is_empty() && !afresh {
            return CaughtUp::Unchanged;
        }
        let many = changes.len() * APPLIED_UP_TO_ONE_IN
            > self.draft.positions.len() + self.draft.expenses.len();
        let count = changes.len();
        let applied = !afresh && !many && changes.into_iter().all(|c| self.apply(c).is_ok());
        if applied {
            // A fresh book holds its items in id order: so does this one.
            crate::order::sort_by_key(&mut self.draft.positions, |p| p.id);
            crate::order::sort_by_key(&mut self.draft.expenses, |e| e.id);
            return CaughtUp::Applied(count);
        }
        // A refused change (an item the engine cannot cost) is refused again when a figure is
        // asked, as a fresh book would refuse it.
        self.draft = Items {
            positions: positions.into_iter().cloned().collect(),
            expenses: expenses.into_iter().cloned().collect(),
        };
        self.costed.clear();
        CaughtUp::Afresh
    }

    /// The changes that turn the draft into `positions` and `expenses`.
    fn changes(&self, positions: &[&PositionRecord], expenses: &[&Expense]) -> Vec<Change> {
        let mut changes = Vec::new();
        let mut held: HashMap<_, _> = self.draft.positions.iter().map(|p| (p.id, p)).collect();
        for position in positions {
            if held.remove(&position.id) != Some(*position) {
                changes.push(Change::PutPosition((*position).clone()));
            }
        }
        changes.extend(held.into_keys().map(Change::RemovePosition));
        let mut held: HashMap<_, _> = self
            .draft
            .expenses
            .iter()
            .filter_map(|e| Some((e.id?, e)))
            .collect();
        for expense in expenses {
            let kept = expense.id.and_then(|id| held.remove(&id));
            if kept != Some(*expense) {
                changes.push(Change::PutExpense((*expense).clone()));
            }
        }
        changes.extend(held.into_keys().map(Change::RemoveExpense));
        changes
    }

    /// About how many bytes this book holds: its items, its setting's synchronized hours and the
    /// ledgers it keeps. What a cache of books counts to stay within its memory.
    pub fn footprint(&self) -> usize {
        let parts = |p: &PositionRecord| p.rates.len() + p.allocations.len() + p.hours.len();
        let items: usize = self
            .draft
            .positions
            .iter()
            .map(|p| size_of::<PositionRecord>() + parts(p) * PART_BYTES)
            .sum::<usize>()
            + self.draft.expenses.len() * (size_of::<Expense>() + EXPENSE_EXTRA_BYTES);
        let synced: usize = self
            .setting
            .synced
            .values()
            .map(|d| d.days().len() * 16)
            .sum();
        // The setting: each book holds its own copy of the exchange rates, overtime rules and
        // calendars (its folio's, its positions' own, each baseline's).
        let setting = &self.setting;
        let calendars = std::iter::once(&setting.calendar)
            .chain(setting.own_calendars.iter().map(|(_, c)| c))
            .chain(
                setting
                    .baseline_calendars
                    .iter()
                    .flat_map(|(_, own)| own.iter().map(|(_, c)| c)),
            );
        let calendar_bytes: usize = calendars
            .map(|c| size_of::<Calendar>() + c.holiday_count() * HOLIDAY_BYTES)
            .sum();
        let setting_bytes = setting.rates.len() * RATE_BYTES
            + setting.overtime_rules.len() * (size_of::<OvertimeRule>() + NAME_BYTES)
            + calendar_bytes;
        let ledgers: usize = self
            .costed
            .iter()
            .flat_map(|c| c.draft.iter().chain(c.baselines.iter().map(|(_, l)| l)))
            .map(|l| l.footprint())
            .sum();
        items + synced + setting_bytes + ledgers
    }
}

/// About how many bytes one exchange rate holds (its date and rate in a sorted table).
const RATE_BYTES: usize = 32;

/// About how many bytes one holiday of a calendar holds.
const HOLIDAY_BYTES: usize = 16;

/// About how many bytes a name holds on the heap.
const NAME_BYTES: usize = 48;

/// About how many bytes one rate, allocation period or hours period of a position holds.
const PART_BYTES: usize = 96;

/// About how many bytes an expense holds besides its own size (its name, type, description and
/// recurrence on the heap).
const EXPENSE_EXTRA_BYTES: usize = 128;

/// Whether two lists of baselines are the very same snapshots: a baseline is never changed in
/// place (a deleted one is a new snapshot), so one at the same address is the same.
fn same_baselines(a: &[Arc<BaselineSnapshot>], b: &[Arc<BaselineSnapshot>]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| Arc::ptr_eq(a, b))
}
