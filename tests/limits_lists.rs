//! Lists come a page at a time (S11.8), through `handle`: a list that other users made long (the
//! folios shared with a user) stops at 4 MiB with a `Link` to the next page, and the pages hold
//! every entry once; `limit` and `after` page any list; the portfolio tree's pages put each
//! portfolio under its parent again; a bad page is refused naming the parameter.

use crate::limits_calls;

use costfolio::api::Response;
use costfolio::state::State;
use costfolio::usecase::MAX_PAGE_BYTES;
use limits_calls::{call, folio, json};
use serde_json::{json as j, Value};

/// The `after` of the next page a `Link` header names, when there is one.
fn next_after(response: &Response) -> Option<u64> {
    let link = response
        .headers
        .iter()
        .find(|(name, _)| name == "Link")
        .map(|(_, value)| value.clone())?;
    assert!(
        link.starts_with("<http://127.0.0.1:8080/budgets/1/") && link.ends_with(">; rel=\"next\""),
        "{link}"
    );
    let after = link.split("after=").nth(1)?.split('>').next()?;
    Some(after.parse().unwrap())
}

/// Every page of `path` (a list) read as `user`, following the `Link` headers.
fn pages(state: &mut State, user: &str, path: &str) -> Vec<Value> {
    let mut pages = Vec::new();
    let mut at = path.to_owned();
    loop {
        let response = call(state, user, "GET", &at, None);
        assert_eq!(response.status, 200, "{at}: {}", response.text());
        assert!(
            response.body.len() <= MAX_PAGE_BYTES + 100,
            "a page of {} bytes",
            response.body.len()
        );
        pages.push(json(&response)["success"].clone());
        match next_after(&response) {
            Some(after) => {
                let separator = if path.contains('?') { '&' } else { '?' };
                at = format!("{path}{separator}after={after}");
            }
            None => return pages,
        }
        assert!(pages.len() < 1_000);
    }
}

