//! Records tell the truth, through `handle`: reporters set by the service (S6.9), references
//! checked when written (S6.10), custom-field values and definitions (S7.4), baselines freezing
//! their positions' headers (S8.6), a folio's viewers and the users to pick from.

use chrono::NaiveDateTime;
use costfolio::api::{handle, mint_personal_token, register_user, Context, Request};
use costfolio::state::State;
use serde_json::{json, Value};

fn context(user: &str) -> Context {
    let now = NaiveDateTime::parse_from_str("2026-03-15T12:00:00", "%Y-%m-%dT%H:%M:%S").unwrap();
    let mut context = Context::new("http://127.0.0.1:8080", now, vec![7; 64]);
    context.user = Some(user.to_owned());
    // "finance" is a budget administrator (S11.4, S11.5).
    context.budget_admin = user == "finance";
    context
}

fn respond(state: &mut State, request: Request, context: &Context) -> (u16, Value) {
    let response = handle(state, &request, context);
    let value = if response.body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&response.body).unwrap()
    };
    (response.status, value)
}

/// The service's state, and the calls the tests make of it.
struct World(State);

impl World {
    /// Folio 1 ("Road works", EUR) of ada.
    fn new() -> World {
        let mut world = World(State::new());
        assert_eq!(world.send("ada", "POST", "/folio", FOLIO), 1);
        world
    }

    fn call(&mut self, user: &str, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        let mut request = Request::new(method, &format!("/budgets/1{path}"));
        if let Some(body) = body {
            request = request.json(body);
        }
        respond(&mut self.0, request, &context(user))
    }

    /// A change that must succeed: its `success`.
    fn send(&mut self, user: &str, method: &str, path: &str, body: &str) -> Value {
        let (status, answer) = self.call(user, method, path, Some(body));
        assert_eq!(status, 200, "{method} {path} {body}: {answer}");
        answer["success"].clone()
    }

    /// A read or a delete that must succeed: its `success`.
    fn get(&mut self, user: &str, method: &str, path: &str) -> Value {
        let (status, answer) = self.call(user, method, path, None);
        assert_eq!(status, 200, "{method} {path}: {answer}");
        answer["success"].clone()
    }

    /// A change that must be refused with 400 naming `field` (in `errors`) and change nothing:
    /// the field's message.
    fn refused(&mut self, user: &str, method: &str, path: &str, body: &str, field: &str) -> String {
        let before = self.0.clone();
        let (status, answer) = self.call(user, method, path, Some(body));
        assert_eq!(status, 400, "{method} {path} {body}: {answer}");
        assert!(
            self.0 == before,
            "a refused {method} {path} changes nothing"
        );
        let message = answer["errors"][field].as_str();
        message
            .unwrap_or_else(|| panic!("{method} {path} should name {field}: {answer}"))
            .to_owned()
    }

    /// A core-interface call (`/core/3`) of the administrator "finance", with a bearer token.
    fn core(&mut self, method: &str, path: &str, body: Option<&str>) {
        let admin = context("finance");
        let token = mint_personal_token(&mut self.0, "finance", true, &admin).unwrap();
        let mut request =
            Request::new(method, path).header("Authorization", &format!("Bearer {token}"));
        if let Some(body) = body {
            request = request.json(body);
        }
        let (status, answer) = respond(&mut self.0, request, &admin);
        assert!(
            [200, 201, 204].contains(&status),
            "{method} {path}: {answer}"
        );
    }
}

const FOLIO: &str = r#"{"name":"Road works","description":"Ring road","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

/// `body` (a JSON object) with `fields` added at its front.
fn with(body: &str, fields: &str) -> String {
    body.replacen('{', &format!("{{{fields},"), 1)
}

/// An expense of folio `folio`: a cost of 100 in `currency`, with `fields` added.
fn expense(folio: u64, currency: &str, fields: &str) -> String {
    let amount = if currency == "JPY" { "100" } else { "100.00" };
    let body = format!(
        r#"{{"folioId":{folio},"name":"Licence","description":"","type":"Software","category":"OPEX","kind":".PlannedExpense","amount":{amount},"currencyCode":"{currency}","recurrence":{{"kind":".Once","startDate":"2026-01-15"}}}}"#
    );
    if fields.is_empty() {
        body
    } else {
        with(&body, fields)
    }
}

const PLANNED: &str = r#"{"folioId":1,"name":"Designer","description":"","title":"Designer","rate":{"rate":50,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":100}}"#;

const MEMBER: &str = r#"{"folioId":1,"name":"Grace","description":"","title":"Dev","kind":".TeamMember","member":"grace","rate":{"rate":40,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":50}}"#;

