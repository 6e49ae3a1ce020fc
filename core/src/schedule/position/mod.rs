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

use std::collections::{BTreeMap, HashMap};

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

/// A position's records, as the engine needs them. Deleted records are skipped.
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
}

/// What a position is costed against: its folio, its calendar (S3.4) and, for a synchronized team
/// member or consulting revenue, the hours that come from outside (S6.5b, S6.5c).
#[derive(Debug, Clone, Copy)]
pub struct CostBasis<'a> {
    /// The folio's period and currency.
    pub folio: FolioFrame,
    /// The position's calendar: its own schemes, else its folio's.
    pub calendar: &'a Calendar,
    /// Worklog or billed hours per day, when the folio synchronizes this position.
    pub synced: Option<&'a DailyHours>,
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
    /// Regular hours, exact.
    pub effort: Decimal,
    /// Overtime hours, exact.
    pub overtime_effort: Decimal,
    /// The sum of the days' regular atoms.
    pub amount: Decimal,
    /// The sum of the days' overtime atoms.
    pub overtime_amount: Decimal,
}

impl PaymentLine {
    /// `amount + overtimeAmount`.
    pub fn total_amount(&self) -> Decimal {
        self.amount + self.overtime_amount
    }

    /// The wire line: hours rounded to 2 decimals, `totalEffort` the sum of the rounded hours
    /// (S6.7).
    pub fn to_wire(&self) -> wire::ExpensePayment {
        let effort = round_hours(self.effort);
        let overtime_effort = round_hours(self.overtime_effort);
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

/// A validated position, ready to cost (S6).
#[derive(Debug, Clone)]
pub struct PositionPlan<'a> {
    basis: CostBasis<'a>,
    deleted: bool,
    /// Live allocation periods, sorted: (first day, last day, percentage).
    allocations: Vec<(NaiveDate, NaiveDate, Decimal)>,
    /// Live rates, sorted by start date (at least one).
    rates: Vec<(NaiveDate, HourlyRate)>,
    /// Hours periods spread over their days: (regular, overtime) hundredths per day.
    overrides: BTreeMap<NaiveDate, (u64, u64)>,
    /// The ranges the hours periods cover, sorted.
    override_ranges: Vec<(NaiveDate, NaiveDate)>,
    overtime: Option<Overtime>,
}

impl<'a> PositionPlan<'a> {
    /// Validates a position's records: at least one rate and no two on one date (S6.4),
    /// allocations and hours periods neither inverted nor overlapping (S6.2, S6.5).
    pub fn new(
        input: PositionInput<'_>,
        basis: CostBasis<'a>,
    ) -> Result<PositionPlan<'a>, PositionError> {
        let mut allocations = Vec::new();
        let mut seen: Vec<Allocation> = Vec::new();
        for allocation in input.allocations.iter().filter(|a| a.deleted_on.is_none()) {
            let period = check_allocation(PositionKind::TeamMember, &seen, allocation, None)?;
            seen.push(allocation.clone());
            allocations.push((
                period.start().naive(),
                period.end().naive(),
                allocation.percentage.get(),
            ));
        }
        allocations.sort_by_key(|&(start, _, _)| start);

        let mut rates: Vec<(NaiveDate, HourlyRate)> = Vec::new();
        let mut live_rates: Vec<Rate> = Vec::new();
        for rate in input.rates.iter().filter(|r| r.deleted_on.is_none()) {
            check_rate(&live_rates, rate, None)?;
            live_rates.push(rate.clone());
            rates.push((rate.start_date.naive(), rate.rate));
        }
        if rates.is_empty() {
            return Err(PositionError::LastRate);
        }
        rates.sort_by_key(|&(start, _)| start);

