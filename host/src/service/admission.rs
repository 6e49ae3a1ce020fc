//! Heavy reads admitted by their weight: a day timeline of the largest folio, a
//! rollup of a hundred folios or the indicators of a hundred at once cost seconds of a core
//! each. Each read's weight (`costfolio::api::weight`, item-periods) is estimated before it runs;
//! a light one (under [`LIGHT`]) is not counted at all, so the common case pays nothing. A heavy
//! one runs when its user's heavy reads in flight and everyone's stay within their budgets
//! ([`PER_USER`], [`TOTAL`]; a user with none in flight, or a server with none, always gets one,
//! however heavy, counted as at most [`PER_USER`]). Otherwise it waits in a queue, at most
//! [`WAIT`]; past [`WAITING_PER_USER`] of the user's own waiting or [`WAITING`] in all, or when
//! its wait ends, it is refused: a 429 when the user's own heavy reads are in the way (in flight
//! or waiting), else a 503, both with `Retry-After`, in the interface's envelope. So one
//! user's heavy reads run one or two at a time, and another user's heavy read finds room.
//!
//! Plan imports are admitted by their own slots (one per user, two in all: `http::imports`) and
//! changes by the write rate (`quotas`).

use std::collections::HashMap;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use costfolio::api::{envelope, Response};

/// Below this weight a read is light: not counted (about 40 ms of a core).
pub(crate) const LIGHT: u64 = 1_000_000;
/// The weight of one user's heavy reads in flight (about 1.2 s of a core: one day timeline of
/// the largest folio the limits allow).
pub(crate) const PER_USER: u64 = 30_000_000;
/// How many users' worth of heavy reads run at once by default (`serve --heavy-reads`): one per
/// core of the machine this was measured on; light reads always run beside them.
pub(crate) const HEAVY_READS: u64 = 2;
/// The weight of everyone's heavy reads in flight, by default.
pub(crate) const TOTAL: u64 = HEAVY_READS * PER_USER;
/// How long a heavy read waits for room.
pub(crate) const WAIT: Duration = Duration::from_secs(10);
/// How many of one user's heavy reads may wait.
pub(crate) const WAITING_PER_USER: usize = 4;
/// How many heavy reads may wait in all.
pub(crate) const WAITING: usize = 32;

/// The budgets of heavy reads, shared by every request of the service.
pub(crate) struct Admission {
    limits: Limits,
    book: Mutex<Book>,
    freed: Condvar,
}

/// What the budgets are (the constants above, `serve --heavy-reads` scaling the total; tests use
/// smaller ones).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    pub(crate) light: u64,
    pub(crate) per_user: u64,
    pub(crate) total: u64,
    pub(crate) wait: Duration,
    pub(crate) waiting_per_user: usize,
    pub(crate) waiting: usize,
}

impl Limits {
    /// The server's limits.
    pub(crate) const SERVER: Limits = Limits {
        light: LIGHT,
        per_user: PER_USER,
        total: TOTAL,
        wait: WAIT,
        waiting_per_user: WAITING_PER_USER,
        waiting: WAITING,
    };

    /// The server's limits with room for `users` users' heavy reads at once (at least one),
    /// each user's own budget unchanged: `serve --heavy-reads`, raised with the machine's cores
    /// and memory (each such read holds up to a few hundred MB while it runs).
    pub(crate) fn with_heavy_reads(users: u64) -> Limits {
        Limits {
            total: PER_USER.saturating_mul(users.max(1)),
            ..Limits::SERVER
        }
    }

    /// How many users' worth of heavy reads run at once (`total` in `per_user`s).
    pub(crate) fn heavy_reads(&self) -> u64 {
        self.total / self.per_user.max(1)
    }

    /// The most heavy reads that can hold a thread at once: those in flight (each weighs
    /// `light` or more; one user's first, however heavy, counted as `per_user`) and those
    /// waiting. The server's blocking threads are this many more than its other work needs, so
    /// that admitted and waiting heavy reads never take the threads light reads and writes run on.
    pub(crate) fn most_held(&self) -> usize {
        let in_flight = self.total / self.light.max(1);
        usize::try_from(in_flight)
            .unwrap_or(usize::MAX)
            .saturating_add(self.waiting)
    }
}

