//! Cost lines (S9.12): a folio's planned cost items with what realises them, named from the
//! service's records, grouped and added up (`GET /folio/{id}/lines`), and a portfolio's folios so
//! (`GET /portfolio/{id}/lines`). The report itself is the engine's (`analytics::LineReport`).

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::error::{Error, Result};
use super::Queries;
use crate::analytics::{group_name, ItemKey, LineItem, LineMoney, LineReport};
use crate::model::budgeting::{
    FolioLine, FolioLines, LineGroup, LineGrouping, LineOrder, PortfolioLines,
};
use crate::model::Id;
use crate::schedule::ExchangeRates;
use crate::state::State;
use crate::value::Date;

/// What the service's records say of item `key`: a deleted record too (a planned item deleted
/// since keeps its line).
pub(super) fn described(state: &State, key: ItemKey) -> LineItem {
    let found = match key {
        // The record tells whether the position is deleted; its header is what it shows.
        ItemKey::Position(id) => state.positions.get(&id.get()).map(|row| LineItem {
            deleted: row.record.deleted_on.is_some(),
            ..LineItem::of_position(&row.header)
        }),
        ItemKey::Expense(id) => state
            .expenses
            .get(&id.get())
            .map(|expense| LineItem::of_expense(expense)),
    };
    found.unwrap_or_else(|| LineItem::unknown(key))
}

/// A group's name: an account's as the service names it (`Harbour works (HARB)`).
fn named_group(state: &State, grouping: LineGrouping, key: &str) -> String {
    let account = (grouping == LineGrouping::Account && !key.is_empty())
        .then(|| state.accounts.values().find(|a| a.key.as_str() == key))
        .flatten();
    match account {
        Some(account) => format!("{} ({key})", account.name.as_str()),
        None => group_name(grouping, key),
    }
}

pub(super) fn overflow(error: crate::analytics::AnalyticsError) -> Error {
    Error::invalid(error.to_string())
}

impl Queries<'_> {
    /// Folio `folio`'s lines at `as_of` grouped by `grouping`, named from the state's records.
    fn line_report(&self, folio: u64, as_of: Date, grouping: LineGrouping) -> Result<LineReport> {
        let record = self.readable_folio(folio)?;
        let (currency, tolerance) = (record.folio.currency_code, record.folio.tolerance.get());
        let state = self.state;
        let (lines, budget_baseline) = state
            .with_folio_book(folio, |book| {
                book.cost_lines(as_of).map_err(super::refusals::book)
            })
            .ok_or_else(Error::folio_not_viewable)??;
        Ok(LineReport::new(
            lines,
            (currency, tolerance, budget_baseline),
            grouping,
            &|key| described(state, key),
        ))
    }

    /// Folio `folio`'s cost lines at `as_of` grouped by `grouping` (S9.12), in `order`: what
    /// realises each planned item, the variances, the subtotals of each group and the total
    /// over every line; the lines of `page` (`(limit, after)`), every line with none.
    pub fn folio_lines(
        &self,
        folio: u64,
        as_of: Date,
        grouping: LineGrouping,
        order: LineOrder,
        page: Option<(usize, usize)>,
    ) -> Result<FolioLines> {
        let state = self.state;
        let mut report = self.line_report(folio, as_of, grouping)?;
        report.order(order);
        report
            .answer(
                Id::new(folio),
                as_of,
                page,
                &|key| described(state, key),
                &|key| named_group(state, grouping, key),
            )
            .map_err(overflow)
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
        let folios = self.portfolio_folios(id, as_of)?;
        let rates = ExchangeRates::from_wire(self.state.exchange_rates.iter());
        let mut rows = Vec::new();
        let mut groups: BTreeMap<(bool, String), (usize, LineMoney)> = BTreeMap::new();
        let mut total = LineMoney::default();
        let mut tolerance: Option<Decimal> = None;
        for folio in folios {
            let report = self.line_report(folio, as_of, grouping)?;
            let from = report.currency;
            let convert = |money: LineMoney| {
                money
                    .map(|value| rates.convert(value, from, currency, as_of))
                    .map_err(|error| Error::invalid(error.to_string()))
            };
            tolerance = Some(tolerance.map_or(report.tolerance, |t| t.min(report.tolerance)));
            for (key, lines, money) in report.groups().map_err(overflow)? {
                let slot = groups.entry((key.is_empty(), key)).or_default();
                slot.0 += lines;
                slot.1 = slot.1.plus(convert(money)?).map_err(overflow)?;
            }
            let folio_total = convert(report.total().map_err(overflow)?)?;
            total = total.plus(folio_total).map_err(overflow)?;
            let name = self.folio_name(folio);
            rows.push((folio, name, from, report.len(), folio_total));
        }
        let tolerance = tolerance.unwrap_or_default();
        let shown = |money: LineMoney| money.shown(currency, tolerance).map_err(overflow);
        let folios = rows
            .into_iter()
            .map(|(folio, name, from, lines, money)| {
                Ok(FolioLine {
                    folio_id: Id::new(folio),
                    name,
                    folio_currency_code: from,
                    lines,
                    figures: shown(money)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let groups = groups
            .into_iter()
            .map(|((_, key), (lines, money))| {
                Ok(LineGroup {
                    name: named_group(self.state, grouping, &key),
                    key,
                    lines,
                    figures: shown(money)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(PortfolioLines {
            portfolio_id: Id::new(id),
            as_of,
            currency_code: currency,
            group_by: grouping,
            folios,
            groups,
            total: shown(total)?,
        })
    }
}
