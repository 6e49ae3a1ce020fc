//! The operations of the core administration interface (`/core/3`, core-admin-api.md, and its
//! extensions), the deletion audit (`/audit/1`), the tokens (`/oauth`) and the host's own routes.

use schemars::{json_schema, Schema, SchemaGenerator};

use crate::api::operation_doc::{of, query, required, Answer, Operation, Param};
use crate::model::audit::{DeletedAllocation, DeletedEventsPage, DeletedWorklog};
use crate::model::core_admin::{
    Account, AccountLink, AccountLinkByProject, AccountLinkRequest, AccountRequest, Category,
    CategoryRequest, CategoryType, Customer, CustomerRequest, GenericResource,
    GenericResourceRequest, HolidayScheme, HolidaySchemeCreate, HolidaySchemeUpdate, ListEnvelope,
    PagedList,
};
use crate::model::core_ext::{
    Holiday, HolidayRequest, Member, MembersRequest, Project, ProjectRequest, SavedFilter,
    SavedFilterRequest, WorkloadScheme, WorkloadSchemeRequest, Worklog, WorklogRequest,
};
use Answer::{Empty, Json};

const PAGE: [Param; 2] = [
    query("offset", "integer", "How many to skip (default 0)"),
    query(
        "limit",
        "integer",
        "How many at most, 1 to 1000 (default 50)",
    ),
];
const WORKLOGS: [Param; 4] = [
    query("from", "date", "Worklogs on or after this day"),
    query("to", "date", "Worklogs on or before this day"),
    PAGE[0],
    PAGE[1],
];
const AUDIT: [Param; 3] = [
    required(
        "updatedFrom",
        "string",
        "Events at or after this time (yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss)",
    ),
    query("limit", "integer", "How many at most"),
    query(
        "lastEvaluatedKey",
        "string",
        "The key the previous page ended with",
    ),
];

fn ok(schema: fn(&mut SchemaGenerator) -> Schema) -> Answer {
    Json(200, schema)
}

/// The OAuth token answer (RFC 6749 section 5.1).
fn token(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["access_token", "token_type", "expires_in", "refresh_token", "scope"],
        "properties": {
            "access_token": { "type": "string" },
            "token_type": { "type": "string", "const": "Bearer" },
            "expires_in": { "type": "integer" },
            "refresh_token": { "type": "string" },
            "scope": { "type": "string" }
        }
    })
}

/// The planner's session: who is signed in, the CSRF token its changes send, when it ends.
fn session(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["user", "budgetAdmin", "csrf", "expiresAt"],
        "properties": {
            "user": { "type": "string" },
            "budgetAdmin": { "type": "boolean" },
            "csrf": { "type": "string" },
            "expiresAt": { "type": "string" }
        }
    })
}

/// A sign-in's credentials.
fn sign_in(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["username", "password"],
        "properties": { "username": { "type": "string" }, "password": { "type": "string" } }
    })
}

/// This document.
fn document(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "object", "description": "An OpenAPI 3.1 document" })
}

