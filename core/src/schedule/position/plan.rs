//! `PositionPlan`: a position validated against its folio and costed into payment lines (S6).

use chrono::{Days, NaiveDate};
use rust_decimal::Decimal;

use super::*;

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
///     realises: None,
///     complete: false,
///     estimate: None,
/// };
/// let plan = PositionPlan::new(record.input(None, None), &basis).unwrap();
/// let lines = plan.lines(Granularity::Month).unwrap();
/// assert_eq!(lines.len(), 1);
/// let line = lines[0].to_wire();
/// assert_eq!((line.date.to_string(), line.amount.to_string()), ("2026-03-01".into(), "2000.00".into()));
/// ```
#[derive(Debug, Clone)]
pub struct PositionPlan<'a> {
    pub(super) basis: &'a CostBasis<'a>,
    pub(super) synced: Option<&'a DailyHours>,
    pub(super) deleted: bool,
    /// Live allocation periods, sorted: (first day, last day, percentage).
    pub(super) allocations: Vec<(NaiveDate, NaiveDate, Decimal)>,
    /// Live rates, sorted by start date (at least one).
    pub(super) rates: Vec<(NaiveDate, HourlyRate)>,
    /// Hours periods spread over their days: (regular, overtime) hundredths per day.
    pub(super) overrides: Table<(u64, u64), NaiveDate>,
    /// The ranges the hours periods cover, sorted.
    pub(super) override_ranges: Vec<(NaiveDate, NaiveDate)>,
    pub(super) overtime: Option<Overtime>,
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

    pub(super) fn lines_by(&self, buckets: Buckets<'_>) -> Result<Vec<PaymentLine>, CostOverflow> {
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

    pub(super) fn weekly(&self) -> bool {
        matches!(
            self.overtime,
            Some(Overtime {
                frequency: OvertimeFrequency::Weekly,
                ..
            })
        )
    }

    /// Every date on which something may change, from the folio's start to the day after its end.
    pub(super) fn change_points(&self, buckets: Buckets<'_>) -> Vec<NaiveDate> {
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
    pub(super) fn rate_index(&self, day: NaiveDate) -> usize {
        self.rates
            .partition_point(|&(start, _)| start <= day)
            .saturating_sub(1)
    }

    /// The index of the allocation period holding `day`, if one does.
    pub(super) fn allocation_index(&self, day: NaiveDate) -> Option<usize> {
        let index = self
            .allocations
            .partition_point(|&(start, _, _)| start <= day)
            .checked_sub(1)?;
        (day <= self.allocations[index].1).then_some(index)
    }

    pub(super) fn overridden(&self, day: NaiveDate) -> bool {
        let index = self
            .override_ranges
            .partition_point(|&(start, _)| start <= day);
        index
            .checked_sub(1)
            .is_some_and(|i| day <= self.override_ranges[i].1)
    }

    /// What `day` is costed from (a day's explanation), read with the same look-ups as
    /// its cost: the rate record in force and its effective date (S6.4), where its hours come from
    /// (S6.5: entered hours, synchronized hours, or the allocation's share of the calendar's
    /// capacity that day), and the overtime rule's coefficient.
    pub fn day_basis(&self, day: Date) -> DayBasis {
        let day = day.naive();
        let rate_from = self
            .rates
            .get(self.rate_index(day))
            .map(|&(start, _)| Date::from_naive(start));
        let hours = if self.overrides.get(&day).is_some() {
            HoursSource::Entered
        } else if self.synced.is_some() {
            HoursSource::Synchronized
        } else {
            HoursSource::Allocation {
                percentage: self
                    .allocation_index(day)
                    .map_or(Decimal::ZERO, |index| self.allocations[index].2),
                capacity_seconds: self.basis.calendar.capacity_seconds(Date::from_naive(day)),
            }
        };
        DayBasis {
            rate_from,
            hours,
            coefficient: self.overtime.as_ref().map(|overtime| overtime.coefficient),
        }
    }

    /// Effort of `day` before the overtime split, in units: (hours, explicit overtime) (S6.5).
    pub(super) fn day_effort(&self, day: NaiveDate) -> (Decimal, Decimal) {
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

/// What one day of a position is costed from ([`PositionPlan::day_basis`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayBasis {
    /// The effective date of the rate record in force.
    pub rate_from: Option<Date>,
    /// Where the day's hours come from.
    pub hours: HoursSource,
    /// The overtime rule's coefficient, when the position has one.
    pub coefficient: Option<Decimal>,
}

/// Where a day's hours come from (S6.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoursSource {
    /// Hours entered for the day (worked or billable hours).
    Entered,
    /// Hours synchronized from worklogs or billed hours.
    Synchronized,
    /// The allocation's percentage of the calendar's capacity that day.
    Allocation {
        /// The allocation's percentage (0 outside every period).
        percentage: Decimal,
        /// The calendar's capacity that day, in seconds.
        capacity_seconds: u32,
    },
}
