//! The JSON writer under `to_json` (`costfolio::json::write`): it writes what serde_json wrote.

use std::collections::BTreeMap;

use costfolio::model::to_json;

#[test]
fn strings_are_escaped_as_serde_json_escapes_them() {
    // Every ASCII character, alone and between others, and text beyond ASCII.
    let mut texts: Vec<String> = (0u8..=127)
        .map(|b| format!("a{}b", char::from(b)))
        .collect();
    texts.extend(
        [
            "",
            "\"",
            "\\",
            "é€😀",
            "\u{7f}\u{80}\u{2028}",
            "</script>",
            "tab\tand\nnew",
        ]
        .map(str::to_owned),
    );
    for text in &texts {
        assert_eq!(
            to_json(text),
            serde_json::to_string(text).unwrap(),
            "{text:?}"
        );
    }
}

#[test]
fn numbers_maps_options_and_sequences_are_written_as_serde_json_wrote_them() {
    for value in [0u64, 7, u64::MAX] {
        assert_eq!(to_json(&value), serde_json::to_string(&value).unwrap());
    }
    let map: BTreeMap<u64, Vec<Option<String>>> =
        BTreeMap::from([(2, vec![None, Some("x".into())]), (10, vec![])]);
    let want = serde_json::to_string(&map).unwrap();
    assert_eq!(to_json(&map), want);
    assert_eq!(want, r#"{"2":[null,"x"],"10":[]}"#);
    let pair = (3u64, String::from("y"));
    assert_eq!(to_json(&pair), r#"[3,"y"]"#);
    let text = r#"{"b":[1.50,true],"a":null}"#;
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    let own: costfolio::json::Value = costfolio::model::from_json(text.as_bytes()).unwrap();
    assert_eq!(to_json(&own), value.to_string());
}
