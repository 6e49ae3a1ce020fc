//! Who may read and change the core administration interface (`/core/3`) and read the deletion
//! audit (`/audit/1`): S11.3 and S11.6, implemented in `core/src/api/core_admin.rs` (the check
//! before any route), `core/src/api/audit.rs` and `authenticate`
//! (`core/src/api/auth/authenticate.rs`), tested from the outside through `costfolio::api::handle`.
//!
//! | request | administrator's write token | administrator's read-only token | anyone else with a token | no or unknown token |
//! |---|---|---|---|---|
//! | read of `/core/3` | 200 | 200 | 200 | 401 |
//! | change of `/core/3` | 200 or 204 | 403 | 403 | 401 |
//! | read of `/audit/1` | 200 | 200 | 403 | 401 |
//!
//! "Administrator": the host marks the token's own user as one (`context.budget_admin` with
//! `context.user` the token's user); the flag said of another user, or of no user, does not count.
//! Every 403 is the documented one ([`messages::NO_PERMISSION`] in the core envelope), every 401
//! has no body and a `WWW-Authenticate` header, and every refusal and every read leaves the state
//! exactly as it was.
//!
//! This file holds the matrix (route x caller, each on a fresh copy of the fixture), a check that
//! the table of routes covers every route the sources match, and a few refusals of paths and
//! parameters that do not exist. The callers and the fixture (one `State` built through the
//! interface as the administrator) are in tests/support/access_admin_world.rs, the table of every
//! route and the routers' match arms in tests/support/access_admin_routes.rs.

use std::fs;
use std::path::Path;

use crate::access_admin_routes;
use crate::access_admin_world;

use access_admin_routes::{source_arms, Arm, Route, ROUTES};
use access_admin_world::{fixture, json, show, Role, ACCOUNT_UPDATE};
use costfolio::api::{handle, handle_read, Response};
use costfolio::model::messages;
use serde_json::{json, Value};

// =============================================================================================
// The matrix
// =============================================================================================

/// What the rule gives a caller for a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expected {
    /// A read's 200.
    Read,
    /// A change's 200 or 204, and the state changes.
    Change,
    /// 403 with the documented message in the core envelope; the state unchanged.
    Forbidden,
    /// 401, no body, a `WWW-Authenticate` header; the state unchanged.
    Unauthorized,
}

/// The rule (S11.3, S11.6).
fn expected(route: &Route, role: Role) -> Expected {
    if !role.authenticated() {
        Expected::Unauthorized
    } else if route.is_audit() {
        if role.administrator() {
            Expected::Read
        } else {
            Expected::Forbidden
        }
    } else if route.is_read() {
        Expected::Read
    } else if role == Role::AdminWrite {
        Expected::Change
    } else {
        Expected::Forbidden
    }
}

/// An id and a key no record of the fixture has.
const MISSING: &str = "987654";

/// The path with every segment the source matches as a variable (a key or an id) replaced by
/// [`MISSING`]: the same change naming records that do not exist. `None` for a read, and for a
/// change that names no record.
fn missing_variant(route: &Route, arms: &[Arm]) -> Option<String> {
    if route.is_read() {
        return None;
    }
    let segments = route.core_segments()?;
    let arm = arms
        .iter()
        .find(|arm| arm.matches(route.method, &segments))?;
    if arm.segments.iter().all(|s| s.is_some()) {
        return None;
    }
    let replaced: Vec<&str> = segments
        .iter()
        .zip(&arm.segments)
        .map(|(given, pattern)| if pattern.is_some() { *given } else { MISSING })
        .collect();
    Some(format!("/core/3/{}", replaced.join("/")))
}

/// The answer to one request on a fresh copy of the fixture, and what it did.
struct Outcome {
    response: Response,
    /// Whether the state after equals the state before.
    unchanged: bool,
    /// What `handle_read` (the host's path for what changes nothing) answers on the state before.
    read_path: Option<Response>,
}

fn attempt(role: Role, method: &str, path: &str, body: Option<&str>) -> Outcome {
    let before = fixture();
    let mut world = before.clone();
    let (request, context) = world.request(role, method, path, body);
    let read_path = handle_read(&before.state, &request, &context);
    let response = handle(&mut world.state, &request, &context);
    Outcome {
        response,
        unchanged: world == *before,
        read_path,
    }
}

/// The documented 403 (S11.3, S11.6) in the core envelope, and nothing else.
fn is_documented_403(response: &Response) -> bool {
    response.status == 403
        && serde_json::from_slice::<Value>(&response.body).ok()
            == Some(json!({"errors": [{"message": messages::NO_PERMISSION}]}))
}

