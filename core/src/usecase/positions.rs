//! Positions (S6): create, update, delete, read, their payments, and the team of a folio. Their
//! parts (allocation periods, rates, hours periods, billed hours) are in `usecase::parts`.

use super::error::{Error, Result};
use super::limits::{check_position_months, live_positions, MAX_FOLIO_POSITIONS};
use super::refusals;
use super::{Access, Commands, Queries};
use crate::analytics::ItemKey;
use crate::model::budgeting::{
    CustomFieldType, CustomFields, ExpensePayment, HoursPeriod, Position, PositionKind, Team,
    TeamMember,
};
use crate::model::{messages, Id};
use crate::schedule::position::{check_allocation, check_hours_period, check_rate, PositionRecord};
use crate::schedule::Granularity;
use crate::state::{AuditEventKind, Command, PositionRow, State};
use crate::value::DateRange;

/// The most live parts of one kind (allocation periods, rates, hours periods) a position may hold:
/// each is a change point its costing splits at, so the count bounds the work of a read.
pub(super) const MAX_POSITION_PARTS: usize = 1_000;

/// The documented 404 of a position (S11.4: the same for a hidden one).
pub(super) fn position_not_found() -> Error {
    Error::not_found(messages::POSITION_NOT_FOUND)
}

fn next(state: &State, kind: crate::state::IdKind) -> Option<Id> {
    Some(Id::new(state.counters.next(kind)))
}

/// The position as shown: `rate` and `allocation` the earliest live ones, `billableHours` the live
/// hours of a consulting revenue.
pub(crate) fn shown(row: &PositionRow) -> Position {
    let mut position = row.header.clone();
    // The position itself, not a baseline's copy (a header an older journal stored from a body
    // may carry a mark).
    position.baseline_id = None;
    let live_rates = row.record.rates.iter().filter(|r| r.deleted_on.is_none());
    if let Some(rate) = live_rates.min_by_key(|r| r.start_date) {
        position.rate = rate.clone();
    }
    let live_allocations = row
        .record
        .allocations
        .iter()
        .filter(|a| a.deleted_on.is_none());
    if let Some(allocation) = live_allocations.min_by_key(|a| a.start_date) {
        position.allocation = allocation.clone();
    }
    position.billable_hours = (row.record.kind == PositionKind::ConsultingRevenue).then(|| {
        row.record
            .hours
            .iter()
            .filter(|h| h.deleted_on.is_none())
            .cloned()
            .collect()
    });
    position
}

/// The custom-field values of `position` as they are stored (S7.4: positions of every kind carry
/// TEAM fields), over `before`, its stored values.
fn team_fields(
    state: &State,
    position: &Position,
    before: Option<&CustomFields>,
) -> Result<Option<CustomFields>> {
    let currency = state
        .folios
        .get(&position.folio_id.get())
        .map(|f| f.folio.currency_code)
        .ok_or_else(position_not_found)?;
    state
        .check_custom_fields(
            crate::rules::FieldHolder {
                folio: position.folio_id.get(),
                kind: CustomFieldType::Team,
                currency,
            },
            position.custom_fields.as_ref(),
            before,
        )
        .map_err(refusals::custom_field)
}

