//! What a position costs or earns (S6): planned effort from capacity and allocations, rates in
//! force day by day, hours periods, synchronized hours, overtime, and payment lines per bucket and
//! rate built from rounded day atoms (S1.6).
//!
//! Hours are kept as exact decimals in units of 1/360,000 of an hour: a planned day is its capacity
//! in seconds times its percentage, an entered hundredth of an hour is 3,600 units, a second 100.
//! So an atom is `round(units x rate x coefficient / 360,000)`: multiplied first, divided once
//! (S1.5).
//!
//! The folio is cut into segments at every point where something changes (allocation bounds,
//! rate dates, holidays, hours periods, bucket bounds); inside a segment the days are counted per
//! weekday in constant time and grouped into kinds that share the same hours and so the same atom.
//! Decimal work is done once per kind and line, not per day. Days whose hours come from data
//! (hours periods, worklogs, billed hours) and weeks under a WEEKLY overtime rule are walked day by
//! day, since each day can differ; full plan-driven weeks under a WEEKLY rule are computed once per
//! distinct week and reused.

mod rules;
mod spread;

use std::collections::HashMap;

use crate::table::Table;

use chrono::{Datelike, Days, NaiveDate, Weekday};
use rust_decimal::Decimal;

pub use rules::{
    check_allocation, check_allocation_removal, check_hours_period, check_rate, check_rate_removal,
    PositionError,
};
pub use spread::spread_hundredths;

use super::bucket::Granularity;
use super::worklog::DailyHours;
use super::FolioFrame;
use crate::calendar::Calendar;
use crate::model::budgeting::{
    self as wire, Allocation, HoursPeriod, OvertimeFrequency, OvertimeRule, PositionKind, Rate,
};
use crate::value::{Date, DateRange, Exact, HourlyRate};

/// Units of effort per hour: 1 unit is 1/100 of a second.
pub const UNITS_PER_HOUR: i64 = 360_000;

fn units_per_hour() -> Decimal {
    Decimal::from(UNITS_PER_HOUR)
}

/// A position's own records, as the engine needs them. Deleted records are skipped.
#[derive(Debug, Clone, Copy)]
pub struct PositionInput<'a> {
    /// The kind of position.
    pub kind: PositionKind,
    /// Its allocation periods (one for a planned position or a consulting revenue).
    pub allocations: &'a [Allocation],
    /// Its rate history.
    pub rates: &'a [Rate],
    /// Its worked-hours or billable-hours periods.
    pub hours: &'a [HoursPeriod],
    /// Whether the position itself is deleted (it then pays nothing, S5.1).
    pub deleted: bool,
    /// Its overtime rule, if it names one; a deleted rule counts as none (S6.6).
    pub overtime: Option<&'a OvertimeRule>,
    /// Worklog or billed hours per day, when the folio synchronizes this position (S6.5b, S6.5c).
    pub synced: Option<&'a DailyHours>,
}

/// What positions are costed against: the folio and a calendar (S3.4), with the calendar's
/// holidays inside the folio worked out once, for every position that shares them.
#[derive(Debug, Clone)]
pub struct CostBasis<'a> {
    folio: FolioFrame,
    calendar: &'a Calendar,
    holidays: Vec<(NaiveDate, u32)>,
}

impl<'a> CostBasis<'a> {
    /// The basis of the positions of `folio` that work by `calendar`.
    pub fn new(folio: FolioFrame, calendar: &'a Calendar) -> CostBasis<'a> {
        let holidays = calendar
            .holidays()
            .holidays_in(folio.period)
            .into_iter()
            .map(|(date, seconds)| (date.naive(), seconds))
            .collect();
        CostBasis {
            folio,
            calendar,
            holidays,
        }
    }

    /// The folio's period and currency.
    pub fn folio(&self) -> FolioFrame {
        self.folio
    }

    /// The calendar.
    pub fn calendar(&self) -> &'a Calendar {
        self.calendar
    }
}

/// An overtime rule in units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Overtime {
    threshold: Decimal,
    frequency: OvertimeFrequency,
    coefficient: Decimal,
}

/// The hours of one day after the overtime split, in units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct DayHours {
    regular: Decimal,
    overtime: Decimal,
}

/// One payment line (S6.7): a bucket and a rate record, with exact sums of its days.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentLine {
    /// The first day of the line's span (bucket x folio x the days the rate is in force).
    pub date: Date,
    /// The rate used, as stored.
    pub rate: HourlyRate,
    /// Regular effort in units of 1/360,000 h, exact.
    pub regular_units: Decimal,
    /// Overtime effort in units of 1/360,000 h, exact.
    pub overtime_units: Decimal,
    /// The sum of the days' regular atoms.
    pub amount: Decimal,
    /// The sum of the days' overtime atoms.
    pub overtime_amount: Decimal,
}

