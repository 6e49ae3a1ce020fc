//! A folio's scenarios (S15.1-S15.4): forked, listed, renamed, deleted, changed with the draft's
//! own use cases on a copy of the state holding the scenario as the folio's draft, and read as
//! that copy.

use std::sync::Arc;

use super::error::{Error, Result};
use super::{Commands, Queries};
use crate::analytics::baseline::frozen_flows;
use crate::analytics::Flow;
use crate::model::budgeting::{NewScenario, Scenario, ScenarioNaming, ScenarioSource};
use crate::model::messages::excerpt;
use crate::model::Id;
use crate::state::{
    shelf_key, Author, Command, IdKind, PositionRow, ScenarioItems, ScenarioRecord, State, Stored,
};
use crate::value::UtcTimestamp;

/// How many scenarios a folio holds at most (S15.1).
pub const MAX_FOLIO_SCENARIOS: usize = 20;

/// A scenario's name and description held to their bounds (S11.7).
fn naming_texts(check: &mut crate::value::TextCheck, name: &str, description: Option<&str>) {
    use crate::value::TextKind;
    check.text("name", TextKind::Name, name);
    check.optional("description", TextKind::Description, description);
}

impl crate::value::Texts for NewScenario {
    fn texts(&self, check: &mut crate::value::TextCheck) {
        naming_texts(check, &self.name, self.description.as_deref());
    }
}

impl crate::value::Texts for ScenarioNaming {
    fn texts(&self, check: &mut crate::value::TextCheck) {
        naming_texts(check, &self.name, self.description.as_deref());
    }
}

/// The 404 of a scenario the folio does not hold.
pub(super) fn scenario_missing(id: u64) -> Error {
    Error::not_found(format!("Scenario {id} does not exist"))
}

/// The 409 of a change of a promoted scenario.
fn promoted_already(record: &ScenarioRecord) -> Error {
    Error::conflict(format!(
        "Scenario {:?} was promoted to be the draft: it is kept as it was. Fork it to go on",
        excerpt(&record.name)
    ))
}

/// Scenario `id` of folio `folio`, or its 404.
pub(super) fn scenario_of(state: &State, folio: u64, id: u64) -> Result<&ScenarioRecord> {
    state
        .scenarios
        .get(&id)
        .filter(|record| record.folio == folio)
        .ok_or_else(|| scenario_missing(id))
}

/// How many items of `after` differ from `before` (added, removed or changed).
pub(crate) fn changed_items(before: &ScenarioItems, after: &ScenarioItems) -> usize {
    differing_ids(before, after).len()
}

/// The items where `before` and `after` differ, positions then expenses, each in id order:
/// `(is a position, id)`.
pub(crate) fn differing_ids(before: &ScenarioItems, after: &ScenarioItems) -> Vec<(bool, u64)> {
    let mut ids: Vec<(bool, u64)> = Vec::new();
    let mut positions: Vec<u64> = before
        .positions
        .iter()
        .chain(&after.positions)
        .map(|row| row.record.id.get())
        .collect();
    positions.sort_unstable();
    positions.dedup();
    ids.extend(
        positions
            .into_iter()
            .filter(|id| before.position(*id) != after.position(*id))
            .map(|id| (true, id)),
    );
    let mut expenses: Vec<u64> = before
        .expenses
        .iter()
        .chain(&after.expenses)
        .map(|e| e.id().get())
        .collect();
    expenses.sort_unstable();
    expenses.dedup();
    ids.extend(
        expenses
            .into_iter()
            .filter(|id| before.expense(*id) != after.expense(*id))
            .map(|id| (false, id)),
    );
    ids
}

