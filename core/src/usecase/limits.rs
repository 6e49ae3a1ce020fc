//! The limits that bound a folio's work (docs/security.md): how many expenses, payments,
//! positions and position-months it may hold, how many lines one answer of its payments holds;
//! each refusal names its field and the limit.

use super::error::{Error, Result};
use crate::model::budgeting::{Expense, Folio};
use crate::schedule::{ExpensePlan, FolioFrame, Granularity};
use crate::state::State;
use crate::value::DateRange;

/// The most bytes one page of a list or of a history holds, as the answer writes its entries
/// (S11.8); a page always holds one entry, whatever its size (the body limits bound it).
pub const MAX_PAGE_BYTES: usize = 4 * 1024 * 1024;

/// The most payments the live expenses of one folio may make inside it: every analytics read of
/// the folio computes them, so the sum bounds its work (docs/security.md).
pub(crate) const MAX_FOLIO_PAYMENTS: u64 = 200_000;

/// The most live positions one folio may hold, for the same reason.
pub(crate) const MAX_FOLIO_POSITIONS: usize = 2_000;

/// The most live expenses one folio may hold: more than an import of actuals takes at once
/// ([`super::MAX_IMPORT_ROWS`]), a year of an ERP's invoice lines; what a read costs is bounded
/// by their payments ([`MAX_FOLIO_PAYMENTS`]).
pub(crate) const MAX_FOLIO_EXPENSES: usize = 25_000;

/// Refuses a folio whose live expenses (with `changed` in the place of the expense of its id, or
/// added) would make more than [`MAX_FOLIO_PAYMENTS`] payments inside `frame`, or be more than
/// [`MAX_FOLIO_EXPENSES`]; the refusal names `field`.
pub(crate) fn check_folio_payments(
    state: &State,
    folio: u64,
    frame: &FolioFrame,
    changed: Option<&Expense>,
    field: &str,
) -> Result<()> {
    let live = state.expenses_of(folio).filter(|e| {
        e.deleted_on.is_none() && (changed.is_none() || e.id != changed.and_then(|c| c.id))
    });
    let mut count = 0usize;
    let mut payments = 0u64;
    for expense in live.map(|e| e.record()).chain(changed) {
        count += 1;
        // An expense the folio cannot cost makes no payments; it is refused on its own.
        payments = payments.saturating_add(payments_of(expense, frame));
    }
    limit(count, payments, field)
}

/// A folio's live expenses and their payments counted once, then kept up to date change by
/// change: what [`check_folio_payments`] checks, without reading every expense again for each
/// of an import's thousands of rows.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tally {
    /// The folio.
    pub(crate) folio: u64,
    count: usize,
    payments: u64,
}

fn payments_of(expense: &Expense, frame: &FolioFrame) -> u64 {
    ExpensePlan::new(expense, frame).map_or(0, |plan| plan.payment_count(frame))
}

impl Tally {
    /// Folio `folio`'s live expenses and their payments inside `frame` (an import's start; no
    /// import in the planner's sandbox).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn of(state: &State, folio: u64, frame: &FolioFrame) -> Tally {
        let mut tally = Tally {
            folio,
            count: 0,
            payments: 0,
        };
        for expense in state.expenses_of(folio).filter(|e| e.deleted_on.is_none()) {
            tally.count += 1;
            tally.payments = tally.payments.saturating_add(payments_of(expense, frame));
        }
        tally
    }

    /// The tally with `before` (the expense as it was, if live) replaced by `after`, refused as
    /// [`check_folio_payments`] refuses; unchanged when refused.
    pub(crate) fn admit(
        &mut self,
        before: Option<&Expense>,
        after: &Expense,
        frame: &FolioFrame,
        field: &str,
    ) -> Result<()> {
        let (count, payments) = match before {
            Some(before) => (
                self.count,
                self.payments.saturating_sub(payments_of(before, frame)),
            ),
            None => (self.count + 1, self.payments),
        };
        let payments = payments.saturating_add(payments_of(after, frame));
        limit(count, payments, field)?;
        self.count = count;
        self.payments = payments;
        Ok(())
    }
}

