//! Position costing (S6): worked examples a person can check, line by line.

use crate::position_records;

use costfolio::calendar::{Calendar, Holiday, HolidayKind, HolidayScheme, WorkloadScheme};
use costfolio::model::budgeting::{Allocation, OvertimeFrequency, OvertimeRule, PositionKind};
use costfolio::model::to_json;
use costfolio::schedule::position::{
    round_hours, spread_hundredths, CostBasis, PaymentLine, PositionInput, PositionPlan,
};
use costfolio::schedule::{aggregate_worklogs, DailyHours, FolioFrame, Granularity};
use costfolio::value::{DateRange, Decimal, Id};
use position_records::{allocation, d, dec, folio, hours, input, rate};

fn rule(regular: &str, frequency: OvertimeFrequency, coefficient: &str) -> OvertimeRule {
    OvertimeRule {
        id: Some(Id::new(1)),
        name: "rule".into(),
        regular_hours: regular.parse().unwrap(),
        frequency,
        coefficient: coefficient.parse().unwrap(),
        deleted_on: None,
    }
}

/// The position's lines, synchronized with `synced` when given.
fn lines_synced<'a>(
    mut input: PositionInput<'a>,
    frame: FolioFrame,
    calendar: &'a Calendar,
    synced: Option<&'a DailyHours>,
    granularity: Granularity,
) -> Vec<PaymentLine> {
    input.synced = synced;
    let basis = CostBasis::new(frame, calendar);
    PositionPlan::new(input, &basis)
        .unwrap()
        .lines(granularity)
        .unwrap()
}

/// (date, rate, effort, overtimeEffort, amount, overtimeAmount) of each line as emitted.
fn emitted(lines: &[PaymentLine]) -> Vec<(String, String, String, String, String, String)> {
    lines
        .iter()
        .map(|l| {
            (
                l.date.to_string(),
                l.rate.to_string(),
                round_hours(l.effort()).to_string(),
                round_hours(l.overtime_effort()).to_string(),
                l.amount.to_string(),
                l.overtime_amount.to_string(),
            )
        })
        .collect()
}

fn row(
    date: &str,
    rate: &str,
    effort: &str,
    ot: &str,
    amount: &str,
    ot_amount: &str,
) -> (String, String, String, String, String, String) {
    (
        date.into(),
        rate.into(),
        effort.into(),
        ot.into(),
        amount.into(),
        ot_amount.into(),
    )
}

fn total(lines: &[PaymentLine]) -> Decimal {
    lines.iter().map(PaymentLine::total_amount).sum()
}

#[test]
fn ten_hours_at_50_plus_twenty_hours_at_60_is_1700() {
    // A team member whose rate goes from 50 to 60 on 16 March; 10 worked hours on 2-3 March
    // (5 h a day) and 20 on 16-19 March (5 h a day). 10 x 50 + 20 x 60 = 500 + 1200 = 1700.00.
    let calendar = Calendar::default();
    let allocations = [allocation("2026-03-01", "2026-03-31", "100")];
    let rates = [rate("50", "2026-03-01"), rate("60", "2026-03-16")];
    let worked = [
        hours("2026-03-02", "2026-03-03", "10", "0"),
        hours("2026-03-16", "2026-03-19", "20", "0"),
    ];
    let synced = DailyHours::default(); // synchronized: no worklogs, so only the entered hours count
    let l = lines_synced(
        input(
            PositionKind::TeamMember,
            &allocations,
            &rates,
            &worked,
            None,
        ),
        folio("2026-03-01", "2026-03-31"),
        &calendar,
        Some(&synced),
        Granularity::Month,
    );
    assert_eq!(
        emitted(&l),
        [
            row("2026-03-01", "50", "10.00", "0.00", "500.00", "0.00"),
            row("2026-03-16", "60", "20.00", "0.00", "1200.00", "0.00"),
        ]
    );
    assert_eq!(total(&l), dec("1700.00"));
}

