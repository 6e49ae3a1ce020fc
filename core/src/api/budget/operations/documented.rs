//! What the rows' documentation is written with (the core's `schema` feature): the summary of an
//! operation of the contract or of an extension, the query parameters several rows share, and the
//! wire types the bodies and answers are.

pub(super) use crate::api::budget::workbooks::XLSX;
pub(super) use crate::api::operation_doc::Answer::{File, Success, SuccessOrCsv};
pub(super) use crate::api::operation_doc::{of, query, required, Operation, Param};
pub(super) use crate::model::budgeting::{
    ActualsImport, Allocation, Baseline, ClosedMonthShown, CustomFieldCatalog,
    CustomFieldDefinition, ExchangeRate, Expenditures, Expense, ExpensePayment, Folio,
    FolioForecast, FolioIndicators, FolioItems, FolioLines, FolioPayments, FolioPreview,
    FolioSummary, HoursPeriod, ImportReport, Indicators, OvertimeRule, PeriodClose, PlanDocument,
    PlanImport, Portfolio, PortfolioClosedMonth, PortfolioForecast, PortfolioLines, Position, Rate,
    ScopeAnswer, ScopeItems, Team, TimelineBucket,
};
pub(super) use crate::model::Id;
pub(super) use crate::usecase::{Approval, BilledDays, Explanation, History, UserChoice, Viewers};

/// An operation of the contract, saying `summary`; its row gives its method and path.
pub(super) fn op(summary: &'static str) -> Operation {
    Operation::new("", "", summary)
}

/// An extension (../shared/design/extensions.md), saying `summary`.
pub(super) fn ext(summary: &'static str) -> Operation {
    Operation::ext("", "", summary)
}

pub(super) const AS_OF: Param = query(
    "asOf",
    "date",
    "The day the figures are of (yyyy-MM-dd); the request's date when absent (S2.3)",
);
pub(super) const PLAN: Param = query(
    "plan",
    "string",
    "The planned side: `draft`, or a live baseline's id; by default the latest baseline covering each side, else the draft (S8.5)",
);
pub(super) const GRANULARITY: Param =
    query("granularity", "string", "day, week or month (the default)");
pub(super) const GROUP_BY: Param = query(
    "groupBy",
    "string",
    "How lines are grouped: account, category, kind or none (the default)",
);

/// What a forecast is drawn with (S14.3).
pub(super) const FORECAST_QUERY: [Param; 3] = [
    AS_OF,
    query(
        "seed",
        "integer",
        "The generator's seed, 0 to 2^53 - 1 (default 20140101): the same seed gives the same answer",
    ),
    query(
        "iterations",
        "integer",
        "The most iterations, 1 to 100000 (default 10000); it stops earlier once P50 and P90 move less than 0.1 % over 1,000",
    ),
];

/// A page of an explanation's lines.
pub(super) const LINE_PAGE: [Param; 2] = [
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
pub(super) const LIST_PAGE: [Param; 2] = [
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
pub(super) const HISTORY_PAGE: [Param; 3] = [
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
pub(super) fn folio_or_preview(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let folio = of::<Folio>(generator);
    let preview = of::<FolioPreview>(generator);
    schemars::json_schema!({ "anyOf": [folio, preview] })
}
