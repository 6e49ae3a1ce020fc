//! The properties of folio analytics (S7, S8, S9) on random books: PV, the timeline, a portfolio
//! of one folio, and approved baselines.

use crate::analytics_book;

use analytics_book::{d, expense, folio, meta, position, Book};
use chrono::Days;
use costfolio::analytics::baseline::{approve, expenditures, ApprovedFrame, Items};
use costfolio::analytics::{indicators, rollup, timeline};
use costfolio::model::budgeting::{ExpenditureType, PositionKind};
use costfolio::model::Id;
use costfolio::schedule::{ExchangeRates, Granularity};
use costfolio::value::{Date, Decimal};
use proptest::prelude::*;
use serde_json::json;

prop_compose! {
    pub(crate) fn any_book()(
        positions in proptest::collection::vec((0u8..4, 0u64..300, 1u64..300, 0u32..=100, 1u32..20_000), 1..6),
        expenses in proptest::collection::vec((0u8..4, 0u64..360, 1u32..1_000_000), 0..6),
        folio_len in 20u64..400,
        marks in proptest::collection::vec(0u8..8, 12),
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
        let mut items = Items { positions, expenses };
        mark_lines(&mut items, &marks);
        Book::new(f, items)
    }
}

/// Links some actual cost items to planned ones of their kind and marks some planned lines
/// complete (S9.12), as `marks` says: a team member or actual expense whose mark is below 5
/// realises the planned item the mark picks; a planned one whose mark is 7 is complete.
fn mark_lines(items: &mut Items, marks: &[u8]) {
    let planned_positions: Vec<Id> = items
        .positions
        .iter()
        .filter(|p| p.kind == PositionKind::PlannedPositionByTimeFrame && !p.revenue)
        .map(|p| p.id)
        .collect();
    let planned_expenses: Vec<Id> = items
        .expenses
        .iter()
        .filter(|e| e.kind == costfolio::model::budgeting::ExpenseKind::PlannedExpense)
        .filter_map(|e| e.id)
        .collect();
    for (position, mark) in items.positions.iter_mut().zip(marks) {
        match position.kind {
            PositionKind::TeamMember if *mark < 5 && !planned_positions.is_empty() => {
                position.realises =
                    Some(planned_positions[*mark as usize % planned_positions.len()]);
            }
            PositionKind::PlannedPositionByTimeFrame => position.complete = *mark == 7,
            _ => {}
        }
    }
    for (expense, mark) in items.expenses.iter_mut().zip(&marks[6..]) {
        match expense.kind {
            costfolio::model::budgeting::ExpenseKind::ActualExpense
                if *mark < 5 && !planned_expenses.is_empty() =>
            {
                expense.realises = Some(planned_expenses[*mark as usize % planned_expenses.len()]);
            }
            costfolio::model::budgeting::ExpenseKind::PlannedExpense => {
                expense.complete = Some(*mark == 7)
            }
            _ => {}
        }
    }
}

