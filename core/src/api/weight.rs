//! What a read will cost, estimated before it runs: the host admits heavy reads by
//! their weight, per user and in total, so that one user's day timelines of the largest folio
//! cannot take every core from everyone else.
//!
//! The weight counts item-periods: the items a read costs (positions and expenses of each folio
//! it reads, deleted ones included: counted off the state's indexes) times the periods they are summed by (days, weeks or months of the folio). It is read off the
//! state's per-folio indexes and the request's path and parameters, never by costing anything;
//! on this machine an item-period costs about 40 ns, so a weight of a million is some 40 ms.
//! Only what the caller may read is counted (the one policy, `usecase::access`): a hidden
//! folio or portfolio weighs nothing, so how a read is admitted reveals nothing of it.

use super::access::who;
use super::budget::{find, Weight};
use super::http::{Context, Request};
use crate::schedule::Granularity;
use crate::state::{RecordKind, State};
use crate::usecase::{Access, Caller};

/// The estimated work of `request` on `state`, in item-periods; 0 for a request that costs no
/// folio (a record read, a list, a change: changes are held by the write rate and their slots).
pub fn weight(state: &State, request: &Request, context: &Context) -> u64 {
    if !matches!(request.method.as_str(), "GET" | "HEAD") {
        return 0;
    }
    let Some(path) = request.path.strip_prefix("/budgets/1/") else {
        return 0;
    };
    let path = path.split('?').next().unwrap_or_default();
    let asked: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    // A scenario's figure weighs as the draft's (S15.4), by the larger of its items and the
    // draft's.
    let under = match asked.as_slice() {
        ["folio", folio, "scenarios", scenario, _, ..] => Some((*folio, *scenario)),
        _ => None,
    };
    let segments = super::budget::draft_segments(&asked).unwrap_or(asked);
    let Some((route, id)) = find("GET", &segments) else {
        return 0;
    };
    let weight = route_weight(state, request, context, route.weight, id);
    match under.and_then(|(folio, scenario)| scenario_items(state, folio, scenario)) {
        Some((items, draft)) => scaled(weight, items, draft),
        None => weight,
    }
}

/// The items of scenario `scenario` of folio `folio` as their texts name them, and the draft's
/// (deleted ones included): `None` when there is no such scenario.
fn scenario_items(state: &State, folio: &str, scenario: &str) -> Option<(usize, usize)> {
    let folio = folio.parse::<u64>().ok()?;
    let record = state
        .scenarios
        .get(&scenario.parse::<u64>().ok()?)
        .filter(|s| s.folio == folio)?;
    Some((record.items.len(), state.items_count(folio)))
}

/// `weight`, computed for a folio of `draft` items, for one of `items` when it has more.
fn scaled(weight: u64, items: usize, draft: usize) -> u64 {
    let (items, draft) = (items as u64 + 1, draft as u64 + 1);
    if items <= draft {
        weight
    } else {
        weight.saturating_mul(items) / draft
    }
}

