//! Every constraint of S1, S2 and S10.1 refuses a bad value with a typed error that names the field
//! and the value. The cases live in tests/vectors/rejections.json; each failing case names itself.

use costfolio::model::audit::{DeletedAllocation, DeletedEventsPage};
use costfolio::model::budgeting::{
    Allocation, ExchangeRate, Expense, Folio, FolioSummary, HoursPeriod, OvertimeRule, Position,
    Rate, Success,
};
use costfolio::model::core_admin::{
    AccountRequest, CustomerRequest, GenericResource, HolidaySchemeCreate,
};
use costfolio::model::{from_json, WireError};
use costfolio_suite::{golden, vectors};
use serde_json::Value;

const RAW: &str = "__raw__";
const PLACEHOLDER: &str = "\"__placeholder__\"";

/// Reads `body` as the wire type named `type_name`.
fn read_as(type_name: &str, body: &[u8]) -> Result<(), WireError> {
    match type_name {
        "Allocation" => from_json::<Allocation>(body).map(drop),
        "HoursPeriod" => from_json::<HoursPeriod>(body).map(drop),
        "Rate" => from_json::<Rate>(body).map(drop),
        "Expense" => from_json::<Expense>(body).map(drop),
        "Folio" => from_json::<Folio>(body).map(drop),
        "OvertimeRule" => from_json::<OvertimeRule>(body).map(drop),
        "AccountRequest" => from_json::<AccountRequest>(body).map(drop),
        "CustomerRequest" => from_json::<CustomerRequest>(body).map(drop),
        "HolidaySchemeCreate" => from_json::<HolidaySchemeCreate>(body).map(drop),
        "GenericResource" => from_json::<GenericResource>(body).map(drop),
        "Success<Vec<FolioSummary>>" => from_json::<Success<Vec<FolioSummary>>>(body).map(drop),
        "Success<Position>" => from_json::<Success<Position>>(body).map(drop),
        "Success<Vec<ExchangeRate>>" => from_json::<Success<Vec<ExchangeRate>>>(body).map(drop),
        "DeletedEventsPage<DeletedAllocation>" => {
            from_json::<DeletedEventsPage<DeletedAllocation>>(body).map(drop)
        }
        other => panic!("the vectors name a type this test does not know: {other}"),
    }
}

/// The sample with the field at `pointer` set to `value`, removed when `value` is null.
fn broken_body(sample: &str, pointer: &str, value: &Value) -> String {
    let mut body: Value = serde_json::from_str(&golden(sample)).unwrap();
    let (parent, last) = pointer.rsplit_once('/').unwrap();
    let target = body
        .pointer_mut(parent)
        .unwrap_or_else(|| panic!("{sample} has nothing at {parent}"));
    let raw = value.as_str().and_then(|text| text.strip_prefix(RAW));
    match (target, value) {
        (Value::Object(map), Value::Null) => {
            assert!(map.remove(last).is_some(), "{sample} has no {pointer}");
        }
        (Value::Object(map), _) => {
            let new = if raw.is_some() {
                Value::from("__placeholder__")
            } else {
                value.clone()
            };
            map.insert(last.to_owned(), new);
        }
        (Value::Array(items), _) => {
            let index: usize = last.parse().unwrap();
            items[index] = if raw.is_some() {
                Value::from("__placeholder__")
            } else {
                value.clone()
            };
        }
        _ => panic!("{sample}: {parent} is neither an object nor an array"),
    }
    let text = body.to_string();
    match raw {
        Some(raw) => text.replacen(PLACEHOLDER, raw, 1),
        None => text,
    }
}

/// `body` laid out on many lines (a line break and indent after each `{`, `[` and `,` outside
/// strings), every value kept as written.
fn spread(body: &str) -> String {
    let mut out = String::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in body.chars() {
        out.push(c);
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        } else if matches!(c, '{' | '[' | ',') {
            out.push_str("\n    ");
        }
    }
    out
}

