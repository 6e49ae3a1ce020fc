//! docs/api.md is generated from a scripted session through `handle`: every endpoint served, with
//! one request and its real response. This test fails when the document and the service disagree;
//! run it with COSTFOLIO_WRITE_API_DOC=1 to write the document anew (then review the diff).

use chrono::NaiveDateTime;
use costfolio::api::{
    handle, issue_code, mint_personal_token, record_deletion, register_client, register_user,
    Context, Request,
};
use costfolio::state::{AuditEventKind, State};
use serde_json::Value;

#[path = "support/openapi_check.rs"]
mod openapi_check;

thread_local! {
    /// What the calls of the session found wrong against docs/openapi.json.
    static FINDINGS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The OpenAPI document the calls are checked against.
    static OPENAPI: Value = serde_json::from_str(include_str!("../docs/openapi.json")).unwrap();
}

const BASE: &str = "http://127.0.0.1:8080";

fn context(seed: u8) -> Context {
    Context::new(
        BASE,
        NaiveDateTime::parse_from_str("2026-11-21T10:00:00", "%Y-%m-%dT%H:%M:%S").unwrap(),
        (0..64u8)
            .map(|i| i.wrapping_mul(37).wrapping_add(seed))
            .collect(),
    )
}

/// One documented call.
struct Call {
    title: &'static str,
    note: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
    form: Option<&'static str>,
    extension: bool,
    /// Sent with the token of bob, who is not an administrator (S11.6).
    plain: bool,
}

