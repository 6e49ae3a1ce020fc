//! The service's own refusals, each in the envelope of the interface the path names.

use costfolio::api::{envelope, Response};

use crate::store::StoreError;

/// The answer to a request the store failed: 503 with `Retry-After` when the database is away
/// (restarting, unreachable: nothing was stored, try again), else 500; in the interface's envelope.
/// A change whose commit the database neither confirmed nor could be asked about is a 500 without
/// `Retry-After`: it may be stored, and repeating it blindly could store it twice (its message
/// says to read it back first).
pub(super) fn store_failure(path: &str, what: &str, error: &StoreError) -> Response {
    match error {
        StoreError::Unavailable(_) => {
            let mut answer = envelope(path, 503, &format!("{what}: {error}; try again"));
            answer
                .headers
                .push(("Retry-After".to_owned(), "1".to_owned()));
            answer
        }
        _ => envelope(path, 500, &format!("{what}: {error}")),
    }
}

/// 503: the state is being read again after a failed change (the database may be away).
pub(super) fn rereading(path: &str) -> Response {
    let mut answer = envelope(
        path,
        503,
        "the service is reading its journal again after a failed change; try again",
    );
    answer
        .headers
        .push(("Retry-After".to_owned(), "1".to_owned()));
    answer
}

/// The 500 of a request that failed inside the service, in its interface's envelope.
pub(super) fn failed(path: &str) -> Response {
    envelope(
        path,
        500,
        "the request failed inside the service; nothing it would have changed was kept",
    )
}
