//! What each caller sees through the lists and the portfolio rollups of the budgeting interface,
//! and who may place a folio in a portfolio, name a portfolio's admins or hand a folio or a
//! portfolio over (S11.4, S11.5), through `costfolio::api::handle` on the fixture of
//! tests/support/access_world.rs.

use crate::access_world;

use access_world::{
    fixture, json, same_answer, show, Role, World, FOLIO_CREATE, FOLIO_UPDATE, MISSING,
    OWN_PORTFOLIO_HOLDING, PRIVATE_PORTFOLIO_UPDATE, PUBLIC_PORTFOLIO_UPDATE,
};
use costfolio::api::Response;
use serde_json::Value;

// =============================================================================================
// What lists and rollups show
// =============================================================================================

/// The ids in a `{"success": [...]}` list.
fn listed_ids(response: &Response) -> Vec<u64> {
    json(response)["success"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item["id"].as_u64())
                .collect()
        })
        .unwrap_or_default()
}

/// The folio list shows the folios the caller may read, the portfolio list the portfolios
/// (S11.4, S11.5): bob and carol see folio 1 (a viewer, an admin of a portfolio holding it), eve
/// none; everyone sees the public portfolio, only ada, carol and fin the private one.
#[test]
fn lists_show_exactly_what_the_caller_may_read() {
    let mut world = fixture().clone();
    for (role, folios, portfolios) in [
        (Role::Owner, vec![1, 2], vec![1, 2]),
        (Role::Viewer, vec![1], vec![1]),
        (Role::PortfolioAdmin, vec![1], vec![1, 2]),
        (Role::Other, vec![], vec![1]),
        (Role::BudgetAdmin, vec![1, 2], vec![1, 2]),
        (Role::ReadOnlyToken, vec![1, 2], vec![1, 2]),
    ] {
        let response = world.send(role, "GET", "/folio", None);
        assert_eq!(
            listed_ids(&response),
            folios,
            "folios of {role}: {}",
            show(&response)
        );
        let response = world.send(role, "GET", "/portfolio", None);
        let shown = listed_ids(&response);
        assert_eq!(
            shown,
            portfolios,
            "portfolios of {role}: {}",
            show(&response)
        );
    }
}

/// A figure of a rollup, as a number.
fn figure(response: &Response, name: &str) -> f64 {
    let body = json(response);
    body["success"][name]
        .as_f64()
        .unwrap_or_else(|| panic!("no figure {name} in {body}"))
}

/// A portfolio rollup counts only the folios the caller may read (S11.5): the public portfolio 1
/// holds ada's unshared folio 2, so bob's, carol's and eve's rollups of it hold none of its
/// figures (bac 0) while ada's and fin's do; carol reads folio 1 through the private portfolio 2,
/// so her rollup of it is ada's.
#[test]
fn a_rollup_counts_only_the_folios_the_caller_may_read() {
    let mut world = fixture().clone();
    let public = "/portfolio/1/indicators?asOf=2026-03-13";
    let owners = world.send(Role::Owner, "GET", public, None);
    assert!(figure(&owners, "bac") > 0.0, "{}", show(&owners));
    let admins = world.send(Role::BudgetAdmin, "GET", public, None);
    assert_eq!(admins, owners, "a budget administrator reads every folio");
    for role in [Role::Viewer, Role::PortfolioAdmin, Role::Other] {
        let response = world.send(role, "GET", public, None);
        assert_eq!(response.status, 200, "{role}: {}", show(&response));
        for name in ["bac", "ac", "plannedCostToDate", "reserve", "contingency"] {
            assert_eq!(
                figure(&response, name),
                0.0,
                "{name} of {role}: {}",
                show(&response)
            );
        }
    }
    let private = "/portfolio/2/indicators?asOf=2026-03-13";
    let owners = world.send(Role::Owner, "GET", private, None);
    assert!(figure(&owners, "bac") > 0.0, "{}", show(&owners));
    let carols = world.send(Role::PortfolioAdmin, "GET", private, None);
    assert_eq!(
        carols, owners,
        "carol reads folio 1 as an admin of portfolio 2"
    );
}