/// The weights in flight and the reads waiting, by user.
#[derive(Default)]
struct Book {
    running: HashMap<String, u64>,
    total: u64,
    waiting: HashMap<String, usize>,
    waiting_total: usize,
}

impl Book {
    fn fits(&self, limits: &Limits, user: &str, weight: u64) -> bool {
        let mine = self.running.get(user).copied().unwrap_or(0);
        (mine == 0 || mine.saturating_add(weight) <= limits.per_user)
            && (self.total == 0 || self.total.saturating_add(weight) <= limits.total)
    }

    fn wait(&mut self, user: &str, by: isize) {
        let count = self.waiting.entry(user.to_owned()).or_default();
        *count = count.saturating_add_signed(by);
        if *count == 0 {
            self.waiting.remove(user);
        }
        self.waiting_total = self.waiting_total.saturating_add_signed(by);
    }
}

/// Why a heavy read was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// The user's own heavy reads fill their budget and queue (429).
    Yours,
    /// Everyone's heavy reads fill the server's (503).
    Busy,
}

/// A heavy read's place among those in flight; let go when dropped.
pub(crate) struct Admitted<'a> {
    admission: &'a Admission,
    user: String,
    weight: u64,
}

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        let mut book = self.admission.lock();
        if let Some(mine) = book.running.get_mut(&self.user) {
            *mine = mine.saturating_sub(self.weight);
            if *mine == 0 {
                book.running.remove(&self.user);
            }
        }
        book.total = book.total.saturating_sub(self.weight);
        drop(book);
        self.admission.freed.notify_all();
    }
}

impl Admission {
    /// The limits it admits by.
    pub(crate) fn limits(&self) -> Limits {
        self.limits
    }

