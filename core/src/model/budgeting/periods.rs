//! Allocation periods, hours periods and rates of a position.

use crate::model::Id;
use crate::value::{Date, DateRange, HourlyRate, Hours, Percentage, ValueError};

/// An allocation: a percentage of capacity over a period (S6.2, S6.3).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Allocation {
    /// First day.
    pub start_date: Date,
    /// Last day (included).
    pub end_date: Date,
    /// Set when the allocation was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
    /// Share of capacity, 0 to 100.
    pub percentage: Percentage,
    /// The allocation's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
}

impl Allocation {
    /// The period, or the documented refusal when it ends before it starts.
    pub fn period(&self) -> Result<DateRange, ValueError> {
        DateRange::new(self.start_date, self.end_date)
    }
}

/// Hours entered for a period: billable hours of a consulting revenue, worked hours of a team
/// member (S6.5a).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct HoursPeriod {
    /// Overtime hours of the period, `####.##`.
    pub ot_effort: Hours,
    /// First day.
    pub start_date: Date,
    /// Last day (included).
    pub end_date: Date,
    /// Set when the period was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
    /// Who entered the hours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reporter: Option<String>,
    /// Regular hours of the period, `####.##`.
    pub effort: Hours,
    /// The period's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
}

impl HoursPeriod {
    /// The period, or the documented refusal when it ends before it starts.
    pub fn period(&self) -> Result<DateRange, ValueError> {
        DateRange::new(self.start_date, self.end_date)
    }
}

/// A rate of a position, in force from its start date (S6.4).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Rate {
    /// The hourly rate, 0 or more, at most 4 decimals.
    pub rate: HourlyRate,
    /// The day it takes effect.
    pub start_date: Date,
    /// Set when the rate was deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_on: Option<Date>,
    /// The rate's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
}

/// An exchange rate the host supplies (extension, S5.3): from `effectiveDate` on, one unit of
/// `from` is worth `rate` units of `to`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExchangeRate {
    /// The currency converted from.
    pub from: crate::value::CurrencyCode,
    /// The currency converted into.
    pub to: crate::value::CurrencyCode,
    /// Units of `to` per unit of `from`: more than 0, at most 10 decimals.
    pub rate: crate::value::ConversionRate,
    /// The first day the rate is in force.
    pub effective_date: Date,
}
