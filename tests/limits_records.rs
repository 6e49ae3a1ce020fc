//! The limits on what the records hold and on what computing them costs (the hardening issue,
//! docs/security.md), through `handle`: a portfolio's parent chain, the largest figures the limits
//! let in, the work one folio may hold, and the folios a portfolio lists.

use crate::limits_calls;

use costfolio::state::State;
use limits_calls::{call, folio, json, MEMBER};
use serde_json::Value;

fn portfolio(id: Option<u64>, parent: Option<u64>) -> String {
    let id = id.map_or(String::new(), |id| format!(r#""id":{id},"#));
    let parent = parent.map_or(String::new(), |p| format!(r#","parentId":{p}"#));
    format!(
        r#"{{{id}"name":"P","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[],"portfolios":[]{parent}}}"#
    )
}

#[test]
fn a_parent_chain_never_loops_nor_nests_past_16_levels() {
    let mut state = State::new();
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&portfolio(None, None))
        )
        .status,
        200
    );
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&portfolio(None, Some(1)))
        )
        .status,
        200
    );
    // A under B, B under A: refused, naming parentId; nothing changes.
    let before = state.clone();
    let response = call(
        &mut state,
        "ada",
        "PUT",
        "/portfolio",
        Some(&portfolio(Some(1), Some(2))),
    );
    assert_eq!(response.status, 400);
    assert_eq!(
        json(&response)["errors"]["parentId"],
        "parent portfolio 2 would make the portfolio its own ancestor"
    );
    let response = call(
        &mut state,
        "ada",
        "PUT",
        "/portfolio",
        Some(&portfolio(Some(1), Some(1))),
    );
    assert_eq!(response.status, 400);
    assert_eq!(state, before);
    // A chain: 2 is 1 level down; 15 more are accepted, the 17th level is refused.
    for parent in 2..=16 {
        let response = call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&portfolio(None, Some(parent))),
        );
        assert_eq!(response.status, 200, "level {parent}: {}", response.text());
    }
    let response = call(
        &mut state,
        "ada",
        "POST",
        "/portfolio",
        Some(&portfolio(None, Some(17))),
    );
    assert_eq!(response.status, 400);
    assert!(json(&response)["errors"]["parentId"]
        .as_str()
        .unwrap_or("")
        .contains("more than 16 levels"));
    // Moving a subtree must fit too: 16 (with 17 below) cannot go under a new root's child.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&portfolio(None, None))
        )
        .status,
        200
    );
    let response = call(
        &mut state,
        "ada",
        "PUT",
        "/portfolio",
        Some(&portfolio(Some(3), Some(17))),
    );
    assert_eq!(response.status, 400);
}

#[test]
fn a_looping_or_2000_deep_chain_left_by_an_older_journal_is_walked_without_overflow() {
    use costfolio::model::budgeting::Portfolio;
    use costfolio::model::Id;
    use costfolio::state::Command;
    let mut state = State::new();
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio",
            Some(&folio("2026-01-01", "2026-12-31", "\"F\""))
        )
        .status,
        200
    );
    let stored = |id: u64, parent: Option<u64>| -> costfolio::state::Stored<Portfolio> {
        let mut p: Portfolio =
            costfolio::model::from_json(portfolio(Some(id), None).as_bytes()).unwrap();
        p.parent_id = parent.map(Id::new);
        p.folios = costfolio::model::from_json(br#"[{"id":1,"name":"F","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}]"#).unwrap();
        costfolio::state::Stored::new(Id::new(id), p)
    };
    // As an older service let them in: 1 <-> 2 loop, and 3 <- 4 <- ... <- 2002.
    state.apply(Command::PutPortfolio(Box::new(stored(1, Some(2)))));
    state.apply(Command::PutPortfolio(Box::new(stored(2, Some(1)))));
    state.apply(Command::PutPortfolio(Box::new(stored(3, None))));
    for id in 4..=2002 {
        state.apply(Command::PutPortfolio(Box::new(stored(id, Some(id - 1)))));
    }
    for path in [
        "/portfolio",
        "/portfolio/1/indicators",
        "/portfolio/3/indicators",
        "/portfolio/2002/indicators",
    ] {
        let response = call(&mut state, "ada", "GET", path, None);
        assert!(
            response.status < 500,
            "{path}: {} {}",
            response.status,
            response.text()
        );
    }
}

