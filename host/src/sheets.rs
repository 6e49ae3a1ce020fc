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

/// The field separator of a CSV text: the one of `,`, `;` and tab its first line holds most
/// often outside quotes (a comma when it holds none).
fn separator(text: &str) -> u8 {
    let mut counts = [(b',', 0usize), (b';', 0), (b'\t', 0)];
    let mut quoted = false;
    for byte in text.bytes() {
        match byte {
            b'"' => quoted = !quoted,
            b'\n' if !quoted => break,
            _ if !quoted => {
                for (separator, count) in &mut counts {
                    if byte == *separator {
                        *count += 1;
                    }
                }
            }
            _ => {}
        }
    }
    counts
        .iter()
        .max_by_key(|(separator, count)| (*count, *separator == b','))
        .map_or(b',', |(separator, _)| *separator)
}

/// The rows of a CSV file (UTF-8, with or without a byte order mark), every cell a text.
fn read_csv(file: &[u8], max_rows: usize) -> Result<Vec<Vec<ReadCell>>, String> {
    let file = file.strip_prefix(b"\xef\xbb\xbf").unwrap_or(file);
    let text = std::str::from_utf8(file).map_err(|error| {
        format!(
            "the file is not UTF-8 text (byte {} is not): save it as CSV UTF-8",
            error.valid_up_to() + 1
        )
    })?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(separator(text))
        .from_reader(text.as_bytes());
    let mut rows: Vec<Vec<ReadCell>> = Vec::new();
    // The line each record starts on, counted from the bytes before it (the reader skips empty
    // lines: empty rows keep the file's numbering, as a spreadsheet shows it).
    let (mut counted, mut line) = (0usize, 1usize);
    for record in reader.records() {
        let record = record.map_err(|error| format!("the CSV could not be read: {error}"))?;
        // The reader's position is where it began looking for the record: the line ends and
        // empty lines before it are skipped here.
        let bytes = text.as_bytes();
        let mut start = record.position().map_or(counted, |p| p.byte() as usize);
        while bytes.get(start).is_some_and(|b| *b == b'\r' || *b == b'\n') {
            start += 1;
        }
        if let Some(before) = bytes.get(counted..start) {
            line += before.iter().filter(|b| **b == b'\n').count();
            counted = start;
        }
        while rows.len() + 1 < line && rows.len() < max_rows {
            rows.push(Vec::new());
        }
        if rows.len() >= max_rows {
            return Err(format!(
                "the file has more than the {max_rows} rows an import takes"
            ));
        }
        rows.push(
            record
                .iter()
                .map(|cell| {
                    if cell.trim().is_empty() {
                        ReadCell::Empty
                    } else {
                        ReadCell::Text(cell.to_owned())
                    }
                })
                .collect(),
        );
    }
    Ok(rows)
}

/// The rows of an XLSX file's first sheet.
fn read_xlsx(file: &[u8], max_rows: usize) -> Result<Vec<Vec<ReadCell>>, String> {
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

    /// An XLSX file (a zip archive) or CSV text.
    fn read(&self, file: &[u8], max_rows: usize) -> Result<Vec<Vec<ReadCell>>, String> {
        if file.starts_with(b"PK\x03\x04") {
            read_xlsx(file, max_rows)
        } else {
            read_csv(file, max_rows)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(rows: &[Vec<ReadCell>]) -> Vec<Vec<String>> {
        rows.iter()
            .map(|row| row.iter().map(costfolio::sheets::cell_text).collect())
            .collect()
    }

    #[test]
    fn a_csv_is_read_whatever_its_separator_byte_order_mark_and_line_ends() {
        let file = "\u{feff}Datum;Betrag;Name\r\n31.03.2026;\"2.500,00\";\"A; B\"\r\n\r\n01.04.2026;1,5;\"say \"\"hi\"\"\"\r\n";
        let rows = read_csv(file.as_bytes(), 10).unwrap();
        assert_eq!(
            texts(&rows),
            vec![
                vec!["Datum", "Betrag", "Name"],
                vec!["31.03.2026", "2.500,00", "A; B"],
                vec![],
                vec!["01.04.2026", "1,5", "say \"hi\""],
            ]
        );
        let tabbed = read_csv(b"a\tb\n1\t2\n", 10).unwrap();
        assert_eq!(texts(&tabbed)[1], vec!["1", "2"]);
        let commas = read_csv(b"a,b\n\"1,5\",2\n", 10).unwrap();
        assert_eq!(texts(&commas)[1], vec!["1,5", "2"]);
    }

    #[test]
    fn a_csv_past_the_rows_or_not_utf8_is_refused_saying_so() {
        assert!(read_csv(b"a\n1\n2\n3\n", 3).unwrap_err().contains("3 rows"));
        assert!(read_csv(b"caf\xe9\n", 3).unwrap_err().contains("UTF-8"));
    }

    #[test]
    fn a_workbook_written_is_read_back_with_its_dates_and_numbers() {
        use costfolio::sheets::{columns, Sheet};
        let mut sheet = Sheet::new("Data", columns(&[("Day", 10), ("Figure", 10)]), true);
        sheet.push(vec![
            Cell::Date(Date::parse("2026-03-31").unwrap()),
            Cell::Figure(Exact::of("1234.56".parse().unwrap()), Style::Money),
        ]);
        sheet.push(vec![Cell::text("=1+1"), Cell::Empty]);
        let book = Workbook {
            title: "t".into(),
            file_stem: "t".into(),
            currency_code: "EUR".into(),
            minor_units: 2,
            sheets: vec![sheet],
        };
        let file = Xlsx.write(&book).unwrap();
        let rows = Xlsx.read(&file, 10).unwrap();
        assert_eq!(
            rows[1][0],
            ReadCell::Date(Date::parse("2026-03-31").unwrap())
        );
        assert_eq!(rows[1][1], ReadCell::Number("1234.56".into()));
        assert_eq!(rows[2][0], ReadCell::Text("=1+1".into()));
        assert!(Xlsx.read(&file, 2).unwrap_err().contains("3 rows"));
        assert!(Xlsx.read(b"PK\x03\x04garbage", 2).is_err());
    }
}
