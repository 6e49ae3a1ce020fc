//! What each request leaves behind: one log line (target `costfolio::request`; the host's probes
//! `costfolio::probe`, so that a log can leave them out) and its counts in the metrics. Both hold
//! fixed words only: the interface, the method and the route template (`template`), the status,
//! the time taken, and the user's key once their credentials were verified. Never a path as sent,
//! a query string, a header, a cookie, a body, a password or a token.

use std::time::Duration;

use super::metrics::{Limit, Metrics};
use super::template::Route;

/// Logs and counts one answered request.
pub(super) fn record(
    metrics: &Metrics,
    route: &Route,
    status: u16,
    took: Duration,
    user: Option<&str>,
) {
    metrics.answered(route, status, took);
    match status {
        429 => metrics.refused(Limit::Throttled),
        413 => metrics.refused(Limit::BodyTooLarge),
        408 => metrics.refused(Limit::BodyTimeout),
        _ => {}
    }
    // Milliseconds with microseconds, as a number a log query can compare.
    let duration_ms = (took.as_secs_f64() * 1_000_000.0).round() / 1_000.0;
    if route.interface == "host" {
        tracing::info!(
            target: "costfolio::probe",
            interface = route.interface,
            method = route.method,
            route = route.path,
            status,
            duration_ms,
            "request"
        );
    } else {
        tracing::info!(
            target: "costfolio::request",
            interface = route.interface,
            method = route.method,
            route = route.path,
            status,
            duration_ms,
            user,
            "request"
        );
    }
}
