//! Custom fields tell the truth, through `handle` (S7.4): a value is of its definition's style,
//! belongs to a definition of its folio and record, and is keyed by its definition's id; a
//! required field needs a value; a value is kept when its definition is deleted or when it is sent
//! back unchanged; definitions are updated within their terms; and what a plan document does with
//! the values.

use crate::records_world;

use costfolio::usecase::credentials::register_user;
use records_world::{expense, with, World, FOLIO, PLANNED};
use serde_json::{json, Value};

/// Adds a custom-field definition to folio `folio` as ada; its id.
fn definition(w: &mut World, folio: u64, style: &str, kind: &str, extra: &str) -> u64 {
    let body = format!(
        r#"{{"name":"{style} field","style":"{style}","type":"{kind}","required":false{extra}}}"#
    );
    let id = w.send("ada", "POST", &format!("/folio/{folio}/customfield"), &body);
    id.as_u64().unwrap()
}

/// An expense of `folio` in `currency` carrying `values` (a JSON object's members).
fn valued(folio: u64, currency: &str, values: &str) -> String {
    let fields = format!(r#""customFields":{{"values":{{{values}}}}}"#);
    expense(folio, currency, &fields)
}

/// Each style, with values it takes and values it refuses (JSON arrays), on an expense of folio 1
/// (EUR) or 2 (JPY). Long texts are added by the test.
const STYLES: &str = r#"
1 TEXT ["fine","é"] [12,true]
1 SELECT ["south",3] ["east","3"]
1 DATE ["2026-03-01","2024-02-29"] ["2026-13-01","2026-02-29","01/03/2026",20260301]
1 NUMBER [12.5,-3,0] ["12.5",true]
1 AMOUNT [10.5,10.25,10,1000000000000000] [10.005,"10.5",-5,1000000000000000.01,79228162514264337593543950335]
2 AMOUNT [10,1500] [10.5,10.25]
1 USER ["grace"] ["nobody",7]
"#;

#[test]
fn custom_field_values_are_of_their_definitions_style() {
    let mut w = World::new();
    let jpy = FOLIO.replace(r#""currencyCode":"EUR""#, r#""currencyCode":"JPY""#);
    assert_eq!(w.send("ada", "POST", "/folio", &jpy), 2);
    register_user(&mut w.0, "grace", Some("Grace Hopper")).unwrap();
    for line in STYLES.trim().lines() {
        let parts: Vec<&str> = line.split(' ').collect();
        let [folio, style, good, bad] = parts[..] else {
            panic!("{line}")
        };
        let folio: u64 = folio.parse().unwrap();
        let currency = if folio == 2 { "JPY" } else { "EUR" };
        let options = if style == "SELECT" {
            r#","options":["north","south",3]"#
        } else {
            ""
        };
        let id = definition(&mut w, folio, style, "ACTUAL", options);
        let mut good: Vec<Value> = serde_json::from_str(good).unwrap();
        let mut bad: Vec<Value> = serde_json::from_str(bad).unwrap();
        if style == "TEXT" {
            // At most 255 characters, counted in characters.
            good.extend([json!("x".repeat(255)), json!("é".repeat(255))]);
            bad.push(json!("x".repeat(256)));
        }
        for value in good {
            let body = valued(folio, currency, &format!(r#""{id}":{value}"#));
            let created = w.send("ada", "POST", "/expense", &body);
            let shown = w.get("ada", "GET", &format!("/expense/{created}"));
            assert_eq!(
                shown["customFields"]["values"][id.to_string()],
                value,
                "{style}"
            );
        }
        for value in bad {
            let body = valued(folio, currency, &format!(r#""{id}":{value}"#));
            let field = format!("customFields.{id}");
            let message = w.refused("ada", "POST", "/expense", &body, &field);
            assert!(message.contains("takes"), "{style} {value}: {message}");
        }
    }
}

#[test]
fn custom_field_values_belong_to_a_definition_of_their_folio_and_record() {
    let mut w = World::new();
    assert_eq!(
        w.send("ada", "POST", "/folio", &FOLIO.replace("Road", "Rail")),
        2
    );
    let actual = definition(&mut w, 1, "TEXT", "ACTUAL", "");
    let team = definition(&mut w, 1, "TEXT", "TEAM", "");
    let revenue = definition(&mut w, 1, "TEXT", "REVENUE", "");
    let folio = definition(&mut w, 1, "TEXT", "FOLIO", "");
    let other = definition(&mut w, 2, "TEXT", "ACTUAL", "");
    for key in ["99".to_owned(), "abc".to_owned(), other.to_string()]
        .into_iter()
        .chain([team, revenue, folio].map(|id| id.to_string()))
    {
        let body = valued(1, "EUR", &format!(r#""{key}":"x""#));
        w.refused(
            "ada",
            "POST",
            "/expense",
            &body,
            &format!("customFields.{key}"),
        );
    }
    // A REVENUE field on a revenue, an ACTUAL field on a cost, a TEAM field on a position.
    let income = |id: u64| {
        let body = valued(1, "EUR", &format!(r#""{id}":"Acme""#));
        body.replace(".PlannedExpense", ".PlannedRevenue")
            .replace("OPEX", "OPERATING")
    };
    w.send("ada", "POST", "/expense", &income(revenue));
    let cost = valued(1, "EUR", &format!(r#""{actual}":"x""#));
    w.send("ada", "POST", "/expense", &cost);
    let refused = format!("customFields.{actual}");
    let message = w.refused("ada", "POST", "/expense", &income(actual), &refused);
    assert!(message.contains("revenue expenses"), "{message}");
    let values = |id: u64| format!(r#""customFields":{{"values":{{"{id}":"Rust"}}}}"#);
    assert_eq!(
        w.send("ada", "POST", "/position", &with(PLANNED, &values(team))),
        1
    );
    let shown = w.get("ada", "GET", "/position/1");
    assert_eq!(shown["customFields"]["values"][team.to_string()], "Rust");
    // An ACTUAL field on a position is refused (its type).
    let wrong = with(PLANNED, &values(actual));
    let message = w.refused("ada", "POST", "/position", &wrong, &refused);
    assert!(message.contains("cost expenses"), "{message}");
}

#[test]
fn a_required_custom_field_needs_a_value_on_create_and_on_update() {
    let mut w = World::new();
    let id = definition(&mut w, 1, "TEXT", "ACTUAL", "");
    let required =
        format!(r#"{{"id":{id},"name":"Owner","style":"TEXT","type":"ACTUAL","required":true}}"#);
    assert_eq!(
        w.send("ada", "PUT", "/customfield", &required)["required"],
        true
    );
    let field = format!("customFields.{id}");
    let null = valued(1, "EUR", &format!(r#""{id}":null"#));
    for body in [expense(1, "EUR", ""), null.clone()] {
        w.refused("ada", "POST", "/expense", &body, &field);
    }
    let given = valued(1, "EUR", &format!(r#""{id}":"ada""#));
    assert_eq!(w.send("ada", "POST", "/expense", &given), 1);
    // An update without it, or with null, is refused as well.
    for body in [expense(1, "EUR", ""), null] {
        w.refused("ada", "PUT", "/expense", &with(&body, r#""id":1"#), &field);
    }
    w.send("ada", "PUT", "/expense", &with(&given, r#""id":1"#));
    // A required field of another type asks nothing of an expense, and all of a position.
    let skill = definition(&mut w, 1, "TEXT", "TEAM", "");
    let required = required.replace(&format!(r#""id":{id}"#), &format!(r#""id":{skill}"#));
    w.send(
        "ada",
        "PUT",
        "/customfield",
        &required.replace("ACTUAL", "TEAM"),
    );
    w.send("ada", "POST", "/expense", &given);
    w.refused(
        "ada",
        "POST",
        "/position",
        PLANNED,
        &format!("customFields.{skill}"),
    );
}

#[test]
fn a_value_whose_definition_is_deleted_is_kept() {
    let mut w = World::new();
    let id = definition(&mut w, 1, "TEXT", "ACTUAL", "");
    let stored = valued(1, "EUR", &format!(r#""{id}":"kept""#));
    assert_eq!(w.send("ada", "POST", "/expense", &stored), 1);
    assert_eq!(w.get("ada", "DELETE", &format!("/customfield/{id}")), true);
    let value = |w: &mut World| {
        w.get("ada", "GET", "/expense/1")["customFields"]["values"][id.to_string()].clone()
    };
    assert_eq!(value(&mut w), "kept", "still shown on read");
    // An update that omits it keeps it; one that sends it back unchanged is accepted.
    let omitted = expense(1, "EUR", r#""id":1"#).replace("Licence", "Licences");
    w.send("ada", "PUT", "/expense", &omitted);
    assert_eq!(value(&mut w), "kept");
    let shown = w.send("ada", "PUT", "/expense", &with(&stored, r#""id":1"#));
    assert_eq!(shown["name"], "Licence");
    assert_eq!(value(&mut w), "kept");
    // A different value is refused, and so is any value on a new record.
    let changed = with(&valued(1, "EUR", &format!(r#""{id}":"new""#)), r#""id":1"#);
    let field = format!("customFields.{id}");
    w.refused("ada", "PUT", "/expense", &changed, &field);
    w.refused("ada", "POST", "/expense", &stored, &field);
    assert_eq!(value(&mut w), "kept");
}

#[test]
fn custom_field_definitions_are_updated_within_their_terms() {
    let mut w = World::new();
    let id = definition(
        &mut w,
        1,
        "SELECT",
        "ACTUAL",
        r#","options":["north","south"]"#,
    );
    let put = |fields: &str| format!(r#"{{"id":{id},"name":"Area","required":false,{fields}}}"#);
    let east = valued(1, "EUR", &format!(r#""{id}":"east""#));
    w.refused(
        "ada",
        "POST",
        "/expense",
        &east,
        &format!("customFields.{id}"),
    );
    // A rename and a new option: the option is then taken.
    let renamed = put(r#""style":"SELECT","type":"ACTUAL","options":["north","south","east"]"#);
    let shown = w.send("ada", "PUT", "/customfield", &renamed);
    assert_eq!(shown["name"], "Area");
    assert_eq!(shown["options"], json!(["north", "south", "east"]));
    let catalog = w.get("ada", "GET", "/folio/1/customfields");
    assert_eq!(catalog["customFields"]["ACTUAL"][0]["name"], "Area");
    w.send("ada", "POST", "/expense", &east);
    // Its style and type cannot change; options suit the style.
    for (fields, field) in [
        (r#""style":"TEXT","type":"ACTUAL""#, "style"),
        (
            r#""style":"SELECT","type":"TEAM","options":["north"]"#,
            "type",
        ),
        (r#""style":"SELECT","type":"ACTUAL""#, "options"),
        (
            r#""style":"SELECT","type":"ACTUAL","options":[]"#,
            "options",
        ),
        (
            r#""style":"SELECT","type":"ACTUAL","options":["north","north"]"#,
            "options",
        ),
    ] {
        w.refused("ada", "PUT", "/customfield", &put(fields), field);
    }
    for body in [
        r#"{"name":"Pick","style":"SELECT","type":"ACTUAL","required":false}"#,
        r#"{"name":"Note","style":"TEXT","type":"ACTUAL","required":false,"options":["a"]}"#,
        r#"{"name":"Pick","style":"SELECT","type":"ACTUAL","required":false,"options":[1,1]}"#,
    ] {
        w.refused("ada", "POST", "/folio/1/customfield", body, "options");
    }
    // A viewer may read, not change: 403. Another user is told what a missing id is told.
    w.send("ada", "PUT", "/folio/1/viewers", r#"{"users":["bob"]}"#);
    let before = w.0.clone();
    let delete = format!("/customfield/{id}");
    assert_eq!(w.call("bob", "PUT", "/customfield", Some(&renamed)).0, 403);
    assert_eq!(w.call("bob", "DELETE", &delete, None).0, 403);
    let hidden = w.call("carol", "PUT", "/customfield", Some(&renamed));
    let hidden_delete = w.call("carol", "DELETE", &delete, None);
    assert!(w.0 == before, "refusals change nothing");
    let mut empty = World::new();
    let missing = empty.call("ada", "PUT", "/customfield", Some(&renamed));
    assert_eq!(missing.0, 404, "{}", missing.1);
    assert_eq!(hidden, missing);
    assert_eq!(hidden_delete, empty.call("ada", "DELETE", &delete, None));
    let catalog = w.get("finance", "GET", "/folio/1/customfields");
    assert_eq!(catalog["customFields"]["ACTUAL"][0]["name"], "Area");
}

/// A plan import creates a new folio, which has no custom-field definitions: the document's
/// values are not carried, and the answer says so item by item (S7.4), as it does of the tracker
/// records the document's server named.
#[test]
fn a_plan_import_says_which_custom_field_values_it_did_not_keep() {
    let mut w = World::new();
    let field = r#"{"name":"Cost centre","style":"TEXT","type":"ACTUAL","required":false}"#;
    let id = w.send("ada", "POST", "/folio/1/customfield", field);
    w.send(
        "ada",
        "POST",
        "/expense",
        &expense(
            1,
            "EUR",
            &format!(r#""customFields":{{"values":{{"{id}":"CC-7"}}}}"#),
        ),
    );
    w.send("ada", "POST", "/expense", &expense(1, "EUR", ""));
    w.send(
        "ada",
        "POST",
        "/position",
        &with(PLANNED, r#""teamId":4,"teamMemberId":9"#),
    );
    let plan = w.get("ada", "GET", "/folio/1/plan");
    let imported = w.send("ada", "POST", "/folio/import", &plan.to_string());
    let notes: Vec<&str> = imported["notImported"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0].starts_with("positions[0].position: teamId and teamMemberId"),
        "{notes:?}"
    );
    assert!(
        notes[1].starts_with("expenses[0].customFields: custom-field values are not imported"),
        "{notes:?}"
    );
    let copy = imported["expenses"][0].as_u64().unwrap();
    let read = w.get("ada", "GET", &format!("/expense/{copy}"));
    assert!(read.get("customFields").is_none(), "{read}");
}

/// S7.4: a value is keyed by its definition's id as the service writes it ("7", not "07" or
/// "+7"), so one definition holds one value; a refusal says what was given.
#[test]
fn a_custom_field_value_is_keyed_by_its_definitions_id() {
    let mut w = World::new();
    let colour = r#"{"name":"Colour","style":"SELECT","type":"ACTUAL","required":false,"options":["red","blue"]}"#;
    let id = w.send("ada", "POST", "/folio/1/customfield", colour);
    assert_eq!(id, 1);
    for key in ["01", "+1", " 1"] {
        let body = expense(
            1,
            "EUR",
            &format!(r#""customFields":{{"values":{{"{key}":"red"}}}}"#),
        );
        let message = w.refused(
            "ada",
            "POST",
            "/expense",
            &body,
            &format!("customFields.{key}"),
        );
        assert!(message.contains("there is no custom field"), "{message}");
    }
    let body = expense(1, "EUR", r#""customFields":{"values":{"1":"green"}}"#);
    let message = w.refused("ada", "POST", "/expense", &body, "customFields.1");
    assert!(message.ends_with(r#"not "green""#), "{message}");
}

/// S7.4: a value the record already holds, sent back unchanged, is not judged again: the folio's
/// currency changed since (AMOUNT decimals), an option was dropped; the rest of the record stays
/// editable, while a new value is checked against the terms of today.
#[test]
fn a_value_sent_back_unchanged_is_kept() {
    let mut w = World::new();
    let amount = r#"{"name":"Deposit","style":"AMOUNT","type":"ACTUAL","required":false}"#;
    w.send("ada", "POST", "/folio/1/customfield", amount);
    let size =
        r#"{"name":"Size","style":"SELECT","type":"ACTUAL","required":false,"options":["S","M"]}"#;
    w.send("ada", "POST", "/folio/1/customfield", size);
    let values = r#""customFields":{"values":{"1":10.25,"2":"M"}}"#;
    w.send("ada", "POST", "/expense", &expense(1, "EUR", values));
    let rate = r#"{"from":"EUR","to":"JPY","rate":162,"effectiveDate":"2026-01-01"}"#;
    w.send("finance", "PUT", "/exchangerate", rate);
    let jpy =
        with(FOLIO, r#""id":1"#).replace(r#""currencyCode":"EUR""#, r#""currencyCode":"JPY""#);
    w.send("ada", "PUT", "/folio", &jpy);
    let fewer = r#"{"id":2,"name":"Size","style":"SELECT","type":"ACTUAL","required":false,"options":["S"]}"#;
    w.send("ada", "PUT", "/customfield", fewer);
    // Renamed, its values sent back as read: accepted and kept.
    let renamed = expense(1, "EUR", &format!(r#""id":1,{values}"#)).replace("Licence", "Licences");
    let saved = w.send("ada", "PUT", "/expense", &renamed);
    assert_eq!(saved["name"], "Licences");
    assert_eq!(saved["customFields"]["values"]["1"].to_string(), "10.25");
    assert_eq!(saved["customFields"]["values"]["2"], "M");
    // A new value is checked: JPY takes no decimals, "M" is no option any more.
    let changed = renamed.replace("10.25", "10.5");
    w.refused("ada", "PUT", "/expense", &changed, "customFields.1");
    let dropped = w.send(
        "ada",
        "PUT",
        "/expense",
        &renamed.replace(r#","2":"M""#, ""),
    );
    assert!(
        dropped["customFields"]["values"].get("2").is_none(),
        "{dropped}"
    );
    // Dropped, then sent again: a new value, no option any more.
    w.refused("ada", "PUT", "/expense", &renamed, "customFields.2");
}

/// A plan document exported with a folio's own custom-field values imports (S7.4: the new folio
/// has no definitions), saying what it did not keep.
#[test]
fn a_plan_export_with_folio_values_imports() {
    let mut w = World::new();
    let region = r#"{"name":"Region","style":"TEXT","type":"FOLIO","required":false}"#;
    w.send("ada", "POST", "/folio/1/customfield", region);
    let tagged = with(FOLIO, r#""id":1,"customFields":{"values":{"1":"north"}}"#);
    w.send("ada", "PUT", "/folio", &tagged);
    let plan = w.get("ada", "GET", "/folio/1/plan");
    assert_eq!(plan["folio"]["customFields"]["values"]["1"], "north");
    let imported = w.send("ada", "POST", "/folio/import", &plan.to_string());
    assert_eq!(
        imported["notImported"][0],
        "folio.customFields: custom-field values are not imported (their definitions belong to the folio the document came from)"
    );
}
