//! A whole folio computed from one document: a folio with its positions, expenses, calendars and
//! exchange rates (the wire shapes) in; its payments, indicators and monthly timeline out, as JSON
//! or CSV. The host's `costfolio plan FILE.json` and the wasm package's `plan` both call [`run`].

use std::collections::HashMap;

use crate::analytics::baseline::Items;
use crate::analytics::{payments_csv, BookParts, FolioBook, ItemPayments, PlannedSide};
use crate::calendar::{Calendar, HolidayKind, HolidayScheme, WorkloadScheme};
use crate::json::write::Write;
use crate::model::budgeting::{
    Allocation, ExchangeRate, Expense, Folio, HoursPeriod, OvertimeRule, Position, Rate, ScopeItem,
};
use crate::model::core_ext::WorkloadDay;
use crate::model::{from_json, Id};
use crate::schedule::position::PositionRecord;
use crate::schedule::{ExchangeRates, Granularity};
use crate::value::{Date, Name};

use crate::json::read::Read;

/// A holiday of the plan's calendar.
#[derive(Debug, Read)]
#[wire(rename_all = "camelCase")]
struct PlanHoliday {
    #[wire(rename = "type")]
    kind: HolidayKind,
    #[allow(dead_code)]
    name: Name,
    duration_seconds: u32,
    date: Date,
}

/// A position with its history beyond the first rate and allocation.
#[derive(Debug, Read)]
#[wire(rename_all = "camelCase")]
struct PlanPosition {
    position: Position,
    #[wire(default)]
    rates: Vec<Rate>,
    #[wire(default)]
    allocations: Vec<Allocation>,
    #[wire(default)]
    hours: Vec<HoursPeriod>,
}

/// The input of `costfolio plan`.
#[derive(Debug, Read)]
#[wire(rename_all = "camelCase")]
struct PlanInput {
    folio: Folio,
    as_of: Option<Date>,
    #[wire(default)]
    workload: Vec<WorkloadDay>,
    #[wire(default)]
    holidays: Vec<PlanHoliday>,
    #[wire(default)]
    exchange_rates: Vec<ExchangeRate>,
    #[wire(default)]
    overtime_rules: Vec<OvertimeRule>,
    #[wire(default)]
    positions: Vec<PlanPosition>,
    #[wire(default)]
    expenses: Vec<Expense>,
    #[wire(default)]
    scope: Vec<ScopeItem>,
}

#[derive(Write)]
struct PlanOutput {
    positions: Vec<ItemPayments>,
    expenses: Vec<ItemPayments>,
    indicators: crate::model::budgeting::Indicators,
    timeline: Vec<crate::model::budgeting::TimelineBucket>,
}

/// The folio's figures without its items' payment lines: what a planning screen's chart needs.
#[derive(Write)]
struct PlanSummary {
    indicators: crate::model::budgeting::Indicators,
    timeline: Vec<crate::model::budgeting::TimelineBucket>,
}

/// Computes the plan of the JSON document `input`; `csv` selects the output form. The error names
/// the field or item at fault.
pub fn run(input: &[u8], csv: bool) -> Result<String, String> {
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
pub fn summary(input: &[u8]) -> Result<String, String> {
    let output = compute(input, false)?;
    Ok(crate::model::to_json(&PlanSummary {
        indicators: output.indicators,
        timeline: output.timeline,
    }))
}

/// The plan of `input`; with `lines` false, the items' lines are left empty (and computed only to
/// name the item at fault when the ledger refuses).
fn compute(input: &[u8], lines: bool) -> Result<PlanOutput, String> {
    let mut plan: PlanInput = from_json(input).map_err(|e| e.to_string())?;
    let workload = if plan.workload.is_empty() {
        WorkloadScheme::standard()
    } else {
        let mut week = [0u32; 7];
        for day in &plan.workload {
            week[day.day.index()] = day.required_seconds;
        }
        WorkloadScheme::new(week).map_err(|e| format!("workload: {e}"))?
    };
    let mut holidays = Vec::new();
    for (index, h) in plan.holidays.iter().enumerate() {
        holidays.push(
            crate::calendar::Holiday::new(h.kind, h.date, h.duration_seconds)
                .map_err(|e| format!("holidays[{index}]: {e}"))?,
        );
    }
    let calendar = Calendar::new(workload, HolidayScheme::new(holidays));
    // Items need ids: the given ones, else their place in the file.
    for (index, expense) in plan.expenses.iter_mut().enumerate() {
        expense.id.get_or_insert(Id::new(index as u64 + 1));
    }
    let records: Vec<PositionRecord> = plan
        .positions
        .iter()
        .enumerate()
        .map(|(index, p)| {
            let mut rates = vec![p.position.rate.clone()];
            rates.extend(p.rates.iter().cloned());
            let mut allocations = vec![p.position.allocation.clone()];
            allocations.extend(p.allocations.iter().cloned());
            let mut hours = p.hours.clone();
            hours.extend(p.position.billable_hours.iter().flatten().cloned());
            PositionRecord {
                id: p.position.id.unwrap_or(Id::new(index as u64 + 1)),
                kind: p.position.kind.unwrap_or_default(),
                revenue: p.position.revenue.unwrap_or(false),
                allocations,
                rates,
                hours,
                ot_rule_id: p.position.ot_rule_id,
                deleted_on: p.position.deleted_on,
            }
        })
        .collect();
    let names: Vec<String> = plan
        .positions
        .iter()
        .map(|p| p.position.name.clone())
        .collect();
    let as_of = plan.as_of.unwrap_or(plan.folio.end_date);
    let mut book = FolioBook::new(BookParts {
        folio: plan.folio,
        calendar,
        own_calendars: Vec::new(),
        rates: ExchangeRates::from_wire(plan.exchange_rates.iter()),
        overtime_rules: plan.overtime_rules,
        synced: HashMap::new(),
        scope: plan.scope,
        draft: Items {
            positions: records,
            expenses: plan.expenses,
        },
        baselines: Vec::new(),
    });
    book.terms().map_err(|errors| errors.to_string())?;
    // Every item's payment lines, each refusal naming its item (positions first, then expenses,
    // in file order). The summary needs no lines and the ledger below computes the same money:
    // it walks the items only when the ledger fails, so both refuse alike, naming the same item.
    let item_lines = |book: &FolioBook<'_>,
                      keep: bool|
     -> Result<(Vec<ItemPayments>, Vec<ItemPayments>), String> {
        let draft = book.draft();
        let mut positions = Vec::new();
        for (record, name) in draft.positions.iter().zip(&names) {
            let lines = book
                .lines_of_position(record, Granularity::Month)
                .map_err(|e| format!("position {name:?}: {e}"))?;
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
                .map_err(|e| format!("expense {:?}: {e}", expense.name))?;
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
                _ => error.to_string(),
            })
        }
    };
    let timeline = book
        .timeline(as_of, Granularity::Month, PlannedSide::Latest)
        .map_err(|e| e.to_string())?;
    Ok(PlanOutput {
        positions,
        expenses,
        indicators,
        timeline,
    })
}

fn to_csv(output: &PlanOutput) -> String {
    payments_csv(&output.positions, &output.expenses, &output.timeline)
}
