//! [`SharedTable`]: the state's records by id, in chunks shared copy-on-write.
//!
//! The server hands each read an `Arc` of the state, and a write made while a read holds it
//! changes a copy. With the records in one vector per kind that copy was the whole state: a
//! one-line expense written during a portfolio rollup cost 148-701 ms and every read waited for
//! it. Here a table is a vector of `Arc`ed chunks of at most [`MAX_CHUNK`] records: copying the
//! state copies one pointer per chunk, and a change copies only the chunk it touches, so a write
//! costs the same at ten folios and at a hundred thousand.
//!
//! The browser's wasm package has one thread and never shares its state between a reader and a
//! writer, so there the state keeps the plain [`Table`](crate::table::Table) (smaller code, the
//! same behaviour: the tests below hold this one to a `BTreeMap`, and `table.rs`'s hold `Table` to
//! one).

use core::borrow::Borrow;
use core::fmt;
use std::sync::Arc;

/// How many records a chunk holds when it is filled by appending (ids grow, so almost always);
/// an insert in the middle may grow a chunk to twice this before it is split.
const CHUNK: usize = 64;

/// The most records one chunk holds: a change copies at most this many.
const MAX_CHUNK: usize = 2 * CHUNK;

/// Records by id (`K`, `u64` unless keyed by text), in ascending order, with `Table`'s methods
/// and JSON (an object keyed by id), in chunks shared between copies until one is changed.
pub struct SharedTable<V, K = u64> {
    /// The records in id order, cut in chunks of 1 to [`MAX_CHUNK`] records (none empty).
    chunks: Vec<Arc<Vec<(K, V)>>>,
    /// How many records there are.
    len: usize,
}

impl<V, K> Clone for SharedTable<V, K> {
    /// Shares every chunk: one reference count each, no record copied.
    fn clone(&self) -> Self {
        SharedTable {
            chunks: self.chunks.clone(),
            len: self.len,
        }
    }
}

impl<V, K> Default for SharedTable<V, K> {
    fn default() -> Self {
        SharedTable {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<V: PartialEq, K: PartialEq> PartialEq for SharedTable<V, K> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len
            && self
                .chunks
                .iter()
                .flat_map(|chunk| chunk.iter())
                .eq(other.chunks.iter().flat_map(|chunk| chunk.iter()))
    }
}

impl<V: Eq, K: Eq> Eq for SharedTable<V, K> {}

impl<V: fmt::Debug, K: fmt::Debug> fmt::Debug for SharedTable<V, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(
                self.chunks
                    .iter()
                    .flat_map(|chunk| chunk.iter().map(|(k, v)| (k, v))),
            )
            .finish()
    }
}

impl<V, K: Ord> SharedTable<V, K> {
    /// An empty table.
    pub const fn new() -> Self {
        SharedTable {
            chunks: Vec::new(),
            len: 0,
        }
    }

    /// The chunk that holds `id` or would: the first whose last id is not below it (the number
    /// of chunks when `id` is above every id).
    fn chunk_of<Q: Ord + ?Sized>(&self, id: &Q) -> usize
    where
        K: Borrow<Q>,
    {
        self.chunks
            .partition_point(|chunk| chunk.last().is_some_and(|(last, _)| last.borrow() < id))
    }

    /// Where `id` is: its chunk and its place in it, or `None`.
    fn find<Q: Ord + ?Sized>(&self, id: &Q) -> Option<(usize, usize)>
    where
        K: Borrow<Q>,
    {
        let chunk = self.chunk_of(id);
        let rows = self.chunks.get(chunk)?;
        let at = rows
            .binary_search_by(|(key, _)| key.borrow().cmp(id))
            .ok()?;
        Some((chunk, at))
    }

    /// The record `id`.
    pub fn get<Q: Ord + ?Sized>(&self, id: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        let (chunk, at) = self.find(id)?;
        Some(&self.chunks[chunk][at].1)
    }
    /// Whether there is a record `id`.
    pub fn contains_key<Q: Ord + ?Sized>(&self, id: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(id).is_some()
    }
    /// How many records there are.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The ids and records, by id.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> {
        self.chunks
            .iter()
            .flat_map(|chunk| chunk.iter().map(|(id, value)| (id, value)))
    }
    /// The records, by id.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> {
        self.iter().map(|(_, value)| value)
    }
    /// How many chunks the records are cut in (for tests of the sharing).
    #[cfg(test)]
    fn chunk_count(&self) -> usize {
        self.chunks.len()
    }
    /// Whether this table is `other` unchanged: every chunk the same allocation (a table changed
    /// and changed back is not; that errs on the safe side).
    pub fn same_as(&self, other: &Self) -> bool {
        self.chunks.len() == other.chunks.len()
            && self
                .chunks
                .iter()
                .zip(&other.chunks)
                .all(|(mine, theirs)| Arc::ptr_eq(mine, theirs))
    }

    /// How many chunks this table shares with `other` (the same allocation): what a copy did
    /// not have to copy.
    #[cfg(test)]
    fn shared_chunks(&self, other: &Self) -> usize {
        self.chunks
            .iter()
            .filter(|mine| other.chunks.iter().any(|theirs| Arc::ptr_eq(mine, theirs)))
            .count()
    }
}

