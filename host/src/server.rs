//! The HTTP server: axum in front of the core's `handle`, each request's journal entries committed
//! to SQLite before its answer leaves (S13.2).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use axum::body::{to_bytes, Body};
use axum::extract::{ConnectInfo, State as Shared};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::Response as HttpResponse;
use axum::Router;
use costfolio::api::{
    authenticate, decode_form, encode_query, envelope, handle, handle_read, issue_code, Context,
    Request, Response,
};
use costfolio::state::State;

use crate::credentials::{Credentials, Refusal, FRESHNESS};
use crate::planner::Planner;
use crate::store::{StateCell, Store, StoreError};

mod session;

use session::SESSION_PATH;

/// The largest body accepted; more is a 413 (in the interface's envelope).
pub(crate) const MAX_BODY: usize = 1 << 20;

/// The largest body of a plan import (`POST /budgets/1/folio/import`): a whole folio in one
/// document, such as the 2,000-position, 5,000-expense folio of the benchmarks (about 4 MB).
pub(crate) const MAX_IMPORT_BODY: usize = 16 << 20;

/// How many plan-import bodies (up to [`MAX_IMPORT_BODY`]) are received at a time; another one
/// meanwhile is answered 503 at once, so that large bodies never hold more than this much memory.
pub(crate) const IMPORT_READERS: usize = 2;

/// Whether the request is a plan import that may be large: `POST /budgets/1/folio/import` that
/// carries credentials (basic or bearer, or the planner's session cookie). Without any, its body is
/// held to [`MAX_BODY`] like every other: nobody unauthenticated makes the host buffer 16 MiB.
fn large_import(method: &Method, path: &str, headers: &HeaderMap) -> bool {
    let credentials = headers.contains_key(axum::http::header::AUTHORIZATION)
        || headers
            .get_all(axum::http::header::COOKIE)
            .iter()
            .any(|value| {
                value
                    .to_str()
                    .is_ok_and(|v| v.contains(session::SESSION_COOKIE))
            });
    method == Method::POST && path.trim_end_matches('/') == "/budgets/1/folio/import" && credentials
}

/// The server writes a snapshot after this many journal entries, to keep start-up replay short.
pub(crate) const SNAPSHOT_EVERY: u64 = 5_000;

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

/// The store that writes the journal, and the snapshot schedule: what the writers' lock guards.
struct Writer {
    store: Store,
    /// The sequence number of the last snapshot this server wrote (or found at start).
    snapshot_seq: u64,
    /// Entries between two snapshots.
    snapshot_every: u64,
}

/// The service. The state is shared copy-on-write: a read takes the read lock only for as long
/// as it takes to count one more holder of the current state, then answers from it without any
/// lock, so reads run side by side and neither wait for a change nor make one wait. A change takes
/// the writers' lock, then the write lock for as long as the core applies it and its entries are
/// committed (S13.2: no read sees a change before it is durable); if reads still hold the state it
/// changes, it changes a copy. Credentials are verified outside every lock.
pub(crate) struct Service {
    state: RwLock<Arc<State>>,
    /// Set when the state could not be reloaded after a failure: no change is made until it is.
    stale: std::sync::atomic::AtomicBool,
    writer: parking_lot::Mutex<Writer>,
    /// A store of its own (on PostgreSQL a pool of connections, used side by side), to see cheaply
    /// whether another process (the command line, another replica) wrote.
    watch: Store,
    /// When the journal was last looked at (SQLite: at most every [`FRESHNESS`]).
    looked: Mutex<Option<Instant>>,
    credentials: Credentials,
    base_url: String,
}

