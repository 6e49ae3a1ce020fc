//! Folio analytics (S7, S8, S9): worked examples computed by hand in the comments, a textbook
//! earned-value example, baselines and expenditures, the timeline, portfolio rollups, and the
//! properties of the issue.

use std::collections::HashMap;

use chrono::Days;
use costfolio::analytics::baseline::{
    approve, expenditures, latest_covering, list, BaselineError, BaselineSnapshot, Items,
};
use costfolio::analytics::{
    folio_status, indicators, rollup, timeline, validate_folio, CostContext, FolioError,
    FolioTerms, Ledger, Periods,
};
use costfolio::calendar::Calendar;
use costfolio::model::budgeting::{
    Allocation, Baseline, ExpenditureType, Expense, Folio, FolioStatus, HoursPeriod, IndexStatus,
    Indicators, PositionKind, Rate, ScopeItem,
};
use costfolio::model::{from_json, to_json, Id};
use costfolio::schedule::position::{CostBasis, PositionRecord};
use costfolio::schedule::{DailyHours, ExchangeRates, Granularity};
use costfolio::value::{Date, Decimal, Exact};
use costfolio_suite::golden;
use proptest::prelude::*;
use serde_json::{json, Value};

fn d(text: &str) -> Date {
    text.parse().unwrap()
}

fn dec(text: &str) -> Decimal {
    Decimal::from_str_exact(text).unwrap()
}

fn folio(changes: Value) -> Folio {
    let mut body: Value = serde_json::from_str(&golden("folio-create.json")).unwrap();
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    from_json(body.to_string().as_bytes()).unwrap()
}

fn position(
    id: u64,
    kind: PositionKind,
    revenue: bool,
    from: &str,
    to: &str,
    percentage: &str,
    rate: &str,
) -> PositionRecord {
    PositionRecord {
        id: Id::new(id),
        kind,
        revenue,
        allocations: vec![Allocation {
            start_date: d(from),
            end_date: d(to),
            deleted_on: None,
            percentage: percentage.parse().unwrap(),
            id: None,
        }],
        rates: vec![Rate {
            rate: rate.parse().unwrap(),
            start_date: d(from),
            deleted_on: None,
            id: None,
        }],
        hours: vec![],
        ot_rule_id: None,
        deleted_on: None,
    }
}

fn expense(id: u64, kind: &str, category: &str, amount: &str, date: &str) -> Expense {
    let body = format!(
        r#"{{"id":{id},"folioId":1,"name":"e{id}","description":"","type":"t","category":"{category}","kind":"{kind}","amount":{amount},"currencyCode":"EUR","recurrence":{{"kind":".Once","startDate":"{date}"}}}}"#
    );
    from_json(body.as_bytes()).unwrap()
}

fn scope(
    key: &str,
    weight: &str,
    logged: &str,
    remaining: &str,
    done: bool,
    progressive: bool,
) -> ScopeItem {
    ScopeItem {
        key: key.into(),
        weight: weight.parse().unwrap(),
        logged: logged.parse().unwrap(),
        remaining: remaining.parse().unwrap(),
        done,
        progressive,
    }
}

fn money(value: &str) -> Option<Exact> {
    Some(Exact::of(dec(value)))
}

/// Everything a folio's analytics needs, owned.
#[derive(Debug, Clone)]
struct Book {
    folio: Folio,
    calendar: Calendar,
    rates: ExchangeRates,
    synced: HashMap<Id, DailyHours>,
    draft: Items,
    baselines: Vec<BaselineSnapshot>,
    scope: Vec<ScopeItem>,
}

impl Book {
    fn new(folio: Folio, draft: Items) -> Book {
        Book {
            folio,
            calendar: Calendar::default(),
            rates: ExchangeRates::new(),
            synced: HashMap::new(),
            draft,
            baselines: vec![],
            scope: vec![],
        }
    }

