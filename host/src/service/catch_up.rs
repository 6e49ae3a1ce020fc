//! Catching up: what other processes (the command line, other replicas) committed since the state
//! was loaded is replayed before a request is answered from it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

use costfolio::api::Response;

use super::{lock, read_lock, rereading, store_failure, write_lock, Service};
use crate::auth::credentials::FRESHNESS;
use crate::store::StoreError;

/// How many journal entries a read catching up applies under one holding of the write lock.
const CATCH_UP_BATCH: u64 = 1_000;

/// How often an idle replica catches up with what the others committed.
pub(crate) const IDLE_CATCH_UP: Duration = Duration::from_secs(1);

impl Service {
    /// Replays what another process (the command line, or another replica) committed since the
    /// state was loaded. On SQLite the journal is looked at at most every [`FRESHNESS`] (a revoked
    /// token or a new client counts within it), so that reads do not meet concurrent commits; on a
    /// replicated database (PostgreSQL) at every request, so that a read sees every write
    /// answered before it, whichever replica answered it.
    pub(crate) fn catch_up(&self, path: &str) -> Result<(), Response> {
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
}