    /// Budgets of `limits`, nothing in flight.
    pub(crate) fn new(limits: Limits) -> Admission {
        Admission {
            limits,
            book: Mutex::new(Book::default()),
            freed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Book> {
        // The book is consistent after every statement: a panic elsewhere leaves it usable.
        self.book.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Admits `user`'s read of `weight`: `None` for a light one (nothing to hold), its place
    /// for a heavy one (after waiting for room if need be), or why not.
    pub(crate) fn admit(&self, user: &str, weight: u64) -> Result<Option<Admitted<'_>>, Refused> {
        if weight < self.limits.light {
            return Ok(None);
        }
        let limits = self.limits;
        let weight = weight.min(limits.per_user);
        let mut book = self.lock();
        if !book.fits(&limits, user, weight) {
            // The user's own heavy reads (in flight or waiting) are in the way: 429; else
            // other users' are: 503.
            let why = |book: &Book| {
                if book.running.contains_key(user) || book.waiting.contains_key(user) {
                    Refused::Yours
                } else {
                    Refused::Busy
                }
            };
            if book.waiting.get(user).copied().unwrap_or(0) >= limits.waiting_per_user
                || book.waiting_total >= limits.waiting
            {
                return Err(why(&book));
            }
            book.wait(user, 1);
            let deadline = Instant::now() + limits.wait;
            while !book.fits(&limits, user, weight) {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    book.wait(user, -1);
                    return Err(why(&book));
                }
                book = self
                    .freed
                    .wait_timeout(book, left)
                    .unwrap_or_else(PoisonError::into_inner)
                    .0;
            }
            book.wait(user, -1);
        }
        *book.running.entry(user.to_owned()).or_default() += weight;
        book.total = book.total.saturating_add(weight);
        Ok(Some(Admitted {
            admission: self,
            user: user.to_owned(),
            weight,
        }))
    }
}

/// The answer to a heavy read that was not admitted, in `path`'s interface's envelope.
pub(crate) fn refusal(path: &str, refused: Refused) -> Response {
    let (status, words) = match refused {
        Refused::Yours => (
            429,
            "too many heavy reads of yours at once (day timelines, rollups, many folios' figures): wait for those in flight; try again in 2 s",
        ),
        Refused::Busy => (
            503,
            "the server is busy with other users' heavy reads; try again in 2 s",
        ),
    };
    let mut response = envelope(path, status, words);
    response
        .headers
        .push(("Retry-After".to_owned(), "2".to_owned()));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn limits(waiting_per_user: usize) -> Limits {
        Limits {
            light: 10,
            per_user: 100,
            total: 200,
            wait: Duration::from_millis(20),
            waiting_per_user,
            waiting: 3,
        }
    }

    #[test]
    fn light_reads_are_not_counted_and_one_heavy_read_always_runs() {
        let admission = Admission::new(limits(0));
        assert!(admission.admit("ada", 9).unwrap().is_none());
        // Heavier than the user's budget: it runs alone, counted as the budget.
        let giant = admission.admit("ada", 1_000).unwrap().unwrap();
        assert_eq!(giant.weight, 100);
        // ada's next heavy read is hers to wait for (no queue here): 429.
        assert_eq!(admission.admit("ada", 50).err(), Some(Refused::Yours));
        // Light ones still run.
        assert!(admission.admit("ada", 9).unwrap().is_none());
        // bob's heavy read finds room; a third user's does not while both fill the server.
        let bobs = admission.admit("bob", 100).unwrap().unwrap();
        assert_eq!(admission.admit("cy", 20).err(), Some(Refused::Busy));
        drop(giant);
        assert!(admission.admit("cy", 20).unwrap().is_some());
        drop(bobs);
        assert!(admission.lock().running.is_empty());
    }

    #[test]
    fn heavy_reads_scale_the_total_and_never_the_users_own_budget() {
        let quick = |users| Limits {
            wait: Duration::from_millis(20),
            waiting_per_user: 0,
            waiting: 0,
            ..Limits::with_heavy_reads(users)
        };
        assert_eq!(Limits::with_heavy_reads(HEAVY_READS).total, TOTAL);
        assert_eq!(Limits::with_heavy_reads(5).heavy_reads(), 5);
        assert_eq!(Limits::SERVER.most_held(), 60 + WAITING);
        assert_eq!(Limits::with_heavy_reads(0).total, PER_USER, "at least one");
        let admission = Admission::new(quick(3));
        let running: Vec<_> = ["ada", "bob", "cy"]
            .iter()
            .map(|user| admission.admit(user, PER_USER).unwrap().unwrap())
            .collect();
        // A fourth user's finds no room; each user's own budget is what it was.
        assert_eq!(admission.admit("dan", PER_USER).err(), Some(Refused::Busy));
        assert_eq!(admission.admit("ada", LIGHT).err(), Some(Refused::Yours));
        drop(running);
        // The default: two users' worth.
        let admission = Admission::new(Limits {
            total: TOTAL,
            ..quick(1)
        });
        let _ada = admission.admit("ada", PER_USER).unwrap().unwrap();
        let _bob = admission.admit("bob", PER_USER).unwrap().unwrap();
        assert_eq!(admission.admit("cy", PER_USER).err(), Some(Refused::Busy));
    }

    #[test]
    fn refusals_are_the_interfaces_envelopes_with_retry_after() {
        let budgeting = refusal("/budgets/1/folio/7/timeline", Refused::Yours);
        assert_eq!(budgeting.status, 429);
        assert_eq!(budgeting.header_value("Retry-After"), Some("2"));
        let body: serde_json::Value = serde_json::from_str(&budgeting.text()).unwrap();
        let words = body["errorMessages"][0].as_str().unwrap_or_default();
        assert!(words.contains("heavy reads of yours"), "{body}");
        let busy = refusal("/budgets/1/portfolio/3/indicators", Refused::Busy);
        assert_eq!(busy.status, 503);
        assert_eq!(busy.header_value("Retry-After"), Some("2"));
        assert!(
            busy.text().contains("other users' heavy reads"),
            "{}",
            busy.text()
        );
    }

    #[test]
    fn a_waiting_read_runs_when_room_is_freed_and_the_queue_is_bounded() {
        let admission = Arc::new(Admission::new(Limits {
            wait: Duration::from_secs(30),
            ..limits(1)
        }));
        let first = admission.admit("ada", 100).unwrap().unwrap();
        let waiter = std::thread::spawn({
            let admission = Arc::clone(&admission);
            move || {
                admission
                    .admit("ada", 60)
                    .map(|admitted| admitted.is_some())
            }
        });
        // Once the second read waits, ada's third finds her queue full.
        while admission.lock().waiting_total == 0 {
            std::thread::yield_now();
        }
        assert_eq!(admission.admit("ada", 60).err(), Some(Refused::Yours));
        drop(first);
        assert_eq!(waiter.join().unwrap(), Ok(true));
        let book = admission.lock();
        assert_eq!((book.total, book.waiting_total), (0, 0));
    }
}
