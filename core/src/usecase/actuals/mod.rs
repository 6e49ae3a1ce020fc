//! Actuals in from a spreadsheet (`POST /folio/{id}/import/actuals`): each row of a file read as
//! an actual expense or a team member's worked hours, checked by the ordinary use cases on a copy
//! of the state, and reported row by row. A dry run writes nothing; a real run writes every row
//! as one journal entry, or nothing when a row is refused. A row whose key (expenses) or whose
//! person and period (hours) the folio already holds changes that item, or nothing when it is the
//! same: importing the same file again changes nothing.

mod columns;
mod rows;

use std::collections::{BTreeMap, HashMap};

use super::error::{Error, Result};
use super::parts::{NewParts, PartAt};
use super::Commands;
use crate::model::budgeting::{
    ActualsImport, ActualsKind, Expense, ExpenseKind, HoursPeriod, ImportLine, ImportOutcome,
    ImportReport, PositionKind,
};
use crate::model::Id;
use crate::sheets::{cell_text, guess_mark, ReadCell};
use crate::state::Command;
use columns::{Columns, Field};
use rows::{expense_row, hours_row, Reading, Refusals};

/// The most data rows one import reads.
pub const MAX_IMPORT_ROWS: usize = 20_000;

/// The most rows a report lists besides the refused ones.
const SHOWN: usize = 200;

/// What the import does with one row, once read.
enum Step {
    Create(Expense),
    Update(Expense),
    AddHours(u64, HoursPeriod),
    ReplaceHours(u64, HoursPeriod),
}

/// One data row: its line of the report, what it changes, and its cells.
struct Row<'r> {
    line: ImportLine,
    change: Option<Step>,
    cells: &'r [ReadCell],
}

impl Row<'_> {
    fn refuse(&mut self, refusals: Refusals) {
        self.line.outcome = ImportOutcome::Refused;
        self.line.refusals.extend(refusals.0);
        self.change = None;
    }
}

fn line(row: usize) -> ImportLine {
    ImportLine {
        row,
        outcome: ImportOutcome::Refused,
        name: None,
        date: None,
        until: None,
        amount: None,
        currency_code: None,
        item_id: None,
        refusals: Vec::new(),
    }
}

/// The column a use case's refusal of `field` (a wire field of an expense or hours period) is
/// about.
fn field_of(field: &str) -> Option<Field> {
    Some(match field {
        "amount" => Field::Amount,
        "currencyCode" => Field::Currency,
        "name" => Field::Name,
        "description" => Field::Description,
        "type" => Field::Type,
        "realises" => Field::Realises,
        "sourceKey" => Field::Key,
        "effort" => Field::Hours,
        "otEffort" => Field::OvertimeHours,
        "startDate" => Field::From,
        "endDate" => Field::Until,
        f if f.starts_with("recurrence") => Field::Date,
        _ => return None,
    })
}

/// A use case's refusal of a row, placed at the row's columns.
fn refusals_of(error: Error, columns: &Columns, cells: &[ReadCell]) -> Refusals {
    let mut refusals = Refusals::default();
    let (parse_failure, messages, fields) = error.into_parts();
    for message in parse_failure.into_iter().chain(messages) {
        refusals.add("", &ReadCell::Empty, message);
    }
    for (field, message) in fields {
        match field_of(&field).and_then(|f| columns.cell(cells, f)) {
            Some((cell, header)) => refusals.add(header, cell, message),
            None => refusals.add("", &ReadCell::Empty, format!("{field}: {message}")),
        }
    }
    refusals
}

