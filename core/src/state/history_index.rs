//! Which journal entries touched each record: the index a record's history and a
//! folio's activity are read through. The history itself is the journal's: this keeps only the
//! sequence numbers, derived from the commands as they are applied or replayed, so that a replica
//! replaying the journal answers the same history. Written in snapshots (a snapshot written before
//! it was kept has none: the history then starts at that snapshot).

use super::{Command, JournalEntry, SharedTable, State};

/// A kind of record whose changes are kept apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RecordKind {
    /// A folio (with its sharing).
    Folio,
    /// An expense.
    Expense,
    /// A position, with its allocation periods, rates and hours periods.
    Position,
    /// A portfolio.
    Portfolio,
    /// A baseline.
    Baseline,
    /// A custom-field definition.
    CustomField,
    /// The billed hours of a consulting revenue, by its position's id.
    BilledHours,
    /// The measurements of a folio's scope (S9.10), by the folio's id.
    Scope,
    /// A scenario of a folio (S15.1).
    Scenario,
}

impl RecordKind {
    /// Its name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            RecordKind::Folio => "folio",
            RecordKind::Expense => "expense",
            RecordKind::Position => "position",
            RecordKind::Portfolio => "portfolio",
            RecordKind::Baseline => "baseline",
            RecordKind::CustomField => "customField",
            RecordKind::BilledHours => "billedHours",
            RecordKind::Scope => "scope",
            RecordKind::Scenario => "scenario",
        }
    }

    const ALL: [RecordKind; 8] = [
        RecordKind::Folio,
        RecordKind::Expense,
        RecordKind::Position,
        RecordKind::Portfolio,
        RecordKind::Baseline,
        RecordKind::CustomField,
        RecordKind::BilledHours,
        RecordKind::Scope,
    ];
}

/// A record: its kind and id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RecordRef {
    /// Its kind.
    pub kind: RecordKind,
    /// Its id.
    pub id: u64,
}

/// Written `kind/id` (`expense/12`), so that it keys a JSON object.
impl serde::Serialize for RecordRef {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{}/{}", self.kind.name(), self.id))
    }
}

impl<'de> serde::Deserialize<'de> for RecordRef {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        let parsed = text.split_once('/').and_then(|(kind, id)| {
            let kind = RecordKind::ALL.into_iter().find(|k| k.name() == kind)?;
            Some(RecordRef {
                kind,
                id: id.parse().ok()?,
            })
        });
        parsed.ok_or_else(|| serde::de::Error::custom(format!("no record: {text}")))
    }
}

/// How many entries a sealed segment of a list holds.
const SEGMENT: usize = 256;

/// A list of entry numbers, in journal order, each once, shared in sealed segments: a state's
/// copy (a write made while reads hold the state) shares them, and adding to a list copies at
/// most its open tail and one pointer per segment, whatever the journal's length (a
/// write costs the same however much others did).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seqs {
    /// Full segments, each of [`SEGMENT`] entries.
    sealed: Vec<std::sync::Arc<[u64]>>,
    /// The last, open segment (fewer than [`SEGMENT`] entries).
    open: Vec<u64>,
}

impl Seqs {
    /// How many entries.
    pub fn len(&self) -> usize {
        self.sealed.len() * SEGMENT + self.open.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry at `index`, oldest first.
    pub fn get(&self, index: usize) -> Option<u64> {
        match self.sealed.get(index / SEGMENT) {
            Some(segment) => segment.get(index % SEGMENT).copied(),
            None => self.open.get(index - self.sealed.len() * SEGMENT).copied(),
        }
    }

    /// How many entries are below `seq` (they are in increasing order).
    pub fn count_below(&self, seq: u64) -> usize {
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let middle = low + (high - low) / 2;
            if self.get(middle).is_some_and(|at| at < seq) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        low
    }

    /// The entries from `start` to `end` (excluded), oldest first.
    pub fn range(&self, start: usize, end: usize) -> Vec<u64> {
        (start..end.min(self.len()))
            .filter_map(|index| self.get(index))
            .collect()
    }

    /// Adds `seq` at the end, unless it is the last already.
    fn push(&mut self, seq: u64) {
        let last = self.len().checked_sub(1).and_then(|at| self.get(at));
        if last == Some(seq) {
            return;
        }
        self.open.push(seq);
        if self.open.len() == SEGMENT {
            let sealed: std::sync::Arc<[u64]> = std::mem::take(&mut self.open).into();
            self.sealed.push(sealed);
        }
    }
}

/// Written as the plain list.
impl serde::Serialize for Seqs {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..self.len()).filter_map(|index| self.get(index)))
    }
}

