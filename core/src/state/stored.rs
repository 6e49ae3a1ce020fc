//! Records the state keeps with a required id: a wire type whose `id` is optional on the wire (a
//! create request has none) is stored only with one, so no code reads a missing id as 0.

use core::ops::Deref;

use crate::model::budgeting::{CustomFieldDefinition, Expense, Folio, OvertimeRule, Portfolio};
use crate::model::Id;

/// A wire record whose `id` is optional on the wire.
pub trait Identified {
    /// Its id, when it has one.
    fn id(&self) -> Option<Id>;
    /// Gives it `id`.
    fn set_id(&mut self, id: Id);
}

macro_rules! identified {
    ($($record:ty),*) => {$(
        impl Identified for $record {
            fn id(&self) -> Option<Id> {
                self.id
            }
            fn set_id(&mut self, id: Id) {
                self.id = Some(id);
            }
        }
    )*};
}

identified!(
    Expense,
    Folio,
    OvertimeRule,
    CustomFieldDefinition,
    Portfolio
);

/// A record as the state keeps it: the wire record with its id, which is required. Written as the
/// record is (the id among its fields); read so, refusing a record without an id (`id is
/// required`), so a journal or snapshot cannot store one under a made-up id.
///
/// ```
/// use costfolio::json::{from_json, to_json};
/// use costfolio::model::{budgeting::OvertimeRule, Id};
/// use costfolio::state::Stored;
///
/// let body = br#"{"name":"Nights","regularHours":8,"frequency":"DAILY","coefficient":1.5}"#;
/// let rule: OvertimeRule = from_json(body).unwrap();
/// let stored = Stored::new(Id::new(4), rule);
/// assert_eq!(stored.id(), Id::new(4));
/// assert_eq!(stored.id, Some(Id::new(4)), "the record itself carries it too");
/// let back: Stored<OvertimeRule> = from_json(to_json(&stored).as_bytes()).unwrap();
/// assert_eq!(back, stored);
///
/// let error = from_json::<Stored<OvertimeRule>>(body).unwrap_err();
/// assert_eq!(error.to_string(), "id is required");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored<T> {
    id: Id,
    record: T,
}

impl<T: Identified> Stored<T> {
    /// `record`, stored as `id` (its own `id` set to it).
    pub fn new(id: Id, mut record: T) -> Stored<T> {
        record.set_id(id);
        Stored { id, record }
    }

    /// Its id.
    pub fn id(&self) -> Id {
        self.id
    }

    /// The wire record.
    pub fn record(&self) -> &T {
        &self.record
    }

    /// Changes the record with `change`; its id stays what it was.
    pub fn update(&mut self, change: impl FnOnce(&mut T)) {
        change(&mut self.record);
        self.record.set_id(self.id);
    }

    /// The wire record, owned.
    pub fn into_record(self) -> T {
        self.record
    }
}

impl<T> Deref for Stored<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.record
    }
}

impl<T: serde::Serialize> serde::Serialize for Stored<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.record.serialize(serializer)
    }
}

/// A stored record must hold its id: one without is refused as a missing field.
impl<'de, T: serde::Deserialize<'de> + Identified> serde::Deserialize<'de> for Stored<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let record = T::deserialize(deserializer)?;
        match record.id() {
            Some(id) => Ok(Stored { id, record }),
            // Refused through `refuse`, so that the reader knows the refusal is of the record it
            // read last (serde_json places it only where a container around it gives up).
            None => Err(crate::json::refuse(MissingId)),
        }
    }
}

/// A stored record read without its id: worded as serde words a missing field.
#[derive(Debug, Clone, Copy)]
struct MissingId;

impl core::fmt::Display for MissingId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("missing field `id`")
    }
}

impl std::error::Error for MissingId {}
