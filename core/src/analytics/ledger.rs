//! Money by period and flow.

use core::fmt;
use std::collections::HashMap;

use chrono::NaiveDate;
use rust_decimal::Decimal;

pub use super::items::{Flow, ItemKey};
use super::line_mark::LineMark;
use crate::model::Id;
use crate::schedule::position::{CostOverflow, PositionError, PositionPlan};
use crate::schedule::{
    ConversionError, ExchangeRates, ExpenseError, ExpensePlan, FolioFrame, Granularity,
};
use crate::value::{Date, DateRange};

/// Why an analytics figure could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalyticsError {
    /// A payment needs an exchange rate no one supplied, or overflows (S5.3).
    Conversion(ConversionError),
    /// A position's records are invalid (S6).
    Position(PositionError),
    /// An expense is invalid (S5).
    Expense(Vec<ExpenseError>),
    /// A figure too large to hold exactly.
    Overflow,
}

impl fmt::Display for AnalyticsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyticsError::Conversion(error) => error.fmt(f),
            AnalyticsError::Position(error) => error.fmt(f),
            AnalyticsError::Expense(errors) => f.write_str(&crate::model::messages::joined(errors)),
            AnalyticsError::Overflow => f.write_str("a figure is too large to be held exactly"),
        }
    }
}

impl std::error::Error for AnalyticsError {}

impl From<ConversionError> for AnalyticsError {
    fn from(error: ConversionError) -> Self {
        AnalyticsError::Conversion(error)
    }
}

impl From<CostOverflow> for AnalyticsError {
    fn from(_: CostOverflow) -> Self {
        AnalyticsError::Overflow
    }
}

impl From<PositionError> for AnalyticsError {
    fn from(error: PositionError) -> Self {
        AnalyticsError::Position(error)
    }
}

/// `a + b`, or the overflow error: no sum of user figures may panic.
pub(crate) fn add(a: Decimal, b: Decimal) -> Result<Decimal, AnalyticsError> {
    a.checked_add(b).ok_or(AnalyticsError::Overflow)
}

/// `a - b`, or the overflow error.
pub(crate) fn sub(a: Decimal, b: Decimal) -> Result<Decimal, AnalyticsError> {
    a.checked_sub(b).ok_or(AnalyticsError::Overflow)
}

/// The sum of `values`, or the overflow error.
pub(crate) fn sum<'a>(
    values: impl IntoIterator<Item = &'a Decimal>,
) -> Result<Decimal, AnalyticsError> {
    values
        .into_iter()
        .try_fold(Decimal::ZERO, |total, value| add(total, *value))
}

/// The periods a folio's money is summed by: the buckets of a granularity inside the folio, the
/// one holding `asOf` cut after it, so that "to date" figures are exact sums of whole periods.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periods {
    folio: DateRange,
    granularity: Granularity,
    as_of: Date,
    starts: Vec<NaiveDate>,
    to_date: usize,
}

impl Periods {
    /// The periods of `folio` by `granularity`, cut after `as_of`.
    pub fn new(folio: DateRange, granularity: Granularity, as_of: Date) -> Periods {
        let (first, last) = (folio.start().naive(), folio.end().naive());
        let mut starts = vec![first];
        let mut bucket = granularity.start_of(first);
        while let Some(next) = granularity.end_of(bucket).succ_opt() {
            if next > last {
                break;
            }
            starts.push(next);
            bucket = next;
        }
        if let Some(cut) = as_of.naive().succ_opt() {
            if first < cut && cut <= last {
                let at = starts.partition_point(|start| *start < cut);
                if starts.get(at) != Some(&cut) {
                    starts.insert(at, cut);
                }
            }
        }
        let to_date = starts.partition_point(|start| *start <= as_of.naive());
        Periods {
            folio,
            granularity,
            as_of,
            starts,
            to_date,
        }
    }

    /// The first day of each period.
    pub fn starts(&self) -> &[NaiveDate] {
        &self.starts
    }

    /// How many periods there are.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether there is no period (never: a folio has at least one day).
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// How many leading periods lie on or before `asOf`.
    pub fn to_date(&self) -> usize {
        self.to_date
    }

    /// The date the periods are cut after.
    pub fn as_of(&self) -> Date {
        self.as_of
    }

    /// The folio's period.
    pub fn folio(&self) -> DateRange {
        self.folio
    }