#[test]
fn a_month_with_a_rate_change_on_the_15th() {
    // April 2026, full time, 8 h a weekday. 1-14 April: 10 weekdays, 80 h at 40 = 3,200.00.
    // 15-30 April: 12 weekdays, 96 h at 50 = 4,800.00. Together 8,000.00.
    let calendar = Calendar::default();
    let allocations = [allocation("2026-04-01", "2026-04-30", "100")];
    let rates = [rate("40", "2026-01-01"), rate("50", "2026-04-15")];
    let l = lines_synced(
        input(
            PositionKind::PlannedPositionByTimeFrame,
            &allocations,
            &rates,
            &[],
            None,
        ),
        folio("2026-01-01", "2026-12-31"),
        &calendar,
        None,
        Granularity::Month,
    );
    assert_eq!(
        emitted(&l),
        [
            row("2026-04-01", "40", "80.00", "0.00", "3200.00", "0.00"),
            row("2026-04-15", "50", "96.00", "0.00", "4800.00", "0.00"),
        ]
    );
}

#[test]
fn a_half_day_holiday() {
    // The week of 21-25 December 2026 at 100%, 24 December a 4-hour holiday: 36 h at 30 = 1,080.00.
    let holidays =
        HolidayScheme::new([Holiday::new(HolidayKind::Fixed, d("2020-12-24"), 4 * 3600).unwrap()]);
    let calendar = Calendar::new(WorkloadScheme::standard(), holidays);
    let allocations = [allocation("2026-12-21", "2026-12-25", "100")];
    let rates = [rate("30", "2026-01-01")];
    let l = lines_synced(
        input(
            PositionKind::PlannedPositionByTimeFrame,
            &allocations,
            &rates,
            &[],
            None,
        ),
        folio("2026-01-01", "2026-12-31"),
        &calendar,
        None,
        Granularity::Month,
    );
    assert_eq!(
        emitted(&l),
        [row("2026-12-01", "30", "36.00", "0.00", "1080.00", "0.00")]
    );
}

#[test]
fn fifty_percent_across_two_periods() {
    // 5-9 and 12-16 January 2026 at 50%: 10 weekdays of 4 h = 40 h at 25 = 1,000.00, the same as
    // one period from 5 to 16 January.
    let calendar = Calendar::default();
    let rates = [rate("25", "2026-01-01")];
    let two = [
        allocation("2026-01-05", "2026-01-09", "50"),
        allocation("2026-01-12", "2026-01-16", "50"),
    ];
    let one = [allocation("2026-01-05", "2026-01-16", "50")];
    let cost = |allocations: &[Allocation]| {
        lines_synced(
            input(PositionKind::TeamMember, allocations, &rates, &[], None),
            folio("2026-01-01", "2026-12-31"),
            &calendar,
            None,
            Granularity::Month,
        )
    };
    assert_eq!(
        emitted(&cost(&two)),
        [row("2026-01-01", "25", "40.00", "0.00", "1000.00", "0.00")]
    );
    assert_eq!(cost(&two), cost(&one));
}

#[test]
fn a_45_hour_week_under_a_weekly_40_hour_rule_at_1_5() {
    // 45 worked hours on Monday 2 to Friday 6 March 2026: 9 h a day. Walking the week: 9, 18, 27,
    // 36 regular; Friday brings 4 regular and 5 overtime. 40 h x 20 = 800.00; 5 h x 20 x 1.5 = 150.00.
    let calendar = Calendar::default();
    let allocations = [allocation("2026-03-01", "2026-03-31", "100")];
    let rates = [rate("20", "2026-01-01")];
    let worked = [hours("2026-03-02", "2026-03-06", "45", "0")];
    let weekly = rule("40", OvertimeFrequency::Weekly, "1.5");
    let synced = DailyHours::default();
    let cost = |g| {
        lines_synced(
            input(
                PositionKind::TeamMember,
                &allocations,
                &rates,
                &worked,
                Some(&weekly),
            ),
            folio("2026-03-01", "2026-03-31"),
            &calendar,
            Some(&synced),
            g,
        )
    };
    assert_eq!(
        emitted(&cost(Granularity::Month)),
        [row("2026-03-01", "20", "40.00", "5.00", "800.00", "150.00")]
    );
    assert_eq!(total(&cost(Granularity::Month)), dec("950.00"));
    let days = emitted(&cost(Granularity::Day));
    assert_eq!(
        days[0],
        row("2026-03-02", "20", "9.00", "0.00", "180.00", "0.00")
    );
    assert_eq!(
        days[4],
        row("2026-03-06", "20", "4.00", "5.00", "80.00", "150.00")
    );
}

