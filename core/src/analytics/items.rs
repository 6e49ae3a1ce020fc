//! A folio's items and the flows of money they feed: what baselines freeze and ledgers cost.

use crate::model::budgeting::{Expense, ExpenseKind, PositionKind};
use crate::model::Id;
use crate::schedule::position::PositionRecord;

/// The four flows of money of a folio.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Flow {
    /// Planned positions (not revenue) and planned expenses.
    PlannedCost,
    /// Planned positions marked revenue and planned revenues.
    PlannedRevenue,
    /// Team members and actual expenses.
    ActualCost,
    /// Consulting revenues and actual revenues.
    ActualRevenue,
}

impl Flow {
    /// The flow of a position (S6.1).
    pub fn of_position(kind: PositionKind, revenue: bool) -> Flow {
        match (kind, revenue) {
            (PositionKind::PlannedPositionByTimeFrame, false) => Flow::PlannedCost,
            (PositionKind::PlannedPositionByTimeFrame, true) => Flow::PlannedRevenue,
            (PositionKind::TeamMember, _) => Flow::ActualCost,
            (PositionKind::ConsultingRevenue, _) => Flow::ActualRevenue,
        }
    }

    /// The flow of an expense (S5.4).
    pub fn of_expense(kind: ExpenseKind) -> Flow {
        match kind {
            ExpenseKind::PlannedExpense => Flow::PlannedCost,
            ExpenseKind::PlannedRevenue => Flow::PlannedRevenue,
            ExpenseKind::ActualExpense => Flow::ActualCost,
            ExpenseKind::ActualRevenue => Flow::ActualRevenue,
        }
    }

    /// Whether the flow is planned (it then lives in the draft and baselines, S8.1).
    pub fn is_planned(self) -> bool {
        matches!(self, Flow::PlannedCost | Flow::PlannedRevenue)
    }

    /// Whether the flow is a cost.
    pub fn is_cost(self) -> bool {
        matches!(self, Flow::PlannedCost | Flow::ActualCost)
    }

    pub(super) fn index(self) -> usize {
        self as usize
    }
}

/// Identifies an item of a ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKey {
    /// A position, by id.
    Position(Id),
    /// An expense, by id.
    Expense(Id),
}

/// A folio's items: the working draft (planned items) with the actual items, or what a baseline
/// froze.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Items {
    /// Positions.
    pub positions: Vec<PositionRecord>,
    /// Expenses.
    pub expenses: Vec<Expense>,
}

impl Items {
    /// The live (not deleted) items feeding `flows`, copied.
    pub fn of_flows(&self, flows: &[Flow]) -> Items {
        Items {
            positions: self
                .positions
                .iter()
                .filter(|p| {
                    p.deleted_on.is_none() && flows.contains(&Flow::of_position(p.kind, p.revenue))
                })
                .cloned()
                .collect(),
            expenses: self
                .expenses
                .iter()
                .filter(|e| e.deleted_on.is_none() && flows.contains(&Flow::of_expense(e.kind)))
                .cloned()
                .collect(),
        }
    }

    /// The items with their baseline marks cleared, to compare contents.
    pub(super) fn unmarked(&self) -> Items {
        let mut copy = self.clone();
        copy.expenses.iter_mut().for_each(|e| e.baseline_id = None);
        copy
    }
}
