//! What the rows' documentation is written with (the core's `schema` feature): the summary of an
//! operation of the contract or of an extension, the page parameters the lists share, and the wire
//! types the bodies and answers are.

pub(super) use crate::api::operation_doc::Answer::Json;
pub(super) use crate::api::operation_doc::{of, query, Answer, Operation, Param};
pub(super) use crate::model::core_admin::{
    Account, AccountLink, AccountLinkByProject, AccountLinkRequest, AccountRequest, Category,
    CategoryRequest, Customer, CustomerRequest, GenericResource, GenericResourceRequest,
    HolidayScheme, HolidaySchemeCreate, HolidaySchemeUpdate, ListEnvelope, PagedList,
};
pub(super) use crate::model::core_ext::{
    Holiday, HolidayRequest, Member, MembersRequest, Project, ProjectRequest, SavedFilter,
    SavedFilterRequest, WorkloadScheme, WorkloadSchemeRequest, Worklog, WorklogRequest,
};

/// An operation of the contract, saying `summary`; its row gives its method and path.
pub(super) fn op(summary: &'static str) -> Operation {
    Operation::new("", "", summary)
}

/// An extension (../shared/design/extensions.md), saying `summary`.
pub(super) fn ext(summary: &'static str) -> Operation {
    Operation::ext("", "", summary)
}

pub(super) const PAGE: [Param; 2] = [
    query("offset", "integer", "How many to skip (default 0)"),
    query(
        "limit",
        "integer",
        "How many at most, 1 to 1000 (default 50)",
    ),
];
pub(super) const WORKLOGS: [Param; 4] = [
    query("from", "date", "Worklogs on or after this day"),
    query("to", "date", "Worklogs on or before this day"),
    PAGE[0],
    PAGE[1],
];
/// A JSON answer of 200.
pub(super) fn ok(schema: crate::api::operation_doc::SchemaFn) -> Answer {
    Json(200, schema)
}