    /// The index of the period holding `day` (days before the folio fall in the first).
    pub fn index_of(&self, day: NaiveDate) -> usize {
        self.starts
            .partition_point(|start| *start <= day)
            .saturating_sub(1)
    }

    /// The buckets of the granularity: (first day, last day, the periods they hold), the asOf cut
    /// merged back.
    pub fn buckets(&self) -> Vec<(NaiveDate, NaiveDate, std::ops::Range<usize>)> {
        let last = self.folio.end().naive();
        let mut buckets: Vec<(NaiveDate, NaiveDate, std::ops::Range<usize>)> = Vec::new();
        for (index, &start) in self.starts.iter().enumerate() {
            let bucket = self.granularity.start_of(start);
            match buckets.last_mut() {
                Some((first, _, range)) if self.granularity.start_of(*first) == bucket => {
                    range.end = index + 1;
                }
                _ => buckets.push((start, start, index..index + 1)),
            }
        }
        for (first, end, _) in &mut buckets {
            *end = self.granularity.end_of(*first).min(last);
        }
        buckets
    }
}

/// Whether a ledger keeps each item's series (to take an item out again: a book that is changed,
/// the browser's what-if) or only the sums and each item's whole and part to date (a book that
/// answers one request: a day timeline of 7,000 items over ten years held 400 MB of
/// series).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Series {
    /// Each item's series is kept: items can be replaced and taken out.
    Kept,
    /// Only the sums and each item's money are kept (over more than 400 periods; fewer are kept
    /// as [`Series::Kept`] keeps them): an item put a second time, or taken out, is the overflow
    /// error, which tells the book to cost the ledger afresh.
    Summed,
}

/// A summed ledger keeps the series of its items all the same when it has at most this many
/// periods (months of 33 years, weeks of 7): they cost little, and summing each item's whole when
/// it is put would cost every monthly read (6 % of a small folio's indicators).
const SERIES_KEPT_UP_TO: usize = 400;

/// One item of a ledger: its flow, and its series or (a summed ledger of many periods) only its
/// whole and part to date, `None` when a sum overflowed.
#[derive(Debug, Clone)]
struct Entry {
    flow: Flow,
    held: Result<Vec<Decimal>, Option<(Decimal, Decimal)>>,
    mark: LineMark,
}

/// The money of a folio's items by period: each item's money (and series, when kept), and the
/// sums of each flow.
#[derive(Debug, Clone)]
pub struct Ledger {
    periods: Periods,
    series: Series,
    items: HashMap<ItemKey, Entry>,
    sums: [Vec<Decimal>; 4],
}

impl Ledger {
    /// An empty ledger over `periods` that keeps each item's series.
    pub fn new(periods: Periods) -> Ledger {
        Ledger::keeping(periods, Series::Kept)
    }

    /// An empty ledger over `periods`, keeping each item's series or not.
    pub fn keeping(periods: Periods, series: Series) -> Ledger {
        let zeros = vec![Decimal::ZERO; periods.len()];
        Ledger {
            sums: [zeros.clone(), zeros.clone(), zeros.clone(), zeros],
            periods,
            series,
            items: HashMap::new(),
        }
    }

    /// The periods.
    pub fn periods(&self) -> &Periods {
        &self.periods
    }

    /// Whether an item can be replaced or taken out: the ledger keeps each item's series.
    pub fn takes_items_out(&self) -> bool {
        self.keeps_series()
    }

    /// Whether items put keep their series (a summed ledger keeps them over few periods).
    fn keeps_series(&self) -> bool {
        self.series == Series::Kept || self.periods.len() <= SERIES_KEPT_UP_TO
    }

