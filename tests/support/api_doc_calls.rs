//! The calls of the session tests/api_doc.rs documents (used by it): what a documented call
//! is, and the calls of the core administration interface, its extensions and the deletion audit,
//! in the order docs/api.md shows them. The budgeting calls are in api_doc_budget_calls.rs.

/// One documented call.
pub struct Call {
    pub title: &'static str,
    pub note: &'static str,
    pub method: &'static str,
    pub path: &'static str,
    pub body: Option<&'static str>,
    pub form: Option<&'static str>,
    pub extension: bool,
    /// Sent with the token of bob, who is not an administrator (S11.6).
    pub plain: bool,
}

pub const fn call(
    title: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
) -> Call {
    Call {
        title,
        note: "",
        method,
        path,
        body,
        form: None,
        extension: false,
        plain: false,
    }
}

pub const fn ext(
    title: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
) -> Call {
    Call {
        title,
        note: "",
        method,
        path,
        body,
        form: None,
        extension: true,
        plain: false,
    }
}

/// A call sent with the token of bob, who is not an administrator (S11.6).
pub const fn plain(
    title: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
) -> Call {
    Call {
        plain: true,
        ..call(title, method, path, body)
    }
}

pub const CORE: &[Call] = &[
    call(
        "Create a category",
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Development","typeName":"CAPITALIZED"}"#),
    ),
    call("List categories", "GET", "/core/3/account-categories", None),
    call(
        "Get a category",
        "GET",
        "/core/3/account-categories/DEV",
        None,
    ),
    call(
        "Update a category",
        "PUT",
        "/core/3/account-categories/DEV",
        Some(r#"{"key":"DEV","name":"Software development"}"#),
    ),
    call(
        "List category types",
        "GET",
        "/core/3/account-category-types",
        None,
    ),
    call(
        "Create a customer",
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"ACME","name":"Acme Corporation"}"#),
    ),
    call("List customers", "GET", "/core/3/customers?id=1", None),
    call("Get a customer", "GET", "/core/3/customers/ACME", None),
    call(
        "Update a customer",
        "PUT",
        "/core/3/customers/ACME",
        Some(r#"{"key":"ACME","name":"Acme Corp."}"#),
    ),
    call(
        "Create an account",
        "POST",
        "/core/3/accounts",
        Some(
            r#"{"key":"ACME-OPS","name":"Acme operations","status":"OPEN","leadAccountId":"ada","externalContactName":"Charles Babbage","categoryKey":"DEV","customerKey":"ACME","monthlyBudget":12000}"#,
        ),
    ),
    call(
        "A duplicate key is refused",
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"ACME-OPS","name":"Again","status":"OPEN","leadAccountId":"ada"}"#),
    ),
    call("List accounts", "GET", "/core/3/accounts?status=OPEN", None),
    call(
        "id cannot be combined with other parameters",
        "GET",
        "/core/3/accounts?id=1&status=OPEN",
        None,
    ),
    call("Get an account", "GET", "/core/3/accounts/ACME-OPS", None),
    call(
        "Update an account",
        "PUT",
        "/core/3/accounts/ACME-OPS",
        Some(
            r#"{"key":"ACME-OPS","name":"Acme operations","status":"CLOSED","leadAccountId":"ada","contactAccountId":"grace","customerKey":"ACME"}"#,
        ),
    ),
    call(
        "List accounts of a customer",
        "GET",
        "/core/3/customers/ACME/accounts",
        None,
    ),
    call(
        "Create an account link",
        "POST",
        "/core/3/account-links",
        Some(r#"{"accountKey":"ACME-OPS","scopeType":"PROJECT","scopeId":10000}"#),
    ),
    call(
        "Get an account link",
        "GET",
        "/core/3/account-links/1",
        None,
    ),
    call(
        "List links of an account",
        "GET",
        "/core/3/accounts/ACME-OPS/links",
        None,
    ),
    call(
        "List holiday schemes",
        "GET",
        "/core/3/holiday-schemes?limit=1",
        None,
    ),
    call(
        "Create a holiday scheme",
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"name":"Germany","description":"Public holidays"}"#),
    ),
    call(
        "Get a holiday scheme",
        "GET",
        "/core/3/holiday-schemes/2",
        None,
    ),
    call(
        "Update a holiday scheme",
        "PUT",
        "/core/3/holiday-schemes/2",
        Some(r#"{"name":"Deutschland"}"#),
    ),
    call(
        "Create a generic resource",
        "POST",
        "/core/3/generic-resources",
        Some(r#"{"name":"Senior engineer (to hire)"}"#),
    ),
    call(
        "Get a generic resource",
        "GET",
        "/core/3/generic-resources/1",
        None,
    ),
    call(
        "Update a generic resource",
        "PUT",
        "/core/3/generic-resources/1",
        Some(r#"{"name":"Principal engineer (to hire)"}"#),
    ),
    call("A missing account", "GET", "/core/3/accounts/NOPE", None),
    plain(
        "Only administrators change shared data (S11.6): anyone else may read it",
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"GLOBEX","name":"Globex"}"#),
    ),
    plain(
        "Every authenticated user reads it",
        "GET",
        "/core/3/customers/ACME",
        None,
    ),
];

pub const EXTENSIONS: &[Call] = &[
    ext(
        "Add a holiday to a scheme",
        "POST",
        "/core/3/holiday-schemes/2/holidays",
        Some(r#"{"type":"FIXED","name":"Christmas","durationSeconds":86400,"date":"2020-12-25"}"#),
    ),
    ext(
        "List holidays of a scheme",
        "GET",
        "/core/3/holiday-schemes/2/holidays?year=2026",
        None,
    ),
    ext(
        "Get a holiday",
        "GET",
        "/core/3/holiday-schemes/2/holidays/1",
        None,
    ),
    ext(
        "Update a holiday",
        "PUT",
        "/core/3/holiday-schemes/2/holidays/1",
        Some(
            r#"{"type":"FIXED","name":"Christmas Eve","durationSeconds":14400,"date":"2020-12-24"}"#,
        ),
    ),
    ext(
        "Assign users to a holiday scheme",
        "POST",
        "/core/3/holiday-schemes/2/members",
        Some(r#"{"accountIds":["ada","grace"]}"#),
    ),
    ext(
        "List members of a holiday scheme",
        "GET",
        "/core/3/holiday-schemes/2/members",
        None,
    ),
    ext(
        "The holiday scheme of a user",
        "GET",
        "/core/3/holiday-schemes/users/ada",
        None,
    ),
    ext(
        "Make a holiday scheme the default",
        "PUT",
        "/core/3/holiday-schemes/2/default",
        None,
    ),
    ext(
        "Delete a holiday",
        "DELETE",
        "/core/3/holiday-schemes/2/holidays/1",
        None,
    ),
    ext(
        "Create a workload scheme",
        "POST",
        "/core/3/workload-schemes",
        Some(
            r#"{"name":"Four days","days":[{"day":"MONDAY","requiredSeconds":36000},{"day":"TUESDAY","requiredSeconds":36000},{"day":"WEDNESDAY","requiredSeconds":36000},{"day":"THURSDAY","requiredSeconds":36000},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]}"#,
        ),
    ),
    ext(
        "List workload schemes",
        "GET",
        "/core/3/workload-schemes",
        None,
    ),
    ext(
        "Get a workload scheme",
        "GET",
        "/core/3/workload-schemes/2",
        None,
    ),
    ext(
        "Update a workload scheme",
        "PUT",
        "/core/3/workload-schemes/2",
        Some(
            r#"{"name":"Four long days","days":[{"day":"MONDAY","requiredSeconds":36000},{"day":"TUESDAY","requiredSeconds":36000},{"day":"WEDNESDAY","requiredSeconds":36000},{"day":"THURSDAY","requiredSeconds":36000},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]}"#,
        ),
    ),
    ext(
        "Make a workload scheme the default",
        "PUT",
        "/core/3/workload-schemes/2/default",
        None,
    ),
    ext(
        "Assign users to a workload scheme",
        "POST",
        "/core/3/workload-schemes/2/members",
        Some(r#"{"accountIds":["ada"]}"#),
    ),
    ext(
        "List members of a workload scheme",
        "GET",
        "/core/3/workload-schemes/2/members",
        None,
    ),
    ext(
        "The workload scheme of a user",
        "GET",
        "/core/3/workload-schemes/users/ada",
        None,
    ),
    ext(
        "Delete a workload scheme",
        "DELETE",
        "/core/3/workload-schemes/1",
        None,
    ),
    ext(
        "Create or update a tracker project",
        "PUT",
        "/core/3/projects/10000",
        Some(r#"{"key":"ABC","name":"Alpha"}"#),
    ),
    ext("List tracker projects", "GET", "/core/3/projects", None),
    ext(
        "List account links of a project",
        "GET",
        "/core/3/account-links/project/ABC",
        None,
    ),
    ext(
        "Create or update a saved filter",
        "PUT",
        "/core/3/saved-filters/7",
        Some(r#"{"name":"Folio scope","projectIds":[10000]}"#),
    ),
    ext("List saved filters", "GET", "/core/3/saved-filters", None),
    ext(
        "Create a worklog",
        "POST",
        "/core/3/worklogs",
        Some(
            r#"{"issueKey":"ABC-12","timeSpentSeconds":5400,"startDate":"2026-11-20","startTime":"09:00:00","description":"Review","authorAccountId":"ada"}"#,
        ),
    ),
    ext(
        "List worklogs",
        "GET",
        "/core/3/worklogs?from=2026-11-01&to=2026-11-30&project=10000",
        None,
    ),
    ext("Get a worklog", "GET", "/core/3/worklogs/1", None),
    ext(
        "Get a worklog by its tracker id",
        "GET",
        "/core/3/worklogs/tracker/1",
        None,
    ),
    ext(
        "Update a worklog",
        "PUT",
        "/core/3/worklogs/1",
        Some(
            r#"{"issueKey":"ABC-12","timeSpentSeconds":7200,"billableSeconds":3600,"startDate":"2026-11-20","authorAccountId":"ada"}"#,
        ),
    ),
    ext(
        "Worklogs of a project",
        "GET",
        "/core/3/worklogs/project/ABC",
        None,
    ),
    ext(
        "Worklogs of a user",
        "GET",
        "/core/3/worklogs/user/ada",
        None,
    ),
    ext(
        "Worklogs of an issue",
        "GET",
        "/core/3/worklogs/issue/ABC-12",
        None,
    ),
    ext(
        "Delete a worklog (feeds the audit)",
        "DELETE",
        "/core/3/worklogs/1",
        None,
    ),
    ext(
        "List generic resources",
        "GET",
        "/core/3/generic-resources",
        None,
    ),
    ext(
        "Delete a generic resource",
        "DELETE",
        "/core/3/generic-resources/1",
        None,
    ),
    ext(
        "Delete a holiday scheme",
        "DELETE",
        "/core/3/holiday-schemes/1",
        None,
    ),
    call(
        "Delete an account link",
        "DELETE",
        "/core/3/account-links/1",
        None,
    ),
    call(
        "Delete an account",
        "DELETE",
        "/core/3/accounts/ACME-OPS",
        None,
    ),
    call(
        "Delete a customer",
        "DELETE",
        "/core/3/customers/ACME",
        None,
    ),
    call(
        "Delete a category",
        "DELETE",
        "/core/3/account-categories/DEV",
        None,
    ),
];

pub const AUDIT: &[Call] = &[
    call(
        "Deleted worklogs",
        "GET",
        "/audit/1/events/deleted/types/worklog?updatedFrom=2026-11-01",
        None,
    ),
    call(
        "Deleted allocations, first page",
        "GET",
        "/audit/1/events/deleted/types/allocation?updatedFrom=2026-11-01T00:00:00&limit=1",
        None,
    ),
    call(
        "A missing updatedFrom",
        "GET",
        "/audit/1/events/deleted/types/allocation",
        None,
    ),
    plain(
        "The feed is for administrators only (S11.6)",
        "GET",
        "/audit/1/events/deleted/types/allocation?updatedFrom=2026-11-01",
        None,
    ),
];
