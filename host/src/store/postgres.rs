//! The PostgreSQL backend of the store: the same journal, snapshots and users as the
//! SQLite file, in a database any number of `costfolio` processes share. Writers are serialized
//! by a transaction-scoped advisory lock; the schema is created or upgraded on open by versioned
//! migrations, under their own advisory lock so that replicas starting together migrate once.

use std::time::{Duration, Instant};

use costfolio::state::{JournalEntry, State};
use postgres::Client;
use r2d2::{Pool, PooledConnection};

mod lost_commit;
mod schema;

use super::database_error::said;
use super::tls::Connector;
use super::watchdog::{Watchdog, COMMIT_WAIT};
use super::{
    continuing, from_snapshots, replay, stored_entry, Backend, StateCell, StoreError,
    SNAPSHOTS_KEPT,
};

/// Whether `error` says the database is away rather than the request wrong: a lost or refused
/// connection (closed, or an I/O error), or a server shutting down or starting (SQLSTATE classes
/// 08 and 57P).
fn away(error: &postgres::Error) -> bool {
    if error.is_closed() {
        return true;
    }
    match error.code() {
        Some(code) => {
            let code = code.code();
            code.starts_with("08") || code.starts_with("57P")
        }
        None => {
            std::error::Error::source(error).is_some_and(|source| source.is::<std::io::Error>())
        }
    }
}

/// The journal is held by another writer for longer than [`LOCK_WAIT`] (SQLSTATE 55P03): a 503,
/// tried again later.
fn held(error: &postgres::Error) -> bool {
    error.code() == Some(&postgres::error::SqlState::LOCK_NOT_AVAILABLE)
}

impl From<postgres::Error> for StoreError {
    fn from(error: postgres::Error) -> Self {
        if away(&error) {
            StoreError::Unavailable(said(&error))
        } else if held(&error) {
            StoreError::Unavailable(format!(
                "another server has held the journal for {} s: {}",
                LOCK_WAIT.as_secs(),
                said(&error)
            ))
        } else {
            StoreError::Sql(said(&error))
        }
    }
}

/// The advisory lock every journal writer takes for its transaction ("costfolio" in ASCII).
pub(crate) const JOURNAL_LOCK: i64 = 0x636f_7374_666f_6c69;
/// A connection of the pool, and whether it was found lost: then the pool drops it when it comes
/// back, rather than hand it to the next request.
struct Connection {
    client: Client,
    lost: bool,
}

/// How the pool opens and checks connections (r2d2's `ManageConnection`).
struct Connections {
    connector: Connector,
}

impl r2d2::ManageConnection for Connections {
    type Connection = Connection;
    type Error = postgres::Error;

    fn connect(&self) -> Result<Connection, postgres::Error> {
        Ok(Connection {
            client: self.connector.connect()?,
            lost: false,
        })
    }

    fn is_valid(&self, connection: &mut Connection) -> Result<(), postgres::Error> {
        connection.client.simple_query("").map(|_| ())
    }

    fn has_broken(&self, connection: &mut Connection) -> bool {
        connection.lost || connection.client.is_closed()
    }
}

/// A PostgreSQL database: a pool of connections (r2d2), so that reads go side by side; a
/// connection lost to a restarted database is dropped and another opened.
pub(crate) struct Postgres {
    pool: Pool<Connections>,
    /// The most connections of the pool.
    size: u32,
    /// How long the next writer waits for the journal lock another server holds (at most
    /// [`LOCK_WAIT`]: less when its request has already waited behind others of this server).
    lock_wait: Duration,
    /// How connections are made: the watchdog's cancel requests are made so too.
    connector: Connector,
    /// The watcher of this store's commits, started by its first.
    watchdog: std::sync::OnceLock<Option<Watchdog>>,
}

