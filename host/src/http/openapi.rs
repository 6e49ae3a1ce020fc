//! `GET /openapi.json`: the OpenAPI 3.1 document of the service (docs/openapi.json, which
//! `tests/openapi.rs` keeps equal to what the core's wire types and operations table give), for
//! clients, generators and gateways. It is built into the server, so every replica serves the
//! document of its own version.

use axum::body::Body;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::Response as HttpResponse;

/// The document, as docs/openapi.json holds it.
pub(super) const DOCUMENT: &str = include_str!("../../../docs/openapi.json");

/// Whether `path` is the document's.
pub(super) fn is_document(path: &str) -> bool {
    path == "/openapi.json"
}

/// The document to a GET (HEAD without its body); anything else is a 405.
pub(super) fn answer(method: &Method) -> HttpResponse {
    let (status, body, kind) = if method == Method::GET {
        (StatusCode::OK, Body::from(DOCUMENT), "application/json")
    } else if method == Method::HEAD {
        (StatusCode::OK, Body::empty(), "application/json")
    } else {
        (
            StatusCode::METHOD_NOT_ALLOWED,
            Body::from("use GET\n"),
            "text/plain; charset=utf-8",
        )
    };
    let mut response = HttpResponse::new(body);
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if status == StatusCode::METHOD_NOT_ALLOWED {
        headers.insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    }
    response
}
