//! Every text and list the budgeting interface takes is bounded (S11.7), through `handle`: a value
//! at its kind's bound is taken, one past it is refused naming the field and nothing is stored;
//! invisible and reordering characters are refused in names and keys; a value a record already
//! held is kept on an update; a journal holding values from before the bounds still loads.

use crate::limits_calls;

use costfolio::state::{Command, State};
use limits_calls::{call, folio, json, MEMBER};
use serde_json::{json as j, Value};

/// A state with folio 1 of ada's, and a planned expense (1) and a team member (1) in it.
fn world() -> State {
    let mut state = State::new();
    let created = call(
        &mut state,
        "ada",
        "POST",
        "/folio",
        Some(&folio("2026-01-01", "2026-12-31", r#""Bridge""#)),
    );
    assert_eq!(created.status, 200, "{}", created.text());
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/expense",
            Some(&expense(j!({})))
        )
        .status,
        200
    );
    assert_eq!(
        call(&mut state, "ada", "POST", "/position", Some(MEMBER)).status,
        200
    );
    state
}

/// A planned expense of folio 1 with `fields` over its own.
fn expense(fields: Value) -> String {
    let mut body = j!({"folioId":1,"name":"Licence","description":"","type":"Software",
        "category":"OPEX","kind":".PlannedExpense","amount":100.00,"currencyCode":"EUR",
        "recurrence":{"kind":".Once","startDate":"2026-01-15"}});
    merge(&mut body, fields);
    body.to_string()
}

fn merge(body: &mut Value, fields: Value) {
    if let (Value::Object(body), Value::Object(fields)) = (body, fields) {
        body.extend(fields);
    }
}

/// `body` (a JSON object) with `field` set to `value`; `field` may be `a.b` for a nested one.
fn with(body: &str, field: &str, value: Value) -> String {
    let mut body: Value = serde_json::from_str(body).unwrap();
    let mut at = &mut body;
    let mut parts = field.split('.').peekable();
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            at[part] = value.clone();
        } else {
            at = &mut at[part];
        }
    }
    body.to_string()
}

/// One bounded text: who sends what where, and the field its refusal names.
struct Case {
    what: &'static str,
    user: &'static str,
    method: &'static str,
    path: &'static str,
    body: String,
    /// Where the text goes in the body.
    field: &'static str,
    /// The field the refusal names.
    named: &'static str,
    max: usize,
}