impl Commands<'_> {
    /// Imports `rows` (a file's cells, its header the first row with anything in it) into folio
    /// `folio` as `import` says: what each row would do with `dry_run`, else done as one journal
    /// entry, or refused as a whole (each refused row named with its column and rule) when any
    /// row is refused.
    pub fn import_actuals(
        &mut self,
        folio: u64,
        import: &ActualsImport,
        rows: &[Vec<ReadCell>],
        dry_run: bool,
    ) -> Result<ImportReport> {
        self.caller.writes()?;
        let currency = self
            .caller
            .folio_for_edit(self.state, folio)?
            .folio
            .currency_code;
        let filled = |row: &Vec<ReadCell>| row.iter().any(|c| !cell_text(c).trim().is_empty());
        let header_at = rows
            .iter()
            .position(filled)
            .ok_or_else(|| Error::field("file", "the file holds no rows"))?;
        let header: Vec<String> = rows[header_at]
            .iter()
            .map(|cell| cell_text(cell).trim().to_owned())
            .collect();
        let columns = match Columns::find(&import.columns, import.kind, &rows[header_at]) {
            Ok(columns) => columns,
            // A dry run answers the file's header with what the mapping lacks, so that a mapping
            // can be chosen from it.
            Err(error) if dry_run => {
                let mut report = report(
                    true,
                    import
                        .decimal_mark
                        .unwrap_or(crate::model::budgeting::DecimalMark::Point),
                    header,
                    Vec::new(),
                );
                report.mapping_refusals = error.into_parts().2;
                return Ok(report);
            }
            Err(error) => return Err(error),
        };
        let data: Vec<(usize, &Vec<ReadCell>)> = rows
            .iter()
            .enumerate()
            .skip(header_at + 1)
            .filter(|(_, row)| filled(row))
            .map(|(index, row)| (index + 1, row))
            .collect();
        if data.len() > MAX_IMPORT_ROWS {
            return Err(Error::field(
                "file",
                format!(
                    "the file has {} rows, more than the {MAX_IMPORT_ROWS} an import takes: split it",
                    data.len()
                ),
            ));
        }
        let figure = match import.kind {
            ActualsKind::Expenses => Field::Amount,
            ActualsKind::Hours => Field::Hours,
        };
        let mark = import.decimal_mark.unwrap_or_else(|| {
            let texts: Vec<&str> = data
                .iter()
                .filter_map(|(_, row)| match columns.cell(row, figure) {
                    Some((ReadCell::Text(text), _)) => Some(text.as_str()),
                    _ => None,
                })
                .collect();
            guess_mark(texts.into_iter())
        });
        let reading = Reading {
            mark,
            order: import.date_order,
        };
        let mut read: Vec<Row<'_>> = match import.kind {
            ActualsKind::Expenses => self.expense_rows(folio, currency, &columns, reading, &data),
            ActualsKind::Hours => self.hours_rows(folio, &columns, reading, &data),
        };
        let journal = self.try_rows(folio, &columns, &mut read, dry_run)?;
        let report = report(
            dry_run,
            mark,
            header,
            read.into_iter().map(|row| row.line).collect(),
        );
        if dry_run {
            return Ok(report);
        }
        if report.refused > 0 {
            return Err(refused(&report));
        }
        if !journal.is_empty() {
            self.state.apply(Command::Batch(journal));
        }
        Ok(report)
    }

    /// The rows of expenses, each read and matched with what the folio holds.
    fn expense_rows<'r>(
        &self,
        folio: u64,
        currency: crate::value::CurrencyCode,
        columns: &Columns,
        reading: Reading,
        data: &[(usize, &'r Vec<ReadCell>)],
    ) -> Vec<Row<'r>> {
        let live = || {
            self.state
                .expenses_of(folio)
                .filter(|e| e.deleted_on.is_none())
        };
        let by_key: HashMap<&str, &Expense> = live()
            .filter(|e| e.kind == ExpenseKind::ActualExpense)
            .filter_map(|e| e.source_key.as_deref().map(|k| (k, e.record())))
            .collect();
        let mut planned: HashMap<String, Vec<Id>> = HashMap::new();
        for e in live().filter(|e| e.kind == ExpenseKind::PlannedExpense) {
            planned
                .entry(e.name.trim().to_lowercase())
                .or_default()
                .push(e.id());
        }
        let mut keys_seen: HashMap<String, usize> = HashMap::new();
        let mut rows = Vec::with_capacity(data.len());
        for &(number, cells) in data {
            let mut row = Row {
                line: line(number),
                change: None,
                cells,
            };
            let mut refusals = Refusals::default();
            // A key seen on an earlier row, refused or not: the file holds one line twice.
            let key = rows::text(columns, cells, Field::Key);
            if !key.is_empty() {
                if let Some(first) = keys_seen.insert(key, number) {
                    let (cell, header) = columns
                        .cell(cells, Field::Key)
                        .unwrap_or((&ReadCell::Empty, ""));
                    refusals.add(header, cell, format!("row {first} has the same key"));
                }
            }
            let read = expense_row(
                columns,
                cells,
                Id::new(folio),
                currency,
                reading,
                &mut refusals,
            );
            let Some(mut read) = read else {
                row.refuse(refusals);
                rows.push(row);
                continue;
            };
            row.line.name = Some(read.expense.name.clone());
            row.line.date = Some(read.expense.recurrence.start_date);
            row.line.amount = Some(crate::value::Exact::of(read.expense.amount.get()));
            row.line.currency_code = Some(read.expense.currency_code.to_string());
            if !read.realises.is_empty() {
                let (cell, header) = columns
                    .cell(cells, Field::Realises)
                    .unwrap_or((&ReadCell::Empty, ""));
                match read.realises.parse::<u64>() {
                    Ok(id) => read.expense.realises = Some(Id::new(id)),
                    Err(_) => match planned
                        .get(&read.realises.to_lowercase())
                        .map(Vec::as_slice)
                    {
                        Some([id]) => read.expense.realises = Some(*id),
                        Some(many) => refusals.add(
                            header,
                            cell,
                            format!(
                                "{} planned expenses are named so: give the one meant by its id",
                                many.len()
                            ),
                        ),
                        None => refusals.add(
                            header,
                            cell,
                            "no planned expense of this folio is named so",
                        ),
                    },
                }
            }
            if !refusals.0.is_empty() {
                row.refuse(refusals);
                rows.push(row);
                continue;
            }
            let existing = read.key.as_deref().and_then(|k| by_key.get(k));
            match existing {
                None => {
                    row.line.outcome = ImportOutcome::Create;
                    row.change = Some(Step::Create(read.expense));
                }
                Some(existing) => {
                    let mut changed = (*existing).clone();
                    let new = read.expense;
                    changed.name = new.name;
                    changed.amount = new.amount;
                    changed.currency_code = new.currency_code;
                    changed.recurrence = new.recurrence;
                    changed.amortized = None;
                    changed.converted_amount = None;
                    for (field, mapped) in [
                        (Field::Description, &mut changed.description),
                        (Field::Type, &mut changed.expense_type),
                    ] {
                        if columns.cell(cells, field).is_some() {
                            *mapped = match field {
                                Field::Description => new.description.clone(),
                                _ => new.expense_type.clone(),
                            };
                        }
                    }
                    if columns.cell(cells, Field::Category).is_some() {
                        changed.category = new.category;
                    }
                    if columns.cell(cells, Field::Realises).is_some() {
                        changed.realises = new.realises;
                    }
                    let mut before = (*existing).clone();
                    before.converted_amount = None;
                    before.amortized = None;
                    row.line.item_id = existing.id;
                    if changed == before {
                        row.line.outcome = ImportOutcome::Unchanged;
                    } else {
                        row.line.outcome = ImportOutcome::Change;
                        row.change = Some(Step::Update(changed));
                    }
                }
            }
            rows.push(row);
        }
        rows
    }

    /// The rows of worked hours, each read and matched with the folio's team members and their
    /// periods.
    fn hours_rows<'r>(
        &self,
        folio: u64,
        columns: &Columns,
        reading: Reading,
        data: &[(usize, &'r Vec<ReadCell>)],
    ) -> Vec<Row<'r>> {
        let members: Vec<&crate::state::PositionRow> = self
            .state
            .positions_of(folio)
            .filter(|p| p.record.deleted_on.is_none() && p.record.kind == PositionKind::TeamMember)
            .collect();
        let mut seen: HashMap<(u64, crate::value::Date, crate::value::Date), usize> =
            HashMap::new();
        let mut rows = Vec::with_capacity(data.len());
        for &(number, cells) in data {
            let mut row = Row {
                line: line(number),
                change: None,
                cells,
            };
            let mut refusals = Refusals::default();
            let Some(read) = hours_row(columns, cells, reading, &mut refusals) else {
                row.refuse(refusals);
                rows.push(row);
                continue;
            };
            let period = read.period;
            row.line.name = Some(read.person.clone());
            row.line.date = Some(period.start_date);
            row.line.until = Some(period.end_date);
            row.line.amount = Some(crate::value::Exact::of(period.effort.get()));
            let wanted = read.person.to_lowercase();
            let matching: Vec<&&crate::state::PositionRow> = members
                .iter()
                .filter(|p| {
                    p.header.name.trim().to_lowercase() == wanted
                        || p.header
                            .member
                            .as_deref()
                            .is_some_and(|m| m.to_lowercase() == wanted)
                })
                .collect();
            let (cell, header) = columns
                .cell(cells, Field::Person)
                .unwrap_or((&ReadCell::Empty, ""));
            let member = match matching.as_slice() {
                [one] => Some(**one),
                [] => {
                    refusals.add(
                        header,
                        cell,
                        "no team member of this folio has this name or user key",
                    );
                    None
                }
                many => {
                    refusals.add(
                        header,
                        cell,
                        format!(
                            "{} team members are named so: use the member's user key",
                            many.len()
                        ),
                    );
                    None
                }
            };
            let Some(member) = member else {
                row.refuse(refusals);
                rows.push(row);
                continue;
            };
            let position = member.record.id.get();
            if let Some(first) = seen.insert((position, period.start_date, period.end_date), number)
            {
                refusals.add(
                    header,
                    cell,
                    format!("row {first} has the same person and period"),
                );
                row.refuse(refusals);
                rows.push(row);
                continue;
            }
            let existing = member.record.hours.iter().find(|h| {
                h.deleted_on.is_none()
                    && h.start_date == period.start_date
                    && h.end_date == period.end_date
            });
            match existing {
                None => {
                    row.line.outcome = ImportOutcome::Create;
                    row.change = Some(Step::AddHours(position, period));
                }
                Some(existing) => {
                    row.line.item_id = existing.id;
                    if existing.effort == period.effort && existing.ot_effort == period.ot_effort {
                        row.line.outcome = ImportOutcome::Unchanged;
                    } else {
                        row.line.outcome = ImportOutcome::Change;
                        let id = existing.id.map_or(0, Id::get);
                        row.change = Some(Step::ReplaceHours(id, period));
                    }
                }
            }
            rows.push(row);
        }
        rows
    }

    /// Runs each row's change through the use cases on a copy of the state, refusing the rows
    /// they refuse; the commands they gave, for one journal entry.
    fn try_rows(
        &self,
        folio: u64,
        columns: &Columns,
        rows: &mut [Row<'_>],
        dry_run: bool,
    ) -> Result<Vec<Command>> {
        let mut scratch = self.state.clone();
        let _ = scratch.take_journal();
        let frame = super::limits::frame(&scratch.folios[&folio].folio)?;
        let tally = super::limits::Tally::of(&scratch, folio, &frame);
        let mut commands = Commands::new(&mut scratch, self.caller.clone(), self.now);
        commands.tally = Some(tally);
        // New hours go in a position at a time: one copy of the position, not one per row.
        let mut hours: BTreeMap<u64, Vec<(usize, HoursPeriod)>> = BTreeMap::new();
        for (index, row) in rows.iter_mut().enumerate() {
            let outcome = match row.change.take() {
                None => continue,
                Some(Step::Create(expense)) => commands.create_expense(expense).map(Some),
                Some(Step::Update(expense)) => commands.update_expense(expense).map(|_| None),
                Some(Step::ReplaceHours(id, period)) => {
                    commands.change_hours(id, period).map(|()| None)
                }
                Some(Step::AddHours(position, period)) => {
                    hours.entry(position).or_default().push((index, period));
                    continue;
                }
            };
            match outcome {
                Ok(id) => {
                    if !dry_run && row.line.outcome == ImportOutcome::Create {
                        row.line.item_id = id;
                    }
                }
                Err(error) => {
                    let refusals = refusals_of(error, columns, row.cells);
                    row.refuse(refusals);
                }
            }
        }
        for (position, mut periods) in hours {
            // A refused period is taken out and the rest tried again.
            while !periods.is_empty() {
                let parts = NewParts {
                    rates: Vec::new(),
                    allocations: Vec::new(),
                    hours: periods.clone(),
                    hours_kind: PositionKind::TeamMember,
                };
                match commands.add_parts(position, parts) {
                    Ok(()) => break,
                    Err((at, error)) => {
                        let index = match at {
                            PartAt::Hours(index) => index,
                            _ => periods[0].0,
                        };
                        let refusals = refusals_of(error, columns, rows[index].cells);
                        rows[index].refuse(refusals);
                        periods.retain(|(i, _)| *i != index);
                    }
                }
            }
        }
        Ok(scratch
            .take_journal()
            .into_iter()
            .map(|entry| entry.command)
            .collect())
    }
}

