//! What a folio's items are costed in ([`Setting`]): the folio, its calendars, exchange rates,
//! overtime rules, synchronized hours and scope, and the cost bases and context built from them.

use std::collections::HashMap;

use super::error::BookError;
use crate::analytics::ledger::CostContext;
use crate::calendar::Calendar;
use crate::model::budgeting::{Folio, OvertimeRule, ScopeHistory};
use crate::model::Id;
use crate::schedule::position::CostBasis;
use crate::schedule::{DailyHours, ExchangeRates, FolioFrame};
use crate::value::DateRange;

/// What a folio's items are costed in: the folio, its calendars, exchange rates, overtime rules,
/// synchronized hours and scope. Kept apart from the ledgers, so that both can be used at once.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Setting {
    pub(super) folio: Folio,
    pub(super) calendar: Calendar,
    pub(super) own_calendars: Vec<(Id, Calendar)>,
    pub(super) baseline_calendars: Vec<(Id, Vec<(Id, Calendar)>)>,
    pub(super) baseline_folio_calendars: Vec<(Id, Calendar)>,
    pub(super) rates: ExchangeRates,
    pub(super) overtime_rules: Vec<OvertimeRule>,
    pub(super) synced: HashMap<Id, DailyHours>,
    pub(super) scope: ScopeHistory,
}

/// The cost bases of a folio's calendar and of its positions' own calendars (S3.4).
pub(super) struct Bases<'b> {
    basis: CostBasis<'b>,
    own: HashMap<Id, CostBasis<'b>>,
}

impl Setting {
    /// The folio's period, or [`BookError::Period`] when its end lies before its start.
    pub(super) fn period(&self) -> Result<DateRange, BookError> {
        DateRange::new(self.folio.start_date, self.folio.end_date).map_err(BookError::Period)
    }

    /// The folio's frame: its period and currency.
    pub(super) fn frame(&self) -> Result<FolioFrame, BookError> {
        Ok(FolioFrame {
            period: self.period()?,
            currency: self.folio.currency_code,
        })
    }

    /// The cost bases of the calendars in `frame`: the folio's, and its positions' own.
    pub(super) fn bases(&self, frame: FolioFrame) -> Bases<'_> {
        self.bases_with(frame, &self.own_calendars)
    }

    /// The cost bases of the calendars of `source` (a baseline's, as approved, S8.6, S8.7; else
    /// the draft's).
    pub(super) fn source_bases(&self, frame: FolioFrame, source: Option<Id>) -> Bases<'_> {
        let own = source
            .and_then(|id| self.baseline_calendars.iter().find(|(held, _)| *held == id))
            .map_or(&self.own_calendars, |(_, own)| own);
        let calendar = source
            .and_then(|id| {
                self.baseline_folio_calendars
                    .iter()
                    .find(|(held, _)| *held == id)
            })
            .map_or(&self.calendar, |(_, calendar)| calendar);
        Bases {
            basis: CostBasis::new(frame, calendar),
            own: own
                .iter()
                .map(|(id, calendar)| (*id, CostBasis::new(frame, calendar)))
                .collect(),
        }
    }

    fn bases_with<'s>(&'s self, frame: FolioFrame, own: &'s [(Id, Calendar)]) -> Bases<'s> {
        Bases {
            basis: CostBasis::new(frame, &self.calendar),
            own: own
                .iter()
                .map(|(id, calendar)| (*id, CostBasis::new(frame, calendar)))
                .collect(),
        }
    }

    /// The cost context with `bases`.
    pub(super) fn context<'c>(&'c self, bases: &'c Bases<'c>) -> CostContext<'c> {
        CostContext {
            basis: &bases.basis,
            rates: &self.rates,
            overtime_rules: &self.overtime_rules,
            synced: &self.synced,
            own_bases: &bases.own,
        }
    }
}
