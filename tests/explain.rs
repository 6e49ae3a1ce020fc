//! Every figure explains itself: an explanation is the folio book's own account, and
//! it adds up. On the demo's folios and on random folios, for every indicator: its value is the
//! one `GET /folio/{id}/indicators` answers; a sum's lines (all pages) add up to it exactly; a
//! derived figure's inputs, each the value its own explanation gives, give it by its formula; and
//! every item's money in `GET /folio/{id}/items` is the sum of its explained payment lines.

use costfolio::api::{handle, Context, Request};
use costfolio::state::State;
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;
use std::str::FromStr;

fn context() -> Context {
    costfolio_suite::context("2026-11-25T12:00:00", Some("demo"), true)
}

fn get(state: &mut State, path: &str) -> (u16, Value) {
    let mut request = Request::new("GET", path);
    request.split_query().unwrap();
    let response = handle(state, &request, &context());
    let body: Value = serde_json::from_slice(&response.body).unwrap_or(Value::Null);
    (response.status, body)
}

fn ok(state: &mut State, path: &str) -> Value {
    let (status, mut body) = get(state, path);
    assert_eq!(status, 200, "GET {path}: {body}");
    body["success"].take()
}

fn demo() -> State {
    let mut state = State::new();
    for step in costfolio_suite::demo_steps() {
        let mut request = Request::new(&step.method, &step.path);
        if let Some(body) = &step.body {
            request = request.json(body);
        }
        request.split_query().unwrap();
        let response = handle(&mut state, &request, &context());
        assert_eq!(
            response.status, step.expect,
            "{} {}",
            step.method, step.path
        );
    }
    state
}

/// A JSON number (or null) as an exact decimal.
fn dec(value: &Value) -> Option<Decimal> {
    match value {
        Value::Number(n) => Some(Decimal::from_str(&n.to_string()).unwrap()),
        _ => None,
    }
}

fn round(value: Decimal, places: u32) -> Decimal {
    value.round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero)
}

/// Every page of `path`'s lines (`&after=` appended), and the explanation of the first page.
fn all_lines(state: &mut State, path: &str) -> (Value, Vec<Value>) {
    let first = ok(state, &format!("{path}&limit=7"));
    let mut lines: Vec<Value> = first["lines"].as_array().unwrap().clone();
    let mut next = first["next"].clone();
    while let Some(after) = next.as_u64() {
        let page = ok(state, &format!("{path}&limit=7&after={after}"));
        assert_eq!(page["value"], first["value"], "{path}: pages of one figure");
        lines.extend(page["lines"].as_array().unwrap().iter().cloned());
        next = page["next"].clone();
    }
    (first, lines)
}

/// Checks every figure of folio `folio` at `as_of` adds up; answers how many were sums.
/// An explanation speaks a controller's language: no rule number, no "atom", "asOf", "null" or
/// wire switch name.
fn in_a_controllers_words(formula: &Value, at: &str) {
    let text = formula.as_str().unwrap_or("");
    let rule = text.char_indices().any(|(i, c)| {
        c == 'S'
            && text[i + 1..].starts_with(|d: char| d.is_ascii_digit())
            && (i == 0 || !text[..i].ends_with(|p: char| p.is_ascii_alphanumeric()))
    });
    assert!(!rule, "a rule number in {text:?} ({at})");
    for word in ["atom", "asOf", "null", "withRevenue", "withEarned"] {
        assert!(!text.contains(word), "{word:?} in {text:?} ({at})");
    }
}