    /// About how many bytes the ledger holds: its sums and each item's series or money (what the
    /// server's kept books count; not in the wasm package).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn footprint(&self) -> usize {
        let decimal = size_of::<Decimal>();
        let per_item = if self.keeps_series() {
            self.periods.len() * decimal
        } else {
            0
        };
        // A hash map's slot holds the key and the entry, and about one slot in eight is empty.
        let slot = (size_of::<ItemKey>() + size_of::<Entry>()) * 9 / 8;
        self.sums.len() * self.periods.len() * decimal + self.items.len() * (slot + per_item)
    }

    /// Puts (or replaces) a position's money: its atoms summed per period (S6.7).
    pub fn put_position(
        &mut self,
        key: ItemKey,
        flow: Flow,
        plan: &PositionPlan<'_>,
    ) -> Result<(), AnalyticsError> {
        let series = plan.amounts_by_period(self.periods.starts())?;
        self.put(key, flow, series)
    }

    /// Puts (or replaces) an expense's money: its converted payments summed per period (S5).
    pub fn put_expense(
        &mut self,
        key: ItemKey,
        plan: &ExpensePlan,
        folio: &FolioFrame,
        rates: &ExchangeRates,
    ) -> Result<(), AnalyticsError> {
        let mut series = vec![Decimal::ZERO; self.periods.len()];
        for payment in plan.payments(folio, rates)? {
            let slot = &mut series[self.periods.index_of(payment.date.naive())];
            *slot = slot
                .checked_add(payment.converted)
                .ok_or(AnalyticsError::Overflow)?;
        }
        self.put(key, Flow::of_expense(plan.kind()), series)
    }

    /// Puts (or replaces) an item's money per period.
    pub fn put(
        &mut self,
        key: ItemKey,
        flow: Flow,
        series: Vec<Decimal>,
    ) -> Result<(), AnalyticsError> {
        if series.len() != self.periods.len() {
            return Err(AnalyticsError::Overflow);
        }
        self.remove(key)?;
        let sums = &mut self.sums[flow.index()];
        for (sum, value) in sums.iter_mut().zip(&series) {
            // Most of an expense's periods hold nothing. Adding zero to a sum that is not zero
            // gives that sum as it is (rust_decimal keeps its scale: 5 + 0.00 = 5), so it is
            // skipped; a zero sum plus zero takes the zero's scale, so that one is still added.
            if !value.is_zero() || sum.is_zero() {
                *sum = sum.checked_add(*value).ok_or(AnalyticsError::Overflow)?;
            }
        }
        let held = if self.keeps_series() {
            Ok(series)
        } else {
            Err(sum(&series)
                .and_then(|total| Ok((total, sum(&series[..self.periods.to_date()])?)))
                .ok())
        };
        self.items.insert(
            key,
            Entry {
                flow,
                held,
                mark: LineMark::None,
            },
        );
        Ok(())
    }

    /// Marks an item put: what it realises, or that its line is complete (S9.12). An item the
    /// ledger does not hold is not marked.
    pub fn set_mark(&mut self, key: ItemKey, mark: LineMark) {
        if let Some(entry) = self.items.get_mut(&key) {
            entry.mark = mark;
        }
    }

    /// An item's mark (S9.12); none for an item the ledger does not hold.
    pub fn mark(&self, key: ItemKey) -> LineMark {
        self.items
            .get(&key)
            .map_or(LineMark::None, |entry| entry.mark)
    }

    /// Takes an item out. Its series was added to the sums without overflow, so taking it away
    /// cannot overflow either; were it to, the overflow error says the ledger is to be costed
    /// afresh. (Every figure the limits allow holds far fewer than 28 significant digits, so no
    /// sum was rounded when the item was added, and taking it away gives the sum without it.)
    /// In a ledger that does not keep series, an item held cannot be taken out: the overflow
    /// error, so that the ledger is costed afresh.
    pub fn remove(&mut self, key: ItemKey) -> Result<(), AnalyticsError> {
        match self.items.get(&key) {
            None => return Ok(()),
            Some(Entry { held: Err(_), .. }) => return Err(AnalyticsError::Overflow),
            Some(_) => {}
        }
        if let Some(Entry {
            flow,
            held: Ok(series),
            ..
        }) = self.items.remove(&key)
        {
            for (sum, value) in self.sums[flow.index()].iter_mut().zip(series) {
                *sum = sum.checked_sub(value).ok_or(AnalyticsError::Overflow)?;
            }
        }
        Ok(())
    }

    /// One item's money: (its whole, its part dated on or before asOf), or `None` when the
    /// ledger does not hold it; the overflow error when a sum overflows.
    pub fn item(&self, key: ItemKey) -> Result<Option<(Decimal, Decimal)>, AnalyticsError> {
        match self.items.get(&key).map(|entry| &entry.held) {
            None => Ok(None),
            Some(Ok(series)) => {
                let total = sum(series)?;
                let to_date = sum(&series[..self.periods.to_date()])?;
                Ok(Some((total, to_date)))
            }
            Some(Err(money)) => money.map(Some).ok_or(AnalyticsError::Overflow),
        }
    }

    /// The items of `flow`, each with (its whole, its part dated on or before asOf), in the order
    /// of their keys (positions, then expenses, by id): the lines a sum of the flow is made of.
    /// The overflow error when a sum overflows.
    pub fn items_of(&self, flow: Flow) -> Result<Vec<(ItemKey, Decimal, Decimal)>, AnalyticsError> {
        let mut keys: Vec<ItemKey> = self
            .items
            .iter()
            .filter(|(_, entry)| entry.flow == flow)
            .map(|(key, _)| *key)
            .collect();
        keys.sort_unstable();
        keys.into_iter()
            .map(|key| {
                let (total, to_date) = self.item(key)?.unwrap_or_default();
                Ok((key, total, to_date))
            })
            .collect()
    }

    /// Each item of `flow`, in no order, with its whole (`None` when its sum overflows) and its
    /// mark (S9.12): what the EAC by what is scheduled reads without ordering or naming anything.
    pub(crate) fn wholes_of(
        &self,
        flow: Flow,
    ) -> impl Iterator<Item = (ItemKey, Option<Decimal>, LineMark)> + '_ {
        self.items
            .iter()
            .filter(move |(_, entry)| entry.flow == flow)
            .map(|(key, entry)| {
                let whole = match &entry.held {
                    Ok(series) => sum(series).ok(),
                    Err(money) => money.map(|(total, _)| total),
                };
                (*key, whole, entry.mark)
            })
    }

    /// In a draft's ledger, the planned cost not yet covered by what realises it, over the open
    /// lines (S9.10, S9.12): the EAC by what is scheduled is the known cost plus this. The same sum
    /// as the cost lines' forecasts less their known cost, read off this ledger alone, unordered:
    /// each indicators read of a folio by this method pays it (every figure is a sum of rounded
    /// atoms, so the order of the additions changes nothing).
    pub(crate) fn uncovered(&self) -> Result<Decimal, AnalyticsError> {
        let mut known: HashMap<ItemKey, Decimal> = HashMap::new();
        for (_, whole, mark) in self.wholes_of(Flow::ActualCost) {
            if let LineMark::Realises(target) = mark {
                let slot = known.entry(target).or_insert(Decimal::ZERO);
                *slot = add(*slot, whole.ok_or(AnalyticsError::Overflow)?)?;
            }
        }
        let mut uncovered = Decimal::ZERO;
        for (key, whole, mark) in self.wholes_of(Flow::PlannedCost) {
            let plan = whole.ok_or(AnalyticsError::Overflow)?;
            if mark != LineMark::Complete {
                let covered = known.get(&key).copied().unwrap_or(Decimal::ZERO);
                uncovered = add(uncovered, sub(plan, covered)?.max(Decimal::ZERO))?;
            }
        }
        Ok(uncovered)
    }

    /// The items of `flow` with their money over the periods `range` (those with none left out),
    /// in key order: the lines of a timeline cell. `None` when the ledger does not keep
    /// its items' series (a summed ledger of many periods).
    pub fn items_in(
        &self,
        flow: Flow,
        range: std::ops::Range<usize>,
    ) -> Result<Option<Vec<(ItemKey, Decimal)>>, AnalyticsError> {
        let mut lines = Vec::new();
        for (key, entry) in self.items.iter().filter(|(_, entry)| entry.flow == flow) {
            let Ok(series) = &entry.held else {
                return Ok(None);
            };
            let money = sum(series.get(range.clone()).unwrap_or_default())?;
            if !money.is_zero() {
                lines.push((*key, money));
            }
        }
        lines.sort_unstable_by_key(|(key, _)| *key);
        Ok(Some(lines))
    }

    /// The sums of a flow per period.
    pub fn flow(&self, flow: Flow) -> &[Decimal] {
        &self.sums[flow.index()]
    }

    /// The whole of a flow, or the overflow error.
    pub fn total(&self, flow: Flow) -> Result<Decimal, AnalyticsError> {
        sum(self.flow(flow))
    }

    /// The part of a flow dated on or before asOf, or the overflow error.
    pub fn to_date(&self, flow: Flow) -> Result<Decimal, AnalyticsError> {
        sum(&self.flow(flow)[..self.periods.to_date()])
    }
}

