//! Expense payments (S5): one payment per occurrence inside the folio, amortized amounts split in
//! minor units, each payment converted into the folio's currency.

use core::fmt;

use rust_decimal::Decimal;

use super::{ConversionError, ExchangeRates};
use crate::model::budgeting::{self as wire, Expense, ExpenseCategory, ExpenseKind};
use crate::model::messages;
use crate::recurrence::{RecurrenceError, RecurrenceRule};
use crate::value::{Amount, CurrencyCode, Date, DateRange, Exact, ValueError};

/// What an expense needs to know of its folio: its period and its currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FolioFrame {
    /// The folio's `[startDate, endDate]`.
    pub period: DateRange,
    /// The folio's currency.
    pub currency: CurrencyCode,
}

/// Why an expense was refused. Several can come together; each names its field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExpenseError {
    /// No name, or a blank one (the documented message).
    NameRequired,
    /// No expense type, or a blank one (the documented message).
    TypeRequired,
    /// No amount (the documented message).
    AmountRequired,
    /// A cost category on a revenue, or the reverse (S5.4).
    CategoryMismatch {
        /// The category given.
        category: ExpenseCategory,
        /// The kind given.
        kind: ExpenseKind,
    },
    /// More decimals than the currency has (S1.8).
    AmountTooPrecise(ValueError),
    /// The recurrence is refused (S4).
    Recurrence(RecurrenceError),
}

impl ExpenseError {
    /// The field the budgeting API's `errors` map names.
    pub fn field(&self) -> &'static str {
        match self {
            ExpenseError::NameRequired => "name",
            ExpenseError::TypeRequired => "type",
            ExpenseError::AmountRequired | ExpenseError::AmountTooPrecise(_) => "amount",
            ExpenseError::CategoryMismatch { .. } => "category",
            ExpenseError::Recurrence(error) => error.field(),
        }
    }

    /// The key of the budgeting API's `errors` map: the last segment of [`field`](Self::field)
    /// (`recurrence.endDate` is `endDate`).
    pub fn field_name(&self) -> &'static str {
        let field = self.field();
        field.rsplit('.').next().unwrap_or(field)
    }
}

impl fmt::Display for ExpenseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpenseError::NameRequired => f.write_str(messages::NAME_REQUIRED),
            ExpenseError::TypeRequired => f.write_str(messages::EXPENSE_TYPE_REQUIRED),
            ExpenseError::AmountRequired => f.write_str(messages::AMOUNT_REQUIRED),
            ExpenseError::CategoryMismatch { category, kind } => {
                let allowed = if kind.is_cost() {
                    "OPEX, CAPEX or FINEX"
                } else {
                    "OPERATING or NON_OPERATING"
                };
                write!(
                    f,
                    "Category {} does not suit an expense of kind {}, which takes {allowed}",
                    category.as_str(),
                    kind.as_str()
                )
            }
            ExpenseError::AmountTooPrecise(error) => error.fmt(f),
            ExpenseError::Recurrence(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ExpenseError {}

/// The documented required-field refusals of an expense body, all at once: `name`, `type` and
/// `amount` absent, null, or (for the two texts) blank. Run on the parsed JSON of a body that did
/// not read into an [`Expense`], so that a body missing all three hears of all three.
pub fn required_expense_fields(body: &crate::json::Value) -> Vec<ExpenseError> {
    let blank = |field: &str| match body.get(field) {
        None | Some(crate::json::Value::Null) => true,
        Some(crate::json::Value::String(text)) => text.trim().is_empty(),
        Some(_) => false,
    };
    let mut errors = Vec::new();
    if blank("name") {
        errors.push(ExpenseError::NameRequired);
    }
    if blank("type") {
        errors.push(ExpenseError::TypeRequired);
    }
    if matches!(body.get("amount"), None | Some(crate::json::Value::Null)) {
        errors.push(ExpenseError::AmountRequired);
    }
    errors
}

/// [`required_expense_fields`] of a body already read into an [`Expense`]: its `amount` is
/// there, so only a blank `name` or `type` can be missing.
pub fn blank_expense_texts(expense: &Expense) -> Vec<ExpenseError> {
    let mut errors = Vec::new();
    if expense.name.trim().is_empty() {
        errors.push(ExpenseError::NameRequired);
    }
    if expense.expense_type.trim().is_empty() {
        errors.push(ExpenseError::TypeRequired);
    }
    errors
}

/// One payment of an expense: an atom of money (S1.6) in the expense's currency and, converted, in
/// the folio's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payment {
    /// The occurrence's date.
    pub date: Date,
    /// What is paid, in the expense's currency.
    pub amount: Decimal,
    /// What is paid, in the folio's currency, rounded to its minor units.
    pub converted: Decimal,
}

impl Payment {
    /// The wire line of the payment: `date`, `amount` and `totalAmount` (equal), nothing else
    /// (S5.5).
    pub fn to_wire(&self) -> wire::ExpensePayment {
        let amount = Exact::of(self.amount);
        wire::ExpensePayment {
            date: self.date,
            amount,
            total_amount: Some(amount),
            overtime_amount: None,
            rate: None,
            effort: None,
            overtime_effort: None,
            total_effort: None,
        }
    }
}

/// A validated expense, ready to pay (S5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpensePlan {
    kind: ExpenseKind,
    amount: Amount,
    currency: CurrencyCode,
    amortized: bool,
    deleted: bool,
    rule: RecurrenceRule,
}

