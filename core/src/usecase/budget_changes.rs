//! Budget changes (S15.7): every change of a folio's approved budget, with who, when, why, BAC
//! and the reserve before and after; listed by folio and by portfolio.

use super::error::{Error, Result};
use super::{Commands, Queries};
use crate::analytics::PlannedSide;
use crate::model::budgeting::{
    BudgetChange, BudgetChangeKind, ExpenditureType, FolioBudgetChanges, PortfolioBudgetChange,
    PortfolioBudgetChanges,
};
use crate::model::Id;
use crate::state::{Command, IdKind, State};
use crate::value::{Date, Decimal, Exact, UtcTimestamp};

/// What a budget change compares: BAC and the management reserve at a day (S9.1, S9.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Budget {
    bac: Decimal,
    reserve: Decimal,
}

/// Folio `folio`'s approved budget at `day` (S15.7): BAC and the reserve as its indicators read
/// them off the latest live baseline of costs; none (zero) while it has no such baseline.
pub(super) fn budget_of(state: &State, folio: u64, day: Date) -> Result<Budget> {
    if !has_approved_budget(state, folio) {
        return Ok(Budget {
            bac: Decimal::ZERO,
            reserve: Decimal::ZERO,
        });
    }
    let indicators = state
        .with_folio_book(folio, |book| book.indicators(day, PlannedSide::Latest))
        .ok_or_else(Error::folio_not_viewable)?
        .map_err(super::refusals::book)?;
    Ok(Budget {
        bac: indicators.bac.get(),
        reserve: indicators.reserve.get(),
    })
}

/// Whether a baseline of `kind` makes the budget of costs (S15.7: BAC reads it).
pub(super) fn covers_costs(kind: ExpenditureType) -> bool {
    matches!(kind, ExpenditureType::Budget | ExpenditureType::Planned)
}

/// Whether folio `folio` has a live baseline of costs: an approved budget.
pub(super) fn has_approved_budget(state: &State, folio: u64) -> bool {
    state.baselines.values().any(|b| {
        b.baseline.folio_id.get() == folio
            && b.baseline.deleted_on.is_none()
            && covers_costs(b.baseline.expenditure_type)
    })
}

/// The reason typed, trimmed (none when blank); a 400 at `reason` when the folio requires one
/// and none was typed (S15.7).
pub(super) fn reason_for(
    state: &State,
    folio: u64,
    reason: Option<&str>,
) -> Result<Option<String>> {
    let typed = reason.map(str::trim).filter(|r| !r.is_empty());
    let required = state
        .folios
        .get(&folio)
        .is_some_and(|record| record.folio.require_approval_reason == Some(true));
    if required && typed.is_none() {
        return Err(Error::field(
            "reason",
            "this folio asks for a reason with every change of its approved budget: say why",
        ));
    }
    if let Some(typed) = typed {
        crate::value::check_text(crate::value::TextKind::Note, typed)
            .map_err(|error| Error::field("reason", error.to_string()))?;
    }
    Ok(typed.map(str::to_owned))
}

/// What a budget change names besides its figures.
pub(super) struct ChangeOf {
    /// Its kind.
    pub(super) kind: BudgetChangeKind,
    /// The reason typed.
    pub(super) reason: Option<String>,
    /// The baseline approved or deleted.
    pub(super) baseline: Option<Id>,
    /// The scenario promoted.
    pub(super) scenario: Option<Id>,
}

impl Commands<'_> {
    /// Records a change of folio `folio`'s approved budget whose budget before was `before`: its
    /// budget after is read now (S15.7).
    pub(super) fn record_budget_change(
        &mut self,
        folio: u64,
        before: Budget,
        of: ChangeOf,
    ) -> Result<Id> {
        let after = budget_of(self.state, folio, self.today())?;
        let currency = self
            .state
            .folios
            .get(&folio)
            .ok_or_else(Error::folio_not_viewable)?
            .folio
            .currency_code;
        let round = |budget: Budget| Budget {
            bac: currency.round(budget.bac),
            reserve: currency.round(budget.reserve),
        };
        let (before, after) = (round(before), round(after));
        // S15.7: what moved the approved budget since the last change without an approval (the
        // exchange rates, overtime rules or calendars it is costed with) is restated first, so
        // that each change starts where the previous one ended.
        let last = self.state.budget_changes_of(folio).last().map(|c| Budget {
            bac: c.bac_after.get(),
            reserve: c.reserve_after.get(),
        });
        if let Some(last) = last.filter(|last| *last != before) {
            let restated = ChangeOf {
                kind: BudgetChangeKind::Restatement,
                reason: Some(RESTATED.to_owned()),
                baseline: None,
                scenario: None,
            };
            self.push_change(folio, currency, last, before, restated, None)?;
        }
        let user = Some(self.caller.user.clone());
        self.push_change(folio, currency, before, after, of, user)
    }

    /// Records one budget change of folio `folio` from `before` to `after`.
    fn push_change(
        &mut self,
        folio: u64,
        currency: crate::value::CurrencyCode,
        before: Budget,
        after: Budget,
        of: ChangeOf,
        user: Option<String>,
    ) -> Result<Id> {
        let drawn = before
            .reserve
            .checked_sub(after.reserve)
            .ok_or_else(|| Error::invalid("the reserve drawn is too large for a decimal"))?;
        let id = Id::new(self.state.counters.next(IdKind::BudgetChange));
        let change = BudgetChange {
            id,
            folio_id: Id::new(folio),
            kind: of.kind,
            reason: of.reason,
            user,
            at: UtcTimestamp::new(self.now),
            currency_code: currency,
            bac_before: Exact::of(before.bac),
            bac_after: Exact::of(after.bac),
            reserve_before: Exact::of(before.reserve),
            reserve_after: Exact::of(after.reserve),
            reserve_drawn: Exact::of(drawn),
            baseline_id: of.baseline,
            scenario_id: of.scenario,
        };
        self.state.apply(Command::RecordBudgetChange(change));
        Ok(id)
    }
}

/// The reason of a restatement (S15.7).
const RESTATED: &str = "Restated: the approved budget moved without an approval, as the exchange rates, overtime rules or calendars it is costed with changed";

impl Queries<'_> {
    /// Folio `folio`'s budget changes, oldest first, with its approved and current budget
    /// (S15.7).
    pub fn folio_budget_changes(&self, folio: u64) -> Result<FolioBudgetChanges> {
        self.readable_folio(folio)?;
        let changes = self.state.budget_changes_of(folio).to_vec();
        Ok(FolioBudgetChanges {
            folio_id: Id::new(folio),
            approved_budget: changes.first().map(|c| c.bac_after),
            current_budget: changes.last().map(|c| c.bac_after),
            changes,
        })
    }

    /// The budget changes of every folio of portfolio `portfolio`'s tree the caller may read,
    /// oldest first (S15.7).
    pub fn portfolio_budget_changes(
        &self,
        portfolio: u64,
        as_of: Date,
    ) -> Result<PortfolioBudgetChanges> {
        let folios = self.portfolio_folios(portfolio, as_of)?;
        let mut changes: Vec<PortfolioBudgetChange> = folios
            .iter()
            .flat_map(|folio| {
                let name = self.folio_name(*folio);
                self.state
                    .budget_changes_of(*folio)
                    .iter()
                    .map(move |change| PortfolioBudgetChange {
                        folio_name: name.clone(),
                        change: change.clone(),
                    })
            })
            .collect();
        changes.sort_by_key(|a| (a.change.at, a.change.id));
        Ok(PortfolioBudgetChanges {
            portfolio_id: Id::new(portfolio),
            changes,
        })
    }
}
