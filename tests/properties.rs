//! Property tests: any valid value survives write-then-read exactly, through JSON, alone and inside
//! the resources that carry it; and what the constructors accept is exactly what the rules allow.

use std::fmt::Debug;

use chrono::{Days, NaiveDate};
use costfolio::model::budgeting::{
    Allocation, Expense, ExpenseCategory, ExpenseKind, HoursPeriod, Rate, Recurrence, RecurrenceBy,
    RecurrenceKind,
};
use costfolio::model::{from_json, to_json};
use costfolio::value::{
    decimal_places, parse_decimal, Amount, CurrencyCode, Date, DateRange, Decimal, EventTimestamp,
    Exact, HourlyRate, Hours, Id, Interval, IsoWeekday, Key, Name, Occurrences, Percentage,
    UtcTimestamp,
};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Writes and reads `value`; the result must be equal and, written again, the same text.
fn survives<T: Serialize + DeserializeOwned + PartialEq + Debug>(
    value: &T,
) -> Result<(), TestCaseError> {
    let text = to_json(value);
    let back: T =
        from_json(text.as_bytes()).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    prop_assert_eq!(&back, value, "{}", text);
    prop_assert_eq!(to_json(&back), text);
    Ok(())
}

/// Any decimal rust_decimal can hold: a 96-bit mantissa, a scale of 0 to 28, either sign.
fn any_decimal() -> impl Strategy<Value = Decimal> {
    (
        any::<u32>(),
        any::<u32>(),
        any::<u32>(),
        any::<bool>(),
        0u32..=28,
    )
        .prop_map(|(lo, mid, hi, negative, scale)| {
            Decimal::from_parts(lo, mid, hi, negative, scale)
        })
}

/// A decimal from `0` to `max_units / 10^scale` with exactly `scale` decimal places as written.
fn scaled(max_units: i64, max_scale: u32) -> impl Strategy<Value = Decimal> {
    (0u32..=max_scale).prop_flat_map(move |scale| {
        let limit = max_units * 10i64.pow(scale) / 10i64.pow(max_scale);
        (0..=limit).prop_map(move |units| Decimal::new(units, scale))
    })
}

fn any_date() -> impl Strategy<Value = Date> {
    // Every day from 0001-01-01 to 9999-12-31.
    (0u64..3_652_059).prop_map(|offset| {
        let first = NaiveDate::from_ymd_opt(1, 1, 1).unwrap();
        Date::from_naive(first.checked_add_days(Days::new(offset)).unwrap())
    })
}

/// The last day a `yyyy-MM-dd` date can name.
fn last_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(9999, 12, 31).unwrap()
}

fn any_currency() -> impl Strategy<Value = CurrencyCode> {
    let all: Vec<CurrencyCode> = CurrencyCode::all().collect();
    proptest::sample::select(all)
}

prop_compose! {
    fn any_allocation()(start in any_date(), len in 0u64..2000, pct in scaled(100, 6),
                        id in proptest::option::of(any::<u64>()),
                        deleted in proptest::option::of(any_date())) -> Allocation {
        let end = Date::from_naive(start.naive().checked_add_days(Days::new(len)).unwrap().min(last_day()));
        Allocation { start_date: start, end_date: end, deleted_on: deleted, percentage: Percentage::new(pct).unwrap(), id: id.map(Id::new) }
    }
}

prop_compose! {
    fn any_hours_period()(start in any_date(), len in 0u64..400, effort in scaled(999_999, 2), ot in scaled(999_999, 2),
                          reporter in proptest::option::of("[a-z]{1,12}"),
                          id in proptest::option::of(any::<u64>())) -> HoursPeriod {
        HoursPeriod {
            ot_effort: Hours::new(ot).unwrap(),
            start_date: start,
            end_date: Date::from_naive(start.naive().checked_add_days(Days::new(len)).unwrap().min(last_day())),
            deleted_on: None,
            reporter,
            effort: Hours::new(effort).unwrap(),
            id: id.map(Id::new),
        }
    }
}

