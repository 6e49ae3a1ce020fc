//! Position costing (S6): worked examples a person can check, every refusal with its documented
//! message, and the segment engine against the day-by-day reference of tests/support.

use chrono::Days;
use costfolio::calendar::{Calendar, Holiday, HolidayKind, HolidayScheme, WorkloadScheme};
use costfolio::model::budgeting::{
    Allocation, HoursPeriod, OvertimeFrequency, OvertimeRule, PositionKind, Rate,
};
use costfolio::model::to_json;
use costfolio::schedule::position::{
    check_allocation, check_allocation_removal, check_hours_period, check_rate, check_rate_removal,
    round_hours, spread_hundredths, CostBasis, PaymentLine, PositionError, PositionInput,
    PositionPlan,
};
use costfolio::schedule::{aggregate_worklogs, DailyHours, FolioFrame, Granularity};
use costfolio::value::{Coefficient, Date, DateRange, Decimal, HourlyRate, Hours, Id, Percentage};
use costfolio_suite::reference;
use proptest::prelude::*;

fn d(text: &str) -> Date {
    text.parse().unwrap()
}

fn dec(text: &str) -> Decimal {
    Decimal::from_str_exact(text).unwrap()
}

fn folio(start: &str, end: &str) -> FolioFrame {
    FolioFrame {
        period: DateRange::new(d(start), d(end)).unwrap(),
        currency: "EUR".parse().unwrap(),
    }
}

fn allocation(start: &str, end: &str, percentage: &str) -> Allocation {
    Allocation {
        start_date: d(start),
        end_date: d(end),
        deleted_on: None,
        percentage: percentage.parse().unwrap(),
        id: None,
    }
}

fn rate(value: &str, start: &str) -> Rate {
    Rate {
        rate: value.parse().unwrap(),
        start_date: d(start),
        deleted_on: None,
        id: None,
    }
}

fn hours(start: &str, end: &str, effort: &str, overtime: &str) -> HoursPeriod {
    HoursPeriod {
        ot_effort: overtime.parse().unwrap(),
        start_date: d(start),
        end_date: d(end),
        deleted_on: None,
        reporter: None,
        effort: effort.parse().unwrap(),
        id: None,
    }
}

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

