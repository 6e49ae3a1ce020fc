//! Calendars (S3): worked examples, and the segment-computed capacity against a day-by-day
//! reference written here.

use chrono::Days;
use costfolio::calendar::{
    seconds_to_hours, weekday_counts, Calendar, CalendarError, Holiday, HolidayKind, HolidayScheme,
    WorkloadScheme,
};
use costfolio::value::{Date, DateRange, Decimal, IsoWeekday};
use proptest::prelude::*;

fn d(text: &str) -> Date {
    text.parse().unwrap()
}

fn range(a: &str, b: &str) -> DateRange {
    DateRange::new(d(a), d(b)).unwrap()
}

const HOUR: u32 = 3600;

fn holiday(kind: HolidayKind, date: &str, hours: u32) -> Holiday {
    Holiday::new(kind, d(date), hours * HOUR).unwrap()
}

#[test]
fn the_default_workload_is_8_hours_monday_to_friday() {
    // S3.1
    let week = WorkloadScheme::standard().week();
    assert_eq!(
        week,
        [8 * HOUR, 8 * HOUR, 8 * HOUR, 8 * HOUR, 8 * HOUR, 0, 0]
    );
    let calendar = Calendar::default();
    assert_eq!(calendar.capacity_hours(d("2026-11-20")), Decimal::from(8)); // a Friday
    assert_eq!(calendar.capacity_hours(d("2026-11-21")), Decimal::ZERO); // a Saturday
                                                                         // November 2026: 21 weekdays.
    assert_eq!(
        calendar.working_days_in(range("2026-11-01", "2026-11-30")),
        21
    );
    assert_eq!(
        calendar.capacity_hours_in(range("2026-11-01", "2026-11-30")),
        Decimal::from(168)
    );
}

#[test]
fn a_half_day_holiday_halves_the_day() {
    // S3.3: capacity = workload hours - holiday hours.
    let scheme = HolidayScheme::new([holiday(HolidayKind::Floating, "2026-12-24", 4)]);
    let calendar = Calendar::new(WorkloadScheme::standard(), scheme);
    assert_eq!(calendar.capacity_hours(d("2026-12-24")), Decimal::from(4));
    assert_eq!(
        calendar.working_days_in(range("2026-12-21", "2026-12-25")),
        5
    );
    assert_eq!(
        calendar.capacity_hours_in(range("2026-12-21", "2026-12-25")),
        Decimal::from(36)
    );
}

#[test]
fn fixed_holidays_recur_every_year_before_and_after_their_year() {
    // S3.2: a FIXED holiday falls every year on its month and day.
    let scheme = HolidayScheme::new([holiday(HolidayKind::Fixed, "2026-05-01", 8)]);
    for year in [2019, 2026, 2031] {
        let date = Date::from_ymd(year, 5, 1).unwrap();
        assert_eq!(scheme.seconds_on(date), 8 * HOUR, "{year}");
    }
    // A FLOATING holiday only on its date.
    let scheme = HolidayScheme::new([holiday(HolidayKind::Floating, "2026-04-06", 8)]);
    assert_eq!(scheme.seconds_on(d("2026-04-06")), 8 * HOUR);
    assert_eq!(scheme.seconds_on(d("2027-04-06")), 0);
}

#[test]
fn a_fixed_feb_29_falls_only_in_leap_years() {
    let scheme = HolidayScheme::new([holiday(HolidayKind::Fixed, "2024-02-29", 8)]);
    let days = scheme.holidays_in(range("2024-01-01", "2029-12-31"));
    assert_eq!(
        days,
        [(d("2024-02-29"), 8 * HOUR), (d("2028-02-29"), 8 * HOUR)]
    );
}

#[test]
fn holidays_on_one_date_add_up_and_never_go_below_zero() {
    let scheme = HolidayScheme::new([
        holiday(HolidayKind::Floating, "2026-03-03", 3),
        holiday(HolidayKind::Fixed, "2020-03-03", 3),
        holiday(HolidayKind::Floating, "2026-03-04", 24),
    ]);
    let calendar = Calendar::new(WorkloadScheme::standard(), scheme);
    assert_eq!(calendar.capacity_hours(d("2026-03-03")), Decimal::from(2));
    assert_eq!(calendar.capacity_seconds(d("2026-03-04")), 0);
    // The 24-hour holiday takes only the 8 hours the day had.
    assert_eq!(
        calendar.capacity_hours_in(range("2026-03-02", "2026-03-06")),
        Decimal::from(8 * 4 - 6)
    );
    assert_eq!(
        calendar.working_days_in(range("2026-03-02", "2026-03-06")),
        4
    );
}

