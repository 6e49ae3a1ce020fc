//! Cost lines (S9.12): each planned cost item with the actual items that realise it, and the
//! actual items that realise nothing ("unplanned"), each line with its budget, plan, actual to
//! date, scheduled after the as-of date and forecast at completion. The lines add up, to the
//! cent, to the folio's BAC, AC and known cost (S9.6), and their forecasts to the EAC by what is
//! scheduled (S9.10), which is read off them.

use std::collections::BTreeMap;

use rust_decimal::{Decimal, RoundingStrategy};

use super::indicators::index_status;
use super::ledger::{add, sub, AnalyticsError, Flow, ItemKey, Ledger};
pub use super::line_mark::LineMark;
use crate::model::budgeting::{IndexStatus, LineFigures};
use crate::value::{CurrencyCode, Exact};

/// One cost line: a planned cost item (live in the draft, frozen in the budget's baseline, or
/// named by what realises it) with the actual items realising it, or one actual item that
/// realises nothing. Every figure is in the folio's currency, a sum of rounded atoms (S1.6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostLine {
    /// The planned item; for an unplanned line, the actual item.
    pub item: ItemKey,
    /// Whether the line is a planned item's (else an unplanned actual item's).
    pub planned: bool,
    /// The actual items realising it, in key order (an unplanned line: none).
    pub realised_by: Vec<ItemKey>,
    /// Whether the planned item's line is marked complete.
    pub complete: bool,
    /// Its budget: the item's cost in the planned side that defines BAC (S8.5).
    pub budget: Decimal,
    /// Its plan: the item's cost in the draft.
    pub plan: Decimal,
    /// What realises it, dated on or before the as-of date.
    pub actual: Decimal,
    /// What realises it, dated after the as-of date.
    pub scheduled: Decimal,
    /// Its forecast at completion: actual + scheduled, and while the line is open the part of
    /// its plan they do not cover yet.
    pub forecast: Decimal,
}

impl CostLine {
    fn planned(item: ItemKey) -> CostLine {
        CostLine {
            item,
            planned: true,
            realised_by: Vec::new(),
            complete: false,
            budget: Decimal::ZERO,
            plan: Decimal::ZERO,
            actual: Decimal::ZERO,
            scheduled: Decimal::ZERO,
            forecast: Decimal::ZERO,
        }
    }
}

/// The cost lines of a folio (S9.12): `budget` is the ledger of the planned side that defines
/// BAC, `draft` the draft's (its planned and actual items), both over the same periods. Planned
/// lines first, then unplanned ones, each in key order (positions, then expenses, by id).
pub fn cost_lines(budget: &Ledger, draft: &Ledger) -> Result<Vec<CostLine>, AnalyticsError> {
    let mut planned: BTreeMap<ItemKey, CostLine> = BTreeMap::new();
    for (key, total, _) in budget.items_of(Flow::PlannedCost)? {
        planned
            .entry(key)
            .or_insert_with(|| CostLine::planned(key))
            .budget = total;
    }
    for (key, total, _) in draft.items_of(Flow::PlannedCost)? {
        let line = planned.entry(key).or_insert_with(|| CostLine::planned(key));
        line.plan = total;
        line.complete = draft.mark(key) == LineMark::Complete;
    }
    let mut unplanned = Vec::new();
    for (key, total, to_date) in draft.items_of(Flow::ActualCost)? {
        let after = sub(total, to_date)?;
        match draft.mark(key) {
            // A planned item the draft no longer holds keeps its line (S9.12): its plan is 0.
            LineMark::Realises(target) => {
                let line = planned
                    .entry(target)
                    .or_insert_with(|| CostLine::planned(target));
                line.realised_by.push(key);
                line.actual = add(line.actual, to_date)?;
                line.scheduled = add(line.scheduled, after)?;
            }
            _ => unplanned.push(CostLine {
                item: key,
                planned: false,
                actual: to_date,
                scheduled: after,
                ..CostLine::planned(key)
            }),
        }
    }
    let mut lines: Vec<CostLine> = planned.into_values().collect();
    lines.extend(unplanned);
    for line in &mut lines {
        let known = add(line.actual, line.scheduled)?;
        line.forecast = if line.planned && !line.complete {
            known.max(line.plan)
        } else {
            known
        };
    }
    Ok(lines)
}

/// The money of a line, or of lines added up: what [`LineFigures`] are derived from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineMoney {
    /// Budget (the planned side that defines BAC).
    pub budget: Decimal,
    /// Plan (the draft).
    pub plan: Decimal,
    /// Actual to date.
    pub actual: Decimal,
    /// Scheduled after the as-of date.
    pub scheduled: Decimal,
    /// Forecast at completion.
    pub forecast: Decimal,
}

impl LineMoney {
    /// A line's money.
    pub fn of(line: &CostLine) -> LineMoney {
        LineMoney {
            budget: line.budget,
            plan: line.plan,
            actual: line.actual,
            scheduled: line.scheduled,
            forecast: line.forecast,
        }
    }

    /// This and `other` added up, or the overflow error.
    pub fn plus(self, other: LineMoney) -> Result<LineMoney, AnalyticsError> {
        Ok(LineMoney {
            budget: add(self.budget, other.budget)?,
            plan: add(self.plan, other.plan)?,
            actual: add(self.actual, other.actual)?,
            scheduled: add(self.scheduled, other.scheduled)?,
            forecast: add(self.forecast, other.forecast)?,
        })
    }

    /// Each figure through `convert` (into another currency, S9.9: each on its own).
    pub fn map<E>(
        self,
        mut convert: impl FnMut(Decimal) -> Result<Decimal, E>,
    ) -> Result<LineMoney, E> {
        Ok(LineMoney {
            budget: convert(self.budget)?,
            plan: convert(self.plan)?,
            actual: convert(self.actual)?,
            scheduled: convert(self.scheduled)?,
            forecast: convert(self.forecast)?,
        })
    }

    /// The figures shown (S9.12): each in `currency`'s minor units, the variances and their
    /// percentages (2 decimals, from the exact quotient, S1.7), the light by `tolerance`.
    pub fn shown(
        self,
        currency: CurrencyCode,
        tolerance: Decimal,
    ) -> Result<LineFigures, AnalyticsError> {
        let money = |value: Decimal| Exact::of(currency.round(value));
        let vac = sub(self.budget, self.forecast)?;
        let plan_variance = sub(self.plan, self.actual)?;
        let percent = |part: Decimal, whole: Decimal| {
            part.checked_mul(Decimal::ONE_HUNDRED)
                .and_then(|hundredfold| hundredfold.checked_div(whole))
                .map(|share| {
                    let mut rounded =
                        share.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
                    rounded.rescale(2);
                    Exact::of(rounded)
                })
        };
        // The budget against the forecast, as an index (S9.5): at 1 or above within budget.
        let status = if self.forecast.is_zero() {
            if self.budget.is_zero() {
                IndexStatus::Grey
            } else {
                IndexStatus::Green
            }
        } else {
            index_status(self.budget.checked_div(self.forecast), tolerance)
        };
        Ok(LineFigures {
            budget: money(self.budget),
            plan: money(self.plan),
            actual: money(self.actual),
            scheduled: money(self.scheduled),
            forecast: money(self.forecast),
            vac: money(vac),
            vac_percent: percent(vac, self.budget),
            plan_variance: money(plan_variance),
            plan_variance_percent: percent(plan_variance, self.plan),
            status,
        })
    }
}
