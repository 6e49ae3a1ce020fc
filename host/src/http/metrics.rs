//! The server's metrics, in Prometheus's text format on a listener of their own (`serve --metrics
//! ADDRESS`, path `/metrics`): requests by interface, method, route template and status; their
//! latency; the journal's sequence number and a replica's lag behind the database; refusals by
//! the limit that refused them. Their labels are fixed words (`template`) and status codes, so
//! they hold no user data. Without `--metrics` nothing listens; the counts are kept anyway (a few
//! atomic additions per request), so that a listener could be added without a second path.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State as Shared;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response as HttpResponse};
use axum::routing::get;
use axum::Router;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use super::template::Route;
use super::App;

/// The labels of a request's count.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Answered {
    interface: &'static str,
    method: &'static str,
    route: &'static str,
    status: u16,
}

/// The labels of a request's latency.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Timed {
    interface: &'static str,
    method: &'static str,
    route: &'static str,
}

/// The label of a refusal: the limit that refused it.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Refused {
    limit: &'static str,
}

/// The limits whose refusals are counted (`costfolio_refusals_total{limit=...}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Limit {
    /// A sign-in throttled, or every hashing slot busy: a 429.
    Throttled,
    /// A body over its size: a 413.
    BodyTooLarge,
    /// A body that did not arrive in time: a 408.
    BodyTimeout,
    /// A plan import while the others' permits are taken: a 503.
    ImportsBusy,
    /// A connection past the server's cap, closed at once.
    Connections,
    /// A connection past its address's cap, closed at once.
    ConnectionsPerAddress,
}

impl Limit {
    /// The label's value.
    fn label(self) -> &'static str {
        match self {
            Limit::Throttled => "throttled",
            Limit::BodyTooLarge => "body_too_large",
            Limit::BodyTimeout => "body_timeout",
            Limit::ImportsBusy => "imports_busy",
            Limit::Connections => "connections",
            Limit::ConnectionsPerAddress => "connections_per_address",
        }
    }
}

/// The latency histogram's buckets: 0.5 ms to about 16 s, doubling.
fn latency() -> Histogram {
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

/// The server's metrics and their registry.
pub(crate) struct Metrics {
    registry: Registry,
    requests: Family<Answered, Counter>,
    durations: Family<Timed, Histogram, fn() -> Histogram>,
    refusals: Family<Refused, Counter>,
    journal_seq: Gauge,
    replica_lag: Gauge,
    kept_books: Gauge,
    kept_books_bytes: Gauge,
}

impl Metrics {
    /// The metrics, registered under the `costfolio_` prefix.
    pub(crate) fn new() -> Metrics {
        let mut registry = Registry::with_prefix("costfolio");
        let requests = Family::<Answered, Counter>::default();
        let durations: Family<Timed, Histogram, fn() -> Histogram> =
            Family::new_with_constructor(latency);
        let refusals = Family::<Refused, Counter>::default();
        let journal_seq = Gauge::default();
        let replica_lag = Gauge::default();
        let kept_books = Gauge::default();
        let kept_books_bytes = Gauge::default();
        registry.register(
            "requests",
            "Requests answered, by interface, method, route template and status",
            requests.clone(),
        );
        registry.register(
            "request_duration_seconds",
            "Time from a request's arrival to its answer, by interface, method and route template",
            durations.clone(),
        );
        registry.register(
            "refusals",
            "Requests and connections refused by a limit, by limit",
            refusals.clone(),
        );
        registry.register(
            "journal_seq",
            "The sequence number of the last journal entry the server's state holds",
            journal_seq.clone(),
        );
        registry.register(
            "replica_lag_entries",
            "Journal entries the database holds that the server's state does not yet (PostgreSQL; 0 on SQLite)",
            replica_lag.clone(),
        );
        registry.register(
            "kept_books",
            "Costed folio books kept between reads (serve --kept-books-mib)",
            kept_books.clone(),
        );
        registry.register(
            "kept_books_bytes",
            "About how many bytes the kept folio books hold, as the server estimates them",
            kept_books_bytes.clone(),
        );
        Metrics {
            registry,
            requests,
            durations,
            refusals,
            journal_seq,
            replica_lag,
            kept_books,
            kept_books_bytes,
        }
    }

    /// Counts one answered request.
    pub(crate) fn answered(&self, route: &Route, status: u16, took: Duration) {
        self.requests
            .get_or_create(&Answered {
                interface: route.interface,
                method: route.method,
                route: route.path,
                status,
            })
            .inc();
        self.durations
            .get_or_create(&Timed {
                interface: route.interface,
                method: route.method,
                route: route.path,
            })
            .observe(took.as_secs_f64());
    }

    /// Counts one refusal by `limit`.
    pub(crate) fn refused(&self, limit: Limit) {
        self.refusals
            .get_or_create(&Refused {
                limit: limit.label(),
            })
            .inc();
    }

    /// The metrics as Prometheus text (OpenMetrics 1.0), with the journal's and the kept books'
    /// gauges as given (the books' as last seen when not looked up).
    fn text(
        &self,
        journal_seq: u64,
        replica_lag: u64,
        books: Option<(usize, usize)>,
    ) -> Result<String, std::fmt::Error> {
        if let Some((books, bytes)) = books {
            self.kept_books
                .set(i64::try_from(books).unwrap_or(i64::MAX));
            self.kept_books_bytes
                .set(i64::try_from(bytes).unwrap_or(i64::MAX));
        }
        self.journal_seq
            .set(i64::try_from(journal_seq).unwrap_or(i64::MAX));
        self.replica_lag
            .set(i64::try_from(replica_lag).unwrap_or(i64::MAX));
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)?;
        Ok(text)
    }
}

/// `GET /metrics`: the journal's position and the kept books looked up, then every metric. Both
/// wait for the state's lock, which a change holds through its commit, and the store's client
/// blocks: on a blocking thread, never on one of the runtime's workers. A database that cannot be
/// asked leaves the lag as last seen; a look-up that failed whole, every looked-up gauge.
async fn scrape(Shared(app): Shared<App>) -> HttpResponse {
    let site = Arc::clone(&app);
    let looked = tokio::task::spawn_blocking(move || {
        let position = site.service.journal_position();
        let held = match &position {
            Ok(position) => position.held,
            Err(_) => site.service.held_seq(),
        };
        (
            held,
            position.ok().map(|p| p.lag()),
            site.service.books_kept(),
        )
    })
    .await
    .ok();
    let last = |gauge: &Gauge| u64::try_from(gauge.get()).unwrap_or(0);
    let (held, lag, books) = match looked {
        Some((held, lag, books)) => (
            held,
            lag.unwrap_or_else(|| last(&app.metrics.replica_lag)),
            Some(books),
        ),
        None => (
            last(&app.metrics.journal_seq),
            last(&app.metrics.replica_lag),
            None,
        ),
    };
    match app.metrics.text(held, lag, books) {
        Ok(text) => (
            [(
                header::CONTENT_TYPE,
                "application/openmetrics-text; version=1.0.0; charset=utf-8",
            )],
            text,
        )
            .into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// Serves `/metrics` on `listener` until the process ends; every other path is a 404.
pub(super) async fn serve(listener: tokio::net::TcpListener, app: App) {
    let router = Router::new().route("/metrics", get(scrape)).with_state(app);
    if let Err(error) = axum::serve(listener, router).await {
        tracing::error!(%error, "the metrics listener stopped");
    }
}
