//! The service's state as a store transaction changes it (`store::StateCell`).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

use costfolio::state::State;

use super::{read_lock, write_lock};
use crate::store::StateCell;

/// The service's state as a store transaction changes it: the write lock is taken only once the
/// transaction holds the journal, so reads go on while it waits for other writers (another
/// replica, the command line). A change that fails (or panics) marks the state stale before the
/// lock is let go, so no read answers from a state ahead of the database.
pub(super) struct Held<'a> {
    /// The service's state.
    pub(super) state: &'a RwLock<Arc<State>>,
    /// The service's mark of a state that may be ahead of the database.
    pub(super) stale: &'a AtomicBool,
}

impl StateCell for Held<'_> {
    fn seq(&self) -> u64 {
        read_lock(self.state).seq
    }

    fn with(&mut self, change: &mut dyn FnMut(&mut State) -> bool) {
        let mut state = write_lock(self.state);
        match catch_unwind(AssertUnwindSafe(|| change(Arc::make_mut(&mut state)))) {
            Ok(true) => {}
            Ok(false) => self.stale.store(true, Ordering::SeqCst),
            Err(panic) => {
                // Marked before the lock is let go, and let go before the panic goes on (to
                // `Service::change`, which rebuilds the state), so the lock is not poisoned.
                self.stale.store(true, Ordering::SeqCst);
                drop(state);
                std::panic::resume_unwind(panic);
            }
        }
    }

    /// A state read back after a failed change replaces this one only if this one is marked
    /// stale (it may hold what the database does not), or the fresh one is not behind it: a
    /// change that failed before it touched the state (a lock timeout) must not take back
    /// entries a read caught up with meanwhile, which were answered by another replica.
    fn reset(&mut self, fresh: State) {
        // Cleared while the lock is held, so that a read sees the state and the mark together.
        let mut state = write_lock(self.state);
        if self.stale.load(Ordering::SeqCst) || fresh.seq >= state.seq {
            *state = Arc::new(fresh);
            self.stale.store(false, Ordering::SeqCst);
        }
    }

    fn confirm(&mut self) {
        let _state = write_lock(self.state);
        self.stale.store(false, Ordering::SeqCst);
    }

    fn ahead(&mut self) {
        let _state = write_lock(self.state);
        self.stale.store(true, Ordering::SeqCst);
    }
}
