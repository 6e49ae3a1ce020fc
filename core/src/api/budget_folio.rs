//! Folio-level budgeting operations: baselines and expenditures (S8), custom-field definitions,
//! scope items, portfolios, and the analytics endpoints (indicators, timeline, portfolio rollup,
//! S9).

use std::collections::HashMap;

use super::audit::record_deletion;
use super::budget::{
    caller, field_error, folio_not_viewable, message_error, path_id, read, success, today,
    visible_folio, Outcome,
};
use super::budget_positions::{calendar_of, synced_hours};
use super::http::{Context, Request};
use crate::analytics::baseline::{
    approve, expenditures, latest_covering, list, BaselineSnapshot, Items,
};
use crate::analytics::{
    indicators, rollup, timeline, CostContext, Flow, FolioTerms, Ledger, Periods,
};
use crate::calendar::Calendar;
use crate::model::budgeting::{
    Baseline, CustomFieldCatalog, CustomFieldDefinition, ExpenditureType, Expenditures, Folio,
    Indicators, Portfolio, Position, ScopeItems,
};
use crate::model::Id;
use crate::schedule::position::CostBasis;
use crate::schedule::{DailyHours, ExchangeRates, FolioFrame, Granularity};
use crate::state::{AuditEventKind, Command, State};
use crate::value::{Date, DateRange};

/// Routes the folio-level operations, or `None` when the path is not one of them.
pub fn route(
    state: &mut State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    let method = request.method.as_str();
    let outcome = match (method, segments) {
        ("GET", ["folio", id, "baselines"]) => baselines(state, request, context, id),
        ("POST", ["folio", id, "baseline"]) => approve_baseline(state, request, context, id),
        ("DELETE", ["baseline", id]) => delete_baseline(state, context, id),
        ("GET", ["folio", id, "expenditures"]) => folio_expenditures(state, request, context, id),
        ("GET", ["folio", id, "customfields"]) => custom_fields(state, context, id),
        ("POST", ["folio", id, "customfield"]) => add_custom_field(state, request, context, id),
        ("DELETE", ["customfield", id]) => delete_custom_field(state, context, id),
        ("PUT", ["folio", id, "scope"]) => scope(state, request, context, id),
        ("GET", ["folio", id, "indicators"]) => folio_indicators(state, request, context, id),
        ("GET", ["folio", id, "timeline"]) => folio_timeline(state, request, context, id),
        ("GET", ["portfolio"]) => portfolios(state, context),
        ("POST", ["portfolio"]) => put_portfolio(state, request, context, false),
        ("PUT", ["portfolio"]) => put_portfolio(state, request, context, true),
        ("DELETE", ["portfolio", id]) => delete_portfolio(state, context, id),
        ("GET", ["portfolio", id, "indicators"]) => {
            portfolio_indicators(state, request, context, id)
        }
        _ => return None,
    };
    Some(outcome)
}

fn folio_id(state: &State, context: &Context, id: &str) -> Result<u64, super::http::Response> {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    visible_folio(state, context, id)?;
    Ok(id)
}

/// The draft and actual items of a folio: its live positions and expenses (S8.1).
fn draft(state: &State, folio: u64) -> Items {
    Items {
        positions: state
            .positions
            .values()
            .filter(|row| row.header.folio_id.get() == folio && row.record.deleted_on.is_none())
            .map(|row| row.record.clone())
            .collect(),
        expenses: state
            .expenses
            .values()
            .filter(|e| e.folio_id.get() == folio && e.deleted_on.is_none())
            .cloned()
            .collect(),
    }
}

fn folio_baselines(state: &State, folio: u64) -> Vec<BaselineSnapshot> {
    state
        .baselines
        .values()
        .filter(|b| b.baseline.folio_id.get() == folio)
        .cloned()
        .collect()
}

fn boolean(request: &Request, name: &str) -> Result<bool, super::http::Response> {
    match request.param_value(name) {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(other) => Err(field_error(
            name,
            format!("{name} must be true or false, got {other:?}"),
        )),
        None => Err(field_error(
            name,
            format!("{name} is required (true or false)"),
        )),
    }
}