fn cases() -> Vec<Case> {
    let folio_body = folio("2026-01-01", "2026-12-31", r#""Road""#);
    let folio_update = with(&folio_body, "id", j!(1));
    let portfolio = r#"{"name":"P","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[],"portfolios":[]}"#;
    let baseline = r#"{"name":"Budget","approvedBy":"ada","expenditureType":"BUDGET"}"#;
    let field = r#"{"name":"Region","style":"TEXT","type":"ACTUAL","required":false}"#;
    let rule = r#"{"name":"Weekly 40","regularHours":40,"frequency":"WEEKLY","coefficient":1.5}"#;
    let case = |what, user, method, path, body: &str, field, named, max| Case {
        what,
        user,
        method,
        path,
        body: body.to_owned(),
        field,
        named,
        max,
    };
    vec![
        case(
            "folio name",
            "ada",
            "POST",
            "/folio",
            &folio_body,
            "name",
            "name",
            255,
        ),
        case(
            "folio name on update",
            "ada",
            "PUT",
            "/folio",
            &folio_update,
            "name",
            "name",
            255,
        ),
        case(
            "folio description",
            "ada",
            "POST",
            "/folio",
            &folio_body,
            "description",
            "description",
            500,
        ),
        case(
            "folio owner",
            "finance",
            "POST",
            "/folio",
            &folio_body,
            "owner",
            "owner",
            128,
        ),
        case(
            "expense name",
            "ada",
            "POST",
            "/expense",
            &expense(j!({})),
            "name",
            "name",
            255,
        ),
        case(
            "expense type",
            "ada",
            "POST",
            "/expense",
            &expense(j!({})),
            "type",
            "type",
            255,
        ),
        case(
            "expense description",
            "ada",
            "POST",
            "/expense",
            &expense(j!({})),
            "description",
            "description",
            500,
        ),
        case(
            "position name",
            "ada",
            "POST",
            "/position",
            MEMBER,
            "name",
            "name",
            255,
        ),
        case(
            "position title",
            "ada",
            "POST",
            "/position",
            MEMBER,
            "title",
            "title",
            255,
        ),
        case(
            "position description",
            "ada",
            "POST",
            "/position",
            MEMBER,
            "description",
            "description",
            500,
        ),
        case(
            "position category",
            "ada",
            "POST",
            "/position",
            MEMBER,
            "category",
            "category",
            255,
        ),
        case(
            "position member",
            "ada",
            "POST",
            "/position",
            MEMBER,
            "member",
            "member",
            128,
        ),
        case(
            "portfolio name",
            "ada",
            "POST",
            "/portfolio",
            portfolio,
            "name",
            "name",
            255,
        ),
        case(
            "portfolio colour",
            "ada",
            "POST",
            "/portfolio",
            portfolio,
            "color",
            "color",
            32,
        ),
        case(
            "portfolio description",
            "ada",
            "POST",
            "/portfolio",
            portfolio,
            "description",
            "description",
            500,
        ),
        case(
            "baseline name",
            "ada",
            "POST",
            "/folio/1/baseline",
            baseline,
            "name",
            "name",
            255,
        ),
        case(
            "baseline approver",
            "ada",
            "POST",
            "/folio/1/baseline",
            baseline,
            "approvedBy",
            "approvedBy",
            128,
        ),
        case(
            "baseline description",
            "ada",
            "POST",
            "/folio/1/baseline",
            baseline,
            "description",
            "description",
            500,
        ),
        case(
            "custom field name",
            "ada",
            "POST",
            "/folio/1/customfield",
            field,
            "name",
            "name",
            255,
        ),
        case(
            "overtime rule name",
            "finance",
            "POST",
            "/overtimerule",
            rule,
            "name",
            "name",
            255,
        ),
    ]
}

#[test]
fn every_text_is_taken_at_its_bound_and_refused_one_past_it_naming_the_field() {
    for case in cases() {
        let mut state = world();
        // Past the bound, in characters (not bytes): refused, naming the field, nothing stored.
        let long = "é".repeat(case.max + 1);
        let before = state.clone();
        let refused = call(
            &mut state,
            case.user,
            case.method,
            case.path,
            Some(&with(&case.body, case.field, j!(long))),
        );
        assert_eq!(refused.status, 400, "{}: {}", case.what, refused.text());
        let message = json(&refused)["errors"][case.named]
            .as_str()
            .unwrap_or("")
            .to_owned();
        assert!(
            message.contains(&format!(
                "at most {} characters, got {}",
                case.max,
                case.max + 1
            )),
            "{}: {message:?} in {}",
            case.what,
            refused.text()
        );
        assert_eq!(state, before, "{}: a refusal stores nothing", case.what);
        // At the bound: taken.
        let at_bound = "é".repeat(case.max);
        let taken = call(
            &mut state,
            case.user,
            case.method,
            case.path,
            Some(&with(&case.body, case.field, j!(at_bound))),
        );
        assert_eq!(taken.status, 200, "{}: {}", case.what, taken.text());
    }
}

#[test]
fn names_and_keys_hold_no_invisible_or_reordering_character() {
    for case in cases().into_iter().filter(|c| c.max <= 255) {
        for hidden in [
            "\u{200B}",
            "\u{FEFF}",
            "\u{202E}exe.fdp",
            "a\u{2066}b",
            "tab\there",
        ] {
            let mut state = world();
            let before = state.clone();
            let refused = call(
                &mut state,
                case.user,
                case.method,
                case.path,
                Some(&with(&case.body, case.field, j!(hidden))),
            );
            assert_eq!(
                refused.status,
                400,
                "{} {hidden:?}: {}",
                case.what,
                refused.text()
            );
            let message = json(&refused)["errors"][case.named].to_string();
            assert!(
                message.contains("U+"),
                "{} {hidden:?}: {message}",
                case.what
            );
            assert_eq!(state, before);
        }
    }
    // A joiner between two letters is part of the word (Persian, emoji sequences).
    let mut state = world();
    let body = folio(
        "2026-01-01",
        "2026-12-31",
        &j!("می\u{200C}خواهم 👩\u{200D}💻").to_string(),
    );
    assert_eq!(
        call(&mut state, "ada", "POST", "/folio", Some(&body)).status,
        200
    );
    // A description may hold line breaks, not a reordering character.
    let body = with(&body, "description", j!("line one\nline two\ttabbed"));
    assert_eq!(
        call(&mut state, "ada", "POST", "/folio", Some(&body)).status,
        200
    );
    let body = with(&body, "description", j!("a \u{202E}reversed"));
    let refused = call(&mut state, "ada", "POST", "/folio", Some(&body));
    assert_eq!(refused.status, 400, "{}", refused.text());
    assert!(json(&refused)["errors"]["description"]
        .to_string()
        .contains("U+202E"));
}

/// A bounded list: the request that sends it, the list's field, its bound and how its `n`th
/// entry is made.
struct ListCase<'a>(
    &'static str,
    &'static str,
    String,
    &'static str,
    usize,
    &'a dyn Fn(usize) -> Value,
);

