//! The service: the state the core answers from, kept as the journal has it. Reads answer from a
//! shared copy-on-write state after catching up with what other processes committed
//! (`catch_up`); a change holds the writers' lock and commits its journal entries before its
//! answer leaves (S13.2); a failure that may leave memory ahead of the database marks the state
//! stale (`held`) until it is read again; a snapshot is written every [`SNAPSHOT_EVERY`] entries.
//! `dispatch` takes a request through the credentials to a read or a change.
//!
//! Nothing here speaks HTTP: `http` turns connections into [`Request`]s and answers back.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use costfolio::api::{handle_read, weight, Context, Request, Response};
use costfolio::state::State;

use crate::auth::credentials::Credentials;
use crate::store::{StateCell, Store, StoreError};

pub(crate) mod admission;
mod answers;
mod catch_up;
mod detached_import;
mod dispatch;
pub(crate) mod quotas;
#[cfg(test)]
mod replica_tests;
#[cfg(test)]
mod tests;
mod transaction_state;

use answers::{failed, rereading, store_failure};
pub(crate) use catch_up::IDLE_CATCH_UP;
use transaction_state::Held;

/// The server writes a snapshot after this many journal entries, to keep start-up replay short.
pub(crate) const SNAPSHOT_EVERY: u64 = 5_000;

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
    watch: Arc<Store>,
    /// When the journal was last looked at (SQLite: at most every [`FRESHNESS`]).
    looked: Mutex<Option<Instant>>,
    credentials: Credentials,
    base_url: String,
    /// What one user may do (`serve`'s options).
    quotas: quotas::Quotas,
    /// Each user's bucket of changes.
    writes: quotas::WriteRate,
    /// The budgets of heavy reads.
    admission: admission::Admission,
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

/// How long a change may wait for the journal in all (behind this server's other writers, then
/// for the lock another server holds) before it is answered 503.
const WRITE_WAIT: Duration = crate::store::postgres::LOCK_WAIT;

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
            let _ = costfolio::usecase::credentials::register_user(state, name, None);
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
            watch: Arc::new(Store::open_readers(db)?),
            looked: Mutex::new(None),
            credentials: Credentials::over(Store::open_address(db)?)?,
            base_url,
            quotas: quotas::Quotas::default(),
            writes: quotas::WriteRate::default(),
            admission: admission::Admission::new(admission::Limits::SERVER),
        })
    }

    /// The service with room for `users` users' heavy reads at once (`serve --heavy-reads`)
    /// instead of [`admission::HEAVY_READS`].
    pub(crate) fn with_heavy_reads(mut self, users: u64) -> Service {
        self.admission = admission::Admission::new(admission::Limits::with_heavy_reads(users));
        self
    }

    /// The admission's limits of heavy reads (`serve` prints them and sizes its threads by them).
    pub(crate) fn heavy_read_limits(&self) -> admission::Limits {
        self.admission.limits()
    }

    /// The service with `quotas` in place of the default ones.
    pub(crate) fn with_quotas(mut self, quotas: quotas::Quotas) -> Service {
        self.quotas = quotas;
        self
    }

    /// The context of one request: the base URL, the time now, and fresh random bytes (none when
    /// the system has none to give: the request is then refused).
    fn context(&self) -> Context {
        let mut random = vec![0u8; 64];
        if getrandom::fill(&mut random).is_err() {
            random.clear();
        }
        let mut context = Context::new(&self.base_url, chrono::Utc::now().naive_utc(), random);
        // Histories are read from the journal through the readers' store.
        context.journal = Some(costfolio::api::Journal(self.watch.clone()));
        context.spreadsheets = Some(costfolio::sheets::Spreadsheets(std::sync::Arc::new(
            crate::sheets::Xlsx,
        )));
        context
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
        // A heavy read of a user waits for room, or is refused; a light one, or one
        // by no one (refused by the core at once), is not counted.
        let _admitted = match &context.user {
            Some(user) => match self.admission.admit(user, weight(&state, request, context)) {
                Ok(admitted) => admitted,
                Err(refused) => return Some(admission::refusal(&request.path, refused)),
            },
            None => None,
        };
        match catch_unwind(AssertUnwindSafe(|| handle_read(&state, request, context))) {
            Ok(answer) => answer,
            Err(_) => Some(failed(&request.path)),
        }
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
                        tracing::error!(%error, "could not reload the state after a failure");
                    }
                }
                tracing::error!(
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
                Err(error) => {
                    tracing::warn!(%error, "snapshot failed (the journal is intact)");
                }
            }
        }
        Ok(value)
    }
}