/// A scenario as listed; `draft_changed`: whether its folio's draft is no longer its base.
fn shown(record: &ScenarioRecord, draft_changed: bool) -> Scenario {
    Scenario {
        id: Id::new(record.id),
        folio_id: Id::new(record.folio),
        name: record.name.clone(),
        description: record.description.clone(),
        from: record.from,
        created_by: record.created.as_ref().and_then(|a| a.user.clone()),
        created: record.created.as_ref().map(|a| a.at),
        positions: record.items.positions.len(),
        expenses: record.items.expenses.len(),
        changed_items: changed_items(&record.base, &record.items),
        draft_changed: record.promoted.is_none() && draft_changed,
        promoted: record.promoted.as_ref().map(|a| a.at),
        promoted_by: record.promoted.as_ref().and_then(|a| a.user.clone()),
    }
}

impl Queries<'_> {
    /// The scenarios of folio `folio`, in id order (S15.1).
    pub fn scenarios(&self, folio: u64) -> Result<Vec<Scenario>> {
        self.readable_folio(folio)?;
        // Scenarios forked from the same draft share their base: each base compared once.
        let mut compared: Vec<(*const ScenarioItems, bool)> = Vec::new();
        Ok(self
            .state
            .scenarios_of(folio)
            .map(|record| {
                let base = Arc::as_ptr(&record.base);
                let changed = match compared.iter().find(|(seen, _)| *seen == base) {
                    Some((_, changed)) => *changed,
                    None => {
                        let changed = !self.state.draft_is(folio, &record.base);
                        compared.push((base, changed));
                        changed
                    }
                };
                shown(record, changed)
            })
            .collect())
    }

    /// Scenario `id` of folio `folio` as listed.
    pub fn scenario(&self, folio: u64, id: u64) -> Result<Scenario> {
        self.readable_folio(folio)?;
        let record = scenario_of(self.state, folio, id)?;
        Ok(shown(record, !self.state.draft_is(folio, &record.base)))
    }

    /// The copy of the state in which folio `folio`'s draft is scenario `id`'s (S15.4): every
    /// read of the draft, asked of it, reads the scenario.
    pub fn scenario_state(&self, folio: u64, id: u64) -> Result<State> {
        self.readable_folio(folio)?;
        let record = scenario_of(self.state, folio, id)?;
        Ok(self
            .state
            .with_draft(folio, &record.items, shelf_key(folio, Some(id), false)))
    }
}

