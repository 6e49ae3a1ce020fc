//! The embedded SQLite backend of the store: the journal (one row per entry), snapshots, and users
//! with their password hashes, in one file. `BEGIN IMMEDIATE` serializes writers, so a running
//! server and the command line keep one gap-free journal.

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use costfolio::state::{JournalEntry, State};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};

use super::{
    continuing, from_snapshots, replay, stored_entry, Backend, StateCell, StoreError,
    SNAPSHOTS_KEPT,
};

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        StoreError::Sql(error.to_string())
    }
}

/// Creates the database file readable and writable by its owner only, or narrows an existing
/// one to that. SQLite gives its `-wal` and `-shm` files the permissions of the database file.
fn owner_only(path: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        let io = |error: std::io::Error| StoreError::User(format!("{}: {error}", path.display()));
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .open(path)
            .map_err(io)?;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).map_err(io)?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// The SQLite database.
pub(crate) struct Sqlite {
    /// One connection, behind a lock so that the store can be shared between threads: SQLite
    /// serializes its use anyway.
    connection: Mutex<Connection>,
}

impl Sqlite {
    /// Opens (creating when needed) the database at `path`. The file is readable and writable by
    /// its owner only (0600): it holds password hashes and the whole journal.
    pub(crate) fn open(path: &Path) -> Result<Sqlite, StoreError> {
        owner_only(path)?;
        let connection = Connection::open(path)?;
        connection.busy_timeout(std::time::Duration::from_secs(10))?;
        connection.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = FULL;
             CREATE TABLE IF NOT EXISTS journal (seq INTEGER PRIMARY KEY, entry TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS snapshots (seq INTEGER PRIMARY KEY, state TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS users (
                 name TEXT PRIMARY KEY, hash TEXT NOT NULL, budget_admin INTEGER NOT NULL);",
        )?;
        Ok(Sqlite {
            connection: Mutex::new(connection),
        })
    }

    /// Opens the database at `path` to copy from (`migrate --from`): nothing in it is created or
    /// changed (its permissions neither), and a file that is not a costfolio database is refused.
    pub(crate) fn open_source(path: &Path) -> Result<Sqlite, StoreError> {
        let refused =
            |detail: &str| StoreError::User(format!("--from {}: {detail}", path.display()));
        if !path.exists() {
            return Err(refused("no such database file"));
        }
        let connection = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(|e| refused(&e.to_string()))?;
        connection.busy_timeout(std::time::Duration::from_secs(10))?;
        let tables: i64 = connection
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master
                     WHERE type = 'table' AND name IN ('journal', 'snapshots', 'users')",
                [],
                |row| row.get(0),
            )
            .map_err(|e| refused(&format!("not a SQLite database ({e})")))?;
        if tables != 3 {
            return Err(refused(
                "not a costfolio database (it lacks the journal, snapshots and users tables)",
            ));
        }
        Ok(Sqlite {
            connection: Mutex::new(connection),
        })
    }

