//! A folio's workbook: Summary (the indicators as of a date, with the methods that computed them),
//! Lines (the cost lines with their groups' subtotals and the total), Months (planned, actual,
//! scheduled, PV, EV and AC per month) and the inputs: Positions (rates, allocations and hours),
//! Expenses, Exchange rates. Totals and derived figures are formulas whose results are the
//! engine's figures, so a spreadsheet calculates them again to the same cent.

use super::book::{at, columns, not_available, Cell, Sheet, Style, Workbook};
use crate::model::budgeting::{
    EacMethod, FolioLines, FolioStatus, IndexStatus, Indicators, PlanDocument, PlannedValueMethod,
    TimelineBucket,
};
use crate::value::{Date, Exact};

/// What a folio's workbook is written from: the answers of the routes that show the same figures.
#[derive(Debug, Clone)]
pub struct FolioFigures {
    /// The folio's name.
    pub name: String,
    /// The day the figures are computed at.
    pub as_of: Date,
    /// The indicators at `as_of` (`GET /folio/{id}/indicators`).
    pub indicators: Indicators,
    /// Every cost line, grouped (`GET /folio/{id}/lines`, every page).
    pub lines: FolioLines,
    /// The timeline by month (`GET /folio/{id}/timeline`).
    pub months: Vec<TimelineBucket>,
    /// The folio's inputs (`GET /folio/{id}/plan`).
    pub plan: PlanDocument,
}

/// The folio's workbook.
pub fn folio_workbook(figures: &FolioFigures) -> Workbook {
    let code = figures.indicators.currency_code;
    Workbook {
        file_stem: super::book::file_stem(&figures.name, figures.as_of, "folio"),
        title: format!("{}: budget as of {}", figures.name, figures.as_of),
        currency_code: code.to_string(),
        minor_units: code.minor_units(),
        sheets: vec![
            summary(figures),
            lines_sheet(&figures.lines),
            months(figures),
            positions(&figures.plan),
            expenses(&figures.plan),
            exchange_rates(&figures.plan),
        ],
    }
}

/// A status in words.
pub(super) fn status_words(status: IndexStatus) -> &'static str {
    match status {
        IndexStatus::Green => "within budget",
        IndexStatus::Amber => "over budget, within tolerance",
        IndexStatus::Red => "over budget beyond tolerance",
        IndexStatus::Grey => "nothing to judge",
    }
}

fn folio_status(status: FolioStatus) -> &'static str {
    match status {
        FolioStatus::Pending => "not started",
        FolioStatus::Executing => "running",
        FolioStatus::Expired => "past its end",
        FolioStatus::Closed => "closed",
    }
}

fn pv_method(method: PlannedValueMethod) -> &'static str {
    match method {
        PlannedValueMethod::WorkingDays => "the budget spread evenly over the working days",
        PlannedValueMethod::Plan => "the plan's own time-phasing (planned cost to date)",
    }
}

fn eac_method(method: EacMethod) -> &'static str {
    match method {
        EacMethod::Cpi => "by CPI: BAC x AC / EV",
        EacMethod::CpiSpi => "by CPI and SPI: AC + (BAC - EV) / (CPI x SPI)",
        EacMethod::RemainingAsPlanned => "the rest as planned: AC + BAC - EV",
        EacMethod::Scheduled => "by what is scheduled: each cost line's forecast added up",
    }
}

/// A formula cell when the engine computed the figure, else "n/a".
fn derived(formula: String, value: Option<Exact>, style: Style) -> Cell {
    value.map_or_else(not_available, |v| Cell::Formula(formula, v, style))
}