prop_compose! {
    fn any_recurrence()(kind in prop_oneof![Just(RecurrenceKind::Once), Just(RecurrenceKind::Daily),
                            Just(RecurrenceKind::Weekly), Just(RecurrenceKind::Monthly), Just(RecurrenceKind::Yearly)],
                        start in any_date(), end in proptest::option::of(any_date()),
                        occurrences in proptest::option::of(1u32..=100_000),
                        interval in proptest::option::of(1u32..=100_000),
                        on in proptest::option::of(proptest::collection::vec(1u32..=7, 0..7)),
                        by in proptest::option::of(prop_oneof![Just(RecurrenceBy::DayOfMonth), Just(RecurrenceBy::DayOfWeek)]))
                        -> Recurrence {
        Recurrence {
            kind,
            start_date: start,
            end_date: end,
            occurrences: occurrences.map(|n| Occurrences::new(n).unwrap()),
            interval: interval.map(|n| Interval::new(n).unwrap()),
            recurrence_on: on.map(|days| days.into_iter().map(|d| IsoWeekday::new(d).unwrap()).collect()),
            recurrence_by: by,
        }
    }
}

prop_compose! {
    fn any_expense()(recurrence in any_recurrence(), currency in any_currency(), units in 0i64..1_000_000_000_000_000,
                     kind in prop_oneof![Just(ExpenseKind::PlannedExpense), Just(ExpenseKind::ActualExpense),
                                         Just(ExpenseKind::PlannedRevenue), Just(ExpenseKind::ActualRevenue)],
                     name in "\\PC{0,40}", converted in proptest::option::of(any_decimal()),
                     realises in proptest::option::of(1u64..1_000_000),
                     complete in proptest::option::of(proptest::bool::ANY),
                     source_key in proptest::option::of("\\PC{0,20}")) -> Expense {
        let amount = Amount::new(Decimal::new(units, currency.minor_units())).unwrap();
        let category = if kind.is_cost() { ExpenseCategory::Capex } else { ExpenseCategory::NonOperating };
        Expense {
            id: None, folio_id: Id::new(1), name, description: String::new(), expense_type: "t".into(),
            category, kind, amount, converted_amount: converted.map(|d| Exact::new(d).unwrap()),
            currency_code: currency, amortized: Some(units % 2 == 0), labels: None, reporter: None,
            baseline_id: None, deleted_on: None, custom_fields: None, recurrence,
            realises: realises.map(Id::new), complete, source_key, estimate: None,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn push_to_writes_what_display_writes(date in any_date()) {
        let mut text = String::from("[");
        date.push_to(&mut text);
        prop_assert_eq!(&text[1..], date.to_string());
    }

    #[test]
    fn timestamps_are_written_and_read_as_chrono_writes_and_reads_them(
        date in any_date(),
        seconds in 0u32..86_400,
        nanos in 0u32..1_000_000_000,
        digits in 0usize..=9,
    ) {
        let at = date.naive().and_hms_nano_opt(seconds / 3600, seconds / 60 % 60, seconds % 60, nanos).unwrap();
        // The wire forms, against chrono's own formatting (the oracle).
        let utc = costfolio::value::UtcTimestamp::new(at);
        prop_assert_eq!(utc.to_string(), format!("{}Z", at.format("%Y-%m-%dT%H:%M:%S")));
        let event = costfolio::value::EventTimestamp::new(at);
        prop_assert_eq!(event.to_string(), at.format("%Y-%m-%dT%H:%M:%S%.3f").to_string());
        prop_assert_eq!(utc.to_string().parse::<costfolio::value::UtcTimestamp>().unwrap(), utc);
        prop_assert_eq!(event.to_string().parse::<costfolio::value::EventTimestamp>().unwrap(), event);
        // A local date-time with 0 to 9 digits of a second, against chrono's `%.f` reading.
        let mut text = at.format("%Y-%m-%dT%H:%M:%S").to_string();
        if digits > 0 {
            text.push('.');
            text.push_str(&format!("{nanos:09}")[..digits]);
        }
        let want = chrono::NaiveDateTime::parse_from_str(&text, "%Y-%m-%dT%H:%M:%S%.f").unwrap();
        prop_assert_eq!(costfolio::value::parse_local_date_time(&text), Some(want));
        let clock = &text[11..19];
        prop_assert_eq!(
            costfolio::value::parse_time_of_day(clock),
            Some(chrono::NaiveTime::parse_from_str(clock, "%H:%M:%S").unwrap())
        );
    }

    #[test]
    fn any_decimal_survives_exactly_with_its_scale(value in any_decimal()) {
        let exact = Exact::new(value).unwrap();
        let text = to_json(&exact);
        let back: Exact = from_json(text.as_bytes()).unwrap();
        // Same digits, same scale: compare the text, not just the value.
        prop_assert_eq!(back.get().to_string(), exact.get().to_string());
        prop_assert_eq!(text, exact.get().to_string());
    }

    #[test]
    fn the_reader_agrees_with_rust_decimal_on_plain_text(value in any_decimal()) {
        let text = value.to_string();
        prop_assert_eq!(parse_decimal(&text).unwrap().to_string(), Decimal::from_str_exact(&text).unwrap().to_string());
    }

    #[test]
    fn exponent_notation_is_exact(units in -1_000_000_000i64..1_000_000_000, exp in -10i32..10) {
        let text = format!("{units}e{exp}");
        let parsed = parse_decimal(&text).unwrap();
        let expected = if exp >= 0 {
            Decimal::from(units) * Decimal::from(10i64.pow(exp.unsigned_abs()))
        } else {
            Decimal::new(units, exp.unsigned_abs())
        };
        prop_assert_eq!(parsed, expected);
    }

    #[test]
    fn valid_hours_survive(value in scaled(999_999, 2)) {
        survives(&Hours::new(value).unwrap())?;
    }

    #[test]
    fn hours_are_accepted_exactly_when_in_format(value in any_decimal()) {
        let in_format = value >= Decimal::ZERO && value <= Decimal::new(999_999, 2) && decimal_places(value) <= 2;
        prop_assert_eq!(Hours::new(value).is_ok(), in_format);
    }

    #[test]
    fn valid_percentages_survive(value in scaled(100, 10)) {
        survives(&Percentage::new(value).unwrap())?;
    }

    #[test]
    fn percentages_are_accepted_exactly_from_0_to_100(value in any_decimal()) {
        prop_assert_eq!(Percentage::new(value).is_ok(), value >= Decimal::ZERO && value <= Decimal::ONE_HUNDRED);
    }

    #[test]
    fn valid_rates_survive(value in scaled(1_000_000_000, 4)) {
        survives(&HourlyRate::new(value).unwrap())?;
    }

    #[test]
    fn amounts_in_minor_units_pass_their_currency_and_one_more_digit_fails(
        currency in any_currency(), units in 0i64..1_000_000_000_000_000, digit in 1i64..10,
    ) {
        let fitting = Amount::new(Decimal::new(units, currency.minor_units())).unwrap();
        prop_assert!(currency.check_amount(fitting).is_ok());
        survives(&fitting)?;
        let finer_units = i128::from(units) * 10 + i128::from(digit);
        let finer = Amount::new(Decimal::from_i128_with_scale(finer_units, currency.minor_units() + 1)).unwrap();
        prop_assert!(currency.check_amount(finer).is_err(), "{} {}", finer, currency);
    }

    #[test]
    fn currencies_survive(currency in any_currency()) {
        survives(&currency)?;
    }

    #[test]
    fn dates_survive_and_reparse(date in any_date()) {
        survives(&date)?;
        prop_assert_eq!(Date::parse(&date.to_string()), Ok(date));
    }

    #[test]
    fn ranges_are_valid_exactly_when_ordered(a in any_date(), b in any_date()) {
        let range = DateRange::new(a, b);
        prop_assert_eq!(range.is_ok(), a <= b);
        if let Ok(range) = range {
            let days = (b.naive() - a.naive()).num_days() + 1;
            prop_assert_eq!(range.days(), u64::try_from(days).unwrap());
        }
    }

    #[test]
    fn timestamps_survive(date in any_date(), secs in 0u32..86_400, millis in 0u32..1000) {
        let at = date.naive().and_hms_milli_opt(secs / 3600, secs / 60 % 60, secs % 60, millis).unwrap();
        survives(&EventTimestamp::new(at))?;
        survives(&UtcTimestamp::new(at))?;
    }

    #[test]
    fn keys_and_names_survive(
        key in "[A-Za-z0-9_.-]{1,255}",
        // Characters a name may hold (S11.7): no control, format, separator or invisible letter.
        name in "[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\u{115F}\u{1160}\u{2800}\u{3164}\u{FFA0}]{0,254}[^\\s\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\u{115F}\u{1160}\u{2800}\u{3164}\u{FFA0}]",
        hidden in "\\p{Cf}",
    ) {
        prop_assume!(!name.trim().is_empty());
        survives(&Key::new(&key).unwrap())?;
        survives(&Name::new(&name).unwrap())?;
        // NUL is refused in a name, as everywhere (the reader refuses \u0000).
        let with_nul = format!("{name}\0");
        prop_assert!(Name::new(&with_nul).is_err());
        // S11.7: an invisible format character is refused in a new name (at its start, where no
        // joiner joins), and kept in a name a record already held.
        let with_format = format!("{hidden}{name}");
        if with_format.chars().count() <= 255 {
            prop_assert!(Name::new(&with_format).is_err());
            prop_assert!(Name::kept(&with_format).is_ok());
        }
    }

    #[test]
    fn ids_survive(id in any::<u64>()) {
        survives(&Id::new(id))?;
    }

    #[test]
    fn allocations_survive(allocation in any_allocation()) {
        survives(&allocation)?;
    }

    #[test]
    fn hours_periods_survive(period in any_hours_period()) {
        survives(&period)?;
    }

    #[test]
    fn rates_survive(rate in scaled(100_000_000, 4), start in any_date()) {
        survives(&Rate { rate: HourlyRate::new(rate).unwrap(), start_date: start, deleted_on: None, id: None })?;
    }

    #[test]
    fn expenses_with_any_recurrence_survive(expense in any_expense()) {
        survives(&expense)?;
    }
}

/// Amounts at the edges of what a decimal holds, through a whole expense body, digit for digit. The third,
/// the largest decimal (79228162514264337593543950335), is since the hardening issue refused when
/// read, naming the field and the limit: the engine could not sum such amounts without overflow.
#[test]
fn named_amounts_survive_exactly_in_an_expense() {
    let body = |amount: &str| {
        format!(
            r#"{{"folioId":1,"name":"n","description":"","type":"t","category":"OPEX","kind":".PlannedExpense","amount":{amount},"currencyCode":"EUR","recurrence":{{"kind":".Once","startDate":"2026-01-01"}}}}"#
        )
    };
    let refused =
        from_json::<Expense>(body("79228162514264337593543950335").as_bytes()).unwrap_err();
    assert_eq!(refused.field(), Some("amount"));
    assert_eq!(
        refused.to_string(),
        "amount: amount must be from 0 to 1000000000000000, got 79228162514264337593543950335"
    );
    for amount in ["0.1", "9999.99", "1000000000000000"] {
        let body = format!(
            r#"{{"folioId":1,"name":"n","description":"","type":"t","category":"OPEX","kind":".PlannedExpense","amount":{amount},"currencyCode":"EUR","recurrence":{{"kind":".Once","startDate":"2026-01-01"}}}}"#
        );
        let expense: Expense = from_json(body.as_bytes()).unwrap();
        assert_eq!(
            expense.amount.get(),
            Decimal::from_str_exact(amount).unwrap()
        );
        assert_eq!(to_json(&expense), body);
    }
}
