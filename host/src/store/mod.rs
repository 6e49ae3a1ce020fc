//! The store: the journal (one row per entry), snapshots, and users with their password hashes.
//! A request's entries are written in one transaction, committed before the answer is sent
//! (S13.2); writers are serialized by the database, and each first replays what other writers
//! committed, so several processes on one database keep one gap-free journal.
//!
//! One [`Backend`] trait, two implementations: the embedded SQLite file ([`sqlite`], the default)
//! and PostgreSQL ([`postgres`], `postgres://` addresses). [`Store`] holds either and
//! adds what does not depend on the database: the generic transaction, snapshots, checked users.

#[cfg(test)]
mod cut_off;
mod database_error;
pub(crate) mod postgres;
mod sqlite;
#[cfg(test)]
mod suite;
mod tls;
mod watchdog;

use std::path::Path;

use costfolio::state::{JournalEntry, State};

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
    /// The database did not confirm a commit and could not be asked whether it landed: the
    /// change may be stored or not.
    Unconfirmed(String),
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
            StoreError::Unconfirmed(error) => write!(
                f,
                "the database did not confirm the change ({error}), so it may have been stored: read it back before repeating it"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

/// How many snapshots are kept: the latest, and the one before it in case the latest cannot be
/// read (then the one before is used, or the journal replayed from its start).
pub(crate) const SNAPSHOTS_KEPT: usize = 2;

/// The state a transaction changes, wherever it lives: the command line's own, or the server's,
/// shared with its reads, which a transaction takes only once it holds the journal (so that reads
/// go on while it waits for other writers).
pub(crate) trait StateCell {
    /// The sequence number of the last entry the state holds.
    fn seq(&self) -> u64;
    /// Runs `change` on the state, excluding readers for its duration. `change` returns whether
    /// the state is then as the database has it (false: a failure left it possibly ahead).
    fn with(&mut self, change: &mut dyn FnMut(&mut State) -> bool);
    /// Replaces the state with `fresh`, read back from the database.
    fn reset(&mut self, fresh: State);
    /// The state `with` let go as possibly ahead of the database (its change's commit not
    /// answered) is as the database has it after all: the commit was found to have landed.
    fn confirm(&mut self) {}
    /// The state holds entries the database no longer has (it lost its last entries): it is to be
    /// read again, even though the database's is then behind it ([`StateCell::reset`]).
    fn ahead(&mut self) {}
}

impl StateCell for State {
    fn seq(&self) -> u64 {
        self.seq
    }
    fn with(&mut self, change: &mut dyn FnMut(&mut State) -> bool) {
        change(self);
    }
    fn reset(&mut self, fresh: State) {
        *self = fresh;
    }
}

/// What a database keeps for the service. Every method is one round of the database's own
/// transactions; [`Backend::append`] is the only writer of the journal.
pub(crate) trait Backend: Send + Sync {
    /// The state: the latest snapshot, then every later journal entry replayed.
    fn load(&self) -> Result<State, StoreError>;
    /// Replays the entries after `state.seq` (written by another process).
    fn catch_up(&self, state: &mut State) -> Result<(), StoreError>;
    /// In one transaction that excludes every other writer: once it holds the journal, takes the
    /// state (`StateCell::with`), replays what others committed, runs `change`, writes the entries
    /// it applied and commits, all before it lets the state go; committed when this returns `Ok`.
    fn append(
        &mut self,
        state: &mut dyn StateCell,
        change: &mut dyn FnMut(&mut State),
    ) -> Result<(), StoreError>;
    /// How long the next [`Backend::append`] may wait for the journal another server holds: the
    /// request's time left (PostgreSQL; SQLite's other writer is only the command line, waited
    /// for as long as its busy timeout says).
    fn set_lock_wait(&mut self, _wait: std::time::Duration) {}
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
    /// The journal's entries numbered `seqs` that exist, as stored: what a history is read from.
    fn journal_at(&self, seqs: &[u64]) -> Result<Vec<(u64, String)>, StoreError>;
    /// The bytes the journal's entries numbered `seqs` take as stored (those that exist), read
    /// without the entries: what a page of history is weighed by before it runs (S11.8).
    fn journal_sizes(&self, seqs: &[u64]) -> Result<Vec<(u64, usize)>, StoreError>;
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

/// A stored journal entry, read by the core's reader (its errors name the field).
fn stored_entry(text: &str) -> Result<JournalEntry, StoreError> {
    costfolio::model::from_json(text.as_bytes()).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// The histories of records are read from the journal the store keeps.
impl costfolio::state::JournalReader for Store {
    fn entries(&self, seqs: &[u64]) -> Result<Vec<JournalEntry>, String> {
        self.entries_at(seqs).map_err(|error| error.to_string())
    }

    fn sizes(&self, seqs: &[u64]) -> Result<Vec<(u64, usize)>, String> {
        self.backend
            .journal_sizes(seqs)
            .map_err(|error| error.to_string())
    }

    fn sized_entries(&self, seqs: &[u64]) -> Result<Vec<(JournalEntry, usize)>, String> {
        self.backend
            .journal_at(seqs)
            .and_then(|texts| {
                texts
                    .iter()
                    .map(|(_, text)| Ok((stored_entry(text)?, text.len())))
                    .collect()
            })
            .map_err(|error| error.to_string())
    }
}

/// Replays stored `entries` on `state` (the core refuses a gap).
fn replay<'e>(
    state: &mut State,
    entries: impl IntoIterator<Item = &'e JournalEntry>,
) -> Result<(), StoreError> {
    state
        .replay(entries)
        .map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// What a migration copied ([`Store::copy_from`]).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Copied {
    /// Users the target lacked, added with their password hashes.
    pub(crate) users_added: u64,
    /// Users the target held already, kept as they were.
    pub(crate) users_kept: u64,
    /// The sequence number of the journal's last entry, now in the target.
    pub(crate) last_seq: u64,
}

/// The state to replay the journal onto: the first of `snapshots` (latest first) that reads
/// back, else the empty state (the journal is kept whole, so a replay from its start gives the
/// same state, only slower). A snapshot that does not read back is reported and passed over.
fn from_snapshots<'t>(snapshots: impl IntoIterator<Item = (u64, &'t str)>) -> State {
    for (seq, text) in snapshots {
        match State::from_snapshot(text) {
            Ok(state) => return state,
            Err(error) => tracing::warn!(
                seq,
                %error,
                "a snapshot does not read back: an older one is used"
            ),
        }
    }
    State::new()
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

/// The database `address` names, as printed: a PostgreSQL address without its password, whether
/// it is given after the user (`USER:PASSWORD@`) or as a parameter (`?password=`); a key=value
/// string's `password=` likewise.
pub(crate) fn shown(address: &str) -> String {
    let hide = |pair: &str| {
        if pair.split('=').next() == Some("password") {
            "password=***".to_owned()
        } else {
            pair.to_owned()
        }
    };
    let Some((scheme, rest)) = address.split_once("://") else {
        if address.contains("password=") {
            return address.split(' ').map(hide).collect::<Vec<_>>().join(" ");
        }
        return address.to_owned();
    };
    let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
    let rest = match rest.rsplit_once('@') {
        Some((user, host)) => {
            let user = user.split(':').next().unwrap_or(user);
            format!("{user}@{host}")
        }
        None => rest.to_owned(),
    };
    let query: Vec<String> = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(hide)
        .collect();
    if query.is_empty() {
        format!("{scheme}://{rest}")
    } else {
        format!("{scheme}://{rest}?{}", query.join("&"))
    }
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
    /// address, its schema created or upgraded; a pool of at most 2 connections), else the path
    /// of a SQLite file (a `sqlite:` prefix is dropped). A key=value connection string
    /// (`host=... dbname=...`) is refused rather than taken for a file name.
    pub(crate) fn open_address(address: &str) -> Result<Store, StoreError> {
        Store::open_pooled(address, postgres::POOL)
    }

    /// [`Store::open_address`] for the service's readers: on PostgreSQL, a pool of at most 8
    /// connections, used side by side.
    pub(crate) fn open_readers(address: &str) -> Result<Store, StoreError> {
        Store::open_pooled(address, postgres::READERS_POOL)
    }

    fn open_pooled(address: &str, size: u32) -> Result<Store, StoreError> {
        if address.starts_with("postgres://") || address.starts_with("postgresql://") {
            return Ok(Store {
                backend: Box::new(postgres::Postgres::open(address, size)?),
            });
        }
        let key_value = address.split_whitespace().any(|word| {
            word.split_once('=').is_some_and(|(key, _)| {
                !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            })
        });
        if key_value && !Path::new(address).exists() {
            return Err(StoreError::User(format!(
                "--db {}: a key=value connection string is not taken; give a postgres://USER@HOST/DB address (or a SQLite file's path)",
                shown(address)
            )));
        }
        Store::open(Path::new(
            address.strip_prefix("sqlite:").unwrap_or(address),
        ))
    }

    /// Opens an existing costfolio database to copy from (`migrate --from`), changing nothing in
    /// it: a SQLite file that does not exist is refused rather than created empty, and a database
    /// without costfolio's tables (or, on PostgreSQL, with another version of its schema) is
    /// refused rather than given them.
    pub(crate) fn open_source(address: &str) -> Result<Store, StoreError> {
        if address.starts_with("postgres://") || address.starts_with("postgresql://") {
            return Ok(Store {
                backend: Box::new(postgres::Postgres::open_source(address)?),
            });
        }
        let path = address.strip_prefix("sqlite:").unwrap_or(address);
        Ok(Store {
            backend: Box::new(sqlite::Sqlite::open_source(Path::new(path))?),
        })
    }

    /// The state: the latest snapshot, then every later journal entry replayed. A snapshot
    /// written before the state indexed the entries that touched each record has that index
    /// built from the whole journal, read in pages (once: the next snapshot holds it).
    pub(crate) fn load(&self) -> Result<State, StoreError> {
        let mut state = self.backend.load()?;
        if state.touched_missing() {
            const PAGE: u64 = 1_000;
            let mut journal = Vec::new();
            let mut after = 0;
            while after < state.seq {
                let page = self.entries_after(after, PAGE)?;
                let Some(last) = page.last().map(|entry| entry.seq) else {
                    break;
                };
                journal.extend(page);
                after = last;
            }
            state.index_journal(&journal);
            tracing::info!(
                entries = journal.len(),
                "the history index was built from the journal"
            );
        }
        Ok(state)
    }

    /// Replays the entries after `state.seq` (written by another process). The server catches up
    /// through [`Store::entries_after`] instead, reading with no lock held.
    #[cfg(test)]
    pub(crate) fn catch_up(&self, state: &mut State) -> Result<(), StoreError> {
        self.backend.catch_up(state)
    }

    /// Runs `change` on `state` inside one transaction that excludes other writers: their entries
    /// are replayed first, then the entries `change` applied are written and committed. On any
    /// failure the transaction rolls back and `state` is reloaded (when the database can be read),
    /// so memory never runs ahead of the database.
    pub(crate) fn transact<T>(
        &mut self,
        state: &mut dyn StateCell,
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
                    state.reset(fresh);
                }
                Err(result.err().unwrap_or_else(|| {
                    StoreError::Corrupt("the change did not run inside its transaction".into())
                }))
            }
        }
    }

    /// The journal's entries after `after` as stored (a migration's test cuts one off with them).
    #[cfg(test)]
    pub(crate) fn journal_text(
        &self,
        after: u64,
        limit: u64,
    ) -> Result<Vec<(u64, String)>, StoreError> {
        self.backend.journal_text(after, limit)
    }

    /// Appends stored entries as they are (a migration's test cuts one off with them).
    #[cfg(test)]
    pub(crate) fn append_text(&mut self, entries: &[(u64, String)]) -> Result<(), StoreError> {
        self.backend.append_text(entries)
    }

    /// How long the next transaction may wait for the journal another server holds.
    pub(crate) fn set_lock_wait(&mut self, wait: std::time::Duration) {
        self.backend.set_lock_wait(wait);
    }

    /// The journal's entries after `after`, at most `limit` of them, read by the core's reader.
    pub(crate) fn entries_after(
        &self,
        after: u64,
        limit: u64,
    ) -> Result<Vec<JournalEntry>, StoreError> {
        self.backend
            .journal_text(after, limit)?
            .iter()
            .map(|(_, text)| stored_entry(text))
            .collect()
    }

    /// The journal's entries numbered `seqs` that exist, read by the core's reader.
    pub(crate) fn entries_at(&self, seqs: &[u64]) -> Result<Vec<JournalEntry>, StoreError> {
        self.backend
            .journal_at(seqs)?
            .iter()
            .map(|(_, text)| stored_entry(text))
            .collect()
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

    /// Copies `from`'s users (their hashes as they are) and journal into this store, then writes
    /// a snapshot. The journal goes over in batches, each in one transaction, the entries' text
    /// untouched. This store must hold no journal entry, or the start of `from`'s (a migration cut
    /// off, resumed); a user it holds already is kept as it is (a resumed migration copied it, or
    /// someone set its password here since). A source with no user and no entry is refused: it is
    /// more likely the wrong database than one worth copying.
    pub(crate) fn copy_from(&mut self, from: &Store) -> Result<Copied, StoreError> {
        let users = from.users()?;
        if users.is_empty() && from.backend.last_seq()? == 0 {
            return Err(StoreError::User(
                "--from holds no user and no journal entry: nothing to migrate (is it the right database?)"
                    .into(),
            ));
        }
        // A target that holds the start of the source's journal, text for text, is a migration
        // that was cut off: it goes on from there. Anything else is refused.
        let mut copied = 0;
        loop {
            let held = self.backend.journal_text(copied, 1_000)?;
            let Some(&(last, _)) = held.last() else {
                break;
            };
            let source = from.backend.journal_text(copied, 1_000)?;
            if source.get(..held.len()) != Some(&held[..]) {
                return Err(StoreError::User(format!(
                    "the target database holds a journal that is not the start of the source's (they differ by entry {}): migrate into an empty one",
                    copied + 1
                )));
            }
            copied = last;
        }
        let held: std::collections::HashSet<String> =
            self.users()?.into_iter().map(|(name, _, _)| name).collect();
        let mut outcome = Copied::default();
        for (name, hash, admin) in users {
            if held.contains(&name) {
                outcome.users_kept += 1;
            } else {
                self.backend.put_user(&name, &hash, admin)?;
                outcome.users_added += 1;
            }
        }
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
        outcome.last_seq = copied;
        Ok(outcome)
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
        let hash = crate::password::hash_password(password).map_err(StoreError::User)?;
        self.backend.put_user(name, &hash, budget_admin)
    }
}
