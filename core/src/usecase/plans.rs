//! A folio as one plan document, out and in (extension): the document `costfolio plan` and the
//! browser's sandbox cost, written of what the caller may see of a folio; and an import that
//! creates a folio and everything in it from such a document, in one journal entry, through the
//! ordinary use cases: each refusal is theirs, named by the document's item and field.

use std::collections::HashMap;

use chrono::NaiveDateTime;

use super::access::Caller;
use super::error::{Error, Result};
use super::parts::{NewParts, PartAt};
use super::{BilledDay, BilledDays, Commands, Queries};
use crate::model::budgeting::{
    ExchangeRate, OvertimeRule, PlanCalendar, PlanDocument, PlanImport, PlanPosition, PositionKind,
    ScopeHistory, ScopeItem, ScopeItems, ScopeVersion,
};
use crate::model::messages::excerpt;
use crate::model::Id;
use crate::state::{
    Command, HolidayRecord, HolidaySchemeRecord, IdKind, State, WorkloadSchemeRecord,
};
use crate::value::{Date, Decimal, Hours, Name};

impl Queries<'_> {
    /// The plan document of live folio `folio` (its draft: live positions and expenses, no
    /// baseline), the folio as its reads show it to the caller (its status derived, S7.1).
    pub fn folio_plan(&self, folio: u64) -> Result<PlanDocument> {
        self.readable_folio(folio)?;
        let mut document = super::plan_document::plan_document(self.state, folio)
            .ok_or_else(Error::folio_not_viewable)?;
        document.folio = super::folios::shown(&document.folio, self.today());
        Ok(document)
    }
}

impl Commands<'_> {
    /// Creates the document's folio (owned by the caller, ids given by the server) with its
    /// positions, their rates, allocation periods, hours periods and billed hours, its expenses
    /// and its scope, using the server's holiday and workload schemes, overtime rules and exchange
    /// rates that match the document's, and creating those that are missing (which only a budget
    /// administrator may). All of it lands in one journal entry, or nothing does: the first
    /// refusal answers with its kind, its messages prefixed with the item (and its fields named by
    /// their place in the document, `positions[3].rate.rate`).
    pub fn import_plan(&mut self, document: PlanDocument) -> Result<PlanImport> {
        self.caller.writes()?;
        // The ordinary use cases run on a copy; only when every one succeeded are their changes
        // applied, as one entry.
        let mut scratch = self.state.clone();
        let _ = scratch.take_journal();
        let mut run = Importer {
            state: scratch,
            caller: self.caller.clone(),
            now: self.now,
            commands: Vec::new(),
            positions: HashMap::new(),
        };
        let imported = run
            .document(document)
            .map_err(|refused| refused.into_error())?;
        run.collect();
        self.state.apply(Command::Batch(run.commands));
        Ok(imported)
    }
}

/// One step of an import: its answer, or where in the document it was refused.
type Step<T> = core::result::Result<T, Box<Refused>>;

/// A use case of the import refused: its error, and where in the document it came from.
struct Refused {
    /// `positions[3]`, `expenses[0]`, `folio`, `overtimeRules[1]` ...
    item: String,
    /// The item's name, when it has one.
    name: Option<String>,
    /// The use case's refusal.
    error: Error,
}

impl Refused {
    /// A refusal at `item` (named `name`) of kind and words `error`.
    fn at(item: &str, name: Option<&str>, error: Error) -> Box<Refused> {
        Box::new(Refused {
            item: item.to_owned(),
            name: name.map(str::to_owned),
            error,
        })
    }

    /// The refusal with its messages and fields placed in the document.
    fn into_error(self) -> Error {
        let Refused { item, name, error } = self;
        let label = match &name {
            Some(name) => format!("{item} ({:?})", excerpt(name)),
            None => item.clone(),
        };
        let kind = error.kind();
        let cause = error.cause().cloned();
        let (parse_failure, said, fields) = error.into_parts();
        let mut messages: Vec<String> = Vec::new();
        if let Some(error) = &parse_failure {
            messages.push(format!("{label}: {error}"));
        }
        for message in &said {
            messages.push(format!("{label}: {message}"));
        }
        let fields = fields
            .into_iter()
            .map(|(field, message)| {
                messages.push(format!("{label}: {field}: {message}"));
                (format!("{item}.{field}"), message)
            })
            .collect();
        if messages.is_empty() {
            messages.push(format!("{label}: refused"));
        }
        let refusal = Error::with(kind, messages, fields);
        match cause {
            Some(cause) => refusal.caused_by(cause),
            None => refusal,
        }
    }
}

