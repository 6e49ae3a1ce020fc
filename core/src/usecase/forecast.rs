//! Forecasts with their confidence (S14): a folio's (`GET /folio/{id}/forecast`) and a
//! portfolio's, its folios simulated together (`GET /portfolio/{id}/forecast`). The simulation
//! and the answer's figures are the engine's (`analytics::simulate_forecast`).

use rust_decimal::Decimal;

use super::cost_lines::{described, overflow};
use super::error::{Error, Result};
use super::Queries;
use crate::analytics::forecast::MonthFigures;
use crate::analytics::{folio_forecast, folio_part, simulate_forecast, FolioPart, ForecastAsk};
use crate::model::budgeting::{FolioForecast, PortfolioForecast, PortfolioForecastFolio};
use crate::model::Id;
use crate::schedule::ExchangeRates;
use crate::value::{Date, Exact};

impl Queries<'_> {
    /// Folio `folio`'s part of a forecast at `as_of`, its items named from the service's records.
    fn forecast_part(&self, folio: u64, as_of: Date) -> Result<FolioPart> {
        let state = self.state;
        state
            .with_folio_book(folio, |book| {
                folio_part(book, Id::new(folio), as_of, &|key| described(state, key))
                    .map_err(super::refusals::book)
            })
            .ok_or_else(Error::folio_not_viewable)?
    }

    /// Folio `folio`'s forecast at `as_of` (S14): its cost at completion and finish with their
    /// confidence, the drivers, and EAC's bounds from its closed months (or, under three of
    /// them, the months computed now).
    pub fn folio_forecast(
        &self,
        folio: u64,
        as_of: Date,
        ask: ForecastAsk,
    ) -> Result<FolioForecast> {
        self.readable_folio(folio)?;
        let part = self.forecast_part(folio, as_of)?;
        let closed: Vec<MonthFigures> = self
            .state
            .closed_months_of(folio)
            .iter()
            .filter(|month| month.as_of <= as_of)
            .map(|month| MonthFigures {
                ev: month.closed.ev.map_or(Decimal::ZERO, |ev| ev.get()),
                ac: month.closed.ac.get(),
            })
            .collect();
        folio_forecast(&part, as_of, ask, &closed).map_err(overflow)
    }

    /// Portfolio `id`'s forecast at `as_of` (S14.7): every folio the caller may read simulated
    /// together, its money converted into the portfolio's currency as S9.9 converts (each line on
    /// its own), lines of different folios at the portfolio's correlation.
    pub fn portfolio_forecast(
        &self,
        id: u64,
        as_of: Date,
        ask: ForecastAsk,
    ) -> Result<PortfolioForecast> {
        let portfolio = self.readable_portfolio(id)?;
        let currency = portfolio.currency_code;
        let between = portfolio
            .forecast_correlation
            .map_or(Decimal::ZERO, |c| c.get());
        let folios = self.portfolio_folios(id, as_of)?;
        let rates = ExchangeRates::from_wire(self.state.exchange_rates.iter());
        let mut parts = Vec::new();
        let mut shown = Vec::new();
        for folio in folios {
            let part = self.forecast_part(folio, as_of)?;
            let from = part.currency;
            let part = part
                .converted(currency, |value| {
                    rates.convert(value, from, currency, as_of)
                })
                .map_err(|error| Error::invalid(error.to_string()))?;
            let name = self.folio_name(folio);
            shown.push(PortfolioForecastFolio {
                folio_id: Id::new(folio),
                name,
                folio_currency_code: from,
                lines: part.lines.len() as u32,
            });
            parts.push(part);
        }
        let simulation = simulate_forecast(&parts, currency, between, ask).map_err(overflow)?;
        Ok(PortfolioForecast {
            portfolio_id: Id::new(id),
            as_of,
            currency_code: currency,
            folio_correlation: Exact::of(between),
            histogram: simulation.histogram(),
            curve: simulation.curve(),
            drivers: simulation.drivers(&parts),
            method: simulation.method,
            figures: simulation.figures,
            folios: shown,
        })
    }
}
