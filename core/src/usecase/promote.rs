//! A scenario promoted to be the folio's draft (S15.6): in one journal entry the draft's items
//! become the scenario's (or, rebased, the draft as it is now with the scenario's own changes),
//! the draft as it was kept as a scenario, the scenario marked promoted, and a baseline approved
//! when asked, with its budget change.

use std::sync::Arc;

use super::error::{Error, Result};
use super::scenarios::{differing_ids, scenario_of};
use super::{Approval, Commands};
use crate::model::budgeting::{Promoted, Promotion, ScenarioSource};
use crate::model::messages::excerpt;
use crate::model::Id;
use crate::state::{
    AuditEventKind, Command, IdKind, PositionRow, ScenarioItems, ScenarioRecord, State,
};

/// How many changed items a refusal of a stale scenario names (S15.6).
const NAMED_CHANGES: usize = 10;

impl crate::value::Texts for Promotion {
    fn texts(&self, check: &mut crate::value::TextCheck) {
        use crate::value::TextKind;
        check.text("reason", TextKind::Note, &self.reason);
        if let Some(approve) = &self.approve {
            check.text("approve.name", TextKind::Name, &approve.name);
            check.optional(
                "approve.description",
                TextKind::Description,
                approve.description.as_deref(),
            );
        }
    }
}

/// The items of `draft` where it differs from `base`, named: `position 12 "Design" changed`; its
/// scope's measurements, when they differ, last.
fn named_changes(base: &ScenarioItems, draft: &ScenarioItems) -> Vec<String> {
    let mut named = named_items(base, draft, &differing_ids(base, draft));
    if draft.scope != base.scope {
        named.push("the scope's measurements changed".to_owned());
    }
    named
}

/// `ids` (of items where `base` and `draft` differ) named as `draft` has them.
fn named_items(base: &ScenarioItems, draft: &ScenarioItems, ids: &[(bool, u64)]) -> Vec<String> {
    ids.iter()
        .copied()
        .map(|(is_position, id)| {
            let (before, after, kind) = if is_position {
                (
                    base.position(id).map(|r| r.header.name.clone()),
                    draft.position(id).map(|r| r.header.name.clone()),
                    "position",
                )
            } else {
                (
                    base.expense(id).map(|e| e.name.clone()),
                    draft.expense(id).map(|e| e.name.clone()),
                    "expense",
                )
            };
            let how = match (&before, &after) {
                (None, _) => "added",
                (_, None) => "deleted",
                _ => "changed",
            };
            let name = after.or(before).unwrap_or_default();
            format!("{kind} {id} {:?} {how}", excerpt(&name))
        })
        .collect()
}

/// The draft as it is now with the scenario's own changes (where it differs from its base)
/// applied: the rest stays as the draft has it (S15.6).
fn rebased(draft: &ScenarioItems, base: &ScenarioItems, scenario: &ScenarioItems) -> ScenarioItems {
    let mut merged = draft.clone();
    for (is_position, id) in differing_ids(base, scenario) {
        if is_position {
            merged.put_position(id, scenario.position(id).cloned());
        } else {
            merged.put_expense(id, scenario.expense(id).cloned());
        }
    }
    if scenario.scope != base.scope {
        merged.scope = scenario.scope.clone();
    }
    merged
}

/// `wanted` (cut to a name's 255 characters), or with ` (2)`, ` (3)` ... the first no other
/// scenario of folio `folio` has (S15.1: names are unique, compared without case).
fn free_name(state: &State, folio: u64, wanted: &str) -> String {
    let taken = |name: &str| {
        state
            .scenarios_of(folio)
            .any(|s| s.name.to_lowercase() == name.to_lowercase())
    };
    let cut = |text: &str, room: usize| text.chars().take(room).collect::<String>();
    let first = cut(wanted, 255);
    if !taken(&first) {
        return first;
    }
    (2..)
        .map(|n| {
            let suffix = format!(" ({n})");
            format!("{}{suffix}", cut(wanted, 255 - suffix.len()))
        })
        .find(|name| !taken(name))
        .unwrap_or(first)
}