fn baselines(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let (costs, revenues) = (boolean(request, "costs")?, boolean(request, "revenues")?);
    let all = folio_baselines(state, folio);
    let listed: Vec<Baseline> = list(&all, costs, revenues).into_iter().cloned().collect();
    Ok(success(listed))
}

fn approve_baseline(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    #[derive(crate::model::read::Read)]
    #[serde(rename_all = "camelCase")]
    struct Approval {
        name: String,
        description: Option<String>,
        approved_by: String,
        expenditure_type: ExpenditureType,
    }
    let folio = folio_id(state, context, id)?;
    let body: Approval = read(request)?;
    if body.name.trim().is_empty() {
        return Err(field_error("name", crate::model::messages::NAME_REQUIRED));
    }
    let baseline = Baseline {
        id: Id::new(state.counters.next("baseline")),
        folio_id: Id::new(folio),
        name: body.name,
        approved_by: body.approved_by,
        created: today(context),
        expenditure_type: body.expenditure_type,
        description: body.description,
        deleted_on: None,
    };
    let id = baseline.id;
    let snapshot = approve(
        &draft(state, folio),
        &folio_baselines(state, folio),
        baseline,
    )
    .map_err(|error| message_error(400, error.to_string()))?;
    state.apply(Command::PutBaseline(Box::new(snapshot)));
    Ok(success(id))
}

fn delete_baseline(state: &mut State, context: &Context, id: &str) -> Outcome {
    let missing = || message_error(404, format!("Baseline {id} does not exist"));
    let mut snapshot = path_id(id)
        .and_then(|id| state.baselines.get(&id))
        .filter(|b| b.baseline.deleted_on.is_none())
        .cloned()
        .ok_or_else(missing)?;
    visible_folio(state, context, snapshot.baseline.folio_id.get()).map_err(|_| missing())?;
    snapshot.baseline.deleted_on = Some(today(context));
    state.apply(Command::PutBaseline(Box::new(snapshot)));
    Ok(success(true))
}

fn folio_expenditures(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let (actual, revenue) = (boolean(request, "actual")?, boolean(request, "revenue")?);
    let baseline = match request.param_value("baselineId") {
        None | Some("") => None,
        Some(text) => Some(Id::new(path_id(text).ok_or_else(|| {
            field_error(
                "baselineId",
                format!("baselineId must be a baseline id, got {text:?}"),
            )
        })?)),
    };
    let items = expenditures(
        &draft(state, folio),
        &folio_baselines(state, folio),
        baseline,
        actual,
        revenue,
    )
    .map_err(|error| message_error(404, error.to_string()))?;
    let positions: Vec<Position> = items
        .positions
        .iter()
        .filter_map(|record| {
            let row = state.positions.get(&record.id.get())?;
            let mut position = row.header.clone();
            if let Some(rate) = record
                .rates
                .iter()
                .filter(|r| r.deleted_on.is_none())
                .min_by_key(|r| r.start_date)
            {
                position.rate = rate.clone();
            }
            if let Some(allocation) = record
                .allocations
                .iter()
                .filter(|a| a.deleted_on.is_none())
                .min_by_key(|a| a.start_date)
            {
                position.allocation = allocation.clone();
            }
            position.baseline_id = baseline;
            Some(position)
        })
        .collect();
    Ok(success(Expenditures {
        positions,
        expenses: items.expenses,
    }))
}

fn custom_fields(state: &State, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let mut catalog = CustomFieldCatalog::default();
    for (owner, definition) in state.custom_fields.values() {
        if *owner == folio && definition.deleted_on.is_none() {
            catalog
                .custom_fields
                .entry(definition.field_type)
                .or_default()
                .push(definition.clone());
        }
    }
    Ok(success(catalog))
}

fn add_custom_field(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let mut definition: CustomFieldDefinition = read(request)?;
    if definition.name.trim().is_empty() {
        return Err(field_error("name", crate::model::messages::NAME_REQUIRED));
    }
    let id = Id::new(state.counters.next("customField"));
    definition.id = Some(id);
    definition.deleted_on = None;
    state.apply(Command::PutCustomField { folio, definition });
    Ok(success(id))
}