impl PaymentLine {
    /// Regular hours (28 significant digits where the division does not end).
    pub fn effort(&self) -> Decimal {
        self.regular_units / units_per_hour()
    }

    /// Overtime hours.
    pub fn overtime_effort(&self) -> Decimal {
        self.overtime_units / units_per_hour()
    }

    /// `amount + overtimeAmount`.
    pub fn total_amount(&self) -> Decimal {
        self.amount + self.overtime_amount
    }

    /// The wire line: hours rounded to 2 decimals, `totalEffort` the sum of the rounded hours
    /// (S6.7).
    pub fn to_wire(&self) -> wire::ExpensePayment {
        let effort = round_hours(self.effort());
        let overtime_effort = round_hours(self.overtime_effort());
        wire::ExpensePayment {
            date: self.date,
            amount: Exact::of(self.amount),
            total_amount: Some(Exact::of(self.total_amount())),
            overtime_amount: Some(Exact::of(self.overtime_amount)),
            rate: Some(self.rate),
            effort: Some(Exact::of(effort)),
            overtime_effort: Some(Exact::of(overtime_effort)),
            total_effort: Some(Exact::of(effort + overtime_effort)),
        }
    }
}

/// Hours rounded half away from zero to 2 decimals, as emitted (S1.5).
pub fn round_hours(hours: Decimal) -> Decimal {
    let mut rounded =
        hours.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    rounded.rescale(2);
    rounded
}

/// A figure beyond what a decimal holds: a rate so large that its amounts overflow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CostOverflow;

impl core::fmt::Display for CostOverflow {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the position's amounts are too large to be held exactly")
    }
}

impl std::error::Error for CostOverflow {}

/// Totals of a position over the whole folio: exact sums of its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PositionTotals {
    /// Regular effort in units of 1/360,000 h.
    pub regular_units: Decimal,
    /// Overtime effort in units.
    pub overtime_units: Decimal,
    /// Sum of regular atoms.
    pub amount: Decimal,
    /// Sum of overtime atoms.
    pub overtime_amount: Decimal,
}

/// A validated position, ready to cost (S6).
///
/// ```
/// use costfolio::calendar::{Calendar, HolidayScheme, WorkloadScheme};
/// use costfolio::model::{budgeting::{Allocation, PositionKind, Rate}, Id};
/// use costfolio::schedule::position::{CostBasis, PositionPlan, PositionRecord};
/// use costfolio::schedule::{FolioFrame, Granularity};
/// use costfolio::value::{Date, DateRange, HourlyRate, Percentage};
///
/// let day = |text: &str| text.parse::<Date>().unwrap();
/// let frame = FolioFrame {
///     period: DateRange::new(day("2026-03-01"), day("2026-04-30")).unwrap(),
///     currency: "EUR".parse().unwrap(),
/// };
/// let calendar = Calendar::new(WorkloadScheme::standard(), HolidayScheme::default());
/// let basis = CostBasis::new(frame, &calendar);
/// // Half time for the week of March 2, at 100 an hour.
/// let record = PositionRecord {
///     id: Id::new(1),
///     kind: PositionKind::PlannedPositionByTimeFrame,
///     revenue: false,
///     allocations: vec![Allocation {
///         start_date: day("2026-03-02"),
///         end_date: day("2026-03-06"),
///         percentage: Percentage::new(50.into()).unwrap(),
///         deleted_on: None,
///         id: None,
///     }],
///     rates: vec![Rate {
///         rate: HourlyRate::new(100.into()).unwrap(),
///         start_date: day("2026-03-02"),
///         deleted_on: None,
///         id: None,
///     }],
///     hours: vec![],
///     ot_rule_id: None,
///     deleted_on: None,
/// };
/// let plan = PositionPlan::new(record.input(None, None), &basis).unwrap();
/// let lines = plan.lines(Granularity::Month).unwrap();
/// assert_eq!(lines.len(), 1);
/// let line = lines[0].to_wire();
/// assert_eq!((line.date.to_string(), line.amount.to_string()), ("2026-03-01".into(), "2000.00".into()));
/// ```
#[derive(Debug, Clone)]
pub struct PositionPlan<'a> {
    basis: &'a CostBasis<'a>,
    synced: Option<&'a DailyHours>,
    deleted: bool,
    /// Live allocation periods, sorted: (first day, last day, percentage).
    allocations: Vec<(NaiveDate, NaiveDate, Decimal)>,
    /// Live rates, sorted by start date (at least one).
    rates: Vec<(NaiveDate, HourlyRate)>,
    /// Hours periods spread over their days: (regular, overtime) hundredths per day.
    overrides: Table<(u64, u64), NaiveDate>,
    /// The ranges the hours periods cover, sorted.
    override_ranges: Vec<(NaiveDate, NaiveDate)>,
    overtime: Option<Overtime>,
}

