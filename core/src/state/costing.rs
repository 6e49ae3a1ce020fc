//! What the service's state knows about costing a folio: its calendars, the hours synchronized
//! for its positions, and its [`FolioBook`].

use std::collections::HashMap;

use super::{PositionRow, State};
use crate::analytics::baseline::Items;
use crate::analytics::{BookParts, FolioBook, ItemKey};
use crate::calendar::{Calendar, Holiday, HolidayScheme, WorkloadScheme};
use crate::model::budgeting::{Expense, Position, PositionKind};
use crate::model::Id;
use crate::schedule::position::PositionRecord;
use crate::schedule::{aggregate_worklogs, DailyHours, ExchangeRates};
use crate::value::DateRange;

impl State {
    /// The book of folio `folio`: its live items, baselines, calendars, exchange rates, overtime
    /// rules, synchronized hours and scope; `None` when there is no such folio. A deleted folio
    /// has a book too, holding what was live when it was deleted: the interfaces answer a deleted
    /// folio as a missing one before they ask its book (S5.1).
    pub fn folio_book(&self, folio: u64) -> Option<FolioBook> {
        self.book_with(folio, None, true)
    }

    /// The book of folio `folio` holding its draft and actual items but no baseline.
    pub fn draft_book(&self, folio: u64) -> Option<FolioBook> {
        self.book_with(folio, None, false)
    }

    /// The book of folio `folio` holding only the item `item` of its draft (and no baseline):
    /// what one item's payment lines need, without costing the folio's other items.
    pub fn item_book(&self, folio: u64, item: ItemKey) -> Option<FolioBook> {
        self.book_with(folio, Some(item), false)
    }