    fn terms(&self) -> FolioTerms<'_> {
        FolioTerms::new(&self.folio, &self.calendar).unwrap()
    }

    /// (costs, revenues, actual) ledgers at `as_of` by `granularity` (S8.4, S8.5).
    fn ledgers(&self, as_of: Date, granularity: Granularity) -> (Ledger, Ledger, Ledger) {
        let terms = self.terms();
        let basis = CostBasis::new(terms.frame(), &self.calendar);
        let own = HashMap::new();
        let context = CostContext {
            basis: &basis,
            rates: &self.rates,
            overtime_rules: &[],
            synced: &self.synced,
            own_bases: &own,
        };
        let periods = Periods::new(terms.period, granularity, as_of);
        let source =
            |flow| latest_covering(&self.baselines, flow).map_or(&self.draft, |b| &b.items);
        let build = |items: &Items| Ledger::of_items(periods.clone(), items, &context).unwrap();
        (
            build(source(costfolio::analytics::Flow::PlannedCost)),
            build(source(costfolio::analytics::Flow::PlannedRevenue)),
            build(&self.draft),
        )
    }

    fn indicators(&self, as_of: &str) -> Indicators {
        let (costs, revenues, actual) = self.ledgers(d(as_of), Granularity::Month);
        indicators(&self.terms(), &costs, &revenues, &actual, &self.scope).unwrap()
    }
}

/// The worked example: a four-week folio, 2 to 27 March 2026 (20 working days), EUR, reserve 10%,
/// contingency 5%, tolerance 20%, with revenues and earned value.
fn worked_example() -> Book {
    let f = folio(
        json!({"startDate": "2026-03-02", "endDate": "2026-03-27", "currencyCode": "EUR",
                         "reserve": 10, "contingency": 5, "tolerance": 20,
                         "withRevenue": true, "withEarned": true}),
    );
    let draft = Items {
        positions: vec![
            // Planned cost: 100% x 8 h x 50 = 400.00 a working day, 20 days = 8,000.00.
            position(
                1,
                PositionKind::PlannedPositionByTimeFrame,
                false,
                "2026-03-02",
                "2026-03-27",
                "100",
                "50",
            ),
            // Planned revenue: 50% x 8 h x 100 = 400.00 a day = 8,000.00.
            position(
                2,
                PositionKind::PlannedPositionByTimeFrame,
                true,
                "2026-03-02",
                "2026-03-27",
                "50",
                "100",
            ),
            // Actual cost: a team member, 100% x 8 h x 60 = 480.00 a day.
            position(
                3,
                PositionKind::TeamMember,
                false,
                "2026-03-02",
                "2026-03-27",
                "100",
                "60",
            ),
            // Actual revenue: 50% x 8 h x 100 = 400.00 a day.
            position(
                4,
                PositionKind::ConsultingRevenue,
                false,
                "2026-03-02",
                "2026-03-27",
                "50",
                "100",
            ),
        ],
        expenses: vec![
            // Planned cost of 2,000.00 on 16 March: BAC = 8,000 + 2,000 = 10,000.00.
            expense(11, ".PlannedExpense", "CAPEX", "2000", "2026-03-16"),
            // Actual cost of 500.00 on 5 March.
            expense(12, ".ActualExpense", "OPEX", "500", "2026-03-05"),
        ],
    };
    let mut book = Book::new(f, draft);
    // Earned weight: A done (3) + B progressive 2 of 8 logged (5 x 0.25 = 1.25) + C nothing = 4.25
    // of 10: progress 0.425.
    book.scope = vec![
        scope("A-1", "3", "0", "0", true, false),
        scope("A-2", "5", "2", "6", false, true),
        scope("A-3", "2", "9", "0", false, false),
    ];
    book
}

