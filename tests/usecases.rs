//! The use cases asked directly, as the wasm package and any typed caller ask them: the same
//! answers as the REST routes give, the same one authorization policy, and an import that is all
//! or nothing.

use chrono::NaiveDateTime;
use costfolio::api::{handle, Context, Request};
use costfolio::model::budgeting::{Expense, Folio, Position};
use costfolio::model::{from_json, to_json};
use costfolio::state::State;
use costfolio::usecase::{Caller, Commands, ErrorKind, Queries};
use costfolio::value::Date;

const FOLIO: &str = r#"{"name":"Road works","description":"","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;
const EXPENSE: &str = r#"{"folioId":1,"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-01-15","occurrences":3}}"#;
const MEMBER: &str = r#"{"folioId":1,"name":"Grace","description":"","title":"Dev","kind":".TeamMember","member":"grace","rate":{"rate":40,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50}}"#;

fn now() -> NaiveDateTime {
    NaiveDateTime::parse_from_str("2026-03-15T12:00:00", "%Y-%m-%dT%H:%M:%S").unwrap()
}

fn caller(user: &str) -> Caller {
    Caller {
        user: user.into(),
        budget_admin: false,
        write: true,
    }
}

/// A state with ada's folio 1 holding one expense and one team member.
fn ada_folio() -> State {
    let mut state = State::new();
    let mut ada = Commands::new(&mut state, caller("ada"), now());
    let folio: Folio = from_json(FOLIO.as_bytes()).unwrap();
    assert_eq!(ada.create_folio(folio).unwrap().get(), 1);
    let expense: Expense = from_json(EXPENSE.as_bytes()).unwrap();
    ada.create_expense(expense).unwrap();
    let member: Position = from_json(MEMBER.as_bytes()).unwrap();
    ada.create_position(member).unwrap();
    state
}

/// The `success` of a REST GET by `user`, as JSON text.
fn rest(state: &mut State, user: &str, path: &str) -> String {
    let mut context = Context::new("http://127.0.0.1", now(), vec![7; 64]);
    context.user = Some(user.into());
    let response = handle(
        state,
        &Request::new("GET", &format!("/budgets/1{path}")),
        &context,
    );
    assert_eq!(response.status, 200, "{}", response.text());
    let value: serde_json::Value = serde_json::from_slice(&response.body).unwrap();
    serde_json::to_string(&value["success"]).unwrap()
}

fn json(value: &impl serde::Serialize) -> String {
    let value: serde_json::Value = serde_json::from_str(&to_json(value)).unwrap();
    serde_json::to_string(&value).unwrap()
}

