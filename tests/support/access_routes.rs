//! Every route of the budgeting interface, with whose record it reads or changes and what the
//! policy lets each caller do with that (used by the
//! tests that send them all: tests/access.rs, tests/access_intruders.rs).

use crate::access_world::{
    ids, Role, ACTUALS_IMPORT, ACTUAL_BASELINE, ALLOCATION, ALLOCATION_UPDATE, BILLABLE_HOURS,
    BILLABLE_HOURS_UPDATE, BILLED_HOURS, CLOSE_MONTH, CUSTOM_FIELD, CUSTOM_FIELD_UPDATE,
    EXCHANGE_RATE, EXPENSE_CREATE, EXPENSE_UPDATE, FOLIO_CREATE, FOLIO_UPDATE, OVERTIME_RULE,
    OVERTIME_RULE_UPDATE, PLANNED, PLANNED_UPDATE, PLAN_IMPORT, PORTFOLIO_CREATE,
    PRIVATE_PORTFOLIO_UPDATE, PUBLIC_PORTFOLIO_UPDATE, RATE, RATE_UPDATE, SCOPE, VIEWERS,
    WORKED_HOURS, WORKED_HOURS_UPDATE,
};

/// What the policy lets a caller do with one record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Access {
    /// Nothing: the record answers as a missing one.
    None,
    /// Read it; a change is 403.
    Read,
    /// Read and change it.
    Change,
}

/// Whose record a route reads or changes, which decides what each caller may do with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Folio 1 or something in it (S11.4, S11.5): its draft and scenarios, which its editors
    /// change too (S15.8).
    Folio,
    /// Folio 1's approved budget, record or sharing: its owner and budget administrators change
    /// it, its editors only read it (S15.8).
    Budget,
    /// A list every caller reads, filtered to what they may see (folios, portfolios) or shared
    /// by all (exchange rates, overtime rules).
    Open,
    /// Exchange rates and overtime rules: every caller reads, budget administrators change.
    Shared,
    /// A new record naming ada as its owner: ada or a budget administrator; anyone else is a 403
    /// naming the field `owner`.
    CreateAsAda,
    /// A new record its caller owns, whatever the body names (an imported plan document's
    /// folio): every caller who may write.
    CreateOwn,
    /// The public portfolio 1 (ada's, no admins).
    PublicPortfolio,
    /// The private portfolio 2 (ada's, administered by carol).
    PrivatePortfolio,
}

impl Scope {
    /// What the policy lets `role` do with the scope's record.
    pub fn access(self, role: Role) -> Access {
        use Role::*;
        match (self, role) {
            (Scope::Open, _) => Access::Read,
            (Scope::CreateOwn, _) => Access::Change,
            (Scope::Shared, BudgetAdmin) => Access::Change,
            (Scope::Shared, _) => Access::Read,
            (_, Owner | ReadOnlyToken | BudgetAdmin) => Access::Change,
            (Scope::CreateAsAda, _) => Access::Read,
            (Scope::Folio, Editor) => Access::Change,
            (Scope::Folio | Scope::Budget, Viewer | PortfolioAdmin | Editor) => Access::Read,
            (Scope::Folio | Scope::Budget, Other) => Access::None,
            (Scope::PublicPortfolio, Viewer | PortfolioAdmin | Other | Editor) => Access::Read,
            (Scope::PrivatePortfolio, PortfolioAdmin) => Access::Change,
            (Scope::PrivatePortfolio, Viewer | Other | Editor) => Access::None,
        }
    }
}

/// One budgeting route: a method, a path and a body (for a change), where `{id}` stands for the
/// target's id.
#[derive(Debug, Clone, Copy)]
pub struct Route {
    pub name: &'static str,
    pub method: &'static str,
    pub path: &'static str,
    pub body: Option<&'static str>,
    /// The id of the fixture's record the route names; `None` when it names none (a list, a
    /// create, shared data without an id).
    pub target: Option<u64>,
    pub scope: Scope,
}

impl Route {
    pub fn is_read(&self) -> bool {
        self.method == "GET"
    }

    /// The path and body with `{id}` replaced by `id`.
    pub fn request(&self, id: u64) -> (String, Option<String>) {
        let id = id.to_string();
        (
            self.path.replace("{id}", &id).replace(
                "{scenarioId}",
                &crate::access_world::ids::SCENARIO.to_string(),
            ),
            self.body.map(|body| body.replace("{id}", &id)),
        )
    }
}

pub const fn route(
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
    target: Option<u64>,
    scope: Scope,
) -> Route {
    Route {
        name,
        method,
        path,
        body,
        target,
        scope,
    }
}

