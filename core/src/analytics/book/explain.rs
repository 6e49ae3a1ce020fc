//! A folio's figures explained: for each indicator, the formula in words and symbols,
//! its inputs with their values (each an indicator explained in turn, or a number of the folio's
//! terms), and, for a sum, the items it adds up: the book's own account, read off the same
//! ledgers and the same functions that compute the figure, never a second computation.

use rust_decimal::Decimal;

use super::error::BookError;
use super::{FolioBook, PlannedSide};
use crate::analytics::figures::FIGURES;
use crate::analytics::indicators::progress;
use crate::analytics::ledger::{Flow, ItemKey};
use crate::json::Value;
use crate::model::budgeting::{EacMethod, IndexStatus, Indicators, PlannedValueMethod};
use crate::model::Id;
use crate::schedule::Granularity;
use crate::value::{Date, Exact};

/// One input of a figure: another figure (explained by its own explanation) or a term of the
/// folio (a percentage, a count of working days, a weight), with its value as emitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// Its name: an indicator's (`ac`), or a term's (`reservePercent`, `workingDays`).
    pub figure: &'static str,
    /// Its value, JSON null when it has none.
    pub value: Value,
    /// Whether it is an indicator, explained in turn.
    pub explained: bool,
}

/// One item a sum adds up: its key and its money in the figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ItemLine {
    /// The item.
    pub item: ItemKey,
    /// Its money in the figure (a sum of rounded atoms, S1.6).
    pub amount: Decimal,
}

/// Where a planned side came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// The draft.
    Draft,
    /// A baseline, by id.
    Baseline(Id),
}

/// A figure of a folio explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// The figure's name.
    pub figure: &'static str,
    /// Its value as the indicators emit it.
    pub value: Value,
    /// Its formula, in words and symbols.
    pub formula: String,
    /// The planned side it reads, for a figure that reads one.
    pub plan: Option<Plan>,
    /// Its inputs.
    pub inputs: Vec<Input>,
    /// For a sum, the items it adds, in a stable order (positions then expenses, by id); empty
    /// otherwise.
    pub lines: Vec<ItemLine>,
    /// Whether the figure is the sum of its lines.
    pub sum: bool,
}

