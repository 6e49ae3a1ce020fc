//! What a folio's book answers: indicators, timeline, items and payments (S9; extensions).

use super::folios::{book_of, folio_id};
use super::responses::{as_of, book_refusal, path_id, success, Outcome};

use crate::analytics::{payments_csv, FolioBook, ItemKey, ItemPayments, PlannedSide};
use crate::api::http::{Context, Request};
use crate::model::budgeting::{ExpensePayment, Indicators, Position, TimelineBucket};
use crate::model::Id;
use crate::schedule::Granularity;
use crate::state::State;
use crate::value::{Date, DateRange, Exact};

/// The indicators of `folio` at `as_of`, their planned side from `side`.
fn folio_report(
    state: &State,
    folio: u64,
    as_of: Date,
    side: PlannedSide,
) -> Result<Indicators, crate::api::http::Response> {
    book_of(state, folio)?
        .indicators(as_of, side)
        .map_err(book_refusal)
}

/// `GET /budgets/1/folio/{id}/indicators?asOf=&plan=`: the indicators (S9), their planned side
/// from `plan` as the timeline's (extension; by default what S8.5 says).
pub(super) fn folio_indicators(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let plan = plan_of(state, request, folio)?;
    Ok(success(folio_report(
        state,
        folio,
        as_of(request, context)?,
        plan,
    )?))
}

/// The `plan` parameter of a timeline or of indicators (extension): absent for
/// [`PlannedSide::Latest`], `draft`, or a live baseline id of the folio; anything else is a 400
/// naming `plan`.
fn plan_of(
    state: &State,
    request: &Request,
    folio: u64,
) -> Result<PlannedSide, crate::api::http::Response> {
    let Some(text) = request.param_value("plan") else {
        return Ok(PlannedSide::Latest);
    };
    if text == "draft" {
        return Ok(PlannedSide::Draft);
    }
    // A live baseline of the folio: a deleted one is listed nowhere, so it is no plan either.
    let id = path_id(text).filter(|id| {
        state
            .baselines
            .get(id)
            .is_some_and(|b| b.baseline.folio_id.get() == folio && b.baseline.deleted_on.is_none())
    });
    id.map(|id| PlannedSide::Baseline(Id::new(id)))
        .ok_or_else(|| {
            super::responses::parse_failure(format!(
                "plan: {} is neither draft nor a live baseline of this folio",
                crate::model::messages::excerpt(text)
            ))
        })
}

pub(super) fn folio_timeline(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let as_of = as_of(request, context)?;
    let plan = plan_of(state, request, folio)?;
    Ok(success(buckets(state, folio, as_of, plan, |period| {
        super::folios::granularity(request, period)
    })?))
}

/// The timeline of `folio` at `as_of` (S9.6), its planned side from `side`, by the granularity
/// `granularity` picks for the folio's period.
fn buckets(
    state: &State,
    folio: u64,
    as_of: Date,
    side: PlannedSide,
    granularity: impl FnOnce(DateRange) -> Result<Granularity, crate::api::http::Response>,
) -> Result<Vec<TimelineBucket>, crate::api::http::Response> {
    let mut book = book_of(state, folio)?;
    book.period().map_err(book_refusal)?;
    let granularity = granularity(book.terms().map_err(book_refusal)?.period)?;
    book.timeline(as_of, granularity, side)
        .map_err(book_refusal)
}

/// One live item of a folio with its money: the whole and the part to date in the folio's
/// currency (as the folio's indicators count it: positions by their atoms, expenses by their
/// converted payments), and its payment lines.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct FolioItem {
    id: Id,
    name: String,
    total: Exact,
    to_date: Exact,
    lines: Vec<ExpensePayment>,
}

/// A folio's payments: every live item's lines and the monthly timeline.
#[derive(serde::Serialize)]
struct FolioPayments {
    positions: Vec<FolioItem>,
    expenses: Vec<FolioItem>,
    timeline: Vec<TimelineBucket>,
}

/// A live position of a folio with its whole history and its money.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PositionItem {
    /// As `GET /position/{id}` shows it.
    position: Position,
    rates: Vec<crate::model::budgeting::Rate>,
    allocations: Vec<crate::model::budgeting::Allocation>,
    /// Worked hours of a team member, billable hours of a consulting revenue.
    hours: Vec<crate::model::budgeting::HoursPeriod>,
    total: Option<Exact>,
    to_date: Option<Exact>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    refusal: Option<String>,
}

