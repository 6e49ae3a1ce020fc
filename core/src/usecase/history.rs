//! History from the journal (extensions.md): who changed a record, when, how (created,
//! updated, deleted, restored) and every changed field with its value before and after, newest
//! first and paged; and a folio's activity, every change to it and to anything in it. Read from
//! the journal the host keeps ([`JournalReader`]), through the state's index of the entries that
//! touched each record ([`crate::state::HistoryIndex`]): no second store of history, and a replica that
//! replayed the journal answers the same.
//!
//! A record's version at an entry is the record as that entry's command put it, as JSON with the
//! wire's field names; two versions are compared field by field, lists of parts with ids (rates,
//! allocation periods, hours periods, scope items) part by part.

use crate::json::Value;
use crate::model::messages::excerpt;
use crate::state::{Command, JournalEntry, JournalReader, RecordKind, RecordRef, Seqs, State};
use crate::value::UtcTimestamp;

use std::collections::{HashMap, HashSet};

pub use super::field_changes::FieldChange;
use super::field_changes::{diff, position_version};
use super::history_page::{batches, read_budget, Pager};
use super::{Access, Error, Queries, Result};

/// The most changes a page holds; the default is [`DEFAULT_HISTORY_PAGE`].
pub const MAX_HISTORY_PAGE: usize = 200;
/// The changes a page holds when the request does not say.
pub const DEFAULT_HISTORY_PAGE: usize = 50;

/// Which page of changes: at most `limit`, of the entries before `before` (the newest when
/// `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryPage {
    /// How many journal entries, at most (1 to [`MAX_HISTORY_PAGE`]).
    pub limit: usize,
    /// Only entries numbered below this.
    pub before: Option<u64>,
    /// Only changes made on or after this day (UTC): the changes since a date, newest first; the
    /// page ends at the first older one (what moved a figure since then).
    pub since: Option<crate::value::Date>,
}

/// What a change did to a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Action {
    /// It did not exist before.
    Created,
    /// It changed.
    Updated,
    /// It was deleted (marked, or for a portfolio removed).
    Deleted,
    /// Its deletion was undone.
    Restored,
}

/// The record a change of an activity is of.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ChangedRecord {
    /// Its kind: folio, expense, position, baseline, customField or billedHours.
    pub kind: &'static str,
    /// Its id (for billed hours, the position's).
    pub id: u64,
    /// Its name as the change left it (as it was, for a deletion), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// One change of a record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Change {
    /// The journal entry that made it.
    pub seq: u64,
    /// When (the request's time, UTC); null for an entry written before it was kept.
    pub at: Option<UtcTimestamp>,
    /// Who (the request's user); null when no one's request made it.
    pub user: Option<String>,
    /// What it did.
    pub action: Action,
    /// The record, in a folio's activity.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<ChangedRecord>,
    /// The fields it changed: for a creation, every field it set (none in an activity, whose
    /// records' own histories list them).
    pub fields: Vec<FieldChange>,
}

/// A page of changes, newest first, and the `before` of the next page (null on the last).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct History {
    /// The changes.
    pub changes: Vec<Change>,
    /// Where the next page starts.
    pub next: Option<u64>,
}

