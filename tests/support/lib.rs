//! Helpers shared by costfolio's integration tests and benchmarks.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::path::PathBuf;

use costfolio::api::Context;

/// The folder of the golden JSON samples, `tests/golden/`.
pub fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
}

/// The text of the golden sample `name` (a file name under `tests/golden/`).
///
/// # Panics
/// When the file cannot be read: a test helper, so a missing sample fails the test loudly.
pub fn golden(name: &str) -> String {
    let path = golden_dir().join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read golden sample {}: {error}", path.display()))
}

/// The text of the test vector file `name` (a file name under `tests/vectors/`).
///
/// # Panics
/// When the file cannot be read.
pub fn vectors(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("vectors")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read test vectors {}: {error}", path.display()))
}

/// One request of the demo (host/src/demo.json, at its template dates): what `serve --demo` sends.
pub struct DemoStep {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub method: String,
    /// The path, with its query.
    pub path: String,
    /// The JSON body, if any.
    pub body: Option<String>,
    /// The status the demo expects.
    pub expect: u16,
}

/// The demo's requests, in order.
///
/// # Panics
/// When host/src/demo.json is not the demo's form: a test helper.
pub fn demo_steps() -> Vec<DemoStep> {
    let demo: serde_json::Value = serde_json::from_str(include_str!("../../host/src/demo.json"))
        .unwrap_or_else(|error| panic!("host/src/demo.json: {error}"));
    let text = |step: &serde_json::Value, key: &str| {
        step[key]
            .as_str()
            .unwrap_or_else(|| panic!("a demo step without {key}: {step}"))
            .to_owned()
    };
    demo["requests"]
        .as_array()
        .unwrap_or_else(|| panic!("host/src/demo.json holds no requests"))
        .iter()
        .map(|step| DemoStep {
            method: text(step, "method"),
            path: text(step, "path"),
            body: step.get("body").map(serde_json::Value::to_string),
            expect: step["expect"]
                .as_u64()
                .and_then(|status| u16::try_from(status).ok())
                .unwrap_or_else(|| panic!("a demo step without its status: {step}")),
        })
        .collect()
}

/// A plain day-by-day implementation of S6, written from the rules and nothing else: the oracle of
/// the position engine's property tests and its peer in the benchmarks. Slow on purpose: it walks
/// every day of the folio with decimal arithmetic.
pub mod reference {
    use std::collections::BTreeMap;

    use chrono::{Datelike, NaiveDate};
    use costfolio::model::budgeting::OvertimeFrequency;
    use costfolio::schedule::position::{CostBasis, PositionInput};
    use costfolio::schedule::Granularity;
    use costfolio::value::{Date, Decimal};

    /// A payment line as the reference computes it; hours are sums of units (1/360,000 h).
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Line {
        /// First day of the span.
        pub date: NaiveDate,
        /// The rate.
        pub rate: Decimal,
        /// Regular units.
        pub regular_units: Decimal,
        /// Overtime units.
        pub overtime_units: Decimal,
        /// Sum of regular atoms.
        pub amount: Decimal,
        /// Sum of overtime atoms.
        pub overtime_amount: Decimal,
    }

    const UNITS: i64 = 360_000;

    /// The hundredths of each day of a period, spread by capacity (S6.5a), by the book: floor
    /// shares, then one more to the largest remainders, earliest first.
    fn spread(days: &[(NaiveDate, u64)], hundredths: u64) -> BTreeMap<NaiveDate, u64> {
        let total: u64 = days.iter().map(|d| d.1).sum();
        let mut out = BTreeMap::new();
        if total == 0 {
            out.insert(days[0].0, hundredths);
            return out;
        }
        let mut rows: Vec<(NaiveDate, u128, u128)> = days
            .iter()
            .map(|&(day, cap)| {
                let exact = u128::from(hundredths) * u128::from(cap);
                (day, exact / u128::from(total), exact % u128::from(total))
            })
            .collect();
        let given: u128 = rows.iter().map(|r| r.1).sum();
        let mut left = u128::from(hundredths) - given;
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by(|&a, &b| rows[b].2.cmp(&rows[a].2).then(rows[a].0.cmp(&rows[b].0)));
        for i in order {
            if left == 0 {
                break;
            }
            rows[i].1 += 1;
            left -= 1;
        }
        for (day, share, _) in rows {
            out.insert(day, share as u64);
        }
        out
    }

