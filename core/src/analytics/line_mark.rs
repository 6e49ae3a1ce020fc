//! What a ledger's item says of cost lines (S9.12): the planned item an actual one realises, or
//! that a planned one's line is complete. Below the ledger, which keeps it with each item.

use super::items::ItemKey;
use crate::model::budgeting::{Expense, ExpenseKind, PositionKind};
use crate::schedule::position::PositionRecord;

/// What a ledger's item says of cost lines: the planned item an actual one realises, or that a
/// planned one's line is complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LineMark {
    /// Nothing: a planned item's open line, or an actual item realising nothing.
    #[default]
    None,
    /// An actual item realising this planned item.
    Realises(ItemKey),
    /// A planned item whose line is complete.
    Complete,
}

impl LineMark {
    /// The mark of an expense: an actual one's link, a planned one's completion.
    pub fn of_expense(expense: &Expense) -> LineMark {
        match (expense.kind, expense.realises) {
            (ExpenseKind::ActualExpense | ExpenseKind::ActualRevenue, Some(id)) => {
                LineMark::Realises(ItemKey::Expense(id))
            }
            (ExpenseKind::PlannedExpense | ExpenseKind::PlannedRevenue, _)
                if expense.complete == Some(true) =>
            {
                LineMark::Complete
            }
            _ => LineMark::None,
        }
    }

    /// The mark of a position: a team member's or consulting revenue's link, a planned one's
    /// completion.
    pub fn of_position(record: &PositionRecord) -> LineMark {
        match (record.kind, record.realises) {
            (PositionKind::TeamMember | PositionKind::ConsultingRevenue, Some(id)) => {
                LineMark::Realises(ItemKey::Position(id))
            }
            (PositionKind::PlannedPositionByTimeFrame, _) if record.complete => LineMark::Complete,
            _ => LineMark::None,
        }
    }
}