impl Queries<'_> {
    /// The history of `record` (a folio, expense, position or portfolio the caller may read;
    /// else the record's 404, as if it did not exist), read from `journal`, a page as S11.8
    /// bounds it.
    pub fn history(
        &self,
        record: RecordRef,
        page: HistoryPage,
        journal: &dyn JournalReader,
    ) -> Result<History> {
        let bytes = self.history_bytes(record, false, page, journal)?;
        let touched = self.state.touched().of(record, self.folio_of(record));
        let end = page
            .before
            .map_or(touched.len(), |before| touched.count_below(before));
        let mut pager = Pager::new(page.limit, page.since, read_budget(bytes));
        for (start, end) in batches(end) {
            // Each change is read against the version before it: the entry before the batch's
            // oldest too.
            let wanted = touched.range(start.saturating_sub(1), end);
            let entries = read(journal, &wanted, &mut pager)?;
            for index in (start..end).rev() {
                let Some(entry) = touched.get(index).and_then(|seq| entries.get(&seq)) else {
                    continue;
                };
                if !pager.will_look_at(entry.author.as_ref().map(|author| author.at)) {
                    break;
                }
                let previous = index
                    .checked_sub(1)
                    .and_then(|before| touched.get(before))
                    .and_then(|seq| entries.get(&seq));
                let change = change_of(record, entry, previous, false, &|value| {
                    self.scrub(record, value)
                })
                // A change of what the caller may not see (a hidden folio joining a portfolio)
                // leaves nothing to show: it is not shown, not even its time (S11.8).
                .filter(|change| change.action != Action::Updated || !change.fields.is_empty());
                if !pager.offer(entry.seq, change.into_iter().collect()) {
                    break;
                }
            }
            if pager.is_done() {
                break;
            }
        }
        let (changes, next) = pager.into_page();
        Ok(History { changes, next })
    }

    /// Every change to folio `folio` and to anything in it (its expenses, positions, baselines,
    /// custom fields, billed hours), newest first, a page as S11.8 bounds it: an entry that
    /// changed many records (a plan import) gives one change for each, on one page.
    pub fn activity(
        &self,
        folio: u64,
        page: HistoryPage,
        journal: &dyn JournalReader,
    ) -> Result<History> {
        let record = RecordRef {
            kind: RecordKind::Folio,
            id: folio,
        };
        let bytes = self.history_bytes(record, true, page, journal)?;
        let touched = self.state.touched();
        let entries_of_folio = touched.activity(folio);
        let end = page.before.map_or(entries_of_folio.len(), |before| {
            entries_of_folio.count_below(before)
        });
        let mut pager = Pager::new(page.limit, page.since, read_budget(bytes));
        for (start, end) in batches(end) {
            let seqs = entries_of_folio.range(start, end);
            let entries = read(journal, &seqs, &mut pager)?;
            // Each entry's records of the folio, and the entries that changed each of them last
            // before it: read in one go.
            let mut records_of = HashMap::new();
            let mut before = Vec::new();
            for entry in entries.values() {
                let mut records = Vec::new();
                records_in(self.state, &entry.command, folio, &mut records);
                // A record an entry changed twice (an import's folio, then its scope) once.
                let mut seen = HashSet::new();
                records.retain(|record| seen.insert(*record));
                before.extend(records.iter().filter_map(|record| {
                    earlier(touched.of(*record, Some(folio)), Some(entry.seq))
                }));
                records_of.insert(entry.seq, records);
            }
            before.sort_unstable();
            before.dedup();
            let previous = read(journal, &before, &mut pager)?;
            let previous: HashMap<u64, _> = previous
                .iter()
                .map(|(seq, entry)| (*seq, last_commands(&entry.command)))
                .collect();
            for seq in seqs.iter().rev() {
                let (Some(entry), Some(records)) = (entries.get(seq), records_of.get(seq)) else {
                    continue;
                };
                if !pager.will_look_at(entry.author.as_ref().map(|author| author.at)) {
                    break;
                }
                let commands = last_commands(&entry.command);
                let changes: Vec<Change> = records
                    .iter()
                    .filter_map(|record| {
                        let command = commands.get(record)?;
                        let was = earlier(touched.of(*record, Some(folio)), Some(entry.seq))
                            .and_then(|seq| previous.get(&seq))
                            .and_then(|commands| commands.get(record).copied());
                        change_in(*record, entry, command, was, true, &|_| {})
                    })
                    .collect();
                if !pager.offer(entry.seq, changes) {
                    break;
                }
            }
            if pager.is_done() {
                break;
            }
        }
        let (changes, next) = pager.into_page();
        Ok(History { changes, next })
    }

    /// What a page of `record`'s history (of its folio's activity, when `activity`) reads of the
    /// journal when nothing on it is passed over, in bytes as stored (S11.8): the entries it may
    /// show and, for a history, the version before the oldest; for an activity twice its
    /// entries (each record's version before is in another entry). The record's 404 first, as
    /// the history's; what a page is weighed by (`api::weight`) and may read (its budget, at
    /// least 1 MiB).
    pub fn history_bytes(
        &self,
        record: RecordRef,
        activity: bool,
        page: HistoryPage,
        journal: &dyn JournalReader,
    ) -> Result<usize> {
        self.may_read_history(record)?;
        let touched = if activity {
            self.state.touched().activity(record.id)
        } else {
            self.state.touched().of(record, self.folio_of(record))
        };
        let end = page
            .before
            .map_or(touched.len(), |before| touched.count_below(before));
        let extra = usize::from(!activity);
        let seqs = touched.range(end.saturating_sub(page.limit + extra), end);
        let sizes = journal.sizes(&seqs).map_err(|error| {
            Error::unavailable(format!(
                "The history could not be read from the journal: {error}"
            ))
        })?;
        let bytes = sizes
            .iter()
            .fold(0usize, |sum, (_, bytes)| sum.saturating_add(*bytes));
        Ok(if activity {
            bytes.saturating_mul(2)
        } else {
            bytes
        })
    }

    /// The folio `record` belongs to (`None` for a portfolio), as the state holds it.
    fn folio_of(&self, record: RecordRef) -> Option<u64> {
        let state = self.state;
        match record.kind {
            RecordKind::Folio | RecordKind::Scope => Some(record.id),
            RecordKind::Expense => state.expenses.get(&record.id).map(|e| e.folio_id.get()),
            RecordKind::Position | RecordKind::BilledHours => state
                .positions
                .get(&record.id)
                .map(|row| row.header.folio_id.get()),
            RecordKind::Baseline => state
                .baselines
                .get(&record.id)
                .map(|b| b.baseline.folio_id.get()),
            RecordKind::CustomField => state.custom_fields.get(&record.id).map(|(folio, _)| *folio),
            RecordKind::Scenario => state.scenarios.get(&record.id).map(|s| s.folio),
            RecordKind::Portfolio => None,
        }
    }

    /// Takes out of a version of `record` what the caller may not read now: a portfolio's folios
    /// and sub-portfolios they may not see (S11.4: a portfolio shows only those), so that a
    /// portfolio's history names no folio its reader could not open.
    fn scrub(&self, record: RecordRef, value: &mut Value) {
        if record.kind != RecordKind::Portfolio {
            return;
        }
        let state = self.state;
        if let Some(Value::Array(folios)) = value.get_mut("folios") {
            folios.retain(|folio| {
                folio
                    .get("id")
                    .and_then(Value::as_u64)
                    .is_some_and(|id| self.caller.folio(state, id) >= Access::Read)
            });
        }
        if let Some(Value::Array(subs)) = value.get_mut("portfolios") {
            subs.retain(|sub| {
                sub.get("id")
                    .and_then(Value::as_u64)
                    .and_then(|id| state.portfolios.get(&id))
                    .is_some_and(|sub| self.caller.portfolio(sub) >= Access::Read)
            });
        }
    }

    /// Whether the caller may read `record`'s history (a folio's: and its activity), deleted or
    /// not: the record's own 404 when not, as if it did not exist (S11.4). What a route asks
    /// before it reads any parameter.
    pub fn may_read_history(&self, record: RecordRef) -> Result<()> {
        let state = self.state;
        let folio_of = |folio: Option<u64>| {
            folio
                .filter(|folio| self.caller.folio(state, *folio) >= Access::Read)
                .map(|_| ())
        };
        match record.kind {
            RecordKind::Folio | RecordKind::Scope => {
                folio_of(Some(record.id)).ok_or_else(Error::folio_not_viewable)
            }
            RecordKind::Expense => folio_of(
                state
                    .expenses
                    .get(&record.id)
                    .map(|expense| expense.folio_id.get()),
            )
            .ok_or_else(Error::folio_not_viewable),
            RecordKind::Position => folio_of(
                state
                    .positions
                    .get(&record.id)
                    .map(|row| row.header.folio_id.get()),
            )
            .ok_or_else(super::positions::position_not_found),
            RecordKind::Portfolio => state
                .portfolios
                .get(&record.id)
                .filter(|portfolio| self.caller.portfolio(portfolio) >= Access::Read)
                .map(|_| ())
                .ok_or_else(|| {
                    Error::not_found(format!(
                        "Portfolio {} does not exist",
                        excerpt(&record.id.to_string())
                    ))
                }),
            RecordKind::Scenario => folio_of(state.scenarios.get(&record.id).map(|s| s.folio))
                .ok_or_else(|| super::scenarios::scenario_missing(record.id)),
            _ => Err(Error::not_found("No history is kept of such a record")),
        }
    }
}

