//! The table of every route of `/core/3` and both audit feeds, and the match arms of the core's
//! routers that it must cover (used by
//! tests/access_admin.rs).

use crate::access_admin_world::{
    ACCOUNT_CREATE, ACCOUNT_UPDATE, CATEGORY_CREATE, CATEGORY_UPDATE, CUSTOMER_CREATE,
    CUSTOMER_UPDATE, FILTER_UPDATE, HOLIDAY_CREATE, HOLIDAY_SCHEME_CREATE, HOLIDAY_SCHEME_UPDATE,
    HOLIDAY_UPDATE, LINK, MEMBERS_UPDATE, PROJECT_UPDATE, RESOURCE_CREATE, RESOURCE_UPDATE,
    WORKLOAD_SCHEME_CREATE, WORKLOAD_SCHEME_UPDATE, WORKLOG_CREATE, WORKLOG_UPDATE,
};

// =============================================================================================
// The routes
// =============================================================================================

/// One route: a method, a full path (with a query string where the route needs one), the body of
/// a change, and for a read a text its answer must hold (what the fixture put there).
#[derive(Debug, Clone, Copy)]
pub struct Route {
    pub name: &'static str,
    pub method: &'static str,
    pub path: &'static str,
    pub body: Option<&'static str>,
    pub shows: Option<&'static str>,
}

impl Route {
    pub fn is_read(&self) -> bool {
        self.method == "GET"
    }

    pub fn is_audit(&self) -> bool {
        self.path.starts_with("/audit/1/")
    }

    /// The path's segments below `/core/3`, without the query string; `None` for the audit.
    pub fn core_segments(&self) -> Option<Vec<&'static str>> {
        let rest = self.path.strip_prefix("/core/3/")?;
        let rest = rest.split('?').next().unwrap_or(rest);
        Some(rest.trim_matches('/').split('/').collect())
    }
}

pub const fn route(
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
    shows: Option<&'static str>,
) -> Route {
    Route {
        name,
        method,
        path,
        body,
        shows,
    }
}

pub const fn read(name: &'static str, path: &'static str, shows: &'static str) -> Route {
    route(name, "GET", path, None, Some(shows))
}

pub const fn change(
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
) -> Route {
    route(name, method, path, body, None)
}

