//! Basic credentials of the budgeting interface and the authorize page (S11.4): verified outside
//! every lock the service holds, with the same work for a known and an unknown user name, a cache
//! that a changed password, a removed admin flag or a removed user invalidates at once, and
//! throttling of failed attempts per user name and per address (a clear 429).

use std::collections::HashMap;
use std::net::IpAddr;
#[cfg(test)]
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use costfolio::usecase::credentials::hash_secret;

use crate::password::{argon2_matches, hash_password};
use crate::store::{Store, StoreError};

/// Failed attempts one user name may make within [`WINDOW`] before it is throttled.
pub(crate) const FAILURES_PER_USER: u32 = 20;
/// Failed attempts one address may make within [`WINDOW`] before it is throttled.
pub(crate) const FAILURES_PER_ADDRESS: u32 = 10;
/// The window failed attempts are counted over, and how long a throttled name or address waits.
pub(crate) const WINDOW: Duration = Duration::from_secs(60);
/// The longest a sign-in waits for a hashing slot before it is answered 429.
pub(crate) const QUEUE_WAIT: Duration = Duration::from_secs(2);
/// The most verified credentials kept; past it the cache starts anew.
const CACHE_ENTRIES: usize = 10_000;
/// The most names and addresses whose failures are tracked; past it the expired windows go, and
/// then the addresses' (the names' stay).
const TRACKED: usize = 100_000;

/// Who a credential belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Verified {
    /// The user name.
    pub user: String,
    /// Whether the user is a budget administrator now.
    pub budget_admin: bool,
    /// The stored hash the password was verified against: a sign-in checks, once its session is
    /// opened, that it is still the user's (a password changed meanwhile closes that session).
    pub hash: String,
}

/// Why a credential was not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Malformed, unknown user or wrong password: a 401.
    Wrong,
    /// Too many failed attempts for this name or address: a 429, to retry after this many seconds.
    Throttled(u64),
    /// Every hashing slot stayed busy for [`QUEUE_WAIT`]: a 429, to retry in a second.
    Busy,
    /// The user table could not be read: a 503 when the database is away (`away`), else a 500.
    Storage {
        /// What failed.
        detail: String,
        /// Whether the database was away (try again) rather than wrong.
        away: bool,
    },
}

/// How old the copy of the user table may be: at most this long after the command line changes a
/// password or an admin flag, the change counts. Reading the table at every request would put a
/// SQLite read beside every concurrent commit, whose busy waits cost the reads their tail.
pub(crate) const FRESHNESS: Duration = Duration::from_millis(100);

/// The user table, kept in memory and read again when the database says it changed (SQLite's
/// `data_version`), or at most every [`FRESHNESS`] when it cannot say (PostgreSQL).
struct Users {
    store: Store,
    rows: HashMap<String, (String, bool)>,
    /// SQLite's `data_version` when the rows were read: it changes when another connection
    /// commits.
    version: Option<i64>,
    checked: Option<Instant>,
    /// When the database was last found away, and what it said.
    away: Option<(Instant, String)>,
}

impl Users {
    fn refresh(&mut self) -> Result<(), StoreError> {
        if self.checked.is_some_and(|at| at.elapsed() < FRESHNESS) {
            return Ok(());
        }
        // A database found away is not asked again for FRESHNESS: the requests meanwhile are
        // refused at once rather than each waiting on it, one after another.
        if let Some((at, error)) = &self.away {
            if at.elapsed() < FRESHNESS {
                return Err(StoreError::Unavailable(error.clone()));
            }
        }
        let looked = self.look();
        self.away = match &looked {
            Err(StoreError::Unavailable(error)) => Some((Instant::now(), error.clone())),
            _ => None,
        };
        looked
    }

    fn look(&mut self) -> Result<(), StoreError> {
        let version = self.store.change_marker()?;
        if version.is_none() || self.version != version {
            self.rows = self
                .store
                .users()?
                .into_iter()
                .map(|(name, hash, admin)| (name, (hash, admin)))
                .collect();
            self.version = version;
        }
        self.checked = Some(Instant::now());
        Ok(())
    }
}