fn check_folio(state: &mut State, folio: u64, as_of: &str) -> usize {
    let indicators = ok(
        state,
        &format!("/budgets/1/folio/{folio}/indicators?asOf={as_of}"),
    );
    let mut sums = 0;
    // The table of indicators is every figure the indicators answer, their terms aside.
    let answered: std::collections::BTreeSet<&str> = indicators
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .filter(|key| !["status", "currencyCode", "plannedValueMethod", "eacMethod"].contains(key))
        .collect();
    let tabled: std::collections::BTreeSet<&str> =
        costfolio::analytics::FIGURES.into_iter().collect();
    assert_eq!(answered, tabled, "the indicators and analytics::INDICATORS");
    for figure in costfolio::analytics::FIGURES {
        let path = format!("/budgets/1/folio/{folio}/explain?asOf={as_of}&figure={figure}");
        let (explained, lines) = all_lines(state, &path);
        let at = format!("folio {folio} {figure} at {as_of}: {explained}");
        assert_eq!(explained["value"], indicators[figure], "{at}");
        assert_eq!(
            explained["currencyCode"], indicators["currencyCode"],
            "{at}"
        );
        assert!(!explained["formula"].as_str().unwrap().is_empty());
        in_a_controllers_words(&explained["formula"], &at);
        // The planned side in words: the baseline's number, name and approval day.
        if let Some(id) = explained["plan"]
            .as_str()
            .and_then(|p| p.strip_prefix("baseline "))
        {
            let name = explained["planName"].as_str().unwrap_or("");
            assert!(
                name.starts_with(&format!("Baseline {id} “")) && name.contains("”, approved 20"),
                "{at}"
            );
        }
        let value = dec(&explained["value"]);
        if let Some(total) = explained.get("linesTotal") {
            sums += 1;
            let summed: Decimal = lines.iter().map(|l| dec(&l["amount"]).unwrap()).sum();
            assert_eq!(Some(summed), dec(total), "{at}");
            assert_eq!(Some(summed), value, "{at}: the lines add up to the figure");
            continue;
        }
        // A derived figure: its inputs, each its own explanation's value, give it by its formula.
        let inputs: Vec<(String, Option<Decimal>)> = explained["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|input| {
                if let Some(link) = input["explain"].as_str() {
                    let own = ok(state, link);
                    assert_eq!(own["value"], input["value"], "{at}: input {input}");
                }
                (
                    input["figure"].as_str().unwrap().to_owned(),
                    dec(&input["value"]),
                )
            })
            .collect();
        let of = |name: &str| inputs.iter().find(|(n, _)| n == name).and_then(|(_, v)| *v);
        let money = |v: Decimal| round(v, 2);
        let quotient =
            |a: Option<Decimal>, b: Option<Decimal>| a.zip(b).and_then(|(a, b)| a.checked_div(b));
        // What the formula gives from the inputs: `None` for a status (checked below).
        let ratio = |a: Option<Decimal>, b: Option<Decimal>, places: u32, times: Decimal| {
            quotient(a, b).map(|q| round(q * times, places))
        };
        let hundred = Decimal::ONE_HUNDRED;
        let expected: Option<Option<Decimal>> = match figure {
            "cv" => Some(of("ev").zip(of("ac")).map(|(ev, ac)| ev - ac)),
            "sv" => Some(of("ev").zip(of("pv")).map(|(ev, pv)| ev - pv)),
            "etc" => Some(of("eac").zip(of("ac")).map(|(eac, ac)| eac - ac)),
            "vac" => Some(of("bac").zip(of("eac")).map(|(bac, eac)| bac - eac)),
            "profit" => Some(of("actualRevenue").zip(of("ac")).map(|(r, ac)| r - ac)),
            "reserve" => Some(Some(money(
                of("reservePercent").unwrap() * of("bac").unwrap() / hundred,
            ))),
            "contingency" => Some(Some(money(
                of("contingencyPercent").unwrap() * of("bac").unwrap() / hundred,
            ))),
            "contingencyToDate" => Some(Some(money(
                of("contingencyPercent").unwrap() * of("plannedCostToDate").unwrap() / hundred,
            ))),
            // By the plan (S9.10): the planned cost to date.
            "pv" if of("plannedCostToDate").is_some() => Some(of("plannedCostToDate")),
            "pv" => Some(
                quotient(
                    Some(of("bac").unwrap() * of("workingDaysElapsed").unwrap()),
                    of("workingDays"),
                )
                .map(money),
            ),
            "ev" if explained["formula"].as_str().unwrap().starts_with("EV =") => Some(
                quotient(
                    Some(of("bac").unwrap() * of("earnedWeight").unwrap()),
                    of("totalWeight"),
                )
                .map(money),
            ),
            "ev" => Some(None),
            // EAC by what is scheduled is the sum of its cost lines' forecasts (checked as a sum
            // above, S9.12); AC + BAC - EV for the rest as planned (S9.10).
            "eac"
                if explained["formula"]
                    .as_str()
                    .unwrap()
                    .starts_with("EAC (the rest") =>
            {
                Some(of("ev").map(|ev| of("ac").unwrap() + of("bac").unwrap() - ev))
            }
            // AC + (BAC - EV) / (CPI x SPI) = AC + (BAC - EV) x AC x PV / EV².
            "eac"
                if explained["formula"]
                    .as_str()
                    .unwrap()
                    .starts_with("EAC (by CPI and SPI") =>
            {
                Some(match (of("ac"), of("bac"), of("ev"), of("pv")) {
                    (Some(ac), Some(bac), Some(ev), Some(pv))
                        if !ac.is_zero() && !ev.is_zero() && !pv.is_zero() =>
                    {
                        Some(money(ac + (bac - ev) * ac / ev * pv / ev))
                    }
                    _ => None,
                })
            }
            // EAC = BAC / CPI: null when CPI is (AC or EV is 0).
            "eac" => Some(match (of("bac"), of("ac"), of("ev")) {
                (Some(bac), Some(ac), Some(ev)) if !ac.is_zero() => {
                    quotient(Some(bac * ac), Some(ev)).map(money)
                }
                _ => None,
            }),
            "cpi" => Some(ratio(of("ev"), of("ac"), 4, Decimal::ONE)),
            "spi" => Some(ratio(of("ev"), of("pv"), 4, Decimal::ONE)),
            "tcpi" => Some(of("ev").and_then(|ev| {
                ratio(
                    Some(of("bac").unwrap() - ev),
                    Some(of("bac").unwrap() - of("ac").unwrap()),
                    4,
                    Decimal::ONE,
                )
            })),
            "cvPercent" => Some(ratio(of("cv"), of("ev"), 2, hundred)),
            "svPercent" => Some(ratio(of("sv"), of("pv"), 2, hundred)),
            "margin" => Some(ratio(of("profit"), of("actualRevenue"), 2, hundred)),
            // A revenue figure of a folio without revenues: null, and says why.
            "plannedRevenue" | "plannedRevenueToDate" | "actualRevenue" => {
                assert!(
                    explained["formula"]
                        .as_str()
                        .unwrap()
                        .contains("does not track revenues"),
                    "{at}"
                );
                Some(None)
            }
            _ => None,
        };
        if let Some(expected) = expected {
            assert_eq!(expected, value, "{at}: {inputs:?}");
        } else {
            assert!(figure.ends_with("Status"), "{at}: no formula checked");
            let status = explained["value"].as_str().unwrap();
            assert!(
                explained["formula"]
                    .as_str()
                    .unwrap()
                    .contains(match status {
                        "green" => "at or above",
                        "amber" => "within the tolerance",
                        "red" => "by more than the tolerance",
                        _ => "has no value",
                    }),
                "{at}"
            );
        }
    }
    sums
}

