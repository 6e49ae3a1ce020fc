//! Expands a recurrence: the days a repeating expense is paid on inside a window.
//!
//! `cargo run -p costfolio --example expand_recurrence` prints the days of a monthly payment on
//! the 31st (the last day of a shorter month, S4.5) and of one every second Friday.

use std::error::Error;

use costfolio::model::{budgeting::Recurrence, from_json};
use costfolio::recurrence::RecurrenceRule;
use costfolio::value::{Date, DateRange};

fn main() -> Result<(), Box<dyn Error>> {
    // A series with neither occurrences nor end date ends at the folio's end (S4.1).
    let folio_end = Date::parse("2026-12-31")?;
    let first_half = DateRange::new(Date::parse("2026-01-01")?, Date::parse("2026-06-30")?)?;

    // The recurrence as the REST interfaces and plan documents write it.
    let monthly: Recurrence = from_json(br#"{"kind": ".Monthly", "startDate": "2026-01-31"}"#)?;
    let rule = RecurrenceRule::new(&monthly, folio_end)?;
    let days: Vec<String> = rule
        .occurrences_in(first_half)
        .map(|day| day.to_string())
        .collect();
    println!("monthly on the 31st: {}", days.join(", "));
    assert_eq!(days[1], "2026-02-28");
    assert_eq!(days.len(), 6);

    let fortnightly: Recurrence = from_json(
        br#"{"kind": ".Weekly", "startDate": "2026-01-02", "recurrenceOn": [5], "interval": 2, "occurrences": 5}"#,
    )?;
    let rule = RecurrenceRule::new(&fortnightly, folio_end)?;
    let days: Vec<String> = rule
        .occurrences_in(first_half)
        .map(|day| day.to_string())
        .collect();
    println!("every second Friday, five times: {}", days.join(", "));
    assert_eq!(days.len(), 5);

    // What the rules refuse is named: there is no weekday 8.
    let refused = from_json::<Recurrence>(
        br#"{"kind": ".Weekly", "startDate": "2026-01-02", "recurrenceOn": [8]}"#,
    );
    if let Err(error) = refused {
        println!("refused: {error}");
    }
    Ok(())
}