#[test]
fn queries_answer_what_the_routes_answer() {
    let mut state = ada_folio();
    let as_of = Date::parse("2026-03-15").unwrap();
    let queries = Queries::new(&state, caller("ada"), now());
    let indicators = json(
        &queries
            .folio_indicators(1, as_of, costfolio::analytics::PlannedSide::Latest)
            .unwrap(),
    );
    let items = json(&queries.folio_items(1, as_of).unwrap());
    let plan = json(&queries.folio_plan(1).unwrap());
    assert!(items.contains(r#""name":"Grace""#), "{items}");
    assert_eq!(indicators, rest(&mut state, "ada", "/folio/1/indicators"));
    assert_eq!(items, rest(&mut state, "ada", "/folio/1/items"));
    assert_eq!(plan, rest(&mut state, "ada", "/folio/1/plan"));
}

#[test]
fn one_policy_refuses_other_users_and_read_only_credentials() {
    let mut state = ada_folio();
    let eve = Queries::new(&state, caller("eve"), now());
    for refused in [
        eve.folio(1).unwrap_err(),
        eve.folio_items(1, Date::parse("2026-03-15").unwrap())
            .unwrap_err(),
        eve.folio_plan(1).unwrap_err(),
        eve.expense(1).unwrap_err(),
    ] {
        assert!(refused.is_not_found(), "{refused}");
        assert_eq!(refused.kind(), costfolio::usecase::ErrorKind::NotFound);
    }
    let reader = Caller {
        write: false,
        ..caller("ada")
    };
    let seq = state.seq;
    let expense: Expense = from_json(EXPENSE.as_bytes()).unwrap();
    let refused = Commands::new(&mut state, reader, now())
        .create_expense(expense)
        .unwrap_err();
    assert!(refused.is_forbidden(), "{refused}");
    assert_eq!(state.seq, seq, "a refused command changes nothing");
}

#[test]
fn an_import_is_all_or_nothing_and_names_the_item_at_fault() {
    let mut state = ada_folio();
    let plan = Queries::new(&state, caller("ada"), now())
        .folio_plan(1)
        .unwrap();
    // The same document imports whole: a second folio with its position and expense.
    let imported = Commands::new(&mut state, caller("ada"), now())
        .import_plan(plan.clone())
        .unwrap();
    assert_eq!(imported.folio_id.get(), 2);
    assert_eq!((imported.positions.len(), imported.expenses.len()), (1, 1));
    // A blank expense name is refused by the expense's own use case, and nothing of the
    // folio or its position (created before it) is kept.
    let mut blank = plan;
    blank.expenses[0].name = "   ".into();
    let seq = state.seq;
    let folios = state.folios.len();
    let refused = Commands::new(&mut state, caller("ada"), now())
        .import_plan(blank)
        .unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::Invalid);
    assert_eq!(refused.field_name(), Some("expenses[0].name"));
    assert!(
        refused
            .to_string()
            .contains(r#"expenses[0] ("   "): name: Name is required"#),
        "{refused}"
    );
    assert_eq!((state.seq, state.folios.len()), (seq, folios));
}

#[test]
fn a_rollup_counts_only_what_the_caller_may_read() {
    let mut state = ada_folio();
    let portfolio = r#"{"name":"Roads","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"green","admins":[],"folios":[{"id":1,"name":"Road works","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;
    let portfolio = from_json(portfolio.as_bytes()).unwrap();
    let id = Commands::new(&mut state, caller("ada"), now())
        .create_portfolio(portfolio)
        .unwrap();
    let as_of = Date::parse("2026-03-15").unwrap();
    let ada = Queries::new(&state, caller("ada"), now())
        .portfolio_indicators(id.get(), as_of)
        .unwrap();
    let folio = Queries::new(&state, caller("ada"), now())
        .folio_indicators(1, as_of, costfolio::analytics::PlannedSide::Latest)
        .unwrap();
    assert_eq!(
        json(&ada.planned_cost_to_date),
        json(&folio.planned_cost_to_date)
    );
    // Eve may read the public portfolio but not ada's folio: its figures are not hers.
    let eve = Queries::new(&state, caller("eve"), now())
        .portfolio_indicators(id.get(), as_of)
        .unwrap();
    assert_ne!(
        json(&eve.planned_cost_to_date),
        json(&folio.planned_cost_to_date)
    );
}

/// A refusal of a lower layer's rule carries that rule's own typed error: a reference to a
/// scheme that is not there (S6.10), an expense's refusals by field (S5); a refusal of the use case
/// itself (the policy) carries none.
#[test]
fn a_refusal_carries_the_typed_error_of_the_rule_that_refused() {
    use costfolio::usecase::Cause;
    use std::error::Error as _;
    let mut state = ada_folio();
    let mut ada = Commands::new(&mut state, caller("ada"), now());
    let mut member: Position = from_json(MEMBER.as_bytes()).unwrap();
    member.workload_scheme_id = Some(costfolio::model::Id::new(99));
    let refused = ada.create_position(member).unwrap_err();
    match refused.cause() {
        Some(Cause::Reference(reference)) => assert_eq!(reference.field, "workloadSchemeId"),
        other => panic!("{other:?} for {refused}"),
    }
    assert_eq!(refused.field_name(), Some("workloadSchemeId"));
    assert!(refused.source().is_some());

    // A blank name.
    let text = EXPENSE.replace(r#""name":"Licence""#, r#""name":"  ""#);
    let expense: Expense = from_json(text.as_bytes()).unwrap();
    let refused = ada.create_expense(expense).unwrap_err();
    match refused.cause() {
        Some(Cause::Expense(errors)) => {
            let fields: Vec<&str> = errors.iter().map(|e| e.field()).collect();
            assert_eq!(fields, ["name"], "{refused}");
        }
        other => panic!("{other:?} for {refused}"),
    }

    let refused = Commands::new(&mut state, caller("eve"), now())
        .delete_expense(1)
        .unwrap_err();
    assert!(refused.is_not_found());
    assert!(refused.cause().is_none() && refused.source().is_none());
}
