//! A record's two versions compared field by field: what a history shows. Versions are
//! JSON with the wire's names; objects are compared key by key, lists of parts named by an id
//! (rates, allocation periods, hours periods) or a key (scope items) part by part, anything else
//! as one value.

use crate::json::Value;

/// One field that changed: where (`rates[id=12].amount`), what it was and what it became (JSON
/// null for absent).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
// The wasm package keeps no history to show it in: only comparisons read it there.
#[cfg_attr(target_arch = "wasm32", allow(unreachable_pub))]
pub struct FieldChange {
    /// The field's path in the record, with the wire's names.
    pub path: String,
    /// Its value before.
    pub before: Value,
    /// Its value after.
    pub after: Value,
}

/// The longest key a path repeats whole (S11.8).
const WHOLE_KEY_CHARS: usize = 32;
/// How much of a longer key a path shows before its hash.
const KEY_SHOWN_CHARS: usize = 24;

/// What names a part in a list, as its path does: its id (`id=12`), else its key (a scope
/// item's, `key=HFB-1`); a key longer than 32 characters by its first 24 and the first 16 hex
/// digits of its SHA-256 (`key=ABCDEFGHIJKLMNOPQRSTUVWX…#1a2b3c4d5e6f7a8b`), short and stable,
/// so that a long key is not repeated in every changed field's path (S11.8).
fn part_id(value: &Value) -> Option<String> {
    let (name, value) = match (value.get("id"), value.get("key")) {
        (Some(id), _) => ("id", id),
        (None, Some(key)) => ("key", key),
        (None, None) => return None,
    };
    match value {
        Value::Number(number) => Some(format!("{name}={number}")),
        Value::String(text) if text.chars().count() <= WHOLE_KEY_CHARS => {
            Some(format!("{name}={text}"))
        }
        Value::String(text) => {
            use sha2::{Digest, Sha256};
            let shown: String = text.chars().take(KEY_SHOWN_CHARS).collect();
            let hash: String = Sha256::digest(text.as_bytes())
                .iter()
                .take(8)
                .map(|byte| format!("{byte:02x}"))
                .collect();
            Some(format!("{name}={shown}…#{hash}"))
        }
        _ => None,
    }
}

/// A position's version as a history and a comparison read it: its header without what is
/// derived from its parts (`rate`, `allocation`, `billableHours`: the parts' own changes say what
/// changed), with its allocation periods, rates and hours periods.
pub(super) fn position_version(row: &crate::state::PositionRow) -> Value {
    fn json<T: serde::Serialize>(value: &T) -> Value {
        serde_json::to_value(value).unwrap_or(Value::Null)
    }
    let mut value = json(&row.header);
    if let Value::Object(fields) = &mut value {
        for derived in ["rate", "allocation", "billableHours"] {
            fields.remove(derived);
        }
        fields.insert("allocations".into(), json(&row.record.allocations));
        fields.insert("rates".into(), json(&row.record.rates));
        fields.insert("hours".into(), json(&row.record.hours));
    }
    value
}