impl<'a> PositionPlan<'a> {
    /// Validates a position's records: at least one rate and no two on one date (S6.4),
    /// allocations and hours periods neither inverted nor overlapping (S6.2, S6.5).
    pub fn new(
        input: PositionInput<'a>,
        basis: &'a CostBasis<'a>,
    ) -> Result<PositionPlan<'a>, PositionError> {
        let mut allocations = Vec::with_capacity(input.allocations.len());
        for allocation in input.allocations.iter().filter(|a| a.deleted_on.is_none()) {
            let period = allocation.period().map_err(PositionError::Inverted)?;
            allocations.push((
                period.start().naive(),
                period.end().naive(),
                allocation.percentage.get(),
            ));
        }
        crate::order::sort_by_key(&mut allocations, |&(start, _, _)| start);
        // Sorted by start, two periods overlap exactly when one starts before the previous ends.
        for pair in allocations.windows(2) {
            if pair[1].0 <= pair[0].1 {
                let other = DateRange::between(pair[0].0, pair[0].1);
                return Err(other.map_or(PositionError::LastAllocation, |other| {
                    PositionError::AllocationOverlap { other }
                }));
            }
        }

        let mut rates: Vec<(NaiveDate, HourlyRate)> = input
            .rates
            .iter()
            .filter(|r| r.deleted_on.is_none())
            .map(|r| (r.start_date.naive(), r.rate))
            .collect();
        if rates.is_empty() {
            return Err(PositionError::LastRate);
        }
        crate::order::sort_by_key(&mut rates, |&(start, _)| start);
        if let Some(pair) = rates.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(PositionError::RateDateExists {
                date: Date::from_naive(pair[0].0),
            });
        }

        let mut overrides = Table::new();
        let mut override_ranges = Vec::new();
        let mut live_hours: Vec<HoursPeriod> = Vec::new();
        for period in input.hours.iter().filter(|p| p.deleted_on.is_none()) {
            let range = check_hours_period(&live_hours, period, None)?;
            live_hours.push(period.clone());
            override_ranges.push((range.start().naive(), range.end().naive()));
            let hundredths = |hours: Decimal| {
                u64::try_from((hours * Decimal::ONE_HUNDRED).trunc().mantissa()).unwrap_or(0)
            };
            for day in range.iter_days() {
                overrides.insert(day, (0, 0));
            }
            let spread = |hours| spread_hundredths(range, basis.calendar, hundredths(hours));
            for (day, share) in spread(period.effort.get()) {
                overrides.slot(day, || (0, 0)).0 = share;
            }
            for (day, share) in spread(period.ot_effort.get()) {
                overrides.slot(day, || (0, 0)).1 = share;
            }
        }
        crate::order::sort_by_key(&mut override_ranges, |&range| range);

        let overtime = input
            .overtime
            .filter(|rule| rule.deleted_on.is_none())
            .map(|rule| Overtime {
                threshold: rule.regular_hours.get() * units_per_hour(),
                frequency: rule.frequency,
                coefficient: rule.coefficient.get(),
            });
        Ok(PositionPlan {
            basis,
            synced: input.synced,
            deleted: input.deleted,
            allocations,
            rates,
            overrides,
            override_ranges,
            overtime,
        })
    }

    /// The payment lines, one per bucket and rate record with effort, in date order (S6.7).
    pub fn lines(&self, granularity: Granularity) -> Result<Vec<PaymentLine>, CostOverflow> {
        self.lines_by(Buckets::Granular(granularity))
    }

    /// The money of each period `starts[i]..starts[i + 1]` (the last running to the folio's end):
    /// regular plus overtime atoms, exact sums (S1.6). `starts` must be ascending; days before the
    /// first start count in the first period.
    pub fn amounts_by_period(&self, starts: &[NaiveDate]) -> Result<Vec<Decimal>, CostOverflow> {
        let mut sums = vec![Decimal::ZERO; starts.len().max(1)];
        for line in self.lines_by(Buckets::Starts(starts))? {
            let index = starts
                .partition_point(|start| *start <= line.date.naive())
                .saturating_sub(1);
            sums[index] = sums[index]
                .checked_add(line.total_amount())
                .ok_or(CostOverflow)?;
        }
        Ok(sums)
    }

    fn lines_by(&self, buckets: Buckets<'_>) -> Result<Vec<PaymentLine>, CostOverflow> {
        if self.deleted {
            return Ok(Vec::new());
        }
        let mut walk = Walk::new(self, buckets);
        let points = self.change_points(buckets);
        for pair in points.windows(2) {
            if let Some(end) = pair[1].pred_opt() {
                walk.segment(pair[0], end);
            }
        }
        walk.finish()
    }

    /// The totals over the whole folio, each the exact sum of the lines.
    pub fn totals(&self) -> Result<PositionTotals, CostOverflow> {
        let mut totals = PositionTotals::default();
        for line in self.lines(Granularity::Month)? {
            totals.regular_units += line.regular_units;
            totals.overtime_units += line.overtime_units;
            totals.amount = totals.amount.checked_add(line.amount).ok_or(CostOverflow)?;
            totals.overtime_amount = totals
                .overtime_amount
                .checked_add(line.overtime_amount)
                .ok_or(CostOverflow)?;
        }
        Ok(totals)
    }

    fn weekly(&self) -> bool {
        matches!(
            self.overtime,
            Some(Overtime {
                frequency: OvertimeFrequency::Weekly,
                ..
            })
        )
    }

    /// Every date on which something may change, from the folio's start to the day after its end.
    fn change_points(&self, buckets: Buckets<'_>) -> Vec<NaiveDate> {
        let period = self.basis.folio.period;
        let (first, last) = (period.start().naive(), period.end().naive());
        let after_last = last.succ_opt().unwrap_or(last);
        let mut points = Vec::with_capacity(64 + 2 * self.basis.holidays.len());
        points.extend([first, after_last]);
        let mut push = |day: NaiveDate| {
            if first < day && day <= last {
                points.push(day);
            }
        };
        let mut push_range = |start: NaiveDate, end: NaiveDate| {
            push(start);
            if let Some(next) = end.succ_opt() {
                push(next);
            }
        };
        for &(start, end, _) in &self.allocations {
            push_range(start, end);
        }
        for &(start, end) in &self.override_ranges {
            push_range(start, end);
        }
        for &(day, _) in &self.basis.holidays {
            push_range(day, day);
        }
        for &(start, _) in &self.rates {
            push(start);
        }
        match buckets {
            Buckets::Granular(granularity) => {
                let mut bucket = granularity.start_of(first);
                while bucket <= last {
                    push(bucket);
                    let Some(next) = granularity.end_of(bucket).succ_opt() else {
                        break;
                    };
                    bucket = next;
                }
            }
            Buckets::Starts(starts) => starts.iter().for_each(|&start| push(start)),
        }
        if self.weekly() && buckets != Buckets::Granular(Granularity::Day) {
            let mut monday = Granularity::Week.start_of(first);
            while monday <= last {
                push(monday);
                let Some(next) = monday.checked_add_days(Days::new(7)) else {
                    break;
                };
                monday = next;
            }
        }
        points.sort_unstable();
        points.dedup();
        points
    }

    /// The index of the rate in force on `day`: the latest starting on or before it, or before
    /// the first, the first (S6.4).
    fn rate_index(&self, day: NaiveDate) -> usize {
        self.rates
            .partition_point(|&(start, _)| start <= day)
            .saturating_sub(1)
    }

    /// The index of the allocation period holding `day`, if one does.
    fn allocation_index(&self, day: NaiveDate) -> Option<usize> {
        let index = self
            .allocations
            .partition_point(|&(start, _, _)| start <= day)
            .checked_sub(1)?;
        (day <= self.allocations[index].1).then_some(index)
    }

    fn overridden(&self, day: NaiveDate) -> bool {
        let index = self
            .override_ranges
            .partition_point(|&(start, _)| start <= day);
        index
            .checked_sub(1)
            .is_some_and(|i| day <= self.override_ranges[i].1)
    }

    /// Effort of `day` before the overtime split, in units: (hours, explicit overtime) (S6.5).
    fn day_effort(&self, day: NaiveDate) -> (Decimal, Decimal) {
        if let Some(&(effort, overtime)) = self.overrides.get(&day) {
            let per_hundredth = Decimal::from(UNITS_PER_HOUR / 100);
            return (
                Decimal::from(effort) * per_hundredth,
                Decimal::from(overtime) * per_hundredth,
            );
        }
        if let Some(synced) = self.synced {
            let seconds = Decimal::from(synced.seconds_on(day));
            return (seconds * Decimal::ONE_HUNDRED, Decimal::ZERO);
        }
        let capacity = self.basis.calendar.capacity_seconds(Date::from_naive(day));
        let percentage = self
            .allocation_index(day)
            .map_or(Decimal::ZERO, |index| self.allocations[index].2);
        (Decimal::from(capacity) * percentage, Decimal::ZERO)
    }
}

