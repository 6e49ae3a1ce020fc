//! A folio as one plan document, out and in (extension): `GET /folio/{id}/plan` writes what the
//! caller may see of a folio as the document `costfolio plan` and the browser's sandbox cost, and
//! `POST /folio/import` creates a folio and everything in it from such a document, in one journal
//! entry, through the ordinary calls: each refusal is theirs, named by the document's item and
//! field.

use super::folios::folio_id;
use super::responses::{fail, success, Outcome};

use crate::api::access::who;
use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::{
    BudgetErrorBody, ExchangeRate, OvertimeRule, PlanCalendar, PlanDocument, PlanPosition,
    PositionKind, ScopeItems,
};
use crate::model::{from_json, to_json, Id};
use crate::state::{
    Command, HolidayRecord, HolidaySchemeRecord, IdKind, State, WorkloadSchemeRecord,
};
use crate::value::Name;

/// The router of the budgeting interface: the import sends each of its ordinary calls through it.
pub(super) type Router = fn(&mut State, &Request, &Context, &[&str]) -> Outcome;

/// `GET /budgets/1/folio/{id}/plan`: the folio's plan document (its draft: live positions and
/// expenses, no baseline), to a caller who may view the folio; otherwise the folio's 404.
pub(super) fn folio_plan(state: &State, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let mut document = state
        .plan_document(folio)
        .ok_or_else(super::responses::folio_not_viewable)?;
    // The folio as its reads show it to this caller (its status derived, S7.1).
    document.folio = super::folios::shown(&document.folio, context);
    Ok(success(document))
}

/// What an import created: the folio's id, the ids of its positions and expenses in the
/// document's order, and what of the document the server does not keep.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Imported {
    folio_id: Id,
    positions: Vec<Id>,
    expenses: Vec<Id>,
    not_imported: Vec<String>,
}

/// An ordinary call of the import failed: its answer, and where in the document it came from.
struct Refused {
    /// `positions[3]`, `expenses[0]`, `folio`, `overtimeRules[1]` ...
    item: String,
    /// The item's name, when it has one.
    name: Option<String>,
    /// The call's answer.
    response: Response,
}

/// `POST /budgets/1/folio/import`: creates the document's folio (owned by the caller, ids given by
/// the server) with its positions, their rates, allocation periods, hours periods and billed
/// hours, its expenses and its scope, using the server's holiday and workload schemes, overtime
/// rules and exchange rates that match the document's, and creating those that are missing (which
/// only a budget administrator may). All of it lands in one journal entry, or nothing does: the
/// first refusal answers with its status, its messages prefixed with the item (and its fields
/// named by their place in the document, `positions[3].rate.rate`).
pub(super) fn import(
    state: &mut State,
    request: &Request,
    context: &Context,
    route: Router,
) -> Outcome {
    let caller = who(context);
    caller.writes()?;
    super::responses::json_object(request)?;
    let document: PlanDocument =
        from_json(&request.body).map_err(|error| document_error(&error))?;
    // The ordinary calls run on a copy; only when every one succeeded are their changes applied,
    // as one entry.
    let mut scratch = state.clone();
    let _ = scratch.take_journal();
    let mut run = Importer {
        state: &mut scratch,
        context,
        route,
        request,
        commands: Vec::new(),
        positions: std::collections::HashMap::new(),
    };
    let imported = run.document(document).map_err(refusal)?;
    run.collect();
    let commands = run.commands;
    state.apply(Command::Batch(commands));
    Ok(success(imported))
}

/// A document that does not read: 400, its field named by its whole path in the document
/// (`positions[0].position.rate.rate`), in `errors` and in the message.
fn document_error(error: &crate::model::WireError) -> Response {
    let mut body = BudgetErrorBody {
        error: None,
        error_messages: Some(vec![error.to_string()]),
        errors: None,
    };
    if let Some(field) = error.field() {
        body.errors = Some([(field.to_owned(), error.detail())].into_iter().collect());
    }
    fail(400, body)
}