fn limit(count: usize, payments: u64, field: &str) -> Result<()> {
    if count > MAX_FOLIO_EXPENSES {
        return Err(Error::field(
            field,
            format!("a folio may hold at most {MAX_FOLIO_EXPENSES} expenses"),
        ));
    }
    if payments > MAX_FOLIO_PAYMENTS {
        return Err(Error::field(
            field,
            format!(
                "the expenses of a folio may make at most {MAX_FOLIO_PAYMENTS} payments inside it; this would make {payments}"
            ),
        ));
    }
    Ok(())
}

/// The most position-months one folio may hold: its live positions times the months of its span.
/// Every analytics read costs each position month by month (week by week for a weekly timeline),
/// so this bounds a read's work as [`MAX_FOLIO_PAYMENTS`] does for expenses: 2,000 positions over
/// ten years, or 200 over a century (docs/security.md).
pub(crate) const MAX_FOLIO_POSITION_MONTHS: u64 = 240_000;

/// The months `folio` spans (a month begun counts).
fn folio_months(folio: &Folio) -> u64 {
    Granularity::Month.count_in(folio.start_date.naive(), folio.end_date.naive())
}

/// Refuses a folio whose `positions` live positions over its span would exceed
/// [`MAX_FOLIO_POSITION_MONTHS`]; the refusal names `field`.
pub(crate) fn check_position_months(folio: &Folio, positions: usize, field: &str) -> Result<()> {
    let months = folio_months(folio);
    let held = (positions as u64).saturating_mul(months);
    if held > MAX_FOLIO_POSITION_MONTHS {
        return Err(Error::field(
            field,
            format!(
                "a folio's positions times its months may be at most {MAX_FOLIO_POSITION_MONTHS}; {positions} positions over {months} months would be {held}"
            ),
        ));
    }
    Ok(())
}

/// The most payment lines one answer of a folio's payments may hold (its positions' months and
/// its expenses' payments), counted before any is computed.
pub(crate) const MAX_PAYMENT_LINES: u64 = 250_000;

/// Refuses a payments answer of the folio `id` that would hold more than [`MAX_PAYMENT_LINES`]
/// lines: each live position's months and each live expense's payments inside the folio.
pub(crate) fn check_payment_lines(state: &State, id: u64, folio: &Folio) -> Result<()> {
    let frame = frame(folio)?;
    let positions = (live_positions(state, id) as u64).saturating_mul(folio_months(folio));
    let expenses = state
        .expenses_of(id)
        .filter(|e| e.deleted_on.is_none())
        .filter_map(|expense| ExpensePlan::new(expense, &frame).ok())
        .fold(0u64, |sum, plan| {
            sum.saturating_add(plan.payment_count(&frame))
        });
    let lines = positions.saturating_add(expenses);
    if lines > MAX_PAYMENT_LINES {
        return Err(Error::invalid(
            format!(
                "a folio's payments answer holds at most {MAX_PAYMENT_LINES} lines; this folio's would hold {lines} (its positions' months and its expenses' payments)"
            ),
        ));
    }
    Ok(())
}

/// How many live positions `folio` holds.
pub(crate) fn live_positions(state: &State, folio: u64) -> usize {
    state
        .positions_of(folio)
        .filter(|row| row.record.deleted_on.is_none())
        .count()
}

/// The granularity chosen (month when none), refused when `period` would hold more than
/// [`crate::schedule::MAX_BUCKETS`] buckets of it.
pub(crate) fn granularity(chosen: Option<Granularity>, period: DateRange) -> Result<Granularity> {
    Granularity::bounded(chosen.map(Granularity::name), period)
        .map_err(|error| Error::field("granularity", error.to_string()))
}

pub(crate) fn frame(folio: &Folio) -> Result<FolioFrame> {
    let period = DateRange::new(folio.start_date, folio.end_date)
        .map_err(|error| Error::field("endDate", error.to_string()))?;
    Ok(FolioFrame {
        period,
        currency: folio.currency_code,
    })
}