#[test]
fn a_daily_rule_and_explicit_overtime() {
    // 10 h on one day under DAILY 8 h at 2.0: 8 regular, 2 overtime; 3 h of explicit otEffort are
    // overtime too and do not count toward the threshold. Rate 10: 80.00 + (2 + 3) x 10 x 2 = 100.00.
    let calendar = Calendar::default();
    let allocations = [allocation("2026-03-01", "2026-03-31", "100")];
    let rates = [rate("10", "2026-01-01")];
    let worked = [hours("2026-03-04", "2026-03-04", "10", "3")];
    let daily = rule("8", OvertimeFrequency::Daily, "2");
    let synced = DailyHours::default();
    let l = lines_synced(
        input(
            PositionKind::TeamMember,
            &allocations,
            &rates,
            &worked,
            Some(&daily),
        ),
        folio("2026-03-01", "2026-03-31"),
        &calendar,
        Some(&synced),
        Granularity::Month,
    );
    assert_eq!(
        emitted(&l),
        [row("2026-03-01", "10", "8.00", "5.00", "80.00", "100.00")]
    );
    // A deleted rule turns the rule's overtime into regular hours; explicit overtime stays
    // overtime at coefficient 1 (S6.6).
    let mut deleted = daily.clone();
    deleted.deleted_on = Some(d("2026-02-01"));
    let l = lines_synced(
        input(
            PositionKind::TeamMember,
            &allocations,
            &rates,
            &worked,
            Some(&deleted),
        ),
        folio("2026-03-01", "2026-03-31"),
        &calendar,
        Some(&synced),
        Granularity::Month,
    );
    assert_eq!(
        emitted(&l),
        [row("2026-03-01", "10", "10.00", "3.00", "100.00", "30.00")]
    );
}

#[test]
fn a_worked_hours_override_beside_computed_days() {
    // The week of 2-6 March at 100% (8 h a day, rate 10); 20 h entered for Wednesday and Thursday
    // replace their 16 planned hours: 3 x 8 + 20 = 44 h = 440.00.
    let calendar = Calendar::default();
    let allocations = [allocation("2026-03-02", "2026-03-06", "100")];
    let rates = [rate("10", "2026-01-01")];
    let worked = [hours("2026-03-04", "2026-03-05", "20", "0")];
    let l = lines_synced(
        input(
            PositionKind::TeamMember,
            &allocations,
            &rates,
            &worked,
            None,
        ),
        folio("2026-01-01", "2026-12-31"),
        &calendar,
        None,
        Granularity::Day,
    );
    assert_eq!(
        emitted(&l)
            .iter()
            .map(|r| (r.0.clone(), r.2.clone()))
            .collect::<Vec<_>>(),
        [
            ("2026-03-02".to_string(), "8.00".to_string()),
            ("2026-03-03".into(), "8.00".into()),
            ("2026-03-04".into(), "10.00".into()),
            ("2026-03-05".into(), "10.00".into()),
            ("2026-03-06".into(), "8.00".into()),
        ]
    );
    assert_eq!(total(&l), dec("440.00"));
}

#[test]
fn hours_are_spread_by_capacity_with_leftovers_to_the_largest_remainders() {
    // 10.00 h over Mon-Wed (8 h each): 333.33... hundredths each; the leftover hundredth goes to
    // the earliest of the equal remainders.
    let calendar = Calendar::default();
    let range = DateRange::new(d("2026-03-02"), d("2026-03-04")).unwrap();
    let shares = spread_hundredths(range, &calendar, 1000);
    let shares: Vec<(String, u64)> = shares
        .iter()
        .map(|(day, s)| (day.to_string(), *s))
        .collect();
    assert_eq!(
        shares,
        [
            ("2026-03-02".into(), 334),
            ("2026-03-03".into(), 333),
            ("2026-03-04".into(), 333)
        ]
    );
    // By capacity, not allocation: a half-day holiday gets half the share.
    let holidays =
        HolidayScheme::new([
            Holiday::new(HolidayKind::Floating, d("2026-03-03"), 4 * 3600).unwrap(),
        ]);
    let calendar = Calendar::new(WorkloadScheme::standard(), holidays);
    let shares = spread_hundredths(range, &calendar, 1000);
    assert_eq!(
        shares.iter().map(|s| s.1).collect::<Vec<_>>(),
        [400, 200, 400]
    );
    // No capacity at all (a weekend): everything on the start date.
    let weekend = DateRange::new(d("2026-03-07"), d("2026-03-08")).unwrap();
    let shares = spread_hundredths(weekend, &Calendar::default(), 750);
    assert_eq!(shares, [(d("2026-03-07").naive(), 750)]);
}

