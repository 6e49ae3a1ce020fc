//! A folio's scenarios (S15.1) and its budget changes (S15.7), kept beside its record; and the
//! copy of the state in which a folio's draft is a scenario's (S15.3), where the draft's own use
//! cases change and cost it.

use std::sync::Arc;

use super::{index_item, Author, Command, IdKind, PositionRow, State, Stored};
use crate::model::budgeting::{BudgetChange, Expense, ScenarioSource, ScopeHistory};

/// What a scenario holds: a draft's live positions and expenses, each in id order, and its scope's
/// measurements.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ScenarioItems {
    /// The live positions, with their parts.
    pub positions: Vec<PositionRow>,
    /// The live expenses and revenues.
    pub expenses: Vec<Stored<Expense>>,
    /// The scope's measurements (S9.10).
    #[serde(default)]
    pub scope: ScopeHistory,
}

impl ScenarioItems {
    /// How many positions and expenses it holds.
    pub fn len(&self) -> usize {
        self.positions.len() + self.expenses.len()
    }

    /// Whether it holds no item.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position `id`, if held.
    pub fn position(&self, id: u64) -> Option<&PositionRow> {
        self.positions
            .binary_search_by_key(&id, |row| row.record.id.get())
            .ok()
            .map(|at| &self.positions[at])
    }

    /// The expense `id`, if held.
    pub fn expense(&self, id: u64) -> Option<&Stored<Expense>> {
        self.expenses
            .binary_search_by_key(&id, |e| e.id().get())
            .ok()
            .map(|at| &self.expenses[at])
    }

    /// Holds `row` as position `id`, in id order, or none when `row` is `None`.
    pub fn put_position(&mut self, id: u64, row: Option<PositionRow>) {
        put_sorted(&mut self.positions, id, row, |held| held.record.id.get());
    }

    /// Holds `expense` as expense `id`, in id order, or none when `expense` is `None`.
    pub fn put_expense(&mut self, id: u64, expense: Option<Stored<Expense>>) {
        put_sorted(&mut self.expenses, id, expense, |held| held.id().get());
    }

    /// Applies an item command of folio `folio` made on the copy of the state holding these items
    /// as the folio's draft (S15.3): a position or expense put (removed when it was deleted, or
    /// moved to another folio), a scope measurement put. Other commands change nothing here.
    pub fn apply(&mut self, folio: u64, command: &Command) {
        match command {
            Command::Batch(commands) => {
                for command in commands {
                    self.apply(folio, command);
                }
            }
            Command::PutPosition(row) => {
                let live = row.record.deleted_on.is_none() && row.header.folio_id.get() == folio;
                self.put_position(row.record.id.get(), live.then(|| (**row).clone()));
            }
            Command::PutExpense(expense) => {
                let live = expense.deleted_on.is_none() && expense.folio_id.get() == folio;
                self.put_expense(expense.id().get(), live.then(|| (**expense).clone()));
            }
            Command::PutScope { folio: of, version } if *of == folio => {
                self.scope = self.scope.with(version.clone());
            }
            _ => {}
        }
    }
}

/// What a scenario's history shows of it beside its items (S15.1).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScenarioAbout {
    /// Its name.
    pub name: String,
    /// What it is for.
    pub description: Option<String>,
    /// What it was forked from.
    pub from: ScenarioSource,
    /// When it was promoted.
    pub promoted: Option<crate::value::UtcTimestamp>,
}

impl ScenarioRecord {
    /// What its history shows of it beside its items.
    pub fn about(&self) -> ScenarioAbout {
        ScenarioAbout {
            name: self.name.clone(),
            description: self.description.clone(),
            from: self.from,
            promoted: self.promoted.as_ref().map(|author| author.at),
        }
    }
}

