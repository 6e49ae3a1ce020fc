//! Recurrence of expenses (S4): an example for every rule, the `rrule` crate as an oracle wherever
//! RFC 5545 means the same thing, and window expansion against full expansion.

use chrono::{Datelike, Days, NaiveDate};
use costfolio::model::budgeting::{Recurrence, RecurrenceBy, RecurrenceKind};
use costfolio::model::from_json;
use costfolio::recurrence::{RecurrenceError, RecurrenceRule, MAX_OCCURRENCES};
use costfolio::value::{Date, DateRange, Interval, IsoWeekday, Occurrences};
use proptest::prelude::*;

fn d(text: &str) -> Date {
    text.parse().unwrap()
}

fn rule(json: &str, folio_end: &str) -> RecurrenceRule {
    let wire: Recurrence = from_json(json.as_bytes()).unwrap();
    RecurrenceRule::new(&wire, d(folio_end)).unwrap()
}

fn dates(rule: &RecurrenceRule) -> Vec<String> {
    rule.iter().map(|date| date.to_string()).collect()
}

// S4.1 ---------------------------------------------------------------------------------------

#[test]
fn with_neither_limit_a_series_ends_at_the_folio_end() {
    let r = rule(
        r#"{"kind":".Daily","startDate":"2026-12-29"}"#,
        "2026-12-31",
    );
    assert_eq!(dates(&r), ["2026-12-29", "2026-12-30", "2026-12-31"]);
}

#[test]
fn with_occurrences_and_end_date_the_earlier_end_wins() {
    // The count ends first: 3 occurrences, though endDate allows 10.
    let r = rule(
        r#"{"kind":".Daily","startDate":"2026-01-01","occurrences":3,"endDate":"2026-01-10"}"#,
        "2026-12-31",
    );
    assert_eq!(dates(&r), ["2026-01-01", "2026-01-02", "2026-01-03"]);
    // The date ends first: 2 occurrences, though the count allows 10.
    let r = rule(
        r#"{"kind":".Daily","startDate":"2026-01-01","occurrences":10,"endDate":"2026-01-02"}"#,
        "2026-12-31",
    );
    assert_eq!(dates(&r), ["2026-01-01", "2026-01-02"]);
}

#[test]
fn occurrences_alone_may_run_past_the_folio_end() {
    // The folio end is only the default end; the count decides here (payments are clipped later).
    let r = rule(
        r#"{"kind":".Monthly","startDate":"2026-11-15","occurrences":3}"#,
        "2026-11-30",
    );
    assert_eq!(dates(&r), ["2026-11-15", "2026-12-15", "2027-01-15"]);
}