fn delete_custom_field(state: &mut State, context: &Context, id: &str) -> Outcome {
    let missing = || message_error(404, format!("Custom field {id} does not exist"));
    let (folio, mut definition) = path_id(id)
        .and_then(|id| state.custom_fields.get(&id))
        .filter(|(_, d)| d.deleted_on.is_none())
        .cloned()
        .ok_or_else(missing)?;
    visible_folio(state, context, folio).map_err(|_| missing())?;
    definition.deleted_on = Some(today(context));
    state.apply(Command::PutCustomField { folio, definition });
    Ok(success(true))
}

fn scope(state: &mut State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let body: ScopeItems = read(request)?;
    let mut record = state.folios[&folio].clone();
    record.scope = body.items;
    state.apply(Command::PutFolio(Box::new(record)));
    Ok(success(true))
}

fn as_of(request: &Request, context: &Context) -> Result<Date, super::http::Response> {
    match request.param_value("asOf") {
        None => Ok(today(context)),
        Some(text) => Date::parse(text)
            .map_err(|error| super::budget::parse_failure(format!("asOf: {error}"))),
    }
}

/// Everything needed to cost one folio's items, owned, so the ledgers can borrow it.
struct Costing {
    folio: Folio,
    calendar: Calendar,
    own_calendars: Vec<(u64, Calendar)>,
    rates: ExchangeRates,
    rules: Vec<crate::model::budgeting::OvertimeRule>,
    synced: HashMap<Id, DailyHours>,
}

impl Costing {
    fn new(state: &State, folio: u64) -> Result<Costing, super::http::Response> {
        let folio = state.folios[&folio].folio.clone();
        let period = DateRange::new(folio.start_date, folio.end_date)
            .map_err(|e| field_error("endDate", e.to_string()))?;
        let calendar = calendar_of(
            state,
            folio.holiday_scheme_id.get(),
            folio.workload_scheme_id.get(),
        );
        let mut own_calendars = Vec::new();
        let mut synced = HashMap::new();
        for row in state
            .positions
            .values()
            .filter(|r| r.header.folio_id == folio.id.unwrap_or_default())
        {
            if row.header.holiday_scheme_id.is_some() || row.header.workload_scheme_id.is_some() {
                let holidays = row
                    .header
                    .holiday_scheme_id
                    .unwrap_or(folio.holiday_scheme_id)
                    .get();
                let workload = row
                    .header
                    .workload_scheme_id
                    .unwrap_or(folio.workload_scheme_id)
                    .get();
                own_calendars.push((row.record.id.get(), calendar_of(state, holidays, workload)));
            }
            if let Some(hours) = synced_hours(state, row, period) {
                synced.insert(row.record.id, hours);
            }
        }
        Ok(Costing {
            rates: ExchangeRates::from_wire(state.exchange_rates.iter()),
            rules: state.overtime_rules.values().cloned().collect(),
            folio,
            calendar,
            own_calendars,
            synced,
        })
    }

    /// The folio's terms for its indicators (S9), or a 400 naming what is wrong with the folio.
    fn terms(&self) -> Result<FolioTerms<'_>, super::http::Response> {
        FolioTerms::new(&self.folio, &self.calendar)
            .map_err(|errors| message_error(400, crate::model::messages::joined(&errors)))
    }

    /// (costs, revenues, actual) ledgers (S8.5) at `as_of` by `granularity`.
    fn ledgers(
        &self,
        state: &State,
        as_of: Date,
        granularity: Granularity,
    ) -> Result<(Ledger, Ledger, Ledger), super::http::Response> {
        let folio = self.folio.id.unwrap_or_default().get();
        let period = DateRange::new(self.folio.start_date, self.folio.end_date)
            .map_err(|e| field_error("endDate", e.to_string()))?;
        let frame = FolioFrame {
            period,
            currency: self.folio.currency_code,
        };
        let basis = CostBasis::new(frame, &self.calendar);
        let own: HashMap<Id, CostBasis<'_>> = self
            .own_calendars
            .iter()
            .map(|(id, calendar)| (Id::new(*id), CostBasis::new(frame, calendar)))
            .collect();
        let context = CostContext {
            basis: &basis,
            rates: &self.rates,
            overtime_rules: &self.rules,
            synced: &self.synced,
            own_bases: &own,
        };
        let periods = Periods::new(period, granularity, as_of);
        let draft = draft(state, folio);
        let baselines = folio_baselines(state, folio);
        let source = |flow| latest_covering(&baselines, flow).map_or(&draft, |b| &b.items);
        let build = |items: &Items| {
            Ledger::of_items(periods.clone(), items, &context)
                .map_err(|error| message_error(400, error.to_string()))
        };
        Ok((
            build(source(Flow::PlannedCost))?,
            build(source(Flow::PlannedRevenue))?,
            build(&draft)?,
        ))
    }
}

