//! Generic resources (S10.5): named placeholders, names unique ignoring case, stamped with who
//! created and last changed them and when (the request's time).

use super::{unique_name, AdminRecord};
use crate::model::core_admin::GenericResourceRequest;
use crate::state::{Command, GenericResourceRecord, IdKind, State};
use crate::usecase::{Commands, Queries, Result};
use crate::value::UtcTimestamp;

/// The generic resource of id `id`, or its 404.
fn resource_by_id(state: &State, id: u64) -> Result<&GenericResourceRecord> {
    state
        .generic_resources
        .get(&id)
        .ok_or_else(|| AdminRecord::GenericResource.missing())
}

impl<'s> Queries<'s> {
    /// Every generic resource.
    pub fn generic_resources(&self) -> Vec<&'s GenericResourceRecord> {
        self.state.generic_resources.values().collect()
    }

    /// The generic resource of id `id`.
    pub fn generic_resource(&self, id: u64) -> Result<&'s GenericResourceRecord> {
        resource_by_id(self.state, id)
    }
}

impl Commands<'_> {
    /// Creates a generic resource, created and changed by the caller now (S10.5); the resource
    /// stored.
    pub fn create_generic_resource(
        &mut self,
        body: GenericResourceRequest,
    ) -> Result<GenericResourceRecord> {
        self.caller.administration_for_change()?;
        self.put_generic_resource(body, None)
    }

    /// Renames the generic resource of id `id`, changed by the caller now (S10.5); the resource
    /// stored.
    pub fn update_generic_resource(
        &mut self,
        id: u64,
        body: GenericResourceRequest,
    ) -> Result<GenericResourceRecord> {
        self.caller.administration_for_change()?;
        let existing = resource_by_id(self.state, id)?.clone();
        self.put_generic_resource(body, Some(existing))
    }

    /// Deletes the generic resource of id `id`.
    pub fn delete_generic_resource(&mut self, id: u64) -> Result<()> {
        self.caller.administration_for_change()?;
        resource_by_id(self.state, id)?;
        self.state.apply(Command::DeleteGenericResource(id));
        Ok(())
    }

    fn put_generic_resource(
        &mut self,
        body: GenericResourceRequest,
        existing: Option<GenericResourceRecord>,
    ) -> Result<GenericResourceRecord> {
        let state = &*self.state;
        unique_name(
            state
                .generic_resources
                .values()
                .map(|r| (r.id, r.name.as_str())),
            "generic resource",
            body.name.as_str(),
            existing.as_ref().map(|r| r.id),
        )?;
        // S10.5: the request's time, and the caller.
        let now = UtcTimestamp::new(self.now);
        let user = self.caller.user.clone();
        let record = match existing {
            Some(existing) => GenericResourceRecord {
                name: body.name,
                updated_at: now,
                updated_by: user,
                ..existing
            },
            None => GenericResourceRecord {
                id: state.counters.next(IdKind::GenericResource),
                name: body.name,
                created_at: now,
                created_by: user.clone(),
                updated_at: now,
                updated_by: user,
            },
        };
        self.state
            .apply(Command::PutGenericResource(record.clone()));
        Ok(record)
    }
}