impl<'de> serde::Deserialize<'de> for Seqs {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<u64>::deserialize(deserializer)?;
        let mut seqs = Seqs::default();
        for seq in list {
            seqs.push(seq);
        }
        Ok(seqs)
    }
}

/// One folio's part of the index: its activity (the entries that touched it or anything in it)
/// and each of its records' entries.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct FolioHistory {
    /// Its activity.
    activity: std::sync::Arc<Seqs>,
    /// Its records' entries (the folio's own included).
    records: SharedTable<std::sync::Arc<Seqs>, RecordRef>,
}

/// The journal entries that touched each record, and each folio's activity: the entries that
/// touched it or anything in it. Each list is in journal order, each entry once. The index is
/// nested by folio, and each list is behind its own `Arc` in sealed segments: a copy of the state
/// copies one pointer per chunk of folios, and a write copies one chunk of its folio's records
/// and the open segment of the lists it adds to, whatever the number of folios or the length of
/// the journal: a write costs the same however much others did.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HistoryIndex {
    /// By folio.
    folios: SharedTable<std::sync::Arc<FolioHistory>>,
    /// The records of no folio (portfolios), by record.
    others: SharedTable<std::sync::Arc<Seqs>, RecordRef>,
    /// Set on a state read from a snapshot written before the index was kept: it holds only the
    /// entries replayed since, until [`State::index_journal`] builds it from the whole journal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    missing: bool,
}

/// No entries.
static NONE: Seqs = Seqs {
    sealed: Vec::new(),
    open: Vec::new(),
};

/// Adds `seq` to `record`'s list in `table`.
fn push_to(table: &mut SharedTable<std::sync::Arc<Seqs>, RecordRef>, record: RecordRef, seq: u64) {
    match table.get_mut(&record) {
        Some(list) => std::sync::Arc::make_mut(list).push(seq),
        None => {
            let mut list = Seqs::default();
            list.push(seq);
            table.insert(record, std::sync::Arc::new(list));
        }
    }
}

impl HistoryIndex {
    /// The index of a snapshot that has none: to be built from the journal.
    pub(super) fn missing() -> HistoryIndex {
        HistoryIndex {
            missing: true,
            ..HistoryIndex::default()
        }
    }

    /// The entries that touched `record` of folio `folio` (`None` for a portfolio), oldest first.
    pub fn of(&self, record: RecordRef, folio: Option<u64>) -> &Seqs {
        let list = match folio {
            Some(folio) => self
                .folios
                .get(&folio)
                .and_then(|part| part.records.get(&record)),
            None => self.others.get(&record),
        };
        list.map_or(&NONE, |seqs| seqs)
    }

    /// The entries that touched folio `folio` or anything in it, oldest first.
    pub fn activity(&self, folio: u64) -> &Seqs {
        self.folios.get(&folio).map_or(&NONE, |part| &part.activity)
    }

    fn touch(&mut self, record: RecordRef, folio: Option<u64>, seq: u64) {
        let Some(folio) = folio else {
            push_to(&mut self.others, record, seq);
            return;
        };
        if self.folios.get(&folio).is_none() {
            self.folios
                .insert(folio, std::sync::Arc::new(FolioHistory::default()));
        }
        if let Some(part) = self.folios.get_mut(&folio) {
            let part = std::sync::Arc::make_mut(part);
            std::sync::Arc::make_mut(&mut part.activity).push(seq);
            push_to(&mut part.records, record, seq);
        }
    }
}

