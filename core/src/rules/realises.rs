//! What an actual item realises (S9.12): an actual expense or revenue names a planned expense or
//! revenue of its folio, a team member or consulting revenue a planned position of it; the link
//! makes the actual item's money part of that planned item's cost line.
//!
//! As with references (S6.10), a link the record already holds is accepted as it is: an update
//! sends back what it did not change, and a planned item deleted since must not make the actual
//! one uneditable (its line then keeps the deleted item's name and budget, S9.12).

use core::fmt;

use crate::model::budgeting::{Expense, ExpenseKind, Position, PositionKind};
use crate::model::Id;
use crate::state::State;

/// The planned item an actual one may realise: what it is called in a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Realisable {
    /// A planned expense (of an actual expense).
    PlannedExpense,
    /// A planned revenue (of an actual revenue).
    PlannedRevenue,
    /// A planned position that is a cost (of a team member).
    PlannedPosition,
    /// A planned position that is a revenue (of a consulting revenue).
    PlannedRevenuePosition,
}

impl Realisable {
    fn noun(self) -> &'static str {
        match self {
            Realisable::PlannedExpense => "planned expense",
            Realisable::PlannedRevenue => "planned revenue",
            Realisable::PlannedPosition => "planned position",
            Realisable::PlannedRevenuePosition => "planned revenue position",
        }
    }
}

/// Why a `realises`, `complete` or `estimate` was refused (S9.12, S14.1); every case names the
/// field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RealisesError {
    /// A planned item names something it realises: only actual items realise.
    Planned {
        /// What the item is (`planned expense`).
        item: &'static str,
    },
    /// No item of that id among the folio's items of the kind it must be (or one of another
    /// folio, which is told as none, S11.4).
    Missing {
        /// The id given.
        id: Id,
        /// What it should have named.
        wanted: Realisable,
    },
    /// The item named is of another kind (an actual expense, a revenue).
    OtherKind {
        /// The id given.
        id: Id,
        /// What it is.
        is: &'static str,
        /// What it should have been.
        wanted: Realisable,
    },
    /// The planned item named was deleted.
    Deleted {
        /// The id given.
        id: Id,
        /// What it is.
        wanted: Realisable,
    },
    /// `complete` on an actual item: only a planned item's line is completed.
    CompleteActual {
        /// What the item is (`team member`).
        item: &'static str,
    },
    /// An `estimate` on an item that is not a planned cost: only the remaining cost of a planned
    /// cost is forecast (S14.1).
    EstimateUnplanned {
        /// What the item is (`team member`).
        item: &'static str,
    },
}

impl RealisesError {
    /// The body's field the refusal is about.
    pub fn field(&self) -> &'static str {
        match self {
            RealisesError::CompleteActual { .. } => "complete",
            RealisesError::EstimateUnplanned { .. } => "estimate",
            _ => "realises",
        }
    }
}

impl fmt::Display for RealisesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RealisesError::Planned { item } => write!(
                f,
                "{} {item} realises nothing: an actual item names the planned item it realises",
                capital(article(item))
            ),
            RealisesError::Missing { id, wanted } => {
                write!(f, "there is no {} {id} in this folio", wanted.noun())
            }
            RealisesError::OtherKind { id, is, wanted } => write!(
                f,
                "{id} is {} {is}: this item can realise only a {}",
                article(is),
                wanted.noun()
            ),
            RealisesError::Deleted { id, wanted } => {
                write!(f, "{} {id} was deleted", wanted.noun())
            }
            RealisesError::EstimateUnplanned { item } => write!(
                f,
                "{} {item} has no remaining cost to estimate: an estimate belongs to a planned cost",
                capital(article(item))
            ),
            RealisesError::CompleteActual { item } => write!(
                f,
                "{} {item} has no cost line of its own to complete: complete the planned item it realises",
                capital(article(item))
            ),
        }
    }
}

impl std::error::Error for RealisesError {}

fn article(noun: &str) -> &'static str {
    if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// `word` with its first letter in capitals.
fn capital(word: &str) -> String {
    let mut letters = word.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// What an expense of `kind` is called.
fn expense_noun(kind: ExpenseKind) -> &'static str {
    match kind {
        ExpenseKind::ActualExpense => "actual expense",
        ExpenseKind::ActualRevenue => "actual revenue",
        ExpenseKind::PlannedExpense => "planned expense",
        ExpenseKind::PlannedRevenue => "planned revenue",
    }
}

