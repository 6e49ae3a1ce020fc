//! A folio's indicators from its records, and a what-if on them, with no server and no state.
//!
//! `cargo run -p costfolio --example folio_indicators` reads a folio, a team member and an
//! expense as the budgeting interface writes them, books them, and prints the earned-value
//! indicators at a date; then it changes the expense in the book and prints the new budget.

use std::error::Error;

use costfolio::analytics::{Change, PlannedSide};
use costfolio::model::budgeting::{Expense, Folio, PlanDocument, PlanPosition, Position};
use costfolio::model::{from_json, to_json};
use costfolio::value::Date;

fn main() -> Result<(), Box<dyn Error>> {
    // Records as `GET /budgets/1/folio/1`, `/position/1` and `/expense/1` answer them.
    let folio: Folio = from_json(
        br#"{"name": "Footbridge", "description": "", "owner": "ada", "startDate": "2026-03-02",
        "endDate": "2026-06-26", "reserve": 10, "contingency": 5, "tolerance": 20,
        "currencyCode": "EUR", "withRevenue": false, "withEarned": false,
        "revenuesAsClientCosts": false, "usesUserRates": false,
        "isSynchronizedWithWorkLogs": false, "isSynchronizedWithServiceBilledHours": false,
        "savedFilterId": 1, "holidaySchemeId": 1, "workloadSchemeId": 1}"#,
    )?;
    let engineer: Position = from_json(
        br#"{"id": 1, "folioId": 1, "name": "Engineer", "description": "", "title": "Engineer",
        "rate": {"rate": 62.50, "startDate": "2026-03-02"},
        "allocation": {"startDate": "2026-03-02", "endDate": "2026-06-26", "percentage": 50}}"#,
    )?;
    let steel: Expense = from_json(
        br#"{"id": 1, "folioId": 1, "name": "Steel", "description": "", "type": "Material",
        "category": "CAPEX", "kind": ".PlannedExpense", "amount": 12000.00, "currencyCode": "EUR",
        "amortized": false, "recurrence": {"kind": ".Once", "startDate": "2026-04-15"}}"#,
    )?;

    // A book of the folio: its records with the standard week and no holiday.
    let document = PlanDocument {
        folio,
        as_of: None,
        workload: Vec::new(),
        holidays: Vec::new(),
        exchange_rates: Vec::new(),
        overtime_rules: Vec::new(),
        positions: vec![PlanPosition {
            position: engineer,
            rates: Vec::new(),
            allocations: Vec::new(),
            hours: Vec::new(),
            calendar: None,
            synced_hours: None,
        }],
        expenses: vec![steel.clone()],
        scope: Vec::new(),
        scope_history: Vec::new(),
    };
    let mut book = costfolio::plan::book(document)?;

    let as_of = Date::parse("2026-04-30")?;
    let indicators = book.indicators(as_of, PlannedSide::Latest)?;
    println!("on {as_of}: {}", to_json(&indicators));
    // 85 working days (17 weeks) of 4 hours at EUR 62.50, and the steel: 21,250 + 12,000.
    assert_eq!(indicators.bac.to_string(), "33250.00");

    // What if the steel cost 15,000? The book recosts the one item that changed.
    let mut dearer = steel;
    dearer.amount = from_json(b"15000.00")?;
    book.apply(Change::PutExpense(dearer))?;
    let what_if = book.indicators(as_of, PlannedSide::Latest)?;
    println!(
        "with dearer steel, the budget at completion is EUR {}",
        what_if.bac
    );
    assert_eq!(what_if.bac.to_string(), "36250.00");
    Ok(())
}
