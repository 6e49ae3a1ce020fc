//! The service embedded in another host: requests in, answers out, a journal to keep.
//!
//! `cargo run -p costfolio --example embed_state` plays a host: it registers a user, sends the
//! budgeting interface's requests as a web server would have read them, keeps the journal the
//! state hands back (here in memory; `costfolio serve` keeps it in SQLite or PostgreSQL), and
//! rebuilds a second state from that journal, which answers the same.
//!
//! The core reads no clock and draws no randomness: the host gives each request its time and its
//! random bytes in the [`Context`], with the user it verified.

use std::error::Error;

use costfolio::api::{handle, Context, Request, Response};
use costfolio::model::{from_json, to_json};
use costfolio::state::{JournalEntry, State};
use costfolio::usecase::credentials::register_user;

/// What the host knows of a request: its address, the time, fresh random bytes (a real host
/// draws them from the system) and the verified user.
fn context(user: &str) -> Context {
    let now = costfolio::value::parse_local_date_time("2026-03-13T10:00:00").unwrap_or_default();
    let mut context = Context::new("http://127.0.0.1:8080", now, vec![7; 64]);
    context.user = Some(user.to_owned());
    context
}

/// Sends one request as `ada`.
fn send(state: &mut State, request: Request) -> Response {
    handle(state, &request, &context("ada"))
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut state = State::new();
    register_user(&mut state, "ada", Some("Ada Lovelace"))?;

    let created = send(
        &mut state,
        Request::new("POST", "/budgets/1/folio").json(
            r#"{"name": "Footbridge", "description": "", "owner": "ada",
            "startDate": "2026-03-02", "endDate": "2026-06-26", "reserve": 10, "contingency": 5,
            "tolerance": 20, "currencyCode": "EUR", "withRevenue": false, "withEarned": false,
            "revenuesAsClientCosts": false, "usesUserRates": false,
            "isSynchronizedWithWorkLogs": false, "isSynchronizedWithServiceBilledHours": false,
            "savedFilterId": 1, "holidaySchemeId": 1, "workloadSchemeId": 1}"#,
        ),
    );
    println!(
        "POST /budgets/1/folio: {} {}",
        created.status,
        created.text()
    );
    let answer: serde_json::Value = serde_json::from_str(&created.text())?;
    // The budgeting interface answers a creation with `{"success": id}`.
    let folio = answer["success"]
        .as_u64()
        .ok_or("the answer names the folio's id")?;

    let expense = send(
        &mut state,
        Request::new("POST", "/budgets/1/expense").json(&format!(
            r#"{{"folioId": {folio}, "name": "Steel", "description": "", "type": "Material",
            "category": "CAPEX", "kind": ".PlannedExpense", "amount": 12000.00,
            "currencyCode": "EUR", "amortized": false,
            "recurrence": {{"kind": ".Once", "startDate": "2026-04-15"}}}}"#
        )),
    );
    println!(
        "POST /budgets/1/expense: {} {}",
        expense.status,
        expense.text()
    );
    assert_eq!(expense.status, 200);

    // A bad request changes nothing and says why, naming the field.
    let refused = send(
        &mut state,
        Request::new("POST", "/budgets/1/expense").json(r#"{"folioId": 1, "amount": "twelve"}"#),
    );
    println!("refused: {} {}", refused.status, refused.text());
    assert_eq!(refused.status, 400);

    // The host writes what changed before it answers: the journal, one entry per change.
    let journal = to_json(&state.take_journal());
    println!("journal: {} bytes", journal.len());

    // Another process (a replica, a restart) rebuilds the same state from that journal.
    let entries: Vec<JournalEntry> = from_json(journal.as_bytes())?;
    let mut replica = State::new();
    replica.replay(&entries)?;
    let path = format!("/budgets/1/folio/{folio}/indicators");
    let read = |state: &mut State| {
        send(
            state,
            Request::new("GET", &path).param("asOf", "2026-04-30"),
        )
        .text()
    };
    let here = read(&mut state);
    println!("indicators: {here}");
    assert_eq!(read(&mut replica), here);

    // Or from a snapshot, which a host writes now and then so that a restart replays less.
    let mut restored = State::from_snapshot(&state.snapshot())?;
    assert_eq!(read(&mut restored), here);
    Ok(())
}
