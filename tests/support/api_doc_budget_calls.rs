//! The budgeting calls of the session tests/api_doc.rs documents (used by it, beside
//! api_doc_calls.rs), in the order docs/api.md shows them.

use crate::api_doc_calls::{call, ext, Call};

/// An import of two invoices ("Date,Amount,Name,Invoice"), the second's amount "abc".
const INVOICES_ONE_REFUSED: &str = r#"{"kind":"expenses","fileName":"invoices.csv","file":"RGF0ZSxBbW91bnQsTmFtZSxJbnZvaWNlCjIwMjYtMDMtMjAsOTAuMDAsSW5zcGVjdGlvbiBmaXJtLElOVi03CjIwMjYtMDMtMjEsYWJjLENsZWFuaW5nLElOVi04Cg==","columns":{"date":"Date","amount":"Amount","name":"Name","key":"Invoice"}}"#;

/// An import of the first of them alone.
const INVOICES: &str = r#"{"kind":"expenses","fileName":"invoices.csv","file":"RGF0ZSxBbW91bnQsTmFtZSxJbnZvaWNlCjIwMjYtMDMtMjAsOTAuMDAsSW5zcGVjdGlvbiBmaXJtLElOVi03Cg==","columns":{"date":"Date","amount":"Amount","name":"Name","key":"Invoice"}}"#;

pub const FOLIO_BODY: &str = r#"{"name":"Bridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":2}"#;

