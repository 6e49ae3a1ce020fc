//! The walk over a folio's segments that accumulates a position's payment lines: days grouped
//! into kinds that share their hours, counted per weekday, summed exactly per line (S1.6).

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate, Weekday};
use rust_decimal::Decimal;

use super::sum::{Fixed, Sum};
use super::*;

/// How the days of a walk are grouped into lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Buckets<'s> {
    /// Days, ISO weeks or months.
    Granular(Granularity),
    /// Periods beginning on each of these ascending dates.
    Starts(&'s [NaiveDate]),
}

impl Buckets<'_> {
    pub(super) fn start_of(self, day: NaiveDate) -> NaiveDate {
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
pub(super) struct OpenLine {
    pub(super) bucket: NaiveDate,
    pub(super) rate: usize,
    pub(super) first_count: usize,
}

/// How many kinds a walk searches one by one before it indexes them by hash.
pub(super) const KINDS_SEARCHED_IN_ORDER: usize = 16;

/// The accumulation of one `lines` call.
pub(super) struct Walk<'p, 'a> {
    pub(super) plan: &'p PositionPlan<'a>,
    pub(super) buckets: Buckets<'p>,
    pub(super) kinds: Vec<DayHours>,
    /// The kinds by hours, once there are more than [`KINDS_SEARCHED_IN_ORDER`]; empty before.
    pub(super) kind_index: HashMap<DayHours, usize>,
    /// Lines in key order: (bucket, rate) only ever grows along the walk.
    pub(super) lines: Vec<OpenLine>,
    /// (kind, days) of every line, each line's counts contiguous and after the previous line's.
    pub(super) counts: Vec<(usize, u64)>,
    /// Planned kinds by (capacity seconds, allocation index), without a WEEKLY rule.
    pub(super) planned: Vec<(u32, usize, Option<usize>)>,
    /// Units worked so far in the current ISO week (WEEKLY rule).
    pub(super) week_so_far: Decimal,
    pub(super) week_of: Option<NaiveDate>,
    /// Full planned weeks already computed, by allocation index: the kind of each day.
    pub(super) full_weeks: Vec<(usize, [Option<usize>; 7])>,
}

impl<'p, 'a> Walk<'p, 'a> {
    pub(super) fn new(plan: &'p PositionPlan<'a>, buckets: Buckets<'p>) -> Self {
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
    pub(super) fn kind(&mut self, effort: Decimal, explicit: Decimal) -> Option<usize> {
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

    pub(super) fn add(&mut self, bucket: NaiveDate, rate: usize, kind: Option<usize>, days: u64) {
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
    pub(super) fn segment(&mut self, start: NaiveDate, end: NaiveDate) {
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
    pub(super) fn day_by_day(&mut self, range: DateRange, bucket: NaiveDate, rate: usize) {
        for day in range.iter_days() {
            self.start_week(day);
            let (effort, explicit) = self.plan.day_effort(day);
            let kind = self.kind(effort, explicit);
            self.add(bucket, rate, kind, 1);
        }
    }

    /// The kind of a planned day of `capacity` seconds in allocation period `allocation`.
    pub(super) fn planned_kind(&mut self, capacity: u32, allocation: usize) -> Option<usize> {
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
    pub(super) fn start_week(&mut self, day: NaiveDate) {
        let monday = Granularity::Week.start_of(day);
        if self.week_of != Some(monday) {
            self.week_of = Some(monday);
            self.week_so_far = Decimal::ZERO;
        }
    }

    /// Turns the counts into lines: atoms once per kind and rate, sums per line in whole
    /// mantissas (S1.6, S6.7).
    pub(super) fn finish(self) -> Result<Vec<PaymentLine>, CostOverflow> {
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

/// Whether `start..=end` is a whole ISO week, Monday to Sunday.
pub(super) fn is_full_week(start: NaiveDate, end: NaiveDate) -> bool {
    start.weekday() == Weekday::Mon && (end - start).num_days() == 6
}
