//! The OpenAPI 3.1 document of the service (the core's `schema` feature): every
//! operation of the four interfaces and the host's own routes, its parameters, body and answers,
//! with the JSON Schemas of the wire types derived from the same serde types the service reads and
//! writes (`schemars`). `tests/openapi.rs` writes it to `docs/openapi.json` and fails when the two
//! differ; the host serves that file at `/openapi.json`, and the planner's TypeScript types are
//! generated from it (`www/src/api/generated.ts`). docs/api.md stays the readable reference.

mod budgeting;
mod core_admin;
mod operation;

use schemars::generate::SchemaSettings;
use serde_json::{json, Map, Value};

pub use crate::api::operation_doc::{Answer, Body, Operation, Param};

/// Every operation, in the order of the document: the budgeting interface, the core
/// administration interface and its extensions, the deletion audit, the tokens, the host's own.
pub fn operations() -> Vec<Operation> {
    let mut all = budgeting::operations();
    all.extend(core_admin::operations());
    all
}

/// The OpenAPI 3.1 document, as JSON.
pub fn document() -> Value {
    let mut generator = SchemaSettings::draft2020_12()
        .with(|settings| settings.definitions_path = "/components/schemas".into())
        .into_generator();
    let mut paths: Map<String, Value> = Map::new();
    for operation in operations() {
        let item = paths
            .entry(operation.path.to_owned())
            .or_insert_with(|| json!({}));
        if let Value::Object(item) = item {
            item.insert(
                operation.method.to_ascii_lowercase(),
                operation.to_json(&mut generator),
            );
        }
    }
    let schemas: Map<String, Value> = generator.take_definitions(true).into_iter().collect();
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "costfolio",
            "version": crate::VERSION,
            "summary": "Cost planning: folios, their budgets, payments, baselines and earned value",
            "description": "The REST interfaces of the costfolio server. docs/api.md shows every operation with a real request and answer; ../shared/spec is the contract, and operations marked x-extension follow ../shared/design/extensions.md.",
            "license": { "name": "Apache-2.0", "identifier": "Apache-2.0" }
        },
        "servers": [{ "url": "/" }],
        "tags": [
            { "name": "budgeting", "description": "/budgets/1: folios, their items, baselines and figures (basic credentials or the planner's session)" },
            { "name": "core", "description": "/core/3: accounts, categories, customers, calendars, projects, worklogs (bearer tokens)" },
            { "name": "audit", "description": "/audit/1: the deletion feeds (bearer tokens, administrators)" },
            { "name": "oauth", "description": "/oauth: tokens (form-encoded)" },
            { "name": "host", "description": "The host's own routes: probes, the planner's sessions, this document" }
        ],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "basic": { "type": "http", "scheme": "basic", "description": "The budgeting interface's credentials, verified by the host (S11.4)" },
                "session": { "type": "apiKey", "in": "cookie", "name": "costfolio_session", "description": "The planner's session (POST /session), with its X-CSRF-Token header on changes" },
                "bearer": { "type": "http", "scheme": "bearer", "description": "An OAuth access token or a personal token (S11.2)" }
            }
        }
    })
}