/// Every route matched in `core/src/api/budget/` (its router and `positions.rs`);
/// the portfolio routes that name a portfolio appear once per portfolio (public and private).
#[rustfmt::skip]
pub const ROUTES: &[Route] = {
    use Scope::*;
    &[
        // budget.rs: folios.
        route("folio list", "GET", "/folio", None, None, Open),
        route("folio create", "POST", "/folio", Some(FOLIO_CREATE), None, CreateAsAda),
        route("folio get", "GET", "/folio/{id}", None, Some(ids::FOLIO), Folio),
        route("folio update", "PUT", "/folio", Some(FOLIO_UPDATE), Some(ids::FOLIO), Budget),
        route("folio delete", "DELETE", "/folio/{id}", None, Some(ids::FOLIO), Budget),
        route("folio viewers", "PUT", "/folio/{id}/viewers", Some(VIEWERS), Some(ids::FOLIO), Budget),
        route("folio viewers get", "GET", "/folio/{id}/viewers", None, Some(ids::FOLIO), Folio),
        route("folio editors", "PUT", "/folio/{id}/editors", Some(VIEWERS), Some(ids::FOLIO), Budget),
        route("folio editors get", "GET", "/folio/{id}/editors", None, Some(ids::FOLIO), Folio),
        route("users", "GET", "/users?query=a", None, None, Open),
        route("folios indicators by id", "GET", "/folio/indicators?id={id}", None, Some(ids::FOLIO), Folio),
        route("folios indicators page", "GET", "/folio/indicators?limit=5", None, None, Open),
        route("folio plan", "GET", "/folio/{id}/plan", None, Some(ids::FOLIO), Folio),
        route("folio import", "POST", "/folio/import", Some(PLAN_IMPORT), None, CreateOwn),
        // budget.rs: expenses (the create names its folio in the body).
        route("expense create", "POST", "/expense", Some(EXPENSE_CREATE), Some(ids::FOLIO), Folio),
        route("actuals import", "POST", "/folio/{id}/import/actuals", Some(ACTUALS_IMPORT), Some(ids::FOLIO), Folio),
        route("expense update", "PUT", "/expense", Some(EXPENSE_UPDATE), Some(ids::EXPENSE), Folio),
        route("expense get", "GET", "/expense/{id}", None, Some(ids::EXPENSE), Folio),
        route("expense delete", "DELETE", "/expense/{id}", None, Some(ids::EXPENSE), Folio),
        route("expense payments", "GET", "/expense/{id}/payments", None, Some(ids::EXPENSE), Folio),
        // budget.rs: shared data.
        route("exchangerate get", "GET", "/exchangerate", None, None, Open),
        route("exchangerate put", "PUT", "/exchangerate", Some(EXCHANGE_RATE), None, Shared),
        route("exchangerate delete", "DELETE", "/exchangerate?from=GBP&to=EUR&effectiveDate=2026-01-01", None, None, Shared),
        route("overtimerule get", "GET", "/overtimerule", None, None, Open),
        route("overtimerule create", "POST", "/overtimerule", Some(OVERTIME_RULE), None, Shared),
        route("overtimerule update", "PUT", "/overtimerule", Some(OVERTIME_RULE_UPDATE), Some(ids::OVERTIME_RULE), Shared),
        route("overtimerule delete", "DELETE", "/overtimerule/{id}", None, Some(ids::OVERTIME_RULE), Shared),
        // api/budget/positions.rs: positions (the create names its folio in the body).
        route("position create", "POST", "/position", Some(PLANNED), Some(ids::FOLIO), Folio),
        route("position update", "PUT", "/position", Some(PLANNED_UPDATE), Some(ids::PLANNED), Folio),
        route("position get", "GET", "/position/{id}", None, Some(ids::PLANNED), Folio),
        route("position delete", "DELETE", "/position/{id}", None, Some(ids::TEAM_MEMBER), Folio),
        route("position payments", "GET", "/position/{id}/payments", None, Some(ids::TEAM_MEMBER), Folio),
        route("position allocation", "POST", "/position/{id}/allocation", Some(ALLOCATION), Some(ids::TEAM_MEMBER), Folio),
        route("position rate", "POST", "/position/{id}/rate", Some(RATE), Some(ids::TEAM_MEMBER), Folio),
        route("position workedhours", "POST", "/position/{id}/workedhours", Some(WORKED_HOURS), Some(ids::TEAM_MEMBER), Folio),
        route("position billablehours", "POST", "/position/{id}/billablehours", Some(BILLABLE_HOURS), Some(ids::CONSULTING), Folio),
        route("position billedhours", "PUT", "/position/{id}/billedhours", Some(BILLED_HOURS), Some(ids::CONSULTING), Folio),
        route("allocation put", "PUT", "/allocation/{id}", Some(ALLOCATION_UPDATE), Some(ids::ALLOCATION), Folio),
        route("allocation delete", "DELETE", "/allocation/{id}", None, Some(ids::ALLOCATION), Folio),
        route("rate put", "PUT", "/rate/{id}", Some(RATE_UPDATE), Some(ids::RATE), Folio),
        route("rate delete", "DELETE", "/rate/{id}", None, Some(ids::RATE), Folio),
        route("workedhours put", "PUT", "/workedhours/{id}", Some(WORKED_HOURS_UPDATE), Some(ids::WORKED_HOURS), Folio),
        route("workedhours delete", "DELETE", "/workedhours/{id}", None, Some(ids::WORKED_HOURS), Folio),
        route("billablehours put", "PUT", "/billablehours/{id}", Some(BILLABLE_HOURS_UPDATE), Some(ids::BILLABLE_HOURS), Folio),
        route("billablehours delete", "DELETE", "/billablehours/{id}", None, Some(ids::BILLABLE_HOURS), Folio),
        route("folio team", "GET", "/folio/{id}/team", None, Some(ids::FOLIO), Folio),
        // Baselines, custom fields, scope, analytics.
        route("baselines get", "GET", "/folio/{id}/baselines?costs=true&revenues=true", None, Some(ids::FOLIO), Folio),
        route("baseline post", "POST", "/folio/{id}/baseline", Some(ACTUAL_BASELINE), Some(ids::FOLIO), Budget),
        route("baseline delete", "DELETE", "/baseline/{id}", None, Some(ids::BASELINE), Budget),
        route("expenditures", "GET", "/folio/{id}/expenditures?actual=false&revenue=false", None, Some(ids::FOLIO), Folio),
        route("customfields get", "GET", "/folio/{id}/customfields", None, Some(ids::FOLIO), Folio),
        route("customfield post", "POST", "/folio/{id}/customfield", Some(CUSTOM_FIELD), Some(ids::FOLIO), Budget),
        route("customfield put", "PUT", "/customfield", Some(CUSTOM_FIELD_UPDATE), Some(ids::CUSTOM_FIELD), Budget),
        route("customfield delete", "DELETE", "/customfield/{id}", None, Some(ids::CUSTOM_FIELD), Budget),
        route("scope put", "PUT", "/folio/{id}/scope", Some(SCOPE), Some(ids::FOLIO), Folio),
        route("scope get", "GET", "/folio/{id}/scope", None, Some(ids::FOLIO), Folio),
        route("scope history", "GET", "/folio/{id}/scope/history", None, Some(ids::FOLIO), Folio),
        route("closed months", "GET", "/folio/{id}/periods", None, Some(ids::FOLIO), Folio),
        route("close a month", "POST", "/folio/{id}/periods", Some(CLOSE_MONTH), Some(ids::FOLIO), Budget),
        route("indicators", "GET", "/folio/{id}/indicators?asOf=2026-03-13", None, Some(ids::FOLIO), Folio),
        route("cost lines", "GET", "/folio/{id}/lines?asOf=2026-03-13&groupBy=account", None, Some(ids::FOLIO), Folio),
        route("forecast", "GET", "/folio/{id}/forecast?asOf=2026-03-13&iterations=500", None, Some(ids::FOLIO), Folio),
        route("folio workbook", "GET", "/folio/{id}/export.xlsx?asOf=2026-03-13", None, Some(ids::FOLIO), Folio),
        route("timeline", "GET", "/folio/{id}/timeline?asOf=2026-03-13&granularity=week", None, Some(ids::FOLIO), Folio),
        route("payments", "GET", "/folio/{id}/payments?asOf=2026-03-13", None, Some(ids::FOLIO), Folio),
        route("payments csv", "GET", "/folio/{id}/payments?format=csv", None, Some(ids::FOLIO), Folio),
        route("items", "GET", "/folio/{id}/items?asOf=2026-03-13", None, Some(ids::FOLIO), Folio),
        // Explanations and histories.
        route("explain", "GET", "/folio/{id}/explain?asOf=2026-03-13&figure=ac", None, Some(ids::FOLIO), Folio),
        route("expense explain", "GET", "/expense/{id}/explain?asOf=2026-03-13&figure=toDate", None, Some(ids::EXPENSE), Folio),
        route("position explain", "GET", "/position/{id}/explain?asOf=2026-03-13", None, Some(ids::TEAM_MEMBER), Folio),
        route("folio history", "GET", "/folio/{id}/history", None, Some(ids::FOLIO), Folio),
        route("folio activity", "GET", "/folio/{id}/activity?limit=5", None, Some(ids::FOLIO), Folio),
        route("expense history", "GET", "/expense/{id}/history", None, Some(ids::EXPENSE), Folio),
        route("position history", "GET", "/position/{id}/history?limit=2", None, Some(ids::TEAM_MEMBER), Folio),
        // Scenarios and budget changes (S15): `{id}` names folio 1 and its scenario 1 alike.
        route("scenarios", "GET", "/folio/{id}/scenarios", None, Some(ids::FOLIO), Folio),
        route("scenario fork", "POST", "/folio/{id}/scenarios", Some(r#"{"name":"Delay phase 2","from":"scenario:1"}"#), Some(ids::FOLIO), Folio),
        route("scenario get", "GET", "/folio/{id}/scenarios/{scenarioId}", None, Some(ids::SCENARIO), Folio),
        route("scenario rename", "PUT", "/folio/{id}/scenarios/{scenarioId}", Some(r#"{"name":"Two contractors"}"#), Some(ids::SCENARIO), Folio),
        route("scenario delete", "DELETE", "/folio/{id}/scenarios/{scenarioId}", None, Some(ids::SCENARIO), Folio),
        route("scenario expense create", "POST", "/folio/{id}/scenarios/{scenarioId}/expense", Some(EXPENSE_CREATE), Some(ids::SCENARIO), Folio),
        route("scenario indicators", "GET", "/folio/{id}/scenarios/{scenarioId}/indicators?asOf=2026-03-13", None, Some(ids::SCENARIO), Folio),
        route("scenario compare", "GET", "/folio/{id}/scenarios/compare?ids=draft,1&asOf=2026-03-13", None, Some(ids::FOLIO), Folio),
        route("scenario history", "GET", "/folio/{id}/scenarios/{scenarioId}/history", None, Some(ids::SCENARIO), Folio),
        route("scenario promote", "POST", "/folio/{id}/scenarios/{scenarioId}/promote", Some(r#"{"reason":"The board chose it"}"#), Some(ids::SCENARIO), Budget),
        route("budget changes", "GET", "/folio/{id}/budget-changes", None, Some(ids::FOLIO), Folio),
        route("portfolio budget changes (public)", "GET", "/portfolio/{id}/budget-changes", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio budget changes (private)", "GET", "/portfolio/{id}/budget-changes", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        // Portfolios.
        route("portfolio list", "GET", "/portfolio", None, None, Open),
        route("portfolio create", "POST", "/portfolio", Some(PORTFOLIO_CREATE), None, CreateAsAda),
        route("portfolio update (public)", "PUT", "/portfolio", Some(PUBLIC_PORTFOLIO_UPDATE), Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio update (private)", "PUT", "/portfolio", Some(PRIVATE_PORTFOLIO_UPDATE), Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio delete (public)", "DELETE", "/portfolio/{id}", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio delete (private)", "DELETE", "/portfolio/{id}", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio indicators (public)", "GET", "/portfolio/{id}/indicators?asOf=2026-03-13", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio indicators (private)", "GET", "/portfolio/{id}/indicators?asOf=2026-03-13", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio explain (public)", "GET", "/portfolio/{id}/explain?asOf=2026-03-13&figure=bac", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio explain (private)", "GET", "/portfolio/{id}/explain?asOf=2026-03-13&figure=cpi", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio history (public)", "GET", "/portfolio/{id}/history", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio history (private)", "GET", "/portfolio/{id}/history", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio cost lines (public)", "GET", "/portfolio/{id}/lines?asOf=2026-03-13&groupBy=kind", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio cost lines (private)", "GET", "/portfolio/{id}/lines?asOf=2026-03-13", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio forecast (public)", "GET", "/portfolio/{id}/forecast?asOf=2026-03-13&iterations=500", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio forecast (private)", "GET", "/portfolio/{id}/forecast?asOf=2026-03-13&iterations=500", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio workbook (public)", "GET", "/portfolio/{id}/export.xlsx?asOf=2026-03-13", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio workbook (private)", "GET", "/portfolio/{id}/export.xlsx?asOf=2026-03-13", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
        route("portfolio closed months (public)", "GET", "/portfolio/{id}/periods", None, Some(ids::PUBLIC_PORTFOLIO), PublicPortfolio),
        route("portfolio closed months (private)", "GET", "/portfolio/{id}/periods", None, Some(ids::PRIVATE_PORTFOLIO), PrivatePortfolio),
    ]
};