/// Puts `item` as `id` in `items` (sorted by `key`): replaced, inserted in order, or removed.
fn put_sorted<T>(items: &mut Vec<T>, id: u64, item: Option<T>, key: impl Fn(&T) -> u64) {
    match (items.binary_search_by_key(&id, key), item) {
        (Ok(at), Some(item)) => items[at] = item,
        (Err(at), Some(item)) => items.insert(at, item),
        (Ok(at), None) => {
            items.remove(at);
        }
        (Err(_), None) => {}
    }
}

/// A scenario as the state keeps it (S15.1). Written (in the journal, in snapshots) with its items
/// only when they are not its base's: a scenario as it was forked is one copy of the draft.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(into = "ScenarioWritten", from = "ScenarioWritten")]
pub struct ScenarioRecord {
    /// Its id.
    pub id: u64,
    /// Its folio.
    pub folio: u64,
    /// Its name.
    pub name: String,
    /// What it is for.
    pub description: Option<String>,
    /// What it was forked from.
    pub from: ScenarioSource,
    /// Who forked it and when.
    pub created: Option<Author>,
    /// Who promoted it and when.
    pub promoted: Option<Author>,
    /// What it holds.
    pub items: Arc<ScenarioItems>,
    /// The draft as it was when it was forked: what a promotion compares the draft with (S15.6).
    pub base: Arc<ScenarioItems>,
}

/// A scenario as it is written: its items absent when they are its base.
#[derive(serde::Serialize, serde::Deserialize)]
struct ScenarioWritten {
    id: u64,
    folio: u64,
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    from: ScenarioSource,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    created: Option<Author>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    promoted: Option<Author>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    items: Option<Arc<ScenarioItems>>,
    base: Arc<ScenarioItems>,
}

impl From<ScenarioRecord> for ScenarioWritten {
    fn from(record: ScenarioRecord) -> Self {
        let same = Arc::ptr_eq(&record.items, &record.base) || record.items == record.base;
        ScenarioWritten {
            id: record.id,
            folio: record.folio,
            name: record.name,
            description: record.description,
            from: record.from,
            created: record.created,
            promoted: record.promoted,
            items: (!same).then_some(record.items),
            base: record.base,
        }
    }
}

impl From<ScenarioWritten> for ScenarioRecord {
    fn from(written: ScenarioWritten) -> Self {
        ScenarioRecord {
            id: written.id,
            folio: written.folio,
            name: written.name,
            description: written.description,
            from: written.from,
            created: written.created,
            promoted: written.promoted,
            items: written.items.unwrap_or_else(|| Arc::clone(&written.base)),
            base: written.base,
        }
    }
}

/// Where a copy of the state keeps the book of a folio whose draft is not its own (S15.4): each
/// scenario's book, and each plan compared (a folio's draft or a scenario costed without
/// baselines, S15.5), under a key no folio has (folio ids stay below 2^62).
pub fn shelf_key(folio: u64, scenario: Option<u64>, compared: bool) -> u64 {
    const SCENARIO: u64 = 1 << 63;
    const COMPARED: u64 = 1 << 62;
    let key = match scenario {
        Some(id) => SCENARIO | (id & (COMPARED - 1)),
        None => folio & (COMPARED - 1),
    };
    if compared {
        key | COMPARED
    } else {
        key
    }
}

impl State {
    /// The scenarios of folio `folio`, in id order.
    pub fn scenarios_of(&self, folio: u64) -> impl Iterator<Item = &ScenarioRecord> {
        self.scenarios_by_folio
            .get(&folio)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter_map(|id| self.scenarios.get(id))
    }

    /// The budget changes of folio `folio`, oldest first (S15.7).
    pub fn budget_changes_of(&self, folio: u64) -> &[BudgetChange] {
        self.budget_changes.get(&folio).map_or(&[], Vec::as_slice)
    }