#[test]
fn folios_shared_with_a_user_come_in_pages_of_4_mib_each_once() {
    let mut state = State::new();
    // Eve makes 4,000 folios with the longest names, and shares each with bob.
    let name = j!("𝔸".repeat(255)).to_string();
    for id in 1..=4_000u64 {
        let created = call(
            &mut state,
            "eve",
            "POST",
            "/folio",
            Some(
                &folio("2026-01-01", "2026-12-31", &name)
                    .replace(r#""owner":"ada""#, r#""owner":"eve""#),
            ),
        );
        assert_eq!(created.status, 200, "{}", created.text());
        let shared = call(
            &mut state,
            "eve",
            "PUT",
            &format!("/folio/{id}/viewers"),
            Some(r#"{"users":["bob"]}"#),
        );
        assert_eq!(shared.status, 200);
    }
    // Bob's own folio comes last, in id order.
    call(
        &mut state,
        "bob",
        "POST",
        "/folio",
        Some(
            &folio("2026-01-01", "2026-12-31", r#""Bob's""#)
                .replace(r#""owner":"ada""#, r#""owner":"bob""#),
        ),
    );
    let pages = pages(&mut state, "bob", "/folio");
    assert!(pages.len() >= 2, "{} pages", pages.len());
    let ids: Vec<u64> = pages
        .iter()
        .flat_map(|page| {
            page.as_array()
                .unwrap()
                .iter()
                .map(|f| f["id"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(ids, (1..=4_001).collect::<Vec<u64>>());
    // A page of seven, then the seven after it.
    let first = call(&mut state, "bob", "GET", "/folio?limit=7", None);
    assert_eq!(json(&first)["success"].as_array().unwrap().len(), 7);
    assert_eq!(next_after(&first), Some(7));
    let second = call(&mut state, "bob", "GET", "/folio?limit=7&after=7", None);
    assert_eq!(json(&second)["success"][0]["id"], 8);
    // Ada reads none of them: one empty page.
    let none = call(&mut state, "ada", "GET", "/folio", None);
    assert_eq!(
        (json(&none)["success"].clone(), next_after(&none)),
        (j!([]), None)
    );
}

#[test]
fn a_page_asked_for_badly_is_refused_naming_the_parameter() {
    let mut state = State::new();
    for (query, field) in [
        ("limit=0", "limit"),
        ("limit=10001", "limit"),
        ("limit=x", "limit"),
        ("after=-1", "after"),
    ] {
        for path in ["/folio", "/portfolio"] {
            let refused = call(&mut state, "ada", "GET", &format!("{path}?{query}"), None);
            assert_eq!(refused.status, 400, "{path}?{query}");
            assert!(json(&refused)["errors"][field]
                .as_str()
                .unwrap()
                .starts_with(field));
        }
    }
}

#[test]
fn the_portfolio_trees_pages_put_each_portfolio_under_its_parent_again() {
    let mut state = State::new();
    // 1 { 2 { 3 }, 4 }, 5: in tree order 1, 2, 3, 4, 5.
    for (name, parent) in [
        ("A", None),
        ("B", Some(1)),
        ("C", Some(2)),
        ("D", Some(1)),
        ("E", None),
    ] {
        let parent = parent.map_or(String::new(), |p: u64| format!(r#","parentId":{p}"#));
        let body = format!(
            r#"{{"name":"{name}","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[],"portfolios":[]{parent}}}"#
        );
        assert_eq!(
            call(&mut state, "ada", "POST", "/portfolio", Some(&body)).status,
            200
        );
    }
    let whole = call(&mut state, "bob", "GET", "/portfolio", None);
    assert_eq!(next_after(&whole), None);
    let names = |tree: &Value| -> String {
        fn walk(p: &Value, out: &mut String) {
            out.push_str(p["name"].as_str().unwrap());
            let children = p["portfolios"].as_array().unwrap();
            if !children.is_empty() {
                out.push('{');
                children.iter().for_each(|c| walk(c, out));
                out.push('}');
            }
        }
        let mut out = String::new();
        tree.as_array()
            .unwrap()
            .iter()
            .for_each(|p| walk(p, &mut out));
        out
    };
    assert_eq!(names(&json(&whole)["success"]), "A{B{C}D}E");
    // Two at a time: A{B}, then C (under B, on the page before) and D (under A), then E.
    let pages = pages(&mut state, "bob", "/portfolio?limit=2");
    let shown: Vec<String> = pages.iter().map(names).collect();
    assert_eq!(shown, ["A{B}", "CD", "E"]);
    assert_eq!(pages[1][0]["parentId"], 2);
    assert_eq!(pages[1][1]["parentId"], 1);
    // The portfolio a page ended at gone from bob's tree: the next page says the list changed,
    // rather than looking like its end.
    let private = r#"{"id":2,"name":"B","currencyCode":"EUR","isPrivate":true,"owner":"ada","color":"red","admins":[],"folios":[],"portfolios":[],"parentId":1}"#;
    assert_eq!(
        call(&mut state, "ada", "PUT", "/portfolio", Some(private)).status,
        200
    );
    let gone = call(&mut state, "bob", "GET", "/portfolio?limit=2&after=2", None);
    assert_eq!(gone.status, 409, "{}", gone.text());
    assert!(gone.text().contains("read them again from the start"));
}

#[test]
fn a_folios_custom_fields_come_in_pages_too() {
    let mut state = State::new();
    call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&folio("2026-01-01", "2026-12-31", r#""F""#)),
    );
    for (name, kind) in [("A", "ACTUAL"), ("B", "TEAM"), ("C", "ACTUAL")] {
        let body =
            format!(r#"{{"name":"{name}","style":"TEXT","type":"{kind}","required":false}}"#);
        assert_eq!(
            call(
                &mut state,
                "ada",
                "POST",
                "/folio/1/customfield",
                Some(&body)
            )
            .status,
            200
        );
    }
    let pages = pages(&mut state, "ada", "/folio/1/customfields?limit=2");
    assert_eq!(pages.len(), 2);
    assert_eq!(pages[0]["customFields"]["ACTUAL"][0]["name"], "A");
    assert_eq!(pages[0]["customFields"]["TEAM"][0]["name"], "B");
    assert_eq!(pages[1]["customFields"]["ACTUAL"][0]["name"], "C");
    // A folio the caller may not read answers its 404 before the page is looked at.
    let hidden = call(
        &mut state,
        "eve",
        "GET",
        "/folio/1/customfields?limit=0",
        None,
    );
    assert_eq!(hidden.status, 404);
}
