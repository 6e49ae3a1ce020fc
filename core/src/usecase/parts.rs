//! The dated parts of a position (S6): allocation periods (S6.2), rates (S6.4), worked and
//! billable hours periods (S6.5a), and a consulting revenue's billed hours (S6.5c).

use super::error::{Error, Result};
use super::positions::{position_not_found, MAX_POSITION_PARTS};
use super::refusals;
use super::Commands;
use crate::model::budgeting::{Allocation, HoursPeriod, PositionKind, Rate};
use crate::model::Id;
use crate::schedule::position::{
    check_allocation, check_allocation_removal, check_hours_period, check_rate, check_rate_removal,
    PositionRecord,
};
use crate::state::{AuditEventKind, BilledHours, Command, PositionRow};
use crate::value::{Date, Decimal, Hours};

/// A dated part of a position: an allocation, a rate or an hours period, each with its own id and
/// kept after deletion with the day it was deleted.
trait Part: Clone {
    /// The kind of id it has (the state finds its position by it).
    const KIND: crate::state::IdKind;
    fn id(&self) -> Option<Id>;
    fn is_live(&self) -> bool;
    fn set_deleted_on(&mut self, day: Option<Date>);
}

macro_rules! part {
    ($($kind:ty => $id:ident),*) => {$(
        impl Part for $kind {
            const KIND: crate::state::IdKind = crate::state::IdKind::$id;
            fn id(&self) -> Option<Id> {
                self.id
            }
            fn is_live(&self) -> bool {
                self.deleted_on.is_none()
            }
            fn set_deleted_on(&mut self, day: Option<Date>) {
                self.deleted_on = day;
            }
        }
    )*};
}
part!(Allocation => Allocation, Rate => Rate, HoursPeriod => Hours);

/// Refuses one more part when `parts` already holds [`MAX_POSITION_PARTS`] live ones.
fn room_for<T: Part>(parts: &[T], what: &str) -> Result<()> {
    if parts.iter().filter(|p| p.is_live()).count() >= MAX_POSITION_PARTS {
        return Err(Error::invalid(format!(
            "a position may hold at most {MAX_POSITION_PARTS} {what}"
        )));
    }
    Ok(())
}

/// The parts [`Commands::add_parts`] adds to one position, each with its place in the caller's
/// list (for its refusal).
pub(super) struct NewParts {
    /// Rates (S6.4).
    pub(super) rates: Vec<(usize, Rate)>,
    /// Allocation periods (S6.2).
    pub(super) allocations: Vec<(usize, Allocation)>,
    /// Hours periods (S6.5a), of the kind of position they are for.
    pub(super) hours: Vec<(usize, HoursPeriod)>,
    /// Worked hours (a team member) or billable hours (a consulting revenue).
    pub(super) hours_kind: PositionKind,
}

/// Which part [`Commands::add_parts`] refused: the position itself, or a part by its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PartAt {
    /// The position (missing, or not the caller's to change).
    Position,
    /// `rates[i]`.
    Rate(usize),
    /// `allocations[i]`.
    Allocation(usize),
    /// `hours[i]`.
    Hours(usize),
}

/// Puts `rate` in `row` as rate `id` (S6.4), after the checks of a new rate.
fn push_rate(row: &mut PositionRow, mut rate: Rate, id: Option<Id>) -> Result<()> {
    room_for(&row.record.rates, "rates")?;
    check_rate(&row.record.rates, &rate, None).map_err(refusals::position)?;
    rate.id = id;
    rate.deleted_on = None;
    row.record.rates.push(rate);
    Ok(())
}

/// Puts `allocation` in `row` as allocation period `id` (S6.2), after the checks of a new one.
fn push_allocation(
    row: &mut PositionRow,
    mut allocation: Allocation,
    id: Option<Id>,
) -> Result<()> {
    room_for(&row.record.allocations, "allocation periods")?;
    check_allocation(row.record.kind, &row.record.allocations, &allocation, None)
        .map_err(refusals::position)?;
    allocation.id = id;
    allocation.deleted_on = None;
    row.record.allocations.push(allocation);
    Ok(())
}

/// Refuses hours of `kind` for `row` when it is the other kind of position (S6.5a).
fn hours_kind(row: &PositionRow, kind: PositionKind) -> Result<()> {
    if row.record.kind == kind {
        return Ok(());
    }
    Err(Error::invalid(if kind == PositionKind::TeamMember {
        "Worked hours can only be added to team members"
    } else {
        "Billable hours can only be added to consulting revenues"
    }))
}

/// Puts `period` in `row` as hours period `id` reported by `reporter` (S6.5a, S6.9), after the
/// checks of a new one.
fn push_hours(
    row: &mut PositionRow,
    mut period: HoursPeriod,
    id: Option<Id>,
    reporter: &str,
) -> Result<()> {
    room_for(&row.record.hours, "hours periods")?;
    check_hours_period(&row.record.hours, &period, None).map_err(refusals::position)?;
    period.id = id;
    period.deleted_on = None;
    period.reporter = Some(reporter.to_owned());
    row.record.hours.push(period);
    Ok(())
}

