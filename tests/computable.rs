//! S5.6, a folio stays computable, through `handle`: an expense's currency, a folio's new
//! currency, removing an exchange rate (`DELETE /exchangerate`), a plan import, and a folio an
//! older journal left uncomputable, which still reads.

use std::str::FromStr;

use costfolio::api::{handle, Context, Request};
use costfolio::model::budgeting::Expense;
use costfolio::model::Id;
use costfolio::state::{Command, State, Stored};
use rust_decimal::Decimal;
use serde_json::Value;

fn context(user: Option<&str>) -> Context {
    // "finance" is a budget administrator, who alone changes exchange rates (S11.5).
    costfolio_suite::context("2026-03-15T12:00:00", user, user == Some("finance"))
}

fn call(
    state: &mut State,
    user: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, Value) {
    let mut request = Request::new(method, &format!("/budgets/1{path}"));
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = handle(state, &request, &context(Some(user)));
    let value = if response.body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&response.body).unwrap()
    };
    (response.status, value)
}

const FOLIO: &str = r#"{"name":"Road works","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

/// A folio named `name` in `currency`, created by ada; its id.
fn folio(state: &mut State, name: &str, currency: &str) -> u64 {
    let body = FOLIO.replace("Road works", name).replace(
        r#""currencyCode":"EUR""#,
        &format!(r#""currencyCode":"{currency}""#),
    );
    let (status, body) = call(state, "ada", "POST", "/folio", Some(&body));
    assert_eq!(status, 200, "{body}");
    body["success"].as_u64().unwrap()
}

/// The update body of folio `id` (created by [`folio`]) named `name` in `currency`.
fn folio_update(id: u64, name: &str, currency: &str) -> String {
    FOLIO
        .replace("Road works", name)
        .replace(
            r#""currencyCode":"EUR""#,
            &format!(r#""currencyCode":"{currency}""#),
        )
        .replacen('{', &format!(r#"{{"id":{id},"#), 1)
}

/// An expense of folio `folio` in `currency`: 100 a month from 15 January, three times.
fn expense(folio: u64, currency: &str) -> String {
    format!(
        r#"{{"folioId":{folio},"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"{currency}","recurrence":{{"kind":".Monthly","startDate":"2026-01-15","occurrences":3}}}}"#
    )
}

/// Creates an expense as ada; its id.
fn add_expense(state: &mut State, folio: u64, currency: &str) -> u64 {
    let (status, body) = call(
        state,
        "ada",
        "POST",
        "/expense",
        Some(&expense(folio, currency)),
    );
    assert_eq!(status, 200, "{body}");
    body["success"].as_u64().unwrap()
}

fn put_rate(state: &mut State, from: &str, to: &str, rate: &str, date: &str) {
    let body = format!(r#"{{"from":"{from}","to":"{to}","rate":{rate},"effectiveDate":"{date}"}}"#);
    let (status, body) = call(state, "finance", "PUT", "/exchangerate", Some(&body));
    assert_eq!(status, 200, "{body}");
}

fn remove_rate(state: &mut State, user: &str, from: &str, to: &str, date: &str) -> (u16, Value) {
    call(
        state,
        user,
        "DELETE",
        &format!("/exchangerate?from={from}&to={to}&effectiveDate={date}"),
        None,
    )
}

/// The rates `GET /exchangerate` lists, as `FROM>TO@date`.
fn listed_rates(state: &mut State) -> Vec<String> {
    let (status, body) = call(state, "ada", "GET", "/exchangerate", None);
    assert_eq!(status, 200);
    body["success"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{}>{}@{}",
                r["from"].as_str().unwrap(),
                r["to"].as_str().unwrap(),
                r["effectiveDate"].as_str().unwrap()
            )
        })
        .collect()
}

const NO_GBP_EUR: &str =
    "No exchange rate from GBP to EUR: a budget administrator adds one under exchange rates";

#[test]
fn an_expense_needs_a_rate_either_way_into_its_folios_currency() {
    let mut state = State::new();
    let folio = folio(&mut state, "Road works", "EUR");
    // No rate at all: refused at its currency, naming the pair and who adds a rate; nothing stored.
    let before = state.clone();
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/expense",
        Some(&expense(folio, "GBP")),
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["errors"]["currencyCode"], NO_GBP_EUR, "{body}");
    assert_eq!(state, before, "a refused expense changes nothing");
    // A rate of another pair does not help.
    put_rate(&mut state, "USD", "EUR", "0.9", "2026-01-01");
    let before = state.clone();
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/expense",
        Some(&expense(folio, "GBP")),
    );
    assert_eq!(
        (status, body["errors"]["currencyCode"].as_str()),
        (400, Some(NO_GBP_EUR))
    );
    assert_eq!(state, before);
    // The opposite pair alone covers it (S5.3 divides by its rate).
    put_rate(&mut state, "EUR", "GBP", "0.8", "2026-02-01");
    let gbp = add_expense(&mut state, folio, "GBP");
    let (status, body) = call(&mut state, "ada", "GET", &format!("/expense/{gbp}"), None);
    assert_eq!(status, 200);
    assert_eq!(body["success"]["convertedAmount"].to_string(), "375.00");

    // Updating an expense into a currency with no rate either way is refused the same way.
    let eur = add_expense(&mut state, folio, "EUR");
    let into_chf = expense(folio, "CHF").replacen('{', &format!(r#"{{"id":{eur},"#), 1);
    let before = state.clone();
    let (status, body) = call(&mut state, "ada", "PUT", "/expense", Some(&into_chf));
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["errors"]["currencyCode"],
        "No exchange rate from CHF to EUR: a budget administrator adds one under exchange rates"
    );
    assert_eq!(state, before, "a refused update changes nothing");
    // Into a covered currency (USD has a rate), it is taken.
    let into_usd = expense(folio, "USD").replacen('{', &format!(r#"{{"id":{eur},"#), 1);
    let (status, body) = call(&mut state, "ada", "PUT", "/expense", Some(&into_usd));
    assert_eq!(
        (status, body["success"]["currencyCode"].as_str()),
        (200, Some("USD")),
        "{body}"
    );
}

#[test]
fn a_folio_takes_only_a_currency_its_live_expenses_convert_into() {
    let mut state = State::new();
    let folio = folio(&mut state, "Road works", "EUR");
    put_rate(&mut state, "GBP", "EUR", "1.17", "2026-01-01");
    let first = add_expense(&mut state, folio, "EUR");
    add_expense(&mut state, folio, "EUR");
    let gbp = add_expense(&mut state, folio, "GBP");
    // To USD: neither EUR nor GBP has a rate into it; the first currency is named with its count.
    let before = state.clone();
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio",
        Some(&folio_update(folio, "Road works", "USD")),
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["errors"]["currencyCode"],
        "No exchange rate from EUR to USD: a budget administrator adds one under exchange rates (2 live expenses of this folio in EUR)"
    );
    assert_eq!(state, before, "a refused folio changes nothing");
    // A deleted expense does not count.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "DELETE",
            &format!("/expense/{first}"),
            None
        )
        .0,
        200
    );
    let before = state.clone();
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio",
        Some(&folio_update(folio, "Road works", "USD")),
    );
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["currencyCode"],
        "No exchange rate from EUR to USD: a budget administrator adds one under exchange rates (1 live expense of this folio in EUR)"
    );
    assert_eq!(state, before);
    // With EUR->USD, the GBP expense is still without a rate into USD.
    put_rate(&mut state, "EUR", "USD", "1.1", "2026-01-01");
    let before = state.clone();
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio",
        Some(&folio_update(folio, "Road works", "USD")),
    );
    assert_eq!(status, 400);
    let message = body["errors"]["currencyCode"].as_str().unwrap();
    assert!(
        message.starts_with("No exchange rate from GBP to USD")
            && message.contains("1 live expense"),
        "{message}"
    );
    assert_eq!(state, before);
    // Once the GBP expense is deleted, nothing live stands in the way.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "DELETE",
            &format!("/expense/{gbp}"),
            None
        )
        .0,
        200
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio",
        Some(&folio_update(folio, "Road works", "USD")),
    );
    assert_eq!(
        (status, body["success"]["currencyCode"].as_str()),
        (200, Some("USD")),
        "{body}"
    );
}

