//! Example tests of the values that validate themselves, at the level of their constructors: the
//! typed error of each refusal, and the rules that involve two values (amount and currency, start
//! and end of a range).

use std::str::FromStr;

use costfolio::value::{
    parse_decimal, Amount, Coefficient, CurrencyCode, Date, DateRange, Decimal, EventTimestamp,
    Exact, HourlyRate, Hours, Id, IsoWeekday, Key, Name, OpenPercentage, Percentage, UtcTimestamp,
    ValueError, WholeAmount, START_AFTER_END,
};

fn dec(text: &str) -> Decimal {
    Decimal::from_str_exact(text).unwrap()
}

fn amount(text: &str) -> Amount {
    Amount::new(dec(text)).unwrap()
}

fn currency(code: &str) -> CurrencyCode {
    CurrencyCode::new(code).unwrap()
}

fn date(text: &str) -> Date {
    text.parse().unwrap()
}

#[test]
fn decimals_are_read_exactly_from_their_text() {
    // S1.1: no f64 detour. 0.1 + 0.2 is exactly 0.3 once read.
    assert_eq!(
        parse_decimal("0.1").unwrap() + parse_decimal("0.2").unwrap(),
        dec("0.3")
    );
    assert_eq!(parse_decimal("9999.99").unwrap().to_string(), "9999.99");
    assert_eq!(
        parse_decimal("79228162514264337593543950335").unwrap(),
        Decimal::MAX
    );
    assert_eq!(
        parse_decimal("-79228162514264337593543950335").unwrap(),
        Decimal::MIN
    );
    // The scale is kept: 1.50 is written back as 1.50.
    assert_eq!(parse_decimal("1.50").unwrap().to_string(), "1.50");
    // Exponents are exact too.
    assert_eq!(parse_decimal("1.5e2").unwrap().to_string(), "150");
    assert_eq!(parse_decimal("125E-2").unwrap().to_string(), "1.25");
    assert_eq!(
        parse_decimal("1e-28").unwrap().to_string(),
        "0.0000000000000000000000000001"
    );
    assert_eq!(
        parse_decimal("100e-30").unwrap().to_string(),
        "0.0000000000000000000000000001"
    );
    // -0 is 0.
    assert_eq!(parse_decimal("-0").unwrap().to_string(), "0");
    assert_eq!(parse_decimal("-0.00").unwrap().to_string(), "0.00");
}

#[test]
fn decimals_that_cannot_be_exact_are_refused_not_rounded() {
    for text in [
        "79228162514264337593543950336",
        "0.00000000000000000000000000001",
        "1e-29",
        "1e29",
        "1e400",
        "12.5.1",
        "",
        "-",
        "1.",
        ".5",
        "0x10",
        "NaN",
        "1e",
    ] {
        assert_eq!(
            parse_decimal(text),
            Err(ValueError::NotExact { value: text.into() }),
            "{text:?}"
        );
    }
}

#[test]
fn hours_follow_the_format_four_digits_two_decimals() {
    // S1.2
    assert!(Hours::from_str("0").is_ok());
    assert!(Hours::from_str("9999.99").is_ok());
    assert!(Hours::from_str("7.50").is_ok());
    assert!(
        Hours::from_str("7.500").is_ok(),
        "trailing zeros are not decimals"
    );
    assert_eq!(
        Hours::from_str("10000"),
        Err(ValueError::OutOfRange {
            what: "hours",
            value: "10000".into(),
            min: Some("0"),
            max: Some("9999.99")
        })
    );
    assert_eq!(
        Hours::from_str("1.234"),
        Err(ValueError::TooManyDecimals {
            what: "hours",
            value: "1.234".into(),
            max_decimals: 2
        })
    );
    assert!(Hours::from_str("-0.01").is_err());
}

#[test]
fn percentages_rates_and_coefficients_keep_to_their_ranges() {
    // S1.3, S1.8
    assert!(Percentage::from_str("100").is_ok());
    assert!(Percentage::from_str("33.3333333333").is_ok());
    assert!(Percentage::from_str("100.0001").is_err());
    assert!(OpenPercentage::from_str("250").is_ok());
    assert!(OpenPercentage::from_str("-0.0001").is_err());
    assert!(HourlyRate::from_str("87.1234").is_ok());
    assert_eq!(
        HourlyRate::from_str("87.12345"),
        Err(ValueError::TooManyDecimals {
            what: "rate",
            value: "87.12345".into(),
            max_decimals: 4
        })
    );
    assert_eq!(
        Coefficient::from_str("0"),
        Err(ValueError::NotPositive {
            what: "coefficient",
            value: "0".into()
        })
    );
    assert!(Coefficient::from_str("1.5").is_ok());
    assert_eq!(WholeAmount::from_str("1500.0").unwrap().to_string(), "1500");
    assert_eq!(
        WholeAmount::from_str("0.5"),
        Err(ValueError::NotWhole {
            what: "whole amount",
            value: "0.5".into()
        })
    );
    assert!(Amount::from_str("-0.01").is_err());
    assert!(Exact::from_str("-0.01").is_ok());
}

