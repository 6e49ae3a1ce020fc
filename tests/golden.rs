//! Golden JSON samples of every resource of the three interfaces (tests/golden/, written from the
//! field tables of ../shared/spec/): each is read into its wire type and written back unchanged,
//! and each still reads the same with an unknown field added.

use std::collections::BTreeSet;
use std::fmt::Debug;

use costfolio::model::audit::{DeletedAllocation, DeletedEventsPage, DeletedWorklog};
use costfolio::model::budgeting::{
    Allocation, Baseline, BudgetErrorBody, CustomFieldCatalog, CustomFieldDefinition, ExchangeRate,
    Expenditures, Expense, ExpensePayment, Folio, FolioSummary, HoursPeriod, OvertimeRule,
    Portfolio, Position, Rate, Success, Team,
};
use costfolio::model::core_admin::{
    Account, AccountLink, AccountLinkByProject, AccountLinkRequest, AccountRequest, Category,
    CategoryRequest, CategoryType, CoreErrorBody, Customer, CustomerRequest, GenericResource,
    GenericResourceRequest, HolidayScheme, HolidaySchemeCreate, HolidaySchemeUpdate, ListEnvelope,
    PagedList,
};
use costfolio::model::{from_json, to_json, Id};
use costfolio_suite::{golden, golden_dir};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// Reads `name` as `T`, writes it back, and checks that the JSON is the same value (numbers
/// compared digit for digit), that reading the output gives the same `T`, and that an unknown
/// field in every object changes nothing.
fn round_trip<T>(name: &str)
where
    T: DeserializeOwned + Serialize + PartialEq + Debug,
{
    let text = golden(name);
    let parsed: T = from_json(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
    let written = to_json(&parsed);

    let original: Value = serde_json::from_str(&text).unwrap();
    let rewritten: Value = serde_json::from_str(&written).unwrap();
    assert_eq!(rewritten, original, "{name} changed when written back");

    let reparsed: T = from_json(written.as_bytes()).unwrap();
    assert_eq!(reparsed, parsed, "{name} read differently the second time");

    let mut widened = original.clone();
    add_unknown_fields(&mut widened);
    let widened_text = serde_json::to_string(&widened).unwrap();
    let tolerant: T = from_json(widened_text.as_bytes())
        .unwrap_or_else(|e| panic!("{name} with unknown fields: {e}"));
    assert_eq!(
        tolerant, parsed,
        "{name}: an unknown field changed what was read"
    );
    wrong_types_are_named::<T>(name, &original);
}

/// Every value inside the sample, in turn, given a value of the wrong kind (an object for a
/// string, a string for anything else) and then an empty array: when the body is refused, the
/// refusal names exactly that value's path (`success[0].rate`), in compact and pretty-printed
/// bodies alike.
fn wrong_types_are_named<T: DeserializeOwned>(name: &str, original: &Value) {
    fn leaves(value: &Value, path: String, out: &mut Vec<String>) {
        let join = |key: &str| {
            if path.is_empty() {
                key.to_owned()
            } else {
                format!("{path}.{key}")
            }
        };
        if !path.is_empty() {
            out.push(path.clone());
        }
        match value {
            Value::Object(map) => map.iter().for_each(|(k, v)| leaves(v, join(k), out)),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .for_each(|(i, v)| leaves(v, format!("{path}[{i}]"), out)),
            _ => {}
        }
    }
    fn at<'a>(value: &'a mut Value, path: &str) -> &'a mut Value {
        let mut here = value;
        for part in path.split('.') {
            let (key, indexes) = part.split_once('[').unwrap_or((part, ""));
            if !key.is_empty() {
                here = here.get_mut(key).unwrap();
            }
            for index in indexes.split('[').filter(|i| !i.is_empty()) {
                here = here
                    .get_mut(index.trim_end_matches(']').parse::<usize>().unwrap())
                    .unwrap();
            }
        }
        here
    }
    let mut paths = Vec::new();
    leaves(original, String::new(), &mut paths);
    let mut refused = 0;
    for path in &paths {
        let mut wrong = original.clone();
        let node = at(&mut wrong, path);
        *node = match node {
            Value::String(_) => serde_json::json!({}),
            _ => Value::from("not this"),
        };
        let mut empty = original.clone();
        *at(&mut empty, path) = serde_json::json!([]);
        for text in [
            wrong.to_string(),
            serde_json::to_string_pretty(&wrong).unwrap(),
            empty.to_string(),
        ] {
            if let Err(error) = from_json::<T>(text.as_bytes()) {
                refused += 1;
                assert_eq!(
                    error.field(),
                    Some(path.as_str()),
                    "{name}, {path}: {error}"
                );
            }
        }
    }
    // Most leaves are typed: a sample whose mutations all pass would test nothing.
    assert!(
        paths.len() < 2 || refused > 0,
        "{name}: no wrong type was refused"
    );
}

