//! Records tell the truth, through `handle`: reporters set by the service (S6.9), references
//! checked when written (S6.10), baselines freezing their positions' headers (S8.6), a folio's
//! viewers and the users to pick from. Custom fields (S7.4) are tests/records_custom_fields.rs.

use crate::records_world;

use costfolio::state::{IdKind, State};
use costfolio::usecase::credentials::register_user;
use records_world::{expense, with, World, FOLIO, PLANNED};
use serde_json::{json, Value};

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

#[test]
fn indicators_of_many_folios_are_each_folios_own_in_one_request() {
    let mut w = World::new();
    let one = w.get("ada", "GET", "/folio/1/indicators?asOf=2026-03-31");
    let many = w.get("ada", "GET", "/folio/indicators?asOf=2026-03-31&id=1");
    assert_eq!(many, json!([{"folioId": 1, "indicators": one}]));
    // Without ids, a page of every folio the caller may view, each as its own route answers it.
    let page = w.get("ada", "GET", "/folio/indicators?asOf=2026-03-31&limit=100");
    let listed = w.get("ada", "GET", "/folio");
    let ids: Vec<&Value> = page
        .as_array()
        .unwrap()
        .iter()
        .map(|f| &f["folioId"])
        .collect();
    let visible: Vec<&Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|f| &f["id"])
        .collect();
    assert_eq!(ids, visible);
    for entry in page.as_array().unwrap() {
        let id = &entry["folioId"];
        let own = w.get(
            "ada",
            "GET",
            &format!("/folio/{id}/indicators?asOf=2026-03-31"),
        );
        assert_eq!(entry["indicators"], own, "folio {id}");
    }
    // A folio the caller may not read answers as one that does not exist; nothing else is told.
    let hidden = w.call("carol", "GET", "/folio/indicators?id=1", None);
    assert_eq!(hidden.0, 404, "{}", hidden.1);
    assert_eq!(
        hidden,
        w.call("carol", "GET", "/folio/indicators?id=9", None)
    );
    // Bounded: at most 100 ids, and a page of 1 to 100.
    let ids: String = (1..=101).map(|i| format!("&id={i}")).collect();
    let (status, body) = w.call(
        "ada",
        "GET",
        &format!("/folio/indicators?asOf=2026-03-31{ids}"),
        None,
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["errors"]["id"], "at most 100 folios at once, got 101");
    let (status, body) = w.call("ada", "GET", "/folio/indicators?limit=0", None);
    assert_eq!(status, 400, "{body}");
    assert!(
        body.to_string()
            .contains("limit must be a whole number from 1 to 100, got 0"),
        "{body}"
    );
    let (status, body) = w.call("ada", "GET", "/folio/indicators?limit=x", None);
    assert_eq!(status, 400, "{body}");
}

#[test]
fn each_folios_items_are_its_own_and_kept_through_a_snapshot() {
    let mut w = World::new();
    assert_eq!(w.send("ada", "POST", "/folio", FOLIO), 2);
    let planned_of =
        |folio: u64| PLANNED.replace(r#""folioId":1"#, &format!(r#""folioId":{folio}"#));
    for folio in [1, 2, 1, 2, 2] {
        w.send("ada", "POST", "/position", &planned_of(folio));
        w.send("ada", "POST", "/expense", &expense(folio, "EUR", ""));
    }
    let deleted = w.send("ada", "POST", "/expense", &expense(1, "EUR", ""));
    w.get("ada", "DELETE", &format!("/expense/{deleted}"));
    let state = &w.0;
    for folio in [1, 2, 3] {
        let positions: Vec<u64> = state
            .positions_of(folio)
            .map(|row| row.record.id.get())
            .collect();
        let scanned: Vec<u64> = state
            .positions
            .iter()
            .filter(|(_, row)| row.header.folio_id.get() == folio)
            .map(|(id, _)| *id)
            .collect();
        assert_eq!(positions, scanned, "folio {folio}'s positions");
        let expenses: Vec<u64> = state.expenses_of(folio).map(|e| e.id().get()).collect();
        let scanned: Vec<u64> = state
            .expenses
            .iter()
            .filter(|(_, e)| e.folio_id.get() == folio)
            .map(|(id, _)| *id)
            .collect();
        assert_eq!(
            expenses, scanned,
            "folio {folio}'s expenses, the deleted one included"
        );
    }
    assert_eq!(state.positions_of(1).count(), 2);
    assert_eq!(state.expenses_of(1).count(), 3);
    // A snapshot read back holds the same indexes.
    let back = State::from_snapshot(&state.snapshot()).unwrap();
    for folio in [1, 2, 3] {
        let ids = |s: &State| -> (Vec<u64>, Vec<u64>) {
            (
                s.positions_of(folio)
                    .map(|row| row.record.id.get())
                    .collect(),
                s.expenses_of(folio).map(|e| e.id().get()).collect(),
            )
        };
        assert_eq!(ids(&back), ids(state), "folio {folio}");
    }
    // Each part's position is found by its id, here and in the snapshot read back.
    for row in state.positions.values() {
        let parts = (row.record.rates.iter().map(|r| (IdKind::Rate, r.id)))
            .chain(
                row.record
                    .allocations
                    .iter()
                    .map(|a| (IdKind::Allocation, a.id)),
            )
            .chain(row.record.hours.iter().map(|h| (IdKind::Hours, h.id)));
        for (kind, id) in parts {
            let id = id.unwrap().get();
            let want = Some(row.record.id.get());
            assert_eq!(state.position_of_part(kind, id), want, "{kind:?} {id}");
            assert_eq!(back.position_of_part(kind, id), want, "{kind:?} {id}");
        }
    }
    assert_eq!(state.position_of_part(IdKind::Rate, 999), None);
}