/// A lock whose data stays usable after a panic elsewhere. A panic inside a request is caught
/// while the lock is held (see [`Service::change`]) and the state rebuilt, so no lock is left
/// holding half a change.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn read_lock(state: &RwLock<Arc<State>>) -> std::sync::RwLockReadGuard<'_, Arc<State>> {
    state
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn write_lock(state: &RwLock<Arc<State>>) -> std::sync::RwLockWriteGuard<'_, Arc<State>> {
    state
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The answer to a request the store failed: 503 with `Retry-After` when the database is away
/// (restarting, unreachable: nothing was stored, try again), else 500; in the interface's envelope.
/// A change whose commit the database neither confirmed nor could be asked about is a 500 without
/// `Retry-After`: it may be stored, and repeating it blindly could store it twice (its message
/// says to read it back first).
fn store_failure(path: &str, what: &str, error: &StoreError) -> Response {
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

/// 503: the state is being read again after a failed change (the database may be away).
fn rereading(path: &str) -> Response {
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

/// The service's state as a store transaction changes it: the write lock is taken only once the
/// transaction holds the journal, so reads go on while it waits for other writers (another
/// replica, the command line). A change that fails (or panics) marks the state stale before the
/// lock is let go, so no read answers from a state ahead of the database.
struct Held<'a> {
    state: &'a RwLock<Arc<State>>,
    stale: &'a std::sync::atomic::AtomicBool,
}

impl StateCell for Held<'_> {
    fn seq(&self) -> u64 {
        read_lock(self.state).seq
    }

    fn with(&mut self, change: &mut dyn FnMut(&mut State) -> bool) {
        let mut state = write_lock(self.state);
        match catch_unwind(AssertUnwindSafe(|| change(Arc::make_mut(&mut state)))) {
            Ok(true) => {}
            Ok(false) => self.stale.store(true, std::sync::atomic::Ordering::SeqCst),
            Err(panic) => {
                // Marked before the lock is let go, and let go before the panic goes on (to
                // `Service::change`, which rebuilds the state), so the lock is not poisoned.
                self.stale.store(true, std::sync::atomic::Ordering::SeqCst);
                drop(state);
                std::panic::resume_unwind(panic);
            }
        }
    }

    /// A state read back after a failed change replaces this one only if this one is marked
    /// stale (it may hold what the database does not), or the fresh one is not behind it: a
    /// change that failed before it touched the state (a lock timeout) must not take back
    /// entries a read caught up with meanwhile, which were answered by another replica.
    fn reset(&mut self, fresh: State) {
        // Cleared while the lock is held, so that a read sees the state and the mark together.
        let mut state = write_lock(self.state);
        if self.stale.load(std::sync::atomic::Ordering::SeqCst) || fresh.seq >= state.seq {
            *state = Arc::new(fresh);
            self.stale.store(false, std::sync::atomic::Ordering::SeqCst);
        }
    }

    fn confirm(&mut self) {
        let _state = write_lock(self.state);
        self.stale.store(false, std::sync::atomic::Ordering::SeqCst);
    }

    fn ahead(&mut self) {
        let _state = write_lock(self.state);
        self.stale.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

/// How many journal entries a read catching up applies under one holding of the write lock.
const CATCH_UP_BATCH: u64 = 1_000;

/// How long a change may wait for the journal in all (behind this server's other writers, then
/// for the lock another server holds) before it is answered 503.
const WRITE_WAIT: Duration = crate::store::postgres::LOCK_WAIT;

/// How often an idle replica catches up with what the others committed.
pub(crate) const IDLE_CATCH_UP: Duration = Duration::from_secs(1);

/// Registers with the core every user of the user table it does not know yet (a database from
/// before the service kept its users): the planner's pickers offer them and a custom field of
/// style USER takes their keys (S7.4). Journaled like any change; on replicas starting together,
/// the second finds them registered (the transaction replays the first's entries) and adds none.
fn register_users(store: &mut Store, state: &mut State) -> Result<(), StoreError> {
    let missing: Vec<String> = store
        .users()?
        .into_iter()
        .map(|(name, _, _)| name)
        .filter(|name| !state.users.contains_key(name.as_str()))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    store.transact(state, |state| {
        for name in &missing {
            // A user table's name is never empty (`Store::add_user` refuses it).
            let _ = costfolio::api::register_user(state, name, None);
        }
    })
}

impl Service {
    /// Whether its database is shared with other replicas (PostgreSQL).
    pub(crate) fn replicated(&self) -> bool {
        self.watch.replicated()
    }

    /// A service over `store` (the database `db` names: a SQLite path or a PostgreSQL address),
    /// its state loaded (latest snapshot, then the journal).
    pub(crate) fn new(mut store: Store, db: &str, base_url: String) -> Result<Service, StoreError> {
        let mut state = store.load()?;
        register_users(&mut store, &mut state)?;
        let snapshot_seq = state.seq;
        Ok(Service {
            state: RwLock::new(Arc::new(state)),
            stale: std::sync::atomic::AtomicBool::new(false),
            writer: parking_lot::Mutex::new(Writer {
                store,
                snapshot_seq,
                snapshot_every: SNAPSHOT_EVERY,
            }),
            watch: Store::open_readers(db)?,
            looked: Mutex::new(None),
            credentials: Credentials::over(Store::open_address(db)?)?,
            base_url,
        })
    }

    fn context(&self) -> Context {
        let mut random = vec![0u8; 64];
        if getrandom::fill(&mut random).is_err() {
            random.clear();
        }
        Context::new(&self.base_url, chrono::Utc::now().naive_utc(), random)
    }

    /// Handles one request from `peer`: the core's answer, after its entries are committed.
    pub(crate) fn process(&self, request: Request, peer: Option<IpAddr>) -> Response {
        let planner = Service::has_session_cookie(&request);
        let mut response = self.answer(request, peer);
        if planner && response.status == 401 {
            // The planner's page handles a closed session itself: no browser password prompt,
            // whose remembered basic credentials would outlive a sign-out.
            response
                .headers
                .retain(|(name, _)| !name.eq_ignore_ascii_case("WWW-Authenticate"));
        }
        response
    }

    fn answer(&self, mut request: Request, peer: Option<IpAddr>) -> Response {
        if let Err(refusal) = request.split_query() {
            return refusal;
        }
        let mut context = self.context();
        if context.random.is_empty() {
            return envelope(&request.path, 500, "the host could not draw random bytes");
        }
        let basic = request
            .header_value("Authorization")
            .filter(|_| request.credentials("Basic").is_some());
        if let (true, Some(header)) = (request.path.starts_with("/budgets/"), basic) {
            // Verified outside every lock: a slow hash never makes others wait (S11.4).
            match self.credentials.basic(header, peer) {
                Ok(verified) => {
                    context.user = Some(verified.user);
                    context.budget_admin = verified.budget_admin;
                }
                Err(Refusal::Wrong) => {}
                Err(Refusal::Throttled(seconds)) => return throttled(&request.path, seconds),
                Err(Refusal::Busy) => return busy(&request.path),
                Err(Refusal::Storage { detail, away }) => {
                    return users_failure(&request.path, &detail, away)
                }
            }
        }
        // Whether this request has looked at the journal yet: once is enough.
        let mut caught_up = false;
        let bearer = request.credentials("Bearer").is_some();
        if bearer {
            // The token's user, and whether they are a budget administrator now: the core reads
            // both from the context (S11.5).
            if let Err(failure) = self.fresh(&request.path, &mut caught_up) {
                return failure;
            }
            let token = match self.settled(&request.path) {
                Ok(state) => authenticate(&state, &request, &context),
                Err(failure) => return failure,
            };
            if let Ok(token) = token {
                context.budget_admin = self.credentials.is_budget_admin(&token.user);
                context.user = Some(token.user);
                context.write = token.write;
            }
        }
        if request.path.trim_end_matches('/') == "/oauth/authorize" {
            return self.authorize(&request, &context, peer);
        }
        if request.path == SESSION_PATH {
            return self.session_endpoint(&request, &context, peer);
        }
        if let Some(refusal) = self.session_caller(&request, &mut context) {
            return refusal;
        }
        if let Some(refusal) = self.verify_client(&request, &mut context, peer, &mut caught_up) {
            return refusal;
        }
        if let Some(response) = self.read(&request, &context, &mut caught_up) {
            return response;
        }
        self.change(&request.path, |state| handle(state, &request, &context))
            .unwrap_or_else(|refusal| refusal)
    }

    /// For a token or revocation request, verifies the client's secret against its salted hash
    /// outside every lock and tells the core so (`Context::verified_client`); a refusal only when
    /// the attempt is throttled or the journal cannot be read. A wrong secret is left to the core,
    /// which answers it as the RFC says.
    fn verify_client(
        &self,
        request: &Request,
        context: &mut Context,
        peer: Option<IpAddr>,
        caught_up: &mut bool,
    ) -> Option<Response> {
        let endpoint = request.path.trim_end_matches('/');
        if request.method != "POST"
            || (endpoint != "/oauth/token" && endpoint != "/oauth/revoke_token")
        {
            return None;
        }
        let form = std::str::from_utf8(&request.body)
            .ok()
            .and_then(decode_form)?;
        let field = |name: &str| {
            form.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let (client, secret) = (field("client_id")?, field("client_secret")?);
        if let Err(failure) = self.fresh(&request.path, caught_up) {
            return Some(failure);
        }
        let stored = match self.settled(&request.path) {
            Ok(state) => state,
            Err(failure) => return Some(failure),
        }
        .clients
        .get(client)
        .map(|record| record.secret_hash.clone());
        if stored.as_deref().is_some_and(|hash| !hash.starts_with('$')) {
            // Registered by the core alone (SHA-256): the core checks it.
            return None;
        }
        match self
            .credentials
            .client_secret(client, secret, stored.as_deref(), peer)
        {
            Ok(()) => context.verified_client = Some(client.to_owned()),
            Err(Refusal::Throttled(seconds)) => return Some(throttled(&request.path, seconds)),
            Err(Refusal::Busy) => return Some(busy(&request.path)),
            Err(Refusal::Wrong | Refusal::Storage { .. }) => {}
        }
        None
    }

    /// Answers a request that changes nothing (every read, and a change by no one) from the
    /// current state without a lock, after catching up with what another process wrote; `None`
    /// when the request may change the state. A panic inside is
    /// contained: the request answers 500 and the state, which a read cannot change, stays.
    fn read(&self, request: &Request, context: &Context, caught_up: &mut bool) -> Option<Response> {
        if let Err(failure) = self.fresh(&request.path, caught_up) {
            return Some(failure);
        }
        // The current state, held by this read alone: no lock while it is answered.
        let state = match self.settled(&request.path) {
            Ok(shared) => Arc::clone(&shared),
            Err(failure) => return Some(failure),
        };
        match catch_unwind(AssertUnwindSafe(|| handle_read(&state, request, context))) {
            Ok(answer) => answer,
            Err(_) => Some(failed(&request.path)),
        }
    }

    /// Replays what another process (the command line, or another replica) committed since the
    /// state was loaded. On SQLite the journal is looked at at most every [`FRESHNESS`] (a revoked
    /// token or a new client counts within it), so that reads do not meet concurrent commits; on a
    /// replicated database (PostgreSQL) at every request, so that a read sees every write
    /// answered before it, whichever replica answered it.
    fn catch_up(&self, path: &str) -> Result<(), Response> {
        let unreadable =
            |error: StoreError| store_failure(path, "the journal could not be read", &error);
        // A state that may be ahead of the database (a failed change whose rollback could not be
        // read back) is read again before anything is answered from it.
        // One request reads it again; the others meanwhile are answered 503 at once rather than
        // queued behind it (the database may be away, each attempt taking seconds).
        if self.stale.load(std::sync::atomic::Ordering::SeqCst) {
            let Some(writer) = self.writer.try_lock() else {
                return Err(rereading(path));
            };
            self.read_again(&writer).map_err(unreadable)?;
        }
        if !self.watch.replicated() {
            let mut looked = lock(&self.looked);
            if looked.is_some_and(|at| at.elapsed() < FRESHNESS) {
                return Ok(());
            }
            *looked = Some(Instant::now());
        }
        // What the state holds, before the journal is looked at: every entry up to it was
        // committed (a change holds the state until its commit is answered), so a journal that
        // ends before it lost entries.
        let held = read_lock(&self.state).seq;
        // On PostgreSQL, concurrent reads look side by side, each on a connection of the pool.
        let last = self.watch.last_seq().map_err(unreadable)?;
        if last < held {
            // A database restored from a backup, or a standby promoted that had not received the
            // last entries: the state is read again from it before anything is answered or
            // written after it, which would leave a gap.
            eprintln!("the journal ends at entry {last}, before entry {held} this server holds: it lost entries; reading it again");
            self.stale.store(true, std::sync::atomic::Ordering::SeqCst);
            return Err(rereading(path));
        }
        // What others committed is read with no lock held (a writer of this server waiting for
        // the journal holds none that reads need), then applied under the state's write lock.
        let mut after = held;
        while after < last {
            let entries = self
                .watch
                .entries_after(after, CATCH_UP_BATCH)
                .map_err(unreadable)?;
            let Some(newest) = entries.last().map(|entry| entry.seq) else {
                break;
            };
            after = newest;
            let mut state = write_lock(&self.state);
            if self.stale.load(std::sync::atomic::Ordering::SeqCst) {
                return Err(rereading(path));
            }
            // A writer, or another read, may have applied some of them meanwhile.
            let held = state.seq;
            let applied = catch_unwind(AssertUnwindSafe(|| {
                Arc::make_mut(&mut state).replay(entries.iter().filter(|entry| entry.seq > held))
            }));
            match applied {
                Ok(Ok(())) => {}
                failure => {
                    // Possibly half applied: read again from the database before anything is
                    // answered from it (the next request does).
                    self.stale.store(true, std::sync::atomic::Ordering::SeqCst);
                    drop(state);
                    let detail = match failure {
                        Ok(Err(error)) => error.to_string(),
                        _ => "the core failed replaying it".to_owned(),
                    };
                    return Err(unreadable(StoreError::Corrupt(detail)));
                }
            }
        }
        Ok(())
    }

    /// The current state, for as long as the guard is held, unless it is marked stale: a change
    /// that failed marks it before it lets it go, and a state taken after that may hold a change
    /// the database does not (a token it minted, a client it registered), so nothing is answered
    /// or checked against it (503 until it is read again). The mark is looked at under the lock.
    pub(crate) fn settled(
        &self,
        path: &str,
    ) -> Result<std::sync::RwLockReadGuard<'_, Arc<State>>, Response> {
        let state = read_lock(&self.state);
        if self.stale.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(rereading(path));
        }
        Ok(state)
    }

    /// Replaces a state marked stale with the database's, read through the writer's store (the
    /// caller holds the writers' lock, so no change runs meanwhile); the mark is cleared with the
    /// state's lock held, so that a read sees the two together.
    fn read_again(&self, writer: &Writer) -> Result<(), StoreError> {
        let fresh = writer.store.load()?;
        let mut state = write_lock(&self.state);
        *state = Arc::new(fresh);
        self.stale.store(false, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }

    /// [`Service::catch_up`] unless this request already did (`done`).
    fn fresh(&self, path: &str, done: &mut bool) -> Result<(), Response> {
        if !*done {
            self.catch_up(path)?;
            *done = true;
        }
        Ok(())
    }

    /// Runs `change` on the state inside one store transaction. A storage failure answers 500 and
    /// leaves the state as the disk has it. A panic inside `change` is contained: the transaction
    /// rolls back, the state is rebuilt from the journal, the request answers 500 in its
    /// interface's envelope, and the next request is served as usual.
    fn change<T>(&self, path: &str, change: impl FnOnce(&mut State) -> T) -> Result<T, Response> {
        let mut writer = if self.watch.replicated() {
            // On a shared database a change waits for the journal at most WRITE_WAIT in all:
            // writers queued behind one that waits for another server's lock (or asks whether
            // a lost commit landed) do not each wait as long again, and the time left bounds its
            // wait for the journal lock.
            let arrived = Instant::now();
            let held_up = || {
                store_failure(
                    path,
                    "the change could not be stored",
                    &StoreError::Unavailable(format!(
                        "the journal was held by other writers for {} s",
                        WRITE_WAIT.as_secs()
                    )),
                )
            };
            let Some(mut writer) = self.writer.try_lock_for(WRITE_WAIT) else {
                return Err(held_up());
            };
            let left = WRITE_WAIT.saturating_sub(arrived.elapsed());
            if left < Duration::from_millis(50) {
                return Err(held_up());
            }
            writer.store.set_lock_wait(left);
            writer
        } else {
            self.writer.lock()
        };
        if self.stale.load(std::sync::atomic::Ordering::SeqCst) {
            if let Err(error) = self.read_again(&writer) {
                return Err(store_failure(
                    path,
                    "the service cannot read its journal, so it changes nothing",
                    &error,
                ));
            }
        }
        let mut cell = Held {
            state: &self.state,
            stale: &self.stale,
        };
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            writer.store.transact(&mut cell, change)
        }));
        let value = match outcome {
            Ok(Ok(value)) => value,
            Ok(Err(error)) => {
                // Nothing was committed (or the database could not say): the store read the
                // state back if it could; if not, it stays marked stale, and nothing is answered
                // from it until it is read again.
                return Err(store_failure(
                    path,
                    "the change could not be stored",
                    &error,
                ));
            }
            Err(_) => {
                match writer.store.load() {
                    Ok(fresh) => cell.reset(fresh),
                    Err(error) => {
                        // Memory may be ahead of the disk: no change until a reload works.
                        self.stale.store(true, std::sync::atomic::Ordering::SeqCst);
                        eprintln!("could not reload the state after a failure: {error}");
                    }
                }
                eprintln!(
                    "a request failed inside the service; its state was rebuilt from the journal"
                );
                return Err(failed(path));
            }
        };
        let snapshot = Arc::clone(&read_lock(&self.state));
        let due = |writer: &Writer| snapshot.seq >= writer.snapshot_seq + writer.snapshot_every;
        if due(&writer) {
            // Another replica may have written one since: each writes only when none is recent.
            if let Ok(Some(latest)) = writer.store.latest_snapshot() {
                writer.snapshot_seq = writer.snapshot_seq.max(latest);
            }
        }
        if due(&writer) {
            // Readers and the state go on while the snapshot is written; the writers' lock keeps
            // the journal still. The answer's entries are already committed: a failed snapshot
            // only means a longer replay at the next start.
            match writer.store.write_snapshot(&snapshot) {
                Ok(seq) => writer.snapshot_seq = seq,
                Err(error) => eprintln!("snapshot failed (the journal is intact): {error}"),
            }
        }
        Ok(value)
    }

    /// `GET /oauth/authorize`: a sign-in form; `POST`: the user signs in and grants the client,
    /// then is redirected with the code (S11.1).
    fn authorize(&self, request: &Request, context: &Context, peer: Option<IpAddr>) -> Response {
        let param = |name: &str| request.param_value(name).unwrap_or("").to_owned();
        if request.method == "GET" {
            // RFC 6749 3.1.2.4: no sign-in page for an unknown client or a redirect it did not
            // register (an attacker's words on the real sign-in page help phishing).
            let registered = match self.settled(&request.path) {
                Ok(state) => state,
                Err(failure) => return failure,
            }
            .clients
            .get(param("client_id").as_str())
            .is_some_and(|client| client.redirect_uri == param("redirect_uri"));
            if !registered {
                return Response {
                    status: 400,
                    headers: vec![
                        ("Content-Type".into(), "text/plain; charset=utf-8".into()),
                        ("Cache-Control".into(), "no-store".into()),
                    ],
                    body: b"This sign-in link is not valid: its client or redirect address is not registered with this costfolio server.\n".to_vec(),
                };
            }
            // A CSRF token, sent both as a SameSite=Strict cookie and in the form: a POST from
            // another site carries neither the cookie nor the value (double submit).
            let csrf = costfolio::api::token_text(context.random.get(32..64).unwrap_or(&[]));
            let page = format!(
                "<!doctype html><html><head><meta charset=\"utf-8\"><title>costfolio: grant access</title></head><body>\
                 <h1>Grant {client} access to costfolio</h1>\
                 <form method=\"post\" action=\"/oauth/authorize\">\
                 <input type=\"hidden\" name=\"client_id\" value=\"{client}\">\
                 <input type=\"hidden\" name=\"redirect_uri\" value=\"{redirect}\">\
                 <input type=\"hidden\" name=\"state\" value=\"{state}\">\
                 <input type=\"hidden\" name=\"csrf\" value=\"{csrf}\">\
                 <label>User <input name=\"username\" autocomplete=\"username\"></label>\
                 <label>Password <input name=\"password\" type=\"password\" autocomplete=\"current-password\"></label>\
                 <button type=\"submit\">Grant access</button></form></body></html>",
                client = html(&param("client_id")),
                redirect = html(&param("redirect_uri")),
                state = html(&param("state")),
            );
            let secure = if self.base_url.starts_with("https:") {
                "; Secure"
            } else {
                ""
            };
            return Response {
                status: 200,
                headers: vec![
                    ("Content-Type".into(), "text/html; charset=utf-8".into()),
                    // No page of another site may frame the sign-in (clickjacking).
                    (
                        "Content-Security-Policy".into(),
                        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'".into(),
                    ),
                    ("X-Frame-Options".into(), "DENY".into()),
                    ("Cache-Control".into(), "no-store".into()),
                    ("Referrer-Policy".into(), "no-referrer".into()),
                    (
                        "Set-Cookie".into(),
                        format!(
                            "{CSRF_COOKIE}={csrf}; Path=/oauth/authorize; HttpOnly; SameSite=Strict{secure}"
                        ),
                    ),
                ],
                body: page.into_bytes(),
            };
        }
        if request.method != "POST" {
            return oauth_error(
                405,
                "invalid_request",
                "use GET to show the form and POST to grant",
            );
        }
        let Some(form) = std::str::from_utf8(&request.body)
            .ok()
            .and_then(decode_form)
        else {
            return oauth_error(
                400,
                "invalid_request",
                "the body is not valid form encoding",
            );
        };
        let form: HashMap<String, String> = form.into_iter().collect();
        let sent = form.get("csrf").map(String::as_str).unwrap_or("");
        if sent.len() != 64 || cookie(request, CSRF_COOKIE) != Some(sent) {
            return oauth_error(
                403,
                "access_denied",
                "the sign-in form was not sent from this server's page, or it expired: load the page again",
            );
        }
        let field = |name: &str| form.get(name).cloned().unwrap_or_default();
        match self
            .credentials
            .verify(&field("username"), &field("password"), peer, None)
        {
            Ok(_) => {}
            Err(Refusal::Throttled(seconds)) => return throttled(&request.path, seconds),
            Err(Refusal::Busy) => return busy(&request.path),
            Err(Refusal::Storage { detail, away }) => {
                let (status, error) = if away {
                    (503, "temporarily_unavailable")
                } else {
                    (500, "server_error")
                };
                return oauth_error(status, error, &format!("users: {detail}"));
            }
            Err(Refusal::Wrong) => {
                return oauth_error(401, "access_denied", "wrong user name or password")
            }
        }
        let (client, redirect) = (field("client_id"), field("redirect_uri"));
        let user = field("username");
        let code = self.change(&request.path, |state| {
            issue_code(state, &client, &redirect, &user, context)
        });
        match code {
            Ok(Ok(code)) => {
                let separator = if redirect.contains('?') { '&' } else { '?' };
                let mut location = format!("{redirect}{separator}code={code}");
                if !field("state").is_empty() {
                    location.push_str(&format!("&state={}", encode_query(&field("state"))));
                }
                Response {
                    status: 302,
                    headers: vec![("Location".into(), location)],
                    body: Vec::new(),
                }
            }
            Ok(Err(error)) => oauth_error(400, "invalid_request", &error.to_string()),
            Err(failure) => failure,
        }
    }
}