fn input<'a>(
    kind: PositionKind,
    allocations: &'a [Allocation],
    rates: &'a [Rate],
    hours: &'a [HoursPeriod],
    overtime: Option<&'a OvertimeRule>,
) -> PositionInput<'a> {
    PositionInput {
        kind,
        allocations,
        rates,
        hours,
        deleted: false,
        overtime,
        synced: None,
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

// Worked examples ----------------------------------------------------------------------------

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

// Refusals ----------------------------------------------------------------------------------

fn with_id<T>(mut record: T, id: u64, set: impl Fn(&mut T, Option<Id>)) -> T {
    set(&mut record, Some(Id::new(id)));
    record
}

#[test]
fn allocation_refusals() {
    let existing = [with_id(
        allocation("2026-01-01", "2026-03-31", "50"),
        1,
        |a, id| a.id = id,
    )];
    // Inverted: errors.endDate with the documented message.
    let error = check_allocation(
        PositionKind::TeamMember,
        &existing,
        &allocation("2026-05-01", "2026-04-30", "10"),
        None,
    )
    .unwrap_err();
    assert_eq!(error.field(), Some("endDate"));
    assert!(
        error
            .to_string()
            .starts_with("The start date must be before or equal to the end date"),
        "{error}"
    );
    // Overlap: errors.startDate naming the other period.
    let error = check_allocation(
        PositionKind::TeamMember,
        &existing,
        &allocation("2026-03-31", "2026-04-30", "10"),
        None,
    )
    .unwrap_err();
    assert_eq!(error.field(), Some("startDate"));
    assert_eq!(
        error.to_string(),
        "The period overlaps the allocation from 2026-01-01 to 2026-03-31 of the same position"
    );
    // Adjacent is fine; updating a period over itself is fine.
    assert!(check_allocation(
        PositionKind::TeamMember,
        &existing,
        &allocation("2026-04-01", "2026-04-30", "10"),
        None
    )
    .is_ok());
    assert!(check_allocation(
        PositionKind::TeamMember,
        &existing,
        &allocation("2026-02-01", "2026-02-28", "10"),
        Some(Id::new(1))
    )
    .is_ok());
    // Only team members take more allocations: errorMessages with the documented message.
    for kind in [
        PositionKind::PlannedPositionByTimeFrame,
        PositionKind::ConsultingRevenue,
    ] {
        let error = check_allocation(
            kind,
            &existing,
            &allocation("2026-06-01", "2026-06-30", "10"),
            None,
        )
        .unwrap_err();
        assert_eq!(error, PositionError::AllocationNotForKind { kind });
        assert_eq!(error.field(), None);
        assert_eq!(
            error.to_string(),
            "Availability can only be added to staff members"
        );
    }
    // The last one cannot go.
    let error =
        check_allocation_removal(PositionKind::TeamMember, &existing, Id::new(1)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "A staff member must have at least one availability period"
    );
    let two = [
        existing[0].clone(),
        with_id(allocation("2026-04-01", "2026-04-30", "10"), 2, |a, id| {
            a.id = id
        }),
    ];
    assert!(check_allocation_removal(PositionKind::TeamMember, &two, Id::new(2)).is_ok());
    // A planned position or consulting revenue carries exactly one (S6.2): it never goes.
    for kind in [
        PositionKind::PlannedPositionByTimeFrame,
        PositionKind::ConsultingRevenue,
    ] {
        let error = check_allocation_removal(kind, &existing, Id::new(1)).unwrap_err();
        assert_eq!(error, PositionError::OnlyAllocation);
        assert!(error
            .to_string()
            .contains("keeps its one allocation period"));
    }
    assert_eq!(
        check_allocation_removal(PositionKind::TeamMember, &two, Id::new(9)),
        Err(PositionError::NotFound {
            what: "Allocation",
            id: Id::new(9)
        })
    );
}

#[test]
fn rate_refusals() {
    let existing = [with_id(rate("50", "2026-01-01"), 1, |r, id| r.id = id)];
    let error = check_rate(&existing, &rate("60", "2026-01-01"), None).unwrap_err();
    assert_eq!(error.field(), Some("startDate"));
    assert_eq!(
        error.to_string(),
        "A cost rate already exists with that effective date (2026-01-01)"
    );
    assert!(check_rate(&existing, &rate("60", "2026-01-01"), Some(Id::new(1))).is_ok());
    let error = check_rate_removal(&existing, Id::new(1)).unwrap_err();
    assert_eq!(error.field(), None);
    assert_eq!(
        error.to_string(),
        "A staff member must have at least one cost rate"
    );
    // A position with no live rate at all cannot be costed.
    let mut gone = existing.clone();
    gone[0].deleted_on = Some(d("2026-02-01"));
    let calendar = Calendar::default();
    let allocations = [allocation("2026-01-01", "2026-01-31", "100")];
    let basis = CostBasis::new(folio("2026-01-01", "2026-12-31"), &calendar);
    let result = PositionPlan::new(
        input(PositionKind::TeamMember, &allocations, &gone, &[], None),
        &basis,
    );
    assert_eq!(result.err(), Some(PositionError::LastRate));
}

#[test]
fn conflicting_hours_periods_name_the_range_and_its_hours() {
    let existing = [with_id(
        hours("2026-03-02", "2026-03-06", "40", "5"),
        7,
        |h, id| h.id = id,
    )];
    let error = check_hours_period(
        &existing,
        &hours("2026-03-06", "2026-03-10", "8", "0"),
        None,
    )
    .unwrap_err();
    assert_eq!(error.field(), Some("startDate"));
    assert_eq!(
        error.to_string(),
        "Periods are conflicting: 2026-03-02 - 2026-03-06 holds 40 h and 5 h of overtime"
    );
    assert!(check_hours_period(
        &existing,
        &hours("2026-03-02", "2026-03-03", "8", "0"),
        Some(Id::new(7))
    )
    .is_ok());
    assert!(check_hours_period(
        &existing,
        &hours("2026-03-07", "2026-03-10", "8", "0"),
        None
    )
    .is_ok());
}

#[test]
fn hours_and_percentages_are_refused_out_of_range() {
    assert!("10000".parse::<Hours>().is_err());
    assert!("1.234".parse::<Hours>().is_err());
    assert!("100.5".parse::<Percentage>().is_err());
    assert!("-1".parse::<Percentage>().is_err());
}

// Properties: the segment engine equals the day-by-day reference. -----------------------------

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
