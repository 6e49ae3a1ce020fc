//! Baselines (S8): immutable snapshots of a folio's planned (or actual) items, and the
//! expenditures read from the draft or a baseline.

use core::fmt;

use super::items::Flow;
pub use super::items::Items;
use crate::model::budgeting::{Baseline, ExpenditureType, Position};
use crate::model::Id;

/// An approved baseline with the items it froze.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BaselineSnapshot {
    /// The baseline's record.
    pub baseline: Baseline,
    /// What it froze.
    pub items: Items,
    /// The frozen positions' headers as they were approved (S8.6): name, title, member, category,
    /// description and custom fields. A baseline approved before headers were frozen has none, and
    /// shows its positions' current headers.
    #[serde(default)]
    pub headers: Vec<Position>,
    /// The folio's period, calendars and currency as they were at the approval (S8.7): what the
    /// baseline is costed in, whatever the folio has since. Absent from a baseline approved
    /// before they were kept: the state fills it in as it reads the baseline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<ApprovedFrame>,
}

/// What a baseline keeps of its folio at the approval (S8.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ApprovedFrame {
    /// The folio's first day.
    pub start_date: crate::value::Date,
    /// The folio's last day.
    pub end_date: crate::value::Date,
    /// The folio's currency.
    pub currency_code: crate::value::CurrencyCode,
    /// The folio's holiday scheme.
    pub holiday_scheme_id: Id,
    /// The folio's workload scheme.
    pub workload_scheme_id: Id,
}

impl ApprovedFrame {
    /// The frame `folio` has now.
    pub fn of(folio: &crate::model::budgeting::Folio) -> ApprovedFrame {
        ApprovedFrame {
            start_date: folio.start_date,
            end_date: folio.end_date,
            currency_code: folio.currency_code,
            holiday_scheme_id: folio.holiday_scheme_id,
            workload_scheme_id: folio.workload_scheme_id,
        }
    }
}

impl BaselineSnapshot {
    /// The header position `id` had when the baseline was approved, if it froze one (S8.6).
    pub fn header(&self, id: Id) -> Option<&Position> {
        self.headers.iter().find(|h| h.id == Some(id))
    }

    /// Whether the baseline froze its positions' headers (every baseline approved since S8.6).
    fn froze_headers(&self) -> bool {
        self.headers.len() == self.items.positions.len()
    }
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
/// baseline's id, with the headers of its positions among `headers` (S8.6). Refused when the
/// latest live baseline of the same type froze exactly the same items and headers.
pub fn approve<'a>(
    draft: &Items,
    headers: &[Position],
    previous: impl IntoIterator<Item = &'a BaselineSnapshot>,
    baseline: Baseline,
    frame: ApprovedFrame,
) -> Result<BaselineSnapshot, BaselineError> {
    let items = draft.of_flows(frozen_flows(baseline.expenditure_type));
    let frozen: Vec<Position> = items
        .positions
        .iter()
        .filter_map(|record| headers.iter().find(|h| h.id == Some(record.id)))
        .map(frozen_header)
        .collect();
    let latest = previous
        .into_iter()
        .filter(|b| {
            b.baseline.deleted_on.is_none()
                && b.baseline.expenditure_type == baseline.expenditure_type
        })
        .max_by_key(|b| (b.baseline.created, b.baseline.id));
    if let Some(latest) = latest {
        // A baseline approved before headers were frozen compares by its items alone.
        let same_headers = !latest.froze_headers()
            || latest
                .headers
                .iter()
                .map(header_terms)
                .eq(frozen.iter().map(header_terms));
        // S8.7: the same items in another period, calendar or currency are another budget.
        let same_frame = latest.frame.is_none_or(|held| held == frame);
        if latest.items.unmarked() == items.unmarked() && same_headers && same_frame {
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
    let headers = frozen
        .into_iter()
        .map(|mut header| {
            header.baseline_id = Some(baseline.id);
            header
        })
        .collect();
    Ok(BaselineSnapshot {
        baseline,
        items,
        headers,
        frame: Some(frame),
    })
}

/// A position's header as a baseline freezes it, unmarked.
fn frozen_header(header: &Position) -> Position {
    let mut header = header.clone();
    header.baseline_id = None;
    header
}

/// What of a frozen header counts as a change for S8.1 (S8.6): its id, name, title, member,
/// category, description, account, custom fields and own calendars (what it is costed in); not
/// the rate and allocation its body carried (the record holds those, frozen and compared with the
/// items).
#[derive(PartialEq)]
struct HeaderTerms<'h> {
    id: Option<Id>,
    name: &'h str,
    title: &'h str,
    description: &'h str,
    member: Option<&'h str>,
    category: Option<&'h str>,
    account: Option<&'h str>,
    custom_fields: Option<&'h crate::model::budgeting::CustomFields>,
    holiday_scheme: Option<Id>,
    workload_scheme: Option<Id>,
}

fn header_terms(header: &Position) -> HeaderTerms<'_> {
    HeaderTerms {
        id: header.id,
        name: &header.name,
        title: &header.title,
        description: &header.description,
        member: header.member.as_deref(),
        category: header.category.as_deref(),
        account: header.account_key.as_deref(),
        custom_fields: header.custom_fields.as_ref(),
        holiday_scheme: header.holiday_scheme_id,
        workload_scheme: header.workload_scheme_id,
    }
}

/// The live baselines listed for `costs` and `revenues` (S8.3): costs lists BUDGET, PLANNED and
/// ACTUAL, revenues BUDGET, REVENUE and ACTUAL; both false lists none. Oldest first.
pub fn list<'a>(
    baselines: impl IntoIterator<Item = &'a BaselineSnapshot>,
    costs: bool,
    revenues: bool,
) -> Vec<&'a Baseline> {
    let wanted = |kind: ExpenditureType| match kind {
        ExpenditureType::Budget | ExpenditureType::Actual => costs || revenues,
        ExpenditureType::Planned => costs,
        ExpenditureType::Revenue => revenues,
    };
    let mut listed: Vec<&Baseline> = baselines
        .into_iter()
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
    let named = source(baselines, baseline_id, actual, revenue)?;
    let source = named.map_or(draft, |b| &b.items);
    Ok(source.of_flows(&[flow]))
}

/// The baseline the expenditures of a side come from (S8.4): the one named, or for the planned
/// side the latest covering it; `None` for the draft (or the current actual items).
pub fn source<'a>(
    baselines: impl IntoIterator<Item = &'a BaselineSnapshot>,
    baseline_id: Option<Id>,
    actual: bool,
    revenue: bool,
) -> Result<Option<&'a BaselineSnapshot>, BaselineError> {
    let flow = match (actual, revenue) {
        (false, false) => Flow::PlannedCost,
        (false, true) => Flow::PlannedRevenue,
        (true, false) => Flow::ActualCost,
        (true, true) => Flow::ActualRevenue,
    };
    Ok(match baseline_id {
        Some(id) => Some(
            baselines
                .into_iter()
                .find(|b| b.baseline.id == id && b.baseline.deleted_on.is_none())
                .ok_or(BaselineError::NotFound { id })?,
        ),
        None if !actual => latest_covering(baselines, flow),
        None => None,
    })
}
