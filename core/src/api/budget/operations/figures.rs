//! The rows of what a folio holds besides its items (baselines, custom fields, its scope and
//! closed months), its figures and their explanations, portfolios and histories (documentation
//! in `described!`, read only with the core's `schema` feature).

#[cfg(feature = "schema")]
use super::documented::*;
use super::{change, get, Route, Weight};
use crate::api::budget::folios::{
    baselines, closed_months, custom_fields, delete_baseline, delete_custom_field, folio_change,
    folio_expenditures, scope_get, update_custom_field,
};
use crate::api::budget::forecast::{folio_forecast, portfolio_forecast};
use crate::api::budget::history::{activity, history};
use crate::api::budget::lines::{folio_lines, portfolio_lines};
use crate::api::budget::portfolios::{
    delete_portfolio, portfolio_closed_months, portfolio_indicators, portfolios, put_portfolio,
};
use crate::api::budget::reports::{
    folio_explain, folio_indicators, folio_items, folio_payments, folio_timeline, item_explain,
    portfolio_explain,
};
use crate::api::budget::workbooks::{folio_workbook, portfolio_workbook};
use crate::api::operation_doc::described;
use crate::state::RecordKind;
use Weight::{
    Activity, FolioByGranularity, FolioClosedMonths, FolioFigure, Item, Light,
    PortfolioClosedMonths,
};

/// `GET` of the history of the path's record of kind `kind` (S11.8).
macro_rules! history {
    ($path:literal, $kind:ident, $doc:expr) => {
        get(
            $path,
            |s, r, c, id| history(s, r, c, RecordKind::$kind, id),
            Weight::History(RecordKind::$kind),
            $doc,
        )
    };
}

