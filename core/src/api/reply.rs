//! Building responses: the core error envelope, 401 without a body, JSON bodies, and reading JSON
//! request bodies with their content type checked and the ids a path names.

use super::http::{BodyError, Request, Response};
use crate::model::budgeting::BudgetErrorBody;
use crate::model::core_admin::CoreErrorBody;
use crate::model::{from_json, to_json, Id, WireError};
use crate::usecase::admin::AdminRecord;

/// What a route answers: its response, or the refusal it answers instead (each interface in its
/// own envelope). The `Err` side lets a route give up early with `?`.
pub(super) type Outcome = Result<Response, Response>;

/// A response with the core error envelope `{"errors":[{"message": ...}]}`.
pub(super) fn core_error(status: u16, message: &str) -> Response {
    let body = to_json(&CoreErrorBody::single(message));
    Response::json(status, body)
}

/// The HTTP status of a use case's refusal of `kind`, on every interface.
pub(super) fn status(kind: crate::usecase::ErrorKind) -> u16 {
    use crate::usecase::ErrorKind;
    match kind {
        ErrorKind::Invalid => 400,
        ErrorKind::Forbidden => 403,
        ErrorKind::NotFound => 404,
        ErrorKind::Conflict => 409,
        ErrorKind::UnsupportedMedia => 415,
        ErrorKind::Unavailable => 503,
    }
}

/// A use case's refusal in the core envelope: the status of its kind, its words as the message.
pub(super) fn core_refusal(error: crate::usecase::Error) -> Response {
    core_error(status(error.kind()), &error.to_string())
}

/// A use case's answer for the core interface, its refusal in the core envelope.
pub(super) fn core_answer<T>(result: crate::usecase::Result<T>) -> Result<T, Response> {
    result.map_err(core_refusal)
}

/// The core interface's 200 answer of what a use case answers, as `render` shows it; or the use
/// case's refusal.
pub(super) fn shown<R, T: serde::Serialize>(
    result: crate::usecase::Result<R>,
    render: impl FnOnce(R) -> T,
) -> Outcome {
    Ok(ok(200, &render(core_answer(result)?)))
}

/// The core interface's answer to a change that answers nothing: 204, or its refusal.
pub(super) fn done(result: crate::usecase::Result<()>) -> Outcome {
    core_answer(result).map(|()| Response::empty(204))
}

/// The id a path segment gives, if it is one.
pub(super) fn path_id(text: &str) -> Option<u64> {
    text.parse::<Id>().ok().map(Id::get)
}

/// The id of the `record` a path segment names: text that is no id names no record (its 404).
pub(super) fn named_id(text: &str, record: AdminRecord) -> Result<u64, Response> {
    path_id(text).ok_or_else(|| core_refusal(record.missing()))
}

/// The body of a change of the record `found` looked up: read only once the record is there, so
/// that a path naming no record is its 404 whatever the body.
pub(super) fn body_for<T: serde::de::DeserializeOwned, R>(
    found: crate::usecase::Result<R>,
    request: &Request,
) -> Result<T, Response> {
    core_answer(found)?;
    read_body(request)
}

/// The id of the `record` a path segment names and the body of a change of it, read once `find`
/// finds the record (its 404 first, also for text that is no id).
pub(super) fn named_body<T: serde::de::DeserializeOwned, R>(
    request: &Request,
    text: &str,
    record: AdminRecord,
    find: impl FnOnce(u64) -> crate::usecase::Result<R>,
) -> Result<(u64, T), Response> {
    let id = named_id(text, record)?;
    Ok((id, body_for(find(id), request)?))
}

/// A budgeting error answer: `body` (`error`, `errorMessages`, `errors`) with `status`.
pub(super) fn fail(status: u16, body: BudgetErrorBody) -> Response {
    Response::json(status, to_json(&body))
}

/// A budgeting error answer holding one message in `errorMessages`.
pub(super) fn message_error(status: u16, message: impl Into<String>) -> Response {
    fail(status, BudgetErrorBody::message(message))
}

/// The budgeting folio 404 (S11.4): the same whether the folio is missing or hidden.
pub(super) fn folio_not_viewable() -> Response {
    message_error(404, crate::model::messages::FOLIO_NOT_VIEWABLE)
}

/// An RFC 6749 section 5.2 error body: `{"error": ..., "error_description": ...}`.
pub(crate) fn oauth_error_body(error: &str, description: &str) -> String {
    /// The body's two fields, in this order.
    #[derive(serde::Serialize)]
    struct OAuthError<'e> {
        error: &'e str,
        error_description: &'e str,
    }
    to_json(&OAuthError {
        error,
        error_description: description,
    })
}

/// An error in the envelope of the interface `path` belongs to: `{"errorMessages": [...]}` under
/// `/budgets/`, the OAuth `{"error", "error_description"}` under `/oauth`, else the core envelope.
pub fn envelope(path: &str, status: u16, message: &str) -> Response {
    if path.starts_with("/budgets/") {
        /// The budgeting envelope of one message.
        #[derive(serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Messages<'m> {
            error_messages: [&'m str; 1],
        }
        let body = to_json(&Messages {
            error_messages: [message],
        });
        Response::json(status, body)
    } else if path.starts_with("/oauth") {
        Response::json(status, oauth_error_body("invalid_request", message))
    } else {
        core_error(status, message)
    }
}

impl Request {
    /// Splits a path that still carries its query string (`/core/3/accounts?status=OPEN`) into
    /// the path and its decoded parameters, appended to `query`. A malformed query is refused in
    /// the envelope of the interface the path belongs to.
    pub fn split_query(&mut self) -> Result<(), Response> {
        self.take_query()
            .map_err(|error| envelope(&error.path, 400, &error.to_string()))
    }
}

/// 401 with no body and a `WWW-Authenticate` header (S11.3).
pub(super) fn unauthorized() -> Response {
    let mut response = Response::empty(401);
    response.headers.push((
        "WWW-Authenticate".into(),
        "Bearer realm=\"costfolio\"".into(),
    ));
    response
}

/// A JSON response of `value`.
pub(super) fn ok<T: serde::Serialize>(status: u16, value: &T) -> Response {
    Response::json(status, to_json(value))
}

/// Reads a JSON body: the content type must be JSON (415 otherwise) and the body must read into
/// `T` (400 naming the field otherwise), in the core envelope.
pub(super) fn read_body<T: serde::de::DeserializeOwned>(request: &Request) -> Result<T, Response> {
    json_object(request)?;
    from_json(&request.body).map_err(|error: WireError| core_error(400, &error.to_string()))
}

/// Checks that the body is declared JSON and is an object (not generic: built once).
fn json_object(request: &Request) -> Result<(), Response> {
    request.json_body().map_err(|refusal| match refusal {
        BodyError::NotJson => {
            let content_type = request.header_value("Content-Type").unwrap_or("");
            core_error(
                415,
                &format!("The body must be application/json, got {content_type:?}"),
            )
        }
        BodyError::NotObject => {
            let detail = from_json::<crate::json::Value>(&request.body)
                .err()
                .map_or_else(
                    || "the body must be a JSON object".to_owned(),
                    |e| e.to_string(),
                );
            core_error(400, &detail)
        }
    })
}

/// 405 naming the method and path.
pub(super) fn method_not_allowed(request: &Request) -> Response {
    core_error(
        405,
        &format!(
            "{} is not allowed on {}",
            crate::model::messages::excerpt(&request.method),
            crate::model::messages::excerpt(&request.path)
        ),
    )
}