/// Puts `part` (its id and liveness set) in the place of the part `id`.
fn replace<T: Part>(parts: &mut [T], id: Option<Id>, mut part: T) -> T {
    part.set_deleted_on(None);
    for slot in parts.iter_mut().filter(|p| p.id() == id) {
        *slot = part.clone();
    }
    part
}

/// Marks the part `id` deleted on `day` (kept, for baselines and the audit).
fn mark_deleted<T: Part>(parts: &mut [T], id: Option<Id>, day: Date) {
    for slot in parts.iter_mut().filter(|p| p.id() == id) {
        slot.set_deleted_on(Some(day));
    }
}

/// Billed hours of a consulting revenue, per day (S6.5c): `PUT /position/{id}/billedhours`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BilledDays {
    /// The days and their hours.
    pub days: Vec<BilledDay>,
}

impl crate::value::Texts for BilledDays {
    fn texts(&self, check: &mut crate::value::TextCheck) {
        check.list("days", crate::value::ListKind::Days, &self.days, |_, _| {});
    }
}

/// One day's billed hours.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BilledDay {
    /// The day.
    pub date: Date,
    /// The hours billed that day.
    pub hours: Hours,
}

impl Commands<'_> {
    /// The part `id` and a copy of the live position holding it live among `parts`, if the caller
    /// may change its folio; else the position's 404 (or a 403 when the caller may only read it,
    /// S11.5).
    fn owner_of<T: Part>(
        &self,
        id: u64,
        parts: fn(&PositionRecord) -> &[T],
    ) -> Result<(Option<Id>, PositionRow)> {
        self.caller.writes()?;
        // The part's position from the state's index: never a walk over every user's positions.
        let position = self.state.position_of_part(T::KIND, id);
        let id = Some(Id::new(id));
        let row = position
            .and_then(|position| self.state.positions.get(&position))
            .filter(|row| {
                row.record.deleted_on.is_none()
                    && parts(&row.record)
                        .iter()
                        .any(|p| p.id() == id && p.is_live())
            })
            .ok_or_else(position_not_found)?;
        self.caller
            .may_edit_in(self.state, row.header.folio_id.get(), position_not_found)?;
        Ok((id, row.clone()))
    }

    fn store(&mut self, row: PositionRow) {
        self.state.apply(Command::PutPosition(Box::new(row)));
    }

    fn next(&self, kind: crate::state::IdKind) -> Option<Id> {
        Some(Id::new(self.state.counters.next(kind)))
    }

    /// Adds an allocation period to position `position` (S6.2: a team member's further one).
    pub fn add_allocation(&mut self, position: u64, allocation: Allocation) -> Result<()> {
        let mut row = self.row_for_change(position)?.clone();
        let id = self.next(crate::state::IdKind::Allocation);
        push_allocation(&mut row, allocation, id)?;
        self.store(row);
        Ok(())
    }

    /// Replaces allocation period `id` (S6.2).
    pub fn change_allocation(&mut self, id: u64, mut allocation: Allocation) -> Result<()> {
        let (id, mut row) = self.owner_of(id, |r| &r.allocations)?;
        check_allocation(row.record.kind, &row.record.allocations, &allocation, id)
            .map_err(refusals::position)?;
        allocation.id = id;
        replace(&mut row.record.allocations, id, allocation);
        self.store(row);
        Ok(())
    }

    /// Deletes allocation period `id` (S6.2: a team member keeps one), recorded for the audit
    /// (S12.1).
    pub fn remove_allocation(&mut self, id: u64) -> Result<()> {
        let (id, mut row) = self.owner_of(id, |r| &r.allocations)?;
        let allocation = id.ok_or_else(position_not_found)?;
        check_allocation_removal(row.record.kind, &row.record.allocations, allocation)
            .map_err(refusals::position)?;
        mark_deleted(&mut row.record.allocations, id, self.today());
        self.store(row);
        self.record_deletion(AuditEventKind::Allocation {
            id: allocation.get(),
        });
        Ok(())
    }

    /// Adds a rate to position `position` (S6.4); its id.
    pub fn add_rate(&mut self, position: u64, rate: Rate) -> Result<Option<Id>> {
        let mut row = self.row_for_change(position)?.clone();
        let rate_id = self.next(crate::state::IdKind::Rate);
        push_rate(&mut row, rate, rate_id)?;
        self.store(row);
        Ok(rate_id)
    }

    /// Replaces rate `id` (S6.4); the rate as stored.
    pub fn change_rate(&mut self, id: u64, mut rate: Rate) -> Result<Rate> {
        let (id, mut row) = self.owner_of(id, |r| &r.rates)?;
        check_rate(&row.record.rates, &rate, id).map_err(refusals::position)?;
        rate.id = id;
        let rate = replace(&mut row.record.rates, id, rate);
        self.store(row);
        Ok(rate)
    }

    /// Deletes rate `id` (S6.4: a position keeps one).
    pub fn remove_rate(&mut self, id: u64) -> Result<()> {
        let (id, mut row) = self.owner_of(id, |r| &r.rates)?;
        check_rate_removal(&row.record.rates, id.ok_or_else(position_not_found)?)
            .map_err(refusals::position)?;
        mark_deleted(&mut row.record.rates, id, self.today());
        self.store(row);
        Ok(())
    }

    /// Adds an hours period to position `position`: worked hours (`kind` a team member) or
    /// billable hours (a consulting revenue), S6.5a; its id. The reporter is the caller (S6.9).
    pub fn add_hours(
        &mut self,
        position: u64,
        kind: PositionKind,
        period: HoursPeriod,
    ) -> Result<Option<Id>> {
        let mut row = self.row_for_change(position)?.clone();
        hours_kind(&row, kind)?;
        let hours_id = self.next(crate::state::IdKind::Hours);
        push_hours(&mut row, period, hours_id, &self.caller.user)?;
        self.store(row);
        Ok(hours_id)
    }

    /// Adds parts to position `position` in one change, as `add_rate`, `add_allocation` and
    /// `add_hours` one after the other would (the same checks, each against the parts before it,
    /// the same ids, in that order), copying the position once instead of once a part: a plan
    /// import's way (at the limits, 83 positions of 3,000 parts each cost 7 s part by
    /// part). The first refusal is returned with its part.
    pub(super) fn add_parts(
        &mut self,
        position: u64,
        parts: NewParts,
    ) -> core::result::Result<(), (PartAt, Error)> {
        let at_position = |error| (PartAt::Position, error);
        let mut row = self.row_for_change(position).map_err(at_position)?.clone();
        let ids = |kind| {
            let first = self.state.counters.next(kind);
            (first..).map(|id| Some(Id::new(id)))
        };
        let (mut rate_ids, mut allocation_ids) = (
            ids(crate::state::IdKind::Rate),
            ids(crate::state::IdKind::Allocation),
        );
        let mut hours_ids = ids(crate::state::IdKind::Hours);
        for (index, rate) in parts.rates {
            push_rate(&mut row, rate, rate_ids.next().flatten())
                .map_err(|error| (PartAt::Rate(index), error))?;
        }
        for (index, allocation) in parts.allocations {
            push_allocation(&mut row, allocation, allocation_ids.next().flatten())
                .map_err(|error| (PartAt::Allocation(index), error))?;
        }
        for (index, period) in parts.hours {
            hours_kind(&row, parts.hours_kind)
                .and_then(|()| {
                    push_hours(
                        &mut row,
                        period,
                        hours_ids.next().flatten(),
                        &self.caller.user,
                    )
                })
                .map_err(|error| (PartAt::Hours(index), error))?;
        }
        self.store(row);
        Ok(())
    }

    /// Replaces hours period `id` (S6.5a); its reporter stays (S6.9).
    pub fn change_hours(&mut self, id: u64, mut period: HoursPeriod) -> Result<()> {
        let (id, mut row) = self.owner_of(id, |r| &r.hours)?;
        check_hours_period(&row.record.hours, &period, id).map_err(refusals::position)?;
        period.id = id;
        let old = row.record.hours.iter().find(|h| h.id == id);
        period.reporter = old.and_then(|h| h.reporter.clone());
        replace(&mut row.record.hours, id, period);
        self.store(row);
        Ok(())
    }

    /// Deletes hours period `id`: only the override goes (S6.5).
    pub fn remove_hours(&mut self, id: u64) -> Result<()> {
        let (id, mut row) = self.owner_of(id, |r| &r.hours)?;
        mark_deleted(&mut row.record.hours, id, self.today());
        self.store(row);
        Ok(())
    }

    /// Replaces the billed hours of consulting revenue `position` (S6.5c); the same day given
    /// twice adds up.
    pub fn put_billed_hours(&mut self, position: u64, billed: BilledDays) -> Result<()> {
        let row = self.row_for_change(position)?;
        if row.record.kind != PositionKind::ConsultingRevenue {
            return Err(Error::invalid(
                "Billed hours can only be given for consulting revenues",
            ));
        }
        let position = row.record.id.get();
        // S11.7: at most a century of days.
        super::refusals::new_texts(&billed)?;
        // Hours have at most 2 decimals, so whole seconds: hundredths x 36; a day given twice
        // adds up (sorted once, then merged, not inserted one by one).
        let mut given: Vec<(Date, u64)> = billed
            .days
            .iter()
            .map(|day| {
                let hundredths = (day.hours.get() * Decimal::ONE_HUNDRED).trunc().mantissa();
                (day.date, u64::try_from(hundredths).unwrap_or(0) * 36)
            })
            .collect();
        given.sort_by_key(|(date, _)| *date);
        let mut days: Vec<(Date, u64)> = Vec::with_capacity(given.len());
        for (date, seconds) in given {
            match days.last_mut() {
                Some((last, sum)) if *last == date => *sum += seconds,
                _ => days.push((date, seconds)),
            }
        }
        self.state
            .apply(Command::PutBilledHours(BilledHours { position, days }));
        Ok(())
    }
}