/// The refusal for a user table that could not be read.
fn storage(error: StoreError) -> Refusal {
    Refusal::Storage {
        away: matches!(error, StoreError::Unavailable(_)),
        detail: error.to_string(),
    }
}

/// Failed attempts of one name or address in the current window.
#[derive(Debug, Clone, Copy)]
struct Failures {
    since: Instant,
    count: u32,
}

/// The verifier: its own connection to the user table, the cache and the failure counts, each
/// behind its own short lock, never held while a hash is computed.
pub(crate) struct Credentials {
    users: Mutex<Users>,
    /// Verified credentials by SHA-256 of the whole header, with the stored hash they were
    /// verified against: a changed password no longer matches it.
    cache: Mutex<HashMap<String, (String, String)>>,
    failures: Mutex<HashMap<String, Failures>>,
    /// A hash of a random password, verified against when the name is unknown, so that an
    /// unknown name costs what a known one does.
    decoy: String,
    /// Hashes being computed now, at most [`Credentials::slots`] at once: each takes ~19 MiB and
    /// a core for ~20 ms, so concurrent guesses cannot take the machine's memory or every core.
    hashing: (Mutex<usize>, std::sync::Condvar),
    slots: usize,
}

impl Credentials {
    /// A verifier over the user table of the database at `path`.
    #[cfg(test)]
    pub(crate) fn open(path: &Path) -> Result<Credentials, StoreError> {
        Credentials::over(Store::open(path)?)
    }

    /// A verifier over the user table of `store` (a connection of its own).
    pub(crate) fn over(users: Store) -> Result<Credentials, StoreError> {
        let mut random = [0u8; 32];
        getrandom::fill(&mut random)
            .map_err(|e| StoreError::User(format!("no randomness: {e}")))?;
        let decoy = hash_password(&costfolio::usecase::credentials::token_text(&random))
            .map_err(StoreError::User)?;
        Ok(Credentials {
            users: Mutex::new(Users {
                store: users,
                rows: HashMap::new(),
                version: None,
                checked: None,
                away: None,
            }),
            cache: Mutex::new(HashMap::new()),
            failures: Mutex::new(HashMap::new()),
            decoy,
            hashing: (Mutex::new(0), std::sync::Condvar::new()),
            slots: std::thread::available_parallelism().map_or(1, |n| n.get()),
        })
    }

    /// The user of an `Authorization: Basic ...` header sent from `address`.
    pub(crate) fn basic(&self, header: &str, address: Option<IpAddr>) -> Result<Verified, Refusal> {
        let encoded = header
            .strip_prefix("Basic ")
            .or_else(|| header.strip_prefix("basic "))
            .ok_or(Refusal::Wrong)?;
        let decoded = decode_base64(encoded.trim())
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .ok_or(Refusal::Wrong)?;
        let (name, password) = decoded.split_once(':').ok_or(Refusal::Wrong)?;
        self.verify(name, password, address, Some(&hash_secret(header)))
    }

    /// Whether `password` is `name`'s; `cache_key` names the credential in the cache.
    pub(crate) fn verify(
        &self,
        name: &str,
        password: &str,
        address: Option<IpAddr>,
        cache_key: Option<&str>,
    ) -> Result<Verified, Refusal> {
        let row = self.row(name).map_err(storage)?;
        // A credential verified before against the hash still stored: no hash to compute, and
        // no throttle (it proves the password), so guessers elsewhere do not lock it out.
        if let (Some(key), Some((hash, admin))) = (cache_key, &row) {
            let cached = lock(&self.cache).get(key).cloned();
            if cached.is_some_and(|(user, known)| user == name && known == *hash) {
                return Ok(Verified {
                    user: name.to_owned(),
                    budget_admin: *admin,
                    hash: hash.clone(),
                });
            }
        }
        let keys = attempt_keys(&format!("user:{name}"), address);
        let hash = row.as_ref().map_or(self.decoy.as_str(), |(hash, _)| hash);
        if !self.attempt(&keys, || argon2_matches(hash, password))? {
            return Err(Refusal::Wrong);
        }
        match row {
            Some((hash, admin)) => {
                if let Some(key) = cache_key {
                    let mut cache = lock(&self.cache);
                    if cache.len() >= CACHE_ENTRIES {
                        cache.clear();
                    }
                    cache.insert(key.to_owned(), (name.to_owned(), hash.clone()));
                }
                Ok(Verified {
                    user: name.to_owned(),
                    budget_admin: admin,
                    hash,
                })
            }
            // Matched the decoy: impossible but for a guess of its random password.
            None => Err(Refusal::Wrong),
        }
    }

