//! A workbook as content: its sheets, their columns and their cells, each cell a text, a figure,
//! a date or a formula with the result the engine computed for it. The shell writes it in a file
//! format ([`super::SpreadsheetFiles`]); nothing here knows one.

use crate::value::{Date, Exact};

/// How a figure is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Money in the workbook's currency, with its minor units.
    Money,
    /// An index such as CPI: 4 decimals.
    Ratio,
    /// A percentage written as its number of percent (12.50 for 12.5 %): 2 decimals.
    Percent,
    /// Hours, an allocation or an exchange rate: as many decimals as the figure has.
    Plain,
}

/// One cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A text, always written as text: a name beginning with `=` is not a formula.
    Text(String),
    /// A figure, exactly as the engine computed it.
    Figure(Exact, Style),
    /// A day.
    Date(Date),
    /// A formula over other cells of its sheet (A1 notation, without the leading `=`) and the
    /// result the engine computed for it, which a reader that does not calculate shows and which
    /// a spreadsheet that does calculates again to the same figure.
    Formula(String, Exact, Style),
}

impl Cell {
    /// A text cell.
    pub fn text(text: impl Into<String>) -> Cell {
        Cell::Text(text.into())
    }

    /// A money cell, or "n/a" when the engine computed no figure.
    pub fn money(value: Option<Exact>) -> Cell {
        value.map_or_else(not_available, |v| Cell::Figure(v, Style::Money))
    }
}

/// The cell of a figure the engine does not compute in this case (an index without a divisor).
pub fn not_available() -> Cell {
    Cell::text("n/a")
}

/// A column: its header and its width in characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The header, in a controller's words.
    pub header: String,
    /// The width, in characters.
    pub width: u16,
}

/// Columns from `(header, width)` pairs.
pub fn columns(list: &[(&str, u16)]) -> Vec<Column> {
    list.iter()
        .map(|(header, width)| Column {
            header: (*header).to_owned(),
            width: *width,
        })
        .collect()
}

/// A row's kind: a row of data, or a subtotal or total written in bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowKind {
    /// A row of data.
    Data,
    /// A subtotal or total.
    Total,
}

/// One sheet: a header row (frozen, with filters when `filter`), then its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// The sheet's name (at most 31 characters, none of `[]:*?/\`).
    pub name: String,
    /// Its columns.
    pub columns: Vec<Column>,
    /// Its rows below the header.
    pub rows: Vec<(RowKind, Vec<Cell>)>,
    /// Whether the header carries filters.
    pub filter: bool,
}

impl Sheet {
    /// An empty sheet with these columns.
    pub fn new(name: &str, columns: Vec<Column>, filter: bool) -> Sheet {
        Sheet {
            name: name.to_owned(),
            columns,
            rows: Vec::new(),
            filter,
        }
    }

    /// The spreadsheet row number (1-based, the header being row 1) the next row will have.
    pub fn next_row(&self) -> usize {
        self.rows.len() + 2
    }

    /// Adds a row of data.
    pub fn push(&mut self, cells: Vec<Cell>) {
        self.rows.push((RowKind::Data, cells));
    }

    /// Adds a subtotal or total row.
    pub fn push_total(&mut self, cells: Vec<Cell>) {
        self.rows.push((RowKind::Total, cells));
    }
}

/// A workbook: its sheets, in order, and the currency its money is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Workbook {
    /// The title (the file's properties).
    pub title: String,
    /// The file's name without its extension: letters, digits, `-`, `_` and `.` only.
    pub file_stem: String,
    /// The currency's code, shown with every money cell.
    pub currency_code: String,
    /// The currency's minor units: the decimals of every money cell.
    pub minor_units: u32,
    /// The sheets.
    pub sheets: Vec<Sheet>,
}

/// A file name's stem of `name` and `day`: what is not an ASCII letter, digit, `.` or `_` becomes
/// one `-` (a header's file name is ASCII), `fallback` when nothing is left.
pub(super) fn file_stem(name: &str, day: crate::value::Date, fallback: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || c == '.' || c == '_' {
            stem.push(c);
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_matches(['-', '.']);
    let stem = if stem.is_empty() { fallback } else { stem };
    let stem: String = stem.chars().take(80).collect();
    format!("{stem}-{day}")
}

/// The A1 name of column `index` (0 is A, 26 is AA).
pub fn column_name(index: usize) -> String {
    let mut name = Vec::new();
    let mut n = index + 1;
    while n > 0 {
        let digit = (n - 1) % 26;
        name.push(b'A' + digit as u8);
        n = (n - 1) / 26;
    }
    name.reverse();
    String::from_utf8_lossy(&name).into_owned()
}

/// The A1 name of the cell at column `column` (0-based) and spreadsheet row `row` (1-based).
pub fn at(column: usize, row: usize) -> String {
    format!("{}{row}", column_name(column))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_named_as_spreadsheets_name_them() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(column_name(701), "ZZ");
        assert_eq!(column_name(702), "AAA");
        assert_eq!(at(2, 7), "C7");
    }

    #[test]
    fn a_file_stem_is_the_name_in_ascii_and_the_day() {
        let day = crate::value::Date::parse("2026-03-31").unwrap();
        assert_eq!(file_stem("Quay wall", day, "folio"), "Quay-wall-2026-03-31");
        assert_eq!(
            file_stem("Brücke \"Nord\"", day, "folio"),
            "Br-cke-Nord-2026-03-31"
        );
        assert_eq!(file_stem("../..", day, "folio"), "folio-2026-03-31");
    }
}
