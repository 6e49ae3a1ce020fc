//! The folio book: a change applied to a book costs only the item it touches, and gives
//! exactly the figures of a book built afresh from the same items; a refused change changes
//! nothing.

use chrono::Days;
use costfolio::analytics::baseline::{approve, ApprovedFrame, BaselineSnapshot, Items};
use costfolio::analytics::{
    BookError, BookParts, CaughtUp, Change, FolioBook, ItemKey, PlannedSide,
};
use costfolio::calendar::{Calendar, Holiday, HolidayKind, HolidayScheme, WorkloadScheme};
use costfolio::model::budgeting::{
    Allocation, Baseline, ExpenditureType, Expense, Folio, PositionKind, Rate,
};
use costfolio::model::{from_json, to_json, Id};
use costfolio::schedule::position::PositionRecord;
use costfolio::schedule::{ExchangeRates, Granularity};
use costfolio::value::{Date, Decimal, HourlyRate, Percentage};
use costfolio_suite::golden;
use proptest::prelude::*;

fn day(offset: u64) -> Date {
    let origin: Date = "2026-01-01".parse().unwrap();
    Date::from_naive(origin.naive().checked_add_days(Days::new(offset)).unwrap())
}

fn folio() -> Folio {
    let mut body: serde_json::Value = serde_json::from_str(&golden("folio-create.json")).unwrap();
    body["startDate"] = "2026-01-01".into();
    body["endDate"] = "2027-12-31".into();
    body["currencyCode"] = "EUR".into();
    body["withRevenue"] = true.into();
    body["withEarned"] = false.into();
    from_json(body.to_string().as_bytes()).unwrap()
}

/// Position `i` (kinds, periods and rates vary with `i`), its rate scaled by `scale` percent.
fn position(i: u64, scale: u64) -> PositionRecord {
    let (kind, revenue) = match i % 5 {
        0 | 1 => (PositionKind::PlannedPositionByTimeFrame, false),
        2 => (PositionKind::PlannedPositionByTimeFrame, true),
        3 => (PositionKind::TeamMember, false),
        _ => (PositionKind::ConsultingRevenue, false),
    };
    PositionRecord {
        id: Id::new(i + 1),
        kind,
        revenue,
        allocations: vec![Allocation {
            start_date: day((i * 37) % 200),
            end_date: day(700 - (i * 53) % 300),
            deleted_on: None,
            percentage: Percentage::new(Decimal::from(20 + i % 81)).unwrap(),
            id: None,
        }],
        rates: vec![Rate {
            rate: HourlyRate::new(Decimal::new(((4_000 + i * 311) * scale) as i64, 4)).unwrap(),
            start_date: day(0),
            deleted_on: None,
            id: None,
        }],
        hours: vec![],
        ot_rule_id: None,
        deleted_on: None,
        realises: None,
        complete: false,
        estimate: None,
    }
}

