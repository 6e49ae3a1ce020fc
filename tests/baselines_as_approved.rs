//! An approved baseline stays as approved (S8.7): it is costed in the folio's period and calendar
//! of its approval, so changing the folio's dates or schemes afterwards changes the draft's
//! figures only, never a baseline's; its currency cannot change under it. `PUT /folio?dryRun=true`
//! says which items an update would cut, and by how much, storing nothing. A baseline written
//! before it kept them takes the folio's period and schemes of its approval from the journal.

use crate::budget_calls::call;

use costfolio::state::{Command, State, WorkloadSchemeRecord};
use proptest::prelude::*;
use serde_json::{json, Value};

fn folio_body(start: &str, end: &str, workload: u64, currency: &str) -> String {
    json!({"id": 1, "name": "Footbridge", "description": "", "owner": "ada", "startDate": start,
        "endDate": end, "closedDate": null, "reserve": 0, "contingency": 0, "tolerance": 10,
        "hoursPerDay": null, "currencyCode": currency, "withRevenue": false, "withEarned": false,
        "revenuesAsClientCosts": false, "usesUserRates": false, "isSynchronizedWithWorkLogs": false,
        "isSynchronizedWithServiceBilledHours": false, "savedFilterId": 1, "holidaySchemeId": 1,
        "workloadSchemeId": workload})
    .to_string()
}

/// A folio for 2026 with an engineer at half time and a monthly licence, a four-day week among
/// the schemes, and its budget approved.
fn approved() -> State {
    let mut state = State::new();
    state.apply(Command::PutWorkloadScheme(WorkloadSchemeRecord {
        id: 2,
        name: costfolio::value::Name::new("Four days").unwrap(),
        description: None,
        default_scheme: false,
        seconds: [28_800, 28_800, 28_800, 28_800, 0, 0, 0],
        members: Vec::new(),
    }));
    let ok = |(status, body): (u16, Value)| assert_eq!(status, 200, "{body}");
    let folio = folio_body("2026-01-05", "2026-12-18", 1, "EUR").replace(r#""id":1,"#, "");
    ok(call(&mut state, "ada", "POST", "/folio", Some(&folio)));
    let engineer = r#"{"folioId":1,"description":"","name":"Engineer","title":"Engineer","allocation":{"startDate":"2026-01-05","endDate":"2026-12-18","percentage":50},"rate":{"rate":80,"startDate":"2026-01-05"}}"#;
    ok(call(&mut state, "ada", "POST", "/position", Some(engineer)));
    let licence = r#"{"folioId":1,"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":1000,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":12}}"#;
    ok(call(&mut state, "ada", "POST", "/expense", Some(licence)));
    let approval = r#"{"name":"Budget","approvedBy":"ada","expenditureType":"BUDGET"}"#;
    ok(call(
        &mut state,
        "ada",
        "POST",
        "/folio/1/baseline",
        Some(approval),
    ));
    state
}

/// (BAC, the sum of the monthly timeline's planned cost) of `plan` (`1`: the baseline; `draft`).
fn figures(state: &mut State, plan: &str) -> (String, String) {
    let (status, indicators) = call(
        state,
        "ada",
        "GET",
        &format!("/folio/1/indicators?asOf=2026-03-15&plan={plan}"),
        None,
    );
    assert_eq!(status, 200, "{indicators}");
    let (_, timeline) = call(
        state,
        "ada",
        "GET",
        &format!("/folio/1/timeline?asOf=2026-03-15&plan={plan}"),
        None,
    );
    let sum: costfolio::value::Decimal = timeline["success"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            b["plannedCost"]
                .to_string()
                .parse::<costfolio::value::Decimal>()
                .unwrap()
        })
        .sum();
    (indicators["success"]["bac"].to_string(), sum.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Whatever the folio's dates and workload scheme become, the baseline's BAC and its
    /// timeline's planned cost are as approved; the draft's follow the folio.
    #[test]
    fn a_baseline_is_unchanged_by_the_folios_dates_and_schemes(later in 0u64..40, shorter in 0u64..300, four_days: bool) {
        let mut state = approved();
        let (bac, planned) = figures(&mut state, "1");
        prop_assert_eq!(&bac, "92000.00");
        prop_assert_eq!(&planned, &bac);
        let day = |from: &str, days: i64| {
            let date = chrono::NaiveDate::parse_from_str(from, "%Y-%m-%d").unwrap();
            (date + chrono::Duration::days(days)).format("%Y-%m-%d").to_string()
        };
        let (start, end) = (day("2026-01-05", later as i64), day("2026-12-18", -(shorter as i64)));
        let body = folio_body(&start, &end, if four_days { 2 } else { 1 }, "EUR");
        let (status, answer) = call(&mut state, "ada", "PUT", "/folio", Some(&body));
        prop_assert_eq!(status, 200, "{}", answer);
        prop_assert_eq!(figures(&mut state, "1"), (bac.clone(), planned));
        // The indicators read the baseline too (S8.5).
        let (_, indicators) = call(&mut state, "ada", "GET", "/folio/1/indicators?asOf=2026-03-15", None);
        prop_assert_eq!(indicators["success"]["bac"].to_string(), bac.clone());
        let (draft, _) = figures(&mut state, "draft");
        let changed = later > 0 || shorter > 0 || four_days;
        prop_assert_eq!(draft != bac, changed, "draft {} against {}", draft, bac);
    }
}

#[test]
fn the_currency_of_a_folio_with_approved_baselines_stays() {
    let mut state = approved();
    let before = state.snapshot();
    let body = folio_body("2026-01-05", "2026-12-18", 1, "USD");
    let (status, answer) = call(&mut state, "ada", "PUT", "/folio", Some(&body));
    assert_eq!(status, 400);
    let message = answer["errors"]["currencyCode"].as_str().unwrap();
    assert!(message.starts_with("The currency stays EUR while the folio has approved baselines (the latest: \"Budget\")"), "{message}");
    assert_eq!(state.snapshot(), before);
}

#[test]
fn a_dry_run_says_which_items_a_shorter_folio_cuts_and_stores_nothing() {
    let mut state = approved();
    let before = state.snapshot();
    let body = folio_body("2026-01-05", "2026-06-30", 1, "EUR");
    let (status, answer) = call(&mut state, "ada", "PUT", "/folio?dryRun=true", Some(&body));
    assert_eq!(status, 200, "{answer}");
    let preview = &answer["success"];
    assert_eq!(preview["folio"]["endDate"], "2026-06-30");
    assert_eq!(preview["draftCostBefore"].to_string(), "92000.00");
    let items: Vec<(String, String, String)> = preview["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["name"].as_str().unwrap().to_owned(),
                i["before"].to_string(),
                i["after"].to_string(),
            )
        })
        .collect();
    // Half of 8 h a day at 80: 320 a working day, 250 of them; the licence's six payments from
    // July go.
    assert_eq!(
        items[1],
        (
            "Licence".to_owned(),
            "12000.00".to_owned(),
            "6000.00".to_owned()
        )
    );
    assert_eq!(items[0].0, "Engineer");
    let after: costfolio::value::Decimal = preview["draftCostAfter"].to_string().parse().unwrap();
    let engineer: costfolio::value::Decimal = items[0].2.parse().unwrap();
    assert_eq!(after, engineer + costfolio::value::Decimal::from(6000));
    assert_eq!(state.snapshot(), before, "a dry run stores nothing");
    // A refused update is refused the same way in a dry run.
    let bad = folio_body("2026-07-01", "2026-06-30", 1, "EUR");
    let (status, answer) = call(&mut state, "ada", "PUT", "/folio?dryRun=true", Some(&bad));
    assert_eq!(status, 400, "{answer}");
    let (status, _) = call(
        &mut state,
        "ada",
        "PUT",
        "/folio?dryRun=perhaps",
        Some(&body),
    );
    assert_eq!(status, 400);
    assert_eq!(state.snapshot(), before);
}

