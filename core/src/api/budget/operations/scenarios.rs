//! The rows of a folio's scenarios and its budget changes (S15; documentation in `described!`,
//! read only with the core's `schema` feature). A scenario's items are changed and read through
//! the draft's own routes under `/folio/{id}/scenarios/{sid}/` (the router's, S15.3), which no
//! row lists.

#[cfg(feature = "schema")]
use super::documented::*;
use super::{change, get, Route, Weight};
use crate::api::budget::scenarios::{
    compare, delete, folio_budget_changes, fork, portfolio_budget_changes, promote, rename,
    scenario, scenario_history, scenarios,
};
use crate::api::operation_doc::described;
#[cfg(feature = "schema")]
use crate::model::budgeting::{
    FolioBudgetChanges, NewScenario, PortfolioBudgetChanges, Promoted, Promotion, Scenario,
    ScenarioComparison, ScenarioNaming,
};
use Weight::Light;

/// The rows, in the order of docs/api.md.
pub(super) const ROUTES: &[Route] = &[
    get(
        "/budgets/1/folio/{id}/scenarios",
        |s, r, c, _| scenarios(s, r, c),
        Light,
        described!(ext("A folio's scenarios (S15.1)").answers(Success(of::<Vec<Scenario>>))),
    ),
    change(
        "POST",
        "/budgets/1/folio/{id}/scenarios",
        |s, r, c, _| fork(s, r, c),
        described!(ext(
            "Fork a scenario of a folio's draft, a baseline or another scenario (S15.1)"
        )
        .body(of::<NewScenario>)
        .answers(Success(of::<Scenario>))),
    ),
    get(
        "/budgets/1/folio/{id}/scenarios/compare",
        |s, r, c, _| compare(s, r, c),
        Weight::Compare,
        described!(ext("Compare a folio's draft and scenarios side by side (S15.5)")
            .query([
                required(
                    "ids",
                    "string",
                    "2 to 5 plans, comma-separated: draft or a scenario's id; the first is the base"
                ),
                AS_OF,
                query(
                    "forecast",
                    "boolean",
                    "Also each plan's forecast (P50, P90: S14), drawn with seed and iterations"
                ),
                FORECAST_QUERY[1],
                FORECAST_QUERY[2],
            ])
            .answers(Success(of::<ScenarioComparison>))),
    ),
    get(
        "/budgets/1/folio/{id}/scenarios/{scenarioId}",
        |s, r, c, _| scenario(s, r, c),
        Light,
        described!(ext("A scenario of a folio (S15.1)").answers(Success(of::<Scenario>))),
    ),
    change(
        "PUT",
        "/budgets/1/folio/{id}/scenarios/{scenarioId}",
        |s, r, c, _| rename(s, r, c),
        described!(ext("Rename a scenario or describe it anew (S15.1)")
            .body(of::<ScenarioNaming>)
            .answers(Success(of::<Scenario>))),
    ),
    change(
        "DELETE",
        "/budgets/1/folio/{id}/scenarios/{scenarioId}",
        |s, r, c, _| delete(s, r, c),
        described!(ext("Delete a scenario (S15.1)").answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/folio/{id}/scenarios/{scenarioId}/history",
        |s, r, c, _| scenario_history(s, r, c),
        Weight::History(crate::state::RecordKind::Scenario),
        described!(ext(
            "Changes of a scenario, newest first: its naming, and each change of its items with the items as put (S15.3)"
        )
        .query(HISTORY_PAGE)
        .answers(Success(of::<History>))),
    ),
    change(
        "POST",
        "/budgets/1/folio/{id}/scenarios/{scenarioId}/promote",
        |s, r, c, _| promote(s, r, c),
        described!(ext(
            "Promote a scenario to be the draft, with a reason, optionally approved at once (S15.6)"
        )
        .body(of::<Promotion>)
        .answers(Success(of::<Promoted>))),
    ),
    get(
        "/budgets/1/folio/{id}/budget-changes",
        |s, _, c, id| folio_budget_changes(s, c, id),
        Light,
        described!(ext(
            "A folio's budget changes with their reasons, the approved and current budget (S15.7)"
        )
        .answers(Success(of::<FolioBudgetChanges>))),
    ),
    get(
        "/budgets/1/portfolio/{id}/budget-changes",
        portfolio_budget_changes,
        Light,
        described!(ext("The budget changes of a portfolio's folios (S15.7)")
            .answers(Success(of::<PortfolioBudgetChanges>))),
    ),
];
