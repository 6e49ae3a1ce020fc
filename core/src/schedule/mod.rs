//! Payment schedules: what expenses and positions pay, on which dates, in which currency
//! (S5, S6).

mod bucket;
mod exchange;
mod expense;
pub mod position;
mod worklog;

pub use bucket::{Granularity, GranularityError, MAX_BUCKETS};
pub use worklog::{aggregate_worklogs, DailyHours};

pub use exchange::{ConversionError, ExchangeRates};
pub use expense::{
    blank_expense_texts, required_expense_fields, split_in_minor_units, ExpenseError, ExpensePlan,
    FolioFrame, Payment,
};
