//! The in-memory state and its journal (S13).
//!
//! The state changes only by applying a [`Command`]. A command carries everything it needs (ids,
//! times, hashes of tokens), so applying it is a pure, infallible function of the state: replaying
//! the journal from empty rebuilds the same state, ids and responses. Each applied command becomes a
//! [`JournalEntry`] with the next sequence number; hosts persist entries before they answer, and a
//! snapshot (the state as JSON) shortens replay.

mod audit_list;
mod baseline_frames;
mod budget;
mod closed_months;
mod costing;
#[cfg(not(target_arch = "wasm32"))]
mod detached_change;
mod history_index;
mod indexes;
mod journal;
#[cfg(not(target_arch = "wasm32"))]
mod kept_books;
mod records;
mod scenarios;
mod scope;
#[cfg(not(target_arch = "wasm32"))]
mod shared_table;
mod stored;

pub use crate::table::Table;
#[cfg(not(target_arch = "wasm32"))]
pub use detached_change::{DetachedChange, Misfit};
#[cfg(not(target_arch = "wasm32"))]
pub use kept_books::{keep_books_by_default, KEPT_BOOKS_BYTES};
#[cfg(not(target_arch = "wasm32"))]
pub use shared_table::SharedTable;
/// The state's records by id. In the browser's wasm package the plain [`Table`]: one thread, no
/// reader to share chunks with, and less code (`shared_table.rs`).
#[cfg(target_arch = "wasm32")]
pub type SharedTable<V, K = u64> = Table<V, K>;
pub use budget::{BilledHours, FolioRecord, PositionRow};
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use history_index::records_of;
pub use history_index::{HistoryIndex, RecordKind, RecordRef, Seqs};
pub use journal::{Author, Command, JournalEntry, JournalReader, ReplayError};
pub use records::{
    AccountRecord, AuditEvent, AuditEventKind, CategoryRecord, ClientRecord, CodeRecord,
    ContactRecord, CustomerRecord, GenericResourceRecord, HolidayRecord, HolidaySchemeRecord,
    LinkRecord, ProjectRecord, SavedFilterRecord, TokenKind, TokenRecord, UserRecord,
    WorkloadSchemeRecord, WorklogRecord,
};
pub use scenarios::{shelf_key, ScenarioAbout, ScenarioItems, ScenarioRecord};
pub use scope::{MAX_SCOPE_ITEMS_KEPT, MAX_SCOPE_VERSIONS};
pub use stored::{Identified, Stored};

use crate::value::UtcTimestamp;
use indexes::index_item;

/// The kinds of record that get ids, each counted on its own (S10.1). Declared in the order of
/// their wire names, so that counters are written in the same order as before they were typed.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "camelCase")]
pub enum IdKind {
    /// Accounts.
    Account,
    /// Allocations of positions.
    Allocation,
    /// Deletion audit events (their sequence).
    AuditEvent,
    /// Baselines.
    Baseline,
    /// Changes of a folio's approved budget (S15.7).
    BudgetChange,
    /// Categories.
    Category,
    /// Custom-field definitions.
    CustomField,
    /// Customers.
    Customer,
    /// Expenses.
    Expense,
    /// Folios.
    Folio,
    /// Generic resources.
    GenericResource,
    /// Holidays.
    Holiday,
    /// Holiday schemes.
    HolidayScheme,
    /// Hours periods of positions.
    Hours,
    /// Account links.
    Link,
    /// Overtime rules.
    OvertimeRule,
    /// Portfolios.
    Portfolio,
    /// Positions.
    Position,
    /// Rates of positions.
    Rate,
    /// Scenarios of folios (S15.1).
    Scenario,
    /// Token pairs.
    TokenPair,
    /// Worklog ids as the tracker numbers them.
    TrackerWorklog,
    /// Workload schemes.
    WorkloadScheme,
    /// Worklogs.
    Worklog,
}

/// Counters of ids, one per kind of record; ids are never reused (S10.1).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counters {
    /// The last id given to each kind.
    pub last: Table<u64, IdKind>,
}

impl Counters {
    fn saw(&mut self, kind: IdKind, id: u64) {
        match self.last.get_mut(&kind) {
            Some(last) => *last = (*last).max(id),
            None => {
                self.last.insert(kind, id);
            }
        }
    }