#[test]
fn an_end_date_before_the_start_date_is_refused() {
    let wire: Recurrence =
        from_json(br#"{"kind":".Weekly","startDate":"2026-03-02","endDate":"2026-03-01"}"#)
            .unwrap();
    let error = RecurrenceRule::new(&wire, d("2026-12-31")).unwrap_err();
    assert_eq!(
        error,
        RecurrenceError::EndBeforeStart {
            start: d("2026-03-02"),
            end: d("2026-03-01")
        }
    );
    assert_eq!(error.field(), "recurrence.endDate");
    assert_eq!(
        error.to_string(),
        "The end date of the recurrence must not be before its start date (start 2026-03-02, end 2026-03-01)"
    );
}

#[test]
fn interval_defaults_to_1() {
    let r = rule(
        r#"{"kind":".Yearly","startDate":"2026-05-05","occurrences":2}"#,
        "2030-01-01",
    );
    assert_eq!(dates(&r), ["2026-05-05", "2027-05-05"]);
}

#[test]
fn a_series_whose_folio_ends_before_it_starts_has_no_occurrence() {
    let r = rule(
        r#"{"kind":".Daily","startDate":"2027-01-01"}"#,
        "2026-12-31",
    );
    assert!(r.is_empty());
    assert_eq!(r.iter().count(), 0);
}

// S4.2 ---------------------------------------------------------------------------------------

#[test]
fn once_is_one_occurrence_whatever_else_is_given() {
    let r = rule(
        r#"{"kind":".Once","startDate":"2026-06-15","occurrences":5,"interval":3,"endDate":"2026-01-01","recurrenceOn":[1]}"#,
        "2026-12-31",
    );
    assert_eq!(dates(&r), ["2026-06-15"]);
}

// S4.3 ---------------------------------------------------------------------------------------

#[test]
fn daily_every_third_day() {
    let r = rule(
        r#"{"kind":".Daily","startDate":"2026-02-26","interval":3,"occurrences":4}"#,
        "2026-12-31",
    );
    assert_eq!(
        dates(&r),
        ["2026-02-26", "2026-03-01", "2026-03-04", "2026-03-07"]
    );
}

// S4.4 ---------------------------------------------------------------------------------------

#[test]
fn weekly_on_several_days_every_two_weeks() {
    // 2026-01-07 is a Wednesday: Monday 5 January is before the start and does not count; the
    // week of 12 January is skipped; occurrences counts dates, not weeks.
    let r = rule(
        r#"{"kind":".Weekly","startDate":"2026-01-07","interval":2,"recurrenceOn":[5,1,3,3],"occurrences":7}"#,
        "2026-12-31",
    );
    assert_eq!(
        dates(&r),
        [
            "2026-01-07",
            "2026-01-09",
            "2026-01-19",
            "2026-01-21",
            "2026-01-23",
            "2026-02-02",
            "2026-02-04"
        ]
    );
}

#[test]
fn weekly_without_days_falls_on_the_start_weekday() {
    let r = rule(
        r#"{"kind":".Weekly","startDate":"2026-01-08","recurrenceOn":[],"occurrences":3}"#,
        "2026-12-31",
    );
    assert_eq!(dates(&r), ["2026-01-08", "2026-01-15", "2026-01-22"]);
    let r = rule(
        r#"{"kind":".Weekly","startDate":"2026-01-08","occurrences":2}"#,
        "2026-12-31",
    );
    assert_eq!(dates(&r), ["2026-01-08", "2026-01-15"]);
}

#[test]
fn weekly_on_sunday_belongs_to_the_iso_week_of_the_monday_before() {
    // Start Sunday 2026-01-04 (ISO week 1 of 2026); on Monday and Sunday every 2 weeks: Monday
    // 2026-01-05 is already in week 2 (skipped), Monday 2026-01-12 is in week 3.
    let r = rule(
        r#"{"kind":".Weekly","startDate":"2026-01-04","interval":2,"recurrenceOn":[1,7],"occurrences":4}"#,
        "2026-12-31",
    );
    assert_eq!(
        dates(&r),
        ["2026-01-04", "2026-01-12", "2026-01-18", "2026-01-26"]
    );
}

// S4.5 ---------------------------------------------------------------------------------------

#[test]
fn monthly_on_the_31st_uses_the_last_day_of_shorter_months() {
    let r = rule(
        r#"{"kind":".Monthly","startDate":"2026-01-31","occurrences":5}"#,
        "2030-12-31",
    );
    assert_eq!(
        dates(&r),
        [
            "2026-01-31",
            "2026-02-28",
            "2026-03-31",
            "2026-04-30",
            "2026-05-31"
        ]
    );
    // In a leap year February has its 29th.
    let r = rule(
        r#"{"kind":".Monthly","startDate":"2028-01-30","occurrences":2}"#,
        "2030-12-31",
    );
    assert_eq!(dates(&r), ["2028-01-30", "2028-02-29"]);
}

#[test]
fn monthly_every_two_months_by_day_of_month() {
    let r = rule(
        r#"{"kind":".Monthly","startDate":"2026-12-31","interval":2,"recurrenceBy":"DAY_OF_MONTH","occurrences":4}"#,
        "2030-12-31",
    );
    assert_eq!(
        dates(&r),
        ["2026-12-31", "2027-02-28", "2027-04-30", "2027-06-30"]
    );
}

#[test]
fn monthly_by_day_of_week_takes_the_nth_weekday() {
    // 2026-01-13 is the second Tuesday of January.
    let r = rule(
        r#"{"kind":".Monthly","startDate":"2026-01-13","recurrenceBy":"DAY_OF_WEEK","occurrences":3}"#,
        "2030-12-31",
    );
    assert_eq!(dates(&r), ["2026-01-13", "2026-02-10", "2026-03-10"]);
}

#[test]
fn a_fifth_tuesday_means_the_last_tuesday() {
    // 2026-03-31 is the fifth Tuesday of March; April, May and June have 4, 4 and 5 Tuesdays.
    let r = rule(
        r#"{"kind":".Monthly","startDate":"2026-03-31","recurrenceBy":"DAY_OF_WEEK","occurrences":4}"#,
        "2030-12-31",
    );
    assert_eq!(
        dates(&r),
        ["2026-03-31", "2026-04-28", "2026-05-26", "2026-06-30"]
    );
}

// S4.6 ---------------------------------------------------------------------------------------

#[test]
fn yearly_on_feb_29_falls_on_feb_28_in_common_years() {
    let r = rule(
        r#"{"kind":".Yearly","startDate":"2024-02-29","occurrences":5}"#,
        "2040-12-31",
    );
    assert_eq!(
        dates(&r),
        [
            "2024-02-29",
            "2025-02-28",
            "2026-02-28",
            "2027-02-28",
            "2028-02-29"
        ]
    );
    let r = rule(
        r#"{"kind":".Yearly","startDate":"2024-02-29","interval":2,"occurrences":3}"#,
        "2040-12-31",
    );
    assert_eq!(dates(&r), ["2024-02-29", "2026-02-28", "2028-02-29"]);
}

// S4.7 ---------------------------------------------------------------------------------------

#[test]
fn occurrences_are_counted_from_the_start_date_before_any_window() {
    let r = rule(
        r#"{"kind":".Monthly","startDate":"2025-11-10","occurrences":4}"#,
        "2026-12-31",
    );
    let folio = DateRange::new(d("2026-01-01"), d("2026-12-31")).unwrap();
    // November and December 2025 used up two of the four.
    let inside: Vec<Date> = r.occurrences_in(folio).collect();
    assert_eq!(inside, [d("2026-01-10"), d("2026-02-10")]);
    assert_eq!(r.count_in(folio), 2);
}

// S4.8 ---------------------------------------------------------------------------------------

#[test]
fn more_than_100000_occurrences_is_refused() {
    // Daily from 2000 to the end of 2299: 109,573 occurrences.
    let wire: Recurrence = from_json(br#"{"kind":".Daily","startDate":"2000-01-01"}"#).unwrap();
    let error = RecurrenceRule::new(&wire, d("2299-12-31")).unwrap_err();
    assert_eq!(
        error,
        RecurrenceError::TooManyOccurrences { count: 109_573 }
    );
    assert_eq!(error.field(), "recurrence");
    assert!(
        error
            .to_string()
            .contains("109573 occurrences; at most 100000"),
        "{error}"
    );

    // Exactly 100,000 is allowed; one more is not.
    let start = NaiveDate::from_ymd_opt(2000, 1, 1).unwrap();
    let last = start
        .checked_add_days(Days::new(MAX_OCCURRENCES - 1))
        .unwrap();
    let body = format!(r#"{{"kind":".Daily","startDate":"2000-01-01","endDate":"{last}"}}"#);
    let exact = RecurrenceRule::new(&from_json(body.as_bytes()).unwrap(), d("9999-12-31")).unwrap();
    assert_eq!(exact.len(), MAX_OCCURRENCES);
    assert_eq!(exact.nth(MAX_OCCURRENCES - 1), Some(Date::from_naive(last)));
    let body = format!(
        r#"{{"kind":".Daily","startDate":"2000-01-01","endDate":"{}"}}"#,
        last.succ_opt().unwrap()
    );
    assert!(RecurrenceRule::new(&from_json(body.as_bytes()).unwrap(), d("9999-12-31")).is_err());

    // A count caps the series before the bound is reached.
    let wire: Recurrence =
        from_json(br#"{"kind":".Daily","startDate":"2000-01-01","occurrences":10}"#).unwrap();
    assert_eq!(
        RecurrenceRule::new(&wire, d("9999-12-31")).unwrap().len(),
        10
    );
}

#[test]
fn a_window_far_from_the_start_is_expanded_directly() {
    let r = rule(
        r#"{"kind":".Weekly","startDate":"2016-01-04","recurrenceOn":[1,4]}"#,
        "2099-12-31",
    );
    let window = DateRange::new(d("2026-01-01"), d("2026-01-31")).unwrap();
    let got: Vec<String> = r.occurrences_in(window).map(|x| x.to_string()).collect();
    assert_eq!(
        got,
        [
            "2026-01-01",
            "2026-01-05",
            "2026-01-08",
            "2026-01-12",
            "2026-01-15",
            "2026-01-19",
            "2026-01-22",
            "2026-01-26",
            "2026-01-29"
        ]
    );
    assert_eq!(r.count_in(window), 9);
}

// Properties ---------------------------------------------------------------------------------

/// Expands `rule` with the `rrule` crate: DTSTART at midnight UTC, the RRULE given.
fn oracle(start: Date, rrule_text: &str) -> Vec<Date> {
    let n = start.naive();
    let text = format!(
        "DTSTART:{:04}{:02}{:02}T000000Z\nRRULE:{rrule_text}",
        n.year(),
        n.month(),
        n.day()
    );
    let set: rrule::RRuleSet = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let result = set.all(u16::MAX);
    assert!(!result.limited, "{text}: the oracle was cut short");
    result
        .dates
        .iter()
        .map(|at| Date::from_naive(at.date_naive()))
        .collect()
}

fn date_in(years: std::ops::Range<i32>) -> impl Strategy<Value = Date> {
    (years, 1u32..=12, 1u32..=31).prop_map(|(y, m, day)| {
        let last = costfolio::recurrence::days_in_month(y, m);
        Date::from_ymd(y, m, day.min(last)).unwrap()
    })
}

fn wire(kind: RecurrenceKind, start: Date, interval: u32, count: u32) -> Recurrence {
    Recurrence {
        kind,
        start_date: start,
        end_date: None,
        occurrences: Some(Occurrences::new(count).unwrap()),
        interval: Some(Interval::new(interval).unwrap()),
        recurrence_on: None,
        recurrence_by: None,
    }
}

const FAR: &str = "9999-12-31";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn daily_equals_rrule(start in date_in(1990..2060), interval in 1u32..40, count in 1u32..400) {
        let r = RecurrenceRule::new(&wire(RecurrenceKind::Daily, start, interval, count), d(FAR)).unwrap();
        let ours: Vec<Date> = r.iter().collect();
        prop_assert_eq!(ours, oracle(start, &format!("FREQ=DAILY;INTERVAL={interval};COUNT={count}")));
    }

    #[test]
    fn weekly_equals_rrule_with_wkst_monday(
        start in date_in(1990..2060), interval in 1u32..6, count in 1u32..300,
        days in proptest::collection::btree_set(1u32..=7, 1..=7),
    ) {
        let mut w = wire(RecurrenceKind::Weekly, start, interval, count);
        w.recurrence_on = Some(days.iter().map(|&x| IsoWeekday::new(x).unwrap()).collect());
        let r = RecurrenceRule::new(&w, d(FAR)).unwrap();
        let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
        let byday: Vec<&str> = days.iter().map(|&x| names[x as usize - 1]).collect();
        let ours: Vec<Date> = r.iter().collect();
        prop_assert_eq!(ours, oracle(start, &format!("FREQ=WEEKLY;INTERVAL={interval};WKST=MO;BYDAY={};COUNT={count}", byday.join(","))));
    }

    #[test]
    fn monthly_on_days_1_to_28_equals_rrule(
        y in 1990i32..2060, m in 1u32..=12, day in 1u32..=28, interval in 1u32..13, count in 1u32..200,
    ) {
        let start = Date::from_ymd(y, m, day).unwrap();
        let r = RecurrenceRule::new(&wire(RecurrenceKind::Monthly, start, interval, count), d(FAR)).unwrap();
        let ours: Vec<Date> = r.iter().collect();
        prop_assert_eq!(ours, oracle(start, &format!("FREQ=MONTHLY;INTERVAL={interval};COUNT={count}")));
    }

    #[test]
    fn monthly_by_weekday_up_to_the_fourth_equals_rrule(
        y in 1990i32..2060, m in 1u32..=12, day in 1u32..=28, interval in 1u32..13, count in 1u32..200,
    ) {
        let start = Date::from_ymd(y, m, day).unwrap();
        let mut w = wire(RecurrenceKind::Monthly, start, interval, count);
        w.recurrence_by = Some(RecurrenceBy::DayOfWeek);
        let r = RecurrenceRule::new(&w, d(FAR)).unwrap();
        let nth = day.div_ceil(7);
        let weekday = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][start.naive().weekday().num_days_from_monday() as usize];
        let ours: Vec<Date> = r.iter().collect();
        prop_assert_eq!(ours, oracle(start, &format!("FREQ=MONTHLY;INTERVAL={interval};BYDAY={nth}{weekday};COUNT={count}")));
    }

    #[test]
    fn yearly_off_feb_29_equals_rrule(start in date_in(1900..2100), interval in 1u32..10, count in 1u32..100) {
        prop_assume!(!(start.naive().month() == 2 && start.naive().day() == 29));
        let r = RecurrenceRule::new(&wire(RecurrenceKind::Yearly, start, interval, count), d(FAR)).unwrap();
        let ours: Vec<Date> = r.iter().collect();
        prop_assert_eq!(ours, oracle(start, &format!("FREQ=YEARLY;INTERVAL={interval};COUNT={count}")));
    }

    #[test]
    fn an_end_date_equals_rrule_until(start in date_in(1990..2060), interval in 1u32..20, span in 0u64..3000) {
        let end = Date::from_naive(start.naive().checked_add_days(Days::new(span)).unwrap());
        let mut w = wire(RecurrenceKind::Daily, start, interval, 1);
        w.occurrences = None;
        w.end_date = Some(end);
        let r = RecurrenceRule::new(&w, d(FAR)).unwrap();
        let e = end.naive();
        let until = format!("{:04}{:02}{:02}T000000Z", e.year(), e.month(), e.day());
        let ours: Vec<Date> = r.iter().collect();
        prop_assert_eq!(ours, oracle(start, &format!("FREQ=DAILY;INTERVAL={interval};UNTIL={until}")));
    }

    #[test]
    fn a_window_equals_the_full_expansion_filtered(
        kind in prop_oneof![Just(RecurrenceKind::Once), Just(RecurrenceKind::Daily), Just(RecurrenceKind::Weekly),
                            Just(RecurrenceKind::Monthly), Just(RecurrenceKind::Yearly)],
        by_weekday in any::<bool>(),
        start in date_in(2000..2030), interval in 1u32..8, count in 1u32..2000,
        days in proptest::collection::vec(1u32..=7, 0..4),
        window_start in date_in(1995..2040), window_days in 0u64..2000,
    ) {
        let mut w = wire(kind, start, interval, count);
        w.recurrence_on = Some(days.into_iter().map(|x| IsoWeekday::new(x).unwrap()).collect());
        w.recurrence_by = Some(if by_weekday { RecurrenceBy::DayOfWeek } else { RecurrenceBy::DayOfMonth });
        let r = RecurrenceRule::new(&w, d(FAR)).unwrap();
        let end = Date::from_naive(window_start.naive().checked_add_days(Days::new(window_days)).unwrap());
        let window = DateRange::new(window_start, end).unwrap();
        let filtered: Vec<Date> = r.iter().filter(|x| window.contains(*x)).collect();
        let direct: Vec<Date> = r.occurrences_in(window).collect();
        prop_assert_eq!(r.count_in(window), direct.len() as u64);
        prop_assert_eq!(direct, filtered);
    }

    #[test]
    fn every_occurrence_is_in_order_and_nth_agrees(
        kind in prop_oneof![Just(RecurrenceKind::Daily), Just(RecurrenceKind::Weekly),
                            Just(RecurrenceKind::Monthly), Just(RecurrenceKind::Yearly)],
        start in date_in(2000..2030), interval in 1u32..8, count in 1u32..500, by_weekday in any::<bool>(),
    ) {
        let mut w = wire(kind, start, interval, count);
        w.recurrence_by = Some(if by_weekday { RecurrenceBy::DayOfWeek } else { RecurrenceBy::DayOfMonth });
        let r = RecurrenceRule::new(&w, d(FAR)).unwrap();
        let all: Vec<Date> = r.iter().collect();
        prop_assert_eq!(all.len() as u64, r.len());
        prop_assert_eq!(all[0], start);
        prop_assert!(all.windows(2).all(|pair| pair[0] < pair[1]));
        for (k, date) in all.iter().enumerate() {
            prop_assert_eq!(r.nth(k as u64), Some(*date));
        }
        prop_assert_eq!(r.nth(r.len()), None);
    }
}
