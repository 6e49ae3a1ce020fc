//! Tracker projects and saved filters (extensions.md): what account links, worklogs and a folio's
//! scope name. The tracker gives their ids; a project's key is unique.

use super::AdminRecord;
use crate::model::core_ext::{ProjectRequest, SavedFilterRequest};
use crate::state::{Command, ProjectRecord, SavedFilterRecord};
use crate::usecase::{Commands, Error, Queries, Result};

impl<'s> Queries<'s> {
    /// Every project.
    pub fn projects(&self) -> Vec<&'s ProjectRecord> {
        self.state.projects.values().collect()
    }

    /// The project of key `key`.
    pub fn project_by_key(&self, key: &str) -> Result<&'s ProjectRecord> {
        self.state
            .projects
            .values()
            .find(|p| p.key.as_str() == key)
            .ok_or_else(|| AdminRecord::Project.missing())
    }

    /// Every saved filter, by id: the scopes a folio's settings choose from.
    pub fn saved_filters(&self) -> Vec<&'s SavedFilterRecord> {
        self.state.saved_filters.values().collect()
    }
}

impl Commands<'_> {
    /// Creates or replaces the project of id `id` (the tracker's); its key may be no other
    /// project's. The project stored.
    pub fn put_project(&mut self, id: u64, body: ProjectRequest) -> Result<ProjectRecord> {
        self.caller.administration_for_change()?;
        if self
            .state
            .projects
            .values()
            .any(|p| p.key == body.key && p.id != id)
        {
            return Err(Error::invalid(format!(
                "A project with key {:?} already exists",
                body.key.as_str()
            )));
        }
        let record = ProjectRecord {
            id,
            key: body.key,
            name: body.name,
        };
        self.state.apply(Command::PutProject(record.clone()));
        Ok(record)
    }

    /// Creates or replaces the saved filter of id `id` (the tracker's); every project it holds
    /// must exist. The filter stored.
    pub fn put_saved_filter(
        &mut self,
        id: u64,
        body: SavedFilterRequest,
    ) -> Result<SavedFilterRecord> {
        self.caller.administration_for_change()?;
        crate::usecase::refusals::new_texts(&body)?;
        let state = &*self.state;
        if let Some(unknown) = body
            .project_ids
            .iter()
            .find(|p| !state.projects.contains_key(&p.get()))
        {
            return Err(Error::invalid(format!("Project {unknown} does not exist")));
        }
        let record = SavedFilterRecord {
            id,
            name: body.name,
            project_ids: body.project_ids.iter().map(|p| p.get()).collect(),
        };
        self.state.apply(Command::PutSavedFilter(record.clone()));
        Ok(record)
    }
}
