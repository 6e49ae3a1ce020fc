//! The folio books the service keeps between reads: a read of a folio that did not
//! change costs nothing again, and one changed item is recosted alone
//! ([`FolioBook::catch_up`]).
//!
//! A [`KeptBooks`] is shared by a state and every copy of it (a write made while reads hold the
//! state copies it), so a book outlives the state it was costed on; each book is stamped with the
//! state it last caught up with ([`Stamp`]), and is caught up again by content when read from
//! another. The books are bounded by their memory: past the budget, the least recently read ones
//! not being read are let go. Only the server keeps books: the wasm package builds one per
//! question (one thread, one user, and every byte of it downloaded).

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::analytics::FolioBook;

/// How many bytes of books the kept books keep by default (as [`FolioBook::footprint`] counts them):
/// the largest folio's (2,000 positions, 5,000 expenses over three years) with its monthly
/// ledgers counts about 8 MiB. Books being read are not let go: they can hold more by as
/// many books as reads run at once.
pub const KEPT_BOOKS_BYTES: usize = 256 << 20;

/// The budget new kept books start with: [`KEPT_BOOKS_BYTES`] unless the host set another
/// ([`keep_books_by_default`]).
static DEFAULT_BUDGET: AtomicUsize = AtomicUsize::new(KEPT_BOOKS_BYTES);

/// Sets about how many bytes of books all kept books made from now on keep, in this process
/// (`serve --kept-books-mib`). A server makes states in several places (at its start, a state read
/// back after a failed change, a replica catching up), each with kept books of its own, so the host
/// sets this once, before its first state; a shelf already made keeps its budget
/// ([`super::State::keep_books`] changes one). 0 keeps no book past its read.
pub fn keep_books_by_default(bytes: usize) {
    DEFAULT_BUDGET.store(bytes, Ordering::Relaxed);
}

/// Which state a book last caught up with: the state's lineage and its sequence number. Every
/// change to a state goes through `State::apply` or `State::replay`, which move the sequence
/// number on, and a copy of a state starts a lineage of its own, so two states with one stamp
/// hold the same records.
pub(crate) type Stamp = (u64, u64);

/// One state's lineage (module docs): a number no other state has, a new one for every copy.
#[derive(Debug)]
pub(crate) struct Lineage(u64);

/// The next lineage: a counter, neither clock nor randomness.
static NEXT_LINEAGE: AtomicU64 = AtomicU64::new(1);

impl Lineage {
    /// The lineage's number.
    pub(crate) fn get(&self) -> u64 {
        self.0
    }
}

impl Default for Lineage {
    fn default() -> Self {
        Lineage(NEXT_LINEAGE.fetch_add(1, Ordering::Relaxed))
    }
}

impl Clone for Lineage {
    /// A copy of a state is changed apart from it: a lineage of its own.
    fn clone(&self) -> Self {
        Lineage::default()
    }
}

impl PartialEq for Lineage {
    /// Two states are equal by their records, whatever their lineage.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Lineage {}

/// A folio's place on the shelf: its book, if one is kept, and the state it caught up with.
#[derive(Default)]
pub(crate) struct Slot {
    /// The book, as last caught up.
    pub(crate) book: Option<FolioBook>,
    /// The state it last caught up with.
    pub(crate) stamp: Option<Stamp>,
}

/// The books kept (module docs). Cloning shares them.
#[derive(Clone)]
pub(crate) struct KeptBooks {
    inner: Arc<Mutex<Inner>>,
    /// A folio whose book this state keeps under another key: a copy of the state whose folio's
    /// draft is a scenario's (S15.4) keeps that scenario's book, not the folio's.
    kept_as: Option<(u64, u64)>,
}

/// What a shelf holds: each folio's slot with its bytes and when it was last read.
struct Inner {
    slots: HashMap<u64, Held>,
    /// The folios by when they were last read, oldest first: what is let go first.
    order: BTreeMap<u64, u64>,
    bytes: usize,
    budget: usize,
    reads: u64,
}

/// One folio's slot on the shelf.
struct Held {
    slot: Arc<Mutex<Slot>>,
    bytes: usize,
    read: u64,
}

impl Default for KeptBooks {
    fn default() -> Self {
        KeptBooks::with_budget(DEFAULT_BUDGET.load(Ordering::Relaxed))
    }
}

impl PartialEq for KeptBooks {
    /// Books are what the records give: two states are equal by their records alone.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for KeptBooks {}

impl std::fmt::Debug for KeptBooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let inner = lock(&self.inner);
        f.debug_struct("KeptBooks")
            .field("books", &inner.slots.len())
            .field("bytes", &inner.bytes)
            .finish()
    }
}

