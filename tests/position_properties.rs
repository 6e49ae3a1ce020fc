//! Position costing (S6): the segment engine against the day-by-day reference of tests/support,
//! and the properties its lines keep, on random records.

use crate::position_records;

use chrono::Days;
use costfolio::calendar::{Calendar, Holiday, HolidayKind, HolidayScheme, WorkloadScheme};
use costfolio::model::budgeting::{
    Allocation, HoursPeriod, OvertimeFrequency, OvertimeRule, PositionKind, Rate,
};
use costfolio::schedule::position::{CostBasis, PaymentLine, PositionInput, PositionPlan};
use costfolio::schedule::{DailyHours, FolioFrame, Granularity};
use costfolio::value::{Coefficient, Date, DateRange, Decimal, HourlyRate, Hours, Percentage};
use costfolio_suite::reference;
use position_records::{d, dec};
use proptest::prelude::*;

fn day_after(date: Date, days: u64) -> Date {
    Date::from_naive(date.naive().checked_add_days(Days::new(days)).unwrap())
}

prop_compose! {
    fn any_calendar()(
        week in proptest::array::uniform7(prop_oneof![Just(0u32), Just(28_800u32), 0u32..=43_200]),
        holidays in proptest::collection::vec((any::<bool>(), 0u64..800, prop_oneof![Just(28_800u32), Just(14_400u32), 1u32..=86_400]), 0..12),
    ) -> Calendar {
        let start = d("2026-01-01");
        Calendar::new(
            WorkloadScheme::new(week).unwrap(),
            HolidayScheme::new(holidays.into_iter().map(|(fixed, offset, seconds)| {
                let kind = if fixed { HolidayKind::Fixed } else { HolidayKind::Floating };
                Holiday::new(kind, day_after(start, offset), seconds).unwrap()
            })),
        )
    }
}

/// Random, valid records: allocations and hours periods that do not overlap, distinct rate dates.
#[derive(Debug, Clone)]
struct Scenario {
    calendar: Calendar,
    frame: FolioFrame,
    kind: PositionKind,
    allocations: Vec<Allocation>,
    rates: Vec<Rate>,
    hours: Vec<HoursPeriod>,
    overtime: Option<OvertimeRule>,
    synced: Option<DailyHours>,
}

fn pieces(count: usize, span: u64) -> impl Strategy<Value = Vec<(u64, u64)>> {
    // Sorted, disjoint [start, end] offsets within span.
    proptest::collection::btree_set(0..span, count * 2).prop_map(|set| {
        let v: Vec<u64> = set.into_iter().collect();
        v.chunks(2)
            .filter(|c| c.len() == 2)
            .map(|c| (c[0], c[1]))
            .collect()
    })
}

prop_compose! {
    fn any_scenario()(
        calendar in any_calendar(),
        folio_offset in 0u64..60, folio_len in 20u64..500,
        kind in prop_oneof![Just(PositionKind::PlannedPositionByTimeFrame), Just(PositionKind::TeamMember), Just(PositionKind::ConsultingRevenue)],
        allocation_spans in pieces(3, 600),
        percentages in proptest::collection::vec(prop_oneof![Just(dec("100")), Just(dec("50")), (0u32..=10_000).prop_map(|p| Decimal::new(i64::from(p), 2))], 3),
        rate_offsets in proptest::collection::btree_set(0u64..600, 1..6),
        rate_values in proptest::collection::vec((0u32..2_000_000).prop_map(|r| Decimal::new(i64::from(r), 4)), 6),
        hour_spans in pieces(2, 600),
        hour_values in proptest::collection::vec((0u32..999_999, 0u32..20_000), 2),
        overtime in proptest::option::of((prop_oneof![Just(OvertimeFrequency::Daily), Just(OvertimeFrequency::Weekly)], 0u32..6000, 100u32..300)),
        synced_days in proptest::option::of(proptest::collection::vec((0u64..600, 0u64..50_000), 0..40)),
    ) -> Scenario {
        let origin = d("2026-01-01");
        let frame = FolioFrame {
            period: DateRange::new(day_after(origin, folio_offset), day_after(origin, folio_offset + folio_len)).unwrap(),
            currency: "EUR".parse().unwrap(),
        };
        let allocations = allocation_spans.iter().zip(&percentages).map(|(&(a, b), p)| Allocation {
            start_date: day_after(origin, a), end_date: day_after(origin, b), deleted_on: None,
            percentage: Percentage::new(*p).unwrap(), id: None,
        }).collect();
        let rates = rate_offsets.iter().zip(&rate_values).map(|(&o, v)| Rate {
            rate: HourlyRate::new(*v).unwrap(), start_date: day_after(origin, o), deleted_on: None, id: None,
        }).collect();
        let hours = hour_spans.iter().zip(&hour_values).map(|(&(a, b), &(e, o))| HoursPeriod {
            ot_effort: Hours::new(Decimal::new(i64::from(o), 2)).unwrap(), start_date: day_after(origin, a),
            end_date: day_after(origin, b), deleted_on: None, reporter: None,
            effort: Hours::new(Decimal::new(i64::from(e), 2)).unwrap(), id: None,
        }).collect();
        let overtime = overtime.map(|(frequency, regular, coefficient)| OvertimeRule {
            id: None, name: "r".into(), regular_hours: Hours::new(Decimal::new(i64::from(regular), 2)).unwrap(),
            frequency, coefficient: Coefficient::new(Decimal::new(i64::from(coefficient), 2)).unwrap(), deleted_on: None,
        });
        let synced = synced_days.map(|days| DailyHours::from_seconds(days.into_iter().map(|(o, s)| (day_after(origin, o), s))));
        Scenario { calendar, frame, kind, allocations, rates, hours, overtime, synced }
    }
}