/// The indicators' rows, appended to a two-column sheet (label, figure): the figures the engine
/// gives as such, the ones derived from them as formulas. Shared by the folio's and the
/// portfolio's Summary; a portfolio's profit and margin are its folios' added up (those with
/// revenues), not its actual revenue less its AC, so `own_profit` false writes them as values.
pub(super) fn indicator_rows(sheet: &mut Sheet, i: &Indicators, own_profit: bool) {
    let row = |sheet: &Sheet, offset: usize| sheet.next_row() + offset;
    let bac = at(1, row(sheet, 0));
    let pv = at(1, row(sheet, 1));
    let ev = at(1, row(sheet, 2));
    let ac = at(1, row(sheet, 3));
    let cv = at(1, row(sheet, 4));
    let sv = at(1, row(sheet, 5));
    let eac = at(1, row(sheet, 10));
    let both = i.pv.is_some() && i.ev.is_some();
    let rows: Vec<(&str, Cell)> = vec![
        ("Budget at completion (BAC)", Cell::money(Some(i.bac))),
        ("Planned value (PV)", Cell::money(i.pv)),
        ("Earned value (EV)", Cell::money(i.ev)),
        ("Actual cost (AC)", Cell::money(Some(i.ac))),
        (
            "Cost variance (CV = EV - AC)",
            derived(
                format!("{ev}-{ac}"),
                i.cv.filter(|_| i.ev.is_some()),
                Style::Money,
            ),
        ),
        (
            "Schedule variance (SV = EV - PV)",
            derived(format!("{ev}-{pv}"), i.sv.filter(|_| both), Style::Money),
        ),
        (
            "Cost performance index (CPI = EV / AC)",
            derived(format!("ROUND({ev}/{ac},4)"), i.cpi, Style::Ratio),
        ),
        (
            "Schedule performance index (SPI = EV / PV)",
            derived(
                format!("ROUND({ev}/{pv},4)"),
                i.spi.filter(|_| both),
                Style::Ratio,
            ),
        ),
        (
            "CV % (CV / EV)",
            derived(
                format!("ROUND({cv}/{ev}*100,2)"),
                i.cv_percent,
                Style::Percent,
            ),
        ),
        (
            "SV % (SV / PV)",
            derived(
                format!("ROUND({sv}/{pv}*100,2)"),
                i.sv_percent,
                Style::Percent,
            ),
        ),
        ("Estimate at completion (EAC)", Cell::money(i.eac)),
        (
            "Estimate to complete (ETC = EAC - AC)",
            derived(
                format!("{eac}-{ac}"),
                i.etc.filter(|_| i.eac.is_some()),
                Style::Money,
            ),
        ),
        (
            "Variance at completion (VAC = BAC - EAC)",
            derived(
                format!("{bac}-{eac}"),
                i.vac.filter(|_| i.eac.is_some()),
                Style::Money,
            ),
        ),
        (
            "To-complete performance index (TCPI)",
            i.tcpi
                .map_or_else(not_available, |v| Cell::Figure(v, Style::Ratio)),
        ),
        ("Cost light", Cell::text(status_words(i.cpi_status))),
        ("Schedule light", Cell::text(status_words(i.spi_status))),
        ("Management reserve", Cell::money(Some(i.reserve))),
        ("Contingency", Cell::money(Some(i.contingency))),
        (
            "Planned cost to date",
            Cell::money(Some(i.planned_cost_to_date)),
        ),
        (
            "Known cost (actual to date and scheduled)",
            Cell::money(Some(i.eac_known)),
        ),
    ];
    for (label, cell) in rows {
        sheet.push(vec![Cell::text(label), cell]);
    }
    if i.planned_revenue.is_some() {
        let revenue = at(1, sheet.next_row() + 1);
        let profit = at(1, sheet.next_row() + 2);
        sheet.push(vec![
            Cell::text("Planned revenue"),
            Cell::money(i.planned_revenue),
        ]);
        sheet.push(vec![
            Cell::text("Actual revenue"),
            Cell::money(i.actual_revenue),
        ]);
        if own_profit {
            sheet.push(vec![
                Cell::text("Profit (actual revenue - AC)"),
                derived(format!("{revenue}-{ac}"), i.profit, Style::Money),
            ]);
            sheet.push(vec![
                Cell::text("Margin % (profit / actual revenue)"),
                derived(
                    format!("ROUND({profit}/{revenue}*100,2)"),
                    i.margin,
                    Style::Percent,
                ),
            ]);
        } else {
            sheet.push(vec![Cell::text("Profit"), Cell::money(i.profit)]);
            sheet.push(vec![
                Cell::text("Margin %"),
                i.margin
                    .map_or_else(not_available, |v| Cell::Figure(v, Style::Percent)),
            ]);
        }
    }
}