    /// The lines of a position, walking every day of the folio.
    pub fn position_lines(
        input: &PositionInput<'_>,
        basis: &CostBasis<'_>,
        granularity: Granularity,
    ) -> Vec<Line> {
        if input.deleted {
            return Vec::new();
        }
        let capacity =
            |day: NaiveDate| u64::from(basis.calendar().capacity_seconds(Date::from_naive(day)));
        let mut rates: Vec<(NaiveDate, Decimal)> = input
            .rates
            .iter()
            .filter(|r| r.deleted_on.is_none())
            .map(|r| (r.start_date.naive(), r.rate.get()))
            .collect();
        rates.sort();
        let rate_index = |day: NaiveDate| {
            let mut index = 0;
            for (i, (start, _)) in rates.iter().enumerate() {
                if *start <= day {
                    index = i;
                }
            }
            index
        };
        let percentage = |day: NaiveDate| {
            input
                .allocations
                .iter()
                .filter(|a| a.deleted_on.is_none())
                .find(|a| a.start_date.naive() <= day && day <= a.end_date.naive())
                .map_or(Decimal::ZERO, |a| a.percentage.get())
        };
        // Hours periods: (regular, overtime) hundredths per day.
        let mut overrides: BTreeMap<NaiveDate, (u64, u64)> = BTreeMap::new();
        for period in input.hours.iter().filter(|p| p.deleted_on.is_none()) {
            let mut days = Vec::new();
            let mut day = period.start_date.naive();
            while day <= period.end_date.naive() {
                days.push((day, capacity(day)));
                day = day.succ_opt().unwrap();
            }
            let hundredths = |h: Decimal| (h * Decimal::ONE_HUNDRED).trunc().mantissa() as u64;
            let regular = spread(&days, hundredths(period.effort.get()));
            let overtime = spread(&days, hundredths(period.ot_effort.get()));
            for (day, _) in &days {
                let r = regular.get(day).copied().unwrap_or(0);
                let o = overtime.get(day).copied().unwrap_or(0);
                overrides.insert(*day, (r, o));
            }
        }
        let rule = input.overtime.filter(|r| r.deleted_on.is_none());
        let coefficient = rule.map_or(Decimal::ONE, |r| r.coefficient.get());
        let currency = basis.folio().currency;
        let folio_start = basis.folio().period.start().naive();

        let mut lines: BTreeMap<(NaiveDate, usize), Line> = BTreeMap::new();
        let mut week_units = Decimal::ZERO;
        let mut day = folio_start;
        while day <= basis.folio().period.end().naive() {
            if day.weekday() == chrono::Weekday::Mon {
                week_units = Decimal::ZERO;
            }
            let (effort, explicit) = if let Some(&(r, o)) = overrides.get(&day) {
                (Decimal::from(r * 3600), Decimal::from(o * 3600))
            } else if let Some(synced) = input.synced {
                (Decimal::from(synced.seconds_on(day) * 100), Decimal::ZERO)
            } else {
                (
                    Decimal::from(capacity(day)) * percentage(day),
                    Decimal::ZERO,
                )
            };
            let regular = match rule {
                None => effort,
                Some(r) => {
                    let threshold = r.regular_hours.get() * Decimal::from(UNITS);
                    match r.frequency {
                        OvertimeFrequency::Daily => effort.min(threshold),
                        OvertimeFrequency::Weekly => {
                            let room = (threshold - week_units).max(Decimal::ZERO);
                            week_units += effort;
                            effort.min(room)
                        }
                    }
                }
            };
            let overtime = effort - regular + explicit;
            if !(regular.is_zero() && overtime.is_zero()) {
                let index = rate_index(day);
                let (rate_start, rate) = rates[index];
                let bucket = granularity.start_of(day);
                let line = lines.entry((bucket, index)).or_insert_with(|| Line {
                    date: bucket
                        .max(folio_start)
                        .max(if index == 0 { bucket } else { rate_start }),
                    rate,
                    regular_units: Decimal::ZERO,
                    overtime_units: Decimal::ZERO,
                    amount: Decimal::ZERO,
                    overtime_amount: Decimal::ZERO,
                });
                line.regular_units += regular;
                line.overtime_units += overtime;
                line.amount += currency.round(regular * rate / Decimal::from(UNITS));
                line.overtime_amount +=
                    currency.round(overtime * rate * coefficient / Decimal::from(UNITS));
            }
            day = day.succ_opt().unwrap();
        }
        let mut out: Vec<Line> = lines.into_values().collect();
        out.sort_by_key(|line| line.date);
        out
    }
}

/// A request's context as a host gives it, for tests: the address `http://127.0.0.1:8080`, the
/// time `now` (`yyyy-MM-ddTHH:mm:ss`), 64 fixed random bytes, and the user the host verified
/// (`None`: no credentials), a budget administrator or not.
///
/// # Panics
/// When `now` is not such a time: a test helper, so a typo fails the test loudly.
pub fn context(now: &str, user: Option<&str>, budget_admin: bool) -> Context {
    let now = costfolio::value::parse_local_date_time(now)
        .unwrap_or_else(|| panic!("{now:?} is not yyyy-MM-ddTHH:mm:ss"));
    let mut context = Context::new("http://127.0.0.1:8080", now, vec![7; 64]);
    context.user = user.map(str::to_owned);
    context.budget_admin = budget_admin;
    context
}