#[test]
fn indicators_of_the_worked_example_line_by_line() {
    let i = worked_example().indicators("2026-03-13");
    // asOf is Friday 13 March: 10 of 20 working days have passed.
    assert_eq!(i.bac, Exact::of(dec("10000.00"))); // 8,000 + 2,000
    assert_eq!(i.planned_cost_to_date, Exact::of(dec("4000.00"))); // 10 x 400; the expense is later
    assert_eq!(i.pv, money("5000.00")); // 10,000 x 10 / 20
    assert_eq!(i.ac, Exact::of(dec("5300.00"))); // 10 x 480 + 500
    assert_eq!(i.ev, money("4250.00")); // 10,000 x 0.425
    assert_eq!(i.cv, money("-1050.00")); // 4,250 - 5,300
    assert_eq!(i.sv, money("-750.00")); // 4,250 - 5,000
    assert_eq!(i.cpi, money("0.8019")); // 4,250 / 5,300 = 0.80188...
    assert_eq!(i.spi, money("0.8500")); // 4,250 / 5,000
    assert_eq!(i.cv_percent, money("-24.71")); // -1,050 / 4,250 = -0.24705...
    assert_eq!(i.sv_percent, money("-15.00")); // -750 / 5,000
    assert_eq!(i.eac, money("12470.59")); // 10,000 x 5,300 / 4,250 = 12,470.588...
    assert_eq!(i.etc, money("7170.59")); // 12,470.59 - 5,300
    assert_eq!(i.vac, money("-2470.59")); // 10,000 - 12,470.59
    assert_eq!(i.tcpi, money("1.2234")); // (10,000 - 4,250) / (10,000 - 5,300) = 1.22340...
                                         // Tolerance 20%: amber from 0.8 up to 1.
    assert_eq!(i.cpi_status, IndexStatus::Amber);
    assert_eq!(i.spi_status, IndexStatus::Amber);
    assert_eq!(i.reserve, Exact::of(dec("1000.00"))); // 10% of BAC
    assert_eq!(i.contingency, Exact::of(dec("500.00"))); // 5% of 10,000
    assert_eq!(i.contingency_to_date, Exact::of(dec("200.00"))); // 5% of 4,000
    assert_eq!(i.eac_known, Exact::of(dec("10100.00"))); // 20 x 480 + 500
    assert_eq!(i.planned_revenue, money("8000.00"));
    assert_eq!(i.actual_revenue, money("4000.00")); // 10 x 400
    assert_eq!(i.profit, money("-1300.00")); // 4,000 - 5,300
    assert_eq!(i.margin, money("-32.50")); // -1,300 / 4,000
    assert_eq!(i.status, Some(FolioStatus::Executing));
    let wire = to_json(&i);
    assert!(
        wire.contains(r#""cpi":0.8019"#) && wire.contains(r#""cpiStatus":"amber""#),
        "{wire}"
    );
}

#[test]
fn the_textbook_fence_example() {
    // Rita Mulcahy, PMP Exam Prep, the earned-value exercise of the four-sided fence (cited as
    // p. 210): four sides of $1,000, one a day; at the end of day 3, sides 1 and 2 are done (spent
    // $1,000 and $1,200), side 3 is half done (spent $600), side 4 not started. The book gives
    // PV 3,000, EV 2,500, AC 2,800, BAC 4,000, CV -300, CPI .893, SV -500, SPI .833, and, from the
    // rounded CPI, EAC 4,479, ETC 1,679, VAC -479. S9.4 computes EAC = BAC x AC / EV exactly:
    // 4,000 x 2,800 / 2,500 = 4,480.00, so ETC 1,680.00 and VAC -480.00.
    let f = folio(
        json!({"startDate": "2026-03-02", "endDate": "2026-03-05", "currencyCode": "USD", "withEarned": true}),
    );
    let mut builder = position(
        2,
        PositionKind::TeamMember,
        false,
        "2026-03-02",
        "2026-03-05",
        "0",
        "100",
    );
    builder.hours = vec![
        HoursPeriod {
            ot_effort: "0".parse().unwrap(),
            start_date: d("2026-03-02"),
            end_date: d("2026-03-02"),
            deleted_on: None,
            reporter: None,
            effort: "10".parse().unwrap(),
            id: None,
        },
        HoursPeriod {
            ot_effort: "0".parse().unwrap(),
            start_date: d("2026-03-03"),
            end_date: d("2026-03-03"),
            deleted_on: None,
            reporter: None,
            effort: "12".parse().unwrap(),
            id: None,
        },
        HoursPeriod {
            ot_effort: "0".parse().unwrap(),
            start_date: d("2026-03-04"),
            end_date: d("2026-03-04"),
            deleted_on: None,
            reporter: None,
            effort: "6".parse().unwrap(),
            id: None,
        },
    ];
    let draft = Items {
        // The plan: $1,000 a day = 8 h at 125.
        positions: vec![
            position(
                1,
                PositionKind::PlannedPositionByTimeFrame,
                false,
                "2026-03-02",
                "2026-03-05",
                "100",
                "125",
            ),
            builder,
        ],
        expenses: vec![],
    };
    let mut book = Book::new(f, draft);
    book.scope = vec![
        scope("side-1", "1000", "0", "0", true, false),
        scope("side-2", "1000", "0", "0", true, false),
        scope("side-3", "1000", "1", "1", false, true),
        scope("side-4", "1000", "0", "1", false, true),
    ];
    let i = book.indicators("2026-03-04");
    assert_eq!(
        (i.bac, i.pv, i.ev, i.ac),
        (
            Exact::of(dec("4000")),
            money("3000"),
            money("2500"),
            Exact::of(dec("2800"))
        )
    );
    assert_eq!((i.cv, i.sv), (money("-300"), money("-500")));
    assert_eq!((i.cpi, i.spi), (money("0.8929"), money("0.8333")));
    assert_eq!(
        (i.eac, i.etc, i.vac),
        (money("4480.00"), money("1680.00"), money("-480.00"))
    );
}

#[test]
fn without_earned_value_or_revenues_their_figures_are_null() {
    let mut book = worked_example();
    book.folio.with_earned = false;
    book.folio.with_revenue = false;
    let i = book.indicators("2026-03-13");
    assert_eq!(
        (i.ev, i.cv, i.sv, i.cpi, i.spi, i.eac, i.etc, i.vac, i.tcpi),
        (None, None, None, None, None, None, None, None, None)
    );
    assert_eq!(
        (i.cpi_status, i.spi_status),
        (IndexStatus::Grey, IndexStatus::Grey)
    );
    assert_eq!(
        (i.planned_revenue, i.actual_revenue, i.profit, i.margin),
        (None, None, None, None)
    );
    let wire = to_json(&i);
    assert!(
        wire.contains(r#""ev":null"#) && wire.contains(r#""margin":null"#),
        "{wire}"
    );
}

#[test]
fn divisions_by_zero_are_null_never_errors() {
    // Before the folio starts: nothing spent (AC 0), PV 0.
    let i = worked_example().indicators("2026-02-01");
    assert_eq!(i.ac, Exact::of(dec("0.00")));
    assert_eq!(i.pv, money("0.00"));
    assert_eq!(
        (i.cpi, i.spi, i.eac, i.sv_percent),
        (None, None, None, None)
    );
    assert_eq!(i.cpi_status, IndexStatus::Grey);
    assert_eq!(i.status, Some(FolioStatus::Pending));
    // A folio with no working day at all (a weekend) has no PV.
    let mut book = worked_example();
    book.folio.start_date = d("2026-03-07");
    book.folio.end_date = d("2026-03-08");
    book.draft = Items::default();
    let i = book.indicators("2026-03-08");
    assert_eq!(i.pv, None);
}

#[test]
fn folio_status_follows_as_of() {
    // S7.1
    let (start, end) = (d("2026-01-01"), d("2026-12-31"));
    assert_eq!(
        folio_status(start, end, None, d("2025-12-31")),
        FolioStatus::Pending
    );
    assert_eq!(
        folio_status(start, end, None, d("2026-01-01")),
        FolioStatus::Executing
    );
    assert_eq!(
        folio_status(start, end, None, d("2026-12-31")),
        FolioStatus::Executing
    );
    assert_eq!(
        folio_status(start, end, None, d("2027-01-01")),
        FolioStatus::Expired
    );
    assert_eq!(
        folio_status(start, end, Some(d("2026-06-30")), d("2026-06-30")),
        FolioStatus::Closed
    );
    assert_eq!(
        folio_status(start, end, Some(d("2026-06-30")), d("2026-06-29")),
        FolioStatus::Executing
    );
}

#[test]
fn folio_refusals_name_their_fields() {
    // S7.2
    let mut f = folio(json!({}));
    f.description = "x".repeat(501);
    f.end_date = d("2026-12-31");
    f.start_date = d("2027-01-01");
    f.name = " ".into();
    let errors = validate_folio(&f).unwrap_err();
    let fields: Vec<&str> = errors.iter().map(FolioError::field).collect();
    assert_eq!(fields, ["name", "description", "endDate"]);
    assert_eq!(
        errors[1].to_string(),
        "description may have at most 500 characters, got 501"
    );
    f.description = "x".repeat(500);
    f.name = "ok".into();
    f.end_date = d("2027-01-01");
    assert!(validate_folio(&f).is_ok());
}

fn meta(id: u64, kind: ExpenditureType, created: &str) -> Baseline {
    Baseline {
        id: Id::new(id),
        folio_id: Id::new(1),
        name: format!("b{id}"),
        approved_by: "owner".into(),
        created: d(created),
        expenditure_type: kind,
        description: None,
        deleted_on: None,
    }
}

#[test]
fn baselines_freeze_the_draft_and_refuse_when_nothing_changed() {
    // S8.1, S8.2
    let mut book = worked_example();
    let budget = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(1, ExpenditureType::Budget, "2026-03-01"),
    )
    .unwrap();
    // BUDGET freezes planned costs and revenues: positions 1, 2 and the planned expense 11.
    let ids: Vec<u64> = budget.items.positions.iter().map(|p| p.id.get()).collect();
    assert_eq!(ids, [1, 2]);
    assert_eq!(budget.items.expenses.len(), 1);
    assert_eq!(budget.items.expenses[0].baseline_id, Some(Id::new(1)));
    book.baselines.push(budget);
    let again = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(2, ExpenditureType::Budget, "2026-03-02"),
    )
    .unwrap_err();
    assert_eq!(
        again,
        BaselineError::NothingChanged {
            id: Id::new(1),
            name: "b1".into()
        }
    );
    assert_eq!(
        again.to_string(),
        "Nothing changed since baseline \"b1\" (1): there is nothing new to approve"
    );
    // PLANNED, REVENUE and ACTUAL freeze their own sides.
    let planned = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(2, ExpenditureType::Planned, "2026-03-02"),
    )
    .unwrap();
    assert_eq!(
        planned
            .items
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [1]
    );
    let revenue = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(3, ExpenditureType::Revenue, "2026-03-02"),
    )
    .unwrap();
    assert_eq!(
        revenue
            .items
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [2]
    );
    let actual = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(4, ExpenditureType::Actual, "2026-03-02"),
    )
    .unwrap();
    assert_eq!(
        actual
            .items
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [3, 4]
    );
    // After a change to the draft, a new BUDGET is accepted.
    book.draft.positions[0].rates[0].rate = "55".parse().unwrap();
    assert!(approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(5, ExpenditureType::Budget, "2026-03-03")
    )
    .is_ok());
}