impl ExpensePlan {
    /// Validates `expense` against its folio: name and type present, category suiting the kind
    /// (S5.4), amount within the currency's minor units (S1.8), recurrence valid (S4). Every
    /// refusal is reported, not just the first.
    pub fn new(expense: &Expense, folio: &FolioFrame) -> Result<ExpensePlan, Vec<ExpenseError>> {
        let mut errors = blank_expense_texts(expense);
        if !expense.category.suits(expense.kind) {
            errors.push(ExpenseError::CategoryMismatch {
                category: expense.category,
                kind: expense.kind,
            });
        }
        if let Err(error) = expense.currency_code.check_amount(expense.amount) {
            errors.push(ExpenseError::AmountTooPrecise(error));
        }
        let rule = RecurrenceRule::new(&expense.recurrence, folio.period.end())
            .map_err(|error| errors.push(ExpenseError::Recurrence(error)));
        match rule {
            Ok(rule) if errors.is_empty() => Ok(ExpensePlan {
                kind: expense.kind,
                amount: expense.amount,
                currency: expense.currency_code,
                amortized: expense.amortized.unwrap_or(false),
                deleted: expense.deleted_on.is_some(),
                rule,
            }),
            _ => Err(errors),
        }
    }

    /// The expense's kind.
    pub fn kind(&self) -> ExpenseKind {
        self.kind
    }

    /// The expense's recurrence.
    pub fn rule(&self) -> &RecurrenceRule {
        &self.rule
    }

    /// How many payments count: occurrences inside the folio, none once deleted (S5.1).
    pub fn payment_count(&self, folio: &FolioFrame) -> u64 {
        if self.deleted {
            0
        } else {
            self.rule.count_in(folio.period)
        }
    }

    /// The payments, in date order: one per occurrence inside the folio (S5.1); the full amount
    /// each, or when amortized the amount split in minor units with the leftover units to the
    /// earliest (S5.2); each converted into the folio's currency at the rate of its date (S5.3).
    pub fn payments(
        &self,
        folio: &FolioFrame,
        rates: &ExchangeRates,
    ) -> Result<Vec<Payment>, ConversionError> {
        let count = self.payment_count(folio);
        if count == 0 {
            return Ok(Vec::new());
        }
        let parts = if self.amortized {
            let parts = split_in_minor_units(self.amount.get(), self.currency.minor_units(), count)
                .ok_or(ConversionError::Overflow {
                    amount: self.amount.get(),
                    from: self.currency,
                    to: self.currency,
                })?;
            Some(parts)
        } else {
            None
        };
        let whole = self.currency.round(self.amount.get());
        // One allocation for the usual count (the vector still grows past it if it must).
        let mut payments = Vec::with_capacity(usize::try_from(count.min(4096)).unwrap_or(0));
        for (index, date) in self.rule.occurrences_in(folio.period).enumerate() {
            let amount = match &parts {
                Some(parts) => match parts.get(index) {
                    Some(&part) => part,
                    None => break,
                },
                None => whole,
            };
            let converted = rates.convert(amount, self.currency, folio.currency, date)?;
            payments.push(Payment {
                date,
                amount,
                converted,
            });
        }
        Ok(payments)
    }

    /// The expense's `convertedAmount`: the sum of its converted payments (S5.3).
    pub fn converted_amount(
        &self,
        folio: &FolioFrame,
        rates: &ExchangeRates,
    ) -> Result<Decimal, ConversionError> {
        let payments = self.payments(folio, rates)?;
        payments
            .iter()
            .try_fold(Decimal::ZERO, |sum, payment| {
                sum.checked_add(payment.converted)
            })
            .ok_or(ConversionError::Overflow {
                amount: self.amount.get(),
                from: self.currency,
                to: folio.currency,
            })
    }
}

/// Splits `amount` into `parts` payments in units of `10^-minor_units`, the leftover units one
/// each to the earliest payments, so that the parts add up to `amount` exactly (S5.2).
///
/// `amount` must be 0 or more with at most `minor_units` decimals (as a validated expense amount
/// is); finer digits are rounded off first. `None` when a part cannot be held as a decimal with
/// `minor_units` decimals (an amount near the largest decimal): never a silent wrong split.
///
/// ```
/// use costfolio::schedule::split_in_minor_units;
/// use costfolio::value::Decimal;
/// let parts = split_in_minor_units(Decimal::new(10000, 2), 2, 3).unwrap();
/// assert_eq!(parts, [Decimal::new(3334, 2), Decimal::new(3333, 2), Decimal::new(3333, 2)]);
/// ```
pub fn split_in_minor_units(amount: Decimal, minor_units: u32, parts: u64) -> Option<Vec<Decimal>> {
    if parts == 0 {
        return Some(Vec::new());
    }
    // Whole minor units in i128: a decimal's mantissa is under 2^96 and minor units at most 4, so
    // this cannot overflow, where padding the decimal itself could.
    let rounded = amount.round_dp(minor_units);
    let units = rounded.mantissa() * 10i128.pow(minor_units.saturating_sub(rounded.scale()));
    let parts_wide = i128::from(parts);
    let (base, leftover) = (units / parts_wide, units % parts_wide);
    let unit = |n: i128| Decimal::try_from_i128_with_scale(n, minor_units).ok();
    let (more, less) = (unit(base + 1)?, unit(base)?);
    Some(
        (0..parts_wide)
            .map(|index| if index < leftover { more } else { less })
            .collect(),
    )
}
