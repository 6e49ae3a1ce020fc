//! The folio book: one folio costed, the use case every adapter calls.
//!
//! A [`FolioBook`] holds what a folio's figures are computed from (the folio, its calendars,
//! exchange rates, overtime rules, synchronized hours, scope, its draft and actual items and its
//! baselines) and answers the folio's indicators (S9), timeline (S9.6), expenditures (S8.4), item
//! money and payment lines. The REST interface builds one from the service's state
//! (`State::folio_book`), `costfolio plan` from a plan document; the wasm package calls both.
//!
//! The ledgers it costs are kept: a second question at the same date and granularity costs
//! nothing, and [`FolioBook::apply`] recosts only the item a change touches (S1.6: every figure is
//! a sum of atoms, so replacing one item's series is exact).

use core::fmt;
use std::collections::HashMap;

use rust_decimal::Decimal;

use super::baseline::{
    approve, expenditures, latest_covering, BaselineError, BaselineSnapshot, Items,
};
use super::indicators::{indicators, FolioTerms};
use super::ledger::{AnalyticsError, CostContext, Flow, ItemKey, Ledger, Periods};
use super::status::FolioError;
use super::timeline::timeline;
use crate::calendar::Calendar;
use crate::model::budgeting::Baseline;
use crate::model::budgeting::Expense;
use crate::model::budgeting::{
    ExpensePayment, Folio, Indicators, OvertimeRule, ScopeItem, TimelineBucket,
};
use crate::model::Id;
use crate::schedule::position::PositionRecord;
use crate::schedule::position::{CostBasis, CostOverflow, PositionError, PositionPlan};
use crate::schedule::{
    ConversionError, DailyHours, ExchangeRates, ExpenseError, ExpensePlan, FolioFrame, Granularity,
};
use crate::value::{Date, DateRange, ValueError};

/// Where the planned side of indicators or of a timeline comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlannedSide {
    /// The latest baseline covering each side, else the draft (S8.5): what indicators use.
    #[default]
    Latest,
    /// The draft, whatever the baselines.
    Draft,
    /// One live baseline of the folio, by id.
    Baseline(Id),
}

/// Why a folio book could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookError {
    /// The folio's end date lies before its start date: it has no period.
    Period(ValueError),
    /// The folio is invalid (S7.2).
    Folio(Vec<FolioError>),
    /// A ledger could not be costed: an item is invalid, a rate is missing, a sum overflows.
    Analytics(AnalyticsError),
    /// A position's records are refused (S6).
    Position {
        /// The position.
        id: Id,
        /// Why.
        error: PositionError,
    },
    /// A position's payment lines are too large to hold.
    PositionLines {
        /// The position.
        id: Id,
        /// Why.
        error: CostOverflow,
    },
    /// An expense is refused (S5).
    Expense {
        /// The expense.
        id: Id,
        /// Why, each naming its field.
        errors: Vec<ExpenseError>,
    },
    /// An expense's payments could not be converted into the folio's currency (S5.3).
    Payments {
        /// The expense.
        id: Id,
        /// Why.
        error: ConversionError,
    },
    /// A baseline named does not exist (or is deleted) in this folio (S8.4).
    Baseline(BaselineError),
    /// The book holds no such item.
    Missing(ItemKey),
    /// An expense without an id: a book costs items by id.
    NoId,
}

impl BookError {
    /// The field at fault, when the error names one (`endDate` for a folio with no period).
    pub fn field(&self) -> Option<&str> {
        match self {
            BookError::Period(_) => Some("endDate"),
            BookError::Position { error, .. } => error.field(),
            _ => None,
        }
    }
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Period(error) => error.fmt(f),
            BookError::Folio(errors) => f.write_str(&crate::model::messages::joined(errors)),
            BookError::Analytics(error) => error.fmt(f),
            BookError::Position { error, .. } => error.fmt(f),
            BookError::PositionLines { error, .. } => error.fmt(f),
            BookError::Expense { errors, .. } => {
                f.write_str(&crate::model::messages::joined(errors))
            }
            BookError::Payments { error, .. } => error.fmt(f),
            BookError::Baseline(error) => error.fmt(f),
            BookError::Missing(ItemKey::Position(id)) => write!(f, "no position {id} in the folio"),
            BookError::Missing(ItemKey::Expense(id)) => write!(f, "no expense {id} in the folio"),
            BookError::NoId => f.write_str("an expense needs an id to be costed in a folio's book"),
        }
    }
}