fn summary(figures: &FolioFigures) -> Sheet {
    let i = &figures.indicators;
    let mut sheet = Sheet::new("Summary", columns(&[("Figure", 44), ("Value", 24)]), false);
    sheet.push(vec![Cell::text("Folio"), Cell::text(figures.name.as_str())]);
    sheet.push(vec![Cell::text("As of"), Cell::Date(figures.as_of)]);
    sheet.push(vec![
        Cell::text("Currency"),
        Cell::text(i.currency_code.to_string()),
    ]);
    if let Some(status) = i.status {
        sheet.push(vec![Cell::text("Status"), Cell::text(folio_status(status))]);
    }
    sheet.push(vec![
        Cell::text("Budget from"),
        Cell::text(figures.lines.budget_baseline_id.map_or_else(
            || "the plan (no approved baseline)".to_owned(),
            |id| format!("baseline {id}"),
        )),
    ]);
    sheet.push(vec![
        Cell::text("Planned value method"),
        Cell::text(pv_method(i.planned_value_method.unwrap_or_default())),
    ]);
    sheet.push(vec![
        Cell::text("Estimate at completion method"),
        Cell::text(eac_method(i.eac_method.unwrap_or_default())),
    ]);
    indicator_rows(&mut sheet, i, true);
    sheet
}

/// The columns of a line's figures, from column `first`: budget, plan, actual, scheduled,
/// forecast, VAC, VAC %, plan variance, plan variance %.
pub(super) const FIGURE_COLUMNS: [(&str, u16); 9] = [
    ("Budget", 16),
    ("Plan", 16),
    ("Actual to date", 16),
    ("Scheduled", 16),
    ("Forecast", 16),
    ("Variance at completion", 16),
    ("Variance %", 12),
    ("Plan left to spend", 16),
    ("Plan left %", 12),
];

/// The figure cells of one row from column `first` in spreadsheet row `row`: budget, plan,
/// actual and scheduled as given, the rest as formulas over them (`forecast` the formula of the
/// forecast, or `None` for the engine's figure as a value).
pub(super) fn figure_cells(
    f: &crate::model::budgeting::LineFigures,
    first: usize,
    row: usize,
    forecast: Option<String>,
) -> Vec<Cell> {
    let c = |offset: usize| at(first + offset, row);
    let (budget, plan, actual, fc, vac, left) = (c(0), c(1), c(2), c(4), c(5), c(7));
    vec![
        Cell::Figure(f.budget, Style::Money),
        Cell::Figure(f.plan, Style::Money),
        Cell::Figure(f.actual, Style::Money),
        Cell::Figure(f.scheduled, Style::Money),
        match forecast {
            Some(formula) => Cell::Formula(formula, f.forecast, Style::Money),
            None => Cell::Figure(f.forecast, Style::Money),
        },
        Cell::Formula(format!("{budget}-{fc}"), f.vac, Style::Money),
        derived(
            format!("ROUND({vac}/{budget}*100,2)"),
            f.vac_percent,
            Style::Percent,
        ),
        Cell::Formula(format!("{plan}-{actual}"), f.plan_variance, Style::Money),
        derived(
            format!("ROUND({left}/{plan}*100,2)"),
            f.plan_variance_percent,
            Style::Percent,
        ),
    ]
}

/// The figure cells of one row as values, none derived by a formula: for figures converted
/// from another currency, each rounded on its own (S9.9), which a formula over the rounded
/// figures could miss by a cent.
pub(super) fn value_cells(f: &crate::model::budgeting::LineFigures) -> Vec<Cell> {
    let percent =
        |v: Option<Exact>| v.map_or_else(not_available, |v| Cell::Figure(v, Style::Percent));
    vec![
        Cell::Figure(f.budget, Style::Money),
        Cell::Figure(f.plan, Style::Money),
        Cell::Figure(f.actual, Style::Money),
        Cell::Figure(f.scheduled, Style::Money),
        Cell::Figure(f.forecast, Style::Money),
        Cell::Figure(f.vac, Style::Money),
        percent(f.vac_percent),
        Cell::Figure(f.plan_variance, Style::Money),
        percent(f.plan_variance_percent),
    ]
}