/// What a position of `kind` (a revenue or not) is called.
fn position_noun(kind: PositionKind, revenue: bool) -> &'static str {
    match (kind, revenue) {
        (PositionKind::TeamMember, _) => "team member",
        (PositionKind::ConsultingRevenue, _) => "consulting revenue",
        (PositionKind::PlannedPositionByTimeFrame, false) => "planned position",
        (PositionKind::PlannedPositionByTimeFrame, true) => "planned revenue position",
    }
}

impl State {
    /// Checks what `expense` realises and whether it is complete (S9.12), written over `before`
    /// (its stored version, for an update). Answers the `complete` to store: `None` on an actual
    /// expense (`false` there says nothing), and on a planned one unless it is `true`.
    pub fn check_expense_realises(
        &self,
        expense: &Expense,
        before: Option<&Expense>,
    ) -> Result<Option<bool>, RealisesError> {
        let item = expense_noun(expense.kind);
        if expense.estimate.is_some() && expense.kind != ExpenseKind::PlannedExpense {
            return Err(RealisesError::EstimateUnplanned { item });
        }
        let complete = if expense.kind.is_planned() {
            expense.complete.filter(|c| *c)
        } else if expense.complete == Some(true) {
            return Err(RealisesError::CompleteActual { item });
        } else {
            None
        };
        let Some(id) = expense.realises else {
            return Ok(complete);
        };
        let wanted = match expense.kind {
            ExpenseKind::ActualExpense => Realisable::PlannedExpense,
            ExpenseKind::ActualRevenue => Realisable::PlannedRevenue,
            ExpenseKind::PlannedExpense | ExpenseKind::PlannedRevenue => {
                return Err(RealisesError::Planned { item })
            }
        };
        if before.is_some_and(|b| b.realises == Some(id) && b.kind == expense.kind) {
            return Ok(complete);
        }
        let named = self
            .expenses
            .get(&id.get())
            .filter(|e| e.folio_id == expense.folio_id)
            .ok_or(RealisesError::Missing { id, wanted })?;
        let planned = match expense.kind {
            ExpenseKind::ActualRevenue => ExpenseKind::PlannedRevenue,
            _ => ExpenseKind::PlannedExpense,
        };
        if named.kind != planned {
            return Err(RealisesError::OtherKind {
                id,
                is: expense_noun(named.kind),
                wanted,
            });
        }
        if named.deleted_on.is_some() {
            return Err(RealisesError::Deleted { id, wanted });
        }
        Ok(complete)
    }

    /// Checks what `position` (of `kind`, a revenue or not) realises and whether it is complete
    /// (S9.12), written over `before` (its stored header, for an update). Answers the `complete`
    /// to store, as [`State::check_expense_realises`] does.
    pub fn check_position_realises(
        &self,
        position: &Position,
        kind: PositionKind,
        revenue: bool,
        before: Option<&Position>,
    ) -> Result<Option<bool>, RealisesError> {
        let item = position_noun(kind, revenue);
        let planned = kind == PositionKind::PlannedPositionByTimeFrame;
        if position.estimate.is_some() && (!planned || revenue) {
            return Err(RealisesError::EstimateUnplanned { item });
        }
        let complete = if planned {
            position.complete.filter(|c| *c)
        } else if position.complete == Some(true) {
            return Err(RealisesError::CompleteActual { item });
        } else {
            None
        };
        let Some(id) = position.realises else {
            return Ok(complete);
        };
        let wanted = match kind {
            PositionKind::TeamMember => Realisable::PlannedPosition,
            PositionKind::ConsultingRevenue => Realisable::PlannedRevenuePosition,
            PositionKind::PlannedPositionByTimeFrame => {
                return Err(RealisesError::Planned { item })
            }
        };
        if before.is_some_and(|b| b.realises == Some(id)) {
            return Ok(complete);
        }
        let row = self
            .positions
            .get(&id.get())
            .filter(|row| row.header.folio_id == position.folio_id)
            .ok_or(RealisesError::Missing { id, wanted })?;
        let wants_revenue = kind == PositionKind::ConsultingRevenue;
        if row.record.kind != PositionKind::PlannedPositionByTimeFrame
            || row.record.revenue != wants_revenue
        {
            return Err(RealisesError::OtherKind {
                id,
                is: position_noun(row.record.kind, row.record.revenue),
                wanted,
            });
        }
        if row.record.deleted_on.is_some() {
            return Err(RealisesError::Deleted { id, wanted });
        }
        Ok(complete)
    }
}
