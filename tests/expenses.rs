//! Expense payments (S5): an example for every rule, and the properties that amortized payments
//! always add up to the amount and that converted payments add up to `convertedAmount`.

use costfolio::model::budgeting::{Expense, ExpenseCategory, ExpenseKind};
use costfolio::model::{from_json, to_json};
use costfolio::schedule::{
    required_expense_fields, split_in_minor_units, ConversionError, ExchangeRates, ExpenseError,
    ExpensePlan, FolioFrame,
};
use costfolio::value::{ConversionRate, CurrencyCode, Date, DateRange, Decimal};
use proptest::prelude::*;
use serde_json::{json, Value};

fn d(text: &str) -> Date {
    text.parse().unwrap()
}

fn dec(text: &str) -> Decimal {
    Decimal::from_str_exact(text).unwrap()
}

fn cur(code: &str) -> CurrencyCode {
    code.parse().unwrap()
}

fn folio(start: &str, end: &str, currency: &str) -> FolioFrame {
    FolioFrame {
        period: DateRange::new(d(start), d(end)).unwrap(),
        currency: cur(currency),
    }
}

/// An expense body with `changes` merged over a monthly planned cost of 100.00 EUR.
fn expense(changes: Value) -> Expense {
    let mut body = json!({
        "folioId": 1, "name": "Licence", "description": "", "type": "Software",
        "category": "OPEX", "kind": ".PlannedExpense", "amount": 100.00, "currencyCode": "EUR",
        "recurrence": {"kind": ".Monthly", "startDate": "2026-01-15", "occurrences": 3}
    });
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    from_json(body.to_string().as_bytes()).unwrap()
}

fn plan(changes: Value, frame: &FolioFrame) -> ExpensePlan {
    ExpensePlan::new(&expense(changes), frame).unwrap()
}

fn rate(text: &str) -> ConversionRate {
    text.parse().unwrap()
}

/// (date, amount, converted) of every payment, as text.
fn lines(
    plan: &ExpensePlan,
    frame: &FolioFrame,
    rates: &ExchangeRates,
) -> Vec<(String, String, String)> {
    plan.payments(frame, rates)
        .unwrap()
        .iter()
        .map(|p| {
            (
                p.date.to_string(),
                p.amount.to_string(),
                p.converted.to_string(),
            )
        })
        .collect()
}

fn line(date: &str, amount: &str, converted: &str) -> (String, String, String) {
    (date.into(), amount.into(), converted.into())
}

const NO_RATES: &ExchangeRates = &ExchangeRates::new();

#[test]
fn one_payment_per_occurrence_inside_the_folio() {
    // S5.1: the series runs Nov 2025 .. Mar 2026; the folio holds only January to June 2026.
    let frame = folio("2026-01-01", "2026-06-30", "EUR");
    let p = plan(
        json!({"recurrence": {"kind": ".Monthly", "startDate": "2025-11-15", "occurrences": 5}}),
        &frame,
    );
    assert_eq!(
        lines(&p, &frame, NO_RATES),
        [
            line("2026-01-15", "100.00", "100.00"),
            line("2026-02-15", "100.00", "100.00"),
            line("2026-03-15", "100.00", "100.00")
        ]
    );
    assert_eq!(p.converted_amount(&frame, NO_RATES).unwrap(), dec("300.00"));
}

#[test]
fn a_deleted_expense_pays_nothing() {
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    let p = plan(json!({"deletedOn": "2026-02-01"}), &frame);
    assert!(p.payments(&frame, NO_RATES).unwrap().is_empty());
    assert_eq!(p.converted_amount(&frame, NO_RATES).unwrap(), Decimal::ZERO);
}

#[test]
fn amortizing_100_over_3_payments_gives_the_extra_cent_to_the_first() {
    // S5.2: 10000 cents / 3 = 3333 rest 1; the leftover cent goes to the earliest payment.
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    let p = plan(json!({"amortized": true}), &frame);
    assert_eq!(
        lines(&p, &frame, NO_RATES),
        [
            line("2026-01-15", "33.34", "33.34"),
            line("2026-02-15", "33.33", "33.33"),
            line("2026-03-15", "33.33", "33.33")
        ]
    );
}

