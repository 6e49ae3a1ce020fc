//! The journal: the commands that change the state and the entries that number them (S13.1).

use super::{
    AccountRecord, AuditEvent, CategoryRecord, ClientRecord, CodeRecord, CustomerRecord,
    GenericResourceRecord, HolidayRecord, HolidaySchemeRecord, LinkRecord, ProjectRecord,
    SavedFilterRecord, TokenRecord, UserRecord, WorkloadSchemeRecord, WorklogRecord,
};
use super::{BilledHours, FolioRecord, PositionRow, Stored};

/// One change of the state. Applying a command never fails: everything is validated before one is
/// made.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Command {
    /// Creates or replaces an account.
    PutAccount(AccountRecord),
    /// Deletes an account and its links (S10.2).
    DeleteAccount(u64),
    /// Creates or replaces a category.
    PutCategory(CategoryRecord),
    /// Deletes a category.
    DeleteCategory(u64),
    /// Creates or replaces a customer.
    PutCustomer(CustomerRecord),
    /// Deletes a customer.
    DeleteCustomer(u64),
    /// Creates an account link.
    PutLink(LinkRecord),
    /// Deletes an account link.
    DeleteLink(u64),
    /// Creates or replaces a holiday scheme.
    PutHolidayScheme(HolidaySchemeRecord),
    /// Deletes a holiday scheme.
    DeleteHolidayScheme(u64),
    /// Makes a holiday scheme the default (exactly one is, S3.2).
    SetDefaultHolidayScheme(u64),
    /// Creates or replaces a generic resource.
    PutGenericResource(GenericResourceRecord),
    /// Deletes a generic resource.
    DeleteGenericResource(u64),
    /// Registers a user the service knows, or renames one (host administration).
    PutUser(UserRecord),
    /// Registers an OAuth client (host administration, S11.1).
    RegisterClient(ClientRecord),
    /// Stores an authorization code (by hash).
    IssueCode(CodeRecord),
    /// Marks an authorization code used (single use, S11.1).
    UseCode {
        /// The code's hash.
        hash: String,
    },
    /// Marks an authorization code used, by the grant it started.
    UseCodeFor {
        /// The code's hash.
        hash: String,
        /// The grant: the pair number of the first tokens it issued.
        grant: u64,
    },
    /// Revokes every token of a grant: a replayed code or refresh token (RFC 6749 4.1.2).
    RevokeGrant {
        /// The grant.
        grant: u64,
    },
    /// Stores an access token and, for a pair, its refresh token (by hash).
    IssueTokens(Vec<TokenRecord>),
    /// Revokes every token of a pair (S11.1: revoking one token of a pair ends both).
    RevokePair {
        /// The pair.
        pair: u64,
    },
    /// Records a deletion event for the audit feed (S12).
    RecordDeletion(AuditEvent),
    /// Creates or replaces a holiday.
    PutHoliday(HolidayRecord),
    /// Deletes a holiday.
    DeleteHoliday(u64),
    /// Assigns users to a holiday scheme (and so away from any other).
    SetHolidaySchemeMembers {
        /// The scheme.
        scheme: u64,
        /// The users.
        account_ids: Vec<String>,
    },
    /// Creates or replaces a workload scheme.
    PutWorkloadScheme(WorkloadSchemeRecord),
    /// Deletes a workload scheme.
    DeleteWorkloadScheme(u64),
    /// Makes a workload scheme the default.
    SetDefaultWorkloadScheme(u64),
    /// Assigns users to a workload scheme (and so away from any other).
    SetWorkloadSchemeMembers {
        /// The scheme.
        scheme: u64,
        /// The users.
        account_ids: Vec<String>,
    },
    /// Creates or replaces a tracker project.
    PutProject(ProjectRecord),
    /// Creates or replaces a saved filter.
    PutSavedFilter(SavedFilterRecord),
    /// Creates or replaces a worklog.
    PutWorklog(WorklogRecord),
    /// Deletes a worklog.
    DeleteWorklog(u64),
    /// Creates or replaces a folio (deleting marks it, S5.1).
    PutFolio(Box<FolioRecord>),
    /// Puts a measurement of a folio's scope, replacing that day's if any; the folio's record
    /// then holds the latest measurement's items (S9.10).
    PutScope {
        /// The folio.
        folio: u64,
        /// The measurement.
        version: crate::model::budgeting::ScopeVersion,
    },
    /// Closes a month of a folio, keeping its figures (S9.11).
    CloseMonth {
        /// The folio.
        folio: u64,
        /// The month closed, with its figures.
        closed: crate::model::budgeting::ClosedMonth,
    },
    /// Creates or replaces a position with its history.
    PutPosition(Box<PositionRow>),
    /// Creates or replaces an expense.
    PutExpense(Box<Stored<crate::model::budgeting::Expense>>),
    /// Creates or replaces a baseline with what it froze (S8).
    PutBaseline(Box<crate::analytics::baseline::BaselineSnapshot>),
    /// Creates or replaces an overtime rule.
    PutOvertimeRule(Stored<crate::model::budgeting::OvertimeRule>),
    /// Creates or replaces a custom-field definition of a folio.
    PutCustomField {
        /// The folio.
        folio: u64,
        /// The definition.
        definition: Stored<crate::model::budgeting::CustomFieldDefinition>,
    },
    /// Creates or replaces a portfolio.
    PutPortfolio(Box<Stored<crate::model::budgeting::Portfolio>>),
    /// Deletes a portfolio.
    DeletePortfolio(u64),
    /// Puts an exchange rate; one on the same pair and date is replaced (S5.3).
    PutExchangeRate(crate::model::budgeting::ExchangeRate),
    /// Removes the exchange rate of a pair on a date (S5.6 decides whether it may go).
    RemoveExchangeRate {
        /// The currency converted from.
        from: crate::value::CurrencyCode,
        /// The currency converted into.
        to: crate::value::CurrencyCode,
        /// The rate's effective date.
        effective_date: crate::value::Date,
    },
    /// Replaces the billed hours of a consulting revenue (S6.5c).
    PutBilledHours(BilledHours),
    /// Creates or replaces a scenario of a folio (S15.1).
    PutScenario(Box<super::ScenarioRecord>),
    /// Renames a scenario or describes it anew (S15.1): its naming alone, not its items.
    NameScenario {
        /// The scenario.
        scenario: u64,
        /// Its name and description as they become (its source and promotion as they are).
        about: Box<crate::state::ScenarioAbout>,
    },
    /// Deletes a scenario (S15.1).
    DeleteScenario {
        /// Its folio.
        folio: u64,
        /// The scenario.
        scenario: u64,
    },
    /// Changes a scenario by the item commands made on the copy of the state holding it as its
    /// folio's draft (S15.3).
    ChangeScenario {
        /// The scenario.
        scenario: u64,
        /// Its name, description and source when changed: what its history shows of it beside
        /// the items (a promoted scenario is not changed).
        about: Box<crate::state::ScenarioAbout>,
        /// The item commands (positions, expenses, scope measurements of its folio).
        commands: Vec<Command>,
    },
    /// Records a change of a folio's approved budget (S15.7).
    RecordBudgetChange(crate::model::budgeting::BudgetChange),
    /// Applies the commands in order, as one entry: all of them or, unwritten, none (a folio
    /// imported from a plan document, extension).
    Batch(Vec<Command>),
}

