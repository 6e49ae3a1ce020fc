//! Cost lines (S9.12): a folio's planned cost items with what realises them, named, grouped and
//! added up (`GET /folio/{id}/lines`), and a portfolio's folios so (`GET /portfolio/{id}/lines`).

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::error::{Error, Result};
use super::Queries;
use crate::analytics::{CostLine, ItemKey, LineMoney};
use crate::model::budgeting::{
    CostLineShown, FolioLine, FolioLines, LineFigures, LineGroup, LineGrouping, LineItemKind,
    PortfolioLines, RealisingItem,
};
use crate::model::Id;
use crate::schedule::ExchangeRates;
use crate::state::State;
use crate::value::{CurrencyCode, Date};

/// What a line's item is called and grouped by, read off the state's records (a deleted record
/// included: a planned item deleted since keeps its line).
struct Named {
    name: String,
    kind: LineItemKind,
    account: String,
    category: String,
    deleted: bool,
}

fn named(state: &State, key: ItemKey) -> Named {
    match key {
        ItemKey::Position(id) => match state.positions.get(&id.get()) {
            Some(row) => Named {
                name: row.header.name.clone(),
                kind: LineItemKind::Position,
                account: row.header.account_key.clone().unwrap_or_default(),
                category: row.header.category.clone().unwrap_or_default(),
                deleted: row.record.deleted_on.is_some(),
            },
            None => unknown(LineItemKind::Position, id),
        },
        ItemKey::Expense(id) => match state.expenses.get(&id.get()) {
            Some(expense) => Named {
                name: expense.name.clone(),
                kind: LineItemKind::Expense,
                account: String::new(),
                category: expense.category.as_str().to_owned(),
                deleted: expense.deleted_on.is_some(),
            },
            None => unknown(LineItemKind::Expense, id),
        },
    }
}

/// An item no record names (never on the server: links are checked as they are written).
fn unknown(kind: LineItemKind, id: Id) -> Named {
    let noun = match kind {
        LineItemKind::Position => "Position",
        LineItemKind::Expense => "Expense",
    };
    Named {
        name: format!("{noun} {id}"),
        kind,
        account: String::new(),
        category: String::new(),
        deleted: true,
    }
}

/// The key a line is grouped under by `grouping`.
fn group_key(named: &Named, grouping: LineGrouping) -> String {
    match grouping {
        LineGrouping::Account => named.account.trim().to_owned(),
        LineGrouping::Category => named.category.trim().to_owned(),
        LineGrouping::Kind => match named.kind {
            LineItemKind::Position => "positions".to_owned(),
            LineItemKind::Expense => "expenses".to_owned(),
        },
        LineGrouping::None => String::new(),
    }
}

/// A group's name as a controller reads it.
fn group_name(state: &State, key: &str, grouping: LineGrouping) -> String {
    match (grouping, key) {
        (LineGrouping::Account, "") => "No account".to_owned(),
        (LineGrouping::Account, key) => state
            .accounts
            .values()
            .find(|account| account.key.as_str() == key)
            .map_or_else(
                || key.to_owned(),
                |account| format!("{} ({key})", account.name.as_str()),
            ),
        (LineGrouping::Category, "") => "No category".to_owned(),
        (LineGrouping::Kind, "positions") => "Positions (labour)".to_owned(),
        (LineGrouping::Kind, "expenses") => "Expenses".to_owned(),
        (_, key) => key.to_owned(),
    }
}

/// Lines' money added up by group key, in key order with the lines that have none last.
#[derive(Default)]
struct Groups(BTreeMap<(bool, String), (usize, LineMoney)>);

impl Groups {
    fn add(&mut self, key: &str, lines: usize, money: LineMoney) -> Result<()> {
        let slot = self.0.entry((key.is_empty(), key.to_owned())).or_default();
        slot.0 += lines;
        slot.1 = slot.1.plus(money).map_err(overflow)?;
        Ok(())
    }

    fn shown(
        self,
        state: &State,
        grouping: LineGrouping,
        currency: CurrencyCode,
        tolerance: Decimal,
    ) -> Result<Vec<LineGroup>> {
        self.0
            .into_iter()
            .map(|((_, key), (lines, money))| {
                Ok(LineGroup {
                    name: group_name(state, &key, grouping),
                    key,
                    lines,
                    figures: money.shown(currency, tolerance).map_err(overflow)?,
                })
            })
            .collect()
    }
}

fn overflow(error: crate::analytics::AnalyticsError) -> Error {
    Error::invalid(error.to_string())
}

/// A folio's lines, money and groups before they are shown: what both routes read.
struct Costed {
    lines: Vec<(CostLine, Named, String)>,
    budget_baseline: Option<Id>,
    currency: CurrencyCode,
    tolerance: Decimal,
}

impl Costed {
    /// The lines' money added up by group.
    fn groups(&self) -> Result<Groups> {
        let mut groups = Groups::default();
        for (line, _, key) in &self.lines {
            groups.add(key, 1, LineMoney::of(line))?;
        }
        Ok(groups)
    }

    fn total(&self) -> Result<LineMoney> {
        self.lines
            .iter()
            .try_fold(LineMoney::default(), |sum, (line, _, _)| {
                sum.plus(LineMoney::of(line))
            })
            .map_err(overflow)
    }
}