#[test]
fn the_last_rate_an_expense_needs_cannot_be_removed() {
    let mut state = State::new();
    let road = folio(&mut state, "Road works", "EUR");
    let bridge = folio(&mut state, "Bridge", "GBP");
    put_rate(&mut state, "GBP", "EUR", "1.17", "2026-01-01");
    let road_expenses = [
        add_expense(&mut state, road, "GBP"),
        add_expense(&mut state, road, "GBP"),
    ];
    let bridge_expense = add_expense(&mut state, bridge, "EUR");

    // Only budget administrators remove rates: 403, nothing changes.
    let before = state.clone();
    let (status, body) = remove_rate(&mut state, "ada", "GBP", "EUR", "2026-01-01");
    assert_eq!(status, 403, "{body}");
    assert_eq!(state, before);
    // A rate that is not there: 404.
    let (status, body) = remove_rate(&mut state, "finance", "GBP", "EUR", "2026-02-01");
    assert_eq!(status, 404, "{body}");
    let (status, _) = remove_rate(&mut state, "finance", "EUR", "GBP", "2026-01-01");
    assert_eq!(status, 404, "the opposite pair has no rate on that date");
    assert_eq!(state, before);
    // The last rate between GBP and EUR: 409 naming each folio and how many expenses need it.
    let (status, body) = remove_rate(&mut state, "finance", "GBP", "EUR", "2026-01-01");
    assert_eq!(status, 409, "{body}");
    let message = body["errorMessages"][0].as_str().unwrap();
    assert!(
        message.contains(r#"folio "Road works" (1) has 2 live expenses that need it"#),
        "{message}"
    );
    assert!(
        message.contains(r#"folio "Bridge" (2) has 1 live expense that needs it"#),
        "{message}"
    );
    assert_eq!(state, before, "a refused removal changes nothing");

    // Another rate of the pair remains: removed, and no longer listed.
    put_rate(&mut state, "GBP", "EUR", "1.15", "2026-06-01");
    let (status, body) = remove_rate(&mut state, "finance", "GBP", "EUR", "2026-01-01");
    assert_eq!(
        (status, &body["success"]),
        (200, &Value::Bool(true)),
        "{body}"
    );
    assert_eq!(listed_rates(&mut state), ["GBP>EUR@2026-06-01"]);
    // A rate of the opposite pair remains: removed too.
    put_rate(&mut state, "EUR", "GBP", "0.86", "2026-01-01");
    let (status, body) = remove_rate(&mut state, "finance", "GBP", "EUR", "2026-06-01");
    assert_eq!(status, 200, "{body}");
    assert_eq!(listed_rates(&mut state), ["EUR>GBP@2026-01-01"]);
    // Now the opposite pair's rate is the last one.
    let before = state.clone();
    let (status, body) = remove_rate(&mut state, "finance", "EUR", "GBP", "2026-01-01");
    assert_eq!(status, 409, "{body}");
    assert_eq!(state, before);

    // No live expense of a live folio needs it: the road's expenses deleted, the bridge deleted.
    for id in road_expenses {
        assert_eq!(
            call(&mut state, "ada", "DELETE", &format!("/expense/{id}"), None).0,
            200
        );
    }
    let before = state.clone();
    let (status, body) = remove_rate(&mut state, "finance", "EUR", "GBP", "2026-01-01");
    assert_eq!(status, 409, "the bridge's expense still needs it: {body}");
    assert_eq!(state, before);
    let message = body["errorMessages"][0].as_str().unwrap();
    assert!(message.contains(r#""Bridge" (2)"#), "{message}");
    assert!(!message.contains("Road works"), "{message}");
    assert_eq!(
        call(
            &mut state,
            "ada",
            "DELETE",
            &format!("/folio/{bridge}"),
            None
        )
        .0,
        200
    );
    let (status, body) = remove_rate(&mut state, "finance", "EUR", "GBP", "2026-01-01");
    assert_eq!(status, 200, "{body}");
    assert!(listed_rates(&mut state).is_empty());
    // The bridge's expense is still there, deleted with its folio.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "GET",
            &format!("/expense/{bridge_expense}"),
            None
        )
        .0,
        200
    );
}

#[test]
fn removing_a_rate_names_a_missing_or_malformed_parameter() {
    let mut state = State::new();
    put_rate(&mut state, "GBP", "EUR", "1.17", "2026-01-01");
    let before = state.clone();
    for (query, parameter) in [
        ("to=EUR&effectiveDate=2026-01-01", "from"),
        ("from=GB&to=EUR&effectiveDate=2026-01-01", "from"),
        ("from=GBP&effectiveDate=2026-01-01", "to"),
        ("from=GBP&to=EURO&effectiveDate=2026-01-01", "to"),
        ("from=GBP&to=EUR", "effectiveDate"),
        ("from=GBP&to=EUR&effectiveDate=2026-13-01", "effectiveDate"),
        ("from=GBP&to=EUR&effectiveDate=soon", "effectiveDate"),
    ] {
        let (status, body) = call(
            &mut state,
            "finance",
            "DELETE",
            &format!("/exchangerate?{query}"),
            None,
        );
        assert_eq!(status, 400, "{query}: {body}");
        let named = body["errors"].get(parameter).is_some()
            || body["error"]
                .as_str()
                .is_some_and(|error| error.contains(parameter));
        assert!(named, "{query} should name {parameter}: {body}");
        assert_eq!(state, before, "{query}");
    }
    assert_eq!(listed_rates(&mut state), ["GBP>EUR@2026-01-01"]);
}

/// A plan document of a EUR folio with one expense in `currency` and `rates` (JSON).
fn plan_document(currency: &str, rates: &str) -> String {
    format!(
        r#"{{"folio":{FOLIO},"exchangeRates":{rates},"expenses":[{{"amortized":false,"amount":120,"category":"CAPEX","currencyCode":"{currency}","description":"","folioId":7,"kind":".PlannedExpense","name":"Steel","recurrence":{{"kind":".Once","startDate":"2026-04-15"}},"type":"Materials"}}]}}"#
    )
}

#[test]
fn a_plan_import_keeps_its_folio_computable() {
    let mut state = State::new();
    // Neither the document nor the server has a rate: refused at the expense's currency.
    let bare = plan_document("GBP", "[]");
    let before = state.clone();
    let (status, body) = call(&mut state, "ada", "POST", "/folio/import", Some(&bare));
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["errors"]["expenses[0].currencyCode"], NO_GBP_EUR,
        "{body}"
    );
    assert_eq!(state, before, "a refused import creates nothing");
    // The document's own rate is shared data: a non-administrator may not add it.
    let rates = r#"[{"from":"GBP","to":"EUR","rate":1.17,"effectiveDate":"2026-01-01"}]"#;
    let with_rates = plan_document("GBP", rates);
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        "/folio/import",
        Some(&with_rates),
    );
    assert_eq!(status, 403, "{body}");
    assert!(body.to_string().contains("exchangeRates[0]"), "{body}");
    assert_eq!(state, before);
    // A budget administrator imports it with its rate ...
    let (status, body) = call(
        &mut state,
        "finance",
        "POST",
        "/folio/import",
        Some(&with_rates),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(listed_rates(&mut state), ["GBP>EUR@2026-01-01"]);
    // ... and then the server's rate covers the same document without rates, for anyone.
    let (status, body) = call(&mut state, "ada", "POST", "/folio/import", Some(&bare));
    assert_eq!(status, 200, "{body}");
    let expense = body["success"]["expenses"][0].as_u64().unwrap();
    let (status, body) = call(
        &mut state,
        "ada",
        "GET",
        &format!("/expense/{expense}"),
        None,
    );
    assert_eq!(
        (status, body["success"]["convertedAmount"].to_string()),
        (200, "140.40".to_string())
    );
}

fn sum(amounts: impl Iterator<Item = String>) -> Decimal {
    amounts.map(|a| Decimal::from_str(&a).unwrap()).sum()
}

/// A folio an older journal left uncomputable: folio 1 (EUR) with a EUR expense, a planned
/// position and, applied bypassing the API as a journal written before S5.6 could hold it, an
/// expense in GBP with no rate either way. Its state and (folio, EUR expense, GBP expense,
/// position).
fn uncomputable() -> (State, [u64; 4]) {
    let mut state = State::new();
    let folio = folio(&mut state, "Road works", "EUR");
    let eur = add_expense(&mut state, folio, "EUR");
    let planned = r#"{"folioId":1,"name":"Designer","description":"","title":"Designer","rate":{"rate":50,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":100}}"#;
    let (status, body) = call(&mut state, "ada", "POST", "/position", Some(planned));
    assert_eq!(status, 200, "{body}");
    let position = body["success"].as_u64().unwrap();
    let gbp = eur + 1;
    let body = expense(folio, "GBP")
        .replace("Licence", "Tea")
        .replace(r#""folioId""#, r#""reporter":"ada","folioId""#);
    let record: Expense = costfolio::json::from_json(body.as_bytes()).unwrap();
    state.apply(Command::PutExpense(Box::new(Stored::new(
        Id::new(gbp),
        record,
    ))));
    assert!(state.exchange_rates.is_empty());
    (state, [folio, eur, gbp, position])
}

/// The item of expense `id` in a `GET /folio/{id}/items` answer.
fn expense_item(items: &Value, id: u64) -> Value {
    let expenses = items["success"]["expenses"].as_array().unwrap();
    let found = expenses
        .iter()
        .find(|e| e["expense"]["id"].as_u64() == Some(id));
    found
        .unwrap_or_else(|| panic!("expense {id} in {items}"))
        .clone()
}

#[test]
fn an_uncomputable_folio_answers_its_figures_with_the_refusal_and_reads_the_rest() {
    let (mut state, [folio, eur, gbp, position]) = uncomputable();
    // The GBP expense reads, without its converted amount.
    let (status, body) = call(&mut state, "ada", "GET", &format!("/expense/{gbp}"), None);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"]["name"], "Tea");
    assert!(body["success"].get("convertedAmount").is_none(), "{body}");
    // The other items' payments and the plan document read as before.
    for path in [
        format!("/expense/{eur}/payments"),
        format!("/position/{position}/payments"),
        format!("/folio/{folio}/plan"),
        format!("/expense/{eur}"),
    ] {
        let (status, body) = call(&mut state, "ada", "GET", &path, None);
        assert_eq!(status, 200, "{path}: {body}");
    }
    let (_, plan) = call(
        &mut state,
        "ada",
        "GET",
        &format!("/folio/{folio}/plan"),
        None,
    );
    assert_eq!(plan["success"]["expenses"].as_array().unwrap().len(), 2);
    let (_, licence) = call(&mut state, "ada", "GET", &format!("/expense/{eur}"), None);
    assert_eq!(licence["success"]["convertedAmount"].to_string(), "300.00");
    // Its figures, and the GBP expense's own payments, answer S5.3's refusal.
    for path in [
        format!("/folio/{folio}/indicators"),
        format!("/folio/{folio}/timeline"),
        format!("/folio/{folio}/payments"),
        format!("/expense/{gbp}/payments"),
    ] {
        let (status, body) = call(&mut state, "ada", "GET", &path, None);
        assert_eq!(status, 400, "{path}: {body}");
        let message = body.to_string();
        assert!(
            message.contains("No exchange rate from GBP to EUR"),
            "{path}: {body}"
        );
    }
    // A folio update that keeps its currency is not judged.
    let renamed = folio_update(folio, "Ring road works", "EUR");
    let (status, body) = call(&mut state, "ada", "PUT", "/folio", Some(&renamed));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"]["name"], "Ring road works");
    // An administrator adds the missing rate: the figures are back.
    put_rate(&mut state, "GBP", "EUR", "1.2", "2026-01-01");
    for path in ["indicators", "timeline", "payments"] {
        let (status, body) = call(
            &mut state,
            "ada",
            "GET",
            &format!("/folio/{folio}/{path}"),
            None,
        );
        assert_eq!(status, 200, "{path}: {body}");
    }
    let (_, body) = call(&mut state, "ada", "GET", &format!("/expense/{gbp}"), None);
    assert_eq!(body["success"]["convertedAmount"].to_string(), "360.00");
}

#[test]
fn an_uncomputable_folio_still_lists_its_items() {
    let (mut state, [folio, eur, gbp, _]) = uncomputable();
    let items_path = format!("/folio/{folio}/items?asOf=2026-02-20");
    let (status, items) = call(&mut state, "ada", "GET", &items_path, None);
    assert_eq!(status, 200, "{items}");
    assert_eq!(items["success"]["expenses"].as_array().unwrap().len(), 2);
    // The GBP expense with null figures and its refusal.
    let tea = expense_item(&items, gbp);
    assert!(tea["total"].is_null() && tea["toDate"].is_null(), "{tea}");
    let refusal = tea["refusal"].as_str().unwrap();
    assert!(
        refusal.contains("GBP") && refusal.contains("EUR"),
        "{refusal}"
    );
    assert!(tea["expense"].get("convertedAmount").is_none(), "{tea}");
    // The others with their figures: the EUR expense's are its payments'.
    let (status, payments) = call(
        &mut state,
        "ada",
        "GET",
        &format!("/expense/{eur}/payments"),
        None,
    );
    assert_eq!(status, 200, "{payments}");
    let lines = payments["success"].as_array().unwrap();
    let amounts = |up_to: &str| {
        let due = lines
            .iter()
            .filter(|p| p["date"].as_str().unwrap() <= up_to);
        sum(due.map(|p| p["amount"].to_string()))
    };
    let licence = expense_item(&items, eur);
    assert!(licence.get("refusal").is_none(), "{licence}");
    let figure = |name: &str| Decimal::from_str(&licence[name].to_string()).unwrap();
    assert_eq!(figure("total"), amounts("2026-12-31"));
    assert_eq!(figure("total"), Decimal::from(300));
    // To date: the payments of 15 January and 15 February.
    assert_eq!(figure("toDate"), amounts("2026-02-20"));
    assert_eq!(figure("toDate"), Decimal::from(200));
    let positions = items["success"]["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 1, "{items}");
    // 5 weekdays x 8 h x 50.
    assert_eq!(positions[0]["total"].to_string(), "2000.00");
    assert!(positions[0].get("refusal").is_none());
    // With the rate added, the GBP expense has its figures too.
    put_rate(&mut state, "GBP", "EUR", "1.2", "2026-01-01");
    let (status, items) = call(&mut state, "ada", "GET", &items_path, None);
    assert_eq!(status, 200, "{items}");
    let tea = expense_item(&items, gbp);
    assert_eq!(tea["total"].to_string(), "360.00", "{tea}");
    assert!(tea.get("refusal").is_none(), "{tea}");
}

/// S5.6 counts the expenses a folio's live baselines hold: its figures cost the latest baseline
/// covering each side (S8.5), so deleting the draft's expense does not free its currency or its
/// rate while a baseline still holds it (found by a review: the owner alone could make their
/// folio uncomputable this way).
#[test]
fn an_approved_baselines_expenses_keep_their_rates_too() {
    let mut state = State::new();
    let road = folio(&mut state, "Road works", "EUR");
    put_rate(&mut state, "USD", "EUR", "0.9", "2026-01-01");
    let usd = add_expense(&mut state, road, "USD");
    let eur = add_expense(&mut state, road, "EUR");
    let baseline = r#"{"name":"Budget","approvedBy":"ada","expenditureType":"BUDGET"}"#;
    let (status, body) = call(
        &mut state,
        "ada",
        "POST",
        &format!("/folio/{road}/baseline"),
        Some(baseline),
    );
    assert_eq!(status, 200, "{body}");
    for id in [usd, eur] {
        let (status, body) = call(&mut state, "ada", "DELETE", &format!("/expense/{id}"), None);
        assert_eq!(status, 200, "{body}");
    }
    // The draft holds no expense; the baseline holds one in USD and one in EUR.
    let before = state.clone();
    let (status, body) = remove_rate(&mut state, "finance", "USD", "EUR", "2026-01-01");
    assert_eq!(status, 409, "{body}");
    assert!(
        body["errorMessages"][0]
            .as_str()
            .unwrap()
            .contains(r#"folio "Road works" (1) has 1 live expense that needs it"#),
        "{body}"
    );
    let (status, body) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio",
        Some(&folio_update(road, "Road works", "GBP")),
    );
    assert_eq!(status, 400, "{body}");
    assert!(
        body["errors"]["currencyCode"]
            .as_str()
            .unwrap()
            .starts_with("The currency stays EUR while the folio has approved baselines"),
        "{body}"
    );
    assert!(state == before, "both refusals change nothing");
    let (status, body) = call(
        &mut state,
        "ada",
        "GET",
        &format!("/folio/{road}/indicators?asOf=2026-03-15"),
        None,
    );
    assert_eq!(status, 200, "{body}");
    // Once the baseline is gone, nothing needs the pair any more.
    let (status, body) = call(&mut state, "ada", "DELETE", "/baseline/1", None);
    assert_eq!(status, 200, "{body}");
    let (status, body) = remove_rate(&mut state, "finance", "USD", "EUR", "2026-01-01");
    assert_eq!(status, 200, "{body}");
}
