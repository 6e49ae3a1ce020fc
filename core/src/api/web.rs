//! Wire shapes with absolute addresses (S10.6), lists and pages.

use super::audit::with_query;
use super::http::{Context, Request, Response};
use super::reply::{self, core_error};
use crate::model::core_admin::{
    Account, AccountLink, Category, CategoryType, Contact, ContactType, Customer, GenericResource,
    HolidayScheme, Lead, LinkScope, ListEnvelope, ListMetadata, PageMetadata, PagedList, ScopeType,
    SelfLink, UserRef,
};
use crate::model::Id;
use crate::state::{
    AccountRecord, CategoryRecord, ContactRecord, CustomerRecord, GenericResourceRecord,
    HolidaySchemeRecord, LinkRecord, State,
};

/// Paging of lists (S10.4).
const DEFAULT_LIMIT: u64 = 50;
const MAX_LIMIT: u64 = 1000;

type Outcome = Result<Response, Response>;

// Wire shapes, with absolute addresses (S10.6) ------------------------------------------------

/// Builds wire shapes with absolute addresses from the request's context.
pub(crate) struct Web<'c> {
    /// The request's context.
    pub(crate) context: &'c Context,
}

impl Web<'_> {
    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}/core/3{path}", self.context.base_url)
    }

    pub(crate) fn account(&self, state: &State, record: &AccountRecord) -> Account {
        let key = record.key.as_str();
        Account {
            self_: self.url(&format!("/accounts/{key}")),
            key: record.key.clone(),
            id: Id::new(record.id),
            name: record.name.clone(),
            status: record.status,
            global: record.global,
            monthly_budget: record.monthly_budget,
            lead: Lead {
                self_: None,
                account_id: record.lead_account_id.clone(),
                display_name: None,
            },
            contact: record.contact.as_ref().map(|contact| match contact {
                ContactRecord::User(account_id) => Contact {
                    self_: None,
                    account_id: Some(account_id.clone()),
                    display_name: account_id.clone(),
                    contact_type: ContactType::User,
                },
                ContactRecord::External(name) => Contact {
                    self_: None,
                    account_id: None,
                    display_name: name.clone(),
                    contact_type: ContactType::External,
                },
            }),
            category: record
                .category_id
                .and_then(|id| state.categories.get(&id))
                .map(|c| self.category(c)),
            customer: record
                .customer_id
                .and_then(|id| state.customers.get(&id))
                .map(|c| self.customer(c)),
            links: SelfLink {
                self_: self.url(&format!("/accounts/{key}/links")),
            },
        }
    }

    pub(crate) fn category(&self, record: &CategoryRecord) -> Category {
        Category {
            self_: self.url(&format!("/account-categories/{}", record.key.as_str())),
            key: record.key.clone(),
            id: Id::new(record.id),
            name: record.name.clone(),
            category_type: CategoryType {
                name: record.type_name,
            },
        }
    }

    pub(crate) fn customer(&self, record: &CustomerRecord) -> Customer {
        Customer {
            self_: self.url(&format!("/customers/{}", record.key.as_str())),
            key: record.key.clone(),
            id: Id::new(record.id),
            name: record.name.clone(),
        }
    }

    pub(crate) fn link(&self, state: &State, record: &LinkRecord) -> AccountLink {
        let account_key = state
            .accounts
            .get(&record.account_id)
            .map(|a| a.key.as_str().to_owned())
            .unwrap_or_default();
        AccountLink {
            self_: self.url(&format!("/account-links/{}", record.id)),
            id: Id::new(record.id),
            scope: LinkScope {
                self_: self.url(&format!("/projects/{}", record.project_id)),
                id: Id::new(record.project_id),
                scope_type: ScopeType::Project,
            },
            account: SelfLink {
                self_: self.url(&format!("/accounts/{account_key}")),
            },
        }
    }

    pub(crate) fn scheme(&self, record: &HolidaySchemeRecord) -> HolidayScheme {
        HolidayScheme {
            self_: self.url(&format!("/holiday-schemes/{}", record.id)),
            id: Id::new(record.id),
            name: record.name.clone(),
            description: record.description.clone(),
            default_scheme: record.default_scheme,
            member_count: record.members.len() as u64,
        }
    }

    pub(crate) fn resource(&self, record: &GenericResourceRecord) -> GenericResource {
        let user = |account_id: &str| UserRef {
            self_: self.url(&format!("/users/{account_id}")),
            account_id: account_id.to_owned(),
        };
        GenericResource {
            self_: self.url(&format!("/generic-resources/{}", record.id)),
            id: Id::new(record.id),
            name: record.name.clone(),
            created_at: record.created_at,
            created_by: user(&record.created_by),
            updated_at: record.updated_at,
            updated_by: user(&record.updated_by),
        }
    }

    pub(crate) fn request_url(&self, request: &Request, params: &[(String, String)]) -> String {
        with_query(
            &format!("{}{}", self.context.base_url, request.path),
            params,
        )
    }

    pub(crate) fn list<T>(&self, request: &Request, results: Vec<T>) -> ListEnvelope<T> {
        ListEnvelope {
            self_: self.request_url(request, &request.query),
            metadata: ListMetadata {
                count: results.len() as u64,
            },
            results,
        }
    }

    /// A page of `all` by `offset` and `limit` (S10.4), with absolute next and previous.
    pub(crate) fn page<T: serde::Serialize>(&self, request: &Request, all: Vec<T>) -> Outcome {
        let number = |name: &str, default: u64| -> Result<u64, Response> {
            match request.param_value(name) {
                None => Ok(default),
                Some(text) => text.parse::<u64>().map_err(|_| {
                    core_error(
                        400,
                        &format!("{name} must be a whole number 0 or more, got {text:?}"),
                    )
                }),
            }
        };
        let offset = number("offset", 0)?;
        let limit = number("limit", DEFAULT_LIMIT)?;
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(core_error(
                400,
                &format!("limit must be from 1 to {MAX_LIMIT}, got {limit}"),
            ));
        }
        let total = all.len() as u64;
        let results: Vec<T> = all
            .into_iter()
            .skip(offset as usize)
            .take(limit as usize)
            .collect();
        let at = |offset: u64| {
            let mut params: Vec<(String, String)> = request
                .query
                .iter()
                .filter(|(n, _)| n != "offset" && n != "limit")
                .cloned()
                .collect();
            params.push(("offset".into(), offset.to_string()));
            params.push(("limit".into(), limit.to_string()));
            self.request_url(request, &params)
        };
        let next = (offset + limit < total).then(|| at(offset + limit));
        let previous = (offset > 0).then(|| at(offset.saturating_sub(limit)));
        let page = PagedList {
            self_: self.request_url(request, &request.query),
            metadata: PageMetadata {
                count: results.len() as u64,
                offset,
                limit,
                next,
                previous,
            },
            results,
        };
        Ok(reply::ok(200, &page))
    }
}
