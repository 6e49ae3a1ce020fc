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

mod plan;
mod record;
mod rules;
mod spread;
mod sum;
mod walk;

use crate::table::Table;

use chrono::NaiveDate;
use rust_decimal::Decimal;

pub use plan::{DayBasis, HoursSource, PositionPlan};
pub use record::PositionRecord;
pub use rules::{
    check_allocation, check_allocation_removal, check_hours_period, check_rate, check_rate_removal,
    PositionError,
};
pub use spread::spread_hundredths;
use walk::{Buckets, Walk};

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

pub(super) fn units_per_hour() -> Decimal {
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
    pub(super) folio: FolioFrame,
    pub(super) calendar: &'a Calendar,
    pub(super) holidays: Vec<(NaiveDate, u32)>,
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
pub(super) struct Overtime {
    pub(super) threshold: Decimal,
    pub(super) frequency: OvertimeFrequency,
    pub(super) coefficient: Decimal,
}

/// The hours of one day after the overtime split, in units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct DayHours {
    pub(super) regular: Decimal,
    pub(super) overtime: Decimal,
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