#[test]
fn the_same_items_in_another_period_may_be_approved_again() {
    let mut state = approved();
    let approval = r#"{"name":"Budget again","approvedBy":"ada","expenditureType":"BUDGET"}"#;
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio/1/baseline",
            Some(approval)
        )
        .0,
        400
    );
    let body = folio_body("2026-01-05", "2026-12-31", 1, "EUR");
    assert_eq!(call(&mut state, "ada", "PUT", "/folio", Some(&body)).0, 200);
    let (status, answer) = call(
        &mut state,
        "ada",
        "POST",
        "/folio/1/baseline",
        Some(approval),
    );
    assert_eq!(status, 200, "{answer}");
}

/// A journal written before baselines kept their frame: replayed, the baseline takes the folio's
/// period of its approval, and a later shortening leaves it as it was.
#[test]
fn a_baseline_from_an_older_journal_keeps_the_period_of_its_approval() {
    let mut state = approved();
    let (bac, _) = figures(&mut state, "1");
    let mut journal = state.take_journal();
    for entry in &mut journal {
        if let Command::PutBaseline(snapshot) = &mut entry.command {
            snapshot.frame = None;
        }
    }
    let mut replayed = State::new();
    replayed.replay(&journal).unwrap();
    let body = folio_body("2026-01-05", "2026-06-30", 1, "EUR");
    assert_eq!(
        call(&mut replayed, "ada", "PUT", "/folio", Some(&body)).0,
        200
    );
    assert_eq!(figures(&mut replayed, "1").0, bac);
    // A snapshot written before frames were kept: the folio's period when it is read.
    let mut snapshot: Value = serde_json::from_str(&state.snapshot()).unwrap();
    for baseline in snapshot["baselines"].as_object_mut().unwrap().values_mut() {
        baseline.as_object_mut().unwrap().remove("frame");
    }
    let read = State::from_snapshot(&snapshot.to_string()).unwrap();
    let frame = read.baselines.values().next().unwrap().frame.unwrap();
    assert_eq!(frame.end_date.to_string(), "2026-12-18");
}
