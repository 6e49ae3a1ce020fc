//! What a position refuses (S6.2, S6.4, S6.5): checks of an edit against the records a position
//! already holds, each refusal with its documented message and field.

use core::fmt;

use crate::model::budgeting::{Allocation, HoursPeriod, PositionKind, Rate};
use crate::model::messages;
use crate::model::Id;
use crate::value::{Date, DateRange, ValueError};

/// Why an edit of a position was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// A period that ends before it starts: `errors.endDate`, documented message.
    Inverted(ValueError),
    /// An allocation period overlapping another of the same position: `errors.startDate`, naming
    /// the other period (S6.2).
    AllocationOverlap {
        /// The other period.
        other: DateRange,
    },
    /// Removing a team member's last allocation: `errorMessages`, documented message.
    LastAllocation,
    /// Removing the one allocation of a planned position or consulting revenue, which carries
    /// exactly one (S6.2): `errorMessages`.
    OnlyAllocation,
    /// An allocation added to a position that is not a team member: `errorMessages`, documented.
    AllocationNotForKind {
        /// The position's kind.
        kind: PositionKind,
    },
    /// A second rate on the same start date: `errors.startDate`, documented message.
    RateDateExists {
        /// The date.
        date: Date,
    },
    /// Removing a position's last rate, or a position without any: `errorMessages`, documented.
    LastRate,
    /// An hours period overlapping another of the same position: `errors.startDate`, naming the
    /// conflicting range and its hours (S6.5).
    PeriodsConflicting {
        /// The other period's range.
        other: DateRange,
        /// Its regular hours.
        effort: String,
        /// Its overtime hours.
        ot_effort: String,
    },
    /// A record id the position does not hold.
    NotFound {
        /// What was looked for.
        what: &'static str,
        /// The id.
        id: Id,
    },
}

impl PositionError {
    /// The field of the budgeting API's `errors` map, or `None` for a general message
    /// (`errorMessages`).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            PositionError::Inverted(_) => Some("endDate"),
            PositionError::AllocationOverlap { .. }
            | PositionError::RateDateExists { .. }
            | PositionError::PeriodsConflicting { .. } => Some("startDate"),
            PositionError::LastAllocation
            | PositionError::OnlyAllocation
            | PositionError::AllocationNotForKind { .. }
            | PositionError::LastRate
            | PositionError::NotFound { .. } => None,
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Inverted(error) => error.fmt(f),
            PositionError::AllocationOverlap { other } => write!(
                f,
                "The period overlaps the allocation from {} to {} of the same position",
                other.start(),
                other.end()
            ),
            PositionError::LastAllocation => f.write_str(messages::LAST_AVAILABILITY_PERIOD),
            PositionError::OnlyAllocation => f.write_str(
                "A planned position or consulting revenue keeps its one allocation period: change it by updating the position",
            ),
            PositionError::AllocationNotForKind { .. } => {
                f.write_str(messages::AVAILABILITY_ONLY_STAFF)
            }
            PositionError::RateDateExists { date } => {
                write!(f, "{} ({date})", messages::RATE_DATE_EXISTS)
            }
            PositionError::LastRate => f.write_str(messages::LAST_COST_RATE),
            PositionError::PeriodsConflicting {
                other,
                effort,
                ot_effort,
            } => write!(
                f,
                "{}: {} - {} holds {effort} h and {ot_effort} h of overtime",
                messages::PERIODS_CONFLICTING,
                other.start(),
                other.end()
            ),
            PositionError::NotFound { what, id } => write!(f, "{what} {id} does not exist"),
        }
    }
}

impl std::error::Error for PositionError {}

/// The live (not deleted) records of a slice.
fn live<'a, T>(
    records: &'a [T],
    deleted: impl Fn(&T) -> bool + 'a,
) -> impl Iterator<Item = &'a T> + 'a {
    records.iter().filter(move |record| !deleted(record))
}

/// Checks a new or changed allocation (`replacing` its id) against a position's allocations:
/// the kind may carry more than one (S6.2), the period is not inverted and overlaps no other.
pub fn check_allocation(
    kind: PositionKind,
    existing: &[Allocation],
    allocation: &Allocation,
    replacing: Option<Id>,
) -> Result<DateRange, PositionError> {
    if replacing.is_none() && kind != PositionKind::TeamMember {
        return Err(PositionError::AllocationNotForKind { kind });
    }
    let period = allocation.period().map_err(PositionError::Inverted)?;
    for other in live(existing, |a: &Allocation| a.deleted_on.is_some()) {
        if replacing.is_some() && other.id == replacing {
            continue;
        }
        let other_period = other.period().map_err(PositionError::Inverted)?;
        if other_period.overlaps(period) {
            return Err(PositionError::AllocationOverlap {
                other: other_period,
            });
        }
    }
    Ok(period)
}

/// Checks that allocation `id` may be deleted (S6.2): a team member keeps at least one; a planned
/// position or consulting revenue carries exactly one, so its one never goes.
pub fn check_allocation_removal(
    kind: PositionKind,
    existing: &[Allocation],
    id: Id,
) -> Result<(), PositionError> {
    let live: Vec<&Allocation> = live(existing, |a: &Allocation| a.deleted_on.is_some()).collect();
    if !live.iter().any(|a| a.id == Some(id)) {
        return Err(PositionError::NotFound {
            what: "Allocation",
            id,
        });
    }
    if kind != PositionKind::TeamMember {
        return Err(PositionError::OnlyAllocation);
    }
    if live.len() <= 1 {
        return Err(PositionError::LastAllocation);
    }
    Ok(())
}

/// Checks a new or changed rate (`replacing` its id): no other rate of the position starts on the
/// same date (S6.4).
pub fn check_rate(
    existing: &[Rate],
    rate: &Rate,
    replacing: Option<Id>,
) -> Result<(), PositionError> {
    let clash = live(existing, |r: &Rate| r.deleted_on.is_some())
        .filter(|other| replacing.is_none() || other.id != replacing)
        .any(|other| other.start_date == rate.start_date);
    if clash {
        Err(PositionError::RateDateExists {
            date: rate.start_date,
        })
    } else {
        Ok(())
    }
}

/// Checks that rate `id` may be deleted: a position keeps at least one (S6.4).
pub fn check_rate_removal(existing: &[Rate], id: Id) -> Result<(), PositionError> {
    let live: Vec<&Rate> = live(existing, |r: &Rate| r.deleted_on.is_some()).collect();
    if !live.iter().any(|r| r.id == Some(id)) {
        return Err(PositionError::NotFound { what: "Rate", id });
    }
    if live.len() <= 1 {
        return Err(PositionError::LastRate);
    }
    Ok(())
}

/// Checks a new or changed hours period (`replacing` its id): not inverted, and overlapping no
/// other period of the position (S6.5).
pub fn check_hours_period(
    existing: &[HoursPeriod],
    period: &HoursPeriod,
    replacing: Option<Id>,
) -> Result<DateRange, PositionError> {
    let range = period.period().map_err(PositionError::Inverted)?;
    for other in live(existing, |p: &HoursPeriod| p.deleted_on.is_some()) {
        if replacing.is_some() && other.id == replacing {
            continue;
        }
        let other_range = other.period().map_err(PositionError::Inverted)?;
        if other_range.overlaps(range) {
            return Err(PositionError::PeriodsConflicting {
                other: other_range,
                effort: other.effort.to_string(),
                ot_effort: other.ot_effort.to_string(),
            });
        }
    }
    Ok(range)
}
