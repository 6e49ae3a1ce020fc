//! The operations of the budgeting interface, `/budgets/1` (budgeting-api.md, extensions.md).

use super::operation::{of, query, Answer, Operation, Param};
use crate::model::budgeting::{
    Allocation, Baseline, ClosedMonthShown, CustomFieldCatalog, CustomFieldDefinition,
    ExchangeRate, Expenditures, Expense, ExpensePayment, Folio, FolioIndicators, FolioItems,
    FolioPayments, FolioPreview, FolioSummary, HoursPeriod, Indicators, OvertimeRule, PeriodClose,
    PlanDocument, PlanImport, Portfolio, PortfolioClosedMonth, Position, Rate, ScopeAnswer,
    ScopeItems, Team, TimelineBucket,
};
use crate::model::Id;
use crate::usecase::{Approval, BilledDays, Explanation, History, UserChoice, Viewers};
use Answer::{Success, SuccessOrCsv};

const AS_OF: Param = query(
    "asOf",
    "date",
    "The day the figures are of (yyyy-MM-dd); the request's date when absent (S2.3)",
);
const PLAN: Param = query(
    "plan",
    "string",
    "The planned side: `draft`, or a live baseline's id; by default the latest baseline covering each side, else the draft (S8.5)",
);
const GRANULARITY: Param = query("granularity", "string", "day, week or month (the default)");