/// The entry of `touched` just before `seq`.
fn earlier(touched: &Seqs, seq: Option<u64>) -> Option<u64> {
    let at = touched.count_below(seq?);
    touched.get(at.checked_sub(1)?)
}

/// The entries numbered `seqs` by number, their stored bytes counted on `pager`; or the 503
/// that says the journal could not be read.
fn read(
    journal: &dyn JournalReader,
    seqs: &[u64],
    pager: &mut Pager<Change>,
) -> Result<HashMap<u64, JournalEntry>> {
    if seqs.is_empty() {
        return Ok(HashMap::new());
    }
    let entries = journal.sized_entries(seqs).map_err(|error| {
        Error::unavailable(format!(
            "The history could not be read from the journal: {error}"
        ))
    })?;
    Ok(entries
        .into_iter()
        .map(|(entry, bytes)| {
            pager.read(bytes);
            (entry.seq, entry)
        })
        .collect())
}

/// The records of folio `folio` that `command` changed.
fn records_in(state: &State, command: &Command, folio: u64, out: &mut Vec<RecordRef>) {
    let mut records = Vec::new();
    crate::state::records_of(state, command, &mut records);
    out.extend(
        records
            .into_iter()
            .filter(|(_, of)| *of == Some(folio))
            .map(|(record, _)| record),
    );
}