impl std::error::Error for BookError {}

impl From<AnalyticsError> for BookError {
    fn from(error: AnalyticsError) -> Self {
        BookError::Analytics(error)
    }
}

/// A change to a book's draft (or actual) items: what a what-if edits, one item at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Adds a position, or replaces the one with its id. A deleted record removes it.
    PutPosition(PositionRecord),
    /// Adds an expense, or replaces the one with its id. A deleted record removes it.
    PutExpense(Expense),
    /// Removes a position.
    RemovePosition(Id),
    /// Removes an expense.
    RemoveExpense(Id),
}

/// What a folio book is built from.
#[derive(Debug, Clone)]
pub struct BookParts<'a> {
    /// The folio.
    pub folio: Folio,
    /// Its calendar: its holiday and workload schemes (S3).
    pub calendar: Calendar,
    /// The calendars of positions with a holiday or workload scheme of their own (S3.4), by id.
    pub own_calendars: Vec<(Id, Calendar)>,
    /// Exchange rates (S5.3).
    pub rates: ExchangeRates,
    /// Overtime rules (S6.6).
    pub overtime_rules: Vec<OvertimeRule>,
    /// Worklog or billed hours of synchronized positions, by position id (S6.5b, S6.5c).
    pub synced: HashMap<Id, DailyHours>,
    /// The folio's scope (S9.3).
    pub scope: Vec<ScopeItem>,
    /// Its live draft and actual items (S8.1).
    pub draft: Items,
    /// Its baselines, deleted ones included (they are never costed).
    pub baselines: Vec<&'a BaselineSnapshot>,
    /// The own calendars of the positions each baseline froze, by baseline id, as their frozen
    /// headers name them (S8.6): a baseline is costed with the calendars it was approved with,
    /// whatever its positions name since. A baseline not listed uses `own_calendars`.
    pub baseline_calendars: Vec<(Id, Vec<(Id, Calendar)>)>,
}

/// A figure read off a folio's terms, its three ledgers and its scope (indicators, timeline).
type Figure<T> =
    fn(&FolioTerms<'_>, &Ledger, &Ledger, &Ledger, &[ScopeItem]) -> Result<T, AnalyticsError>;

/// How many sets of periods (a date and a granularity) a book keeps ledgers for: the indicators'
/// months and a chart's weeks or days, with room to spare.
const KEPT_PERIODS: usize = 4;

/// The ledgers costed at one set of periods: the draft's, and each baseline's that was asked for.
#[derive(Debug, Clone)]
struct Costed {
    periods: Periods,
    draft: Option<Ledger>,
    baselines: Vec<(Id, Ledger)>,
}

/// What a folio's items are costed in: the folio, its calendars, exchange rates, overtime rules,
/// synchronized hours and scope. Kept apart from the ledgers, so that both can be used at once.
#[derive(Debug, Clone)]
struct Setting {
    folio: Folio,
    calendar: Calendar,
    own_calendars: Vec<(Id, Calendar)>,
    baseline_calendars: Vec<(Id, Vec<(Id, Calendar)>)>,
    rates: ExchangeRates,
    overtime_rules: Vec<OvertimeRule>,
    synced: HashMap<Id, DailyHours>,
    scope: Vec<ScopeItem>,
}

/// The cost bases of a folio's calendar and of its positions' own calendars (S3.4).
struct Bases<'b> {
    basis: CostBasis<'b>,
    own: HashMap<Id, CostBasis<'b>>,
}

impl Setting {
    /// The folio's period, or [`BookError::Period`] when its end lies before its start.
    fn period(&self) -> Result<DateRange, BookError> {
        DateRange::new(self.folio.start_date, self.folio.end_date).map_err(BookError::Period)
    }

