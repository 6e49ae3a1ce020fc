//! The budgeting interface's answers: the `{"success": ...}` envelope, its error bodies (`error`,
//! `errorMessages`, `errors`), reading a JSON body, and the request parameters every route reads.

use crate::api::http::{encode_query, BodyError, Context, Request, Response};
use crate::model::budgeting::{BudgetErrorBody, Success};
use crate::model::{from_json, to_json, Id, WireError};
use crate::usecase::{list_page_refusal, ListPage, Paged, MAX_LIST_LIMIT};
use crate::value::Date;

pub(in crate::api) use crate::api::reply::{fail, folio_not_viewable, message_error, Outcome};

pub(in crate::api) fn success<T: serde::Serialize>(value: T) -> Response {
    Response::json(200, to_json(&Success::new(value)))
}

/// `?limit=&after=` of a list answered a page at a time (S11.8): any number of entries and the
/// first page when not said.
pub(in crate::api) fn list_page(request: &Request) -> Result<ListPage, Response> {
    let number = |name: &str, least: u64, most: u64| -> Result<Option<u64>, Response> {
        request
            .param_value(name)
            .map(|text| {
                text.parse::<u64>()
                    .ok()
                    .filter(|n| (least..=most).contains(n))
                    .ok_or_else(|| list_page_refusal(name, text).into())
            })
            .transpose()
    };
    Ok(ListPage {
        limit: number("limit", 1, MAX_LIST_LIMIT as u64)?.map(|n| n as usize),
        after: number("after", 0, u64::MAX)?,
    })
}

/// A page of a list: `{"success": ...}` as ever, and when more remain a `Link` header (RFC 8288)
/// to the next page, the same address and parameters with `after` set (S11.8).
pub(in crate::api) fn paged<T: serde::Serialize>(
    request: &Request,
    context: &Context,
    page: Paged<T>,
) -> Response {
    let mut response = success(page.items);
    if let Some(after) = page.next {
        let mut query: Vec<String> = request
            .query
            .iter()
            .filter(|(name, _)| name != "after")
            .map(|(name, value)| format!("{}={}", encode_query(name), encode_query(value)))
            .collect();
        query.push(format!("after={after}"));
        response.headers.push((
            "Link".into(),
            format!(
                "<{}{}?{}>; rel=\"next\"",
                context.base_url.trim_end_matches('/'),
                request.path,
                query.join("&")
            ),
        ));
    }
    response
}

/// A 400 whose `error` holds a parse failure (S2.1).
pub(in crate::api) fn parse_failure(message: impl Into<String>) -> Response {
    fail(400, BudgetErrorBody::parse_failure(message))
}

pub(in crate::api) fn field_error(field: &str, message: impl Into<String>) -> Response {
    fail(400, BudgetErrorBody::field(field, message))
}

/// Reads a JSON object body; a date that does not parse goes to `error` (S2.1), any other refusal
/// to `errors` under the field's name.
pub(in crate::api) fn read<T: serde::de::DeserializeOwned>(
    request: &Request,
) -> Result<T, Response> {
    json_object(request)?;
    from_json(&request.body).map_err(|error| wire_error(&error))
}

/// Checks that the body is declared JSON and is an object (not generic: built once).
pub(in crate::api) fn json_object(request: &Request) -> Result<(), Response> {
    request.json_body().map_err(|refusal| match refusal {
        BodyError::NotJson => message_error(
            415,
            format!(
                "The body must be application/json, got {:?}",
                request.media_type()
            ),
        ),
        BodyError::NotObject => fail(
            400,
            BudgetErrorBody::parse_failure("The body must be a JSON object"),
        ),
    })
}

pub(in crate::api) fn wire_error(error: &WireError) -> Response {
    match (error, error.field_name()) {
        // S2.1: a date (or date-time) that does not parse goes to `error`.
        _ if error
            .value_error::<crate::value::ValueError>()
            .is_some_and(crate::value::ValueError::is_date) =>
        {
            fail(400, BudgetErrorBody::parse_failure(error.to_string()))
        }
        (WireError::Syntax { .. }, _) | (_, None) => {
            fail(400, BudgetErrorBody::parse_failure(error.to_string()))
        }
        (_, Some(name)) => field_error(name, error.detail()),
    }
}

pub(in crate::api) fn path_id(text: &str) -> Option<u64> {
    text.parse::<Id>().ok().map(Id::get)
}

pub(in crate::api) fn today(context: &Context) -> Date {
    Date::from_naive(context.now.date())
}

