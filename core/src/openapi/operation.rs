//! How one operation is written as an OpenAPI operation object: its id, tags, parameters, body,
//! answers, refusals and security.

use schemars::{Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

use crate::api::operation_doc::{of, Answer, Body, Operation};

impl Operation {
    /// The interface the path belongs to: `budgeting`, `core`, `audit`, `oauth` or `host`.
    pub fn interface(&self) -> &'static str {
        let path = self.path;
        if path.starts_with("/budgets/") {
            "budgeting"
        } else if path.starts_with("/core/") {
            "core"
        } else if path.starts_with("/audit/") {
            "audit"
        } else if path.starts_with("/oauth") {
            "oauth"
        } else {
            "host"
        }
    }

    /// A unique name: the method and the path's words (`getFolioByIdIndicators`), the core's and
    /// the audit's with their interface first (`coreGetAccountsByKey`).
    pub fn operation_id(&self) -> String {
        let mut id = match self.interface() {
            "core" | "audit" => format!(
                "{}{}",
                self.interface(),
                upper(&self.method.to_ascii_lowercase())
            ),
            _ => self.method.to_ascii_lowercase(),
        };
        for segment in self.path.split('/').filter(|s| !s.is_empty()) {
            if ["budgets", "core", "audit", "1", "3"].contains(&segment) {
                continue;
            }
            let word: String = segment
                .trim_matches(|c| c == '{' || c == '}')
                .split(['-', '_'])
                .map(upper)
                .collect();
            if segment.starts_with('{') {
                id.push_str("By");
            }
            id.push_str(&word);
        }
        id
    }

    /// The OpenAPI operation object.
    pub fn to_json(&self, generator: &mut SchemaGenerator) -> Value {
        let interface = self.interface();
        let mut parameters: Vec<Value> = path_params(self.path)
            .into_iter()
            .map(|name| {
                let schema = if name == "id" || name.ends_with("Id") {
                    json!({ "type": "integer", "minimum": 0 })
                } else {
                    json!({ "type": "string" })
                };
                json!({ "name": name, "in": "path", "required": true, "schema": schema })
            })
            .collect();
        for param in &self.query {
            let schema = match param.kind {
                "date" => json!({ "type": "string", "format": "date" }),
                kind => json!({ "type": kind }),
            };
            parameters.push(json!({
                "name": param.name,
                "in": "query",
                "required": param.required,
                "description": param.description,
                "schema": schema,
            }));
        }
        let mut operation = Map::new();
        operation.insert("operationId".into(), json!(self.operation_id()));
        operation.insert("summary".into(), json!(self.summary));
        operation.insert("tags".into(), json!([interface]));
        if self.extension {
            operation.insert("x-extension".into(), json!(true));
        }
        if !parameters.is_empty() {
            operation.insert("parameters".into(), Value::Array(parameters));
        }
        match self.body {
            Body::None => {}
            Body::Json(schema) => {
                operation.insert(
                    "requestBody".into(),
                    json!({ "required": true, "content": { "application/json": { "schema": schema(generator) } } }),
                );
            }
            Body::Form(fields) => {
                let properties: Map<String, Value> = fields
                    .iter()
                    .map(|(name, _)| ((*name).to_owned(), json!({ "type": "string" })))
                    .collect();
                let required: Vec<&str> = fields
                    .iter()
                    .filter(|(_, required)| *required)
                    .map(|(name, _)| *name)
                    .collect();
                operation.insert(
                    "requestBody".into(),
                    json!({ "required": true, "content": { "application/x-www-form-urlencoded": { "schema": {
                        "type": "object", "properties": properties, "required": required
                    } } } }),
                );
            }
        }
        let mut responses = Map::new();
        let (status, answer) = self.answer_json(generator);
        responses.insert(status, answer);
        for (status, error) in errors(interface, generator) {
            responses.insert(status.to_owned(), error);
        }
        operation.insert("responses".into(), Value::Object(responses));
        operation.insert("security".into(), security(interface, self.path));
        Value::Object(operation)
    }

    /// The success answer: its status and response object.
    fn answer_json(&self, generator: &mut SchemaGenerator) -> (String, Value) {
        let success = |schema: Schema| {
            json!({
                "type": "object",
                "required": ["success"],
                "properties": { "success": schema }
            })
        };
        match self.answer {
            Answer::Success(schema) => (
                "200".into(),
                json!({ "description": "Done", "content": { "application/json": { "schema": success(schema(generator)) } } }),
            ),
            Answer::SuccessOrCsv(schema) => (
                "200".into(),
                json!({ "description": "Done: JSON, or with format=csv a CSV file", "content": {
                    "application/json": { "schema": success(schema(generator)) },
                    "text/csv": { "schema": { "type": "string" } }
                } }),
            ),
            Answer::Json(status, schema) => (
                status.to_string(),
                json!({ "description": "Done", "content": { "application/json": { "schema": schema(generator) } } }),
            ),
            Answer::Empty(status) => (
                status.to_string(),
                json!({ "description": "Done; no body" }),
            ),
            Answer::Redirect => (
                "302".into(),
                json!({ "description": "To the address the step leads to", "headers": {
                    "Location": { "schema": { "type": "string" } }
                } }),
            ),
            Answer::File(media) => (
                "200".into(),
                json!({ "description": "Done: a file to save", "content": {
                    media: { "schema": { "type": "string", "format": "binary" } }
                } }),
            ),
            Answer::Text(status) => (
                status.to_string(),
                json!({ "description": "A word for people", "content": { "text/plain": { "schema": { "type": "string" } } } }),
            ),
        }
    }
}

/// `word` with its first letter in capitals.
fn upper(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The names of the `{...}` segments of `path`.
fn path_params(path: &str) -> Vec<&str> {
    path.split('/')
        .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
        .collect()
}

/// The refusals of an interface, by status, each in its envelope.
fn errors(interface: &str, generator: &mut SchemaGenerator) -> Vec<(&'static str, Value)> {
    let body = |schema: Schema, description: &str| json!({ "description": description, "content": { "application/json": { "schema": schema } } });
    match interface {
        "budgeting" => vec![(
            "4XX",
            body(
                of::<crate::model::budgeting::BudgetErrorBody>(generator),
                "Refused: `error` (a parse failure), `errorMessages`, `errors` by field",
            ),
        )],
        "core" | "audit" => vec![
            (
                "401",
                json!({ "description": "No valid token: no body, a WWW-Authenticate header" }),
            ),
            (
                "4XX",
                body(
                    of::<crate::model::core_admin::CoreErrorBody>(generator),
                    "Refused, with its messages",
                ),
            ),
        ],
        "oauth" => vec![(
            "4XX",
            body(
                schemars::json_schema!({
                    "type": "object",
                    "required": ["error"],
                    "properties": {
                        "error": { "type": "string" },
                        "error_description": { "type": "string" }
                    }
                }),
                "Refused (RFC 6749 section 5.2)",
            ),
        )],
        _ => Vec::new(),
    }
}

/// Who may call an operation of `interface` at `path`.
fn security(interface: &str, path: &str) -> Value {
    match interface {
        "budgeting" => json!([{ "basic": [] }, { "session": [] }]),
        "core" | "audit" => json!([{ "bearer": [] }]),
        "host" if path == "/session" => json!([{ "session": [] }, {}]),
        _ => json!([]),
    }
}
