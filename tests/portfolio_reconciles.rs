//! A portfolio reconciles to the cent (S9.9): every money figure of its row, the derived ones too
//! (CV, SV, EAC, ETC, VAC, profit), is the sum of its members' rows as the interface shows them,
//! each converted on its own at its pair's rate and rounded to the portfolio currency's minor
//! units, so that a reader can check it line by line. Checked through `handle` on random
//! multi-currency portfolios (folios and a sub-portfolio) against a conversion written here from
//! the rule, not the engine's.

use costfolio::api::{handle, Context, Request};
use costfolio::state::State;
use costfolio::value::Decimal;
use proptest::prelude::*;
use rust_decimal::RoundingStrategy;
use serde_json::{json, Value};

const CURRENCIES: [&str; 4] = ["EUR", "USD", "JPY", "BHD"];

/// ISO 4217 minor units of [`CURRENCIES`] (S1.4).
fn minor_units(currency: &str) -> u32 {
    match currency {
        "JPY" => 0,
        "BHD" => 3,
        _ => 2,
    }
}

fn context() -> Context {
    costfolio_suite::context("2026-06-15T12:00:00", Some("finance"), true)
}

fn call(state: &mut State, method: &str, path: &str, body: Option<&Value>) -> Value {
    let mut request = Request::new(method, &format!("/budgets/1{path}"));
    if let Some(body) = body {
        request = request.json(&body.to_string());
    }
    let response = handle(state, &request, &context());
    assert_eq!(response.status, 200, "{method} {path}: {}", response.text());
    // Numbers as their text (serde_json's arbitrary precision is not on): read them as decimals.
    let value: Value = serde_json::from_slice(&response.body).unwrap();
    value["success"].clone()
}