/// What a read of the route weighing `kind` costs, its path's id `id`.
fn route_weight(
    state: &State,
    request: &Request,
    context: &Context,
    kind: Weight,
    id: &str,
) -> u64 {
    let caller = who(context);
    let granularity = request
        .param_value("granularity")
        .and_then(Granularity::parse)
        .unwrap_or_default();
    let id = id.parse::<u64>().ok();
    let folio = |by| id.map_or(0, |id| folio_weight(state, &caller, id, by));
    match kind {
        Weight::Light => 0,
        Weight::NamedFolios => request
            .params("id")
            .filter_map(|id| id.parse().ok())
            .take(crate::usecase::MAX_INDICATORS_LISTED)
            .map(|id| folio_weight(state, &caller, id, Granularity::Month))
            .fold(0, u64::saturating_add),
        Weight::Folio => folio(Granularity::Month),
        Weight::FolioByGranularity => folio(granularity),
        // An explanation costs the figure it explains: a timeline cell its timeline's, any other
        // the indicators'.
        Weight::FolioFigure => {
            let cell = request.param_value("start").is_some();
            folio(if cell {
                granularity
            } else {
                Granularity::Month
            })
        }
        // Each closed month is computed again for its day (S9.11).
        Weight::FolioClosedMonths => id.map_or(0, |folio: u64| {
            let months = state.closed_months_of(folio).len().max(1) as u64;
            folio_weight(state, &caller, folio, Granularity::Month).saturating_mul(months)
        }),
        Weight::Portfolio => id.map_or(0, |id| portfolio_weight(state, &caller, id)),
        // Costed by month, then every item drawn once an iteration: a draw some 5 ns, an eighth
        // of an item-period (S14).
        Weight::Forecast => id.map_or(0, |id| {
            forecast_weight(
                request,
                folio_weight(state, &caller, id, Granularity::Month),
                {
                    if caller.folio(state, id) < Access::Read {
                        0
                    } else {
                        state.items_count(id) as u64
                    }
                },
            )
        }),
        Weight::PortfolioForecast => id.map_or(0, |id| {
            let months = portfolio_weight(state, &caller, id);
            // Every folio's items drawn: counted as the months' weight, an item a period or more.
            forecast_weight(request, months, months)
        }),
        // Two rollups for each month its folios closed (S9.11).
        Weight::PortfolioClosedMonths => id.map_or(0, |id| {
            let queries = crate::usecase::Queries::new(state, caller.clone(), context.now);
            let months = queries.portfolio_closed_month_count(id).max(1) as u64;
            portfolio_weight(state, &caller, id).saturating_mul(2 * months)
        }),
        // An item's days (one item over the folio's days, at most ten years'): a fixed weight.
        Weight::Item => HISTORY_WEIGHT,
        // A page of history costs the journal it reads (S11.8).
        Weight::History(kind) => id.map_or(0, |id| {
            history_weight(state, context, request, kind, id, false)
        }),
        Weight::Activity => id.map_or(0, |id| {
            history_weight(state, context, request, RecordKind::Folio, id, true)
        }),
        // Each plan costed afresh by month, and drawn when its forecast is asked (S15.5), each
        // by the larger of its items and the draft's.
        Weight::Compare => id.map_or(0, |id| {
            let months = folio_weight(state, &caller, id, Granularity::Month);
            let one = if request.param_value("forecast") == Some("true") {
                let items = if caller.folio(state, id) < Access::Read {
                    0
                } else {
                    state.items_count(id) as u64
                };
                forecast_weight(request, months, items)
            } else {
                months
            };
            let folio = id.to_string();
            request
                .params("ids")
                .flat_map(|text| text.split(','))
                .take(crate::usecase::MAX_COMPARED_PLANS)
                .map(|plan| match scenario_items(state, &folio, plan.trim()) {
                    Some((items, draft)) => scaled(one, items, draft),
                    None => one,
                })
                .fold(0, u64::saturating_add)
                .max(one)
        }),
    }
}

/// The weight of one item's explanation, and the least of a page of history: that of a folio of
/// 100 items read by week over ten years.
const HISTORY_WEIGHT: u64 = 100 * 522;

/// Bytes of journal a page of history reads, compares and writes in the time of one item-period
/// (about 40 ns: reading an entry, making JSON of its record and comparing it with the version
/// before took some 50 ns a byte, docs/performance.md).
#[cfg(not(target_arch = "wasm32"))]
const HISTORY_BYTES_PER_WEIGHT: u64 = 1;

