//! Every figure explains itself (extensions.md): `GET /folio/{id}/explain` and
//! `GET /position|expense/{id}/explain`. The account is the folio book's own
//! ([`FolioBook::explain`]): the formula, its inputs (each a link to its own explanation) and, for a
//! sum, its lines in a stable order, paged; the lines of all pages add up to the figure exactly,
//! as emitted (S1.6).

use crate::analytics::{FolioBook, ItemKey, Plan, PlannedSide};
use crate::json::Value;
use crate::model::budgeting::ExpensePayment;
use crate::model::messages::excerpt;
use crate::model::Id;
use crate::schedule::position::{DayBasis, HoursSource};
use crate::schedule::Granularity;
use crate::value::{CurrencyCode, Date, Exact};

use super::{Error, Queries, Result};

/// The most lines a page holds.
pub const MAX_EXPLAIN_PAGE: usize = 1000;
/// The lines a page holds when the request does not say.
pub const DEFAULT_EXPLAIN_PAGE: usize = 100;

/// Which lines: at most `limit`, after the first `after`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinePage {
    /// How many lines at most (1 to [`MAX_EXPLAIN_PAGE`]).
    pub limit: usize,
    /// How many lines earlier pages held.
    pub after: usize,
}

/// An input of a figure.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ExplainedInput {
    /// Its name: an indicator's, or a term's of the folio (`reservePercent`, `workingDays`).
    pub figure: String,
    /// Its value as emitted (null when it has none).
    pub value: Value,
    /// The address of its own explanation, for an indicator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<String>,
}

/// One line a sum adds up: an item's money in the figure, or one of an item's payment lines.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ExplainedLine {
    /// The item.
    pub item_id: u64,
    /// Its name, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item_name: Option<String>,
    /// `position` or `expense`.
    pub kind: &'static str,
    /// The day (or payment date) of a payment line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
    /// Hours of the day, regular.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hours: Option<Exact>,
    /// Overtime hours of the day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overtime_hours: Option<Exact>,
    /// The hourly rate in force that day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate: Option<Exact>,
    /// That rate record's effective date (S6.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_from: Option<Date>,
    /// Where the day's hours come from: `allocation` (its percentage of the calendar's capacity),
    /// `entered` (worked or billable hours) or `synchronized` (S6.5).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hours_from: Option<&'static str>,
    /// The allocation's percentage that day, for hours from the allocation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allocation: Option<Exact>,
    /// The calendar's capacity that day in hours, for hours from the allocation (S3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capacity_hours: Option<Exact>,
    /// The overtime rule's coefficient (S6.6).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coefficient: Option<Exact>,
    /// The overtime part of the amount.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overtime_amount: Option<Exact>,
    /// An expense's payment in its own currency, before conversion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paid: Option<Exact>,
    /// That currency.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paid_currency: Option<CurrencyCode>,
    /// The exchange rate the payment was converted at (S5.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fx_rate: Option<Exact>,
    /// That rate record's effective date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fx_date: Option<Date>,
    /// Whether the rate is the opposite pair's, divided by rather than multiplied (S5.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fx_inverse: Option<bool>,
    /// The money the line adds, in the folio's currency.
    pub amount: Exact,
    /// The address of the item's own explanation (its payment lines), on a folio's sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<String>,
}

impl ExplainedLine {
    /// A line of `amount` for item `id` of `kind`, with nothing else said of it: the fields of a
    /// day, a payment or a link are set over it.
    pub(super) fn of(
        kind: &'static str,
        id: u64,
        item_name: Option<String>,
        amount: Exact,
    ) -> Self {
        ExplainedLine {
            item_id: id,
            item_name,
            kind,
            date: None,
            hours: None,
            overtime_hours: None,
            rate: None,
            rate_from: None,
            hours_from: None,
            allocation: None,
            capacity_hours: None,
            coefficient: None,
            overtime_amount: None,
            paid: None,
            paid_currency: None,
            fx_rate: None,
            fx_date: None,
            fx_inverse: None,
            amount,
            explain: None,
        }
    }
}