impl Scenario {
    fn input(&self) -> PositionInput<'_> {
        PositionInput {
            kind: self.kind,
            allocations: &self.allocations,
            rates: &self.rates,
            hours: &self.hours,
            deleted: false,
            overtime: self.overtime.as_ref(),
            synced: self.synced.as_ref(),
        }
    }

    fn basis(&self) -> CostBasis<'_> {
        CostBasis::new(self.frame, &self.calendar)
    }

    fn lines(&self, granularity: Granularity) -> Vec<PaymentLine> {
        let basis = self.basis();
        PositionPlan::new(self.input(), &basis)
            .unwrap()
            .lines(granularity)
            .unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_segment_engine_equals_the_day_by_day_reference(s in any_scenario(), g in prop_oneof![Just(Granularity::Day), Just(Granularity::Week), Just(Granularity::Month)]) {
        let ours = s.lines(g);
        let theirs = reference::position_lines(&s.input(), &s.basis(), g);
        prop_assert_eq!(ours.len(), theirs.len());
        for (a, b) in ours.iter().zip(&theirs) {
            prop_assert_eq!(a.date.naive(), b.date);
            prop_assert_eq!(a.rate.get(), b.rate);
            prop_assert_eq!(a.amount, b.amount, "amount on {}", b.date);
            prop_assert_eq!(a.overtime_amount, b.overtime_amount, "overtime amount on {}", b.date);
            prop_assert_eq!(a.regular_units, b.regular_units);
            prop_assert_eq!(a.overtime_units, b.overtime_units);
        }
    }

    #[test]
    fn day_week_and_month_lines_give_the_same_totals_to_the_cent(s in any_scenario()) {
        let sums = |g| {
            let lines = s.lines(g);
            (lines.iter().map(|l| l.amount).sum::<Decimal>(), lines.iter().map(|l| l.overtime_amount).sum::<Decimal>())
        };
        let month = sums(Granularity::Month);
        prop_assert_eq!(sums(Granularity::Week), month);
        prop_assert_eq!(sums(Granularity::Day), month);
        let basis = s.basis();
        let totals = PositionPlan::new(s.input(), &basis).unwrap().totals().unwrap();
        prop_assert_eq!((totals.amount, totals.overtime_amount), month);
    }

    #[test]
    fn splitting_an_allocation_in_two_changes_nothing(s in any_scenario(), cut in 0u64..400) {
        let mut split = s.clone();
        let first = s.allocations[0].clone();
        let length = (first.end_date.naive() - first.start_date.naive()).num_days() as u64;
        prop_assume!(length >= 1);
        let cut = cut % length;
        let mut left = first.clone();
        left.end_date = day_after(first.start_date, cut);
        let mut right = first.clone();
        right.start_date = day_after(first.start_date, cut + 1);
        split.allocations.remove(0);
        split.allocations.push(left);
        split.allocations.push(right);
        prop_assert_eq!(split.lines(Granularity::Month), s.lines(Granularity::Month));
    }

    #[test]
    fn doubling_every_rate_doubles_every_day_atom_within_one_minor_unit(s in any_scenario()) {
        let mut doubled = s.clone();
        for r in &mut doubled.rates {
            r.rate = HourlyRate::new(r.rate.get() * Decimal::TWO).unwrap();
        }
        let cent = dec("0.01");
        let once = s.lines(Granularity::Day);
        let twice = doubled.lines(Granularity::Day);
        prop_assert_eq!(once.len(), twice.len());
        for (a, b) in once.iter().zip(&twice) {
            prop_assert!((b.amount - a.amount * Decimal::TWO).abs() <= cent, "{} {} {}", a.date, a.amount, b.amount);
            prop_assert!((b.overtime_amount - a.overtime_amount * Decimal::TWO).abs() <= cent);
        }
    }

    #[test]
    fn period_sums_equal_the_lines_they_cover(s in any_scenario(), cuts in proptest::collection::btree_set(0u64..700, 0..12)) {
        let first = s.frame.period.start().naive();
        let mut starts = vec![first];
        starts.extend(cuts.iter().map(|&c| day_after(s.frame.period.start(), c).naive()).filter(|d| *d > first));
        let basis = s.basis();
        let plan = PositionPlan::new(s.input(), &basis).unwrap();
        let sums = plan.amounts_by_period(&starts).unwrap();
        prop_assert_eq!(sums.len(), starts.len());
        let days = plan.lines(Granularity::Day).unwrap();
        for (index, sum) in sums.iter().enumerate() {
            let expected: Decimal = days
                .iter()
                .filter(|l| l.date.naive() >= starts[index] && starts.get(index + 1).is_none_or(|next| l.date.naive() < *next))
                .map(PaymentLine::total_amount)
                .sum();
            prop_assert_eq!(*sum, expected);
        }
    }

    #[test]
    fn emitted_totals_are_the_sums_of_emitted_lines(s in any_scenario()) {
        for line in s.lines(Granularity::Month) {
            let wire = line.to_wire();
            prop_assert_eq!(wire.total_amount.unwrap().get(), wire.amount.get() + wire.overtime_amount.unwrap().get());
            prop_assert_eq!(wire.total_effort.unwrap().get(), wire.effort.unwrap().get() + wire.overtime_effort.unwrap().get());
        }
    }
}