#[test]
fn a_holiday_on_a_weekend_takes_nothing() {
    let scheme = HolidayScheme::new([holiday(HolidayKind::Floating, "2026-11-21", 8)]);
    let calendar = Calendar::new(WorkloadScheme::standard(), scheme);
    assert_eq!(
        calendar.capacity_hours_in(range("2026-11-16", "2026-11-22")),
        Decimal::from(40)
    );
    assert_eq!(
        calendar.working_days_in(range("2026-11-16", "2026-11-22")),
        5
    );
}

#[test]
fn seconds_become_hours_exactly_where_they_can() {
    assert_eq!(seconds_to_hours(5400), Decimal::new(15, 1));
    // One second is 1/3600 h: 28 significant digits, rounded only where emitted (S1.5).
    assert_eq!(seconds_to_hours(1).round_dp(6), Decimal::new(278, 6));
}

#[test]
fn invalid_durations_are_refused() {
    assert_eq!(
        Holiday::new(HolidayKind::Fixed, d("2026-01-01"), 0),
        Err(CalendarError::HolidayDuration { seconds: 0 })
    );
    assert!(Holiday::new(HolidayKind::Fixed, d("2026-01-01"), 86_401).is_err());
    assert!(Holiday::new(HolidayKind::Fixed, d("2026-01-01"), 86_400).is_ok());
    let error = WorkloadScheme::new([0, 0, 90_000, 0, 0, 0, 0]).unwrap_err();
    assert_eq!(
        error,
        CalendarError::WorkloadTooLong {
            weekday: 3,
            seconds: 90_000
        }
    );
    assert_eq!(
        error.to_string(),
        "requiredSeconds of weekday 3 must be from 0 to 86400, got 90000"
    );
}

#[test]
fn a_custom_workload_counts_its_weekdays() {
    // Four 10-hour days, Monday to Thursday, and 2.5 hours on Saturday.
    let scheme = WorkloadScheme::new([36_000, 36_000, 36_000, 36_000, 0, 9_000, 0]).unwrap();
    assert_eq!(scheme.seconds_on(IsoWeekday::new(6).unwrap()), 9_000);
    let calendar = Calendar::new(scheme, HolidayScheme::empty());
    // 2026-11-01 (Sunday) .. 2026-11-14 (Saturday): 2 weeks.
    assert_eq!(
        calendar.capacity_hours_in(range("2026-11-01", "2026-11-14")),
        Decimal::from(85)
    );
    assert_eq!(
        calendar.working_days_in(range("2026-11-01", "2026-11-14")),
        10
    );
}

// Properties: the segment computation equals a plain day-by-day walk. ------------------------

/// The reference: walk every day, add its capacity.
fn day_by_day(calendar: &Calendar, range: DateRange) -> (u64, u64) {
    let mut seconds = 0u64;
    let mut working = 0u64;
    let mut day = range.start().naive();
    while day <= range.end().naive() {
        let capacity = calendar.capacity_seconds(Date::from_naive(day));
        seconds += u64::from(capacity);
        working += u64::from(capacity > 0);
        day = day.succ_opt().unwrap();
    }
    (seconds, working)
}

fn any_date() -> impl Strategy<Value = Date> {
    (0u64..20_000).prop_map(|n| {
        Date::from_naive(
            d("2000-01-01")
                .naive()
                .checked_add_days(Days::new(n))
                .unwrap(),
        )
    })
}

prop_compose! {
    fn any_calendar()(
        week in proptest::array::uniform7(prop_oneof![Just(0u32), Just(28_800u32), 0u32..=86_400]),
        holidays in proptest::collection::vec(
            (any::<bool>(), any_date(), prop_oneof![Just(28_800u32), Just(14_400u32), 1u32..=86_400]), 0..60),
    ) -> Calendar {
        let holidays = holidays.into_iter().map(|(fixed, date, seconds)| {
            let kind = if fixed { HolidayKind::Fixed } else { HolidayKind::Floating };
            Holiday::new(kind, date, seconds).unwrap()
        });
        Calendar::new(WorkloadScheme::new(week).unwrap(), HolidayScheme::new(holidays))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn segment_capacity_equals_the_day_by_day_walk(calendar in any_calendar(), start in any_date(), days in 0u64..3000) {
        let end = Date::from_naive(start.naive().checked_add_days(Days::new(days)).unwrap());
        let range = DateRange::new(start, end).unwrap();
        let (seconds, working) = day_by_day(&calendar, range);
        prop_assert_eq!(calendar.capacity_seconds_in(range), seconds);
        prop_assert_eq!(calendar.working_days_in(range), working);
    }

    #[test]
    fn weekday_counts_add_up_to_the_days(start in any_date(), days in 0u64..5000) {
        let end = Date::from_naive(start.naive().checked_add_days(Days::new(days)).unwrap());
        let range = DateRange::new(start, end).unwrap();
        let counts = weekday_counts(range);
        prop_assert_eq!(counts.iter().sum::<u64>(), range.days());
        let spread = counts.iter().max().unwrap() - counts.iter().min().unwrap();
        prop_assert!(spread <= 1);
    }
}
