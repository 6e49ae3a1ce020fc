//! Numbers and dates as spreadsheets and people write them: `2,500.00` or `2.500,00` by the
//! decimal mark, `(120.00)` and `-120` negative, `€ 1 234,50` with its currency sign and spaces
//! between thousands; `2026-03-31`, `31.03.2026`, `03/31/2026` by the order of its parts, and a
//! spreadsheet's day number. A refusal says what was understood.

use super::ReadCell;
use crate::model::budgeting::{DateOrder, DecimalMark};
use crate::value::Date;
use rust_decimal::Decimal;

/// The text of a cell as the file holds it (a number as its shortest decimal, a date as ISO).
pub fn cell_text(cell: &ReadCell) -> String {
    match cell {
        ReadCell::Empty => String::new(),
        ReadCell::Text(text) | ReadCell::Number(text) => text.clone(),
        ReadCell::Date(date) => date.to_string(),
    }
}

/// The mark most of `texts` end their decimals with: a comma when more texts end in `,` and one
/// or two digits than in `.` and one or two digits; a point otherwise.
pub fn guess_mark<'t>(texts: impl Iterator<Item = &'t str>) -> DecimalMark {
    let (mut point, mut comma) = (0usize, 0usize);
    for text in texts {
        let text = text.trim().trim_end_matches(|c: char| !c.is_ascii_digit());
        let digits = text.len() - text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if !(1..=2).contains(&digits) {
            continue;
        }
        match text[..text.len() - digits].chars().last() {
            Some('.') => point += 1,
            Some(',') => comma += 1,
            _ => {}
        }
    }
    if comma > point {
        DecimalMark::Comma
    } else {
        DecimalMark::Point
    }
}

fn mark_name(mark: DecimalMark) -> &'static str {
    match mark {
        DecimalMark::Point => "a decimal point (2,500.00)",
        DecimalMark::Comma => "a decimal comma (2.500,00)",
    }
}

/// The number `text` writes, its decimals marked by `mark`.
pub fn read_number(text: &str, mark: DecimalMark) -> Result<Decimal, String> {
    let shown = crate::model::messages::excerpt(text.trim());
    let mut body = text.trim();
    if body.is_empty() {
        return Err("a number is needed here".into());
    }
    // A currency sign or code before or after the figure.
    for sign in ["€", "$", "£", "¥", "CHF", "EUR", "USD", "GBP"] {
        body = body
            .strip_prefix(sign)
            .or_else(|| body.strip_suffix(sign))
            .unwrap_or(body)
            .trim();
    }
    let mut negative = false;
    if let Some(inner) = body.strip_prefix('(').and_then(|b| b.strip_suffix(')')) {
        negative = true;
        body = inner.trim();
    }
    for minus in ['-', '\u{2212}'] {
        if let Some(rest) = body
            .strip_prefix(minus)
            .or_else(|| body.strip_suffix(minus))
        {
            negative = !negative;
            body = rest.trim();
        }
    }
    let (decimal, group) = match mark {
        DecimalMark::Point => ('.', ','),
        DecimalMark::Comma => (',', '.'),
    };
    // Spaces (plain, no-break, thin) and apostrophes group thousands in any locale.
    let cleaned: String = body
        .chars()
        .filter(|c| {
            !matches!(
                c,
                ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}' | '\'' | '\u{2019}'
            )
        })
        .collect();
    if cleaned.is_empty()
        || !cleaned
            .chars()
            .all(|c| c.is_ascii_digit() || c == decimal || c == group)
    {
        return Err(format!(
            "{shown} is not a number: only digits, {}, a minus sign or a currency sign",
            mark_name(mark)
        ));
    }
    let (whole, fraction) = match cleaned.split_once(decimal) {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (cleaned.as_str(), None),
    };
    if fraction.is_some_and(|f| f.contains(decimal) || f.contains(group)) {
        return Err(format!(
            "{shown} is not a number written with {}: is the file's decimal mark the other one?",
            mark_name(mark)
        ));
    }
    let groups: Vec<&str> = whole.split(group).collect();
    let grouped = groups.len() > 1;
    if grouped
        && (groups[0].is_empty() || groups[0].len() > 3 || groups[1..].iter().any(|g| g.len() != 3))
    {
        return Err(format!(
            "{shown} is not a number written with {}: its groups of thousands are not of three digits (is the file's decimal mark the other one?)",
            mark_name(mark)
        ));
    }
    let digits: String = groups.concat();
    let plain = match fraction {
        Some(f) if !f.is_empty() => {
            format!("{}.{f}", if digits.is_empty() { "0" } else { &digits })
        }
        _ if digits.is_empty() => return Err(format!("{shown} is not a number")),
        _ => digits,
    };
    let value: Decimal = plain
        .parse()
        .map_err(|_| format!("{shown} is too large a number"))?;
    Ok(if negative { -value } else { value })
}

