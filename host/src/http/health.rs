//! The host's probes, answered before any interface and without credentials: `GET /healthz` is 200
//! while the process serves (it asks nothing of the state or the database), `GET /readyz` is 200
//! when the state has caught up with the journal and the database answers, else 503, so that a
//! load balancer sends requests only to replicas that can answer them. Neither tells why: the
//! reason a replica is not ready goes to its log, once each time its readiness changes.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, Method, StatusCode};
use axum::response::Response as HttpResponse;

use super::App;

/// A probe's path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Probe {
    /// `/healthz`: the process serves.
    Alive,
    /// `/readyz`: the service can answer.
    Ready,
}

/// The probe `path` names, if any.
pub(super) fn probe(path: &str) -> Option<Probe> {
    match path {
        "/healthz" => Some(Probe::Alive),
        "/readyz" => Some(Probe::Ready),
        _ => None,
    }
}

/// What the last `/readyz` found, so that only a change is logged.
#[derive(Debug, Default)]
pub(super) struct LastReadiness(AtomicU8);

impl LastReadiness {
    const READY: u8 = 1;
    const NOT_READY: u8 = 2;

    /// Records `ready`; whether it differs from the last answer (or is the first).
    fn changed(&self, ready: bool) -> bool {
        let now = if ready { Self::READY } else { Self::NOT_READY };
        self.0.swap(now, Ordering::SeqCst) != now
    }
}

/// A plain-text answer that no cache keeps.
fn plain(status: StatusCode, text: &'static str) -> HttpResponse {
    let mut response = HttpResponse::new(Body::from(text));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    response
}

/// The answer to `probe` asked with `method` (GET or HEAD; anything else is a 405).
pub(super) async fn answer(app: &App, probe: Probe, method: &Method) -> HttpResponse {
    if method != Method::GET && method != Method::HEAD {
        let mut refused = plain(StatusCode::METHOD_NOT_ALLOWED, "use GET\n");
        refused
            .headers_mut()
            .insert(header::ALLOW, header::HeaderValue::from_static("GET, HEAD"));
        return refused;
    }
    match probe {
        Probe::Alive => plain(StatusCode::OK, "ok\n"),
        Probe::Ready => {
            // The look at the journal may wait on the database: on a blocking thread.
            let site = Arc::clone(app);
            let readiness = tokio::task::spawn_blocking(move || site.service.readiness())
                .await
                .unwrap_or_else(|_| Err("the readiness check failed".to_owned()));
            let changed = app.readiness.changed(readiness.is_ok());
            match readiness {
                Ok(()) => {
                    if changed {
                        tracing::info!("ready: caught up with the journal");
                    }
                    plain(StatusCode::OK, "ready\n")
                }
                Err(reason) => {
                    if changed {
                        tracing::warn!(%reason, "not ready");
                    }
                    let mut refused = plain(StatusCode::SERVICE_UNAVAILABLE, "not ready\n");
                    refused
                        .headers_mut()
                        .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
                    refused
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_two_probes_paths_are_probes() {
        assert_eq!(probe("/healthz"), Some(Probe::Alive));
        assert_eq!(probe("/readyz"), Some(Probe::Ready));
        for path in [
            "/",
            "/healthz/",
            "/readyz/x",
            "/metrics",
            "/budgets/1/healthz",
        ] {
            assert_eq!(probe(path), None, "{path}");
        }
    }

    #[test]
    fn only_a_change_of_readiness_is_told() {
        let last = LastReadiness::default();
        assert!(last.changed(true), "the first answer");
        assert!(!last.changed(true));
        assert!(last.changed(false));
        assert!(!last.changed(false));
        assert!(last.changed(true));
    }
}