        let mut overrides = BTreeMap::new();
        let mut override_ranges = Vec::new();
        let mut live_hours: Vec<HoursPeriod> = Vec::new();
        for period in input.hours.iter().filter(|p| p.deleted_on.is_none()) {
            let range = check_hours_period(&live_hours, period, None)?;
            live_hours.push(period.clone());
            override_ranges.push((range.start().naive(), range.end().naive()));
            let hundredths = |hours: Decimal| (hours * Decimal::ONE_HUNDRED).trunc().mantissa();
            let effort = u64::try_from(hundredths(period.effort.get())).unwrap_or(0);
            let overtime = u64::try_from(hundredths(period.ot_effort.get())).unwrap_or(0);
            for day in range.iter_days() {
                overrides.insert(day, (0, 0));
            }
            for (day, share) in spread_hundredths(range, basis.calendar, effort) {
                overrides.entry(day).or_insert((0, 0)).0 = share;
            }
            for (day, share) in spread_hundredths(range, basis.calendar, overtime) {
                overrides.entry(day).or_insert((0, 0)).1 = share;
            }
        }
        override_ranges.sort();

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
        if self.deleted {
            return Ok(Vec::new());
        }
        let mut walk = Walk::new(self, granularity);
        let points = self.change_points(granularity);
        for pair in points.windows(2) {
            let (start, next) = (pair[0], pair[1]);
            let Some(end) = next.pred_opt() else { continue };
            walk.segment(start, end);
        }
        walk.finish()
    }

    /// The totals over the whole folio: (regular hours, overtime hours, amount, overtime amount),
    /// each the exact sum of the lines.
    pub fn totals(&self) -> Result<(Decimal, Decimal, Decimal, Decimal), CostOverflow> {
        let lines = self.lines(Granularity::Month)?;
        let mut totals = (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO, Decimal::ZERO);
        for line in &lines {
            totals.0 += line.effort;
            totals.1 += line.overtime_effort;
            totals.2 = totals.2.checked_add(line.amount).ok_or(CostOverflow)?;
            totals.3 = totals
                .3
                .checked_add(line.overtime_amount)
                .ok_or(CostOverflow)?;
        }
        Ok(totals)
    }