/// Each record `command` changes, with the command that last changed it (a batch flattened).
fn last_commands(command: &Command) -> HashMap<RecordRef, &Command> {
    fn walk<'c>(command: &'c Command, out: &mut HashMap<RecordRef, &'c Command>) {
        match command {
            Command::Batch(commands) => commands.iter().for_each(|command| walk(command, out)),
            single => {
                if let Some(record) = record_of(single) {
                    out.insert(record, single);
                }
            }
        }
    }
    let mut out = HashMap::new();
    walk(command, &mut out);
    out
}

/// The record one command (not a batch) changes.
fn record_of(command: &Command) -> Option<RecordRef> {
    let record = |kind, id| Some(RecordRef { kind, id });
    match command {
        Command::PutFolio(folio) => record(RecordKind::Folio, folio.folio.id().get()),
        Command::PutPosition(row) => record(RecordKind::Position, row.record.id.get()),
        Command::PutExpense(expense) => record(RecordKind::Expense, expense.id().get()),
        Command::PutBaseline(snapshot) => record(RecordKind::Baseline, snapshot.baseline.id.get()),
        Command::PutCustomField { definition, .. } => {
            record(RecordKind::CustomField, definition.id().get())
        }
        Command::PutBilledHours(billed) => record(RecordKind::BilledHours, billed.position),
        Command::PutScope { folio, .. } => record(RecordKind::Scope, *folio),
        Command::PutPortfolio(portfolio) => record(RecordKind::Portfolio, portfolio.id().get()),
        Command::DeletePortfolio(id) => record(RecordKind::Portfolio, *id),
        Command::PutScenario(scenario) => record(RecordKind::Scenario, scenario.id),
        Command::DeleteScenario { scenario, .. } => record(RecordKind::Scenario, *scenario),
        Command::ChangeScenario { scenario, .. } => record(RecordKind::Scenario, *scenario),
        Command::NameScenario { scenario, .. } => record(RecordKind::Scenario, *scenario),
        _ => None,
    }
}

