//! A folio as a plan document (extension): everything its figures are computed from, gathered
//! from the state so that the document, costed anywhere, gives the server's figures.

use crate::calendar::Holiday;
use crate::model::budgeting::{
    ExchangeRate, PlanCalendar, PlanDocument, PlanHoliday, PlanPosition, SyncedDay,
};
use crate::model::core_ext::{WeekdayName, WorkloadDay};
use crate::schedule::ExchangeRates;
use crate::state::{PositionRow, State};
use crate::value::{Date, DateRange};

/// The plan document of folio `folio`, `None` when there is no such folio: its header, its
/// calendar, the exchange rates between its currency and its expenses' currencies, the
/// overtime rules its positions name, its live positions (each with its live history, its own
/// calendar when it has one, and the hours synchronization supplies for it), its live expenses
/// and its scope. Costed by `plan`, it gives the figures this state gives the folio's draft.
pub(super) fn plan_document(state: &State, folio: u64) -> Option<PlanDocument> {
    let record = state.folios.get(&folio)?;
    let header = record.folio.record().clone();
    let period = DateRange::new(header.start_date, header.end_date).ok();
    let rows: Vec<&PositionRow> = state
        .positions_of(folio)
        .filter(|row| row.record.deleted_on.is_none())
        .collect();
    let expenses: Vec<_> = state
        .expenses_of(folio)
        .filter(|e| e.deleted_on.is_none())
        .map(|e| e.record().clone())
        .collect();
    let currency = header.currency_code;
    let used = |code| code == currency || expenses.iter().any(|e| e.currency_code == code);
    let exchange_rates = ExchangeRates::from_wire(state.exchange_rates.iter())
        .iter()
        .filter(|&(from, to, _, _)| from != to && used(from) && used(to))
        .filter(|&(from, to, _, _)| from == currency || to == currency)
        .map(|(from, to, effective_date, rate)| ExchangeRate {
            from,
            to,
            rate,
            effective_date,
        })
        .collect();
    let overtime_rules = state
        .overtime_rules
        .values()
        .filter(|rule| {
            rows.iter()
                .any(|row| row.record.ot_rule_id.is_some_and(|id| id == rule.id()))
        })
        .map(|rule| rule.record().clone())
        .collect();
    let positions = rows
        .iter()
        .map(|row| {
            let own =
                row.header.holiday_scheme_id.is_some() || row.header.workload_scheme_id.is_some();
            let calendar = own.then(|| {
                calendar_document(
                    state,
                    row.header
                        .holiday_scheme_id
                        .unwrap_or(header.holiday_scheme_id)
                        .get(),
                    row.header
                        .workload_scheme_id
                        .unwrap_or(header.workload_scheme_id)
                        .get(),
                )
            });
            let synced_hours = period
                .and_then(|period| state.synced_hours(row, period))
                .map(|hours| {
                    hours
                        .days()
                        .iter()
                        .map(|&(date, seconds)| SyncedDay {
                            date: Date::from_naive(date),
                            seconds,
                        })
                        .collect()
                });
            plan_position(row, calendar, synced_hours)
        })
        .collect();
    let calendar = calendar_document(
        state,
        header.holiday_scheme_id.get(),
        header.workload_scheme_id.get(),
    );
    Some(PlanDocument {
        folio: header,
        as_of: None,
        workload: calendar.workload,
        holidays: calendar.holidays,
        exchange_rates,
        overtime_rules,
        positions,
        expenses,
        scope: record.scope.clone(),
        scope_history: state.scope_of(folio).versions().to_vec(),
    })
}

/// The calendar of a holiday scheme and a workload scheme as a document writes it: the week
/// and the holidays [`State::calendar_of`] costs with (S3.4).
fn calendar_document(state: &State, holiday_scheme: u64, workload_scheme: u64) -> PlanCalendar {
    let week = state
        .calendar_of(holiday_scheme, workload_scheme)
        .workload()
        .week();
    let workload = WeekdayName::ALL
        .iter()
        .map(|&day| WorkloadDay {
            day,
            required_seconds: week[day.index()],
        })
        .collect();
    let holidays = state
        .holidays
        .values()
        .filter(|h| h.scheme_id == holiday_scheme)
        .filter(|h| Holiday::new(h.kind, h.date, h.duration_seconds).is_ok())
        .map(|h| PlanHoliday {
            kind: h.kind,
            name: h.name.clone(),
            duration_seconds: h.duration_seconds,
            date: h.date,
        })
        .collect();
    PlanCalendar { workload, holidays }
}
/// A position as a document holds it: its header with its first live rate and allocation, its
/// other live ones after them, in the order kept, and its live hours periods.
fn plan_position(
    row: &PositionRow,
    calendar: Option<PlanCalendar>,
    synced_hours: Option<Vec<SyncedDay>>,
) -> PlanPosition {
    let record = &row.record;
    let mut position = row.header.clone();
    position.id = Some(record.id);
    position.kind = Some(record.kind);
    position.revenue = Some(record.revenue);
    position.ot_rule_id = record.ot_rule_id;
    position.deleted_on = record.deleted_on;
    position.billable_hours = None;
    position.more_allocations = None;
    position.more_rates = None;
    position.baseline_id = None;
    // Deleted history is never costed (S6.4, S6.5): the document holds what is live, the first
    // live rate and allocation in `position`.
    let mut rates = record
        .rates
        .iter()
        .filter(|r| r.deleted_on.is_none())
        .cloned();
    if let Some(first) = rates.next() {
        position.rate = first;
    }
    let mut allocations = record
        .allocations
        .iter()
        .filter(|a| a.deleted_on.is_none())
        .cloned();
    if let Some(first) = allocations.next() {
        position.allocation = first;
    }
    PlanPosition {
        position,
        rates: rates.collect(),
        allocations: allocations.collect(),
        hours: record
            .hours
            .iter()
            .filter(|h| h.deleted_on.is_none())
            .cloned()
            .collect(),
        calendar,
        synced_hours,
    }
}
