//! The properties of folio analytics (S7, S8, S9) on random books: PV, the timeline, a portfolio
//! of one folio, and approved baselines.

use crate::analytics_book;

use analytics_book::{d, expense, folio, meta, position, Book};
use chrono::Days;
use costfolio::analytics::baseline::{approve, expenditures, Items};
use costfolio::analytics::{indicators, rollup, timeline};
use costfolio::model::budgeting::{ExpenditureType, PositionKind};
use costfolio::model::Id;
use costfolio::schedule::{ExchangeRates, Granularity};
use costfolio::value::{Date, Decimal};
use proptest::prelude::*;
use serde_json::json;

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