/// A live expense of a folio (with its `convertedAmount`) and its money.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ExpenseItem {
    expense: crate::model::budgeting::Expense,
    total: Option<Exact>,
    to_date: Option<Exact>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    refusal: Option<String>,
}

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
fn is_missing_rate(error: &crate::analytics::BookError) -> bool {
    use crate::analytics::{AnalyticsError, BookError};
    use crate::schedule::ConversionError;
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

/// The money of each item of a folio's draft: read off the folio's book, or, once the folio
/// turns out uncomputable (S5.6), off its draft alone, without the expenses whose currency has no
/// rate into the folio's: those answer their own refusal (S5.3's message), and the others keep
/// their figures. One book either way: the work stays that of the folio's own items.
struct ItemMoneys<'s> {
    state: &'s State,
    folio: u64,
    as_of: Date,
    book: FolioBook<'s>,
    /// Set once the folio's book refused for a missing rate: the draft's book without the
    /// expenses that cannot be converted, and their refusals by id.
    fallback: Option<Fallback<'s>>,
}

/// A folio's draft book without its expenses that cannot be converted, and their refusals by id.
type Fallback<'s> = (FolioBook<'s>, Vec<(Id, String)>);

impl<'s> ItemMoneys<'s> {
    fn of(&mut self, key: ItemKey) -> Result<ItemMoney, crate::api::http::Response> {
        if self.fallback.is_none() {
            match self.book.item_money(key, self.as_of) {
                Ok((total, to_date)) => {
                    return Ok(ItemMoney::of((Exact::of(total), Exact::of(to_date))))
                }
                Err(error) if is_missing_rate(&error) => self.fallback = Some(self.draft()?),
                Err(error) => return Err(book_refusal(error)),
            }
        }
        let Some((book, refused)) = self.fallback.as_mut() else {
            return Err(super::responses::folio_not_viewable());
        };
        if let Some((_, refusal)) = refused.iter().find(|(id, _)| ItemKey::Expense(*id) == key) {
            return Ok(ItemMoney {
                total: None,
                to_date: None,
                refusal: Some(refusal.clone()),
            });
        }
        let (total, to_date) = book.item_money(key, self.as_of).map_err(book_refusal)?;
        Ok(ItemMoney::of((Exact::of(total), Exact::of(to_date))))
    }

    /// The folio's draft book without its expenses that cannot be converted, and their refusals.
    fn draft(&self) -> Result<Fallback<'s>, crate::api::http::Response> {
        let mut book = self
            .state
            .draft_book(self.folio)
            .ok_or_else(super::responses::folio_not_viewable)?;
        let to = book.folio().currency_code;
        let refused: Vec<(Id, String)> = book
            .draft()
            .expenses
            .iter()
            .filter(|e| !self.state.converts(e.currency_code, to))
            .filter_map(|e| {
                let refusal = crate::schedule::ConversionError::MissingRate {
                    from: e.currency_code,
                    to,
                };
                e.id.map(|id| (id, refusal.to_string()))
            })
            .collect();
        for (id, _) in &refused {
            book.apply(crate::analytics::Change::RemoveExpense(*id))
                .map_err(book_refusal)?;
        }
        Ok((book, refused))
    }
}

/// Every live item of a folio with its money.
#[derive(serde::Serialize)]
struct FolioItems {
    positions: Vec<PositionItem>,
    expenses: Vec<ExpenseItem>,
}

/// `(total, toDate)` of `key` in `book`'s draft at `as_of`, in the folio's currency (zero for an
/// item the draft does not hold).
fn item_money(
    book: &mut FolioBook<'_>,
    key: ItemKey,
    as_of: Date,
) -> Result<(Exact, Exact), crate::api::http::Response> {
    let (total, to_date) = book.item_money(key, as_of).map_err(book_refusal)?;
    Ok((Exact::of(total), Exact::of(to_date)))
}

