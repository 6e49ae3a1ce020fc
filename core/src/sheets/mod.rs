//! Spreadsheets out and in, as content: a folio's or a portfolio's workbook (its figures, with
//! the formulas that derive totals and variances and the results the engine computed for them),
//! and the rows of a file of actual costs or hours. The file formats are the shell's
//! ([`SpreadsheetFiles`]): the server writes and reads XLSX; here nothing reads a clock or a file.

mod book;
mod folio;
mod inputs;
mod portfolio;
mod reading;

pub use book::{
    at, column_name, columns, not_available, Cell, Column, RowKind, Sheet, Style, Workbook,
};
pub use folio::{folio_workbook, FolioFigures};
pub use portfolio::{portfolio_workbook, PortfolioFigures};
pub use reading::{
    cell_date, cell_number, cell_text, guess_mark, read_date, read_file_number, read_number,
};

use crate::value::Date;

/// A cell read from a spreadsheet file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadCell {
    /// Nothing.
    Empty,
    /// A text.
    Text(String),
    /// A number, written as the shortest decimal that reads back as the file's number.
    Number(String),
    /// A day (a cell formatted as a date).
    Date(Date),
}

/// What the shell does with spreadsheet files: writes a workbook in its format, reads the first
/// sheet of a file into rows.
pub trait SpreadsheetFiles: Send + Sync {
    /// The workbook as a file.
    fn write(&self, book: &Workbook) -> Result<Vec<u8>, String>;
    /// The first sheet of `file`, its rows of cells, at most `max_rows` rows (a longer sheet is
    /// refused, saying so).
    fn read(&self, file: &[u8], max_rows: usize) -> Result<Vec<Vec<ReadCell>>, String>;
}

/// The host's spreadsheet files, shared by every request's context.
#[derive(Clone)]
pub struct Spreadsheets(pub std::sync::Arc<dyn SpreadsheetFiles>);

impl core::fmt::Debug for Spreadsheets {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Spreadsheets")
    }
}

/// Two contexts' spreadsheets are the same when they are one writer.
impl PartialEq for Spreadsheets {
    fn eq(&self, other: &Spreadsheets) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Spreadsheets {}