/// How the days of a walk are grouped into lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Buckets<'s> {
    /// Days, ISO weeks or months.
    Granular(Granularity),
    /// Periods beginning on each of these ascending dates.
    Starts(&'s [NaiveDate]),
}

impl Buckets<'_> {
    fn start_of(self, day: NaiveDate) -> NaiveDate {
        match self {
            Buckets::Granular(granularity) => granularity.start_of(day),
            Buckets::Starts(starts) => {
                let index = starts.partition_point(|start| *start <= day);
                let first = starts.first().copied().unwrap_or(day);
                index.checked_sub(1).map_or(first, |i| starts[i])
            }
        }
    }
}

/// One line being accumulated: its key, and where its day counts begin in `Walk::counts`.
struct OpenLine {
    bucket: NaiveDate,
    rate: usize,
    first_count: usize,
}

/// How many kinds a walk searches one by one before it indexes them by hash.
const KINDS_SEARCHED_IN_ORDER: usize = 16;

/// The accumulation of one `lines` call.
struct Walk<'p, 'a> {
    plan: &'p PositionPlan<'a>,
    buckets: Buckets<'p>,
    kinds: Vec<DayHours>,
    /// The kinds by hours, once there are more than [`KINDS_SEARCHED_IN_ORDER`]; empty before.
    kind_index: HashMap<DayHours, usize>,
    /// Lines in key order: (bucket, rate) only ever grows along the walk.
    lines: Vec<OpenLine>,
    /// (kind, days) of every line, each line's counts contiguous and after the previous line's.
    counts: Vec<(usize, u64)>,
    /// Planned kinds by (capacity seconds, allocation index), without a WEEKLY rule.
    planned: Vec<(u32, usize, Option<usize>)>,
    /// Units worked so far in the current ISO week (WEEKLY rule).
    week_so_far: Decimal,
    week_of: Option<NaiveDate>,
    /// Full planned weeks already computed, by allocation index: the kind of each day.
    full_weeks: Vec<(usize, [Option<usize>; 7])>,
}

