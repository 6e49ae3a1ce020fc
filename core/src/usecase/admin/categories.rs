//! Account categories and their four types (S10.1, S10.2): keys unique, a category in use by an
//! account not deleted.

use super::{unique_key, unused, AdminRecord};
use crate::model::core_admin::{CategoryRequest, CategoryTypeName};
use crate::model::messages;
use crate::state::{CategoryRecord, Command, IdKind, State};
use crate::usecase::{Commands, Queries, Result};

/// The category of key `key`, or its 404.
pub(super) fn category_by_key<'s>(state: &'s State, key: &str) -> Result<&'s CategoryRecord> {
    state
        .categories
        .values()
        .find(|c| c.key.as_str() == key)
        .ok_or_else(|| AdminRecord::Category.missing())
}

impl<'s> Queries<'s> {
    /// Every category, or the one of id `only` (none when no category has it).
    pub fn categories(&self, only: Option<u64>) -> Vec<&'s CategoryRecord> {
        self.state
            .categories
            .values()
            .filter(|c| only.is_none_or(|id| c.id == id))
            .collect()
    }

    /// The category of key `key`.
    pub fn category(&self, key: &str) -> Result<&'s CategoryRecord> {
        category_by_key(self.state, key)
    }

    /// The four types of category.
    pub fn category_types(&self) -> [CategoryTypeName; 4] {
        CategoryTypeName::ALL
    }
}

impl Commands<'_> {
    /// Creates a category (without a type, OPERATIONAL); the category stored.
    pub fn create_category(&mut self, body: CategoryRequest) -> Result<CategoryRecord> {
        self.caller.administration_for_change()?;
        self.put_category(body, None)
    }

    /// Updates the category of key `key` (without a type, it keeps its own); the category stored.
    pub fn update_category(&mut self, key: &str, body: CategoryRequest) -> Result<CategoryRecord> {
        self.caller.administration_for_change()?;
        let id = category_by_key(self.state, key)?.id;
        self.put_category(body, Some(id))
    }

    /// Deletes the category of key `key`, unless an account uses it (S10.2: a 400 naming how
    /// many).
    pub fn delete_category(&mut self, key: &str) -> Result<()> {
        self.caller.administration_for_change()?;
        let id = category_by_key(self.state, key)?.id;
        unused(self.state, "category", |a| a.category_id == Some(id))?;
        self.state.apply(Command::DeleteCategory(id));
        Ok(())
    }

    fn put_category(&mut self, body: CategoryRequest, id: Option<u64>) -> Result<CategoryRecord> {
        let state = &*self.state;
        let keys = state.categories.values().map(|c| (c.id, &c.key));
        unique_key(keys, &body.key, id, messages::CATEGORY_KEY_EXISTS)?;
        let previous = id
            .and_then(|id| state.categories.get(&id))
            .map(|c| c.type_name);
        let record = CategoryRecord {
            id: id.unwrap_or_else(|| state.counters.next(IdKind::Category)),
            key: body.key,
            name: body.name,
            // Without a typeName a new category is OPERATIONAL; an update keeps its type.
            type_name: body
                .type_name
                .or(previous)
                .unwrap_or(CategoryTypeName::Operational),
        };
        self.state.apply(Command::PutCategory(record.clone()));
        Ok(record)
    }
}