/// A figure explained.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Explanation {
    /// The figure's name.
    pub figure: String,
    /// Its value, as the interfaces answer it.
    pub value: Value,
    /// The currency of its money.
    pub currency_code: CurrencyCode,
    /// Its formula, in words and symbols.
    pub formula: String,
    /// The planned side it reads: `draft`, or `baseline {id}` (S8.5).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// The planned side in a controller's words: "the draft", or the baseline's number, name and
    /// the day it was approved ("Baseline 2 “Budget v1”, approved 2026-05-04").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan_name: Option<String>,
    /// Its inputs.
    pub inputs: Vec<ExplainedInput>,
    /// A page of the lines it adds up (none for a figure that is not a sum).
    pub lines: Vec<ExplainedLine>,
    /// The sum of the lines of every page: the figure, for a sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines_total: Option<Exact>,
    /// The `after` of the next page of lines; null on the last.
    pub next: Option<u64>,
}

/// A timeline cell: the bucket of `granularity` that starts on `start` (S9.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bucket {
    /// The timeline's granularity.
    pub granularity: Granularity,
    /// The bucket's first day.
    pub start: Date,
}

/// What an item's explanation explains: its whole, or its part to date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemFigure {
    /// `total`.
    Total,
    /// `toDate`.
    ToDate,
}

/// The page of `lines`, and the next page's `after`.
pub(super) fn page_of<T: Clone>(lines: &[T], page: LinePage) -> (Vec<T>, Option<u64>) {
    let start = page.after.min(lines.len());
    let end = start.saturating_add(page.limit).min(lines.len());
    let next = (end < lines.len()).then_some(end as u64);
    (lines[start..end].to_vec(), next)
}

/// A position's day line (S6): its hours and where they come from, its rate and the rate record's
/// date, the overtime coefficient, its money.
fn day_line(id: Id, name: &Option<String>, line: ExpensePayment, basis: DayBasis) -> ExplainedLine {
    let (hours_from, allocation, capacity_hours) = match basis.hours {
        HoursSource::Entered => ("entered", None, None),
        HoursSource::Synchronized => ("synchronized", None, None),
        HoursSource::Allocation {
            percentage,
            capacity_seconds,
        } => {
            let mut hours = (rust_decimal::Decimal::from(capacity_seconds)
                / rust_decimal::Decimal::from(3600))
            .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
            // Hours are written with two decimals, as a line's are (S1.5).
            hours.rescale(2);
            (
                "allocation",
                Some(Exact::of(percentage)),
                Some(Exact::of(hours)),
            )
        }
    };
    ExplainedLine {
        date: Some(line.date),
        hours: line.effort,
        overtime_hours: line.overtime_effort,
        rate: line.rate.map(|rate| Exact::of(rate.get())),
        rate_from: basis.rate_from,
        hours_from: Some(hours_from),
        allocation,
        capacity_hours,
        coefficient: basis.coefficient.map(Exact::of),
        overtime_amount: line.overtime_amount,
        ..ExplainedLine::of(
            "position",
            id.get(),
            name.clone(),
            line.total_amount.unwrap_or(line.amount),
        )
    }
}

/// The planned side as a query parameter.
fn plan_param(side: PlannedSide) -> String {
    match side {
        PlannedSide::Latest => String::new(),
        PlannedSide::Draft => "&plan=draft".to_owned(),
        PlannedSide::Baseline(id) => format!("&plan={id}"),
    }
}

/// A sum of lines beyond a decimal: a 400 naming the figure.
fn beyond() -> Error {
    Error::field("figure", "the lines' sum is beyond a decimal")
}

/// The sum of `amounts`, exactly; the overflow a 400 naming the figure.
fn total(amounts: impl Iterator<Item = rust_decimal::Decimal>) -> Result<Exact> {
    let mut sum = rust_decimal::Decimal::ZERO;
    for amount in amounts {
        sum = sum.checked_add(amount).ok_or_else(beyond)?;
    }
    Ok(Exact::of(sum))
}

