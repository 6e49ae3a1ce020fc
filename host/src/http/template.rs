//! A request's route template, for its log line and its metrics: the interface its path belongs
//! to and the route it names, as `GET /budgets/1/folio/{id}/indicators` or
//! `/core/3/accounts/{key}`. Numeric segments become `{id}`, the key segments of `/core/3`'s
//! key-addressed resources `{key}`, and a path no route has becomes `unknown`.
//!
//! Every word a template holds comes from the tables below, never from the request: a user name, a
//! folio's key, a token sent in a path or a query string cannot reach a log line or a metric's
//! label through it (and the number of distinct labels stays bounded). The budgeting and core
//! administration interfaces' templates are their tables of operations
//! (`costfolio::api::budget_routes`, `core_routes`); a route added to the audit or the tokens is
//! added here too. A test compares these tables with the operations of
//! docs/openapi.json.

use costfolio::api::{budget_routes, core_routes};

/// Where the routes of an interface are listed.
#[derive(Clone, Copy)]
enum Routes {
    /// In a table here.
    Listed(&'static [&'static str]),
    /// In the budgeting interface's table of operations.
    Budgeting,
    /// In the core administration interface's table of operations.
    Core,
}

impl Routes {
    /// The first route `path` fills.
    fn find(self, path: &str) -> Option<&'static str> {
        match self {
            Routes::Listed(routes) => find(routes.iter().copied(), path),
            Routes::Budgeting => {
                find(budget_routes().map(|route| route.path), path).or_else(|| scenario_route(path))
            }
            Routes::Core => find(core_routes().map(|route| route.path), path),
        }
    }

    /// Every route template, once.
    #[cfg(test)]
    fn all(self) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = match self {
            Routes::Listed(routes) => routes.to_vec(),
            Routes::Budgeting => budget_routes().map(|route| route.path).collect(),
            Routes::Core => core_routes().map(|route| route.path).collect(),
        };
        all.dedup();
        all
    }
}

/// The paths of the deletion-audit feeds.
const AUDIT: &[&str] = &[
    "/audit/1/events/deleted/types/allocation",
    "/audit/1/events/deleted/types/worklog",
];

/// The paths of the OAuth endpoints (the core's and the host's authorize page).
const OAUTH: &[&str] = &["/oauth/authorize", "/oauth/revoke_token", "/oauth/token"];

/// The planner's sign-in.
const SESSION: &[&str] = &["/session"];

/// The host's own routes.
const HOST: &[&str] = &["/healthz", "/readyz", "/openapi.json"];

/// The interfaces, by the first segment of their paths, with their routes. Every other path is
/// the planner's.
const INTERFACES: &[(&str, &str, Routes)] = &[
    ("/budgets", "budgeting", Routes::Budgeting),
    ("/core", "core", Routes::Core),
    ("/audit", "audit", Routes::Listed(AUDIT)),
    ("/oauth", "oauth", Routes::Listed(OAUTH)),
    ("/session", "session", Routes::Listed(SESSION)),
];

/// The template of a path that no route has.
pub(crate) const UNKNOWN: &str = "unknown";

/// Where a request went: its interface, its method and its route template, each a fixed word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Route {
    /// `budgeting`, `core`, `audit`, `oauth`, `session`, `planner` or `host`.
    pub(crate) interface: &'static str,
    /// The method, or `OTHER` for one HTTP does not define.
    pub(crate) method: &'static str,
    /// The route template, or [`UNKNOWN`].
    pub(crate) path: &'static str,
}

/// Whether `path` is under `base` (`base` itself, or `base/...`).
fn under(path: &str, base: &str) -> bool {
    path.strip_prefix(base)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Whether one of the interfaces answers `path`; every other path is the planner's.
pub(crate) fn is_interface(path: &str) -> bool {
    INTERFACES.iter().any(|(base, _, _)| under(path, base))
}

/// The method as a fixed word: one HTTP defines, else `OTHER` (a method is a token the client
/// chooses, so it is not repeated).
fn method(method: &str) -> &'static str {
    [
        "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT",
    ]
    .into_iter()
    .find(|known| *known == method)
    .unwrap_or("OTHER")
}

/// Whether `segment` of a request's path fills `pattern`'s segment: the same word, any segment
/// for `{key}`, a number for any other hole (`{id}`, `{holidayId}`).
fn fills(pattern: &str, segment: &str) -> bool {
    match pattern {
        "{key}" => !segment.is_empty(),
        hole if hole.starts_with('{') => {
            !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit())
        }
        word => word == segment,
    }
}