impl Account {
    /// Its lines added up exactly (S1.6: a sum is the sum of its items' rounded atoms, so for a
    /// sum this is its value); `None` when that is beyond a decimal.
    pub fn lines_sum(&self) -> Option<Decimal> {
        self.lines
            .iter()
            .try_fold(Decimal::ZERO, |sum, line| sum.checked_add(line.amount))
    }
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// An indicator input.
fn figure<T: serde::Serialize>(name: &'static str, value: &T) -> Input {
    Input {
        figure: name,
        value: json(value),
        explained: true,
    }
}

/// A term of the folio.
fn term<T: serde::Serialize>(name: &'static str, value: &T) -> Input {
    Input {
        figure: name,
        value: json(value),
        explained: false,
    }
}

/// How a status is judged (S9.5), and which threshold the value crossed.
fn judged(status: IndexStatus, of: &str, threshold: &str) -> String {
    let why = match status {
        IndexStatus::Green => format!("{of} is at or above {threshold}"),
        IndexStatus::Amber => format!("{of} is below {threshold} but within the tolerance"),
        IndexStatus::Red => format!("{of} is below {threshold} by more than the tolerance"),
        IndexStatus::Grey => format!("{of} has no value"),
    };
    format!(
        "green when {of} >= {threshold}; amber down to {threshold} - tolerance %; red below; grey without {of}: {why}"
    )
}

impl FolioBook {
    /// Explains `name` (one of [`FIGURES`]) of the folio at `as_of`, its planned side from `side`
    /// (S8.5); `None` for a name that is no figure.
    pub fn explain(
        &mut self,
        name: &str,
        as_of: Date,
        side: PlannedSide,
    ) -> Result<Option<Account>, BookError> {
        let Some(name) = FIGURES.iter().copied().find(|figure| *figure == name) else {
            return Ok(None);
        };
        let shown = self.indicators(as_of, side)?;
        let (kept, sources) = self.cost(as_of, Granularity::Month, side)?;
        let plan_of = |source: Option<Id>| Some(source.map_or(Plan::Draft, Plan::Baseline));
        let [costs, revenues, actual] = self.ledgers(kept, sources)?;
        let terms = self.terms()?;
        let i = &shown;
        let lines = |ledger: &crate::analytics::ledger::Ledger, flow, to_date: bool| {
            ledger.items_of(flow).map(|items| {
                items
                    .into_iter()
                    .map(|(item, total, part)| ItemLine {
                        item,
                        amount: if to_date { part } else { total },
                    })
                    .collect::<Vec<_>>()
            })
        };
        let percent = |value: Decimal| Exact::of(value);
        let sum = matches!(name, "bac" | "plannedCostToDate" | "ac" | "eacKnown")
            || (name == "eac" && terms.eac_method == EacMethod::Scheduled)
            || (terms.with_revenue
                && matches!(
                    name,
                    "plannedRevenue" | "plannedRevenueToDate" | "actualRevenue"
                ));
        let (formula, plan, inputs, lines): (&str, _, Vec<Input>, Vec<ItemLine>) = match name {
            "bac" => (
                "BAC = the sum of the planned costs",
                plan_of(sources[0]),
                vec![],
                lines(costs, Flow::PlannedCost, false)?,
            ),
            "plannedCostToDate" => (
                "Planned cost to date = the sum of the planned costs dated on or before the as-of date",
                plan_of(sources[0]),
                vec![],
                lines(costs, Flow::PlannedCost, true)?,
            ),
            "ac" => (
                "AC = the sum of the actual costs dated on or before the as-of date",
                None,
                vec![],
                lines(actual, Flow::ActualCost, true)?,
            ),
            "eacKnown" => (
                "Known cost = the sum of every actual cost, planned ahead included",
                None,
                vec![],
                lines(actual, Flow::ActualCost, false)?,
            ),
            "plannedRevenue" | "plannedRevenueToDate" | "actualRevenue" if !terms.with_revenue => (
                "No revenue is shown: the folio does not track revenues",
                None,
                vec![],
                vec![],
            ),
            "plannedRevenue" => (
                "Planned revenue = the sum of the planned revenues",
                plan_of(sources[1]),
                vec![],
                lines(revenues, Flow::PlannedRevenue, false)?,
            ),
            "plannedRevenueToDate" => (
                "Planned revenue to date = the sum of the planned revenues dated on or before the as-of date",
                plan_of(sources[1]),
                vec![],
                lines(revenues, Flow::PlannedRevenue, true)?,
            ),
            "actualRevenue" => (
                "Actual revenue = the sum of the actual revenues dated on or before the as-of date",
                None,
                vec![],
                lines(actual, Flow::ActualRevenue, true)?,
            ),
            "pv" if terms.pv_method == PlannedValueMethod::Plan => (
                "PV (by the plan) = the planned cost to date: the plan's own phasing of its cost, up to the date",
                plan_of(sources[0]),
                vec![figure("plannedCostToDate", &i.planned_cost_to_date)],
                lines(costs, Flow::PlannedCost, true)?,
            ),
            "pv" => {
                let (elapsed, total) = terms.working_days(as_of);
                (
                    "PV (by working days) = BAC x working days elapsed / working days of the folio, rounded to the currency; none without working days",
                    plan_of(sources[0]),
                    vec![
                        figure("bac", &i.bac),
                        term("workingDaysElapsed", &elapsed),
                        term("workingDays", &total),
                    ],
                    vec![],
                )
            }
            "ev" => {
                // S9.10: the scope as measured on the latest day on or before the as-of date.
                let measured = self.setting.scope.at(as_of);
                let (earned, total) = progress(measured.map_or(&[][..], |v| &v.items))?;
                let formula = if !terms.with_earned {
                    "No earned value: the folio does not use earned value"
                } else if measured.is_none() {
                    "No earned value yet: no progress was recorded on or before the as-of date"
                } else {
                    "EV = BAC x earned weight / total weight of the scope as last measured on or before the as-of date, rounded to the currency; none without a weighted scope"
                };
                (
                    formula,
                    plan_of(sources[0]),
                    vec![
                        figure("bac", &i.bac),
                        term("progressMeasuredOn", &measured.map(|v| v.as_of)),
                        term("earnedWeight", &Exact::of(earned)),
                        term("totalWeight", &Exact::of(total)),
                    ],
                    vec![],
                )
            }
            "cv" => ("CV = EV - AC", None, vec![figure("ev", &i.ev), figure("ac", &i.ac)], vec![]),
            "sv" => ("SV = EV - PV", None, vec![figure("ev", &i.ev), figure("pv", &i.pv)], vec![]),
            "cpi" => (
                "CPI = EV / AC, 4 decimals; none while nothing is spent",
                None,
                vec![figure("ev", &i.ev), figure("ac", &i.ac)],
                vec![],
            ),
            "spi" => (
                "SPI = EV / PV, 4 decimals; none while nothing is planned to date",
                None,
                vec![figure("ev", &i.ev), figure("pv", &i.pv)],
                vec![],
            ),
            "cvPercent" => (
                "CV% = CV / EV x 100, 2 decimals",
                None,
                vec![figure("cv", &i.cv), figure("ev", &i.ev)],
                vec![],
            ),
            "svPercent" => (
                "SV% = SV / PV x 100, 2 decimals",
                None,
                vec![figure("sv", &i.sv), figure("pv", &i.pv)],
                vec![],
            ),
            "eac" => match terms.eac_method {
                EacMethod::Cpi => (
                    "EAC (by CPI) = BAC / CPI = BAC x AC / EV, rounded once to the currency; none while nothing is spent or earned",
                    None,
                    vec![figure("bac", &i.bac), figure("ac", &i.ac), figure("ev", &i.ev)],
                    vec![],
                ),
                EacMethod::CpiSpi => (
                    "EAC (by CPI and SPI) = AC + (BAC - EV) / (CPI x SPI), rounded once to the currency; none without CPI or SPI",
                    None,
                    vec![
                        figure("ac", &i.ac),
                        figure("bac", &i.bac),
                        figure("ev", &i.ev),
                        figure("pv", &i.pv),
                        figure("cpi", &i.cpi),
                        figure("spi", &i.spi),
                    ],
                    vec![],
                ),
                EacMethod::RemainingAsPlanned => (
                    "EAC (the rest as planned) = AC + BAC - EV: the work not yet earned costs what was planned; none without EV",
                    None,
                    vec![figure("ac", &i.ac), figure("bac", &i.bac), figure("ev", &i.ev)],
                    vec![],
                ),
                // S9.12: the sum of the cost lines' forecasts, a line each.
                EacMethod::Scheduled => (
                    "EAC (by what is scheduled) = the sum of each cost line's forecast: what is scheduled for the line (actual to date and after) and, while the line is open, the part of its plan not yet covered",
                    None,
                    vec![figure("eacKnown", &i.eac_known), figure("bac", &i.bac)],
                    crate::analytics::cost_lines::cost_lines(costs, actual)?
                        .into_iter()
                        .filter(|line| !line.forecast.is_zero())
                        .map(|line| ItemLine {
                            item: line.item,
                            amount: line.forecast,
                        })
                        .collect(),
                ),
            },
            "etc" => ("ETC = EAC - AC", None, vec![figure("eac", &i.eac), figure("ac", &i.ac)], vec![]),
            "vac" => ("VAC = BAC - EAC", None, vec![figure("bac", &i.bac), figure("eac", &i.eac)], vec![]),
            "tcpi" if terms.eac_method == EacMethod::Cpi => (
                "TCPI = (BAC - EV) / (BAC - AC), 4 decimals: the cost performance the rest must reach to finish on budget",
                None,
                vec![figure("bac", &i.bac), figure("ev", &i.ev), figure("ac", &i.ac)],
                vec![],
            ),
            "tcpi" => (
                "TCPI = (BAC - EV) / (EAC - AC), 4 decimals: the cost performance the rest must reach to finish at the forecast",
                None,
                vec![
                    figure("bac", &i.bac),
                    figure("ev", &i.ev),
                    figure("eac", &i.eac),
                    figure("ac", &i.ac),
                ],
                vec![],
            ),
            "reserve" => (
                "Reserve = reserve % x BAC / 100, rounded to the currency",
                None,
                vec![term("reservePercent", &percent(terms.reserve)), figure("bac", &i.bac)],
                vec![],
            ),
            "contingency" => (
                "Contingency = contingency % x BAC / 100, rounded to the currency",
                None,
                vec![term("contingencyPercent", &percent(terms.contingency)), figure("bac", &i.bac)],
                vec![],
            ),
            "contingencyToDate" => (
                "Contingency to date = contingency % x planned cost to date / 100, rounded to the currency",
                None,
                vec![
                    term("contingencyPercent", &percent(terms.contingency)),
                    figure("plannedCostToDate", &i.planned_cost_to_date),
                ],
                vec![],
            ),
            "profit" => (
                "Profit = actual revenue - AC",
                None,
                vec![figure("actualRevenue", &i.actual_revenue), figure("ac", &i.ac)],
                vec![],
            ),
            "margin" => (
                "Margin = profit / actual revenue x 100, 2 decimals",
                None,
                vec![figure("profit", &i.profit), figure("actualRevenue", &i.actual_revenue)],
                vec![],
            ),
            _ => return Ok(Some(self.status(name, i, terms.tolerance))),
        };
        Ok(Some(Account {
            figure: name,
            value: value_of(i, name),
            formula: formula.to_owned(),
            plan,
            inputs,
            lines,
            sum,
        }))
    }