    /// Runs `verify` (a slow hash) as one attempt of `keys`: refused when a key is throttled;
    /// counted as a failure before it runs, so that concurrent attempts see each other, and
    /// uncounted when it matches; run in one of the hashing slots, waiting at most
    /// [`QUEUE_WAIT`] for one.
    fn attempt(&self, keys: &[String], verify: impl FnOnce() -> bool) -> Result<bool, Refusal> {
        // Checked and counted in one critical section: concurrent attempts see each other.
        self.count_attempt(keys, Instant::now())?;
        let Some(slot) = HashingSlot::take(self) else {
            // Not hashed: not a failure of the name's owner.
            self.succeeded(keys);
            return Err(Refusal::Busy);
        };
        let matched = verify();
        drop(slot);
        if matched {
            self.succeeded(keys);
        }
        Ok(matched)
    }

    /// Whether `secret` is the secret of OAuth client `client`, whose stored salted hash is
    /// `stored` (`None` for an unknown client): verified here, outside every lock, throttled per
    /// client and per address as sign-ins are.
    pub(crate) fn client_secret(
        &self,
        client: &str,
        secret: &str,
        stored: Option<&str>,
        address: Option<IpAddr>,
    ) -> Result<(), Refusal> {
        let keys = attempt_keys(&format!("client:{client}"), address);
        // An unknown client costs what a known one does (the decoy), so timing tells nothing.
        let hash = stored.unwrap_or(&self.decoy);
        if self.attempt(&keys, || argon2_matches(hash, secret))? && stored.is_some() {
            Ok(())
        } else {
            Err(Refusal::Wrong)
        }
    }

    /// Whether `name` is a budget administrator now (for the user of a bearer token or a
    /// session); false for an unknown name. A user table that cannot be read is a refusal (503
    /// while the database is away): taken as "not an administrator", it would answer an
    /// administrator's change 403 while the database comes back.
    pub(crate) fn budget_admin(&self, name: &str) -> Result<bool, Refusal> {
        self.row(name)
            .map(|row| row.is_some_and(|(_, admin)| admin))
            .map_err(storage)
    }

    /// Whether `name` is a budget administrator now, as the planner's page shows it; false for an
    /// unknown name or an unreadable table.
    pub(crate) fn is_budget_admin(&self, name: &str) -> bool {
        self.row(name)
            .ok()
            .flatten()
            .is_some_and(|(_, admin)| admin)
    }

    /// The stored hash and admin flag of `name`, as the user table holds them at most
    /// [`FRESHNESS`] ago: a change by the command line counts within that.
    /// The hash stored for `name` now, read from the store (not from the copy kept for
    /// [`FRESHNESS`]): what a sign-in compares with the one it verified.
    pub(crate) fn current_hash(&self, name: &str) -> Result<Option<String>, Refusal> {
        let mut users = lock(&self.users);
        users.look().map_err(storage)?;
        Ok(users.rows.get(name).map(|(hash, _)| hash.clone()))
    }

    fn row(&self, name: &str) -> Result<Option<(String, bool)>, StoreError> {
        let mut users = lock(&self.users);
        users.refresh()?;
        Ok(users.rows.get(name).cloned())
    }

