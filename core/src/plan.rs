//! A whole folio computed from one document: a folio with its positions, expenses, calendars and
//! exchange rates (the wire shapes) in; its payments, indicators and monthly timeline out, as JSON
//! or CSV. The host's `costfolio plan FILE.json` and the wasm package's `plan` both call [`run`].

use std::collections::HashMap;

use crate::analytics::baseline::Items;
use crate::analytics::{
    folio_forecast, folio_part, group_name, payments_csv, BookError, BookParts, FolioBook,
    ForecastAsk, ItemKey, ItemPayments, LineItem, LineReport, PlannedSide,
};
use crate::calendar::{Calendar, CalendarError, HolidayScheme, WorkloadScheme};
use crate::model::budgeting::{
    FolioForecast, FolioLines, LineGrouping, PlanDocument, PlanHoliday, PlanPosition, ScopeHistory,
};
use crate::model::core_ext::WorkloadDay;
use crate::model::{from_json, Id, WireError};
use crate::schedule::position::PositionRecord;
use crate::schedule::DailyHours;
use crate::schedule::{ExchangeRates, Granularity};
use crate::value::Date;

/// Why a plan document could not be computed. Its message names the field or the item at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanError {
    /// The document does not read as a plan: malformed JSON, or a field refused (named by its
    /// path, `positions[0].position.rate.rate`).
    Document(WireError),
    /// A calendar's week (S3.1) or one of its holidays (S3.2) is refused: the folio's
    /// (`workload`, `holidays[2]`) or a position's own (`positions[3].calendar.workload`).
    Calendar {
        /// The path of the field at fault.
        field: String,
        /// Why.
        error: CalendarError,
    },
    /// A position is refused, by its name.
    Position {
        /// The position's name.
        name: String,
        /// Why.
        error: BookError,
    },
    /// An expense is refused, by its name.
    Expense {
        /// The expense's name.
        name: String,
        /// Why.
        error: BookError,
    },
    /// The folio is refused (S7.2), or its figures cannot be computed.
    Folio(BookError),
    /// Two positions, or two expenses, have the same id (given, or their place in the file): a
    /// folio's figures count each item once, by id.
    DuplicateId {
        /// `positions` or `expenses`.
        list: &'static str,
        /// The index of the second one in its list.
        index: usize,
        /// The index of the first one.
        first: usize,
        /// The id.
        id: Id,
    },
    /// `scope` is not the items of `scopeHistory`'s last measurement (S9.10): why, in words.
    Scope(String),
}

impl PlanError {
    /// The path of the document's field at fault, when a field of the document is refused as it
    /// is read.
    pub fn field(&self) -> Option<&str> {
        match self {
            PlanError::Document(error) => error.field(),
            PlanError::Calendar { field, .. } => Some(field),
            PlanError::Scope(_) => Some("scope"),
            _ => None,
        }
    }
}

impl core::fmt::Display for PlanError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PlanError::Document(error) => error.fmt(f),
            PlanError::Calendar { field, error } => write!(f, "{field}: {error}"),
            PlanError::Position { name, error } => write!(f, "position {name:?}: {error}"),
            PlanError::Expense { name, error } => write!(f, "expense {name:?}: {error}"),
            PlanError::Folio(error) => error.fmt(f),
            PlanError::Scope(words) => f.write_str(words),
            PlanError::DuplicateId {
                list,
                index,
                first,
                id,
            } => write!(
                f,
                "{list}[{index}]: id {id} is already the id of {list}[{first}]; each item needs an id of its own"
            ),
        }
    }
}

impl std::error::Error for PlanError {}

/// Refuses the second of two items of `list` with the same id (the first such in the file).
fn duplicate_ids(list: &'static str, ids: impl Iterator<Item = Id>) -> Result<(), PlanError> {
    let ids: Vec<Id> = ids.collect();
    // The crate's one sort (no sort or map built for this alone): equal ids end up side by side,
    // each run in file order.
    let order = crate::order::sorted_positions(ids.len(), &|a, b| ids[a].cmp(&ids[b]));
    let clash = order
        .windows(2)
        .filter(|pair| ids[pair[0]] == ids[pair[1]])
        .min_by_key(|pair| pair[1]);
    match clash {
        Some(&[first, index]) => Err(PlanError::DuplicateId {
            list,
            index,
            first,
            id: ids[index],
        }),
        _ => Ok(()),
    }
}

