//! Workbooks out, read back by an independent reader (calamine): every figure equal to the JSON
//! answers to the cent, every formula's result the one written with it and the one the formula
//! calculates again (a small evaluator of the formulas the workbooks use), texts never formulas.
//! Each test starts its own `costfolio serve --demo` on a free port with its own database.

// A test crate: its helpers unwrap and panic as its tests do (the workspace denies them in the
// code it tests).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::HashMap;
use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use serde_json::Value;
use support::{basic, cli, demo, send, Server};

fn get_json(server: &Server, auth: &str, path: &str) -> Value {
    let answer = send(server.port, "GET", path, &[("Authorization", auth)], "");
    assert_eq!(answer.status, 200, "{path}: {}", answer.text());
    serde_json::from_str::<Value>(&answer.text()).unwrap()["success"].clone()
}

/// A workbook's sheets: each cell's value (the cached result of a formula) and formula.
struct Book {
    values: HashMap<String, Vec<Vec<Data>>>,
    formulas: HashMap<String, Vec<Vec<String>>>,
}

fn open(bytes: Vec<u8>) -> Book {
    let mut xlsx: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).unwrap();
    let mut values = HashMap::new();
    let mut formulas = HashMap::new();
    for name in xlsx.sheet_names() {
        let range = xlsx.worksheet_range(&name).unwrap();
        assert_eq!(range.start(), Some((0, 0)), "{name} starts at A1");
        values.insert(
            name.clone(),
            range.rows().map(|r| r.to_vec()).collect::<Vec<_>>(),
        );
        let f = xlsx.worksheet_formula(&name).unwrap();
        let mut grid = vec![vec![String::new(); range.width()]; range.height()];
        if let Some((r0, c0)) = f.start() {
            for (r, row) in f.rows().enumerate() {
                for (c, text) in row.iter().enumerate() {
                    let (r, c) = (r + r0 as usize, c + c0 as usize);
                    if r < grid.len() && c < grid[r].len() {
                        grid[r][c] = text.clone();
                    }
                }
            }
        }
        formulas.insert(name, grid);
    }
    Book { values, formulas }
}

fn number(data: &Data) -> Option<f64> {
    match data {
        Data::Float(v) => Some(*v),
        Data::Int(v) => Some(*v as f64),
        _ => None,
    }
}

/// `value` (a JSON figure, a decimal text, or null) and the cell agree to `places` decimals:
/// a figure for a figure, "n/a" (or an empty cell) for none.
fn agrees(cell: &Data, value: &Value, places: usize, what: &str) {
    let text = match value {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        _ => None,
    };
    match text {
        Some(text) => {
            let figure: f64 = text.parse().unwrap();
            let got = number(cell).unwrap_or_else(|| panic!("{what}: {cell:?} for {text}"));
            assert_eq!(
                format!("{got:.places$}"),
                format!("{figure:.places$}"),
                "{what}"
            );
        }
        None => assert!(
            matches!(cell, Data::String(s) if s == "n/a") || matches!(cell, Data::Empty),
            "{what}: {cell:?} for none"
        ),
    }
}

/// A1 name to (row, column), both 0-based.
fn cell_at(name: &str) -> (usize, usize) {
    let letters: String = name
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let digits = &name[letters.len()..];
    let column = letters
        .bytes()
        .fold(0usize, |n, b| n * 26 + usize::from(b - b'A' + 1))
        - 1;
    (digits.parse::<usize>().unwrap() - 1, column)
}

/// Evaluates the formulas the workbooks use: numbers, cell references, + - * /, parentheses,
/// ROUND, MAX, SUM and SUBTOTAL(9, ...) over a range of one column (skipping other subtotals).
struct Eval<'b> {
    values: &'b [Vec<Data>],
    formulas: &'b [Vec<String>],
    text: Vec<char>,
    at: usize,
}