#[test]
fn reporters_are_set_by_the_service() {
    let mut w = World::new();
    // S6.9: on create the reporter is the caller, whatever the body says.
    let body = expense(1, "EUR", r#""reporter":"mallory""#);
    assert_eq!(w.send("ada", "POST", "/expense", &body), 1);
    assert_eq!(w.get("ada", "GET", "/expense/1")["reporter"], "ada");
    // An update by another user allowed to change it (a budget administrator) keeps it.
    let update = with(&body, r#""id":1"#).replace("Licence", "Licences");
    let shown = w.send("finance", "PUT", "/expense", &update);
    let named = (shown["name"].as_str(), shown["reporter"].as_str());
    assert_eq!(named, (Some("Licences"), Some("ada")));
    w.send(
        "ada",
        "PUT",
        "/expense",
        &update.replace("mallory", "finance"),
    );
    assert_eq!(w.get("ada", "GET", "/expense/1")["reporter"], "ada");
    // A budget administrator creating one is its reporter.
    assert_eq!(w.send("finance", "POST", "/expense", &body), 2);
    assert_eq!(w.get("ada", "GET", "/expense/2")["reporter"], "finance");

    // Positions likewise.
    let planned = with(PLANNED, r#""reporter":"mallory""#);
    assert_eq!(w.send("ada", "POST", "/position", &planned), 1);
    assert_eq!(w.get("ada", "GET", "/position/1")["reporter"], "ada");
    let update = with(&planned, r#""id":1"#).replace(r#""name":"Designer""#, r#""name":"Lead""#);
    let shown = w.send("finance", "PUT", "/position", &update);
    let named = (shown["name"].as_str(), shown["reporter"].as_str());
    assert_eq!(named, (Some("Lead"), Some("ada")));
    assert_eq!(w.get("ada", "GET", "/position/1")["reporter"], "ada");

    // Worked hours periods likewise: create, then PUT /workedhours/{id}.
    assert_eq!(
        w.send(
            "ada",
            "POST",
            "/position",
            &with(MEMBER, r#""reporter":"mallory""#)
        ),
        2
    );
    let hours = r#"{"reporter":"mallory","otEffort":0,"startDate":"2026-03-02","endDate":"2026-03-06","effort":30}"#;
    let period = w.send("ada", "POST", "/position/2/workedhours", hours);
    let reporters = |w: &mut World| -> Vec<String> {
        let team = w.get("ada", "GET", "/folio/1/team");
        let grace = &team["members"][0];
        let mut all = vec![format!("{} {}", grace["name"], grace["reporter"])];
        for h in grace["workedHours"].as_array().unwrap() {
            all.push(format!("{} {}", h["effort"], h["reporter"]));
        }
        all
    };
    assert_eq!(reporters(&mut w), [r#""Grace" "ada""#, r#"30 "ada""#]);
    let changed = hours.replace(r#""effort":30"#, r#""effort":32"#);
    w.send(
        "finance",
        "PUT",
        &format!("/workedhours/{period}"),
        &changed,
    );
    assert_eq!(reporters(&mut w), [r#""Grace" "ada""#, r#"32 "ada""#]);
    let theirs = r#"{"otEffort":0,"startDate":"2026-03-09","endDate":"2026-03-09","effort":4}"#;
    w.send("finance", "POST", "/position/2/workedhours", theirs);
    let team = w.get("ada", "GET", "/folio/1/team");
    assert_eq!(team["members"][0]["workedHours"][1]["reporter"], "finance");
}

/// S6.9 for the hours periods a new consulting revenue is made with (`billableHours`), and those
/// added and changed afterwards.
#[test]
fn billable_hours_are_reported_by_who_entered_them() {
    let mut w = World::new();
    let consulting = r#"{"folioId":1,"name":"Advice","description":"","title":"Consultant","kind":".ConsultingRevenue","rate":{"rate":100,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":50},"billableHours":[{"reporter":"mallory","otEffort":0,"startDate":"2026-03-02","endDate":"2026-03-02","effort":3}]}"#;
    assert_eq!(w.send("ada", "POST", "/position", consulting), 1);
    let hours = r#"{"reporter":"mallory","otEffort":0,"startDate":"2026-03-03","endDate":"2026-03-03","effort":2}"#;
    let added = w.send("ada", "POST", "/position/1/billablehours", hours);
    w.send("finance", "PUT", &format!("/billablehours/{added}"), hours);
    let shown = w.get("ada", "GET", "/position/1");
    let reporters: Vec<&str> = shown["billableHours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["reporter"].as_str().unwrap_or("none"))
        .collect();
    assert_eq!(reporters, ["ada", "ada"]);
}

#[test]
fn a_folios_references_name_live_records() {
    let mut w = World(State::new());
    let holiday = FOLIO.replace(r#""holidaySchemeId":1"#, r#""holidaySchemeId":999"#);
    let workload = FOLIO.replace(r#""workloadSchemeId":1"#, r#""workloadSchemeId":555"#);
    let sync = r#""isSynchronizedWithWorkLogs":true"#;
    let synced = FOLIO
        .replace(r#""isSynchronizedWithWorkLogs":false"#, sync)
        .replace(r#""savedFilterId":1"#, r#""savedFilterId":777"#);
    for (body, field, message) in [
        (
            &holiday,
            "holidaySchemeId",
            "there is no holiday scheme 999",
        ),
        (
            &workload,
            "workloadSchemeId",
            "there is no workload scheme 555",
        ),
    ] {
        assert_eq!(w.refused("ada", "POST", "/folio", body, field), message);
        // The same on update.
        let mut other = World::new();
        let update = with(body, r#""id":1"#);
        assert_eq!(
            other.refused("ada", "PUT", "/folio", &update, field),
            message
        );
    }
    // A folio synchronized with worklogs takes them from its saved filter: it must exist.
    let message = w.refused("ada", "POST", "/folio", &synced, "savedFilterId");
    assert!(message.contains("777"), "{message}");
    // Without synchronization the saved filter is stored as given.
    let unsynced = FOLIO.replace(r#""savedFilterId":1"#, r#""savedFilterId":777"#);
    assert_eq!(w.send("ada", "POST", "/folio", &unsynced), 1);
    assert_eq!(w.get("ada", "GET", "/folio/1")["savedFilterId"], 777);
    let update = with(&synced, r#""id":1"#);
    let message = w.refused("ada", "PUT", "/folio", &update, "savedFilterId");
    assert!(message.contains("777"), "{message}");
    // An administrator creates saved filter 777: then it is taken.
    let filter = r#"{"name":"Scope","projectIds":[]}"#;
    w.core("PUT", "/core/3/saved-filters/777", Some(filter));
    assert_eq!(
        w.send("ada", "PUT", "/folio", &update)["isSynchronizedWithWorkLogs"],
        true
    );
    assert_eq!(w.send("ada", "POST", "/folio", &synced), 2);

    // A scheme deleted since: an update keeping it is accepted, one changing to it is not.
    w.core(
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"name":"Germany"}"#),
    );
    let german = FOLIO.replace(r#""holidaySchemeId":1"#, r#""holidaySchemeId":2"#);
    assert_eq!(w.send("ada", "POST", "/folio", &german), 3);
    w.core("DELETE", "/core/3/holiday-schemes/2", None);
    let kept = with(&german, r#""id":3"#).replace("Road works", "Kept");
    assert_eq!(w.send("ada", "PUT", "/folio", &kept)["name"], "Kept");
    let onto = with(&german, r#""id":1"#);
    let message = w.refused("ada", "PUT", "/folio", &onto, "holidaySchemeId");
    assert_eq!(message, "there is no holiday scheme 2");
    w.refused("ada", "POST", "/folio", &german, "holidaySchemeId");
}

#[test]
fn a_positions_references_name_live_records() {
    let mut w = World::new();
    for (fields, field, value) in [
        (r#""holidaySchemeId":999"#, "holidaySchemeId", "999"),
        (r#""workloadSchemeId":555"#, "workloadSchemeId", "555"),
        (r#""otRuleId":777"#, "otRuleId", "777"),
        (r#""accountKey":"NOPE""#, "accountKey", "NOPE"),
    ] {
        let message = w.refused("ada", "POST", "/position", &with(PLANNED, fields), field);
        assert!(message.contains(value), "{field}: {message}");
    }
    // An account of the core interface, made by an administrator, is taken; a blank key is
    // stored as given; the built-in schemes are live.
    let account = r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"lead-1"}"#;
    w.core("POST", "/core/3/accounts", Some(account));
    let acme = with(
        PLANNED,
        r#""accountKey":"ACME","holidaySchemeId":1,"workloadSchemeId":1"#,
    );
    assert_eq!(w.send("ada", "POST", "/position", &acme), 1);
    assert_eq!(w.get("ada", "GET", "/position/1")["accountKey"], "ACME");
    assert_eq!(
        w.send(
            "ada",
            "POST",
            "/position",
            &with(PLANNED, r#""accountKey":"""#)
        ),
        2
    );
    assert_eq!(w.get("ada", "GET", "/position/2")["accountKey"], "");
    // A new account key on update is checked too.
    let moved = with(&acme, r#""id":1"#).replace("ACME", "NOPE");
    w.refused("ada", "PUT", "/position", &moved, "accountKey");

    // An overtime rule deleted since: an update keeping it is accepted, one changing to it is not.
    let rule = r#"{"name":"Weekly 40","regularHours":40,"frequency":"WEEKLY","coefficient":1.5}"#;
    assert_eq!(w.send("finance", "POST", "/overtimerule", rule), 1);
    let ruled = with(PLANNED, r#""otRuleId":1"#);
    assert_eq!(w.send("ada", "POST", "/position", &ruled), 3);
    assert_eq!(w.get("finance", "DELETE", "/overtimerule/1"), true);
    let kept = with(&ruled, r#""id":3"#).replace("Designer", "Senior designer");
    let shown = w.send("ada", "PUT", "/position", &kept);
    let named = (shown["name"].as_str(), shown["otRuleId"].as_u64());
    assert_eq!(named, (Some("Senior designer"), Some(1)));
    let onto = with(&ruled, r#""id":1"#);
    let message = w.refused("ada", "PUT", "/position", &onto, "otRuleId");
    assert_eq!(message, "there is no overtime rule 1");
    w.refused("ada", "POST", "/position", &ruled, "otRuleId");
    let elsewhere = kept.replace(r#""otRuleId":1"#, r#""otRuleId":777"#);
    w.refused("ada", "PUT", "/position", &elsewhere, "otRuleId");
    // A holiday scheme deleted since, likewise.
    w.core(
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"name":"Germany"}"#),
    );
    let german = with(PLANNED, r#""holidaySchemeId":2"#);
    assert_eq!(w.send("ada", "POST", "/position", &german), 4);
    w.core("DELETE", "/core/3/holiday-schemes/2", None);
    w.send("ada", "PUT", "/position", &with(&german, r#""id":4"#));
    w.refused(
        "ada",
        "PUT",
        "/position",
        &with(&german, r#""id":2"#),
        "holidaySchemeId",
    );
}

/// Adds a custom-field definition to folio `folio` as ada; its id.
fn definition(w: &mut World, folio: u64, style: &str, kind: &str, extra: &str) -> u64 {
    let body = format!(
        r#"{{"name":"{style} field","style":"{style}","type":"{kind}","required":false{extra}}}"#
    );
    let id = w.send("ada", "POST", &format!("/folio/{folio}/customfield"), &body);
    id.as_u64().unwrap()
}

/// An expense of `folio` in `currency` carrying `values` (a JSON object's members).
fn valued(folio: u64, currency: &str, values: &str) -> String {
    let fields = format!(r#""customFields":{{"values":{{{values}}}}}"#);
    expense(folio, currency, &fields)
}

/// Each style, with values it takes and values it refuses (JSON arrays), on an expense of folio 1
/// (EUR) or 2 (JPY). Long texts are added by the test.
const STYLES: &str = r#"
1 TEXT ["fine","é"] [12,true]
1 SELECT ["south",3] ["east","3"]
1 DATE ["2026-03-01","2024-02-29"] ["2026-13-01","2026-02-29","01/03/2026",20260301]
1 NUMBER [12.5,-3,0] ["12.5",true]
1 AMOUNT [10.5,10.25,10] [10.005,"10.5"]
2 AMOUNT [10,1500] [10.5,10.25]
1 USER ["grace"] ["nobody",7]
"#;

#[test]
fn custom_field_values_are_of_their_definitions_style() {
    let mut w = World::new();
    let jpy = FOLIO.replace(r#""currencyCode":"EUR""#, r#""currencyCode":"JPY""#);
    assert_eq!(w.send("ada", "POST", "/folio", &jpy), 2);
    register_user(&mut w.0, "grace", Some("Grace Hopper")).unwrap();
    for line in STYLES.trim().lines() {
        let parts: Vec<&str> = line.split(' ').collect();
        let [folio, style, good, bad] = parts[..] else {
            panic!("{line}")
        };
        let folio: u64 = folio.parse().unwrap();
        let currency = if folio == 2 { "JPY" } else { "EUR" };
        let options = if style == "SELECT" {
            r#","options":["north","south",3]"#
        } else {
            ""
        };
        let id = definition(&mut w, folio, style, "ACTUAL", options);
        let mut good: Vec<Value> = serde_json::from_str(good).unwrap();
        let mut bad: Vec<Value> = serde_json::from_str(bad).unwrap();
        if style == "TEXT" {
            // At most 255 characters, counted in characters.
            good.extend([json!("x".repeat(255)), json!("é".repeat(255))]);
            bad.push(json!("x".repeat(256)));
        }
        for value in good {
            let body = valued(folio, currency, &format!(r#""{id}":{value}"#));
            let created = w.send("ada", "POST", "/expense", &body);
            let shown = w.get("ada", "GET", &format!("/expense/{created}"));
            assert_eq!(
                shown["customFields"]["values"][id.to_string()],
                value,
                "{style}"
            );
        }
        for value in bad {
            let body = valued(folio, currency, &format!(r#""{id}":{value}"#));
            let field = format!("customFields.{id}");
            let message = w.refused("ada", "POST", "/expense", &body, &field);
            assert!(message.contains("takes"), "{style} {value}: {message}");
        }
    }
}

#[test]
fn custom_field_values_belong_to_a_definition_of_their_folio_and_record() {
    let mut w = World::new();
    assert_eq!(
        w.send("ada", "POST", "/folio", &FOLIO.replace("Road", "Rail")),
        2
    );
    let actual = definition(&mut w, 1, "TEXT", "ACTUAL", "");
    let team = definition(&mut w, 1, "TEXT", "TEAM", "");
    let revenue = definition(&mut w, 1, "TEXT", "REVENUE", "");
    let folio = definition(&mut w, 1, "TEXT", "FOLIO", "");
    let other = definition(&mut w, 2, "TEXT", "ACTUAL", "");
    for key in ["99".to_owned(), "abc".to_owned(), other.to_string()]
        .into_iter()
        .chain([team, revenue, folio].map(|id| id.to_string()))
    {
        let body = valued(1, "EUR", &format!(r#""{key}":"x""#));
        w.refused(
            "ada",
            "POST",
            "/expense",
            &body,
            &format!("customFields.{key}"),
        );
    }
    // A REVENUE field on a revenue, an ACTUAL field on a cost, a TEAM field on a position.
    let income = |id: u64| {
        let body = valued(1, "EUR", &format!(r#""{id}":"Acme""#));
        body.replace(".PlannedExpense", ".PlannedRevenue")
            .replace("OPEX", "OPERATING")
    };
    w.send("ada", "POST", "/expense", &income(revenue));
    let cost = valued(1, "EUR", &format!(r#""{actual}":"x""#));
    w.send("ada", "POST", "/expense", &cost);
    let refused = format!("customFields.{actual}");
    let message = w.refused("ada", "POST", "/expense", &income(actual), &refused);
    assert!(message.contains("revenue expenses"), "{message}");
    let values = |id: u64| format!(r#""customFields":{{"values":{{"{id}":"Rust"}}}}"#);
    assert_eq!(
        w.send("ada", "POST", "/position", &with(PLANNED, &values(team))),
        1
    );
    let shown = w.get("ada", "GET", "/position/1");
    assert_eq!(shown["customFields"]["values"][team.to_string()], "Rust");
    // An ACTUAL field on a position is refused (its type).
    let wrong = with(PLANNED, &values(actual));
    let message = w.refused("ada", "POST", "/position", &wrong, &refused);
    assert!(message.contains("cost expenses"), "{message}");
}

#[test]
fn a_required_custom_field_needs_a_value_on_create_and_on_update() {
    let mut w = World::new();
    let id = definition(&mut w, 1, "TEXT", "ACTUAL", "");
    let required =
        format!(r#"{{"id":{id},"name":"Owner","style":"TEXT","type":"ACTUAL","required":true}}"#);
    assert_eq!(
        w.send("ada", "PUT", "/customfield", &required)["required"],
        true
    );
    let field = format!("customFields.{id}");
    let null = valued(1, "EUR", &format!(r#""{id}":null"#));
    for body in [expense(1, "EUR", ""), null.clone()] {
        w.refused("ada", "POST", "/expense", &body, &field);
    }
    let given = valued(1, "EUR", &format!(r#""{id}":"ada""#));
    assert_eq!(w.send("ada", "POST", "/expense", &given), 1);
    // An update without it, or with null, is refused as well.
    for body in [expense(1, "EUR", ""), null] {
        w.refused("ada", "PUT", "/expense", &with(&body, r#""id":1"#), &field);
    }
    w.send("ada", "PUT", "/expense", &with(&given, r#""id":1"#));
    // A required field of another type asks nothing of an expense, and all of a position.
    let skill = definition(&mut w, 1, "TEXT", "TEAM", "");
    let required = required.replace(&format!(r#""id":{id}"#), &format!(r#""id":{skill}"#));
    w.send(
        "ada",
        "PUT",
        "/customfield",
        &required.replace("ACTUAL", "TEAM"),
    );
    w.send("ada", "POST", "/expense", &given);
    w.refused(
        "ada",
        "POST",
        "/position",
        PLANNED,
        &format!("customFields.{skill}"),
    );
}

#[test]
fn a_value_whose_definition_is_deleted_is_kept() {
    let mut w = World::new();
    let id = definition(&mut w, 1, "TEXT", "ACTUAL", "");
    let stored = valued(1, "EUR", &format!(r#""{id}":"kept""#));
    assert_eq!(w.send("ada", "POST", "/expense", &stored), 1);
    assert_eq!(w.get("ada", "DELETE", &format!("/customfield/{id}")), true);
    let value = |w: &mut World| {
        w.get("ada", "GET", "/expense/1")["customFields"]["values"][id.to_string()].clone()
    };
    assert_eq!(value(&mut w), "kept", "still shown on read");
    // An update that omits it keeps it; one that sends it back unchanged is accepted.
    let omitted = expense(1, "EUR", r#""id":1"#).replace("Licence", "Licences");
    w.send("ada", "PUT", "/expense", &omitted);
    assert_eq!(value(&mut w), "kept");
    let shown = w.send("ada", "PUT", "/expense", &with(&stored, r#""id":1"#));
    assert_eq!(shown["name"], "Licence");
    assert_eq!(value(&mut w), "kept");
    // A different value is refused, and so is any value on a new record.
    let changed = with(&valued(1, "EUR", &format!(r#""{id}":"new""#)), r#""id":1"#);
    let field = format!("customFields.{id}");
    w.refused("ada", "PUT", "/expense", &changed, &field);
    w.refused("ada", "POST", "/expense", &stored, &field);
    assert_eq!(value(&mut w), "kept");
}

#[test]
fn custom_field_definitions_are_updated_within_their_terms() {
    let mut w = World::new();
    let id = definition(
        &mut w,
        1,
        "SELECT",
        "ACTUAL",
        r#","options":["north","south"]"#,
    );
    let put = |fields: &str| format!(r#"{{"id":{id},"name":"Area","required":false,{fields}}}"#);
    let east = valued(1, "EUR", &format!(r#""{id}":"east""#));
    w.refused(
        "ada",
        "POST",
        "/expense",
        &east,
        &format!("customFields.{id}"),
    );
    // A rename and a new option: the option is then taken.
    let renamed = put(r#""style":"SELECT","type":"ACTUAL","options":["north","south","east"]"#);
    let shown = w.send("ada", "PUT", "/customfield", &renamed);
    assert_eq!(shown["name"], "Area");
    assert_eq!(shown["options"], json!(["north", "south", "east"]));
    let catalog = w.get("ada", "GET", "/folio/1/customfields");
    assert_eq!(catalog["customFields"]["ACTUAL"][0]["name"], "Area");
    w.send("ada", "POST", "/expense", &east);
    // Its style and type cannot change; options suit the style.
    for (fields, field) in [
        (r#""style":"TEXT","type":"ACTUAL""#, "style"),
        (
            r#""style":"SELECT","type":"TEAM","options":["north"]"#,
            "type",
        ),
        (r#""style":"SELECT","type":"ACTUAL""#, "options"),
        (
            r#""style":"SELECT","type":"ACTUAL","options":[]"#,
            "options",
        ),
        (
            r#""style":"SELECT","type":"ACTUAL","options":["north","north"]"#,
            "options",
        ),
    ] {
        w.refused("ada", "PUT", "/customfield", &put(fields), field);
    }
    for body in [
        r#"{"name":"Pick","style":"SELECT","type":"ACTUAL","required":false}"#,
        r#"{"name":"Note","style":"TEXT","type":"ACTUAL","required":false,"options":["a"]}"#,
        r#"{"name":"Pick","style":"SELECT","type":"ACTUAL","required":false,"options":[1,1]}"#,
    ] {
        w.refused("ada", "POST", "/folio/1/customfield", body, "options");
    }
    // A viewer may read, not change: 403. Another user is told what a missing id is told.
    w.send("ada", "PUT", "/folio/1/viewers", r#"{"users":["bob"]}"#);
    let before = w.0.clone();
    let delete = format!("/customfield/{id}");
    assert_eq!(w.call("bob", "PUT", "/customfield", Some(&renamed)).0, 403);
    assert_eq!(w.call("bob", "DELETE", &delete, None).0, 403);
    let hidden = w.call("carol", "PUT", "/customfield", Some(&renamed));
    let hidden_delete = w.call("carol", "DELETE", &delete, None);
    assert!(w.0 == before, "refusals change nothing");
    let mut empty = World::new();
    let missing = empty.call("ada", "PUT", "/customfield", Some(&renamed));
    assert_eq!(missing.0, 404, "{}", missing.1);
    assert_eq!(hidden, missing);
    assert_eq!(hidden_delete, empty.call("ada", "DELETE", &delete, None));
    let catalog = w.get("finance", "GET", "/folio/1/customfields");
    assert_eq!(catalog["customFields"]["ACTUAL"][0]["name"], "Area");
}

const APPROVE: &str = r#"{"name":"Budget","approvedBy":"ada","expenditureType":"BUDGET"}"#;

/// The planned cost positions of folio 1's expenditures at `query`, as
/// "name|title|description|baselineId".
fn planned_positions(w: &mut World, query: &str) -> Vec<String> {
    let path = format!("/folio/1/expenditures?{query}actual=false&revenue=false");
    let positions = w.get("ada", "GET", &path)["positions"].clone();
    let shown = |p: &Value| {
        let text = |f: &str| p[f].as_str().unwrap().to_owned();
        let line = [text("name"), text("title"), text("description")].join("|");
        format!("{line}|{}", p["baselineId"])
    };
    positions.as_array().unwrap().iter().map(shown).collect()
}

#[test]
fn a_baseline_freezes_its_positions_headers() {
    let mut w = World::new();
    assert_eq!(w.send("ada", "POST", "/position", PLANNED), 1);
    assert_eq!(w.send("ada", "POST", "/folio/1/baseline", APPROVE), 1);
    let renamed = with(PLANNED, r#""id":1"#)
        .replace(r#""name":"Designer""#, r#""name":"Lead designer""#)
        .replace(r#""title":"Designer""#, r#""title":"Lead""#)
        .replace(r#""description":"""#, r#""description":"Leads the design""#);
    w.send("ada", "PUT", "/position", &renamed);
    // The baseline shows them as approved, named, and as the latest baseline covering costs.
    assert_eq!(
        planned_positions(&mut w, "baselineId=1&"),
        ["Designer|Designer||1"]
    );
    assert_eq!(planned_positions(&mut w, ""), ["Designer|Designer||1"]);
    // A header change is a change: approving again is accepted, and freezes the new header.
    assert_eq!(w.send("ada", "POST", "/folio/1/baseline", APPROVE), 2);
    let lead = "Lead designer|Lead|Leads the design|2";
    assert_eq!(planned_positions(&mut w, "baselineId=2&"), [lead]);
    assert_eq!(planned_positions(&mut w, ""), [lead]);
    assert_eq!(
        planned_positions(&mut w, "baselineId=1&"),
        ["Designer|Designer||1"]
    );
    // Nothing changed since: refused.
    let (status, body) = w.call("ada", "POST", "/folio/1/baseline", Some(APPROVE));
    assert_eq!(status, 400, "{body}");
    let message = body["errorMessages"][0].as_str().unwrap();
    assert!(
        message.starts_with("Nothing changed since baseline"),
        "{body}"
    );
    // A rename alone is a change too.
    let again = renamed.replace("Lead designer", "Principal designer");
    w.send("ada", "PUT", "/position", &again);
    assert_eq!(w.send("ada", "POST", "/folio/1/baseline", APPROVE), 3);
    // With the baselines deleted, the draft shows the current header, of no baseline.
    for b in 1..=3 {
        assert_eq!(w.get("ada", "DELETE", &format!("/baseline/{b}")), true);
    }
    let principal = "Principal designer|Lead|Leads the design|null";
    assert_eq!(planned_positions(&mut w, ""), [principal]);
}

/// S8.1 with S8.6: a header that did not change is no change, even when a client sends the
/// position back as it read it (the documents' updates replace the whole record).
#[test]
fn approving_after_an_update_that_changed_nothing_is_refused() {
    let mut w = World::new();
    assert_eq!(w.send("ada", "POST", "/position", PLANNED), 1);
    assert_eq!(w.send("ada", "POST", "/folio/1/baseline", APPROVE), 1);
    let read = w.get("ada", "GET", "/position/1");
    let written = w.send("ada", "PUT", "/position", &read.to_string());
    assert_eq!(written, read, "the position is as it was");
    let (status, body) = w.call("ada", "POST", "/folio/1/baseline", Some(APPROVE));
    assert_eq!(status, 400, "{body}");
}

#[test]
fn viewers_and_users_to_pick_from() {
    let mut w = World::new();
    w.send(
        "ada",
        "PUT",
        "/folio/1/viewers",
        r#"{"users":["bob","dan"]}"#,
    );
    for user in ["ada", "bob", "finance"] {
        let viewers = w.get(user, "GET", "/folio/1/viewers");
        assert_eq!(viewers, json!({"users": ["bob", "dan"]}), "{user}");
    }
    let hidden = w.call("carol", "GET", "/folio/1/viewers", None);
    assert_eq!(hidden.0, 404, "{}", hidden.1);
    assert_eq!(hidden, w.call("carol", "GET", "/folio/9/viewers", None));

    let people = [
        ("grace", "Grace Hopper"),
        ("bob", "Robert GRAY"),
        ("ada", "Ada Lovelace"),
        ("zed", "Zed"),
    ];
    for (key, name) in people {
        register_user(&mut w.0, key, Some(name)).unwrap();
    }
    let keys = |w: &mut World, query: &str| -> Vec<String> {
        let listed = w.get("carol", "GET", &format!("/users{query}"));
        let keys = listed.as_array().unwrap().iter();
        keys.map(|u| u["key"].as_str().unwrap().to_owned())
            .collect()
    };
    // Key or display name, ignoring case, in key order.
    assert_eq!(keys(&mut w, "?query=gr"), ["bob", "grace"]);
    assert_eq!(keys(&mut w, "?query=GR"), ["bob", "grace"]);
    assert_eq!(keys(&mut w, "?query=LOVE"), ["ada"]);
    assert_eq!(keys(&mut w, "?query=ZE"), ["zed"]);
    assert!(keys(&mut w, "?query=nobody").is_empty());
    assert_eq!(keys(&mut w, ""), ["ada", "bob", "grace", "zed"]);
    let grace = w.get("carol", "GET", "/users?query=grace");
    assert_eq!(
        grace,
        json!([{"key": "grace", "displayName": "Grace Hopper"}])
    );
    // limit: 1 to 100, default 20.
    assert_eq!(keys(&mut w, "?limit=1"), ["ada"]);
    assert_eq!(keys(&mut w, "?query=gr&limit=1"), ["bob"]);
    for n in 0..120 {
        register_user(&mut w.0, &format!("user{n:03}"), None).unwrap();
    }
    assert_eq!(keys(&mut w, "").len(), 20);
    assert_eq!(keys(&mut w, "?limit=100").len(), 100);
    assert_eq!(keys(&mut w, "?limit=25").len(), 25);
    assert_eq!(keys(&mut w, "?query=user&limit=100")[99], "user099");
    let before = w.0.clone();
    for limit in ["0", "101", "x", "-1"] {
        let (status, body) = w.call("carol", "GET", &format!("/users?limit={limit}"), None);
        assert_eq!(status, 400, "{limit}: {body}");
        let message = body["errors"]["limit"].as_str().unwrap();
        assert!(message.contains(limit), "{body}");
    }
    assert!(w.0 == before);
}

/// A plan import creates a new folio, which has no custom-field definitions: the document's
/// values are not carried, and the answer says so item by item (S7.4), as it does of the tracker
/// records the document's server named.
#[test]
fn a_plan_import_says_which_custom_field_values_it_did_not_keep() {
    let mut w = World::new();
    let field = r#"{"name":"Cost centre","style":"TEXT","type":"ACTUAL","required":false}"#;
    let id = w.send("ada", "POST", "/folio/1/customfield", field);
    w.send(
        "ada",
        "POST",
        "/expense",
        &expense(
            1,
            "EUR",
            &format!(r#""customFields":{{"values":{{"{id}":"CC-7"}}}}"#),
        ),
    );
    w.send("ada", "POST", "/expense", &expense(1, "EUR", ""));
    w.send(
        "ada",
        "POST",
        "/position",
        &with(PLANNED, r#""teamId":4,"teamMemberId":9"#),
    );
    let plan = w.get("ada", "GET", "/folio/1/plan");
    let imported = w.send("ada", "POST", "/folio/import", &plan.to_string());
    let notes: Vec<&str> = imported["notImported"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0].starts_with("positions[0].position: teamId and teamMemberId"),
        "{notes:?}"
    );
    assert!(
        notes[1].starts_with("expenses[0].customFields: custom-field values are not imported"),
        "{notes:?}"
    );
    let copy = imported["expenses"][0].as_u64().unwrap();
    let read = w.get("ada", "GET", &format!("/expense/{copy}"));
    assert!(read.get("customFields").is_none(), "{read}");
}

/// S8.5, S8.6: a baseline is costed with the calendars its positions had when it was approved:
/// moving a position to another workload scheme changes the draft, not the baseline (found by a
/// review: the baseline's BAC halved).
#[test]
fn a_baseline_keeps_its_positions_calendars() {
    let mut w = World::new();
    let short = r#"{"name":"Half days","days":[{"day":"MONDAY","requiredSeconds":14400},{"day":"TUESDAY","requiredSeconds":14400},{"day":"WEDNESDAY","requiredSeconds":14400},{"day":"THURSDAY","requiredSeconds":14400},{"day":"FRIDAY","requiredSeconds":14400},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]}"#;
    w.core("POST", "/core/3/workload-schemes", Some(short));
    let own = with(PLANNED, r#""workloadSchemeId":1"#);
    w.send("ada", "POST", "/position", &own);
    let approve = r#"{"name":"Budget","approvedBy":"ada","expenditureType":"BUDGET"}"#;
    w.send("ada", "POST", "/folio/1/baseline", approve);
    let bac = |w: &mut World, plan: &str| {
        w.get(
            "ada",
            "GET",
            &format!("/folio/1/indicators?asOf=2026-06-30&plan={plan}"),
        )["bac"]
            .to_string()
    };
    // 5 days of 8 hours at 50.
    assert_eq!(bac(&mut w, "1"), "2000.00");
    let moved = with(PLANNED, r#""id":1,"workloadSchemeId":2"#);
    w.send("ada", "PUT", "/position", &moved);
    assert_eq!(bac(&mut w, "draft"), "1000.00", "the draft has half days");
    assert_eq!(bac(&mut w, "1"), "2000.00", "the baseline has whole ones");
    // The calendar is part of what a baseline freezes: approving again is a change.
    let again = r#"{"name":"Budget 2","approvedBy":"ada","expenditureType":"BUDGET"}"#;
    assert_eq!(w.send("ada", "POST", "/folio/1/baseline", again), 2);
    assert_eq!(bac(&mut w, "2"), "1000.00");
}

/// What the service derives is never taken from a position's body: a planned position's
/// billable hours, a baseline mark (found by a review: both were stored and shown).
#[test]
fn a_positions_body_cannot_invent_hours_or_a_baseline() {
    let mut w = World::new();
    let invented = with(
        PLANNED,
        r#""billableHours":[{"id":4242,"startDate":"2026-03-02","endDate":"2026-03-02","effort":99,"otEffort":0,"reporter":"mallory"}],"baselineId":77"#,
    );
    w.send("ada", "POST", "/position", &invented);
    let check = |w: &mut World| {
        let shown = w.get("ada", "GET", "/position/1");
        assert!(shown.get("baselineId").is_none(), "{shown}");
        assert!(shown.get("billableHours").is_none(), "{shown}");
        let listed = w.get(
            "ada",
            "GET",
            "/folio/1/expenditures?actual=false&revenue=false",
        );
        let position = &listed["positions"][0];
        assert!(position.get("billableHours").is_none(), "{listed}");
        assert!(position.get("baselineId").is_none(), "{listed}");
    };
    check(&mut w);
    let updated = with(&invented, r#""id":1"#);
    w.send("ada", "PUT", "/position", &updated);
    check(&mut w);
}

/// S7.4: a value is keyed by its definition's id as the service writes it ("7", not "07" or
/// "+7"), so one definition holds one value; a refusal says what was given.
#[test]
fn a_custom_field_value_is_keyed_by_its_definitions_id() {
    let mut w = World::new();
    let colour = r#"{"name":"Colour","style":"SELECT","type":"ACTUAL","required":false,"options":["red","blue"]}"#;
    let id = w.send("ada", "POST", "/folio/1/customfield", colour);
    assert_eq!(id, 1);
    for key in ["01", "+1", " 1"] {
        let body = expense(
            1,
            "EUR",
            &format!(r#""customFields":{{"values":{{"{key}":"red"}}}}"#),
        );
        let message = w.refused(
            "ada",
            "POST",
            "/expense",
            &body,
            &format!("customFields.{key}"),
        );
        assert!(message.contains("there is no custom field"), "{message}");
    }
    let body = expense(1, "EUR", r#""customFields":{"values":{"1":"green"}}"#);
    let message = w.refused("ada", "POST", "/expense", &body, "customFields.1");
    assert!(message.ends_with(r#"not "green""#), "{message}");
}

/// S7.4: a value the record already holds, sent back unchanged, is not judged again: the folio's
/// currency changed since (AMOUNT decimals), an option was dropped; the rest of the record stays
/// editable, while a new value is checked against the terms of today.
#[test]
fn a_value_sent_back_unchanged_is_kept() {
    let mut w = World::new();
    let amount = r#"{"name":"Deposit","style":"AMOUNT","type":"ACTUAL","required":false}"#;
    w.send("ada", "POST", "/folio/1/customfield", amount);
    let size =
        r#"{"name":"Size","style":"SELECT","type":"ACTUAL","required":false,"options":["S","M"]}"#;
    w.send("ada", "POST", "/folio/1/customfield", size);
    let values = r#""customFields":{"values":{"1":10.25,"2":"M"}}"#;
    w.send("ada", "POST", "/expense", &expense(1, "EUR", values));
    let rate = r#"{"from":"EUR","to":"JPY","rate":162,"effectiveDate":"2026-01-01"}"#;
    w.send("finance", "PUT", "/exchangerate", rate);
    let jpy =
        with(FOLIO, r#""id":1"#).replace(r#""currencyCode":"EUR""#, r#""currencyCode":"JPY""#);
    w.send("ada", "PUT", "/folio", &jpy);
    let fewer = r#"{"id":2,"name":"Size","style":"SELECT","type":"ACTUAL","required":false,"options":["S"]}"#;
    w.send("ada", "PUT", "/customfield", fewer);
    // Renamed, its values sent back as read: accepted and kept.
    let renamed = expense(1, "EUR", &format!(r#""id":1,{values}"#)).replace("Licence", "Licences");
    let saved = w.send("ada", "PUT", "/expense", &renamed);
    assert_eq!(saved["name"], "Licences");
    assert_eq!(saved["customFields"]["values"]["1"].to_string(), "10.25");
    assert_eq!(saved["customFields"]["values"]["2"], "M");
    // A new value is checked: JPY takes no decimals, "M" is no option any more.
    let changed = renamed.replace("10.25", "10.5");
    w.refused("ada", "PUT", "/expense", &changed, "customFields.1");
    let dropped = w.send(
        "ada",
        "PUT",
        "/expense",
        &renamed.replace(r#","2":"M""#, ""),
    );
    assert!(
        dropped["customFields"]["values"].get("2").is_none(),
        "{dropped}"
    );
    // Dropped, then sent again: a new value, no option any more.
    w.refused("ada", "PUT", "/expense", &renamed, "customFields.2");
}

/// A plan document exported with a folio's own custom-field values imports (S7.4: the new folio
/// has no definitions), saying what it did not keep.
#[test]
fn a_plan_export_with_folio_values_imports() {
    let mut w = World::new();
    let region = r#"{"name":"Region","style":"TEXT","type":"FOLIO","required":false}"#;
    w.send("ada", "POST", "/folio/1/customfield", region);
    let tagged = with(FOLIO, r#""id":1,"customFields":{"values":{"1":"north"}}"#);
    w.send("ada", "PUT", "/folio", &tagged);
    let plan = w.get("ada", "GET", "/folio/1/plan");
    assert_eq!(plan["folio"]["customFields"]["values"]["1"], "north");
    let imported = w.send("ada", "POST", "/folio/import", &plan.to_string());
    assert_eq!(
        imported["notImported"][0],
        "folio.customFields: custom-field values are not imported (their definitions belong to the folio the document came from)"
    );
}