#[test]
fn baselines_are_listed_by_side() {
    // S8.3
    let book = worked_example();
    let mut all = Vec::new();
    for (id, kind) in [
        (1, ExpenditureType::Budget),
        (2, ExpenditureType::Planned),
        (3, ExpenditureType::Revenue),
        (4, ExpenditureType::Actual),
    ] {
        all.push(approve(&book.draft, &[], &all, meta(id, kind, "2026-03-01")).unwrap());
    }
    let ids = |all: &[BaselineSnapshot], costs, revenues| {
        list(all, costs, revenues)
            .iter()
            .map(|b| b.id.get())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&all, true, false), [1, 2, 4]);
    assert_eq!(ids(&all, false, true), [1, 3, 4]);
    assert_eq!(ids(&all, true, true), [1, 2, 3, 4]);
    assert!(ids(&all, false, false).is_empty());
    all[0].baseline.deleted_on = Some(d("2026-03-05"));
    assert_eq!(ids(&all, true, false), [2, 4]);
}

#[test]
fn expenditures_come_from_the_baseline_or_the_draft() {
    // S8.4, S8.5
    let mut book = worked_example();
    let budget = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(1, ExpenditureType::Budget, "2026-03-01"),
    )
    .unwrap();
    book.baselines.push(budget);
    // Editing the draft afterwards: the planned cost position's rate goes to 70.
    book.draft.positions[0].rates[0].rate = "70".parse().unwrap();
    let planned = expenditures(&book.draft, &book.baselines, None, false, false).unwrap();
    assert_eq!(
        planned.positions[0].rates[0].rate.to_string(),
        "50",
        "the latest covering baseline"
    );
    let named = expenditures(&book.draft, &book.baselines, Some(Id::new(1)), false, true).unwrap();
    assert_eq!(
        named
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [2]
    );
    // BAC still comes from the baseline: 10,000.00, not 8 h x 70 x 20 + 2,000.
    assert_eq!(
        book.indicators("2026-03-13").bac,
        Exact::of(dec("10000.00"))
    );
    // Actual expenditures are current, deleted ones excluded.
    book.draft.expenses[1].deleted_on = Some(d("2026-03-20"));
    let actual = expenditures(&book.draft, &book.baselines, None, true, false).unwrap();
    assert_eq!(
        actual
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [3]
    );
    assert!(actual.expenses.is_empty());
    assert_eq!(
        expenditures(&book.draft, &book.baselines, Some(Id::new(9)), false, false),
        Err(BaselineError::NotFound { id: Id::new(9) })
    );
}