impl Eval<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.at).copied()
    }

    fn expr(&mut self) -> f64 {
        let mut value = self.term();
        while let Some(op @ ('+' | '-')) = self.peek() {
            self.at += 1;
            let right = self.term();
            value = if op == '+' {
                value + right
            } else {
                value - right
            };
        }
        value
    }

    fn term(&mut self) -> f64 {
        let mut value = self.factor();
        while let Some(op @ ('*' | '/')) = self.peek() {
            self.at += 1;
            let right = self.factor();
            value = if op == '*' {
                value * right
            } else {
                value / right
            };
        }
        value
    }

    fn word(&mut self) -> String {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '.')
        {
            self.at += 1;
        }
        self.text[start..self.at].iter().collect()
    }

    fn args(&mut self) -> Vec<String> {
        // The raw text of each argument, split at top-level commas.
        assert_eq!(self.peek(), Some('('));
        self.at += 1;
        let (mut depth, mut parts, mut current) = (0, Vec::new(), String::new());
        loop {
            let c = self.peek().unwrap();
            self.at += 1;
            match c {
                '(' => depth += 1,
                ')' if depth == 0 => break,
                ')' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(std::mem::take(&mut current));
                    continue;
                }
                _ => {}
            }
            current.push(c);
        }
        parts.push(current);
        parts
    }

    fn sub(&self, text: &str) -> f64 {
        Eval {
            values: self.values,
            formulas: self.formulas,
            text: text.chars().collect(),
            at: 0,
        }
        .expr()
    }

    fn range(&self, text: &str, skip_subtotals: bool) -> f64 {
        let (from, to) = text.split_once(':').unwrap();
        let ((r0, c), (r1, c1)) = (cell_at(from), cell_at(to));
        assert_eq!(c, c1, "one column");
        (r0..=r1)
            .filter(|&r| !(skip_subtotals && self.formulas[r][c].contains("SUBTOTAL")))
            .map(|r| number(&self.values[r][c]).unwrap_or(0.0))
            .sum()
    }

    fn factor(&mut self) -> f64 {
        match self.peek().unwrap() {
            '(' => {
                self.at += 1;
                let value = self.expr();
                assert_eq!(self.peek(), Some(')'));
                self.at += 1;
                value
            }
            '-' => {
                self.at += 1;
                -self.factor()
            }
            c if c.is_ascii_digit() => self.word().parse().unwrap(),
            _ => {
                let word = self.word();
                if self.peek() == Some('(') {
                    let args = self.args();
                    match word.as_str() {
                        "ROUND" => {
                            let places: i32 = args[1].parse().unwrap();
                            let scale = 10f64.powi(places);
                            let x = self.sub(&args[0]) * scale;
                            // Half away from zero, with the decimal correction spreadsheets make.
                            let x = (x * 1e9).round() / 1e9;
                            x.signum() * x.abs().round() / scale
                        }
                        "MAX" => args.iter().map(|a| self.sub(a)).fold(f64::MIN, f64::max),
                        "SUM" => self.range(&args[0], false),
                        "SUBTOTAL" => {
                            assert_eq!(args[0], "9");
                            self.range(&args[1], true)
                        }
                        other => panic!("no function {other}"),
                    }
                } else {
                    let (r, c) = cell_at(&word);
                    number(&self.values[r][c]).unwrap_or(0.0)
                }
            }
        }
    }
}

/// Every formula of `book` calculates again to the result written with it, to the cent (4
/// decimals for indices); returns how many formulas there are.
fn formulas_recalculate(book: &Book) -> usize {
    let mut count = 0;
    for (name, grid) in &book.formulas {
        let values = &book.values[name];
        for (r, row) in grid.iter().enumerate() {
            for (c, formula) in row.iter().enumerate() {
                if formula.is_empty() {
                    continue;
                }
                count += 1;
                let cached = number(&values[r][c])
                    .unwrap_or_else(|| panic!("{name}!{r},{c} {formula}: no result"));
                let again = Eval {
                    values,
                    formulas: grid,
                    text: formula.trim_start_matches('=').chars().collect(),
                    at: 0,
                }
                .expr();
                assert!(
                    (again - cached).abs() < 0.000_05,
                    "{name} row {} column {c}: {formula} gives {again}, written {cached}",
                    r + 1
                );
            }
        }
    }
    count
}

/// The Summary's figure on the row labelled `label`.
fn summary<'b>(book: &'b Book, label: &str) -> &'b Data {
    let rows = &book.values["Summary"];
    let row = rows
        .iter()
        .find(|r| matches!(&r[0], Data::String(s) if s == label))
        .unwrap_or_else(|| panic!("no row {label}"));
    &row[1]
}