/// A 400 whose `errors` maps each field to its message.
pub(in crate::api) fn field_errors(pairs: impl Iterator<Item = (String, String)>) -> Response {
    // Inserted one by one (a later message for a field replaces an earlier one, as `collect`
    // would): collecting into a map sorts first, with a sort built for each caller.
    let mut errors = std::collections::BTreeMap::new();
    for (field, message) in pairs {
        errors.insert(field, message);
    }
    fail(
        400,
        BudgetErrorBody {
            errors: Some(errors),
            ..BudgetErrorBody::default()
        },
    )
}

pub(in crate::api) fn expense_errors(errors: Vec<crate::schedule::ExpenseError>) -> Response {
    // The errors map is keyed by the last segment of the field's path (`recurrence.endDate` ->
    // `endDate`), as the budgeting document keys it.
    field_errors(errors.iter().map(|e| {
        let field = e.field_name().to_owned();
        (field, e.to_string())
    }))
}

pub(in crate::api) fn boolean(
    request: &Request,
    name: &str,
) -> Result<bool, crate::api::http::Response> {
    match request.param_value(name) {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(other) => Err(field_error(
            name,
            format!("{name} must be true or false, got {other:?}"),
        )),
        None => Err(field_error(
            name,
            format!("{name} is required (true or false)"),
        )),
    }
}

pub(in crate::api) fn as_of(
    request: &Request,
    context: &Context,
) -> Result<Date, crate::api::http::Response> {
    match request.param_value("asOf") {
        None => Ok(today(context)),
        Some(text) => Date::parse(text).map_err(|error| parse_failure(format!("asOf: {error}"))),
    }
}

/// The `format` parameter of a read that also answers CSV: `json` (or absent) or `csv`; anything
/// else is a 400 naming it.
pub(in crate::api) fn wants_csv(request: &Request) -> Result<bool, crate::api::http::Response> {
    match request.param_value("format") {
        None | Some("json") => Ok(false),
        Some("csv") => Ok(true),
        Some(other) => Err(parse_failure(format!(
            "format: {} is not json or csv",
            crate::model::messages::excerpt(other)
        ))),
    }
}

/// A file to save named `name`, of media type `media`.
pub(in crate::api) fn attachment(
    media: &str,
    name: &str,
    body: Vec<u8>,
) -> crate::api::http::Response {
    crate::api::http::Response {
        status: 200,
        headers: vec![
            ("Content-Type".into(), media.into()),
            (
                "Content-Disposition".into(),
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        body,
    }
}

/// A CSV answer: `text`, as a file to save named `name`.
pub(in crate::api) fn csv_file(name: &str, text: String) -> crate::api::http::Response {
    attachment("text/csv; charset=utf-8", name, text.into_bytes())
}

/// A use case's refusal in the budgeting envelope, with the status of its kind: what did not
/// parse as `error`, the messages as `errorMessages`, the messages by field as `errors`.
impl From<crate::usecase::Error> for Response {
    fn from(error: crate::usecase::Error) -> Response {
        let status = crate::api::reply::status(error.kind());
        let (parse_failure, messages, fields) = error.into_parts();
        fail(
            status,
            BudgetErrorBody {
                error: parse_failure,
                error_messages: (!messages.is_empty()).then_some(messages),
                errors: (!fields.is_empty()).then_some(fields),
            },
        )
    }
}

/// The queries of the caller the router resolved (S11.3), at the request's time.
pub(in crate::api) fn queries<'s>(
    state: &'s crate::state::State,
    context: &Context,
) -> crate::usecase::Queries<'s> {
    crate::usecase::Queries::new(state, crate::api::access::who(context), context.now)
}

/// The commands of the caller the router resolved (S11.3), at the request's time.
pub(in crate::api) fn commands<'s>(
    state: &'s mut crate::state::State,
    context: &Context,
) -> crate::usecase::Commands<'s> {
    crate::usecase::Commands::new(state, crate::api::access::who(context), context.now)
}

/// A change of record `id` with the body of `request` read as `T`: what `change` answers with the
/// caller's commands, in the envelope. The router has asked first whether the credential may
/// change data (S11.5), and the caller's right to the record is asked before the body is read.
pub(in crate::api) fn apply_body<T, A>(
    state: &mut crate::state::State,
    request: &Request,
    context: &Context,
    id: u64,
    change: impl FnOnce(&mut crate::usecase::Commands<'_>, u64, T) -> crate::usecase::Result<A>,
) -> Outcome
where
    T: serde::de::DeserializeOwned,
    A: serde::Serialize,
{
    let body = read(request)?;
    Ok(success(change(&mut commands(state, context), id, body)?))
}
