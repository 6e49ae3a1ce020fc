//! The authorization policy of the budgeting interface (S11.4, S11.5; the implementation is
//! `core/src/api/access.rs`), tested from the outside through `costfolio::api::handle`.
//!
//! | record | read | change |
//! |---|---|---|
//! | a folio's draft and scenarios | owner, editors, viewers, admins of a portfolio holding it, budget administrators | owner, editors, budget administrators |
//! | a folio's approved budget, record and sharing | the same | owner, budget administrators |
//! | portfolio | owner, admins, budget administrators; everyone when not private | owner, admins, budget administrators |
//! | exchange rates, overtime rules | everyone | budget administrators |
//!
//! A read-only credential changes nothing (403, before anything is looked up). A record the
//! caller may not read answers exactly as a missing one; a record the caller may read but not
//! change answers 403. A refused request changes nothing.
//!
//! This file holds the matrix (route x caller x {existing, missing} target). The callers and the
//! fixture (one `State` built through the interface) are in tests/support/access_world.rs, the
//! table of every budgeting route in tests/support/access_routes.rs; tests/access_portfolios.rs
//! checks what lists and rollups show and who may place, administer or hand over folios and
//! portfolios, and tests/access_intruders.rs is a property test of intruders.

use crate::access_routes;
use crate::access_world;

use access_routes::{Access, Route, Scope, ROUTES};
use access_world::{fixture, ids, json, same_answer, show, Role, MISSING};
use costfolio::api::Response;
use costfolio::model::messages;

#[test]
fn fixture_builds_and_its_owner_reads_everything() {
    let mut world = fixture().clone();
    for path in [
        "/folio/1",
        "/folio/2",
        "/position/1",
        "/position/2",
        "/position/3",
        "/position/4",
        "/expense/1",
        "/portfolio/1/indicators",
        "/portfolio/2/indicators",
    ] {
        let response = world.send(Role::Owner, "GET", path, None);
        assert_eq!(response.status, 200, "GET {path}: {}", show(&response));
    }
    let team = json(&world.send(Role::Owner, "GET", "/folio/1/team", None));
    let member = &team["success"]["members"][0];
    assert_eq!(
        (
            member["member"].as_str(),
            member["allocations"].as_array().map(Vec::len),
            member["rates"].as_array().map(Vec::len),
            member["workedHours"].as_array().map(Vec::len),
        ),
        (Some("grace"), Some(2), Some(2), Some(1)),
        "{team}"
    );
    let consulting = json(&world.send(Role::Owner, "GET", "/position/3", None));
    let hours: Vec<u64> = consulting["success"]["billableHours"]
        .as_array()
        .map(|hours| hours.iter().filter_map(|h| h["id"].as_u64()).collect())
        .unwrap_or_default();
    assert!(hours.contains(&ids::BILLABLE_HOURS), "{consulting}");
}

// =============================================================================================
// The matrix
// =============================================================================================

/// The answer to one request, and what it did to the state.
struct Outcome {
    response: Response,
    /// Whether the state after equals the state before.
    unchanged: bool,
}

/// Sends `route` on a fresh copy of the fixture as `role`, naming `id`.
fn attempt(route: &Route, role: Role, id: u64) -> Outcome {
    let before = fixture();
    let mut world = before.clone();
    let (path, body) = route.request(id);
    let response = world.send(role, route.method, &path, body.as_deref());
    Outcome {
        response,
        unchanged: world == *before,
    }
}

/// The first general error message of a budgeting refusal.
fn first_message(response: &Response) -> Option<String> {
    json(response)["errorMessages"][0]
        .as_str()
        .map(str::to_owned)
}

/// Whether a 403 names the reason the policy gives for refusing a change to a caller who may
/// read the record: "change not allowed", "only budget administrators", or the field `owner`.
fn names_change_refusal(scope: Scope, response: &Response) -> bool {
    match scope {
        Scope::Shared => first_message(response)
            .is_some_and(|m| m.starts_with("Only budget administrators may change")),
        Scope::CreateAsAda => json(response)["errors"]["owner"].is_string(),
        // An editor is told the approved budget is the owner's; a reader that they may not change.
        Scope::Budget => [messages::CHANGE_NOT_ALLOWED, messages::OWNER_ONLY]
            .contains(&first_message(response).as_deref().unwrap_or_default()),
        _ => first_message(response).as_deref() == Some(messages::CHANGE_NOT_ALLOWED),
    }
}

/// The failures found for one route and caller, named for the report.
struct Findings<'a> {
    route: &'a Route,
    role: Role,
    path: String,
    failures: &'a mut Vec<String>,
}

impl Findings<'_> {
    /// Records that the answer for `target` departs from `expected`.
    fn fail(&mut self, target: &str, expected: &str, outcome: &Outcome) {
        self.failures.push(format!(
            "{} ({} {}) as {}, {target} target: expected {expected}; got {}{}",
            self.route.name,
            self.route.method,
            self.path,
            self.role,
            show(&outcome.response),
            if outcome.unchanged {
                ""
            } else {
                " [and the state changed]"
            }
        ));
    }

    /// Expects `status`; a refusal, and every read, must leave the state as it was.
    fn expect(&mut self, target: &str, outcome: &Outcome, status: u16, why: &str) {
        let refused_or_read = outcome.response.status != 200 || self.route.is_read();
        if outcome.response.status != status || (refused_or_read && !outcome.unchanged) {
            self.fail(
                target,
                &format!("{status} ({why}), state unchanged"),
                outcome,
            );
        }
    }
}

