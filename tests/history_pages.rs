//! Pages of history are bounded and tell nothing hidden (S11.8), through `handle`: a page stops at
//! its bytes with a cursor that reads every change once; entries the reader may not see neither
//! end a page nor become its cursor; a long scope key is not repeated in every path; a page's
//! weight is what it reads.

use crate::history::Service;
use crate::limits_calls::folio;

use std::sync::Arc;

use costfolio::api::{weight, Context, Journal, Request};
use costfolio::usecase::MAX_PAGE_BYTES;
use serde_json::{json, Value};

/// Every page of `path` (a history), following `next` from the newest: each page's changes.
fn pages(service: &mut Service, user: &str, path: &str) -> Vec<Value> {
    let mut pages = Vec::new();
    let mut before = String::new();
    loop {
        let page = service.get(user, &format!("{path}{before}"));
        let next = page["next"].as_u64();
        pages.push(page);
        match next {
            Some(seq) => before = format!("&before={seq}"),
            None => return pages,
        }
        assert!(pages.len() < 100, "the cursor moves on");
    }
}

fn seqs(page: &Value) -> Vec<u64> {
    page["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|change| change["seq"].as_u64().unwrap())
        .collect()
}

#[test]
fn a_page_stops_at_its_bytes_and_its_cursor_reads_every_change_once() {
    let mut service = Service::empty();
    let body = folio("2026-01-01", "2026-12-31", r#""Harbour""#);
    let (status, text) = service.send("ada", "POST", "/budgets/1/folio", Some(&body));
    assert_eq!(status, 200, "{text}");
    // Four scopes of 4,000 items with keys of 128 characters, each replacing the last whole:
    // each change lists 8,000 items, about 2.3 MB.
    for round in 0..4 {
        let items: Vec<Value> = (0..4_000)
            .map(|n| {
                json!({"key": format!("{round}-{n:05}-{}", "k".repeat(120)), "weight": 1,
                    "logged": 0, "remaining": 1, "done": false, "progressive": false})
            })
            .collect();
        let body = json!({ "items": items }).to_string();
        let (status, text) = service.send("ada", "PUT", "/budgets/1/folio/1/scope", Some(&body));
        assert_eq!(status, 200, "{text}");
    }
    let pages = pages(
        &mut service,
        "ada",
        "/budgets/1/folio/1/scope/history?limit=200",
    );
    assert!(pages.len() >= 3, "4 MiB pages: {} pages", pages.len());
    for page in &pages {
        let size = page["changes"].to_string().len();
        assert!(size <= MAX_PAGE_BYTES, "a page of {size} bytes");
        assert!(!seqs(page).is_empty(), "no page is empty");
        // A long key is named by its start and a hash, not repeated whole.
        let text = page.to_string();
        assert!(!text.contains(&format!("key={}", "k".repeat(40))));
    }
    // Every change once, newest first, the first measurement last.
    let all: Vec<u64> = pages.iter().flat_map(seqs).collect();
    assert_eq!(all, [5, 4, 3, 2], "{all:?}");
    let first = pages[0]["changes"][0]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|field| {
            field["path"]
                .as_str()
                .unwrap()
                .starts_with("items[key=3-00000-kkkkkkkkkkkkkkkk…#")
        });
    assert!(first.is_some(), "the newest change names its items short");
}

#[test]
fn hidden_changes_neither_end_a_page_nor_become_its_cursor() {
    let mut service = Service::empty();
    for (owner, name) in [("ada", "Ada's"), ("ada", "Ada's second")] {
        let body = folio("2026-01-01", "2026-12-31", &json!(name).to_string())
            .replace(r#""owner":"ada""#, &format!(r#""owner":"{owner}""#));
        assert_eq!(
            service
                .send(owner, "POST", "/budgets/1/folio", Some(&body))
                .0,
            200
        );
    }
    let summary = |id: u64| {
        let folio = service.state.folios[&id].folio.clone();
        json!({"id": id, "name": folio.name, "startDate": "2026-01-01", "endDate": "2026-12-31",
            "owner": "ada", "status": "executing"})
    };
    let (one, two) = (summary(1), summary(2));
    let portfolio = |name: &str, folios: Value| {
        json!({"id": 1, "name": name, "currencyCode": "EUR", "isPrivate": false, "owner": "ada",
            "color": "red", "admins": [], "folios": folios, "portfolios": []})
        .to_string()
    };
    // The public portfolio's changes: created (seen by bob), renamed (seen), then four that only
    // put ada's folios in and out (bob may read neither), renamed again (seen), and two more
    // hidden ones last.
    let steps: [(&str, Value); 9] = [
        ("P", json!([])),
        ("Q", json!([])),
        ("Q", json!([one])),
        ("Q", json!([one, two])),
        ("Q", json!([two])),
        ("Q", json!([])),
        ("R", json!([])),
        ("R", json!([one])),
        ("R", json!([])),
    ];
    for (at, (name, folios)) in steps.iter().enumerate() {
        let method = if at == 0 { "POST" } else { "PUT" };
        let mut body = portfolio(name, folios.clone());
        if at == 0 {
            body = body.replacen(r#""id":1,"#, "", 1);
        }
        let (status, text) = service.send("ada", method, "/budgets/1/portfolio", Some(&body));
        assert_eq!(status, 200, "{text}");
    }
    // Ada sees every change; bob only the three that did something he may see.
    let path = "/budgets/1/portfolio/1/history?limit=1";
    assert_eq!(pages(&mut service, "ada", path).len(), 9);
    let seen = pages(&mut service, "bob", path);
    let shown: Vec<Vec<u64>> = seen.iter().map(seqs).collect();
    assert_eq!(shown.len(), 3, "{shown:?}");
    assert!(shown.iter().all(|page| page.len() == 1), "{shown:?}");
    // Each cursor is the change its page shows, never a hidden one; the last page has none.
    for (page, seqs) in seen.iter().zip(&shown) {
        match page["next"].as_u64() {
            Some(next) => assert_eq!(next, seqs[0]),
            None => assert!(std::ptr::eq(page, seen.last().unwrap())),
        }
    }
    // Bob's pages are those of a portfolio where the hidden changes never happened.
    assert_eq!(
        shown.concat(),
        [
            service.state.seq - 2,
            service.state.seq - 7,
            service.state.seq - 8
        ]
    );
}

#[test]
fn a_page_weighs_what_it_reads() {
    let mut service = Service::empty();
    let body = folio("2026-01-01", "2026-12-31", r#""Harbour""#);
    service.send("ada", "POST", "/budgets/1/folio", Some(&body));
    let weigh = |service: &Service, user: &str, path: &str| {
        let mut request = Request::new("GET", path);
        request.split_query().unwrap();
        let mut context = Context::new(
            "http://127.0.0.1:8080",
            chrono::NaiveDate::from_ymd_opt(2026, 3, 1)
                .unwrap()
                .and_hms_opt(12, 0, 0)
                .unwrap(),
            vec![7; 64],
        );
        context.user = Some(user.to_owned());
        context.journal = Some(Journal(Arc::new(service.journal.clone())));
        weight(&service.state, &request, &context)
    };
    let small = weigh(
        &service,
        "ada",
        "/budgets/1/folio/1/scope/history?limit=200",
    );
    let items: Vec<Value> = (0..5_000)
        .map(|n| {
            json!({"key": format!("{n:05}{}", "k".repeat(123)), "weight": 1, "logged": 0,
            "remaining": 1, "done": false, "progressive": false})
        })
        .collect();
    let scope = json!({ "items": items }).to_string();
    for _ in 0..50 {
        service.send("ada", "PUT", "/budgets/1/folio/1/scope", Some(&scope));
    }
    let large = weigh(
        &service,
        "ada",
        "/budgets/1/folio/1/scope/history?limit=200",
    );
    let one = weigh(&service, "ada", "/budgets/1/folio/1/scope/history?limit=1");
    let activity = weigh(&service, "ada", "/budgets/1/folio/1/activity?limit=200");
    // 50 entries of about 0.9 MB each, as the journal stores them: a heavy read (a million and
    // more), but never past the page's reading budget; a page of one entry reads two; the
    // folio's activity reads the same entries and the versions before them.
    assert!(large >= 1_000_000, "{small} -> {large}");
    assert!(activity >= large, "{activity} vs {large}");
    assert!(large > small * 50);
    assert!(large <= costfolio::usecase::MAX_READ_BYTES as u64);
    assert!(one < large / 5, "{one} vs {large}");
    // What another user may not read weighs nothing, as a missing record does.
    assert_eq!(
        weigh(&service, "eve", "/budgets/1/folio/1/scope/history"),
        0
    );
    assert_eq!(weigh(&service, "ada", "/budgets/1/folio/9/history"), 0);
}