#[test]
fn the_timeline_by_week_adds_up_to_the_indicators() {
    let book = worked_example();
    let (costs, revenues, actual) = book.ledgers(d("2026-03-13"), Granularity::Week);
    let t = timeline(&book.terms(), &costs, &revenues, &actual, &book.scope).unwrap();
    let i = book.indicators("2026-03-13");
    assert_eq!(t.len(), 4);
    // Week 1: 5 x 400 planned; 5 x 480 + 500 actual; PV 10,000 x 5 / 20 = 2,500.
    assert_eq!((t[0].start, t[0].end), (d("2026-03-02"), d("2026-03-08")));
    assert_eq!(t[0].planned_cost, Exact::of(dec("2000.00")));
    assert_eq!(t[0].actual_cost, Exact::of(dec("2900.00")));
    assert_eq!(t[0].pv, money("2500.00"));
    assert_eq!(t[0].contingency, Exact::of(dec("100.00")));
    // Week 3 holds the planned expense: 2,000 + 2,000.
    assert_eq!(t[2].planned_cost, Exact::of(dec("4000.00")));
    // EV shows for the buckets beginning on or before asOf.
    assert_eq!((t[1].ev, t[2].ev), (money("4250.00"), None));
    // The cumulative figures end at the totals, and the lines add up to them.
    let last = t.last().unwrap();
    assert_eq!(last.pv, Some(i.bac));
    assert_eq!(last.ac, i.eac_known);
    let sum = |f: fn(&costfolio::model::budgeting::TimelineBucket) -> Decimal| {
        t.iter().map(f).sum::<Decimal>()
    };
    assert_eq!(sum(|b| b.planned_cost.get()), i.bac.get());
    assert_eq!(sum(|b| b.contingency.get()), i.contingency.get());
    assert_eq!(
        sum(|b| b.planned_revenue.unwrap().get()),
        i.planned_revenue.unwrap().get()
    );
}