/// Runs a document's use cases on the scratch state.
struct Importer {
    state: State,
    caller: Caller,
    now: NaiveDateTime,
    /// The commands so far, one per record: a position's later versions (each part added is a
    /// whole new version) replace its earlier one, so that the entry holds each position once,
    /// however many parts it has (its counters move to the same ids).
    commands: Vec<Command>,
    /// Where in `commands` each position's version is.
    positions: HashMap<Id, usize>,
}

/// The message of a custom-field value an import does not carry (S7.4).
const CUSTOM_FIELDS_NOT_IMPORTED: &str = "custom-field values are not imported (their definitions belong to the folio the document came from)";

impl Importer {
    /// Moves what the use cases so far applied into `commands`, keeping one version of each
    /// position.
    fn collect(&mut self) {
        for entry in self.state.take_journal() {
            let command = entry.command;
            if let Command::PutPosition(row) = &command {
                let id = row.record.id;
                if let Some(&at) = self.positions.get(&id) {
                    self.commands[at] = command;
                    continue;
                }
                self.positions.insert(id, self.commands.len());
            }
            self.commands.push(command);
        }
    }

    /// One use case, as the caller, on the scratch state: its answer, else the refusal at `item`.
    fn run<T>(
        &mut self,
        item: &str,
        name: Option<&str>,
        use_case: impl FnOnce(&mut Commands<'_>) -> Result<T>,
    ) -> Step<T> {
        let mut commands = Commands::new(&mut self.state, self.caller.clone(), self.now);
        let answer = use_case(&mut commands);
        self.collect();
        answer.map_err(|error| Refused::at(item, name, error))
    }

    fn shared_change(&self, what: &str, item: &str) -> Step<()> {
        self.caller
            .shared_data_for_change(what)
            .map_err(|error| Refused::at(item, None, error))
    }

    fn document(&mut self, document: PlanDocument) -> Step<PlanImport> {
        let PlanDocument {
            mut folio,
            workload,
            holidays,
            exchange_rates,
            overtime_rules,
            positions,
            expenses,
            scope,
            scope_history,
            as_of: _,
        } = document;
        let mut not_imported = Vec::new();
        let start = folio.start_date;
        // Exchange rates: the server's own where it has them; a rate it has on the same day with
        // another value is refused (changing it would change other folios' figures).
        for (index, rate) in exchange_rates.iter().enumerate() {
            self.exchange_rate(index, rate)?;
        }
        // Overtime rules: a live rule of the server with the same terms, else a new one.
        let mut rules: Vec<(Id, Id)> = Vec::new();
        // A deleted rule counts as none (S6.6): its positions get none.
        let mut deleted: Vec<Id> = Vec::new();
        for (index, rule) in overtime_rules.iter().enumerate() {
            let Some(old) = rule.id else {
                return Err(Refused::at(
                    &format!("overtimeRules[{index}]"),
                    Some(&rule.name),
                    Error::field(
                        "id",
                        "id is required: positions name their overtime rule by its id",
                    ),
                ));
            };
            if rule.deleted_on.is_some() {
                deleted.push(old);
                continue;
            }
            let id = self.overtime_rule(index, rule)?;
            rules.push((old, id));
        }
        // A rule the document does not hold is refused: the document's figures (costfolio plan,
        // the sandbox) know only its own rules, so binding a server's rule of that number would
        // cost the folio differently.
        let map_rule = |old: Option<Id>| -> core::result::Result<Option<Id>, String> {
            let Some(old) = old.filter(|old| !deleted.contains(old)) else {
                return Ok(None);
            };
            rules
                .iter()
                .find(|(from, _)| *from == old)
                .map(|&(_, to)| Some(to))
                .ok_or_else(|| {
                    format!("overtime rule {old} is not one of the document's overtimeRules")
                })
        };
        let name = folio.name.clone();
        let (holiday_scheme, workload_scheme) =
            self.schemes(&PlanCalendar { workload, holidays }, &name, "folio")?;
        folio.id = None;
        // The new folio has no custom-field definitions yet (S7.4): its values are said, not kept.
        if folio
            .custom_fields
            .take()
            .is_some_and(|c| !c.values.is_empty())
        {
            not_imported.push(format!("folio.customFields: {CUSTOM_FIELDS_NOT_IMPORTED}"));
        }
        folio.owner = self.caller.user.clone();
        folio.holiday_scheme_id = holiday_scheme;
        folio.workload_scheme_id = workload_scheme;
        folio.status = None;
        folio.deleted_on = None;
        let folio_id = self.run("folio", Some(&name), |c| c.create_folio(folio))?;
        // S9.12: the items are made in the document's order with no link, then each link is
        // written to the new ids, so that a link may name an item made after it.
        let mut position_ids = Vec::new();
        let mut positions_made: Vec<(Id, Id)> = Vec::new();
        let mut position_links: Vec<(usize, Id, Id, String)> = Vec::new();
        for (index, mut plan) in positions.into_iter().enumerate() {
            let item = format!("positions[{index}]");
            let (old, link) = (plan.position.id, plan.position.realises.take());
            let name = plan.position.name.clone();
            let id = self.position(plan, folio_id, &item, &map_rule, &mut not_imported)?;
            if let Some(old) = old {
                positions_made.push((old, id));
            }
            if let Some(link) = link {
                position_links.push((index, id, link, name));
            }
            position_ids.push(id);
        }
        let mut expense_ids = Vec::new();
        let mut expenses_made: Vec<(Id, Id)> = Vec::new();
        let mut expense_links: Vec<(usize, Id, Id, String)> = Vec::new();
        for (index, mut expense) in expenses.into_iter().enumerate() {
            let item = format!("expenses[{index}]");
            let name = expense.name.clone();
            let (old, link) = (expense.id, expense.realises.take());
            expense.id = None;
            expense.folio_id = folio_id;
            expense.deleted_on = None;
            expense.reporter = None;
            // Custom-field values name definitions of the document's folio (S7.4): said, not
            // carried.
            if expense
                .custom_fields
                .take()
                .is_some_and(|c| !c.values.is_empty())
            {
                not_imported.push(format!("{item}.customFields: {CUSTOM_FIELDS_NOT_IMPORTED}"));
            }
            let id = self.run(&item, Some(&name), |c| c.create_expense(expense))?;
            if let Some(old) = old {
                expenses_made.push((old, id));
            }
            if let Some(link) = link {
                expense_links.push((index, id, link, name));
            }
            expense_ids.push(id);
        }
        for (index, id, link, name) in position_links {
            let item = format!("positions[{index}]");
            let target = realised(
                &positions_made,
                link,
                &item,
                &name,
                "position.realises",
                "positions",
            )?;
            self.run(&item, Some(&name), |c| {
                let mut position = c.queries().position(id.get())?;
                position.realises = Some(target);
                c.update_position(position).map(|_| ())
            })?;
        }
        for (index, id, link, name) in expense_links {
            let item = format!("expenses[{index}]");
            let target = realised(&expenses_made, link, &item, &name, "realises", "expenses")?;
            self.run(&item, Some(&name), |c| {
                let mut expense = c.queries().expense(id.get())?;
                expense.realises = Some(target);
                expense.converted_amount = None;
                c.update_expense(expense).map(|_| ())
            })?;
        }
        self.scope(folio_id.get(), start, scope, scope_history)?;
        Ok(PlanImport {
            folio_id,
            positions: position_ids,
            expenses: expense_ids,
            not_imported,
        })
    }

    /// The document's scope, each measurement on its day (S9.10). Scope without its history
    /// counts from the folio's start, or from today when the folio starts later (a measurement
    /// is never of a day to come).
    fn scope(
        &mut self,
        folio: u64,
        start: Date,
        scope: Vec<ScopeItem>,
        history: Vec<ScopeVersion>,
    ) -> Step<()> {
        let from = start.min(Date::from_naive(self.now.date()));
        let history = ScopeHistory::of_document(from, &scope, &history)
            .map_err(|words| Refused::at("scope", None, Error::field("scope", words)))?;
        for (index, version) in history.versions().iter().enumerate() {
            let body = ScopeItems {
                items: version.items.clone(),
                as_of: Some(version.as_of),
            };
            self.run(&format!("scopeHistory[{index}]"), None, |c| {
                c.put_scope(folio, body)
            })?;
        }
        Ok(())
    }

    fn exchange_rate(&mut self, index: usize, rate: &ExchangeRate) -> Step<()> {
        let item = format!("exchangeRates[{index}]");
        let same_day = self.state.exchange_rates.iter().rev().find(|r| {
            r.from == rate.from && r.to == rate.to && r.effective_date == rate.effective_date
        });
        match same_day {
            Some(existing) if existing.rate == rate.rate => Ok(()),
            Some(existing) => {
                let message = format!(
                    "the server's rate from {} to {} on {} is {}, not {}; importing this document would change other folios' figures",
                    rate.from, rate.to, rate.effective_date, existing.rate, rate.rate
                );
                Err(Refused::at(
                    &item,
                    None,
                    Error::field("rate", message).of_kind(super::ErrorKind::Conflict),
                ))
            }
            None => self.run(&item, None, |c| c.put_exchange_rate(rate.clone())),
        }
    }

    fn overtime_rule(&mut self, index: usize, rule: &OvertimeRule) -> Step<Id> {
        let found = self.state.overtime_rules.values().find(|kept| {
            kept.deleted_on.is_none()
                && kept.name == rule.name
                && kept.regular_hours == rule.regular_hours
                && kept.frequency == rule.frequency
                && kept.coefficient == rule.coefficient
        });
        if let Some(found) = found {
            return Ok(found.id());
        }
        let mut rule = rule.clone();
        rule.id = None;
        rule.deleted_on = None;
        let name = rule.name.clone();
        self.run(&format!("overtimeRules[{index}]"), Some(&name), |c| {
            c.create_overtime_rule(rule)
        })
    }

    /// The server's holiday and workload schemes with the calendar's holidays and week (the
    /// default ones first), created when there are none (S3.4).
    fn schemes(&mut self, calendar: &PlanCalendar, name: &str, item: &str) -> Step<(Id, Id)> {
        let mut week = if calendar.workload.is_empty() {
            crate::calendar::WorkloadScheme::standard().week()
        } else {
            [0u32; 7]
        };
        for day in &calendar.workload {
            week[day.day.index()] = day.required_seconds;
        }
        let mut wanted: Vec<_> = calendar
            .holidays
            .iter()
            .map(|h| (h.date, h.kind, h.duration_seconds))
            .collect();
        crate::order::sort_by_key(&mut wanted, |&(date, _, _)| date);
        let holidays_of = |state: &State, scheme: u64| {
            let mut held: Vec<_> = state
                .holidays
                .values()
                .filter(|h| h.scheme_id == scheme)
                .filter(|h| {
                    crate::calendar::Holiday::new(h.kind, h.date, h.duration_seconds).is_ok()
                })
                .map(|h| (h.date, h.kind, h.duration_seconds))
                .collect();
            crate::order::sort_by_key(&mut held, |&(date, _, _)| date);
            held
        };
        let mut schemes: Vec<&HolidaySchemeRecord> = self.state.holiday_schemes.values().collect();
        crate::order::sort_by_key(&mut schemes, |s| (!s.default_scheme, s.id));
        let holiday = schemes
            .iter()
            .find(|s| holidays_of(&self.state, s.id) == wanted)
            .map(|s| s.id);
        let mut workloads: Vec<&WorkloadSchemeRecord> =
            self.state.workload_schemes.values().collect();
        crate::order::sort_by_key(&mut workloads, |s| (!s.default_scheme, s.id));
        let workload = workloads.iter().find(|s| s.seconds == week).map(|s| s.id);
        let holiday = match holiday {
            Some(id) => id,
            None => self.holiday_scheme(calendar, name, item)?,
        };
        let workload = match workload {
            Some(id) => id,
            None => {
                self.shared_change("workload schemes", &format!("{item}.workload"))?;
                crate::calendar::WorkloadScheme::new(week).map_err(|error| {
                    Refused::at(item, None, Error::field("workload", error.to_string()))
                })?;
                let id = self.state.counters.next(IdKind::WorkloadScheme);
                self.state
                    .apply(Command::PutWorkloadScheme(WorkloadSchemeRecord {
                        id,
                        name: scheme_name(name, id),
                        description: Some("Created by a plan import".to_owned()),
                        default_scheme: false,
                        seconds: week,
                        members: Vec::new(),
                    }));
                id
            }
        };
        Ok((Id::new(holiday), Id::new(workload)))
    }

    /// A new holiday scheme with the calendar's holidays (only a budget administrator creates
    /// one).
    fn holiday_scheme(&mut self, calendar: &PlanCalendar, name: &str, item: &str) -> Step<u64> {
        self.shared_change("holiday schemes", &format!("{item}.holidays"))?;
        for (index, h) in calendar.holidays.iter().enumerate() {
            crate::calendar::Holiday::new(h.kind, h.date, h.duration_seconds).map_err(|error| {
                Refused::at(
                    &format!("{item}.holidays[{index}]"),
                    None,
                    Error::field("durationSeconds", error.to_string()),
                )
            })?;
        }
        let id = self.state.counters.next(IdKind::HolidayScheme);
        self.state
            .apply(Command::PutHolidayScheme(HolidaySchemeRecord {
                id,
                name: scheme_name(name, id),
                description: Some("Created by a plan import".to_owned()),
                default_scheme: false,
                members: Vec::new(),
            }));
        for h in &calendar.holidays {
            let holiday = self.state.counters.next(IdKind::Holiday);
            self.state.apply(Command::PutHoliday(HolidayRecord {
                id: holiday,
                scheme_id: id,
                kind: h.kind,
                name: h.name.clone(),
                description: None,
                duration_seconds: h.duration_seconds,
                date: h.date,
            }));
        }
        Ok(id)
    }
}

/// The name of a scheme an import creates: the folio's (or position's) name and the scheme's id,
/// unique as scheme names must be.
/// The new id of the planned item a document's link names (S9.12): one of the document's items
/// made already; a link to anything else is refused at the item, naming `field`.
fn realised(
    made: &[(Id, Id)],
    old: Id,
    item: &str,
    name: &str,
    field: &str,
    items: &str,
) -> Step<Id> {
    match made.iter().find(|(from, _)| *from == old) {
        Some(&(_, to)) => Ok(to),
        None => Err(Refused::at(
            item,
            Some(name),
            Error::field(
                field,
                format!("{old} is not one of the document's planned {items}"),
            ),
        )),
    }
}

fn scheme_name(name: &str, id: u64) -> Name {
    let short: String = name.chars().take(80).collect();
    Name::new(&format!("{short} (imported {id})"))
        .or_else(|_| Name::new(&format!("Imported {id}")))
        .unwrap_or_else(|_| Name::builtin("Imported"))
}

/// The billed days of synchronized hours: seconds as hours, whole hundredths (S6.5c); a day
/// whose seconds are not is refused, naming it (`days[3].hours`).
fn billed_days(days: &[crate::model::budgeting::SyncedDay]) -> Result<BilledDays> {
    let days = days
        .iter()
        .enumerate()
        .map(|(index, day)| {
            let hours = Decimal::from(day.seconds) / Decimal::from(3600);
            Hours::new(hours)
                .map(|hours| BilledDay {
                    date: day.date,
                    hours,
                })
                .map_err(|error| Error::field(&format!("days[{index}].hours"), error.to_string()))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(BilledDays { days })
}

impl Importer {
    fn position(
        &mut self,
        plan: PlanPosition,
        folio: Id,
        item: &str,
        map_rule: &dyn Fn(Option<Id>) -> core::result::Result<Option<Id>, String>,
        not_imported: &mut Vec<String>,
    ) -> Step<Id> {
        let PlanPosition {
            mut position,
            rates,
            allocations,
            hours,
            calendar,
            synced_hours,
        } = plan;
        let name = position.name.clone();
        let named = Some(name.as_str());
        // Deleted history is not costed; the server keeps what is live.
        let mut live_rates = std::iter::once(position.rate.clone())
            .chain(rates)
            .filter(|r| r.deleted_on.is_none());
        let mut live_allocations = std::iter::once(position.allocation.clone())
            .chain(allocations)
            .filter(|a| a.deleted_on.is_none());
        if let Some(first) = live_rates.next() {
            position.rate = first;
        }
        if let Some(first) = live_allocations.next() {
            position.allocation = first;
        }
        position.rate.id = None;
        position.allocation.id = None;
        position.id = None;
        position.folio_id = folio;
        position.ot_rule_id = map_rule(position.ot_rule_id).map_err(|message| {
            Refused::at(item, named, Error::field("position.otRuleId", message))
        })?;
        // What names records of the document's server, or of another folio, is not carried.
        let (team, member) = (position.team_id.take(), position.team_member_id.take());
        if team.is_some() || member.is_some() {
            not_imported.push(format!(
                "{item}.position: teamId and teamMemberId name records of the document's server and are not imported"
            ));
        }
        // An account of the document's server is carried only when this server has it (S6.10).
        if let Some(key) = position.account_key.take() {
            if key.trim().is_empty() || self.state.accounts.values().any(|a| a.key.as_str() == key)
            {
                position.account_key = Some(key);
            } else {
                not_imported.push(format!(
                    "{item}.position.accountKey: this server has no account {:?}",
                    excerpt(&key)
                ));
            }
        }
        if position
            .custom_fields
            .take()
            .is_some_and(|c| !c.values.is_empty())
        {
            not_imported.push(format!(
                "{item}.position.customFields: {CUSTOM_FIELDS_NOT_IMPORTED}"
            ));
        }
        position.reporter = None;
        position.baseline_id = None;
        position.deleted_on = None;
        position.billable_hours = None;
        position.more_rates = None;
        position.more_allocations = None;
        if let Some(calendar) = &calendar {
            let (holidays, workload) =
                self.schemes(calendar, &name, &format!("{item}.calendar"))?;
            position.holiday_scheme_id = Some(holidays);
            position.workload_scheme_id = Some(workload);
        } else {
            position.holiday_scheme_id = None;
            position.workload_scheme_id = None;
        }
        let kind = position.kind.unwrap_or_default();
        let id = self.run(item, named, |c| c.create_position(position))?;
        let hours_kind = match kind {
            PositionKind::ConsultingRevenue => PositionKind::ConsultingRevenue,
            _ => PositionKind::TeamMember,
        };
        let parts = NewParts {
            rates: live_rates.enumerate().collect(),
            allocations: live_allocations.enumerate().collect(),
            hours: hours
                .into_iter()
                .enumerate()
                .filter(|(_, period)| period.deleted_on.is_none())
                .map(|(index, mut period)| {
                    period.reporter = None;
                    (index, period)
                })
                .collect(),
            hours_kind,
        };
        // All of a position's parts in one change: the same checks and ids as one by one.
        let mut commands = Commands::new(&mut self.state, self.caller.clone(), self.now);
        let added = commands.add_parts(id.get(), parts);
        self.collect();
        added.map_err(|(part, error)| {
            let at = match part {
                PartAt::Position => item.to_owned(),
                PartAt::Rate(index) => format!("{item}.rates[{index}]"),
                PartAt::Allocation(index) => format!("{item}.allocations[{index}]"),
                PartAt::Hours(index) => format!("{item}.hours[{index}]"),
            };
            Refused::at(&at, named, error)
        })?;
        if let Some(days) = synced_hours {
            let billed = kind == PositionKind::ConsultingRevenue
                && self
                    .state
                    .folios
                    .get(&folio.get())
                    .is_some_and(|f| f.folio.is_synchronized_with_service_billed_hours);
            if billed {
                let at = format!("{item}.syncedHours");
                // Billed hours are whole hundredths: seconds / 3600 ends, or the day is refused.
                self.run(&at, named, |c| {
                    c.put_billed_hours(id.get(), billed_days(&days)?)
                })?;
            } else if !days.is_empty() {
                not_imported.push(format!(
                    "{item}.syncedHours: the {} days of hours synchronized from worklogs are not imported; this server costs the worklogs it synchronizes",
                    days.len()
                ));
            }
        }
        Ok(id)
    }
}