#[test]
fn amortizing_splits_over_the_payments_that_count_only() {
    // 5 occurrences, 2 inside the folio: the whole 100.00 is split over those 2.
    let frame = folio("2026-03-01", "2026-12-31", "EUR");
    let p = plan(
        json!({"amortized": true, "recurrence": {"kind": ".Monthly", "startDate": "2025-12-15", "occurrences": 5}}),
        &frame,
    );
    assert_eq!(
        lines(&p, &frame, NO_RATES),
        [
            line("2026-03-15", "50.00", "50.00"),
            line("2026-04-15", "50.00", "50.00")
        ]
    );
}

#[test]
fn a_jpy_amount_splits_in_whole_yen() {
    // JPY has no minor unit: 1000 yen over 3 payments is 334 + 333 + 333.
    let frame = folio("2026-01-01", "2026-12-31", "JPY");
    let p = plan(
        json!({"amount": 1000, "currencyCode": "JPY", "amortized": true}),
        &frame,
    );
    assert_eq!(
        lines(&p, &frame, NO_RATES),
        [
            line("2026-01-15", "334", "334"),
            line("2026-02-15", "333", "333"),
            line("2026-03-15", "333", "333")
        ]
    );
    // And a yen amount with a fraction is refused (S1.8).
    let errors = ExpensePlan::new(
        &expense(json!({"amount": 1.5, "currencyCode": "JPY"})),
        &frame,
    )
    .unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].field(), "amount");
    assert_eq!(
        errors[0].to_string(),
        "amount 1.5 has more decimal places than JPY allows (0)"
    );
}

#[test]
fn payments_convert_at_the_rate_in_force_on_their_date() {
    // S5.3: USD payments into a EUR folio; the rate changes on 2026-02-01. Before the first rate,
    // the first applies.
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    let mut rates = ExchangeRates::new();
    rates.put(cur("USD"), cur("EUR"), d("2026-01-20"), rate("0.9"));
    rates.put(cur("USD"), cur("EUR"), d("2026-02-01"), rate("0.85"));
    let p = plan(json!({"amount": 10.01, "currencyCode": "USD"}), &frame);
    assert_eq!(
        lines(&p, &frame, &rates),
        [
            // 10.01 x 0.9 = 9.009 -> 9.01 (before the first effective date: the first rate)
            line("2026-01-15", "10.01", "9.01"),
            // 10.01 x 0.85 = 8.5085 -> 8.51 (half away from zero)
            line("2026-02-15", "10.01", "8.51"),
            line("2026-03-15", "10.01", "8.51"),
        ]
    );
    assert_eq!(p.converted_amount(&frame, &rates).unwrap(), dec("26.03"));
    // Putting a rate on an existing date replaces it.
    let replaced = rates.put(cur("USD"), cur("EUR"), d("2026-02-01"), rate("0.8"));
    assert_eq!(replaced, Some(rate("0.85")));
    assert_eq!(
        lines(&p, &frame, &rates)[1],
        line("2026-02-15", "10.01", "8.01")
    );
}

#[test]
fn a_pair_without_rates_divides_by_the_opposite_pair() {
    // Only EUR -> USD is known (1.25); USD -> EUR divides by it: 10.00 / 1.25 = 8.00.
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    let mut rates = ExchangeRates::new();
    rates.put(cur("EUR"), cur("USD"), d("2026-01-01"), rate("1.25"));
    let p = plan(
        json!({"amount": 10, "currencyCode": "USD", "recurrence": {"kind": ".Once", "startDate": "2026-05-05"}}),
        &frame,
    );
    assert_eq!(
        lines(&p, &frame, &rates),
        [line("2026-05-05", "10.00", "8.00")]
    );
    // Into a currency with 3 decimals: 1 EUR at 0.33 KWD per EUR is 0.330.
    let kwd = folio("2026-01-01", "2026-12-31", "KWD");
    rates.put(cur("EUR"), cur("KWD"), d("2026-01-01"), rate("0.33"));
    let p = plan(
        json!({"amount": 1, "recurrence": {"kind": ".Once", "startDate": "2026-05-05"}}),
        &kwd,
    );
    assert_eq!(
        lines(&p, &kwd, &rates),
        [line("2026-05-05", "1.00", "0.330")]
    );
}