    fn frame(&self) -> Result<FolioFrame, BookError> {
        Ok(FolioFrame {
            period: self.period()?,
            currency: self.folio.currency_code,
        })
    }

    /// The cost bases of the calendars in `frame`: the folio's, and its positions' own.
    fn bases(&self, frame: FolioFrame) -> Bases<'_> {
        self.bases_with(frame, &self.own_calendars)
    }

    /// The cost bases of the calendars of `source` (a baseline's, as approved; else the draft's).
    fn source_bases(&self, frame: FolioFrame, source: Option<Id>) -> Bases<'_> {
        let own = source
            .and_then(|id| self.baseline_calendars.iter().find(|(held, _)| *held == id))
            .map_or(&self.own_calendars, |(_, own)| own);
        self.bases_with(frame, own)
    }

    fn bases_with<'s>(&'s self, frame: FolioFrame, own: &'s [(Id, Calendar)]) -> Bases<'s> {
        Bases {
            basis: CostBasis::new(frame, &self.calendar),
            own: own
                .iter()
                .map(|(id, calendar)| (*id, CostBasis::new(frame, calendar)))
                .collect(),
        }
    }

    /// The cost context with `bases`.
    fn context<'c>(&'c self, bases: &'c Bases<'c>) -> CostContext<'c> {
        CostContext {
            basis: &bases.basis,
            rates: &self.rates,
            overtime_rules: &self.overtime_rules,
            synced: &self.synced,
            own_bases: &bases.own,
        }
    }
}

/// One folio costed: its indicators, timeline, expenditures and items' money (module docs).
///
/// ```
/// use costfolio::analytics::{BookParts, Change, FolioBook, PlannedSide};
/// use costfolio::calendar::Calendar;
/// use costfolio::model::{budgeting::{Expense, Folio}, from_json};
///
/// let folio: Folio = from_json(br#"{"name":"Bridge","description":"","owner":"ada",
///     "startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,
///     "contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR",
///     "withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,
///     "usesUserRates":false,"isSynchronizedWithWorkLogs":false,
///     "isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,
///     "workloadSchemeId":1}"#).unwrap();
/// let mut book = FolioBook::new(BookParts {
///     folio,
///     calendar: Calendar::default(),
///     own_calendars: vec![],
///     rates: Default::default(),
///     overtime_rules: vec![],
///     synced: Default::default(),
///     scope: vec![],
///     draft: Default::default(),
///     baselines: vec![],
///     baseline_calendars: vec![],
/// });
/// let as_of = "2026-06-30".parse().unwrap();
/// assert_eq!(book.indicators(as_of, PlannedSide::Latest).unwrap().bac.to_string(), "0.00");
///
/// // A planned cost of 400 EUR a month from March to May: only that expense is costed.
/// let crane: Expense = from_json(br#"{"id":7,"folioId":1,"name":"Crane","description":"",
///     "type":"Hire","category":"OPEX","kind":".PlannedExpense","amount":400,
///     "currencyCode":"EUR","recurrence":{"kind":".Monthly","startDate":"2026-03-01",
///     "occurrences":3}}"#).unwrap();
/// book.apply(Change::PutExpense(crane)).unwrap();
/// let indicators = book.indicators(as_of, PlannedSide::Latest).unwrap();
/// assert_eq!(indicators.bac.to_string(), "1200.00");
///
/// // Removed again: the budget is back at zero.
/// book.apply(Change::RemoveExpense(costfolio::model::Id::new(7))).unwrap();
/// assert_eq!(book.indicators(as_of, PlannedSide::Latest).unwrap().bac.to_string(), "0.00");
/// ```
#[derive(Debug, Clone)]
pub struct FolioBook<'a> {
    setting: Setting,
    draft: Items,
    baselines: Vec<&'a BaselineSnapshot>,
    /// Ledgers by periods, in the order they were first asked for (the oldest is let go first).
    costed: Vec<Costed>,
}

