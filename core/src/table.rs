//! [`Table`]: records by id (or by key), kept in a vector sorted by id: the state's records,
//! and the engine's small dated maps (holidays, overrides, exchange rates).

use core::borrow::Borrow;
use core::fmt;

/// Records by id (`K`, `u64` unless the records are keyed by text), in ascending order: what a
/// `BTreeMap<K, V>` offers the state (lookups, inserts, removals, ordered iteration, the same
/// JSON), held in one sorted vector. Ids are handed out in increasing order, so inserting is
/// appending; and a vector costs the wasm package far less code per record type than a B-tree
/// (the wasm package's size budget, docs/performance.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table<V, K = u64> {
    rows: Vec<(K, V)>,
}

impl<V, K> Default for Table<V, K> {
    fn default() -> Self {
        Table { rows: Vec::new() }
    }
}

impl<V, K: Ord> Table<V, K> {
    /// An empty table.
    pub const fn new() -> Self {
        Table { rows: Vec::new() }
    }

    /// The records in id order, as `(id, record)` pairs: for range queries by `partition_point`.
    pub fn rows(&self) -> &[(K, V)] {
        &self.rows
    }

    /// The record `id`, to change, put there by `make` first if there was none.
    pub fn slot(&mut self, id: K, make: impl FnOnce() -> V) -> &mut V {
        let at = match self.find(&id) {
            Ok(at) => at,
            Err(at) => {
                self.rows.insert(at, (id, make()));
                at
            }
        };
        &mut self.rows[at].1
    }

    fn find<Q: Ord + ?Sized>(&self, id: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.rows.binary_search_by(|(key, _)| key.borrow().cmp(id))
    }

    /// The record `id`.
    pub fn get<Q: Ord + ?Sized>(&self, id: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(id).ok().map(|at| &self.rows[at].1)
    }

    /// The record `id`, to change.
    pub fn get_mut<Q: Ord + ?Sized>(&mut self, id: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        match self.find(id) {
            Ok(at) => Some(&mut self.rows[at].1),
            Err(_) => None,
        }
    }

    /// Whether there is a record `id`.
    pub fn contains_key<Q: Ord + ?Sized>(&self, id: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(id).is_ok()
    }

    /// Puts `value` as record `id`; the record it replaces, if any.
    pub fn insert(&mut self, id: K, value: V) -> Option<V> {
        if self.rows.last().is_none_or(|(last, _)| *last < id) {
            self.rows.push((id, value));
            return None;
        }
        match self.find(&id) {
            Ok(at) => Some(core::mem::replace(&mut self.rows[at].1, value)),
            Err(at) => {
                self.rows.insert(at, (id, value));
                None
            }
        }
    }

    /// Takes record `id` out.
    pub fn remove<Q: Ord + ?Sized>(&mut self, id: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.find(id).ok().map(|at| self.rows.remove(at).1)
    }

    /// Keeps only the records `keep` says yes to.
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        self.rows.retain_mut(|(id, value)| keep(id, value));
    }

    /// How many records there are.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The ids and records, by id.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> {
        self.rows.iter().map(|(id, value)| (id, value))
    }

    /// The ids and records, by id, to change.
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&K, &mut V)> {
        self.rows.iter_mut().map(|(id, value)| (&*id, value))
    }

    /// The records, by id.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> {
        self.rows.iter().map(|(_, value)| value)
    }

    /// The records, by id, to change.
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> {
        self.rows.iter_mut().map(|(_, value)| value)
    }

    /// Changes, by `change`, the records `matches` picks (the state's tables on the server
    /// copy only the chunks that hold one: `state::SharedTable`).
    pub fn update_where(&mut self, matches: impl Fn(&V) -> bool, mut change: impl FnMut(&mut V)) {
        self.values_mut()
            .filter(|value| matches(value))
            .for_each(&mut change);
    }

    /// The `(id, record)` pairs, by id.
    pub fn into_rows(self) -> Vec<(K, V)> {
        self.rows
    }
}

/// `table[&id]`, for ids known to be there (as with a map, a missing one is a bug and panics).
impl<V, K: Ord + Borrow<Q>, Q: Ord + fmt::Debug + ?Sized> core::ops::Index<&Q> for Table<V, K> {
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
impl<V: serde::Serialize, K: serde::Serialize + Ord> serde::Serialize for Table<V, K> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

/// Read from a JSON object keyed by id; a repeated id keeps its last record, as a map does.
impl<'de, V, K> serde::Deserialize<'de> for Table<V, K>
where
    V: serde::Deserialize<'de>,
    K: serde::Deserialize<'de> + Ord,
{
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Visits the entries of the object into a table.
        struct Entries<V, K>(core::marker::PhantomData<(V, K)>);

        impl<'de, V, K> serde::de::Visitor<'de> for Entries<V, K>
        where
            V: serde::Deserialize<'de>,
            K: serde::Deserialize<'de> + Ord,
        {
            type Value = Table<V, K>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("records by id")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut table = Table::new();
                while let Some((id, record)) = map.next_entry()? {
                    table.insert(id, record);
                }
                Ok(table)
            }
        }

        deserializer.deserialize_map(Entries(core::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn a_table_behaves_as_a_btree_map_and_reads_and_writes_the_same_json() {
        let mut table = Table::new();
        let mut map = BTreeMap::new();
        // Appends, inserts in the middle, replacements and removals, as a map does them.
        for (step, id) in [5u64, 9, 1, 7, 9, 3, 12, 1].into_iter().enumerate() {
            assert_eq!(table.insert(id, step), map.insert(id, step));
        }
        for id in [7u64, 4, 12] {
            assert_eq!(table.remove(&id), map.remove(&id));
        }
        table.retain(|id, value| {
            *value += 1;
            *id != 3
        });
        map.retain(|id, value| {
            *value += 1;
            *id != 3
        });
        assert_eq!(
            table.iter().collect::<Vec<_>>(),
            map.iter().collect::<Vec<_>>()
        );
        assert_eq!(table.get(&9), map.get(&9));
        assert_eq!(table.get(&4), None);
        assert!(table.contains_key(&5) && !table.contains_key(&6));
        assert_eq!(table.len(), map.len());
        let json = crate::json::to_json(&table);
        assert_eq!(json, serde_json::to_string(&map).unwrap());
        let back: Table<usize> = crate::json::from_json(json.as_bytes()).unwrap();
        assert_eq!(back, table);
        // Out of order and repeated ids read as a map reads them: sorted, the last one kept.
        let unordered = r#"{"9":1,"2":2,"9":3}"#;
        let read: Table<u32> = crate::json::from_json(unordered.as_bytes()).unwrap();
        let want: BTreeMap<u64, u32> = serde_json::from_str(unordered).unwrap();
        assert_eq!(
            read.iter().collect::<Vec<_>>(),
            want.iter().collect::<Vec<_>>()
        );
    }
}
