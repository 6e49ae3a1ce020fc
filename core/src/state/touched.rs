//! Which journal entries touched each record (issue 35): the index a record's history and a
//! folio's activity are read through. The history itself is the journal's: this keeps only the
//! sequence numbers, derived from the commands as they are applied or replayed, so that a replica
//! replaying the journal answers the same history. Written in snapshots (a snapshot written before
//! it was kept has none: the history then starts at that snapshot).

use super::{Command, SharedTable, State};

/// A kind of record whose changes are kept apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RecordKind {
    /// A folio (with its sharing and scope).
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
        }
    }

    const ALL: [RecordKind; 7] = [
        RecordKind::Folio,
        RecordKind::Expense,
        RecordKind::Position,
        RecordKind::Portfolio,
        RecordKind::Baseline,
        RecordKind::CustomField,
        RecordKind::BilledHours,
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

/// The journal entries that touched each record, and each folio's activity: the entries that
/// touched it or anything in it. Each list is in journal order, each entry once.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Touched {
    /// By record.
    records: SharedTable<Vec<u64>, RecordRef>,
    /// By folio.
    activity: SharedTable<Vec<u64>>,
}

/// Adds `seq` at the end of `list`, unless it is there already.
fn push(list: &mut Vec<u64>, seq: u64) {
    if list.last() != Some(&seq) {
        list.push(seq);
    }
}

impl Touched {
    /// The entries that touched `record`, oldest first.
    pub fn of(&self, record: RecordRef) -> &[u64] {
        self.records.get(&record).map_or(&[], Vec::as_slice)
    }

    /// The entries that touched folio `folio` or anything in it, oldest first.
    pub fn activity(&self, folio: u64) -> &[u64] {
        self.activity.get(&folio).map_or(&[], Vec::as_slice)
    }

    fn touch(&mut self, record: RecordRef, folio: Option<u64>, seq: u64) {
        match self.records.get_mut(&record) {
            Some(list) => push(list, seq),
            None => {
                self.records.insert(record, vec![seq]);
            }
        }
        if let Some(folio) = folio {
            match self.activity.get_mut(&folio) {
                Some(list) => push(list, seq),
                None => {
                    self.activity.insert(folio, vec![seq]);
                }
            }
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
        Command::PutPortfolio(portfolio) => {
            out.push((record(RecordKind::Portfolio, portfolio.id().get()), None))
        }
        Command::DeletePortfolio(id) => out.push((record(RecordKind::Portfolio, *id), None)),
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
    pub fn touched(&self) -> &Touched {
        &self.touched
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
        let mut touched = Touched::default();
        let expense = RecordRef {
            kind: RecordKind::Expense,
            id: 3,
        };
        touched.touch(expense, Some(1), 5);
        touched.touch(expense, Some(1), 5);
        touched.touch(expense, Some(1), 9);
        assert_eq!(touched.of(expense), &[5, 9]);
        assert_eq!(touched.activity(1), &[5, 9]);
        assert!(touched.activity(2).is_empty());
    }
}
