//! Portfolios (S11.4, S11.5): listed as trees of what the caller may read, written with their
//! sharing rules, and rolled up (S9.9).

use std::collections::HashMap;

use super::access::{Access, Caller};
use super::error::{Error, Result};
use super::{Commands, Queries};
use crate::analytics::{rollup, PlannedSide};
use crate::model::budgeting::{Indicators, Portfolio};
use crate::model::messages::{self, excerpt};
use crate::model::Id;
use crate::schedule::ExchangeRates;
use crate::state::{Command, IdKind, State, Stored};
use crate::value::{Date, Decimal};

/// How deep sub-portfolios may nest: a portfolio has at most this many ancestors. Deeper (or a
/// loop) is refused when written, and every walk over the tree stops here, so that no stored
/// structure can exhaust the stack (S11.5).
pub const MAX_PORTFOLIO_DEPTH: usize = 16;

/// The most distinct folios one portfolio rollup computes (each once, however often the tree lists
/// it): more is refused naming the limit, decided before any is computed, so one request's work
/// stays bounded.
pub const MAX_ROLLUP_FOLIOS: usize = 100;

/// The most folios one portfolio lists.
pub const MAX_PORTFOLIO_FOLIOS: usize = 100;

/// The 404 of portfolio `id`: the same for a missing one and one the caller may not read.
fn missing(id: impl std::fmt::Display) -> Error {
    Error::not_found(format!(
        "Portfolio {} does not exist",
        excerpt(&id.to_string())
    ))
}

/// A direct member of a portfolio's rollup: a folio or a sub-portfolio, with its indicators in its
/// own currency.
#[derive(Debug, Clone)]
pub(super) struct RolledMember {
    /// `folio` or `portfolio`.
    pub kind: &'static str,
    /// Its id.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// Its indicators.
    pub indicators: Indicators,
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

/// What showing portfolios to one caller needs.
pub(super) struct View<'a> {
    state: &'a State,
    day: Date,
    caller: &'a Caller,
    children: HashMap<u64, Vec<&'a Stored<Portfolio>>>,
}

impl<'a> View<'a> {
    /// The sub-portfolios of `id` the caller may read, in id order.
    pub(super) fn readable_children(
        &self,
        id: u64,
    ) -> impl Iterator<Item = &'a Stored<Portfolio>> + '_ {
        self.children
            .get(&id)
            .into_iter()
            .flatten()
            .copied()
            .filter(|child| self.caller.portfolio(child) >= Access::Read)
    }

    /// A portfolio as the caller is shown it, without its sub-portfolios: its folios those the
    /// caller may read, as they are now (S11.5).
    pub(super) fn alone(&self, portfolio: &Stored<Portfolio>) -> Portfolio {
        let mut shown = portfolio.record().clone();
        shown.folios = portfolio
            .folios
            .iter()
            .filter_map(|folio| self.caller.folio_for_read(self.state, folio.id.get()).ok())
            .map(|record| super::folios::summary(&record.folio, self.day))
            .collect();
        shown.portfolios = Vec::new();
        shown
    }

    /// A portfolio with the sub-portfolios the caller may read nested, at most
    /// [`MAX_PORTFOLIO_DEPTH`] levels down (the bound also ends a loop left by an older journal).
    /// Its folios are those the caller may read, as they are now (S11.5): a public portfolio
    /// shows nothing of a folio the caller may not open.
    fn with_children(&self, portfolio: &Stored<Portfolio>, depth: usize) -> Portfolio {
        let mut shown = self.alone(portfolio);
        if depth < MAX_PORTFOLIO_DEPTH {
            shown.portfolios = self
                .readable_children(portfolio.id().get())
                .map(|child| self.with_children(child, depth + 1))
                .collect();
        }
        shown
    }
}

