//! The store: the journal (one row per entry), snapshots, and users with their password hashes.
//! A request's entries are written in one transaction, committed before the answer is sent
//! (S13.2); writers are serialized by the database, and each first replays what other writers
//! committed, so several processes on one database keep one gap-free journal.
//!
//! One [`Backend`] trait, two implementations: the embedded SQLite file ([`sqlite`], the default)
//! and PostgreSQL ([`postgres`], `postgres://` addresses; issue 22). [`Store`] holds either and
//! adds what does not depend on the database: the generic transaction, snapshots, checked users.

#[cfg(test)]
pub(crate) mod cluster;
mod postgres;
mod sqlite;
#[cfg(test)]
mod suite;

use std::path::Path;

use costfolio::state::State;

/// What can go wrong with the store.
#[derive(Debug)]
pub(crate) enum StoreError {
    /// The database refused (its message).
    Sql(String),
    /// The database cannot be reached now (down, restarting, the connection lost): try again.
    Unavailable(String),
    /// A stored entry or snapshot does not read back.
    Corrupt(String),
    /// A user operation was refused.
    User(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Sql(error) => write!(f, "database: {error}"),
            StoreError::Unavailable(error) => write!(f, "the database cannot be reached: {error}"),
            StoreError::Corrupt(detail) => {
                write!(f, "the database holds an unreadable record: {detail}")
            }
            StoreError::User(detail) => f.write_str(detail),
        }
    }
}

impl std::error::Error for StoreError {}

/// How many snapshots are kept: the latest, and the one before it in case the latest cannot be
/// read.
pub(crate) const SNAPSHOTS_KEPT: usize = 2;

/// What a database keeps for the service. Every method is one round of the database's own
/// transactions; [`Backend::append`] is the only writer of the journal.
pub(crate) trait Backend: Send + Sync {
    /// The state: the latest snapshot, then every later journal entry replayed.
    fn load(&self) -> Result<State, StoreError>;
    /// Replays the entries after `state.seq` (written by another process).
    fn catch_up(&self, state: &mut State) -> Result<(), StoreError>;
    /// In one transaction that excludes every other writer: replays what others committed, runs
    /// `change` on `state`, and writes the entries it applied; committed when this returns `Ok`.
    fn append(
        &mut self,
        state: &mut State,
        change: &mut dyn FnMut(&mut State),
    ) -> Result<(), StoreError>;
    /// Writes a snapshot of `state` as it is (the caller caught it up), keeps the latest
    /// [`SNAPSHOTS_KEPT`], and returns its sequence number.
    fn write_snapshot(&self, state: &State) -> Result<u64, StoreError>;
    /// How many snapshots are stored.
    fn snapshot_count(&self) -> Result<u64, StoreError>;
    /// The sequence number of the latest snapshot, if any.
    fn latest_snapshot(&self) -> Result<Option<u64>, StoreError>;
    /// The sequence number of the journal's last entry (0 for none): one index look-up.
    fn last_seq(&self) -> Result<u64, StoreError>;
    /// How many journal entries there are.
    fn journal_len(&self) -> Result<u64, StoreError>;
    /// Whether a user of this name exists.
    fn has_user(&self, name: &str) -> Result<bool, StoreError>;
    /// How many users there are.
    fn user_count(&self) -> Result<u64, StoreError>;
    /// Adds or replaces a user with its password hash.
    fn put_user(&self, name: &str, hash: &str, budget_admin: bool) -> Result<(), StoreError>;
    /// A number that changes whenever another connection commits (SQLite's `data_version`), so
    /// that a cache of the users is read again only then; `None` when the database offers none
    /// (read them again each time).
    fn change_marker(&self) -> Result<Option<i64>, StoreError>;
    /// Every user: name, password hash, budget administrator.
    fn users(&self) -> Result<Vec<(String, String, bool)>, StoreError>;
    /// The journal's entries after `after`, at most `limit` of them, as stored (sequence number and
    /// text): what a migration copies.
    fn journal_text(&self, after: u64, limit: u64) -> Result<Vec<(u64, String)>, StoreError>;
    /// Appends stored entries as they are, in one transaction that excludes other writers;
    /// refused unless they continue the journal (the first is its last sequence number + 1).
    fn append_text(&mut self, entries: &[(u64, String)]) -> Result<(), StoreError>;
    /// Whether other servers (replicas) may write to this database while this one serves: then a
    /// read looks at the journal every time, so that it sees every write answered before it,
    /// whichever server answered it.
    fn replicated(&self) -> bool {
        false
    }
}

/// Refuses `entries` that do not continue a journal whose last entry is `last`, one by one.
fn continuing(last: u64, entries: &[(u64, String)]) -> Result<(), StoreError> {
    for (expected, (seq, _)) in (last + 1..).zip(entries) {
        if *seq != expected {
            return Err(StoreError::Corrupt(format!(
                "journal entry {seq} found where {expected} was expected"
            )));
        }
    }
    Ok(())
}

/// The database of the service, whichever it is.
pub(crate) struct Store {
    backend: Box<dyn Backend>,
}

impl Store {
    /// Opens (creating when needed) the SQLite database at `path`. The file is readable and
    /// writable by its owner only (0600): it holds password hashes and the whole journal.
    pub(crate) fn open(path: &Path) -> Result<Store, StoreError> {
        Ok(Store {
            backend: Box::new(sqlite::Sqlite::open(path)?),
        })
    }

