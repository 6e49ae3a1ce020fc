//! A plan import computed apart from the writers' lock. Its use cases run on a copy of
//! the state taken without any lock (`State::compute_detached`), while others read and write; then,
//! inside the change's transaction, its commands are applied if nothing they depend on changed
//! meanwhile (`DetachedChange::fits`: the ids it gave still free, the shared records the same), in time
//! proportional to the document. If something did change, it is computed again on the state as
//! it has become, leaving room for the ids others keep giving; after [`ATTEMPTS`] tries it is
//! computed under the lock, as every change is, so it always ends.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use costfolio::api::{handle, Context, Request, Response};
use costfolio::state::{IdKind, Misfit};

use super::answers::failed;
use super::Service;

/// How many times an import is computed apart before it is computed under the lock.
pub(super) const ATTEMPTS: u32 = 3;

impl Service {
    /// Answers `request`, a change the core computes apart ([`costfolio::api::computed_apart`]).
    pub(super) fn change_apart(&self, request: &Request, context: &Context) -> Response {
        let path = request.path.as_str();
        let mut room: Vec<(IdKind, u64)> = Vec::new();
        for attempt in 1..=ATTEMPTS {
            let state = match self.settled(path) {
                Ok(shared) => Arc::clone(&shared),
                Err(failure) => return failure,
            };
            let computed = catch_unwind(AssertUnwindSafe(|| {
                state.compute_detached(&room, |copy| handle(copy, request, context))
            }));
            drop(state);
            let Ok(apart) = computed else {
                tracing::error!("a plan import failed while it was computed; nothing was changed");
                return failed(path);
            };
            if apart.is_empty() {
                // Refused (or nothing to change): the answer stands, nothing to store.
                return apart.answer;
            }
            let applied = self.change(path, |state| {
                apart.fits(state)?;
                Ok(apart.apply_to(state))
            });
            match applied {
                Err(failure) => return failure,
                Ok(Ok(answer)) => return answer,
                Ok(Err(Misfit::Ids(taken))) => {
                    tracing::info!(
                        attempt,
                        ?taken,
                        "an import's ids were given meanwhile; computed again"
                    );
                    // Twice as much room as others took meanwhile, and a little more.
                    room = taken
                        .into_iter()
                        .map(|(kind, taken)| (kind, taken.saturating_mul(2).saturating_add(8)))
                        .collect();
                }
                Ok(Err(Misfit::Shared(table))) => {
                    tracing::info!(
                        attempt,
                        table,
                        "records an import depends on changed meanwhile; computed again"
                    );
                }
            }
        }
        tracing::warn!(
            attempts = ATTEMPTS,
            "an import kept meeting other changes; computed under the writers' lock"
        );
        self.change(path, |state| handle(state, request, context))
            .unwrap_or_else(|refusal| refusal)
    }
}
