//! Wire shapes with absolute addresses (S10.6), lists and pages: the core interface's presenter
//! of the records its use cases answer.

use super::audit::with_query;
use super::http::{Context, Request, Response};
use super::reply::{self, core_error, Outcome};
use crate::model::core_admin::{
    Account, AccountLink, AccountLinkByProject, Category, CategoryType, Contact, ContactType,
    Customer, GenericResource, HolidayScheme, Lead, LinkScope, ListEnvelope, ListMetadata,
    PageMetadata, PagedList, ScopeType, SelfLink, UserRef,
};
use crate::model::core_ext::{
    Holiday, IssueRef, Member, Project, SavedFilter, WeekdayName, WorkloadDay, WorkloadScheme,
    Worklog,
};
use crate::model::Id;
use crate::state::{
    AccountRecord, CategoryRecord, ContactRecord, CustomerRecord, GenericResourceRecord,
    HolidayRecord, HolidaySchemeRecord, LinkRecord, ProjectRecord, SavedFilterRecord, State,
    WorkloadSchemeRecord, WorklogRecord,
};

/// Paging of lists (S10.4).
const DEFAULT_LIMIT: u64 = 50;
const MAX_LIMIT: u64 = 1000;

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

    /// A user by accountId, with their address.
    fn user(&self, account_id: &str) -> UserRef {
        UserRef {
            self_: self.url(&format!("/users/{account_id}")),
            account_id: account_id.to_owned(),
        }
    }

    pub(crate) fn resource(&self, record: &GenericResourceRecord) -> GenericResource {
        GenericResource {
            self_: self.url(&format!("/generic-resources/{}", record.id)),
            id: Id::new(record.id),
            name: record.name.clone(),
            created_at: record.created_at,
            created_by: self.user(&record.created_by),
            updated_at: record.updated_at,
            updated_by: self.user(&record.updated_by),
        }
    }

    /// A link of a project, with its whole account.
    pub(crate) fn project_link(
        &self,
        state: &State,
        link: &LinkRecord,
        account: &AccountRecord,
    ) -> AccountLinkByProject {
        AccountLinkByProject {
            self_: self.url(&format!("/account-links/{}", link.id)),
            id: Id::new(link.id),
            scope: SelfLink {
                self_: self.url(&format!("/projects/{}", link.project_id)),
            },
            account: self.account(state, account),
        }
    }

    pub(crate) fn holiday(&self, record: &HolidayRecord) -> Holiday {
        Holiday {
            self_: self.url(&format!(
                "/holiday-schemes/{}/holidays/{}",
                record.scheme_id, record.id
            )),
            id: Id::new(record.id),
            scheme_id: Id::new(record.scheme_id),
            holiday_type: record.kind,
            name: record.name.clone(),
            description: record.description.clone(),
            duration_seconds: record.duration_seconds,
            date: record.date,
        }
    }

    /// A member of a scheme, with their address.
    pub(crate) fn member(&self, account_id: &str) -> Member {
        Member {
            self_: self.url(&format!("/users/{account_id}")),
            account_id: account_id.to_owned(),
        }
    }

    pub(crate) fn workload(&self, record: &WorkloadSchemeRecord) -> WorkloadScheme {
        WorkloadScheme {
            self_: self.url(&format!("/workload-schemes/{}", record.id)),
            id: Id::new(record.id),
            name: record.name.clone(),
            description: record.description.clone(),
            default_scheme: record.default_scheme,
            member_count: record.members.len() as u64,
            days: WeekdayName::ALL
                .iter()
                .map(|&day| WorkloadDay {
                    day,
                    required_seconds: record.seconds[day.index()],
                })
                .collect(),
        }
    }

    pub(crate) fn project(&self, record: &ProjectRecord) -> Project {
        Project {
            self_: self.url(&format!("/projects/{}", record.id)),
            id: Id::new(record.id),
            key: record.key.clone(),
            name: record.name.clone(),
        }
    }

    pub(crate) fn filter(&self, record: &SavedFilterRecord) -> SavedFilter {
        SavedFilter {
            self_: self.url(&format!("/saved-filters/{}", record.id)),
            id: Id::new(record.id),
            name: record.name.clone(),
            project_ids: record.project_ids.iter().map(|&p| Id::new(p)).collect(),
        }
    }

    pub(crate) fn worklog(&self, record: &WorklogRecord) -> Worklog {
        Worklog {
            self_: self.url(&format!("/worklogs/{}", record.id)),
            service_worklog_id: Id::new(record.id),
            tracker_worklog_id: Id::new(record.tracker_id),
            issue: IssueRef {
                self_: self.url(&format!("/issues/{}", record.issue_key)),
                key: record.issue_key.clone(),
            },
            time_spent_seconds: record.seconds,
            billable_seconds: record.billable_seconds,
            start_date: record.start_date,
            start_time: record.start_time.clone(),
            description: record.description.clone(),
            created_at: record.created_at,
            updated_at: record.updated_at,
            author: self.user(&record.author),
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

    /// The 200 answer of a whole list (not paged) of what a use case answers, each item as
    /// `render` shows it; or the use case's refusal.
    pub(crate) fn listed<R, T: serde::Serialize>(
        &self,
        request: &Request,
        result: crate::usecase::Result<Vec<R>>,
        render: impl FnMut(R) -> T,
    ) -> Outcome {
        let results = reply::core_answer(result)?
            .into_iter()
            .map(render)
            .collect();
        Ok(reply::ok(200, &self.list(request, results)))
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