/// A JSON number with exactly the digits of `text` (serde_json keeps them: arbitrary precision).
fn num(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

/// A figure of a row as an exact decimal (`None` for null).
fn figure(row: &Value, name: &str) -> Option<Decimal> {
    match &row[name] {
        Value::Null => None,
        Value::Number(n) => Some(n.to_string().parse().unwrap()),
        other => panic!("{name} is {other}"),
    }
}

/// One folio of a scenario: its currency, a planned position and a team member (rates in cents
/// per hour), an actual expense, a planned revenue and its scope.
#[derive(Debug, Clone)]
struct FolioPlan {
    currency: usize,
    planned_rate: u32,
    actual_rate: u32,
    actual_cost: u32,
    revenue: u32,
    done: bool,
    logged: u32,
    with_revenue: bool,
}

fn folio_plan() -> impl Strategy<Value = FolioPlan> {
    (
        0usize..4,
        1u32..40_000,
        1u32..40_000,
        0u32..5_000_000,
        0u32..9_000_000,
        any::<bool>(),
        0u32..10,
        any::<bool>(),
    )
        .prop_map(
            |(
                currency,
                planned_rate,
                actual_rate,
                actual_cost,
                revenue,
                done,
                logged,
                with_revenue,
            )| {
                FolioPlan {
                    currency,
                    planned_rate,
                    actual_rate,
                    actual_cost,
                    revenue,
                    done,
                    logged,
                    with_revenue,
                }
            },
        )
}

/// An amount of `cents` hundredths as the currency takes it (whole units for JPY).
fn amount(cents: u32, currency: &str) -> String {
    match minor_units(currency) {
        0 => (cents / 100).to_string(),
        _ => Decimal::new(i64::from(cents), 2).to_string(),
    }
}

/// Creates the folio `plan` describes; answers its id.
fn create_folio(state: &mut State, plan: &FolioPlan, index: usize) -> u64 {
    let currency = CURRENCIES[plan.currency];
    let folio = json!({"name": format!("Folio {index}"), "description": "", "owner": "finance",
        "startDate": "2026-01-01", "endDate": "2026-12-31", "closedDate": null, "reserve": 10,
        "contingency": 5, "tolerance": 10, "hoursPerDay": null, "currencyCode": currency,
        "withRevenue": plan.with_revenue, "withEarned": true, "revenuesAsClientCosts": false,
        "usesUserRates": false, "isSynchronizedWithWorkLogs": false,
        "isSynchronizedWithServiceBilledHours": false, "savedFilterId": 1,
        "holidaySchemeId": 1, "workloadSchemeId": 1});
    let id = call(state, "POST", "/folio", Some(&folio))
        .as_u64()
        .unwrap();
    let rate = |cents: u32| Decimal::new(i64::from(cents), 2).to_string();
    let planned = json!({"folioId": id, "name": "Planned", "description": "", "title": "Engineer",
        "rate": {"rate": num(&rate(plan.planned_rate)), "startDate": "2026-01-01"},
        "allocation": {"startDate": "2026-02-02", "endDate": "2026-11-27", "percentage": 60}});
    call(state, "POST", "/position", Some(&planned));
    let member = json!({"folioId": id, "name": "Member", "description": "", "title": "Engineer",
        "kind": ".TeamMember", "member": "grace",
        "rate": {"rate": num(&rate(plan.actual_rate)), "startDate": "2026-01-01"},
        "allocation": {"startDate": "2026-03-02", "endDate": "2026-09-30", "percentage": 45}});
    call(state, "POST", "/position", Some(&member));
    let expense = |kind: &str, category: &str, cents: u32, day: &str| {
        json!({"folioId": id, "name": kind, "description": "", "type": "Misc", "category": category,
            "kind": kind, "amount": num(&amount(cents, currency)),
            "currencyCode": currency, "recurrence": {"kind": ".Monthly", "startDate": day, "occurrences": 5}})
    };
    call(
        state,
        "POST",
        "/expense",
        Some(&expense(
            ".ActualExpense",
            "OPEX",
            plan.actual_cost,
            "2026-02-10",
        )),
    );
    call(
        state,
        "POST",
        "/expense",
        Some(&expense(
            ".PlannedRevenue",
            "OPERATING",
            plan.revenue,
            "2026-03-20",
        )),
    );
    call(
        state,
        "POST",
        "/expense",
        Some(&expense(
            ".ActualRevenue",
            "OPERATING",
            plan.revenue / 3,
            "2026-03-25",
        )),
    );
    let scope = json!({"items": [
        {"key": "A-1", "weight": 2, "logged": 0, "remaining": 0, "done": plan.done, "progressive": false},
        {"key": "A-2", "weight": 3, "logged": plan.logged, "remaining": 4, "done": false, "progressive": true}]});
    call(state, "PUT", &format!("/folio/{id}/scope"), Some(&scope));
    id
}

/// Every money figure of a row (S9.9), and the ratios recomputed from the sums.
const MONEY: [&str; 18] = [
    "bac",
    "pv",
    "ev",
    "ac",
    "cv",
    "sv",
    "eac",
    "etc",
    "vac",
    "reserve",
    "contingency",
    "contingencyToDate",
    "plannedCostToDate",
    "eacKnown",
    "plannedRevenue",
    "actualRevenue",
    "profit",
    "plannedRevenueToDate",
];

/// Figures null for the whole portfolio when any member's is null (the earned-value side); the
/// others are summed over the members that have them (S9.9).
fn all_or_none(name: &str) -> bool {
    matches!(name, "pv" | "ev" | "cv" | "sv" | "eac" | "etc" | "vac")
}

/// The portfolio row `members` sum to, converted into `to` by `rate_of` (S9.9, S5.3, S1.5).
fn expected(
    members: &[Value],
    to: &str,
    rate_of: &dyn Fn(&str) -> Decimal,
    name: &str,
) -> Option<Decimal> {
    let mut sum = Decimal::ZERO;
    let mut any = false;
    for member in members {
        let from = member["currencyCode"].as_str().unwrap();
        match figure(member, name) {
            Some(value) => {
                let converted = (value * rate_of(from)).round_dp_with_strategy(
                    minor_units(to),
                    RoundingStrategy::MidpointAwayFromZero,
                );
                sum += converted;
                any = true;
            }
            None if all_or_none(name) => return None,
            None => {}
        }
    }
    (any && !members.is_empty()).then_some(sum)
}

fn ratio(
    numerator: Option<Decimal>,
    denominator: Option<Decimal>,
    places: u32,
    scale: Decimal,
) -> Option<Decimal> {
    let (n, d) = (numerator?, denominator?);
    if d.is_zero() {
        return None;
    }
    Some((n * scale / d).round_dp_with_strategy(places, RoundingStrategy::MidpointAwayFromZero))
}

/// Checks that `row` (a portfolio in `to`) is the sum of `members` as converted, and that its
/// ratios are recomputed from its own sums; answers every departure.
fn departures(
    row: &Value,
    members: &[Value],
    to: &str,
    rate_of: &dyn Fn(&str) -> Decimal,
) -> Vec<String> {
    let mut found = Vec::new();
    for name in MONEY {
        let want = expected(members, to, rate_of, name);
        let got = figure(row, name);
        if want != got {
            found.push(format!("{name}: row {got:?}, members sum to {want:?}"));
        }
    }
    let hundred = Decimal::ONE_HUNDRED;
    let checks = [
        (
            "cpi",
            ratio(figure(row, "ev"), figure(row, "ac"), 4, Decimal::ONE),
        ),
        (
            "spi",
            ratio(figure(row, "ev"), figure(row, "pv"), 4, Decimal::ONE),
        ),
        (
            "cvPercent",
            ratio(figure(row, "cv"), figure(row, "ev"), 2, hundred),
        ),
        (
            "svPercent",
            ratio(figure(row, "sv"), figure(row, "pv"), 2, hundred),
        ),
        (
            "margin",
            ratio(
                figure(row, "profit"),
                figure(row, "actualRevenue"),
                2,
                hundred,
            ),
        ),
    ];
    for (name, want) in checks {
        if figure(row, name) != want {
            found.push(format!(
                "{name}: row {:?}, from the row's sums {want:?}",
                figure(row, name)
            ));
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_portfolio_row_is_the_sum_of_its_members_rows(
        plans in proptest::collection::vec(folio_plan(), 2..5),
        top in 0usize..4,
        sub in 0usize..4,
        rates in proptest::array::uniform4(1u32..5_000_000),
    ) {
        let mut state = State::new();
        let ids: Vec<u64> = plans.iter().enumerate().map(|(i, p)| create_folio(&mut state, p, i)).collect();
        // One rate from every currency into every other, at six decimals: currency i is worth
        // rates[i] / 1,000,000 of EUR, and the pair's rate is their quotient rounded (a stated
        // rate, as a finance user would enter it).
        let worth = |i: usize| Decimal::new(i64::from(rates[i]), 6);
        for (from, from_code) in CURRENCIES.iter().enumerate() {
            for (to, to_code) in CURRENCIES.iter().enumerate() {
                if from == to {
                    continue;
                }
                // At least 2e-7 (1e-6 / 5): never rounded to nothing.
                let rate = (worth(from) / worth(to)).round_dp(10);
                let body = json!({"from": from_code, "to": to_code,
                    "rate": num(&rate.to_string()), "effectiveDate": "2026-01-01"});
                let request = Request::new("PUT", "/budgets/1/exchangerate").json(&body.to_string());
                let response = handle(&mut state, &request, &context());
                prop_assert_eq!(response.status, 200, "{}", response.text());
            }
        }
        let rate_into = |to: &str| {
            let to = CURRENCIES.iter().position(|c| *c == to).unwrap();
            move |from: &str| {
                let from = CURRENCIES.iter().position(|c| *c == from).unwrap();
                if from == to { Decimal::ONE } else { (worth(from) / worth(to)).round_dp(10) }
            }
        };
        // The sub-portfolio holds every folio but the first; the top one holds the first folio
        // and the sub-portfolio.
        let summary = |id: u64| json!({"id": id, "name": "x", "startDate": "2026-01-01", "endDate": "2026-12-31", "owner": "finance", "status": "executing"});
        let top_body = json!({"name": "Top", "currencyCode": CURRENCIES[top], "isPrivate": false, "owner": "finance", "color": "blue", "admins": [], "folios": [summary(ids[0])], "portfolios": []});
        let top_id = call(&mut state, "POST", "/portfolio", Some(&top_body)).as_u64().unwrap();
        let sub_body = json!({"name": "Sub", "currencyCode": CURRENCIES[sub], "isPrivate": false, "owner": "finance", "color": "red", "admins": [], "parentId": top_id, "folios": ids[1..].iter().map(|id| summary(*id)).collect::<Vec<_>>(), "portfolios": []});
        let sub_id = call(&mut state, "POST", "/portfolio", Some(&sub_body)).as_u64().unwrap();
        let as_of = "asOf=2026-06-15";
        let folio_rows: Vec<Value> = ids.iter().map(|id| call(&mut state, "GET", &format!("/folio/{id}/indicators?{as_of}"), None)).collect();
        let sub_row = call(&mut state, "GET", &format!("/portfolio/{sub_id}/indicators?{as_of}"), None);
        let top_row = call(&mut state, "GET", &format!("/portfolio/{top_id}/indicators?{as_of}"), None);
        let sub_departures = departures(&sub_row, &folio_rows[1..], CURRENCIES[sub], &rate_into(CURRENCIES[sub]));
        prop_assert!(sub_departures.is_empty(), "the sub-portfolio in {}: {:?}", CURRENCIES[sub], sub_departures);
        let top_members = vec![folio_rows[0].clone(), sub_row.clone()];
        let top_departures = departures(&top_row, &top_members, CURRENCIES[top], &rate_into(CURRENCIES[top]));
        prop_assert!(top_departures.is_empty(), "the portfolio in {}: {:?}", CURRENCIES[top], top_departures);
    }
}

/// The example the rule was reworded for: two folios whose CV, converted on its own, and CV
/// recomputed from the converted sums, differ by a cent. The portfolio's CV is the former.
#[test]
fn a_derived_figure_is_the_sum_of_the_members_not_derived_again() {
    let mut state = State::new();
    let plans = [
        FolioPlan {
            currency: 1,
            planned_rate: 3_333,
            actual_rate: 2_501,
            actual_cost: 100_001,
            revenue: 0,
            done: true,
            logged: 3,
            with_revenue: false,
        },
        FolioPlan {
            currency: 1,
            planned_rate: 4_447,
            actual_rate: 1_999,
            actual_cost: 33_333,
            revenue: 0,
            done: false,
            logged: 1,
            with_revenue: false,
        },
    ];
    let ids: Vec<u64> = plans
        .iter()
        .enumerate()
        .map(|(i, p)| create_folio(&mut state, p, i))
        .collect();
    let rate =
        json!({"from": "USD", "to": "EUR", "rate": num("0.915"), "effectiveDate": "2026-01-01"});
    call(&mut state, "PUT", "/exchangerate", Some(&rate));
    let summary = |id: u64| json!({"id": id, "name": "x", "startDate": "2026-01-01", "endDate": "2026-12-31", "owner": "finance", "status": "executing"});
    let body = json!({"name": "P", "currencyCode": "EUR", "isPrivate": false, "owner": "finance", "color": "blue", "admins": [], "folios": [summary(ids[0]), summary(ids[1])], "portfolios": []});
    let id = call(&mut state, "POST", "/portfolio", Some(&body))
        .as_u64()
        .unwrap();
    let rows: Vec<Value> = ids
        .iter()
        .map(|i| {
            call(
                &mut state,
                "GET",
                &format!("/folio/{i}/indicators?asOf=2026-06-15"),
                None,
            )
        })
        .collect();
    let row = call(
        &mut state,
        "GET",
        &format!("/portfolio/{id}/indicators?asOf=2026-06-15"),
        None,
    );
    let convert = |value: Decimal| {
        (value * Decimal::new(915, 3))
            .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
    };
    for name in ["cv", "sv", "etc", "vac", "eac"] {
        let members: Decimal = rows.iter().map(|r| convert(figure(r, name).unwrap())).sum();
        assert_eq!(figure(&row, name), Some(members), "{name}: {row}");
    }
    // CV is EV - AC of the members, each converted: not the converted EV sum less the AC sum
    // when those round apart (the row still equals its members' CVs either way).
    let recomputed = figure(&row, "ev").unwrap() - figure(&row, "ac").unwrap();
    let cv = figure(&row, "cv").unwrap();
    assert!(
        (cv - recomputed).abs() <= Decimal::new(2, 2),
        "CV {cv} and EV - AC {recomputed} differ by rounding only"
    );
}

/// A sub-portfolio with nothing the caller may read has no figures: it is no member of its parent,
/// whose earned-value side stays its folios' (found by a review: an empty sub-portfolio made it
/// null).
#[test]
fn an_empty_sub_portfolio_is_no_member() {
    let mut state = State::new();
    let plan = FolioPlan {
        currency: 0,
        planned_rate: 5_000,
        actual_rate: 4_000,
        actual_cost: 10_000,
        revenue: 0,
        done: true,
        logged: 2,
        with_revenue: false,
    };
    let id = create_folio(&mut state, &plan, 0);
    let summary = json!({"id": id, "name": "x", "startDate": "2026-01-01", "endDate": "2026-12-31", "owner": "finance", "status": "executing"});
    let top = json!({"name": "Top", "currencyCode": "EUR", "isPrivate": false, "owner": "finance", "color": "blue", "admins": [], "folios": [summary], "portfolios": []});
    let top = call(&mut state, "POST", "/portfolio", Some(&top))
        .as_u64()
        .unwrap();
    let empty = json!({"name": "Empty", "currencyCode": "EUR", "isPrivate": false, "owner": "finance", "color": "red", "admins": [], "parentId": top, "folios": [], "portfolios": []});
    call(&mut state, "POST", "/portfolio", Some(&empty));
    let folio = call(
        &mut state,
        "GET",
        &format!("/folio/{id}/indicators?asOf=2026-06-15"),
        None,
    );
    let row = call(
        &mut state,
        "GET",
        &format!("/portfolio/{top}/indicators?asOf=2026-06-15"),
        None,
    );
    assert!(figure(&folio, "ev").is_some(), "{folio}");
    let found = departures(&row, &[folio], "EUR", &|_| Decimal::ONE);
    assert!(found.is_empty(), "{found:?}");
}
