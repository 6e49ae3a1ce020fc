//! Lists answered a page at a time (S11.8): the folios and the portfolios a caller may read and a
//! folio's custom fields, each in a fixed order, a page ending at `limit` entries or at
//! [`MAX_PAGE_BYTES`] (always holding one entry), with where the next one starts. A list others
//! can make longer (folios shared with the caller, public portfolios) can then never make one
//! answer, nor the server's memory for it, grow without bound.

use super::access::Access;
use super::error::{Error, Result};
use super::limits::MAX_PAGE_BYTES;
use super::portfolios::MAX_PORTFOLIO_DEPTH;
use super::Queries;
use crate::json::json_len;
use crate::model::budgeting::{CustomFieldCatalog, FolioSummary, Portfolio};
use crate::state::Stored;

/// The most entries one page may be asked for.
pub const MAX_LIST_LIMIT: usize = 10_000;

/// Which page of a list: at most `limit` entries (any number when `None`: the bytes end it), of
/// those after the entry `after` (the first page when `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ListPage {
    /// How many entries, at most (1 to [`MAX_LIST_LIMIT`]).
    pub limit: Option<usize>,
    /// The id of the last entry of the page before (a folio's, a portfolio's, a custom field's).
    pub after: Option<u64>,
}

/// A page of a list and, when more remain, the `after` of the next page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paged<T> {
    /// The page's entries.
    pub items: T,
    /// Where the next page starts: its `after`.
    pub next: Option<u64>,
}

/// The first entries of `entries` (id and entry, in the list's order) that fit `page`.
fn fill<T: serde::Serialize>(
    page: ListPage,
    entries: impl Iterator<Item = (u64, T)>,
) -> Paged<Vec<T>> {
    let limit = page.limit.unwrap_or(usize::MAX);
    let mut items = Vec::new();
    let mut bytes = 0usize;
    let mut last = None;
    for (id, item) in entries {
        // An entry and the comma before it.
        let size = json_len(&item).saturating_add(1);
        if items.len() >= limit
            || (!items.is_empty() && bytes.saturating_add(size) > MAX_PAGE_BYTES)
        {
            return Paged { items, next: last };
        }
        bytes = bytes.saturating_add(size);
        last = Some(id);
        items.push(item);
    }
    Paged { items, next: None }
}

/// One portfolio of the tree in its order: its depth and what the caller is shown of it.
struct Placed {
    depth: usize,
    shown: Portfolio,
}