/// Each bounded list is taken at its bound; one more entry is refused, naming the list.
#[test]
fn every_list_is_taken_at_its_bound_and_refused_one_past_it() {
    let key = |n: usize| j!(format!("user{n}"));
    let item = |n: usize| j!({"key": format!("HFB-{n}"), "weight": 1, "logged": 0, "remaining": 1, "done": false, "progressive": false});
    let label = |n: usize| j!(format!("label {n}"));
    let option = |n: usize| j!(format!("option {n}"));
    let weekday = |n: usize| j!(n % 7 + 1);
    let day = |n: usize| j!({"date": format!("2026-{:02}-{:02}", n / 28 % 12 + 1, n % 28 + 1), "hours": 1});
    let consulting = r#"{"folioId":1,"name":"Advice","description":"","title":"Consultant","kind":".ConsultingRevenue","rate":{"rate":100,"startDate":"2026-01-01"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-06","percentage":50}}"#;
    let portfolio = r#"{"name":"P","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"red","admins":[],"folios":[],"portfolios":[]}"#;
    let field =
        r#"{"name":"Region","style":"SELECT","type":"ACTUAL","required":false,"options":[]}"#;
    let lists = [
        ListCase(
            "PUT",
            "/folio/1/viewers",
            r#"{"users":[]}"#.into(),
            "users",
            1_000,
            &key,
        ),
        ListCase("POST", "/portfolio", portfolio.into(), "admins", 100, &key),
        ListCase(
            "PUT",
            "/folio/1/scope",
            r#"{"items":[]}"#.into(),
            "items",
            5_000,
            &item,
        ),
        ListCase("POST", "/expense", expense(j!({})), "labels", 100, &label),
        ListCase(
            "POST",
            "/folio/1/customfield",
            field.into(),
            "options",
            500,
            &option,
        ),
        ListCase(
            "POST",
            "/expense",
            expense(j!({})),
            "recurrence.recurrenceOn",
            7,
            &weekday,
        ),
        ListCase(
            "PUT",
            "/position/2/billedhours",
            r#"{"days":[]}"#.into(),
            "days",
            36_525,
            &day,
        ),
    ];
    for ListCase(method, path, body, field, max, entry) in lists {
        let mut state = world();
        assert_eq!(
            call(&mut state, "ada", "POST", "/position", Some(consulting)).status,
            200
        );
        let many = |n: usize| Value::Array((0..n).map(entry).collect());
        let before = state.clone();
        let refused = call(
            &mut state,
            "ada",
            method,
            path,
            Some(&with(&body, field, many(max + 1))),
        );
        assert_eq!(refused.status, 400, "{field}: {}", refused.text());
        assert_eq!(
            json(&refused)["errors"][field],
            format!("{field} may hold at most {max} entries, got {}", max + 1),
        );
        assert_eq!(state, before, "{field}");
        let taken = call(
            &mut state,
            "ada",
            method,
            path,
            Some(&with(&body, field, many(max))),
        );
        assert_eq!(taken.status, 200, "{field}: {}", taken.text());
    }
    // An entry of a list is a text of its kind: a viewer's key over 128 characters is refused at
    // its place.
    let mut state = world();
    let body = j!({"users": ["grace", "k".repeat(129)]}).to_string();
    let refused = call(&mut state, "ada", "PUT", "/folio/1/viewers", Some(&body));
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errors"]["users[1]"],
        "users[1] may have at most 128 characters, got 129"
    );
}