/// What costing a folio's items needs besides the items: the folio's cost basis, exchange rates,
/// overtime rules, synchronized hours by position and the cost bases of positions that have
/// calendars of their own (S3.4).
#[derive(Debug, Clone, Copy)]
pub struct CostContext<'a> {
    /// The folio's period, currency and calendar.
    pub basis: &'a crate::schedule::position::CostBasis<'a>,
    /// Exchange rates (S5.3).
    pub rates: &'a ExchangeRates,
    /// Overtime rules by id (S6.6).
    pub overtime_rules: &'a [crate::model::budgeting::OvertimeRule],
    /// Worklog or billed hours of synchronized positions, by position id (S6.5b, S6.5c).
    pub synced: &'a HashMap<Id, crate::schedule::DailyHours>,
    /// Cost bases of positions with their own holiday or workload scheme, by position id.
    pub own_bases: &'a HashMap<Id, crate::schedule::position::CostBasis<'a>>,
}

impl Ledger {
    /// The ledger of `items`: every position costed and every expense paid over `periods`,
    /// keeping each item's series or not.
    pub fn of_items(
        periods: Periods,
        series: Series,
        items: &super::items::Items,
        context: &CostContext<'_>,
    ) -> Result<Ledger, AnalyticsError> {
        let mut ledger = Ledger::keeping(periods, series);
        for position in &items.positions {
            ledger.put_record(position, context)?;
        }
        let frame = context.basis.folio();
        for expense in &items.expenses {
            let Some(id) = expense.id else { continue };
            let plan = ExpensePlan::new(expense, &frame).map_err(AnalyticsError::Expense)?;
            ledger.put_expense(ItemKey::Expense(id), &plan, &frame, context.rates)?;
            ledger.set_mark(ItemKey::Expense(id), LineMark::of_expense(expense));
        }
        Ok(ledger)
    }