#[test]
fn a_portfolio_rolls_up_in_its_currency_with_ratios_from_sums() {
    // S9.9
    let a = worked_example().indicators("2026-03-13");
    let rates = ExchangeRates::new();
    let one = rollup(
        &[&a],
        "EUR".parse().unwrap(),
        d("2026-03-13"),
        &rates,
        dec("20"),
    )
    .unwrap();
    let mut folio_figures = a.clone();
    folio_figures.status = None;
    assert_eq!(
        one, folio_figures,
        "a portfolio of one folio in its currency reports the folio"
    );

    // Two folios: the worked example and one in USD converted at 0.5 EUR per USD.
    let mut usd = ExchangeRates::new();
    usd.put(
        "USD".parse().unwrap(),
        "EUR".parse().unwrap(),
        d("2026-01-01"),
        "0.5".parse().unwrap(),
    );
    let mut b = a.clone();
    b.currency_code = "USD".parse().unwrap();
    let two = rollup(
        &[&a, &b],
        "EUR".parse().unwrap(),
        d("2026-03-13"),
        &usd,
        dec("20"),
    )
    .unwrap();
    // BAC 10,000 + 5,000; EV 4,250 + 2,125; AC 5,300 + 2,650.
    assert_eq!(two.bac, Exact::of(dec("15000.00")));
    assert_eq!(two.ev, money("6375.00"));
    assert_eq!(two.ac, Exact::of(dec("7950.00")));
    // CPI from the sums: 6,375 / 7,950 = 0.8019 (the same ratio, as both folios perform alike).
    assert_eq!(two.cpi, money("0.8019"));
    // S9.9: EAC is the sum of the members' own, each forecast by its own performance:
    // 12,470.59 EUR + 12,470.59 USD x 0.5 = 6,235.30 EUR, so 18,705.89, where BAC over the summed
    // CPI (15,000 x 7,950 / 6,375) would give 18,705.88. ETC and VAC follow from it.
    assert_eq!(a.eac, money("12470.59"));
    assert_eq!(two.eac, money("18705.89"));
    assert_eq!(two.etc, money("10755.89"), "EAC - AC = 18,705.89 - 7,950");
    assert_eq!(two.vac, money("-3705.89"), "BAC - EAC = 15,000 - 18,705.89");
    // A member without an EAC makes the portfolio's null (S9.9).
    // (A folio without an EAC has no ETC or VAC either.)
    let mut unforecast = a.clone();
    unforecast.eac = None;
    unforecast.etc = None;
    unforecast.vac = None;
    let partial = rollup(
        &[&a, &unforecast],
        "EUR".parse().unwrap(),
        d("2026-03-13"),
        &rates,
        dec("20"),
    )
    .unwrap();
    assert_eq!((partial.eac, partial.etc, partial.vac), (None, None, None));

    // Ratios are not averaged: a folio with CPI 2 and one with CPI 0.5 of very different sizes.
    let mut big = a.clone();
    big.ev = money("100");
    big.ac = Exact::of(dec("200"));
    let mut small = a.clone();
    small.ev = money("10");
    small.ac = Exact::of(dec("5"));
    let mixed = rollup(
        &[&big, &small],
        "EUR".parse().unwrap(),
        d("2026-03-13"),
        &rates,
        dec("20"),
    )
    .unwrap();
    assert_eq!(mixed.cpi, money("0.5366")); // 110 / 205 = 0.53658..., not (0.5 + 2) / 2 = 1.25
                                            // A member without EV makes the portfolio's EV null.
    let mut without = a.clone();
    without.ev = None;
    let partial = rollup(
        &[&a, &without],
        "EUR".parse().unwrap(),
        d("2026-03-13"),
        &rates,
        dec("20"),
    )
    .unwrap();
    assert_eq!((partial.ev, partial.cpi), (None, None));
    // A missing rate is an error naming both currencies.
    assert!(rollup(
        &[&b],
        "EUR".parse().unwrap(),
        d("2026-03-13"),
        &rates,
        dec("20")
    )
    .is_err());
}