/// `GET /budgets/1/folio/{id}/items?asOf=` (extension): every live position of the folio with its
/// rates, allocations and hours, and every live expense, each with its total and its money to
/// date at `asOf` in the folio's currency: what the planner's costs and revenues screen lists, in
/// one request. A deleted folio lists nothing (S5.1). A folio an older journal left uncomputable
/// (S5.6) still lists every item: those that cannot be costed with null figures and their
/// refusal.
pub(super) fn folio_items(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let as_of = as_of(request, context)?;
    let record = &state.folios[&folio].folio;
    let mut items = FolioItems {
        positions: Vec::new(),
        expenses: Vec::new(),
    };
    if record.deleted_on.is_some() {
        return Ok(success(items));
    }
    let mut money = ItemMoneys {
        state,
        folio,
        as_of,
        book: book_of(state, folio)?,
        fallback: None,
    };
    let live = |deleted: Option<Date>| deleted.is_none();
    for row in state
        .positions
        .values()
        .filter(|row| row.header.folio_id.get() == folio && live(row.record.deleted_on))
    {
        let item_money = money.of(ItemKey::Position(row.record.id))?;
        items.positions.push(PositionItem {
            position: crate::usecase::position_shown(row),
            rates: row
                .record
                .rates
                .iter()
                .filter(|r| live(r.deleted_on))
                .cloned()
                .collect(),
            allocations: row
                .record
                .allocations
                .iter()
                .filter(|a| live(a.deleted_on))
                .cloned()
                .collect(),
            hours: row
                .record
                .hours
                .iter()
                .filter(|h| live(h.deleted_on))
                .cloned()
                .collect(),
            total: item_money.total,
            to_date: item_money.to_date,
            refusal: item_money.refusal,
        });
    }
    for expense in state
        .expenses
        .values()
        .filter(|e| e.folio_id.get() == folio && live(e.deleted_on))
    {
        let item_money = money.of(ItemKey::Expense(expense.id()))?;
        items.expenses.push(ExpenseItem {
            expense: super::expenses::with_converted(state, expense)?,
            total: item_money.total,
            to_date: item_money.to_date,
            refusal: item_money.refusal,
        });
    }
    Ok(success(items))
}

/// `GET /budgets/1/folio/{id}/payments?asOf=&format=` (extension): every live position (its lines
/// by month, as `costfolio plan` computes them) and expense of the folio with its total and its
/// cost or revenue to date, and the folio's monthly timeline at `asOf`; with `format=csv`, the CSV
/// of `costfolio plan --csv`, as a file to save. A deleted folio pays nothing (S5.1). Its work is
/// bounded by the folio's limits on positions, expenses and payments.
pub(super) fn folio_payments(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let csv = match request.param_value("format") {
        None | Some("json") => false,
        Some("csv") => true,
        Some(other) => {
            return Err(super::responses::parse_failure(format!(
                "format: {} is not json or csv",
                crate::model::messages::excerpt(other)
            )))
        }
    };
    let as_of = as_of(request, context)?;
    let record = &state.folios[&folio].folio;
    super::folios::check_payment_lines(state, folio, record)?;
    let mut payments = FolioPayments {
        positions: Vec::new(),
        expenses: Vec::new(),
        timeline: Vec::new(),
    };
    if record.deleted_on.is_none() {
        // The book's draft holds every live item, costed by month, cut after asOf; each item's
        // money is asked before its lines, so a ledger's refusal comes first.
        let mut book = book_of(state, folio)?;
        let mut item =
            |key: ItemKey, name: &str| -> Result<FolioItem, crate::api::http::Response> {
                let (total, to_date) = item_money(&mut book, key, as_of)?;
                let lines = match key {
                    ItemKey::Position(id) => book.position_lines(id, Granularity::Month),
                    ItemKey::Expense(id) => book.expense_lines(id),
                }
                .map_err(book_refusal)?;
                Ok(FolioItem {
                    id: match key {
                        ItemKey::Position(id) | ItemKey::Expense(id) => id,
                    },
                    name: name.to_owned(),
                    total,
                    to_date,
                    lines,
                })
            };
        for row in state
            .positions
            .values()
            .filter(|row| row.header.folio_id.get() == folio && row.record.deleted_on.is_none())
        {
            payments
                .positions
                .push(item(ItemKey::Position(row.record.id), &row.header.name)?);
        }
        for expense in state
            .expenses
            .values()
            .filter(|e| e.folio_id.get() == folio && e.deleted_on.is_none())
        {
            payments
                .expenses
                .push(item(ItemKey::Expense(expense.id()), &expense.name)?);
        }
        payments.timeline = book
            .timeline(as_of, Granularity::Month, PlannedSide::Latest)
            .map_err(book_refusal)?;
    }
    if !csv {
        return Ok(success(payments));
    }
    let plain = |items: Vec<FolioItem>| -> Vec<ItemPayments> {
        items
            .into_iter()
            .map(|item| ItemPayments {
                id: item.id,
                name: item.name,
                lines: item.lines,
            })
            .collect()
    };
    let text = payments_csv(
        &plain(payments.positions),
        &plain(payments.expenses),
        &payments.timeline,
    );
    Ok(crate::api::http::Response {
        status: 200,
        headers: vec![
            ("Content-Type".into(), "text/csv; charset=utf-8".into()),
            (
                "Content-Disposition".into(),
                format!("attachment; filename=\"folio-{folio}-payments.csv\""),
            ),
        ],
        body: text.into_bytes(),
    })
}