/// Checks every item's money in `GET /folio/{id}/items` is the sum of its explained lines.
fn check_items(state: &mut State, folio: u64, as_of: &str) -> usize {
    let items = ok(
        state,
        &format!("/budgets/1/folio/{folio}/items?asOf={as_of}"),
    );
    let mut checked = 0;
    let text = items.to_string();
    let listed: Value = serde_json::from_str(&text).unwrap();
    let mut found = Vec::new();
    collect_items(&listed, &mut found);
    for (kind, id, total, to_date) in found {
        for (figure, money) in [("total", total), ("toDate", to_date)] {
            let path = format!("/budgets/1/{kind}/{id}/explain?asOf={as_of}&figure={figure}");
            let (explained, lines) = all_lines(state, &path);
            let summed: Decimal = lines.iter().map(|l| dec(&l["amount"]).unwrap()).sum();
            assert_eq!(
                Some(summed),
                dec(&explained["value"]),
                "{path}: {explained}"
            );
            assert_eq!(Some(summed), money, "{path}: the items' money");
            checked += 1;
        }
    }
    checked
}

/// The (kind, id, total, to date) of every item an items answer lists.
fn collect_items(
    items: &Value,
    out: &mut Vec<(&'static str, u64, Option<Decimal>, Option<Decimal>)>,
) {
    for item in items["positions"].as_array().unwrap() {
        let id = item["position"]["id"].as_u64().unwrap();
        out.push(("position", id, dec(&item["total"]), dec(&item["toDate"])));
    }
    for item in items["expenses"].as_array().unwrap() {
        let id = item["expense"]["id"].as_u64().unwrap();
        out.push(("expense", id, dec(&item["total"]), dec(&item["toDate"])));
    }
}

#[test]
fn every_figure_of_the_demo_adds_up() {
    let mut state = demo();
    let mut sums = 0;
    let mut items = 0;
    for folio in [1, 2, 3] {
        for as_of in ["2026-06-30", "2026-11-20", "2027-12-31"] {
            sums += check_folio(&mut state, folio, as_of);
            items += check_items(&mut state, folio, as_of);
        }
    }
    assert!(sums >= 36, "{sums} sums checked");
    assert!(items > 50, "{items} items checked");
    // The footbridge's BAC comes from its approved baseline, named in words.
    let bac = ok(
        &mut state,
        "/budgets/1/folio/1/explain?asOf=2026-11-20&figure=bac",
    );
    let name = bac["planName"].as_str().unwrap_or("");
    assert!(
        name.starts_with("Baseline ") && name.contains(", approved 20"),
        "{bac}"
    );
}

/// Sends a change as the demo's budget administrator, which must answer 200.
fn put(state: &mut State, method: &str, path: &str, body: &str) -> Value {
    let mut request = Request::new(method, path).json(body);
    request.split_query().unwrap();
    let response = handle(state, &request, &context());
    let answer: Value = serde_json::from_slice(&response.body).unwrap_or(Value::Null);
    assert_eq!(response.status, 200, "{method} {path} {body}: {answer}");
    answer["success"].clone()
}

/// A money amount of `cents` as text with two decimals.
fn amount(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// Day `offset` of 2026 (and on).
fn day(offset: u64) -> String {
    let start = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    (start + chrono::Days::new(offset))
        .format("%Y-%m-%d")
        .to_string()
}

/// One item of a random folio: a position or an expense, from a few numbers.
#[derive(Debug, Clone)]
struct Item {
    kind: u8,
    cents: u64,
    start: u64,
    length: u64,
    percent: u64,
    foreign: bool,
}

fn item() -> impl Strategy<Value = Item> {
    (
        0..8u8,
        1..2_000_000u64,
        0..300u64,
        1..200u64,
        1..=100u64,
        any::<bool>(),
    )
        .prop_map(|(kind, cents, start, length, percent, foreign)| Item {
            kind,
            cents,
            start,
            length,
            percent,
            foreign,
        })
}

/// Builds a random folio through the REST interface; answers its id.
fn random_folio(
    state: &mut State,
    items: &[Item],
    terms: (u64, u64, u64, bool, bool),
    scope: &[(u64, u64, u64, u8)],
    baseline: bool,
) -> u64 {
    let (reserve, contingency, tolerance, earned, revenue) = terms;
    let folio = format!(
        r#"{{"name":"Random","description":"","owner":"demo","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":{},"contingency":{},"tolerance":{tolerance},"hoursPerDay":null,"currencyCode":"EUR","withRevenue":{revenue},"withEarned":{earned},"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}}"#,
        amount(reserve),
        amount(contingency)
    );
    let id = put(state, "POST", "/budgets/1/folio", &folio)
        .as_u64()
        .unwrap();
    put(
        state,
        "PUT",
        "/budgets/1/exchangerate",
        r#"{"from":"USD","to":"EUR","rate":0.9173,"effectiveDate":"2026-03-01"}"#,
    );
    for (n, item) in items.iter().enumerate() {
        let (start, end) = (day(item.start), day((item.start + item.length).min(364)));
        let rate = amount(1_000 + item.cents % 20_000);
        let allocation = format!(
            r#"{{"startDate":"{start}","endDate":"{end}","percentage":{}}}"#,
            item.percent
        );
        let kinds = [
            ".PlannedExpense",
            ".ActualExpense",
            ".PlannedRevenue",
            ".ActualRevenue",
        ];
        match item.kind {
            0..=3 => {
                let kind = kinds[item.kind as usize];
                let category = if item.kind < 2 { "OPEX" } else { "OPERATING" };
                let currency = if item.foreign { "USD" } else { "EUR" };
                let recurrence = if item.percent % 2 == 0 {
                    format!(
                        r#"{{"kind":".Monthly","startDate":"{start}","occurrences":{}}}"#,
                        1 + item.length % 9
                    )
                } else {
                    format!(r#"{{"kind":".Once","startDate":"{start}"}}"#)
                };
                let body = format!(
                    r#"{{"folioId":{id},"name":"Expense {n}","description":"","type":"Other","category":"{category}","kind":"{kind}","amount":{},"amortized":{},"currencyCode":"{currency}","recurrence":{recurrence}}}"#,
                    amount(item.cents),
                    item.percent % 3 == 0
                );
                put(state, "POST", "/budgets/1/expense", &body);
            }
            4 | 5 => {
                let revenue = item.kind == 5;
                let body = format!(
                    r#"{{"folioId":{id},"name":"Planned {n}","description":"","title":"Role","revenue":{revenue},"rate":{{"rate":{rate},"startDate":"2026-01-01"}},"allocation":{allocation}}}"#
                );
                put(state, "POST", "/budgets/1/position", &body);
            }
            6 => {
                let body = format!(
                    r#"{{"folioId":{id},"name":"Member {n}","description":"","title":"Dev","kind":".TeamMember","member":"grace","rate":{{"rate":{rate},"startDate":"2026-01-01"}},"allocation":{allocation}}}"#
                );
                let position = put(state, "POST", "/budgets/1/position", &body)
                    .as_u64()
                    .unwrap();
                let hours = format!(
                    r#"{{"otEffort":{},"startDate":"{start}","endDate":"{end}","effort":{}}}"#,
                    item.percent % 5,
                    1 + item.cents % 300
                );
                put(
                    state,
                    "POST",
                    &format!("/budgets/1/position/{position}/workedhours"),
                    &hours,
                );
            }
            _ => {
                let body = format!(
                    r#"{{"folioId":{id},"name":"Advice {n}","description":"","title":"Consultant","kind":".ConsultingRevenue","rate":{{"rate":{rate},"startDate":"2026-01-01"}},"allocation":{allocation},"billableHours":[{{"otEffort":0,"startDate":"{start}","endDate":"{start}","effort":{}}}]}}"#,
                    1 + item.cents % 9
                );
                put(state, "POST", "/budgets/1/position", &body);
            }
        }
    }
    if !scope.is_empty() {
        let items: Vec<String> = scope
            .iter()
            .enumerate()
            .map(|(n, (weight, logged, remaining, how))| {
                format!(
                    r#"{{"key":"S-{n}","weight":{weight},"logged":{logged},"remaining":{remaining},"done":{},"progressive":{}}}"#,
                    how % 3 == 0,
                    how % 3 == 1
                )
            })
            .collect();
        put(
            state,
            "PUT",
            &format!("/budgets/1/folio/{id}/scope"),
            &format!(r#"{{"items":[{}]}}"#, items.join(",")),
        );
    }
    if baseline {
        put(
            state,
            "POST",
            &format!("/budgets/1/folio/{id}/baseline"),
            r#"{"name":"Budget","approvedBy":"demo","expenditureType":"BUDGET"}"#,
        );
    }
    id
}

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// On random folios (every kind of item, foreign currencies, scope, a baseline or none, any
    /// date): every indicator's explanation gives the value the indicators answer and adds up,
    /// and every item's money is the sum of its explained lines.
    #[test]
    fn every_figure_of_a_random_folio_adds_up(
        items in proptest::collection::vec(item(), 0..9),
        terms in (0..3_000u64, 0..3_000u64, 0..30u64, any::<bool>(), any::<bool>()),
        scope in proptest::collection::vec((0..20u64, 0..50u64, 0..50u64, 0..3u8), 0..4),
        baseline in any::<bool>(),
        as_of in 0..420u64,
    ) {
        let mut state = State::new();
        let folio = random_folio(&mut state, &items, terms, &scope, baseline);
        let as_of = day(as_of);
        check_folio(&mut state, folio, &as_of);
        check_items(&mut state, folio, &as_of);
    }
}

/// Checks every figure of portfolio `portfolio` at `as_of`: its value is the rollup's; a sum's
/// members, converted, add up to it; a recomputed figure's inputs are the rollup's own sums.
fn check_portfolio(state: &mut State, portfolio: u64, as_of: &str) -> usize {
    let rolled = ok(
        state,
        &format!("/budgets/1/portfolio/{portfolio}/indicators?asOf={as_of}"),
    );
    let mut sums = 0;
    for figure in costfolio::analytics::FIGURES {
        let path = format!("/budgets/1/portfolio/{portfolio}/explain?asOf={as_of}&figure={figure}");
        let (explained, lines) = all_lines(state, &path);
        let at = format!("portfolio {portfolio} {figure} at {as_of}: {explained}");
        assert_eq!(explained["value"], rolled[figure], "{at}");
        in_a_controllers_words(&explained["formula"], &at);
        if let Some(total) = explained.get("linesTotal") {
            sums += 1;
            let summed: Decimal = lines.iter().map(|l| dec(&l["amount"]).unwrap()).sum();
            assert_eq!(Some(summed), dec(total), "{at}");
            assert_eq!(
                Some(summed),
                dec(&explained["value"]),
                "{at}: the members add up to it"
            );
            // Each member's own figure, converted, is the line.
            for line in &lines {
                let own = ok(state, line["explain"].as_str().unwrap());
                let same_currency = line.get("paid").is_none();
                if same_currency {
                    assert_eq!(own["value"], line["amount"], "{at}: {line}");
                } else {
                    assert_eq!(own["value"], line["paid"], "{at}: {line}");
                }
            }
        } else {
            for input in explained["inputs"].as_array().unwrap() {
                assert_eq!(
                    input["value"],
                    rolled[input["figure"].as_str().unwrap()],
                    "{at}"
                );
            }
        }
    }
    sums
}

#[test]
fn every_figure_of_the_demo_portfolio_adds_up_from_its_members() {
    let mut state = demo();
    // The demo's portfolio, and one in US dollars holding the same folios: converted members.
    let portfolio = ok(&mut state, "/budgets/1/portfolio")[0].clone();
    let mut dollars = portfolio.clone();
    dollars.as_object_mut().unwrap().remove("id");
    dollars["name"] = "In dollars".into();
    dollars["currencyCode"] = "USD".into();
    let id = put(
        &mut state,
        "POST",
        "/budgets/1/portfolio",
        &dollars.to_string(),
    )
    .as_u64()
    .unwrap();
    let mut sums = 0;
    for as_of in ["2026-06-30", "2026-11-20"] {
        sums += check_portfolio(&mut state, portfolio["id"].as_u64().unwrap(), as_of);
        sums += check_portfolio(&mut state, id, as_of);
    }
    assert!(sums >= 40, "{sums} sums checked");
    let (status, refused) = get(&mut state, "/budgets/1/portfolio/1/explain?figure=nope");
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["errors"]["figure"]
            .as_str()
            .map(|m| m.contains("got nope")),
        Some(true),
        "{refused}"
    );
}

#[test]
fn every_timeline_cell_of_the_demo_adds_up() {
    let mut state = demo();
    let mut sums = 0;
    for folio in [1, 2, 3] {
        for granularity in ["month", "week"] {
            let as_of = "2026-11-20";
            let timeline = ok(
                &mut state,
                &format!(
                    "/budgets/1/folio/{folio}/timeline?asOf={as_of}&granularity={granularity}"
                ),
            );
            for bucket in timeline.as_array().unwrap() {
                let start = bucket["start"].as_str().unwrap();
                for figure in costfolio::analytics::BUCKET_FIGURES {
                    let path = format!("/budgets/1/folio/{folio}/explain?asOf={as_of}&granularity={granularity}&start={start}&figure={figure}");
                    let (explained, lines) = all_lines(&mut state, &path);
                    let at = format!("{path}: {explained}");
                    assert_eq!(explained["value"], bucket[figure], "{at}");
                    if let Some(total) = explained.get("linesTotal") {
                        sums += 1;
                        let summed: Decimal =
                            lines.iter().map(|l| dec(&l["amount"]).unwrap()).sum();
                        assert_eq!(Some(summed), dec(total), "{at}");
                        assert_eq!(
                            Some(summed),
                            dec(&explained["value"]),
                            "{at}: the cell's items add up to it"
                        );
                    }
                }
            }
        }
    }
    assert!(sums > 200, "{sums} cells checked");
    // A start that begins no bucket, and a figure no cell has, are refused by name.
    let (status, body) = get(
        &mut state,
        "/budgets/1/folio/1/explain?asOf=2026-11-20&start=2026-03-05&figure=actualCost",
    );
    assert_eq!(
        (status, body["errors"]["start"].is_string()),
        (400, true),
        "{body}"
    );
    let (status, body) = get(
        &mut state,
        "/budgets/1/folio/1/explain?asOf=2026-11-20&start=2026-03-02&figure=cpi",
    );
    assert_eq!(
        (status, body["errors"]["figure"].is_string()),
        (400, true),
        "{body}"
    );
}
