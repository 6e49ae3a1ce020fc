//! Baselines (S8): approve, delete, list; the expenditures read from the draft or a baseline.

use super::budget_changes::{budget_of, covers_costs, ChangeOf};
use super::error::{Error, Result};
use super::{Commands, Queries};
use crate::analytics::baseline::list;
use crate::model::budgeting::BudgetChangeKind;
use crate::model::budgeting::{Baseline, ExpenditureType, Expenditures, Position};
use crate::model::Id;
use crate::state::Command;

/// The most baselines one folio holds, deleted ones included: each freezes a copy of the folio.
pub const MAX_FOLIO_BASELINES: usize = 100;

/// What approving a baseline takes (extension: `POST /folio/{id}/baseline`, S8.1).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Approval {
    /// The baseline's name.
    pub name: String,
    /// Its description.
    pub description: Option<String>,
    /// Who approved it.
    pub approved_by: String,
    /// What it freezes (S8.2).
    pub expenditure_type: ExpenditureType,
    /// Why it is approved: kept with the budget change it makes (S15.7); required when the
    /// folio says so.
    #[serde(default)]
    pub reason: Option<String>,
}

impl crate::value::Texts for Approval {
    fn texts(&self, check: &mut crate::value::TextCheck) {
        use crate::value::TextKind;
        check.text("name", TextKind::Name, &self.name);
        check.optional(
            "description",
            TextKind::Description,
            self.description.as_deref(),
        );
        check.text("approvedBy", TextKind::Key, &self.approved_by);
        check.optional("reason", TextKind::Note, self.reason.as_deref());
    }
}

/// The 404 of a baseline that is not there.
fn missing(id: u64) -> Error {
    Error::not_found(format!("Baseline {id} does not exist"))
}

impl Queries<'_> {
    /// The live baselines of folio `folio` listed for `costs` and `revenues` (S8.3), oldest first.
    pub fn baselines(&self, folio: u64, costs: bool, revenues: bool) -> Result<Vec<Baseline>> {
        self.readable_folio(folio)?;
        let all = self
            .state
            .baselines
            .values()
            .filter(|b| b.baseline.folio_id.get() == folio)
            .map(|b| &**b);
        Ok(list(all, costs, revenues).into_iter().cloned().collect())
    }

    /// The expenditures of folio `folio` (S8.4): the items of one side from `baseline`, by
    /// default from the latest baseline covering the side, else the draft; positions as that
    /// baseline froze them (S8.6).
    pub fn expenditures(
        &self,
        folio: u64,
        baseline: Option<Id>,
        actual: bool,
        revenue: bool,
    ) -> Result<Expenditures> {
        self.readable_folio(folio)?;
        self.state
            .expenditures(folio, baseline, actual, revenue)
            .ok_or_else(Error::folio_not_viewable)?
            .map_err(super::refusals::book)
    }
}

impl Commands<'_> {
    /// Approves a baseline of folio `folio` (S8.1): a snapshot of its draft's items of the type,
    /// with its positions' headers as they are (S8.6); refused when nothing changed since the
    /// latest baseline of that type.
    pub fn approve_baseline(&mut self, folio: u64, approval: Approval) -> Result<Id> {
        self.approve_baseline_for(folio, approval, None)
    }

    /// Approves a baseline as [`Commands::approve_baseline`] does; a baseline of costs records a
    /// budget change (S15.7), a promotion's when `promoted` names the scenario.
    pub(super) fn approve_baseline_for(
        &mut self,
        folio: u64,
        approval: Approval,
        promoted: Option<Id>,
    ) -> Result<Id> {
        self.caller.writes()?;
        self.caller.folio_for_change(self.state, folio)?;
        let reason =
            super::budget_changes::reason_for(self.state, folio, approval.reason.as_deref())?;
        let held = self
            .state
            .baselines
            .values()
            .filter(|b| b.baseline.folio_id.get() == folio)
            .count();
        if held >= MAX_FOLIO_BASELINES {
            return Err(Error::invalid(format!(
                "a folio may hold at most {MAX_FOLIO_BASELINES} baselines, deleted ones included"
            )));
        }
        if approval.name.trim().is_empty() {
            return Err(Error::field("name", crate::model::messages::NAME_REQUIRED));
        }
        super::refusals::new_texts(&approval)?;
        let baseline = Baseline {
            id: Id::new(self.state.counters.next(crate::state::IdKind::Baseline)),
            folio_id: Id::new(folio),
            name: approval.name,
            approved_by: approval.approved_by,
            created: self.today(),
            expenditure_type: approval.expenditure_type,
            description: approval.description,
            deleted_on: None,
        };
        let id = baseline.id;
        let kind = baseline.expenditure_type;
        // S8.6: the positions' headers are frozen with their records.
        let headers: Vec<Position> = self
            .state
            .positions_of(folio)
            .filter(|row| row.record.deleted_on.is_none())
            .map(|row| row.header.clone())
            .collect();
        let snapshot = self
            .state
            .folio_book(folio)
            .ok_or_else(Error::folio_not_viewable)?
            .approve(baseline, &headers)
            .map_err(|error| Error::invalid(error.to_string()))?;
        let before = budget_of(self.state, folio, self.today())?;
        self.state.apply(Command::PutBaseline(Box::new(snapshot)));
        if covers_costs(kind) {
            self.record_budget_change(
                folio,
                before,
                ChangeOf {
                    kind: if promoted.is_some() {
                        BudgetChangeKind::Promotion
                    } else {
                        BudgetChangeKind::Baseline
                    },
                    reason,
                    baseline: Some(id),
                    scenario: promoted,
                },
            )?;
        }
        Ok(id)
    }

    /// Deletes baseline `id` (marked, S5.1).
    pub fn delete_baseline(&mut self, id: u64) -> Result<()> {
        self.caller.writes()?;
        let mut snapshot = self
            .state
            .baselines
            .get(&id)
            .filter(|b| b.baseline.deleted_on.is_none())
            .map(|b| (**b).clone())
            .ok_or_else(|| missing(id))?;
        let folio = snapshot.baseline.folio_id.get();
        self.caller
            .may_change_in(self.state, folio, || missing(id))?;
        snapshot.baseline.deleted_on = Some(self.today());
        let kind = snapshot.baseline.expenditure_type;
        let before = budget_of(self.state, folio, self.today())?;
        self.state.apply(Command::PutBaseline(Box::new(snapshot)));
        // S15.7: the budget falls back to the baseline before it (or the draft).
        if covers_costs(kind) {
            self.record_budget_change(
                folio,
                before,
                ChangeOf {
                    kind: BudgetChangeKind::Withdrawal,
                    reason: None,
                    baseline: Some(Id::new(id)),
                    scenario: None,
                },
            )?;
        }
        Ok(())
    }
}