/// The records `command` changes, each with its folio when it has one, as `state` (which the
/// command was applied to) knows them.
pub(crate) fn records_of(
    state: &State,
    command: &Command,
    out: &mut Vec<(RecordRef, Option<u64>)>,
) {
    let record = |kind, id: u64| RecordRef { kind, id };
    match command {
        Command::Batch(commands) => {
            for command in commands {
                records_of(state, command, out);
            }
        }
        Command::PutFolio(folio) => {
            let id = folio.folio.id().get();
            out.push((record(RecordKind::Folio, id), Some(id)));
        }
        Command::PutPosition(row) => out.push((
            record(RecordKind::Position, row.record.id.get()),
            Some(row.header.folio_id.get()),
        )),
        Command::PutExpense(expense) => out.push((
            record(RecordKind::Expense, expense.id().get()),
            Some(expense.folio_id.get()),
        )),
        Command::PutBaseline(snapshot) => out.push((
            record(RecordKind::Baseline, snapshot.baseline.id.get()),
            Some(snapshot.baseline.folio_id.get()),
        )),
        Command::PutCustomField { folio, definition } => out.push((
            record(RecordKind::CustomField, definition.id().get()),
            Some(*folio),
        )),
        Command::PutBilledHours(billed) => out.push((
            record(RecordKind::BilledHours, billed.position),
            state
                .positions
                .get(&billed.position)
                .map(|row| row.header.folio_id.get()),
        )),
        Command::PutScope { folio, .. } => {
            out.push((record(RecordKind::Scope, *folio), Some(*folio)));
        }
        Command::PutPortfolio(portfolio) => {
            out.push((record(RecordKind::Portfolio, portfolio.id().get()), None))
        }
        Command::DeletePortfolio(id) => out.push((record(RecordKind::Portfolio, *id), None)),
        Command::PutScenario(scenario) => out.push((
            record(RecordKind::Scenario, scenario.id),
            Some(scenario.folio),
        )),
        Command::NameScenario { scenario, .. } => out.push((
            record(RecordKind::Scenario, *scenario),
            state.scenarios.get(scenario).map(|s| s.folio),
        )),
        Command::DeleteScenario { folio, scenario } => {
            out.push((record(RecordKind::Scenario, *scenario), Some(*folio)))
        }
        Command::ChangeScenario { scenario, .. } => out.push((
            record(RecordKind::Scenario, *scenario),
            state.scenarios.get(scenario).map(|s| s.folio),
        )),
        _ => {}
    }
}

impl State {
    /// Notes that the entry `seq`, just applied, made `command`.
    pub(super) fn note_touched(&mut self, command: &Command, seq: u64) {
        let mut records = Vec::new();
        records_of(self, command, &mut records);
        for (record, folio) in records {
            self.touched.touch(record, folio, seq);
        }
    }

    /// The journal entries that touched each record: what its history is read from.
    pub fn touched(&self) -> &HistoryIndex {
        &self.touched
    }

    /// Whether the index of touched entries must be built from the journal
    /// ([`State::index_journal`]): the state was read from a snapshot written before it was kept.
    pub fn touched_missing(&self) -> bool {
        self.touched.missing
    }