#[test]
fn an_amount_may_not_have_more_decimals_than_its_currency() {
    // S1.8: 10.005 EUR is refused, never rounded.
    assert_eq!(
        currency("EUR").check_amount(amount("10.005")),
        Err(ValueError::AmountTooPrecise {
            value: "10.005".into(),
            currency: "EUR".into(),
            minor_units: 2
        })
    );
    assert_eq!(
        currency("EUR")
            .check_amount(amount("10.005"))
            .unwrap_err()
            .to_string(),
        "amount 10.005 has more decimal places than EUR allows (2)"
    );
    assert!(currency("EUR").check_amount(amount("10.50")).is_ok());
    assert!(currency("EUR").check_amount(amount("10.500")).is_ok());
    assert!(currency("JPY").check_amount(amount("1.5")).is_err());
    assert!(currency("JPY").check_amount(amount("100.00")).is_ok());
    assert!(currency("KRW").check_amount(amount("0.1")).is_err());
    assert!(currency("BHD").check_amount(amount("1.005")).is_ok());
    assert!(currency("BHD").check_amount(amount("1.0005")).is_err());
    assert!(currency("CLF").check_amount(amount("1.0005")).is_ok());
    assert!(currency("CLF").check_amount(amount("1.00005")).is_err());
}

#[test]
fn money_rounds_half_away_from_zero_to_minor_units() {
    // S1.5
    assert_eq!(currency("EUR").round(dec("2.345")), dec("2.35"));
    assert_eq!(currency("EUR").round(dec("-2.345")), dec("-2.35"));
    assert_eq!(currency("EUR").round(dec("2.344999")), dec("2.34"));
    assert_eq!(currency("JPY").round(dec("2.5")), dec("3"));
    assert_eq!(currency("KWD").round(dec("0.0005")), dec("0.001"));
    // Emitted with exactly the currency's minor units.
    assert_eq!(currency("EUR").round(dec("8")).to_string(), "8.00");
    assert_eq!(currency("BHD").round(dec("1.5")).to_string(), "1.500");
    assert_eq!(currency("JPY").round(dec("7.0")).to_string(), "7");
    // A value too large to pad keeps its digits rather than failing.
    assert_eq!(currency("EUR").round(Decimal::MAX), Decimal::MAX);
}

#[test]
fn currency_codes_are_iso_4217_upper_case() {
    for code in ["eur", "EU", "EURO", "XYZ", "XAU", "XXX", " EUR", "€"] {
        assert_eq!(
            CurrencyCode::new(code),
            Err(ValueError::UnknownCurrency { value: code.into() }),
            "{code}"
        );
    }
    assert!(CurrencyCode::all().count() > 150);
    assert!(CurrencyCode::all().all(|c| c.minor_units() <= 4));
}

#[test]
fn dates_are_strict_and_ranges_inclusive() {
    // S2.1, S2.2
    assert_eq!(date("2024-02-29").to_string(), "2024-02-29");
    assert_eq!(date("0001-01-01").to_string(), "0001-01-01");
    for text in [
        "2023-02-29",
        "2024-2-29",
        "2024-02-29 ",
        "２０２４-02-29",
        "+024-02-29",
        "2024-00-10",
    ] {
        assert_eq!(
            Date::parse(text),
            Err(ValueError::InvalidDate { value: text.into() }),
            "{text}"
        );
    }
    let range = DateRange::new(date("2026-01-31"), date("2026-02-01")).unwrap();
    assert_eq!(range.days(), 2);
    assert!(range.contains(date("2026-01-31")) && range.contains(date("2026-02-01")));
    assert!(!range.contains(date("2026-02-02")));
    assert_eq!(
        DateRange::new(date("2026-03-03"), date("2026-03-03"))
            .unwrap()
            .days(),
        1
    );

    let inverted = DateRange::new(date("2026-03-04"), date("2026-03-03")).unwrap_err();
    assert_eq!(
        inverted,
        ValueError::InvertedRange {
            start: "2026-03-04".into(),
            end: "2026-03-03".into()
        }
    );
    assert_eq!(
        inverted.to_string(),
        format!("{START_AFTER_END} (start 2026-03-04, end 2026-03-03)")
    );
}

#[test]
fn ranges_intersect_and_overlap_inclusively() {
    let r = |a: &str, b: &str| DateRange::new(date(a), date(b)).unwrap();
    let q1 = r("2026-01-01", "2026-03-31");
    assert_eq!(
        q1.intersect(r("2026-03-31", "2026-06-30")),
        Some(r("2026-03-31", "2026-03-31"))
    );
    assert!(q1.overlaps(r("2026-03-31", "2026-04-01")));
    assert!(!q1.overlaps(r("2026-04-01", "2026-06-30")));
    assert_eq!(q1.intersect(r("2025-12-01", "2026-12-01")), Some(q1));
}