impl<'p, 'a> Walk<'p, 'a> {
    fn new(plan: &'p PositionPlan<'a>, buckets: Buckets<'p>) -> Self {
        Walk {
            plan,
            buckets,
            kinds: Vec::new(),
            kind_index: HashMap::new(),
            lines: Vec::with_capacity(64),
            counts: Vec::with_capacity(128),
            planned: Vec::new(),
            week_so_far: Decimal::ZERO,
            week_of: None,
            full_weeks: Vec::new(),
        }
    }

    /// The kind of a day with `effort` and explicit `overtime` units, after the overtime split
    /// (S6.6); `None` for a day without effort.
    fn kind(&mut self, effort: Decimal, explicit: Decimal) -> Option<usize> {
        let regular = match self.plan.overtime {
            None => effort,
            Some(rule) => match rule.frequency {
                OvertimeFrequency::Daily => effort.min(rule.threshold),
                OvertimeFrequency::Weekly => {
                    let room = (rule.threshold - self.week_so_far).max(Decimal::ZERO);
                    self.week_so_far += effort;
                    effort.min(room)
                }
            },
        };
        let hours = DayHours {
            regular,
            overtime: effort - regular + explicit,
        };
        if hours.regular.is_zero() && hours.overtime.is_zero() {
            return None;
        }
        // A walk usually meets a handful of kinds: they are searched in order, and indexed by hash
        // only once there are many (hours synchronized from worklogs, say).
        if self.kind_index.is_empty() {
            if let Some(index) = self.kinds.iter().position(|kind| *kind == hours) {
                return Some(index);
            }
        } else if let Some(&index) = self.kind_index.get(&hours) {
            return Some(index);
        }
        let next = self.kinds.len();
        self.kinds.push(hours);
        if !self.kind_index.is_empty() {
            self.kind_index.insert(hours, next);
        } else if self.kinds.len() > KINDS_SEARCHED_IN_ORDER {
            self.kind_index = self.kinds.iter().copied().zip(0..).collect();
        }
        Some(next)
    }

    fn add(&mut self, bucket: NaiveDate, rate: usize, kind: Option<usize>, days: u64) {
        let Some(kind) = kind else { return };
        if days == 0 {
            return;
        }
        let same_line = self
            .lines
            .last()
            .is_some_and(|line| line.bucket == bucket && line.rate == rate);
        if !same_line {
            self.lines.push(OpenLine {
                bucket,
                rate,
                first_count: self.counts.len(),
            });
        }
        let first = self.lines.last().map_or(0, |line| line.first_count);
        match self.counts[first..].iter_mut().find(|(k, _)| *k == kind) {
            Some((_, count)) => *count += days,
            None => self.counts.push((kind, days)),
        }
    }