fn oauth_error(status: u16, error: &str, description: &str) -> Response {
    Response::json(
        status,
        serde_json::json!({"error": error, "error_description": description}).to_string(),
    )
}

fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The cookie that carries the authorize page's CSRF token.
const CSRF_COOKIE: &str = "costfolio_csrf";

/// The value of cookie `name` of the request, if it sent one.
fn cookie<'r>(request: &'r Request, name: &str) -> Option<&'r str> {
    request
        .headers
        .iter()
        .filter(|(header, _)| header.eq_ignore_ascii_case("Cookie"))
        .flat_map(|(_, value)| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}

/// The 500 of a request that failed inside the service, in its interface's envelope.
fn failed(path: &str) -> Response {
    envelope(
        path,
        500,
        "the request failed inside the service; nothing it would have changed was kept",
    )
}

/// 429 when every hashing slot stayed busy, with `Retry-After: 1`.
fn busy(path: &str) -> Response {
    let mut response = envelope(
        path,
        429,
        "The server is verifying many sign-ins at once: try again in a second",
    );
    response.headers.push(("Retry-After".into(), "1".into()));
    response
}

/// 429 in the interface's envelope, with `Retry-After`.
fn throttled(path: &str, seconds: u64) -> Response {
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

/// What every connection shares: the service, and the planner's files when they are served.
struct Site {
    service: Service,
    planner: Option<Planner>,
    /// Permits to receive a large plan-import body ([`IMPORT_READERS`]).
    imports: Arc<tokio::sync::Semaphore>,
}

type App = Arc<Site>;

/// The paths the interfaces answer; every other path is the planner's.
fn is_interface(path: &str) -> bool {
    ["/budgets", "/core", "/audit", "/oauth", SESSION_PATH]
        .iter()
        .any(|base| {
            path.strip_prefix(base)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
}

/// Sends a request to its interface, or to the planner's files.
async fn route(
    Shared(app): Shared<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: axum::extract::Request,
) -> HttpResponse {
    match &app.planner {
        Some(planner) if !is_interface(request.uri().path()) => planner.answer(request).await,
        _ => {
            let (parts, body) = request.into_parts();
            any(app, peer, parts.method, parts.uri, parts.headers, body).await
        }
    }
}

async fn any(
    app: App,
    peer: SocketAddr,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> HttpResponse {
    let started = Instant::now();
    let path = uri
        .path_and_query()
        .map_or_else(|| uri.path().to_owned(), |p| p.as_str().to_owned());
    // A large import holds one of the import permits until it is answered; with none free it is
    // answered 503 at once, its body unread.
    let permit = if large_import(&method, uri.path(), &headers) {
        match app.imports.clone().try_acquire_owned() {
            Ok(permit) => Ok(Some(permit)),
            Err(_) => Err(()),
        }
    } else {
        Ok(None)
    };
    let limit = match &permit {
        Ok(Some(_)) => MAX_IMPORT_BODY,
        _ => MAX_BODY,
    };
    let read = async {
        if permit.is_err() {
            None
        } else {
            Some(tokio::time::timeout(BODY_TIMEOUT, to_bytes(body, limit)).await)
        }
    };
    let response = match read.await {
        None => {
            let mut busy = envelope(
                uri.path(),
                503,
                "another plan import is being received; try again in a moment",
            );
            busy.headers
                .push(("Retry-After".to_owned(), "1".to_owned()));
            busy
        }
        Some(Err(_)) => envelope(
            uri.path(),
            408,
            &format!(
                "the body did not arrive within {} seconds",
                BODY_TIMEOUT.as_secs()
            ),
        ),
        Some(Ok(Err(error))) if too_large(&error) => envelope(
            uri.path(),
            413,
            &format!("the body is larger than {limit} bytes"),
        ),
        Some(Ok(Err(error))) => envelope(
            uri.path(),
            400,
            &format!("the body could not be read: {error}"),
        ),
        Some(Ok(Ok(bytes))) => {
            let request = Request {
                method: method.as_str().to_owned(),
                path: path.clone(),
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
                body: bytes.to_vec(),
            };
            let result =
                tokio::task::spawn_blocking(move || app.service.process(request, Some(peer.ip())))
                    .await;
            result.unwrap_or_else(|_| envelope(uri.path(), 500, "the request failed"))
        }
    };
    drop(permit);
    eprintln!(
        "{} {} {} {}ms",
        method,
        uri.path(),
        response.status,
        started.elapsed().as_millis()
    );
    let mut builder = HttpResponse::builder()
        .status(StatusCode::from_u16(response.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR));
    for (name, value) in &response.headers {
        builder = builder.header(name.as_str(), value.as_str());
    }
    builder
        .body(Body::from(response.body))
        .unwrap_or_else(|_| HttpResponse::new(Body::empty()))
}

/// One open connection of an address, counted while it lives.
struct AddressSlot {
    counts: Arc<Mutex<HashMap<IpAddr, usize>>>,
    address: IpAddr,
}

impl AddressSlot {
    /// A slot for `address`, or `None` when it already holds `most` (0: no cap).
    fn take(
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
fn too_large(error: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(cause) = source {
        if cause.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = cause.source();
    }
    false
}

/// The next connection on `listener`, its socket set up for serving: every accepted socket goes
/// through here, so none is served without [`set_up_socket`].
async fn accept(
    listener: &tokio::net::TcpListener,
) -> std::io::Result<(tokio::net::TcpStream, std::net::SocketAddr)> {
    let (stream, peer) = listener.accept().await?;
    set_up_socket(&stream);
    Ok((stream, peer))
}

/// Sets TCP_NODELAY on an accepted socket. Without it an answer hyper writes in more than one piece
/// (a planner file `ServeDir` streams: its head, then its body) holds its last piece back under
/// Nagle's algorithm until the client acknowledges the first, and a client delays that
/// acknowledgement by up to 40 ms on a kept-alive connection: 44 ms per file instead of 0.3 ms
/// (docs/performance.md). Small packets are not the risk Nagle's algorithm guards against here:
/// hyper writes an answer's head with the body it has ready. A failure is logged and the
/// connection served anyway: it is slower, not wrong.
fn set_up_socket(stream: &tokio::net::TcpStream) {
    if let Err(error) = stream.set_nodelay(true) {
        eprintln!("accept: could not set TCP_NODELAY: {error}");
    }
}

/// Serves on `listener` until interrupted: at most [`MAX_CONNECTIONS`] connections at once, each
/// closed when its headers take longer than [`HEADER_TIMEOUT`] (idle keep-alive included) or after
/// [`CONNECTION_LIFETIME`]. The interfaces answer their paths; `planner`, when given, every other
/// path (the browser planner's files).
pub(crate) async fn serve(
    service: Service,
    listener: tokio::net::TcpListener,
    per_address: usize,
    planner: Option<Planner>,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;

    let site = Arc::new(Site {
        service,
        planner,
        imports: Arc::new(tokio::sync::Semaphore::new(IMPORT_READERS)),
    });
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
        .fallback(route)
        .layer(axum::extract::DefaultBodyLimit::disable())
        .with_state(site);
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
                    eprintln!("accept: {error}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut interrupted => return Ok(()),
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let Some(address) = AddressSlot::take(&held, peer.ip(), per_address) else {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("costfolio-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_default();
        dir.join("t.db")
    }

    /// A database whose users were added before the service kept them (no journal entry names
    /// them): a service started on it registers each once, and a second start adds nothing.
    #[test]
    fn users_of_an_older_database_are_registered_at_start() {
        let db = scratch("users");
        let address = db.to_string_lossy().into_owned();
        let store = Store::open_address(&address).unwrap();
        store.add_user("ada", "a good password", true).unwrap();
        store.add_user("bob", "another password", false).unwrap();
        assert_eq!(store.journal_len().unwrap(), 0);
        let service = service_on(&address);
        let state = read_lock(&service.state).clone();
        let keys: Vec<&str> = state.users.values().map(|u| u.key.as_str()).collect();
        assert_eq!(keys, ["ada", "bob"]);
        assert_eq!(state.users.get("bob").unwrap().display_name, "bob");
        drop(service);
        let again = service_on(&address);
        assert_eq!(read_lock(&again.state).users.len(), 2);
        assert_eq!(
            Store::open_address(&address)
                .unwrap()
                .journal_len()
                .unwrap(),
            2,
            "an entry per user, made by the first start"
        );
    }

    fn service_with_token(db: &std::path::Path) -> (Service, String) {
        let address = db.to_string_lossy();
        let token = mint(&address);
        (service_on(&address), token)
    }

    /// A personal token of ada, an administrator (she changes the core interface's data, S11.6),
    /// minted into the database `address` names, in one transaction with her registration: the
    /// journal then holds ada's entry (1) and the token's (2), and a service started on it
    /// registers no one.
    fn mint(address: &str) -> String {
        let mut store = Store::open_address(address).unwrap();
        store.add_user("ada", "a good password", true).unwrap();
        let mut state = store.load().unwrap();
        let context = Context::new("", chrono::Utc::now().naive_utc(), vec![1; 64]);
        store
            .transact(&mut state, |s| {
                costfolio::api::register_user(s, "ada", None).unwrap();
                costfolio::api::mint_personal_token(s, "ada", true, &context)
            })
            .unwrap()
            .unwrap()
    }

    /// A service (a replica, on PostgreSQL) over the database `address` names.
    fn service_on(address: &str) -> Service {
        Service::new(
            Store::open_address(address).unwrap(),
            address,
            "http://x".into(),
        )
        .unwrap()
    }

    fn customer(token: &str, key: &str) -> Request {
        Request::new("POST", "/core/3/customers")
            .header("Authorization", &format!("Bearer {token}"))
            .json(&format!(r#"{{"key":"{key}","name":"{key}"}}"#))
    }

    /// Another server holding the journal lock (frozen, say) holds up this one's writes, not its
    /// reads, even those that catch up with what a third committed meanwhile; a write waits at
    /// most the lock timeout, then answers 503, and nothing is stored.
    #[test]
    fn a_write_waiting_for_another_servers_lock_holds_no_read_up() {
        let cluster = crate::store::cluster::Cluster::start();
        let address = cluster.database("held");
        let token = mint(&address);
        let service = std::sync::Arc::new(service_on(&address));
        assert_eq!(service.process(customer(&token, "FIRST"), None).status, 200);
        // A third server's write, committed just before the lock was taken, which this one has
        // not seen yet: its entry, made as the third server would make it.
        let third = {
            let mut state = Store::open_address(&address).unwrap().load().unwrap();
            let mut context = Context::new("http://x", chrono::Utc::now().naive_utc(), vec![1; 64]);
            context.user = Some("ada".into());
            context.budget_admin = true;
            context.write = true;
            let mut request = customer(&token, "THIRD");
            request.split_query().unwrap();
            assert_eq!(handle(&mut state, &request, &context).status, 200);
            let entries = state.take_journal();
            assert_eq!(entries.len(), 1);
            entries.into_iter().next().unwrap()
        };
        let mut other = postgres::Client::connect(&address, postgres::NoTls).unwrap();
        let mut held = other.transaction().unwrap();
        held.execute(
            "SELECT pg_advisory_xact_lock($1)",
            &[&crate::store::postgres::JOURNAL_LOCK],
        )
        .unwrap();
        let writer = {
            let (service, token) = (service.clone(), token.clone());
            std::thread::spawn(move || service.process(customer(&token, "HELD"), None))
        };
        // Once the write waits for the lock (the database says so)...
        let mut watcher = postgres::Client::connect(&address, postgres::NoTls).unwrap();
        let started = Instant::now();
        loop {
            let waiting: i64 = watcher
                .query_one(
                    "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
                    &[],
                )
                .unwrap()
                .get(0);
            if waiting > 0 {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the write never waited"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        // ...and the third server's entry has landed...
        watcher
            .execute(
                "INSERT INTO journal (seq, entry) VALUES ($1, $2)",
                &[&(third.seq as i64), &costfolio::model::to_json(&third)],
            )
            .unwrap();
        // ...reads are answered, the third server's write in them, while it still waits.
        for _ in 0..5 {
            let mut read = Request::new("GET", "/core/3/customers")
                .header("Authorization", &format!("Bearer {token}"));
            read.split_query().unwrap();
            let answer = service.process(read, None);
            assert_eq!(answer.status, 200, "{}", answer.text());
            assert!(answer.text().contains("FIRST"));
            assert!(answer.text().contains("THIRD"), "{}", answer.text());
        }
        assert!(!writer.is_finished(), "the write went through a held lock");
        let refused = writer.join().unwrap();
        assert_eq!(refused.status, 503, "{}", refused.text());
        assert!(
            refused.text().contains("held the journal"),
            "{}",
            refused.text()
        );
        held.rollback().unwrap();
        // Free again: writes go on; the refused one was never stored.
        assert_eq!(service.process(customer(&token, "AFTER"), None).status, 200);
        let store = Store::open_address(&address).unwrap();
        assert_eq!(store.journal_len().unwrap(), 5);
        assert_eq!(store.last_seq().unwrap(), 5);
    }

    /// A write queued behind this server's other writers for as long as a write may wait in all
    /// is answered 503 then, without waiting again for the journal: queued writers do not each
    /// wait the whole lock timeout in turn.
    #[test]
    fn a_write_queued_past_its_time_is_answered_at_once_and_stores_nothing() {
        let cluster = crate::store::cluster::Cluster::start();
        let address = cluster.database("queued");
        let token = mint(&address);
        let service = Arc::new(service_on(&address));
        let queued = {
            // The writers' lock, held as a writer waiting for the journal would.
            let writers = service.writer.lock();
            let queued = {
                let (service, token) = (service.clone(), token.clone());
                std::thread::spawn(move || service.process(customer(&token, "QUEUED"), None))
            };
            // Answered while the lock is still held, once its time is up.
            let started = Instant::now();
            while !queued.is_finished() {
                assert!(
                    started.elapsed() < WRITE_WAIT * 4,
                    "the queued write still waits"
                );
                std::thread::sleep(Duration::from_millis(20));
            }
            drop(writers);
            queued
        };
        let refused = queued.join().unwrap();
        assert_eq!(refused.status, 503, "{}", refused.text());
        assert!(
            refused.text().contains("held by other writers"),
            "{}",
            refused.text()
        );
        assert_eq!(refused.header_value("Retry-After"), Some("1"));
        let store = Store::open_address(&address).unwrap();
        assert_eq!(
            store.journal_len().unwrap(),
            2,
            "only ada's and the token's entries"
        );
        assert_eq!(service.process(customer(&token, "NEXT"), None).status, 200);
    }

    /// Nothing is checked against a state marked stale: not a token, a session or a client.
    #[test]
    fn a_stale_state_is_not_consulted() {
        let db = scratch("settled");
        let (service, _token) = service_with_token(&db);
        assert!(service.settled("/core/3/customers").is_ok());
        service
            .stale
            .store(true, std::sync::atomic::Ordering::SeqCst);
        let refused = service.settled("/core/3/customers").err().unwrap();
        assert_eq!(refused.status, 503);
        assert!(refused.text().contains("reading its journal again"));
    }

    /// A state read back after a failed change does not take back what a read caught up with
    /// meanwhile (answered by another replica), unless the state was marked stale.
    #[test]
    fn a_state_read_back_never_goes_behind_one_that_is_not_stale() {
        let context = Context::new("", chrono::Utc::now().naive_utc(), vec![1; 64]);
        let mut behind = State::default();
        costfolio::api::mint_personal_token(&mut behind, "ada", true, &context).unwrap();
        let mut ahead = behind.clone();
        costfolio::api::mint_personal_token(&mut ahead, "bob", true, &context).unwrap();
        let shared = RwLock::new(Arc::new(ahead.clone()));
        let stale = std::sync::atomic::AtomicBool::new(false);
        let mut cell = Held {
            state: &shared,
            stale: &stale,
        };
        cell.reset(behind.clone());
        assert_eq!(read_lock(&shared).seq, ahead.seq, "not taken back");
        cell.ahead();
        cell.reset(behind.clone());
        assert_eq!(read_lock(&shared).seq, behind.seq, "stale: read back");
        assert!(!stale.load(std::sync::atomic::Ordering::SeqCst));
    }

    /// A change the database neither confirmed nor could be asked about may be stored: it is not
    /// answered "try again" (503 with Retry-After), which a client would take as nothing stored.
    #[test]
    fn a_change_not_known_to_be_stored_is_not_answered_try_again() {
        let answer = store_failure(
            "/core/3/customers",
            "the change could not be stored",
            &StoreError::Unconfirmed("connection closed".into()),
        );
        assert_eq!(answer.status, 500);
        assert_eq!(answer.header_value("Retry-After"), None);
        assert!(
            answer.text().contains("read it back before repeating it"),
            "{}",
            answer.text()
        );
        let away = store_failure(
            "/core/3/customers",
            "the change could not be stored",
            &StoreError::Unavailable("connection refused".into()),
        );
        assert_eq!(away.status, 503);
        assert_eq!(away.header_value("Retry-After"), Some("1"));
    }

    /// Replicas on one database write one snapshot between them every so many entries, not one
    /// each.
    #[test]
    fn a_replica_does_not_write_a_snapshot_another_has_just_written() {
        let cluster = crate::store::cluster::Cluster::start();
        let address = cluster.database("snapshots");
        let token = mint(&address);
        let (a, b) = (service_on(&address), service_on(&address));
        a.writer.lock().snapshot_every = 5;
        b.writer.lock().snapshot_every = 5;
        // Both loaded ada's and the token's entries (2); a snapshots at 7.
        for key in ["A", "B", "C", "D", "E"] {
            assert_eq!(a.process(customer(&token, key), None).status, 200);
        }
        let store = Store::open_address(&address).unwrap();
        assert_eq!(store.latest_snapshot().unwrap(), Some(7), "written by a");
        assert_eq!(b.process(customer(&token, "F"), None).status, 200);
        assert_eq!(
            store.latest_snapshot().unwrap(),
            Some(7),
            "b finds a's snapshot recent and writes none"
        );
        for key in ["G", "H", "I", "J"] {
            assert_eq!(b.process(customer(&token, key), None).status, 200);
        }
        assert_eq!(store.latest_snapshot().unwrap(), Some(12), "b's turn");
    }

    /// A database that lost its last entries (restored from a backup, failed over to a standby
    /// behind): the replica reads its journal again rather than answer from, or write after,
    /// entries the database no longer has.
    #[test]
    fn a_replica_whose_database_lost_entries_reads_it_again() {
        let cluster = crate::store::cluster::Cluster::start();
        let address = cluster.database("lost");
        let token = mint(&address);
        let service = service_on(&address);
        for key in ["KEPT", "LOST"] {
            assert_eq!(service.process(customer(&token, key), None).status, 200);
        }
        let mut test = postgres::Client::connect(&address, postgres::NoTls).unwrap();
        test.execute("DELETE FROM journal WHERE seq = 4", &[])
            .unwrap();
        let mut read = Request::new("GET", "/core/3/customers")
            .header("Authorization", &format!("Bearer {token}"));
        read.split_query().unwrap();
        let first = service.process(read.clone(), None);
        assert_eq!(first.status, 503, "{}", first.text());
        let answer = service.process(read.clone(), None);
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert!(answer.text().contains("KEPT"), "{}", answer.text());
        assert!(!answer.text().contains("LOST"), "{}", answer.text());
        // Writes go on where the database's journal ends: no gap.
        assert_eq!(service.process(customer(&token, "NEW"), None).status, 200);
        let store = Store::open_address(&address).unwrap();
        assert_eq!(store.last_seq().unwrap(), 4);
        assert_eq!(store.journal_len().unwrap(), 4);
    }

    #[test]
    fn two_replicas_on_one_postgres_database_serve_the_same_data() {
        let cluster = crate::store::cluster::Cluster::start();
        let address = cluster.database("replicas");
        let token = mint(&address);
        let (a, b) = (service_on(&address), service_on(&address));
        // Writes through both, alternately; each read, through either, sees all written so far.
        let list = Request::new("GET", "/core/3/customers?limit=1000")
            .header("Authorization", &format!("Bearer {token}"));
        for i in 0..10 {
            let (writer, reader) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
            assert_eq!(
                writer
                    .process(customer(&token, &format!("K{i}")), None)
                    .status,
                200
            );
            let mut read = list.clone();
            read.split_query().unwrap();
            let answer = reader.process(read, None);
            assert_eq!(answer.status, 200, "{}", answer.text());
            let count = answer.text().matches("\"key\":\"K").count();
            assert_eq!(
                count,
                i + 1,
                "read {i} through the other replica: {}",
                answer.text()
            );
        }
        // The journal: one entry per write (and ada's and the token's), no gap, no duplicate.
        let store = Store::open_address(&address).unwrap();
        assert_eq!(store.journal_len().unwrap(), 12);
        assert_eq!(store.last_seq().unwrap(), 12);
        assert_eq!(store.load().unwrap().customers.len(), 10);
    }

    #[test]
    fn a_database_restart_answers_503_and_service_resumes_by_itself() {
        let cluster = crate::store::cluster::Cluster::start();
        let address = cluster.database("restart");
        let token = mint(&address);
        let service = service_on(&address);
        assert_eq!(
            service.process(customer(&token, "BEFORE"), None).status,
            200
        );
        cluster.stop();
        // During the outage: 503 in the interface's envelope, with Retry-After; nothing stored.
        let refused = service.process(customer(&token, "DURING"), None);
        assert_eq!(refused.status, 503, "{}", refused.text());
        assert!(
            refused.text().starts_with(r#"{"errors":["#),
            "{}",
            refused.text()
        );
        assert_eq!(refused.header_value("Retry-After"), Some("1"));
        let mut read = Request::new("GET", "/core/3/customers")
            .header("Authorization", &format!("Bearer {token}"));
        read.split_query().unwrap();
        assert_eq!(service.process(read.clone(), None).status, 503);
        cluster.start_again();
        // Back by itself: the next write reconnects; the refused one was never stored.
        let after = service.process(customer(&token, "AFTER"), None);
        assert_eq!(after.status, 200, "{}", after.text());
        let answer = service.process(read, None);
        assert_eq!(answer.status, 200);
        assert!(answer.text().contains("BEFORE") && answer.text().contains("AFTER"));
        assert!(!answer.text().contains("DURING"), "{}", answer.text());
        let store = Store::open_address(&address).unwrap();
        assert_eq!(store.journal_len().unwrap(), 4);
        assert_eq!(store.last_seq().unwrap(), 4);
    }

    #[test]
    fn the_server_writes_a_snapshot_every_so_many_entries_and_keeps_two() {
        let db = scratch("snap");
        let (service, token) = service_with_token(&db);
        service.writer.lock().snapshot_every = 3;
        for key in ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"] {
            assert_eq!(service.process(customer(&token, key), None).status, 200);
        }
        let writer = service.writer.lock();
        // ada's and the token's entries, then ten customers: snapshots at 5, 8 and 11.
        assert_eq!(writer.store.latest_snapshot().unwrap(), Some(11));
        assert_eq!(
            writer.store.snapshot_count().unwrap(),
            crate::store::SNAPSHOTS_KEPT as u64,
            "older snapshots are pruned"
        );
        // A restart from the snapshot has everything.
        let reloaded = Store::open(&db).unwrap().load().unwrap();
        assert_eq!(reloaded.customers.len(), 10);
    }

    #[test]
    fn a_panic_inside_a_request_answers_500_and_the_next_request_is_served() {
        let db = scratch("panic");
        let (service, token) = service_with_token(&db);
        assert_eq!(service.process(customer(&token, "A"), None).status, 200);
        // A change applied to the state, then a panic before the answer: as a bug in the engine
        // would. The change must not survive, in memory or on disk.
        let failed = service.change("/budgets/1/folio", |state| {
            costfolio::api::mint_personal_token(
                state,
                "eve",
                true,
                &Context::new("", chrono::Utc::now().naive_utc(), vec![9; 64]),
            )
            .unwrap();
            panic!("a bug in the engine");
        });
        let refusal = failed.expect_err("the request fails");
        assert_eq!(refusal.status, 500);
        assert!(
            refusal.text().starts_with(r#"{"errorMessages":["#),
            "in the budgeting envelope: {}",
            refusal.text()
        );
        // The lock is not poisoned, and the state is the journal's: no token of eve.
        assert!(!service.state.is_poisoned());
        assert!(read_lock(&service.state)
            .tokens
            .values()
            .all(|t| t.user == "ada"));
        assert_eq!(service.process(customer(&token, "B"), None).status, 200);
        let reloaded = Store::open(&db).unwrap().load().unwrap();
        assert_eq!(reloaded, **read_lock(&service.state));
        assert_eq!(reloaded.customers.len(), 2);
    }

    #[test]
    fn a_read_in_progress_keeps_its_state_while_a_change_goes_on() {
        let db = scratch("cow");
        let (service, token) = service_with_token(&db);
        // A read holds the state it answers from, as `read` does, without any lock.
        let reading = Arc::clone(&read_lock(&service.state));
        assert_eq!(service.process(customer(&token, "A"), None).status, 200);
        assert!(
            reading.customers.is_empty(),
            "the read's state is the one it began with"
        );
        assert_eq!(read_lock(&service.state).customers.len(), 1);
        drop(reading);
        assert_eq!(service.process(customer(&token, "B"), None).status, 200);
        assert_eq!(read_lock(&service.state).customers.len(), 2);
    }

    /// The server's side of an accepted connection has TCP_NODELAY, as the accept loop takes it
    /// (a client's own setting would say nothing about the answers' writes).
    #[tokio::test]
    async fn accepted_sockets_send_without_waiting_for_acknowledgements() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let client = tokio::net::TcpStream::connect(address).await.unwrap();
        let (served, peer) = accept(&listener).await.unwrap();
        assert_eq!(peer, client.local_addr().unwrap());
        assert!(
            served.nodelay().unwrap(),
            "the accepted socket has TCP_NODELAY"
        );
    }

    #[test]
    fn the_database_is_readable_by_its_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let db = scratch("mode");
        let (_service, _token) = service_with_token(&db);
        let mode = std::fs::metadata(&db).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
}