/// Refuses a draft a promotion would make that the draft's own rules refuse: more positions or
/// expenses than a folio may hold, or an actual item realising a planned one the draft holds now
/// and would no longer hold (one the draft already lost stays as it is).
fn check_target(target: &ScenarioItems, draft: &ScenarioItems) -> Result<()> {
    use super::limits::{MAX_FOLIO_EXPENSES, MAX_FOLIO_POSITIONS};
    if target.positions.len() > MAX_FOLIO_POSITIONS || target.expenses.len() > MAX_FOLIO_EXPENSES {
        return Err(Error::conflict(format!(
            "The draft would hold {} positions and {} expenses: a folio may hold at most {MAX_FOLIO_POSITIONS} and {MAX_FOLIO_EXPENSES}",
            target.positions.len(),
            target.expenses.len()
        )));
    }
    // S9.12: a team member realises a planned position, an actual expense a planned expense.
    let orphan = target
        .positions
        .iter()
        .filter_map(|row| row.record.realises.map(|r| (r, row.header.name.as_str())))
        .find(|(realised, _)| {
            target.position(realised.get()).is_none() && draft.position(realised.get()).is_some()
        })
        .or_else(|| {
            target
                .expenses
                .iter()
                .filter_map(|e| e.realises.map(|r| (r, e.name.as_str())))
                .find(|(realised, _)| {
                    target.expense(realised.get()).is_none()
                        && draft.expense(realised.get()).is_some()
                })
        });
    if let Some((realised, name)) = orphan {
        return Err(Error::conflict(format!(
            "{:?} realises item {realised}, which the draft would no longer hold: keep the planned item in the scenario, or change what the actual item realises, then promote again",
            excerpt(name)
        )));
    }
    Ok(())
}

/// The live allocation periods of a position row, by id.
fn live_allocations(row: &PositionRow) -> impl Iterator<Item = u64> + '_ {
    row.record
        .allocations
        .iter()
        .filter(|a| a.deleted_on.is_none())
        .filter_map(|a| a.id.map(Id::get))
}

impl Commands<'_> {
    /// Promotes scenario `id` of folio `folio` to be its draft (S15.6), in one journal entry.
    pub fn promote_scenario(
        &mut self,
        folio: u64,
        id: u64,
        promotion: Promotion,
    ) -> Result<Promoted> {
        self.caller.folio_for_change(self.state, folio)?;
        super::refusals::new_texts(&promotion)?;
        if promotion.reason.trim().is_empty() {
            return Err(Error::field(
                "reason",
                "say why the scenario becomes the draft: a promotion keeps its reason",
            ));
        }
        let record = scenario_of(self.state, folio, id)?.clone();
        if record.promoted.is_some() {
            return Err(Error::conflict(format!(
                "Scenario {:?} was promoted already",
                excerpt(&record.name)
            )));
        }
        let draft = self.state.draft_items(folio);
        let stale = named_changes(&record.base, &draft);
        if !stale.is_empty() && !promotion.rebase {
            let shown: Vec<&str> = stale
                .iter()
                .take(NAMED_CHANGES)
                .map(String::as_str)
                .collect();
            return Err(Error::conflict(format!(
                "The draft changed since scenario {:?} was forked ({} item{} in all: {}{}). Promote with rebase to apply the scenario's own changes to the draft as it is now",
                excerpt(&record.name),
                stale.len(),
                if stale.len() == 1 { "" } else { "s" },
                shown.join(", "),
                if stale.len() > NAMED_CHANGES { ", ..." } else { "" }
            )));
        }
        let target = if stale.is_empty() {
            (*record.items).clone()
        } else {
            // S15.6: an item changed both in the draft and in the scenario since the fork is
            // not taken whole from either: the caller settles it first.
            let ours = differing_ids(&record.base, &record.items);
            let theirs = differing_ids(&record.base, &draft);
            let both: Vec<(bool, u64)> =
                ours.into_iter().filter(|id| theirs.contains(id)).collect();
            let mut clashes = named_items(&record.base, &draft, &both);
            if record.items.scope != record.base.scope && draft.scope != record.base.scope {
                clashes.push("the scope's measurements".to_owned());
            }
            if !clashes.is_empty() {
                return Err(Error::conflict(format!(
                    "Changed both in the draft and in scenario {:?} since it was forked ({} in all: {}{}): change the scenario or the draft so that one of them holds each as it should be, then promote again",
                    excerpt(&record.name),
                    clashes.len(),
                    clashes.iter().take(NAMED_CHANGES).map(String::as_str).collect::<Vec<_>>().join(", "),
                    if clashes.len() > NAMED_CHANGES { ", ..." } else { "" }
                )));
            }
            rebased(&draft, &record.base, &record.items)
        };
        check_target(&target, &draft)?;
        // Everything runs on a copy; its commands land on this state as one entry.
        let mut copy = self.state.clone();
        let _ = copy.take_journal();
        let mut run = Commands::new(&mut copy, self.caller.clone(), self.now);
        let answer = run.promote_on_copy(
            folio,
            &record,
            &draft,
            &target,
            promotion,
            !stale.is_empty(),
        )?;
        let commands: Vec<Command> = copy
            .take_journal()
            .into_iter()
            .map(|entry| entry.command)
            .collect();
        self.state.apply(Command::Batch(commands));
        Ok(answer)
    }

    /// The promotion's commands, applied to this (copied) state.
    fn promote_on_copy(
        &mut self,
        folio: u64,
        record: &ScenarioRecord,
        draft: &ScenarioItems,
        target: &ScenarioItems,
        promotion: Promotion,
        rebased: bool,
    ) -> Result<Promoted> {
        let day = self.today();
        if self.state.scenarios_of(folio).count() >= super::MAX_FOLIO_SCENARIOS {
            return Err(Error::conflict(format!(
                "The folio holds {} scenarios, the most it may: the draft before the promotion is kept as one, so delete one first",
                super::MAX_FOLIO_SCENARIOS
            )));
        }
        let name = free_name(
            self.state,
            folio,
            &format!("Draft before promoting {}", record.name),
        );
        let kept = Arc::new(draft.clone());
        let previous = ScenarioRecord {
            id: self.state.counters.next(IdKind::Scenario),
            folio,
            name,
            description: Some(promotion.reason.trim().to_owned()),
            from: ScenarioSource::Draft,
            created: Some(self.author()),
            promoted: None,
            items: Arc::clone(&kept),
            base: kept,
        };
        let previous_id = previous.id;
        self.state.apply(Command::PutScenario(Box::new(previous)));
        let (put, deleted) = put_items(self.state, folio, draft, target, day);
        // S12.1: an allocation period that leaves the draft is fed to the audit as a deletion.
        let gone: Vec<u64> = draft
            .positions
            .iter()
            .flat_map(|row| {
                let kept = target.position(row.record.id.get());
                live_allocations(row)
                    .filter(move |a| kept.is_none_or(|k| !live_allocations(k).any(|b| b == *a)))
            })
            .collect();
        for allocation in gone {
            self.record_deletion(AuditEventKind::Allocation { id: allocation });
        }
        let mut promoted = record.clone();
        promoted.promoted = Some(self.author());
        self.state.apply(Command::PutScenario(Box::new(promoted)));
        let baseline_id = match promotion.approve {
            Some(approve) => Some(self.approve_baseline_for(
                folio,
                Approval {
                    name: approve.name,
                    description: approve.description,
                    approved_by: self.caller.user.clone(),
                    expenditure_type: approve.expenditure_type,
                    reason: Some(promotion.reason.clone()),
                },
                Some(Id::new(record.id)),
            )?),
            None => None,
        };
        let budget_change_id = baseline_id.and_then(|baseline| {
            self.state
                .budget_changes_of(folio)
                .iter()
                .rev()
                .find(|c| c.baseline_id == Some(baseline))
                .map(|c| c.id)
        });
        Ok(Promoted {
            scenario_id: Id::new(record.id),
            previous_draft_id: Id::new(previous_id),
            items_put: put,
            items_deleted: deleted,
            rebased,
            baseline_id,
            budget_change_id,
        })
    }
}

