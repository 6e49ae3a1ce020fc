//! Projects, saved filters and worklogs of the core interface (extensions.md), and the deletion
//! audit feed (S12) a deleted worklog or allocation goes to; through `handle`, with no socket.

use crate::core_service;

use chrono::Duration;
use core_service::{context_at, message, now, Service, ACCOUNT, BASE};
use costfolio::api::{record_deletion, Request};
use costfolio::state::AuditEventKind;
use serde_json::Value;

#[test]
fn projects_saved_filters_worklogs_and_their_deletion_in_the_audit() {
    let mut s = Service::new();
    assert_eq!(
        s.call(
            "PUT",
            "/core/3/projects/10000",
            Some(r#"{"key":"ABC","name":"Alpha"}"#)
        )
        .0,
        200
    );
    s.call(
        "PUT",
        "/core/3/projects/10001",
        Some(r#"{"key":"XYZ","name":"Xylo"}"#),
    );
    assert_eq!(
        s.call(
            "PUT",
            "/core/3/projects/10002",
            Some(r#"{"key":"ABC","name":"Dup"}"#)
        )
        .0,
        400
    );
    let (status, filter) = s.call(
        "PUT",
        "/core/3/saved-filters/7",
        Some(r#"{"name":"Folio scope","projectIds":[10000]}"#),
    );
    assert_eq!(
        (status, filter["projectIds"][0].as_u64()),
        (200, Some(10000))
    );
    assert_eq!(
        s.call(
            "PUT",
            "/core/3/saved-filters/8",
            Some(r#"{"name":"Bad","projectIds":[5]}"#)
        )
        .0,
        400
    );
    // Account links by project key.
    s.call("POST", "/core/3/accounts", Some(ACCOUNT));
    s.call(
        "POST",
        "/core/3/account-links",
        Some(r#"{"accountKey":"ACME","scopeType":"PROJECT","scopeId":10000}"#),
    );
    let (_, by_project) = s.call("GET", "/core/3/account-links/project/ABC", None);
    assert_eq!(
        (
            by_project["metadata"]["count"].as_u64(),
            by_project["results"][0]["account"]["key"].as_str()
        ),
        (Some(1), Some("ACME"))
    );

    let log = |issue: &str, date: &str, author: &str| {
        format!(
            r#"{{"issueKey":"{issue}","timeSpentSeconds":3600,"startDate":"{date}","authorAccountId":"{author}"}}"#
        )
    };
    let (status, w) = s.call(
        "POST",
        "/core/3/worklogs",
        Some(&log("ABC-12", "2026-03-02", "ada")),
    );
    assert_eq!(status, 200, "{w}");
    assert_eq!(
        (
            w["serviceWorklogId"].as_u64(),
            w["billableSeconds"].as_u64(),
            w["startTime"].as_str()
        ),
        (Some(1), Some(3600), Some("00:00:00"))
    );
    let tracker = w["trackerWorklogId"].as_u64().unwrap();
    s.call(
        "POST",
        "/core/3/worklogs",
        Some(&log("XYZ-1", "2026-03-03", "bob")),
    );
    s.call(
        "POST",
        "/core/3/worklogs",
        Some(&log("ABC-13", "2026-04-01", "ada")),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/worklogs",
        Some(&log("NOPE-1", "2026-03-02", "ada")),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("no known project"));
    assert_eq!(
        s.call(
            "POST",
            "/core/3/worklogs",
            Some(&log("ABC", "2026-03-02", "ada"))
        )
        .0,
        400
    );
    let count = |s: &mut Service, path: &str| {
        s.call("GET", path, None).1["metadata"]["count"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(
        count(&mut s, "/core/3/worklogs?from=2026-03-01&to=2026-03-31"),
        2
    );
    assert_eq!(count(&mut s, "/core/3/worklogs?project=10000"), 2);
    assert_eq!(
        count(&mut s, "/core/3/worklogs?project=10000&project=10001"),
        3
    );
    assert_eq!(
        count(&mut s, "/core/3/worklogs/project/ABC?from=2026-04-01"),
        1
    );
    assert_eq!(count(&mut s, "/core/3/worklogs/user/bob"), 1);
    assert_eq!(count(&mut s, "/core/3/worklogs/issue/ABC-12"), 1);
    assert_eq!(s.call("GET", "/core/3/worklogs?from=2026-3-1", None).0, 400);
    assert_eq!(
        s.call("GET", &format!("/core/3/worklogs/tracker/{tracker}"), None)
            .1["serviceWorklogId"],
        1
    );
    let (status, updated) = s.call("PUT", "/core/3/worklogs/1", Some(r#"{"issueKey":"ABC-12","timeSpentSeconds":7200,"billableSeconds":0,"startDate":"2026-03-02","startTime":"09:30:00","authorAccountId":"ada"}"#));
    assert_eq!(
        (
            status,
            updated["timeSpentSeconds"].as_u64(),
            updated["trackerWorklogId"].as_u64()
        ),
        (200, Some(7200), Some(tracker))
    );
    // Deleting a worklog feeds the audit (S12.1).
    assert_eq!(s.call("DELETE", "/core/3/worklogs/1", None).0, 204);
    assert_eq!(s.call("GET", "/core/3/worklogs/1", None).0, 404);
    let (_, feed) = s.call(
        "GET",
        "/audit/1/events/deleted/types/worklog?updatedFrom=2026-01-01",
        None,
    );
    assert_eq!(
        (
            feed["results"][0]["serviceWorklogId"].as_u64(),
            feed["results"][0]["trackerWorklogId"].as_u64()
        ),
        (Some(1), Some(tracker))
    );
}

// The audit feed (S12) ----------------------------------------------------------------------------

#[test]
fn the_audit_feed_pages_without_losing_or_repeating() {
    let mut s = Service::new();
    for i in 1..=5u64 {
        let at = now() + Duration::milliseconds(i as i64 * 7);
        record_deletion(
            &mut s.state,
            AuditEventKind::Allocation { id: 100 + i },
            &context_at(at, 0),
        );
    }
    record_deletion(
        &mut s.state,
        AuditEventKind::Worklog {
            service_worklog_id: 9,
            tracker_worklog_id: 19,
        },
        &context_at(now(), 0),
    );
    let page = |s: &mut Service, key: Option<&str>| {
        let mut request = Request::new("GET", "/audit/1/events/deleted/types/allocation")
            .header("Authorization", &format!("Bearer {}", s.token))
            .param("updatedFrom", "2026-11-21")
            .param("limit", "2");
        if let Some(key) = key {
            request = request.param("lastEvaluatedKey", key);
        }
        let response = s.send(request);
        assert_eq!(response.status, 200, "{}", response.text());
        serde_json::from_slice::<Value>(&response.body).unwrap()
    };
    let first = page(&mut s, None);
    assert_eq!(first["metadata"]["count"], 2);
    assert_eq!(first["results"][0]["id"], 101);
    assert_eq!(first["results"][0]["deletedAt"], "2026-11-21T10:00:00.007");
    let key = first["metadata"]["lastEvaluatedKey"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(first["metadata"]["next"]
        .as_str()
        .unwrap()
        .starts_with(&format!("{BASE}/audit/1/events/deleted/types/allocation?")));
    // A new deletion arrives between two pages: it comes at the end, nothing is lost.
    record_deletion(
        &mut s.state,
        AuditEventKind::Allocation { id: 200 },
        &context_at(now(), 0),
    );
    let second = page(&mut s, Some(&key));
    let third = page(&mut s, second["metadata"]["lastEvaluatedKey"].as_str());
    let ids: Vec<u64> = [&first, &second, &third]
        .iter()
        .flat_map(|p| {
            p["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["id"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(ids, [101, 102, 103, 104, 105, 200]);
    assert!(third["metadata"].get("next").is_none());
    // deletedAt never goes backwards, even when the clock does.
    assert_eq!(third["results"][1]["deletedAt"], "2026-11-21T10:00:00.035");
    // The worklog feed.
    let response = s.send(
        Request::new("GET", "/audit/1/events/deleted/types/worklog")
            .header("Authorization", &format!("Bearer {}", s.token))
            .param("updatedFrom", "2026-11-21T09:00:00"),
    );
    let body: Value = serde_json::from_slice(&response.body).unwrap();
    assert_eq!(
        (
            body["results"][0]["serviceWorklogId"].as_u64(),
            body["metadata"]["limit"].as_u64()
        ),
        (Some(9), Some(50))
    );
    // Errors: missing or malformed updatedFrom, bad limit, made-up key, no token.
    for (params, status) in [
        (vec![], 400),
        (vec![("updatedFrom", "21.11.2026")], 400),
        (vec![("updatedFrom", "2026-11-21"), ("limit", "0")], 400),
        (vec![("updatedFrom", "2026-11-21"), ("limit", "1001")], 400),
        (
            vec![
                ("updatedFrom", "2026-11-21"),
                ("lastEvaluatedKey", "3-deadbeef"),
            ],
            400,
        ),
    ] {
        let mut request = Request::new("GET", "/audit/1/events/deleted/types/worklog")
            .header("Authorization", &format!("Bearer {}", s.token));
        for (n, v) in params {
            request = request.param(n, v);
        }
        assert_eq!(s.send(request).status, status);
    }
    assert_eq!(
        s.send(
            Request::new("GET", "/audit/1/events/deleted/types/worklog")
                .param("updatedFrom", "2026-11-21")
        )
        .status,
        401
    );
}
