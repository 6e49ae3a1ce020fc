//! The operations of the budgeting interface, one row each: its method, its path template, the
//! handler that reads the request, asks its use case and renders the answer, and what a read
//! weighs before it runs. The router (`mod.rs`), the admission weights (`api/weight.rs`) and the
//! host's route templates (its logs and metrics) all read this table; `tests/openapi.rs` holds
//! the OpenAPI document to it, row for row.
//!
//! A template's `{id}` fills any one segment: the handler refuses one that is no id, as its
//! resource's 404 says. Where two templates fit a path, the one with fewer `{id}`s answers
//! (`/folio/indicators` before `/folio/{id}`).

use super::expenses::{delete_expense, expense, expense_payments, put_expense};
use super::folios::{
    baselines, closed_months, custom_fields, delete_baseline, delete_custom_field, delete_folio,
    folio, folio_change, folio_expenditures, scope_get, share_folio, update_custom_field,
    update_folio, viewers,
};
use super::history::{activity, history};
use super::plans::{folio_plan, import};
use super::portfolios::{
    delete_portfolio, portfolio_closed_months, portfolio_indicators, portfolios, put_portfolio,
};
use super::positions::{
    add_hours, create_position, position, position_payments, removal, team, update_position,
    with_body,
};
use super::reports::{
    folio_explain, folio_indicators, folio_items, folio_payments, folio_timeline, item_explain,
    many_indicators, portfolio_explain,
};
use super::responses::{commands, list_page, paged, queries, read, success, Outcome};
use super::shared::{delete_overtime_rule, remove_exchange_rate, users};
use crate::api::http::{Context, Request};
use crate::model::budgeting::PositionKind::{ConsultingRevenue, TeamMember};
use crate::state::RecordKind;
use crate::state::State;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A read: the state shared, the request, its context and the path's `{id}` (empty when its
/// template has none).
pub(crate) type Read = fn(&State, &Request, &Context, &str) -> Outcome;
/// A change: the same on the state it changes.
pub(crate) type Change = fn(&mut State, &Request, &Context, &str) -> Outcome;

/// What a route does with the state.
#[derive(Clone, Copy)]
pub(crate) enum Handler {
    /// Reads it (`GET`), on a state other reads share.
    Read(Read),
    /// Changes it.
    Change(Change),
}

/// What a read costs, in the terms `api/weight.rs` counts: the folios and periods it computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Weight {
    /// Nothing worth admitting: a record, a list, a change.
    Light,
    /// The folios named by `id` parameters, each by month.
    NamedFolios,
    /// The path's folio by month.
    Folio,
    /// The path's folio by the `granularity` parameter.
    FolioByGranularity,
    /// The path's folio by month, or a timeline cell's granularity (`start` given).
    FolioFigure,
    /// The path's folio by month, once for each month it closed (S9.11).
    FolioClosedMonths,
    /// The path's portfolio's folios by month.
    Portfolio,
    /// The path's portfolio's folios by month, twice for each month they closed (S9.11).
    PortfolioClosedMonths,
    /// One item's days: a fixed weight.
    Item,
    /// A page of the history of the path's record of this kind (S11.8).
    History(RecordKind),
    /// A page of the path's folio's activity (S11.8).
    Activity,
}

/// One operation.
#[derive(Clone, Copy)]
pub struct Route {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub method: &'static str,
    /// The path template, whole (`/budgets/1/folio/{id}/indicators`).
    pub path: &'static str,
    pub(crate) handler: Handler,
    pub(crate) weight: Weight,
}

const fn get(path: &'static str, read: Read, weight: Weight) -> Route {
    Route {
        method: "GET",
        path,
        handler: Handler::Read(read),
        weight,
    }
}

const fn change(method: &'static str, path: &'static str, change: Change) -> Route {
    Route {
        method,
        path,
        handler: Handler::Change(change),
        weight: Weight::Light,
    }
}

use Weight::{
    Activity, Folio, FolioByGranularity, FolioClosedMonths, FolioFigure, History, Item, Light,
    NamedFolios, Portfolio, PortfolioClosedMonths,
};

