//! The operations of the core administration interface (`/core/3`, core-admin-api.md, and its
//! extensions: what each row of its table says of itself), the deletion audit (`/audit/1`), the
//! tokens (`/oauth`) and the host's own routes.

use schemars::{json_schema, Schema, SchemaGenerator};

use crate::api::operation_doc::{of, query, required, Answer, Operation, Param};
use crate::model::audit::{DeletedAllocation, DeletedEventsPage, DeletedWorklog};
use Answer::{Empty, Json};

const AUDIT: [Param; 3] = [
    required(
        "updatedFrom",
        "string",
        "Events at or after this time (yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss)",
    ),
    query("limit", "integer", "How many at most"),
    query(
        "lastEvaluatedKey",
        "string",
        "The key the previous page ended with",
    ),
];

fn ok(schema: fn(&mut SchemaGenerator) -> Schema) -> Answer {
    Json(200, schema)
}

/// The OAuth token answer (RFC 6749 section 5.1).
fn token(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["access_token", "token_type", "expires_in", "refresh_token", "scope"],
        "properties": {
            "access_token": { "type": "string" },
            "token_type": { "type": "string", "const": "Bearer" },
            "expires_in": { "type": "integer" },
            "refresh_token": { "type": "string" },
            "scope": { "type": "string" }
        }
    })
}

/// The planner's session: who is signed in, the CSRF token its changes send, when it ends.
fn session(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["user", "budgetAdmin", "csrf", "expiresAt"],
        "properties": {
            "user": { "type": "string" },
            "budgetAdmin": { "type": "boolean" },
            "csrf": { "type": "string" },
            "expiresAt": { "type": "string" }
        }
    })
}

/// A sign-in's credentials.
fn sign_in(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "object",
        "required": ["username", "password"],
        "properties": { "username": { "type": "string" }, "password": { "type": "string" } }
    })
}

/// This document.
fn document(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "object", "description": "An OpenAPI 3.1 document" })
}

/// The operations: the core administration interface's from its table of operations
/// (`api/core_admin/`), then the deletion audit, the tokens and the host's own routes.
pub(super) fn operations() -> Vec<Operation> {
    let op = Operation::new;
    let ext = Operation::ext;
    let mut all: Vec<Operation> = crate::api::core_routes()
        .map(|route| Operation {
            method: route.method,
            path: route.path,
            ..(route.doc)()
        })
        .collect();
    all.extend([
        // The deletion audit.
        op(
            "GET",
            "/audit/1/events/deleted/types/worklog",
            "Deleted worklogs (administrators, S11.6)",
        )
        .query(AUDIT)
        .answers(ok(of::<DeletedEventsPage<DeletedWorklog>>)),
        op(
            "GET",
            "/audit/1/events/deleted/types/allocation",
            "Deleted allocations (administrators, S11.6)",
        )
        .query(AUDIT)
        .answers(ok(of::<DeletedEventsPage<DeletedAllocation>>)),
        // Tokens.
        op(
            "POST",
            "/oauth/token/",
            "Exchange an authorization code or a refresh token",
        )
        .form(&[
            ("grant_type", true),
            ("client_id", true),
            ("client_secret", true),
            ("code", false),
            ("redirect_uri", false),
            ("refresh_token", false),
        ])
        .answers(ok(token)),
        op(
            "POST",
            "/oauth/revoke_token/",
            "Revoke a token and its pair",
        )
        .form(&[
            ("client_id", true),
            ("client_secret", true),
            ("token", true),
            ("token_type_hint", false),
        ])
        .answers(Empty(200)),
        ext(
            "GET",
            "/oauth/authorize",
            "The page where a user signs in and grants a client access",
        )
        .query([
            required("client_id", "string", "The client"),
            required("redirect_uri", "string", "Where to send the code"),
            query("state", "string", "Given back with the code"),
        ])
        .answers(Answer::Text(200)),
        // The host's own routes.
        ext("GET", "/healthz", "200 while the process serves").answers(Answer::Text(200)),
        ext(
            "GET",
            "/readyz",
            "200 when caught up with the journal and the database answers; 503 otherwise",
        )
        .answers(Answer::Text(200)),
        ext("GET", "/session", "Who is signed in to the planner").answers(ok(session)),
        ext(
            "POST",
            "/session",
            "Sign in to the planner: an HttpOnly, SameSite=Strict cookie",
        )
        .body(sign_in)
        .answers(ok(session)),
        ext("DELETE", "/session", "Sign out"),
        ext("GET", "/openapi.json", "This document").answers(ok(document)),
    ]);
    all
}