/// The number of a spreadsheet's numeric cell, its shortest decimal `text`: rounded to the 15
/// significant digits a spreadsheet shows (`0.30000000000000004` is `0.3`).
pub fn read_file_number(text: &str) -> Result<Decimal, String> {
    let value = Decimal::from_scientific(text)
        .or_else(|_| text.parse::<Decimal>())
        .map_err(|_| format!("{} is not a number", crate::model::messages::excerpt(text)))?;
    Ok(value.round_sf(15).unwrap_or(value).normalize())
}

/// The number a cell holds: a numeric cell as the file holds it, a text as `mark` reads it.
pub fn cell_number(cell: &ReadCell, mark: DecimalMark) -> Result<Decimal, String> {
    match cell {
        ReadCell::Number(text) => read_file_number(text),
        ReadCell::Text(text) => read_number(text, mark),
        ReadCell::Empty => Err("a number is needed here".into()),
        ReadCell::Date(date) => Err(format!("{date} is a date, not a number")),
    }
}

/// The day of a spreadsheet's day number (days since 1899-12-30, as spreadsheets count from
/// 1900-03-01 on), its time of day dropped.
fn serial_day(serial: Decimal) -> Option<Date> {
    let days = serial.trunc();
    if days < Decimal::from(61) || days > Decimal::from(2_958_465) {
        return None;
    }
    let days: i64 = days.to_string().parse().ok()?;
    let epoch = chrono::NaiveDate::from_ymd_opt(1899, 12, 30)?;
    epoch
        .checked_add_signed(chrono::TimeDelta::try_days(days)?)
        .map(Date::from_naive)
}

fn ymd(year: &str, month: &str, day: &str) -> Option<Date> {
    if year.len() != 4 || month.is_empty() || month.len() > 2 || day.is_empty() || day.len() > 2 {
        return None;
    }
    let (y, m, d) = (year.parse().ok()?, month.parse().ok()?, day.parse().ok()?);
    chrono::NaiveDate::from_ymd_opt(y, m, d).map(Date::from_naive)
}

/// The day `text` writes: `2026-03-31` (a time after it is dropped), `2026/03/31`,
/// `31.03.2026`, or `31/03/2026` and `03/31/2026` by `order` (needed only when both readings
/// are days).
pub fn read_date(text: &str, order: Option<DateOrder>) -> Result<Date, String> {
    let trimmed = text.trim();
    let shown = crate::model::messages::excerpt(trimmed);
    let day = trimmed.split(['T', ' ']).next().unwrap_or_default();
    let not_a_date =
        || format!("{shown} is not a date: write it as 2026-03-31, 31.03.2026 or 31/03/2026");
    if let Some([y, m, d]) = parts(day, '-').or_else(|| parts(day, '/').filter(|p| p[0].len() == 4))
    {
        return ymd(y, m, d).ok_or_else(not_a_date);
    }
    if let Some([d, m, y]) = parts(day, '.') {
        return ymd(y, m, d).ok_or_else(not_a_date);
    }
    if let Some([a, b, y]) = parts(day, '/') {
        if y.len() != 4 {
            return Err(format!("{shown}: write the year with four digits"));
        }
        let day_first = ymd(y, b, a);
        let month_first = ymd(y, a, b);
        return match (order, day_first, month_first) {
            (Some(DateOrder::DayMonthYear), Some(date), _)
            | (Some(DateOrder::MonthDayYear), _, Some(date))
            | (None, Some(date), None)
            | (None, None, Some(date)) => Ok(date),
            (None, Some(first), Some(second)) if first == second => Ok(first),
            (None, Some(first), Some(second)) => Err(format!(
                "{shown} is {first} with the day first and {second} with the month first: say which the file writes (date order)"
            )),
            _ => Err(not_a_date()),
        };
    }
    Err(not_a_date())
}