impl Commands<'_> {
    /// Forks a scenario of folio `folio` (S15.1).
    pub fn fork_scenario(&mut self, folio: u64, new: NewScenario) -> Result<Scenario> {
        self.caller.folio_for_edit(self.state, folio)?;
        super::refusals::new_texts(&new)?;
        check_name(self.state, folio, &new.name, None)?;
        if self.state.scenarios_of(folio).count() >= MAX_FOLIO_SCENARIOS {
            return Err(Error::invalid(format!(
                "a folio holds at most {MAX_FOLIO_SCENARIOS} scenarios: delete one first"
            )));
        }
        // A copy shares what it copies until it is changed (`Arc::make_mut`).
        let draft = Arc::new(self.state.draft_items(folio));
        let items = match new.from {
            ScenarioSource::Draft => Arc::clone(&draft),
            ScenarioSource::Scenario(id) => Arc::clone(
                &scenario_of(self.state, folio, id.get())
                    .map_err(|_| {
                        Error::field(
                            "from",
                            format!("scenario {id} is not a scenario of folio {folio}"),
                        )
                    })?
                    .items,
            ),
            ScenarioSource::Baseline(id) => {
                Arc::new(baseline_items(self.state, folio, id, &draft)?)
            }
        };
        let id = self.state.counters.next(IdKind::Scenario);
        let record = ScenarioRecord {
            id,
            folio,
            name: new.name.trim().to_owned(),
            description: new.description,
            from: new.from,
            created: Some(self.author()),
            promoted: None,
            items,
            base: draft,
        };
        self.state
            .apply(Command::PutScenario(Box::new(record.clone())));
        Ok(shown(&record, false))
    }

    /// Renames scenario `id` of folio `folio` or describes it anew.
    pub fn rename_scenario(
        &mut self,
        folio: u64,
        id: u64,
        naming: ScenarioNaming,
    ) -> Result<Scenario> {
        self.caller.folio_for_edit(self.state, folio)?;
        let mut record = scenario_of(self.state, folio, id)?.clone();
        let before = ScenarioNaming {
            name: record.name.clone(),
            description: record.description.clone(),
        };
        super::refusals::texts(&naming, Some(&before))?;
        check_name(self.state, folio, &naming.name, Some(id))?;
        record.name = naming.name.trim().to_owned();
        record.description = naming.description;
        self.state.apply(Command::NameScenario {
            scenario: id,
            about: Box::new(record.about()),
        });
        Ok(shown(&record, !self.state.draft_is(folio, &record.base)))
    }

    /// Deletes scenario `id` of folio `folio`.
    pub fn delete_scenario(&mut self, folio: u64, id: u64) -> Result<()> {
        self.caller.folio_for_edit(self.state, folio)?;
        scenario_of(self.state, folio, id)?;
        self.state.apply(Command::DeleteScenario {
            folio,
            scenario: id,
        });
        Ok(())
    }

    /// Changes scenario `id` of folio `folio` (S15.3): `run` changes the draft of a copy of the
    /// state that holds the scenario as the folio's draft, with the draft's own use cases, and
    /// says whether it succeeded; the item commands it made become the scenario's, in one entry.
    /// A change that made anything but the folio's item commands changes nothing and is refused
    /// as a missing item (it named something the scenario does not hold).
    pub fn change_scenario<R>(
        &mut self,
        folio: u64,
        id: u64,
        run: impl FnOnce(&mut State) -> (R, bool),
    ) -> Result<R> {
        self.caller.folio_for_edit(self.state, folio)?;
        let record = scenario_of(self.state, folio, id)?;
        if record.promoted.is_some() {
            return Err(promoted_already(record));
        }
        let about = Box::new(record.about());
        // The copy keeps this state's author: its entries would say who made them.
        let mut copy =
            self.state
                .with_draft(folio, &record.items, shelf_key(folio, Some(id), false));
        let (answer, succeeded) = run(&mut copy);
        let commands: Vec<Command> = copy
            .take_journal()
            .into_iter()
            .map(|entry| entry.command)
            .collect();
        if !succeeded || commands.is_empty() {
            return Ok(answer);
        }
        if let Some(outside) = commands.iter().find_map(|c| outside_of(c, folio)) {
            return Err(Error::not_found(format!(
                "{outside} is not an item of scenario {id}: a scenario changes its own items only"
            )));
        }
        let kept: Vec<Command> = commands.into_iter().filter(is_item_command).collect();
        self.state.apply(Command::ChangeScenario {
            scenario: id,
            about,
            commands: kept,
        });
        Ok(answer)
    }

    /// The request's user and time, as a journal entry's author.
    pub(super) fn author(&self) -> Author {
        Author {
            at: UtcTimestamp::new(self.now),
            user: Some(self.caller.user.clone()),
        }
    }
}

/// Whether `command` is one a scenario keeps (a deletion event is the folio's, not the
/// scenario's: a scenario feeds no audit, S15.1).
fn is_item_command(command: &Command) -> bool {
    !matches!(command, Command::RecordDeletion(_))
}

/// What `command`, made on the copy holding a scenario of folio `folio`, touched outside that
/// folio's items, named; `None` when it touched only them.
fn outside_of(command: &Command, folio: u64) -> Option<String> {
    match command {
        Command::Batch(commands) => commands.iter().find_map(|c| outside_of(c, folio)),
        Command::PutPosition(row) if row.header.folio_id.get() == folio => None,
        Command::PutPosition(row) => Some(format!("Position {}", row.record.id)),
        Command::PutExpense(expense) if expense.folio_id.get() == folio => None,
        Command::PutExpense(expense) => Some(format!("Expense {}", expense.id())),
        Command::PutScope { folio: of, .. } if *of == folio => None,
        Command::RecordDeletion(_) => None,
        _ => Some("The change".to_owned()),
    }
}

