//! Costs a whole folio from one plan document: its payments, indicators and monthly timeline.
//!
//! `cargo run -p costfolio --example cost_plan` prints the folio's budget at completion, its
//! months and the CSV of its payment lines. The document is the one `costfolio plan FILE.json`
//! and the wasm package's `plan` read (docs/api.md, "Plan documents").

use std::error::Error;

/// A folio of four weeks in March 2026 with one engineer at EUR 50 an hour, full time, and a
/// scaffolding rental of EUR 1,000 amortized over four weekly payments, on Mondays.
const DOCUMENT: &str = r#"{
  "folio": {"name": "Bridge", "description": "", "owner": "ada", "startDate": "2026-03-02",
    "endDate": "2026-03-27", "reserve": 10, "contingency": 5, "tolerance": 20,
    "currencyCode": "EUR", "withRevenue": false, "withEarned": false,
    "revenuesAsClientCosts": false, "usesUserRates": false,
    "isSynchronizedWithWorkLogs": false, "isSynchronizedWithServiceBilledHours": false,
    "savedFilterId": 1, "holidaySchemeId": 1, "workloadSchemeId": 1},
  "asOf": "2026-03-13",
  "holidays": [{"type": "FLOATING", "name": "Local", "durationSeconds": 28800, "date": "2026-03-10"}],
  "positions": [{"position": {"folioId": 1, "name": "Engineer", "description": "", "title": "Engineer",
    "rate": {"rate": 50, "startDate": "2026-03-02"},
    "allocation": {"startDate": "2026-03-02", "endDate": "2026-03-27", "percentage": 100}}}],
  "expenses": [{"folioId": 1, "name": "Scaffolding", "description": "", "type": "Rental",
    "category": "CAPEX", "kind": ".PlannedExpense", "amount": 1000.00, "currencyCode": "EUR",
    "amortized": true,
    "recurrence": {"kind": ".Weekly", "startDate": "2026-03-02", "recurrenceOn": [1], "occurrences": 4}}]
}"#;

fn main() -> Result<(), Box<dyn Error>> {
    // The indicators and the monthly timeline, without payment lines: what a chart needs.
    let summary: serde_json::Value =
        serde_json::from_str(&costfolio::plan::summary(DOCUMENT.as_bytes())?)?;
    let indicators = &summary["indicators"];
    println!("Budget at completion: EUR {}", indicators["bac"]);
    println!("Planned value on 13 March: EUR {}", indicators["pv"]);
    // 19 working days (20 less the local holiday) of 8 hours at EUR 50, and the scaffolding:
    // exact to the cent, as every figure the engine gives.
    assert_eq!(indicators["bac"].to_string(), "8600.00");
    for month in summary["timeline"].as_array().into_iter().flatten() {
        println!(
            "{} to {}: planned EUR {}",
            month["start"], month["end"], month["plannedCost"]
        );
    }

    // The whole plan, each item's payment lines included, as CSV (a spreadsheet opens it).
    let csv = costfolio::plan::run(DOCUMENT.as_bytes(), true)?;
    for line in csv.lines().take(4) {
        println!("{line}");
    }

    // A refused document names the field at fault.
    let refused = costfolio::plan::run(br#"{"folio": {"name": "Bridge"}}"#, false);
    if let Err(error) = refused {
        println!("refused: {error}");
    }
    Ok(())
}
