//! Custom-field definitions of a folio (S7.4).

use super::error::{Error, Result};
use super::Commands;
use crate::model::budgeting::CustomFieldDefinition;
use crate::model::Id;
use crate::state::{Command, Stored};

/// The 404 of a custom field that is not there.
fn missing(id: u64) -> Error {
    Error::not_found(format!("Custom field {id} does not exist"))
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
        crate::rules::check_definition(&definition, None).map_err(super::refusals::custom_field)?;
        if self.state.live_custom_fields(folio) >= crate::rules::MAX_DEFINITIONS {
            return Err(Error::invalid(format!(
                "a folio holds at most {} custom fields",
                crate::rules::MAX_DEFINITIONS
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
        crate::rules::check_definition(&definition, Some(stored.record()))
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
}
