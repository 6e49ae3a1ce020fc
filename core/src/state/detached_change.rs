//! A change computed apart from the state it will be applied to: a plan import runs
//! its use cases on a copy of the state taken without any lock, for as long as it takes, and is
//! then applied to the state as it has become, under the writers' lock, in time proportional to
//! the document, if nothing it depends on changed meanwhile ([`DetachedChange::fits`]).
//!
//! What a change depends on is decided conservatively, by kind of record, and the compiler keeps
//! the list whole (a new field of [`State`] fails to build [`DetachedChange::fits`] until it is placed):
//! - the ids it gave: no other change may have given an id of the same kind at or past the first
//!   it gave (ids are assigned in increasing order and never reused, S10);
//! - the shared records (calendars, rates, overtime rules, accounts, users, filters, worklogs,
//!   projects, resources ...): the very same as when it was computed;
//! - the records of folios, their items, baselines, portfolios, tokens and the deletion feed may
//!   have changed: an import creates a new folio, which no other change can name before it exists.
//!
//! A change that does not fit is computed again on the state as it has become, with room left
//! for the ids others keep giving ([`State::compute_detached`]'s `room`): the ids it then gives may
//! skip some, which S10's rule allows.

use super::{Command, IdKind, State, Table};

/// A change computed on a copy of the state: its answer, the commands it made, and what they
/// depend on.
#[derive(Debug)]
pub struct DetachedChange<T> {
    /// The change's answer (the response of the request it served).
    pub answer: T,
    /// The commands the change made, in order (none when it was refused), each with who made
    /// it.
    commands: Vec<(Command, Option<super::Author>)>,
    /// The state it was computed on (sharing its records with it: cheap to keep).
    computed_on: State,
    /// The first id the change gave of each kind it gave any of.
    first_ids: Table<u64, IdKind>,
}

/// Why a change computed apart does not fit the state as it has become.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misfit {
    /// Other changes gave ids of kinds the change gave too: for each, how many ids past the
    /// first the change gave (room to leave when it is computed again).
    Ids(Vec<(IdKind, u64)>),
    /// Shared records it depends on changed (the name of their table).
    Shared(&'static str),
}

impl State {
    /// Runs `change` on a copy of this state (which is not changed), the copy's ids of each kind
    /// in `room` starting that many past this state's next: the change computed apart, to be
    /// applied by [`DetachedChange::apply_to`] once [`DetachedChange::fits`] says it may.
    pub fn compute_detached<T>(
        &self,
        room: &[(IdKind, u64)],
        change: impl FnOnce(&mut State) -> T,
    ) -> DetachedChange<T> {
        let mut copy = self.clone();
        let _earlier = copy.take_journal();
        for (kind, skip) in room {
            let next = copy.counters.next(*kind);
            copy.counters
                .saw(*kind, next.saturating_sub(1).saturating_add(*skip));
        }
        let computed_on = copy.clone();
        let answer = change(&mut copy);
        let commands = copy
            .take_journal()
            .into_iter()
            .map(|entry| (entry.command, entry.author))
            .collect();
        let mut first_ids = Table::new();
        for (kind, last) in copy.counters.last.iter() {
            let first = computed_on.counters.next(*kind);
            if *last >= first {
                first_ids.insert(*kind, first);
            }
        }
        DetachedChange {
            answer,
            commands,
            computed_on,
            first_ids,
        }
    }
}

impl<T> DetachedChange<T> {
    /// Whether the change made no command (it was refused, or changed nothing): its answer
    /// stands without the writers' lock.
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// Whether the commands may be applied to `state` as they are: the same ids free, the same
    /// shared records (module doc).
    pub fn fits(&self, state: &State) -> Result<(), Misfit> {
        let taken: Vec<(IdKind, u64)> = self
            .first_ids
            .iter()
            .filter(|(kind, first)| state.counters.next(**kind) > **first)
            .map(|(kind, first)| (*kind, state.counters.next(*kind) - first))
            .collect();
        if !taken.is_empty() {
            return Err(Misfit::Ids(taken));
        }
        let before = &self.computed_on;
        // Every field, so that a new one is placed here before the crate builds.
        let State {
            seq: _,
            counters: _,
            accounts,
            categories,
            customers,
            links,
            holiday_schemes,
            generic_resources,
            clients: _,
            codes: _,
            tokens: _,
            audit: _,
            holidays,
            workload_schemes,
            projects,
            saved_filters,
            worklogs,
            folios: _,
            scope_history: _,
            closed_months: _,
            scenarios: _,
            budget_changes: _,
            positions: _,
            expenses: _,
            baselines: _,
            overtime_rules,
            custom_fields: _,
            portfolios: _,
            exchange_rates,
            billed_hours: _,
            users,
            // Derived from the commands as they are applied: nothing depends on them.
            touched: _,
            outbox: _,
            author: _,
            custom_fields_by_folio: _,
            positions_by_folio: _,
            expenses_by_folio: _,
            part_owners: _,
            scenarios_by_folio: _,
            books: _,
            lineage: _,
        } = state;
        let same = [
            ("accounts", accounts.same_as(&before.accounts)),
            ("categories", categories.same_as(&before.categories)),
            ("customers", customers.same_as(&before.customers)),
            ("links", links.same_as(&before.links)),
            (
                "holiday_schemes",
                holiday_schemes.same_as(&before.holiday_schemes),
            ),
            (
                "generic_resources",
                generic_resources.same_as(&before.generic_resources),
            ),
            ("holidays", holidays.same_as(&before.holidays)),
            (
                "workload_schemes",
                workload_schemes.same_as(&before.workload_schemes),
            ),
            ("projects", projects.same_as(&before.projects)),
            (
                "saved_filters",
                saved_filters.same_as(&before.saved_filters),
            ),
            ("worklogs", worklogs.same_as(&before.worklogs)),
            (
                "overtime_rules",
                overtime_rules.same_as(&before.overtime_rules),
            ),
            ("exchange_rates", *exchange_rates == before.exchange_rates),
            ("users", users.same_as(&before.users)),
        ];
        match same.into_iter().find(|(_, same)| !same) {
            Some((table, _)) => Err(Misfit::Shared(table)),
            None => Ok(()),
        }
    }

    /// Applies the commands to `state` (which [`DetachedChange::fits`]), as one entry each, and gives the
    /// answer.
    pub fn apply_to(self, state: &mut State) -> T {
        for (command, author) in self.commands {
            let before = state.set_author(author);
            state.apply(command);
            state.set_author(before);
        }
        self.answer
    }
}
