//! The server's spreadsheet files: a workbook's content (`costfolio::sheets`) written as XLSX
//! with rust_xlsxwriter, and the first sheet of an XLSX file read with calamine.

use calamine::{Data, Reader};
use costfolio::sheets::{Cell, ReadCell, RowKind, SpreadsheetFiles, Style, Workbook};
use costfolio::value::{Date, Exact};
use rust_xlsxwriter::{ExcelDateTime, Format, FormatBorder, Formula, Worksheet, XlsxError};

/// The most bytes an XLSX file's parts may hold once unpacked: a small file that unpacks into
/// gigabytes is refused before it is read.
const MAX_UNPACKED: u64 = 256 * 1024 * 1024;

/// XLSX files, written and read.
pub(crate) struct Xlsx;

/// The formats of one workbook's cells.
struct Formats {
    header: Format,
    text: Format,
    date: Format,
    money: Format,
    ratio: Format,
    percent: Format,
    plain: Format,
}

impl Formats {
    fn new(book: &Workbook) -> Formats {
        let places = if book.minor_units == 0 {
            String::new()
        } else {
            format!(".{}", "0".repeat(book.minor_units as usize))
        };
        // The currency's code after the figure, quoted so that no reader takes it for a format.
        let code: String = book
            .currency_code
            .chars()
            .filter(char::is_ascii_alphabetic)
            .collect();
        Formats {
            header: Format::new()
                .set_bold()
                .set_border_bottom(FormatBorder::Thin),
            text: Format::new(),
            date: Format::new().set_num_format("yyyy-mm-dd"),
            money: Format::new().set_num_format(format!(
                "#,##0{places} \"{code}\";-#,##0{places} \"{code}\""
            )),
            ratio: Format::new().set_num_format("0.0000"),
            percent: Format::new().set_num_format("0.00\" %\""),
            plain: Format::new().set_num_format("General"),
        }
    }

    fn of(&self, style: Style) -> &Format {
        match style {
            Style::Money => &self.money,
            Style::Ratio => &self.ratio,
            Style::Percent => &self.percent,
            Style::Plain => &self.plain,
        }
    }
}

/// An exact figure as the spreadsheet's number: a double, which holds every figure of up to 15
/// digits exactly as its decimal reads back.
fn number(value: Exact) -> f64 {
    value.to_string().parse().unwrap_or(0.0)
}

fn excel_date(date: Date) -> Result<ExcelDateTime, XlsxError> {
    let naive = date.naive();
    use chrono::Datelike;
    ExcelDateTime::from_ymd(naive.year() as u16, naive.month() as u8, naive.day() as u8)
}

fn write_cell(
    sheet: &mut Worksheet,
    row: u32,
    column: u16,
    cell: &Cell,
    formats: &Formats,
    bold: bool,
) -> Result<(), XlsxError> {
    let with = |format: &Format| {
        if bold {
            format.clone().set_bold()
        } else {
            format.clone()
        }
    };
    match cell {
        Cell::Empty => {
            if bold {
                sheet.write_blank(row, column, &with(&formats.text))?;
            }
        }
        // Always a string cell: a name beginning with `=` stays a name (OWASP's CSV injection).
        Cell::Text(text) => {
            sheet.write_string_with_format(row, column, text, &with(&formats.text))?;
        }
        Cell::Figure(value, style) => {
            sheet.write_number_with_format(
                row,
                column,
                number(*value),
                &with(formats.of(*style)),
            )?;
        }
        Cell::Date(date) => {
            sheet.write_date_with_format(row, column, &excel_date(*date)?, &with(&formats.date))?;
        }
        Cell::Formula(text, result, style) => {
            let formula = Formula::new(format!("={text}")).set_result(result.to_string());
            sheet.write_formula_with_format(row, column, formula, &with(formats.of(*style)))?;
        }
    }
    Ok(())
}

