//! What a folio owner looks at (S7, S8, S9): folio status, baselines and expenditures, the ledger
//! of dated money by period, indicators, the timeline and portfolio rollups.
//!
//! Every figure is a sum of atoms (S1.6). A [`Ledger`] keeps, for each item (a position or an
//! expense), its money per period, and the sums of the four flows (planned and actual, cost and
//! revenue); replacing one item subtracts its old series and adds the new one, so a change to one
//! position costs one position, not the folio. Indicators and the timeline are read off the sums.

pub mod baseline;
mod book;
mod cost_lines;
pub mod figures;
pub mod forecast;
mod forecast_report;
mod indicators;
mod items;
mod ledger;
mod line_mark;
mod line_report;
mod payments;
mod portfolio;
mod status;
mod timeline;

#[cfg(not(target_arch = "wasm32"))]
pub use book::CaughtUp;
pub use book::{
    Account, BookError, BookParts, Change, FolioBook, ForecastItem, Input, ItemLine, Plan,
    PlannedSide, RateUsed, BUCKET_FIGURES,
};
pub use cost_lines::{cost_lines, CostLine, LineMark, LineMoney};
pub use figures::{indicator, Figure, Rollup, FIGURES, INDICATORS};
pub use forecast_report::{
    folio_answer as folio_forecast, folio_part, simulate as simulate_forecast, FolioPart,
    ForecastAsk, PartLine, Simulation,
};
pub use indicators::{index_status, indicators, progress_percent, FolioTerms};
pub use ledger::{AnalyticsError, CostContext, Flow, ItemKey, Ledger, Periods, Series};
pub use line_report::{group_name, lines_csv, LineItem, LineReport};
pub use payments::{payments_csv, ItemPayments};
pub use portfolio::{rollup, RollupMember};
pub use status::{folio_status, validate_folio, FolioError};
pub use timeline::timeline;