    /// Folio `folio`'s draft as a scenario holds it: its live positions and expenses and its
    /// scope's measurements.
    pub fn draft_items(&self, folio: u64) -> ScenarioItems {
        ScenarioItems {
            positions: self
                .positions_of(folio)
                .filter(|row| row.record.deleted_on.is_none())
                .cloned()
                .collect(),
            expenses: self
                .expenses_of(folio)
                .filter(|e| e.deleted_on.is_none())
                .cloned()
                .collect(),
            scope: self.scope_of(folio),
        }
    }

    /// Whether folio `folio`'s draft holds exactly `items` (its live positions and expenses and its
    /// scope's measurements), compared in place: nothing copied.
    pub fn draft_is(&self, folio: u64, items: &ScenarioItems) -> bool {
        let mut positions = self
            .positions_of(folio)
            .filter(|row| row.record.deleted_on.is_none());
        let mut expenses = self.expenses_of(folio).filter(|e| e.deleted_on.is_none());
        items
            .positions
            .iter()
            .all(|held| positions.next() == Some(held))
            && positions.next().is_none()
            && items
                .expenses
                .iter()
                .all(|held| expenses.next() == Some(held))
            && expenses.next().is_none()
            && self.scope_of(folio) == items.scope
    }

    /// A copy of this state in which folio `folio`'s draft is `items` (S15.3, S15.4): the
    /// draft's items `items` does not hold are gone from it (as if never made), its own are put,
    /// its scope's measurements are `items`'s. Nothing of it is journaled; the folio's book it
    /// keeps between reads is kept under `shelf` ([`shelf_key`]), not the folio's own. Only the
    /// items that differ are touched.
    pub fn with_draft(&self, folio: u64, items: &ScenarioItems, shelf: u64) -> State {
        let mut copy = self.clone();
        #[cfg(not(target_arch = "wasm32"))]
        {
            copy.books = self.books.keeping(folio, shelf);
        }
        #[cfg(target_arch = "wasm32")]
        let _ = shelf;
        let _ = copy.take_journal();
        let gone_positions: Vec<u64> = copy
            .positions_of(folio)
            .filter(|row| row.record.deleted_on.is_none())
            .map(|row| row.record.id.get())
            .filter(|id| items.position(*id).is_none())
            .collect();
        for id in gone_positions {
            copy.forget_position(folio, id);
        }
        let gone_expenses: Vec<u64> = copy
            .expenses_of(folio)
            .filter(|e| e.deleted_on.is_none())
            .map(|e| e.id().get())
            .filter(|id| items.expense(*id).is_none())
            .collect();
        for id in gone_expenses {
            copy.expenses.remove(&id);
            if let Some(ids) = copy.expenses_by_folio.get_mut(&folio) {
                ids.retain(|other| *other != id);
            }
        }
        for row in &items.positions {
            if copy.positions.get(&row.record.id.get()) != Some(row) {
                copy.change(&Command::PutPosition(Box::new(row.clone())), None);
            }
        }
        for expense in &items.expenses {
            if copy.expenses.get(&expense.id().get()) != Some(expense) {
                copy.change(&Command::PutExpense(Box::new(expense.clone())), None);
            }
        }
        if copy.scope_of(folio) != items.scope {
            copy.scope_history.insert(folio, items.scope.clone());
            if let Some(mut record) = copy.folios.get(&folio).cloned() {
                record.scope = items
                    .scope
                    .latest()
                    .map(|version| version.items.clone())
                    .unwrap_or_default();
                copy.folios.insert(folio, record);
            }
        }
        copy
    }

    /// A copy of this state in which folio `folio`'s draft is `items` and the folio has no
    /// baseline: every figure of the folio is then read off `items` alone (S15.5).
    pub fn as_plan(&self, folio: u64, items: &ScenarioItems, shelf: u64) -> State {
        let mut copy = self.with_draft(folio, items, shelf);
        let approved: Vec<u64> = copy
            .baselines
            .iter()
            .filter(|(_, b)| b.baseline.folio_id.get() == folio)
            .map(|(id, _)| *id)
            .collect();
        for id in approved {
            copy.baselines.remove(&id);
        }
        copy
    }