/// A 401 as S11.3 says: no body, a `WWW-Authenticate` header.
fn is_documented_401(response: &Response) -> bool {
    response.status == 401
        && response.body.is_empty()
        && response
            .header_value("WWW-Authenticate")
            .is_some_and(|value| value.starts_with("Bearer"))
}

/// Checks one route as one caller; every departure from the rule is pushed to `failures`.
/// `reference` is the administrator's answer to the same read. Returns how many requests it
/// checked (the route, and the same route naming missing records for a refused change).
fn check(
    route: &Route,
    role: Role,
    arms: &[Arm],
    reference: Option<&Response>,
    failures: &mut Vec<String>,
) -> usize {
    let expect = expected(route, role);
    let outcome = attempt(role, route.method, route.path, route.body);
    let label = format!("{} ({} {}) as {role}", route.name, route.method, route.path);
    let mut fail = |what: String| failures.push(format!("{label}: {what}"));
    let response = &outcome.response;
    let got = show(response);
    match expect {
        Expected::Read => {
            if response.status != 200 {
                fail(format!("expected 200; got {got}"));
            } else if let Some(shows) = route.shows.filter(|s| !response.text().contains(s)) {
                fail(format!("expected an answer showing {shows}; got {got}"));
            } else if let Some(reference) = reference.filter(|r| *r != response) {
                fail(format!(
                    "expected the administrator's answer {}; got {got}",
                    show(reference)
                ));
            }
        }
        Expected::Change => {
            if !(response.status == 200 || response.status == 204) {
                fail(format!("expected 200 or 204; got {got}"));
            } else if outcome.unchanged {
                fail(format!(
                    "expected a change of the state; got {got} and no change"
                ));
            }
        }
        Expected::Forbidden => {
            if !is_documented_403(response) {
                fail(format!(
                    "expected 403 {:?}; got {got}",
                    messages::NO_PERMISSION
                ));
            }
        }
        Expected::Unauthorized => {
            if !is_documented_401(response) {
                fail(format!(
                    "expected 401 with no body and WWW-Authenticate; got {got} {:?}",
                    response.headers
                ));
            }
        }
    }
    if expect != Expected::Change && !outcome.unchanged {
        fail(format!("the state changed ({got})"));
    }
    // The host answers what changes nothing through handle_read: the same answer.
    if let Some(read_path) = outcome.read_path.as_ref().filter(|r| *r != response) {
        fail(format!(
            "handle_read answered {}, handle {got}",
            show(read_path)
        ));
    }
    if route.is_read() && outcome.read_path.is_none() {
        fail("handle_read left a read to handle".to_owned());
    }

    // A refused change is refused before the path is looked at: naming records that do not exist
    // gets the same answer, and changes nothing either (S11.6).
    let Some(missing) = missing_variant(route, arms).filter(|_| expect != Expected::Change) else {
        return 1;
    };
    let other = attempt(role, route.method, &missing, route.body);
    if other.response != outcome.response || !other.unchanged {
        failures.push(format!(
            "{} ({} {missing}) as {role}: expected the answer for the fixture's record ({got}), state unchanged; got {}{}",
            route.name,
            route.method,
            show(&other.response),
            if other.unchanged { "" } else { " [and the state changed]" }
        ));
    }
    2
}