/// Subtotal formulas (`SUBTOTAL(9, ...)`, which a filter narrows and which skips other
/// subtotals) of the money columns between spreadsheet rows `from` and `to`, with the engine's
/// figures, and the percentages over them.
pub(super) fn subtotal_cells(
    f: &crate::model::budgeting::LineFigures,
    first: usize,
    row: usize,
    from: usize,
    to: usize,
) -> Vec<Cell> {
    let sum = |offset: usize, value: Exact| {
        let column = super::book::column_name(first + offset);
        Cell::Formula(
            format!("SUBTOTAL(9,{column}{from}:{column}{to})"),
            value,
            Style::Money,
        )
    };
    let c = |offset: usize| at(first + offset, row);
    vec![
        sum(0, f.budget),
        sum(1, f.plan),
        sum(2, f.actual),
        sum(3, f.scheduled),
        sum(4, f.forecast),
        sum(5, f.vac),
        derived(
            format!("ROUND({}/{}*100,2)", c(5), c(0)),
            f.vac_percent,
            Style::Percent,
        ),
        sum(7, f.plan_variance),
        derived(
            format!("ROUND({}/{}*100,2)", c(7), c(1)),
            f.plan_variance_percent,
            Style::Percent,
        ),
    ]
}

fn lines_sheet(answer: &FolioLines) -> Sheet {
    let mut header = vec![
        ("Group", 22),
        ("Line", 32),
        ("Item", 10),
        ("Planned", 9),
        ("Complete", 9),
        ("Realised by", 28),
    ];
    header.extend(FIGURE_COLUMNS);
    header.push(("Light", 26));
    let mut sheet = Sheet::new("Lines", columns(&header), true);
    let first = 6;
    let groups: Vec<(String, String, Option<&crate::model::budgeting::LineGroup>)> =
        if answer.groups.is_empty() {
            vec![(String::new(), String::new(), None)]
        } else {
            answer
                .groups
                .iter()
                .map(|g| (g.key.clone(), g.name.clone(), Some(g)))
                .collect()
        };
    for (key, name, group) in groups {
        let from = sheet.next_row();
        for line in answer
            .lines
            .iter()
            .filter(|l| group.is_none() || l.group == key)
        {
            let row = sheet.next_row();
            let (actual, scheduled, plan) =
                (at(first + 2, row), at(first + 3, row), at(first + 1, row));
            let forecast = if line.planned && !line.complete {
                format!("MAX({actual}+{scheduled},{plan})")
            } else {
                format!("{actual}+{scheduled}")
            };
            let by: Vec<&str> = line.realised_by.iter().map(|r| r.name.as_str()).collect();
            let mut cells = vec![
                Cell::text(name.as_str()),
                Cell::text(line.name.as_str()),
                Cell::text(match line.item_kind {
                    crate::model::budgeting::LineItemKind::Position => "position",
                    crate::model::budgeting::LineItemKind::Expense => "expense",
                }),
                Cell::text(if line.planned { "yes" } else { "no" }),
                Cell::text(if line.complete { "yes" } else { "no" }),
                Cell::text(by.join("; ")),
            ];
            cells.extend(figure_cells(&line.figures, first, row, Some(forecast)));
            cells.push(Cell::text(status_words(line.figures.status)));
            sheet.push(cells);
        }
        let to = sheet.next_row() - 1;
        if let Some(group) = group {
            let row = sheet.next_row();
            let mut cells = vec![
                Cell::text(format!("Subtotal: {name}")),
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
            ];
            cells.extend(subtotal_cells(&group.figures, first, row, from, to));
            cells.push(Cell::text(status_words(group.figures.status)));
            sheet.push_total(cells);
        }
    }
    let row = sheet.next_row();
    let mut cells = vec![
        Cell::text("Total"),
        Cell::Empty,
        Cell::Empty,
        Cell::Empty,
        Cell::Empty,
        Cell::Empty,
    ];
    if answer.lines.is_empty() {
        // Nothing to add up: the figures themselves (all zero).
        cells.extend(value_cells(&answer.total));
    } else {
        cells.extend(subtotal_cells(&answer.total, first, row, 2, row - 1));
    }
    cells.push(Cell::text(status_words(answer.total.status)));
    sheet.push_total(cells);
    sheet
}

/// Actual cost of `bucket` dated on or before `as_of` and after it, from the bucket's actual cost
/// and the actual cost to date (`ac_to_date`) less what earlier buckets hold (`before`).
fn split(bucket: &TimelineBucket, as_of: Date, ac_to_date: Exact, before: Exact) -> (Exact, Exact) {
    let cost = bucket.actual_cost.get();
    if bucket.end <= as_of {
        return (bucket.actual_cost, Exact::of(rust_decimal::Decimal::ZERO));
    }
    if bucket.start > as_of {
        return (Exact::of(rust_decimal::Decimal::ZERO), bucket.actual_cost);
    }
    let to_date = (ac_to_date.get() - before.get()).clamp(rust_decimal::Decimal::ZERO, cost);
    (Exact::of(to_date), Exact::of(cost - to_date))
}