/// A folio joins a portfolio only by a caller who may change the folio (S11.4, S11.5: a
/// portfolio's admins read its folios, so placing a folio one may only read, or not even read,
/// would share it further). Each caller makes a portfolio of their own holding folio 1: ada and
/// fin may, bob and carol (readers) and eve may not, and the refusal changes nothing; eve's
/// answer is the one for a folio that does not exist. Carol, an admin of portfolio 2, may not
/// add ada's folio 2 to it either. A budget administrator creating a folio for ada may; anyone
/// may create a folio of their own (S11.5: "the owner is the caller").
#[test]
fn a_folio_joins_a_portfolio_only_by_a_caller_who_may_change_it() {
    let before = fixture();
    let body = |role: Role, folio: u64| {
        OWN_PORTFOLIO_HOLDING
            .replace("{me}", role.user())
            .replace("{id}", &folio.to_string())
    };
    for role in Role::ALL {
        let mut world = before.clone();
        let response = world.send(role, "POST", "/portfolio", Some(&body(role, 1)));
        let may = matches!(role, Role::Owner | Role::BudgetAdmin);
        if may {
            assert_eq!(response.status, 200, "{role}: {}", show(&response));
            continue;
        }
        assert!(
            (400..500).contains(&response.status) && world == *before,
            "{role} placed folio 1 in a portfolio of their own: {}",
            show(&response)
        );
        if role == Role::Other {
            let missing = world.send(role, "POST", "/portfolio", Some(&body(role, MISSING)));
            assert!(
                same_answer(&response, &missing, 1),
                "eve learns that folio 1 exists: {} vs {}",
                show(&response),
                show(&missing)
            );
        }
    }

    let mut world = before.clone();
    let with_folio_2 = PRIVATE_PORTFOLIO_UPDATE.replace("{id}", "2").replace(
        r#""folios":[{"id":1,"#,
        r#""folios":[{"id":2,"name":"Tunnel","startDate":"2026-01-01","endDate":"2026-12-31","owner":"ada","status":"executing"},{"id":1,"#,
    );
    let response = world.send(
        Role::PortfolioAdmin,
        "PUT",
        "/portfolio",
        Some(&with_folio_2),
    );
    assert!(
        (400..500).contains(&response.status) && world == *before,
        "carol added folio 2, which she cannot read, to portfolio 2: {}",
        show(&response)
    );
    let missing = with_folio_2.replace(
        r#""folios":[{"id":2,"#,
        &format!(r#""folios":[{{"id":{MISSING},"#),
    );
    let missing = world.send(Role::PortfolioAdmin, "PUT", "/portfolio", Some(&missing));
    assert!(
        same_answer(&response, &missing, 2),
        "carol learns that folio 2 exists: {} vs {}",
        show(&response),
        show(&missing)
    );

    for role in Role::ALL {
        let mut world = before.clone();
        let own =
            FOLIO_CREATE.replace(r#""owner":"ada""#, &format!(r#""owner":"{}""#, role.user()));
        let response = world.send(role, "POST", "/folio", Some(&own));
        let expected = if role.writes() { 200 } else { 403 };
        assert_eq!(
            response.status,
            expected,
            "{role} creates a folio of their own: {}",
            show(&response)
        );
    }
}

/// An admin reads every folio of a portfolio, so only a caller who may change all of them may name
/// a new admin: carol, an admin of the private portfolio 2 who may only read its folio 1, cannot
/// make eve an admin (and eve then cannot read folio 1); ada can (S11.4, S11.5).
#[test]
fn only_a_caller_who_may_change_every_folio_names_a_new_admin() {
    let mut world = fixture().clone();
    let before = world.clone();
    let adding_eve = PRIVATE_PORTFOLIO_UPDATE
        .replace("{id}", "2")
        .replace(r#""admins":["carol"]"#, r#""admins":["carol","eve"]"#);
    let response = world.send(Role::PortfolioAdmin, "PUT", "/portfolio", Some(&adding_eve));
    assert_eq!(response.status, 403, "{}", show(&response));
    assert!(
        json(&response)["errors"]["admins"].is_string(),
        "{}",
        show(&response)
    );
    assert_eq!(world, before, "nothing changes");
    assert_eq!(world.send(Role::Other, "GET", "/folio/1", None).status, 404);
    let response = world.send(Role::Owner, "PUT", "/portfolio", Some(&adding_eve));
    assert_eq!(response.status, 200, "{}", show(&response));
    assert_eq!(world.send(Role::Other, "GET", "/folio/1", None).status, 200);
}

/// A public portfolio shows every user only the folios they may read, as they are now: eve sees
/// the public portfolio 1 but nothing of ada's unshared folio 2 in it; ada sees folio 2 with its
/// live name, not the one typed into the portfolio.
#[test]
fn a_public_portfolio_shows_only_the_folios_the_caller_may_read() {
    let mut world = fixture().clone();
    let folios_of = |world: &mut World, role: Role| {
        let body = json(&world.send(role, "GET", "/portfolio", None));
        body["success"]
            .as_array()
            .and_then(|list| list.iter().find(|p| p["id"] == 1))
            .map(|p| p["folios"].clone())
            .unwrap_or(Value::Null)
    };
    assert_eq!(folios_of(&mut world, Role::Other), serde_json::json!([]));
    let ada = folios_of(&mut world, Role::Owner);
    assert_eq!(ada[0]["id"], 2, "{ada}");
    let live = json(&world.send(Role::Owner, "GET", "/folio/2", None));
    assert_eq!(ada[0]["name"], live["success"]["name"]);
}

/// Only a budget administrator hands a folio or a portfolio to another user (S11.5): an owner
/// who could would keep reading it as a viewer while the new owner took it for their own.
#[test]
fn only_a_budget_administrator_hands_a_folio_or_portfolio_over() {
    let mut world = fixture().clone();
    let before = world.clone();
    let to_bob = FOLIO_UPDATE
        .replace("{id}", "1")
        .replace(r#""owner":"ada""#, r#""owner":"bob""#);
    let response = world.send(Role::Owner, "PUT", "/folio", Some(&to_bob));
    assert_eq!(response.status, 403, "{}", show(&response));
    assert!(
        json(&response)["errors"]["owner"].is_string(),
        "{}",
        show(&response)
    );
    let portfolio_to_bob = PUBLIC_PORTFOLIO_UPDATE
        .replace("{id}", "1")
        .replace(r#""owner":"ada""#, r#""owner":"bob""#);
    assert_eq!(
        world
            .send(Role::Owner, "PUT", "/portfolio", Some(&portfolio_to_bob))
            .status,
        403
    );
    assert_eq!(world, before, "nothing changes");
    assert_eq!(
        world
            .send(Role::BudgetAdmin, "PUT", "/folio", Some(&to_bob))
            .status,
        200
    );
    assert_eq!(
        world
            .send(
                Role::BudgetAdmin,
                "PUT",
                "/portfolio",
                Some(&portfolio_to_bob)
            )
            .status,
        200
    );
}
