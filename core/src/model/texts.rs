//! Every text and list of the bodies the interfaces take, each with its kind (S11.7): what
//! [`crate::value::check_texts`] holds to the kinds' bounds. One list per body, here, so that
//! the bounds of all of them can be read in one place (docs/security.md, "Limits").
//!
//! Fields the service sets itself (`reporter`, ids, dates) are not listed: a value in a body is
//! ignored. Names and keys typed as [`crate::value::Name`] and [`crate::value::Key`] check
//! themselves when read.

use super::budgeting::{
    CustomFieldDefinition, Expense, Folio, FolioSummary, OvertimeRule, Portfolio, Position,
    ScopeItem, ScopeItems,
};
use super::core_admin::{AccountRequest, HolidaySchemeCreate, HolidaySchemeUpdate};
use super::core_ext::{
    HolidayRequest, MembersRequest, SavedFilterRequest, WorkloadSchemeRequest, WorklogRequest,
};
use crate::value::{ListKind, TextCheck, TextKind, Texts};

impl Texts for Folio {
    fn texts(&self, check: &mut TextCheck) {
        check.text("name", TextKind::Name, &self.name);
        check.text("description", TextKind::Description, &self.description);
        check.text("owner", TextKind::Key, &self.owner);
    }
}

impl Texts for FolioSummary {
    fn texts(&self, check: &mut TextCheck) {
        check.text("name", TextKind::Name, &self.name);
        check.text("owner", TextKind::Key, &self.owner);
    }
}

impl Texts for Expense {
    fn texts(&self, check: &mut TextCheck) {
        check.text("name", TextKind::Name, &self.name);
        check.text("description", TextKind::Description, &self.description);
        check.text("type", TextKind::Name, &self.expense_type);
        check.optional("sourceKey", TextKind::Name, self.source_key.as_deref());
        if let Some(labels) = &self.labels {
            check.list("labels", ListKind::Labels, labels, |check, label| {
                check.json("", TextKind::Name, label);
            });
        }
        if let Some(weekdays) = &self.recurrence.recurrence_on {
            check.list(
                "recurrence.recurrenceOn",
                ListKind::Weekdays,
                weekdays,
                |_, _| {},
            );
        }
    }
}

impl Texts for Position {
    fn texts(&self, check: &mut TextCheck) {
        check.text("name", TextKind::Name, &self.name);
        check.text("description", TextKind::Description, &self.description);
        check.text("title", TextKind::Name, &self.title);
        check.optional("category", TextKind::Name, self.category.as_deref());
        // An account's key is as long as S10.1 lets it be.
        check.optional("accountKey", TextKind::Name, self.account_key.as_deref());
        check.optional("member", TextKind::Key, self.member.as_deref());
    }
}

impl Texts for Portfolio {
    fn texts(&self, check: &mut TextCheck) {
        check.text("name", TextKind::Name, &self.name);
        check.text("owner", TextKind::Key, &self.owner);
        check.text("color", TextKind::Colour, &self.color);
        check.list("admins", ListKind::Admins, &self.admins, |check, admin| {
            check.text("", TextKind::Key, admin);
        });
        check.optional(
            "description",
            TextKind::Description,
            self.description.as_deref(),
        );
        // How many folios a portfolio lists is bounded by its own rule (at most 100).
        for (at, folio) in self.folios.iter().enumerate() {
            check.nested(&format!("folios[{at}]"), folio);
        }
    }
}

impl Texts for CustomFieldDefinition {
    fn texts(&self, check: &mut TextCheck) {
        check.text("name", TextKind::Name, &self.name);
        if let Some(options) = &self.options {
            check.list("options", ListKind::Options, options, |check, option| {
                check.json("", TextKind::Name, option);
            });
        }
    }
}

impl Texts for ScopeItem {
    fn texts(&self, check: &mut TextCheck) {
        check.text("key", TextKind::Key, &self.key);
    }
}

impl Texts for ScopeItems {
    fn texts(&self, check: &mut TextCheck) {
        check.list("items", ListKind::ScopeItems, &self.items, |check, item| {
            item.texts(check);
        });
    }
}

impl Texts for OvertimeRule {
    fn texts(&self, check: &mut TextCheck) {
        check.text("name", TextKind::Name, &self.name);
    }
}

impl Texts for AccountRequest {
    fn texts(&self, check: &mut TextCheck) {
        check.text("leadAccountId", TextKind::Key, &self.lead_account_id);
        check.optional(
            "contactAccountId",
            TextKind::Key,
            self.contact_account_id.as_deref(),
        );
        check.optional(
            "externalContactName",
            TextKind::Name,
            self.external_contact_name.as_deref(),
        );
    }
}

impl Texts for HolidaySchemeCreate {
    fn texts(&self, check: &mut TextCheck) {
        check.optional(
            "description",
            TextKind::Description,
            self.description.as_deref(),
        );
    }
}

impl Texts for HolidaySchemeUpdate {
    fn texts(&self, check: &mut TextCheck) {
        check.optional(
            "description",
            TextKind::Description,
            self.description.as_deref(),
        );
    }
}

impl Texts for HolidayRequest {
    fn texts(&self, check: &mut TextCheck) {
        check.optional(
            "description",
            TextKind::Description,
            self.description.as_deref(),
        );
    }
}

impl Texts for WorkloadSchemeRequest {
    fn texts(&self, check: &mut TextCheck) {
        check.optional(
            "description",
            TextKind::Description,
            self.description.as_deref(),
        );
    }
}

impl Texts for MembersRequest {
    fn texts(&self, check: &mut TextCheck) {
        check.list(
            "accountIds",
            ListKind::Members,
            &self.account_ids,
            |check, id| {
                check.text("", TextKind::Key, id);
            },
        );
    }
}

impl Texts for WorklogRequest {
    fn texts(&self, check: &mut TextCheck) {
        check.text("issueKey", TextKind::Key, &self.issue_key);
        check.optional("description", TextKind::Note, self.description.as_deref());
        check.text("authorAccountId", TextKind::Key, &self.author_account_id);
    }
}

impl Texts for SavedFilterRequest {
    fn texts(&self, check: &mut TextCheck) {
        check.list(
            "projectIds",
            ListKind::Projects,
            &self.project_ids,
            |_, _| {},
        );
    }
}