    /// The connection, for one call.
    fn connection(&self) -> MutexGuard<'_, Connection> {
        self.connection
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The connection, for a transaction of a caller that holds the store alone.
    fn connection_mut(&mut self) -> &mut Connection {
        self.connection
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `seq` and `column` of the journal's entries numbered `seqs` (those that exist), read by
    /// `row`: one statement for the page (at most a few hundred numbers), so that the readers'
    /// connection is held once, not once per entry.
    fn journal_rows<T>(
        &self,
        seqs: &[u64],
        column: &str,
        row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, StoreError> {
        let keys: Vec<i64> = seqs
            .iter()
            .filter_map(|seq| i64::try_from(*seq).ok())
            .collect();
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; keys.len()].join(",");
        let connection = self.connection();
        let mut statement = connection.prepare(&format!(
            "SELECT seq, {column} FROM journal WHERE seq IN ({marks})"
        ))?;
        let rows = statement.query_map(rusqlite::params_from_iter(keys.iter()), row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

impl Backend for Sqlite {
    fn load(&self) -> Result<State, StoreError> {
        let snapshots: Vec<(u64, String)> = {
            let connection = self.connection();
            let mut statement = connection
                .prepare_cached("SELECT seq, state FROM snapshots ORDER BY seq DESC LIMIT ?1")?;
            let rows = statement.query_map(params![SNAPSHOTS_KEPT as i64], |row| {
                Ok((row.get::<_, i64>(0)? as u64, row.get::<_, String>(1)?))
            })?;
            rows.collect::<Result<_, _>>()?
        };
        let mut state = from_snapshots(snapshots.iter().map(|(seq, text)| (*seq, text.as_str())));
        self.catch_up(&mut state)?;
        Ok(state)
    }

    fn catch_up(&self, state: &mut State) -> Result<(), StoreError> {
        replay_after(&self.connection(), state)
    }

    fn append(
        &mut self,
        cell: &mut dyn StateCell,
        change: &mut dyn FnMut(&mut State),
    ) -> Result<(), StoreError> {
        // Waiting for other writers (BEGIN IMMEDIATE) and reading what they wrote happen before
        // the state is taken: reads go on meanwhile.
        let transaction = self
            .connection_mut()
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let replayed = entries_after(&transaction, cell.seq())?;
        let mut transaction = Some(transaction);
        let mut outcome = Ok(());
        cell.with(&mut |state| {
            let Some(transaction) = transaction.take() else {
                return true;
            };
            outcome = (|| {
                replay(state, &replayed)?;
                // What the replay applied is already in the journal: only the change's entries
                // are new.
                let _replayed = state.take_journal();
                change(state);
                let entries = state.take_journal();
                {
                    let mut insert = transaction
                        .prepare_cached("INSERT INTO journal (seq, entry) VALUES (?1, ?2)")?;
                    for entry in &entries {
                        let text = costfolio::model::to_json(entry);
                        insert.execute(params![entry.seq as i64, text])?;
                    }
                }
                transaction.commit()?;
                Ok(())
            })();
            outcome.is_ok()
        });
        outcome
    }

    /// Writes a snapshot of `state` as it is (the caller caught it up), keeps the latest
    /// [`SNAPSHOTS_KEPT`], and returns its sequence number.
    fn write_snapshot(&self, state: &State) -> Result<u64, StoreError> {
        self.connection().execute(
            "INSERT OR REPLACE INTO snapshots (seq, state) VALUES (?1, ?2)",
            params![state.seq as i64, state.snapshot()],
        )?;
        self.connection().execute(
            "DELETE FROM snapshots WHERE seq NOT IN
                 (SELECT seq FROM snapshots ORDER BY seq DESC LIMIT ?1)",
            params![SNAPSHOTS_KEPT as i64],
        )?;
        Ok(state.seq)
    }

    fn snapshot_count(&self) -> Result<u64, StoreError> {
        let count: i64 =
            self.connection()
                .query_row("SELECT COUNT(*) FROM snapshots", [], |row| row.get(0))?;
        Ok(count as u64)
    }

    /// Whether a user of this name exists.
    fn has_user(&self, name: &str) -> Result<bool, StoreError> {
        let found: Option<i64> = self
            .connection()
            .query_row(
                "SELECT 1 FROM users WHERE name = ?1",
                params![name],
                |row| row.get(0),
            )
            .optional()?;
        Ok(found.is_some())
    }

    /// How many users there are.
    fn user_count(&self) -> Result<u64, StoreError> {
        let count: i64 = self
            .connection()
            .query_row("SELECT COUNT(*) FROM users", [], |row| row.get(0))?;
        Ok(count as u64)
    }

    /// The sequence number of the latest snapshot, if any.
    fn latest_snapshot(&self) -> Result<Option<u64>, StoreError> {
        let seq: Option<i64> =
            self.connection()
                .query_row("SELECT MAX(seq) FROM snapshots", [], |row| row.get(0))?;
        Ok(seq.map(|s| s as u64))
    }

    /// The sequence number of the journal's last entry (0 for none): one index look-up, so a
    /// reader can tell cheaply whether another process wrote since its state was replayed.
    fn last_seq(&self) -> Result<u64, StoreError> {
        let seq: i64 = self.connection().query_row(
            "SELECT COALESCE(MAX(seq), 0) FROM journal",
            [],
            |row| row.get(0),
        )?;
        Ok(seq as u64)
    }

    /// How many journal entries there are.
    fn journal_len(&self) -> Result<u64, StoreError> {
        let count: i64 =
            self.connection()
                .query_row("SELECT COUNT(*) FROM journal", [], |row| row.get(0))?;
        Ok(count as u64)
    }

    fn put_user(&self, name: &str, hash: &str, budget_admin: bool) -> Result<(), StoreError> {
        self.connection().execute(
            "INSERT OR REPLACE INTO users (name, hash, budget_admin) VALUES (?1, ?2, ?3)",
            params![name, hash, budget_admin as i64],
        )?;
        Ok(())
    }

    fn journal_text(&self, after: u64, limit: u64) -> Result<Vec<(u64, String)>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare_cached(
            "SELECT seq, entry FROM journal WHERE seq > ?1 ORDER BY seq LIMIT ?2",
        )?;
        let rows = statement.query_map(params![after as i64, limit as i64], |row| {
            Ok((row.get::<_, i64>(0)? as u64, row.get::<_, String>(1)?))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn journal_sizes(&self, seqs: &[u64]) -> Result<Vec<(u64, usize)>, StoreError> {
        // The bytes of the text, read off the record's header (octet_length does not load the
        // value), so that weighing a page costs no reading of it.
        self.journal_rows(seqs, "octet_length(entry)", |row| {
            Ok((
                row.get::<_, i64>(0)? as u64,
                usize::try_from(row.get::<_, i64>(1)?).unwrap_or(usize::MAX),
            ))
        })
    }

    fn journal_at(&self, seqs: &[u64]) -> Result<Vec<(u64, String)>, StoreError> {
        self.journal_rows(seqs, "entry", |row| {
            Ok((row.get::<_, i64>(0)? as u64, row.get::<_, String>(1)?))
        })
    }

    fn append_text(&mut self, entries: &[(u64, String)]) -> Result<(), StoreError> {
        let transaction = self
            .connection_mut()
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let last: i64 =
            transaction.query_row("SELECT COALESCE(MAX(seq), 0) FROM journal", [], |row| {
                row.get(0)
            })?;
        continuing(last as u64, entries)?;
        {
            let mut insert =
                transaction.prepare_cached("INSERT INTO journal (seq, entry) VALUES (?1, ?2)")?;
            for (seq, text) in entries {
                insert.execute(params![*seq as i64, text])?;
            }
        }
        transaction.commit()?;
        Ok(())
    }

    fn change_marker(&self) -> Result<Option<i64>, StoreError> {
        let version: i64 = self
            .connection()
            .query_row("PRAGMA data_version", [], |row| row.get(0))?;
        Ok(Some(version))
    }

    fn users(&self) -> Result<Vec<(String, String, bool)>, StoreError> {
        let connection = self.connection();
        let mut statement =
            connection.prepare_cached("SELECT name, hash, budget_admin FROM users")?;
        let rows = statement.query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, i64>(2)? != 0,
            ))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// The journal's entries after `seq`, read through the core's reader (its errors name the field),
/// on `connection` or inside a transaction.
fn entries_after(connection: &Connection, seq: u64) -> Result<Vec<JournalEntry>, StoreError> {
    let mut statement =
        connection.prepare_cached("SELECT entry FROM journal WHERE seq > ?1 ORDER BY seq")?;
    let texts: Vec<String> = statement
        .query_map(params![seq as i64], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    texts.iter().map(|text| stored_entry(text)).collect()
}

/// Replays the journal's entries after `state.seq` on `state`.
fn replay_after(connection: &Connection, state: &mut State) -> Result<(), StoreError> {
    let entries = entries_after(connection, state.seq)?;
    replay(state, &entries)
}