    /// Refuses an attempt of a throttled key; otherwise counts it as a failure of every key, all
    /// under one lock.
    fn count_attempt(&self, keys: &[String], now: Instant) -> Result<(), Refusal> {
        let mut failures = lock(&self.failures);
        for (key, limit) in keys.iter().zip([FAILURES_PER_USER, FAILURES_PER_ADDRESS]) {
            if let Some(seen) = failures.get(key) {
                let elapsed = now.duration_since(seen.since);
                if elapsed < WINDOW && seen.count >= limit {
                    return Err(Refusal::Throttled((WINDOW - elapsed).as_secs().max(1)));
                }
            }
        }
        if failures.len() >= TRACKED {
            failures.retain(|_, seen| now.duration_since(seen.since) < WINDOW);
        }
        if failures.len() >= TRACKED {
            // Still full of live windows (attempts from very many addresses): the addresses' go,
            // the names' stay, so that guessing one user's password stays throttled.
            failures.retain(|key, _| !key.starts_with("address:"));
        }
        for key in keys {
            let seen = failures.entry(key.clone()).or_insert(Failures {
                since: now,
                count: 0,
            });
            if now.duration_since(seen.since) >= WINDOW {
                *seen = Failures {
                    since: now,
                    count: 0,
                };
            }
            seen.count += 1;
        }
        Ok(())
    }

    /// Takes back the failure an attempt counted before it ran.
    fn succeeded(&self, keys: &[String]) {
        let mut failures = lock(&self.failures);
        for key in keys {
            if let Some(seen) = failures.get_mut(key) {
                seen.count = seen.count.saturating_sub(1);
            }
        }
    }
}

/// The failure counters an attempt counts in: the name's (by its hash, so that a long name costs
/// no memory) and the address's.
fn attempt_keys(name: &str, address: Option<IpAddr>) -> [String; 2] {
    [
        format!("name:{}", hash_secret(name)),
        address.map_or_else(|| "address:?".to_owned(), |a| format!("address:{a}")),
    ]
}

/// A hashing slot, given back when dropped (also when the hash panics).
struct HashingSlot<'c> {
    credentials: &'c Credentials,
}

