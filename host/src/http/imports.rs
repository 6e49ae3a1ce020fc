//! The slots in which large plan-import bodies are received: [`IMPORT_READERS`] in all,
//! at most one per user, granted only once the request's credentials are verified, so that a
//! client without them (or one user with several) cannot keep everyone else's imports out.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::limits::IMPORT_READERS;

/// The import slots every connection shares.
pub(crate) struct ImportSlots {
    permits: Arc<Semaphore>,
    holders: Arc<Mutex<HashSet<String>>>,
}

/// Why no slot was granted.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum NoSlot {
    /// Every slot is taken (by other users).
    AllTaken,
    /// The user is sending an import already.
    YoursTaken,
}

/// A slot held while one import's body is received and answered; freed when dropped.
pub(crate) struct ImportSlot {
    _permit: OwnedSemaphorePermit,
    user: String,
    holders: Arc<Mutex<HashSet<String>>>,
}

impl ImportSlots {
    /// [`IMPORT_READERS`] free slots.
    pub(crate) fn new() -> ImportSlots {
        ImportSlots {
            permits: Arc::new(Semaphore::new(IMPORT_READERS)),
            holders: Arc::new(Mutex::new(HashSet::new())),
        }
    }

    /// A slot for `user` (whose credentials were verified), unless they hold one or none is free.
    pub(crate) fn take(&self, user: &str) -> Result<ImportSlot, NoSlot> {
        let mut holders = self.holders.lock().unwrap_or_else(PoisonError::into_inner);
        if holders.contains(user) {
            return Err(NoSlot::YoursTaken);
        }
        let permit = Arc::clone(&self.permits)
            .try_acquire_owned()
            .map_err(|_| NoSlot::AllTaken)?;
        holders.insert(user.to_owned());
        Ok(ImportSlot {
            _permit: permit,
            user: user.to_owned(),
            holders: Arc::clone(&self.holders),
        })
    }
}

impl Drop for ImportSlot {
    fn drop(&mut self) {
        self.holders
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.user);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_slot_per_user_and_no_more_than_the_readers() {
        let slots = ImportSlots::new();
        let ada = slots.take("ada").ok();
        assert!(ada.is_some());
        assert_eq!(slots.take("ada").err(), Some(NoSlot::YoursTaken));
        let bob = slots.take("bob").ok();
        assert!(bob.is_some());
        assert_eq!(slots.take("carol").err(), Some(NoSlot::AllTaken));
        drop(ada);
        assert!(
            slots.take("ada").is_ok(),
            "freed when the import is answered"
        );
        drop(bob);
    }
}