/// Expense `i`, its amount `amount` cents.
fn expense(i: u64, amount: u64) -> Expense {
    let kinds = [
        (".PlannedExpense", "OPEX"),
        (".ActualExpense", "CAPEX"),
        (".PlannedRevenue", "OPERATING"),
        (".ActualRevenue", "NON_OPERATING"),
    ];
    let (kind, category) = kinds[(i % 4) as usize];
    let recurrence = match i % 2 {
        0 => format!(r#"{{"kind":".Once","startDate":"{}"}}"#, day(i * 13 % 700)),
        _ => format!(
            r#"{{"kind":".Monthly","startDate":"{}","occurrences":{}}}"#,
            day(i * 7 % 300),
            2 + i % 12
        ),
    };
    let currency = if i % 3 == 0 { "USD" } else { "EUR" };
    let body = format!(
        r#"{{"id":{},"folioId":1,"name":"e{i}","description":"","type":"t","category":"{category}","kind":"{kind}","amount":{}.{:02},"currencyCode":"{currency}","recurrence":{recurrence}}}"#,
        i + 1_000,
        amount / 100,
        amount % 100,
    );
    from_json(body.as_bytes()).unwrap()
}

fn book(draft: Items) -> FolioBook {
    book_with(draft, vec![])
}

fn book_with(draft: Items, baselines: Vec<std::sync::Arc<BaselineSnapshot>>) -> FolioBook {
    FolioBook::new(parts(draft, baselines, "0.91"))
}

/// What a book is built from: `draft`, `baselines`, and USD converted at `usd`.
fn parts(draft: Items, baselines: Vec<std::sync::Arc<BaselineSnapshot>>, usd: &str) -> BookParts {
    let holidays =
        (0..10u64).map(|i| Holiday::new(HolidayKind::Floating, day(i * 60 + 3), 28_800).unwrap());
    let mut rates = ExchangeRates::new();
    rates.put(
        "USD".parse().unwrap(),
        "EUR".parse().unwrap(),
        day(0),
        usd.parse().unwrap(),
    );
    BookParts {
        folio: folio(),
        calendar: Calendar::new(WorkloadScheme::standard(), HolidayScheme::new(holidays)),
        own_calendars: vec![],
        rates,
        overtime_rules: vec![],
        synced: Default::default(),
        scope: Default::default(),
        draft,
        baselines,
        baseline_calendars: vec![],
        baseline_folio_calendars: vec![],
    }
}

fn items() -> Items {
    Items {
        positions: (0..12).map(|i| position(i, 100)).collect(),
        expenses: (0..16).map(|i| expense(i, 10_000 + i * 977)).collect(),
    }
}

/// The book's figures at `as_of`: indicators, the monthly, weekly and daily timeline, as JSON
/// (the daily one has more periods than a summed ledger keeps series for).
fn figures(book: &mut FolioBook, as_of: Date) -> [String; 4] {
    let indicators = book.indicators(as_of, PlannedSide::Latest).unwrap();
    let months = book
        .timeline(as_of, Granularity::Month, PlannedSide::Latest)
        .unwrap();
    let weeks = book
        .timeline(as_of, Granularity::Week, PlannedSide::Latest)
        .unwrap();
    let days = book
        .timeline(as_of, Granularity::Day, PlannedSide::Latest)
        .unwrap();
    [
        to_json(&indicators),
        to_json(&months),
        to_json(&weeks),
        to_json(&days),
    ]
}

/// The keys of every item of `items`.
fn keys(items: &Items) -> Vec<ItemKey> {
    let positions = items.positions.iter().map(|p| ItemKey::Position(p.id));
    let expenses = items
        .expenses
        .iter()
        .filter_map(|e| e.id.map(ItemKey::Expense));
    positions.chain(expenses).collect()
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        (0..16u64, 1..400u64).prop_map(|(i, scale)| Change::PutPosition(position(i, scale))),
        (0..20u64, 1..5_000_000u64).prop_map(|(i, amount)| Change::PutExpense(expense(i, amount))),
        (0..16u64).prop_map(|i| Change::RemovePosition(Id::new(i + 1))),
        (0..20u64).prop_map(|i| Change::RemoveExpense(Id::new(i + 1_000))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// After every change, the kept ledgers give exactly what a book built afresh from the same
    /// items gives: the change recosted one item, and nothing else moved.
    #[test]
    fn applied_changes_give_the_figures_of_a_fresh_book(
        changes in proptest::collection::vec(change(), 1..12),
        as_of in 0..730u64,
        primed in any::<bool>(),
    ) {
        let as_of = day(as_of);
        let mut live = book(items());
        // A book for one answer (the server's: sums and each item's money, no series) gives
        // the same figures and item money, changed or not.
        let mut summed = book(items()).for_one_answer();
        // Ledgers kept before the changes, or none (each change then costed on its own).
        if primed {
            figures(&mut live, as_of);
            figures(&mut summed, as_of);
        }
        for change in changes {
            live.apply(change.clone()).unwrap();
            summed.apply(change).unwrap();
            let mut fresh = book(live.draft().clone());
            let want = figures(&mut fresh, as_of);
            prop_assert_eq!(&figures(&mut live, as_of), &want);
            prop_assert_eq!(&figures(&mut summed, as_of), &want);
            for key in keys(live.draft()) {
                prop_assert_eq!(
                    summed.item_money(key, as_of).unwrap(),
                    live.item_money(key, as_of).unwrap()
                );
            }
        }
    }
}

#[test]
fn a_refused_change_changes_nothing() {
    let as_of = day(300);
    let mut live = book(items());
    let before = figures(&mut live, as_of);
    let draft = live.draft().clone();
    // An allocation that ends before it starts (S6.2).
    let mut inverted = position(3, 100);
    inverted.allocations[0].end_date = day(1);
    inverted.allocations[0].start_date = day(9);
    let refused = live.apply(Change::PutPosition(inverted)).unwrap_err();
    assert!(matches!(refused, BookError::Analytics(_)), "{refused:?}");
    // A payment in a currency with no rate into EUR (S5.3).
    let mut unconvertible = expense(4, 100);
    unconvertible.currency_code = "JPY".parse().unwrap();
    let refused = live.apply(Change::PutExpense(unconvertible)).unwrap_err();
    assert!(refused.to_string().contains("JPY"), "{refused}");
    assert_eq!(live.draft(), &draft);
    assert_eq!(figures(&mut live, as_of), before);
}

#[test]
fn a_book_reads_each_item_and_refuses_what_it_does_not_hold() {
    let mut live = book(items());
    let as_of = day(400);
    let (total, to_date) = live
        .item_money(
            costfolio::analytics::ItemKey::Expense(Id::new(1_001)),
            as_of,
        )
        .unwrap();
    assert!(
        total >= to_date && total > Decimal::ZERO,
        "{total} {to_date}"
    );
    let lines = live.expense_lines(Id::new(1_001)).unwrap();
    assert_eq!(lines.len(), 3, "a monthly expense of three occurrences");
    let positions = live.position_lines(Id::new(1), Granularity::Month).unwrap();
    assert!(!positions.is_empty());
    assert!(matches!(
        live.position_lines(Id::new(99), Granularity::Month),
        Err(BookError::Missing(_))
    ));
    assert_eq!(
        live.expense_lines(Id::new(99)).unwrap_err().to_string(),
        "no expense 99 in the folio"
    );
}

#[test]
fn a_deleted_record_put_takes_the_item_out() {
    let as_of = day(365);
    let mut live = book(items());
    figures(&mut live, as_of);
    let mut gone = position(0, 100);
    gone.deleted_on = Some(day(10));
    live.apply(Change::PutPosition(gone)).unwrap();
    assert!(live.draft().positions.iter().all(|p| p.id != Id::new(1)));
    let mut fresh = book(live.draft().clone());
    assert_eq!(figures(&mut live, as_of), figures(&mut fresh, as_of));
    // An expense without an id cannot be costed by id: refused, nothing changed.
    let mut nameless = expense(3, 100);
    nameless.id = None;
    let before = live.draft().clone();
    assert_eq!(
        live.apply(Change::PutExpense(nameless)),
        Err(BookError::NoId)
    );
    assert_eq!(live.draft(), &before);
}

#[test]
fn with_a_baseline_the_planned_side_stays_frozen_while_the_draft_moves() {
    let as_of = day(400);
    let snapshot = approve(
        &items(),
        &[],
        &[],
        Baseline {
            id: Id::new(7),
            folio_id: Id::new(1),
            name: "Budget".into(),
            approved_by: "ada".into(),
            created: day(0),
            expenditure_type: ExpenditureType::Budget,
            description: None,
            deleted_on: None,
        },
        ApprovedFrame::of(&folio()),
    )
    .unwrap();
    let mut live = book_with(items(), vec![std::sync::Arc::new(snapshot.clone())]);
    let latest = live.indicators(as_of, PlannedSide::Latest).unwrap();
    // A planned position (id 1) doubles its rate in the draft.
    live.apply(Change::PutPosition(position(0, 200))).unwrap();
    let after = live.indicators(as_of, PlannedSide::Latest).unwrap();
    assert_eq!(after.bac, latest.bac, "the budget is the baseline's");
    let draft = live.indicators(as_of, PlannedSide::Draft).unwrap();
    assert!(draft.bac > after.bac, "{} > {}", draft.bac, after.bac);
    let mut fresh = book_with(
        live.draft().clone(),
        vec![std::sync::Arc::new(snapshot.clone())],
    );
    for side in [
        PlannedSide::Latest,
        PlannedSide::Draft,
        PlannedSide::Baseline(Id::new(7)),
    ] {
        assert_eq!(
            to_json(&live.indicators(as_of, side).unwrap()),
            to_json(&fresh.indicators(as_of, side).unwrap()),
            "{side:?}"
        );
    }
    // A baseline the folio does not hold is refused, never read as the draft.
    assert!(matches!(
        live.indicators(as_of, PlannedSide::Baseline(Id::new(8))),
        Err(BookError::Baseline(_))
    ));
}

/// `items` in id order, as the service's state lists a folio's items.
fn in_id_order(items: &Items) -> Items {
    let mut items = items.clone();
    items.positions.sort_by_key(|p| p.id);
    items.expenses.sort_by_key(|e| e.id);
    items
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A book kept between reads, caught up with its folio after each batch of
    /// changes, gives exactly the figures and item money of a book built afresh from the folio
    /// as it is: unchanged when nothing changed, a few changed items recosted alone.
    #[test]
    fn a_kept_book_caught_up_gives_the_figures_of_a_fresh_book(
        batches in proptest::collection::vec(proptest::collection::vec(change(), 0..10), 1..6),
        as_of in 0..730u64,
    ) {
        let as_of = day(as_of);
        let mut kept = book(items()).to_keep();
        figures(&mut kept, as_of);
        let mut truth = book(items());
        for batch in batches {
            let before = in_id_order(truth.draft());
            for change in &batch {
                truth.apply(change.clone()).unwrap();
            }
            let now = in_id_order(truth.draft());
            let caught = kept.catch_up(
                parts(Items::default(), vec![], "0.91"),
                &now.positions,
                &now.expenses,
            );
            let held = before.positions.len() + before.expenses.len();
            match caught {
                CaughtUp::Unchanged => prop_assert_eq!(&before, &now),
                CaughtUp::Applied(n) => {
                    prop_assert!(before != now);
                    prop_assert!(n >= 1 && n <= batch.len() && n * 4 <= held, "{} of {}", n, held);
                }
                CaughtUp::Afresh => prop_assert!(batch.len() * 4 > held, "{} of {}", batch.len(), held),
            }
            prop_assert_eq!(kept.draft(), &now);
            let mut fresh = book(now.clone());
            prop_assert_eq!(figures(&mut kept, as_of), figures(&mut fresh, as_of));
            for key in keys(&now) {
                prop_assert_eq!(
                    kept.item_money(key, as_of).unwrap(),
                    fresh.item_money(key, as_of).unwrap()
                );
            }
        }
    }
}

/// A kept book caught up with a changed setting (here an exchange rate) or other baselines costs
/// afresh, and gives the figures of a fresh book; the very same baselines change nothing.
#[test]
fn a_kept_book_costs_afresh_when_its_setting_or_baselines_change() {
    let as_of = day(400);
    let draft = items();
    let mut kept = book(draft.clone()).to_keep();
    let same = parts(Items::default(), vec![], "0.91");
    assert_eq!(
        kept.catch_up(same, &draft.positions, &draft.expenses),
        CaughtUp::Unchanged
    );
    figures(&mut kept, as_of);
    let dearer = parts(Items::default(), vec![], "0.97");
    assert_eq!(
        kept.catch_up(dearer, &draft.positions, &draft.expenses),
        CaughtUp::Afresh
    );
    let mut fresh = FolioBook::new(parts(draft.clone(), vec![], "0.97"));
    assert_eq!(figures(&mut kept, as_of), figures(&mut fresh, as_of));
    assert_ne!(
        figures(&mut kept, as_of),
        figures(&mut book(draft.clone()), as_of),
        "the dearer dollar moved the figures"
    );

    let snapshot = std::sync::Arc::new(
        approve(
            &draft,
            &[],
            &[],
            Baseline {
                id: Id::new(7),
                folio_id: Id::new(1),
                name: "Budget".into(),
                approved_by: "ada".into(),
                created: day(0),
                expenditure_type: ExpenditureType::Budget,
                description: None,
                deleted_on: None,
            },
            ApprovedFrame::of(&folio()),
        )
        .unwrap(),
    );
    let with = |snapshot: &std::sync::Arc<BaselineSnapshot>| {
        parts(Items::default(), vec![snapshot.clone()], "0.97")
    };
    assert_eq!(
        kept.catch_up(with(&snapshot), &draft.positions, &draft.expenses),
        CaughtUp::Afresh
    );
    assert_eq!(
        kept.catch_up(with(&snapshot), &draft.positions, &draft.expenses),
        CaughtUp::Unchanged,
        "the same baseline, by address"
    );
    let copy = std::sync::Arc::new((*snapshot).clone());
    assert_eq!(
        kept.catch_up(with(&copy), &draft.positions, &draft.expenses),
        CaughtUp::Afresh,
        "another snapshot, equal or not, is costed afresh"
    );
    let mut fresh = FolioBook::new(parts(draft.clone(), vec![copy.clone()], "0.97"));
    assert_eq!(figures(&mut kept, as_of), figures(&mut fresh, as_of));
}