/// `PUT /workedhours/{id}` and `PUT /billablehours/{id}`.
const CHANGE_HOURS: Change = |s, r, c, id| {
    with_body(s, r, c, id, |c, id, period| {
        c.change_hours(id, period).map(|()| true)
    })
};
/// `DELETE /workedhours/{id}` and `DELETE /billablehours/{id}`.
const REMOVE_HOURS: Change = |s, _, c, id| removal(s, c, id, |c, id| c.remove_hours(id));

/// `GET` of the history of the path's record of kind `kind` (S11.8).
macro_rules! history {
    ($path:literal, $kind:ident) => {
        get(
            $path,
            |s, r, c, id| history(s, r, c, RecordKind::$kind, id),
            History(RecordKind::$kind),
        )
    };
}

/// Every operation of the budgeting interface.
pub const ROUTES: &[Route] = &[
    // Folios.
    get(
        "/budgets/1/folio",
        |s, r, c, _| list_page(r).map(|page| paged(r, c, queries(s, c).folios_page(page))),
        Light,
    ),
    change("POST", "/budgets/1/folio", |s, r, c, _| {
        Ok(success(commands(s, c).create_folio(read(r)?)?))
    }),
    change("PUT", "/budgets/1/folio", |s, r, c, _| {
        update_folio(s, r, c)
    }),
    get(
        "/budgets/1/folio/{id}",
        |s, _, c, id| folio(s, c, id),
        Light,
    ),
    change("DELETE", "/budgets/1/folio/{id}", |s, _, c, id| {
        delete_folio(s, c, id)
    }),
    get(
        "/budgets/1/folio/indicators",
        |s, r, c, _| many_indicators(s, r, c),
        NamedFolios,
    ),
    get(
        "/budgets/1/folio/{id}/viewers",
        |s, _, c, id| viewers(s, c, id),
        Light,
    ),
    change("PUT", "/budgets/1/folio/{id}/viewers", share_folio),
    get("/budgets/1/users", |s, r, c, _| users(s, r, c), Light),
    get(
        "/budgets/1/folio/{id}/plan",
        |s, _, c, id| folio_plan(s, c, id),
        Folio,
    ),
    change("POST", "/budgets/1/folio/import", |s, r, c, _| {
        import(s, r, c)
    }),
    // The data every folio shares.
    get(
        "/budgets/1/overtimerule",
        |s, _, c, _| Ok(success(queries(s, c).overtime_rules())),
        Light,
    ),
    change("POST", "/budgets/1/overtimerule", |s, r, c, _| {
        Ok(success(commands(s, c).create_overtime_rule(read(r)?)?))
    }),
    change("PUT", "/budgets/1/overtimerule", |s, r, c, _| {
        Ok(success(commands(s, c).update_overtime_rule(read(r)?)?))
    }),
    change("DELETE", "/budgets/1/overtimerule/{id}", |s, _, c, id| {
        delete_overtime_rule(s, c, id)
    }),
    get(
        "/budgets/1/exchangerate",
        |s, _, c, _| Ok(success(queries(s, c).exchange_rates())),
        Light,
    ),
    change("PUT", "/budgets/1/exchangerate", |s, r, c, _| {
        commands(s, c).put_exchange_rate(read(r)?)?;
        Ok(success(true))
    }),
    change("DELETE", "/budgets/1/exchangerate", |s, r, c, _| {
        remove_exchange_rate(s, r, c)
    }),
    // Expenses.
    change("POST", "/budgets/1/expense", |s, r, c, _| {
        put_expense(s, r, c, false)
    }),
    change("PUT", "/budgets/1/expense", |s, r, c, _| {
        put_expense(s, r, c, true)
    }),
    get(
        "/budgets/1/expense/{id}",
        |s, _, c, id| expense(s, c, id),
        Light,
    ),
    change("DELETE", "/budgets/1/expense/{id}", |s, _, c, id| {
        delete_expense(s, c, id)
    }),
    get(
        "/budgets/1/expense/{id}/payments",
        |s, _, c, id| expense_payments(s, c, id),
        Light,
    ),
    // Positions, their periods and rates.
    change("POST", "/budgets/1/position", |s, r, c, _| {
        create_position(s, r, c)
    }),
    change("PUT", "/budgets/1/position", |s, r, c, _| {
        update_position(s, r, c)
    }),
    get(
        "/budgets/1/position/{id}",
        |s, _, c, id| position(s, c, id),
        Light,
    ),
    change("DELETE", "/budgets/1/position/{id}", |s, _, c, id| {
        removal(s, c, id, |c, id| c.delete_position(id))
    }),
    change(
        "POST",
        "/budgets/1/position/{id}/allocation",
        |s, r, c, id| {
            with_body(s, r, c, id, |c, id, a| {
                c.add_allocation(id, a).map(|()| true)
            })
        },
    ),
    change("PUT", "/budgets/1/allocation/{id}", |s, r, c, id| {
        with_body(s, r, c, id, |c, id, a| {
            c.change_allocation(id, a).map(|()| true)
        })
    }),
    change("DELETE", "/budgets/1/allocation/{id}", |s, _, c, id| {
        removal(s, c, id, |c, id| c.remove_allocation(id))
    }),
    change("POST", "/budgets/1/position/{id}/rate", |s, r, c, id| {
        with_body(s, r, c, id, |c, id, rate| c.add_rate(id, rate))
    }),
    change("PUT", "/budgets/1/rate/{id}", |s, r, c, id| {
        with_body(s, r, c, id, |c, id, rate| c.change_rate(id, rate))
    }),
    change("DELETE", "/budgets/1/rate/{id}", |s, _, c, id| {
        removal(s, c, id, |c, id| c.remove_rate(id))
    }),
    change(
        "POST",
        "/budgets/1/position/{id}/workedhours",
        |s, r, c, id| add_hours(s, r, c, id, TeamMember),
    ),
    change("PUT", "/budgets/1/workedhours/{id}", CHANGE_HOURS),
    change("DELETE", "/budgets/1/workedhours/{id}", REMOVE_HOURS),
    change(
        "POST",
        "/budgets/1/position/{id}/billablehours",
        |s, r, c, id| add_hours(s, r, c, id, ConsultingRevenue),
    ),
    change("PUT", "/budgets/1/billablehours/{id}", CHANGE_HOURS),
    change("DELETE", "/budgets/1/billablehours/{id}", REMOVE_HOURS),
    change(
        "PUT",
        "/budgets/1/position/{id}/billedhours",
        |s, r, c, id| {
            with_body(s, r, c, id, |c, id, b| {
                c.put_billed_hours(id, b).map(|()| true)
            })
        },
    ),
    get(
        "/budgets/1/position/{id}/payments",
        position_payments,
        Light,
    ),
    get(
        "/budgets/1/folio/{id}/team",
        |s, _, c, id| team(s, c, id),
        Light,
    ),
    // Baselines and what a folio holds besides its items.
    change("POST", "/budgets/1/folio/{id}/baseline", |s, r, c, id| {
        folio_change(s, r, c, id, |c, id, approval| {
            c.approve_baseline(id, approval)
        })
    }),
    get("/budgets/1/folio/{id}/baselines", baselines, Light),
    change("DELETE", "/budgets/1/baseline/{id}", |s, _, c, id| {
        delete_baseline(s, c, id)
    }),
    get(
        "/budgets/1/folio/{id}/expenditures",
        folio_expenditures,
        Folio,
    ),
    get("/budgets/1/folio/{id}/customfields", custom_fields, Light),
    change(
        "POST",
        "/budgets/1/folio/{id}/customfield",
        |s, r, c, id| folio_change(s, r, c, id, |c, id, field| c.add_custom_field(id, field)),
    ),
    change("PUT", "/budgets/1/customfield", |s, r, c, _| {
        update_custom_field(s, r, c)
    }),
    change("DELETE", "/budgets/1/customfield/{id}", |s, _, c, id| {
        delete_custom_field(s, c, id)
    }),
    get("/budgets/1/folio/{id}/scope", scope_get, Light),
    change("PUT", "/budgets/1/folio/{id}/scope", |s, r, c, id| {
        folio_change(s, r, c, id, |c, id, scope| {
            c.put_scope(id, scope).map(|()| true)
        })
    }),
    get(
        "/budgets/1/folio/{id}/periods",
        |s, _, c, id| closed_months(s, c, id),
        FolioClosedMonths,
    ),
    change("POST", "/budgets/1/folio/{id}/periods", |s, r, c, id| {
        folio_change(s, r, c, id, |c, id, close| c.close_month(id, close))
    }),
    // Figures.
    get("/budgets/1/folio/{id}/indicators", folio_indicators, Folio),
    get(
        "/budgets/1/folio/{id}/timeline",
        folio_timeline,
        FolioByGranularity,
    ),
    get("/budgets/1/folio/{id}/payments", folio_payments, Folio),
    get("/budgets/1/folio/{id}/items", folio_items, Folio),
    get("/budgets/1/folio/{id}/explain", folio_explain, FolioFigure),
    get(
        "/budgets/1/expense/{id}/explain",
        |s, r, c, id| item_explain(s, r, c, true, id),
        Item,
    ),
    get(
        "/budgets/1/position/{id}/explain",
        |s, r, c, id| item_explain(s, r, c, false, id),
        Item,
    ),
    // Portfolios.
    get(
        "/budgets/1/portfolio",
        |s, r, c, _| portfolios(s, r, c),
        Light,
    ),
    change("POST", "/budgets/1/portfolio", |s, r, c, _| {
        put_portfolio(s, r, c, false)
    }),
    change("PUT", "/budgets/1/portfolio", |s, r, c, _| {
        put_portfolio(s, r, c, true)
    }),
    change("DELETE", "/budgets/1/portfolio/{id}", |s, _, c, id| {
        delete_portfolio(s, c, id)
    }),
    get(
        "/budgets/1/portfolio/{id}/indicators",
        portfolio_indicators,
        Portfolio,
    ),
    get(
        "/budgets/1/portfolio/{id}/periods",
        |s, _, c, id| portfolio_closed_months(s, c, id),
        PortfolioClosedMonths,
    ),
    get(
        "/budgets/1/portfolio/{id}/explain",
        portfolio_explain,
        Portfolio,
    ),
    // Histories (S11.8).
    history!("/budgets/1/folio/{id}/history", Folio),
    history!("/budgets/1/folio/{id}/scope/history", Scope),
    history!("/budgets/1/expense/{id}/history", Expense),
    history!("/budgets/1/position/{id}/history", Position),
    history!("/budgets/1/portfolio/{id}/history", Portfolio),
    get("/budgets/1/folio/{id}/activity", activity, Activity),
];

