//! What a read will cost, estimated before it runs (issue 34): the host admits heavy reads by
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
use super::http::{Context, Request};
use crate::schedule::Granularity;
use crate::state::State;
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
    let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let caller = who(context);
    let granularity = request
        .param_value("granularity")
        .and_then(Granularity::parse)
        .unwrap_or_default();
    match segments.as_slice() {
        ["folio", "indicators"] => request
            .params("id")
            .filter_map(|id| id.parse().ok())
            .take(crate::usecase::MAX_INDICATORS_LISTED)
            .map(|id| folio_weight(state, &caller, id, Granularity::Month))
            .fold(0, u64::saturating_add),
        ["folio", id, "timeline"] => id
            .parse()
            .map_or(0, |id| folio_weight(state, &caller, id, granularity)),
        // An explanation costs the figure it explains (issue 35): a timeline cell its
        // timeline's, any other the indicators'.
        ["folio", id, "explain"] => id.parse().map_or(0, |id| {
            let cell = request.param_value("start").is_some();
            let by = if cell {
                granularity
            } else {
                Granularity::Month
            };
            folio_weight(state, &caller, id, by)
        }),
        ["portfolio", id, "explain"] => id
            .parse()
            .map_or(0, |id| portfolio_weight(state, &caller, id)),
        // An item's days (one item over the folio's days, at most ten years'): a fixed weight.
        ["position" | "expense", _, "explain"] => HISTORY_WEIGHT,
        // A page of history costs the journal it reads (S11.8).
        [kind @ ("folio" | "expense" | "position" | "portfolio"), id, end @ ("history" | "activity")] => {
            id.parse().map_or(0, |id| {
                history_weight(state, &caller, request, kind, id, *end == "activity")
            })
        }
        ["folio", id, "indicators" | "payments" | "items" | "plan" | "expenditures"] => id
            .parse()
            .map_or(0, |id| folio_weight(state, &caller, id, Granularity::Month)),
        ["portfolio", id, "indicators"] => id
            .parse()
            .map_or(0, |id| portfolio_weight(state, &caller, id)),
        _ => 0,
    }
}

/// The weight of one item's explanation, and the least of a page of history: that of a folio of
/// 100 items read by week over ten years.
const HISTORY_WEIGHT: u64 = 100 * 522;

/// Bytes of journal a page of history reads, compares and writes in the time of one item-period
/// (about 40 ns: reading an entry, making JSON of its record and comparing it with the version
/// before took some 50 ns a byte, docs/performance.md).
const HISTORY_BYTES_PER_WEIGHT: u64 = 1;

/// A page of `kind` `id`'s history (or its folio's activity): the entries it may read (its
/// `limit`, at most as many as touched the record, and the version before the oldest) times what
/// one of them is likely to weigh (the record as it is now, as its journal entries write it),
/// at most the page's reading budget ([`crate::usecase::MAX_READ_BYTES`]), and at least
/// [`HISTORY_WEIGHT`]. A record the caller may not read weighs nothing.
fn history_weight(
    state: &State,
    caller: &Caller,
    request: &Request,
    kind: &str,
    id: u64,
    activity: bool,
) -> u64 {
    use crate::json::json_len;
    use crate::state::{RecordKind, RecordRef};
    let readable = |folio: u64| caller.folio(state, folio) >= Access::Read;
    let (record, bytes) = match kind {
        "folio" => (
            RecordRef {
                kind: RecordKind::Folio,
                id,
            },
            state.folios.get(&id).filter(|_| readable(id)).map(json_len),
        ),
        "expense" => (
            RecordRef {
                kind: RecordKind::Expense,
                id,
            },
            state
                .expenses
                .get(&id)
                .filter(|e| readable(e.folio_id.get()))
                .map(json_len),
        ),
        "position" => (
            RecordRef {
                kind: RecordKind::Position,
                id,
            },
            state
                .positions
                .get(&id)
                .filter(|row| readable(row.header.folio_id.get()))
                .map(json_len),
        ),
        _ => (
            RecordRef {
                kind: RecordKind::Portfolio,
                id,
            },
            state
                .portfolios
                .get(&id)
                .filter(|p| caller.portfolio(p) >= Access::Read)
                .map(json_len),
        ),
    };
    let Some(bytes) = bytes else {
        return 0;
    };
    #[cfg(not(target_arch = "wasm32"))]
    let (limit, most) = (
        crate::usecase::MAX_HISTORY_PAGE,
        crate::usecase::MAX_READ_BYTES,
    );
    // The wasm package keeps no journal: its history routes answer at once.
    #[cfg(target_arch = "wasm32")]
    let (limit, most) = (0, 0);
    let limit = request
        .param_value("limit")
        .and_then(|limit| limit.parse::<usize>().ok())
        .unwrap_or(50)
        .min(limit);
    let touched = if activity {
        state.touched().activity(id).len()
    } else {
        let folio = match record.kind {
            RecordKind::Portfolio => None,
            RecordKind::Folio => Some(id),
            RecordKind::Expense => state.expenses.get(&id).map(|e| e.folio_id.get()),
            _ => state
                .positions
                .get(&id)
                .map(|row| row.header.folio_id.get()),
        };
        state.touched().of(record, folio).len()
    };
    let entries = touched.min(limit).saturating_add(1) as u64;
    let read = entries.saturating_mul(bytes as u64).min(most as u64);
    (read / HISTORY_BYTES_PER_WEIGHT).max(HISTORY_WEIGHT)
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