#[test]
fn a_missing_exchange_rate_is_an_error_naming_both_currencies() {
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    let p = plan(json!({"currencyCode": "GBP"}), &frame);
    let error = p.payments(&frame, NO_RATES).unwrap_err();
    assert_eq!(
        error,
        ConversionError::MissingRate {
            from: cur("GBP"),
            to: cur("EUR")
        }
    );
    assert_eq!(
        error.to_string(),
        "No exchange rate from GBP to EUR (nor from EUR to GBP): a budget administrator adds one under exchange rates"
    );
    assert!(p.converted_amount(&frame, NO_RATES).is_err());
}

#[test]
fn categories_must_suit_the_kind() {
    // S5.4: costs take OPEX, CAPEX, FINEX; revenues OPERATING, NON_OPERATING.
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    for (category, kind, ok) in [
        ("OPEX", ".PlannedExpense", true),
        ("FINEX", ".ActualExpense", true),
        ("NON_OPERATING", ".PlannedRevenue", true),
        ("OPERATING", ".ActualRevenue", true),
        ("CAPEX", ".PlannedRevenue", false),
        ("OPERATING", ".ActualExpense", false),
    ] {
        let result = ExpensePlan::new(
            &expense(json!({"category": category, "kind": kind})),
            &frame,
        );
        assert_eq!(result.is_ok(), ok, "{category} {kind}");
    }
    let errors = ExpensePlan::new(
        &expense(json!({"category": "CAPEX", "kind": ".PlannedRevenue"})),
        &frame,
    )
    .unwrap_err();
    assert_eq!(
        errors,
        [ExpenseError::CategoryMismatch {
            category: ExpenseCategory::Capex,
            kind: ExpenseKind::PlannedRevenue
        }]
    );
    assert_eq!(errors[0].field(), "category");
    assert_eq!(
        errors[0].to_string(),
        "Category CAPEX does not suit an expense of kind .PlannedRevenue, which takes OPERATING or NON_OPERATING"
    );
}

#[test]
fn the_documented_required_field_messages_come_all_at_once() {
    let body = json!({"folioId": 1, "name": " ", "description": "", "type": null, "category": "OPEX",
                      "kind": ".PlannedExpense", "currencyCode": "EUR",
                      "recurrence": {"kind": ".Once", "startDate": "2026-01-01"}});
    let errors = required_expense_fields(&from_json(body.to_string().as_bytes()).unwrap());
    let pairs: Vec<(&str, String)> = errors.iter().map(|e| (e.field(), e.to_string())).collect();
    assert_eq!(
        pairs,
        [
            ("name", "Name is required".to_string()),
            ("type", "Expense type is required".to_string()),
            ("amount", "Amount is required".to_string()),
        ]
    );
    assert!(
        required_expense_fields(&from_json(to_json(&expense(json!({}))).as_bytes()).unwrap())
            .is_empty()
    );
    // A blank name or type that did reach the plan is refused there too.
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    let errors = ExpensePlan::new(&expense(json!({"name": "", "type": "\t"})), &frame).unwrap_err();
    assert_eq!(
        errors,
        [ExpenseError::NameRequired, ExpenseError::TypeRequired]
    );
}

#[test]
fn every_refusal_of_one_expense_is_reported() {
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    let errors = ExpensePlan::new(
        &expense(json!({"name": "", "category": "OPERATING", "amount": 1.001,
                        "recurrence": {"kind": ".Daily", "startDate": "2026-02-01", "endDate": "2026-01-01"}})),
        &frame,
    )
    .unwrap_err();
    let fields: Vec<&str> = errors.iter().map(ExpenseError::field).collect();
    assert_eq!(fields, ["name", "category", "amount", "recurrence.endDate"]);
}

#[test]
fn a_payment_line_of_an_expense_has_date_amount_and_total_only() {
    // S5.5
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    let p = plan(json!({"amortized": true}), &frame);
    let wire: Vec<String> = p
        .payments(&frame, NO_RATES)
        .unwrap()
        .iter()
        .map(|x| to_json(&x.to_wire()))
        .collect();
    assert_eq!(
        wire[0],
        r#"{"date":"2026-01-15","amount":33.34,"totalAmount":33.34}"#
    );
}