/// Puts `target`'s items as folio `folio`'s draft where they differ from `draft`'s, and deletes
/// (marked on `day`, S5.1) the draft's items `target` does not hold: how many put and deleted.
fn put_items(
    state: &mut State,
    folio: u64,
    draft: &ScenarioItems,
    target: &ScenarioItems,
    day: crate::value::Date,
) -> (usize, usize) {
    let (mut put, mut deleted) = (0, 0);
    for (is_position, id) in differing_ids(draft, target) {
        if is_position {
            match (target.position(id), draft.position(id)) {
                (Some(row), _) => {
                    let mut row = row.clone();
                    row.header.folio_id = Id::new(folio);
                    state.apply(Command::PutPosition(Box::new(row)));
                    put += 1;
                }
                (None, Some(row)) => {
                    let mut row = row.clone();
                    row.record.deleted_on = Some(day);
                    row.header.deleted_on = Some(day);
                    state.apply(Command::PutPosition(Box::new(row)));
                    deleted += 1;
                }
                (None, None) => {}
            }
        } else {
            match (target.expense(id), draft.expense(id)) {
                (Some(expense), _) => {
                    state.apply(Command::PutExpense(Box::new(expense.clone())));
                    put += 1;
                }
                (None, Some(expense)) => {
                    let mut expense = expense.clone();
                    expense.update(|e| e.deleted_on = Some(day));
                    state.apply(Command::PutExpense(Box::new(expense)));
                    deleted += 1;
                }
                (None, None) => {}
            }
        }
    }
    if target.scope != draft.scope {
        let versions = target.scope.versions();
        for version in versions {
            let held = draft
                .scope
                .versions()
                .iter()
                .find(|held| held.as_of == version.as_of);
            if held != Some(version) {
                state.apply(Command::PutScope {
                    folio,
                    version: version.clone(),
                });
            }
        }
    }
    (put, deleted)
}
