//! A folio's indicators (S7, S9): the worked example line by line and a textbook earned-value
//! example, computed by hand in the comments; null figures, the folio's status and refusals; the
//! timeline; and portfolio rollups.

use crate::analytics_book;

use analytics_book::{d, dec, folio, money, position, scope, worked_example, Book};
use costfolio::analytics::baseline::Items;
use costfolio::analytics::{folio_status, rollup, timeline, validate_folio, FolioError};
use costfolio::model::budgeting::{FolioStatus, HoursPeriod, IndexStatus, PositionKind};
use costfolio::model::to_json;
use costfolio::schedule::{ExchangeRates, Granularity};
use costfolio::value::{Decimal, Exact};
use serde_json::json;

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

#[test]
fn the_timeline_by_week_adds_up_to_the_indicators() {
    let book = worked_example();
    let (costs, revenues, actual) = book.ledgers(d("2026-03-13"), Granularity::Week);
    let t = timeline(
        &book.terms(),
        &costs,
        &revenues,
        &actual,
        &book.scope_history(),
    )
    .unwrap();
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
    // A portfolio names no method: its members may have different ones (S9.10).
    folio_figures.planned_value_method = None;
    folio_figures.eac_method = None;
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
