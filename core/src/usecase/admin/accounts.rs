//! Accounts (S10.2, S10.3): listed by id or status, read by key, written with their contact,
//! category and customer, deleted with their links.

use super::categories::category_by_key;
use super::customers::customer_by_key;
use super::{id_parameter, unique_key, AdminRecord};
use crate::model::core_admin::{AccountRequest, AccountStatus};
use crate::model::messages;
use crate::state::{AccountRecord, Command, ContactRecord, IdKind, State};
use crate::usecase::{Commands, Error, Queries, Result};

/// The most ids one account list may ask for (S10.3).
pub const MAX_ACCOUNT_IDS: usize = 50;

/// An account list by id (S10.3): the `id` parameters as the request gives them, and whether it
/// gives any other parameter with them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccountIds<'a> {
    /// Each `id` parameter's text: a whole number.
    pub ids: &'a [&'a str],
    /// Whether the request gives another parameter too (refused, S10.3).
    pub with_other_parameters: bool,
}

/// The account of key `key`, or its 404.
pub(super) fn account_by_key<'s>(state: &'s State, key: &str) -> Result<&'s AccountRecord> {
    state
        .accounts
        .values()
        .find(|a| a.key.as_str() == key)
        .ok_or_else(|| AdminRecord::Account.missing())
}

impl<'s> Queries<'s> {
    /// Every account, or those of `status`.
    pub fn accounts(&self, status: Option<AccountStatus>) -> Vec<&'s AccountRecord> {
        self.state
            .accounts
            .values()
            .filter(|a| status.is_none_or(|s| a.status == s))
            .collect()
    }

    /// The accounts of the ids asked for (S10.3): no other parameter with them, at most
    /// [`MAX_ACCOUNT_IDS`], each a whole number; an id that names no account is left out.
    pub fn accounts_by_id(&self, asked: AccountIds<'_>) -> Result<Vec<&'s AccountRecord>> {
        if asked.with_other_parameters {
            return Err(Error::invalid(messages::ID_WITH_OTHER_PARAMETERS));
        }
        if asked.ids.len() > MAX_ACCOUNT_IDS {
            return Err(Error::invalid(format!(
                "At most {MAX_ACCOUNT_IDS} ids may be asked for at once, got {}",
                asked.ids.len()
            )));
        }
        let mut wanted = Vec::new();
        for text in asked.ids {
            wanted.push(id_parameter(text)?);
        }
        Ok(self
            .state
            .accounts
            .values()
            .filter(|a| wanted.contains(&a.id))
            .collect())
    }

    /// The account of key `key`.
    pub fn account(&self, key: &str) -> Result<&'s AccountRecord> {
        account_by_key(self.state, key)
    }

    /// The accounts of the customer of key `key`.
    pub fn customer_accounts(&self, key: &str) -> Result<Vec<&'s AccountRecord>> {
        let id = self.customer(key)?.id;
        Ok(self
            .state
            .accounts
            .values()
            .filter(|a| a.customer_id == Some(id))
            .collect())
    }
}

impl Commands<'_> {
    /// Creates an account (S10.2); the account stored.
    pub fn create_account(&mut self, body: AccountRequest) -> Result<AccountRecord> {
        self.caller.administration_for_change()?;
        crate::usecase::refusals::new_texts(&body)?;
        self.put_account(body, None)
    }

    /// Updates the account of key `key` (S10.2); the account stored.
    pub fn update_account(&mut self, key: &str, body: AccountRequest) -> Result<AccountRecord> {
        self.caller.administration_for_change()?;
        let existing = account_by_key(self.state, key)?;
        // S11.7: what the account held is kept.
        crate::usecase::refusals::texts(&body, Some(existing))?;
        let id = existing.id;
        self.put_account(body, Some(id))
    }

    /// Deletes the account of key `key`, and its links (S10.2).
    pub fn delete_account(&mut self, key: &str) -> Result<()> {
        self.caller.administration_for_change()?;
        let id = account_by_key(self.state, key)?.id;
        self.state.apply(Command::DeleteAccount(id));
        Ok(())
    }

    fn put_account(&mut self, body: AccountRequest, id: Option<u64>) -> Result<AccountRecord> {
        let state = &*self.state;
        let keys = state.accounts.values().map(|a| (a.id, &a.key));
        unique_key(keys, &body.key, id, messages::ACCOUNT_KEY_EXISTS)?;
        // S10.2: a registered user or someone else, not both.
        let contact = match (body.contact_account_id, body.external_contact_name) {
            (Some(_), Some(_)) => {
                return Err(Error::invalid(
                    "contactAccountId and externalContactName cannot be given together",
                ));
            }
            (Some(user), None) => Some(ContactRecord::User(user)),
            (None, Some(name)) => Some(ContactRecord::External(name)),
            (None, None) => None,
        };
        // S10.2: a category or customer that does not exist is a 400, saying what its 404 says.
        let named =
            |found: Result<u64>| found.map_err(|missing| Error::invalid(missing.to_string()));
        let category_id = (body.category_key.as_ref())
            .map(|key| named(category_by_key(state, key.as_str()).map(|c| c.id)))
            .transpose()?;
        let customer_id = (body.customer_key.as_ref())
            .map(|key| named(customer_by_key(state, key.as_str()).map(|c| c.id)))
            .transpose()?;
        let record = AccountRecord {
            id: id.unwrap_or_else(|| state.counters.next(IdKind::Account)),
            key: body.key,
            name: body.name,
            status: body.status,
            global: body.global.unwrap_or(false),
            monthly_budget: body.monthly_budget,
            lead_account_id: body.lead_account_id,
            contact,
            category_id,
            customer_id,
        };
        self.state.apply(Command::PutAccount(record.clone()));
        Ok(record)
    }
}