    /// Builds the index of touched entries afresh from `journal`, the whole journal up to this
    /// state, in order (a snapshot written before the index was kept).
    pub fn index_journal<'e>(&mut self, journal: impl IntoIterator<Item = &'e JournalEntry>) {
        self.touched = HistoryIndex::default();
        self.index_entries(journal);
    }

    /// Adds `entries` (the next ones of the journal, in order) to an index being built by
    /// [`State::index_journal`], so that a long journal is read a page at a time.
    pub fn index_entries<'e>(&mut self, entries: impl IntoIterator<Item = &'e JournalEntry>) {
        for entry in entries {
            if entry.seq <= self.seq {
                self.note_touched(&entry.command, entry.seq);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_written_as_its_kind_and_id_and_read_back() {
        for kind in RecordKind::ALL {
            let record = RecordRef { kind, id: 42 };
            let text = crate::json::to_json(&record);
            assert_eq!(text, format!("\"{}/42\"", kind.name()));
            let back: RecordRef = crate::json::from_json(text.as_bytes()).unwrap();
            assert_eq!(back, record);
        }
        assert!(crate::json::from_json::<RecordRef>(b"\"folder/1\"").is_err());
        assert!(crate::json::from_json::<RecordRef>(b"\"folio/x\"").is_err());
    }

    #[test]
    fn an_entry_is_listed_once_per_record() {
        let mut touched = HistoryIndex::default();
        let expense = RecordRef {
            kind: RecordKind::Expense,
            id: 3,
        };
        touched.touch(expense, Some(1), 5);
        touched.touch(expense, Some(1), 5);
        touched.touch(expense, Some(1), 9);
        assert_eq!(touched.of(expense, Some(1)).range(0, 10), vec![5, 9]);
        assert!(touched.of(expense, Some(2)).is_empty());
        assert_eq!(touched.activity(1).range(0, 10), vec![5, 9]);
        assert!(touched.activity(2).is_empty());
    }

    #[test]
    fn a_snapshot_without_the_index_has_it_built_from_the_journal() {
        let mut state = State::new();
        let folio: crate::model::budgeting::Folio = crate::model::from_json(
            br#"{"name":"F","description":"","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":0,"contingency":0,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#,
        )
        .unwrap();
        let record = super::super::FolioRecord {
            folio: super::super::Stored::new(crate::model::Id::new(1), folio),
            viewers: Vec::new(),
            editors: Vec::new(),
            scope: Vec::new(),
        };
        state.apply(Command::PutFolio(Box::new(record.clone())));
        state.apply(Command::PutFolio(Box::new(record)));
        let journal = state.take_journal();
        // The snapshot as written before the index was kept: without it.
        let mut old: crate::json::Value = serde_json::from_str(&state.snapshot()).unwrap();
        old.as_object_mut().unwrap().remove("touched");
        let mut read = State::from_snapshot(&old.to_string()).unwrap();
        assert!(read.touched_missing());
        assert!(read.touched().activity(1).is_empty());
        read.index_journal(&journal);
        assert!(!read.touched_missing());
        assert_eq!(read.touched(), state.touched());
        assert_eq!(read.touched().activity(1).range(0, 9), vec![1, 2]);
        // Written again, the snapshot holds the index and is not marked.
        assert!(!State::from_snapshot(&read.snapshot())
            .unwrap()
            .touched_missing());
    }

    #[test]
    fn a_long_list_is_sealed_in_segments_and_reads_back_whole() {
        let mut seqs = Seqs::default();
        for seq in (1..=1_000).map(|n| n * 3) {
            seqs.push(seq);
            seqs.push(seq);
        }
        assert_eq!(seqs.len(), 1_000);
        assert_eq!(seqs.sealed.len(), 3, "three full segments of 256");
        assert_eq!(seqs.get(0), Some(3));
        assert_eq!(seqs.get(999), Some(3_000));
        assert_eq!(seqs.get(1_000), None);
        assert_eq!(seqs.count_below(3), 0);
        assert_eq!(seqs.count_below(4), 1);
        assert_eq!(seqs.count_below(3_001), 1_000);
        assert_eq!(seqs.range(255, 258), vec![768, 771, 774]);
        // A copy shares the sealed segments.
        let copy = seqs.clone();
        assert!(std::sync::Arc::ptr_eq(&copy.sealed[0], &seqs.sealed[0]));
        let text = crate::json::to_json(&seqs);
        let back: Seqs = crate::json::from_json(text.as_bytes()).unwrap();
        assert_eq!(back, seqs);
    }
}