impl<'a> FolioBook<'a> {
    /// The book of `parts`. Nothing is costed until a figure is asked for.
    pub fn new(parts: BookParts<'a>) -> FolioBook<'a> {
        FolioBook {
            setting: Setting {
                folio: parts.folio,
                calendar: parts.calendar,
                own_calendars: parts.own_calendars,
                baseline_calendars: parts.baseline_calendars,
                rates: parts.rates,
                overtime_rules: parts.overtime_rules,
                synced: parts.synced,
                scope: parts.scope,
            },
            draft: parts.draft,
            baselines: parts.baselines,
            costed: Vec::new(),
        }
    }

    /// The folio.
    pub fn folio(&self) -> &Folio {
        &self.setting.folio
    }

    /// The live draft and actual items.
    pub fn draft(&self) -> &Items {
        &self.draft
    }

    /// The folio's period, or [`BookError::Period`] when its end lies before its start.
    pub fn period(&self) -> Result<DateRange, BookError> {
        self.setting.period()
    }

    /// The folio's terms for its indicators (S9), or why the folio is invalid (S7.2).
    pub fn terms(&self) -> Result<FolioTerms<'_>, BookError> {
        FolioTerms::new(&self.setting.folio, &self.setting.calendar).map_err(BookError::Folio)
    }

    /// The folio's indicators at `as_of` (S9), their planned side from `side`.
    pub fn indicators(&mut self, as_of: Date, side: PlannedSide) -> Result<Indicators, BookError> {
        self.read_off(as_of, Granularity::Month, side, indicators)
    }

    /// The folio's timeline at `as_of` by `granularity` (S9.6), its planned side from `side`.
    pub fn timeline(
        &mut self,
        as_of: Date,
        granularity: Granularity,
        side: PlannedSide,
    ) -> Result<Vec<TimelineBucket>, BookError> {
        self.read_off(as_of, granularity, side, timeline)
    }

    /// What `figure` reads off the folio's terms, the ledgers of `side` at `as_of` by
    /// `granularity` (planned cost, planned revenue, actual) and the scope. The folio is checked
    /// before anything is costed.
    fn read_off<T>(
        &mut self,
        as_of: Date,
        granularity: Granularity,
        side: PlannedSide,
        figure: Figure<T>,
    ) -> Result<T, BookError> {
        self.period()?;
        self.terms()?;
        let (kept, sources) = self.cost(as_of, granularity, side)?;
        let [costs, revenues, actual] = self.ledgers(kept, sources)?;
        Ok(figure(
            &self.terms()?,
            costs,
            revenues,
            actual,
            &self.setting.scope,
        )?)
    }

    /// One live item's money in the folio's currency, rounded to its minor unit: (its whole, its
    /// part dated on or before `as_of`), as the indicators count it (positions by their atoms,
    /// expenses by their converted payments); zero for an item the draft does not hold. The
    /// ledgers of the planned side are costed too, so the book refuses what the indicators
    /// refuse.
    pub fn item_money(
        &mut self,
        key: ItemKey,
        as_of: Date,
    ) -> Result<(Decimal, Decimal), BookError> {
        let (kept, sources) = self.cost(as_of, Granularity::Month, PlannedSide::Latest)?;
        let [_, _, draft] = self.ledgers(kept, sources)?;
        let (total, to_date) = draft.item(key)?.unwrap_or_default();
        let currency = self.setting.folio.currency_code;
        Ok((currency.round(total), currency.round(to_date)))
    }

    /// The payment lines of a live position of the draft by `granularity` (S6): its money by
    /// period, as `GET /position/{id}/payments` shows it.
    pub fn position_lines(
        &self,
        id: Id,
        granularity: Granularity,
    ) -> Result<Vec<ExpensePayment>, BookError> {
        let record = self
            .draft
            .positions
            .iter()
            .find(|p| p.id == id)
            .ok_or(BookError::Missing(ItemKey::Position(id)))?;
        self.lines_of_position(record, granularity)
    }