/// The most connections the readers' store opens: a server holds three stores (the writer, the
/// readers' look at the journal, the user table); only the readers' use more than one at a time.
pub(crate) const READERS_POOL: u32 = 8;
/// The most connections any other store opens: the one it uses, and one to replace it.
pub(crate) const POOL: u32 = 2;
/// How long a writer waits for the journal lock another server holds before it is answered 503
/// (`lock_timeout`).
pub(crate) const LOCK_WAIT: Duration = Duration::from_secs(5);
/// How long a writer may sit inside its transaction between two statements (the core applying a
/// change) before the database ends its session and frees the journal lock: a server frozen
/// while it holds the lock (stopped, cut off) holds the others up at most this long.
pub(crate) const IDLE_IN_TRANSACTION: Duration = Duration::from_secs(10);
/// How long a request waits for a connection (all in use, or the database away) before it is
/// answered 503.
const CONNECT_WAIT: Duration = Duration::from_secs(2);
/// How long one statement of a writer may run in the database (`statement_timeout`). PostgreSQL
/// does not count the commit's wait in it: the commit is watched by `watchdog.rs`.
pub(crate) const STATEMENT_WAIT: Duration = Duration::from_secs(10);
/// How long a writer whose commit's answer was lost (the connection cut) keeps asking the
/// database whether it landed, from other connections, before it answers that it cannot say:
/// long enough for a database's restart.
pub(crate) const LANDED_WAIT: Duration = Duration::from_secs(30);

impl Postgres {
    /// Connects to `address` (`postgres://USER@HOST/DB?...`, TLS as its `sslmode` says: `tls.rs`)
    /// with a pool of at most `size`
    /// connections, and creates or upgrades the schema.
    pub(crate) fn open(address: &str, size: u32) -> Result<Postgres, StoreError> {
        let connector = Connector::new(address)?;
        let mut client = connector.connect()?;
        schema::migrate(&mut client)?;
        Ok(Postgres::pooled(connector, size))
    }

    /// Opens `address` to copy from (`migrate --from`): nothing in it is created or upgraded, and
    /// a database without costfolio's schema, or with another version of it, is refused.
    pub(crate) fn open_source(address: &str) -> Result<Postgres, StoreError> {
        let connector = Connector::new(address)?;
        let mut client = connector.connect()?;
        schema::check_source(&mut client, address)?;
        Ok(Postgres::pooled(connector, POOL))
    }

    /// A store over a pool of at most `size` connections made by `connector`.
    fn pooled(connector: Connector, size: u32) -> Postgres {
        let pool = Pool::builder()
            .max_size(size)
            .min_idle(Some(1))
            .test_on_check_out(false)
            .connection_timeout(CONNECT_WAIT)
            .build_unchecked(Connections {
                connector: connector.clone(),
            });
        Postgres {
            pool,
            size,
            lock_wait: LOCK_WAIT,
            connector,
            watchdog: std::sync::OnceLock::new(),
        }
    }

    /// A connection of the pool (opened when none is idle).
    fn client(&self) -> Result<PooledConnection<Connections>, StoreError> {
        self.pool
            .get()
            .map_err(|e| StoreError::Unavailable(e.to_string()))
    }

    /// A connection that answers now: one the pool holds may have been cut by a restarted database
    /// since it was last used; it is found so before anything is sent (and dropped), so a
    /// transaction is never started on it. Tries for at most [`CONNECT_WAIT`].
    fn live_client(&self) -> Result<PooledConnection<Connections>, StoreError> {
        let started = Instant::now();
        loop {
            let mut connection = self.client()?;
            match connection.client.is_valid(CONNECT_WAIT) {
                Ok(()) => return Ok(connection),
                Err(error) => {
                    connection.lost = true;
                    if started.elapsed() >= CONNECT_WAIT {
                        return Err(StoreError::Unavailable(error.to_string()));
                    }
                }
            }
        }
    }

    /// Runs a read; when the connection turns out lost (the database restarted since it was last
    /// used), drops it and runs the read again on another: a read changes nothing, so it may. At
    /// most as many connections as the pool holds are tried.
    fn read<T>(
        &self,
        op: impl Fn(&mut Client) -> Result<T, postgres::Error>,
    ) -> Result<T, StoreError> {
        let mut attempts = 0;
        loop {
            let mut connection = self.client()?;
            match op(&mut connection.client) {
                Err(error) if away(&error) => {
                    connection.lost = true;
                    attempts += 1;
                    if attempts > self.size {
                        return Err(error.into());
                    }
                }
                other => return Ok(other?),
            }
        }
    }