fn folio_report(
    state: &State,
    folio: u64,
    as_of: Date,
) -> Result<Indicators, super::http::Response> {
    let costing = Costing::new(state, folio)?;
    let terms = costing.terms()?;
    let (costs, revenues, actual) = costing.ledgers(state, as_of, Granularity::Month)?;
    indicators(
        &terms,
        &costs,
        &revenues,
        &actual,
        &state.folios[&folio].scope,
    )
    .map_err(|error| message_error(400, error.to_string()))
}

fn folio_indicators(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    Ok(success(folio_report(
        state,
        folio,
        as_of(request, context)?,
    )?))
}

fn folio_timeline(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let folio = folio_id(state, context, id)?;
    let granularity = match request.param_value("granularity") {
        None => Granularity::Month,
        Some(text) => Granularity::parse(text).ok_or_else(|| {
            field_error(
                "granularity",
                format!("granularity must be day, week or month, got {text:?}"),
            )
        })?,
    };
    let costing = Costing::new(state, folio)?;
    let terms = costing.terms()?;
    let (costs, revenues, actual) =
        costing.ledgers(state, as_of(request, context)?, granularity)?;
    let buckets = timeline(
        &terms,
        &costs,
        &revenues,
        &actual,
        &state.folios[&folio].scope,
    )
    .map_err(|error| message_error(400, error.to_string()))?;
    Ok(success(buckets))
}

fn visible_portfolio(context: &Context, portfolio: &Portfolio) -> bool {
    let Ok(user) = caller(context) else {
        return false;
    };
    context.budget_admin
        || !portfolio.is_private
        || portfolio.owner == user
        || portfolio.admins.iter().any(|a| a == user)
}

fn portfolios(state: &State, context: &Context) -> Outcome {
    let shown: Vec<Portfolio> = state
        .portfolios
        .values()
        .filter(|p| p.parent_id.is_none() && visible_portfolio(context, p))
        .map(|p| with_children(state, context, p))
        .collect();
    Ok(success(shown))
}

/// A portfolio with its sub-portfolios (those naming it as parent) nested.
fn with_children(state: &State, context: &Context, portfolio: &Portfolio) -> Portfolio {
    let mut shown = portfolio.clone();
    shown.portfolios = state
        .portfolios
        .values()
        .filter(|child| {
            child.parent_id == portfolio.id
                && child.id != portfolio.id
                && visible_portfolio(context, child)
        })
        .map(|child| with_children(state, context, child))
        .collect();
    shown
}

