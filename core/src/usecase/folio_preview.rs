//! What an update of a folio would do before it is made (S8.7, `PUT /folio?dryRun=true`): the
//! update runs on a copy of the state, and each live item's money is compared before and after,
//! so that a controller shortening a folio is told which items lose cost, and how much, before
//! anything is stored.

use super::error::Result;
use super::{Commands, Queries};
use crate::analytics::PlannedSide;
use crate::model::budgeting::{Folio, FolioItems, FolioPreview, ItemChange};
use crate::model::Id;
use crate::value::Exact;

impl Commands<'_> {
    /// What updating the folio as `folio` says would change (S8.7): refused as the update would
    /// be; the state is left as it is.
    pub fn preview_folio_update(&mut self, folio: Folio) -> Result<FolioPreview> {
        let today = self.today();
        let mut trial = self.state.clone();
        let mut commands = Commands::new(&mut trial, self.caller.clone(), self.now);
        let shown = commands.update_folio(folio)?;
        let Some(id) = shown.id.map(Id::get) else {
            return Err(super::Error::field(
                "id",
                "id is required to update a folio",
            ));
        };
        // The trial's journal is never persisted.
        drop(trial.take_journal());
        let before = self.queries();
        let after = Queries::new(&trial, self.caller.clone(), self.now);
        let cost = |queries: &Queries<'_>| -> Result<Exact> {
            Ok(queries.folio_indicators(id, today, PlannedSide::Draft)?.bac)
        };
        Ok(FolioPreview {
            folio: shown,
            draft_cost_before: cost(&before)?,
            draft_cost_after: cost(&after)?,
            items: changes(
                &before.folio_items(id, today)?,
                &after.folio_items(id, today)?,
            ),
        })
    }
}

/// The items whose whole money differs between `before` and `after` (the same items, in order).
fn changes(before: &FolioItems, after: &FolioItems) -> Vec<ItemChange> {
    let positions = before
        .positions
        .iter()
        .zip(&after.positions)
        .filter(|(b, a)| b.total != a.total)
        .map(|(b, a)| ItemChange {
            kind: "position".into(),
            id: b.position.id.unwrap_or(Id::new(0)),
            name: b.position.name.clone(),
            before: b.total,
            after: a.total,
        });
    let expenses = before
        .expenses
        .iter()
        .zip(&after.expenses)
        .filter(|(b, a)| b.total != a.total)
        .map(|(b, a)| ItemChange {
            kind: "expense".into(),
            id: b.expense.id.unwrap_or(Id::new(0)),
            name: b.expense.name.clone(),
            before: b.total,
            after: a.total,
        });
    positions.chain(expenses).collect()
}