    /// The id the next record of `kind` gets.
    pub fn next(&self, kind: IdKind) -> u64 {
        self.last.get(&kind).copied().unwrap_or(0) + 1
    }
}

/// Everything the service knows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct State {
    /// The sequence number of the last applied command.
    pub seq: u64,
    /// Id counters.
    pub counters: Counters,
    /// Accounts by id.
    pub accounts: SharedTable<AccountRecord>,
    /// Categories by id.
    pub categories: SharedTable<CategoryRecord>,
    /// Customers by id.
    pub customers: SharedTable<CustomerRecord>,
    /// Account links by id.
    pub links: SharedTable<LinkRecord>,
    /// Holiday schemes by id.
    pub holiday_schemes: SharedTable<HolidaySchemeRecord>,
    /// Generic resources by id.
    pub generic_resources: SharedTable<GenericResourceRecord>,
    /// OAuth clients by client id.
    pub clients: SharedTable<ClientRecord, String>,
    /// Authorization codes by hash.
    pub codes: SharedTable<CodeRecord, String>,
    /// Tokens by hash.
    pub tokens: SharedTable<TokenRecord, String>,
    /// Deletion events by their place in the feed, which is the order they were recorded in
    /// (written as a list: `audit_list.rs`).
    #[serde(with = "audit_list")]
    pub audit: SharedTable<AuditEvent>,
    /// Holidays by id.
    pub holidays: SharedTable<HolidayRecord>,
    /// Workload schemes by id.
    pub workload_schemes: SharedTable<WorkloadSchemeRecord>,
    /// Tracker projects by id.
    pub projects: SharedTable<ProjectRecord>,
    /// Saved filters by id.
    pub saved_filters: SharedTable<SavedFilterRecord>,
    /// Worklogs by service id.
    pub worklogs: SharedTable<WorklogRecord>,
    /// Folios by id.
    pub folios: SharedTable<FolioRecord>,
    /// The measurements of each folio's scope, by folio id (S9.10); a folio's record holds the
    /// latest one's items. A snapshot written before they were kept has none: read, each folio's
    /// scope counts from its start.
    #[serde(default)]
    pub scope_history: SharedTable<crate::model::budgeting::ScopeHistory>,
    /// The closed months of each folio, by folio id, the earliest first (S9.11).
    #[serde(default)]
    pub closed_months: SharedTable<Vec<crate::model::budgeting::ClosedMonth>>,
    /// Scenarios by id (S15.1).
    #[serde(default)]
    pub scenarios: SharedTable<ScenarioRecord>,
    /// The budget changes of each folio, by folio id, the oldest first (S15.7).
    #[serde(default)]
    pub budget_changes: SharedTable<Vec<crate::model::budgeting::BudgetChange>>,
    /// Positions by id.
    pub positions: SharedTable<PositionRow>,
    /// Expenses by id.
    pub expenses: SharedTable<Stored<crate::model::budgeting::Expense>>,
    /// Baselines by id, each behind an `Arc`: a folio's book holds its baselines without
    /// copying them, and knows one unchanged by its address.
    pub baselines: SharedTable<std::sync::Arc<crate::analytics::baseline::BaselineSnapshot>>,
    /// Overtime rules by id.
    pub overtime_rules: SharedTable<Stored<crate::model::budgeting::OvertimeRule>>,
    /// Custom-field definitions by id, with their folio.
    pub custom_fields: SharedTable<(u64, Stored<crate::model::budgeting::CustomFieldDefinition>)>,
    /// Portfolios by id.
    pub portfolios: SharedTable<Stored<crate::model::budgeting::Portfolio>>,
    /// Exchange rates, as put.
    pub exchange_rates: Vec<crate::model::budgeting::ExchangeRate>,
    /// Billed hours by position.
    pub billed_hours: SharedTable<BilledHours>,
    /// The users the service knows, by key (a snapshot written before they were kept has none).
    #[serde(default)]
    pub users: SharedTable<UserRecord, String>,
    /// The journal entries that touched each record (`history_index.rs`). A snapshot written
    /// before it was kept has none: read, it is marked to be built from the journal.
    #[serde(default = "HistoryIndex::missing")]
    touched: HistoryIndex,
    /// Entries applied since the host last took them.
    #[serde(skip)]
    outbox: Vec<JournalEntry>,
    /// Who makes the changes being applied, and when: written into their entries.
    #[serde(skip)]
    author: Option<Author>,
    /// The ids of each folio's custom-field definitions (deleted ones included): an index of
    /// `custom_fields`, so that a write of one folio's record never walks other folios'
    /// definitions. Not written: rebuilt when a snapshot is read.
    #[serde(skip)]
    custom_fields_by_folio: SharedTable<Vec<u64>>,
    /// The ids of each folio's positions (deleted ones included), in id order: an index of
    /// `positions`, so that a write or a read of one folio walks its own items, never every
    /// user's. Not written: rebuilt when a snapshot is read.
    #[serde(skip)]
    positions_by_folio: SharedTable<Vec<u64>>,
    /// The ids of each folio's expenses (deleted ones included), in id order: as
    /// `positions_by_folio`, of `expenses`.
    #[serde(skip)]
    expenses_by_folio: SharedTable<Vec<u64>>,
    /// The position of each allocation period, rate and hours period, by the part's kind of id
    /// and id: a change of one part finds its position without walking every user's.
    /// Not written: rebuilt when a snapshot is read.
    #[serde(skip)]
    part_owners: SharedTable<u64, (IdKind, u64)>,
    /// The ids of each folio's scenarios, in id order: an index of `scenarios`. Not written:
    /// rebuilt when a snapshot is read.
    #[serde(skip)]
    scenarios_by_folio: SharedTable<Vec<u64>>,
    /// The folio books kept between reads, shared with every copy of this state
    /// (`kept_books.rs`). Not written; equal in every state.
    #[cfg(not(target_arch = "wasm32"))]
    #[serde(skip)]
    books: kept_books::KeptBooks,
    /// This state's lineage: which state a kept book caught up with (`kept_books.rs`). Not written;
    /// equal in every state.
    #[cfg(not(target_arch = "wasm32"))]
    #[serde(skip)]
    lineage: kept_books::Lineage,
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