pub const BUDGET: &[Call] = &[
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
        "Put the scope as measured on a day (its progress on 6 March)",
        "PUT",
        "/budgets/1/folio/1/scope",
        Some(
            r#"{"asOf":"2026-03-06","items":[{"key":"BR-1","weight":1,"logged":3,"remaining":1,"done":false,"progressive":true},{"key":"BR-2","weight":1,"logged":0,"remaining":4,"done":false,"progressive":true}]}"#,
        ),
    ),
    ext(
        "Put the scope as measured on 13 March",
        "PUT",
        "/budgets/1/folio/1/scope",
        Some(
            r#"{"asOf":"2026-03-13","items":[{"key":"BR-1","weight":1,"logged":0,"remaining":0,"done":true,"progressive":false},{"key":"BR-2","weight":1,"logged":1,"remaining":3,"done":false,"progressive":true}]}"#,
        ),
    ),
    ext(
        "Progress is not measured ahead of time",
        "PUT",
        "/budgets/1/folio/1/scope",
        Some(
            r#"{"asOf":"2026-12-31","items":[{"key":"BR-1","weight":1,"logged":0,"remaining":0,"done":true,"progressive":false}]}"#,
        ),
    ),
    ext(
        "The scope in force on a day, with every measurement",
        "GET",
        "/budgets/1/folio/1/scope?asOf=2026-03-10",
        None,
    ),
    ext(
        "The measurements of the scope, changed item by item",
        "GET",
        "/budgets/1/folio/1/scope/history",
        None,
    ),
    ext(
        "Indicators of many folios",
        "GET",
        "/budgets/1/folio/indicators?asOf=2026-03-31&id=1",
        None,
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
    ext(
        "What ending the folio a week early would cut (a dry run: nothing is stored, S8.7)",
        "PUT",
        "/budgets/1/folio?dryRun=true",
        Some(
            r#"{"id":1,"name":"Footbridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-20","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":2,"customFields":{"values":{"1":"east"}}}"#,
        ),
    ),
    ext(
        "An approved budget keeps its currency (S8.7)",
        "PUT",
        "/budgets/1/folio",
        Some(
            r#"{"id":1,"name":"Footbridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"USD","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":2,"customFields":{"values":{"1":"east"}}}"#,
        ),
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
        "Choose how PV and EAC are computed (`plannedValueMethod`, `eacMethod`: S9.10)",
        "PUT",
        "/budgets/1/folio",
        Some(
            r#"{"id":1,"name":"Footbridge","description":"Footbridge over the river","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":true,"savedFilterId":7,"holidaySchemeId":2,"workloadSchemeId":2,"plannedValueMethod":"plan","eacMethod":"scheduled"}"#,
        ),
    ),
    ext(
        "Indicators by the plan's phasing and what is scheduled",
        "GET",
        "/budgets/1/folio/1/indicators?asOf=2026-03-13",
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
        "Close a month: its month-end figures are kept as they are (S9.11)",
        "POST",
        "/budgets/1/folio/1/periods",
        Some(r#"{"month":"2026-03"}"#),
    ),
    ext(
        "A month is closed once",
        "POST",
        "/budgets/1/folio/1/periods",
        Some(r#"{"month":"2026-03"}"#),
    ),
    ext(
        "A month is closed after its last day",
        "POST",
        "/budgets/1/folio/1/periods",
        Some(r#"{"month":"2026-11"}"#),
    ),
    call(
        "An invoice of March, entered after March was closed",
        "POST",
        "/budgets/1/expense",
        Some(
            r#"{"folioId":1,"name":"Inspection","description":"Invoiced late","type":"Service","category":"OPEX","kind":".ActualExpense","amount":350,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-03-18"}}"#,
        ),
    ),
    ext(
        "The closed months: the figures as closed, as computed now, and what moved",
        "GET",
        "/budgets/1/folio/1/periods",
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
        "The months a portfolio's folios closed, rolled up in its currency (S9.11, S9.9)",
        "GET",
        "/budgets/1/portfolio/1/periods",
        None,
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
        "A portfolio's figure explained by its members, converted",
        "GET",
        "/budgets/1/portfolio/1/explain?asOf=2026-03-13&figure=ac",
        None,
    ),
    ext(
        "Add a team member with its further periods and rates, all or nothing",
        "POST",
        "/budgets/1/position",
        Some(
            r#"{"folioId":1,"name":"Ravi","description":"","title":"Developer","kind":".TeamMember","member":"ravi","realises":1,"rate":{"rate":42,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50},"moreAllocations":[{"startDate":"2026-03-16","endDate":"2026-03-27","percentage":80}],"moreRates":[{"rate":45,"startDate":"2026-03-16"}]}"#,
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
        "An actual expense names the planned expense it realises (`realises`, S9.12)",
        "POST",
        "/budgets/1/expense",
        Some(
            r#"{"folioId":1,"name":"Scaffolding, invoiced","description":"","type":"Hire","category":"CAPEX","kind":".ActualExpense","amount":1250,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-03-06"},"realises":1}"#,
        ),
    ),
    ext(
        "An actual item realises only a planned item of its kind (S9.12)",
        "POST",
        "/budgets/1/expense",
        Some(
            r#"{"folioId":1,"name":"Inspection, again","description":"","type":"Service","category":"OPEX","kind":".ActualExpense","amount":90,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-03-20"},"realises":3}"#,
        ),
    ),
    ext(
        "Cost lines: each planned item with what realises it, grouped by kind (S9.12)",
        "GET",
        "/budgets/1/folio/1/lines?asOf=2026-03-13&groupBy=kind",
        None,
    ),
    ext(
        "A portfolio's cost lines: a line per folio, converted (S9.12, S9.9)",
        "GET",
        "/budgets/1/portfolio/1/lines?asOf=2026-03-13",
        None,
    ),
    ext(
        "Actuals from a file, a dry run: each row created, changed, left or refused, nothing written (the file in base64; CSV or XLSX)",
        "POST",
        "/budgets/1/folio/1/import/actuals?dryRun=true",
        Some(INVOICES_ONE_REFUSED),
    ),
    ext(
        "Actuals from a file: a refused row refuses the whole import, nothing written",
        "POST",
        "/budgets/1/folio/1/import/actuals",
        Some(INVOICES_ONE_REFUSED),
    ),
    ext(
        "Actuals from a file: every row written as one change; the same file again changes nothing",
        "POST",
        "/budgets/1/folio/1/import/actuals",
        Some(INVOICES),
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
        "A portfolio's forecast: its folios simulated together (S14.7)",
        "GET",
        "/budgets/1/portfolio/1/forecast?asOf=2026-03-13&seed=7&iterations=4000",
        None,
    ),
    ext(
        "The budget changes of a portfolio's folios",
        "GET",
        "/budgets/1/portfolio/1/budget-changes",
        None,
    ),
    ext(
        "Delete a portfolio",
        "DELETE",
        "/budgets/1/portfolio/1",
        None,
    ),
    call("Delete a position", "DELETE", "/budgets/1/position/3", None),
];