/// The EAC by what is scheduled as S9.12 writes it, from each item's money in the draft's ledger:
/// the known cost, and over each open planned cost item its plan less what realises it, when
/// positive.
fn scheduled_eac(items: &Items, draft: &costfolio::analytics::Ledger) -> Decimal {
    use costfolio::analytics::{Flow, ItemKey};
    let actual = draft.items_of(Flow::ActualCost).unwrap();
    let known: Decimal = actual.iter().map(|(_, total, _)| *total).sum();
    let realising = |key: ItemKey| -> Decimal {
        actual
            .iter()
            .filter(|(item, _, _)| {
                let target = match item {
                    ItemKey::Position(id) => items
                        .positions
                        .iter()
                        .find(|p| p.id == *id)
                        .and_then(|p| p.realises)
                        .map(ItemKey::Position),
                    ItemKey::Expense(id) => items
                        .expenses
                        .iter()
                        .find(|e| e.id == Some(*id))
                        .and_then(|e| e.realises)
                        .map(ItemKey::Expense),
                };
                target == Some(key)
            })
            .map(|(_, total, _)| *total)
            .sum()
    };
    let mut uncovered = Decimal::ZERO;
    for (key, plan, _) in draft.items_of(Flow::PlannedCost).unwrap() {
        let complete = match key {
            ItemKey::Position(id) => items.positions.iter().any(|p| p.id == id && p.complete),
            ItemKey::Expense(id) => items
                .expenses
                .iter()
                .any(|e| e.id == Some(id) && e.complete == Some(true)),
        };
        if !complete {
            uncovered += (plan - realising(key)).max(Decimal::ZERO);
        }
    }
    known + uncovered
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
        let t = timeline(&book.terms(), &costs, &revenues, &actual, &book.scope_history()).unwrap();
        let i = indicators(&book.terms(), &costs, &revenues, &actual, &book.scope_history()).unwrap();
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

    /// Every method of S9.10 is its formula, on random folios with some progress: PV by the plan
    /// is the planned cost to date, and its timeline's PV the cumulative planned cost; each EAC
    /// method against the figures it is made of; ETC and VAC follow EAC; a forecast below the
    /// scheduled cost says by how much.
    #[test]
    fn every_method_is_its_formula(book in any_book(), as_of in 0u64..420, done in 0u32..=10, logged in 0u32..=10) {
        use costfolio::model::budgeting::{EacMethod, PlannedValueMethod};
        let mut book = book;
        book.folio.with_earned = true;
        book.scope = vec![
            analytics_book::scope("A", &done.to_string(), "0", "0", true, false),
            analytics_book::scope("B", "10", &logged.to_string(), "10", false, true),
        ];
        let as_of = Date::from_naive(book.folio.start_date.naive().checked_add_days(Days::new(as_of)).unwrap());
        let round = |v: Decimal| { let mut r = v.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero); r.rescale(2); r };
        for pv_method in [PlannedValueMethod::WorkingDays, PlannedValueMethod::Plan] {
            for eac_method in [EacMethod::Cpi, EacMethod::CpiSpi, EacMethod::RemainingAsPlanned, EacMethod::Scheduled] {
                book.folio.planned_value_method = Some(pv_method);
                book.folio.eac_method = Some(eac_method);
                let i = book.indicators(&as_of.to_string());
                prop_assert_eq!(i.planned_value_method, Some(pv_method));
                prop_assert_eq!(i.eac_method, Some(eac_method));
                let (bac, ac, known) = (i.bac.get(), i.ac.get(), i.eac_known.get());
                let (pv, ev) = (i.pv.map(|v| v.get()), i.ev.map(|v| v.get()));
                if pv_method == PlannedValueMethod::Plan {
                    prop_assert_eq!(pv, Some(i.planned_cost_to_date.get()));
                    let (costs, revenues, actual) = book.ledgers(as_of, Granularity::Month);
                    let t = timeline(&book.terms(), &costs, &revenues, &actual, &book.scope_history()).unwrap();
                    let mut planned = Decimal::ZERO;
                    for bucket in &t {
                        planned += bucket.planned_cost.get();
                        prop_assert_eq!(bucket.pv.map(|v| v.get()), Some(planned));
                    }
                }
                let expected = match eac_method {
                    EacMethod::Cpi => ev.filter(|e| !e.is_zero() && !ac.is_zero()).map(|e| round(bac * ac / e)),
                    EacMethod::CpiSpi => match (ev, pv) {
                        (Some(e), Some(p)) if !e.is_zero() && !ac.is_zero() && !p.is_zero() => Some(round(ac + (bac - e) * ac / e * p / e)),
                        _ => None,
                    },
                    EacMethod::RemainingAsPlanned => ev.map(|e| round(ac + bac - e)),
                    EacMethod::Scheduled => {
                        let (_, _, draft) = book.ledgers(as_of, Granularity::Month);
                        Some(round(scheduled_eac(&book.draft, &draft)))
                    }
                };
                prop_assert_eq!(i.eac.map(|v| v.get()), expected, "{:?}", eac_method);
                prop_assert_eq!(i.etc.map(|v| v.get()), expected.map(|eac| eac - ac));
                prop_assert_eq!(i.vac.map(|v| v.get()), expected.map(|eac| bac - eac));
                prop_assert_eq!(
                    i.eac_below_scheduled.map(|v| v.get()),
                    expected.filter(|eac| *eac < known).map(|eac| known - eac)
                );
                if eac_method == EacMethod::Scheduled {
                    prop_assert!(i.eac.unwrap().get() >= known, "never below what is scheduled");
                }
            }
        }
    }

    #[test]
    fn a_portfolio_of_one_folio_reports_the_folio(book in any_book(), as_of in 0u64..420) {
        let as_of = Date::from_naive(book.folio.start_date.naive().checked_add_days(Days::new(as_of)).unwrap());
        let mut i = book.indicators(&as_of.to_string());
        let one = rollup(&[&i], i.currency_code, as_of, &ExchangeRates::new(), book.folio.tolerance.get()).unwrap();
        i.status = None;
        // A portfolio names no method, nor how far a forecast falls short (S9.10).
        i.planned_value_method = None;
        i.eac_method = None;
        i.eac_below_scheduled = None;
        prop_assert_eq!(one, i);
    }

    #[test]
    fn editing_the_draft_never_changes_an_approved_baseline(book in any_book(), new_rate in 1u32..50_000, delete in any::<bool>()) {
        let mut book = book;
        let snapshot = approve(&book.draft, &[], &[], meta(1, ExpenditureType::Budget, "2026-01-01"), ApprovedFrame::of(&book.folio)).unwrap();
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
