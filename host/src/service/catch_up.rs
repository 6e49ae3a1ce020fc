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
        self.look_at_journal(path, false).map(|_| ())
    }

    /// [`Service::catch_up`], on SQLite too when `always` (else at most every [`FRESHNESS`]):
    /// the journal's last sequence number as looked at, up to which the state is then caught up;
    /// `None` when it was not looked at.
    fn look_at_journal(&self, path: &str, always: bool) -> Result<Option<u64>, Response> {
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
            if !always && looked.is_some_and(|at| at.elapsed() < FRESHNESS) {
                return Ok(None);
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
            tracing::warn!(
                last,
                held,
                "the journal ends before the last entry this server holds: it lost entries; reading it again"
            );
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
        Ok(Some(last))
    }

    /// Whether the service is ready to answer: caught up with the journal (on SQLite too, whatever
    /// the time since the last look), its state not marked stale, and the database answering.
    /// The error says why not (for the log, not for the client).
    pub(crate) fn readiness(&self) -> Result<(), String> {
        let reason = |answer: Response| {
            let text = answer.text();
            format!("{} ({text})", answer.status)
        };
        let last = self.look_at_journal("/readyz", true).map_err(reason)?;
        let state = self.settled("/readyz").map_err(reason)?;
        match last {
            Some(last) if state.seq < last => Err(format!(
                "the state holds entry {} where the journal ends at {last}",
                state.seq
            )),
            _ => Ok(()),
        }
    }

    /// The sequence number of the last entry the state holds.
    pub(crate) fn held_seq(&self) -> u64 {
        read_lock(&self.state).seq
    }

    /// How many folio books the current state keeps between reads, and about how many bytes
    /// they hold (`serve --kept-books-mib`; the metrics' gauges).
    pub(crate) fn books_kept(&self) -> (usize, usize) {
        read_lock(&self.state).books_kept()
    }

    /// Where the state stands against the database's journal, as it is now (nothing replayed).
    pub(crate) fn journal_position(&self) -> Result<Position, StoreError> {
        let held = self.held_seq();
        let last = self.watch.last_seq()?;
        Ok(Position {
            held,
            last,
            replicated: self.watch.replicated(),
        })
    }
}

/// Where a server's state stands against the database's journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Position {
    /// The last entry the state holds.
    pub(crate) held: u64,
    /// The journal's last entry.
    pub(crate) last: u64,
    /// Whether other replicas write to the database.
    replicated: bool,
}

impl Position {
    /// How many entries the state lacks: on a replicated database, those other replicas wrote
    /// that this one has not replayed yet; 0 on SQLite, whose other writer is the command line.
    pub(crate) fn lag(&self) -> u64 {
        if self.replicated {
            self.last.saturating_sub(self.held)
        } else {
            0
        }
    }
}