/// Appends to `out` every field where `before` and `after` differ, under `path`.
pub(super) fn diff(path: &str, before: &Value, after: &Value, out: &mut Vec<FieldChange>) {
    let under = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    };
    match (before, after) {
        (Value::Object(old), Value::Object(new)) => {
            for (key, value) in new {
                diff(
                    &under(key),
                    old.get(key).unwrap_or(&Value::Null),
                    value,
                    out,
                );
            }
            for (key, value) in old.iter().filter(|(key, _)| !new.contains_key(*key)) {
                diff(&under(key), value, &Value::Null, out);
            }
        }
        (Value::Null, Value::Object(new)) if path.is_empty() => {
            for (key, value) in new.iter().filter(|(_, value)| !value.is_null()) {
                diff(key, &Value::Null, value, out);
            }
        }
        (Value::Array(old), Value::Array(new))
            if old.iter().chain(new).all(|part| part_id(part).is_some()) =>
        {
            // Each list's parts by what names them, once: a position's 1,000 parts are compared
            // in one pass, not each against all.
            let named = |parts: &[Value]| -> std::collections::HashMap<String, usize> {
                parts
                    .iter()
                    .enumerate()
                    .filter_map(|(at, part)| part_id(part).map(|id| (id, at)))
                    .collect()
            };
            let (was, now) = (named(old), named(new));
            let at = |id: &str| format!("{path}[{id}]");
            for part in new {
                let id = part_id(part).unwrap_or_default();
                match was.get(&id).and_then(|index| old.get(*index)) {
                    Some(was) => diff(&at(&id), was, part, out),
                    None => out.push(FieldChange {
                        path: at(&id),
                        before: Value::Null,
                        after: part.clone(),
                    }),
                }
            }
            for part in old {
                let id = part_id(part).unwrap_or_default();
                if !now.contains_key(&id) {
                    out.push(FieldChange {
                        path: at(&id),
                        before: part.clone(),
                        after: Value::Null,
                    });
                }
            }
        }
        _ if before != after => out.push(FieldChange {
            path: path.to_owned(),
            before: before.clone(),
            after: after.clone(),
        }),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(before: &str, after: &str) -> Vec<(String, String, String)> {
        let (before, after): (Value, Value) = (
            serde_json::from_str(before).unwrap(),
            serde_json::from_str(after).unwrap(),
        );
        let mut out = Vec::new();
        diff("", &before, &after, &mut out);
        out.into_iter()
            .map(|f| (f.path, f.before.to_string(), f.after.to_string()))
            .collect()
    }

    #[test]
    fn scope_items_are_compared_by_key() {
        assert_eq!(
            fields(
                r#"{"scope":[{"key":"A-1","done":false},{"key":"A-2","done":false}]}"#,
                r#"{"scope":[{"key":"A-1","done":true},{"key":"A-2","done":false}]}"#
            ),
            vec![("scope[key=A-1].done".into(), "false".into(), "true".into())]
        );
    }

    #[test]
    fn a_long_key_is_named_short_and_stably() {
        let key = "K".repeat(500);
        let before = format!(r#"{{"scope":[{{"key":"{key}","done":false,"weight":1}}]}}"#);
        let after = format!(r#"{{"scope":[{{"key":"{key}","done":true,"weight":2}}]}}"#);
        let changed = fields(&before, &after);
        assert_eq!(changed.len(), 2);
        for (path, _, _) in &changed {
            assert!(
                path.starts_with(&format!("scope[key={}…#", "K".repeat(24))),
                "{path}"
            );
            assert!(path.chars().count() < 70, "{path}");
        }
        // The same key is named the same way every time; another key of the same start is not.
        let other = format!("{}L", "K".repeat(499));
        let moved = fields(&before, &before.replace(&key, &other));
        assert_eq!(moved.len(), 2);
        assert_ne!(moved[0].0, moved[1].0);
        assert!(changed[0].0.starts_with(&moved[1].0));
    }

    #[test]
    fn parts_are_compared_by_id_and_numbers_keep_their_digits() {
        let before = r#"{"name":"A","rates":[{"id":1,"amount":85.00},{"id":2,"amount":90}]}"#;
        let after = r#"{"name":"A","rates":[{"id":1,"amount":88.00},{"id":3,"amount":95}]}"#;
        assert_eq!(
            fields(before, after),
            vec![
                ("rates[id=1].amount".into(), "85.00".into(), "88.00".into()),
                (
                    "rates[id=3]".into(),
                    "null".into(),
                    r#"{"amount":95,"id":3}"#.into()
                ),
                (
                    "rates[id=2]".into(),
                    r#"{"amount":90,"id":2}"#.into(),
                    "null".into()
                ),
            ]
        );
    }

    #[test]
    fn a_creation_lists_every_field_set_and_lists_without_ids_are_one_value() {
        assert_eq!(
            fields("null", r#"{"name":"A","note":null,"tags":[1,2]}"#),
            vec![
                ("name".into(), "null".into(), r#""A""#.into()),
                ("tags".into(), "null".into(), "[1,2]".into()),
            ]
        );
        assert_eq!(
            fields(r#"{"tags":[1,2]}"#, r#"{"tags":[2,1]}"#),
            vec![("tags".into(), "[1,2]".into(), "[2,1]".into())]
        );
        assert!(fields(r#"{"a":{"b":1}}"#, r#"{"a":{"b":1}}"#).is_empty());
    }
}