#[test]
fn moving_the_folio_changes_which_payments_count() {
    // S7.3: nothing stored changes; the plan is derived from the folio each time.
    let e = expense(json!({"recurrence": {"kind": ".Monthly", "startDate": "2026-01-15"}}));
    let short = folio("2026-01-01", "2026-03-31", "EUR");
    let long = folio("2026-01-01", "2026-06-30", "EUR");
    assert_eq!(
        ExpensePlan::new(&e, &short).unwrap().payment_count(&short),
        3
    );
    assert_eq!(ExpensePlan::new(&e, &long).unwrap().payment_count(&long), 6);
}

#[test]
fn a_split_whose_parts_cannot_be_held_is_refused_not_zeroed() {
    // The largest decimal in whole yen splits exactly.
    let parts = split_in_minor_units(Decimal::MAX, 0, 7).unwrap();
    assert_eq!(parts.iter().copied().sum::<Decimal>(), Decimal::MAX);
    // In cents, a third of it cannot be held with two decimals: no split, rather than zeros.
    assert_eq!(split_in_minor_units(Decimal::MAX, 2, 3), None);
    // Such an amount never reaches the engine: it is refused when read, naming the field and the
    // limit (docs/security.md).
    let body = json!({
        "folioId": 1, "name": "Licence", "description": "", "type": "Software",
        "category": "OPEX", "kind": ".PlannedExpense", "currencyCode": "EUR", "amortized": true,
        "amount": Value::Number("79228162514264337593543950335".parse().unwrap()),
        "recurrence": {"kind": ".Monthly", "startDate": "2026-01-15", "occurrences": 3}
    });
    let refused = from_json::<Expense>(body.to_string().as_bytes()).unwrap_err();
    assert_eq!(refused.field(), Some("amount"));
    assert!(
        refused.to_string().contains("1000000000000000"),
        "{refused}"
    );
    // At the limit, an amortized amount splits and converts at the largest rate.
    let frame = folio("2026-01-01", "2026-12-31", "EUR");
    let p = plan(
        json!({"amortized": true, "amount": 1_000_000_000_000_000u64}),
        &frame,
    );
    let payments = p.payments(&frame, NO_RATES).unwrap();
    assert_eq!(payments.len(), 3);
    assert_eq!(
        payments.iter().map(|p| p.converted).sum::<Decimal>(),
        Decimal::from(1_000_000_000_000_000u64)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn amortized_parts_always_add_up_to_the_amount(units in 0i64..i64::MAX, minor in 0u32..=4, parts in 1u64..5000) {
        let amount = Decimal::new(units, minor);
        let split = split_in_minor_units(amount, minor, parts).unwrap();
        prop_assert_eq!(split.len() as u64, parts);
        prop_assert_eq!(split.iter().copied().sum::<Decimal>(), amount);
        // Earliest first: never increasing, and at most one minor unit apart.
        prop_assert!(split.windows(2).all(|w| w[0] >= w[1]));
        let unit = Decimal::new(1, minor);
        prop_assert!(split[0] - split[split.len() - 1] <= unit);
        prop_assert!(split.iter().all(|part| part.scale() == minor));
    }

    #[test]
    fn converted_payments_add_up_to_the_converted_amount(
        cents in 0i64..10_000_000, count in 1u32..60, amortized in any::<bool>(), rate_millis in 1u32..5000,
    ) {
        let frame = folio("2026-01-01", "2030-12-31", "EUR");
        let mut rates = ExchangeRates::new();
        rates.put(cur("USD"), cur("EUR"), d("2026-01-01"), ConversionRate::new(Decimal::new(i64::from(rate_millis), 3)).unwrap());
        let body = json!({"amount": Value::Number(Decimal::new(cents, 2).to_string().parse().unwrap()),
                          "currencyCode": "USD", "amortized": amortized,
                          "recurrence": {"kind": ".Weekly", "startDate": "2026-01-05", "occurrences": count, "recurrenceOn": [1, 4]}});
        let p = plan(body, &frame);
        let payments = p.payments(&frame, &rates).unwrap();
        prop_assert_eq!(payments.len() as u32, count);
        let converted: Decimal = payments.iter().map(|x| x.converted).sum();
        prop_assert_eq!(p.converted_amount(&frame, &rates).unwrap(), converted);
        if amortized {
            prop_assert_eq!(payments.iter().map(|x| x.amount).sum::<Decimal>(), Decimal::new(cents, 2));
        }
        prop_assert!(payments.iter().all(|x| x.converted.scale() <= 2));
    }
}
