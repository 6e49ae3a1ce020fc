//! The refusal the wasm package gives, its path found by reading the refused body again
//! (`core/src/json/path.rs`, `from_json_placed`), against the native one, whose path
//! `serde_path_to_error` tracks (`from_json`): random damage to real plan documents (a value
//! replaced, a field removed or given twice, an element added or removed), read as the wire
//! types, must be refused alike, field, message and cause.

use costfolio::model::budgeting::{Expense, PlanDocument, Position};
use costfolio::model::{from_json, from_json_placed, WireError};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The plan documents of the wasm vectors.
fn documents() -> Vec<Value> {
    let text = include_str!("../wasm/tests/vectors/plan_documents.json");
    let cases: Vec<Value> = serde_json::from_str(text).expect("vectors");
    cases
        .iter()
        .map(|case| {
            serde_json::from_str(case["document"].as_str().expect("document")).expect("a document")
        })
        .collect()
}

/// How `from_json` refuses `text` natively: the path tracked by `serde_path_to_error`.
fn tracked<T: DeserializeOwned>(text: &str) -> Option<WireError> {
    from_json::<T>(text.as_bytes()).err()
}

/// How the wasm package refuses it: the path found from the place (`from_json_placed`).
fn found<T: DeserializeOwned>(text: &str) -> Option<WireError> {
    let refusal = from_json_placed::<T>(text.as_bytes()).err();
    if let Some(error @ WireError::Syntax { .. }) = &refusal {
        panic!("{text}: a JSON body refused as malformed: {error}");
    }
    refusal
}

/// Damage done to one place of a document.
#[derive(Debug, Clone)]
enum Damage {
    Replace(Value),
    Remove,
    Twice,
    Grow,
    Shrink,
}

fn damage() -> impl Strategy<Value = Damage> {
    let values = prop_oneof![
        Just(Value::Null),
        Just(Value::Bool(true)),
        Just(serde_json::json!("text")),
        Just(serde_json::json!("2026-13-40")),
        Just(serde_json::json!(-1)),
        Just(serde_json::json!(1.005)),
        Just(serde_json::json!(99999999999999999999999u128)),
        Just(serde_json::json!({})),
        Just(serde_json::json!({"x": 1})),
        Just(serde_json::json!([])),
        Just(serde_json::json!([1, "a"])),
        // Not `[[1]]`: an array of arrays given for a value that is not one is refused at its
        // first element, which the place cannot tell from that element refused (path.rs).
        Just(serde_json::json!([{"x": [1]}])),
        Just(serde_json::json!(["2026-01-01", "x"])),
        Just(serde_json::json!({"rate": "x", "startDate": "2026-02-30"})),
        Just(serde_json::json!("")),
        Just(serde_json::json!(0)),
        Just(serde_json::json!(".Weekly")),
    ];
    prop_oneof![
        values.prop_map(Damage::Replace),
        Just(Damage::Remove),
        Just(Damage::Twice),
        Just(Damage::Grow),
        Just(Damage::Shrink),
    ]
}

