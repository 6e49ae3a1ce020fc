//! Wire types of a folio's closed months (S9.11): the body that closes one, the figures a close
//! keeps, and a closed month as listed, beside its figures computed now.

use crate::value::{CurrencyCode, Date, Exact, Month};

/// The body of `POST /folio/{folioId}/periods`: the month to close (`yyyy-MM`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PeriodClose {
    /// The month, ended before the day it is closed.
    pub month: Month,
}

/// The figures a month's close keeps (S9.11), at the month's last day; null where the indicators
/// are null.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PeriodFigures {
    /// Budget at completion.
    pub bac: Exact,
    /// Planned value.
    pub pv: Option<Exact>,
    /// Earned value.
    pub ev: Option<Exact>,
    /// Actual cost.
    pub ac: Exact,
    /// Estimate at completion.
    pub eac: Option<Exact>,
    /// Estimate to complete.
    pub etc: Option<Exact>,
    /// Variance at completion.
    pub vac: Option<Exact>,
    /// Cost performance index.
    pub cpi: Option<Exact>,
    /// Schedule performance index.
    pub spi: Option<Exact>,
}

impl PeriodFigures {
    /// The names of the figures, in the order the wire writes them.
    pub const NAMES: [&'static str; 9] =
        ["bac", "pv", "ev", "ac", "eac", "etc", "vac", "cpi", "spi"];

    /// The figure called `name` (one of [`PeriodFigures::NAMES`]).
    pub fn get(&self, name: &str) -> Option<Exact> {
        match name {
            "bac" => Some(self.bac),
            "pv" => self.pv,
            "ev" => self.ev,
            "ac" => Some(self.ac),
            "eac" => self.eac,
            "etc" => self.etc,
            "vac" => self.vac,
            "cpi" => self.cpi,
            "spi" => self.spi,
            _ => None,
        }
    }
}

/// A closed month as kept: when and by whom it was closed, and its figures then.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ClosedMonth {
    /// The month.
    pub month: Month,
    /// The day its figures are of: its last day.
    pub as_of: Date,
    /// The day it was closed.
    pub closed_on: Date,
    /// Who closed it.
    pub closed_by: String,
    /// The folio's currency then.
    pub currency_code: CurrencyCode,
    /// The figures as they were at the close.
    pub closed: PeriodFigures,
}

/// A figure that moved since its month was closed: a later change (a back-dated actual, progress
/// entered for an earlier day) shows here, never in the closed figure.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FigureChange {
    /// Its name (`ac`, `cpi` ...).
    pub figure: String,
    /// As closed.
    pub closed: Option<Exact>,
    /// As computed now for the same day.
    pub now: Option<Exact>,
    /// Now less closed; null when either is null.
    pub difference: Option<Exact>,
}

/// A closed month as `GET /folio/{folioId}/periods` lists it: as kept, its figures computed now for
/// the same day, and those that differ.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ClosedMonthShown {
    /// The month.
    pub month: Month,
    /// The day its figures are of: its last day.
    pub as_of: Date,
    /// The day it was closed.
    pub closed_on: Date,
    /// Who closed it.
    pub closed_by: String,
    /// The folio's currency at the close.
    pub currency_code: CurrencyCode,
    /// The figures as they were at the close.
    pub closed: PeriodFigures,
    /// Its figures computed now for the same day.
    pub now: PeriodFigures,
    /// The figures that differ, in the order of [`PeriodFigures::NAMES`].
    pub changes: Vec<FigureChange>,
}

/// A month as `GET /portfolio/{portfolioId}/periods` lists it (S9.11, S9.9): a month every folio
/// of the portfolio running in it has closed, their closed figures rolled up in the portfolio's
/// currency, beside the rollup of their figures computed now for the same day.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PortfolioClosedMonth {
    /// The month.
    pub month: Month,
    /// Its last day: the day of the figures and of the exchange rates.
    pub as_of: Date,
    /// The portfolio's currency.
    pub currency_code: CurrencyCode,
    /// How many folios ran in the month (each closed it).
    pub folios: usize,
    /// The rollup of their figures as closed.
    pub closed: PeriodFigures,
    /// The rollup of their figures computed now for the same day.
    pub now: PeriodFigures,
    /// The figures that differ, in the order of [`PeriodFigures::NAMES`].
    pub changes: Vec<FigureChange>,
}