/// The built-in default holiday scheme (S3.2).
pub const DEFAULT_HOLIDAY_SCHEME: u64 = 1;

/// The built-in default workload scheme (S3.1).
pub const DEFAULT_WORKLOAD_SCHEME: u64 = 1;

impl State {
    /// A fresh state: nothing but the built-in "Default Holiday Scheme" (id 1, S3.2).
    pub fn new() -> State {
        let mut state = State {
            seq: 0,
            counters: Counters::default(),
            accounts: SharedTable::new(),
            categories: SharedTable::new(),
            customers: SharedTable::new(),
            links: SharedTable::new(),
            holiday_schemes: SharedTable::new(),
            generic_resources: SharedTable::new(),
            clients: SharedTable::new(),
            codes: SharedTable::new(),
            tokens: SharedTable::new(),
            audit: SharedTable::new(),
            holidays: SharedTable::new(),
            workload_schemes: SharedTable::new(),
            projects: SharedTable::new(),
            saved_filters: SharedTable::new(),
            worklogs: SharedTable::new(),
            scope_history: SharedTable::new(),
            closed_months: SharedTable::new(),
            scenarios: SharedTable::new(),
            budget_changes: SharedTable::new(),
            folios: SharedTable::new(),
            positions: SharedTable::new(),
            expenses: SharedTable::new(),
            baselines: SharedTable::new(),
            overtime_rules: SharedTable::new(),
            custom_fields: SharedTable::new(),
            portfolios: SharedTable::new(),
            exchange_rates: Vec::new(),
            billed_hours: SharedTable::new(),
            users: SharedTable::new(),
            touched: HistoryIndex::default(),
            outbox: Vec::new(),
            author: None,
            custom_fields_by_folio: SharedTable::new(),
            positions_by_folio: SharedTable::new(),
            expenses_by_folio: SharedTable::new(),
            part_owners: SharedTable::new(),
            scenarios_by_folio: SharedTable::new(),
            #[cfg(not(target_arch = "wasm32"))]
            books: kept_books::KeptBooks::default(),
            #[cfg(not(target_arch = "wasm32"))]
            lineage: kept_books::Lineage::default(),
        };
        let day = 8 * 3600;
        state.workload_schemes.insert(
            DEFAULT_WORKLOAD_SCHEME,
            WorkloadSchemeRecord {
                id: DEFAULT_WORKLOAD_SCHEME,
                name: crate::value::Name::builtin("Default Workload Scheme"),
                description: None,
                default_scheme: true,
                seconds: [day, day, day, day, day, 0, 0],
                members: Vec::new(),
            },
        );
        state
            .counters
            .saw(IdKind::WorkloadScheme, DEFAULT_WORKLOAD_SCHEME);
        state.holiday_schemes.insert(
            DEFAULT_HOLIDAY_SCHEME,
            HolidaySchemeRecord {
                id: DEFAULT_HOLIDAY_SCHEME,
                name: crate::value::Name::builtin("Default Holiday Scheme"),
                description: None,
                default_scheme: true,
                members: Vec::new(),
            },
        );
        state
            .counters
            .saw(IdKind::HolidayScheme, DEFAULT_HOLIDAY_SCHEME);
        state
    }