    /// Commits `transaction`, cancelled if the database holds the commit up longer than
    /// [`COMMIT_WAIT`] (watchdog.rs).
    /// Returns the commit's outcome, and whether it was cancelled.
    fn commit(
        &self,
        transaction: postgres::Transaction<'_>,
    ) -> (Result<(), postgres::Error>, bool) {
        let watchdog = self
            .watchdog
            .get_or_init(|| Watchdog::start(self.connector.clone()));
        match watchdog {
            Some(watchdog) => {
                let token = transaction.cancel_token();
                watchdog.watch(token, || transaction.commit())
            }
            None => (transaction.commit(), false),
        }
    }

    fn count(&self, sql: &str) -> Result<u64, StoreError> {
        let count: i64 = self.read(|client| client.query_one(sql, &[]))?.get(0);
        Ok(count as u64)
    }
}

/// A writer's transaction, holding the journal lock: read committed whatever the database's
/// default (each statement after the lock sees every commit before it), waiting at most
/// `lock_wait` for the lock, each statement running at most [`STATEMENT_WAIT`], idle at most
/// [`IDLE_IN_TRANSACTION`], and its commit durable whatever the database's default
/// (`synchronous_commit` raised to `on` when set to `off` or `local`, a stronger setting kept).
/// Two round trips, as a plain `BEGIN` and lock were: the settings go with the lock.
fn writer_transaction(
    client: &mut Client,
    lock_wait: Duration,
) -> Result<postgres::Transaction<'_>, postgres::Error> {
    let mut transaction = client
        .build_transaction()
        .isolation_level(postgres::IsolationLevel::ReadCommitted)
        .start()?;
    transaction.batch_execute(&format!(
        "SET LOCAL lock_timeout = '{}ms'; SET LOCAL statement_timeout = '{}ms';
         SET LOCAL idle_in_transaction_session_timeout = '{}ms';
         SELECT set_config('synchronous_commit', 'on', true)
             WHERE current_setting('synchronous_commit') IN ('off', 'local');
         SELECT pg_advisory_xact_lock({JOURNAL_LOCK})",
        lock_wait.as_millis().max(1),
        STATEMENT_WAIT.as_millis(),
        IDLE_IN_TRANSACTION.as_millis()
    ))?;
    Ok(transaction)
}

/// The journal's rows from `seq` on (that entry included), in order: sequence number, entry.
fn rows_from(
    client: &mut impl postgres::GenericClient,
    seq: u64,
) -> Result<Vec<postgres::Row>, postgres::Error> {
    let from = i64::try_from(seq).unwrap_or(i64::MAX);
    client.query(
        "SELECT seq, entry FROM journal WHERE seq >= $1 ORDER BY seq",
        &[&from],
    )
}

/// The entries of `rows` (from [`rows_from`]`(held)`) after `held`, the last entry the state
/// holds, read by the core's reader (its errors name the field). The journal must still hold
/// that entry: one that ends before it lost its last entries (a database restored from a backup,
/// or a standby promoted that had not received them), and writing after it would leave a gap,
/// so the state is read again instead (`Unavailable`: the request is tried again on it).
fn entries_after(held: u64, rows: &[postgres::Row]) -> Result<Vec<JournalEntry>, StoreError> {
    let mut entries = Vec::with_capacity(rows.len());
    let mut holds = held == 0;
    for row in rows {
        let seq: i64 = row.get(0);
        if u64::try_from(seq).is_ok_and(|seq| seq <= held) {
            holds |= seq as u64 == held;
            continue;
        }
        let text: &str = row.get(1);
        entries.push(stored_entry(text)?);
    }
    if holds {
        Ok(entries)
    } else {
        Err(StoreError::Unavailable(format!(
            "the database's journal no longer holds entry {held}, which this server has: it lost its last entries (restored, or failed over to a standby behind it), so the server reads it again"
        )))
    }
}

impl Postgres {
    /// The rows of `seq` and `column` of the journal's entries numbered `seqs` that exist.
    fn journal_rows(&self, seqs: &[u64], column: &str) -> Result<Vec<postgres::Row>, StoreError> {
        let keys: Vec<i64> = seqs
            .iter()
            .filter_map(|seq| i64::try_from(*seq).ok())
            .collect();
        let query = format!("SELECT seq, {column} FROM journal WHERE seq = ANY($1)");
        self.read(|client| client.query(query.as_str(), &[&keys]))
    }
}