    /// Every date on which something may change, from the folio's start to the day after its end.
    fn change_points(&self, granularity: Granularity) -> Vec<NaiveDate> {
        let period = self.basis.folio.period;
        let (first, last) = (period.start().naive(), period.end().naive());
        let after_last = last.succ_opt().unwrap_or(last);
        let mut points = vec![first, after_last];
        let mut push = |day: NaiveDate| {
            if first < day && day <= last {
                points.push(day);
            }
        };
        for &(start, end, _) in &self.allocations {
            push(start);
            if let Some(next) = end.succ_opt() {
                push(next);
            }
        }
        for &(start, _) in &self.rates {
            push(start);
        }
        for &(start, end) in &self.override_ranges {
            push(start);
            if let Some(next) = end.succ_opt() {
                push(next);
            }
        }
        for (day, _) in self.basis.calendar.holidays().holidays_in(period) {
            push(day.naive());
            if let Some(next) = day.naive().succ_opt() {
                push(next);
            }
        }
        let weekly = matches!(
            self.overtime,
            Some(Overtime {
                frequency: OvertimeFrequency::Weekly,
                ..
            })
        );
        let mut bucket = granularity.start_of(first);
        while bucket <= last {
            push(bucket);
            let Some(next) = granularity.end_of(bucket).succ_opt() else {
                break;
            };
            bucket = next;
        }
        if weekly && granularity != Granularity::Day {
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

    /// The allocation percentage on `day`, 0 outside every period.
    fn percentage(&self, day: NaiveDate) -> Decimal {
        let index = self
            .allocations
            .partition_point(|&(start, _, _)| start <= day);
        match index.checked_sub(1).map(|i| self.allocations[i]) {
            Some((_, end, percentage)) if day <= end => percentage,
            _ => Decimal::ZERO,
        }
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
        if let Some(synced) = self.basis.synced {
            return (
                Decimal::from(synced.seconds_on(day)) * Decimal::ONE_HUNDRED,
                Decimal::ZERO,
            );
        }
        let capacity = self.basis.calendar.capacity_seconds(Date::from_naive(day));
        (
            Decimal::from(capacity) * self.percentage(day),
            Decimal::ZERO,
        )
    }
}

/// The accumulation of one `lines` call.
struct Walk<'p, 'a> {
    plan: &'p PositionPlan<'a>,
    granularity: Granularity,
    kinds: Vec<DayHours>,
    kind_index: HashMap<DayHours, usize>,
    /// (bucket start, rate index) -> (first day with this key, day count per kind).
    lines: BTreeMap<(NaiveDate, usize), Vec<(usize, u64)>>,
    /// Planned kinds by (capacity seconds, percentage) without a WEEKLY rule.
    planned: HashMap<(u32, Decimal), Option<usize>>,
    /// Units worked so far in the current ISO week (WEEKLY rule).
    week_so_far: Decimal,
    week_of: Option<NaiveDate>,
    /// Full plan-driven weeks already computed: (percentage) -> the kind of each day.
    full_weeks: HashMap<Decimal, [Option<usize>; 7]>,
}

impl<'p, 'a> Walk<'p, 'a> {
    fn new(plan: &'p PositionPlan<'a>, granularity: Granularity) -> Self {
        Walk {
            plan,
            granularity,
            kinds: Vec::new(),
            kind_index: HashMap::new(),
            lines: BTreeMap::new(),
            planned: HashMap::new(),
            week_so_far: Decimal::ZERO,
            week_of: None,
            full_weeks: HashMap::new(),
        }
    }

    fn weekly(&self) -> bool {
        matches!(
            self.plan.overtime,
            Some(Overtime {
                frequency: OvertimeFrequency::Weekly,
                ..
            })
        )
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
        let next = self.kinds.len();
        let index = *self.kind_index.entry(hours).or_insert(next);
        if index == next {
            self.kinds.push(hours);
        }
        Some(index)
    }

    fn add(&mut self, bucket: NaiveDate, rate: usize, kind: Option<usize>, days: u64) {
        let Some(kind) = kind else { return };
        if days == 0 {
            return;
        }
        let counts = self.lines.entry((bucket, rate)).or_default();
        match counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, count)) => *count += days,
            None => counts.push((kind, days)),
        }
    }

    /// Days `start..=end`, over which nothing changes but the weekday (and, under a WEEKLY rule,
    /// which stay inside one ISO week).
    fn segment(&mut self, start: NaiveDate, end: NaiveDate) {
        let plan = self.plan;
        let Some(range) = DateRange::between(start, end) else {
            return;
        };
        let bucket = self.granularity.start_of(start);
        let rate = plan.rate_index(start);
        // Hours periods, worklogs and billed hours give each day its own hours (S6.5a-c).
        if plan.basis.synced.is_some() || plan.overridden(start) {
            return self.day_by_day(range, bucket, rate);
        }
        let percentage = plan.percentage(start);
        if self.weekly() {
            if !is_full_week(start, end) {
                return self.day_by_day(range, bucket, rate);
            }
            // A full Monday-to-Sunday week of planned days without holidays is the same for
            // every such week at this percentage: compute it once (S6.6).
            self.start_week(start);
            let kinds = match self.full_weeks.get(&percentage) {
                Some(kinds) => *kinds,
                None => {
                    let mut kinds = [None; 7];
                    for (slot, day) in kinds.iter_mut().zip(range.iter_days()) {
                        let (effort, explicit) = plan.day_effort(day);
                        *slot = self.kind(effort, explicit);
                    }
                    self.full_weeks.insert(percentage, kinds);
                    kinds
                }
            };
            for kind in kinds {
                self.add(bucket, rate, kind, 1);
            }
            return;
        }
        if percentage.is_zero() {
            return;
        }
        if start == end {
            let capacity = plan
                .basis
                .calendar
                .capacity_seconds(Date::from_naive(start));
            let kind = self.planned_kind(capacity, percentage);
            return self.add(bucket, rate, kind, 1);
        }
        // No holiday lies inside a longer segment: every day has its weekday's hours (S3.3).
        let counts = crate::calendar::weekday_counts(range);
        let week = plan.basis.calendar.workload().week();
        for (weekday, count) in counts.into_iter().enumerate() {
            if count > 0 && week[weekday] > 0 {
                let kind = self.planned_kind(week[weekday], percentage);
                self.add(bucket, rate, kind, count);
            }
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

    fn planned_kind(&mut self, capacity: u32, percentage: Decimal) -> Option<usize> {
        if let Some(kind) = self.planned.get(&(capacity, percentage)) {
            return *kind;
        }
        let kind = self.kind(Decimal::from(capacity) * percentage, Decimal::ZERO);
        self.planned.insert((capacity, percentage), kind);
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

    /// Turns the counts into lines: atoms once per kind and rate, sums per line (S1.6, S6.7).
    fn finish(self) -> Result<Vec<PaymentLine>, CostOverflow> {
        let plan = self.plan;
        let currency = plan.basis.folio.currency;
        let coefficient = plan.overtime.map_or(Decimal::ONE, |rule| rule.coefficient);
        let per_hour = units_per_hour();
        let folio_start = plan.basis.folio.period.start().naive();
        let mut atoms: HashMap<(usize, usize), (Decimal, Decimal)> = HashMap::new();
        let mut lines = Vec::with_capacity(self.lines.len());
        for ((bucket, rate_index), counts) in self.lines {
            let (rate_start, rate) = plan.rates[rate_index];
            let mut line = PaymentLine {
                date: Date::from_naive(bucket.max(folio_start).max(if rate_index == 0 {
                    bucket
                } else {
                    rate_start
                })),
                rate,
                effort: Decimal::ZERO,
                overtime_effort: Decimal::ZERO,
                amount: Decimal::ZERO,
                overtime_amount: Decimal::ZERO,
            };
            let mut regular_units = Decimal::ZERO;
            let mut overtime_units = Decimal::ZERO;
            for (kind, days) in counts {
                let hours = self.kinds[kind];
                let (regular_atom, overtime_atom) = match atoms.get(&(kind, rate_index)) {
                    Some(atom) => *atom,
                    None => {
                        let regular =
                            hours.regular.checked_mul(rate.get()).ok_or(CostOverflow)? / per_hour;
                        let overtime = hours
                            .overtime
                            .checked_mul(rate.get())
                            .and_then(|x| x.checked_mul(coefficient))
                            .ok_or(CostOverflow)?
                            / per_hour;
                        let atom = (currency.round(regular), currency.round(overtime));
                        atoms.insert((kind, rate_index), atom);
                        atom
                    }
                };
                let days = Decimal::from(days);
                regular_units += hours.regular * days;
                overtime_units += hours.overtime * days;
                line.amount = regular_atom
                    .checked_mul(days)
                    .and_then(|x| x.checked_add(line.amount))
                    .ok_or(CostOverflow)?;
                line.overtime_amount = overtime_atom
                    .checked_mul(days)
                    .and_then(|x| x.checked_add(line.overtime_amount))
                    .ok_or(CostOverflow)?;
            }
            line.effort = regular_units / per_hour;
            line.overtime_effort = overtime_units / per_hour;
            line.amount = currency.round(line.amount);
            line.overtime_amount = currency.round(line.overtime_amount);
            lines.push(line);
        }
        lines.sort_by_key(|line| line.date);
        Ok(lines)
    }
}

/// Whether `start..=end` is a whole ISO week, Monday to Sunday.
fn is_full_week(start: NaiveDate, end: NaiveDate) -> bool {
    start.weekday() == Weekday::Mon && (end - start).num_days() == 6
}