/// Checks one route as one caller, against the existing target and (when the route names one)
/// a missing one; every departure from the policy is pushed to `failures`. Returns how many
/// (route, caller, target) cases it checked.
fn check(route: &Route, role: Role, failures: &mut Vec<String>) -> usize {
    let access = route.scope.access(role);
    let existing_id = route.target.unwrap_or(0);
    let existing = attempt(route, role, existing_id);
    let missing = route.target.map(|_| attempt(route, role, MISSING));
    let mut findings = Findings {
        route,
        role,
        path: route.request(existing_id).0,
        failures,
    };

    // (c) A caller who may not read the record learns nothing: the answer is the missing one's.
    if let Some(missing) = &missing {
        let hidden = access == Access::None;
        let refused_before_lookup = !role.writes() && !route.is_read();
        let shared_refusal = route.scope == Scope::Shared && access < Access::Change;
        if (hidden || refused_before_lookup || shared_refusal)
            && !same_answer(&existing.response, &missing.response, existing_id)
        {
            let expected = format!(
                "the answer for a missing id ({}, with {MISSING} read as {existing_id})",
                show(&missing.response)
            );
            findings.fail("existing", &expected, &existing);
        }
    }

    // (a) and (b): the status the policy gives; a refusal (and every read) changes nothing.
    if route.is_read() {
        if access >= Access::Read {
            findings.expect("existing", &existing, 200, "the caller may read it");
        } else {
            findings.expect("existing", &existing, 404, "hidden answers as missing");
        }
        if let Some(missing) = &missing {
            findings.expect("missing", missing, 404, "no such record");
        }
    } else if !role.writes() {
        let targets =
            std::iter::once(("existing", &existing)).chain(missing.iter().map(|m| ("missing", m)));
        for (target, outcome) in targets {
            findings.expect(
                target,
                outcome,
                403,
                "a read-only credential changes nothing",
            );
            if first_message(&outcome.response).as_deref() != Some(messages::READ_ONLY_CREDENTIAL) {
                let expected = format!("the message {:?}", messages::READ_ONLY_CREDENTIAL);
                findings.fail(target, &expected, outcome);
            }
        }
    } else {
        match access {
            Access::Change => {
                findings.expect("existing", &existing, 200, "the caller may change it");
                if existing.response.status == 200 && existing.unchanged {
                    findings.fail("existing", "a 200 that changes the state", &existing);
                }
            }
            Access::Read => {
                let why = "the caller may read but not change it";
                findings.expect("existing", &existing, 403, why);
                if existing.response.status == 403
                    && !names_change_refusal(route.scope, &existing.response)
                {
                    findings.fail("existing", "a 403 naming why", &existing);
                }
            }
            Access::None => {
                findings.expect("existing", &existing, 404, "hidden answers as missing");
            }
        }
        if let Some(missing) = &missing {
            if route.scope == Scope::Shared && access < Access::Change {
                let why = "only budget administrators change it";
                findings.expect("missing", missing, 403, why);
            } else {
                findings.expect("missing", missing, 404, "no such record");
            }
        }
    }
    1 + usize::from(missing.is_some())
}

/// The matrix (S11.4, S11.5): every budgeting route x every caller (owner, viewer, portfolio
/// The matrix asks every operation of the budgeting interface's table: a row added there and not
/// here fails, so no route escapes the policy's test.
#[test]
fn the_matrix_holds_every_operation_of_the_table() {
    let asked: std::collections::BTreeSet<(&str, String)> = ROUTES
        .iter()
        .map(|route| {
            let path = route.path.split('?').next().unwrap_or_default();
            (route.method, format!("/budgets/1{path}"))
        })
        .collect();
    let missing: Vec<String> = costfolio::api::budget_routes()
        .filter(|operation| !asked.contains(&(operation.method, operation.path.to_owned())))
        .map(|operation| format!("{} {}", operation.method, operation.path))
        .collect();
    assert!(missing.is_empty(), "not in the access matrix: {missing:?}");
}

/// admin, other, budget administrator, read-only token) x {the fixture's record, a missing id},
/// each on a fresh copy of the fixture. It asserts (a) the status the policy gives: 200 when
/// allowed, the missing record's 404 when the caller may not read, 403 for a change by a reader,
/// 403 "read-only" for the token's changes; (b) a refused request, and every read, leaves the
/// state exactly as it was, and an allowed change does change it; (c) for a caller who may not
/// read the record (or whose change is refused before any lookup) the answer for the existing
/// record equals the answer for a missing id, status and body, once the id in a message is
/// accounted for. All departures are collected and reported together.
#[test]
fn every_route_answers_every_caller_as_the_policy_says() {
    let mut failures = Vec::new();
    let mut cases = 0;
    for route in ROUTES {
        for role in Role::ALL {
            cases += check(route, role, &mut failures);
        }
    }
    let with_target = ROUTES.iter().filter(|r| r.target.is_some()).count();
    assert_eq!(
        cases,
        (2 * with_target + (ROUTES.len() - with_target)) * Role::ALL.len()
    );
    println!(
        "the matrix checked {cases} cases: {} routes ({with_target} naming a record) x {} callers",
        ROUTES.len(),
        Role::ALL.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {cases} cases depart from the policy:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