    /// Takes position `id` of folio `folio` out of this state and its indexes.
    fn forget_position(&mut self, folio: u64, id: u64) {
        if let Some(row) = self.positions.remove(&id) {
            for key in super::indexes::parts_of(&row).collect::<Vec<_>>() {
                self.part_owners.remove(&key);
            }
        }
        if let Some(ids) = self.positions_by_folio.get_mut(&folio) {
            ids.retain(|other| *other != id);
        }
    }

    /// Keeps `record` among its folio's scenarios.
    pub(super) fn put_scenario(&mut self, record: &ScenarioRecord) {
        self.counters.saw(IdKind::Scenario, record.id);
        self.see_item_ids(&record.items);
        self.scenarios.insert(record.id, record.clone());
        index_item(&mut self.scenarios_by_folio, record.folio, record.id, None);
    }

    /// Gives scenario `id` the name and description of `about`.
    pub(super) fn name_scenario(&mut self, id: u64, about: &ScenarioAbout) {
        if let Some(mut record) = self.scenarios.get(&id).cloned() {
            record.name = about.name.clone();
            record.description = about.description.clone();
            self.scenarios.insert(id, record);
        }
    }

    /// Forgets scenario `id`.
    pub(super) fn delete_scenario(&mut self, id: u64) {
        if let Some(record) = self.scenarios.remove(&id) {
            if let Some(ids) = self.scenarios_by_folio.get_mut(&record.folio) {
                ids.retain(|other| *other != id);
            }
        }
    }

    /// Applies `commands`, made on the copy of the state holding scenario `id` as its folio's
    /// draft, to the scenario (S15.3); the ids they gave are given.
    pub(super) fn change_scenario(&mut self, id: u64, commands: &[Command]) {
        let Some(mut record) = self.scenarios.get(&id).cloned() else {
            return;
        };
        let items = Arc::make_mut(&mut record.items);
        for command in commands {
            items.apply(record.folio, command);
        }
        for command in commands {
            self.see_command_ids(command);
        }
        self.scenarios.insert(id, record);
    }

    /// Records a budget change (S15.7).
    pub(super) fn record_budget_change(&mut self, change: &BudgetChange) {
        self.counters.saw(IdKind::BudgetChange, change.id.get());
        let folio = change.folio_id.get();
        match self.budget_changes.get_mut(&folio) {
            Some(changes) => changes.push(change.clone()),
            None => {
                self.budget_changes.insert(folio, vec![change.clone()]);
            }
        }
    }

    /// Moves the counters past every id `items` holds.
    fn see_item_ids(&mut self, items: &ScenarioItems) {
        for row in &items.positions {
            self.see_position_ids(row);
        }
        for expense in &items.expenses {
            self.counters.saw(IdKind::Expense, expense.id().get());
        }
    }

    /// Moves the counters past every id an item command gives.
    fn see_command_ids(&mut self, command: &Command) {
        match command {
            Command::Batch(commands) => {
                for command in commands {
                    self.see_command_ids(command);
                }
            }
            Command::PutPosition(row) => self.see_position_ids(row),
            Command::PutExpense(expense) => {
                self.counters.saw(IdKind::Expense, expense.id().get());
            }
            _ => {}
        }
    }

    /// Moves the counters past a position's id and its parts' (a part without an id, none is
    /// stored so, moves none).
    pub(super) fn see_position_ids(&mut self, row: &PositionRow) {
        self.counters.saw(IdKind::Position, row.record.id.get());
        for id in row.record.allocations.iter().filter_map(|a| a.id) {
            self.counters.saw(IdKind::Allocation, id.get());
        }
        for id in row.record.rates.iter().filter_map(|r| r.id) {
            self.counters.saw(IdKind::Rate, id.get());
        }
        for id in row.record.hours.iter().filter_map(|h| h.id) {
            self.counters.saw(IdKind::Hours, id.get());
        }
    }
}
