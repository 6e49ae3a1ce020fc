//! Portfolios (S11.4) and their rollups (S9.9).

use super::responses::{
    as_of, book_refusal, field_error, message_error, path_id, read, success, Outcome,
};

use std::collections::HashMap;

use crate::analytics::{rollup, BookError, PlannedSide};
use crate::api::access::{forbidden, forbidden_field, who, Access, Caller};
use crate::api::http::{Context, Request};
use crate::model::budgeting::{Indicators, Portfolio};
use crate::model::Id;
use crate::schedule::ExchangeRates;
use crate::state::{Command, State, Stored};
use crate::value::Date;

/// How deep sub-portfolios may nest: a portfolio has at most this many ancestors. Deeper (or a
/// loop) is refused when written, and every walk over the tree stops here, so that no stored
/// structure can exhaust the stack (S11.5).
const MAX_PORTFOLIO_DEPTH: usize = 16;

/// The most distinct folios one portfolio rollup computes (each once, however often the tree lists
/// it): more is a 400 naming the limit, decided before any is computed, so one request's work stays
/// bounded.
const MAX_ROLLUP_FOLIOS: usize = 100;

/// The most folios one portfolio lists.
const MAX_PORTFOLIO_FOLIOS: usize = 100;

/// A portfolio the caller may read; else the portfolio's 404, the same for a missing one.
fn readable_portfolio<'s>(
    state: &'s State,
    caller: &Caller,
    id: &str,
) -> Result<&'s Stored<Portfolio>, crate::api::http::Response> {
    path_id(id)
        .and_then(|id| state.portfolios.get(&id))
        .filter(|portfolio| caller.portfolio(portfolio) >= Access::Read)
        .ok_or_else(|| portfolio_missing(id))
}

fn portfolio_missing(id: impl std::fmt::Display) -> crate::api::http::Response {
    message_error(
        404,
        format!(
            "Portfolio {} does not exist",
            crate::model::messages::excerpt(&id.to_string())
        ),
    )
}

/// The sub-portfolios of each portfolio, by parent id, in id order.
fn children_by_parent(state: &State) -> HashMap<u64, Vec<&Stored<Portfolio>>> {
    let mut children: HashMap<u64, Vec<&Stored<Portfolio>>> = HashMap::new();
    for portfolio in state.portfolios.values() {
        if let (Some(parent), Some(id)) = (portfolio.parent_id, portfolio.id) {
            if parent != id {
                children.entry(parent.get()).or_default().push(portfolio);
            }
        }
    }
    children
}

pub(super) fn portfolios(state: &State, context: &Context) -> Outcome {
    let caller = who(context);
    let view = View {
        state,
        context,
        caller: &caller,
        children: children_by_parent(state),
    };
    let shown: Vec<Portfolio> = state
        .portfolios
        .values()
        .filter(|p| p.parent_id.is_none() && caller.portfolio(p) >= Access::Read)
        .map(|p| with_children(&view, p, 0))
        .collect();
    Ok(success(shown))
}

/// A portfolio with the sub-portfolios the caller may read nested, at most
/// [`MAX_PORTFOLIO_DEPTH`] levels down (the bound also ends a loop left by an older journal).
/// Its folios are those the caller may read, as they are now (S11.5): a public portfolio shows
/// nothing of a folio the caller may not open.
fn with_children(view: &View<'_>, portfolio: &Stored<Portfolio>, depth: usize) -> Portfolio {
    let mut shown = portfolio.record().clone();
    shown.folios = portfolio
        .folios
        .iter()
        .filter_map(|folio| view.caller.folio_for_read(view.state, folio.id.get()).ok())
        .map(|record| super::folios::summary(&record.folio, view.context))
        .collect();
    let id = portfolio.id().get();
    shown.portfolios = match view.children.get(&id) {
        Some(below) if depth < MAX_PORTFOLIO_DEPTH => below
            .iter()
            .filter(|child| view.caller.portfolio(child) >= Access::Read)
            .map(|child| with_children(view, child, depth + 1))
            .collect(),
        _ => Vec::new(),
    };
    shown
}