    /// Applies `command`, records it in the outbox with the next sequence number, and returns
    /// that number. (The entry is not copied: a position's command holds all its parts, and a
    /// plan import at the limits stores thousands of them.)
    pub fn apply(&mut self, command: Command) -> u64 {
        let day = self.author.as_ref().map(Author::day);
        self.change(&command, day);
        self.seq += 1;
        self.note_touched(&command, self.seq);
        self.outbox.push(JournalEntry {
            seq: self.seq,
            command,
            author: self.author.clone(),
        });
        self.seq
    }

    /// Writes `author` into the entries of the changes applied from now on (the request's user
    /// and time); `None` for changes no request makes. Gives the author it replaces.
    pub fn set_author(&mut self, author: Option<Author>) -> Option<Author> {
        std::mem::replace(&mut self.author, author)
    }

    /// The entries applied since the last call, for the host to persist (S13.2). Dropping them
    /// loses the changes on the next restart, hence `must_use`.
    #[must_use = "the host must persist the journal entries before it answers (S13.2)"]
    pub fn take_journal(&mut self) -> Vec<JournalEntry> {
        std::mem::take(&mut self.outbox)
    }

    /// Replays `entries` on top of this state; they must continue its sequence without a gap.
    ///
    /// ```
    /// use costfolio::state::{Command, JournalEntry, ReplayError, State};
    ///
    /// let mut state = State::new();
    /// state.apply(Command::RevokePair { pair: 3 });
    /// let journal = state.take_journal();
    ///
    /// let mut replica = State::new();
    /// replica.replay(&journal).unwrap();
    /// assert_eq!(replica, state);
    /// // An entry that does not continue the sequence is refused, and changes nothing.
    /// let late = JournalEntry { seq: 5, command: Command::RevokePair { pair: 4 }, author: None };
    /// assert_eq!(
    ///     replica.replay([&late]),
    ///     Err(ReplayError::Gap { expected: 2, found: 5 })
    /// );
    /// assert_eq!(replica, state);
    /// ```
    pub fn replay<'e>(
        &mut self,
        entries: impl IntoIterator<Item = &'e JournalEntry>,
    ) -> Result<(), ReplayError> {
        for entry in entries {
            let expected = self.seq + 1;
            if entry.seq != expected {
                return Err(ReplayError::Gap {
                    expected,
                    found: entry.seq,
                });
            }
            self.change(&entry.command, entry.author.as_ref().map(Author::day));
            self.seq = entry.seq;
            self.note_touched(&entry.command, entry.seq);
        }
        Ok(())
    }

    /// The state as a snapshot (JSON); it holds no token or secret in clear (S11.2).
    pub fn snapshot(&self) -> String {
        crate::json::to_json(self)
    }

    /// A state loaded from a snapshot.
    pub fn from_snapshot(text: &str) -> Result<State, ReplayError> {
        let mut state: State = crate::model::from_json(text.as_bytes())
            .map_err(|error| ReplayError::Malformed(error.to_string()))?;
        state.rebuild_indexes();
        state.date_unmeasured_scope();
        state.frame_unframed_baselines();
        Ok(state)
    }

    /// The time of the last recorded deletion, so that `deletedAt` never goes backwards (S12.2).
    pub fn last_deletion(&self) -> Option<crate::value::EventTimestamp> {
        self.audit
            .values()
            .next_back()
            .map(|event| event.deleted_at)
    }

    /// Applies `command`, written on `day` (its entry's, when it has a time).
    fn change(&mut self, command: &Command, day: Option<crate::value::Date>) {
        match command {
            Command::Batch(commands) => {
                for command in commands {
                    self.change(command, day);
                }
            }
            Command::PutAccount(record) => {
                self.counters.saw(IdKind::Account, record.id);
                self.accounts.insert(record.id, record.clone());
            }
            Command::DeleteAccount(id) => {
                self.accounts.remove(id);
                self.links.retain(|_, link| link.account_id != *id);
            }
            Command::PutCategory(record) => {
                self.counters.saw(IdKind::Category, record.id);
                self.categories.insert(record.id, record.clone());
            }
            Command::DeleteCategory(id) => {
                self.categories.remove(id);
            }
            Command::PutCustomer(record) => {
                self.counters.saw(IdKind::Customer, record.id);
                self.customers.insert(record.id, record.clone());
            }
            Command::DeleteCustomer(id) => {
                self.customers.remove(id);
            }
            Command::PutLink(record) => {
                self.counters.saw(IdKind::Link, record.id);
                self.links.insert(record.id, record.clone());
            }
            Command::DeleteLink(id) => {
                self.links.remove(id);
            }
            Command::PutHolidayScheme(record) => {
                self.counters.saw(IdKind::HolidayScheme, record.id);
                self.holiday_schemes.insert(record.id, record.clone());
            }
            Command::DeleteHolidayScheme(id) => {
                self.holiday_schemes.remove(id);
                self.holidays.retain(|_, holiday| holiday.scheme_id != *id);
            }
            Command::SetDefaultHolidayScheme(id) => {
                for (scheme_id, scheme) in self.holiday_schemes.iter_mut() {
                    scheme.default_scheme = scheme_id == id;
                }
            }
            Command::PutGenericResource(record) => {
                self.counters.saw(IdKind::GenericResource, record.id);
                self.generic_resources.insert(record.id, record.clone());
            }
            Command::DeleteGenericResource(id) => {
                self.generic_resources.remove(id);
            }
            Command::RegisterClient(client) => {
                self.clients
                    .insert(client.client_id.clone(), client.clone());
            }
            Command::IssueCode(code) => {
                self.codes.insert(code.hash.clone(), code.clone());
            }
            Command::UseCode { hash } => {
                if let Some(code) = self.codes.get_mut(hash) {
                    code.used = true;
                }
            }
            Command::UseCodeFor { hash, grant } => {
                if let Some(code) = self.codes.get_mut(hash) {
                    code.used = true;
                    code.grant = Some(*grant);
                }
            }
            Command::RevokeGrant { grant } => {
                self.tokens
                    .update_where(|t| t.grant == Some(*grant), |t| t.revoked = true);
            }
            Command::IssueTokens(tokens) => {
                for token in tokens {
                    self.counters.saw(IdKind::TokenPair, token.pair);
                    self.tokens.insert(token.hash.clone(), token.clone());
                }
            }
            Command::RevokePair { pair } => {
                self.tokens
                    .update_where(|t| t.pair == *pair, |t| t.revoked = true);
            }
            Command::RecordDeletion(event) => {
                self.counters.saw(IdKind::AuditEvent, event.seq);
                self.audit.insert(event.seq, event.clone());
            }
            Command::PutHoliday(record) => {
                self.counters.saw(IdKind::Holiday, record.id);
                self.holidays.insert(record.id, record.clone());
            }
            Command::DeleteHoliday(id) => {
                self.holidays.remove(id);
            }
            Command::SetHolidaySchemeMembers {
                scheme,
                account_ids,
            } => {
                for (id, record) in self.holiday_schemes.iter_mut() {
                    record
                        .members
                        .retain(|member| !account_ids.contains(member));
                    if id == scheme {
                        record.members.extend(account_ids.iter().cloned());
                    }
                }
            }
            Command::PutWorkloadScheme(record) => {
                self.counters.saw(IdKind::WorkloadScheme, record.id);
                self.workload_schemes.insert(record.id, record.clone());
            }
            Command::DeleteWorkloadScheme(id) => {
                self.workload_schemes.remove(id);
            }
            Command::SetDefaultWorkloadScheme(id) => {
                for (scheme_id, scheme) in self.workload_schemes.iter_mut() {
                    scheme.default_scheme = scheme_id == id;
                }
            }
            Command::SetWorkloadSchemeMembers {
                scheme,
                account_ids,
            } => {
                for (id, record) in self.workload_schemes.iter_mut() {
                    record
                        .members
                        .retain(|member| !account_ids.contains(member));
                    if id == scheme {
                        record.members.extend(account_ids.iter().cloned());
                    }
                }
            }
            Command::PutProject(record) => {
                self.projects.insert(record.id, record.clone());
            }
            Command::PutSavedFilter(record) => {
                self.saved_filters.insert(record.id, record.clone());
            }
            Command::PutWorklog(record) => {
                self.counters.saw(IdKind::Worklog, record.id);
                self.counters.saw(IdKind::TrackerWorklog, record.tracker_id);
                self.worklogs.insert(record.id, record.clone());
            }
            Command::DeleteWorklog(id) => {
                self.worklogs.remove(id);
            }
            Command::PutFolio(record) => {
                let id = record.folio.id().get();
                self.counters.saw(IdKind::Folio, id);
                self.derive_scope_version(record, day);
                self.folios.insert(id, (**record).clone());
            }
            Command::PutScope { folio, version } => self.put_scope_version(*folio, version),
            Command::CloseMonth { folio, closed } => self.close_month(*folio, closed),
            Command::PutPosition(row) => {
                let id = row.record.id.get();
                self.see_position_ids(row);
                let before = self.positions.insert(id, (**row).clone());
                index_item(
                    &mut self.positions_by_folio,
                    row.header.folio_id.get(),
                    id,
                    before.map(|b| b.header.folio_id.get()),
                );
                self.index_parts(row);
            }
            Command::PutExpense(expense) => {
                let id = expense.id().get();
                self.counters.saw(IdKind::Expense, id);
                let before = self.expenses.insert(id, (**expense).clone());
                index_item(
                    &mut self.expenses_by_folio,
                    expense.folio_id.get(),
                    id,
                    before.map(|b| b.folio_id.get()),
                );
            }
            Command::PutBaseline(snapshot) => {
                let id = snapshot.baseline.id.get();
                self.counters.saw(IdKind::Baseline, id);
                let snapshot = self.framed(snapshot);
                self.baselines.insert(id, std::sync::Arc::new(snapshot));
            }
            Command::PutOvertimeRule(rule) => {
                let id = rule.id().get();
                self.counters.saw(IdKind::OvertimeRule, id);
                self.overtime_rules.insert(id, rule.clone());
            }
            Command::PutCustomField { folio, definition } => {
                let id = definition.id().get();
                self.counters.saw(IdKind::CustomField, id);
                let before = self.custom_fields.insert(id, (*folio, definition.clone()));
                if before.is_none() {
                    index_item(&mut self.custom_fields_by_folio, *folio, id, None);
                }
            }
            Command::PutPortfolio(portfolio) => {
                let id = portfolio.id().get();
                self.counters.saw(IdKind::Portfolio, id);
                self.portfolios.insert(id, (**portfolio).clone());
            }
            Command::DeletePortfolio(id) => {
                self.portfolios.remove(id);
            }
            Command::PutExchangeRate(rate) => {
                self.exchange_rates.retain(|r| {
                    (r.from, r.to, r.effective_date) != (rate.from, rate.to, rate.effective_date)
                });
                self.exchange_rates.push(rate.clone());
            }
            Command::RemoveExchangeRate {
                from,
                to,
                effective_date,
            } => {
                self.exchange_rates
                    .retain(|r| (r.from, r.to, r.effective_date) != (*from, *to, *effective_date));
            }
            Command::PutUser(user) => {
                self.users.insert(user.key.clone(), user.clone());
            }
            Command::PutBilledHours(hours) => {
                self.billed_hours.insert(hours.position, hours.clone());
            }
            Command::PutScenario(record) => self.put_scenario(record),
            Command::DeleteScenario { scenario, .. } => self.delete_scenario(*scenario),
            Command::NameScenario { scenario, about } => self.name_scenario(*scenario, about),
            Command::ChangeScenario {
                scenario, commands, ..
            } => self.change_scenario(*scenario, commands),
            Command::RecordBudgetChange(change) => self.record_budget_change(change),
        }
    }
}

/// The time of a request as the wire's UTC form, for records that keep it.
pub fn stamp(now: chrono::NaiveDateTime) -> UtcTimestamp {
    UtcTimestamp::new(now)
}