#[test]
fn every_rejection_vector_names_its_field_and_value() {
    let vectors: Value = serde_json::from_str(&vectors("rejections.json")).unwrap();
    let cases = vectors["cases"].as_array().unwrap();
    assert!(cases.len() >= 60, "the vectors lost cases: {}", cases.len());
    let mut failures = Vec::new();
    for case in cases {
        let name = case["case"].as_str().unwrap();
        let body = broken_body(
            case["sample"].as_str().unwrap(),
            case["set"].as_str().unwrap(),
            &case["value"],
        );
        let expected_field = case["field"].as_str().unwrap();
        let expected_message = case["message"].as_str().unwrap();
        // The same body laid out on many lines: the path must not depend on the layout.
        let pretty = spread(&body);
        for body in [&body, &pretty] {
            match read_as(case["type"].as_str().unwrap(), body.as_bytes()) {
                Ok(()) => failures.push(format!("{name}: accepted {body}")),
                Err(error) => {
                    if error.field() != Some(expected_field)
                        || error.to_string() != expected_message
                    {
                        failures.push(format!(
                            "{name}: expected field {expected_field:?} with {expected_message:?}\n    got field {:?} with {:?}",
                            error.field(),
                            error.to_string()
                        ));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn missing_fields_are_their_own_kind_of_error() {
    let error = from_json::<Rate>(br#"{"rate": 10}"#).unwrap_err();
    assert_eq!(
        error,
        WireError::Missing {
            field: "startDate".into()
        }
    );
    assert_eq!(error.to_string(), "startDate is required");
    assert_eq!(error.field_name(), Some("startDate"));
}

#[test]
fn the_budgeting_errors_map_key_is_the_last_segment_of_the_path() {
    let error = from_json::<Expense>(
        broken_body(
            "expense.json",
            "/recurrence/recurrenceOn/1",
            &Value::from("__raw__9"),
        )
        .as_bytes(),
    )
    .unwrap_err();
    assert_eq!(error.field(), Some("recurrence.recurrenceOn[1]"));
    assert_eq!(error.field_name(), Some("recurrenceOn"));
}

#[test]
fn malformed_json_is_a_syntax_error_with_its_position() {
    for (body, line, column) in [
        (&b"{\"rate\": 10,"[..], 1, 12),
        (
            b"{\"rate\": 10, \"startDate\": \"2026-01-01\"} trailing",
            1,
            41,
        ),
        (b"\n\n  {\"rate\": 1,", 3, 13),
        (b"", 1, 0),
        (b"{\"rate\": 1O}", 1, 11),
    ] {
        match from_json::<Rate>(body) {
            Err(WireError::Syntax {
                line: l, column: c, ..
            }) => {
                assert_eq!((l, c), (line, column), "{}", String::from_utf8_lossy(body))
            }
            other => panic!("{}: {other:?}", String::from_utf8_lossy(body)),
        }
    }
}

#[test]
fn the_wrong_json_type_for_the_whole_body_names_no_field() {
    let error = from_json::<Rate>(b"42").unwrap_err();
    assert_eq!(error.field(), None);
    assert_eq!(
        error.to_string(),
        "invalid type: integer `42`, expected struct Rate"
    );
}

#[test]
fn an_inverted_allocation_period_is_refused_with_the_documented_message_on_end_date() {
    let allocation: Allocation =
        from_json(br#"{"startDate":"2026-05-01","endDate":"2026-04-30","percentage":50}"#).unwrap();
    let error = allocation.period().unwrap_err();
    assert_eq!(
        error.to_string(),
        "The start date must be before or equal to the end date (start 2026-05-01, end 2026-04-30)"
    );
    assert_eq!(
        costfolio::model::messages::START_AFTER_END,
        "The start date must be before or equal to the end date"
    );
    let period: HoursPeriod =
        from_json(br#"{"otEffort":0,"startDate":"2026-05-02","endDate":"2026-05-01","effort":8}"#)
            .unwrap();
    assert!(period.period().is_err());
}

#[test]
fn the_path_is_found_past_unknown_fields_escapes_and_nested_arrays() {
    let cases: [(&str, &str, &str); 6] = [
        (
            "Rate",
            r#"{"x": [1, {"y": [2, "]}"]}], "k\"}": {"rate": 1}, "rate": "10", "startDate": "2026-01-01"}"#,
            "rate",
        ),
        (
            "Rate",
            "{\n  \"rate\": 10,\n  \"startDate\": \"2026-13-01\"\n}",
            "startDate",
        ),
        (
            "Rate",
            r#"{"\u00e9": {"startDate": 5}, "startDate": "2026-01-01", "rate": -1}"#,
            "rate",
        ),
        (
            "Success<Vec<ExchangeRate>>",
            r#"{"success": [{"from": "USD", "to": "EUR", "rate": 0.9, "effectiveDate": "2026-01-01"},
                            {"from": "USD", "to": "EUR", "effectiveDate": "2026-01-01"}]}"#,
            "success[1].rate",
        ),
        (
            "Success<Vec<ExchangeRate>>",
            r#"{"success": [{"from": "USD", "to": "EUR", "rate": 0.9, "effectiveDate": "2026-01-01"},
                            {"from": "USD", "to": "EURO", "rate": 0.9, "effectiveDate": "2026-01-01"}]}"#,
            "success[1].to",
        ),
        (
            "Success<Vec<ExchangeRate>>",
            r#"{"success": [{"from": "USD", "to": "EUR", "rate": 0.9, "effectiveDate": "2026-02-30"}]}"#,
            "success[0].effectiveDate",
        ),
    ];
    for (type_name, body, field) in cases {
        let error = read_as(type_name, body.as_bytes()).unwrap_err();
        assert_eq!(error.field(), Some(field), "{body}: {error}");
    }
    // An element refused before it is read (an object or array where a string belongs) is
    // named by its own index.
    use costfolio::model::budgeting::BudgetErrorBody;
    use costfolio::model::core_ext::MembersRequest;
    use costfolio::value::Date;
    let field = |error: WireError| error.field().map(str::to_owned);
    for (body, want) in [
        (r#"{"accountIds": ["a", {"x": 1}]}"#, "accountIds[1]"),
        (r#"{"accountIds": [{}]}"#, "accountIds[0]"),
        (r#"{"accountIds": ["a", "b", ["c"]]}"#, "accountIds[2]"),
    ] {
        let error = from_json::<MembersRequest>(body.as_bytes()).unwrap_err();
        assert_eq!(field(error), Some(want.to_owned()), "{body}");
    }
    let error = from_json::<Vec<Date>>(br#"["2026-01-01", {}]"#).unwrap_err();
    assert_eq!(field(error).as_deref(), Some("[1]"));
    // An array where an exchange rate belongs is read as its fields in order (serde's positional
    // form): its first element, an object where a currency belongs, is the value at fault.
    let error = from_json::<Success<Vec<ExchangeRate>>>(br#"{"success": [[{}]]}"#).unwrap_err();
    assert_eq!(field(error).as_deref(), Some("success[0][0]"));
    // A field of named values given an object, an array or a number: serde_json calls that
    // malformed JSON; the body is valid, so the refusal names the field.
    use costfolio::model::core_admin::CategoryType;
    for body in [
        r#"{"name": {}}"#,
        r#"{"name": []}"#,
        r#"{"name": 5}"#,
        r#"{"name": {"X": 1}}"#,
    ] {
        let error = from_json::<CategoryType>(body.as_bytes()).unwrap_err();
        assert_eq!(error.field(), Some("name"), "{body}: {error}");
    }
    assert!(matches!(
        from_json::<CategoryType>(br#"{"name": {}"#).unwrap_err(),
        WireError::Syntax { .. }
    ));
    // A field given twice is refused at the second one, the message naming the field.
    let error = from_json::<Success<Vec<ExchangeRate>>>(
        br#"{"success": [{"from": "USD", "from": "EUR", "to": "EUR", "rate": 1, "effectiveDate": "2026-01-01"}]}"#,
    )
    .unwrap_err();
    assert_eq!(error.to_string(), "success[0].from: duplicate field `from`");
    // Keys escaped as UTF-16 surrogate pairs are read back whole.
    let error = from_json::<BudgetErrorBody>(br#"{"errors": {"\ud83d\ude00": 5}}"#).unwrap_err();
    assert_eq!(field(error).as_deref(), Some("errors.\u{1F600}"));
}

#[test]
fn an_array_where_an_object_belongs_is_read_as_its_fields_in_order() {
    // serde's derive reads a struct from an array of its fields in order (the wire
    // types are serde's again; the project's own codec refused that form). Each element is still
    // its field's type, checked as the field would be, and a wrong one is named by its index.
    let rate: Rate = from_json(br#"[80.25, "2026-01-01"]"#).unwrap();
    assert_eq!(rate.rate.to_string(), "80.25");
    let error = from_json::<Rate>(br#"["80.25", "2026-01-01"]"#).unwrap_err();
    assert_eq!(error.field(), Some("[0]"));
    assert_eq!(
        error.to_string(),
        "[0]: invalid type: string \"80.25\", expected a JSON number"
    );
    let error = from_json::<Success<Vec<ExchangeRate>>>(
        br#"{"success": [{"from": "USD", "to": "EUR", "rate": 0.9, "effectiveDate": "2026-01-01"},
                         ["USD", "EUR", 0.9, "2026-02-30"]]}"#,
    )
    .unwrap_err();
    assert_eq!(error.field(), Some("success[1][3]"));
    // The same objects are read as before.
    let rates = from_json::<Success<Vec<ExchangeRate>>>(
        br#"{"success": [{"from": "USD", "to": "EUR", "rate": 0.9, "effectiveDate": "2026-01-01"}]}"#,
    )
    .unwrap();
    assert_eq!(rates.success.len(), 1);
}

#[test]
fn a_journal_entry_struct_variant_is_read_from_its_fields() {
    use costfolio::state::{Command, JournalEntry};
    let entry: JournalEntry =
        from_json(br#"{"seq": 7, "command": {"RevokePair": {"pair": 3}}}"#).unwrap();
    assert_eq!(entry.seq, 7);
    assert_eq!(entry.command, Command::RevokePair { pair: 3 });
    // serde's positional form of a struct variant reads the same command.
    let positional: JournalEntry =
        from_json(br#"{"seq": 7, "command": {"RevokePair": [3]}}"#).unwrap();
    assert_eq!(positional, entry);
    // A struct variant named by a bare string is the wrong type (a unit variant), at the field
    // that holds it.
    let error = from_json::<JournalEntry>(br#"{"seq": 7, "command": "RevokePair"}"#).unwrap_err();
    assert_eq!(error.field(), Some("command.RevokePair"));
    assert!(
        error.to_string().contains("expected struct variant"),
        "{error}"
    );
    let error =
        from_json::<JournalEntry>(br#"{"seq": 7, "command": {"RevokePair": {}}}"#).unwrap_err();
    assert_eq!(
        error,
        WireError::Missing {
            field: "command.RevokePair.pair".to_owned()
        }
    );
}

#[test]
fn a_body_that_is_not_utf8_is_refused_at_its_first_invalid_byte_wherever_it_is() {
    // In a value, between tokens, in an ignored field's string, on a later line: before, an
    // invalid byte inside an ignored string slipped through, and one in a value was reported as
    // a wrong enum value.
    for (body, line, column) in [
        (
            &b"{\"rate\": \"\xff\", \"startDate\": \"2026-01-01\"}"[..],
            1,
            11,
        ),
        (b"{\"rate\": 1, \xff \"startDate\": \"2026-01-01\"}", 1, 13),
        (
            b"{\"x\": \"a\xc3\", \"rate\": 1, \"startDate\": \"2026-01-01\"}",
            1,
            9,
        ),
        (b"{\"rate\": 1,\n \"x\": \"\xe2\x82\"}", 2, 8),
    ] {
        let error = from_json::<Rate>(body).unwrap_err();
        assert_eq!(
            error,
            WireError::Syntax {
                line,
                column,
                detail: "invalid UTF-8".to_owned()
            },
            "{}",
            String::from_utf8_lossy(body)
        );
    }
    // Multi-byte characters are read as they were.
    let rate: Rate =
        from_json("{\"rate\": 1, \"n\": \"é€😀\", \"startDate\": \"2026-01-01\"}".as_bytes())
            .unwrap();
    assert_eq!(rate.rate.to_string(), "1");
}

#[test]
fn a_lone_surrogate_escape_is_refused_at_its_field_not_as_a_wrong_value() {
    // `\ud800` not followed by its pair: the grammar of JSON allows it, Unicode does not, and
    // serde_json refuses it. The refusal names the field and says why; it used to call it
    // "expected a string naming one of the field's values".
    let error = from_json::<CustomerRequest>(br#"{"key": "K", "name": "a\ud800b"}"#).unwrap_err();
    assert_eq!(error.field(), Some("name"), "{error}");
    assert!(error.to_string().contains("escape"), "{error}");
    // A well-formed pair is read.
    let customer: CustomerRequest =
        from_json(br#"{"key": "K", "name": "a\ud83d\ude00b"}"#).unwrap();
    assert_eq!(customer.name.to_string(), "a\u{1F600}b");
}

#[test]
fn a_value_of_valid_json_that_no_field_holds_is_refused_at_its_field() {
    use costfolio::state::{JournalEntry, State};
    // A number too large for its type, in a body that is valid JSON.
    let error =
        from_json::<JournalEntry>(br#"{"seq": 1e400, "command": {"RevokePair": {"pair": 3}}}"#)
            .unwrap_err();
    assert_eq!(
        error,
        WireError::Invalid {
            field: "seq".to_owned(),
            message: "number out of range".to_owned(),
        }
    );
    // A record key that is not a number.
    let error = State::from_snapshot(r#"{"accounts": {"abc": {}}}"#).unwrap_err();
    assert!(error.to_string().contains("accounts"), "{error}");
    assert!(
        error.to_string().contains("expected key to be a number"),
        "{error}"
    );
    // Malformed JSON is still malformed.
    assert!(matches!(
        from_json::<JournalEntry>(br#"{"seq": 1e400, "command": }"#).unwrap_err(),
        WireError::Syntax { .. }
    ));
}

/// A stored record keeps its id: a journal entry that would store an expense without one is
/// refused, naming the field, rather than stored under a made-up id.
#[test]
fn a_journal_entry_cannot_store_a_record_without_its_id() {
    use costfolio::state::{Command, JournalEntry};
    let expense: Value = serde_json::from_str(&golden("expense.json")).unwrap();
    let mut without = expense.clone();
    without.as_object_mut().unwrap().remove("id");
    let entry = |body: &Value| format!(r#"{{"seq": 1, "command": {{"PutExpense": {body}}}}}"#);
    let error = from_json::<JournalEntry>(entry(&without).as_bytes()).unwrap_err();
    assert_eq!(error.field(), Some("command.PutExpense.id"), "{error}");
    let read = from_json::<JournalEntry>(entry(&expense).as_bytes()).unwrap();
    let Command::PutExpense(stored) = read.command else {
        panic!("{:?}", read.command)
    };
    assert_eq!(Some(stored.id()), stored.id);
}
