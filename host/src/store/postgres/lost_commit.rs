//! A commit whose answer was lost with its connection (the database restarted, the network cut):
//! asked about from another connection until the database can say whether it landed, and, when it
//! did, whether its synchronous standbys have it too, as they would have before its answer.

use std::time::{Duration, Instant};

use super::{writer_transaction, Postgres, LANDED_WAIT, LOCK_WAIT};
use crate::store::database_error::said;
use crate::store::watchdog::COMMIT_WAIT;
use crate::store::StoreError;

impl Postgres {
    /// After a commit whose answer was lost with the connection: whether transaction `xid`
    /// committed, asked on another connection once the journal lock is free (the lost transaction
    /// held it until it committed or rolled back) with `txid_status`, which PostgreSQL keeps for
    /// this very question. Asked again for up to [`LANDED_WAIT`] while the database is away (a
    /// restart) or the lock still held. `Ok` if it committed and the journal holds `last` (the
    /// last entry it wrote: sequence number, text) as written; `Unavailable` (nothing stored) if it
    /// was rolled back, or if its id committed with another entry there (a database that crashed
    /// before the lost commit reached its disk gives its id again); `Unconfirmed` if the database
    /// could not be asked or did not know.
    pub(super) fn landed(
        &self,
        xid: i64,
        last: &(i64, String),
        lost: &postgres::Error,
    ) -> Result<(), StoreError> {
        let started = Instant::now();
        let mut pause = Duration::from_millis(100);
        loop {
            let wait = LANDED_WAIT.saturating_sub(started.elapsed());
            let asked = self.txid_status(xid, last.0, wait);
            let status = asked.as_ref().map(|(status, _)| status.as_str());
            match status {
                Ok("committed") => {
                    let stored = asked.as_ref().ok().and_then(|(_, entry)| entry.as_ref());
                    if stored == Some(&last.1) {
                        return self.replicated_as_configured(lost);
                    }
                    return Err(StoreError::Unavailable(format!(
                        "the commit did not land: transaction {xid} committed, but with another entry {} than this one (the database gave its id again after losing it): {}",
                        last.0,
                        said(lost)
                    )));
                }
                Ok("aborted") => {
                    return Err(StoreError::Unavailable(format!(
                        "the commit was cut off and did not land: {}",
                        said(lost)
                    )))
                }
                // Another status ("in progress", or none: not known) or no answer: asked again
                // until the time is up.
                _ if started.elapsed() + pause < LANDED_WAIT => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_secs(2));
                }
                Ok(status) => {
                    return Err(StoreError::Unconfirmed(format!(
                        "{}; transaction {xid} is {status}",
                        said(lost)
                    )))
                }
                Err(error) => {
                    return Err(StoreError::Unconfirmed(format!(
                        "{}; asking for {} s whether it landed: {error}",
                        said(lost),
                        LANDED_WAIT.as_secs()
                    )))
                }
            }
        }
    }

    /// After a lost commit found on the primary: whether the database's synchronous standbys (if
    /// it has any) have it too, as they would have before its answer. A commit of this store's
    /// own, which writes (a row rewritten as it is) so that it waits for them to reach its place
    /// in the log (past the lost one), under the watchdog: answered, they have both; cancelled,
    /// they may not (`Unconfirmed`).
    fn replicated_as_configured(&self, lost: &postgres::Error) -> Result<(), StoreError> {
        let unconfirmed = |why: String| {
            StoreError::Unconfirmed(format!(
                "{}; the primary has it, its synchronous standbys did not confirm it: {why}",
                said(lost)
            ))
        };
        let mut connection = self.live_client().map_err(|e| unconfirmed(e.to_string()))?;
        let mut transaction = connection
            .client
            .transaction()
            .map_err(|e| unconfirmed(said(&e)))?;
        // A write (a commit without one does not wait for the standbys), of nothing.
        transaction
            .batch_execute("UPDATE costfolio_schema SET version = version")
            .map_err(|e| unconfirmed(said(&e)))?;
        let (committed, fired) = self.commit(transaction);
        connection.lost |= fired;
        match committed {
            Ok(()) if !fired => Ok(()),
            Ok(()) => Err(unconfirmed(format!(
                "held for {} s and cancelled",
                COMMIT_WAIT.as_secs()
            ))),
            Err(error) => Err(unconfirmed(said(&error))),
        }
    }

    /// One asking of [`Postgres::landed`]: the status of transaction `xid` ("unknown" when the
    /// database has none) and the journal's entry `seq`, waiting at most `wait` (and
    /// [`LOCK_WAIT`]) for the journal lock.
    fn txid_status(
        &self,
        xid: i64,
        seq: i64,
        wait: Duration,
    ) -> Result<(String, Option<String>), StoreError> {
        let mut connection = self.live_client()?;
        let mut transaction = writer_transaction(&mut connection.client, wait.min(LOCK_WAIT))?;
        let row = match transaction.query_one(
            "SELECT txid_status($1), (SELECT entry FROM journal WHERE seq = $2)",
            &[&xid, &seq],
        ) {
            Ok(row) => row,
            // "transaction ID is in the future": the database came back from a crash without any
            // record of it, so it never committed (a commit's record moves the next id past it).
            Err(error)
                if error.code() == Some(&postgres::error::SqlState::INVALID_PARAMETER_VALUE) =>
            {
                return Ok(("aborted".to_owned(), None));
            }
            Err(error) => return Err(error.into()),
        };
        let _ = transaction.rollback();
        let status: Option<String> = row.get(0);
        Ok((status.unwrap_or_else(|| "unknown".to_owned()), row.get(1)))
    }
}