/// The operations, in the order of docs/api.md.
pub(super) fn operations() -> Vec<Operation> {
    let op = Operation::new;
    let ext = Operation::ext;
    vec![
        // Folios.
        op(
            "GET",
            "/budgets/1/folio",
            "List folios visible to the caller, in id order (a page of at most 4 MiB: more in the `Link` header's next page)",
        )
        .query(LIST_PAGE)
        .answers(Success(of::<Vec<FolioSummary>>)),
        op("POST", "/budgets/1/folio", "Create and configure a folio")
            .body(of::<Folio>)
            .answers(Success(of::<Id>)),
        ext(
            "PUT",
            "/budgets/1/folio",
            "Update a folio; with dryRun=true, what the update would change, storing nothing (S8.7)",
        )
        .query([query(
            "dryRun",
            "boolean",
            "true: answer the folio as it would be and the items whose money would change",
        )])
        .body(of::<Folio>)
        .answers(Success(folio_or_preview)),
        op(
            "GET",
            "/budgets/1/folio/{id}",
            "Get a folio (a deleted one too, with its deletedOn, S5.1)",
        )
        .answers(Success(of::<Folio>)),
        ext("DELETE", "/budgets/1/folio/{id}", "Delete a folio").answers(Success(of::<bool>)),
        ext(
            "GET",
            "/budgets/1/folio/indicators",
            "Indicators of many folios: those named by id (at most 100), or a page of those the caller may view",
        )
        .query([
            AS_OF,
            query("id", "integer", "A folio's id, repeated for each (at most 100)"),
            query("offset", "integer", "Without ids: how many folios to skip"),
            query("limit", "integer", "Without ids: how many folios at most (1 to 100, default 100)"),
        ])
        .answers(Success(of::<Vec<FolioIndicators>>)),
        ext(
            "GET",
            "/budgets/1/folio/{id}/viewers",
            "Who a folio is shared with",
        )
        .answers(Success(of::<Viewers>)),
        ext("PUT", "/budgets/1/folio/{id}/viewers", "Share a folio")
            .body(of::<Viewers>)
            .answers(Success(of::<bool>)),
        ext(
            "GET",
            "/budgets/1/users",
            "Users to pick from (owners, viewers, members), matching a query",
        )
        .query([
            query(
                "query",
                "string",
                "Part of a user's key or display name, any case",
            ),
            query(
                "limit",
                "integer",
                "At most this many, 1 to 100 (default 20)",
            ),
        ])
        .answers(Success(of::<Vec<UserChoice>>)),
        ext(
            "GET",
            "/budgets/1/folio/{id}/plan",
            "A folio as a plan document",
        )
        .answers(Success(of::<PlanDocument>)),
        ext(
            "POST",
            "/budgets/1/folio/import",
            "Import a plan document: a new folio and everything in it, all or nothing",
        )
        .body(of::<PlanDocument>)
        .answers(Success(of::<PlanImport>)),
        // Shared data.
        op("GET", "/budgets/1/overtimerule", "List overtime rules")
            .answers(Success(of::<Vec<OvertimeRule>>)),
        ext("POST", "/budgets/1/overtimerule", "Create an overtime rule")
            .body(of::<OvertimeRule>)
            .answers(Success(of::<Id>)),
        ext("PUT", "/budgets/1/overtimerule", "Update an overtime rule")
            .body(of::<OvertimeRule>)
            .answers(Success(of::<OvertimeRule>)),
        ext(
            "DELETE",
            "/budgets/1/overtimerule/{id}",
            "Delete an overtime rule",
        )
        .answers(Success(of::<bool>)),
        ext("GET", "/budgets/1/exchangerate", "List exchange rates")
            .answers(Success(of::<Vec<ExchangeRate>>)),
        ext("PUT", "/budgets/1/exchangerate", "Put an exchange rate")
            .body(of::<ExchangeRate>)
            .answers(Success(of::<bool>)),
        ext(
            "DELETE",
            "/budgets/1/exchangerate",
            "Remove an exchange rate, unless an expense needs it (S5.6)",
        )
        .query([
            super::operation::required("from", "string", "The currency converted from"),
            super::operation::required("to", "string", "The currency converted to"),
            super::operation::required("effectiveDate", "date", "The day the rate takes effect"),
        ])
        .answers(Success(of::<bool>)),
        // Expenses.
        op("POST", "/budgets/1/expense", "Add an expense to a folio")
            .body(of::<Expense>)
            .answers(Success(of::<Id>)),
        op("PUT", "/budgets/1/expense", "Update an expense")
            .body(of::<Expense>)
            .answers(Success(of::<Expense>)),
        op("GET", "/budgets/1/expense/{id}", "Get an expense").answers(Success(of::<Expense>)),
        op("DELETE", "/budgets/1/expense/{id}", "Delete an expense").answers(Success(of::<bool>)),
        op(
            "GET",
            "/budgets/1/expense/{id}/payments",
            "Payments of an expense",
        )
        .answers(Success(of::<Vec<ExpensePayment>>)),
        // Positions.
        op(
            "POST",
            "/budgets/1/position",
            "Add a position (with its further periods and rates, all or nothing)",
        )
        .body(of::<Position>)
        .answers(Success(of::<Id>)),
        op("PUT", "/budgets/1/position", "Update a position")
            .body(of::<Position>)
            .answers(Success(of::<Position>)),
        op("GET", "/budgets/1/position/{id}", "Get a position").answers(Success(of::<Position>)),
        op("DELETE", "/budgets/1/position/{id}", "Delete a position").answers(Success(of::<bool>)),
        op(
            "GET",
            "/budgets/1/position/{id}/payments",
            "Payments of a position",
        )
        .query([GRANULARITY])
        .answers(Success(of::<Vec<ExpensePayment>>)),
        op(
            "POST",
            "/budgets/1/position/{id}/allocation",
            "Add an allocation",
        )
        .body(of::<Allocation>)
        .answers(Success(of::<bool>)),
        op("PUT", "/budgets/1/allocation/{id}", "Update an allocation")
            .body(of::<Allocation>)
            .answers(Success(of::<bool>)),
        op(
            "DELETE",
            "/budgets/1/allocation/{id}",
            "Delete an allocation",
        )
        .answers(Success(of::<bool>)),
        op("POST", "/budgets/1/position/{id}/rate", "Add a rate")
            .body(of::<Rate>)
            .answers(Success(of::<Option<Id>>)),
        op("PUT", "/budgets/1/rate/{id}", "Update a rate")
            .body(of::<Rate>)
            .answers(Success(of::<Rate>)),
        op("DELETE", "/budgets/1/rate/{id}", "Delete a rate").answers(Success(of::<bool>)),
        op(
            "POST",
            "/budgets/1/position/{id}/workedhours",
            "Add worked hours to a team member",
        )
        .body(of::<HoursPeriod>)
        .answers(Success(of::<Option<Id>>)),
        op("PUT", "/budgets/1/workedhours/{id}", "Update worked hours")
            .body(of::<HoursPeriod>)
            .answers(Success(of::<bool>)),
        op(
            "DELETE",
            "/budgets/1/workedhours/{id}",
            "Delete worked hours",
        )
        .answers(Success(of::<bool>)),
        op(
            "POST",
            "/budgets/1/position/{id}/billablehours",
            "Add billable hours to a consulting revenue",
        )
        .body(of::<HoursPeriod>)
        .answers(Success(of::<Option<Id>>)),
        op(
            "PUT",
            "/budgets/1/billablehours/{id}",
            "Update billable hours",
        )
        .body(of::<HoursPeriod>)
        .answers(Success(of::<bool>)),
        op(
            "DELETE",
            "/budgets/1/billablehours/{id}",
            "Delete billable hours",
        )
        .answers(Success(of::<bool>)),
        ext(
            "PUT",
            "/budgets/1/position/{id}/billedhours",
            "Put the billed hours of a consulting revenue (S6.5c)",
        )
        .body(of::<BilledDays>)
        .answers(Success(of::<bool>)),
        op("GET", "/budgets/1/folio/{id}/team", "Team of a folio").answers(Success(of::<Team>)),
        // Custom fields and scope.
        ext(
            "POST",
            "/budgets/1/folio/{id}/customfield",
            "Add a custom-field definition (S7.4)",
        )
        .body(of::<CustomFieldDefinition>)
        .answers(Success(of::<Id>)),
        op(
            "GET",
            "/budgets/1/folio/{id}/customfields",
            "Custom-field definitions of a folio, in id order (a page of at most 4 MiB: more in the `Link` header's next page)",
        )
        .query(LIST_PAGE)
        .answers(Success(of::<CustomFieldCatalog>)),
        ext(
            "PUT",
            "/budgets/1/customfield",
            "Update a custom-field definition (S7.4)",
        )
        .body(of::<CustomFieldDefinition>)
        .answers(Success(of::<CustomFieldDefinition>)),
        ext(
            "DELETE",
            "/budgets/1/customfield/{id}",
            "Delete a custom-field definition",
        )
        .answers(Success(of::<bool>)),
        ext(
            "GET",
            "/budgets/1/folio/{id}/scope",
            "The scope of a folio in force on a day, and every measurement (S9.3, S9.10)",
        )
        .query([query(
            "asOf",
            "string",
            "The day (yyyy-MM-dd); today when absent",
        )])
        .answers(Success(of::<ScopeAnswer>)),
        ext(
            "PUT",
            "/budgets/1/folio/{id}/scope",
            "Put the scope as measured on a day, today by default (S9.3, S9.10)",
        )
        .body(of::<ScopeItems>)
        .answers(Success(of::<bool>)),
        // Closed months (S9.11).
        ext(
            "POST",
            "/budgets/1/folio/{id}/periods",
            "Close a month: its month-end BAC, PV, EV, AC, EAC, ETC, VAC, CPI and SPI are kept as they are (S9.11)",
        )
        .body(of::<PeriodClose>)
        .answers(Success(of::<ClosedMonthShown>)),
        ext(
            "GET",
            "/budgets/1/folio/{id}/periods",
            "The closed months, the earliest first, each beside its figures computed now for the same day (S9.11)",
        )
        .answers(Success(of::<Vec<ClosedMonthShown>>)),
        ext(
            "GET",
            "/budgets/1/portfolio/{id}/periods",
            "The months every folio of a portfolio running in them has closed, rolled up as closed and as computed now (S9.11, S9.9)",
        )
        .answers(Success(of::<Vec<PortfolioClosedMonth>>)),
        // Baselines and expenditures.
        ext(
            "POST",
            "/budgets/1/folio/{id}/baseline",
            "Approve a baseline (S8.1)",
        )
        .body(of::<Approval>)
        .answers(Success(of::<Id>)),
        op(
            "GET",
            "/budgets/1/folio/{id}/baselines",
            "Baselines of a folio",
        )
        .query([
            query("costs", "boolean", "Baselines of costs"),
            query("revenues", "boolean", "Baselines of revenues"),
        ])
        .answers(Success(of::<Vec<Baseline>>)),
        ext("DELETE", "/budgets/1/baseline/{id}", "Delete a baseline").answers(Success(of::<bool>)),
        op(
            "GET",
            "/budgets/1/folio/{id}/expenditures",
            "Expenditures of a folio (S8.4)",
        )
        .query([
            query(
                "baselineId",
                "integer",
                "The baseline to show; by default the latest covering the side, else the draft",
            ),
            query("actual", "boolean", "Actual rather than planned items"),
            query("revenue", "boolean", "Revenues rather than costs"),
        ])
        .answers(Success(of::<Expenditures>)),
        // Figures.
        ext(
            "GET",
            "/budgets/1/folio/{id}/indicators",
            "Indicators of a folio (S9)",
        )
        .query([AS_OF, PLAN])
        .answers(Success(of::<Indicators>)),
        ext(
            "GET",
            "/budgets/1/folio/{id}/timeline",
            "Timeline of a folio (S9.6)",
        )
        .query([AS_OF, GRANULARITY, PLAN])
        .answers(Success(of::<Vec<TimelineBucket>>)),
        ext(
            "GET",
            "/budgets/1/folio/{id}/items",
            "Items of a folio, with their money",
        )
        .query([AS_OF])
        .answers(Success(of::<FolioItems>)),
        ext(
            "GET",
            "/budgets/1/folio/{id}/payments",
            "Payments of a folio (format=csv: the columns of costfolio plan --csv)",
        )
        .query([
            AS_OF,
            query("format", "string", "json (the default) or csv"),
        ])
        .answers(SuccessOrCsv(of::<FolioPayments>)),
        // Portfolios.
        op(
            "GET",
            "/budgets/1/portfolio",
            "List portfolios in tree order, sub-portfolios nested (a page of at most 4 MiB: more in the `Link` header's next page, whose first portfolios may belong under one of this page)",
        )
        .query(LIST_PAGE)
        .answers(Success(of::<Vec<Portfolio>>)),
        ext("POST", "/budgets/1/portfolio", "Create a portfolio")
            .body(of::<Portfolio>)
            .answers(Success(of::<Id>)),
        ext("PUT", "/budgets/1/portfolio", "Update a portfolio")
            .body(of::<Portfolio>)
            .answers(Success(of::<Portfolio>)),
        ext("DELETE", "/budgets/1/portfolio/{id}", "Delete a portfolio")
            .answers(Success(of::<bool>)),
        ext(
            "GET",
            "/budgets/1/portfolio/{id}/indicators",
            "Portfolio indicators (S9.9)",
        )
        .query([AS_OF])
        .answers(Success(of::<Indicators>)),
        // Explanations.
        ext(
            "GET",
            "/budgets/1/folio/{id}/explain",
            "A figure of a folio explained: its formula, its inputs and the lines it adds up",
        )
        .query([
            AS_OF,
            query("figure", "string", "The indicator: bac, pv, ev, ac, cv, sv, cpi, spi, cvPercent, svPercent, eac, etc, vac, tcpi, cpiStatus, spiStatus, reserve, contingency, contingencyToDate, plannedCostToDate, eacKnown, plannedRevenue, plannedRevenueToDate, actualRevenue, profit, margin, revenueStatus or marginStatus"),
            PLAN,
            query("start", "date", "A timeline cell: the first day of its bucket; the figure is then one of plannedCost, actualCost, plannedRevenue, actualRevenue, contingency, pv, ev, ac"),
            GRANULARITY,
            LINE_PAGE[0],
            LINE_PAGE[1],
        ])
        .answers(Success(of::<Explanation>)),
        ext(
            "GET",
            "/budgets/1/portfolio/{id}/explain",
            "A figure of a portfolio's rollup explained: its members' own figures, converted (S9.9)",
        )
        .query([
            AS_OF,
            query("figure", "string", "The indicator, as for a folio"),
            LINE_PAGE[0],
            LINE_PAGE[1],
        ])
        .answers(Success(of::<Explanation>)),
        ext(
            "GET",
            "/budgets/1/position/{id}/explain",
            "A position's money explained by its days: hours, rate and amount",
        )
        .query([
            AS_OF,
            query("figure", "string", "total (the default) or toDate"),
            LINE_PAGE[0],
            LINE_PAGE[1],
        ])
        .answers(Success(of::<Explanation>)),
        ext(
            "GET",
            "/budgets/1/expense/{id}/explain",
            "An expense's money explained by its payments, each converted at its exchange rate",
        )
        .query([
            AS_OF,
            query("figure", "string", "total (the default) or toDate"),
            LINE_PAGE[0],
            LINE_PAGE[1],
        ])
        .answers(Success(of::<Explanation>)),
        // Histories, from the journal.
        ext(
            "GET",
            "/budgets/1/folio/{id}/history",
            "Changes of a folio (its fields and sharing), newest first",
        )
        .query(HISTORY_PAGE)
        .answers(Success(of::<History>)),
        ext(
            "GET",
            "/budgets/1/folio/{id}/scope/history",
            "Measurements of a folio's scope as they were put, newest first (S9.10)",
        )
        .query(HISTORY_PAGE)
        .answers(Success(of::<History>)),
        ext(
            "GET",
            "/budgets/1/folio/{id}/activity",
            "Changes of a folio and of everything in it, newest first, each naming its record",
        )
        .query(HISTORY_PAGE)
        .answers(Success(of::<History>)),
        ext(
            "GET",
            "/budgets/1/expense/{id}/history",
            "Changes of an expense, newest first",
        )
        .query(HISTORY_PAGE)
        .answers(Success(of::<History>)),
        ext(
            "GET",
            "/budgets/1/position/{id}/history",
            "Changes of a position, its allocation periods, rates and hours, newest first",
        )
        .query(HISTORY_PAGE)
        .answers(Success(of::<History>)),
        ext(
            "GET",
            "/budgets/1/portfolio/{id}/history",
            "Changes of a portfolio, newest first",
        )
        .query(HISTORY_PAGE)
        .answers(Success(of::<History>)),
    ]
}

