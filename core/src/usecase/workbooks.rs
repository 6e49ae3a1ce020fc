//! A folio's and a portfolio's workbook as content (`crate::sheets`): gathered from the same use
//! cases as the routes that show each figure, so the workbook and the JSON answers agree to the
//! cent.

use super::error::Result;
use super::Queries;
use crate::analytics::PlannedSide;
use crate::model::budgeting::{LineGrouping, LineOrder};
use crate::schedule::Granularity;
use crate::sheets::{folio_workbook, portfolio_workbook, FolioFigures, PortfolioFigures, Workbook};
use crate::value::Date;

impl<'s> Queries<'s> {
    /// Folio `folio`'s workbook at `as_of`, its lines grouped by `grouping`; the folio's 404 to a
    /// caller who may not read it.
    pub fn folio_workbook(
        &self,
        folio: u64,
        as_of: Date,
        grouping: LineGrouping,
    ) -> Result<Workbook> {
        let plan = self.folio_plan(folio)?;
        let figures = FolioFigures {
            name: plan.folio.name.clone(),
            as_of,
            indicators: self.folio_indicators(folio, as_of, PlannedSide::Latest)?,
            lines: self.folio_lines(folio, as_of, grouping, LineOrder::Group, None)?,
            months: self.folio_timeline(
                folio,
                as_of,
                PlannedSide::Latest,
                Some(Granularity::Month),
            )?,
            plan,
        };
        Ok(folio_workbook(&figures))
    }

    /// Portfolio `id`'s workbook at `as_of`: its rollup and one row per folio the caller may
    /// read; the portfolio's 404 to a caller who may not read it.
    pub fn portfolio_workbook(&self, id: u64, as_of: Date) -> Result<Workbook> {
        let name = self.readable_portfolio(id)?.name.clone();
        let figures = PortfolioFigures {
            name,
            as_of,
            indicators: self.portfolio_indicators(id, as_of)?,
            lines: self.portfolio_lines(id, as_of, LineGrouping::None)?,
        };
        Ok(portfolio_workbook(&figures))
    }
}