impl Queries<'_> {
    /// Folio `folio`'s lines at `as_of`, grouped, each named from the state's records.
    fn costed_lines(&self, folio: u64, as_of: Date, grouping: LineGrouping) -> Result<Costed> {
        let record = self.readable_folio(folio)?;
        let (currency, tolerance) = (record.folio.currency_code, record.folio.tolerance.get());
        let state = self.state;
        let (lines, budget_baseline) = state
            .with_folio_book(folio, |book| {
                book.cost_lines(as_of).map_err(super::refusals::book)
            })
            .ok_or_else(Error::folio_not_viewable)??;
        let mut lines: Vec<(CostLine, Named, String)> = lines
            .into_iter()
            .map(|line| {
                let named = named(state, line.item);
                let key = group_key(&named, grouping);
                (line, named, key)
            })
            .collect();
        // A group's lines together (the groups in key order, the lines with none last), its
        // planned lines before its unplanned ones, each by name.
        lines.sort_by(|(a, a_named, a_key), (b, b_named, b_key)| {
            (a_key.is_empty(), a_key, !a.planned, &a_named.name, a.item).cmp(&(
                b_key.is_empty(),
                b_key,
                !b.planned,
                &b_named.name,
                b.item,
            ))
        });
        Ok(Costed {
            lines,
            budget_baseline,
            currency,
            tolerance,
        })
    }

    /// Folio `folio`'s cost lines at `as_of` grouped by `grouping` (S9.12): what realises each
    /// planned item, the variances, the subtotals of each group and the total.
    pub fn folio_lines(
        &self,
        folio: u64,
        as_of: Date,
        grouping: LineGrouping,
    ) -> Result<FolioLines> {
        let costed = self.costed_lines(folio, as_of, grouping)?;
        let (currency, tolerance) = (costed.currency, costed.tolerance);
        let shown = |money: LineMoney| -> Result<LineFigures> {
            money.shown(currency, tolerance).map_err(overflow)
        };
        let groups = match grouping {
            LineGrouping::None => Vec::new(),
            _ => costed
                .groups()?
                .shown(self.state, grouping, currency, tolerance)?,
        };
        let total = shown(costed.total()?)?;
        let state = self.state;
        let lines = costed
            .lines
            .into_iter()
            .map(|(line, named, group)| {
                let realised_by = line
                    .realised_by
                    .iter()
                    .map(|key| {
                        let item = self::named(state, *key);
                        RealisingItem {
                            item_id: id_of(*key),
                            item_kind: item.kind,
                            name: item.name,
                        }
                    })
                    .collect();
                Ok(CostLineShown {
                    item_id: id_of(line.item),
                    item_kind: named.kind,
                    name: named.name,
                    planned: line.planned,
                    deleted: line.planned && named.deleted,
                    complete: line.complete,
                    group,
                    realised_by,
                    figures: shown(LineMoney::of(&line))?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(FolioLines {
            folio_id: Id::new(folio),
            as_of,
            currency_code: currency,
            budget_baseline_id: costed.budget_baseline,
            group_by: grouping,
            lines,
            groups,
            total,
        })
    }

    /// Portfolio `id`'s cost lines at `as_of` (S9.12 with S9.9): a line per folio the caller may
    /// read (its total converted into the portfolio's currency, each figure on its own), the
    /// groups across its folios (each folio's subtotal converted on its own) and the total.
    pub fn portfolio_lines(
        &self,
        id: u64,
        as_of: Date,
        grouping: LineGrouping,
    ) -> Result<PortfolioLines> {
        let portfolio = self.readable_portfolio(id)?;
        let currency = portfolio.currency_code;
        let mut folios = Vec::new();
        self.portfolio_rollup_with(id, as_of, &mut |folio| {
            folios.push(folio);
            Ok(None)
        })?;
        let rates = ExchangeRates::from_wire(self.state.exchange_rates.iter());
        let mut rows = Vec::new();
        let mut groups = Groups::default();
        let mut total = LineMoney::default();
        let mut tolerance: Option<Decimal> = None;
        for folio in folios {
            let costed = self.costed_lines(folio, as_of, grouping)?;
            let from = costed.currency;
            let convert = |money: LineMoney| {
                money
                    .map(|value| rates.convert(value, from, currency, as_of))
                    .map_err(|error| Error::invalid(error.to_string()))
            };
            tolerance = Some(tolerance.map_or(costed.tolerance, |t| t.min(costed.tolerance)));
            if grouping != LineGrouping::None {
                for ((_, key), (lines, money)) in costed.groups()?.0 {
                    groups.add(&key, lines, convert(money)?)?;
                }
            }
            let folio_total = convert(costed.total()?)?;
            total = total.plus(folio_total).map_err(overflow)?;
            let name = self
                .state
                .folios
                .get(&folio)
                .map(|record| record.folio.name.clone())
                .unwrap_or_default();
            rows.push((folio, name, from, costed.lines.len(), folio_total));
        }
        let tolerance = tolerance.unwrap_or_default();
        let folios = rows
            .into_iter()
            .map(|(folio, name, from, lines, money)| {
                Ok(FolioLine {
                    folio_id: Id::new(folio),
                    name,
                    folio_currency_code: from,
                    lines,
                    figures: money.shown(currency, tolerance).map_err(overflow)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(PortfolioLines {
            portfolio_id: Id::new(id),
            as_of,
            currency_code: currency,
            group_by: grouping,
            folios,
            groups: groups.shown(self.state, grouping, currency, tolerance)?,
            total: total.shown(currency, tolerance).map_err(overflow)?,
        })
    }
}

fn id_of(key: ItemKey) -> Id {
    match key {
        ItemKey::Position(id) | ItemKey::Expense(id) => id,
    }
}