/// A route's template split at `/` once, for matching.
struct Compiled {
    route: &'static Route,
    segments: Vec<&'static str>,
    holes: usize,
}

/// The routes by method and first segment (every template's first segment is a word), each
/// template split once: a request compares its path with the few routes of its method and first
/// segment, not with the whole table.
fn index() -> &'static HashMap<(&'static str, &'static str), Vec<Compiled>> {
    static INDEX: OnceLock<HashMap<(&'static str, &'static str), Vec<Compiled>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: HashMap<(&'static str, &'static str), Vec<Compiled>> = HashMap::new();
        for route in ROUTES {
            let segments: Vec<&'static str> = route
                .path
                .trim_start_matches("/budgets/1/")
                .split('/')
                .collect();
            let first = segments.first().copied().unwrap_or_default();
            let holes = segments.iter().filter(|s| **s == "{id}").count();
            index
                .entry((route.method, first))
                .or_default()
                .push(Compiled {
                    route,
                    segments,
                    holes,
                });
        }
        index
    })
}

/// The route of `method` that `segments` (the path after `/budgets/1/`, split at `/`) fill, and
/// the path's `{id}`; where several fit, the one with the fewest `{id}`s.
pub(crate) fn find<'p>(method: &str, segments: &[&'p str]) -> Option<(&'static Route, &'p str)> {
    let first = segments.first().copied().unwrap_or_default();
    let candidates = index().get(&(method, first))?;
    let mut best: Option<(&'static Route, &'p str, usize)> = None;
    for compiled in candidates {
        if compiled.segments.len() != segments.len() {
            continue;
        }
        let mut id = "";
        let fits = compiled
            .segments
            .iter()
            .zip(segments)
            .all(|(wanted, given)| {
                if *wanted == "{id}" {
                    id = given;
                    true
                } else {
                    wanted == given
                }
            });
        if fits && best.is_none_or(|(_, _, fewest)| compiled.holes < fewest) {
            best = Some((compiled.route, id, compiled.holes));
        }
    }
    best.map(|(route, id, _)| (route, id))
}