impl Queries<'_> {
    /// Figure `figure` of folio `folio` at `as_of`, its planned side `side`, explained, with the
    /// page `page` of its lines; a name that is no figure is a 400 naming the field.
    pub fn explain_folio(
        &self,
        folio: u64,
        figure: &str,
        as_of: Date,
        side: PlannedSide,
        bucket: Option<Bucket>,
        page: LinePage,
    ) -> Result<Explanation> {
        let record = &self.readable_folio(folio)?.folio;
        // A day's cell is read off the items' series by day, which a book keeps for 400 days at
        // most: a longer folio's days are explained by week or month.
        let days = (record.end_date.naive() - record.start_date.naive()).num_days() + 1;
        if bucket.is_some_and(|b| b.granularity == Granularity::Day) && days > 400 {
            return Err(Error::field(
                "granularity",
                format!("a day of a folio of {days} days is not explained: ask by week or month (folios of at most 400 days are explained by day)"),
            ));
        }
        let account = self.with_book(folio, |book| {
            match bucket {
                None => book.explain(figure, as_of, side),
                Some(bucket) => {
                    book.explain_bucket(figure, as_of, bucket.granularity, side, bucket.start)
                }
            }
            .map_err(super::refusals::book)
        })?;
        let names = match bucket {
            None => crate::analytics::FIGURES.as_slice(),
            Some(_) => crate::analytics::BUCKET_FIGURES.as_slice(),
        };
        let account =
            match account {
                Some(account) => account,
                None if names.contains(&figure) => return Err(Error::field(
                    "start",
                    "start must be the first day of a bucket of the timeline by that granularity",
                )),
                None => {
                    return Err(Error::field(
                        "figure",
                        format!(
                            "figure must be one of {}, got {}",
                            names.join(", "),
                            excerpt(figure)
                        ),
                    ))
                }
            };
        let base = format!("/budgets/1/folio/{folio}/explain?asOf={as_of}");
        let plan = plan_param(side);
        let currency = self.readable_folio(folio)?.folio.currency_code;
        let lines_total = if account.sum {
            Some(Exact::of(account.lines_sum().ok_or_else(beyond)?))
        } else {
            None
        };
        let (lines, next) = page_of(&account.lines, page);
        let lines = lines
            .into_iter()
            .map(|line| {
                let (kind, id) = match line.item {
                    ItemKey::Position(id) => ("position", id),
                    ItemKey::Expense(id) => ("expense", id),
                };
                let figure = if account.figure.ends_with("ToDate")
                    || account.figure == "ac"
                    || account.figure == "actualRevenue"
                {
                    "toDate"
                } else {
                    "total"
                };
                // An item's own explanation is of the draft's item, whole or to date: a
                // baseline's line, or a timeline cell's, has none.
                let drafted = !matches!(account.plan, Some(Plan::Baseline(_))) && bucket.is_none();
                ExplainedLine {
                    explain: drafted.then(|| {
                        format!("/budgets/1/{kind}/{id}/explain?asOf={as_of}&figure={figure}")
                    }),
                    ..ExplainedLine::of(
                        kind,
                        id.get(),
                        self.item_name(kind, id),
                        Exact::of(line.amount),
                    )
                }
            })
            .collect();
        Ok(Explanation {
            figure: account.figure.to_owned(),
            value: account.value,
            currency_code: currency,
            formula: account.formula,
            plan: account.plan.map(|plan| match plan {
                Plan::Draft => "draft".to_owned(),
                Plan::Baseline(id) => format!("baseline {id}"),
            }),
            plan_name: account.plan.map(|plan| match plan {
                Plan::Draft => "the draft".to_owned(),
                Plan::Baseline(id) => match self.state.baselines.get(&id.get()) {
                    Some(b) => format!(
                        "Baseline {id} “{}”, approved {}",
                        b.baseline.name, b.baseline.created
                    ),
                    None => format!("Baseline {id}"),
                },
            }),
            inputs: account
                .inputs
                .into_iter()
                .map(|input| ExplainedInput {
                    figure: input.figure.to_owned(),
                    value: input.value,
                    explain: input
                        .explained
                        .then(|| format!("{base}&figure={}{plan}", input.figure)),
                })
                .collect(),
            lines,
            lines_total,
            next,
        })
    }

    /// An item's name as the state holds it now.
    fn item_name(&self, kind: &str, id: Id) -> Option<String> {
        match kind {
            "position" => self
                .state
                .positions
                .get(&id.get())
                .map(|row| row.header.name.clone()),
            _ => self
                .state
                .expenses
                .get(&id.get())
                .map(|expense| expense.name.clone()),
        }
    }

    /// A live position's or expense's money in its folio (`total` or `toDate`) explained: its
    /// payment lines (a position's by day, with hours and rate; an expense's payments,
    /// converted), paged; they add up to the item's money in `GET /folio/{id}/items`.
    pub fn explain_item(
        &self,
        key: ItemKey,
        figure: ItemFigure,
        as_of: Date,
        page: LinePage,
    ) -> Result<Explanation> {
        let (kind, id, folio) = match key {
            ItemKey::Position(id) => {
                let row = self.readable_position(id.get())?;
                ("position", id, row.header.folio_id.get())
            }
            ItemKey::Expense(id) => {
                let expense = super::expenses::readable(self, id.get())?;
                ("expense", id, expense.folio_id.get())
            }
        };
        let currency = self.readable_folio(folio)?.folio.currency_code;
        let item_name = self.item_name(kind, id);
        let (money, lines) = self.with_book(folio, |book: &mut FolioBook| {
            let money = book.item_money(key, as_of).map_err(super::refusals::book)?;
            let lines = match key {
                ItemKey::Position(id) => book
                    .position_days(id)
                    .map_err(super::refusals::book)?
                    .into_iter()
                    .map(|(line, basis)| day_line(id, &item_name, line, basis))
                    .collect(),
                ItemKey::Expense(id) => {
                    let paid_in = self
                        .state
                        .expenses
                        .get(&id.get())
                        .map(|expense| expense.currency_code);
                    book.expense_atoms(id)
                        .map_err(super::refusals::book)?
                        .into_iter()
                        .map(|(payment, used)| ExplainedLine {
                            date: Some(payment.date),
                            paid: Some(Exact::of(payment.amount)),
                            paid_currency: paid_in,
                            fx_rate: used.map(|(_, rate, _)| Exact::of(rate)),
                            fx_date: used.map(|(date, _, _)| date),
                            fx_inverse: used.map(|(_, _, inverse)| inverse),
                            ..ExplainedLine::of(
                                "expense",
                                id.get(),
                                item_name.clone(),
                                Exact::of(payment.converted),
                            )
                        })
                        .collect::<Vec<_>>()
                }
            };
            Ok((money, lines))
        })?;
        let (value, name) = match figure {
            ItemFigure::Total => (money.0, "total"),
            ItemFigure::ToDate => (money.1, "toDate"),
        };
        let lines: Vec<ExplainedLine> = lines
            .into_iter()
            .filter(|line| figure == ItemFigure::Total || line.date.is_some_and(|d| d <= as_of))
            .collect();
        let lines_total = total(lines.iter().map(|line| line.amount.get()))?;
        let (lines, next) = page_of(&lines, page);
        Ok(Explanation {
            figure: name.to_owned(),
            value: serde_json::to_value(Exact::of(value)).unwrap_or(Value::Null),
            currency_code: currency,
            formula: match (kind, figure) {
                ("position", ItemFigure::Total) => "the sum of its days: hours x the rate in force that day, each day rounded to the currency, overtime hours x rate x coefficient likewise",
                ("position", _) => "the sum of its days dated on or before the as-of date: hours x the rate in force that day, each day rounded to the currency",
                (_, ItemFigure::Total) => "the sum of its payments, each converted into the folio's currency at the rate in force on its date and rounded",
                _ => "the sum of its payments dated on or before the as-of date, each converted and rounded",
            }
            .to_owned(),
            plan: None,
            plan_name: None,
            inputs: Vec::new(),
            lines,
            lines_total: Some(lines_total),
            next,
        })
    }
}