/// The largest figures the limits let in, together: a century-long folio whose positions cost the
/// largest rate all day, and a thousand scope items of the largest weight. Every figure is still
/// computed (no 400, no 5xx): the engine divides first where multiplying first would overflow.
#[test]
fn the_largest_figures_the_limits_allow_are_computed() {
    let mut state = State::new();
    let created = call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&folio("2000-01-01", "2099-12-31", "\"Century\"")),
    );
    assert_eq!(created.status, 200, "{}", created.text());
    let position = |kind: &str| {
        format!(
            r#"{{"folioId":1,"name":"P","description":"","title":"T","kind":"{kind}","member":"grace","rate":{{"rate":1000000000000,"startDate":"2000-01-01"}},"allocation":{{"startDate":"2000-01-01","endDate":"2099-12-31","percentage":100}}}}"#
        )
    };
    for kind in [".PlannedPositionByTimeFrame", ".TeamMember"] {
        let response = call(
            &mut state,
            "ada",
            "POST",
            "/position",
            Some(&position(kind)),
        );
        assert_eq!(response.status, 200, "{}", response.text());
    }
    let items: Vec<String> = (0..1000)
        .map(|i| format!(r#"{{"key":"K-{i}","weight":1000000000000000,"logged":1,"remaining":2,"done":{},"progressive":true}}"#, i % 3 == 0))
        .collect();
    let scope = format!(r#"{{"items":[{}]}}"#, items.join(","));
    assert_eq!(
        call(&mut state, "ada", "PUT", "/folio/1/scope", Some(&scope)).status,
        200
    );
    let portfolio = r#"{"name":"All","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[{"id":1,"name":"Century","startDate":"2000-01-01","endDate":"2099-12-31","owner":"ada","status":"executing"}],"portfolios":[]}"#;
    assert_eq!(
        call(&mut state, "ada", "POST", "/portfolio", Some(portfolio)).status,
        200
    );
    for path in [
        "/folio/1/indicators?asOf=2050-06-30",
        "/folio/1/timeline?asOf=2050-06-30",
        "/portfolio/1/indicators?asOf=2050-06-30",
    ] {
        let response = call(&mut state, "ada", "GET", path, None);
        assert_eq!(response.status, 200, "{path}: {}", response.text());
    }
    let indicators = json(&call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/indicators?asOf=2050-06-30",
        None,
    ));
    // Progress: a third done (1/3 of the weight) and two thirds a third along: 1/3 + 2/3 x 1/3 =
    // 5/9 of BAC.
    let bac: f64 = indicators["success"]["bac"]
        .to_string()
        .parse()
        .unwrap_or(0.0);
    let ev: f64 = indicators["success"]["ev"]
        .to_string()
        .parse()
        .unwrap_or(0.0);
    assert!(bac > 1e17, "{indicators}");
    assert!((ev / bac - 5.0 / 9.0).abs() < 1e-3, "{indicators}");
}

/// What one folio may hold bounds what reading it costs: at most 200,000 payments of its
/// expenses inside it, 2,000 positions, 1,000 parts of each kind per position. Refusals name the
/// limit and change nothing (the attack: 1,200 daily expenses over a century stalled writers).
#[test]
fn a_folio_holds_a_bounded_amount_of_work() {
    let mut state = State::new();
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio",
            Some(&folio("2000-01-01", "2099-12-31", "\"Century\""))
        )
        .status,
        200
    );
    let daily = r#"{"folioId":1,"name":"X","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":1000,"currencyCode":"EUR","recurrence":{"kind":".Daily","occurrences":100000,"startDate":"2000-01-01"}}"#;
    // 36,525 payments each inside the century: five fit, the sixth does not.
    for _ in 0..5 {
        assert_eq!(
            call(&mut state, "ada", "POST", "/expense", Some(daily)).status,
            200
        );
    }
    let before = state.clone();
    let refused = call(&mut state, "ada", "POST", "/expense", Some(daily));
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errors"]["recurrence"],
        "the expenses of a folio may make at most 200000 payments inside it; this would make 219150"
    );
    assert_eq!(state, before);
    // Longer dates would make more payments too: an open-ended weekly expense over a shorter
    // folio, then the folio stretched.
    let positions_of = |state: &State| state.positions.len();
    let member = |folio: u64| {
        MEMBER
            .replace("\"folioId\":1", &format!("\"folioId\":{folio}"))
            .replace(
                "2026-01-01\",\"endDate\":\"2050-12-31",
                "2026-01-01\",\"endDate\":\"2030-12-31",
            )
    };
    // Over the century (1,200 months), 200 positions: positions x months is capped.
    for _ in 0..200 {
        assert_eq!(
            call(&mut state, "ada", "POST", "/position", Some(&member(1))).status,
            200
        );
    }
    let before = state.clone();
    let refused = call(&mut state, "ada", "POST", "/position", Some(&member(1)));
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errors"]["folioId"],
        "a folio's positions times its months may be at most 240000; 201 positions over 1200 months would be 241200"
    );
    assert_eq!(state, before);
    // Its payments (200 x 1,200 position months and 182,625 expense payments) are too many for
    // one answer: refused before any is computed.
    let refused = call(&mut state, "ada", "GET", "/folio/1/payments", None);
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errorMessages"][0],
        "a folio's payments answer holds at most 250000 lines; this folio's would hold 422625 (its positions' months and its expenses' payments)"
    );
    // Over five years, 2,000 positions, then the count is capped.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio",
            Some(&folio("2026-01-01", "2030-12-31", "\"Five years\""))
        )
        .status,
        200
    );
    for _ in 0..2_000 {
        assert_eq!(
            call(&mut state, "ada", "POST", "/position", Some(&member(2))).status,
            200
        );
    }
    let refused = call(&mut state, "ada", "POST", "/position", Some(&member(2)));
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errors"]["folioId"],
        "a folio may hold at most 2000 positions"
    );
    assert_eq!(positions_of(&state), 2_200);
    // Stretching the five-year folio to a decade would make 2,000 x 120 = 240,000: allowed; to
    // eleven years, refused on endDate, nothing changed.
    let stretched =
        |end: &str| folio("2026-01-01", end, "\"Five years\"").replacen('{', "{\"id\":2,", 1);
    let before = state.clone();
    let refused = call(
        &mut state,
        "ada",
        "PUT",
        "/folio",
        Some(&stretched("2036-12-31")),
    );
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert!(
        json(&refused)["errors"]["endDate"]
            .as_str()
            .unwrap()
            .contains("2000 positions over 132 months would be 264000"),
        "{}",
        refused.text()
    );
    assert_eq!(state, before);
    assert_eq!(
        call(
            &mut state,
            "ada",
            "PUT",
            "/folio",
            Some(&stretched("2035-12-31"))
        )
        .status,
        200
    );
    // A position's rates: 1,000, then refused.
    for day in 0..999u32 {
        let date = chrono::NaiveDate::from_ymd_opt(2030, 1, 1).unwrap()
            + chrono::Days::new(u64::from(day));
        let rate = format!(r#"{{"rate":41,"startDate":"{date}"}}"#);
        let response = call(&mut state, "ada", "POST", "/position/1/rate", Some(&rate));
        assert_eq!(response.status, 200, "rate {day}: {}", response.text());
    }
    let refused = call(
        &mut state,
        "ada",
        "POST",
        "/position/1/rate",
        Some(r#"{"rate":41,"startDate":"2040-01-01"}"#),
    );
    assert_eq!(
        (refused.status, json(&refused)["errorMessages"][0].as_str()),
        (400, Some("a position may hold at most 1000 rates"))
    );
}

/// A portfolio lists a folio once and at most 100 folios: a rollup computes each folio once and at
/// most 100, decided before any is computed (a hostile review listed one costly folio 1,000 times).
#[test]
fn a_portfolio_lists_each_folio_once_and_a_rollup_is_bounded() {
    let mut state = State::new();
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio",
            Some(&folio("2026-01-01", "2026-12-31", "\"F\""))
        )
        .status,
        200
    );
    let expense = r#"{"folioId":1,"name":"X","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":250,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-02-02"}}"#;
    assert_eq!(
        call(&mut state, "ada", "POST", "/expense", Some(expense)).status,
        200
    );
    let summary = r#"{"id":1,"name":"F","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"}"#;
    let listing = |folios: &[&str]| {
        format!(
            r#"{{"name":"P","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[{}],"portfolios":[]}}"#,
            folios.join(",")
        )
    };
    let twice = call(
        &mut state,
        "ada",
        "POST",
        "/portfolio",
        Some(&listing(&[summary, summary])),
    );
    assert_eq!(
        (twice.status, json(&twice)["errors"]["folios"].as_str()),
        (400, Some("folio 1 is listed twice"))
    );
    let many: Vec<String> = (1..=101)
        .map(|id| summary.replace(r#""id":1"#, &format!(r#""id":{id}"#)))
        .collect();
    let refs: Vec<&str> = many.iter().map(String::as_str).collect();
    let response = call(
        &mut state,
        "ada",
        "POST",
        "/portfolio",
        Some(&listing(&refs)),
    );
    assert_eq!(
        (
            response.status,
            json(&response)["errors"]["folios"].as_str()
        ),
        (400, Some("a portfolio may list at most 100 folios"))
    );
    assert!(state.portfolios.is_empty());
    // Sub-portfolios each listing the folio: the rollup computes it once per place, from one
    // report, and answers.
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/portfolio",
            Some(&listing(&[summary]))
        )
        .status,
        200
    );
    for parent in 1..=3 {
        let child = listing(&[summary]).replace(
            r#""portfolios":[]"#,
            &format!(r#""portfolios":[],"parentId":{parent}"#),
        );
        assert_eq!(
            call(&mut state, "ada", "POST", "/portfolio", Some(&child)).status,
            200
        );
    }
    let rolled = json(&call(
        &mut state,
        "ada",
        "GET",
        "/portfolio/1/indicators?asOf=2026-06-30",
        None,
    ));
    let one = json(&call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/indicators?asOf=2026-06-30",
        None,
    ));
    let bac = |v: &Value| {
        v["success"]["bac"]
            .to_string()
            .parse::<f64>()
            .unwrap_or(-1.0)
    };
    assert_eq!(bac(&one), 250.0);
    assert_eq!(
        bac(&rolled),
        1000.0,
        "the folio is counted in each of the four places"
    );
}
