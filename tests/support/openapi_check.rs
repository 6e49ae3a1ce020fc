//! Checks a documented call against docs/openapi.json's description of it (used by
//! tests/api_doc.rs): the operation its method and path name, its request body against the
//! operation's `requestBody` schema, its answer against the response of its status.

use serde_json::{json, Value};

/// The operation of `document` that `method` and `path` (a query string allowed) name: its path
/// template and its operation object. The template with the most literal segments wins
/// (`/budgets/1/folio/import` before `/budgets/1/folio/{id}`).
pub fn operation<'d>(
    document: &'d Value,
    method: &str,
    path: &str,
) -> Option<(&'d str, &'d Value)> {
    let path = path.split('?').next().unwrap_or(path);
    let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let mut best: Option<(usize, &str, &Value)> = None;
    for (template, item) in document["paths"].as_object()? {
        let Some(operation) = item.get(method.to_ascii_lowercase()) else {
            continue;
        };
        let parts: Vec<&str> = template.trim_end_matches('/').split('/').collect();
        if parts.len() != segments.len() {
            continue;
        }
        let fits = parts
            .iter()
            .zip(&segments)
            .all(|(part, segment)| part.starts_with('{') || part == segment);
        if !fits {
            continue;
        }
        let literal = parts.iter().filter(|p| !p.starts_with('{')).count();
        if best.is_none_or(|(most, _, _)| literal > most) {
            best = Some((literal, template.as_str(), operation));
        }
    }
    best.map(|(_, template, operation)| (template, operation))
}

/// The draft's own path a scenario's path asks (S15.3: `/budgets/1/folio/1/scenarios/2/expense`
/// is `/budgets/1/expense` on the scenario, `.../scenarios/2/indicators` is
/// `/budgets/1/folio/1/indicators`): described once, by the draft's operation.
fn draft_path(path: &str) -> Option<String> {
    let rest = path.strip_prefix("/budgets/1/folio/")?;
    let mut parts = rest.splitn(4, '/');
    let (folio, scenarios, _scenario, asked) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    if scenarios != "scenarios" {
        return None;
    }
    let item = [
        "expense",
        "position",
        "allocation",
        "rate",
        "workedhours",
        "billablehours",
    ];
    if item
        .iter()
        .any(|kind| asked.split('/').next() == Some(kind))
    {
        Some(format!("/budgets/1/{asked}"))
    } else {
        Some(format!("/budgets/1/folio/{folio}/{asked}"))
    }
}

/// What is wrong with `instance` against `schema` (refs resolved in `document`), if anything.
pub fn mismatch(document: &Value, schema: &Value, instance: &Value) -> Option<String> {
    let mut root = schema.clone();
    if let Value::Object(map) = &mut root {
        map.insert("components".into(), document["components"].clone());
        map.insert(
            "$schema".into(),
            json!("https://json-schema.org/draft/2020-12/schema"),
        );
    }
    let validator = match jsonschema::validator_for(&root) {
        Ok(validator) => validator,
        Err(error) => return Some(format!("the schema does not build: {error}")),
    };
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .take(3)
        .collect();
    (!errors.is_empty()).then(|| errors.join("; "))
}

/// Checks one call: the findings, empty when the document describes it.
pub fn check(
    document: &Value,
    method: &str,
    path: &str,
    body: Option<&str>,
    status: u16,
    answer: &[u8],
) -> Vec<String> {
    let label = format!("{method} {path} ({status})");
    let found = operation(document, method, path)
        .or_else(|| operation(document, method, &draft_path(path)?));
    let Some((template, operation)) = found else {
        return vec![format!("{label}: no operation of docs/openapi.json")];
    };
    let mut findings = Vec::new();
    let ok = (200..300).contains(&status);
    if let (true, Some(body)) = (ok, body) {
        let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
        match serde_json::from_str::<Value>(body) {
            Ok(value) if !schema.is_null() => {
                if let Some(wrong) = mismatch(document, schema, &value) {
                    findings.push(format!("{label} {template}: the body: {wrong}"));
                }
            }
            Ok(_) => findings.push(format!(
                "{label} {template}: a body the operation does not take"
            )),
            Err(_) => {}
        }
    }
    let responses = &operation["responses"];
    let response = if responses.get(status.to_string()).is_some() {
        &responses[status.to_string()]
    } else if (400..500).contains(&status) {
        &responses["4XX"]
    } else {
        findings.push(format!(
            "{label} {template}: status {status} is not documented"
        ));
        return findings;
    };
    let Some(schema) = response["content"]["application/json"].get("schema") else {
        return findings;
    };
    match serde_json::from_slice::<Value>(answer) {
        Ok(value) => {
            if let Some(wrong) = mismatch(document, schema, &value) {
                findings.push(format!("{label} {template}: the answer: {wrong}"));
            }
        }
        Err(_) if response["content"].get("text/csv").is_some() => {}
        Err(_) => findings.push(format!("{label} {template}: the answer is not JSON")),
    }
    findings
}