#[derive(serde::Serialize)]
struct PlanOutput {
    positions: Vec<ItemPayments>,
    expenses: Vec<ItemPayments>,
    indicators: crate::model::budgeting::Indicators,
    timeline: Vec<crate::model::budgeting::TimelineBucket>,
}

/// The folio's figures without its items' payment lines: what a planning screen's chart needs.
#[derive(serde::Serialize)]
struct PlanSummary {
    indicators: crate::model::budgeting::Indicators,
    timeline: Vec<crate::model::budgeting::TimelineBucket>,
}

/// Computes the plan of the JSON document `input`; `csv` selects the output form. The error names
/// the field or item at fault.
pub fn run(input: &[u8], csv: bool) -> Result<String, PlanError> {
    let output = compute(input, true)?;
    if csv {
        Ok(to_csv(&output))
    } else {
        Ok(crate::model::to_json(&output))
    }
}

/// The folio's indicators and monthly timeline from the same document as [`run`], as JSON
/// `{"indicators": .., "timeline": [..]}`, with no payment line computed: it refuses what [`run`]
/// refuses, with the same message naming the same item.
pub fn summary(input: &[u8]) -> Result<String, PlanError> {
    let output = compute(input, false)?;
    Ok(crate::model::to_json(&PlanSummary {
        indicators: output.indicators,
        timeline: output.timeline,
    }))
}

/// What names each item of `plan` in its cost lines (S9.12): its name, account and category,
/// by the id its book costs it under (the given one, else its place in the file).
pub fn line_items(plan: &PlanDocument) -> HashMap<ItemKey, LineItem> {
    let positions = plan.positions.iter().enumerate().map(|(index, p)| {
        let id = p.position.id.unwrap_or(Id::new(index as u64 + 1));
        (ItemKey::Position(id), LineItem::of_position(&p.position))
    });
    let expenses = plan.expenses.iter().enumerate().map(|(index, e)| {
        let id = e.id.unwrap_or(Id::new(index as u64 + 1));
        (ItemKey::Expense(id), LineItem::of_expense(e))
    });
    positions.chain(expenses).collect()
}

/// The cost lines of the document `input` at `as_of` grouped by `grouping` (S9.12), as
/// `GET /folio/{id}/lines` answers them: its draft's (a document has no baseline, so each
/// budget is the plan), each item named by the document.
pub fn lines(input: &[u8], as_of: Date, grouping: LineGrouping) -> Result<String, PlanError> {
    let plan: PlanDocument = from_json(input).map_err(PlanError::Document)?;
    let items = line_items(&plan);
    let folio = plan.folio.id.unwrap_or(Id::new(0));
    let mut book = book(plan)?;
    let answer = cost_lines_of(&mut book, &items, folio, as_of, grouping)?;
    Ok(crate::model::to_json(&answer))
}

/// `book`'s cost lines at `as_of` grouped by `grouping`, each item named by `items` (one they
/// do not name as [`LineItem::unknown`]).
pub fn cost_lines_of(
    book: &mut FolioBook,
    items: &HashMap<ItemKey, LineItem>,
    folio: Id,
    as_of: Date,
    grouping: LineGrouping,
) -> Result<FolioLines, PlanError> {
    let (lines, budget_baseline) = book.cost_lines(as_of).map_err(PlanError::Folio)?;
    let terms = (
        book.folio().currency_code,
        book.folio().tolerance.get(),
        budget_baseline,
    );
    let describe = |key: ItemKey| {
        items
            .get(&key)
            .cloned()
            .unwrap_or_else(|| LineItem::unknown(key))
    };
    LineReport::new(lines, terms, grouping, &describe)
        .answer(folio, as_of, None, &describe, &|key| {
            group_name(grouping, key)
        })
        .map_err(|error| PlanError::Folio(error.into()))
}