/// Adds a field no document defines to every object except maps whose keys are data: custom-field
/// values, the catalog of definitions, and the budgeting error body's `errors` by field.
fn add_unknown_fields(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                let data_keyed = matches!(key.as_str(), "values" | "customFields")
                    || (key == "errors" && child.is_object());
                if !data_keyed {
                    add_unknown_fields(child);
                }
            }
            map.insert("someFutureField".into(), Value::from(42));
        }
        Value::Array(items) => items.iter_mut().for_each(add_unknown_fields),
        _ => {}
    }
}

/// A check of one sample file.
type Check = fn(&str);

/// Every sample with the type it is read as.
const SAMPLES: &[(&str, Check)] = &[
    // Core administration.
    ("account.json", round_trip::<Account>),
    ("account-minimal.json", round_trip::<Account>),
    ("account-external-contact.json", round_trip::<Account>),
    ("account-request.json", round_trip::<AccountRequest>),
    ("account-request-minimal.json", round_trip::<AccountRequest>),
    ("account-list.json", round_trip::<ListEnvelope<Account>>),
    ("category.json", round_trip::<Category>),
    ("category-request.json", round_trip::<CategoryRequest>),
    (
        "category-request-minimal.json",
        round_trip::<CategoryRequest>,
    ),
    (
        "category-type-list.json",
        round_trip::<ListEnvelope<CategoryType>>,
    ),
    ("account-link.json", round_trip::<AccountLink>),
    (
        "account-link-request.json",
        round_trip::<AccountLinkRequest>,
    ),
    (
        "account-link-by-project-list.json",
        round_trip::<ListEnvelope<AccountLinkByProject>>,
    ),
    ("customer.json", round_trip::<Customer>),
    ("customer-request.json", round_trip::<CustomerRequest>),
    ("customer-list.json", round_trip::<ListEnvelope<Customer>>),
    ("holiday-scheme.json", round_trip::<HolidayScheme>),
    (
        "holiday-scheme-create.json",
        round_trip::<HolidaySchemeCreate>,
    ),
    (
        "holiday-scheme-update.json",
        round_trip::<HolidaySchemeUpdate>,
    ),
    (
        "holiday-scheme-page.json",
        round_trip::<PagedList<HolidayScheme>>,
    ),
    ("generic-resource.json", round_trip::<GenericResource>),
    (
        "generic-resource-request.json",
        round_trip::<GenericResourceRequest>,
    ),
    ("core-error.json", round_trip::<CoreErrorBody>),
    // Budgeting.
    ("allocation.json", round_trip::<Allocation>),
    ("allocation-minimal.json", round_trip::<Allocation>),
    ("hours-period.json", round_trip::<HoursPeriod>),
    ("hours-period-minimal.json", round_trip::<HoursPeriod>),
    ("rate.json", round_trip::<Rate>),
    ("rate-minimal.json", round_trip::<Rate>),
    ("expense.json", round_trip::<Expense>),
    ("expense-once.json", round_trip::<Expense>),
    ("expense-monthly.json", round_trip::<Expense>),
    ("expense-revenues.json", round_trip::<Success<Vec<Expense>>>),
    (
        "expense-payments.json",
        round_trip::<Success<Vec<ExpensePayment>>>,
    ),
    (
        "position-payments.json",
        round_trip::<Success<Vec<ExpensePayment>>>,
    ),
    ("folio-list.json", round_trip::<Success<Vec<FolioSummary>>>),
    ("folio.json", round_trip::<Success<Folio>>),
    ("folio-create.json", round_trip::<Folio>),
    ("baseline-list.json", round_trip::<Success<Vec<Baseline>>>),
    (
        "custom-field-definitions.json",
        round_trip::<Success<CustomFieldCatalog>>,
    ),
    (
        "custom-field-definition-create.json",
        round_trip::<CustomFieldDefinition>,
    ),
    ("position.json", round_trip::<Success<Position>>),
    ("position-create.json", round_trip::<Position>),
    ("team.json", round_trip::<Success<Team>>),
    (
        "overtime-rule-list.json",
        round_trip::<Success<Vec<OvertimeRule>>>,
    ),
    ("overtime-rule-create.json", round_trip::<OvertimeRule>),
    ("portfolio-list.json", round_trip::<Success<Vec<Portfolio>>>),
    ("expenditures.json", round_trip::<Success<Expenditures>>),
    ("budget-error.json", round_trip::<BudgetErrorBody>),
    (
        "exchange-rate-list.json",
        round_trip::<Success<Vec<ExchangeRate>>>,
    ),
    ("success-true.json", round_trip::<Success<bool>>),
    ("success-id.json", round_trip::<Success<Id>>),
    // Deletion audit.
    (
        "deleted-worklogs-page.json",
        round_trip::<DeletedEventsPage<DeletedWorklog>>,
    ),
    (
        "deleted-allocations-page.json",
        round_trip::<DeletedEventsPage<DeletedAllocation>>,
    ),
];

