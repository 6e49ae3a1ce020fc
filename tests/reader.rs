//! The JSON reader under `from_json` (`costfolio::json::read`): it accepts exactly the JSON
//! serde_json accepts, and reads values as serde read them.

use std::collections::BTreeMap;

use costfolio::json::read::{Read, Reader};
use costfolio::model::budgeting::Success;
use costfolio::model::{from_json, WireError};
use costfolio::state::{Command, JournalEntry};
use serde::de::IgnoredAny;

/// Whether the reader takes `text` as one JSON value and nothing else.
fn reader_accepts(text: &str) -> bool {
    let mut reader = Reader::new(text);
    reader.skip().and_then(|()| reader.end()).is_ok()
}

#[test]
fn the_reader_accepts_exactly_what_serde_json_accepts() {
    let cases = [
        "{}",
        "[]",
        " {\"a\" : [1, -0, 0.5, 1e5, 1E-5, -12.5e+3, true, false, null, \"x\"]} ",
        "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"",
        "[[[[]]]]",
        "{\"a\":{\"b\":{}}}",
        "",
        " ",
        "{",
        "}",
        "[1,]",
        "[,1]",
        "{\"a\":1,}",
        "{,\"a\":1}",
        "{\"a\" 1}",
        "{\"a\":}",
        "{1:2}",
        "{\"a\":1 \"b\":2}",
        "[1 2]",
        "01",
        "-",
        "1.",
        ".5",
        "+1",
        "1e",
        "1e+",
        "--1",
        "0x10",
        "tru",
        "nul",
        "True",
        "\"abc",
        "\"a\\x\"",
        "\"a\\u12\"",
        "\"a\\u12g4\"",
        "\"tab\there\"",
        "\"new\nline\"",
        "[1] 2",
        "{} {}",
        "[1]]",
        "NaN",
        "\u{feff}{}",
    ];
    for text in cases {
        let serde = serde_json::from_str::<IgnoredAny>(text).is_ok();
        assert_eq!(reader_accepts(text), serde, "{text:?}");
    }
    // What is read over nests no deeper than what is read: 128 levels in every interface (the
    // hardening issue; serde had no limit there). It is never read by a recursion: a million
    // levels are refused without exhausting the stack.
    for (depth, accepted) in [(127, true), (128, true), (129, false), (1_000_000, false)] {
        let text = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        assert_eq!(reader_accepts(&text), accepted, "depth {depth}");
    }
    let deep = |levels: usize| {
        format!(
            r#"{{"success": true, "ignored": {}1{}}}"#,
            "[".repeat(levels),
            "]".repeat(levels)
        )
    };
    let read: Success<bool> = from_json(deep(127).as_bytes()).unwrap();
    assert!(read.success);
    assert_eq!(
        from_json::<Success<bool>>(deep(128).as_bytes())
            .unwrap_err()
            .to_string(),
        "ignored: nested deeper than 128 arrays and objects"
    );
    // A value kept as JSON nests at most 128 levels, as every wire type (serde_json's `Value`
    // stops at 127), refused at its field without a stale position.
    let deep = format!(r#"{{"v": {}{}}}"#, "[".repeat(200), "]".repeat(200));
    assert_eq!(
        from_json::<BTreeMap<String, costfolio::json::Value>>(deep.as_bytes()).unwrap_err(),
        WireError::Invalid {
            field: "v".to_owned(),
            message: "nested deeper than 128 arrays and objects".to_owned()
        }
    );
    // A value's depth counts from the value, wherever it sits: 128 levels deep inside three
    // containers are read, written and read back the same (a snapshot holding it reloads).
    let nested = |levels: usize| {
        format!(
            r#"[[{{"v": {}1{}}}]]"#,
            "[".repeat(levels),
            "]".repeat(levels)
        )
    };
    type Holder = Vec<Vec<BTreeMap<String, costfolio::json::Value>>>;
    let read: Holder = from_json(nested(127).as_bytes()).unwrap();
    let written = costfolio::model::to_json(&read);
    assert_eq!(from_json::<Holder>(written.as_bytes()).unwrap(), read);
    assert_eq!(
        from_json::<Holder>(nested(129).as_bytes()).unwrap_err(),
        WireError::Invalid {
            field: "[0][0].v".to_owned(),
            message: "nested deeper than 128 arrays and objects".to_owned()
        }
    );
    // A string a value refuses inside it refuses the value, at its field.
    assert_eq!(
        from_json::<Holder>(br#"[[{"v": [{"a": "\ud800x"}]}]]"#).unwrap_err(),
        WireError::Invalid {
            field: "[0][0].v".to_owned(),
            message: "an unpaired surrogate in a \\u escape".to_owned()
        }
    );
    // A lone surrogate escape is JSON: refused only where a string is read, not where ignored.
    let read: Success<bool> = from_json(br#"{"success": true, "zz": "\ud800"}"#).unwrap();
    assert!(read.success);
    assert!(from_json::<Success<bool>>(br#"{"success": true, "zz": "\ud800\x"}"#).is_err());
}

#[test]
fn strings_and_numbers_are_read_as_written() {
    let text: String = from_json(br#""a\"b\\c\/d\u00e9\ud83d\ude00\n""#).unwrap();
    assert_eq!(text, "a\"b\\c/d\u{e9}\u{1F600}\n");
    let plain: String = from_json("\"é€😀\"".as_bytes()).unwrap();
    assert_eq!(plain, "é€😀");
    let numbers: Vec<u64> = from_json(b"[0, 7, 18446744073709551615]").unwrap();
    assert_eq!(numbers, [0, 7, u64::MAX]);
    for (body, message) in [
        (
            &b"[18446744073709551616]"[..],
            "expected a whole number from 0 to 18446744073709551615, found 18446744073709551616, which is out of range",
        ),
        (b"[-1]", "expected a whole number from 0 to 18446744073709551615, found -1, which is out of range"),
        (b"[1.5]", "expected a whole number from 0 to 18446744073709551615, found the number 1.5"),
        (b"[1e400]", "the number 1e400 is out of range"),
        (b"[1.8e308]", "the number 1.8e308 is out of range"),
        (b"[0.5e309]", "the number 0.5e309 is out of range"),
        (
            b"[1.7e308]",
            "expected a whole number from 0 to 18446744073709551615, found the number 1.7e308",
        ),
        (
            b"[1e-99999999999999999999]",
            "expected a whole number from 0 to 18446744073709551615, found the number 1e-99999999999999999999",
        ),
        (b"[\"7\"]", "expected a whole number from 0 to 18446744073709551615, found the string \"7\""),
        (b"[true]", "expected a whole number from 0 to 18446744073709551615, found true"),
        (b"[null]", "expected a whole number from 0 to 18446744073709551615, found null"),
        (b"[{}]", "expected a whole number from 0 to 18446744073709551615, found an object"),
    ] {
        let error = from_json::<Vec<u64>>(body).unwrap_err();
        assert_eq!(
            error,
            WireError::Invalid {
                field: "[0]".to_owned(),
                message: message.to_owned()
            },
            "{}",
            String::from_utf8_lossy(body)
        );
    }
}

#[test]
fn maps_options_tuples_and_arrays_read_as_serde_read_them() {
    // A repeated key keeps the last value, as a map does.
    let map: BTreeMap<String, u32> = from_json(br#"{"b": 1, "a": 2, "b": 3}"#).unwrap();
    assert_eq!(
        map.into_iter().collect::<Vec<_>>(),
        [("a".into(), 2), ("b".into(), 3)]
    );
    let map: BTreeMap<u64, bool> = from_json(br#"{"10": true, "9": false}"#).unwrap();
    assert_eq!(
        map.into_iter().collect::<Vec<_>>(),
        [(9, false), (10, true)]
    );
    let error = from_json::<BTreeMap<u64, bool>>(br#"{"x": true}"#).unwrap_err();
    assert_eq!(
        error,
        WireError::Invalid {
            field: String::new(),
            message: "a record key must be a number in quotes".to_owned()
        }
    );
    let error = from_json::<Vec<BTreeMap<u64, bool>>>(br#"[{"1": true, "x": true}]"#).unwrap_err();
    assert_eq!(error.field(), Some("[0]"), "{error}");
    // Keys are numbers as JSON writes them: no leading zero, no escape.
    for key in [r#""01""#, r#""\u0031""#, r#""""#, r#""-1""#, r#""1.0""#] {
        let body = format!("{{{key}: true}}");
        assert!(
            from_json::<BTreeMap<u64, bool>>(body.as_bytes()).is_err(),
            "{body}"
        );
    }
    let zero: BTreeMap<u64, bool> = from_json(br#"{"0": true}"#).unwrap();
    assert_eq!(zero.into_iter().collect::<Vec<_>>(), [(0, true)]);
    let options: Vec<Option<u32>> = from_json(b"[null, 3]").unwrap();
    assert_eq!(options, [None, Some(3)]);
    let pair: (u64, String) = from_json(br#"[4, "x"]"#).unwrap();
    assert_eq!(pair, (4, "x".to_owned()));
    assert_eq!(
        from_json::<(u64, String)>(b"[4]").unwrap_err().to_string(),
        "expected an array of 2 elements, found 1 element"
    );
    assert_eq!(
        from_json::<(u64, String)>(br#"[4, "x", 5]"#)
            .unwrap_err()
            .to_string(),
        "[2]: expected an array of 2 elements, found more elements"
    );
    let week: [u32; 3] = from_json(b"[1, 2, 3]").unwrap();
    assert_eq!(week, [1, 2, 3]);
    assert_eq!(
        from_json::<[u32; 3]>(b"[1, 2]").unwrap_err().to_string(),
        "expected an array of 3 elements, found 2 elements"
    );
    // Any value, numbers with their digits.
    let value: costfolio::json::Value = from_json(br#"{"a": [1.50, "x", null]}"#).unwrap();
    assert_eq!(value.to_string(), r#"{"a":[1.50,"x",null]}"#);
}

/// A type of every shape the derive reads, beyond those of the wire types.
#[derive(Debug, PartialEq, Read)]
#[wire(rename_all = "camelCase")]
struct Shapes {
    boxed_option: Box<Option<u32>>,
    #[wire(default)]
    kind: Vec<Mixed>,
}

#[derive(Debug, PartialEq, Read)]
enum Mixed {
    Unit,
    New(u64),
    Fields { a: u32 },
}

#[test]
fn boxed_options_may_be_absent_and_unit_variants_take_null_only() {
    let shapes: Shapes = from_json(b"{}").unwrap();
    assert_eq!(
        shapes,
        Shapes {
            boxed_option: Box::new(None),
            kind: Vec::new()
        }
    );
    let shapes: Shapes =
        from_json(br#"{"boxedOption": 3, "kind": ["Unit", {"Unit": null}, {"New": 4}, {"Fields": {"a": 5}}]}"#)
            .unwrap();
    assert_eq!(*shapes.boxed_option, Some(3));
    assert_eq!(
        shapes.kind,
        [
            Mixed::Unit,
            Mixed::Unit,
            Mixed::New(4),
            Mixed::Fields { a: 5 }
        ]
    );
    let error = from_json::<Shapes>(br#"{"kind": [{"Unit": 5}]}"#).unwrap_err();
    assert_eq!(
        error,
        WireError::Invalid {
            field: "kind[0].Unit".to_owned(),
            message: "expected null (a unit variant), found the number 5".to_owned()
        }
    );
    // A field of named values (an enum of unit variants only) is a string, never an object.
    let error = from_json::<costfolio::model::core_admin::AccountRequest>(
        br#"{"key": "K", "name": "N", "status": {"OPEN": null}}"#,
    )
    .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("expected a string naming one of"),
        "{error}"
    );
}

#[test]
fn externally_tagged_variants_are_read_in_each_form() {
    // A newtype variant, a struct variant, and the wrong forms of each.
    let entry: JournalEntry = from_json(br#"{"seq": 2, "command": {"DeleteAccount": 9}}"#).unwrap();
    assert_eq!(entry.command, Command::DeleteAccount(9));
    let entry: JournalEntry =
        from_json(br#"{"command": {"RevokePair": {"pair": 3, "x": [1]}}, "seq": 4}"#).unwrap();
    assert_eq!(
        (entry.seq, entry.command),
        (4, Command::RevokePair { pair: 3 })
    );
    for (body, field, message) in [
        (
            &br#"{"seq": 2, "command": "DeleteAccount"}"#[..],
            "command",
            "expected a newtype variant, found a unit variant",
        ),
        (
            br#"{"seq": 2, "command": {"Nothing": 1}}"#,
            "command",
            "`Nothing` is not one of",
        ),
        (
            br#"{"seq": 2, "command": {"DeleteAccount": 9, "DeleteCategory": 1}}"#,
            "command",
            "with one key naming its variant",
        ),
        (
            br#"{"seq": 2, "command": 5}"#,
            "command",
            "expected a Command, found the number 5",
        ),
    ] {
        let error = from_json::<JournalEntry>(body).unwrap_err();
        assert_eq!(error.field(), Some(field), "{error}");
        assert!(error.to_string().contains(message), "{error}");
    }
}

#[test]
fn every_value_type_reads_through_the_reader_it_is_given() {
    // `Read` is public: a host can read a wire type from the middle of a larger document.
    let text = r#"[{"rate": 80.25, "startDate": "2026-01-01"}, 1]"#;
    let mut reader = Reader::new(text);
    let mut first = true;
    reader.begin_array().unwrap();
    assert!(reader.element(&mut first).unwrap());
    let rate = costfolio::model::budgeting::Rate::read(&mut reader).unwrap();
    assert_eq!(rate.rate.to_string(), "80.25");
    assert!(reader.element(&mut first).unwrap());
    assert_eq!(u64::read(&mut reader).unwrap(), 1);
    assert!(!reader.element(&mut first).unwrap());
    reader.end().unwrap();
}