// Properties --------------------------------------------------------------------------------

prop_compose! {
    fn any_book()(
        positions in proptest::collection::vec((0u8..4, 0u64..300, 1u64..300, 0u32..=100, 1u32..20_000), 1..6),
        expenses in proptest::collection::vec((0u8..4, 0u64..360, 1u32..1_000_000), 0..6),
        folio_len in 20u64..400,
    ) -> Book {
        let start = d("2026-01-05");
        let day = |n: u64| Date::from_naive(start.naive().checked_add_days(Days::new(n)).unwrap());
        let kinds = [(PositionKind::PlannedPositionByTimeFrame, false), (PositionKind::PlannedPositionByTimeFrame, true), (PositionKind::TeamMember, false), (PositionKind::ConsultingRevenue, false)];
        let positions = positions.into_iter().enumerate().map(|(i, (k, from, len, pct, rate))| {
            let (kind, revenue) = kinds[k as usize];
            position(i as u64 + 1, kind, revenue, &day(from).to_string(), &day(from + len).to_string(), &pct.to_string(), &Decimal::new(i64::from(rate), 2).to_string())
        }).collect();
        let expense_kinds = [(".PlannedExpense", "OPEX"), (".PlannedRevenue", "OPERATING"), (".ActualExpense", "CAPEX"), (".ActualRevenue", "NON_OPERATING")];
        let expenses = expenses.into_iter().enumerate().map(|(i, (k, at, cents))| {
            let (kind, category) = expense_kinds[k as usize];
            expense(i as u64 + 100, kind, category, &Decimal::new(i64::from(cents), 2).to_string(), &day(at).to_string())
        }).collect();
        let f = folio(json!({"startDate": start.to_string(), "endDate": day(folio_len).to_string(),
                             "currencyCode": "EUR", "contingency": 7.5, "reserve": 3, "withRevenue": true}));
        Book::new(f, Items { positions, expenses })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn pv_never_decreases_and_reaches_bac_at_the_end(book in any_book(), steps in proptest::collection::vec(0u64..420, 1..8)) {
        let mut days: Vec<u64> = steps;
        days.sort_unstable();
        let start = book.folio.start_date;
        let mut last = Decimal::MIN;
        for n in days {
            let as_of = Date::from_naive(start.naive().checked_add_days(Days::new(n)).unwrap());
            let pv = book.indicators(&as_of.to_string()).pv.unwrap().get();
            prop_assert!(pv >= last, "PV fell to {} on {}", pv, as_of);
            last = pv;
        }
        let at_end = book.indicators(&book.folio.end_date.to_string());
        prop_assert_eq!(at_end.pv, Some(at_end.bac));
    }

    #[test]
    fn timeline_cumulatives_end_at_the_totals_and_lines_add_up(book in any_book(), as_of in 0u64..420, g in prop_oneof![Just(Granularity::Day), Just(Granularity::Week), Just(Granularity::Month)]) {
        let as_of = Date::from_naive(book.folio.start_date.naive().checked_add_days(Days::new(as_of)).unwrap());
        let (costs, revenues, actual) = book.ledgers(as_of, g);
        let t = timeline(&book.terms(), &costs, &revenues, &actual, &book.scope).unwrap();
        let i = indicators(&book.terms(), &costs, &revenues, &actual, &book.scope).unwrap();
        let last = t.last().unwrap();
        prop_assert_eq!(last.pv, Some(i.bac));
        prop_assert_eq!(last.ac, i.eac_known);
        prop_assert_eq!(t.iter().map(|b| b.planned_cost.get()).sum::<Decimal>(), i.bac.get());
        prop_assert_eq!(t.iter().map(|b| b.actual_cost.get()).sum::<Decimal>(), i.eac_known.get());
        prop_assert_eq!(t.iter().map(|b| b.contingency.get()).sum::<Decimal>(), i.contingency.get());
        prop_assert_eq!(t.iter().map(|b| b.planned_revenue.unwrap().get()).sum::<Decimal>(), i.planned_revenue.unwrap().get());
        prop_assert_eq!(t.first().unwrap().start, book.folio.start_date);
        prop_assert_eq!(last.end, book.folio.end_date);
        // The figures to date are the sums of whole periods on or before asOf.
        let to_date: Decimal = t.iter().filter(|b| b.end <= as_of).map(|b| b.actual_cost.get()).sum();
        prop_assert!(i.ac.get() >= to_date);
    }

    #[test]
    fn a_portfolio_of_one_folio_reports_the_folio(book in any_book(), as_of in 0u64..420) {
        let as_of = Date::from_naive(book.folio.start_date.naive().checked_add_days(Days::new(as_of)).unwrap());
        let mut i = book.indicators(&as_of.to_string());
        let one = rollup(&[&i], i.currency_code, as_of, &ExchangeRates::new(), book.folio.tolerance.get()).unwrap();
        i.status = None;
        prop_assert_eq!(one, i);
    }

    #[test]
    fn editing_the_draft_never_changes_an_approved_baseline(book in any_book(), new_rate in 1u32..50_000, delete in any::<bool>()) {
        let mut book = book;
        let snapshot = approve(&book.draft, &[], &[], meta(1, ExpenditureType::Budget, "2026-01-01")).unwrap();
        book.baselines.push(snapshot);
        let before = expenditures(&book.draft, &book.baselines, Some(Id::new(1)), false, false).unwrap();
        let bac_before = book.indicators("2026-06-30").bac;
        for p in &mut book.draft.positions {
            p.rates[0].rate = Decimal::new(i64::from(new_rate), 2).to_string().parse().unwrap();
            if delete { p.deleted_on = Some(d("2026-02-01")); }
        }
        for e in &mut book.draft.expenses {
            e.amount = "1".parse().unwrap();
        }
        prop_assert_eq!(expenditures(&book.draft, &book.baselines, Some(Id::new(1)), false, false).unwrap(), before);
        prop_assert_eq!(book.indicators("2026-06-30").bac, bac_before);
    }
}