    /// Days `start..=end`, over which nothing changes but the weekday (and, under a WEEKLY rule,
    /// which stay inside one ISO week).
    fn segment(&mut self, start: NaiveDate, end: NaiveDate) {
        let plan = self.plan;
        let Some(range) = DateRange::between(start, end) else {
            return;
        };
        let bucket = self.buckets.start_of(start);
        let rate = plan.rate_index(start);
        // Hours periods, worklogs and billed hours give each day its own hours (S6.5a-c).
        if plan.synced.is_some() || plan.overridden(start) {
            return self.day_by_day(range, bucket, rate);
        }
        let allocation = plan.allocation_index(start);
        if plan.weekly() {
            if !is_full_week(start, end) {
                return self.day_by_day(range, bucket, rate);
            }
            // A full Monday-to-Sunday week of planned days without holidays is the same for
            // every such week of this allocation: compute it once (S6.6).
            self.start_week(start);
            let key = allocation.unwrap_or(usize::MAX);
            let kinds = match self.full_weeks.iter().find(|(k, _)| *k == key) {
                Some((_, kinds)) => *kinds,
                None => {
                    let mut kinds = [None; 7];
                    for (slot, day) in kinds.iter_mut().zip(range.iter_days()) {
                        let (effort, explicit) = plan.day_effort(day);
                        *slot = self.kind(effort, explicit);
                    }
                    self.full_weeks.push((key, kinds));
                    kinds
                }
            };
            for kind in kinds {
                self.add(bucket, rate, kind, 1);
            }
            return;
        }
        let Some(allocation) = allocation else { return };
        if start == end {
            let capacity = plan
                .basis
                .calendar
                .capacity_seconds(Date::from_naive(start));
            let kind = self.planned_kind(capacity, allocation);
            return self.add(bucket, rate, kind, 1);
        }
        // No holiday lies inside a longer segment: every day has its weekday's hours (S3.3).
        let counts = crate::calendar::weekday_counts(range);
        let week = plan.basis.calendar.workload().week();
        // Weekdays of equal hours are one kind (Monday to Friday, usually): each kind is added
        // once with its days summed. The line's sums are exact integer sums, so the order in
        // which kinds are added changes nothing.
        let mut kinds: [(usize, u64); 7] = [(0, 0); 7];
        let mut distinct = 0;
        for (weekday, count) in counts.into_iter().enumerate() {
            if count == 0 || week[weekday] == 0 {
                continue;
            }
            let Some(kind) = self.planned_kind(week[weekday], allocation) else {
                continue;
            };
            match kinds[..distinct].iter_mut().find(|(k, _)| *k == kind) {
                Some((_, days)) => *days += count,
                None => {
                    kinds[distinct] = (kind, count);
                    distinct += 1;
                }
            }
        }
        for &(kind, days) in &kinds[..distinct] {
            self.add(bucket, rate, Some(kind), days);
        }
    }

    /// The days of `range` one by one, in order.
    fn day_by_day(&mut self, range: DateRange, bucket: NaiveDate, rate: usize) {
        for day in range.iter_days() {
            self.start_week(day);
            let (effort, explicit) = self.plan.day_effort(day);
            let kind = self.kind(effort, explicit);
            self.add(bucket, rate, kind, 1);
        }
    }

    /// The kind of a planned day of `capacity` seconds in allocation period `allocation`.
    fn planned_kind(&mut self, capacity: u32, allocation: usize) -> Option<usize> {
        let known = self
            .planned
            .iter()
            .find(|(c, a, _)| *c == capacity && *a == allocation);
        if let Some(&(_, _, kind)) = known {
            return kind;
        }
        let percentage = self.plan.allocations[allocation].2;
        let kind = self.kind(Decimal::from(capacity) * percentage, Decimal::ZERO);
        self.planned.push((capacity, allocation, kind));
        kind
    }

    /// Resets the week's running hours when `day` begins a new ISO week (S6.6).
    fn start_week(&mut self, day: NaiveDate) {
        let monday = Granularity::Week.start_of(day);
        if self.week_of != Some(monday) {
            self.week_of = Some(monday);
            self.week_so_far = Decimal::ZERO;
        }
    }

