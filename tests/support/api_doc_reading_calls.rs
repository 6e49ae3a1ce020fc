//! The budgeting calls of the session tests/api_doc.rs documents after the records'
//! (api_doc_budget_calls.rs): a folio as a plan document and its import, explanations of its
//! figures, its histories, and a deleted or hidden folio read.

use crate::api_doc_calls::{call, ext, Call};

/// The calls, in the order docs/api.md shows them.
pub const READING: &[Call] = &[
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
    ext(
        "A figure explained: EAC from its inputs",
        "GET",
        "/budgets/1/folio/1/explain?asOf=2026-03-13&figure=eac",
        None,
    ),
    ext(
        "A sum explained: AC, the items it adds up",
        "GET",
        "/budgets/1/folio/1/explain?asOf=2026-03-13&figure=ac&limit=2",
        None,
    ),
    ext(
        "A timeline cell explained: the items with actual cost in a week",
        "GET",
        "/budgets/1/folio/1/explain?asOf=2026-03-13&granularity=week&start=2026-03-09&figure=actualCost",
        None,
    ),
    ext(
        "An item's money explained by its days",
        "GET",
        "/budgets/1/position/1/explain?asOf=2026-03-13&figure=toDate&limit=3",
        None,
    ),
    ext(
        "A planned expense with its three-point estimate: its remaining cost 0.95 to 1.5 times its plan (S14.1)",
        "POST",
        "/budgets/1/expense",
        Some(
            r#"{"folioId":1,"name":"Steel, second delivery","description":"","type":"Materials","category":"CAPEX","kind":".PlannedExpense","amount":8000,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-05-20"},"estimate":{"low":0.95,"likely":1.1,"high":1.5}}"#,
        ),
    ),
    ext(
        "An estimate out of order is refused at its field",
        "POST",
        "/budgets/1/expense",
        Some(
            r#"{"folioId":1,"name":"Steel, third delivery","description":"","type":"Materials","category":"CAPEX","kind":".PlannedExpense","amount":8000,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-05-20"},"estimate":{"low":1.2,"likely":1.0,"high":1.5}}"#,
        ),
    ),
    ext(
        "A folio's forecast: P10 to P90 of its cost at completion, the chances, the drivers, the finish and EAC's bounds (S14)",
        "GET",
        "/budgets/1/folio/1/forecast?asOf=2026-03-13&seed=7&iterations=4000",
        None,
    ),
    ext(
        "Name a folio's editors: they change its draft and scenarios (S15.8)",
        "PUT",
        "/budgets/1/folio/1/editors",
        Some(r#"{"users":["grace"]}"#),
    ),
    ext(
        "Fork a scenario of the draft (S15.1)",
        "POST",
        "/budgets/1/folio/1/scenarios",
        Some(r#"{"name":"Two contractors","description":"Hire two contractors for the deck"}"#),
    ),
    ext(
        "Fork another",
        "POST",
        "/budgets/1/folio/1/scenarios",
        Some(r#"{"name":"Cheaper steel"}"#),
    ),
    ext(
        "Change a scenario with the draft's own body and route: an expense added to it, not to the draft (S15.3)",
        "POST",
        "/budgets/1/folio/1/scenarios/1/expense",
        Some(
            r#"{"folioId":1,"name":"Contractors","description":"Two, for three weeks","type":"Services","category":"OPEX","kind":".PlannedExpense","amount":9000,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-03-20"}}"#,
        ),
    ),
    ext(
        "A scenario's figures: the draft's routes under its address (S15.4)",
        "GET",
        "/budgets/1/folio/1/scenarios/1/indicators?asOf=2026-03-13&plan=draft",
        None,
    ),
    ext(
        "A folio's scenarios",
        "GET",
        "/budgets/1/folio/1/scenarios",
        None,
    ),
    ext(
        "The draft and two scenarios side by side, each after the first told how it differs (S15.5)",
        "GET",
        "/budgets/1/folio/1/scenarios/compare?ids=draft,1,2&asOf=2026-03-13",
        None,
    ),
    ext(
        "A scenario's changes, newest first",
        "GET",
        "/budgets/1/folio/1/scenarios/1/history",
        None,
    ),
    ext(
        "Promote a scenario with a reason and approve it as the budget at once (S15.6)",
        "POST",
        "/budgets/1/folio/1/scenarios/1/promote",
        Some(
            r#"{"reason":"The client agreed to pay for the contractors","approve":{"name":"Budget with contractors","expenditureType":"PLANNED"}}"#,
        ),
    ),
    ext(
        "A scenario forked before the draft changed is refused, naming what changed",
        "POST",
        "/budgets/1/folio/1/scenarios/2/promote",
        Some(r#"{"reason":"Steel is cheaper"}"#),
    ),
    ext(
        "A folio's budget changes: the approved and the current budget, and every change with its reason (S15.7)",
        "GET",
        "/budgets/1/folio/1/budget-changes",
        None,
    ),
    ext(
        "Changes of a position, newest first",
        "GET",
        "/budgets/1/position/1/history?limit=2",
        None,
    ),
    ext(
        "Changes of a folio and of everything in it, newest first",
        "GET",
        "/budgets/1/folio/1/activity?limit=3",
        None,
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