/// The report of `lines`: the counts, every refused line, then the others up to [`SHOWN`].
fn report(
    dry_run: bool,
    decimal_mark: crate::model::budgeting::DecimalMark,
    header: Vec<String>,
    lines: Vec<ImportLine>,
) -> ImportReport {
    let count = |outcome| lines.iter().filter(|l| l.outcome == outcome).count();
    let refused = count(ImportOutcome::Refused);
    let mut report = ImportReport {
        dry_run,
        rows: lines.len(),
        created: count(ImportOutcome::Create),
        changed: count(ImportOutcome::Change),
        unchanged: count(ImportOutcome::Unchanged),
        refused,
        decimal_mark,
        header,
        mapping_refusals: BTreeMap::new(),
        lines: Vec::new(),
        more: 0,
    };
    let room = SHOWN.saturating_sub(refused);
    let mut others = 0;
    for line in lines {
        if line.outcome == ImportOutcome::Refused {
            report.lines.push(line);
        } else if others < room {
            others += 1;
            report.lines.push(line);
        } else {
            report.more += 1;
        }
    }
    report.lines.sort_by_key(|l| l.row);
    report
}

/// A real run with refused rows: nothing written, the first 20 refusals said.
fn refused(report: &ImportReport) -> Error {
    let mut messages: Vec<String> = report
        .lines
        .iter()
        .filter(|l| l.outcome == ImportOutcome::Refused)
        .flat_map(|l| {
            l.refusals.iter().map(move |r| {
                if r.column.is_empty() {
                    format!("row {}: {}", l.row, r.message)
                } else {
                    format!("row {}, column {:?}: {}", l.row, r.column, r.message)
                }
            })
        })
        .take(20)
        .collect();
    messages.insert(
        0,
        format!(
            "{} of {} rows refused: nothing was imported (a dry run lists every row)",
            report.refused, report.rows
        ),
    );
    Error::invalid(messages.join("; "))
}