/// The forecast of the document `input` at `as_of` (S14), as `GET /folio/{id}/forecast` answers
/// it for a folio without baselines or closed months: its draft's planned costs, each item named
/// by the document (`costfolio forecast PLAN.json --seed N`).
pub fn forecast(input: &[u8], as_of: Date, ask: ForecastAsk) -> Result<String, PlanError> {
    let plan: PlanDocument = from_json(input).map_err(PlanError::Document)?;
    let items = line_items(&plan);
    let folio = plan.folio.id.unwrap_or(Id::new(0));
    let mut book = book(plan)?;
    let answer = forecast_of(&mut book, &items, folio, as_of, ask)?;
    Ok(crate::model::to_json(&answer))
}

/// `book`'s forecast at `as_of` (S14), each item named by `items`.
pub fn forecast_of(
    book: &mut FolioBook,
    items: &HashMap<ItemKey, LineItem>,
    folio: Id,
    as_of: Date,
    ask: ForecastAsk,
) -> Result<FolioForecast, PlanError> {
    let describe = |key: ItemKey| {
        items
            .get(&key)
            .cloned()
            .unwrap_or_else(|| LineItem::unknown(key))
    };
    let part = folio_part(book, folio, as_of, &describe).map_err(PlanError::Folio)?;
    folio_forecast(&part, as_of, ask, &[]).map_err(|error| PlanError::Folio(error.into()))
}

/// The book of a plan document: its folio with its calendars, exchange rates, overtime rules,
/// synchronized hours, scope and items, costed on the draft (a document has no baseline). Items
/// without an id get their place in the file (from 1); two items of a list with one id are
/// refused.
pub fn book(mut plan: PlanDocument) -> Result<FolioBook, PlanError> {
    let scope = ScopeHistory::of_document(plan.folio.start_date, &plan.scope, &plan.scope_history)
        .map_err(PlanError::Scope)?;
    let calendar = calendar_of(&plan.workload, &plan.holidays, "")?;
    let mut own_calendars = Vec::new();
    let mut synced = HashMap::new();
    for (index, p) in plan.positions.iter().enumerate() {
        let id = p.position.id.unwrap_or(Id::new(index as u64 + 1));
        if let Some(own) = &p.calendar {
            let path = format!("positions[{index}].calendar.");
            own_calendars.push((id, calendar_of(&own.workload, &own.holidays, &path)?));
        }
        if let Some(days) = &p.synced_hours {
            synced.insert(
                id,
                DailyHours::from_seconds(days.iter().map(|day| (day.date, day.seconds))),
            );
        }
    }
    // Items need ids: the given ones, else their place in the file.
    for (index, expense) in plan.expenses.iter_mut().enumerate() {
        expense.id.get_or_insert(Id::new(index as u64 + 1));
    }
    let records: Vec<PositionRecord> = plan
        .positions
        .iter()
        .enumerate()
        .map(|(index, p)| position_record(p, Id::new(index as u64 + 1)))
        .collect();
    duplicate_ids("positions", records.iter().map(|r| r.id))?;
    duplicate_ids("expenses", plan.expenses.iter().filter_map(|e| e.id))?;
    let book = FolioBook::new(BookParts {
        folio: plan.folio,
        calendar,
        own_calendars,
        rates: ExchangeRates::from_wire(plan.exchange_rates.iter()),
        overtime_rules: plan.overtime_rules,
        synced,
        scope,
        draft: Items {
            positions: records,
            expenses: plan.expenses,
        },
        baselines: Vec::new(),
        baseline_calendars: Vec::new(),
        baseline_folio_calendars: Vec::new(),
    });
    book.terms().map_err(PlanError::Folio)?;
    Ok(book)
}

/// A document's position as its book costs it: its first rate and allocation and the ones after
/// them, its hours periods (and billable hours given in the position), with its id or `fallback`.
pub fn position_record(p: &PlanPosition, fallback: Id) -> PositionRecord {
    let mut rates = vec![p.position.rate.clone()];
    rates.extend(p.rates.iter().cloned());
    let mut allocations = vec![p.position.allocation.clone()];
    allocations.extend(p.allocations.iter().cloned());
    let mut hours = p.hours.clone();
    hours.extend(p.position.billable_hours.iter().flatten().cloned());
    PositionRecord {
        id: p.position.id.unwrap_or(fallback),
        kind: p.position.kind.unwrap_or_default(),
        revenue: p.position.revenue.unwrap_or(false),
        allocations,
        rates,
        hours,
        ot_rule_id: p.position.ot_rule_id,
        deleted_on: p.position.deleted_on,
        realises: p.position.realises,
        complete: p.position.complete == Some(true),
        estimate: p.position.estimate,
    }
}

