//! A writer's commit that the database holds up (a synchronous standby away: PostgreSQL waits for
//! it for ever, and `statement_timeout` does not count a commit's wait) is cancelled after
//! [`COMMIT_WAIT`] by a cancel request, as `pg_cancel_backend` would: a commit that waits for a
//! standby has landed on the primary, and PostgreSQL answers it as committed, with a warning (the
//! store answers it as not confirmed: the standby, which a failover would promote, may not have
//! it); one still running its deferred checks is rolled back. Either way the server lets its state
//! go within a bounded time, where it would otherwise hold its reads for ever.
//!
//! One thread per writer store, sleeping until a commit is watched, so that a commit costs a lock
//! and a wake-up, not a thread.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use postgres::CancelToken;

use super::database_error::said;
use super::tls::Connector;

/// How long a commit may take before it is cancelled.
pub(crate) const COMMIT_WAIT: Duration = Duration::from_secs(10);
/// How long after a cancel request that could not be sent it is sent again.
const RETRY: Duration = Duration::from_secs(1);

/// What the watching thread is told.
#[derive(Default)]
struct Watched {
    /// The commit being watched: when it is due, and how to cancel it.
    commit: Option<(Instant, CancelToken)>,
    /// Which commit that is: counts one more when a commit is watched, and when it ends.
    generation: u64,
    /// Whether a cancel was sent for the commit being watched.
    fired: bool,
    /// The store is gone: the thread ends.
    closed: bool,
}

type Slot = Arc<(Mutex<Watched>, Condvar)>;

fn lock(slot: &Mutex<Watched>) -> MutexGuard<'_, Watched> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The watcher of one store's commits.
pub(crate) struct Watchdog {
    slot: Slot,
}

impl Watchdog {
    /// Starts the watching thread; its cancel requests are made as `connector` makes connections.
    /// `None` if the thread cannot be started (then commits are not watched).
    pub(crate) fn start(connector: Connector) -> Option<Watchdog> {
        let slot: Slot = Arc::default();
        let watched = Arc::clone(&slot);
        std::thread::Builder::new()
            .name("costfolio-commit-watchdog".into())
            .spawn(move || watch(&watched, &connector))
            .ok()?;
        Some(Watchdog { slot })
    }

    /// Runs `commit`, cancelled through `token` if it takes longer than [`COMMIT_WAIT`]; returns
    /// its outcome, and whether the cancel was sent (then the connection is not to be used again:
    /// a cancel sent as the commit ended would fall on whatever runs on it next).
    pub(crate) fn watch<T>(&self, token: CancelToken, commit: impl FnOnce() -> T) -> (T, bool) {
        let (slot, wake) = &*self.slot;
        {
            let mut watched = lock(slot);
            watched.commit = Some((Instant::now() + COMMIT_WAIT, token));
            watched.generation += 1;
            watched.fired = false;
        }
        wake.notify_one();
        let outcome = commit();
        // Not woken: it wakes when the commit would have been due, and finds nothing to do.
        let mut watched = lock(slot);
        watched.commit = None;
        // Ended: a cancel that could not be sent is not tried again.
        watched.generation += 1;
        (outcome, watched.fired)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        let (slot, wake) = &*self.slot;
        lock(slot).closed = true;
        wake.notify_one();
    }
}

/// The watching thread: sleeps until a commit is watched, then until it is due; cancels it if it
/// is still running then.
fn watch(slot: &Slot, connector: &Connector) {
    let (slot, wake) = &**slot;
    let mut watched = lock(slot);
    loop {
        if watched.closed {
            return;
        }
        let due = watched.commit.as_ref().map(|(due, _)| *due);
        watched = match due {
            None => wake.wait(watched).unwrap_or_else(PoisonError::into_inner),
            Some(due) if Instant::now() < due => {
                wake.wait_timeout(watched, due.saturating_duration_since(Instant::now()))
                    .unwrap_or_else(PoisonError::into_inner)
                    .0
            }
            Some(_) => {
                let Some((_, token)) = watched.commit.take() else {
                    continue;
                };
                watched.fired = true;
                let generation = watched.generation;
                drop(watched);
                let sent = connector.cancel(&token);
                let mut watched = lock(slot);
                if let Err(error) = sent {
                    tracing::warn!(
                        held_seconds = COMMIT_WAIT.as_secs(),
                        error = %said(&error),
                        "a commit held up could not be cancelled; tried again in a second"
                    );
                    // Still the same commit, still running: watched again.
                    if watched.generation == generation && watched.commit.is_none() {
                        watched.commit = Some((Instant::now() + RETRY, token));
                    }
                }
                watched
            }
        };
    }
}
