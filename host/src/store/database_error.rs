//! What PostgreSQL said when it refused or failed, in words: every part of the PostgreSQL backend
//! (the store, its TLS connector, its commit watchdog) reports errors through this one function,
//! so that none of them depends on another for it.

/// What the database said: its SQLSTATE and message when it answered one (`Display` says only
/// "db error"), else the client's error with its causes (`Display` says only what kind of error,
/// such as "error performing TLS handshake", not why).
pub(crate) fn said(error: &postgres::Error) -> String {
    if let Some(db) = error.as_db_error() {
        return format!("{} ({})", db.message(), db.code().code());
    }
    let mut text = error.to_string();
    let mut cause = std::error::Error::source(error);
    while let Some(error) = cause {
        // A cause's text may carry its own cause's already (OpenSSL's does).
        let more = error.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        cause = error.source();
    }
    text
}