impl Queries<'_> {
    /// A page of the live folios the caller may read (operation "list folios", S11.4), in id
    /// order.
    pub fn folios_page(&self, page: ListPage) -> Paged<Vec<FolioSummary>> {
        let day = self.today();
        let after = page.after.unwrap_or(0);
        let entries = self
            .readable_folios()
            .skip_while(|(id, _)| *id <= after)
            .map(|(id, r)| (id, super::folios::summary(&r.folio, day)));
        fill(page, entries)
    }

    /// A page of the portfolios the caller may read, in tree order: each top-level portfolio (in
    /// id order), then the sub-portfolios under it, depth first (S11.4, S11.5). The page is a
    /// forest: a portfolio's sub-portfolios on the page are nested in it; one whose parent is on
    /// an earlier page stands at the top of this one (its `parentId` says where it belongs).
    /// A page whose `after` is no longer in the caller's tree answers 409, not an empty page (S11.8).
    pub fn portfolios_page(&self, page: ListPage) -> Result<Paged<Vec<Portfolio>>> {
        let view = self.view();
        let tops = self
            .state
            .portfolios
            .values()
            .filter(|p| p.parent_id.is_none() && self.caller.portfolio(p) >= Access::Read);
        // The tree's order, walked with a stack (no recursion over what users built).
        let mut order: Vec<(usize, &Stored<Portfolio>)> = Vec::new();
        let mut stack: Vec<(usize, &Stored<Portfolio>)> = tops.rev().map(|p| (0, p)).collect();
        while let Some((depth, portfolio)) = stack.pop() {
            order.push((depth, portfolio));
            if depth < MAX_PORTFOLIO_DEPTH {
                let children: Vec<_> = view.readable_children(portfolio.id().get()).collect();
                stack.extend(children.into_iter().rev().map(|child| (depth + 1, child)));
            }
        }
        let start = match page.after {
            None => 0,
            Some(after) => order
                .iter()
                .position(|(_, p)| p.id().get() == after)
                .map(|at| at + 1)
                .ok_or_else(|| {
                    Error::conflict(format!(
                        "The portfolios changed since the last page (portfolio {after} is no longer where that page ended): read them again from the start"
                    ))
                })?,
        };
        let entries = order[start..].iter().map(|(depth, portfolio)| {
            let placed = Placed {
                depth: *depth,
                shown: view.alone(portfolio),
            };
            (portfolio.id().get(), placed)
        });
        let Paged { items, next } = fill(page, entries);
        Ok(Paged {
            items: forest(items.into_iter()),
            next,
        })
    }

    /// A page of the live custom-field definitions of folio `folio`, in id order, grouped by the
    /// type of record they are for (operation 14).
    pub fn custom_fields_page(
        &self,
        folio: u64,
        page: ListPage,
    ) -> Result<Paged<CustomFieldCatalog>> {
        self.readable_folio(folio)?;
        let after = page.after.unwrap_or(0);
        let mut ids: Vec<u64> = self
            .state
            .custom_fields_of(folio)
            .iter()
            .copied()
            .filter(|id| *id > after)
            .collect();
        ids.sort_unstable();
        let entries = ids.into_iter().filter_map(|id| {
            let (_, definition) = self.state.custom_fields.get(&id)?;
            definition
                .deleted_on
                .is_none()
                .then(|| (id, definition.record().clone()))
        });
        let Paged { items, next } = fill(page, entries);
        let mut catalog = CustomFieldCatalog::default();
        for definition in items {
            catalog
                .custom_fields
                .entry(definition.field_type)
                .or_default()
                .push(definition);
        }
        Ok(Paged {
            items: catalog,
            next,
        })
    }
}

/// A portfolio of a page is weighed as it is shown.
impl serde::Serialize for Placed {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> core::result::Result<S::Ok, S::Error> {
        self.shown.serialize(serializer)
    }
}

/// Portfolios in tree order (parents before their children, each with its depth) as a forest:
/// each nested in the one before it of a smaller depth, or at the top.
fn forest(placed: impl Iterator<Item = Placed>) -> Vec<Portfolio> {
    let mut tops = Vec::new();
    let mut open: Vec<Placed> = Vec::new();
    let close = |open: &mut Vec<Placed>, tops: &mut Vec<Portfolio>| {
        if let Some(done) = open.pop() {
            match open.last_mut() {
                Some(parent) => parent.shown.portfolios.push(done.shown),
                None => tops.push(done.shown),
            }
        }
    };
    for portfolio in placed {
        while open
            .last()
            .is_some_and(|last| last.depth >= portfolio.depth)
        {
            close(&mut open, &mut tops);
        }
        open.push(portfolio);
    }
    while !open.is_empty() {
        close(&mut open, &mut tops);
    }
    tops
}

/// The refusal of a page's `limit` or `after` that is not a whole number in range.
pub fn list_page_refusal(field: &str, given: &str) -> Error {
    let excerpt = crate::model::messages::excerpt(given);
    match field {
        "limit" => Error::field(
            "limit",
            format!("limit must be a whole number from 1 to {MAX_LIST_LIMIT}, got {excerpt}"),
        ),
        _ => Error::field(
            field,
            format!(
                "{field} must be the id the previous page ended at (a whole number), got {excerpt}"
            ),
        ),
    }
}
