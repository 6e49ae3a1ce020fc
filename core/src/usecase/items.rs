//! A folio's items with their money (extensions): every live item with its total and its money
//! to date (what the planner's costs and revenues screen lists), and what the folio pays, item by
//! item, with its monthly timeline.

use super::error::{Error, Result};
use super::Queries;
use crate::analytics::{AnalyticsError, BookError, Change, FolioBook, ItemKey, PlannedSide};
use crate::model::budgeting::{ExpenseItem, FolioItems, FolioPayments, PaidItem, PositionItem};
use crate::model::Id;
use crate::schedule::{ConversionError, Granularity};
use crate::state::State;
use crate::value::{Date, Exact};

/// An item's money in the folio's currency, or, for an item that cannot be costed (an expense
/// an older journal left without an exchange rate, S5.6), null figures and the refusal its
/// figures answer.
struct ItemMoney {
    total: Option<Exact>,
    to_date: Option<Exact>,
    refusal: Option<String>,
}

impl ItemMoney {
    fn of((total, to_date): (Exact, Exact)) -> ItemMoney {
        ItemMoney {
            total: Some(total),
            to_date: Some(to_date),
            refusal: None,
        }
    }
}

/// Whether `error` is a payment with no exchange rate (S5.3): what leaves a folio uncomputable.
fn is_missing_rate(error: &BookError) -> bool {
    // A ledger reports it as an analytics error, one item's payments as their own.
    matches!(
        error,
        BookError::Payments {
            error: ConversionError::MissingRate { .. },
            ..
        } | BookError::Analytics(AnalyticsError::Conversion(
            ConversionError::MissingRate { .. }
        ))
    )
}

/// `(total, toDate)` of `key` in `book`'s draft at `as_of`, in the folio's currency (zero for an
/// item the draft does not hold).
fn item_money(book: &mut FolioBook, key: ItemKey, as_of: Date) -> Result<(Exact, Exact)> {
    let (total, to_date) = book.item_money(key, as_of).map_err(super::refusals::book)?;
    Ok((Exact::of(total), Exact::of(to_date)))
}

/// The money of each item of a folio's draft: read off the folio's book, or, once the folio
/// turns out uncomputable (S5.6), off its draft alone, without the expenses whose currency has no
/// rate into the folio's: those answer their own refusal (S5.3's message), and the others keep
/// their figures. One book either way: the work stays that of the folio's own items.
struct ItemMoneys<'s, 'b> {
    state: &'s State,
    folio: u64,
    as_of: Date,
    book: &'b mut FolioBook,
    /// Set once the folio's book refused for a missing rate: the draft's book without the
    /// expenses that cannot be converted, and their refusals by id.
    fallback: Option<Fallback>,
}

/// A folio's draft book without its expenses that cannot be converted, and their refusals by id.
type Fallback = (FolioBook, Vec<(Id, String)>);

impl ItemMoneys<'_, '_> {
    fn of(&mut self, key: ItemKey) -> Result<ItemMoney> {
        if self.fallback.is_none() {
            match self.book.item_money(key, self.as_of) {
                Ok((total, to_date)) => {
                    return Ok(ItemMoney::of((Exact::of(total), Exact::of(to_date))))
                }
                Err(error) if is_missing_rate(&error) => self.fallback = Some(self.draft()?),
                Err(error) => return Err(super::refusals::book(error)),
            }
        }
        let Some((book, refused)) = self.fallback.as_mut() else {
            return Err(Error::folio_not_viewable());
        };
        if let Some((_, refusal)) = refused.iter().find(|(id, _)| ItemKey::Expense(*id) == key) {
            return Ok(ItemMoney {
                total: None,
                to_date: None,
                refusal: Some(refusal.clone()),
            });
        }
        Ok(ItemMoney::of(item_money(book, key, self.as_of)?))
    }

    /// The folio's draft book without its expenses that cannot be converted, and their refusals.
    fn draft(&self) -> Result<Fallback> {
        let mut book = self
            .state
            .draft_book(self.folio)
            .ok_or_else(Error::folio_not_viewable)?;
        let to = book.folio().currency_code;
        let refused: Vec<(Id, String)> = book
            .draft()
            .expenses
            .iter()
            .filter(|e| !self.state.converts(e.currency_code, to))
            .filter_map(|e| {
                let refusal = ConversionError::MissingRate {
                    from: e.currency_code,
                    to,
                };
                e.id.map(|id| (id, refusal.to_string()))
            })
            .collect();
        for (id, _) in &refused {
            book.apply(Change::RemoveExpense(*id))
                .map_err(super::refusals::book)?;
        }
        Ok((book, refused))
    }
}