#[test]
fn timestamps_have_their_exact_forms() {
    let at = UtcTimestamp::parse("2026-11-21T05:42:15Z").unwrap();
    assert_eq!(at.to_string(), "2026-11-21T05:42:15Z");
    assert!(UtcTimestamp::parse("2026-11-21T05:42:15").is_err());
    assert!(UtcTimestamp::parse("2026-11-21T05:42:60Z").is_err());
    let event = EventTimestamp::parse("2026-11-21T05:42:15.007").unwrap();
    assert_eq!(event.to_string(), "2026-11-21T05:42:15.007");
    assert_eq!(
        EventTimestamp::new(event.naive()).to_string(),
        "2026-11-21T05:42:15.007"
    );
    assert!(EventTimestamp::parse("2026-11-21T05:42:15").is_err());
    assert!(EventTimestamp::parse("2026-11-21T05:42:15.1234").is_err());
}

#[test]
fn keys_and_names_follow_s10_1() {
    assert!(Key::new(&"k".repeat(255)).is_ok());
    assert_eq!(
        Key::new(&"k".repeat(256)),
        Err(ValueError::InvalidKey {
            value: "k".repeat(256)
        })
    );
    assert!(Key::new("a b").is_err());
    assert!(Key::new("").is_err());
    // 255 characters, not bytes.
    assert!(Name::new(&"é".repeat(255)).is_ok());
    assert!(Name::new(&"é".repeat(256)).is_err());
    assert_eq!(
        Name::new(" \t"),
        Err(ValueError::InvalidName {
            value: " \t".into()
        })
    );
}

#[test]
fn ids_and_weekdays_from_text() {
    assert_eq!(Id::from_str("42"), Ok(Id::new(42)));
    for text in ["", "-1", "4 2", "18446744073709551616", "1.0", "+1"] {
        assert!(Id::from_str(text).is_err(), "{text}");
    }
    assert_eq!(
        IsoWeekday::new(7).unwrap().to_chrono(),
        chrono::Weekday::Sun
    );
    assert_eq!(IsoWeekday::from_chrono(chrono::Weekday::Mon).get(), 1);
    assert!(IsoWeekday::new(8).is_err());
}

#[test]
fn local_date_times_and_times_of_day_are_read_strictly() {
    use costfolio::value::{parse_local_date_time, parse_time_of_day};
    let at = parse_local_date_time("2026-03-13T10:05:07.25").unwrap();
    assert_eq!(at.to_string(), "2026-03-13 10:05:07.250");
    assert!(parse_local_date_time("2026-03-13T10:05:07").is_some());
    for refused in [
        "2026-03-13T10:05",
        "2026-03-13T10:05:07.",
        "2026-03-13T10:05:07.1234567890",
        "2026-03-13 10:05:07",
        "2026-3-13T10:05:07",
        "2026-03-13T24:00:00",
        "2026-03-13T10:05:07Z",
        "2026-02-30T10:05:07",
    ] {
        assert_eq!(parse_local_date_time(refused), None, "{refused}");
    }
    use costfolio::value::parse_date_or_date_time;
    assert_eq!(
        parse_date_or_date_time("2026-03-13").unwrap().to_string(),
        "2026-03-13 00:00:00"
    );
    assert_eq!(parse_date_or_date_time("2026-03-13T10:05:07.25"), Some(at));
    assert_eq!(parse_date_or_date_time("2026-03-13T10:05"), None);
    assert_eq!(
        parse_time_of_day("09:30:00").unwrap().to_string(),
        "09:30:00"
    );
    for refused in ["9:30:00", "09:30", "25:00:00", "09:30:00 ", "09:60:00"] {
        assert_eq!(parse_time_of_day(refused), None, "{refused}");
    }
}

#[test]
fn a_leap_second_is_written_as_chrono_writes_it() {
    let leap = chrono::NaiveDate::from_ymd_opt(2016, 12, 31)
        .unwrap()
        .and_hms_milli_opt(23, 59, 59, 1_500)
        .unwrap();
    let event = costfolio::value::EventTimestamp::new(leap);
    assert_eq!(
        event.to_string(),
        leap.format("%Y-%m-%dT%H:%M:%S%.3f").to_string()
    );
    assert_eq!(event.to_string(), "2016-12-31T23:59:60.500");
}

/// S11.7's table of format characters is Unicode's category Cf, as the `unicode-properties`
/// crate (unicode-rs) has it, for every code point.
#[test]
fn format_characters_are_unicodes_category_cf() {
    use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
    let mut differ = Vec::new();
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let cf = c.general_category() == GeneralCategory::Format;
        if cf != costfolio::value::is_format_character(c) {
            differ.push(format!("U+{:04X}", u32::from(c)));
        }
    }
    assert!(differ.is_empty(), "differ: {differ:?}");
}
