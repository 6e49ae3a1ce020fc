//! A portfolio's workbook: Summary (its rollup as of a date) and Folios (one row per member
//! folio, its cost lines' total converted into the portfolio's currency, and their total as
//! formulas).

use super::book::{columns, Cell, Sheet, Workbook};
use super::folio::{
    figure_cells, indicator_rows, status_words, subtotal_cells, value_cells, FIGURE_COLUMNS,
};
use crate::model::budgeting::{Indicators, PortfolioLines};
use crate::value::Date;

/// What a portfolio's workbook is written from.
#[derive(Debug, Clone)]
pub struct PortfolioFigures {
    /// The portfolio's name.
    pub name: String,
    /// The day the figures are computed at.
    pub as_of: Date,
    /// Its rollup (`GET /portfolio/{id}/indicators`).
    pub indicators: Indicators,
    /// Its folios' cost lines (`GET /portfolio/{id}/lines`).
    pub lines: PortfolioLines,
}

/// The portfolio's workbook.
pub fn portfolio_workbook(figures: &PortfolioFigures) -> Workbook {
    let code = figures.indicators.currency_code;
    let mut summary = Sheet::new("Summary", columns(&[("Figure", 44), ("Value", 24)]), false);
    summary.push(vec![
        Cell::text("Portfolio"),
        Cell::text(figures.name.as_str()),
    ]);
    summary.push(vec![Cell::text("As of"), Cell::Date(figures.as_of)]);
    summary.push(vec![Cell::text("Currency"), Cell::text(code.to_string())]);
    indicator_rows(&mut summary, &figures.indicators, false);
    let mut header = vec![("Folio", 32), ("Its currency", 12), ("Cost lines", 10)];
    header.extend(FIGURE_COLUMNS);
    header.push(("Light", 26));
    let mut folios = Sheet::new("Folios", columns(&header), true);
    let first = 3;
    // Figures converted from another currency are each rounded on their own (S9.9): formulas
    // over them could miss the engine's figures by a cent, so they are written as values.
    let one_currency = figures
        .lines
        .folios
        .iter()
        .all(|f| f.folio_currency_code == code);
    for folio in &figures.lines.folios {
        let row = folios.next_row();
        let mut cells = vec![
            Cell::text(folio.name.as_str()),
            Cell::text(folio.folio_currency_code.to_string()),
            Cell::Figure(
                crate::value::Exact::of(rust_decimal::Decimal::from(folio.lines as u64)),
                super::Style::Plain,
            ),
        ];
        if one_currency {
            cells.extend(figure_cells(&folio.figures, first, row, None));
        } else {
            cells.extend(value_cells(&folio.figures));
        }
        cells.push(Cell::text(status_words(folio.figures.status)));
        folios.push(cells);
    }
    let row = folios.next_row();
    let mut cells = vec![Cell::text("Total"), Cell::Empty, Cell::Empty];
    if figures.lines.folios.is_empty() || !one_currency {
        cells.extend(value_cells(&figures.lines.total));
    } else {
        cells.extend(subtotal_cells(&figures.lines.total, first, row, 2, row - 1));
    }
    cells.push(Cell::text(status_words(figures.lines.total.status)));
    folios.push_total(cells);
    Workbook {
        file_stem: super::book::file_stem(&figures.name, figures.as_of, "portfolio"),
        title: format!("{}: portfolio as of {}", figures.name, figures.as_of),
        currency_code: code.to_string(),
        minor_units: code.minor_units(),
        sheets: vec![summary, folios],
    }
}
