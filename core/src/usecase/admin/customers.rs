//! Customers (S10.1, S10.2): keys unique, a customer in use by an account not deleted.

use super::{unique_key, unused, AdminRecord};
use crate::model::core_admin::CustomerRequest;
use crate::model::messages;
use crate::state::{Command, CustomerRecord, IdKind, State};
use crate::usecase::{Commands, Queries, Result};

/// The customer of key `key`, or its 404.
pub(super) fn customer_by_key<'s>(state: &'s State, key: &str) -> Result<&'s CustomerRecord> {
    state
        .customers
        .values()
        .find(|c| c.key.as_str() == key)
        .ok_or_else(|| AdminRecord::Customer.missing())
}

impl<'s> Queries<'s> {
    /// Every customer, or the one of id `only` (none when no customer has it).
    pub fn customers(&self, only: Option<u64>) -> Vec<&'s CustomerRecord> {
        self.state
            .customers
            .values()
            .filter(|c| only.is_none_or(|id| c.id == id))
            .collect()
    }

    /// The customer of key `key`.
    pub fn customer(&self, key: &str) -> Result<&'s CustomerRecord> {
        customer_by_key(self.state, key)
    }
}

impl Commands<'_> {
    /// Creates a customer; the customer stored.
    pub fn create_customer(&mut self, body: CustomerRequest) -> Result<CustomerRecord> {
        self.caller.administration_for_change()?;
        self.put_customer(body, None)
    }

    /// Updates the customer of key `key`; the customer stored.
    pub fn update_customer(&mut self, key: &str, body: CustomerRequest) -> Result<CustomerRecord> {
        self.caller.administration_for_change()?;
        let id = customer_by_key(self.state, key)?.id;
        self.put_customer(body, Some(id))
    }

    /// Deletes the customer of key `key`, unless an account uses it (S10.2: a 400 naming how
    /// many).
    pub fn delete_customer(&mut self, key: &str) -> Result<()> {
        self.caller.administration_for_change()?;
        let id = customer_by_key(self.state, key)?.id;
        unused(self.state, "customer", |a| a.customer_id == Some(id))?;
        self.state.apply(Command::DeleteCustomer(id));
        Ok(())
    }

    fn put_customer(&mut self, body: CustomerRequest, id: Option<u64>) -> Result<CustomerRecord> {
        let state = &*self.state;
        let keys = state.customers.values().map(|c| (c.id, &c.key));
        unique_key(keys, &body.key, id, messages::CUSTOMER_KEY_EXISTS)?;
        let record = CustomerRecord {
            id: id.unwrap_or_else(|| state.counters.next(IdKind::Customer)),
            key: body.key,
            name: body.name,
        };
        self.state.apply(Command::PutCustomer(record.clone()));
        Ok(record)
    }
}