impl<'c> HashingSlot<'c> {
    /// Waits at most [`QUEUE_WAIT`] for one of the slots; `None` when none came free.
    fn take(credentials: &'c Credentials) -> Option<HashingSlot<'c>> {
        let (busy, freed) = &credentials.hashing;
        let mut running = lock(busy);
        let deadline = Instant::now() + QUEUE_WAIT;
        while *running >= credentials.slots {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            running = freed
                .wait_timeout(running, left)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
        *running += 1;
        Some(HashingSlot { credentials })
    }
}

impl Drop for HashingSlot<'_> {
    fn drop(&mut self) {
        let (busy, freed) = &self.credentials.hashing;
        *lock(busy) -= 1;
        freed.notify_one();
    }
}

/// A lock whose data stays usable after a panic elsewhere: every value kept here is whole between
/// two statements, so a poisoned lock holds nothing half-written.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Standard base64 (with or without padding).
pub(crate) fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for &c in text.trim_end_matches('=').as_bytes() {
        buffer = (buffer << 6) | u32::from(value(c)?);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn basic(user: &str, password: &str) -> String {
        let text = format!("{user}:{password}");
        let table = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::from("Basic ");
        for chunk in text.as_bytes().chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(char::from(table[((n >> (18 - 6 * i)) & 63) as usize]));
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("costfolio-cred-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("t.db")
    }

    #[test]
    fn a_changed_password_or_admin_flag_takes_effect_at_the_next_request() {
        let db = scratch("change");
        let store = Store::open(&db).unwrap();
        store.add_user("ada", "first password", true).unwrap();
        let credentials = Credentials::open(&db).unwrap();
        let old = basic("ada", "first password");
        let first = credentials
            .basic(&old, None)
            .map(|v| (v.user, v.budget_admin));
        assert_eq!(first, Ok(("ada".into(), true)));
        // Cached now; a change of password makes the cached header wrong once the copy of the
        // user table is read again (at most FRESHNESS later).
        store.add_user("ada", "second password", false).unwrap();
        std::thread::sleep(FRESHNESS);
        assert_eq!(credentials.basic(&old, None), Err(Refusal::Wrong));
        let new = basic("ada", "second password");
        assert_eq!(
            credentials
                .basic(&new, None)
                .map(|v| (v.user, v.budget_admin)),
            Ok(("ada".into(), false)),
            "and the admin flag is read fresh"
        );
    }

    #[test]
    fn failed_attempts_are_throttled_per_address_while_a_known_credential_still_works() {
        let db = scratch("throttle");
        let store = Store::open(&db).unwrap();
        store.add_user("ada", "right password", false).unwrap();
        let credentials = Credentials::open(&db).unwrap();
        let good = basic("ada", "right password");
        credentials.basic(&good, None).unwrap();
        let attacker: IpAddr = "192.0.2.7".parse().unwrap();
        for attempt in 0..FAILURES_PER_ADDRESS {
            let guess = basic("ada", &format!("guess {attempt}"));
            assert_eq!(
                credentials.basic(&guess, Some(attacker)),
                Err(Refusal::Wrong)
            );
        }
        let guess = basic("ada", "one more guess");
        assert!(matches!(
            credentials.basic(&guess, Some(attacker)),
            Err(Refusal::Throttled(seconds)) if seconds > 0 && seconds <= 60
        ));
        // Even the right password is throttled from that address when not already verified...
        let other = basic("ada", "right password ");
        assert!(matches!(
            credentials.basic(&other, Some(attacker)),
            Err(Refusal::Throttled(_))
        ));
        // ...but the credential verified before still works, without a hash to compute.
        assert!(credentials.basic(&good, Some(attacker)).is_ok());
        assert!(credentials.basic(&good, None).is_ok());
    }

    #[test]
    fn concurrent_guesses_are_counted_before_they_are_hashed() {
        let db = scratch("race");
        let store = Store::open(&db).unwrap();
        store.add_user("ada", "right password", false).unwrap();
        let credentials = std::sync::Arc::new(Credentials::open(&db).unwrap());
        let attacker: IpAddr = "192.0.2.9".parse().unwrap();
        let start = std::sync::Arc::new(std::sync::Barrier::new(30));
        let guesses: Vec<_> = (0..30)
            .map(|i| {
                let (credentials, start) = (credentials.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    credentials.basic(&basic("ada", &format!("guess {i}")), Some(attacker))
                })
            })
            .collect();
        let answers: Vec<_> = guesses.into_iter().map(|g| g.join().unwrap()).collect();
        let hashed = answers
            .iter()
            .filter(|a| **a == Err(Refusal::Wrong))
            .count();
        let throttled = answers
            .iter()
            .filter(|a| matches!(a, Err(Refusal::Throttled(_)) | Err(Refusal::Busy)))
            .count();
        assert_eq!(hashed + throttled, 30, "{answers:?}");
        assert!(
            hashed <= FAILURES_PER_ADDRESS as usize,
            "{hashed} of 30 concurrent guesses were hashed"
        );
    }

    #[test]
    fn an_unknown_name_is_refused_like_a_wrong_password() {
        let db = scratch("unknown");
        let store = Store::open(&db).unwrap();
        store.add_user("ada", "right password", false).unwrap();
        let credentials = Credentials::open(&db).unwrap();
        assert_eq!(
            credentials.basic(&basic("nobody", "whatever1"), None),
            Err(Refusal::Wrong)
        );
        assert_eq!(
            credentials.basic(&basic("ada", "whatever1"), None),
            Err(Refusal::Wrong)
        );
        assert_eq!(credentials.basic("Basic !!!", None), Err(Refusal::Wrong));
        assert_eq!(credentials.basic("Bearer x", None), Err(Refusal::Wrong));
    }
}