/// Refuses a parent that would loop the chain back to `id` or nest the portfolio (and the
/// `height` levels of sub-portfolios below it) deeper than [`MAX_PORTFOLIO_DEPTH`].
fn check_parent(state: &State, id: Option<Id>, parent: Id, height: usize) -> Result<()> {
    let mut ancestors = 0;
    let mut at = Some(parent);
    while let Some(current) = at {
        if Some(current) == id {
            return Err(Error::field(
                "parentId",
                format!("parent portfolio {parent} would make the portfolio its own ancestor"),
            ));
        }
        ancestors += 1;
        if ancestors + height > MAX_PORTFOLIO_DEPTH {
            return Err(Error::field(
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

impl<'s> Queries<'s> {
    pub(super) fn view(&self) -> View<'_> {
        View {
            state: self.state,
            day: self.today(),
            caller: &self.caller,
            children: children_by_parent(self.state),
        }
    }

    /// Whether the caller may read portfolio `id`: its 404 when not (S11.4), what a route asks
    /// before it reads any parameter.
    pub fn may_read_portfolio(&self, id: u64) -> Result<()> {
        self.readable_portfolio(id).map(|_| ())
    }

    /// A portfolio the caller may read; else the portfolio's 404, the same for a missing one.
    pub(super) fn readable_portfolio(&self, id: u64) -> Result<&'s Stored<Portfolio>> {
        self.state
            .portfolios
            .get(&id)
            .filter(|portfolio| self.caller.portfolio(portfolio) >= Access::Read)
            .ok_or_else(|| missing(id))
    }

    /// The rollup of portfolio `id` at `as_of` (S9.9), over the folios the caller may read
    /// (S11.5), walking the tree iteratively to at most [`MAX_PORTFOLIO_DEPTH`] levels and
    /// [`MAX_ROLLUP_FOLIOS`] folios.
    pub fn portfolio_indicators(&self, id: u64, as_of: Date) -> Result<Indicators> {
        Ok(self.portfolio_rollup(id, as_of)?.0)
    }

    /// Portfolio `id`'s rollup at `as_of` (S9.9), with its direct members as the caller sees
    /// them: each folio's and sub-portfolio's kind, id, name and indicators in its own currency
    /// (what an explanation lists).
    pub(super) fn portfolio_rollup(
        &self,
        id: u64,
        as_of: Date,
    ) -> Result<(Indicators, Vec<RolledMember>)> {
        let state = self.state;
        self.portfolio_rollup_with(id, as_of, &mut |folio| {
            state
                .with_folio_book(folio, |book| {
                    book.indicators(as_of, PlannedSide::Latest)
                        .map_err(super::refusals::book)
                })
                .ok_or_else(Error::folio_not_viewable)?
                .map(Some)
        })
    }

    /// The folios of portfolio `id`'s rollup at `as_of` the caller may read (S9.9), each once,
    /// in the rollup's order.
    pub(super) fn portfolio_folios(&self, id: u64, as_of: Date) -> Result<Vec<u64>> {
        let mut folios = Vec::new();
        self.portfolio_rollup_with(id, as_of, &mut |folio| {
            folios.push(folio);
            Ok(None)
        })?;
        Ok(folios)
    }

    /// Folio `folio`'s name as the state holds it (empty for one it does not).
    pub(super) fn folio_name(&self, folio: u64) -> String {
        self.state
            .folios
            .get(&folio)
            .map(|record| record.folio.name.clone())
            .unwrap_or_default()
    }

    /// Portfolio `id`'s rollup at `as_of` (S9.9) of the figures `figures` gives each folio the
    /// caller may read (asked once per folio; `None`: the folio is no member of this rollup), with
    /// its direct members.
    pub(super) fn portfolio_rollup_with(
        &self,
        id: u64,
        as_of: Date,
        figures: &mut dyn FnMut(u64) -> Result<Option<Indicators>>,
    ) -> Result<(Indicators, Vec<RolledMember>)> {
        let portfolio = self.readable_portfolio(id)?;
        let (state, caller) = (self.state, &self.caller);
        let children = children_by_parent(state);
        let rates = ExchangeRates::from_wire(state.exchange_rates.iter());
        // Breadth-first order of the tree the caller may read (a private sub-portfolio they may
        // not read is left out, as the list leaves it out), each with its depth and its parent's
        // place.
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
        // The distinct folios the caller may read, counted before any is computed, and each
        // computed once however often the tree lists it: the limit bounds the work, not just the
        // answer.
        let mut reports: HashMap<u64, Option<Option<Indicators>>> = HashMap::new();
        for (current, _, _) in &order {
            for folio in &current.folios {
                let id = folio.id.get();
                if !reports.contains_key(&id) && caller.folio_for_read(state, id).is_ok() {
                    reports.insert(id, None);
                }
            }
        }
        if reports.len() > MAX_ROLLUP_FOLIOS {
            return Err(Error::invalid(format!(
                "A portfolio rollup may hold at most {MAX_ROLLUP_FOLIOS} folios; this one holds {}",
                reports.len()
            )));
        }
        let mut members: Vec<Vec<Indicators>> = vec![Vec::new(); order.len()];
        let mut named: Vec<Vec<(&'static str, u64, String)>> = vec![Vec::new(); order.len()];
        let mut tolerances: Vec<Option<Decimal>> = vec![None; order.len()];
        for index in (0..order.len()).rev() {
            let (current, _, parent) = order[index];
            for folio in &current.folios {
                let id = folio.id.get();
                let Some(slot) = reports.get_mut(&id) else {
                    continue;
                };
                let report = match slot {
                    Some(report) => report.clone(),
                    None => slot.insert(figures(id)?).clone(),
                };
                let Some(report) = report else {
                    continue;
                };
                let tolerance = state.folios[&id].folio.tolerance.get();
                tolerances[index] = Some(tolerances[index].map_or(tolerance, |t| t.min(tolerance)));
                members[index].push(report);
                // The folio's name now, not the one the portfolio stored when it was put.
                let name = state
                    .folios
                    .get(&id)
                    .map_or_else(|| folio.name.clone(), |record| record.folio.name.clone());
                named[index].push(("folio", id, name));
            }
            // A sub-portfolio with nothing the caller may read has no figures: it is no member
            // of its parent (its nulls would blank the parent's earned-value side, S9.9).
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
            .map_err(|error| Error::invalid(error.to_string()))?;
            match parent {
                Some(parent) => {
                    members[parent].push(rolled);
                    named[parent].push(("portfolio", current.id().get(), current.name.clone()));
                }
                None => {
                    let direct = named
                        .swap_remove(index)
                        .into_iter()
                        .zip(members.swap_remove(index))
                        .map(|((kind, id, name), indicators)| RolledMember {
                            kind,
                            id,
                            name,
                            indicators,
                        })
                        .collect();
                    return Ok((rolled, direct));
                }
            }
        }
        Err(missing(portfolio.id()))
    }
}

impl Commands<'_> {
    /// A portfolio to update: one the caller may read (else its 404) and change (else a 403).
    fn changeable_portfolio(&self, id: u64) -> Result<Stored<Portfolio>> {
        self.caller.writes()?;
        let existing = self.queries().readable_portfolio(id)?.clone();
        if self.caller.portfolio(&existing) < Access::Change {
            return Err(Error::forbidden(messages::CHANGE_NOT_ALLOWED));
        }
        Ok(existing)
    }

    /// Creates a portfolio (S11.4); its id.
    pub fn create_portfolio(&mut self, portfolio: Portfolio) -> Result<Id> {
        self.caller.writes()?;
        self.put_portfolio(portfolio, None)
    }

    /// Updates the portfolio `portfolio.id` names (S11.4, S11.5); the portfolio as the caller
    /// now sees it.
    pub fn update_portfolio(&mut self, portfolio: Portfolio) -> Result<Portfolio> {
        let id = portfolio
            .id
            .ok_or_else(|| Error::field("id", "id is required to update a portfolio"))?;
        let existing = self.changeable_portfolio(id.get())?;
        let id = self.put_portfolio(portfolio, Some(existing))?;
        let queries = self.queries();
        let stored = queries.readable_portfolio(id.get())?;
        Ok(queries.view().with_children(stored, 0))
    }

    fn put_portfolio(
        &mut self,
        mut portfolio: Portfolio,
        existing: Option<Stored<Portfolio>>,
    ) -> Result<Id> {
        let (state, caller) = (&*self.state, &self.caller);
        // S11.5: the owner is the caller on create; only a budget administrator hands the
        // portfolio to someone else.
        let keeps_owner = match &existing {
            Some(existing) => portfolio.owner == existing.owner,
            None => portfolio.owner == caller.user,
        };
        if !keeps_owner && !caller.budget_admin {
            return Err(Error::forbidden_field(
                "owner",
                format!(
                    "Only a budget administrator may make {:?} the owner",
                    excerpt(&portfolio.owner)
                ),
            ));
        }
        if portfolio.name.trim().is_empty() {
            return Err(Error::field("name", messages::NAME_REQUIRED));
        }
        if portfolio.folios.len() > MAX_PORTFOLIO_FOLIOS {
            return Err(Error::field(
                "folios",
                format!("a portfolio may list at most {MAX_PORTFOLIO_FOLIOS} folios"),
            ));
        }
        // S11.7: what the portfolio held is kept.
        super::refusals::texts(&portfolio, existing.as_ref().map(Stored::record))?;
        for (index, folio) in portfolio.folios.iter().enumerate() {
            if portfolio.folios[..index].iter().any(|f| f.id == folio.id) {
                return Err(Error::field(
                    "folios",
                    format!("folio {} is listed twice", folio.id),
                ));
            }
        }
        // A folio joins a portfolio only by a caller who may change it: a portfolio's admins may
        // read its folios, so placing a folio one may merely read would share it further (S11.4,
        // S11.5). Folios already in the portfolio stay.
        for folio in &portfolio.folios {
            let id = folio.id.get();
            let already = existing
                .as_ref()
                .is_some_and(|e| e.folios.iter().any(|f| f.id == folio.id));
            if !already && caller.folio_for_change(state, id).is_err() {
                return Err(Error::field(
                    "folios",
                    format!("folio {id} cannot be viewed or changed by the caller"),
                ));
            }
        }
        // Folios the caller may not read stay where they are: a change cannot drop what it
        // cannot see.
        if let Some(existing) = &existing {
            for folio in &existing.folios {
                let listed = portfolio.folios.iter().any(|f| f.id == folio.id);
                if !listed && caller.folio_for_read(state, folio.id.get()).is_err() {
                    portfolio.folios.push(folio.clone());
                }
            }
        }
        // An admin reads every folio of the portfolio: only a caller who may change all of them
        // may name a new admin, or they would share what is not theirs to share (S11.4, S11.5).
        let before: &[String] = existing.as_ref().map_or(&[], |e| &e.admins);
        if let Some(added) = portfolio.admins.iter().find(|a| !before.contains(a)) {
            let shares = portfolio
                .folios
                .iter()
                .any(|f| caller.folio(state, f.id.get()) < Access::Change);
            if shares {
                return Err(Error::forbidden_field(
                    "admins",
                    format!(
                        "Only a caller who may change every folio of the portfolio may make {:?} an admin",
                        excerpt(added)
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
                return Err(Error::field(
                    "parentId",
                    format!(
                        "parent portfolio {parent} does not exist or cannot be changed by the caller"
                    ),
                ));
            }
            let below = existing
                .as_ref()
                .map_or(0, |e| height(&children_by_parent(state), e.id().get()));
            let id = existing.as_ref().map(Stored::id);
            check_parent(state, id, parent, below)?;
        }
        let id = match &existing {
            Some(existing) => existing.id(),
            None => Id::new(self.state.counters.next(IdKind::Portfolio)),
        };
        portfolio.id = Some(id);
        portfolio.portfolios = Vec::new();
        self.state
            .apply(Command::PutPortfolio(Box::new(Stored::new(id, portfolio))));
        Ok(id)
    }

    /// Deletes portfolio `id` (taken out of the state: a portfolio has no `deletedOn` on the
    /// wire); refused while it holds sub-portfolios.
    pub fn delete_portfolio(&mut self, id: u64) -> Result<()> {
        let portfolio = self.changeable_portfolio(id)?;
        if self
            .state
            .portfolios
            .values()
            .any(|p| p.parent_id == portfolio.id && p.id != portfolio.id)
        {
            return Err(Error::invalid(
                "The portfolio holds sub-portfolios; delete or move them first",
            ));
        }
        self.state
            .apply(Command::DeletePortfolio(portfolio.id().get()));
        Ok(())
    }
}
