//! The refusals of a sign-in, in the envelope of the interface the path names.

use costfolio::api::{envelope, Response};

/// The answer when the user table could not be read: 503 with `Retry-After` when the database is
/// away, else 500; in the interface's envelope.
pub(crate) fn users_failure(path: &str, detail: &str, away: bool) -> Response {
    if !away {
        return envelope(path, 500, &format!("users: {detail}"));
    }
    let mut answer = envelope(path, 503, &format!("users: {detail}; try again"));
    answer
        .headers
        .push(("Retry-After".to_owned(), "1".to_owned()));
    answer
}

/// 429 when every hashing slot stayed busy, with `Retry-After: 1`.
pub(crate) fn busy(path: &str) -> Response {
    let mut response = envelope(
        path,
        429,
        "The server is verifying many sign-ins at once: try again in a second",
    );
    response.headers.push(("Retry-After".into(), "1".into()));
    response
}

/// 429 in the interface's envelope, with `Retry-After`.
pub(crate) fn throttled(path: &str, seconds: u64) -> Response {
    let mut response = envelope(
        path,
        429,
        &format!("Too many failed sign-ins: try again in {seconds} seconds"),
    );
    response
        .headers
        .push(("Retry-After".into(), seconds.to_string()));
    response
}