/// The budgeting request `method path` (`path` below `/budgets/1`) with the JSON `body`, answered
/// by the core for `context` on `state`: its status and body (what the benchmarks ask).
pub fn budget_call(
    state: &mut costfolio::state::State,
    context: &Context,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, Vec<u8>) {
    let mut request = costfolio::api::Request::new(method, &format!("/budgets/1{path}"));
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = costfolio::api::handle(state, &request, context);
    (response.status, response.body)
}

/// A stand-in for the host's spreadsheet files in the core's tests: a workbook written as text
/// (each sheet's name, its headers, then each row's cells as the core built them), so that what
/// a workbook holds can be read and compared without a file format; a file read as plain CSV
/// (lines of fields between commas, no quotes), every cell a text.
pub struct TextSheets;

impl costfolio::sheets::SpreadsheetFiles for TextSheets {
    fn write(&self, book: &costfolio::sheets::Workbook) -> Result<Vec<u8>, String> {
        let mut out = format!("{}\n", book.title);
        for sheet in &book.sheets {
            out.push_str(&format!("# {}\n", sheet.name));
            let headers: Vec<&str> = sheet.columns.iter().map(|c| c.header.as_str()).collect();
            out.push_str(&format!("{}\n", headers.join(" | ")));
            for (_, cells) in &sheet.rows {
                let cells: Vec<String> = cells.iter().map(|c| format!("{c:?}")).collect();
                out.push_str(&format!("{}\n", cells.join(" | ")));
            }
        }
        Ok(out.into_bytes())
    }

    fn read(
        &self,
        file: &[u8],
        max_rows: usize,
    ) -> Result<Vec<Vec<costfolio::sheets::ReadCell>>, String> {
        use costfolio::sheets::ReadCell;
        let text = std::str::from_utf8(file).map_err(|_| "not UTF-8".to_owned())?;
        let rows: Vec<Vec<ReadCell>> = text
            .lines()
            .map(|line| {
                line.split(',')
                    .map(|cell| match cell.trim() {
                        "" => ReadCell::Empty,
                        text => ReadCell::Text(text.to_owned()),
                    })
                    .collect()
            })
            .collect();
        if rows.len() > max_rows {
            return Err(format!("more than {max_rows} rows"));
        }
        Ok(rows)
    }
}

/// `context` with [`TextSheets`] as its spreadsheet files.
pub fn with_text_sheets(mut context: Context) -> Context {
    context.spreadsheets = Some(costfolio::sheets::Spreadsheets(std::sync::Arc::new(
        TextSheets,
    )));
    context
}

/// The first day of the largest planned folio, `offset` days on.
fn large_day(offset: u64) -> String {
    let start = chrono::NaiveDate::from_ymd_opt(2027, 1, 4).expect("a date");
    (start + chrono::Days::new(offset)).to_string()
}

/// The largest planned folio the benchmarks cost (folio 1 of a fresh state, ada's, 2027 to 2029):
/// 7,000 planned lines, 2,000 planned positions in three categories and 5,000 planned expenses
/// (once or monthly), each made through the interface as `context`'s caller.
pub fn largest_planned_folio(context: &Context) -> costfolio::state::State {
    use serde_json::json;
    const FOLIO: &str = r#"{"name":"Large","description":"","owner":"ada","startDate":"2027-01-04","endDate":"2029-12-28","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1,"uncertainty":{"default":{"low":0.9,"likely":1,"high":1.3},"correlation":0.3}}"#;
    let mut state = costfolio::state::State::new();
    let made = |state: &mut costfolio::state::State, path: &str, body: &str| {
        let (status, answer) = budget_call(state, context, "POST", path, Some(body));
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
    };
    made(&mut state, "/folio", FOLIO);
    for i in 0..2_000u64 {
        let category = ["Design", "Build", "Test"][(i % 3) as usize];
        let body = json!({"folioId": 1, "name": format!("Role {i}"), "description": "",
            "title": "Engineer", "kind": ".PlannedPositionByTimeFrame", "category": category,
            "rate": {"rate": 40 + i % 90, "startDate": large_day(0)},
            "allocation": {"startDate": large_day(i % 300), "endDate": large_day(700 + i % 300),
                "percentage": 20 + i % 81}});
        made(&mut state, "/position", &body.to_string());
    }
    for i in 0..5_000u64 {
        let recurrence = match i % 2 {
            0 => json!({"kind": ".Once", "startDate": large_day(i % 1000)}),
            _ => {
                json!({"kind": ".Monthly", "startDate": large_day(i % 400), "occurrences": 6 + i % 30})
            }
        };
        let category = ["OPEX", "CAPEX", "FINEX"][(i % 3) as usize];
        let body = json!({"folioId": 1, "name": format!("Expense {i}"), "description": "", "type": "t",
            "category": category, "kind": ".PlannedExpense",
            "amount": 100 + i % 5000, "currencyCode": "EUR", "recurrence": recurrence});
        made(&mut state, "/expense", &body.to_string());
    }
    state
}