/// Every route matched in `core/src/api/core_admin.rs` and `core/src/api/core_ext.rs` (their
/// `read_route` and `route`), and both audit feeds. Every change, made by the administrator on the
/// fixture, succeeds (the deletions name records nothing else uses).
#[rustfmt::skip]
pub const ROUTES: &[Route] = &[
    // Accounts.
    read("accounts list", "/core/3/accounts", r#""key":"ACME""#),
    read("accounts list by status", "/core/3/accounts?status=OPEN", r#""key":"ACME""#),
    read("account get", "/core/3/accounts/ACME", r#""name":"Acme""#),
    read("account links", "/core/3/accounts/ACME/links", "/core/3/account-links/1"),
    change("account create", "POST", "/core/3/accounts", Some(ACCOUNT_CREATE)),
    change("account update", "PUT", "/core/3/accounts/ACME", Some(ACCOUNT_UPDATE)),
    change("account delete", "DELETE", "/core/3/accounts/ACME", None),
    // Categories and their types.
    read("categories list", "/core/3/account-categories", r#""key":"SPARE""#),
    read("category get", "/core/3/account-categories/DEV", r#""name":"Development""#),
    read("category types", "/core/3/account-category-types", "BILLABLE"),
    change("category create", "POST", "/core/3/account-categories", Some(CATEGORY_CREATE)),
    change("category update", "PUT", "/core/3/account-categories/DEV", Some(CATEGORY_UPDATE)),
    change("category delete", "DELETE", "/core/3/account-categories/SPARE", None),
    // Account links.
    read("link get", "/core/3/account-links/1", "/core/3/accounts/ACME"),
    read("links by project", "/core/3/account-links/project/ABC", r#""key":"ACME""#),
    change("link create", "POST", "/core/3/account-links", Some(LINK)),
    change("link delete", "DELETE", "/core/3/account-links/1", None),
    // Customers.
    read("customers list", "/core/3/customers", r#""key":"SPARE""#),
    read("customer get", "/core/3/customers/CUST", r#""name":"Customer""#),
    read("customer accounts", "/core/3/customers/CUST/accounts", r#""key":"ACME""#),
    change("customer create", "POST", "/core/3/customers", Some(CUSTOMER_CREATE)),
    change("customer update", "PUT", "/core/3/customers/CUST", Some(CUSTOMER_UPDATE)),
    change("customer delete", "DELETE", "/core/3/customers/SPARE", None),
    // Holiday schemes, their holidays, members and default.
    read("holiday schemes list", "/core/3/holiday-schemes", r#""name":"Germany""#),
    read("holiday scheme get", "/core/3/holiday-schemes/2", r#""memberCount":2"#),
    read("holiday scheme of a user", "/core/3/holiday-schemes/users/ada", r#""name":"Germany""#),
    read("holidays list", "/core/3/holiday-schemes/2/holidays", r#""name":"Christmas""#),
    read("holiday get", "/core/3/holiday-schemes/2/holidays/1", r#""name":"Christmas""#),
    read("holiday scheme members", "/core/3/holiday-schemes/2/members", r#""accountId":"bob""#),
    change("holiday scheme create", "POST", "/core/3/holiday-schemes", Some(HOLIDAY_SCHEME_CREATE)),
    change("holiday scheme update", "PUT", "/core/3/holiday-schemes/2", Some(HOLIDAY_SCHEME_UPDATE)),
    change("holiday scheme delete", "DELETE", "/core/3/holiday-schemes/2", None),
    change("holiday scheme default", "PUT", "/core/3/holiday-schemes/2/default", None),
    change("holiday create", "POST", "/core/3/holiday-schemes/2/holidays", Some(HOLIDAY_CREATE)),
    change("holiday update", "PUT", "/core/3/holiday-schemes/2/holidays/1", Some(HOLIDAY_UPDATE)),
    change("holiday delete", "DELETE", "/core/3/holiday-schemes/2/holidays/1", None),
    change("holiday scheme members set", "POST", "/core/3/holiday-schemes/2/members", Some(MEMBERS_UPDATE)),
    // Workload schemes, their members and default.
    read("workload schemes list", "/core/3/workload-schemes", r#""name":"Four days""#),
    read("workload scheme get", "/core/3/workload-schemes/2", r#""name":"Four days""#),
    read("workload scheme of a user", "/core/3/workload-schemes/users/ada", r#""name":"Four days""#),
    read("workload scheme members", "/core/3/workload-schemes/2/members", r#""accountId":"ada""#),
    change("workload scheme create", "POST", "/core/3/workload-schemes", Some(WORKLOAD_SCHEME_CREATE)),
    change("workload scheme update", "PUT", "/core/3/workload-schemes/2", Some(WORKLOAD_SCHEME_UPDATE)),
    change("workload scheme delete", "DELETE", "/core/3/workload-schemes/2", None),
    change("workload scheme default", "PUT", "/core/3/workload-schemes/2/default", None),
    change("workload scheme members set", "POST", "/core/3/workload-schemes/2/members", Some(MEMBERS_UPDATE)),
    // Generic resources.
    read("generic resources list", "/core/3/generic-resources", r#""name":"Senior engineer""#),
    read("generic resource get", "/core/3/generic-resources/1", r#""name":"Senior engineer""#),
    change("generic resource create", "POST", "/core/3/generic-resources", Some(RESOURCE_CREATE)),
    change("generic resource update", "PUT", "/core/3/generic-resources/1", Some(RESOURCE_UPDATE)),
    change("generic resource delete", "DELETE", "/core/3/generic-resources/1", None),
    // Projects and saved filters (the interface reads both as lists only).
    read("projects list", "/core/3/projects", r#""key":"ABC""#),
    change("project put", "PUT", "/core/3/projects/10000", Some(PROJECT_UPDATE)),
    change("saved filter put", "PUT", "/core/3/saved-filters/7", Some(FILTER_UPDATE)),
    read("saved filters list", "/core/3/saved-filters", r#""projectIds""#),
    // Worklogs.
    read("worklogs list", "/core/3/worklogs?from=2026-03-01&to=2026-03-31", r#""key":"ABC-12""#),
    read("worklog get", "/core/3/worklogs/1", r#""trackerWorklogId":5001"#),
    read("worklog by tracker id", "/core/3/worklogs/tracker/5001", r#""serviceWorklogId":1"#),
    read("worklogs of a project", "/core/3/worklogs/project/ABC", r#""key":"ABC-12""#),
    read("worklogs of a user", "/core/3/worklogs/user/ada", r#""key":"ABC-12""#),
    read("worklogs of an issue", "/core/3/worklogs/issue/ABC-12", r#""key":"ABC-12""#),
    change("worklog create", "POST", "/core/3/worklogs", Some(WORKLOG_CREATE)),
    change("worklog update", "PUT", "/core/3/worklogs/1", Some(WORKLOG_UPDATE)),
    change("worklog delete", "DELETE", "/core/3/worklogs/1", None),
    // The deletion audit.
    read("audit worklogs", "/audit/1/events/deleted/types/worklog?updatedFrom=2026-01-01", r#""serviceWorklogId":2"#),
    read("audit allocations", "/audit/1/events/deleted/types/allocation?updatedFrom=2026-01-01", r#""deletedAt":"2026-11-21T10:00:00.000","id":1"#),
];

// =============================================================================================
// The routers' match arms
// =============================================================================================

/// One match arm of the routers: its method and its segments (`Some` a literal, `None` a
/// variable).
#[derive(Debug, Clone)]
pub struct Arm {
    pub file: &'static str,
    pub method: String,
    pub segments: Vec<Option<String>>,
}

impl Arm {
    pub fn matches(&self, method: &str, segments: &[&str]) -> bool {
        self.method == method
            && self.segments.len() == segments.len()
            && self
                .segments
                .iter()
                .zip(segments)
                .all(|(pattern, given)| pattern.as_deref().is_none_or(|literal| literal == *given))
    }
}

impl std::fmt::Display for Arm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let segments: Vec<String> = self
            .segments
            .iter()
            .map(|s| s.as_ref().map_or("{_}".to_owned(), |l| l.clone()))
            .collect();
        write!(f, "{} /{} ({})", self.method, segments.join("/"), self.file)
    }
}

/// The rows of the interface's table of operations (`costfolio::api::core_routes`), in the order
/// a request meets them, each as an arm: its method and its segments below `/core/3`.
pub fn source_arms() -> Vec<Arm> {
    costfolio::api::core_routes()
        .map(|route| Arm {
            file: "the table of operations",
            method: route.method.to_owned(),
            segments: route
                .path
                .trim_start_matches("/core/3/")
                .split('/')
                .map(|segment| (!segment.starts_with('{')).then(|| segment.to_owned()))
                .collect(),
        })
        .collect()
}