impl<'s> Queries<'s> {
    /// Position `id` of a folio the caller may read, deleted or not (S5.1); else the documented
    /// 404, the same for a missing one (S11.4).
    pub(super) fn readable_position(&self, id: u64) -> Result<&'s PositionRow> {
        let row = self
            .state
            .positions
            .get(&id)
            .ok_or_else(position_not_found)?;
        match self.caller.folio(self.state, row.header.folio_id.get()) {
            Access::None => Err(position_not_found()),
            Access::Read | Access::Edit | Access::Change => Ok(row),
        }
    }

    /// Position `id` as shown: its earliest live rate and allocation, a consulting revenue's live
    /// billable hours.
    pub fn position(&self, id: u64) -> Result<Position> {
        Ok(shown(self.readable_position(id)?))
    }

    /// The payment lines of position `id` by `granularity` (month when none, S6.7); none for a
    /// deleted position or one of a deleted folio (S5.1).
    pub fn position_payments(
        &self,
        id: u64,
        granularity: Option<Granularity>,
    ) -> Result<Vec<ExpensePayment>> {
        let row = self.readable_position(id)?;
        let folio = &self
            .state
            .folios
            .get(&row.header.folio_id.get())
            .ok_or_else(position_not_found)?
            .folio;
        if row.record.deleted_on.is_some() || folio.deleted_on.is_some() {
            return Ok(Vec::new());
        }
        let period = DateRange::new(folio.start_date, folio.end_date)
            .map_err(|e| Error::field("endDate", e.to_string()))?;
        let granularity = super::limits::granularity(granularity, period)?;
        let book = self
            .state
            .item_book(folio.id().get(), ItemKey::Position(row.record.id))
            .ok_or_else(position_not_found)?;
        book.position_lines(row.record.id, granularity)
            .map_err(refusals::book)
    }

    /// The team of folio `folio`: its live team members with their history (operation 16).
    pub fn team(&self, folio_id: u64) -> Result<Team> {
        let folio = self.readable_folio(folio_id)?.folio.clone();
        let members = self
            .state
            .positions_of(folio_id)
            .filter(|row| {
                row.record.kind == PositionKind::TeamMember && row.record.deleted_on.is_none()
            })
            .map(|row| TeamMember {
                id: row.record.id,
                folio_id: row.header.folio_id,
                name: row.header.name.clone(),
                member: row
                    .header
                    .member
                    .clone()
                    .unwrap_or_else(|| "unassigned".into()),
                description: row.header.description.clone(),
                reporter: row.header.reporter.clone().unwrap_or_default(),
                title: row.header.title.clone(),
                team_role_id: row.header.team_role_id.unwrap_or(Id::new(1)),
                kind: row.record.kind,
                realises: row.record.realises,
                holiday_scheme_id: row
                    .header
                    .holiday_scheme_id
                    .unwrap_or(folio.holiday_scheme_id),
                workload_scheme_id: row
                    .header
                    .workload_scheme_id
                    .unwrap_or(folio.workload_scheme_id),
                synched_with_tracker: row.header.synched_with_tracker.unwrap_or(false),
                uses_user_rates: row.header.user_rates.unwrap_or(false),
                rates: row
                    .record
                    .rates
                    .iter()
                    .filter(|r| r.deleted_on.is_none())
                    .cloned()
                    .collect(),
                allocations: row
                    .record
                    .allocations
                    .iter()
                    .filter(|a| a.deleted_on.is_none())
                    .cloned()
                    .collect(),
                worked_hours: row
                    .record
                    .hours
                    .iter()
                    .filter(|h| h.deleted_on.is_none())
                    .cloned()
                    .collect(),
                custom_fields: row.header.custom_fields.clone().unwrap_or_default(),
                deleted_on: None,
                team_member_id: row.header.team_member_id,
                team_id: row.header.team_id,
                baseline_id: row.header.baseline_id,
                ot_rule_id: row.record.ot_rule_id,
            })
            .collect();
        Ok(Team { members })
    }
}

