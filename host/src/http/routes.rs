//! A request's way through the app: the host's probes (`/healthz`, `/readyz`) and its OpenAPI
//! document (`/openapi.json`) before anything else, the planner's files for the planner's paths, else its body read within the limits and the
//! service's answer, computed on a blocking thread (the store's PostgreSQL client blocks). Every
//! request leaves one log line and its counts (`observe`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{to_bytes, Body};
use axum::extract::{ConnectInfo, State as Shared};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::Response as HttpResponse;
use costfolio::api::{envelope, Request};

use super::imports::NoSlot;
use super::limits::{large_import, too_large, BODY_TIMEOUT, MAX_BODY, MAX_IMPORT_BODY};
use super::metrics::Limit;
use super::{health, observe, openapi, planner, template, App};
use crate::auth::session::{has_cookie, SESSION_PATH};

/// Sends a request to the host's probes, its interface, or the planner's files; then writes its
/// log line and counts it.
pub(super) async fn route(
    Shared(app): Shared<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: axum::extract::Request,
) -> HttpResponse {
    let started = Instant::now();
    let route = template::route(request.method().as_str(), request.uri().path());
    let (response, user) = if let Some(probe) = health::probe(request.uri().path()) {
        (health::answer(&app, probe, request.method()).await, None)
    } else if openapi::is_document(request.uri().path()) {
        (openapi::answer(request.method()), None)
    } else {
        match &app.planner {
            Some(planner) if !template::is_interface(request.uri().path()) => {
                let page = matches!(*request.method(), Method::GET | Method::HEAD)
                    && planner::is_page(request.uri().path());
                let (session, user) = if page {
                    signed_in(&app, peer, request.headers()).await
                } else {
                    (None, None)
                };
                (planner.answer(request, session.as_deref()).await, user)
            }
            _ => {
                let (parts, body) = request.into_parts();
                any(&app, peer, parts.method, parts.uri, parts.headers, body).await
            }
        }
    };
    let mut response = response;
    json_headers(&mut response);
    observe::record(
        &app.metrics,
        &route,
        response.status().as_u16(),
        started.elapsed(),
        user.as_deref(),
    );
    response
}

