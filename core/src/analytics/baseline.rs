//! Baselines (S8): immutable snapshots of a folio's planned (or actual) items, and the
//! expenditures read from the draft or a baseline.

use core::fmt;

use super::items::Flow;
pub use super::items::Items;
use crate::model::budgeting::{Baseline, ExpenditureType};
use crate::model::Id;

/// An approved baseline with the items it froze.
#[derive(Debug, Clone, PartialEq, Eq, crate::json::write::Write, crate::json::read::Read)]
pub struct BaselineSnapshot {
    /// The baseline's record.
    pub baseline: Baseline,
    /// What it froze.
    pub items: Items,
}

/// Why a baseline operation was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BaselineError {
    /// Nothing changed since the latest baseline of the same type (S8.1).
    NothingChanged {
        /// That baseline's id.
        id: Id,
        /// Its name.
        name: String,
    },
    /// No (live) baseline with this id in the folio.
    NotFound {
        /// The id asked for.
        id: Id,
    },
}

impl fmt::Display for BaselineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BaselineError::NothingChanged { id, name } => write!(
                f,
                "Nothing changed since baseline {name:?} ({id}): there is nothing new to approve"
            ),
            BaselineError::NotFound { id } => write!(f, "Baseline {id} does not exist"),
        }
    }
}

impl std::error::Error for BaselineError {}

/// The flows a baseline of `kind` freezes (S8.2).
pub fn frozen_flows(kind: ExpenditureType) -> &'static [Flow] {
    match kind {
        ExpenditureType::Budget => &[Flow::PlannedCost, Flow::PlannedRevenue],
        ExpenditureType::Planned => &[Flow::PlannedCost],
        ExpenditureType::Revenue => &[Flow::PlannedRevenue],
        ExpenditureType::Actual => &[Flow::ActualCost, Flow::ActualRevenue],
    }
}

/// Approves a baseline (S8.1): freezes a copy of the draft's items of its type, marked with the
/// baseline's id. Refused when the latest live baseline of the same type froze exactly the same.
pub fn approve<'a>(
    draft: &Items,
    previous: impl IntoIterator<Item = &'a BaselineSnapshot>,
    baseline: Baseline,
) -> Result<BaselineSnapshot, BaselineError> {
    let items = draft.of_flows(frozen_flows(baseline.expenditure_type));
    let latest = previous
        .into_iter()
        .filter(|b| {
            b.baseline.deleted_on.is_none()
                && b.baseline.expenditure_type == baseline.expenditure_type
        })
        .max_by_key(|b| (b.baseline.created, b.baseline.id));
    if let Some(latest) = latest {
        if latest.items.unmarked() == items.unmarked() {
            return Err(BaselineError::NothingChanged {
                id: latest.baseline.id,
                name: latest.baseline.name.clone(),
            });
        }
    }
    let mut items = items;
    for expense in &mut items.expenses {
        expense.baseline_id = Some(baseline.id);
    }
    Ok(BaselineSnapshot { baseline, items })
}

/// The live baselines listed for `costs` and `revenues` (S8.3): costs lists BUDGET, PLANNED and
/// ACTUAL, revenues BUDGET, REVENUE and ACTUAL; both false lists none. Oldest first.
pub fn list(baselines: &[BaselineSnapshot], costs: bool, revenues: bool) -> Vec<&Baseline> {
    let wanted = |kind: ExpenditureType| match kind {
        ExpenditureType::Budget | ExpenditureType::Actual => costs || revenues,
        ExpenditureType::Planned => costs,
        ExpenditureType::Revenue => revenues,
    };
    let mut listed: Vec<&Baseline> = baselines
        .iter()
        .map(|b| &b.baseline)
        .filter(|b| b.deleted_on.is_none() && wanted(b.expenditure_type))
        .collect();
    crate::order::sort_by_key(&mut listed, |b| (b.created, b.id));
    listed
}

/// The latest live baseline whose planned items cover `flow` (BUDGET or PLANNED for planned
/// costs, BUDGET or REVENUE for planned revenues): the source of BAC (S8.5) and of planned
/// expenditures without a baseline id (S8.4).
pub fn latest_covering<'a>(
    baselines: impl IntoIterator<Item = &'a BaselineSnapshot>,
    flow: Flow,
) -> Option<&'a BaselineSnapshot> {
    baselines
        .into_iter()
        .filter(|b| {
            b.baseline.deleted_on.is_none()
                && b.baseline.expenditure_type != ExpenditureType::Actual
                && frozen_flows(b.baseline.expenditure_type).contains(&flow)
        })
        .max_by_key(|b| (b.baseline.created, b.baseline.id))
}

/// The expenditures of a folio (S8.4), deleted records excluded. Planned (`actual` false): the
/// items of that side in baseline `baseline_id`, or without one in the latest baseline covering
/// the side, or without any in the draft. Actual: the current actual items, or the copy an ACTUAL
/// baseline holds when one is named.
pub fn expenditures<'a>(
    draft: &'a Items,
    baselines: impl IntoIterator<Item = &'a BaselineSnapshot> + Clone,
    baseline_id: Option<Id>,
    actual: bool,
    revenue: bool,
) -> Result<Items, BaselineError> {
    let flow = match (actual, revenue) {
        (false, false) => Flow::PlannedCost,
        (false, true) => Flow::PlannedRevenue,
        (true, false) => Flow::ActualCost,
        (true, true) => Flow::ActualRevenue,
    };
    let named = match baseline_id {
        Some(id) => Some(
            baselines
                .into_iter()
                .find(|b| b.baseline.id == id && b.baseline.deleted_on.is_none())
                .ok_or(BaselineError::NotFound { id })?,
        ),
        None if !actual => latest_covering(baselines, flow),
        None => None,
    };
    let source = named.map_or(draft, |b| &b.items);
    Ok(source.of_flows(&[flow]))
}