/// The matrix (S11.3, S11.6): every route of `/core/3` and both audit feeds x every caller, each
/// on a fresh copy of the fixture. It asserts the status and body the rule gives (200 reads
/// showing the fixture's records, the same for every caller; 2xx changes that change the state for
/// the administrator's write token only; the documented 403 and 401 otherwise), that every
/// refusal and every read leaves the state exactly as it was, that `handle_read` answers as
/// `handle` does, and that a refused change naming missing records gets the same answer. All
/// departures are collected and reported together.
#[test]
fn every_route_answers_every_caller_as_the_rule_says() {
    let arms = source_arms();
    let mut failures = Vec::new();
    let mut cases = 0;
    let mut requests = 0;
    for route in ROUTES {
        let reference = route
            .is_read()
            .then(|| attempt(Role::AdminWrite, route.method, route.path, None).response);
        for role in Role::ALL {
            cases += 1;
            requests += check(route, role, &arms, reference.as_ref(), &mut failures);
        }
    }
    assert_eq!(cases, ROUTES.len() * Role::ALL.len());
    let changes = ROUTES.iter().filter(|r| !r.is_read()).count();
    let refused_changes_naming_records = ROUTES
        .iter()
        .filter(|r| missing_variant(r, &arms).is_some())
        .count();
    assert!(
        refused_changes_naming_records >= 20,
        "{refused_changes_naming_records}"
    );
    assert_eq!(
        requests,
        cases + refused_changes_naming_records * (Role::ALL.len() - 1)
    );
    println!(
        "the matrix checked {cases} cases ({} routes, {changes} of them changes, x {} callers) in {requests} requests",
        ROUTES.len(),
        Role::ALL.len()
    );
    assert!(
        failures.is_empty(),
        "{} departures from S11.3/S11.6 in {cases} cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The fixture holds what the matrix's reads look for: every read of the administrator shows it,
/// and both audit feeds hold exactly one event.
#[test]
fn the_fixture_holds_a_record_for_every_route() {
    let mut world = fixture().clone();
    for route in ROUTES.iter().filter(|r| r.is_read()) {
        let response = world.send(Role::AdminWrite, "GET", route.path, None);
        let shows = route.shows.unwrap_or_default();
        assert!(
            response.status == 200 && response.text().contains(shows),
            "{}: GET {} should show {shows}: {}",
            route.name,
            route.path,
            show(&response)
        );
    }
    for feed in ["worklog", "allocation"] {
        let path = format!("/audit/1/events/deleted/types/{feed}?updatedFrom=2026-01-01");
        let body = json(&world.send(Role::AdminWrite, "GET", &path, None));
        assert_eq!(body["metadata"]["count"], 1, "{feed}: {body}");
    }
    assert_eq!(world, *fixture(), "reading changes nothing");
}

// =============================================================================================
// The table covers every route
// =============================================================================================

/// Every arm of the routers is reached by a route of [`ROUTES`] (the arm a request meets first),
/// and every route of the table reaches one; both audit feeds are in the table.
#[test]
fn the_table_covers_every_route_the_sources_match() {
    let arms = source_arms();
    assert!(
        arms.len() >= 60,
        "the routers' arms are found: {}",
        arms.len()
    );
    let mut reached = vec![false; arms.len()];
    let mut problems = Vec::new();
    for route in ROUTES {
        let Some(segments) = route.core_segments() else {
            continue;
        };
        match arms
            .iter()
            .position(|arm| arm.matches(route.method, &segments))
        {
            Some(at) => reached[at] = true,
            None => problems.push(format!(
                "{} ({} {}) reaches no arm",
                route.name, route.method, route.path
            )),
        }
    }
    for (arm, reached) in arms.iter().zip(&reached) {
        if !reached {
            problems.push(format!("no route of the table reaches {arm}"));
        }
    }
    let audit =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src/api/audit.rs"))
            .expect("the audit's source reads");
    let feeds: Vec<&str> = audit
        .match_indices("\"/events/deleted/types/")
        .filter_map(|(at, _)| audit[at + 1..].split('"').next())
        .collect();
    assert_eq!(feeds.len(), 2, "the audit's feeds are found: {feeds:?}");
    for feed in feeds {
        let path = format!("/audit/1{feed}");
        if !ROUTES
            .iter()
            .any(|r| r.is_read() && r.path.split('?').next() == Some(path.as_str()))
        {
            problems.push(format!("no route of the table reads {path}"));
        }
    }
    assert!(
        problems.is_empty(),
        "the table and the sources differ:\n{}",
        problems.join("\n")
    );
}

// =============================================================================================
// Refusals that say nothing of what exists
// =============================================================================================

/// A change by anyone but the administrator is refused before the path and the parameters are
/// looked at (S11.6): an unknown path, an unknown method and a malformed body all get the
/// documented 403, and the audit feed's 403 comes before its parameters are read; the
/// administrator gets the path's own answer (404, 405, 400). Nothing changes.
#[test]
fn a_refusal_comes_before_the_path_and_the_parameters() {
    let cases: [(&str, &str, Option<&str>, u16); 6] = [
        ("POST", "/core/3/nowhere", Some("{}"), 404),
        ("DELETE", "/core/3/nowhere/1", None, 404),
        ("PATCH", "/core/3/accounts/ACME", Some(ACCOUNT_UPDATE), 405),
        ("POST", "/core/3/accounts", Some(r#"{"key": "#), 400),
        ("GET", "/audit/1/events/deleted/types/worklog", None, 400),
        // The audit interface asks for the credential before the path.
        ("GET", "/audit/1/nowhere", None, 404),
    ];
    let mut failures = Vec::new();
    for (method, path, body, admins) in cases {
        for role in Role::ALL {
            let outcome = attempt(role, method, path, body);
            let response = &outcome.response;
            let fine = if !role.authenticated() {
                is_documented_401(response)
            } else if role == Role::AdminWrite || (role.administrator() && method == "GET") {
                response.status == admins
            } else {
                is_documented_403(response)
            };
            if !fine || !outcome.unchanged {
                failures.push(format!("{method} {path} as {role}: {}", show(response)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