/// What showing portfolios to one caller needs.
struct View<'a> {
    state: &'a State,
    context: &'a Context,
    caller: &'a Caller,
    children: HashMap<u64, Vec<&'a Stored<Portfolio>>>,
}

/// Refuses a parent that would loop the chain back to `id` or nest the portfolio (and the
/// `height` levels of sub-portfolios below it) deeper than [`MAX_PORTFOLIO_DEPTH`].
fn check_parent(
    state: &State,
    id: Option<Id>,
    parent: Id,
    height: usize,
) -> Result<(), crate::api::http::Response> {
    let mut ancestors = 0;
    let mut at = Some(parent);
    while let Some(current) = at {
        if Some(current) == id {
            return Err(field_error(
                "parentId",
                format!("parent portfolio {parent} would make the portfolio its own ancestor"),
            ));
        }
        ancestors += 1;
        if ancestors + height > MAX_PORTFOLIO_DEPTH {
            return Err(field_error(
                "parentId",
                format!(
                    "parent portfolio {parent} would nest sub-portfolios more than {MAX_PORTFOLIO_DEPTH} levels deep"
                ),
            ));
        }
        at = state
            .portfolios
            .get(&current.get())
            .and_then(|p| p.parent_id);
    }
    Ok(())
}

/// How many levels of sub-portfolios lie below `id` (0 for none), counted at most one past the
/// limit.
fn height(children: &HashMap<u64, Vec<&Stored<Portfolio>>>, id: u64) -> usize {
    let mut level = vec![id];
    let mut height = 0;
    while height <= MAX_PORTFOLIO_DEPTH {
        level = level
            .iter()
            .filter_map(|id| children.get(id))
            .flatten()
            .map(|child| child.id().get())
            .collect();
        if level.is_empty() {
            break;
        }
        height += 1;
    }
    height
}

pub(super) fn put_portfolio(
    state: &mut State,
    request: &Request,
    context: &Context,
    update: bool,
) -> Outcome {
    let caller = who(context);
    let mut portfolio: Portfolio = read(request)?;
    let existing = if update {
        let id = portfolio
            .id
            .ok_or_else(|| field_error("id", "id is required to update a portfolio"))?;
        let existing = readable_portfolio(state, &caller, &id.to_string())?.clone();
        if caller.portfolio(&existing) < Access::Change {
            return Err(forbidden(crate::model::messages::CHANGE_NOT_ALLOWED));
        }
        Some(existing)
    } else {
        None
    };
    // S11.5: the owner is the caller on create; only a budget administrator hands the portfolio
    // to someone else.
    let keeps_owner = match &existing {
        Some(existing) => portfolio.owner == existing.owner,
        None => portfolio.owner == caller.user,
    };
    if !keeps_owner && !caller.budget_admin {
        return Err(forbidden_field(
            "owner",
            format!(
                "Only a budget administrator may make {:?} the owner",
                crate::model::messages::excerpt(&portfolio.owner)
            ),
        ));
    }
    if portfolio.name.trim().is_empty() {
        return Err(field_error("name", crate::model::messages::NAME_REQUIRED));
    }
    if portfolio.folios.len() > MAX_PORTFOLIO_FOLIOS {
        return Err(field_error(
            "folios",
            format!("a portfolio may list at most {MAX_PORTFOLIO_FOLIOS} folios"),
        ));
    }
    for (index, folio) in portfolio.folios.iter().enumerate() {
        if portfolio.folios[..index].iter().any(|f| f.id == folio.id) {
            return Err(field_error(
                "folios",
                format!("folio {} is listed twice", folio.id),
            ));
        }
    }
    // A folio joins a portfolio only by a caller who may change it: a portfolio's admins may read
    // its folios, so placing a folio one may merely read would share it further (S11.4, S11.5).
    // Folios already in the portfolio stay.
    for folio in &portfolio.folios {
        let id = folio.id.get();
        let already = existing
            .as_ref()
            .is_some_and(|e| e.folios.iter().any(|f| f.id == folio.id));
        if !already && who(context).folio_for_change(state, id).is_err() {
            return Err(field_error(
                "folios",
                format!("folio {id} cannot be viewed or changed by the caller"),
            ));
        }
    }
    // Folios the caller may not read stay where they are: a change cannot drop what it cannot see.
    if let Some(existing) = &existing {
        for folio in &existing.folios {
            let listed = portfolio.folios.iter().any(|f| f.id == folio.id);
            if !listed && caller.folio_for_read(state, folio.id.get()).is_err() {
                portfolio.folios.push(folio.clone());
            }
        }
    }
    // An admin reads every folio of the portfolio: only a caller who may change all of them may
    // name a new admin, or they would share what is not theirs to share (S11.4, S11.5).
    let before: &[String] = existing.as_ref().map_or(&[], |e| &e.admins);
    if let Some(added) = portfolio.admins.iter().find(|a| !before.contains(a)) {
        let shares = portfolio
            .folios
            .iter()
            .any(|f| caller.folio(state, f.id.get()) < Access::Change);
        if shares {
            return Err(forbidden_field(
                "admins",
                format!(
                    "Only a caller who may change every folio of the portfolio may make {:?} an admin",
                    crate::model::messages::excerpt(added)
                ),
            ));
        }
    }
    if let Some(parent) = portfolio.parent_id {
        let placed = state
            .portfolios
            .get(&parent.get())
            .filter(|p| caller.portfolio(p) == Access::Change);
        if placed.is_none() {
            return Err(field_error(
                "parentId",
                format!(
                    "parent portfolio {parent} does not exist or cannot be changed by the caller"
                ),
            ));
        }
        let below = existing
            .as_ref()
            .map_or(0, |e| height(&children_by_parent(state), e.id().get()));
        check_parent(state, portfolio.id.filter(|_| update), parent, below)?;
    }
    let id = match &existing {
        Some(existing) => existing.id(),
        None => Id::new(state.counters.next(crate::state::IdKind::Portfolio)),
    };
    portfolio.id = Some(id);
    portfolio.portfolios = Vec::new();
    state.apply(Command::PutPortfolio(Box::new(Stored::new(
        id,
        portfolio.clone(),
    ))));
    Ok(if update {
        let view = View {
            state,
            context,
            caller: &caller,
            children: children_by_parent(state),
        };
        success(with_children(&view, &Stored::new(id, portfolio), 0))
    } else {
        success(id)
    })
}

