//! The state's indexes: each folio's positions, expenses and custom-field
//! definitions, and the position of each part, so that a write or a read of one folio walks its
//! own records, never every user's. Not written in snapshots: rebuilt when one is read.

use super::{IdKind, PositionRow, SharedTable, State, Stored};

/// Puts `id` in `folio`'s ids of `index` (kept in id order, each once), and takes it out of the
/// ids of `before`, the folio it belonged to, when that was another.
pub(super) fn index_item(
    index: &mut SharedTable<Vec<u64>>,
    folio: u64,
    id: u64,
    before: Option<u64>,
) {
    if let Some(old) = before.filter(|old| *old != folio) {
        if let Some(ids) = index.get_mut(&old) {
            ids.retain(|other| *other != id);
        }
    }
    match index.get_mut(&folio) {
        Some(ids) => {
            if let Err(at) = ids.binary_search(&id) {
                ids.insert(at, id);
            }
        }
        None => {
            index.insert(folio, vec![id]);
        }
    }
}

/// The kind of id and id of each of `row`'s parts (allocation periods, rates, hours periods).
pub(super) fn parts_of(row: &PositionRow) -> impl Iterator<Item = (IdKind, u64)> + '_ {
    let record = &row.record;
    let ids = |kind: IdKind, ids: Vec<Option<crate::model::Id>>| {
        ids.into_iter().flatten().map(move |id| (kind, id.get()))
    };
    ids(
        IdKind::Allocation,
        record.allocations.iter().map(|a| a.id).collect(),
    )
    .chain(ids(
        IdKind::Rate,
        record.rates.iter().map(|r| r.id).collect(),
    ))
    .chain(ids(
        IdKind::Hours,
        record.hours.iter().map(|h| h.id).collect(),
    ))
}

impl State {
    /// Builds the indexes of a state read from a snapshot.
    pub(super) fn rebuild_indexes(&mut self) {
        for (id, (folio, _)) in self.custom_fields.iter() {
            index_item(&mut self.custom_fields_by_folio, *folio, *id, None);
        }
        for (id, row) in self.positions.iter() {
            index_item(
                &mut self.positions_by_folio,
                row.header.folio_id.get(),
                *id,
                None,
            );
        }
        let owners: Vec<((IdKind, u64), u64)> = self
            .positions
            .values()
            .flat_map(|row| parts_of(row).map(move |key| (key, row.record.id.get())))
            .collect();
        for (key, position) in owners {
            self.part_owners.insert(key, position);
        }
        for (id, expense) in self.expenses.iter() {
            index_item(
                &mut self.expenses_by_folio,
                expense.folio_id.get(),
                *id,
                None,
            );
        }
        for (id, scenario) in self.scenarios.iter() {
            index_item(&mut self.scenarios_by_folio, scenario.folio, *id, None);
        }
    }

    /// The ids of folio `folio`'s custom-field definitions, deleted ones included, oldest first.
    pub fn custom_fields_of(&self, folio: u64) -> &[u64] {
        self.custom_fields_by_folio
            .get(&folio)
            .map_or(&[], Vec::as_slice)
    }

    /// How many positions and expenses folio `folio` has, deleted ones included: read off the
    /// indexes, no record looked at (a read's weight, `api::weight`).
    pub fn items_count(&self, folio: u64) -> usize {
        let count = |index: &SharedTable<Vec<u64>>| index.get(&folio).map_or(0, Vec::len);
        count(&self.positions_by_folio) + count(&self.expenses_by_folio)
    }

    /// Folio `folio`'s positions (deleted ones included), in id order.
    pub fn positions_of(&self, folio: u64) -> impl Iterator<Item = &PositionRow> + '_ {
        let ids = self
            .positions_by_folio
            .get(&folio)
            .map_or(&[][..], Vec::as_slice);
        ids.iter().filter_map(|id| self.positions.get(id))
    }

    /// Folio `folio`'s expenses (deleted ones included), in id order.
    pub fn expenses_of(
        &self,
        folio: u64,
    ) -> impl Iterator<Item = &Stored<crate::model::budgeting::Expense>> + '_ {
        let ids = self
            .expenses_by_folio
            .get(&folio)
            .map_or(&[][..], Vec::as_slice);
        ids.iter().filter_map(|id| self.expenses.get(id))
    }

    /// The position holding the part (allocation period, rate or hours period) of kind `kind`
    /// and id `id`, deleted or not.
    pub fn position_of_part(&self, kind: IdKind, id: u64) -> Option<u64> {
        self.part_owners.get(&(kind, id)).copied()
    }

    /// Records which position each of `row`'s parts belongs to.
    pub(super) fn index_parts(&mut self, row: &PositionRow) {
        let position = row.record.id.get();
        for key in parts_of(row) {
            if self.part_owners.get(&key) != Some(&position) {
                self.part_owners.insert(key, position);
            }
        }
    }
}