#[test]
fn synchronized_worklogs_and_billed_hours_replace_planned_effort() {
    // Two members' worklogs; only the folio's days count (S6.5b).
    let logs = [
        ("ada", d("2026-03-02"), 3 * 3600),
        ("ada", d("2026-03-02"), 1800),
        ("bob", d("2026-03-03"), 7200),
        ("ada", d("2026-03-05"), 4 * 3600),
        ("ada", d("2025-12-31"), 8 * 3600),
    ];
    let by_member = aggregate_worklogs(
        logs.iter().copied(),
        folio("2026-01-01", "2026-12-31").period,
    );
    let ada = &by_member["ada"];
    assert_eq!(ada.days().len(), 2);
    assert_eq!(ada.total_seconds(), 3 * 3600 + 1800 + 4 * 3600);
    let calendar = Calendar::default();
    let allocations = [allocation("2026-03-01", "2026-03-31", "100")];
    let rates = [rate("100", "2026-01-01")];
    let l = lines_synced(
        input(PositionKind::TeamMember, &allocations, &rates, &[], None),
        folio("2026-01-01", "2026-12-31"),
        &calendar,
        Some(ada),
        Granularity::Month,
    );
    // 3.5 + 4 = 7.5 h at 100, though the plan had 22 x 8 h.
    assert_eq!(
        emitted(&l),
        [row("2026-03-01", "100", "7.50", "0.00", "750.00", "0.00")]
    );
    // Billed hours of a consulting revenue work the same way (S6.5c).
    let billed = DailyHours::from_seconds([(d("2026-03-10"), 6 * 3600), (d("2026-03-11"), 36)]);
    let l = lines_synced(
        input(
            PositionKind::ConsultingRevenue,
            &allocations,
            &rates,
            &[],
            None,
        ),
        folio("2026-01-01", "2026-12-31"),
        &calendar,
        Some(&billed),
        Granularity::Month,
    );
    assert_eq!(
        emitted(&l),
        [row("2026-03-01", "100", "6.01", "0.00", "601.00", "0.00")]
    );
}

#[test]
fn lines_take_the_first_day_of_their_span_and_days_outside_the_folio_are_not_paid() {
    // The folio starts on 11 March; a rate starts on 20 March; the allocation runs from February.
    let calendar = Calendar::default();
    let allocations = [allocation("2026-02-01", "2026-03-31", "50")];
    let rates = [rate("10", "2026-03-05"), rate("12", "2026-03-20")];
    let l = lines_synced(
        input(
            PositionKind::PlannedPositionByTimeFrame,
            &allocations,
            &rates,
            &[],
            None,
        ),
        folio("2026-03-11", "2026-12-31"),
        &calendar,
        None,
        Granularity::Month,
    );
    // 11-19 March: 7 weekdays x 4 h at 10; 20-31 March: 8 weekdays x 4 h at 12.
    assert_eq!(
        emitted(&l),
        [
            row("2026-03-11", "10", "28.00", "0.00", "280.00", "0.00"),
            row("2026-03-20", "12", "32.00", "0.00", "384.00", "0.00"),
        ]
    );
    let wire = to_json(&l[0].to_wire());
    assert_eq!(
        wire,
        r#"{"date":"2026-03-11","amount":280.00,"totalAmount":280.00,"overtimeAmount":0.00,"rate":10,"effort":28.00,"overtimeEffort":0.00,"totalEffort":28.00}"#
    );
}

#[test]
fn a_deleted_position_and_deleted_records_pay_nothing() {
    let calendar = Calendar::default();
    let mut allocations = [
        allocation("2026-03-01", "2026-03-31", "100"),
        allocation("2026-04-01", "2026-04-30", "100"),
    ];
    allocations[1].deleted_on = Some(d("2026-03-15"));
    let rates = [rate("10", "2026-01-01")];
    let frame = folio("2026-01-01", "2026-12-31");
    let l = lines_synced(
        input(PositionKind::TeamMember, &allocations, &rates, &[], None),
        frame,
        &calendar,
        None,
        Granularity::Month,
    );
    assert_eq!(l.len(), 1);
    let mut gone = input(PositionKind::TeamMember, &allocations, &rates, &[], None);
    gone.deleted = true;
    assert!(lines_synced(gone, frame, &calendar, None, Granularity::Month).is_empty());
}
