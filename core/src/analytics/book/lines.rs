//! One item's payment lines, costed in the book's folio: a position's money by period (S6), an
//! expense's payments converted into the folio's currency (S5).

use super::error::BookError;
use super::FolioBook;
use crate::analytics::ledger::ItemKey;
use crate::model::budgeting::{Expense, ExpensePayment};
use crate::model::Id;
use crate::schedule::position::{CostBasis, DayBasis, PositionPlan, PositionRecord};
use crate::schedule::{ExpensePlan, Granularity, Payment};
use crate::value::Date;
use rust_decimal::Decimal;

/// The exchange rate a payment was converted at: the rate record's effective date, its rate, and
/// whether it is the opposite pair's (divided by, S5.3).
pub type RateUsed = (Date, Decimal, bool);

impl FolioBook {
    /// The payment lines of a live position of the draft by `granularity` (S6): its money by
    /// period, as `GET /position/{id}/payments` shows it.
    pub fn position_lines(
        &self,
        id: Id,
        granularity: Granularity,
    ) -> Result<Vec<ExpensePayment>, BookError> {
        self.lines_of_position(self.draft_position(id)?, granularity)
    }

    /// The payment lines of `record` by `granularity`, costed in this folio (its calendar of its
    /// own, overtime rule and synchronized hours found by its id).
    pub fn lines_of_position(
        &self,
        record: &PositionRecord,
        granularity: Granularity,
    ) -> Result<Vec<ExpensePayment>, BookError> {
        self.with_plan(record, |plan| {
            let lines = plan
                .lines(granularity)
                .map_err(|error| BookError::PositionLines {
                    id: record.id,
                    error,
                })?;
            Ok(lines.iter().map(|line| line.to_wire()).collect())
        })
    }

    /// A live position's days (S6), each with what it is costed from: the rate record in force
    /// and its date, where its hours come from, the overtime coefficient.
    pub fn position_days(&self, id: Id) -> Result<Vec<(ExpensePayment, DayBasis)>, BookError> {
        self.with_plan(self.draft_position(id)?, |plan| {
            let lines = plan
                .lines(Granularity::Day)
                .map_err(|error| BookError::PositionLines { id, error })?;
            Ok(lines
                .iter()
                .map(|line| (line.to_wire(), plan.day_basis(line.date)))
                .collect())
        })
    }

    /// The live position `id` of the draft.
    fn draft_position(&self, id: Id) -> Result<&PositionRecord, BookError> {
        self.draft
            .positions
            .iter()
            .find(|p| p.id == id)
            .ok_or(BookError::Missing(ItemKey::Position(id)))
    }

    /// `f` of `record`'s plan in this folio (its calendar of its own, overtime rule and
    /// synchronized hours found by its id).
    fn with_plan<T>(
        &self,
        record: &PositionRecord,
        f: impl FnOnce(&PositionPlan<'_>) -> Result<T, BookError>,
    ) -> Result<T, BookError> {
        let id = record.id;
        let setting = &self.setting;
        let frame = setting.frame()?;
        let calendar = setting
            .own_calendars
            .iter()
            .find(|(own, _)| *own == id)
            .map_or(&setting.calendar, |(_, calendar)| calendar);
        let basis = CostBasis::new(frame, calendar);
        let overtime = record
            .ot_rule_id
            .and_then(|rule| setting.overtime_rules.iter().find(|r| r.id == Some(rule)));
        let plan = PositionPlan::new(record.input(overtime, setting.synced.get(&id)), &basis)
            .map_err(|error| BookError::Position { id, error })?;
        f(&plan)
    }

    /// The payments of a live expense of the draft (S5), converted into the folio's currency.
    pub fn expense_lines(&self, id: Id) -> Result<Vec<ExpensePayment>, BookError> {
        self.lines_of_expense(self.draft_expense(id)?)
    }

    /// The live expense `id` of the draft.
    fn draft_expense(&self, id: Id) -> Result<&Expense, BookError> {
        self.draft
            .expenses
            .iter()
            .find(|e| e.id == Some(id))
            .ok_or(BookError::Missing(ItemKey::Expense(id)))
    }

    /// The payments of a live expense of the draft as atoms (S1.6): each in the expense's currency
    /// and converted into the folio's, with the exchange rate used (its effective date, rate, and
    /// whether it is the opposite pair's); none for the same currency.
    pub fn expense_atoms(&self, id: Id) -> Result<Vec<(Payment, Option<RateUsed>)>, BookError> {
        let expense = self.draft_expense(id)?;
        let currency = self.setting.frame()?.currency;
        let rates = &self.setting.rates;
        Ok(self
            .payments_of(expense)?
            .into_iter()
            .map(|payment| {
                let used = rates.rate_in_force(expense.currency_code, currency, payment.date);
                (payment, used)
            })
            .collect())
    }

    /// The payments of `expense` in this folio (S5), converted into the folio's currency.
    pub fn lines_of_expense(&self, expense: &Expense) -> Result<Vec<ExpensePayment>, BookError> {
        Ok(self
            .payments_of(expense)?
            .iter()
            .map(|p| p.to_wire())
            .collect())
    }

    /// The payments of `expense` in this folio (S5), each converted (atoms, S1.6).
    fn payments_of(&self, expense: &Expense) -> Result<Vec<Payment>, BookError> {
        let id = expense.id.ok_or(BookError::NoId)?;
        let frame = self.setting.frame()?;
        let plan = ExpensePlan::new(expense, &frame)
            .map_err(|errors| BookError::Expense { id, errors })?;
        plan.payments(&frame, &self.setting.rates)
            .map_err(|error| BookError::Payments { id, error })
    }
}