/// Every JSON answer (the interfaces', the probes', the OpenAPI document's) is not to be kept by
/// a cache, and not to be read by a browser as anything but JSON: `Cache-Control:
/// no-store` unless the answer says otherwise, and `X-Content-Type-Options: nosniff`.
fn json_headers(response: &mut HttpResponse) {
    use axum::http::header::{HeaderValue, CACHE_CONTROL, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS};
    let json = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !json {
        return;
    }
    let headers = response.headers_mut();
    if !headers.contains_key(CACHE_CONTROL) {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
}

/// Answers a request of an interface: its body read within the limits, then the service's answer.
/// Returns the answer, and the user whose credentials were verified.
async fn any(
    app: &App,
    peer: SocketAddr,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> (HttpResponse, Option<String>) {
    let path = uri
        .path_and_query()
        .map_or_else(|| uri.path().to_owned(), |p| p.as_str().to_owned());
    // A large import holds one of the import slots until it is answered, once its credentials
    // are verified (a client without right ones reads 1 MiB at most, as any body, then gets the
    // service's 401); with none free, or the user's own taken, it is answered at once, its body
    // unread.
    let slot = if large_import(&method, uri.path(), &headers) {
        let probe = core_request(&method, &path, &headers, Vec::new());
        let site = Arc::clone(app);
        let verified = tokio::task::spawn_blocking(move || {
            site.service.verified_user(&probe, Some(peer.ip()))
        })
        .await
        .ok()
        .flatten();
        match verified {
            Some(user) => app.imports.take(&user).map(Some),
            None => Ok(None),
        }
    } else {
        Ok(None)
    };
    let limit = match &slot {
        Ok(Some(_)) => MAX_IMPORT_BODY,
        _ => MAX_BODY,
    };
    let read = async {
        match &slot {
            Err(refused) => Err(refused),
            Ok(_) => Ok(tokio::time::timeout(BODY_TIMEOUT, to_bytes(body, limit)).await),
        }
    };
    let mut user = None;
    let response = match read.await {
        Err(NoSlot::AllTaken) => {
            app.metrics.refused(Limit::ImportsBusy);
            let mut busy = envelope(
                uri.path(),
                503,
                "another import is being received; try again in a moment",
            );
            busy.headers
                .push(("Retry-After".to_owned(), "1".to_owned()));
            busy
        }
        Err(NoSlot::YoursTaken) => {
            app.metrics.refused(Limit::ImportsBusy);
            let mut busy = envelope(
                uri.path(),
                429,
                "one plan import at a time: yours is still being received or computed; send this one when it is answered",
            );
            busy.headers
                .push(("Retry-After".to_owned(), "1".to_owned()));
            busy
        }
        Ok(Err(_)) => envelope(
            uri.path(),
            408,
            &format!(
                "the body did not arrive within {} seconds",
                BODY_TIMEOUT.as_secs()
            ),
        ),
        Ok(Ok(Err(error))) if too_large(&error) => envelope(
            uri.path(),
            413,
            &format!("the body is larger than {limit} bytes"),
        ),
        Ok(Ok(Err(error))) => envelope(
            uri.path(),
            400,
            &format!("the body could not be read: {error}"),
        ),
        Ok(Ok(Ok(bytes))) => {
            let request = core_request(&method, &path, &headers, bytes.to_vec());
            let site = Arc::clone(app);
            let result =
                tokio::task::spawn_blocking(move || site.service.serve(request, Some(peer.ip())))
                    .await;
            match result {
                Ok(served) => {
                    user = served.user;
                    served.response
                }
                Err(_) => envelope(uri.path(), 500, "the request failed"),
            }
        }
    };
    drop(slot);
    let mut builder = HttpResponse::builder()
        .status(StatusCode::from_u16(response.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR));
    for (name, value) in &response.headers {
        builder = builder.header(name.as_str(), value.as_str());
    }
    let response = builder
        .body(Body::from(response.body))
        .unwrap_or_else(|_| HttpResponse::new(Body::empty()));
    (response, user)
}

/// How long a page waits for its session to be looked up: past it, the page is the build's and
/// the planner asks `GET /session` itself (a slow store never holds the page).
const SESSION_LOOKUP: Duration = Duration::from_millis(100);

/// For a page of the planner asked for (`GET`, `HEAD`) with the session cookie: the JSON
/// `GET /session` answers for that cookie, asked of the service as the page's own request would
/// be (the session looked up, a closed or expired one refused), and the session's user, for the
/// log line; nothing without a live session, or when the look-up takes longer than
/// [`SESSION_LOOKUP`].
async fn signed_in(
    app: &App,
    peer: SocketAddr,
    headers: &HeaderMap,
) -> (Option<String>, Option<String>) {
    let mut cookies = HeaderMap::new();
    for value in headers.get_all(axum::http::header::COOKIE) {
        cookies.append(axum::http::header::COOKIE, value.clone());
    }
    let request = core_request(&Method::GET, SESSION_PATH, &cookies, Vec::new());
    if !has_cookie(&request) {
        return (None, None);
    }
    let site = Arc::clone(app);
    let lookup = tokio::task::spawn_blocking(move || site.service.serve(request, Some(peer.ip())));
    let served = match tokio::time::timeout(SESSION_LOOKUP, lookup).await {
        Ok(Ok(served)) if served.response.status == 200 => served,
        _ => return (None, None),
    };
    let Ok(session) = String::from_utf8(served.response.body) else {
        return (None, None);
    };
    let user = serde_json::from_str::<serde_json::Value>(&session)
        .ok()
        .and_then(|value| value.get("user")?.as_str().map(str::to_owned));
    (Some(session), user)
}

/// The core's request of an HTTP request: its method, path with the query, headers and body.
fn core_request(method: &Method, path: &str, headers: &HeaderMap, body: Vec<u8>) -> Request {
    Request {
        method: method.as_str().to_owned(),
        path: path.to_owned(),
        query: Vec::new(),
        headers: headers
            .iter()
            .map(|(name, value)| {
                (
                    name.as_str().to_owned(),
                    String::from_utf8_lossy(value.as_bytes()).into_owned(),
                )
            })
            .collect(),
        body,
    }
}