/// The answer of a refused ordinary call, its messages and fields placed in the document.
fn refusal(refused: Refused) -> Response {
    let Refused {
        item,
        name,
        response,
    } = refused;
    let label = match &name {
        Some(name) => format!("{item} ({:?})", crate::model::messages::excerpt(name)),
        None => item.clone(),
    };
    let body: BudgetErrorBody = from_json(&response.body).unwrap_or_else(|_| BudgetErrorBody {
        error: Some(response.text()),
        error_messages: None,
        errors: None,
    });
    let mut messages: Vec<String> = Vec::new();
    if let Some(error) = &body.error {
        messages.push(format!("{label}: {error}"));
    }
    for message in body.error_messages.iter().flatten() {
        messages.push(format!("{label}: {message}"));
    }
    let errors = body.errors.map(|errors| {
        errors
            .into_iter()
            .map(|(field, message)| {
                messages.push(format!("{label}: {field}: {message}"));
                (format!("{item}.{field}"), message)
            })
            .collect()
    });
    if messages.is_empty() {
        messages.push(format!("{label}: refused ({})", response.status));
    }
    fail(
        response.status,
        BudgetErrorBody {
            error: None,
            error_messages: Some(messages),
            errors,
        },
    )
}

/// Runs a document's ordinary calls on the scratch state.
struct Importer<'r> {
    state: &'r mut State,
    context: &'r Context,
    route: Router,
    request: &'r Request,
    /// The commands so far, one per record: a position's later versions (each part added is a
    /// whole new version) replace its earlier one, so that the entry holds each position once,
    /// however many parts it has (its counters move to the same ids).
    commands: Vec<Command>,
    /// Where in `commands` each position's version is.
    positions: std::collections::HashMap<Id, usize>,
}

