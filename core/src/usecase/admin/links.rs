//! Account links: an account bound to a tracker project, read by id, by account and by project.

use super::accounts::account_by_key;
use super::AdminRecord;
use crate::model::core_admin::AccountLinkRequest;
use crate::state::{AccountRecord, Command, IdKind, LinkRecord};
use crate::usecase::{Commands, Error, Queries, Result};

impl<'s> Queries<'s> {
    /// The link of id `id`.
    pub fn link(&self, id: u64) -> Result<&'s LinkRecord> {
        self.state
            .links
            .get(&id)
            .ok_or_else(|| AdminRecord::Link.missing())
    }

    /// The links of the account of key `key`.
    pub fn account_links(&self, key: &str) -> Result<Vec<&'s LinkRecord>> {
        let id = account_by_key(self.state, key)?.id;
        Ok(self
            .state
            .links
            .values()
            .filter(|l| l.account_id == id)
            .collect())
    }

    /// The links of the project of key `key`, each with its account (none for a key no project
    /// has).
    pub fn project_links(&self, key: &str) -> Vec<(&'s LinkRecord, &'s AccountRecord)> {
        let state = self.state;
        let project = state
            .projects
            .values()
            .find(|p| p.key.as_str() == key)
            .map(|p| p.id);
        state
            .links
            .values()
            .filter(|l| Some(l.project_id) == project)
            .filter_map(|l| Some((l, state.accounts.get(&l.account_id)?)))
            .collect()
    }
}

impl Commands<'_> {
    /// Links the account the body names to its project; the link stored. An account key that
    /// names no account is a 400.
    pub fn create_link(&mut self, body: AccountLinkRequest) -> Result<LinkRecord> {
        self.caller.administration_for_change()?;
        let account = self
            .state
            .accounts
            .values()
            .find(|a| a.key == body.account_key)
            .ok_or_else(|| {
                Error::invalid(format!(
                    "Invalid account key {:?}",
                    body.account_key.as_str()
                ))
            })?;
        let record = LinkRecord {
            id: self.state.counters.next(IdKind::Link),
            account_id: account.id,
            project_id: body.scope_id.get(),
        };
        self.state.apply(Command::PutLink(record.clone()));
        Ok(record)
    }

    /// Deletes the link of id `id`.
    pub fn delete_link(&mut self, id: u64) -> Result<()> {
        self.caller.administration_for_change()?;
        let id = self.queries().link(id)?.id;
        self.state.apply(Command::DeleteLink(id));
        Ok(())
    }
}