    /// Opens the database `address` names: `postgres://` or `postgresql://` (a PostgreSQL
    /// connection string, its schema created or upgraded), else the path of a SQLite file (a
    /// `sqlite:` prefix is dropped).
    pub(crate) fn open_address(address: &str) -> Result<Store, StoreError> {
        if address.starts_with("postgres://") || address.starts_with("postgresql://") {
            return Ok(Store {
                backend: Box::new(postgres::Postgres::open(address)?),
            });
        }
        Store::open(Path::new(
            address.strip_prefix("sqlite:").unwrap_or(address),
        ))
    }

    /// The state: the latest snapshot, then every later journal entry replayed.
    pub(crate) fn load(&self) -> Result<State, StoreError> {
        self.backend.load()
    }

    /// Replays the entries after `state.seq` (written by another process).
    pub(crate) fn catch_up(&self, state: &mut State) -> Result<(), StoreError> {
        self.backend.catch_up(state)
    }

    /// Runs `change` on `state` inside one transaction that excludes other writers: their entries
    /// are replayed first, then the entries `change` applied are written and committed. On any
    /// failure the transaction rolls back and `state` is reloaded, so memory never runs ahead of
    /// the database.
    pub(crate) fn transact<T>(
        &mut self,
        state: &mut State,
        change: impl FnOnce(&mut State) -> T,
    ) -> Result<T, StoreError> {
        let mut change = Some(change);
        let mut value = None;
        let result = self.backend.append(state, &mut |state| {
            if let Some(change) = change.take() {
                value = Some(change(state));
            }
        });
        match (result, value) {
            (Ok(()), Some(value)) => Ok(value),
            (result, _) => {
                if let Ok(fresh) = self.backend.load() {
                    *state = fresh;
                }
                Err(result.err().unwrap_or_else(|| {
                    StoreError::Corrupt("the change did not run inside its transaction".into())
                }))
            }
        }
    }

    /// Writes a snapshot of `state` (after catching up), keeps the latest [`SNAPSHOTS_KEPT`]
    /// and deletes older ones, and returns its sequence number.
    pub(crate) fn snapshot(&mut self, state: &mut State) -> Result<u64, StoreError> {
        self.transact(state, |_| ())?;
        self.write_snapshot(state)
    }

    /// Writes a snapshot of `state` as it is (the caller caught it up), keeps the latest
    /// [`SNAPSHOTS_KEPT`], and returns its sequence number.
    pub(crate) fn write_snapshot(&self, state: &State) -> Result<u64, StoreError> {
        self.backend.write_snapshot(state)
    }

    /// How many snapshots are stored.
    pub(crate) fn snapshot_count(&self) -> Result<u64, StoreError> {
        self.backend.snapshot_count()
    }

    /// Whether a user of this name exists.
    pub(crate) fn has_user(&self, name: &str) -> Result<bool, StoreError> {
        self.backend.has_user(name)
    }

    /// How many users there are.
    pub(crate) fn user_count(&self) -> Result<u64, StoreError> {
        self.backend.user_count()
    }

    /// The sequence number of the latest snapshot, if any.
    pub(crate) fn latest_snapshot(&self) -> Result<Option<u64>, StoreError> {
        self.backend.latest_snapshot()
    }

    /// The sequence number of the journal's last entry (0 for none): one index look-up, so a
    /// reader can tell cheaply whether another process wrote since its state was replayed.
    pub(crate) fn last_seq(&self) -> Result<u64, StoreError> {
        self.backend.last_seq()
    }

    /// How many journal entries there are.
    pub(crate) fn journal_len(&self) -> Result<u64, StoreError> {
        self.backend.journal_len()
    }

    /// A number that changes whenever another connection commits, if the database has one.
    pub(crate) fn change_marker(&self) -> Result<Option<i64>, StoreError> {
        self.backend.change_marker()
    }

    /// Whether other servers may write to this database while this one serves.
    pub(crate) fn replicated(&self) -> bool {
        self.backend.replicated()
    }

    /// Every user: name, password hash, budget administrator.
    pub(crate) fn users(&self) -> Result<Vec<(String, String, bool)>, StoreError> {
        self.backend.users()
    }

    /// Copies `from`'s users (their hashes as they are) and journal into this store, which must
    /// hold no journal entry, then writes a snapshot; returns the number of entries copied. The
    /// journal goes over in batches, each in one transaction, the entries' text untouched.
    pub(crate) fn copy_from(&mut self, from: &Store) -> Result<u64, StoreError> {
        if self.journal_len()? > 0 {
            return Err(StoreError::User(
                "the target database already holds a journal: migrate into an empty one".into(),
            ));
        }
        for (name, hash, admin) in from.users()? {
            self.backend.put_user(&name, &hash, admin)?;
        }
        let mut copied = 0;
        loop {
            let batch = from.backend.journal_text(copied, 1_000)?;
            let Some(&(last, _)) = batch.last() else {
                break;
            };
            self.backend.append_text(&batch)?;
            copied = last;
        }
        let mut state = self.load()?;
        if state.seq > 0 {
            self.snapshot(&mut state)?;
        }
        Ok(copied)
    }

    /// Adds (or replaces) a user with a password, stored as an argon2 hash.
    pub(crate) fn add_user(
        &self,
        name: &str,
        password: &str,
        budget_admin: bool,
    ) -> Result<(), StoreError> {
        if name.is_empty() || name.contains(':') {
            return Err(StoreError::User(format!(
                "a user name must be non-empty and without ':', got {name:?}"
            )));
        }
        if password.len() < 8 {
            return Err(StoreError::User(
                "a password must have at least 8 characters".into(),
            ));
        }
        let hash = crate::credentials::hash_password(password)?;
        self.backend.put_user(name, &hash, budget_admin)
    }
}