fn put_portfolio(state: &mut State, request: &Request, context: &Context, update: bool) -> Outcome {
    let mut portfolio: Portfolio = read(request)?;
    if portfolio.name.trim().is_empty() {
        return Err(field_error("name", crate::model::messages::NAME_REQUIRED));
    }
    for folio in &portfolio.folios {
        visible_folio(state, context, folio.id.get())
            .map_err(|_| field_error("folios", format!("folio {} cannot be viewed", folio.id)))?;
    }
    if let Some(parent) = portfolio.parent_id {
        if !state.portfolios.contains_key(&parent.get()) || Some(parent) == portfolio.id {
            return Err(field_error(
                "parentId",
                format!("parent portfolio {parent} does not exist"),
            ));
        }
    }
    let id = if update {
        let id = portfolio
            .id
            .ok_or_else(|| field_error("id", "id is required to update a portfolio"))?;
        let existing = state
            .portfolios
            .get(&id.get())
            .ok_or_else(|| message_error(404, format!("Portfolio {id} does not exist")))?;
        if !visible_portfolio(context, existing) {
            return Err(message_error(404, format!("Portfolio {id} does not exist")));
        }
        id
    } else {
        Id::new(state.counters.next("portfolio"))
    };
    portfolio.id = Some(id);
    portfolio.portfolios = Vec::new();
    state.apply(Command::PutPortfolio(Box::new(portfolio.clone())));
    Ok(if update {
        success(with_children(state, context, &portfolio))
    } else {
        success(id)
    })
}

fn delete_portfolio(state: &mut State, context: &Context, id: &str) -> Outcome {
    let missing = || message_error(404, format!("Portfolio {id} does not exist"));
    let portfolio = path_id(id)
        .and_then(|id| state.portfolios.get(&id))
        .cloned()
        .ok_or_else(missing)?;
    if !visible_portfolio(context, &portfolio) {
        return Err(missing());
    }
    if state
        .portfolios
        .values()
        .any(|p| p.parent_id == portfolio.id)
    {
        return Err(message_error(
            400,
            "The portfolio holds sub-portfolios; delete or move them first",
        ));
    }
    // A portfolio has no deletedOn on the wire: deleting it takes it out of the state.
    state.apply(Command::DeletePortfolio(
        portfolio.id.unwrap_or_default().get(),
    ));
    Ok(success(true))
}

fn rollup_of(
    state: &State,
    portfolio: &Portfolio,
    as_of: Date,
) -> Result<Indicators, super::http::Response> {
    let mut members = Vec::new();
    let mut tolerance: Option<crate::value::Decimal> = None;
    for folio in &portfolio.folios {
        let id = folio.id.get();
        if let Some(record) = state
            .folios
            .get(&id)
            .filter(|r| r.folio.deleted_on.is_none())
        {
            tolerance = Some(tolerance.map_or(record.folio.tolerance.get(), |t| {
                t.min(record.folio.tolerance.get())
            }));
            members.push(folio_report(state, id, as_of)?);
        }
    }
    for child in state
        .portfolios
        .values()
        .filter(|c| c.parent_id == portfolio.id && c.id != portfolio.id)
    {
        members.push(rollup_of(state, child, as_of)?);
    }
    let rates = ExchangeRates::from_wire(state.exchange_rates.iter());
    let refs: Vec<&Indicators> = members.iter().collect();
    rollup(
        &refs,
        portfolio.currency_code,
        as_of,
        &rates,
        tolerance.unwrap_or_default(),
    )
    .map_err(|error| message_error(400, error.to_string()))
}

fn portfolio_indicators(state: &State, request: &Request, context: &Context, id: &str) -> Outcome {
    let missing = || message_error(404, format!("Portfolio {id} does not exist"));
    let portfolio = path_id(id)
        .and_then(|id| state.portfolios.get(&id))
        .ok_or_else(missing)?;
    if !visible_portfolio(context, portfolio) {
        return Err(missing());
    }
    Ok(success(rollup_of(
        state,
        portfolio,
        as_of(request, context)?,
    )?))
}

/// Records the allocations of every live position of `folio` as deleted (S12.1).
pub fn record_folio_deletion(state: &mut State, folio: u64, context: &Context) {
    let allocations: Vec<u64> = state
        .positions
        .values()
        .filter(|row| row.header.folio_id.get() == folio && row.record.deleted_on.is_none())
        .flat_map(|row| {
            row.record
                .allocations
                .iter()
                .filter(|a| a.deleted_on.is_none())
                .filter_map(|a| a.id.map(Id::get))
        })
        .collect();
    for id in allocations {
        record_deletion(state, AuditEventKind::Allocation { id }, context);
    }
}
