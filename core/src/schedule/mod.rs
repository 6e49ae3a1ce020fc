//! Payment schedules: what expenses (and, later, positions) pay, on which dates, in which currency
//! (S5, S6).

mod exchange;
mod expense;

pub use exchange::{ConversionError, ExchangeRates};
pub use expense::{
    required_expense_fields, split_in_minor_units, ExpenseError, ExpensePlan, FolioFrame, Payment,
};