    /// Turns the counts into lines: atoms once per kind and rate, sums per line in whole
    /// mantissas (S1.6, S6.7).
    fn finish(self) -> Result<Vec<PaymentLine>, CostOverflow> {
        let plan = self.plan;
        let currency = plan.basis.folio.currency;
        let coefficient = plan.overtime.map_or(Decimal::ONE, |rule| rule.coefficient);
        let per_hour = units_per_hour();
        let folio_start = plan.basis.folio.period.start().naive();
        let units: Vec<(Fixed, Fixed)> = self
            .kinds
            .iter()
            .map(|hours| (Fixed::of(hours.regular), Fixed::of(hours.overtime)))
            .collect();
        let units_scale = units
            .iter()
            .map(|(regular, overtime)| regular.scale.max(overtime.scale))
            .max()
            .unwrap_or(0);
        // Atoms by kind, for the rate of the line being summed (kinds x rates stays small).
        let mut atoms: Vec<Option<(usize, Fixed, Fixed)>> = vec![None; self.kinds.len()];
        let mut lines = Vec::with_capacity(self.lines.len());
        let ends: Vec<usize> = self
            .lines
            .iter()
            .skip(1)
            .map(|line| line.first_count)
            .chain([self.counts.len()])
            .collect();
        for (open, end) in self.lines.iter().zip(ends) {
            let (rate_start, rate) = plan.rates[open.rate];
            let mut regular_units = Sum::new(units_scale);
            let mut overtime_units = Sum::new(units_scale);
            let mut amount = Sum::new(currency.minor_units());
            let mut overtime_amount = Sum::new(currency.minor_units());
            for &(kind, days) in &self.counts[open.first_count..end] {
                let (regular_atom, overtime_atom) = match atoms[kind] {
                    Some((for_rate, regular, overtime)) if for_rate == open.rate => {
                        (regular, overtime)
                    }
                    _ => {
                        let hours = self.kinds[kind];
                        let regular = hours.regular.checked_mul(rate.get()).ok_or(CostOverflow)?;
                        let overtime = hours
                            .overtime
                            .checked_mul(rate.get())
                            .and_then(|x| x.checked_mul(coefficient))
                            .ok_or(CostOverflow)?;
                        let regular = Fixed::of(currency.round(regular / per_hour));
                        let overtime = Fixed::of(currency.round(overtime / per_hour));
                        atoms[kind] = Some((open.rate, regular, overtime));
                        (regular, overtime)
                    }
                };
                regular_units.add(units[kind].0, days)?;
                overtime_units.add(units[kind].1, days)?;
                amount.add(regular_atom, days)?;
                overtime_amount.add(overtime_atom, days)?;
            }
            let rate_from = if open.rate == 0 {
                open.bucket
            } else {
                rate_start
            };
            lines.push(PaymentLine {
                date: Date::from_naive(open.bucket.max(folio_start).max(rate_from)),
                rate,
                regular_units: regular_units.value()?,
                overtime_units: overtime_units.value()?,
                // Sums of atoms already at the currency's minor units (S1.6): no rounding again.
                amount: amount.value()?,
                overtime_amount: overtime_amount.value()?,
            });
        }
        // Lines come mostly in date order already: sorting (and its allocations) only when not,
        // once per position of every summary.
        if !lines.is_sorted_by_key(|line| line.date) {
            crate::order::sort_by_key(&mut lines, |line| line.date);
        }
        Ok(lines)
    }
}

/// A decimal as a whole mantissa and a scale, for sums in integer arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Fixed {
    mantissa: i128,
    scale: u32,
}

impl Fixed {
    fn of(value: Decimal) -> Fixed {
        Fixed {
            mantissa: value.mantissa(),
            scale: value.scale(),
        }
    }
}

/// An exact sum of `count x value` terms at a fixed scale, in i128.
struct Sum {
    mantissa: i128,
    scale: u32,
}

impl Sum {
    fn new(scale: u32) -> Sum {
        Sum { mantissa: 0, scale }
    }

    fn add(&mut self, value: Fixed, count: u64) -> Result<(), CostOverflow> {
        let raise = self.scale.checked_sub(value.scale).ok_or(CostOverflow)?;
        let term = match (i32::try_from(value.mantissa), u32::try_from(count)) {
            // The common term, a day's units or money (under 2^31) times a count of days (under
            // 2^32) at the sum's own scale: its product fits in 63 bits, so it is one 64-bit
            // multiply, where the general case needs 128-bit ones (calls in WebAssembly).
            (Ok(mantissa), Ok(count)) if raise == 0 => {
                i128::from(i64::from(mantissa) * i64::from(count))
            }
            _ => crate::value::power_of_ten(raise)
                .and_then(|factor| value.mantissa.checked_mul(factor))
                .and_then(|scaled| scaled.checked_mul(i128::from(count)))
                .ok_or(CostOverflow)?,
        };
        self.mantissa = self.mantissa.checked_add(term).ok_or(CostOverflow)?;
        Ok(())
    }