/// A page of `kind` `id`'s history (or its folio's activity): the bytes of journal it reads when
/// nothing on it is passed over (`Queries::history_bytes`: its entries as stored, asked of the
/// journal without reading them), at most [`crate::usecase::MAX_READ_BYTES`], at least
/// [`HISTORY_WEIGHT`]; the page reads no more than this, or 1 MiB (S11.8). A record the caller may
/// not read weighs nothing, and so does a read that the journal cannot answer (it is refused at
/// once).
#[cfg(not(target_arch = "wasm32"))]
fn history_weight(
    state: &State,
    context: &Context,
    request: &Request,
    kind: RecordKind,
    id: u64,
    activity: bool,
) -> u64 {
    use crate::state::RecordRef;
    use crate::usecase::{HistoryPage, Queries, DEFAULT_HISTORY_PAGE, MAX_HISTORY_PAGE};
    let Some(journal) = context.journal.as_ref() else {
        return 0;
    };
    let number = |name: &str| {
        request
            .param_value(name)
            .and_then(|text| text.parse::<u64>().ok())
    };
    let page = HistoryPage {
        limit: number("limit").map_or(DEFAULT_HISTORY_PAGE, |limit| {
            usize::try_from(limit).map_or(MAX_HISTORY_PAGE, |l| l.clamp(1, MAX_HISTORY_PAGE))
        }),
        before: number("before").filter(|before| *before > 0),
        since: None,
    };
    let queries = Queries::new(state, who(context), context.now);
    match queries.history_bytes(RecordRef { kind, id }, activity, page, &*journal.0) {
        Ok(bytes) => {
            let bytes = bytes.min(crate::usecase::MAX_READ_BYTES) as u64;
            (bytes / HISTORY_BYTES_PER_WEIGHT).max(HISTORY_WEIGHT)
        }
        Err(_) => 0,
    }
}

/// In the wasm package no journal is kept: a history answers at once.
#[cfg(target_arch = "wasm32")]
fn history_weight(_: &State, _: &Context, _: &Request, _: RecordKind, _: u64, _: bool) -> u64 {
    0
}

/// A forecast's weight: `costing` and `items` drawn `iterations` times (an eighth each).
fn forecast_weight(request: &Request, costing: u64, items: u64) -> u64 {
    let iterations = request
        .param_value("iterations")
        .and_then(|text| text.parse::<u64>().ok())
        .unwrap_or(u64::from(crate::analytics::forecast::DEFAULT_ITERATIONS))
        .min(u64::from(crate::analytics::forecast::MAX_ITERATIONS));
    costing.saturating_add(items.saturating_mul(iterations) / 8)
}

/// Folio `folio`'s items (and one) times its periods by `granularity`.
fn folio_weight(state: &State, caller: &Caller, folio: u64, granularity: Granularity) -> u64 {
    if caller.folio(state, folio) < Access::Read {
        return 0;
    }
    let Some(record) = state.folios.get(&folio) else {
        return 0;
    };
    let header = &record.folio;
    let days = (header.end_date.naive() - header.start_date.naive())
        .num_days()
        .saturating_add(1)
        .max(1)
        .unsigned_abs();
    let periods = match granularity {
        Granularity::Day => days,
        Granularity::Week => days / 7 + 1,
        Granularity::Month => days / 30 + 1,
    };
    // Deleted items included: an estimate read off the indexes, looking at no record.
    let items = u64::try_from(state.items_count(folio)).unwrap_or(u64::MAX);
    items.saturating_add(1).saturating_mul(periods)
}

/// The monthly weight of portfolio `portfolio`'s folios and its sub-portfolios' (each folio
/// once), as far as a rollup reads them.
fn portfolio_weight(state: &State, caller: &Caller, portfolio: u64) -> u64 {
    let mut folios: Vec<u64> = Vec::new();
    let mut portfolios = vec![portfolio];
    let mut at = 0;
    while let Some(id) = portfolios.get(at).copied() {
        at += 1;
        let Some(record) = state
            .portfolios
            .get(&id)
            .filter(|p| caller.portfolio(p) >= Access::Read)
        else {
            continue;
        };
        folios.extend(record.folios.iter().map(|f| f.id.get()));
        if portfolios.len() < crate::usecase::MAX_PORTFOLIO_DEPTH * 64 {
            portfolios.extend(
                state
                    .portfolios
                    .iter()
                    .filter(|(_, p)| p.parent_id.map(|p| p.get()) == Some(id))
                    .map(|(child, _)| *child),
            );
        }
    }
    folios.sort_unstable();
    folios.dedup();
    folios
        .into_iter()
        .take(crate::usecase::MAX_ROLLUP_FOLIOS)
        .map(|id| folio_weight(state, caller, id, Granularity::Month))
        .fold(0, u64::saturating_add)
}