/// The rows, in the order of docs/api.md.
pub(super) const ROUTES: &[Route] = &[
    // Baselines and what a folio holds besides its items.
    change(
        "POST",
        "/budgets/1/folio/{id}/baseline",
        |s, r, c, id| {
            folio_change(s, r, c, id, |c, id, approval| {
                c.approve_baseline(id, approval)
            })
        },
        described!(ext("Approve a baseline (S8.1)")
            .body(of::<Approval>)
            .answers(Success(of::<Id>))),
    ),
    get(
        "/budgets/1/folio/{id}/baselines",
        baselines,
        Light,
        described!(op("Baselines of a folio")
            .query([
                query("costs", "boolean", "Baselines of costs"),
                query("revenues", "boolean", "Baselines of revenues"),
            ])
            .answers(Success(of::<Vec<Baseline>>))),
    ),
    change(
        "DELETE",
        "/budgets/1/baseline/{id}",
        |s, _, c, id| delete_baseline(s, c, id),
        described!(ext("Delete a baseline").answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/folio/{id}/expenditures",
        folio_expenditures,
        Weight::Folio,
        described!(op("Expenditures of a folio (S8.4)")
            .query([
                query(
                    "baselineId",
                    "integer",
                    "The baseline to show; by default the latest covering the \
                side, else the draft",
                ),
                query("actual", "boolean", "Actual rather than planned items"),
                query("revenue", "boolean", "Revenues rather than costs"),
            ])
            .answers(Success(of::<Expenditures>))),
    ),
    get(
        "/budgets/1/folio/{id}/customfields",
        custom_fields,
        Light,
        described!(
            op("Custom-field definitions of a folio, in id order (a page \
                of at most 4 MiB: more in the `Link` header's next page)")
            .query(LIST_PAGE)
            .answers(Success(of::<CustomFieldCatalog>))
        ),
    ),
    change(
        "POST",
        "/budgets/1/folio/{id}/customfield",
        |s, r, c, id| folio_change(s, r, c, id, |c, id, field| c.add_custom_field(id, field)),
        described!(ext("Add a custom-field definition (S7.4)")
            .body(of::<CustomFieldDefinition>)
            .answers(Success(of::<Id>))),
    ),
    change(
        "PUT",
        "/budgets/1/customfield",
        |s, r, c, _| update_custom_field(s, r, c),
        described!(ext("Update a custom-field definition (S7.4)")
            .body(of::<CustomFieldDefinition>)
            .answers(Success(of::<CustomFieldDefinition>))),
    ),
    change(
        "DELETE",
        "/budgets/1/customfield/{id}",
        |s, _, c, id| delete_custom_field(s, c, id),
        described!(ext("Delete a custom-field definition").answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/folio/{id}/scope",
        scope_get,
        Light,
        described!(ext("The scope of a folio in force on a day, and every \
                measurement (S9.3, S9.10)")
        .query([query(
            "asOf",
            "string",
            "The day (yyyy-MM-dd); today when absent",
        )])
        .answers(Success(of::<ScopeAnswer>))),
    ),
    change(
        "PUT",
        "/budgets/1/folio/{id}/scope",
        |s, r, c, id| {
            folio_change(s, r, c, id, |c, id, scope| {
                c.put_scope(id, scope).map(|()| true)
            })
        },
        described!(ext("Put the scope as measured on a day, today by default \
                (S9.3, S9.10)")
        .body(of::<ScopeItems>)
        .answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/folio/{id}/periods",
        |s, _, c, id| closed_months(s, c, id),
        FolioClosedMonths,
        described!(
            ext("The closed months, the earliest first, each beside its \
                figures computed now for the same day (S9.11)")
            .answers(Success(of::<Vec<ClosedMonthShown>>))
        ),
    ),
    change(
        "POST",
        "/budgets/1/folio/{id}/periods",
        |s, r, c, id| folio_change(s, r, c, id, |c, id, close| c.close_month(id, close)),
        described!(
            ext("Close a month: its month-end BAC, PV, EV, AC, EAC, ETC, \
                VAC, CPI and SPI are kept as they are (S9.11)")
            .body(of::<PeriodClose>)
            .answers(Success(of::<ClosedMonthShown>))
        ),
    ),
    // Figures.
    get(
        "/budgets/1/folio/{id}/indicators",
        folio_indicators,
        Weight::Folio,
        described!(ext("Indicators of a folio (S9)")
            .query([AS_OF, PLAN])
            .answers(Success(of::<Indicators>))),
    ),
    get(
        "/budgets/1/folio/{id}/timeline",
        folio_timeline,
        FolioByGranularity,
        described!(ext("Timeline of a folio (S9.6)")
            .query([AS_OF, GRANULARITY, PLAN])
            .answers(Success(of::<Vec<TimelineBucket>>))),
    ),
    get(
        "/budgets/1/folio/{id}/lines",
        folio_lines,
        Weight::Folio,
        described!(
            ext("Cost lines of a folio: each planned cost item with the \
                actual items that realise it, budget, plan, actual, scheduled, \
                forecast and variances, grouped (S9.12)")
            .query([
                AS_OF,
                GROUP_BY,
                query(
                    "order",
                    "string",
                    "group (the default) or variance: the largest overrun first"
                ),
                LINE_PAGE[0],
                LINE_PAGE[1],
                query(
                    "format",
                    "string",
                    "json (the default) or csv: every line, a file to save"
                ),
            ])
            .answers(SuccessOrCsv(of::<FolioLines>))
        ),
    ),
    get(
        "/budgets/1/folio/{id}/forecast",
        folio_forecast,
        Weight::Forecast,
        described!(ext(
            "A folio's cost at completion and finish with their confidence: \
                P10 to P90 of a Monte Carlo simulation of its remaining planned \
                costs, the chances of finishing within budget, the histogram, the \
                lines that drive the spread, and EAC's bounds from its monthly CPI \
                (S14)"
        )
        .query(FORECAST_QUERY)
        .answers(Success(of::<FolioForecast>))),
    ),
    get(
        "/budgets/1/folio/{id}/export.xlsx",
        folio_workbook,
        Weight::Folio,
        described!(ext(
            "A folio's workbook (XLSX): Summary, Lines, Months, Positions, \
                Expenses, Exchange rates; totals and variances as formulas with \
                their results"
        )
        .query([
            AS_OF,
            query(
                "groupBy",
                "string",
                "How lines are grouped: account, category (the default), kind or none"
            ),
        ])
        .answers(File(XLSX))),
    ),
    get(
        "/budgets/1/folio/{id}/payments",
        folio_payments,
        Weight::Folio,
        described!(
            ext("Payments of a folio (format=csv: the columns of costfolio \
                plan --csv)")
            .query([
                AS_OF,
                query("format", "string", "json (the default) or csv"),
            ])
            .answers(SuccessOrCsv(of::<FolioPayments>))
        ),
    ),
    get(
        "/budgets/1/folio/{id}/items",
        folio_items,
        Weight::Folio,
        described!(ext("Items of a folio, with their money")
            .query([AS_OF])
            .answers(Success(of::<FolioItems>))),
    ),
    get(
        "/budgets/1/folio/{id}/explain",
        folio_explain,
        FolioFigure,
        described!(ext(
            "A figure of a folio explained: its formula, its inputs and \
                the lines it adds up",
        )
        .query([
            AS_OF,
            query(
                "figure",
                "string",
                "The indicator: bac, pv, ev, ac, cv, sv, cpi, spi, \
                cvPercent, svPercent, eac, etc, vac, tcpi, cpiStatus, spiStatus, \
                reserve, contingency, contingencyToDate, plannedCostToDate, eacKnown, \
                plannedRevenue, plannedRevenueToDate, actualRevenue, profit, margin, \
                revenueStatus or marginStatus"
            ),
            PLAN,
            query(
                "start",
                "date",
                "A timeline cell: the first day of its bucket; the figure \
                is then one of plannedCost, actualCost, plannedRevenue, actualRevenue, \
                contingency, pv, ev, ac"
            ),
            GRANULARITY,
            LINE_PAGE[0],
            LINE_PAGE[1],
        ])
        .answers(Success(of::<Explanation>))),
    ),
    get(
        "/budgets/1/expense/{id}/explain",
        |s, r, c, id| item_explain(s, r, c, true, id),
        Item,
        described!(ext("An expense's money explained by its payments, each \
                converted at its exchange rate")
        .query([
            AS_OF,
            query("figure", "string", "total (the default) or toDate"),
            LINE_PAGE[0],
            LINE_PAGE[1],
        ])
        .answers(Success(of::<Explanation>))),
    ),
    get(
        "/budgets/1/position/{id}/explain",
        |s, r, c, id| item_explain(s, r, c, false, id),
        Item,
        described!(
            ext("A position's money explained by its days: hours, rate and \
                amount")
            .query([
                AS_OF,
                query("figure", "string", "total (the default) or toDate"),
                LINE_PAGE[0],
                LINE_PAGE[1],
            ])
            .answers(Success(of::<Explanation>))
        ),
    ),
    // Portfolios.
    get(
        "/budgets/1/portfolio",
        |s, r, c, _| portfolios(s, r, c),
        Light,
        described!(
            op("List portfolios in tree order, sub-portfolios nested (a \
                page of at most 4 MiB: more in the `Link` header's next page, whose \
                first portfolios may belong under one of this page)")
            .query(LIST_PAGE)
            .answers(Success(of::<Vec<Portfolio>>))
        ),
    ),
    change(
        "POST",
        "/budgets/1/portfolio",
        |s, r, c, _| put_portfolio(s, r, c, false),
        described!(ext("Create a portfolio")
            .body(of::<Portfolio>)
            .answers(Success(of::<Id>))),
    ),
    change(
        "PUT",
        "/budgets/1/portfolio",
        |s, r, c, _| put_portfolio(s, r, c, true),
        described!(ext("Update a portfolio")
            .body(of::<Portfolio>)
            .answers(Success(of::<Portfolio>))),
    ),
    change(
        "DELETE",
        "/budgets/1/portfolio/{id}",
        |s, _, c, id| delete_portfolio(s, c, id),
        described!(ext("Delete a portfolio").answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/portfolio/{id}/indicators",
        portfolio_indicators,
        Weight::Portfolio,
        described!(ext("Portfolio indicators (S9.9)")
            .query([AS_OF])
            .answers(Success(of::<Indicators>))),
    ),
    get(
        "/budgets/1/portfolio/{id}/lines",
        portfolio_lines,
        Weight::Portfolio,
        described!(
            ext("Cost lines of a portfolio: a line per folio, its total \
                converted, and the groups across its folios (S9.12, S9.9)")
            .query([AS_OF, GROUP_BY])
            .answers(Success(of::<PortfolioLines>))
        ),
    ),
    get(
        "/budgets/1/portfolio/{id}/export.xlsx",
        portfolio_workbook,
        Weight::Portfolio,
        described!(
            ext("A portfolio's workbook (XLSX): its rollup and a row per folio")
                .query([AS_OF])
                .answers(File(XLSX))
        ),
    ),
    get(
        "/budgets/1/portfolio/{id}/periods",
        |s, _, c, id| portfolio_closed_months(s, c, id),
        PortfolioClosedMonths,
        described!(
            ext("The months every folio of a portfolio running in them has \
                closed, rolled up as closed and as computed now (S9.11, S9.9)")
            .answers(Success(of::<Vec<PortfolioClosedMonth>>))
        ),
    ),
    get(
        "/budgets/1/portfolio/{id}/forecast",
        portfolio_forecast,
        Weight::PortfolioForecast,
        described!(ext(
            "A portfolio's forecast: the remaining costs of every folio the \
                caller may read simulated together, converted into its currency \
                (S14.7, S9.9)"
        )
        .query(FORECAST_QUERY)
        .answers(Success(of::<PortfolioForecast>))),
    ),
    get(
        "/budgets/1/portfolio/{id}/explain",
        portfolio_explain,
        Weight::Portfolio,
        described!(
            ext("A figure of a portfolio's rollup explained: its members' \
                own figures, converted (S9.9)")
            .query([
                AS_OF,
                query("figure", "string", "The indicator, as for a folio"),
                LINE_PAGE[0],
                LINE_PAGE[1],
            ])
            .answers(Success(of::<Explanation>))
        ),
    ),
    // Histories (S11.8).
    history!(
        "/budgets/1/folio/{id}/history",
        Folio,
        described!(
            ext("Changes of a folio (its fields and sharing), newest first")
                .query(HISTORY_PAGE)
                .answers(Success(of::<History>))
        )
    ),
    history!(
        "/budgets/1/folio/{id}/scope/history",
        Scope,
        described!(
            ext("Measurements of a folio's scope as they were put, newest \
                first (S9.10)")
            .query(HISTORY_PAGE)
            .answers(Success(of::<History>))
        )
    ),
    history!(
        "/budgets/1/expense/{id}/history",
        Expense,
        described!(ext("Changes of an expense, newest first")
            .query(HISTORY_PAGE)
            .answers(Success(of::<History>)))
    ),
    history!(
        "/budgets/1/position/{id}/history",
        Position,
        described!(
            ext("Changes of a position, its allocation periods, rates and \
                hours, newest first")
            .query(HISTORY_PAGE)
            .answers(Success(of::<History>))
        )
    ),
    history!(
        "/budgets/1/portfolio/{id}/history",
        Portfolio,
        described!(ext("Changes of a portfolio, newest first")
            .query(HISTORY_PAGE)
            .answers(Success(of::<History>)))
    ),
    get(
        "/budgets/1/folio/{id}/activity",
        activity,
        Activity,
        described!(
            ext("Changes of a folio and of everything in it, newest first, \
                each naming its record")
            .query(HISTORY_PAGE)
            .answers(Success(of::<History>))
        ),
    ),
];