fn parts(text: &str, separator: char) -> Option<[&str; 3]> {
    let mut split = text.split(separator);
    let parts = [split.next()?, split.next()?, split.next()?];
    split.next().is_none().then_some(parts)
}

/// The day a cell holds: a date cell, a spreadsheet's day number, or a text as [`read_date`]
/// reads it.
pub fn cell_date(cell: &ReadCell, order: Option<DateOrder>) -> Result<Date, String> {
    match cell {
        ReadCell::Date(date) => Ok(*date),
        ReadCell::Number(text) => read_file_number(text)
            .ok()
            .and_then(serial_day)
            .ok_or_else(|| format!("{text} is not a date nor a spreadsheet's day number")),
        ReadCell::Text(text) => read_date(text, order),
        ReadCell::Empty => Err("a date is needed here".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DecimalMark::{Comma, Point};

    fn n(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    #[test]
    fn numbers_are_read_as_their_locale_writes_them() {
        assert_eq!(read_number("2,500.00", Point), Ok(n("2500.00")));
        assert_eq!(read_number("2.500,00", Comma), Ok(n("2500.00")));
        assert_eq!(read_number("€ 1 234,5", Comma), Ok(n("1234.5")));
        assert_eq!(read_number("1'234.50 CHF", Point), Ok(n("1234.50")));
        assert_eq!(read_number("(120.00)", Point), Ok(n("-120.00")));
        assert_eq!(read_number("-7", Point), Ok(n("-7")));
        assert_eq!(read_number("7-", Comma), Ok(n("-7")));
        assert_eq!(read_number(",5", Comma), Ok(n("0.5")));
        assert_eq!(read_number("1,234", Point), Ok(n("1234")));
        assert_eq!(read_number("1,234", Comma), Ok(n("1.234")));
        for (text, mark) in [
            ("2,500.00", Comma),
            ("2.500,00", Point),
            ("12,5", Point),
            ("abc", Point),
            ("", Point),
            ("1e309", Point),
            ("1,2,3", Point),
        ] {
            let refused = read_number(text, mark).unwrap_err();
            assert!(!refused.is_empty(), "{text}");
        }
        assert!(read_number("2,500.00", Comma)
            .unwrap_err()
            .contains("decimal comma"));
    }

    #[test]
    fn the_mark_is_guessed_from_the_texts_most_of_them_use() {
        assert_eq!(guess_mark(["1.234,50", "12,00", "3"].into_iter()), Comma);
        assert_eq!(guess_mark(["1,234.50", "12.00", "3"].into_iter()), Point);
        assert_eq!(guess_mark(["1,234", "5"].into_iter()), Point);
    }

    #[test]
    fn file_numbers_lose_their_binary_noise() {
        assert_eq!(read_file_number("0.30000000000000004"), Ok(n("0.3")));
        assert_eq!(read_file_number("1234.5"), Ok(n("1234.5")));
        assert_eq!(read_file_number("1e3"), Ok(n("1000")));
    }

    #[test]
    fn dates_are_read_in_every_common_form() {
        let d = |text: &str| Date::parse(text).unwrap();
        assert_eq!(read_date("2026-03-31", None), Ok(d("2026-03-31")));
        assert_eq!(read_date("2026-03-31T00:00:00", None), Ok(d("2026-03-31")));
        assert_eq!(read_date("31.03.2026", None), Ok(d("2026-03-31")));
        assert_eq!(read_date("31/03/2026", None), Ok(d("2026-03-31")));
        assert_eq!(read_date("03/31/2026", None), Ok(d("2026-03-31")));
        assert_eq!(
            read_date("03/04/2026", Some(DateOrder::MonthDayYear)),
            Ok(d("2026-03-04"))
        );
        assert!(read_date("03/04/2026", None)
            .unwrap_err()
            .contains("date order"));
        assert!(read_date("03/04/26", None)
            .unwrap_err()
            .contains("four digits"));
        assert!(read_date("2026-02-30", None).is_err());
        assert_eq!(
            cell_date(&ReadCell::Number("46112".into()), None),
            Ok(d("2026-03-31"))
        );
        assert_eq!(
            cell_date(&ReadCell::Number("46112.75".into()), None),
            Ok(d("2026-03-31"))
        );
    }
}