fn months(figures: &FolioFigures) -> Sheet {
    let revenue = figures.plan.folio.with_revenue;
    let mut header = vec![
        ("Month", 12),
        ("Until", 12),
        ("Planned cost", 16),
        ("Planned cost, cumulative", 18),
        ("Actual cost to date", 16),
        ("Scheduled", 16),
        ("Contingency", 14),
        ("Planned value (PV)", 16),
        ("Earned value (EV)", 16),
        ("Actual cost, cumulative (AC)", 18),
    ];
    if revenue {
        header.extend([("Planned revenue", 16), ("Actual revenue", 16)]);
    }
    let mut sheet = Sheet::new("Months", columns(&header), true);
    let mut before = Exact::of(rust_decimal::Decimal::ZERO);
    let mut planned_so_far = rust_decimal::Decimal::ZERO;
    // The months' actual to date and scheduled, added up as the rows are written.
    let (mut actual_total, mut scheduled_total) =
        (rust_decimal::Decimal::ZERO, rust_decimal::Decimal::ZERO);
    for bucket in &figures.months {
        let row = sheet.next_row();
        let (actual, scheduled) = split(bucket, figures.as_of, figures.indicators.ac, before);
        actual_total += actual.get();
        scheduled_total += scheduled.get();
        planned_so_far += bucket.planned_cost.get();
        let cumulative = |column: usize, this: String| {
            if row == 2 {
                this
            } else {
                format!("{}+{this}", at(column, row - 1))
            }
        };
        let mut cells = vec![
            Cell::Date(bucket.start),
            Cell::Date(bucket.end),
            Cell::Figure(bucket.planned_cost, Style::Money),
            Cell::Formula(
                cumulative(3, at(2, row)),
                Exact::of(planned_so_far),
                Style::Money,
            ),
            Cell::Figure(actual, Style::Money),
            Cell::Figure(scheduled, Style::Money),
            Cell::Figure(bucket.contingency, Style::Money),
            Cell::money(bucket.pv),
            // After the as-of date there is no earned value yet: an empty cell, not "n/a".
            bucket
                .ev
                .map_or(Cell::Empty, |ev| Cell::Figure(ev, Style::Money)),
            Cell::Formula(
                cumulative(9, format!("{}+{}", at(4, row), at(5, row))),
                bucket.ac,
                Style::Money,
            ),
        ];
        if revenue {
            cells.push(Cell::money(bucket.planned_revenue));
            cells.push(Cell::money(bucket.actual_revenue));
        }
        sheet.push(cells);
        before = bucket.ac;
    }
    if !figures.months.is_empty() {
        let row = sheet.next_row();
        let last = row - 1;
        let sum = |column: usize, value: rust_decimal::Decimal| {
            let name = super::book::column_name(column);
            Cell::Formula(
                format!("SUM({name}2:{name}{last})"),
                Exact::of(value),
                Style::Money,
            )
        };
        let total = |f: fn(&TimelineBucket) -> Exact| {
            figures
                .months
                .iter()
                .map(|b| f(b).get())
                .sum::<rust_decimal::Decimal>()
        };
        let mut cells = vec![
            Cell::text("Total"),
            Cell::Empty,
            sum(2, total(|b| b.planned_cost)),
            Cell::Empty,
            sum(4, actual_total),
            sum(5, scheduled_total),
            sum(6, total(|b| b.contingency)),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
        ];
        if revenue {
            let revenue_total = |f: fn(&TimelineBucket) -> Option<Exact>| {
                figures
                    .months
                    .iter()
                    .filter_map(|b| f(b).map(Exact::get))
                    .sum::<rust_decimal::Decimal>()
            };
            cells.push(sum(10, revenue_total(|b| b.planned_revenue)));
            cells.push(sum(11, revenue_total(|b| b.actual_revenue)));
        }
        sheet.push_total(cells);
    }
    sheet
}

pub(super) use super::inputs::{exchange_rates, expenses, positions};