    /// The payment lines of `record` by `granularity`, costed in this folio (its calendar of its
    /// own, overtime rule and synchronized hours found by its id).
    pub fn lines_of_position(
        &self,
        record: &PositionRecord,
        granularity: Granularity,
    ) -> Result<Vec<ExpensePayment>, BookError> {
        let id = record.id;
        let setting = &self.setting;
        let frame = setting.frame()?;
        let calendar = setting
            .own_calendars
            .iter()
            .find(|(own, _)| *own == id)
            .map_or(&setting.calendar, |(_, calendar)| calendar);
        let basis = CostBasis::new(frame, calendar);
        let overtime = record
            .ot_rule_id
            .and_then(|rule| setting.overtime_rules.iter().find(|r| r.id == Some(rule)));
        let plan = PositionPlan::new(record.input(overtime, setting.synced.get(&id)), &basis)
            .map_err(|error| BookError::Position { id, error })?;
        let lines = plan
            .lines(granularity)
            .map_err(|error| BookError::PositionLines { id, error })?;
        Ok(lines.iter().map(|line| line.to_wire()).collect())
    }

    /// The payments of a live expense of the draft (S5), converted into the folio's currency.
    pub fn expense_lines(&self, id: Id) -> Result<Vec<ExpensePayment>, BookError> {
        let expense = self
            .draft
            .expenses
            .iter()
            .find(|e| e.id == Some(id))
            .ok_or(BookError::Missing(ItemKey::Expense(id)))?;
        self.lines_of_expense(expense)
    }

    /// The payments of `expense` in this folio (S5), converted into the folio's currency.
    pub fn lines_of_expense(&self, expense: &Expense) -> Result<Vec<ExpensePayment>, BookError> {
        let id = expense.id.ok_or(BookError::NoId)?;
        let frame = self.setting.frame()?;
        let plan = ExpensePlan::new(expense, &frame)
            .map_err(|errors| BookError::Expense { id, errors })?;
        let payments = plan
            .payments(&frame, &self.setting.rates)
            .map_err(|error| BookError::Payments { id, error })?;
        Ok(payments.iter().map(|p| p.to_wire()).collect())
    }

    /// The folio's expenditures (S8.4): the planned (`actual` false) or actual items of the cost
    /// (`revenue` false) or revenue side, from baseline `baseline`, or by default from the latest
    /// baseline covering the side, else the draft.
    pub fn expenditures(
        &self,
        baseline: Option<Id>,
        actual: bool,
        revenue: bool,
    ) -> Result<Items, BookError> {
        expenditures(
            &self.draft,
            self.baselines.iter().copied(),
            baseline,
            actual,
            revenue,
        )
        .map_err(BookError::Baseline)
    }