/// Every place in `value`, as a list of steps (key or index).
fn places(value: &Value, here: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(here.clone());
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                here.push(Step::Key(key.clone()));
                places(inner, here, out);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (index, inner) in items.iter().enumerate() {
                here.push(Step::Index(index));
                places(inner, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// `document` as text with `damage` done at `place` (a field given twice is written by hand:
/// serde_json's maps hold a key once).
fn damaged(document: &Value, place: &[Step], damage: &Damage) -> String {
    let mut value = document.clone();
    let Some((last, parent_steps)) = place.split_last() else {
        return match damage {
            Damage::Replace(other) => other.to_string(),
            _ => value.to_string(),
        };
    };
    let mut parent = &mut value;
    for step in parent_steps {
        parent = match step {
            Step::Key(key) => &mut parent[key.as_str()],
            Step::Index(index) => &mut parent[*index],
        };
    }
    let target = match last {
        Step::Key(key) => parent[key.as_str()].clone(),
        Step::Index(index) => parent[*index].clone(),
    };
    match damage {
        Damage::Replace(other) => set(parent, last, other.clone()),
        Damage::Remove => match (parent, last) {
            (Value::Object(map), Step::Key(key)) => {
                map.remove(key);
            }
            (Value::Array(items), Step::Index(index)) => {
                items.remove(*index);
            }
            _ => {}
        },
        Damage::Grow => {
            if let Value::Array(mut items) = target {
                items.push(items.first().cloned().unwrap_or(Value::Null));
                set(parent, last, Value::Array(items));
            }
        }
        Damage::Shrink => {
            if let Value::Array(mut items) = target {
                items.pop();
                set(parent, last, Value::Array(items));
            }
        }
        Damage::Twice => {
            if let (Value::Object(_), Step::Key(key)) = (&*parent, last) {
                let marker = "\u{1}twice\u{1}";
                set(parent, last, Value::String(marker.to_owned()));
                let text = value.to_string();
                let quoted = serde_json::to_string(marker).unwrap_or_default();
                let again = format!(
                    "{}, {}: {}",
                    target,
                    serde_json::to_string(key).unwrap_or_default(),
                    target
                );
                return text.replacen(&quoted, &again, 1);
            }
        }
    }
    value.to_string()
}

fn set(parent: &mut Value, step: &Step, value: Value) {
    match step {
        Step::Key(key) => parent[key.as_str()] = value,
        Step::Index(index) => parent[*index] = value,
    }
}

fn agree<T: DeserializeOwned>(text: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(found::<T>(text), tracked::<T>(text), "{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn a_damaged_plan_is_refused_where_serde_path_to_error_says(
        which in 0usize..4,
        pick in any::<prop::sample::Index>(),
        damage in damage(),
    ) {
        let all = documents();
        let document = &all[which % all.len()];
        let mut list = Vec::new();
        places(document, &mut Vec::new(), &mut list);
        let place = pick.get::<Vec<Step>>(&list);
        let text = damaged(document, place, &damage);
        agree::<PlanDocument>(&text)?;
        // The same damage to one expense and one position, read alone.
        if let Some(expense) = document["expenses"].get(0) {
            let mut inner = Vec::new();
            places(expense, &mut Vec::new(), &mut inner);
            agree::<Expense>(&damaged(expense, pick.get::<Vec<Step>>(&inner), &damage))?;
        }
        if let Some(position) = document["positions"].get(0).map(|p| &p["position"]) {
            let mut inner = Vec::new();
            places(position, &mut Vec::new(), &mut inner);
            agree::<Position>(&damaged(position, pick.get::<Vec<Step>>(&inner), &damage))?;
        }
    }
}

#[test]
fn whitespace_and_escapes_do_not_move_the_place() {
    let text = "{\n  \"name\" : \"a\",\n  \"amount\" :\t{\"x\": 1},\n  \"t\\u0079pe\": 1\n}";
    assert_eq!(found::<Expense>(text), tracked::<Expense>(text));
    assert!(found::<Expense>(text).is_some());
}

/// Journal entries: a struct variant named by a bare text is refused inside the variant, as the
/// native reader names it; a stored record without its id is refused at the record.
#[test]
fn journal_entries_are_refused_alike() {
    use costfolio::state::JournalEntry;
    let bare = r#"{"seq": 7, "command": "RevokePair"}"#;
    assert_eq!(found::<JournalEntry>(bare), tracked::<JournalEntry>(bare));
    let expense: Value = serde_json::from_str(include_str!("golden/expense.json")).expect("golden");
    let mut without = expense.clone();
    without.as_object_mut().expect("object").remove("id");
    for entry in [
        format!(r#"{{"seq": 1, "command": {{"PutExpense": {without}}}}}"#),
        format!(
            r#"{{"seq": 1, "command": {{"Batch": [{{"PutExpense": {expense}}}, {{"PutExpense": {without}}}]}}}}"#
        ),
        format!(
            r#"{{"seq": 1, "command": {{"Batch": [{{"PutExpense": {without}}}, {{"PutExpense": {expense}}}]}}}}"#
        ),
    ] {
        assert_eq!(
            found::<JournalEntry>(&entry),
            tracked::<JournalEntry>(&entry),
            "{entry}"
        );
    }
}