impl<V: Clone, K: Ord + Clone> SharedTable<V, K> {
    /// The record `id`, to change (its chunk copied first if another copy shares it).
    pub fn get_mut<Q: Ord + ?Sized>(&mut self, id: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        let (chunk, at) = self.find(id)?;
        Some(&mut Arc::make_mut(&mut self.chunks[chunk])[at].1)
    }

    /// Puts `value` as record `id`; the record it replaces, if any.
    pub fn insert(&mut self, id: K, value: V) -> Option<V> {
        let chunk = self.chunk_of(&id);
        let Some(shared) = self.chunks.get_mut(chunk) else {
            // Above every id: appended, to the last chunk while it has room.
            match self.chunks.last_mut() {
                Some(last) if last.len() < CHUNK => Arc::make_mut(last).push((id, value)),
                _ => {
                    let mut rows = Vec::with_capacity(CHUNK);
                    rows.push((id, value));
                    self.chunks.push(Arc::new(rows));
                }
            }
            self.len += 1;
            return None;
        };
        let rows = Arc::make_mut(shared);
        match rows.binary_search_by(|(key, _)| key.cmp(&id)) {
            Ok(at) => Some(core::mem::replace(&mut rows[at].1, value)),
            Err(at) => {
                rows.insert(at, (id, value));
                if rows.len() > MAX_CHUNK {
                    let tail = rows.split_off(CHUNK);
                    self.chunks.insert(chunk + 1, Arc::new(tail));
                }
                self.len += 1;
                None
            }
        }
    }

    /// Takes record `id` out.
    pub fn remove<Q: Ord + ?Sized>(&mut self, id: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        let (chunk, at) = self.find(id)?;
        let rows = Arc::make_mut(&mut self.chunks[chunk]);
        let (_, value) = rows.remove(at);
        if rows.is_empty() {
            self.chunks.remove(chunk);
        }
        self.len -= 1;
        Some(value)
    }

    /// Keeps only the records `keep` says yes to (every chunk copied that another copy shares).
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        for shared in &mut self.chunks {
            Arc::make_mut(shared).retain_mut(|(id, value)| keep(id, value));
        }
        self.chunks.retain(|chunk| !chunk.is_empty());
        self.len = self.chunks.iter().map(|chunk| chunk.len()).sum();
    }

    /// The ids and records, by id, to change (every chunk copied that another copy shares).
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&K, &mut V)> {
        self.chunks.iter_mut().flat_map(|chunk| {
            Arc::make_mut(chunk)
                .iter_mut()
                .map(|(id, value)| (&*id, value))
        })
    }

    /// The records, by id, to change (every chunk copied that another copy shares).
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> {
        self.iter_mut().map(|(_, value)| value)
    }

    /// Changes, by `change`, the records `matches` picks, copying only the chunks that hold one
    /// (a token revoked among a million copies one chunk, not the table).
    pub fn update_where(&mut self, matches: impl Fn(&V) -> bool, mut change: impl FnMut(&mut V)) {
        for shared in &mut self.chunks {
            if shared.iter().any(|(_, value)| matches(value)) {
                for (_, value) in Arc::make_mut(shared).iter_mut() {
                    if matches(value) {
                        change(value);
                    }
                }
            }
        }
    }
}

/// `table[&id]`, for ids known to be there (as with a map, a missing one is a bug and panics).
impl<V, K: Ord + Borrow<Q>, Q: Ord + fmt::Debug + ?Sized> core::ops::Index<&Q>
    for SharedTable<V, K>
{
    type Output = V;
    // Index's contract: a missing key panics, as a map's does; callers index only ids they
    // found in the table (`get` is the fallible look-up).
    #[allow(clippy::panic)]
    fn index(&self, id: &Q) -> &V {
        match self.get(id) {
            Some(value) => value,
            None => panic!("no record {id:?} in the table"),
        }
    }
}