    /// A status explained: its rule, and the threshold its index crossed.
    fn status(&self, name: &'static str, i: &Indicators, tolerance: Decimal) -> Account {
        let tolerance = term("tolerancePercent", &Exact::of(tolerance));
        let (formula, inputs) = match name {
            "cpiStatus" => (
                judged(i.cpi_status, "CPI", "1"),
                vec![figure("cpi", &i.cpi), tolerance],
            ),
            "spiStatus" => (
                judged(i.spi_status, "SPI", "1"),
                vec![figure("spi", &i.spi), tolerance],
            ),
            "revenueStatus" => (
                judged(
                    i.revenue_status,
                    "actual revenue / planned revenue to date",
                    "1",
                ),
                vec![
                    figure("actualRevenue", &i.actual_revenue),
                    figure("plannedRevenueToDate", &i.planned_revenue_to_date),
                    tolerance,
                ],
            ),
            _ => (
                judged(i.margin_status, "the margin", "0 %"),
                vec![figure("margin", &i.margin), tolerance],
            ),
        };
        Account {
            figure: name,
            value: value_of(i, name),
            formula,
            plan: None,
            inputs,
            lines: Vec::new(),
            sum: false,
        }
    }
}

/// The value of indicator `name` as `GET /folio/{id}/indicators` emits it.
fn value_of(indicators: &Indicators, name: &str) -> Value {
    match json(indicators) {
        Value::Object(mut fields) => fields.remove(name).unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

/// The figures of a timeline cell an explanation knows (S9.8).
pub const BUCKET_FIGURES: [&str; 8] = [
    "plannedCost",
    "actualCost",
    "plannedRevenue",
    "actualRevenue",
    "contingency",
    "pv",
    "ev",
    "ac",
];

impl FolioBook {
    /// Explains `name` (one of [`BUCKET_FIGURES`]) of the timeline's bucket that starts on
    /// `start` at `as_of` by `granularity`, its planned side from `side` (S9.8); `Ok(None)` for a
    /// name that is no cell's figure or a start that begins no bucket. A flow's cell lists the
    /// items with money in the bucket; AC, the items' money up to its last day.
    pub fn explain_bucket(
        &mut self,
        name: &str,
        as_of: Date,
        granularity: Granularity,
        side: PlannedSide,
        start: Date,
    ) -> Result<Option<Account>, BookError> {
        let Some(name) = BUCKET_FIGURES
            .iter()
            .copied()
            .find(|figure| *figure == name)
        else {
            return Ok(None);
        };
        let buckets = self.timeline(as_of, granularity, side)?;
        let (kept, sources) = self.cost(as_of, granularity, side)?;
        let [costs, revenues, actual] = self.ledgers(kept, sources)?;
        let periods = actual.periods().buckets();
        let found = buckets
            .iter()
            .zip(periods)
            .find(|(bucket, _)| bucket.start == start);
        let Some((bucket, (_, _, range))) = found else {
            return Ok(None);
        };
        let terms = self.terms()?;
        let plan_of = |source: Option<Id>| Some(source.map_or(Plan::Draft, Plan::Baseline));
        let cell = |ledger: &crate::analytics::ledger::Ledger, flow, range| {
            ledger.items_in(flow, range).map(|items| {
                items.map(|items| {
                    items
                        .into_iter()
                        .map(|(item, amount)| ItemLine { item, amount })
                        .collect::<Vec<_>>()
                })
            })
        };
        let many = || BookError::Analytics(crate::analytics::AnalyticsError::Overflow);
        let (formula, plan, inputs, lines, sum) = match name {
            "plannedCost" => (
                "the planned costs dated in the bucket",
                plan_of(sources[0]),
                vec![],
                cell(costs, Flow::PlannedCost, range.clone())?.ok_or_else(many)?,
                true,
            ),
            "actualCost" => (
                "the actual costs dated in the bucket",
                None,
                vec![],
                cell(actual, Flow::ActualCost, range.clone())?.ok_or_else(many)?,
                true,
            ),
            "plannedRevenue" | "actualRevenue" if !terms.with_revenue => (
                "No revenue is shown: the folio does not track revenues",
                None,
                vec![],
                vec![],
                false,
            ),
            "plannedRevenue" => (
                "the planned revenues dated in the bucket",
                plan_of(sources[1]),
                vec![],
                cell(revenues, Flow::PlannedRevenue, range.clone())?.ok_or_else(many)?,
                true,
            ),
            "actualRevenue" => (
                "the actual revenues dated in the bucket",
                None,
                vec![],
                cell(actual, Flow::ActualRevenue, range.clone())?.ok_or_else(many)?,
                true,
            ),
            "ac" => (
                "AC at the bucket's last day: the actual costs dated up to it",
                None,
                vec![],
                cell(actual, Flow::ActualCost, 0..range.end)?.ok_or_else(many)?,
                true,
            ),
            "pv" if terms.pv_method == PlannedValueMethod::Plan => (
                "PV (by the plan) at the bucket's last day: the planned costs dated up to it",
                plan_of(sources[0]),
                vec![],
                cell(costs, Flow::PlannedCost, 0..range.end)?.ok_or_else(many)?,
                true,
            ),
            "pv" => {
                let (elapsed, total) = terms.working_days(bucket.end);
                let bac = self.indicators(as_of, side)?.bac;
                (
                    "PV at the bucket's last day = BAC x working days elapsed by it / working days of the folio, rounded",
                    plan_of(sources[0]),
                    vec![
                        figure("bac", &bac),
                        term("workingDaysElapsed", &elapsed),
                        term("workingDays", &total),
                    ],
                    vec![],
                    false,
                )
            }
            "ev" => {
                let ev = self.indicators(as_of, side)?.ev;
                (
                    "EV is the folio's current earned value (the scope as it stands), shown for buckets that begin on or before the as-of date",
                    None,
                    vec![figure("ev", &ev)],
                    vec![],
                    false,
                )
            }
            _ => (
                "the growth of the rounded contingency of the cumulative planned cost over the bucket: contingency % x planned cost up to its last day / 100, rounded, less the same up to the bucket before",
                plan_of(sources[0]),
                vec![term("contingencyPercent", &Exact::of(terms.contingency))],
                vec![],
                false,
            ),
        };
        let value = match json(bucket) {
            Value::Object(mut fields) => fields.remove(name).unwrap_or(Value::Null),
            _ => Value::Null,
        };
        Ok(Some(Account {
            figure: name,
            value,
            formula: formula.to_owned(),
            plan,
            inputs,
            lines,
            sum,
        }))
    }
}
