//! What one client may take of the server: body sizes and times, connections at once (in all
//! and per address), and how long a connection lives. docs/security.md lists them.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{HeaderMap, Method};

use crate::auth::session;

/// The largest body accepted; more is a 413 (in the interface's envelope).
pub(crate) const MAX_BODY: usize = 1 << 20;

/// The largest body of a plan import (`POST /budgets/1/folio/import`): a whole folio in one
/// document, such as the 2,000-position, 5,000-expense folio of the benchmarks (about 4 MB).
pub(crate) const MAX_IMPORT_BODY: usize = 16 << 20;

/// How many plan-import bodies (up to [`MAX_IMPORT_BODY`]) are received at a time; another one
/// meanwhile is answered 503 at once, so that large bodies never hold more than this much memory.
pub(crate) const IMPORT_READERS: usize = 2;

/// Whether the request is an import that may be large: `POST /budgets/1/folio/import` (a plan
/// document) or `POST /budgets/1/folio/{id}/import/actuals` (a file of actuals) that carries
/// credentials (basic or bearer, or the planner's session cookie). Without any, its body is
/// held to [`MAX_BODY`] like every other: nobody unauthenticated makes the host buffer 16 MiB.
pub(super) fn large_import(method: &Method, path: &str, headers: &HeaderMap) -> bool {
    let credentials = headers.contains_key(axum::http::header::AUTHORIZATION)
        || headers
            .get_all(axum::http::header::COOKIE)
            .iter()
            .any(|value| {
                value
                    .to_str()
                    .is_ok_and(|v| v.contains(session::SESSION_COOKIE))
            });
    let path = path.trim_end_matches('/');
    let actuals = path
        .strip_prefix("/budgets/1/folio/")
        .and_then(|rest| rest.strip_suffix("/import/actuals"))
        .is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()));
    method == Method::POST && (path == "/budgets/1/folio/import" || actuals) && credentials
}

/// The most connections open at once; a connection past it is closed at once, so that idle or
/// slow clients cannot hold every socket the process may open.
pub(crate) const MAX_CONNECTIONS: usize = 1_024;

/// The most connections one address may hold open at once, unless `serve` is told otherwise: one
/// client cannot take the whole of [`MAX_CONNECTIONS`] from everyone else. Behind a reverse proxy
/// every connection comes from the proxy's address: raise it there (`--connections-per-address`).
pub(crate) const MAX_CONNECTIONS_PER_ADDRESS: usize = 64;

/// How long a client has to send a request's headers (also the idle time of a kept-alive
/// connection between two requests).
pub(crate) const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a client has to send a request's body once its headers are in.
pub(crate) const BODY_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest one connection is kept, however busy.
pub(crate) const CONNECTION_LIFETIME: Duration = Duration::from_secs(600);

/// One open connection of an address, counted while it lives.
pub(super) struct AddressSlot {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    address: IpAddr,
}

impl AddressSlot {
    /// A slot for `address`, or `None` when it already holds `most` (0: no cap).
    pub(super) fn take(
        counts: &Arc<Mutex<HashMap<IpAddr, usize>>>,
        address: IpAddr,
        most: usize,
    ) -> Option<AddressSlot> {
        let mut held = counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = held.entry(address).or_insert(0);
        if most > 0 && *count >= most {
            return None;
        }
        *count += 1;
        Some(AddressSlot {
            counts: Arc::clone(counts),
            address,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut held = self
            .counts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = held.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.address);
            }
        }
    }
}

/// Whether reading a body failed on its size rather than on its framing.
pub(super) fn too_large(error: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(cause) = source {
        if cause.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = cause.source();
    }
    false
}