/// A page of an explanation's lines.
const LINE_PAGE: [Param; 2] = [
    query(
        "limit",
        "integer",
        "How many lines at most, 1 to 1000 (default 100)",
    ),
    query(
        "after",
        "integer",
        "How many lines earlier pages held: the previous page's `next`",
    ),
];

/// A page of a list (S11.8).
const LIST_PAGE: [Param; 2] = [
    query(
        "limit",
        "integer",
        "How many entries at most, 1 to 10000 (default: as many as 4 MiB hold)",
    ),
    query(
        "after",
        "integer",
        "The id the previous page ended at, as its `Link: <...>; rel=\"next\"` header gives it",
    ),
];

/// A page of a history.
const HISTORY_PAGE: [Param; 3] = [
    query(
        "limit",
        "integer",
        "How many journal entries at most, 1 to 200 (default 50); a page also ends at 4 MiB of changes or 16 MiB of journal read",
    ),
    query(
        "before",
        "integer",
        "Only changes of entries before this seq: the previous page's `next`",
    ),
    query(
        "since",
        "date",
        "Only changes made on or after this day (UTC): the page ends at the first older one",
    ),
];

/// A folio updated, or with `dryRun=true` what its update would change.
fn folio_or_preview(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let folio = of::<Folio>(generator);
    let preview = of::<FolioPreview>(generator);
    schemars::json_schema!({ "anyOf": [folio, preview] })
}