/// A lock taken even when a reader panicked while holding it: what it guards is set right by its
/// user (a slot is emptied, the shelf's counts are estimates).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl KeptBooks {
    /// An empty shelf keeping at most about `budget` bytes of books.
    pub(crate) fn with_budget(budget: usize) -> KeptBooks {
        KeptBooks {
            inner: Arc::new(Mutex::new(Inner {
                slots: HashMap::new(),
                order: BTreeMap::new(),
                bytes: 0,
                budget,
                reads: 0,
            })),
            kept_as: None,
        }
    }

    /// The same shelf, folio `folio`'s book kept under `key` instead (a key no folio has: a
    /// scenario's, [`super::scenarios::shelf_key`]).
    pub(crate) fn keeping(&self, folio: u64, key: u64) -> KeptBooks {
        KeptBooks {
            inner: Arc::clone(&self.inner),
            kept_as: Some((folio, key)),
        }
    }

    /// Sets how many bytes of books the shelf keeps, letting go of books past it.
    pub(crate) fn set_budget(&self, budget: usize) {
        let mut inner = lock(&self.inner);
        inner.budget = budget;
        inner.evict();
    }

    /// How many books are kept and about how many bytes they hold.
    pub(crate) fn held(&self) -> (usize, usize) {
        let inner = lock(&self.inner);
        let books = inner.slots.values().filter(|held| held.bytes > 0).count();
        (books, inner.bytes)
    }

    /// Calls `f` with folio `folio`'s slot, which no one else uses meanwhile (another read of the
    /// same folio waits: it would cost the same ledgers), then counts the slot's bytes and lets
    /// go of the least recently read books past the budget.
    pub(crate) fn with<R>(&self, folio: u64, f: impl FnOnce(&mut Slot) -> R) -> R {
        let folio = match self.kept_as {
            Some((of, key)) if of == folio => key,
            _ => folio,
        };
        let slot = {
            let mut inner = lock(&self.inner);
            inner.reads += 1;
            let read = inner.reads;
            let held = inner.slots.entry(folio).or_insert_with(|| Held {
                slot: Arc::new(Mutex::new(Slot::default())),
                bytes: 0,
                read,
            });
            let before = std::mem::replace(&mut held.read, read);
            let slot = Arc::clone(&held.slot);
            inner.order.remove(&before);
            inner.order.insert(read, folio);
            slot
        };
        let (answer, bytes) = {
            let mut guard = match slot.lock() {
                Ok(guard) => guard,
                Err(poisoned) => {
                    // A read panicked midway: its book may be half changed, so it is let go.
                    slot.clear_poison();
                    let mut guard = poisoned.into_inner();
                    *guard = Slot::default();
                    guard
                }
            };
            let answer = f(&mut guard);
            let bytes = guard.book.as_ref().map_or(0, FolioBook::footprint);
            (answer, bytes)
        };
        let mut inner = lock(&self.inner);
        if let Some(held) = inner.slots.get_mut(&folio) {
            if Arc::ptr_eq(&held.slot, &slot) {
                let before = std::mem::replace(&mut held.bytes, bytes);
                inner.bytes = inner.bytes.saturating_sub(before) + bytes;
            }
        }
        drop(slot);
        // A folio with no book kept (its read was refused) keeps no place.
        let empty = inner
            .slots
            .get(&folio)
            .is_some_and(|held| held.bytes == 0 && Arc::strong_count(&held.slot) == 1);
        if empty {
            inner.remove(folio);
        }
        inner.evict();
        answer
    }
}

impl Inner {
    /// Lets go of the least recently read books no one is reading until the books kept fit the
    /// budget (a book being read is let go by a later read, if it still does not fit).
    fn evict(&mut self) {
        while self.bytes > self.budget {
            // Oldest first; those being read (held by a reader too) are skipped: at most as many
            // as reads run at once.
            let oldest = self.order.values().copied().find(|folio| {
                self.slots
                    .get(folio)
                    .is_some_and(|held| Arc::strong_count(&held.slot) == 1)
            });
            let Some(folio) = oldest else { break };
            self.remove(folio);
        }
    }

    /// Lets go of folio `folio`'s slot and its book.
    fn remove(&mut self, folio: u64) {
        if let Some(held) = self.slots.remove(&folio) {
            self.order.remove(&held.read);
            self.bytes = self.bytes.saturating_sub(held.bytes);
        }
    }
}
