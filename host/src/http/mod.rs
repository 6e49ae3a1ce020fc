//! The HTTP server: axum's router on hyper, under the server's own accept loop (which sets every
//! socket up, caps connections in all and per address, and bounds their times: `limits`), in front
//! of the service. `routes` sends each request to the host's probes (`health`), its interface or
//! the planner's files (`planner`); each leaves a log line and its counts (`observe`, `metrics`,
//! by the route templates of `template`). `serve --metrics` serves the counts on a second
//! listener.
//!
//! A new route of the host's own goes in `routes::route` beside the probes (and in `template`'s
//! table); a new route of an interface is the core's, and only its template is added here.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::Router;

use crate::service::{Service, IDLE_CATCH_UP};

mod health;
mod imports;
mod limits;
mod metrics;
mod observe;
mod openapi;
pub(crate) mod planner;
mod routes;
mod socket;
mod template;

use imports::ImportSlots;
pub(crate) use limits::MAX_CONNECTIONS_PER_ADDRESS;
use limits::{AddressSlot, CONNECTION_LIFETIME, HEADER_TIMEOUT, MAX_CONNECTIONS};
use metrics::{Limit, Metrics};
use planner::Planner;
use socket::accept;

/// What every connection shares: the service, the planner's files when they are served, and what
/// the requests leave behind.
struct Site {
    service: Service,
    planner: Option<Planner>,
    /// The slots to receive a large plan-import body in ([`IMPORT_READERS`], one per user).
    imports: ImportSlots,
    /// The counts `/metrics` shows.
    metrics: Metrics,
    /// What the last `/readyz` answered.
    readiness: health::LastReadiness,
}

type App = Arc<Site>;

/// Serves on `listener` until interrupted: at most [`MAX_CONNECTIONS`] connections at once, each
/// closed when its headers take longer than [`HEADER_TIMEOUT`] (idle keep-alive included) or after
/// [`CONNECTION_LIFETIME`]. The host's probes answer `/healthz` and `/readyz`, the interfaces their
/// paths; `planner`, when given, every other path (the browser planner's files). With
/// `metrics_listener`, `/metrics` is served there.
pub(crate) async fn serve(
    service: Service,
    listener: tokio::net::TcpListener,
    per_address: usize,
    planner: Option<Planner>,
    metrics_listener: Option<tokio::net::TcpListener>,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;

    let site = Arc::new(Site {
        service,
        planner,
        imports: ImportSlots::new(),
        metrics: Metrics::new(),
        readiness: health::LastReadiness::default(),
    });
    if let Some(listener) = metrics_listener {
        tokio::spawn(metrics::serve(listener, Arc::clone(&site)));
    }
    if site.service.replicated() {
        // An idle replica catches up with the others every second, so that its first request
        // after a quiet spell replays little (each request still looks at the journal first).
        let idle = Arc::clone(&site);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(IDLE_CATCH_UP);
            loop {
                tick.tick().await;
                let site = Arc::clone(&idle);
                let _ = tokio::task::spawn_blocking(move || site.service.catch_up("/")).await;
            }
        });
    }
    let app = Router::new()
        .fallback(routes::route)
        .layer(axum::extract::DefaultBodyLimit::disable())
        .with_state(Arc::clone(&site));
    let connections = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let held: Arc<Mutex<HashMap<IpAddr, usize>>> = Arc::new(Mutex::new(HashMap::new()));
    let mut interrupted = std::pin::pin!(tokio::signal::ctrl_c());
    loop {
        let (stream, peer) = tokio::select! {
            accepted = accept(&listener) => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors or a connection reset before it was taken: wait a
                    // moment rather than spin.
                    tracing::warn!(%error, "accept");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut interrupted => return Ok(()),
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            site.metrics.refused(Limit::Connections);
            drop(stream);
            continue;
        };
        let Some(address) = AddressSlot::take(&held, peer.ip(), per_address) else {
            site.metrics.refused(Limit::ConnectionsPerAddress);
            drop(stream);
            continue;
        };
        let app = app.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(
                move |request: hyper::Request<hyper::body::Incoming>| {
                    let mut request = request.map(Body::new);
                    request.extensions_mut().insert(ConnectInfo(peer));
                    app.clone().oneshot(request)
                },
            );
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(CONNECTION_LIFETIME, connection).await;
            drop(address);
            drop(permit);
        });
    }
}