impl Commands<'_> {
    /// Creates `position` with its first allocation period and rate, and for a team member or a
    /// consulting revenue its further periods, rates and billable hours, all or nothing (S6).
    pub fn create_position(&mut self, mut position: Position) -> Result<Id> {
        let state = &mut *self.state;
        self.caller.writes()?;
        let folio = self
            .caller
            .folio_for_edit(state, position.folio_id.get())?
            .folio
            .clone();
        let held = live_positions(state, position.folio_id.get());
        check_position_months(&folio, held + 1, "folioId")?;
        if held >= MAX_FOLIO_POSITIONS {
            return Err(Error::field(
                "folioId",
                format!("a folio may hold at most {} positions", MAX_FOLIO_POSITIONS),
            ));
        }
        if position.name.trim().is_empty() {
            return Err(Error::field("name", messages::NAME_REQUIRED));
        }
        refusals::new_texts(&position)?;
        let kind = position.kind.unwrap_or_default();
        let id = state.counters.next(crate::state::IdKind::Position);
        let mut allocation = position.allocation.clone();
        allocation
            .period()
            .map_err(|error| Error::field("endDate", error.to_string()))?;
        allocation.id = next(state, crate::state::IdKind::Allocation);
        allocation.deleted_on = None;
        let mut rate = position.rate.clone();
        rate.id = next(state, crate::state::IdKind::Rate);
        rate.deleted_on = None;
        // More periods and rates, checked against the ones before them exactly as adding them one by
        // one would be, so that a position is made whole or not at all (the planner's editor sends a
        // team member with two periods and a rate change as one request).
        let mut allocations = vec![allocation];
        let more_allocations = position.more_allocations.take().unwrap_or_default();
        if more_allocations.len() >= MAX_POSITION_PARTS {
            return Err(Error::field(
                "moreAllocations",
                format!("a position may hold at most {MAX_POSITION_PARTS} allocation periods"),
            ));
        }
        // The counters move when the position is stored: ids are handed out after the first's.
        let first_allocation = state.counters.next(crate::state::IdKind::Allocation);
        for (index, mut more) in more_allocations.into_iter().enumerate() {
            check_allocation(kind, &allocations, &more, None)
                .map_err(|error| refusals::position_in("moreAllocations", index, error))?;
            more.id = Some(Id::new(first_allocation + 1 + index as u64));
            more.deleted_on = None;
            allocations.push(more);
        }
        let mut rates = vec![rate];
        let more_rates = position.more_rates.take().unwrap_or_default();
        if more_rates.len() >= MAX_POSITION_PARTS {
            return Err(Error::field(
                "moreRates",
                format!("a position may hold at most {MAX_POSITION_PARTS} rates"),
            ));
        }
        let first_rate = state.counters.next(crate::state::IdKind::Rate);
        for (index, mut more) in more_rates.into_iter().enumerate() {
            check_rate(&rates, &more, None)
                .map_err(|error| refusals::position_in("moreRates", index, error))?;
            more.id = Some(Id::new(first_rate + 1 + index as u64));
            more.deleted_on = None;
            rates.push(more);
        }
        let mut hours = Vec::new();
        if kind == PositionKind::ConsultingRevenue {
            let periods = position.billable_hours.take().unwrap_or_default();
            if periods.len() > MAX_POSITION_PARTS {
                return Err(Error::field(
                    "billableHours",
                    format!("a position may hold at most {MAX_POSITION_PARTS} hours periods"),
                ));
            }
            let reporter = Some(self.caller.user.clone());
            for (hours_id, period) in
                (state.counters.next(crate::state::IdKind::Hours)..).zip(periods)
            {
                check_hours_period(&hours, &period, None).map_err(refusals::position)?;
                hours.push(HoursPeriod {
                    id: Some(Id::new(hours_id)),
                    deleted_on: None,
                    // S6.9: whoever entered the position entered its hours.
                    reporter: reporter.clone(),
                    ..period
                });
            }
        }
        // S6.10: its calendars, overtime rule and account name live records.
        state
            .check_position_references(&position, None)
            .map_err(refusals::reference)?;
        // S9.12: what a team member or consulting revenue realises is a live planned position.
        let revenue = position.revenue.unwrap_or(false);
        position.complete = state
            .check_position_realises(&position, kind, revenue, None)
            .map_err(refusals::realises)?;
        position.custom_fields = team_fields(state, &position, None)?;
        position.id = Some(Id::new(id));
        position.kind = Some(kind);
        position.deleted_on = None;
        // What the service derives is not taken from the body: the hours live in the record (a
        // consulting revenue's were taken above), a baseline mark only on a baseline's copy.
        position.billable_hours = None;
        position.baseline_id = None;
        // S6.9: the reporter is the caller, whatever the body says.
        position.reporter = Some(self.caller.user.clone());
        position.team_role_id = Some(position.team_role_id.unwrap_or(Id::new(1)));
        position.member = Some(position.member.unwrap_or_else(|| "unassigned".into()));
        let record = PositionRecord {
            id: Id::new(id),
            kind,
            revenue: position.revenue.unwrap_or(false),
            allocations,
            rates,
            hours,
            ot_rule_id: position.ot_rule_id,
            deleted_on: None,
            realises: position.realises,
            complete: position.complete == Some(true),
            estimate: position.estimate,
        };
        state.apply(Command::PutPosition(Box::new(PositionRow {
            header: position,
            record,
        })));
        Ok(Id::new(id))
    }

    /// Replaces position `position.id` (S6): its header as the body gives it; a planned position's
    /// or consulting revenue's one allocation period (S6.2). Its folio stays; its reporter stays
    /// (S6.9).
    pub fn update_position(&mut self, position: Position) -> Result<Position> {
        let id = position
            .id
            .ok_or_else(|| Error::field("id", "id is required to update a position"))?;
        let existing = self.row_for_change(id.get())?.clone();
        let state = &mut *self.state;
        if existing.header.folio_id != position.folio_id {
            return Err(Error::field(
                "folioId",
                "a position cannot move to another folio",
            ));
        }
        if position.name.trim().is_empty() {
            return Err(Error::field("name", messages::NAME_REQUIRED));
        }
        // S11.7: what the position held is kept.
        refusals::texts(&position, Some(&existing.header))?;
        state
            .check_position_references(&position, Some(&existing.header))
            .map_err(refusals::reference)?;
        let custom_fields = team_fields(state, &position, existing.header.custom_fields.as_ref())?;
        let mut record = existing.record.clone();
        // A planned position and a consulting revenue carry exactly one allocation, changed by
        // updating the position (S6.2).
        if record.kind != PositionKind::TeamMember {
            let mut allocation = position.allocation.clone();
            allocation
                .period()
                .map_err(|error| Error::field("endDate", error.to_string()))?;
            allocation.id = record
                .allocations
                .iter()
                .find(|a| a.deleted_on.is_none())
                .and_then(|a| a.id);
            allocation.deleted_on = None;
            record.allocations.retain(|a| a.deleted_on.is_some());
            record.allocations.push(allocation);
        }
        record.revenue = position.revenue.unwrap_or(record.revenue);
        record.ot_rule_id = position.ot_rule_id;
        // S9.12: checked as the position now is (its kind stays; `revenue` may change).
        let complete = state
            .check_position_realises(
                &position,
                record.kind,
                record.revenue,
                Some(&existing.header),
            )
            .map_err(refusals::realises)?;
        record.realises = position.realises;
        record.complete = complete == Some(true);
        record.estimate = position.estimate;
        let mut header = position;
        header.complete = complete;
        header.custom_fields = custom_fields;
        header.kind = Some(record.kind);
        // Derived, or made with the position only: never taken from an update's body.
        header.billable_hours = None;
        header.baseline_id = None;
        header.more_allocations = None;
        header.more_rates = None;
        // S6.9: an update keeps who created the position.
        header.reporter = existing.header.reporter.clone();
        header.deleted_on = None;
        header.team_role_id = Some(
            header
                .team_role_id
                .or(existing.header.team_role_id)
                .unwrap_or(Id::new(1)),
        );
        // S6.8: the update replaces the record; a member left out is `unassigned`, as on create.
        header.member = Some(header.member.unwrap_or_else(|| "unassigned".into()));
        let row = PositionRow { header, record };
        state.apply(Command::PutPosition(Box::new(row.clone())));
        Ok(shown(&row))
    }

    /// Deletes position `id` (S5.1: marked); a position holding allocations records one deletion
    /// event per allocation (S12.1).
    pub fn delete_position(&mut self, id: u64) -> Result<()> {
        let mut row = self.row_for_change(id)?.clone();
        let day = self.today();
        let deleted: Vec<u64> = row
            .record
            .allocations
            .iter()
            .filter(|a| a.deleted_on.is_none())
            .filter_map(|a| a.id.map(Id::get))
            .collect();
        row.record.deleted_on = Some(day);
        row.header.deleted_on = Some(day);
        self.state.apply(Command::PutPosition(Box::new(row)));
        for allocation in deleted {
            self.record_deletion(AuditEventKind::Allocation { id: allocation });
        }
        Ok(())
    }

    /// A live position the caller may change: the position's 404 when they may not read it (or
    /// it is missing), a 403 when they may only read it (S11.5).
    pub(super) fn row_for_change(&self, id: u64) -> Result<&PositionRow> {
        self.caller.writes()?;
        let row = self
            .state
            .positions
            .get(&id)
            .filter(|row| row.record.deleted_on.is_none())
            .ok_or_else(position_not_found)?;
        self.caller
            .may_edit_in(self.state, row.header.folio_id.get(), position_not_found)?;
        Ok(row)
    }
}