#[test]
fn a_value_a_record_already_held_is_kept_and_an_older_journal_loads() {
    let mut state = world();
    // What a journal from before the bounds may hold: a folio named with 300 characters, a
    // zero-width space, and viewers beyond today's bound.
    let old_name = format!("\u{200B}{}", "x".repeat(300));
    let mut record = state.folios[&1].clone();
    record.folio.update(|folio| folio.name = old_name.clone());
    record.viewers = (0..1_200).map(|n| format!("user{n}")).collect();
    state.apply(Command::PutFolio(Box::new(record)));
    let journal = state.take_journal();
    let mut replayed = State::new();
    replayed
        .replay(&journal)
        .expect("a journal from before the bounds loads");
    assert_eq!(replayed.folios[&1].folio.name, old_name);
    let snapshot = replayed.snapshot();
    let restored = State::from_snapshot(&snapshot).expect("and so does a snapshot");
    assert_eq!(restored.folios[&1].viewers.len(), 1_200);

    // An update that sends the name back unchanged is taken; a new over-long name is not.
    let update = with(
        &with(
            &folio("2026-01-01", "2027-06-30", &j!(old_name).to_string()),
            "id",
            j!(1),
        ),
        "description",
        j!("moved"),
    );
    let kept = call(&mut state, "ada", "PUT", "/folio", Some(&update));
    assert_eq!(kept.status, 200, "{}", kept.text());
    let renamed = with(&update, "name", j!("y".repeat(300)));
    let refused = call(&mut state, "ada", "PUT", "/folio", Some(&renamed));
    assert_eq!(refused.status, 400);
    assert!(json(&refused)["errors"]["name"]
        .to_string()
        .contains("at most 255"));
    // The viewers: the same 1,200 are kept, one more is not.
    let mut users: Vec<String> = (0..1_200).map(|n| format!("user{n}")).collect();
    let share = |users: &[String]| j!({"users": users}).to_string();
    assert_eq!(
        call(
            &mut state,
            "ada",
            "PUT",
            "/folio/1/viewers",
            Some(&share(&users))
        )
        .status,
        200
    );
    users.push("one more".into());
    assert_eq!(
        call(
            &mut state,
            "ada",
            "PUT",
            "/folio/1/viewers",
            Some(&share(&users))
        )
        .status,
        400
    );
}

/// A custom field of style TEXT holds one line shown as typed; a scope holds each key once.
#[test]
fn a_text_custom_field_is_one_visible_line_and_a_scope_key_is_given_once() {
    let mut state = world();
    let field = r#"{"name":"Region","style":"TEXT","type":"ACTUAL","required":false}"#;
    assert_eq!(
        call(
            &mut state,
            "ada",
            "POST",
            "/folio/1/customfield",
            Some(field)
        )
        .status,
        200
    );
    for (value, taken) in [
        ("North", true),
        ("\u{202E}htroN", false),
        ("two\nlines", false),
        ("\u{200B}", false),
    ] {
        let body = expense(j!({"customFields": {"values": {"1": value}}}));
        let answer = call(&mut state, "ada", "POST", "/expense", Some(&body));
        assert_eq!(answer.status == 200, taken, "{value:?}: {}", answer.text());
    }
    let item = |key: &str| j!({"key": key, "weight": 1, "logged": 0, "remaining": 1, "done": false, "progressive": false});
    let twice = j!({"items": [item("HFB-1"), item("HFB-2"), item("HFB-1")]}).to_string();
    let before = state.clone();
    let refused = call(&mut state, "ada", "PUT", "/folio/1/scope", Some(&twice));
    assert_eq!(refused.status, 400);
    assert_eq!(
        json(&refused)["errors"]["items[2].key"],
        "items[2].key repeats the key of items[0] (\"HFB-1\"): each scope item's key is given once"
    );
    assert_eq!(state, before);
}