/// The plan of `input`; with `lines` false, the items' lines are left empty (and computed only to
/// name the item at fault when the ledger refuses).
fn compute(input: &[u8], lines: bool) -> Result<PlanOutput, PlanError> {
    let plan: PlanDocument = from_json(input).map_err(PlanError::Document)?;
    let names: Vec<String> = plan
        .positions
        .iter()
        .map(|p| p.position.name.clone())
        .collect();
    let as_of = plan.as_of.unwrap_or(plan.folio.end_date);
    let mut book = book(plan)?;
    // Every item's payment lines, each refusal naming its item (positions first, then expenses,
    // in file order). The summary needs no lines and the ledger below computes the same money:
    // it walks the items only when the ledger fails, so both refuse alike, naming the same item.
    let item_lines = |book: &FolioBook,
                      keep: bool|
     -> Result<(Vec<ItemPayments>, Vec<ItemPayments>), PlanError> {
        let draft = book.draft();
        let mut positions = Vec::new();
        for (record, name) in draft.positions.iter().zip(&names) {
            let lines = book
                .lines_of_position(record, Granularity::Month)
                .map_err(|error| PlanError::Position {
                    name: name.clone(),
                    error,
                })?;
            if keep {
                positions.push(ItemPayments {
                    id: record.id,
                    name: name.clone(),
                    lines,
                });
            }
        }
        let mut expenses = Vec::new();
        for expense in &draft.expenses {
            let lines = book
                .lines_of_expense(expense)
                .map_err(|error| PlanError::Expense {
                    name: expense.name.clone(),
                    error,
                })?;
            if keep {
                expenses.push(ItemPayments {
                    id: expense.id.unwrap_or_default(),
                    name: expense.name.clone(),
                    lines,
                });
            }
        }
        Ok((positions, expenses))
    };
    let (positions, expenses) = if lines {
        item_lines(&book, true)?
    } else {
        (Vec::new(), Vec::new())
    };
    let indicators = match book.indicators(as_of, PlannedSide::Latest) {
        Ok(indicators) => indicators,
        Err(error) => {
            return Err(match item_lines(&book, false) {
                Err(named) if !lines => named,
                _ => PlanError::Folio(error),
            })
        }
    };
    let timeline = book
        .timeline(as_of, Granularity::Month, PlannedSide::Latest)
        .map_err(PlanError::Folio)?;
    Ok(PlanOutput {
        positions,
        expenses,
        indicators,
        timeline,
    })
}

/// The calendar of a week and holidays (S3.1, S3.2); refusals name their field, after `path`
/// (`positions[3].calendar.` for a position's own calendar).
fn calendar_of(
    week: &[WorkloadDay],
    holidays: &[PlanHoliday],
    path: &str,
) -> Result<Calendar, PlanError> {
    let workload = if week.is_empty() {
        WorkloadScheme::standard()
    } else {
        let mut seconds = [0u32; 7];
        for day in week {
            seconds[day.day.index()] = day.required_seconds;
        }
        WorkloadScheme::new(seconds).map_err(|error| PlanError::Calendar {
            field: format!("{path}workload"),
            error,
        })?
    };
    let mut kept = Vec::new();
    for (index, h) in holidays.iter().enumerate() {
        kept.push(
            crate::calendar::Holiday::new(h.kind, h.date, h.duration_seconds).map_err(|error| {
                PlanError::Calendar {
                    field: format!("{path}holidays[{index}]"),
                    error,
                }
            })?,
        );
    }
    Ok(Calendar::new(workload, HolidayScheme::new(kept)))
}

fn to_csv(output: &PlanOutput) -> String {
    payments_csv(&output.positions, &output.expenses, &output.timeline)
}