    /// Calls `f` with the book of folio `folio` (as [`State::folio_book`]'s), kept between reads
    /// on the server: caught up with this state first, so that a folio that did not
    /// change is not costed again and one changed item is recosted alone. Another read of the
    /// same folio waits meanwhile. `None` when there is no such folio. (The wasm package keeps no
    /// book: it builds one.)
    pub fn with_folio_book<R>(&self, folio: u64, f: impl FnOnce(&mut FolioBook) -> R) -> Option<R> {
        #[cfg(target_arch = "wasm32")]
        return self.folio_book(folio).map(|mut book| f(&mut book));
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.folios.get(&folio)?;
            let stamp = (self.lineage.get(), self.seq);
            self.books.with(folio, |slot| {
                if slot.stamp != Some(stamp) || slot.book.is_none() {
                    let (parts, positions, expenses) = self.book_inputs(folio, None, true)?;
                    match slot.book.as_mut() {
                        Some(book) => {
                            book.catch_up(parts, positions, expenses);
                        }
                        None => {
                            let book = FolioBook::new(BookParts {
                                draft: Items {
                                    positions: positions.into_iter().cloned().collect(),
                                    expenses: expenses.into_iter().cloned().collect(),
                                },
                                ..parts
                            });
                            slot.book = Some(book.to_keep());
                        }
                    }
                    slot.stamp = Some(stamp);
                }
                slot.book.as_mut().map(f)
            })
        }
    }

    /// Sets about how many bytes of folio books the server keeps between reads (by default
    /// [`super::KEPT_BOOKS_BYTES`]), for this state and every copy of it; the least recently read
    /// books past it are let go.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn keep_books(&self, bytes: usize) {
        self.books.set_budget(bytes);
    }

    /// How many folio books are kept between reads, and about how many bytes they hold.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn books_kept(&self) -> (usize, usize) {
        self.books.held()
    }

    fn book_with(
        &self,
        folio: u64,
        only: Option<ItemKey>,
        with_baselines: bool,
    ) -> Option<FolioBook> {
        let (parts, positions, expenses) = self.book_inputs(folio, only, with_baselines)?;
        Some(
            FolioBook::new(BookParts {
                draft: Items {
                    positions: positions.into_iter().cloned().collect(),
                    expenses: expenses.into_iter().cloned().collect(),
                },
                ..parts
            })
            // The service answers one request from each book it builds.
            .for_one_answer(),
        )
    }

    /// What folio `folio`'s book is built from: its parts with an empty draft, and its live
    /// draft and actual items (only `only`, when given) in id order; its baselines when
    /// `with_baselines`. `None` when there is no such folio.
    #[allow(clippy::type_complexity)]
    fn book_inputs(
        &self,
        folio: u64,
        only: Option<ItemKey>,
        with_baselines: bool,
    ) -> Option<(BookParts, Vec<&PositionRecord>, Vec<&Expense>)> {
        let record = self.folios.get(&folio)?;
        let kept = |key: ItemKey| only.is_none_or(|only| only == key);
        let header = &record.folio;
        let period = DateRange::new(header.start_date, header.end_date).ok();
        let mut own_calendars = Vec::new();
        let mut synced = HashMap::new();
        let mut positions = Vec::new();
        for row in self
            .positions_of(folio)
            .filter(|row| kept(ItemKey::Position(row.record.id)))
        {
            // A baseline's frozen position may be deleted since, and still need its calendar.
            if row.header.holiday_scheme_id.is_some() || row.header.workload_scheme_id.is_some() {
                let holidays = row
                    .header
                    .holiday_scheme_id
                    .unwrap_or(header.holiday_scheme_id);
                let workload = row
                    .header
                    .workload_scheme_id
                    .unwrap_or(header.workload_scheme_id);
                own_calendars.push((
                    row.record.id,
                    self.calendar_of(holidays.get(), workload.get()),
                ));
            }
            // Synchronized hours feed actual items, which only live positions are.
            if row.record.deleted_on.is_some() {
                continue;
            }
            if let Some(hours) = period.and_then(|period| self.synced_hours(row, period)) {
                synced.insert(row.record.id, hours);
            }
            positions.push(&row.record);
        }
        let baselines: Vec<std::sync::Arc<crate::analytics::baseline::BaselineSnapshot>> = self
            .baselines
            .values()
            .filter(|b| with_baselines && b.baseline.folio_id.get() == folio)
            .cloned()
            .collect();
        let expenses = self
            .expenses_of(folio)
            .filter(|e| e.deleted_on.is_none())
            .filter(|e| kept(ItemKey::Expense(e.id())))
            .map(|e| e.record())
            .collect();
        Some((
            BookParts {
                folio: header.record().clone(),
                calendar: self.calendar_of(
                    header.holiday_scheme_id.get(),
                    header.workload_scheme_id.get(),
                ),
                own_calendars,
                rates: ExchangeRates::from_wire(self.exchange_rates.iter()),
                overtime_rules: self
                    .overtime_rules
                    .values()
                    .map(|rule| rule.record().clone())
                    .collect(),
                synced,
                scope: self.scope_of(folio),
                draft: Items::default(),
                baseline_calendars: baselines
                    .iter()
                    .filter_map(|b| self.frozen_calendars(b, header.record()))
                    .collect(),
                baseline_folio_calendars: baselines
                    .iter()
                    .filter_map(|b| {
                        let frame = b.frame?;
                        let (holidays, workload) =
                            (frame.holiday_scheme_id, frame.workload_scheme_id);
                        (holidays != header.holiday_scheme_id
                            || workload != header.workload_scheme_id)
                            .then(|| {
                                let calendar = self.calendar_of(holidays.get(), workload.get());
                                (b.baseline.id, calendar)
                            })
                    })
                    .collect(),
                baselines,
            },
            positions,
            expenses,
        ))
    }

    /// The expenditures of folio `folio` (S8.4): the items of one side from baseline `baseline`,
    /// or by default from the latest baseline covering the side, else the draft; its positions as
    /// that baseline froze them (S8.6). `None` when there is no such folio.
    pub fn expenditures(
        &self,
        folio: u64,
        baseline: Option<Id>,
        actual: bool,
        revenue: bool,
    ) -> Option<Result<crate::model::budgeting::Expenditures, crate::analytics::BookError>> {
        let book = self.folio_book(folio)?;
        let shown = || {
            let items = book.expenditures(baseline, actual, revenue)?;
            let source = book.expenditure_source(baseline, actual, revenue)?;
            Ok(crate::model::budgeting::Expenditures {
                positions: self.positions_shown(&items, source),
                expenses: items.expenses,
            })
        };
        Some(shown())
    }

    /// The own calendars of the positions `baseline` froze, by the schemes their frozen headers
    /// name (S3.4, S8.6), or `None` for a baseline that froze no headers (it then uses its
    /// positions' current calendars).
    fn frozen_calendars(
        &self,
        baseline: &crate::analytics::baseline::BaselineSnapshot,
        folio: &crate::model::budgeting::Folio,
    ) -> Option<(Id, Vec<(Id, Calendar)>)> {
        if baseline.headers.len() != baseline.items.positions.len() {
            return None;
        }
        let own = baseline
            .headers
            .iter()
            .filter(|h| h.holiday_scheme_id.is_some() || h.workload_scheme_id.is_some())
            .filter_map(|h| {
                // S8.7: a scheme the position does not name is the folio's as approved.
                let (folio_holidays, folio_workload) = baseline
                    .frame
                    .map_or((folio.holiday_scheme_id, folio.workload_scheme_id), |f| {
                        (f.holiday_scheme_id, f.workload_scheme_id)
                    });
                let holidays = h.holiday_scheme_id.unwrap_or(folio_holidays);
                let workload = h.workload_scheme_id.unwrap_or(folio_workload);
                Some((h.id?, self.calendar_of(holidays.get(), workload.get())))
            })
            .collect();
        Some((baseline.baseline.id, own))
    }

    /// The calendar of a holiday scheme and a workload scheme (S3.4).
    pub fn calendar_of(&self, holiday_scheme: u64, workload_scheme: u64) -> Calendar {
        let state = self;
        let workload = state
            .workload_schemes
            .get(&workload_scheme)
            .and_then(|s| WorkloadScheme::new(s.seconds).ok())
            .unwrap_or_else(WorkloadScheme::standard);
        let holidays = state
            .holidays
            .values()
            .filter(|h| h.scheme_id == holiday_scheme)
            .filter_map(|h| Holiday::new(h.kind, h.date, h.duration_seconds).ok());
        Calendar::new(workload, HolidayScheme::new(holidays))
    }

    /// The hours synchronized for a position, when its folio asks for them (S6.5b, S6.5c).
    pub fn synced_hours(&self, row: &PositionRow, period: DateRange) -> Option<DailyHours> {
        let state = self;
        let folio = &state.folios.get(&row.header.folio_id.get())?.folio;
        match row.record.kind {
            PositionKind::TeamMember if folio.is_synchronized_with_work_logs => {
                let member = row.header.member.as_deref()?;
                let projects = state
                    .saved_filters
                    .get(&folio.saved_filter_id.get())
                    .map(|f| f.project_ids.clone())
                    .unwrap_or_default();
                let logs = state
                    .worklogs
                    .values()
                    .filter(|w| w.author == member && projects.contains(&w.project_id))
                    .map(|w| (w.author.as_str(), w.start_date, w.seconds));
                Some(
                    aggregate_worklogs(logs, period)
                        .remove(member)
                        .unwrap_or_default(),
                )
            }
            PositionKind::ConsultingRevenue if folio.is_synchronized_with_service_billed_hours => {
                let billed = state.billed_hours.get(&row.record.id.get());
                Some(DailyHours::from_seconds(
                    billed.map(|b| b.days.clone()).unwrap_or_default(),
                ))
            }
            _ => None,
        }
    }

    /// The positions of `items` as expenditures show them (S8.4): each position's fields (as the
    /// baseline `source` froze them, S8.6, else as they are), its first live rate and allocation
    /// in the record's history, marked with the baseline they come from.
    fn positions_shown(
        &self,
        items: &Items,
        source: Option<&crate::analytics::baseline::BaselineSnapshot>,
    ) -> Vec<Position> {
        let baseline = source.map(|b| b.baseline.id);
        items
            .positions
            .iter()
            .filter_map(|record| {
                // S8.6: a baseline's positions show their headers as approved.
                let header = match source.and_then(|b| b.header(record.id)) {
                    Some(frozen) => frozen,
                    None => &self.positions.get(&record.id.get())?.header,
                };
                let mut position = header.clone();
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
                // A consulting revenue's billable hours, from the record as it was (a header
                // stored by an older journal may hold hours its body carried).
                position.billable_hours =
                    (record.kind == PositionKind::ConsultingRevenue).then(|| {
                        record
                            .hours
                            .iter()
                            .filter(|h| h.deleted_on.is_none())
                            .cloned()
                            .collect()
                    });
                Some(position)
            })
            .collect()
    }
}