impl Backend for Postgres {
    fn load(&self) -> Result<State, StoreError> {
        let kept = SNAPSHOTS_KEPT as i64;
        let snapshots = self.read(|client| {
            client.query(
                "SELECT seq, state FROM snapshots ORDER BY seq DESC LIMIT $1",
                &[&kept],
            )
        })?;
        let mut state = from_snapshots(
            snapshots
                .iter()
                .map(|row| (row.get::<_, i64>(0) as u64, row.get::<_, &str>(1))),
        );
        let seq = state.seq;
        let rows = self.read(|client| rows_from(client, seq))?;
        match entries_after(seq, &rows) {
            Ok(entries) => {
                replay(&mut state, &entries)?;
                return Ok(state);
            }
            // Only a journal that lost the snapshot's entry; an unreadable entry is an error.
            Err(StoreError::Unavailable(_)) => {}
            Err(error) => return Err(error),
        }
        // A snapshot past the journal's end (the journal lost entries after it was written): the
        // journal is what counts, replayed from its start.
        let rows = self.read(|client| rows_from(client, 0))?;
        let mut state = from_snapshots(std::iter::empty());
        replay(&mut state, &entries_after(0, &rows)?)?;
        Ok(state)
    }

    fn catch_up(&self, state: &mut State) -> Result<(), StoreError> {
        let seq = state.seq;
        let rows = self.read(|client| rows_from(client, seq))?;
        replay(state, &entries_after(seq, &rows)?)
    }

    fn set_lock_wait(&mut self, wait: Duration) {
        self.lock_wait = wait.min(LOCK_WAIT);
    }

    fn append(
        &mut self,
        cell: &mut dyn StateCell,
        change: &mut dyn FnMut(&mut State),
    ) -> Result<(), StoreError> {
        // A connection lost since its last use (a restarted database) is replaced before the
        // transaction starts: nothing has been sent, so nothing can be doubled.
        let mut connection = self.live_client()?;
        // Waiting for the lock, and reading what others wrote, happen before the state is taken:
        // reads go on meanwhile.
        let held = cell.seq();
        let mut transaction = writer_transaction(&mut connection.client, self.lock_wait)?;
        let stored = match entries_after(held, &rows_from(&mut transaction, held)?) {
            Ok(stored) => stored,
            Err(error @ StoreError::Unavailable(_)) => {
                // The state holds entries the database lost: read again, whatever its number.
                cell.ahead();
                return Err(error);
            }
            Err(error) => return Err(error),
        };
        let mut transaction = Some(transaction);
        let mut outcome = Ok(());
        let this = &*self;
        // A commit whose answer was lost: its transaction, its last entry, and the error.
        let mut lost = None;
        // The commit was cancelled: the connection is not used again.
        let mut cancelled = false;
        cell.with(&mut |state| {
            let Some(mut transaction) = transaction.take() else {
                return true;
            };
            outcome = (|| {
                // A read may have caught up with some of them meanwhile (`Service::catch_up`).
                let held = state.seq;
                replay(state, stored.iter().filter(|entry| entry.seq > held))?;
                // What the replay applied is already in the journal: only the change's entries
                // are new.
                let _replayed = state.take_journal();
                change(state);
                let entries = state.take_journal();
                // The transaction's id, which the inserts return (no round trip of its own): what
                // to ask about if the commit's answer is lost.
                let mut xid = None;
                let mut last = None;
                if !entries.is_empty() {
                    let insert = transaction.prepare(
                        "INSERT INTO journal (seq, entry) VALUES ($1, $2) RETURNING txid_current()",
                    )?;
                    for entry in &entries {
                        let seq = i64::try_from(entry.seq).unwrap_or(i64::MAX);
                        let text = costfolio::model::to_json(entry);
                        let row = transaction.query_one(&insert, &[&seq, &text])?;
                        xid = Some(row.get::<_, i64>(0));
                        last = Some((seq, text));
                    }
                }
                let (committed, fired) = this.commit(transaction);
                cancelled = fired;
                match committed {
                    // Cancelled while it waited for a synchronous standby: PostgreSQL has
                    // committed it on the primary, and the standby (which a failover promotes)
                    // may not have it.
                    Ok(()) if fired => Err(StoreError::Unconfirmed(format!(
                        "the database held the commit for {} s (waiting for a synchronous standby?) and it was cancelled: the primary has it, its standby may not",
                        COMMIT_WAIT.as_secs()
                    ))),
                    Ok(()) => Ok(()),
                    // Cancelled (while it ran its deferred checks, so rolled back, as far as
                    // PostgreSQL says), or cut off with its connection: asked about, as a commit
                    // whose answer is lost.
                    Err(error)
                        if away(&error)
                            || error.code() == Some(&postgres::error::SqlState::QUERY_CANCELED) =>
                    {
                        match (xid, last) {
                            (Some(xid), Some(last)) => {
                                let unknown = StoreError::Unconfirmed(said(&error));
                                lost = Some((xid, last, error));
                                Err(unknown)
                            }
                            _ => Ok(()),
                        }
                    }
                    Err(error) => Err(error.into()),
                }
            })();
            outcome.is_ok()
        });
        drop(transaction);
        connection.lost |= cancelled;
        if let Some((xid, last, error)) = lost {
            // The state, which holds the change, was let go marked stale: reads are answered 503
            // at once rather than held while the database is asked, for seconds if it restarts.
            connection.lost = true;
            drop(connection);
            outcome = self.landed(xid, &last, &error);
            if outcome.is_ok() {
                cell.confirm();
            }
        }
        outcome
    }