/// The live records of `list`.
fn live<T: Clone>(list: &[T], deleted: impl Fn(&T) -> Option<Date>) -> Vec<T> {
    list.iter()
        .filter(|r| deleted(r).is_none())
        .cloned()
        .collect()
}

impl Queries<'_> {
    /// Every live position of folio `folio` with its rates, allocations and hours, and every live
    /// expense, each with its total and its money to date at `as_of` in the folio's currency
    /// (extension). A folio an older journal left uncomputable (S5.6) still lists every item:
    /// those that cannot be costed with null figures and their refusal.
    pub fn folio_items(&self, folio: u64, as_of: Date) -> Result<FolioItems> {
        self.with_book(folio, |book| self.items_of(folio, as_of, book))
    }

    /// [`Queries::folio_items`] with the folio's book.
    fn items_of(&self, folio: u64, as_of: Date, book: &mut FolioBook) -> Result<FolioItems> {
        let mut money = ItemMoneys {
            state: self.state,
            folio,
            as_of,
            book,
            fallback: None,
        };
        let mut items = FolioItems::default();
        for row in self
            .state
            .positions_of(folio)
            .filter(|row| row.record.deleted_on.is_none())
        {
            let item_money = money.of(ItemKey::Position(row.record.id))?;
            items.positions.push(PositionItem {
                position: super::positions::shown(row),
                rates: live(&row.record.rates, |r| r.deleted_on),
                allocations: live(&row.record.allocations, |a| a.deleted_on),
                hours: live(&row.record.hours, |h| h.deleted_on),
                total: item_money.total,
                to_date: item_money.to_date,
                refusal: item_money.refusal,
            });
        }
        for expense in self
            .state
            .expenses_of(folio)
            .filter(|e| e.deleted_on.is_none())
        {
            let item_money = money.of(ItemKey::Expense(expense.id()))?;
            items.expenses.push(ExpenseItem {
                expense: super::with_converted(self.state, expense)?,
                total: item_money.total,
                to_date: item_money.to_date,
                refusal: item_money.refusal,
            });
        }
        Ok(items)
    }

    /// What folio `folio` pays (extension): every live position (its lines by month, as
    /// `costfolio plan` computes them) and expense with its total and its cost or revenue to
    /// date, and the folio's monthly timeline at `as_of`. Its work is bounded by the folio's
    /// limits on positions, expenses and payments.
    pub fn folio_payments(&self, folio: u64, as_of: Date) -> Result<FolioPayments> {
        let record = &self.readable_folio(folio)?.folio;
        super::limits::check_payment_lines(self.state, folio, record)?;
        // The book's draft holds every live item, costed by month, cut after asOf; each item's
        // money is asked before its lines, so a ledger's refusal comes first.
        let mut book = self.book(folio)?;
        let mut item = |key: ItemKey, name: &str| -> Result<PaidItem> {
            let (total, to_date) = item_money(&mut book, key, as_of)?;
            let (ItemKey::Position(id) | ItemKey::Expense(id)) = key;
            let lines = match key {
                ItemKey::Position(id) => book.position_lines(id, Granularity::Month),
                ItemKey::Expense(id) => book.expense_lines(id),
            }
            .map_err(super::refusals::book)?;
            Ok(PaidItem {
                id,
                name: name.to_owned(),
                total,
                to_date,
                lines,
            })
        };
        let mut payments = FolioPayments::default();
        for row in self
            .state
            .positions_of(folio)
            .filter(|row| row.record.deleted_on.is_none())
        {
            payments
                .positions
                .push(item(ItemKey::Position(row.record.id), &row.header.name)?);
        }
        for expense in self
            .state
            .expenses_of(folio)
            .filter(|e| e.deleted_on.is_none())
        {
            payments
                .expenses
                .push(item(ItemKey::Expense(expense.id()), &expense.name)?);
        }
        payments.timeline = book
            .timeline(as_of, Granularity::Month, PlannedSide::Latest)
            .map_err(super::refusals::book)?;
        Ok(payments)
    }
}