/// The operations, in the order of docs/api.md.
pub(super) fn operations() -> Vec<Operation> {
    let op = Operation::new;
    let ext = Operation::ext;
    vec![
        // Categories.
        op("POST", "/core/3/account-categories", "Create a category")
            .body(of::<CategoryRequest>)
            .answers(ok(of::<Category>)),
        op("GET", "/core/3/account-categories", "List categories")
            .query([query("id", "integer", "Only this category")])
            .answers(ok(of::<ListEnvelope<Category>>)),
        op("GET", "/core/3/account-categories/{key}", "Get a category").answers(ok(of::<Category>)),
        op(
            "PUT",
            "/core/3/account-categories/{key}",
            "Update a category",
        )
        .body(of::<CategoryRequest>)
        .answers(ok(of::<Category>)),
        op(
            "DELETE",
            "/core/3/account-categories/{key}",
            "Delete a category",
        ),
        op(
            "GET",
            "/core/3/account-category-types",
            "List category types",
        )
        .answers(ok(of::<ListEnvelope<CategoryType>>)),
        // Customers.
        op("POST", "/core/3/customers", "Create a customer")
            .body(of::<CustomerRequest>)
            .answers(ok(of::<Customer>)),
        op("GET", "/core/3/customers", "List customers")
            .query([query("id", "integer", "Only this customer")])
            .answers(ok(of::<ListEnvelope<Customer>>)),
        op("GET", "/core/3/customers/{key}", "Get a customer").answers(ok(of::<Customer>)),
        op("PUT", "/core/3/customers/{key}", "Update a customer")
            .body(of::<CustomerRequest>)
            .answers(ok(of::<Customer>)),
        op("DELETE", "/core/3/customers/{key}", "Delete a customer"),
        op(
            "GET",
            "/core/3/customers/{key}/accounts",
            "List accounts of a customer",
        )
        .answers(ok(of::<ListEnvelope<Account>>)),
        // Accounts.
        op("POST", "/core/3/accounts", "Create an account")
            .body(of::<AccountRequest>)
            .answers(ok(of::<Account>)),
        op(
            "GET",
            "/core/3/accounts",
            "List accounts (by ids, or by status)",
        )
        .query([
            query(
                "id",
                "integer",
                "Only these accounts (repeatable, at most 50); not with other parameters",
            ),
            query("status", "string", "OPEN, CLOSED or ARCHIVED"),
        ])
        .answers(ok(of::<ListEnvelope<Account>>)),
        op("GET", "/core/3/accounts/{key}", "Get an account").answers(ok(of::<Account>)),
        op("PUT", "/core/3/accounts/{key}", "Update an account")
            .body(of::<AccountRequest>)
            .answers(ok(of::<Account>)),
        op("DELETE", "/core/3/accounts/{key}", "Delete an account"),
        op(
            "GET",
            "/core/3/accounts/{key}/links",
            "List links of an account",
        )
        .answers(ok(of::<ListEnvelope<AccountLink>>)),
        // Account links.
        op("POST", "/core/3/account-links", "Create an account link")
            .body(of::<AccountLinkRequest>)
            .answers(ok(of::<AccountLink>)),
        op("GET", "/core/3/account-links/{id}", "Get an account link")
            .answers(ok(of::<AccountLink>)),
        op(
            "DELETE",
            "/core/3/account-links/{id}",
            "Delete an account link",
        ),
        ext(
            "GET",
            "/core/3/account-links/project/{key}",
            "List account links of a project",
        )
        .answers(ok(of::<ListEnvelope<AccountLinkByProject>>)),
        // Holiday schemes and holidays.
        op("GET", "/core/3/holiday-schemes", "List holiday schemes")
            .query(PAGE)
            .answers(ok(of::<PagedList<HolidayScheme>>)),
        op("POST", "/core/3/holiday-schemes", "Create a holiday scheme")
            .body(of::<HolidaySchemeCreate>)
            .answers(ok(of::<HolidayScheme>)),
        op(
            "GET",
            "/core/3/holiday-schemes/{id}",
            "Get a holiday scheme",
        )
        .answers(ok(of::<HolidayScheme>)),
        op(
            "PUT",
            "/core/3/holiday-schemes/{id}",
            "Update a holiday scheme",
        )
        .body(of::<HolidaySchemeUpdate>)
        .answers(ok(of::<HolidayScheme>)),
        ext(
            "DELETE",
            "/core/3/holiday-schemes/{id}",
            "Delete a holiday scheme",
        ),
        ext(
            "PUT",
            "/core/3/holiday-schemes/{id}/default",
            "Make a holiday scheme the default",
        ),
        ext(
            "POST",
            "/core/3/holiday-schemes/{id}/holidays",
            "Add a holiday to a scheme",
        )
        .body(of::<HolidayRequest>)
        .answers(ok(of::<Holiday>)),
        ext(
            "GET",
            "/core/3/holiday-schemes/{id}/holidays",
            "List holidays of a scheme",
        )
        .query([query(
            "year",
            "integer",
            "Only this year's (a FLOATING holiday only in its own year)",
        )])
        .answers(ok(of::<ListEnvelope<Holiday>>)),
        ext(
            "GET",
            "/core/3/holiday-schemes/{id}/holidays/{holidayId}",
            "Get a holiday",
        )
        .answers(ok(of::<Holiday>)),
        ext(
            "PUT",
            "/core/3/holiday-schemes/{id}/holidays/{holidayId}",
            "Update a holiday",
        )
        .body(of::<HolidayRequest>)
        .answers(ok(of::<Holiday>)),
        ext(
            "DELETE",
            "/core/3/holiday-schemes/{id}/holidays/{holidayId}",
            "Delete a holiday",
        ),
        ext(
            "POST",
            "/core/3/holiday-schemes/{id}/members",
            "Assign users to a holiday scheme",
        )
        .body(of::<MembersRequest>),
        ext(
            "GET",
            "/core/3/holiday-schemes/{id}/members",
            "List members of a holiday scheme",
        )
        .answers(ok(of::<ListEnvelope<Member>>)),
        ext(
            "GET",
            "/core/3/holiday-schemes/users/{key}",
            "The holiday scheme of a user",
        )
        .answers(ok(of::<HolidayScheme>)),
        // Workload schemes.
        ext(
            "POST",
            "/core/3/workload-schemes",
            "Create a workload scheme",
        )
        .body(of::<WorkloadSchemeRequest>)
        .answers(ok(of::<WorkloadScheme>)),
        ext("GET", "/core/3/workload-schemes", "List workload schemes")
            .query(PAGE)
            .answers(ok(of::<PagedList<WorkloadScheme>>)),
        ext(
            "GET",
            "/core/3/workload-schemes/{id}",
            "Get a workload scheme",
        )
        .answers(ok(of::<WorkloadScheme>)),
        ext(
            "PUT",
            "/core/3/workload-schemes/{id}",
            "Update a workload scheme",
        )
        .body(of::<WorkloadSchemeRequest>)
        .answers(ok(of::<WorkloadScheme>)),
        ext(
            "DELETE",
            "/core/3/workload-schemes/{id}",
            "Delete a workload scheme",
        ),
        ext(
            "PUT",
            "/core/3/workload-schemes/{id}/default",
            "Make a workload scheme the default",
        ),
        ext(
            "POST",
            "/core/3/workload-schemes/{id}/members",
            "Assign users to a workload scheme",
        )
        .body(of::<MembersRequest>),
        ext(
            "GET",
            "/core/3/workload-schemes/{id}/members",
            "List members of a workload scheme",
        )
        .answers(ok(of::<ListEnvelope<Member>>)),
        ext(
            "GET",
            "/core/3/workload-schemes/users/{key}",
            "The workload scheme of a user",
        )
        .answers(ok(of::<WorkloadScheme>)),
        // Generic resources.
        op(
            "POST",
            "/core/3/generic-resources",
            "Create a generic resource",
        )
        .body(of::<GenericResourceRequest>)
        .answers(ok(of::<GenericResource>)),
        ext("GET", "/core/3/generic-resources", "List generic resources")
            .query(PAGE)
            .answers(ok(of::<PagedList<GenericResource>>)),
        op(
            "GET",
            "/core/3/generic-resources/{id}",
            "Get a generic resource",
        )
        .answers(ok(of::<GenericResource>)),
        op(
            "PUT",
            "/core/3/generic-resources/{id}",
            "Update a generic resource",
        )
        .body(of::<GenericResourceRequest>)
        .answers(ok(of::<GenericResource>)),
        ext(
            "DELETE",
            "/core/3/generic-resources/{id}",
            "Delete a generic resource",
        ),
        // Tracker projects, saved filters, worklogs.
        ext("GET", "/core/3/projects", "List tracker projects")
            .query(PAGE)
            .answers(ok(of::<PagedList<Project>>)),
        ext(
            "PUT",
            "/core/3/projects/{id}",
            "Create or update a tracker project",
        )
        .body(of::<ProjectRequest>)
        .answers(ok(of::<Project>)),
        ext("GET", "/core/3/saved-filters", "List saved filters")
            .query(PAGE)
            .answers(ok(of::<PagedList<SavedFilter>>)),
        ext(
            "PUT",
            "/core/3/saved-filters/{id}",
            "Create or update a saved filter",
        )
        .body(of::<SavedFilterRequest>)
        .answers(ok(of::<SavedFilter>)),
        ext("POST", "/core/3/worklogs", "Create a worklog")
            .body(of::<WorklogRequest>)
            .answers(ok(of::<Worklog>)),
        ext("GET", "/core/3/worklogs", "List worklogs")
            .query([
                WORKLOGS[0],
                WORKLOGS[1],
                query(
                    "updatedFrom",
                    "string",
                    "Worklogs changed at or after this time",
                ),
                query(
                    "project",
                    "integer",
                    "Only worklogs of this project (repeatable)",
                ),
                PAGE[0],
                PAGE[1],
            ])
            .answers(ok(of::<PagedList<Worklog>>)),
        ext("GET", "/core/3/worklogs/{id}", "Get a worklog").answers(ok(of::<Worklog>)),
        ext("PUT", "/core/3/worklogs/{id}", "Update a worklog")
            .body(of::<WorklogRequest>)
            .answers(ok(of::<Worklog>)),
        ext(
            "DELETE",
            "/core/3/worklogs/{id}",
            "Delete a worklog (feeds the audit)",
        ),
        ext(
            "GET",
            "/core/3/worklogs/tracker/{id}",
            "Get a worklog by its tracker id",
        )
        .answers(ok(of::<Worklog>)),
        ext(
            "GET",
            "/core/3/worklogs/project/{key}",
            "Worklogs of a project",
        )
        .query(WORKLOGS)
        .answers(ok(of::<PagedList<Worklog>>)),
        ext("GET", "/core/3/worklogs/user/{key}", "Worklogs of a user")
            .query(WORKLOGS)
            .answers(ok(of::<PagedList<Worklog>>)),
        ext(
            "GET",
            "/core/3/worklogs/issue/{key}",
            "Worklogs of an issue",
        )
        .query(WORKLOGS)
        .answers(ok(of::<PagedList<Worklog>>)),
        // The deletion audit.
        op(
            "GET",
            "/audit/1/events/deleted/types/worklog",
            "Deleted worklogs (administrators, S11.6)",
        )
        .query(AUDIT)
        .answers(ok(of::<DeletedEventsPage<DeletedWorklog>>)),
        op(
            "GET",
            "/audit/1/events/deleted/types/allocation",
            "Deleted allocations (administrators, S11.6)",
        )
        .query(AUDIT)
        .answers(ok(of::<DeletedEventsPage<DeletedAllocation>>)),
        // Tokens.
        op(
            "POST",
            "/oauth/token/",
            "Exchange an authorization code or a refresh token",
        )
        .form(&[
            ("grant_type", true),
            ("client_id", true),
            ("client_secret", true),
            ("code", false),
            ("redirect_uri", false),
            ("refresh_token", false),
        ])
        .answers(ok(token)),
        op(
            "POST",
            "/oauth/revoke_token/",
            "Revoke a token and its pair",
        )
        .form(&[
            ("client_id", true),
            ("client_secret", true),
            ("token", true),
            ("token_type_hint", false),
        ])
        .answers(Empty(200)),
        ext(
            "GET",
            "/oauth/authorize",
            "The page where a user signs in and grants a client access",
        )
        .query([
            required("client_id", "string", "The client"),
            required("redirect_uri", "string", "Where to send the code"),
            query("state", "string", "Given back with the code"),
        ])
        .answers(Answer::Text(200)),
        // The host's own routes.
        ext("GET", "/healthz", "200 while the process serves").answers(Answer::Text(200)),
        ext(
            "GET",
            "/readyz",
            "200 when caught up with the journal and the database answers; 503 otherwise",
        )
        .answers(Answer::Text(200)),
        ext("GET", "/session", "Who is signed in to the planner").answers(ok(session)),
        ext(
            "POST",
            "/session",
            "Sign in to the planner: an HttpOnly, SameSite=Strict cookie",
        )
        .body(sign_in)
        .answers(ok(session)),
        ext("DELETE", "/session", "Sign out"),
        ext("GET", "/openapi.json", "This document").answers(ok(document)),
    ]
}