impl Importer<'_> {
    /// Moves what the calls so far applied into `commands`, keeping one version of each position.
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

    /// One ordinary call: its `{"success": ...}` value on 200, else the refusal at `item`.
    fn call<T: serde::Serialize>(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&T>,
        item: &str,
        name: Option<&str>,
    ) -> Result<Vec<u8>, Refused> {
        let mut headers: Vec<(String, String)> = self
            .request
            .headers
            .iter()
            .filter(|(n, _)| !n.eq_ignore_ascii_case("content-type"))
            .cloned()
            .collect();
        let body = match body {
            Some(value) => {
                headers.push(("Content-Type".to_owned(), "application/json".to_owned()));
                to_json(value).into_bytes()
            }
            None => Vec::new(),
        };
        let request = Request {
            method: method.to_owned(),
            path: format!("/budgets/1{path}"),
            query: Vec::new(),
            headers,
            body,
        };
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let response = (self.route)(self.state, &request, self.context, &segments)
            .unwrap_or_else(|response| response);
        self.collect();
        let refused = |response| Refused {
            item: item.to_owned(),
            name: name.map(str::to_owned),
            response,
        };
        if response.status != 200 {
            return Err(refused(response));
        }
        Ok(response.body)
    }

    /// The id a create call answered.
    fn created<T: serde::Serialize>(
        &mut self,
        path: &str,
        body: &T,
        item: &str,
        name: Option<&str>,
    ) -> Result<Id, Refused> {
        #[derive(serde::Deserialize)]
        struct Created {
            success: Id,
        }
        let answer = self.call("POST", path, Some(body), item, name)?;
        from_json::<Created>(&answer)
            .map(|created| created.success)
            .map_err(|_| Refused {
                item: item.to_owned(),
                name: name.map(str::to_owned),
                response: fail(
                    500,
                    BudgetErrorBody::parse_failure("the call answered no id"),
                ),
            })
    }

    fn shared_change(&self, what: &str, item: &str) -> Result<(), Refused> {
        who(self.context)
            .shared_data_for_change(what)
            .map_err(|response| Refused {
                item: item.to_owned(),
                name: None,
                response: response.into(),
            })
    }

    fn document(&mut self, document: PlanDocument) -> Result<Imported, Refused> {
        let PlanDocument {
            mut folio,
            workload,
            holidays,
            exchange_rates,
            overtime_rules,
            positions,
            expenses,
            scope,
            as_of: _,
        } = document;
        let mut not_imported = Vec::new();
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
                return Err(Refused {
                    item: format!("overtimeRules[{index}]"),
                    name: Some(rule.name.clone()),
                    response: fail(
                        400,
                        BudgetErrorBody::field(
                            "id",
                            "id is required: positions name their overtime rule by its id",
                        ),
                    ),
                });
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
        let map_rule = |old: Option<Id>| -> Result<Option<Id>, String> {
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
            not_imported.push(
                "folio.customFields: custom-field values are not imported (their definitions belong to the folio the document came from)".to_owned(),
            );
        }
        folio.owner = who(self.context).user.to_owned();
        folio.holiday_scheme_id = holiday_scheme;
        folio.workload_scheme_id = workload_scheme;
        folio.status = None;
        folio.deleted_on = None;
        let folio_id = self.created("/folio", &folio, "folio", Some(&name))?;
        let mut position_ids = Vec::new();
        for (index, plan) in positions.into_iter().enumerate() {
            let item = format!("positions[{index}]");
            let id = self.position(plan, folio_id, &item, &map_rule, &mut not_imported)?;
            position_ids.push(id);
        }
        let mut expense_ids = Vec::new();
        for (index, mut expense) in expenses.into_iter().enumerate() {
            let item = format!("expenses[{index}]");
            let name = expense.name.clone();
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
                not_imported.push(format!(
                    "{item}.customFields: custom-field values are not imported (their definitions belong to the folio the document came from)"
                ));
            }
            expense_ids.push(self.created("/expense", &expense, &item, Some(&name))?);
        }
        if !scope.is_empty() {
            self.call(
                "PUT",
                &format!("/folio/{folio_id}/scope"),
                Some(&ScopeItems { items: scope }),
                "scope",
                None,
            )?;
        }
        Ok(Imported {
            folio_id,
            positions: position_ids,
            expenses: expense_ids,
            not_imported,
        })
    }

    fn exchange_rate(&mut self, index: usize, rate: &ExchangeRate) -> Result<(), Refused> {
        let item = format!("exchangeRates[{index}]");
        let same_day = self.state.exchange_rates.iter().rev().find(|r| {
            r.from == rate.from && r.to == rate.to && r.effective_date == rate.effective_date
        });
        match same_day {
            Some(existing) if existing.rate == rate.rate => Ok(()),
            Some(existing) => Err(Refused {
                item: item.clone(),
                name: None,
                response: fail(
                    409,
                    BudgetErrorBody::field(
                        "rate",
                        format!(
                            "the server's rate from {} to {} on {} is {}, not {}; importing this document would change other folios' figures",
                            rate.from, rate.to, rate.effective_date, existing.rate, rate.rate
                        ),
                    ),
                ),
            }),
            None => self
                .call("PUT", "/exchangerate", Some(rate), &item, None)
                .map(|_| ()),
        }
    }

    fn overtime_rule(&mut self, index: usize, rule: &OvertimeRule) -> Result<Id, Refused> {
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
        self.created(
            "/overtimerule",
            &rule,
            &format!("overtimeRules[{index}]"),
            Some(&name),
        )
    }

    /// The server's holiday and workload schemes with the calendar's holidays and week (the
    /// default ones first), created when there are none (S3.4).
    fn schemes(
        &mut self,
        calendar: &PlanCalendar,
        name: &str,
        item: &str,
    ) -> Result<(Id, Id), Refused> {
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
            .find(|s| holidays_of(self.state, s.id) == wanted)
            .map(|s| s.id);
        let mut workloads: Vec<&WorkloadSchemeRecord> =
            self.state.workload_schemes.values().collect();
        crate::order::sort_by_key(&mut workloads, |s| (!s.default_scheme, s.id));
        let workload = workloads.iter().find(|s| s.seconds == week).map(|s| s.id);
        let holiday = match holiday {
            Some(id) => id,
            None => {
                self.shared_change("holiday schemes", &format!("{item}.holidays"))?;
                for (index, h) in calendar.holidays.iter().enumerate() {
                    crate::calendar::Holiday::new(h.kind, h.date, h.duration_seconds).map_err(
                        |error| Refused {
                            item: format!("{item}.holidays[{index}]"),
                            name: None,
                            response: fail(
                                400,
                                BudgetErrorBody::field("durationSeconds", error.to_string()),
                            ),
                        },
                    )?;
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
                id
            }
        };
        let workload = match workload {
            Some(id) => id,
            None => {
                self.shared_change("workload schemes", &format!("{item}.workload"))?;
                crate::calendar::WorkloadScheme::new(week).map_err(|error| Refused {
                    item: item.to_owned(),
                    name: None,
                    response: fail(400, BudgetErrorBody::field("workload", error.to_string())),
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

    fn position(
        &mut self,
        plan: PlanPosition,
        folio: Id,
        item: &str,
        map_rule: &dyn Fn(Option<Id>) -> Result<Option<Id>, String>,
        not_imported: &mut Vec<String>,
    ) -> Result<Id, Refused> {
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
        position.ot_rule_id = map_rule(position.ot_rule_id).map_err(|message| Refused {
            item: item.to_owned(),
            name: Some(name.clone()),
            response: fail(400, BudgetErrorBody::field("position.otRuleId", message)),
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
                    crate::model::messages::excerpt(&key)
                ));
            }
        }
        if position
            .custom_fields
            .take()
            .is_some_and(|c| !c.values.is_empty())
        {
            not_imported.push(format!(
                "{item}.position.customFields: custom-field values are not imported (their definitions belong to the folio the document came from)"
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
        let id = self.created("/position", &position, item, named)?;
        for (index, mut rate) in live_rates.enumerate() {
            rate.id = None;
            let at = format!("{item}.rates[{index}]");
            self.call(
                "POST",
                &format!("/position/{id}/rate"),
                Some(&rate),
                &at,
                named,
            )?;
        }
        for (index, mut allocation) in live_allocations.enumerate() {
            allocation.id = None;
            let at = format!("{item}.allocations[{index}]");
            let path = format!("/position/{id}/allocation");
            self.call("POST", &path, Some(&allocation), &at, named)?;
        }
        let hours_path = match kind {
            PositionKind::ConsultingRevenue => "billablehours",
            _ => "workedhours",
        };
        for (index, mut period) in hours.into_iter().enumerate() {
            if period.deleted_on.is_some() {
                continue;
            }
            period.id = None;
            period.reporter = None;
            let at = format!("{item}.hours[{index}]");
            let path = format!("/position/{id}/{hours_path}");
            self.call("POST", &path, Some(&period), &at, named)?;
        }
        if let Some(days) = synced_hours {
            let billed = kind == PositionKind::ConsultingRevenue
                && self
                    .state
                    .folios
                    .get(&folio.get())
                    .is_some_and(|f| f.folio.is_synchronized_with_service_billed_hours);
            if billed {
                #[derive(serde::Serialize)]
                struct Day {
                    date: crate::value::Date,
                    hours: crate::value::Exact,
                }
                #[derive(serde::Serialize)]
                struct Body {
                    days: Vec<Day>,
                }
                let days = days
                    .iter()
                    .map(|day| Day {
                        date: day.date,
                        // Billed hours are whole hundredths: seconds / 3600 ends (or the
                        // call refuses it, naming the day).
                        hours: crate::value::Exact::of(
                            crate::value::Decimal::from(day.seconds)
                                / crate::value::Decimal::from(3600),
                        ),
                    })
                    .collect();
                self.call(
                    "PUT",
                    &format!("/position/{id}/billedhours"),
                    Some(&Body { days }),
                    &format!("{item}.syncedHours"),
                    named,
                )?;
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

/// The name of a scheme an import creates: the folio's (or position's) name and the scheme's id,
/// unique as scheme names must be.
fn scheme_name(name: &str, id: u64) -> Name {
    let short: String = name.chars().take(80).collect();
    Name::new(&format!("{short} (imported {id})"))
        .or_else(|_| Name::new(&format!("Imported {id}")))
        .unwrap_or_else(|_| Name::builtin("Imported"))
}
