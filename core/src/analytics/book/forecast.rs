//! What a folio's forecast is drawn from (S14.1): each planned cost of the planned side that
//! defines BAC (S8.5) with its cost after the as-of date and the estimate its record carries.

use rust_decimal::Decimal;

use super::error::BookError;
use super::{FolioBook, PlannedSide};
use crate::analytics::ledger::{Flow, ItemKey};
use crate::model::budgeting::Estimate;
use crate::schedule::Granularity;
use crate::value::Date;

/// A planned cost line of a forecast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForecastItem {
    /// The planned item.
    pub key: ItemKey,
    /// Its planned cost dated after the as-of date, rounded to the folio's currency.
    pub remaining: Decimal,
    /// The estimate its record carries, if any.
    pub estimate: Option<Estimate>,
}

impl FolioBook {
    /// The folio's planned cost lines at `as_of` with their remaining cost (S14.1), in key order,
    /// read off the planned side that defines BAC: a baseline's frozen items carry the estimates
    /// they were approved with.
    pub fn forecast_items(&mut self, as_of: Date) -> Result<Vec<ForecastItem>, BookError> {
        self.period()?;
        self.terms()?;
        let (kept, sources) = self.cost(as_of, Granularity::Month, PlannedSide::Latest)?;
        let [budget, _, _] = self.ledgers(kept, sources)?;
        let totals = budget.items_of(Flow::PlannedCost)?;
        let items = match sources[0] {
            Some(id) => self
                .baselines
                .iter()
                .find(|b| b.baseline.id == id)
                .map_or(&self.draft, |b| &b.items),
            None => &self.draft,
        };
        let currency = self.setting.folio.currency_code;
        Ok(totals
            .into_iter()
            .map(|(key, total, to_date)| {
                let estimate = match key {
                    ItemKey::Position(id) => items
                        .positions
                        .iter()
                        .find(|p| p.id == id)
                        .and_then(|p| p.estimate),
                    ItemKey::Expense(id) => items
                        .expenses
                        .iter()
                        .find(|e| e.id == Some(id))
                        .and_then(|e| e.estimate),
                };
                ForecastItem {
                    key,
                    remaining: currency.round(total - to_date),
                    estimate,
                }
            })
            .collect())
    }
}
