//! The rules that check a change against the rest of the state before the use case applies it:
//! a folio stays computable (`computable`, S5.6), references name live records (`references`,
//! S6.10), custom-field values fit their folio's definitions (`custom_fields`, S7.4), an actual item
//! realises a planned item of its folio (`realises`, S9.12).
//!
//! Each rule reads the state and decides; none changes it (the state changes only by its
//! commands, `crate::state`). They are methods of [`State`](crate::state::State) written here, so
//! that a use case asks `state.check_folio_references(..)` while the state's own module holds only
//! its records, its journal and what it keeps to answer fast (the kept books, the history index).

mod computable;
mod custom_fields;
mod realises;
mod references;

pub use computable::{MissingRate, RateNeeded};
pub use custom_fields::{check_definition, CustomFieldError, FieldHolder, MAX_DEFINITIONS};
pub use realises::{Realisable, RealisesError};
pub use references::{ReferenceError, Referenced};