/// `record` as `command` left it: `Some(None)` when the command removed it, `None` when the
/// command did not touch it.
fn version(record: RecordRef, command: &Command) -> Option<Option<Value>> {
    let same = |id: u64| id == record.id;
    match (record.kind, command) {
        (_, Command::Batch(commands)) => commands
            .iter()
            .rev()
            .find_map(|command| version(record, command)),
        (RecordKind::Folio, Command::PutFolio(folio)) if same(folio.folio.id().get()) => {
            let mut value = json(&*folio.folio);
            if let Value::Object(fields) = &mut value {
                // The scope's measurements are a record of their own (S9.10): a folio's record
                // carries the latest one's items, which a change of the folio does not change.
                fields.insert("viewers".into(), json(&folio.viewers));
            }
            Some(Some(value))
        }
        (RecordKind::Expense, Command::PutExpense(expense)) if same(expense.id().get()) => {
            Some(Some(json(&**expense)))
        }
        (RecordKind::Position, Command::PutPosition(row)) if same(row.record.id.get()) => {
            Some(Some(position_version(row)))
        }
        (RecordKind::Portfolio, Command::PutPortfolio(portfolio)) if same(portfolio.id().get()) => {
            Some(Some(json(&**portfolio)))
        }
        (RecordKind::Portfolio, Command::DeletePortfolio(id)) if same(*id) => Some(None),
        (RecordKind::Baseline, Command::PutBaseline(snapshot))
            if same(snapshot.baseline.id.get()) =>
        {
            Some(Some(json(&snapshot.baseline)))
        }
        (RecordKind::CustomField, Command::PutCustomField { definition, .. })
            if same(definition.id().get()) =>
        {
            Some(Some(json(&**definition)))
        }
        (RecordKind::Scope, Command::PutScope { folio, version }) if same(*folio) => {
            Some(Some(json(version)))
        }
        (RecordKind::Scenario, Command::PutScenario(scenario)) if same(scenario.id) => {
            Some(Some(json(&scenario.about())))
        }
        (
            RecordKind::Scenario,
            Command::ChangeScenario {
                scenario, about, ..
            },
        ) if same(*scenario) => Some(Some(json(&**about))),
        (RecordKind::Scenario, Command::NameScenario { scenario, about }) if same(*scenario) => {
            Some(Some(json(&**about)))
        }
        (RecordKind::Scenario, Command::DeleteScenario { scenario, .. }) if same(*scenario) => {
            Some(None)
        }
        (RecordKind::BilledHours, Command::PutBilledHours(billed)) if same(billed.position) => {
            let days: Vec<Value> = billed
                .days
                .iter()
                .map(|(date, seconds)| {
                    serde_json::json!({"date": date.to_string(), "seconds": seconds})
                })
                .collect();
            Some(Some(serde_json::json!({ "days": days })))
        }
        _ => None,
    }
}

/// The change `entry` made to `record`, against its version at `previous` (none: created).
fn change_of(
    record: RecordRef,
    entry: &JournalEntry,
    previous: Option<&JournalEntry>,
    in_activity: bool,
    scrub: &dyn Fn(&mut Value),
) -> Option<Change> {
    change_in(
        record,
        entry,
        &entry.command,
        previous.map(|previous| &previous.command),
        in_activity,
        scrub,
    )
}