fn write(book: &Workbook) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    workbook.set_properties(&rust_xlsxwriter::DocProperties::new().set_title(&book.title));
    let formats = Formats::new(book);
    for content in &book.sheets {
        let sheet = workbook.add_worksheet();
        sheet.set_name(&content.name)?;
        for (column, header) in content.columns.iter().enumerate() {
            let column = column as u16;
            sheet.set_column_width(column, f64::from(header.width))?;
            sheet.write_string_with_format(0, column, &header.header, &formats.header)?;
        }
        for (index, (kind, cells)) in content.rows.iter().enumerate() {
            let row = index as u32 + 1;
            for (column, cell) in cells.iter().enumerate() {
                write_cell(
                    sheet,
                    row,
                    column as u16,
                    cell,
                    &formats,
                    *kind == RowKind::Total,
                )?;
            }
        }
        sheet.set_freeze_panes(1, 0)?;
        if content.filter && !content.columns.is_empty() {
            let last_row = content.rows.len() as u32;
            sheet.autofilter(0, 0, last_row, content.columns.len() as u16 - 1)?;
        }
    }
    workbook.save_to_buffer()
}

/// The shortest decimal that reads back as `value`; `None` for what is not a finite number.
fn decimal_text(value: f64) -> Option<String> {
    // Rust writes a double as the shortest decimal that reads back as it.
    value.is_finite().then(|| format!("{value}"))
}

fn read_cell(data: &Data) -> ReadCell {
    match data {
        Data::Empty => ReadCell::Empty,
        Data::String(text) | Data::DateTimeIso(text) | Data::DurationIso(text) => {
            ReadCell::Text(text.clone())
        }
        Data::Int(value) => ReadCell::Number(value.to_string()),
        Data::Float(value) => decimal_text(*value).map_or(ReadCell::Empty, ReadCell::Number),
        Data::Bool(value) => ReadCell::Text(value.to_string()),
        Data::DateTime(value) => {
            let (year, month, day, ..) = value.to_ymd_hms_milli();
            match chrono::NaiveDate::from_ymd_opt(i32::from(year), u32::from(month), u32::from(day))
            {
                Some(date) if value.is_datetime() => ReadCell::Date(Date::from_naive(date)),
                _ => decimal_text(value.as_f64()).map_or(ReadCell::Empty, ReadCell::Number),
            }
        }
        Data::Error(error) => ReadCell::Text(format!("#{error:?}")),
    }
}

fn read(file: &[u8], max_rows: usize) -> Result<Vec<Vec<ReadCell>>, String> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(file))
        .map_err(|_| "the file is not an XLSX workbook".to_owned())?;
    let mut unpacked: u64 = 0;
    for index in 0..archive.len() {
        let entry = archive
            .by_index_raw(index)
            .map_err(|_| "the file is not an XLSX workbook".to_owned())?;
        unpacked = unpacked.saturating_add(entry.size());
    }
    if unpacked > MAX_UNPACKED {
        return Err(format!(
            "the workbook unpacks to {} MiB, more than the {} MiB a file may hold",
            unpacked / (1024 * 1024),
            MAX_UNPACKED / (1024 * 1024)
        ));
    }
    let mut workbook = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(file))
        .map_err(|error| format!("the workbook could not be read: {error}"))?;
    let range = workbook
        .worksheet_range_at(0)
        .ok_or_else(|| "the workbook has no sheet".to_owned())?
        .map_err(|error| format!("the first sheet could not be read: {error}"))?;
    let (rows, _) = range.get_size();
    if rows > max_rows {
        return Err(format!(
            "the sheet has {rows} rows, more than the {max_rows} an import takes"
        ));
    }
    // Rows and columns before the used range are empty in the file: the first row read is the
    // sheet's first row with anything in it.
    Ok(range
        .rows()
        .map(|row| row.iter().map(read_cell).collect())
        .collect())
}

impl SpreadsheetFiles for Xlsx {
    fn write(&self, book: &Workbook) -> Result<Vec<u8>, String> {
        write(book).map_err(|error| error.to_string())
    }

    fn read(&self, file: &[u8], max_rows: usize) -> Result<Vec<Vec<ReadCell>>, String> {
        read(file, max_rows)
    }
}