/// The template of a draft route asked under a scenario's address (S15.3: `.../scenarios/3/expense`
/// is `/budgets/1/expense` on the scenario), one for them all; `None` for any other path.
fn scenario_route(path: &str) -> Option<&'static str> {
    const SCENARIO: &str = "/budgets/1/folio/{id}/scenarios/{scenarioId}/{draft route}";
    let rest = path.strip_prefix("/budgets/1/folio/")?;
    let mut parts = rest.splitn(4, '/');
    let (folio, scenarios, scenario, asked) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if scenarios != "scenarios" || !number(folio) || !number(scenario) {
        return None;
    }
    let item = format!("/budgets/1/{asked}");
    let of_folio = format!("/budgets/1/folio/{folio}/{asked}");
    let routes = || budget_routes().map(|route| route.path);
    (find(routes(), &item).is_some() || find(routes(), &of_folio).is_some()).then_some(SCENARIO)
}

/// The first of `routes` that `path` (its query left off) fills, segment for segment.
fn find(mut routes: impl Iterator<Item = &'static str>, path: &str) -> Option<&'static str> {
    routes.find(|route| {
        let mut wanted = route.split('/');
        let mut given = path.split('/');
        loop {
            match (wanted.next(), given.next()) {
                (None, None) => return true,
                (Some(pattern), Some(segment)) if fills(pattern, segment) => {}
                _ => return false,
            }
        }
    })
}

/// The route of a request of `method` for `path` (without its query string).
pub(crate) fn route(method_given: &str, path: &str) -> Route {
    let method = method(method_given);
    // The interfaces take a path with or without a trailing slash (`/oauth/token/`).
    let trimmed = match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    if let Some(host) = find(HOST.iter().copied(), trimmed) {
        return Route {
            interface: "host",
            method,
            path: host,
        };
    }
    for (base, interface, routes) in INTERFACES {
        if under(path, base) {
            return Route {
                interface,
                method,
                path: routes.find(trimmed).unwrap_or(UNKNOWN),
            };
        }
    }
    // The planner's: its hashed files, its page, and the page again for any other path (its own
    // routes, which name folios by id).
    let planner = if path == "/" {
        "/"
    } else if under(path, "/assets") {
        "/assets/{file}"
    } else {
        "/{page}"
    };
    Route {
        interface: "planner",
        method,
        path: planner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A template as the OpenAPI document writes it, its parameters named `{id}` or `{key}` as
    /// here, without a trailing slash.
    fn plain(template: &str) -> String {
        let path: Vec<String> = template
            .trim_end_matches('/')
            .split('/')
            .map(|segment| match segment {
                "{key}" => "{key}".to_owned(),
                s if s.starts_with('{') => "{id}".to_owned(),
                s => s.to_owned(),
            })
            .collect();
        path.join("/")
    }

    /// These tables and the OpenAPI document name the same routes: each operation of the
    /// document is found here under its own template (its holes named as here), and each template here is a path of the
    /// document (the session's sign-in page aside, which the document has as `/session`).
    #[test]
    fn the_tables_are_the_operations_of_the_openapi_document() {
        let document: serde_json::Value =
            serde_json::from_str(super::super::openapi::DOCUMENT).unwrap();
        let paths = document["paths"].as_object().unwrap();
        let mut documented = std::collections::BTreeSet::new();
        for (template, item) in paths {
            let named = plain(template);
            documented.insert(named.clone());
            let example = named.replace("{id}", "12").replace("{key}", "ACME-1");
            for method in item.as_object().unwrap().keys() {
                let found = route(&method.to_ascii_uppercase(), &example);
                assert_eq!(plain(found.path), named, "{method} {template} ({example})");
            }
        }
        let tables = INTERFACES
            .iter()
            .flat_map(|(_, _, routes)| routes.all())
            .chain(HOST.iter().copied());
        for template in tables {
            assert!(
                documented.contains(&plain(template)),
                "{template} is a route here but no path of docs/openapi.json"
            );
        }
    }

    fn shown(method: &str, path: &str) -> String {
        let route = route(method, path);
        format!("{} {} {}", route.interface, route.method, route.path)
    }

    #[test]
    fn numbers_become_ids_and_core_keys_become_keys() {
        for (method, path, expected) in [
            (
                "GET",
                "/budgets/1/folio/12/indicators",
                "budgeting GET /budgets/1/folio/{id}/indicators",
            ),
            (
                "POST",
                "/budgets/1/folio",
                "budgeting POST /budgets/1/folio",
            ),
            (
                "POST",
                "/budgets/1/folio/import",
                "budgeting POST /budgets/1/folio/import",
            ),
            (
                "DELETE",
                "/budgets/1/billablehours/3",
                "budgeting DELETE /budgets/1/billablehours/{id}",
            ),
            (
                "GET",
                "/core/3/accounts/ACME-OPS",
                "core GET /core/3/accounts/{key}",
            ),
            (
                "GET",
                "/core/3/customers/ACME/accounts",
                "core GET /core/3/customers/{key}/accounts",
            ),
            (
                "GET",
                "/core/3/holiday-schemes/users/ada",
                "core GET /core/3/holiday-schemes/users/{key}",
            ),
            (
                "PUT",
                "/core/3/holiday-schemes/2/holidays/1",
                "core PUT /core/3/holiday-schemes/{id}/holidays/{holidayId}",
            ),
            (
                "GET",
                "/core/3/account-links/project/ABC",
                "core GET /core/3/account-links/project/{key}",
            ),
            (
                "GET",
                "/core/3/account-links/4",
                "core GET /core/3/account-links/{id}",
            ),
            (
                "GET",
                "/core/3/worklogs/issue/ABC-12",
                "core GET /core/3/worklogs/issue/{key}",
            ),
            (
                "GET",
                "/audit/1/events/deleted/types/worklog",
                "audit GET /audit/1/events/deleted/types/worklog",
            ),
            ("POST", "/oauth/token/", "oauth POST /oauth/token"),
            ("GET", "/oauth/authorize", "oauth GET /oauth/authorize"),
            ("DELETE", "/session", "session DELETE /session"),
            ("GET", "/healthz", "host GET /healthz"),
            ("HEAD", "/readyz", "host HEAD /readyz"),
            ("GET", "/", "planner GET /"),
            ("GET", "/assets/app-3f2a9c.js", "planner GET /assets/{file}"),
            ("GET", "/folios/3", "planner GET /{page}"),
        ] {
            assert_eq!(shown(method, path), expected, "{method} {path}");
        }
    }

    #[test]
    fn a_draft_route_under_a_scenario_has_one_template() {
        for path in [
            "/budgets/1/folio/1/scenarios/2/expense",
            "/budgets/1/folio/1/scenarios/2/position/7/rate",
            "/budgets/1/folio/12/scenarios/3/indicators",
        ] {
            assert_eq!(
                route("POST", path).path,
                "/budgets/1/folio/{id}/scenarios/{scenarioId}/{draft route}",
                "{path}"
            );
        }
    }

    #[test]
    fn a_path_no_route_has_is_unknown_in_its_interface() {
        for (path, interface) in [
            ("/budgets/1/folio/abc", "budgeting"),
            ("/budgets/1/folio/1/secret-plans", "budgeting"),
            ("/budgets/1/folio/1/scenarios/2/secret-plans", "budgeting"),
            ("/budgets/1/folio/1/scenarios/ada/expense", "budgeting"),
            ("/budgets/2/folio", "budgeting"),
            ("/budgets", "budgeting"),
            ("/budgets/1//folio", "budgeting"),
            ("/core/3/accounts/ACME/ada", "core"),
            ("/core/3/holiday-schemes/ada", "core"),
            ("/audit/1/events", "audit"),
            ("/oauth/steal", "oauth"),
            ("/session/ada", "session"),
        ] {
            assert_eq!(
                route("GET", path),
                Route {
                    interface,
                    method: "GET",
                    path: UNKNOWN
                },
                "{path}"
            );
        }
    }

    #[test]
    fn nothing_the_client_chose_is_repeated() {
        let secrets = [
            "ada-the-user",
            "hunter2-password",
            "tok_5f1e0a",
            "Bridge%20Folio",
            "q=private",
            "<script>",
        ];
        let every: Vec<&str> = INTERFACES
            .iter()
            .flat_map(|(_, _, routes)| routes.all())
            .chain(HOST.iter().copied())
            .chain([UNKNOWN, "/", "/assets/{file}", "/{page}"])
            .collect();
        for secret in secrets {
            for path in [
                format!("/core/3/accounts/{secret}"),
                format!("/core/3/worklogs/user/{secret}"),
                format!("/budgets/1/folio/{secret}"),
                format!("/budgets/1/{secret}"),
                format!("/{secret}"),
                format!("/assets/{secret}"),
                format!("/oauth/{secret}"),
            ] {
                for method in ["GET", secret] {
                    let route = route(method, &path);
                    let words = format!("{} {} {}", route.interface, route.method, route.path);
                    assert!(!words.contains(secret), "{path}: {words}");
                    assert!(every.contains(&route.path), "{path}: {}", route.path);
                }
            }
        }
        assert_eq!(route("BREW", "/").method, "OTHER");
    }

    #[test]
    fn the_interfaces_paths_are_told_from_the_planners() {
        for path in [
            "/budgets",
            "/budgets/1/folio",
            "/core/3",
            "/audit/1",
            "/oauth/token",
            "/session",
        ] {
            assert!(is_interface(path), "{path}");
        }
        for path in ["/", "/budgetsx", "/sessions", "/assets/a.js", "/folios/1"] {
            assert!(!is_interface(path), "{path}");
        }
    }
}