#[test]
fn every_golden_sample_round_trips() {
    for (name, check) in SAMPLES {
        check(name);
    }
}

#[test]
fn every_golden_file_has_a_type() {
    let listed: BTreeSet<&str> = SAMPLES.iter().map(|(name, _)| *name).collect();
    assert_eq!(listed.len(), SAMPLES.len(), "a sample is listed twice");
    let on_disk: BTreeSet<String> = std::fs::read_dir(golden_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json"))
        .collect();
    let unlisted: Vec<&String> = on_disk
        .iter()
        .filter(|n| !listed.contains(n.as_str()))
        .collect();
    assert!(
        unlisted.is_empty(),
        "golden files with no type: {unlisted:?}"
    );
    let missing: Vec<&&str> = listed.iter().filter(|n| !on_disk.contains(**n)).collect();
    assert!(
        missing.is_empty(),
        "listed samples not on disk: {missing:?}"
    );
}

#[test]
fn absent_optional_fields_are_left_out_not_written_as_null() {
    let account: Account = from_json(golden("account-minimal.json").as_bytes()).unwrap();
    let written = to_json(&account);
    for field in [
        "contact",
        "category",
        "customer",
        "monthlyBudget",
        "displayName",
        "null",
    ] {
        assert!(!written.contains(field), "{field} written in {written}");
    }
}

#[test]
fn a_folio_without_closed_date_writes_null_because_the_field_is_required() {
    let folio: Folio = from_json(golden("folio-create.json").as_bytes()).unwrap();
    assert_eq!(folio.closed_date, None);
    let written: Value = serde_json::from_str(&to_json(&folio)).unwrap();
    assert_eq!(written["closedDate"], Value::Null);
    assert_eq!(written["hoursPerDay"], Value::Null);
    assert!(written.get("id").is_none());

    // Absent (rather than null) is accepted too (S7.1).
    let mut body: Value = serde_json::from_str(&golden("folio-create.json")).unwrap();
    body.as_object_mut().unwrap().remove("closedDate");
    let folio: Folio = from_json(body.to_string().as_bytes()).unwrap();
    assert_eq!(folio.closed_date, None);
}

#[test]
fn enum_spellings_are_the_documents() {
    let expense: Expense = from_json(golden("expense.json").as_bytes()).unwrap();
    let written = to_json(&expense);
    assert!(written.contains(r#""kind":".PlannedExpense""#));
    assert!(written.contains(r#""kind":".Weekly""#));
    assert!(written.contains(r#""recurrenceBy":"DAY_OF_MONTH""#));
    let team: Success<Team> = from_json(golden("team.json").as_bytes()).unwrap();
    assert!(to_json(&team).contains(r#""kind":".TeamMember""#));
}
