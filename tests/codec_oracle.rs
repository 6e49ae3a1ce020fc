//! The JSON codec against serde_json as the oracle: any byte string is accepted or
//! refused by both alike, what is accepted is read as serde_json reads it and written as
//! serde_json writes it, and read -> write -> read is the identity.

use costfolio::json::{from_json, to_json, Value};
use proptest::prelude::*;

/// serde_json's verdict on `bytes` as any JSON value, and its compact writing when accepted.
fn oracle(bytes: &[u8]) -> Option<String> {
    serde_json::from_slice::<serde_json::Value>(bytes)
        .ok()
        .map(|value| value.to_string())
}

/// Both verdicts on `bytes` agree; an accepted body is written as serde_json writes it, and reads
/// back as the same value.
fn agrees(bytes: &[u8]) -> Result<(), TestCaseError> {
    let own = from_json::<Value>(bytes);
    let theirs = oracle(bytes);
    prop_assert_eq!(
        own.is_ok(),
        theirs.is_some(),
        "{:?}: ours {:?}",
        String::from_utf8_lossy(bytes),
        own
    );
    if let (Ok(value), Some(written)) = (own, theirs) {
        let text = to_json(&value);
        prop_assert_eq!(&text, &written);
        prop_assert_eq!(from_json::<Value>(text.as_bytes()).unwrap(), value);
    }
    Ok(())
}

/// JSON values of every kind, nested a few levels, with the awkward parts of the grammar: escapes,
/// surrogate pairs, exponents, signs, leading zeros after the point, long digit strings.
fn json_text() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        Just("0".to_owned()),
        Just("-0".to_owned()),
        Just("1.50".to_owned()),
        Just("1e400".to_owned()),
        Just("-12.5E+3".to_owned()),
        Just("99999999999999999999999999999".to_owned()),
        "-?(0|[1-9][0-9]{0,20})(\\.[0-9]{1,20})?([eE][-+]?[0-9]{1,3})?",
    ];
    let string = prop_oneof![
        "[a-z ]{0,8}".prop_map(|text| format!("\"{text}\"")),
        Just(r#""\"\\\/\b\f\n\r\t""#.to_owned()),
        Just(r#""\u00e9\ud83d\ude00""#.to_owned()),
        Just(r#""é€😀""#.to_owned()),
        Just(r#""\ud800""#.to_owned()),
        Just(r#""\udc00x""#.to_owned()),
    ];
    let leaf = prop_oneof![
        Just("null".to_owned()),
        Just("true".to_owned()),
        Just("false".to_owned()),
        number,
        string.clone(),
    ];
    leaf.prop_recursive(4, 48, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6)
                .prop_map(|items| format!("[{}]", items.join(","))),
            prop::collection::vec(("[a-c]{1,2}", inner), 0..6).prop_map(|entries| {
                let members: Vec<String> = entries
                    .into_iter()
                    .map(|(key, value)| format!(" \"{key}\" : {value} "))
                    .collect();
                format!("{{{}}}", members.join(","))
            }),
        ]
    })
}

/// Pieces that break JSON where it breaks most often.
fn noise() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just(",".to_owned()),
        Just(":".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("\"".to_owned()),
        Just("\\".to_owned()),
        Just("\\u12".to_owned()),
        Just("tru".to_owned()),
        Just("-".to_owned()),
        Just("1.".to_owned()),
        Just("01".to_owned()),
        Just("\u{0}".to_owned()),
        Just("\t\n ".to_owned()),
        Just("\u{feff}".to_owned()),
        "[ -~]{1,3}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Well-formed values are accepted by both, read alike, written alike.
    #[test]
    fn values_are_read_and_written_as_serde_json_does(text in json_text()) {
        agrees(text.as_bytes())?;
    }

    /// A value with noise spliced in: both accept or both refuse.
    #[test]
    fn broken_values_are_refused_alike(
        text in json_text(),
        at in any::<prop::sample::Index>(),
        cut in 0..4usize,
        piece in noise(),
    ) {
        let mut bytes = text.into_bytes();
        let at = at.index(bytes.len() + 1);
        let end = (at + cut).min(bytes.len());
        bytes.splice(at..end, piece.into_bytes());
        agrees(&bytes)?;
    }

    /// Any bytes at all.
    #[test]
    fn any_bytes_are_judged_alike(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        agrees(&bytes)?;
    }
}

#[test]
fn depth_is_judged_alike_at_every_level() {
    let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    // serde_json reads 127 levels of arrays into a `Value` and refuses 128, and so does every
    // wire type (one limit in every interface, tests/limits.rs).
    for depth in [1, 64, 127, 128, 129, 200, 10_000] {
        agrees(nested(depth).as_bytes()).unwrap();
    }
    assert!(oracle(nested(127).as_bytes()).is_some());
    assert_eq!(
        from_json::<Value>(nested(128).as_bytes())
            .unwrap_err()
            .to_string(),
        format!(
            "{}: nested deeper than 127 arrays and objects",
            "[0]".repeat(127)
        )
    );
}