const SUMMARY: [(&str, &str, usize); 17] = [
    ("bac", "Budget at completion (BAC)", 2),
    ("pv", "Planned value (PV)", 2),
    ("ev", "Earned value (EV)", 2),
    ("ac", "Actual cost (AC)", 2),
    ("cv", "Cost variance (CV = EV - AC)", 2),
    ("sv", "Schedule variance (SV = EV - PV)", 2),
    ("cpi", "Cost performance index (CPI = EV / AC)", 4),
    ("spi", "Schedule performance index (SPI = EV / PV)", 4),
    ("cvPercent", "CV % (CV / EV)", 2),
    ("svPercent", "SV % (SV / PV)", 2),
    ("eac", "Estimate at completion (EAC)", 2),
    ("etc", "Estimate to complete (ETC = EAC - AC)", 2),
    ("vac", "Variance at completion (VAC = BAC - EAC)", 2),
    ("tcpi", "To-complete performance index (TCPI)", 4),
    ("reserve", "Management reserve", 2),
    ("contingency", "Contingency", 2),
    ("eacKnown", "Known cost (actual to date and scheduled)", 2),
];

const FIGURES: [&str; 9] = [
    "budget",
    "plan",
    "actual",
    "scheduled",
    "forecast",
    "vac",
    "vacPercent",
    "planVariance",
    "planVariancePercent",
];