    /// Puts (or replaces) one position record, costed in `context`.
    pub fn put_record(
        &mut self,
        position: &crate::schedule::position::PositionRecord,
        context: &CostContext<'_>,
    ) -> Result<(), AnalyticsError> {
        let overtime = position.ot_rule_id.and_then(|id| {
            context
                .overtime_rules
                .iter()
                .find(|rule| rule.id == Some(id))
        });
        let input = position.input(overtime, context.synced.get(&position.id));
        let basis = context.own_bases.get(&position.id).unwrap_or(context.basis);
        let plan = PositionPlan::new(input, basis)?;
        self.put_position(
            ItemKey::Position(position.id),
            Flow::of_position(position.kind, position.revenue),
            &plan,
        )?;
        self.set_mark(
            ItemKey::Position(position.id),
            LineMark::of_position(position),
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ledger() -> Ledger {
        let day = |text: &str| text.parse::<Date>().unwrap();
        let folio =
            DateRange::between(day("2026-01-01").naive(), day("2026-03-31").naive()).unwrap();
        Ledger::new(Periods::new(folio, Granularity::Month, day("2026-02-15")))
    }

    /// The sums are exactly those of adding every value, scales included: the skipped additions
    /// of zero change nothing, and a zero sum takes the scale of the zero added to it.
    #[test]
    fn sums_are_the_plain_sums_of_the_series_scales_included() {
        let d = |text: &str| text.parse::<Decimal>().unwrap();
        let series: [&[&str]; 5] = [
            &["0.00", "0.00", "0.00", "0"],
            &["0", "0", "0.000", "0"],
            &["5", "0", "0.00", "1.5"],
            &["0.00", "2.25", "0", "0"],
            &["-5", "0.0", "0", "-0.50"],
        ];
        let mut ledger = ledger();
        assert_eq!(
            ledger.periods().len(),
            4,
            "three months, February cut at asOf"
        );
        let mut want = [Decimal::ZERO; 4];
        for (id, values) in series.iter().enumerate() {
            let values: Vec<Decimal> = values.iter().map(|v| d(v)).collect();
            for (sum, value) in want.iter_mut().zip(&values) {
                *sum = sum.checked_add(*value).unwrap();
            }
            let key = ItemKey::Expense(Id::from(id as u64));
            ledger.put(key, Flow::PlannedCost, values).unwrap();
            let got: Vec<String> = ledger
                .flow(Flow::PlannedCost)
                .iter()
                .map(|v| v.to_string())
                .collect();
            let expected: Vec<String> = want.iter().map(|v| v.to_string()).collect();
            assert_eq!(got, expected, "after item {id}");
        }
    }
}