const fn call(
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

const fn ext(
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
const fn plain(
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

const CORE: &[Call] = &[
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

const EXTENSIONS: &[Call] = &[
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

const FOLIO_BODY: &str = r#"{"name":"Bridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":2}"#;

const BUDGET: &[Call] = &[
    call(
        "Create and configure a folio",
        "POST",
        "/budgets/1/folio",
        Some(FOLIO_BODY),
    ),
    call(
        "List folios visible to the caller",
        "GET",
        "/budgets/1/folio",
        None,
    ),
    call("Get a folio", "GET", "/budgets/1/folio/1", None),
    ext(
        "Update a folio",
        "PUT",
        "/budgets/1/folio",
        Some(
            r#"{"id":1,"name":"Footbridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":2}"#,
        ),
    ),
    ext(
        "Share a folio",
        "PUT",
        "/budgets/1/folio/1/viewers",
        Some(r#"{"users":["grace"]}"#),
    ),
    ext(
        "Who a folio is shared with",
        "GET",
        "/budgets/1/folio/1/viewers",
        None,
    ),
    ext(
        "Users to pick from (owners, viewers, members), matching a query",
        "GET",
        "/budgets/1/users?query=gr",
        None,
    ),
    ext(
        "A calendar that does not exist is refused (S6.10)",
        "PUT",
        "/budgets/1/folio",
        Some(
            r#"{"id":1,"name":"Footbridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":555}"#,
        ),
    ),
    ext(
        "Create an overtime rule",
        "POST",
        "/budgets/1/overtimerule",
        Some(r#"{"name":"Weekly 35","regularHours":35,"frequency":"WEEKLY","coefficient":1.25}"#),
    ),
    ext(
        "Update an overtime rule",
        "PUT",
        "/budgets/1/overtimerule",
        Some(
            r#"{"id":1,"name":"Weekly 38","regularHours":38,"frequency":"WEEKLY","coefficient":1.5}"#,
        ),
    ),
    call(
        "List overtime rules",
        "GET",
        "/budgets/1/overtimerule",
        None,
    ),
    ext(
        "Put an exchange rate",
        "PUT",
        "/budgets/1/exchangerate",
        Some(r#"{"from":"USD","to":"EUR","rate":0.9,"effectiveDate":"2026-01-01"}"#),
    ),
    ext(
        "List exchange rates",
        "GET",
        "/budgets/1/exchangerate",
        None,
    ),
    call(
        "Add an expense to a folio",
        "POST",
        "/budgets/1/expense",
        Some(
            r#"{"folioId":1,"name":"Scaffolding","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":1000.00,"currencyCode":"EUR","amortized":true,"recurrence":{"kind":".Weekly","startDate":"2026-03-02","recurrenceOn":[1],"occurrences":4}}"#,
        ),
    ),
    call(
        "Required expense fields",
        "POST",
        "/budgets/1/expense",
        Some(
            r#"{"folioId":1,"description":"","category":"OPEX","kind":".ActualExpense","currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-03-05"}}"#,
        ),
    ),
    call(
        "Update an expense",
        "PUT",
        "/budgets/1/expense",
        Some(
            r#"{"id":1,"folioId":1,"name":"Scaffolding","description":"Four weeks","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":1200.00,"currencyCode":"EUR","amortized":true,"recurrence":{"kind":".Weekly","startDate":"2026-03-02","recurrenceOn":[1],"occurrences":4}}"#,
        ),
    ),
    call("Get an expense", "GET", "/budgets/1/expense/1", None),
    call(
        "Payments of an expense",
        "GET",
        "/budgets/1/expense/1/payments",
        None,
    ),
    call(
        "An expense in a currency with no exchange rate into the folio's is refused (S5.6)",
        "POST",
        "/budgets/1/expense",
        Some(
            r#"{"folioId":1,"name":"Survey","description":"","type":"Service","category":"OPEX","kind":".PlannedExpense","amount":800,"currencyCode":"CHF","recurrence":{"kind":".Once","startDate":"2026-03-09"}}"#,
        ),
    ),
    call(
        "An expense in another currency, which has a rate",
        "POST",
        "/budgets/1/expense",
        Some(
            r#"{"folioId":1,"name":"Survey","description":"","type":"Service","category":"OPEX","kind":".PlannedExpense","amount":800,"currencyCode":"USD","recurrence":{"kind":".Once","startDate":"2026-03-09"}}"#,
        ),
    ),
    ext(
        "The last rate an expense needs cannot be removed (S5.6)",
        "DELETE",
        "/budgets/1/exchangerate?from=USD&to=EUR&effectiveDate=2026-01-01",
        None,
    ),
    ext(
        "A folio's new currency must have a rate from its expenses' (S5.6)",
        "PUT",
        "/budgets/1/folio",
        Some(
            r#"{"id":1,"name":"Footbridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"GBP","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":2}"#,
        ),
    ),
    ext(
        "A later rate of the pair",
        "PUT",
        "/budgets/1/exchangerate",
        Some(r#"{"from":"USD","to":"EUR","rate":0.92,"effectiveDate":"2026-03-01"}"#),
    ),
    ext(
        "Remove an exchange rate (one of the pair remains)",
        "DELETE",
        "/budgets/1/exchangerate?from=USD&to=EUR&effectiveDate=2026-03-01",
        None,
    ),
    call("Delete an expense", "DELETE", "/budgets/1/expense/2", None),
    call(
        "Add a planned position",
        "POST",
        "/budgets/1/position",
        Some(
            r#"{"folioId":1,"name":"Engineer","description":"","title":"Engineer","rate":{"rate":50,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":100}}"#,
        ),
    ),
    call(
        "Add a team member",
        "POST",
        "/budgets/1/position",
        Some(
            r#"{"folioId":1,"name":"Grace","description":"","title":"Developer","kind":".TeamMember","member":"grace","otRuleId":1,"rate":{"rate":40,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":100}}"#,
        ),
    ),
    call("Get a position", "GET", "/budgets/1/position/1", None),
    call(
        "Update a position",
        "PUT",
        "/budgets/1/position",
        Some(
            r#"{"id":1,"folioId":1,"name":"Lead engineer","description":"","title":"Engineer","rate":{"rate":50,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":80}}"#,
        ),
    ),
    call(
        "Add an allocation to a team member",
        "POST",
        "/budgets/1/position/2/allocation",
        Some(r#"{"startDate":"2026-03-16","endDate":"2026-03-27","percentage":50}"#),
    ),
    call(
        "Update an allocation",
        "PUT",
        "/budgets/1/allocation/3",
        Some(r#"{"startDate":"2026-03-16","endDate":"2026-03-27","percentage":60}"#),
    ),
    call(
        "Add a rate",
        "POST",
        "/budgets/1/position/2/rate",
        Some(r#"{"rate":45,"startDate":"2026-03-16"}"#),
    ),
    call(
        "A rate on an existing date",
        "POST",
        "/budgets/1/position/2/rate",
        Some(r#"{"rate":46,"startDate":"2026-03-16"}"#),
    ),
    call(
        "Update a rate",
        "PUT",
        "/budgets/1/rate/3",
        Some(r#"{"rate":48,"startDate":"2026-03-16"}"#),
    ),
    call(
        "Add worked hours to a team member",
        "POST",
        "/budgets/1/position/2/workedhours",
        Some(r#"{"otEffort":0,"startDate":"2026-03-02","endDate":"2026-03-06","effort":45}"#),
    ),
    call(
        "Conflicting worked hours",
        "POST",
        "/budgets/1/position/2/workedhours",
        Some(r#"{"otEffort":0,"startDate":"2026-03-06","endDate":"2026-03-09","effort":8}"#),
    ),
    call(
        "Update worked hours",
        "PUT",
        "/budgets/1/workedhours/1",
        Some(r#"{"otEffort":1,"startDate":"2026-03-02","endDate":"2026-03-06","effort":44}"#),
    ),
    call(
        "Payments of a position",
        "GET",
        "/budgets/1/position/2/payments?granularity=month",
        None,
    ),
    call(
        "Add a consulting revenue",
        "POST",
        "/budgets/1/position",
        Some(
            r#"{"folioId":1,"name":"Advice","description":"","title":"Consultant","kind":".ConsultingRevenue","rate":{"rate":100,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":25},"billableHours":[{"otEffort":0,"startDate":"2026-03-02","endDate":"2026-03-02","effort":3}]}"#,
        ),
    ),
    call(
        "Add billable hours",
        "POST",
        "/budgets/1/position/3/billablehours",
        Some(r#"{"otEffort":0,"startDate":"2026-03-03","endDate":"2026-03-03","effort":2}"#),
    ),
    call(
        "Update billable hours",
        "PUT",
        "/budgets/1/billablehours/3",
        Some(r#"{"otEffort":0,"startDate":"2026-03-03","endDate":"2026-03-03","effort":4}"#),
    ),
    ext(
        "Put billed hours",
        "PUT",
        "/budgets/1/position/3/billedhours",
        Some(r#"{"days":[{"date":"2026-03-10","hours":6.5}]}"#),
    ),
    call("Team of a folio", "GET", "/budgets/1/folio/1/team", None),
    ext(
        "Add a custom-field definition",
        "POST",
        "/budgets/1/folio/1/customfield",
        Some(
            r#"{"name":"Region","style":"SELECT","type":"FOLIO","required":false,"options":["north","south"]}"#,
        ),
    ),
    call(
        "Custom-field definitions of a folio",
        "GET",
        "/budgets/1/folio/1/customfields",
        None,
    ),
    ext(
        "A custom-field value must suit its definition (S7.4)",
        "PUT",
        "/budgets/1/folio",
        Some(
            r#"{"id":1,"name":"Footbridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":2,"customFields":{"values":{"1":"east"}}}"#,
        ),
    ),
    ext(
        "Update a custom-field definition (S7.4)",
        "PUT",
        "/budgets/1/customfield",
        Some(
            r#"{"id":1,"name":"Region","style":"SELECT","type":"FOLIO","required":false,"options":["north","south","east"]}"#,
        ),
    ),
    ext(
        "Its new option is taken",
        "PUT",
        "/budgets/1/folio",
        Some(
            r#"{"id":1,"name":"Footbridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":2,"customFields":{"values":{"1":"east"}}}"#,
        ),
    ),
    ext(
        "Put scope items",
        "PUT",
        "/budgets/1/folio/1/scope",
        Some(
            r#"{"items":[{"key":"BR-1","weight":1,"logged":0,"remaining":0,"done":true,"progressive":false},{"key":"BR-2","weight":1,"logged":1,"remaining":3,"done":false,"progressive":true}]}"#,
        ),
    ),
    ext(
        "Approve a baseline",
        "POST",
        "/budgets/1/folio/1/baseline",
        Some(r#"{"name":"Budget v1","approvedBy":"ada","expenditureType":"BUDGET"}"#),
    ),
    ext(
        "Nothing changed since the baseline",
        "POST",
        "/budgets/1/folio/1/baseline",
        Some(r#"{"name":"Budget v2","approvedBy":"ada","expenditureType":"BUDGET"}"#),
    ),
    call(
        "Baselines of a folio",
        "GET",
        "/budgets/1/folio/1/baselines?costs=true&revenues=true",
        None,
    ),
    call(
        "Expenditures of a folio",
        "GET",
        "/budgets/1/folio/1/expenditures?actual=false&revenue=false",
        None,
    ),
    call(
        "A position renamed after the baseline",
        "PUT",
        "/budgets/1/position",
        Some(
            r#"{"id":1,"folioId":1,"name":"Principal engineer","description":"","title":"Engineer","rate":{"rate":50,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":80}}"#,
        ),
    ),
    call(
        "The baseline shows its items as approved (S8.6)",
        "GET",
        "/budgets/1/folio/1/expenditures?baselineId=1&actual=false&revenue=false",
        None,
    ),
    ext(
        "Indicators",
        "GET",
        "/budgets/1/folio/1/indicators?asOf=2026-03-13",
        None,
    ),
    ext(
        "Timeline",
        "GET",
        "/budgets/1/folio/1/timeline?asOf=2026-03-13&granularity=week",
        None,
    ),
    ext(
        "Indicators of the draft, whatever the baselines (`plan=draft`, or a baseline's id)",
        "GET",
        "/budgets/1/folio/1/indicators?asOf=2026-03-13&plan=draft",
        None,
    ),
    ext(
        "Timeline of the draft, whatever the baselines (`plan=draft`, or a baseline's id)",
        "GET",
        "/budgets/1/folio/1/timeline?asOf=2026-03-13&plan=draft",
        None,
    ),
    ext(
        "Items of a folio, with their money",
        "GET",
        "/budgets/1/folio/1/items?asOf=2026-03-13",
        None,
    ),
    ext(
        "Payments of a folio",
        "GET",
        "/budgets/1/folio/1/payments?asOf=2026-03-13",
        None,
    ),
    ext(
        "Payments of a folio as CSV (the columns of `costfolio plan --csv`)",
        "GET",
        "/budgets/1/folio/1/payments?asOf=2026-03-13&format=csv",
        None,
    ),
    ext(
        "Create a portfolio",
        "POST",
        "/budgets/1/portfolio",
        Some(
            r#"{"name":"Bridges","currencyCode":"USD","isPrivate":false,"owner":"ada","color":"steelblue","admins":["grace"],"folios":[{"id":1,"name":"Footbridge","startDate":"2026-03-02","endDate":"2026-03-27","owner":"ada","status":"executing"}],"portfolios":[]}"#,
        ),
    ),
    ext(
        "Update a portfolio",
        "PUT",
        "/budgets/1/portfolio",
        Some(
            r#"{"id":1,"name":"All bridges","currencyCode":"USD","isPrivate":false,"owner":"ada","color":"steelblue","admins":["grace"],"folios":[{"id":1,"name":"Footbridge","startDate":"2026-03-02","endDate":"2026-03-27","owner":"ada","status":"executing"}],"portfolios":[]}"#,
        ),
    ),
    call("List portfolios", "GET", "/budgets/1/portfolio", None),
    ext(
        "Portfolio indicators",
        "GET",
        "/budgets/1/portfolio/1/indicators?asOf=2026-03-13",
        None,
    ),
    ext(
        "Add a team member with its further periods and rates, all or nothing",
        "POST",
        "/budgets/1/position",
        Some(
            r#"{"folioId":1,"name":"Ravi","description":"","title":"Developer","kind":".TeamMember","member":"ravi","rate":{"rate":42,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50},"moreAllocations":[{"startDate":"2026-03-16","endDate":"2026-03-27","percentage":80}],"moreRates":[{"rate":45,"startDate":"2026-03-16"}]}"#,
        ),
    ),
    ext(
        "A further period that overlaps is refused at its place, and nothing is made",
        "POST",
        "/budgets/1/position",
        Some(
            r#"{"folioId":1,"name":"Ravi","description":"","title":"Developer","kind":".TeamMember","member":"ravi","rate":{"rate":42,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50},"moreAllocations":[{"startDate":"2026-03-10","endDate":"2026-03-27","percentage":80}]}"#,
        ),
    ),
    call(
        "Delete worked hours",
        "DELETE",
        "/budgets/1/workedhours/1",
        None,
    ),
    call(
        "Delete billable hours",
        "DELETE",
        "/budgets/1/billablehours/3",
        None,
    ),
    call("Delete a rate", "DELETE", "/budgets/1/rate/3", None),
    call(
        "Delete an allocation",
        "DELETE",
        "/budgets/1/allocation/3",
        None,
    ),
    call(
        "The last allocation cannot go",
        "DELETE",
        "/budgets/1/allocation/2",
        None,
    ),
    call("Delete an expense", "DELETE", "/budgets/1/expense/1", None),
    ext(
        "Delete a custom-field definition",
        "DELETE",
        "/budgets/1/customfield/1",
        None,
    ),
    ext("Delete a baseline", "DELETE", "/budgets/1/baseline/1", None),
    ext(
        "Delete an overtime rule",
        "DELETE",
        "/budgets/1/overtimerule/1",
        None,
    ),
    ext(
        "Delete a portfolio",
        "DELETE",
        "/budgets/1/portfolio/1",
        None,
    ),
    call("Delete a position", "DELETE", "/budgets/1/position/3", None),
    ext(
        "A folio as a plan document",
        "GET",
        "/budgets/1/folio/1/plan",
        None,
    ),
    ext(
        "Import a plan document",
        "POST",
        "/budgets/1/folio/import",
        Some(
            r#"{"workload":[{"day":"MONDAY","requiredSeconds":36000},{"day":"TUESDAY","requiredSeconds":36000},{"day":"WEDNESDAY","requiredSeconds":36000},{"day":"THURSDAY","requiredSeconds":36000},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}],"folio":{"name":"Footbridge, option B","description":"Imported from a plan file","owner":"someone","startDate":"2026-03-02","endDate":"2026-06-26","closedDate":null,"reserve":5,"contingency":2,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":7,"workloadSchemeId":7},"positions":[{"position":{"folioId":7,"name":"Engineer","title":"Engineer","description":"","allocation":{"startDate":"2026-03-02","endDate":"2026-06-26","percentage":50},"rate":{"rate":90,"startDate":"2026-03-02"}},"rates":[{"rate":95,"startDate":"2026-05-01"}]}],"expenses":[{"folioId":7,"name":"Steel","description":"","type":"Materials","category":"CAPEX","kind":".PlannedExpense","amount":12000,"currencyCode":"EUR","amortized":false,"recurrence":{"kind":".Once","startDate":"2026-04-15"}}]}"#,
        ),
    ),
    ext(
        "An import refused by one of its items creates nothing",
        "POST",
        "/budgets/1/folio/import",
        Some(
            r#"{"workload":[{"day":"MONDAY","requiredSeconds":36000},{"day":"TUESDAY","requiredSeconds":36000},{"day":"WEDNESDAY","requiredSeconds":36000},{"day":"THURSDAY","requiredSeconds":36000},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}],"folio":{"name":"Footbridge, option B","description":"Imported from a plan file","owner":"someone","startDate":"2026-03-02","endDate":"2026-06-26","closedDate":null,"reserve":5,"contingency":2,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":7,"workloadSchemeId":7},"positions":[{"position":{"folioId":7,"name":"Engineer","title":"Engineer","description":"","allocation":{"startDate":"2026-03-02","endDate":"2026-06-26","percentage":50},"rate":{"rate":90,"startDate":"2026-03-02"}},"rates":[{"rate":95,"startDate":"2026-05-01"}]}],"expenses":[{"folioId":7,"name":"Steel","description":"","type":"Materials","category":"CAPEX","kind":".PlannedExpense","amount":120.005,"currencyCode":"EUR","amortized":false,"recurrence":{"kind":".Once","startDate":"2026-04-15"}}]}"#,
        ),
    ),
    ext("Delete a folio", "DELETE", "/budgets/1/folio/1", None),
    call(
        "A deleted folio can still be read by id (S5.1), with its deletedOn",
        "GET",
        "/budgets/1/folio/1",
        None,
    ),
    call(
        "A folio that cannot be viewed",
        "GET",
        "/budgets/1/folio/999",
        None,
    ),
];

const AUDIT: &[Call] = &[
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

fn pretty(bytes: &[u8]) -> String {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(value) => serde_json::to_string_pretty(&value).unwrap(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

fn render(state: &mut State, token: &str, calls: &[Call], out: &mut String, seed: u8) {
    render_as(state, token, calls, out, seed, None);
}

/// The token of bob, a user who is not an administrator (S11.6), minted in `document`.
fn plain_token(state: &State) -> String {
    let mut copy = state.clone();
    mint_personal_token(&mut copy, "bob", true, &context(11)).unwrap()
}

/// Renders `calls`; with `user`, as budgeting calls whose basic credentials the host verified.
fn render_as(
    state: &mut State,
    token: &str,
    calls: &[Call],
    out: &mut String,
    seed: u8,
    user: Option<&str>,
) {
    for c in calls {
        let mut request = Request::new(c.method, c.path);
        if c.plain {
            request = request.header("Authorization", &format!("Bearer {}", plain_token(state)));
        } else if user.is_none() {
            request = request.header("Authorization", &format!("Bearer {token}"));
        }
        if let Some(body) = c.body {
            request = request.json(body);
        }
        if let Some(form) = c.form {
            request = Request::new(c.method, c.path)
                .header("Content-Type", "application/x-www-form-urlencoded");
            request.body = form.as_bytes().to_vec();
        }
        let mut ctx = context(seed);
        // Shared data (exchange rates, overtime rules) is changed by budget administrators only
        // (S11.5): those changes are made as grace, one of them.
        let shared = c.path.starts_with("/budgets/1/exchangerate")
            || c.path.starts_with("/budgets/1/overtimerule");
        let admin = user.is_some() && shared && c.method != "GET";
        ctx.user = if admin {
            Some("grace".to_owned())
        } else {
            user.map(str::to_owned)
        };
        ctx.budget_admin = admin;
        if user.is_none() {
            // A core call with ada's token: the host says she is an administrator, who alone
            // changes the core interface's data and reads the audit (S11.6); bob is not one.
            ctx.user = Some(if c.plain { "bob" } else { "ada" }.to_owned());
            ctx.budget_admin = !c.plain;
        }
        let response = handle(state, &request, &ctx);
        OPENAPI.with(|document| {
            let found = openapi_check::check(
                document,
                c.method,
                c.path,
                c.body,
                response.status,
                &response.body,
            );
            FINDINGS.with(|findings| findings.borrow_mut().extend(found));
        });
        let marker = if c.extension { " (extension)" } else { "" };
        out.push_str(&format!("### {}{marker}\n\n", c.title));
        if !c.note.is_empty() {
            out.push_str(&format!("{}\n\n", c.note));
        }
        let auth = if c.plain {
            "Authorization: Bearer <bob's token: bob is not an administrator>\n"
        } else if admin {
            "Authorization: Basic <grace's credentials: a budget administrator>\n"
        } else if user.is_some() {
            "Authorization: Basic <ada's credentials>\n"
        } else {
            ""
        };
        out.push_str(&format!("```http\n{} {}\n{auth}", c.method, c.path));
        if let Some(body) = c.body {
            out.push_str(&format!(
                "Content-Type: application/json\n\n{}\n",
                pretty(body.as_bytes())
            ));
        }
        if let Some(form) = c.form {
            out.push_str(&format!(
                "Content-Type: application/x-www-form-urlencoded\n\n{form}\n"
            ));
        }
        out.push_str("```\n\n```http\n");
        out.push_str(&format!("HTTP/1.1 {}\n", response.status));
        if !response.body.is_empty() {
            out.push_str(&format!("\n{}\n", pretty(&response.body)));
        }
        out.push_str("```\n\n");
    }
}

fn document() -> String {
    let mut state = State::new();
    let token = mint_personal_token(&mut state, "ada", true, &context(1)).unwrap();
    // The users the host registered: the pickers' list (`GET /budgets/1/users`).
    for (key, name) in [
        ("ada", "Ada Lovelace"),
        ("bob", "Bob"),
        ("grace", "Grace Hopper"),
    ] {
        register_user(&mut state, key, Some(name)).unwrap();
    }
    // bob's token, minted once: each plain call mints the same one on a copy.
    let _ = mint_personal_token(&mut state, "bob", true, &context(11)).unwrap();
    register_client(
        &mut state,
        "planner",
        "s3cret",
        "https://planner.example/callback",
    )
    .unwrap();
    let mut out = String::from(include_str!("../docs/api-intro.md"));
    out.push_str("\n## Core administration, `/core/3`\n\n");
    render(&mut state, &token, CORE, &mut out, 2);
    out.push_str("## Core extensions, `/core/3`\n\nNot shown by core-admin-api.md; shaped as the vendor's Core API v3 shapes them (extensions.md). Optional fields may arrive as `null`.\n\n");
    render(&mut state, &token, EXTENSIONS, &mut out, 3);
    record_deletion(
        &mut state,
        AuditEventKind::Allocation { id: 301 },
        &context(4),
    );
    record_deletion(
        &mut state,
        AuditEventKind::Allocation { id: 302 },
        &context(4),
    );
    out.push_str("## Deletion audit, `/audit/1`\n\nBearer tokens, as the core. `updatedFrom` (a date or a date-time) is required; `limit` is 1 to 1000 (default 50). When more events remain, `metadata.lastEvaluatedKey` and `metadata.next` say where the next page starts.\n\n");
    render(&mut state, &token, AUDIT, &mut out, 5);
    out.push_str("## Budgeting, `/budgets/1`\n\nBasic authentication: the host verifies the credentials and hands the core the caller's user key (S11.4). Every success is `{\"success\": ...}`; errors are `{error, errorMessages, errors}`. A folio, expense or position the caller may not see is the documented 404, as if it did not exist. Paths the document does not show follow extensions.md.\n\n");
    render_as(&mut state, &token, BUDGET, &mut out, 9, Some("ada"));
    let code = issue_code(
        &mut state,
        "planner",
        "https://planner.example/callback",
        "ada",
        &context(6),
    )
    .unwrap();
    out.push_str("## Tokens, `/oauth`\n\n");
    out.push_str("Form-encoded, RFC 6749 and RFC 7009. The host's authorize page (issue 8) signs the user in and calls the core to issue a code, valid 10 minutes and single use; here it was issued for user `ada`. Errors are `{\"error\": ..., \"error_description\": ...}` with `invalid_request`, `invalid_client` (401), `invalid_grant` or `unsupported_grant_type`.\n\n");
    let exchange = format!("grant_type=authorization_code&client_id=planner&client_secret=s3cret&redirect_uri=https%3A%2F%2Fplanner.example%2Fcallback&code={code}");
    let exchange: &'static str = Box::leak(exchange.into_boxed_str());
    let mut calls = vec![Call {
        title: "Exchange an authorization code",
        note: "",
        method: "POST",
        path: "/oauth/token/",
        body: None,
        form: Some(exchange),
        extension: false,
        plain: false,
    }];
    render(&mut state, &token, &calls, &mut out, 7);
    calls = vec![
        Call { title: "A code is single use", note: "", method: "POST", path: "/oauth/token/", body: None, form: Some(exchange), extension: false, plain: false },
        Call { title: "Revoke a token", note: "Revoking either token of a pair ends both. An unknown token is answered 200 too (RFC 7009).", method: "POST", path: "/oauth/revoke_token/", body: None, form: Some("token_type_hint=access_token&client_id=planner&client_secret=s3cret&token=0000"), extension: false, plain: false },
    ];
    render(&mut state, &token, &calls, &mut out, 8);
    out
}

#[test]
fn the_api_document_is_what_the_service_does() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md");
    let generated = document();
    if std::env::var_os("COSTFOLIO_WRITE_API_DOC").is_some() {
        std::fs::write(path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    if committed != generated {
        let line = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0)
            + 1;
        panic!("docs/api.md differs from the service from line {line}; run with COSTFOLIO_WRITE_API_DOC=1 and review the diff");
    }
}

/// Every documented call is an operation of docs/openapi.json, and its body and answer are what
/// the document's schemas say.
#[test]
fn every_answer_is_what_the_openapi_document_says() {
    document();
    let findings = FINDINGS.with(|findings| findings.borrow().clone());
    assert!(
        findings.is_empty(),
        "{} calls differ from docs/openapi.json:\n{}",
        findings.len(),
        findings.join("\n")
    );
}