    fn write_snapshot(&self, state: &State) -> Result<u64, StoreError> {
        let mut connection = self.live_client()?;
        let client = &mut connection.client;
        let mut transaction = client.transaction()?;
        // Bounded, and not waiting for a standby: a snapshot can be made again from the journal,
        // and it is written while the server's other writers wait.
        transaction.batch_execute(&format!(
            "SET LOCAL statement_timeout = '{}ms'; SET LOCAL synchronous_commit = local",
            STATEMENT_WAIT.as_millis()
        ))?;
        let seq = i64::try_from(state.seq).unwrap_or(i64::MAX);
        transaction.execute(
            "INSERT INTO snapshots (seq, state) VALUES ($1, $2)
                 ON CONFLICT (seq) DO UPDATE SET state = EXCLUDED.state",
            &[&seq, &state.snapshot()],
        )?;
        let kept = SNAPSHOTS_KEPT as i64;
        transaction.execute(
            "DELETE FROM snapshots WHERE seq NOT IN
                 (SELECT seq FROM snapshots ORDER BY seq DESC LIMIT $1)",
            &[&kept],
        )?;
        transaction.commit()?;
        Ok(state.seq)
    }

    fn snapshot_count(&self) -> Result<u64, StoreError> {
        self.count("SELECT COUNT(*) FROM snapshots")
    }

    fn latest_snapshot(&self) -> Result<Option<u64>, StoreError> {
        let row = self.read(|client| client.query_one("SELECT MAX(seq) FROM snapshots", &[]))?;
        let seq: Option<i64> = row.get(0);
        Ok(seq.map(|s| s as u64))
    }

    fn last_seq(&self) -> Result<u64, StoreError> {
        self.count("SELECT COALESCE(MAX(seq), 0) FROM journal")
    }

    fn journal_len(&self) -> Result<u64, StoreError> {
        self.count("SELECT COUNT(*) FROM journal")
    }

    fn has_user(&self, name: &str) -> Result<bool, StoreError> {
        let row =
            self.read(|client| client.query_opt("SELECT 1 FROM users WHERE name = $1", &[&name]))?;
        Ok(row.is_some())
    }

    fn user_count(&self) -> Result<u64, StoreError> {
        self.count("SELECT COUNT(*) FROM users")
    }

    fn journal_text(&self, after: u64, limit: u64) -> Result<Vec<(u64, String)>, StoreError> {
        let after = i64::try_from(after).unwrap_or(i64::MAX);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = self.read(|client| {
            client.query(
                "SELECT seq, entry FROM journal WHERE seq > $1 ORDER BY seq LIMIT $2",
                &[&after, &limit],
            )
        })?;
        Ok(rows
            .iter()
            .map(|row| (row.get::<_, i64>(0) as u64, row.get(1)))
            .collect())
    }