    fn value(&self) -> Result<Decimal, CostOverflow> {
        match i64::try_from(self.mantissa) {
            // The usual sum fits in 64 bits: no 128-bit arithmetic to build the decimal.
            Ok(mantissa) => Decimal::try_new(mantissa, self.scale),
            Err(_) => Decimal::try_from_i128_with_scale(self.mantissa, self.scale),
        }
        .map_err(|_| CostOverflow)
    }
}

/// Whether `start..=end` is a whole ISO week, Monday to Sunday.
fn is_full_week(start: NaiveDate, end: NaiveDate) -> bool {
    start.weekday() == Weekday::Mon && (end - start).num_days() == 6
}

/// A position as the service keeps it: every allocation, rate and hours period it has had (deleted
/// ones marked), beside the fields the costing needs.
#[derive(Debug, Clone, PartialEq, Eq, crate::json::write::Write, crate::json::read::Read)]
pub struct PositionRecord {
    /// The position's id.
    pub id: crate::model::Id,
    /// Its kind.
    pub kind: PositionKind,
    /// For a planned position: a revenue rather than a cost.
    pub revenue: bool,
    /// Its allocation periods.
    pub allocations: Vec<Allocation>,
    /// Its rate history.
    pub rates: Vec<Rate>,
    /// Its worked-hours or billable-hours periods.
    pub hours: Vec<HoursPeriod>,
    /// Its overtime rule.
    pub ot_rule_id: Option<crate::model::Id>,
    /// Set when the position was deleted.
    pub deleted_on: Option<Date>,
}

impl PositionRecord {
    /// The engine's view of the record, with the overtime rule it names and the hours synchronized
    /// for it.
    pub fn input<'a>(
        &'a self,
        overtime: Option<&'a OvertimeRule>,
        synced: Option<&'a DailyHours>,
    ) -> PositionInput<'a> {
        PositionInput {
            kind: self.kind,
            allocations: &self.allocations,
            rates: &self.rates,
            hours: &self.hours,
            deleted: self.deleted_on.is_some(),
            overtime,
            synced,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Sum::add` against the same sum in plain i128 arithmetic, across the edges of its 64-bit
    /// path (mantissas around ±2^31, counts around 2^32) and with a raised scale.
    #[test]
    fn sums_agree_with_i128_arithmetic_across_the_fast_path_edges() {
        let mantissas = [
            0,
            1,
            -1,
            (1 << 31) - 1,
            1 << 31,
            -(1 << 31),
            -(1 << 31) - 1,
            (1 << 40) + 7,
            -(1 << 62),
        ];
        let counts = [0u64, 1, 7, (1 << 32) - 1, 1 << 32, (1 << 40) + 3];
        for scale in [0u32, 2] {
            for raise in [0u32, 3] {
                let mut sum = Sum::new(scale + raise);
                let mut want: i128 = 0;
                for &mantissa in &mantissas {
                    for &count in &counts {
                        sum.add(Fixed { mantissa, scale }, count).unwrap();
                        want += mantissa * 10i128.pow(raise) * i128::from(count);
                        assert_eq!(sum.mantissa, want, "{mantissa} x {count} at +{raise}");
                    }
                }
                // The sum is past a decimal's 96 bits here: an overflow, as the decimal says.
                assert!(Decimal::try_from_i128_with_scale(want, scale + raise).is_err());
                assert!(sum.value().is_err());
            }
        }
        // Values of sums in and beyond 64 bits: the decimal of exactly that mantissa and scale.
        for mantissa in [
            0,
            1,
            -1,
            i128::from(i64::MAX),
            i128::from(i64::MIN),
            1 << 70,
            -(1 << 95),
        ] {
            for scale in [0, 2, 28] {
                let value = Sum { mantissa, scale }.value().unwrap();
                assert_eq!((value.mantissa(), value.scale()), (mantissa, scale));
            }
        }
        // Past i128, and a value finer than the sum, are overflows, not wrong sums.
        let mut sum = Sum::new(0);
        assert!(sum
            .add(
                Fixed {
                    mantissa: i128::MAX / 2,
                    scale: 0
                },
                3
            )
            .is_err());
        assert!(Sum::new(0)
            .add(
                Fixed {
                    mantissa: 1,
                    scale: 2
                },
                1
            )
            .is_err());
        assert!(Sum {
            mantissa: 1 << 100,
            scale: 0
        }
        .value()
        .is_err());
    }
}