/// Refuses `name` when it is blank or another live scenario of the folio has it (ignoring case).
fn check_name(state: &State, folio: u64, name: &str, except: Option<u64>) -> Result<()> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::field("name", crate::model::messages::NAME_REQUIRED));
    }
    let taken = state
        .scenarios_of(folio)
        .filter(|other| Some(other.id) != except)
        .any(|other| other.name.to_lowercase() == name.to_lowercase());
    if taken {
        return Err(Error::field(
            "name",
            format!("the folio already has a scenario named {:?}", excerpt(name)),
        ));
    }
    Ok(())
}

/// The draft with baseline `id`'s side replaced by the items it froze (S15.1).
fn baseline_items(
    state: &State,
    folio: u64,
    id: Id,
    draft: &ScenarioItems,
) -> Result<ScenarioItems> {
    let snapshot = state
        .baselines
        .get(&id.get())
        .filter(|b| b.baseline.folio_id.get() == folio && b.baseline.deleted_on.is_none())
        .ok_or_else(|| {
            Error::field(
                "from",
                format!("baseline {id} is not a live baseline of folio {folio}"),
            )
        })?;
    let flows = frozen_flows(snapshot.baseline.expenditure_type);
    // An item the baseline froze is the baseline's, whatever side the draft has since put it on.
    let frozen_position = |id: u64| snapshot.items.positions.iter().any(|p| p.id.get() == id);
    let frozen_expense = |id: u64| {
        snapshot
            .items
            .expenses
            .iter()
            .any(|e| e.id.is_some_and(|own| own.get() == id))
    };
    let mut positions: Vec<PositionRow> = draft
        .positions
        .iter()
        .filter(|row| !flows.contains(&Flow::of_position(row.record.kind, row.record.revenue)))
        .filter(|row| !frozen_position(row.record.id.get()))
        .cloned()
        .collect();
    for record in &snapshot.items.positions {
        let header = snapshot
            .header(record.id)
            .cloned()
            .or_else(|| {
                draft
                    .position(record.id.get())
                    .map(|row| row.header.clone())
            })
            .or_else(|| {
                state
                    .positions
                    .get(&record.id.get())
                    .map(|row| row.header.clone())
            });
        if let Some(mut header) = header {
            header.baseline_id = None;
            header.deleted_on = None;
            let mut record = record.clone();
            record.deleted_on = None;
            positions.push(PositionRow { header, record });
        }
    }
    positions.sort_by_key(|row| row.record.id);
    let mut expenses: Vec<Stored<_>> = draft
        .expenses
        .iter()
        .filter(|e| !flows.contains(&Flow::of_expense(e.kind)))
        .filter(|e| !frozen_expense(e.id().get()))
        .cloned()
        .collect();
    for expense in &snapshot.items.expenses {
        let Some(expense_id) = expense.id else {
            continue;
        };
        let mut expense = expense.clone();
        expense.baseline_id = None;
        expense.deleted_on = None;
        expenses.push(Stored::new(expense_id, expense));
    }
    expenses.sort_by_key(|e| e.id());
    // S11.7: the copy holds no more than a folio may.
    use super::limits::{MAX_FOLIO_EXPENSES, MAX_FOLIO_POSITIONS};
    if positions.len() > MAX_FOLIO_POSITIONS || expenses.len() > MAX_FOLIO_EXPENSES {
        return Err(Error::field(
            "from",
            format!(
                "baseline {id} with the draft's other side would hold {} positions and {} expenses: a folio may hold at most {MAX_FOLIO_POSITIONS} and {MAX_FOLIO_EXPENSES}",
                positions.len(),
                expenses.len()
            ),
        ));
    }
    Ok(ScenarioItems {
        positions,
        expenses,
        scope: draft.scope.clone(),
    })
}