    fn journal_sizes(&self, seqs: &[u64]) -> Result<Vec<(u64, usize)>, StoreError> {
        // octet_length reads a stored text's size without bringing it out of storage.
        Ok(self
            .journal_rows(seqs, "octet_length(entry)")?
            .iter()
            .map(|row| {
                let bytes: i32 = row.get(1);
                (
                    row.get::<_, i64>(0) as u64,
                    usize::try_from(bytes).unwrap_or(usize::MAX),
                )
            })
            .collect())
    }

    fn journal_at(&self, seqs: &[u64]) -> Result<Vec<(u64, String)>, StoreError> {
        Ok(self
            .journal_rows(seqs, "entry")?
            .iter()
            .map(|row| (row.get::<_, i64>(0) as u64, row.get(1)))
            .collect())
    }

    fn append_text(&mut self, entries: &[(u64, String)]) -> Result<(), StoreError> {
        let mut connection = self.live_client()?;
        let client = &mut connection.client;
        let mut transaction = writer_transaction(client, LOCK_WAIT)?;
        let last: i64 = transaction
            .query_one("SELECT COALESCE(MAX(seq), 0) FROM journal", &[])?
            .get(0);
        continuing(last as u64, entries)?;
        let insert = transaction.prepare("INSERT INTO journal (seq, entry) VALUES ($1, $2)")?;
        for (seq, text) in entries {
            let seq = i64::try_from(*seq).unwrap_or(i64::MAX);
            transaction.execute(&insert, &[&seq, text])?;
        }
        transaction.commit()?;
        Ok(())
    }

    fn change_marker(&self) -> Result<Option<i64>, StoreError> {
        Ok(None)
    }

    fn replicated(&self) -> bool {
        true
    }

    fn users(&self) -> Result<Vec<(String, String, bool)>, StoreError> {
        let rows =
            self.read(|client| client.query("SELECT name, hash, budget_admin FROM users", &[]))?;
        Ok(rows
            .iter()
            .map(|row| (row.get(0), row.get(1), row.get(2)))
            .collect())
    }

    fn put_user(&self, name: &str, hash: &str, budget_admin: bool) -> Result<(), StoreError> {
        self.live_client()?.client.execute(
            "INSERT INTO users (name, hash, budget_admin) VALUES ($1, $2, $3)
                 ON CONFLICT (name) DO UPDATE SET hash = EXCLUDED.hash,
                     budget_admin = EXCLUDED.budget_admin",
            &[&name, &hash, &budget_admin],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{writer_transaction, Postgres, LOCK_WAIT, POOL};
    use crate::store::Backend;
    use costfolio_host_testkit::Cluster;
    use std::time::Duration;

    /// The time a change has left bounds its wait for the journal lock, never beyond
    /// [`LOCK_WAIT`]; and its commit is durable whatever the database's default.
    #[test]
    fn a_writer_waits_for_the_lock_the_time_it_has_left_and_commits_durably() {
        let cluster = Cluster::start();
        let address = cluster.database("lock_wait");
        let mut store = Postgres::open(&address, POOL).unwrap();
        let mut client = postgres::Client::connect(&address, postgres::NoTls).unwrap();
        client
            .batch_execute("ALTER DATABASE lock_wait SET synchronous_commit = off")
            .unwrap();
        let setting = |store: &Postgres| {
            let mut client = postgres::Client::connect(&address, postgres::NoTls).unwrap();
            let mut transaction = writer_transaction(&mut client, store.lock_wait).unwrap();
            let mut shown = |name: &str| -> String {
                transaction
                    .query_one(&format!("SHOW {name}"), &[])
                    .unwrap()
                    .get(0)
            };
            let lock_timeout = shown("lock_timeout");
            (lock_timeout, shown("synchronous_commit"))
        };
        store.set_lock_wait(Duration::from_millis(1_234));
        assert_eq!(setting(&store), ("1234ms".to_owned(), "on".to_owned()));
        store.set_lock_wait(LOCK_WAIT * 10);
        assert_eq!(setting(&store).0, "5s");
    }
}
