//! History from the journal: after every kind of change, the folio's activity and the
//! record's own history say who made it, when, what it did and every field it changed with its
//! value before and after; pages run newest first without a gap; a record the caller may not read
//! answers as one that does not exist; a replica that replayed the journal (or read a snapshot)
//! answers the same history.

use std::sync::Arc;

use costfolio::api::{handle, Context, Journal, Request};
use costfolio::state::{JournalEntry, State};
use serde_json::Value;

const NOW: &str = "2026-11-25T12:00:00";

/// A service's state with the journal it wrote, as the host keeps it (tests/history_pages.rs
/// uses it too).
pub(crate) struct Service {
    pub(crate) state: State,
    pub(crate) journal: Vec<JournalEntry>,
}

fn context(user: &str, admin: bool, journal: Option<&[JournalEntry]>) -> Context {
    let mut context = costfolio_suite::context(NOW, Some(user), admin);
    context.journal = journal.map(|journal| Journal(Arc::new(journal.to_vec())));
    context
}

impl Service {
    /// A service with nothing in it.
    pub(crate) fn empty() -> Service {
        Service {
            state: State::new(),
            journal: Vec::new(),
        }
    }

    pub(crate) fn demo() -> Service {
        let mut service = Service {
            state: State::new(),
            journal: Vec::new(),
        };
        for step in costfolio_suite::demo_steps() {
            let (status, body) =
                service.send("demo", &step.method, &step.path, step.body.as_deref());
            assert_eq!(status, step.expect, "{} {}: {body}", step.method, step.path);
        }
        service
    }