pub(super) fn delete_portfolio(state: &mut State, context: &Context, id: &str) -> Outcome {
    let caller = who(context);
    let portfolio = readable_portfolio(state, &caller, id)?.clone();
    if caller.portfolio(&portfolio) < Access::Change {
        return Err(forbidden(crate::model::messages::CHANGE_NOT_ALLOWED));
    }
    if state
        .portfolios
        .values()
        .any(|p| p.parent_id == portfolio.id && p.id != portfolio.id)
    {
        return Err(message_error(
            400,
            "The portfolio holds sub-portfolios; delete or move them first",
        ));
    }
    // A portfolio has no deletedOn on the wire: deleting it takes it out of the state.
    state.apply(Command::DeletePortfolio(portfolio.id().get()));
    Ok(success(true))
}

/// Why a portfolio rollup could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RollupError {
    /// The portfolio does not exist, or the caller may not read it (the text of its id).
    Missing(String),
    /// It holds more distinct folios than a rollup may (100).
    TooManyFolios(usize),
    /// A folio of it could not be costed.
    Folio(BookError),
    /// The sums could not be converted or held (S9.9).
    Sums(crate::analytics::AnalyticsError),
}

impl std::fmt::Display for RollupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RollupError::Missing(id) => write!(
                f,
                "Portfolio {} does not exist",
                crate::model::messages::excerpt(id)
            ),
            RollupError::TooManyFolios(count) => write!(
                f,
                "A portfolio rollup may hold at most {MAX_ROLLUP_FOLIOS} folios; this one holds {count}"
            ),
            RollupError::Folio(error) => error.fmt(f),
            RollupError::Sums(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for RollupError {}

/// A rollup's refusal in the budgeting envelope.
fn rollup_refusal(error: RollupError) -> crate::api::http::Response {
    match error {
        RollupError::Missing(id) => portfolio_missing(id),
        RollupError::Folio(error) => book_refusal(error),
        error => message_error(400, error.to_string()),
    }
}

/// The rollup of portfolio `id` at `as_of` as a budget administrator sees it (S9.9): what the
/// wasm package's planner answers without a request.
pub fn admin_rollup(state: &State, id: u64, as_of: Date) -> Result<Indicators, RollupError> {
    let caller = Caller {
        user: "planner".into(),
        budget_admin: true,
        write: false,
    };
    let portfolio = state
        .portfolios
        .get(&id)
        .ok_or_else(|| RollupError::Missing(id.to_string()))?;
    rollup_of(state, &caller, portfolio, as_of)
}

/// The rollup of `portfolio` (S9.9), over the folios the caller may read (S11.5), walking the tree
/// iteratively to at most [`MAX_PORTFOLIO_DEPTH`] levels and [`MAX_ROLLUP_FOLIOS`] folios.
fn rollup_of(
    state: &State,
    caller: &Caller,
    portfolio: &Stored<Portfolio>,
    as_of: Date,
) -> Result<Indicators, RollupError> {
    let children = children_by_parent(state);
    let rates = ExchangeRates::from_wire(state.exchange_rates.iter());
    // Breadth-first order of the tree the caller may read (a private sub-portfolio they may not
    // read is left out, as the list leaves it out), each with its depth and its parent's place.
    let mut order: Vec<(&Stored<Portfolio>, usize, Option<usize>)> = vec![(portfolio, 0, None)];
    let mut next = 0;
    while next < order.len() {
        let (current, depth, _) = order[next];
        if depth < MAX_PORTFOLIO_DEPTH {
            for child in children.get(&current.id().get()).into_iter().flatten() {
                if caller.portfolio(child) >= Access::Read {
                    order.push((child, depth + 1, Some(next)));
                }
            }
        }
        next += 1;
    }
    // The distinct folios the caller may read, counted before any is computed, and each computed
    // once however often the tree lists it: the limit bounds the work, not just the answer.
    let mut reports: HashMap<u64, Option<Indicators>> = HashMap::new();
    for (current, _, _) in &order {
        for folio in &current.folios {
            let id = folio.id.get();
            if !reports.contains_key(&id) && caller.folio_for_read(state, id).is_ok() {
                reports.insert(id, None);
            }
        }
    }
    if reports.len() > MAX_ROLLUP_FOLIOS {
        return Err(RollupError::TooManyFolios(reports.len()));
    }
    let mut members: Vec<Vec<Indicators>> = vec![Vec::new(); order.len()];
    let mut tolerances: Vec<Option<crate::value::Decimal>> = vec![None; order.len()];
    for index in (0..order.len()).rev() {
        let (current, _, parent) = order[index];
        for folio in &current.folios {
            let id = folio.id.get();
            let Some(slot) = reports.get_mut(&id) else {
                continue;
            };
            let report = match slot {
                Some(report) => report.clone(),
                None => {
                    let report = state
                        .folio_book(id)
                        .ok_or_else(|| RollupError::Missing(id.to_string()))?
                        .indicators(as_of, PlannedSide::Latest)
                        .map_err(RollupError::Folio)?;
                    slot.insert(report).clone()
                }
            };
            let tolerance = state.folios[&id].folio.tolerance.get();
            tolerances[index] = Some(tolerances[index].map_or(tolerance, |t| t.min(tolerance)));
            members[index].push(report);
        }
        // A sub-portfolio with nothing the caller may read has no figures: it is no member of
        // its parent (its nulls would blank the parent's earned-value side, S9.9).
        if members[index].is_empty() && parent.is_some() {
            continue;
        }
        let refs: Vec<&Indicators> = members[index].iter().collect();
        let rolled = rollup(
            &refs,
            current.currency_code,
            as_of,
            &rates,
            tolerances[index].unwrap_or_default(),
        )
        .map_err(RollupError::Sums)?;
        match parent {
            Some(parent) => members[parent].push(rolled),
            None => return Ok(rolled),
        }
    }
    Err(RollupError::Missing(portfolio.id().to_string()))
}

pub(super) fn portfolio_indicators(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    let caller = who(context);
    let portfolio = readable_portfolio(state, &caller, id)?;
    let as_of = as_of(request, context)?;
    Ok(success(
        rollup_of(state, &caller, portfolio, as_of).map_err(rollup_refusal)?,
    ))
}