/// Written as a JSON object keyed by id, as a `BTreeMap<K, V>` is (snapshots keep their form).
impl<V: serde::Serialize, K: serde::Serialize> serde::Serialize for SharedTable<V, K> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(
            self.chunks
                .iter()
                .flat_map(|chunk| chunk.iter().map(|(id, value)| (id, value))),
        )
    }
}

/// Read from a JSON object keyed by id; a repeated id keeps its last record, as a map does.
impl<'de, V, K> serde::Deserialize<'de> for SharedTable<V, K>
where
    V: serde::Deserialize<'de> + Clone,
    K: serde::Deserialize<'de> + Ord + Clone,
{
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let table: crate::table::Table<V, K> = serde::Deserialize::deserialize(deserializer)?;
        let mut shared = SharedTable::new();
        for (id, value) in table.into_rows() {
            shared.insert(id, value);
        }
        Ok(shared)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    #[derive(Debug, Clone)]
    enum Step {
        Insert(u16, u32),
        Remove(u16),
        Change(u16, u32),
        Retain(u16),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            4 => (0u16..600, any::<u32>()).prop_map(|(id, v)| Step::Insert(id, v)),
            2 => (0u16..600).prop_map(Step::Remove),
            1 => (0u16..600, any::<u32>()).prop_map(|(id, v)| Step::Change(id, v)),
            1 => (2u16..9).prop_map(Step::Retain),
        ]
    }

    proptest! {
        /// Any sequence of inserts (in order or not), removals, changes and retains leaves the
        /// table as a `BTreeMap` would be, with the same JSON; a copy taken in between keeps what
        /// it saw.
        #[test]
        fn a_shared_table_behaves_as_a_btree_map(steps in proptest::collection::vec(step(), 0..400)) {
            let mut table = SharedTable::new();
            let mut map = BTreeMap::new();
            let mut copies = Vec::new();
            for (n, step) in steps.into_iter().enumerate() {
                if n % 50 == 0 {
                    copies.push((table.clone(), map.clone()));
                }
                match step {
                    Step::Insert(id, v) => prop_assert_eq!(table.insert(id, v), map.insert(id, v)),
                    Step::Remove(id) => prop_assert_eq!(table.remove(&id), map.remove(&id)),
                    Step::Change(id, v) => {
                        if let Some(slot) = table.get_mut(&id) { *slot = v; }
                        if let Some(slot) = map.get_mut(&id) { *slot = v; }
                    }
                    Step::Retain(m) => {
                        table.retain(|id, _| id % m != 0);
                        map.retain(|id, _| id % m != 0);
                    }
                }
                prop_assert_eq!(table.len(), map.len());
            }
            prop_assert!(table.iter().eq(map.iter()));
            prop_assert!(table.iter().rev().eq(map.iter().rev()));
            for id in 0u16..600 {
                prop_assert_eq!(table.get(&id), map.get(&id));
            }
            prop_assert!(table.chunks.iter().all(|c| !c.is_empty() && c.len() <= MAX_CHUNK));
            prop_assert_eq!(crate::json::to_json(&table), serde_json::to_string(&map).unwrap());
            for (copy, seen) in copies {
                prop_assert!(copy.iter().eq(seen.iter()));
            }
        }
    }

    #[test]
    fn a_change_copies_one_chunk_and_shares_the_others() {
        let mut table = SharedTable::new();
        for id in 0u64..10_000 {
            table.insert(id, id.to_string());
        }
        let chunks = table.chunk_count();
        assert_eq!(chunks, 10_000 / CHUNK + 1);
        let reader = table.clone();
        assert_eq!(table.shared_chunks(&reader), chunks);
        // One record changed, one appended, one removed: three chunks of the writer's own.
        *table.get_mut(&5_000).unwrap() = "changed".into();
        table.insert(10_000, "new".into());
        table.remove(&17);
        assert_eq!(table.shared_chunks(&reader), chunks - 3);
        assert_eq!(reader.get(&5_000).map(String::as_str), Some("5000"));
        assert_eq!(reader.get(&17).map(String::as_str), Some("17"));
        assert_eq!(table.get(&5_000).map(String::as_str), Some("changed"));
        // A change of the records that match copies the chunks that hold one only.
        let mut tokens = reader.clone();
        tokens.update_where(|v| v == "9999", |v| v.push('!'));
        assert_eq!(tokens.shared_chunks(&reader), chunks - 1);
        assert_eq!(tokens.get(&9_999).map(String::as_str), Some("9999!"));
        // Read back from its JSON, it is the same table.
        let back: SharedTable<String> =
            crate::json::from_json(crate::json::to_json(&table).as_bytes()).unwrap();
        assert_eq!(back, table);
    }
}