    /// The baseline the expenditures of a side come from (S8.4), `None` for the draft: whose
    /// frozen headers its positions show (S8.6).
    pub fn expenditure_source(
        &self,
        baseline: Option<Id>,
        actual: bool,
        revenue: bool,
    ) -> Result<Option<&'a BaselineSnapshot>, BookError> {
        super::baseline::source(self.baselines.iter().copied(), baseline, actual, revenue)
            .map_err(BookError::Baseline)
    }

    /// Approves `baseline` (S8.1): a snapshot of the draft's items of its type with their
    /// positions' `headers` as they are (S8.6), refused when the latest live baseline of that type
    /// froze the same.
    pub fn approve(
        &self,
        baseline: Baseline,
        headers: &[crate::model::budgeting::Position],
    ) -> Result<BaselineSnapshot, BaselineError> {
        approve(
            &self.draft,
            headers,
            self.baselines.iter().copied(),
            baseline,
        )
    }

    /// Applies one change to the draft, recosting only the item it touches in every ledger kept
    /// (S1.6: replacing one item's series is exact). A change the engine refuses (an invalid
    /// position or expense, a payment with no exchange rate, a sum too large) changes nothing:
    /// neither the draft nor any ledger kept, and says why.
    ///
    /// A position is costed with what the book was built with for its id: its own calendar and
    /// its synchronized hours (S3.4, S6.5b, S6.5c). A position the book did not hold has neither:
    /// it is costed on the folio's calendar from its own periods and hours (S6.5a, S6.5d).
    pub fn apply(&mut self, change: Change) -> Result<(), BookError> {
        let (key, item) = match change {
            Change::PutPosition(record) => {
                let key = ItemKey::Position(record.id);
                let live = record.deleted_on.is_none();
                (key, live.then_some(Change::PutPosition(record)))
            }
            Change::PutExpense(expense) => {
                let id = expense.id.ok_or(BookError::NoId)?;
                let live = expense.deleted_on.is_none();
                (
                    ItemKey::Expense(id),
                    live.then_some(Change::PutExpense(expense)),
                )
            }
            Change::RemovePosition(id) => (ItemKey::Position(id), None),
            Change::RemoveExpense(id) => (ItemKey::Expense(id), None),
        };
        // What the item was: put back into the ledgers already changed if a later one refuses.
        let before = match key {
            ItemKey::Position(id) => self
                .draft
                .positions
                .iter()
                .find(|p| p.id == id)
                .cloned()
                .map(Change::PutPosition),
            ItemKey::Expense(id) => self
                .draft
                .expenses
                .iter()
                .find(|e| e.id == Some(id))
                .cloned()
                .map(Change::PutExpense),
        };
        let frame = self.setting.frame()?;
        // The cost bases are built only when an item is put (a removal needs none).
        let bases = std::cell::OnceCell::new();
        let bases = || bases.get_or_init(|| self.setting.bases(frame));
        let change = |ledger: &mut Ledger, item: &Option<Change>| match item {
            Some(item) => put(ledger, item, &self.setting.context(bases()), frame),
            None => Ok(ledger.remove(key)?),
        };
        let mut changed = 0;
        let mut refusal = None;
        for costed in &mut self.costed {
            let Some(ledger) = costed.draft.as_mut() else {
                changed += 1;
                continue;
            };
            if let Err(error) = change(ledger, &item) {
                // A sum that overflowed midway may hold part of the item: costed afresh later.
                costed.draft = None;
                refusal = Some(error);
                break;
            }
            changed += 1;
        }
        if let Some(error) = refusal {
            for costed in &mut self.costed[..changed] {
                if let Some(ledger) = costed.draft.as_mut() {
                    if change(ledger, &before).is_err() {
                        costed.draft = None;
                    }
                }
            }
            return Err(error);
        }
        if let (0, Some(item)) = (changed, &item) {
            // No ledger kept: the item is costed on its own, to be refused alike.
            let periods = Periods::new(frame.period, Granularity::Month, frame.period.end());
            put(
                &mut Ledger::new(periods),
                item,
                &self.setting.context(bases()),
                frame,
            )?;
        }
        match item {
            Some(Change::PutPosition(record)) => {
                match self.draft.positions.iter_mut().find(|p| p.id == record.id) {
                    Some(slot) => *slot = record,
                    None => self.draft.positions.push(record),
                }
            }
            Some(Change::PutExpense(expense)) => {
                match self.draft.expenses.iter_mut().find(|e| e.id == expense.id) {
                    Some(slot) => *slot = expense,
                    None => self.draft.expenses.push(expense),
                }
            }
            _ => match key {
                ItemKey::Position(id) => self.draft.positions.retain(|p| p.id != id),
                ItemKey::Expense(id) => self.draft.expenses.retain(|e| e.id != Some(id)),
            },
        }
        Ok(())
    }

    /// Where each of the planned cost, the planned revenue and the actual side comes from:
    /// a baseline by id, or `None` for the draft.
    fn sources(&self, side: PlannedSide) -> Result<[Option<Id>; 3], BookError> {
        if let PlannedSide::Baseline(id) = side {
            // A baseline named must be a live one of this folio: never the draft instead.
            let live = self
                .baselines
                .iter()
                .any(|b| b.baseline.id == id && b.baseline.deleted_on.is_none());
            if !live {
                return Err(BookError::Baseline(BaselineError::NotFound { id }));
            }
        }
        let chosen = |flow| match side {
            PlannedSide::Draft => None,
            PlannedSide::Baseline(id) => Some(id),
            PlannedSide::Latest => {
                latest_covering(self.baselines.iter().copied(), flow).map(|b| b.baseline.id)
            }
        };
        Ok([
            chosen(Flow::PlannedCost),
            chosen(Flow::PlannedRevenue),
            None,
        ])
    }

    /// Costs the ledgers `side` needs at `as_of` by `granularity` (those already kept at these
    /// periods are reused), in the order planned cost, planned revenue, actual, so that the
    /// refusal is that of the first side that fails. Answers where they are kept and the sources.
    fn cost(
        &mut self,
        as_of: Date,
        granularity: Granularity,
        side: PlannedSide,
    ) -> Result<(usize, [Option<Id>; 3]), BookError> {
        let frame = self.setting.frame()?;
        let periods = Periods::new(frame.period, granularity, as_of);
        let sources = self.sources(side)?;
        let kept = match self.costed.iter().position(|c| c.periods == periods) {
            Some(kept) => kept,
            None => {
                if self.costed.len() >= KEPT_PERIODS {
                    self.costed.remove(0);
                }
                self.costed.push(Costed {
                    periods: periods.clone(),
                    draft: None,
                    baselines: Vec::new(),
                });
                self.costed.len() - 1
            }
        };
        let costed = &mut self.costed[kept];
        let missing = sources.iter().any(|source| match source {
            None => costed.draft.is_none(),
            Some(id) => !costed.baselines.iter().any(|(held, _)| held == id),
        });
        if !missing {
            return Ok((kept, sources));
        }
        // The cost bases are built only when a ledger is costed: a figure asked again at the
        // same periods costs nothing. A baseline is costed with its own positions' calendars as
        // approved (S8.6).
        for source in sources {
            match source {
                None if costed.draft.is_none() => {
                    let bases = self.setting.bases(frame);
                    let context = self.setting.context(&bases);
                    costed.draft = Some(Ledger::of_items(periods.clone(), &self.draft, &context)?);
                }
                Some(id) if !costed.baselines.iter().any(|(held, _)| *held == id) => {
                    if let Some(baseline) = self.baselines.iter().find(|b| b.baseline.id == id) {
                        let bases = self.setting.source_bases(frame, Some(id));
                        let context = self.setting.context(&bases);
                        let ledger = Ledger::of_items(periods.clone(), &baseline.items, &context)?;
                        costed.baselines.push((id, ledger));
                    }
                }
                _ => {}
            }
        }
        Ok((kept, sources))
    }

    /// The ledgers of `sources` kept at `kept`, costed by [`FolioBook::cost`].
    fn ledgers(&self, kept: usize, sources: [Option<Id>; 3]) -> Result<[&Ledger; 3], BookError> {
        let costed = self.costed.get(kept).ok_or(AnalyticsError::Overflow)?;
        let ledger = |source: Option<Id>| match source {
            None => costed.draft.as_ref(),
            Some(id) => costed
                .baselines
                .iter()
                .find(|(held, _)| *held == id)
                .map(|(_, ledger)| ledger),
        };
        match sources.map(ledger) {
            [Some(costs), Some(revenues), Some(actual)] => Ok([costs, revenues, actual]),
            // Never: `cost` put every source it answered.
            _ => Err(AnalyticsError::Overflow.into()),
        }
    }
}

/// Puts one item into `ledger`, costed in `context`.
fn put(
    ledger: &mut Ledger,
    item: &Change,
    context: &CostContext<'_>,
    frame: FolioFrame,
) -> Result<(), BookError> {
    match item {
        Change::PutPosition(record) => Ok(ledger.put_record(record, context)?),
        Change::PutExpense(expense) => {
            let id = expense.id.ok_or(BookError::NoId)?;
            let plan = ExpensePlan::new(expense, &frame)
                .map_err(|errors| BookError::Expense { id, errors })?;
            Ok(ledger.put_expense(ItemKey::Expense(id), &plan, &frame, context.rates)?)
        }
        Change::RemovePosition(_) | Change::RemoveExpense(_) => Ok(()),
    }
}