/// A journal entry: a command with its gap-free sequence number (S13.1).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct JournalEntry {
    /// 1 for the first entry, then one more each time.
    pub seq: u64,
    /// What was applied.
    pub command: Command,
    /// Who made the change and when; absent from entries written before they were
    /// kept, and from changes no request made (a command-line tool's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<Author>,
}

/// Who made a change and when: the request's verified user and its time.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Author {
    /// The request's time, UTC, to the second.
    pub at: crate::value::UtcTimestamp,
    /// The user the host verified, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
}

impl Author {
    /// The day of the change (UTC).
    pub fn day(&self) -> crate::value::Date {
        crate::value::Date::from_naive(self.at.naive().date())
    }
}

/// Reads stored journal entries by sequence number: how a record's history is read from the
/// journal the host keeps. The host's store implements it; a test, over a vector.
pub trait JournalReader: Send + Sync {
    /// The entries numbered `seqs` that exist, in any order; an error in words when the journal
    /// could not be read.
    fn entries(&self, seqs: &[u64]) -> Result<Vec<JournalEntry>, String>;

    /// The entries numbered `seqs` that exist, in any order, each with the bytes it takes as
    /// stored: what a page of history counts against its budget of reading (S11.8). By default
    /// each entry's JSON is measured; a store that has the stored text says its length.
    fn sized_entries(&self, seqs: &[u64]) -> Result<Vec<(JournalEntry, usize)>, String> {
        Ok(self
            .entries(seqs)?
            .into_iter()
            .map(|entry| {
                let bytes = crate::json::json_len(&entry);
                (entry, bytes)
            })
            .collect())
    }

    /// The bytes the entries numbered `seqs` take as stored, by number (those that exist),
    /// without reading them whole where the store can: what a page of history is weighed and
    /// budgeted by before it runs (S11.8). By default each is read and measured.
    fn sizes(&self, seqs: &[u64]) -> Result<Vec<(u64, usize)>, String> {
        Ok(self
            .sized_entries(seqs)?
            .into_iter()
            .map(|(entry, bytes)| (entry.seq, bytes))
            .collect())
    }
}

/// A journal held in memory (tests, tools): every entry, in order.
impl JournalReader for Vec<JournalEntry> {
    fn entries(&self, seqs: &[u64]) -> Result<Vec<JournalEntry>, String> {
        Ok(seqs
            .iter()
            .filter_map(|seq| {
                let at = self.binary_search_by_key(seq, |entry| entry.seq).ok()?;
                self.get(at).cloned()
            })
            .collect())
    }
}

/// Why a journal could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// An entry is out of sequence.
    Gap {
        /// The sequence number expected.
        expected: u64,
        /// The one found.
        found: u64,
    },
    /// A snapshot or an entry is not valid JSON of the right shape.
    Malformed(String),
}

impl core::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReplayError::Gap { expected, found } => {
                write!(
                    f,
                    "journal entry {found} found where {expected} was expected"
                )
            }
            ReplayError::Malformed(detail) => write!(f, "malformed journal or snapshot: {detail}"),
        }
    }
}

impl std::error::Error for ReplayError {}