    /// Sends a request as `user` (a budget administrator when it is `demo`), keeping the journal.
    pub(crate) fn send(
        &mut self,
        user: &str,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> (u16, String) {
        let mut request = Request::new(method, path);
        if let Some(body) = body {
            request = request.json(body);
        }
        request.split_query().unwrap();
        let context = context(user, user == "demo", Some(&self.journal));
        let response = handle(&mut self.state, &request, &context);
        self.journal.extend(self.state.take_journal());
        (
            response.status,
            String::from_utf8_lossy(&response.body).into_owned(),
        )
    }

    /// A read's `success`, which must answer 200.
    pub(crate) fn get(&mut self, user: &str, path: &str) -> Value {
        let (status, body) = self.send(user, "GET", path, None);
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str::<Value>(&body).unwrap()["success"].take()
    }
}

/// The field changed at `path` in `change`, as (before, after) JSON texts.
fn field(change: &Value, path: &str) -> Option<(String, String)> {
    change["fields"]
        .as_array()?
        .iter()
        .find(|field| field["path"] == path)
        .map(|field| (field["before"].to_string(), field["after"].to_string()))
}

#[test]
fn every_kind_of_change_is_in_the_activity_and_the_records_history() {
    let mut service = Service::demo();
    // (change, folio, kind and id of the record, action, a field it changed: path, before, after)
    type Expected<'a> = (&'a str, u64, Option<(&'a str, &'a str, &'a str)>);
    let changes: [(&str, &str, Option<&str>, Expected); 9] = [
        (
            "PUT",
            "/budgets/1/rate/8",
            Some(r#"{"rate":66,"startDate":"2026-10-01"}"#),
            ("updated", 1, Some(("rates[id=8].rate", "", "66"))),
        ),
        (
            "POST",
            "/budgets/1/position/12/workedhours",
            Some(r#"{"startDate":"2026-11-23","endDate":"2026-11-27","effort":30,"otEffort":2}"#),
            ("updated", 2, None),
        ),
        (
            "POST",
            "/budgets/1/expense",
            Some(
                r#"{"folioId":2,"description":"","amortized":false,"currencyCode":"USD","kind":".PlannedExpense","category":"OPEX","type":"Cloud","name":"Backup","amount":310,"recurrence":{"kind":".Monthly","startDate":"2026-09-05","occurrences":9}}"#,
            ),
            ("created", 2, None),
        ),
        (
            "PUT",
            "/budgets/1/expense",
            Some(
                r#"{"id":2,"folioId":1,"kind":".PlannedExpense","category":"OPEX","type":"Rental","name":"Crane rental","description":"","amount":9400.50,"amortized":false,"currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-05-04","occurrences":10}}"#,
            ),
            ("updated", 1, Some(("amount", "", "9400.50"))),
        ),
        (
            "DELETE",
            "/budgets/1/expense/3",
            None,
            ("deleted", 1, Some(("deletedOn", "null", "\"2026-11-25\""))),
        ),
        (
            "PUT",
            "/budgets/1/folio/1/scope",
            Some(
                r#"{"items":[{"key":"HFB-1","weight":2,"logged":0,"remaining":0,"done":true,"progressive":false}]}"#,
            ),
            ("updated", 1, None),
        ),
        (
            "POST",
            "/budgets/1/folio/2/baseline",
            Some(
                r#"{"name":"Budget v1","description":"","approvedBy":"demo","expenditureType":"BUDGET"}"#,
            ),
            ("created", 2, None),
        ),
        (
            "POST",
            "/budgets/1/position",
            Some(
                r#"{"folioId":1,"description":"","name":"Inspector","title":"Inspector","allocation":{"startDate":"2026-09-01","endDate":"2027-02-26","percentage":20},"rate":{"rate":77,"startDate":"2026-09-01"}}"#,
            ),
            ("created", 1, None),
        ),
        (
            "DELETE",
            "/budgets/1/position/12",
            None,
            ("deleted", 2, Some(("deletedOn", "null", "\"2026-11-25\""))),
        ),
    ];
    for (method, path, body, (action, folio, changed)) in changes {
        // The value before, read from the record's latest version when the test does not say.
        let earlier = service.state.seq;
        let (status, answer) = service.send("demo", method, path, body);
        assert_eq!(status, 200, "{method} {path}: {answer}");
        // The folio whose activity holds the change (one of the entries the request wrote: a
        // deletion also writes its deletion events): the one the test names.
        let written = earlier + 1..=service.state.seq;
        let holding: Vec<u64> = (1..=3)
            .filter(|folio| {
                let activity = service.get(
                    "demo",
                    &format!("/budgets/1/folio/{folio}/activity?limit=1"),
                );
                activity["changes"][0]["seq"]
                    .as_u64()
                    .is_some_and(|seq| written.contains(&seq))
            })
            .collect();
        assert_eq!(holding, vec![folio], "{method} {path}");
        let activity = service.get(
            "demo",
            &format!("/budgets/1/folio/{folio}/activity?limit=1"),
        );
        let change = &activity["changes"][0];
        let seq = change["seq"].as_u64().unwrap();
        assert_eq!(change["at"], "2026-11-25T12:00:00Z");
        assert_eq!(change["user"], "demo");
        assert_eq!(change["action"], action, "{method} {path}: {change}");
        let kind = change["record"]["kind"].as_str().unwrap().to_owned();
        let id = change["record"]["id"].as_u64().unwrap();
        if action == "created" {
            assert_eq!(change["fields"], serde_json::json!([]), "{change}");
        } else {
            assert!(!change["fields"].as_array().unwrap().is_empty(), "{change}");
        }
        if let Some((field_path, before, after)) = changed {
            let (was, became) = field(change, field_path)
                .unwrap_or_else(|| panic!("{method} {path}: no {field_path} in {change}"));
            if !before.is_empty() {
                assert_eq!(was, before, "{method} {path}: {change}");
            }
            assert_ne!(was, became);
            assert_eq!(became, after, "{method} {path}: {change}");
        }
        // The record's own history says the same (a creation lists every field it set).
        if ["folio", "expense", "position"].contains(&kind.as_str()) {
            let history = service.get("demo", &format!("/budgets/1/{kind}/{id}/history?limit=1"));
            let own = &history["changes"][0];
            assert_eq!(own["seq"], seq);
            assert_eq!(own["action"], action);
            assert!(own.get("record").is_none(), "{own}");
            if action == "created" {
                assert!(field(own, "name").is_some(), "{own}");
            } else {
                assert_eq!(own["fields"], change["fields"]);
            }
        }
    }
}

#[test]
fn pages_run_newest_first_without_a_gap_and_end() {
    let mut service = Service::demo();
    for rate in [70, 71, 72, 73, 74] {
        let body = format!(r#"{{"rate":{rate},"startDate":"2026-10-01"}}"#);
        assert_eq!(
            service
                .send("demo", "PUT", "/budgets/1/rate/8", Some(&body))
                .0,
            200
        );
    }
    // Rate 8 is Tom Novak's, position 6.
    let position = 6;
    let all = service.get(
        "demo",
        &format!("/budgets/1/position/{position}/history?limit=200"),
    );
    assert_eq!(all["next"], Value::Null);
    let all: Vec<Value> = all["changes"].as_array().unwrap().clone();
    assert!(all.len() >= 6, "{all:?}");
    assert_eq!(all.last().unwrap()["action"], "created");
    let mut paged = Vec::new();
    let mut before = String::new();
    loop {
        let page = service.get(
            "demo",
            &format!("/budgets/1/position/{position}/history?limit=2{before}"),
        );
        let changes = page["changes"].as_array().unwrap();
        assert!(changes.len() <= 2);
        paged.extend(changes.iter().cloned());
        match page["next"].as_u64() {
            Some(next) => before = format!("&before={next}"),
            None => break,
        }
    }
    assert_eq!(paged, all);
    let seqs: Vec<u64> = all.iter().map(|c| c["seq"].as_u64().unwrap()).collect();
    assert!(seqs.windows(2).all(|pair| pair[0] > pair[1]), "{seqs:?}");
    // Each rate change says what the rate was before: the one put just before it.
    for (newer, older) in [(74, 73), (73, 72), (72, 71), (71, 70)] {
        assert!(all.iter().any(|change| field(change, "rates[id=8].rate")
            == Some((older.to_string(), newer.to_string()))));
    }
}

#[test]
fn a_record_another_user_may_not_read_answers_as_a_missing_one() {
    let mut service = Service::demo();
    // The demo's portfolio made private: eve may not read it.
    let mut portfolio = service.get("demo", "/budgets/1/portfolio")[0].take();
    portfolio["isPrivate"] = true.into();
    let (status, answer) = service.send(
        "demo",
        "PUT",
        "/budgets/1/portfolio",
        Some(&portfolio.to_string()),
    );
    assert_eq!(status, 200, "{answer}");
    for (kind, id, missing) in [
        ("folio", 1, 999),
        ("expense", 2, 9999),
        ("position", 6, 9999),
        ("portfolio", 1, 999),
    ] {
        let hidden = service.send(
            "eve",
            "GET",
            &format!("/budgets/1/{kind}/{id}/history"),
            None,
        );
        let absent = service.send(
            "eve",
            "GET",
            &format!("/budgets/1/{kind}/{missing}/history"),
            None,
        );
        assert_eq!(hidden.0, 404, "{kind}: {}", hidden.1);
        assert_eq!(
            hidden.1.replace(&id.to_string(), "N"),
            absent.1.replace(&missing.to_string(), "N")
        );
        // The caller's own bad parameter is not looked at before the record's 404.
        let bad = service.send(
            "eve",
            "GET",
            &format!("/budgets/1/{kind}/{id}/history?limit=0"),
            None,
        );
        assert_eq!(bad, hidden);
    }
    let activity = service.send("eve", "GET", "/budgets/1/folio/1/activity", None);
    assert_eq!(activity.0, 404);
    // Its owner's bad parameters are named.
    let (status, body) = service.send("demo", "GET", "/budgets/1/folio/1/history?limit=0", None);
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("limit must be a whole number from 1 to 200, got 0"),
        "{body}"
    );
    let (status, body) = service.send("demo", "GET", "/budgets/1/folio/1/activity?before=x", None);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("\"before\""), "{body}");
}

#[test]
fn an_import_is_one_change_and_a_portfolio_keeps_its_history() {
    let mut service = Service::demo();
    let plan = service.send("demo", "GET", "/budgets/1/folio/2/plan", None);
    assert_eq!(plan.0, 200, "{}", plan.1);
    let document = serde_json::from_str::<Value>(&plan.1).unwrap()["success"].to_string();
    let (status, answer) = service.send("demo", "POST", "/budgets/1/folio/import", Some(&document));
    assert_eq!(status, 200, "{answer}");
    let seq = service.state.seq;
    let folio = service
        .state
        .folios
        .values()
        .next_back()
        .unwrap()
        .folio
        .id()
        .get();
    let activity = service.get("demo", &format!("/budgets/1/folio/{folio}/activity"));
    let changes = activity["changes"].as_array().unwrap();
    assert!(changes.len() > 2, "{activity}");
    assert!(changes
        .iter()
        .all(|c| c["seq"] == seq && c["action"] == "created"));
    let own = service.get("demo", &format!("/budgets/1/folio/{folio}/history"));
    assert_eq!(own["changes"].as_array().unwrap().len(), 1);
    assert_eq!(own["changes"][0]["seq"], seq);

    let portfolio = service.get("demo", "/budgets/1/portfolio")[0].clone();
    let mut renamed = portfolio.clone();
    renamed["name"] = "Renamed".into();
    let (status, answer) = service.send(
        "demo",
        "PUT",
        "/budgets/1/portfolio",
        Some(&renamed.to_string()),
    );
    assert_eq!(status, 200, "{answer}");
    let id = portfolio["id"].as_u64().unwrap();
    let history = service.get("demo", &format!("/budgets/1/portfolio/{id}/history"));
    let newest = &history["changes"][0];
    assert_eq!(newest["action"], "updated");
    assert_eq!(
        field(newest, "name"),
        Some((portfolio["name"].to_string(), "\"Renamed\"".to_owned()))
    );
    assert_eq!(
        history["changes"].as_array().unwrap().last().unwrap()["action"],
        "created"
    );
}

#[test]
fn a_replica_and_a_snapshot_answer_the_same_history_and_none_is_kept_without_a_journal() {
    let mut service = Service::demo();
    service.send(
        "demo",
        "PUT",
        "/budgets/1/rate/8",
        Some(r#"{"rate":66,"startDate":"2026-10-01"}"#),
    );
    let paths = [
        "/budgets/1/folio/1/activity?limit=200",
        "/budgets/1/folio/3/history",
        "/budgets/1/position/6/history",
        "/budgets/1/expense/2/history",
        "/budgets/1/portfolio/1/history",
    ];
    let mut replica = Service {
        state: State::new(),
        journal: service.journal.clone(),
    };
    replica.state.replay(&service.journal).unwrap();
    let mut restarted = Service {
        state: State::from_snapshot(&service.state.snapshot()).unwrap(),
        journal: service.journal.clone(),
    };
    for path in paths {
        let here = service.get("demo", path);
        assert!(!here["changes"].as_array().unwrap().is_empty(), "{path}");
        assert_eq!(replica.get("demo", path), here, "{path}");
        assert_eq!(restarted.get("demo", path), here, "{path}");
    }
    let mut request = Request::new("GET", "/budgets/1/folio/1/history");
    request.split_query().unwrap();
    let answer = handle(&mut service.state, &request, &context("demo", true, None));
    assert_eq!(answer.status, 503);
    assert!(
        answer.text().contains("No history is kept here"),
        "{}",
        answer.text()
    );
}

#[test]
fn a_portfolios_history_names_no_folio_its_reader_may_not_open() {
    let mut service = Service::demo();
    // The demo's portfolio is public: eve reads it and its history, but none of its folios.
    let names: Vec<String> = service
        .get("demo", "/budgets/1/folio")
        .as_array()
        .unwrap()
        .iter()
        .map(|folio| folio["name"].as_str().unwrap().to_owned())
        .collect();
    assert!(!names.is_empty());
    let theirs = service
        .get("demo", "/budgets/1/portfolio/1/history")
        .to_string();
    assert!(
        names.iter().any(|name| theirs.contains(name.as_str())),
        "{theirs}"
    );
    let (status, seen) = service.send("eve", "GET", "/budgets/1/portfolio/1/history", None);
    assert_eq!(status, 200, "{seen}");
    for name in &names {
        assert!(!seen.contains(name.as_str()), "eve sees {name}: {seen}");
    }
    // What eve may read of the portfolio itself says the same.
    let (_, listed) = service.send("eve", "GET", "/budgets/1/portfolio", None);
    for name in &names {
        assert!(!listed.contains(name.as_str()), "{listed}");
    }
}

#[test]
fn the_changes_since_a_day_are_those_made_on_or_after_it() {
    let mut service = Service::demo();
    // Every demo change was made on 2026-11-25 (the test's clock).
    let all = service.get(
        "demo",
        "/budgets/1/folio/1/activity?limit=5&since=2026-11-25",
    );
    assert_eq!(all["changes"].as_array().unwrap().len(), 5);
    assert!(all["next"].is_u64(), "{all}");
    let none = service.get("demo", "/budgets/1/folio/1/activity?since=2026-11-26");
    assert_eq!(none["changes"], serde_json::json!([]));
    assert_eq!(none["next"], Value::Null);
    let (status, body) = service.send(
        "demo",
        "GET",
        "/budgets/1/folio/1/activity?since=yesterday",
        None,
    );
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("\"since\""), "{body}");
}

/// Changes `field` of the record `get` answers to `value`, sends it back with `put`, and checks
/// that the record's history names the field with its value before and after.
fn field_is_in_history(
    service: &mut Service,
    get: &str,
    put: &str,
    history: &str,
    field: &str,
    value: Value,
) {
    let mut record = service.get("demo", get);
    let before = record[field].clone();
    assert_ne!(before, value, "{get}: {field} is already {value}");
    record[field] = value.clone();
    let (status, answer) = service.send("demo", "PUT", put, Some(&record.to_string()));
    assert_eq!(status, 200, "PUT {put} {field}: {answer}");
    let newest = service.get("demo", &format!("{history}?limit=1"))["changes"][0].clone();
    assert_eq!(newest["action"], "updated", "{field}: {newest}");
    let changed = newest["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == field)
        .unwrap_or_else(|| panic!("{history}: no {field} in {newest}"))
        .clone();
    assert_eq!(changed["before"], before, "{field}");
    assert_eq!(changed["after"], value, "{field}");
}

#[test]
fn every_field_of_each_record_kind_shows_in_its_history() {
    let mut service = Service::demo();
    let folio = [
        ("name", serde_json::json!("Harbour footbridge, phase 2")),
        ("description", serde_json::json!("Renamed and redescribed")),
        ("endDate", serde_json::json!("2027-06-30")),
        ("reserve", serde_json::json!(12)),
        ("contingency", serde_json::json!(7)),
        ("tolerance", serde_json::json!(15)),
        ("withRevenue", serde_json::json!(false)),
        ("withEarned", serde_json::json!(false)),
        ("closedDate", serde_json::json!("2027-06-30")),
    ];
    for (field, value) in folio {
        field_is_in_history(
            &mut service,
            "/budgets/1/folio/1",
            "/budgets/1/folio",
            "/budgets/1/folio/1/history",
            field,
            value,
        );
    }
    let expense = [
        ("name", serde_json::json!("Crane hire")),
        ("description", serde_json::json!("Two cranes")),
        ("type", serde_json::json!("Hire")),
        ("category", serde_json::json!("CAPEX")),
        ("amount", serde_json::json!(9100)),
        ("amortized", serde_json::json!(true)),
        ("currencyCode", serde_json::json!("USD")),
    ];
    for (field, value) in expense {
        field_is_in_history(
            &mut service,
            "/budgets/1/expense/2",
            "/budgets/1/expense",
            "/budgets/1/expense/2/history",
            field,
            value,
        );
    }
    let position = [
        ("name", serde_json::json!("Tom Novak (site)")),
        ("title", serde_json::json!("Site lead")),
        (
            "description",
            serde_json::json!("On site three days a week"),
        ),
    ];
    for (field, value) in position {
        field_is_in_history(
            &mut service,
            "/budgets/1/position/6",
            "/budgets/1/position",
            "/budgets/1/position/6/history",
            field,
            value,
        );
    }
    // The portfolio's own fields.
    let id = service.get("demo", "/budgets/1/portfolio")[0]["id"]
        .as_u64()
        .unwrap();
    for (field, value) in [
        ("name", serde_json::json!("Projects 2026-27")),
        ("color", serde_json::json!("tomato")),
        ("isPrivate", serde_json::json!(true)),
        ("admins", serde_json::json!(["grace"])),
    ] {
        let get = "/budgets/1/portfolio";
        let mut all = service.get("demo", get);
        let record = all
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|p| p["id"] == id)
            .unwrap()
            .take();
        let before = record[field].clone();
        let mut changed = record.clone();
        changed[field] = value.clone();
        let (status, answer) = service.send("demo", "PUT", get, Some(&changed.to_string()));
        assert_eq!(status, 200, "{field}: {answer}");
        let newest = service.get(
            "demo",
            &format!("/budgets/1/portfolio/{id}/history?limit=1"),
        )["changes"][0]
            .clone();
        let found = newest["fields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["path"] == field)
            .cloned();
        let found = found.unwrap_or_else(|| panic!("portfolio {field}: {newest}"));
        assert_eq!(
            (found["before"].clone(), found["after"].clone()),
            (before, value),
            "{field}"
        );
    }
    // Sharing, and a position's parts: an allocation period, a rate, worked hours.
    let (status, _) = service.send(
        "demo",
        "PUT",
        "/budgets/1/folio/1/viewers",
        Some(r#"{"users":["grace"]}"#),
    );
    assert_eq!(status, 200);
    let newest = service.get("demo", "/budgets/1/folio/1/history?limit=1")["changes"][0].clone();
    assert!(
        newest["fields"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["path"] == "viewers"),
        "{newest}"
    );
    for (put, body, path) in [
        (
            "/budgets/1/rate/8",
            r#"{"rate":67.5,"startDate":"2026-10-01"}"#,
            "rates[id=8].rate",
        ),
        (
            "/budgets/1/allocation/8",
            r#"{"startDate":"2026-10-01","endDate":"2027-04-30","percentage":60}"#,
            "allocations[id=8].percentage",
        ),
        (
            "/budgets/1/workedhours/7",
            r#"{"startDate":"2026-11-16","endDate":"2026-11-20","effort":40,"otEffort":3}"#,
            "hours[id=7].effort",
        ),
    ] {
        let (status, answer) = service.send("demo", "PUT", put, Some(body));
        assert_eq!(status, 200, "{put}: {answer}");
        let newest =
            service.get("demo", "/budgets/1/position/6/history?limit=1")["changes"][0].clone();
        assert!(
            newest["fields"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f["path"] == path),
            "{put}: {newest}"
        );
    }
}
