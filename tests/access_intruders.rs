//! Intruders change nothing the owner sees (S11.4, S11.5): a property test of random runs of
//! refused requests through `costfolio::api::handle`, on the fixture of
//! tests/support/access_world.rs, drawn from every change route of tests/support/access_routes.rs.

use crate::access_routes;
use crate::access_world;

use access_routes::{Scope, ROUTES};
use access_world::{
    fixture, show, Role, World, CUSTOM_FIELD, EXPENSE_CREATE, OWN_PORTFOLIO_HOLDING,
};
use proptest::prelude::*;

/// A request template: `{id}` is replaced by an id, `{me}` by the caller's user key.
#[derive(Debug, Clone, Copy)]
struct Template {
    method: &'static str,
    path: &'static str,
    body: Option<&'static str>,
}

impl Template {
    fn fill(&self, id: u64, me: &str) -> (String, Option<String>) {
        let fill = |text: &str| text.replace("{id}", &id.to_string()).replace("{me}", me);
        (fill(self.path), self.body.map(fill))
    }
}

/// What an intruder tries on top of every change route of [`ROUTES`]: taking a folio or a
/// portfolio over, sharing a folio with themselves, placing a folio or a sub-portfolio in a
/// portfolio of their own, adding a team member.
const INTRUSIONS: &[Template] = &[
    Template {
        method: "PUT",
        path: "/folio",
        body: Some(
            r#"{"id":{id},"name":"Mine now","description":"","owner":"{me}","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#,
        ),
    },
    Template {
        method: "PUT",
        path: "/folio/{id}/viewers",
        body: Some(r#"{"users":["{me}","bob","eve"]}"#),
    },
    Template {
        method: "POST",
        path: "/portfolio",
        body: Some(OWN_PORTFOLIO_HOLDING),
    },
    Template {
        method: "POST",
        path: "/portfolio",
        body: Some(
            r#"{"name":"Below","currencyCode":"EUR","isPrivate":false,"owner":"{me}","color":"black","admins":[],"folios":[],"portfolios":[],"parentId":{id}}"#,
        ),
    },
    Template {
        method: "PUT",
        path: "/portfolio",
        body: Some(
            r#"{"id":{id},"name":"Mine now","currencyCode":"EUR","isPrivate":false,"owner":"{me}","color":"black","admins":["{me}"],"folios":[],"portfolios":[]}"#,
        ),
    },
    Template {
        method: "PUT",
        path: "/portfolio",
        body: Some(
            r#"{"id":{id},"name":"Open works","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"green","admins":["{me}"],"folios":[],"portfolios":[]}"#,
        ),
    },
    Template {
        method: "POST",
        path: "/position",
        body: Some(
            r#"{"folioId":{id},"name":"Mole","description":"","title":"Dev","kind":".TeamMember","member":"{me}","rate":{"rate":400,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-13","percentage":100}}"#,
        ),
    },
];

/// Every request an intruder may send: the change routes of [`ROUTES`] and [`INTRUSIONS`].
fn intruder_requests() -> Vec<Template> {
    ROUTES
        .iter()
        // An import creates a folio of the caller's own: no intrusion, and a change of the state.
        .filter(|route| !route.is_read() && route.scope != Scope::CreateOwn)
        .map(|route| Template {
            method: route.method,
            path: route.path,
            body: route.body,
        })
        .chain(INTRUSIONS.iter().copied())
        .collect()
}

/// The owner's own changes interleaved with the intruders' requests (`{id}` from 1 to 5): new
/// records take new ids, deletions leave deleted ones, so the intruders' ids land on records of
/// every kind and state.
const OWNER_CHANGES: &[Template] = &[
    Template {
        method: "POST",
        path: "/expense",
        body: Some(EXPENSE_CREATE),
    },
    Template {
        method: "DELETE",
        path: "/expense/{id}",
        body: None,
    },
    Template {
        method: "POST",
        path: "/position",
        body: Some(
            r#"{"folioId":{id},"name":"Planner","description":"","title":"Planner","rate":{"rate":30,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-04-01","endDate":"2026-04-30","percentage":20}}"#,
        ),
    },
    Template {
        method: "DELETE",
        path: "/position/{id}",
        body: None,
    },
    Template {
        method: "POST",
        path: "/position/2/rate",
        body: Some(r#"{"rate":7{id},"startDate":"2026-0{id}-20"}"#),
    },
    Template {
        method: "DELETE",
        path: "/allocation/{id}",
        body: None,
    },
    Template {
        method: "POST",
        path: "/folio/1/customfield",
        body: Some(CUSTOM_FIELD),
    },
    Template {
        method: "DELETE",
        path: "/customfield/{id}",
        body: None,
    },
    Template {
        method: "PUT",
        path: "/folio/1/scope",
        body: Some(
            r#"{"items":[{"key":"A-{id}","weight":{id},"logged":1,"remaining":1,"done":false,"progressive":true}]}"#,
        ),
    },
    Template {
        method: "PUT",
        path: "/folio/{id}/viewers",
        body: Some(r#"{"users":["bob"]}"#),
    },
];

/// The answers to every read the owner can make, by path.
fn owner_view(world: &mut World) -> Vec<(String, u16, String)> {
    let mut paths: Vec<String> = [
        "/folio",
        "/folio/1",
        "/folio/2",
        "/folio/1/team",
        "/folio/1/indicators?asOf=2026-03-13",
        "/folio/1/timeline?asOf=2026-03-13",
        "/folio/1/payments?asOf=2026-03-13&format=csv",
        "/folio/1/items?asOf=2026-03-13",
        "/folio/1/baselines?costs=true&revenues=true",
        "/folio/1/customfields",
        "/folio/1/expenditures?actual=false&revenue=false",
        "/portfolio",
        "/portfolio/1/indicators?asOf=2026-03-13",
        "/portfolio/2/indicators?asOf=2026-03-13",
        "/exchangerate",
        "/overtimerule",
    ]
    .map(str::to_owned)
    .to_vec();
    for id in 1..=6 {
        paths.push(format!("/expense/{id}"));
        paths.push(format!("/expense/{id}/payments"));
        paths.push(format!("/position/{id}"));
        paths.push(format!("/position/{id}/payments"));
    }
    paths
        .into_iter()
        .map(|path| {
            let response = world.send(Role::Owner, "GET", &path, None);
            let text = response.text();
            (path, response.status, text)
        })
        .collect()
}

/// One step of a run: an intruder's request, or one of the owner's own changes.
#[derive(Debug, Clone)]
enum Step {
    /// `role` (eve or bob) sends intruder request `request` naming `id`.
    Intruder { role: Role, request: usize, id: u64 },
    /// ada makes her change `change` naming `id`.
    Owner { change: usize, id: u64 },
}

fn step() -> impl Strategy<Value = Step> {
    let intruders = intruder_requests().len();
    prop_oneof![
        4 => (any::<bool>(), 0..intruders, 1u64..=5).prop_map(|(eve, request, id)| {
            let role = if eve { Role::Other } else { Role::Viewer };
            Step::Intruder { role, request, id }
        }),
        1 => (0..OWNER_CHANGES.len(), 1u64..=5).prop_map(|(change, id)| Step::Owner { change, id }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Intruders change nothing the owner sees (S11.4, S11.5): random runs of up to 20 requests
    /// by eve (who may read nothing of ada's) and bob (who reads folio 1), drawn from every
    /// change route and a few takeovers with ids 1 to 5, interleaved with ada's own changes.
    /// Each intruder request is refused with a 4xx (never a 5xx, never a success), leaves the
    /// state as it was, and every read ada can make answers exactly as before it.
    #[test]
    fn intruders_change_nothing_the_owner_sees(steps in prop::collection::vec(step(), 1..=20)) {
        let requests = intruder_requests();
        let mut world = fixture().clone();
        let mut view = owner_view(&mut world);
        for step in steps {
            match step {
                Step::Intruder { role, request, id } => {
                    let template = requests[request];
                    let (path, body) = template.fill(id, role.user());
                    let before = world.clone();
                    let response = world.send(role, template.method, &path, body.as_deref());
                    let body_text = body.unwrap_or_default();
                    let label = format!("{} {path} {body_text} as {role}", template.method);
                    prop_assert!(
                        (400..500).contains(&response.status),
                        "{label} answered {}", show(&response)
                    );
                    prop_assert!(world == before, "{label} changed the state: {}", show(&response));
                    let after = owner_view(&mut world);
                    for (seen, now) in view.iter().zip(&after) {
                        prop_assert_eq!(seen, now, "after {}", label);
                    }
                    view = after;
                }
                Step::Owner { change, id } => {
                    let template = OWNER_CHANGES[change];
                    let (path, body) = template.fill(id, "ada");
                    let response = world.send(Role::Owner, template.method, &path, body.as_deref());
                    prop_assert!(
                        response.status < 500,
                        "ada's {} {path} answered {}", template.method, show(&response)
                    );
                    view = owner_view(&mut world);
                }
            }
        }
    }
}
