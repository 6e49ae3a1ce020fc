//! docs/openapi.json is the OpenAPI 3.1 document `costfolio::openapi::document` builds from the
//! wire types and the operations table. This test fails when the two differ; run it with
//! COSTFOLIO_WRITE_OPENAPI=1 to write the file anew (then review the diff, and regenerate the
//! planner's types: `npm run gen:types`). tests/api_doc.rs checks the service's real answers
//! against the document's schemas.

use std::collections::BTreeSet;
use std::path::Path;

use costfolio::api::{handle, Request};
use costfolio::state::State;

fn path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/openapi.json")
}

/// The document as the file holds it: two-space indents, a final newline.
fn text() -> String {
    let mut text = serde_json::to_string_pretty(&costfolio::openapi::document()).unwrap();
    text.push('\n');
    text
}

#[test]
fn the_document_is_the_checked_in_file() {
    let text = text();
    if std::env::var_os("COSTFOLIO_WRITE_OPENAPI").is_some() {
        std::fs::write(path(), &text).unwrap();
    }
    let kept = std::fs::read_to_string(path()).unwrap_or_default();
    assert!(
        kept == text,
        "docs/openapi.json differs from the document the code builds: run COSTFOLIO_WRITE_OPENAPI=1 cargo test --test suite openapi::, review the diff, then npm run gen:types"
    );
}

#[test]
fn every_operation_has_a_unique_id_and_its_path_parameters() {
    let mut ids = BTreeSet::new();
    for operation in costfolio::openapi::operations() {
        let id = operation.operation_id();
        assert!(ids.insert(id.clone()), "{id} twice");
    }
    let document = costfolio::openapi::document();
    for (path, item) in document["paths"].as_object().unwrap() {
        let wanted: BTreeSet<&str> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .collect();
        for (method, operation) in item.as_object().unwrap() {
            let given: BTreeSet<&str> = operation["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["in"] == "path")
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            assert_eq!(given, wanted, "{method} {path}");
            assert!(operation["responses"]
                .as_object()
                .is_some_and(|r| !r.is_empty()));
        }
    }
    // Every schema a `$ref` names is in the document.
    let text = document.to_string();
    for (at, _) in text.match_indices("\"$ref\":\"#/components/schemas/") {
        let name: String = text[at + 29..].chars().take_while(|c| *c != '"').collect();
        assert!(
            document["components"]["schemas"].get(&name).is_some(),
            "$ref to {name}, which the document does not define"
        );
    }
}

/// Every operation of the core's interfaces is one its routers serve: asked with example ids and
/// keys, none answers "no such resource" or "method not allowed".
#[test]
fn every_operation_of_the_core_is_routed() {
    let context = costfolio_suite::context("2026-03-15T12:00:00", Some("ada"), true);
    for operation in costfolio::openapi::operations() {
        if !["budgeting", "core", "audit", "oauth"].contains(&operation.interface())
            || operation.path == "/oauth/authorize"
        {
            continue; // the host's own routes and its authorize page: host/tests/operations.rs
        }
        let path = operation
            .path
            .replace("{id}", "1")
            .replace("{holidayId}", "1")
            .replace("{key}", "KEY");
        let mut state = State::new();
        let response = handle(
            &mut state,
            &Request::new(operation.method, &path).json("{}"),
            &context,
        );
        let text = response.text();
        assert!(
            response.status != 405
                && !text.contains("No budgeting resource")
                && !text.contains("No resource at"),
            "{} {path}: {} {text}",
            operation.method,
            response.status
        );
    }
}

/// The budgeting interface's table of operations, which the document is written from: each
/// operation is one row (no method and path twice), and each row says what it does.
#[test]
fn each_budgeting_operation_is_one_row_that_says_what_it_does() {
    let mut seen = BTreeSet::new();
    for route in costfolio::api::budget_routes() {
        assert!(
            seen.insert((route.method, route.path)),
            "{} {} is two rows",
            route.method,
            route.path
        );
        let doc = (route.doc)();
        assert!(
            !doc.summary.trim().is_empty(),
            "{} {} says nothing",
            route.method,
            route.path
        );
        // The row gives the method and path; its documentation does not say them again.
        assert_eq!((doc.method, doc.path), ("", ""));
    }
    assert!(seen.len() > 70, "only {} rows", seen.len());
}

use crate::openapi_check;

/// The check tests/api_doc.rs runs on every documented call finds what is wrong: an answer of the
/// wrong shape, a status the operation does not have, a path no operation serves.
#[test]
fn the_check_of_answers_finds_what_is_wrong() {
    let document: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path()).unwrap()).unwrap();
    let folio = r#"{"success":{"id":1,"name":"Road works"}}"#;
    let found = openapi_check::check(
        &document,
        "GET",
        "/budgets/1/folio/1",
        None,
        200,
        folio.as_bytes(),
    );
    assert!(found.iter().any(|f| f.contains("the answer")), "{found:?}");
    let ids = r#"{"success":[{"id":"one"}]}"#;
    let found = openapi_check::check(
        &document,
        "GET",
        "/budgets/1/folio",
        None,
        200,
        ids.as_bytes(),
    );
    assert!(found.iter().any(|f| f.contains("the answer")), "{found:?}");
    let found = openapi_check::check(&document, "GET", "/budgets/1/nothing", None, 200, b"{}");
    assert!(
        found.iter().any(|f| f.contains("no operation")),
        "{found:?}"
    );
    let found = openapi_check::check(&document, "DELETE", "/core/3/accounts/X", None, 200, b"");
    assert!(
        found.iter().any(|f| f.contains("not documented")),
        "{found:?}"
    );
    // A refusal is checked against its interface's envelope.
    let refusal = br#"{"errors":[{"message":"Account not found"}]}"#;
    assert_eq!(
        openapi_check::check(&document, "GET", "/core/3/accounts/X", None, 404, refusal),
        Vec::<String>::new()
    );
    let found = openapi_check::check(
        &document,
        "GET",
        "/core/3/accounts/X",
        None,
        404,
        br#"{"errors":"no"}"#,
    );
    assert!(found.iter().any(|f| f.contains("the answer")), "{found:?}");
    // The import before the folio of that id.
    let (template, _) =
        openapi_check::operation(&document, "POST", "/budgets/1/folio/import").unwrap();
    assert_eq!(template, "/budgets/1/folio/import");
}
