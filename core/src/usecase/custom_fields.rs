//! Custom-field definitions of a folio (S7.4), and its scope items (S9.3).

use super::error::{Error, Result};
use super::{Commands, Queries};
use crate::model::budgeting::{CustomFieldDefinition, ScopeItems};
use crate::model::Id;
use crate::state::{Command, Stored};

/// The 404 of a custom field that is not there.
fn missing(id: u64) -> Error {
    Error::not_found(format!("Custom field {id} does not exist"))
}

impl Queries<'_> {
    /// The scope items of folio `folio` (S9.3), as last put: what its earned value counts.
    pub fn scope(&self, folio: u64) -> Result<ScopeItems> {
        let record = self.readable_folio(folio)?;
        Ok(ScopeItems {
            items: record.scope.clone(),
        })
    }
}

impl Commands<'_> {
    /// Adds a custom-field definition to folio `folio` (S7.4).
    pub fn add_custom_field(
        &mut self,
        folio: u64,
        mut definition: CustomFieldDefinition,
    ) -> Result<Id> {
        self.caller.writes()?;
        self.caller.folio_for_change(self.state, folio)?;
        super::refusals::new_texts(&definition)?;
        crate::state::check_definition(&definition, None).map_err(super::refusals::custom_field)?;
        if self.state.live_custom_fields(folio) >= crate::state::MAX_DEFINITIONS {
            return Err(Error::invalid(format!(
                "a folio holds at most {} custom fields",
                crate::state::MAX_DEFINITIONS
            )));
        }
        let id = Id::new(self.state.counters.next(crate::state::IdKind::CustomField));
        definition.deleted_on = None;
        let definition = Stored::new(id, definition);
        self.state
            .apply(Command::PutCustomField { folio, definition });
        Ok(id)
    }

    /// Renames a live definition, changes its options or whether it is required (S7.4); its
    /// style, type and folio stay. Values already given stay as they are.
    pub fn update_custom_field(
        &mut self,
        mut definition: CustomFieldDefinition,
    ) -> Result<CustomFieldDefinition> {
        self.caller.writes()?;
        let id = definition
            .id
            .ok_or_else(|| Error::field("id", "id is required to update a custom field"))?;
        let (folio, stored) = self
            .state
            .custom_fields
            .get(&id.get())
            .filter(|(_, d)| d.deleted_on.is_none())
            .cloned()
            .ok_or_else(|| missing(id.get()))?;
        self.caller
            .may_change_in(self.state, folio, || missing(id.get()))?;
        super::refusals::texts(&definition, Some(stored.record()))?;
        crate::state::check_definition(&definition, Some(stored.record()))
            .map_err(super::refusals::custom_field)?;
        definition.deleted_on = None;
        let definition = Stored::new(id, definition);
        self.state.apply(Command::PutCustomField {
            folio,
            definition: definition.clone(),
        });
        Ok(definition.into_record())
    }

    /// Deletes definition `id` (marked; the values given stay, S7.4).
    pub fn delete_custom_field(&mut self, id: u64) -> Result<()> {
        let (folio, stored) = self
            .state
            .custom_fields
            .get(&id)
            .filter(|(_, d)| d.deleted_on.is_none())
            .cloned()
            .ok_or_else(|| missing(id))?;
        self.caller
            .may_change_in(self.state, folio, || missing(id))?;
        let id = stored.id();
        let mut definition = stored.into_record();
        definition.deleted_on = Some(self.today());
        let definition = Stored::new(id, definition);
        self.state
            .apply(Command::PutCustomField { folio, definition });
        Ok(())
    }

    /// Replaces the scope items of folio `folio` (S9.3).
    pub fn put_scope(&mut self, folio: u64, scope: ScopeItems) -> Result<()> {
        self.caller.writes()?;
        let mut record = self.caller.folio_for_change(self.state, folio)?.clone();
        // S11.7: keys bounded, the items the folio held kept.
        let before = ScopeItems {
            items: core::mem::take(&mut record.scope),
        };
        super::refusals::texts(&scope, Some(&before))?;
        // S11.8: each key once (a history names an item by it), unless the folio already held it
        // twice.
        let mut seen = std::collections::HashMap::new();
        for (at, item) in scope.items.iter().enumerate() {
            if let Some(first) = seen.insert(item.key.as_str(), at) {
                let held_twice = before.items.iter().filter(|b| b.key == item.key).count() > 1;
                if !held_twice {
                    return Err(Error::field(
                        &format!("items[{at}].key"),
                        format!(
                            "items[{at}].key repeats the key of items[{first}] ({:?}): each scope item's key is given once",
                            crate::model::messages::excerpt(&item.key)
                        ),
                    ));
                }
            }
        }
        record.scope = scope.items;
        self.state.apply(Command::PutFolio(Box::new(record)));
        Ok(())
    }
}