fn folio_workbook_agrees(server: &Server, auth: &str, folio: u64, as_of: &str) {
    let indicators = get_json(
        server,
        auth,
        &format!("/budgets/1/folio/{folio}/indicators?asOf={as_of}"),
    );
    let lines = get_json(
        server,
        auth,
        &format!("/budgets/1/folio/{folio}/lines?asOf={as_of}&groupBy=category&limit=1000"),
    );
    let months = get_json(
        server,
        auth,
        &format!("/budgets/1/folio/{folio}/timeline?asOf={as_of}"),
    );
    let answer = send(
        server.port,
        "GET",
        &format!("/budgets/1/folio/{folio}/export.xlsx?asOf={as_of}"),
        &[("Authorization", auth)],
        "",
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(answer
        .header("Content-Type")
        .unwrap()
        .contains("spreadsheetml"));
    let book = open(answer.body);

    for (key, label, places) in SUMMARY {
        agrees(summary(&book, label), &indicators[key], places, label);
    }

    // Lines: each line's row, each group's subtotal and the total, as the JSON answer has them.
    let rows = &book.values["Lines"];
    let mut row = 1;
    for group in lines["groups"].as_array().unwrap() {
        for line in lines["lines"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["group"] == group["key"])
        {
            assert_eq!(
                rows[row][1],
                Data::String(line["name"].as_str().unwrap().into())
            );
            for (i, key) in FIGURES.iter().enumerate() {
                agrees(&rows[row][6 + i], &line["figures"][key], 2, key);
            }
            row += 1;
        }
        assert_eq!(
            rows[row][0],
            Data::String(format!("Subtotal: {}", group["name"].as_str().unwrap()))
        );
        for (i, key) in FIGURES.iter().enumerate() {
            agrees(&rows[row][6 + i], &group["figures"][key], 2, key);
        }
        row += 1;
    }
    assert_eq!(rows[row][0], Data::String("Total".into()));
    for (i, key) in FIGURES.iter().enumerate() {
        agrees(&rows[row][6 + i], &lines["total"][key], 2, key);
    }

    // Months: each bucket's figures; actual to date and scheduled add up to its actual cost.
    let rows = &book.values["Months"];
    for (i, bucket) in months.as_array().unwrap().iter().enumerate() {
        let r = &rows[i + 1];
        agrees(&r[2], &bucket["plannedCost"], 2, "plannedCost");
        agrees(&r[7], &bucket["pv"], 2, "pv");
        agrees(&r[8], &bucket["ev"], 2, "ev");
        agrees(&r[9], &bucket["ac"], 2, "ac");
        let both = number(&r[4]).unwrap() + number(&r[5]).unwrap();
        let cost: f64 = bucket["actualCost"].to_string().parse().unwrap();
        assert_eq!(format!("{both:.2}"), format!("{cost:.2}"));
    }
    let formulas = formulas_recalculate(&book);
    assert!(formulas > 20, "{formulas} formulas");
}

#[test]
fn a_folio_workbook_holds_the_figures_of_the_answers_and_formulas_that_recalculate() {
    let (server, auth, _db) = demo("spreadsheets");
    for folio in 1..=3 {
        for as_of in ["2026-06-30", "2026-11-15", "2027-06-30"] {
            folio_workbook_agrees(&server, &auth, folio, as_of);
        }
    }
}

#[test]
fn a_portfolio_workbook_holds_its_rollup_and_its_folios() {
    let (server, auth, _db) = demo("spreadsheets");
    let as_of = "2026-11-15";
    let indicators = get_json(
        &server,
        &auth,
        &format!("/budgets/1/portfolio/1/indicators?asOf={as_of}"),
    );
    let lines = get_json(
        &server,
        &auth,
        &format!("/budgets/1/portfolio/1/lines?asOf={as_of}"),
    );
    let answer = send(
        server.port,
        "GET",
        &format!("/budgets/1/portfolio/1/export.xlsx?asOf={as_of}"),
        &[("Authorization", &auth)],
        "",
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    let book = open(answer.body);
    for (key, label, places) in SUMMARY {
        agrees(summary(&book, label), &indicators[key], places, label);
    }
    let rows = &book.values["Folios"];
    let folios = lines["folios"].as_array().unwrap();
    assert_eq!(folios.len(), 3);
    for (i, folio) in folios.iter().enumerate() {
        assert_eq!(
            rows[i + 1][0],
            Data::String(folio["name"].as_str().unwrap().into())
        );
        for (j, key) in FIGURES.iter().enumerate() {
            agrees(&rows[i + 1][3 + j], &folio["figures"][key], 2, key);
        }
    }
    for (j, key) in FIGURES.iter().enumerate() {
        agrees(&rows[folios.len() + 1][3 + j], &lines["total"][key], 2, key);
    }
    formulas_recalculate(&book);
}

#[test]
fn a_name_that_looks_like_a_formula_is_written_as_text_and_others_read_nothing() {
    let (server, auth, db) = demo("spreadsheets");
    let expense = r#"{"folioId":1,"name":"=HYPERLINK(\"http://x.invalid\",\"click\")","description":"+cmd","type":"Fees","category":"OPEX","kind":".PlannedExpense","amount":100,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-06-01"}}"#;
    let made = send(
        server.port,
        "POST",
        "/budgets/1/expense",
        &[
            ("Authorization", &auth),
            ("Content-Type", "application/json"),
        ],
        expense,
    );
    assert_eq!(made.status, 200, "{}", made.text());
    let answer = send(
        server.port,
        "GET",
        "/budgets/1/folio/1/export.xlsx?asOf=2026-11-15",
        &[("Authorization", &auth)],
        "",
    );
    let book = open(answer.body);
    let mut found = 0;
    for (name, rows) in &book.values {
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if let Data::String(text) = cell {
                    if text.starts_with("=HYPERLINK") || text == "+cmd" {
                        found += 1;
                        assert!(book.formulas[name][r][c].is_empty(), "{name} {r} {c}");
                    }
                }
            }
        }
    }
    // Lines, Expenses (name and description).
    assert!(found >= 3, "{found}");

    // Another user reads nothing of it: the folio's 404, no file.
    cli(
        &db,
        &["user", "add", "eve", "--password", "another password"],
    );
    let eve = basic("eve", "another password");
    let answer = send(
        server.port,
        "GET",
        "/budgets/1/folio/1/export.xlsx",
        &[("Authorization", &eve)],
        "",
    );
    assert_eq!(answer.status, 404);
    assert!(!answer
        .header("Content-Type")
        .unwrap_or_default()
        .contains("spreadsheetml"));
    // The demo's portfolio is not private: eve reads it over the folios she may read, none.
    let answer = send(
        server.port,
        "GET",
        "/budgets/1/portfolio/1/export.xlsx",
        &[("Authorization", &eve)],
        "",
    );
    assert_eq!(answer.status, 200);
    let book = open(answer.body);
    let folios = &book.values["Folios"];
    assert_eq!(folios.len(), 2, "the header and the total only");
    assert_eq!(folios[1][0], Data::String("Total".into()));
    // A grouping that is none of the four is refused, naming it.
    let answer = send(
        server.port,
        "GET",
        "/budgets/1/folio/1/export.xlsx?groupBy=colour",
        &[("Authorization", &auth)],
        "",
    );
    assert_eq!(answer.status, 400);
    assert!(answer.text().contains("groupBy"), "{}", answer.text());
}