/// The change `entry` made to `record` by `command` (the entry's own, or the command of its
/// batch that last touched the record), against its version by `previous` (none: created).
fn change_in(
    record: RecordRef,
    entry: &JournalEntry,
    command: &Command,
    previous: Option<&Command>,
    in_activity: bool,
    scrub: &dyn Fn(&mut Value),
) -> Option<Change> {
    if let Command::ChangeScenario {
        scenario,
        about,
        commands,
    } = command
    {
        if record.kind == RecordKind::Scenario && record.id == *scenario {
            return Some(scenario_items_changed(
                record,
                entry,
                &about.name,
                commands,
                in_activity,
            ));
        }
    }
    let mut after = version(record, command)?;
    let mut before = previous.and_then(|previous| version(record, previous).flatten());
    for value in [&mut after, &mut before].into_iter().flatten() {
        scrub(value);
    }
    let deleted = |value: &Option<Value>| {
        value
            .as_ref()
            .and_then(|v| v.get("deletedOn"))
            .is_some_and(|on| !on.is_null())
    };
    let action = match (&before, &after) {
        (_, None) => Action::Deleted,
        (None, Some(_)) => Action::Created,
        (Some(_), Some(_)) if !deleted(&before) && deleted(&after) => Action::Deleted,
        (Some(_), Some(_)) if deleted(&before) && !deleted(&after) => Action::Restored,
        _ => Action::Updated,
    };
    let mut fields = Vec::new();
    if !(in_activity && action == Action::Created) {
        diff(
            "",
            before.as_ref().unwrap_or(&Value::Null),
            after.as_ref().unwrap_or(&Value::Null),
            &mut fields,
        );
    }
    let name = after
        .as_ref()
        .or(before.as_ref())
        .and_then(|value| value.get("name"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    Some(Change {
        seq: entry.seq,
        at: entry.author.as_ref().map(|author| author.at),
        user: entry.author.as_ref().and_then(|author| author.user.clone()),
        action,
        record: in_activity.then(|| ChangedRecord {
            kind: record.kind.name(),
            id: record.id,
            name,
        }),
        fields,
    })
}

/// What a change of a scenario's items did (S15.3): each item it put, as it put it, by its path
/// in the scenario (`expenses[id=8]`, `positions[id=3]`, `scope[asOf=2026-03-31]`); the value
/// before is not kept by the entry (null). A removed item shows with its `deletedOn`.
fn scenario_items_changed(
    record: RecordRef,
    entry: &JournalEntry,
    name: &str,
    commands: &[Command],
    in_activity: bool,
) -> Change {
    fn walk(command: &Command, fields: &mut Vec<FieldChange>) {
        let put = |path: String, after: Value| FieldChange {
            path,
            before: Value::Null,
            after,
        };
        match command {
            Command::Batch(commands) => commands.iter().for_each(|c| walk(c, fields)),
            Command::PutPosition(row) => fields.push(put(
                format!("positions[id={}]", row.record.id),
                position_version(row),
            )),
            Command::PutExpense(expense) => fields.push(put(
                format!("expenses[id={}]", expense.id()),
                json(&**expense),
            )),
            Command::PutScope { version, .. } => {
                fields.push(put(format!("scope[asOf={}]", version.as_of), json(version)))
            }
            _ => {}
        }
    }
    let mut fields = Vec::new();
    commands.iter().for_each(|c| walk(c, &mut fields));
    Change {
        seq: entry.seq,
        at: entry.author.as_ref().map(|author| author.at),
        user: entry.author.as_ref().and_then(|author| author.user.clone()),
        action: Action::Updated,
        record: in_activity.then(|| ChangedRecord {
            kind: record.kind.name(),
            id: record.id,
            name: Some(name.to_owned()),
        }),
        fields,
    }
}

/// A record as JSON, with the wire's names and every number's digits (null if it cannot be
/// written: no record of the state fails to).
fn json<T: serde::Serialize + ?Sized>(record: &T) -> Value {
    serde_json::to_value(record).unwrap_or(Value::Null)
}
