//! Wire types of the budgeting extensions for analytics: indicators (S9.1-S9.7), the timeline
//! (S9.8). Null figures are written as JSON `null`.

use super::FolioStatus;
use crate::model::Id;
use crate::value::{CurrencyCode, Date, Exact};

/// The colour of a performance index (S9.5).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum IndexStatus {
    /// 1 or above.
    Green,
    /// From 1 - tolerance up to 1.
    Amber,
    /// Below 1 - tolerance.
    Red,
    /// No index (a division by zero).
    #[default]
    Grey,
}

/// One folio's indicators in `GET /folio/indicators` (extension: the folio list's lights in one
/// request): its indicators, or the refusal of a folio that cannot be computed (S5.6) in their place.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct FolioIndicators {
    /// The folio.
    pub folio_id: Id,
    /// Its indicators at the request's `asOf`; absent when they cannot be computed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indicators: Option<Indicators>,
    /// Why they cannot be computed (the words of the folio's own indicators' 400).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<String>,
}

/// The indicators of a folio or a portfolio at an `asOf` date (S9.1-S9.7), in its currency.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Indicators {
    /// Budget at completion.
    pub bac: Exact,
    /// Planned value, by the folio's method (S9.10); null by working days when the folio has
    /// none.
    pub pv: Option<Exact>,
    /// Earned value; null without earned value.
    pub ev: Option<Exact>,
    /// Actual cost to date.
    pub ac: Exact,
    /// EV - AC.
    pub cv: Option<Exact>,
    /// EV - PV.
    pub sv: Option<Exact>,
    /// EV / AC, 4 decimals.
    pub cpi: Option<Exact>,
    /// EV / PV, 4 decimals.
    pub spi: Option<Exact>,
    /// CV / EV in percent, 2 decimals.
    pub cv_percent: Option<Exact>,
    /// SV / PV in percent, 2 decimals.
    pub sv_percent: Option<Exact>,
    /// The estimate at completion, by the folio's method (BAC x AC / EV by default, S9.10).
    pub eac: Option<Exact>,
    /// EAC - AC.
    pub etc: Option<Exact>,
    /// BAC - EAC.
    pub vac: Option<Exact>,
    /// (BAC - EV) / (BAC - AC), 4 decimals; (BAC - EV) / (EAC - AC) by the other methods.
    pub tcpi: Option<Exact>,
    /// The colour of CPI.
    pub cpi_status: IndexStatus,
    /// The colour of SPI.
    pub spi_status: IndexStatus,
    /// BAC x reserve / 100.
    pub reserve: Exact,
    /// Contingency on the whole planned cost.
    pub contingency: Exact,
    /// Contingency on the planned cost to date.
    pub contingency_to_date: Exact,
    /// Planned cost dated on or before asOf.
    pub planned_cost_to_date: Exact,
    /// AC plus the actual cost dated after asOf.
    pub eac_known: Exact,
    /// Planned revenue; null without revenues.
    pub planned_revenue: Option<Exact>,
    /// Actual revenue to date; null without revenues.
    pub actual_revenue: Option<Exact>,
    /// Actual revenue - AC; null without revenues.
    pub profit: Option<Exact>,
    /// Profit / actual revenue in percent, 2 decimals; null without revenues.
    pub margin: Option<Exact>,
    /// Planned revenue dated on or before asOf; null without revenues (extension, P19.1).
    #[serde(default)]
    pub planned_revenue_to_date: Option<Exact>,
    /// The revenue light: actual revenue / planned revenue to date judged as S9.5 judges an
    /// index; grey without revenues or planned revenue to date (extension, P19.1).
    #[serde(default)]
    pub revenue_status: IndexStatus,
    /// The margin light: green at a margin of 0 or more, amber down to minus the tolerance,
    /// red below, grey without a margin (extension, P19.2).
    #[serde(default)]
    pub margin_status: IndexStatus,
    /// The folio's status at asOf (for a portfolio, absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<FolioStatus>,
    /// The currency of every figure.
    pub currency_code: CurrencyCode,
    /// How PV was computed (a folio's; absent for a portfolio, whose members may differ, S9.10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_value_method: Option<super::PlannedValueMethod>,
    /// How EAC, ETC, VAC and TCPI were forecast (a folio's; absent for a portfolio, S9.10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eac_method: Option<super::EacMethod>,
    /// How far EAC falls below the cost already scheduled (`eacKnown - eac`), when it does: a
    /// forecast that cannot come true (S9.10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eac_below_scheduled: Option<Exact>,
}

/// One bucket of a folio's timeline (S9.8).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct TimelineBucket {
    /// First day of the bucket (inside the folio).
    pub start: Date,
    /// Last day of the bucket (inside the folio).
    pub end: Date,
    /// Planned cost of the bucket.
    pub planned_cost: Exact,
    /// Actual cost of the bucket.
    pub actual_cost: Exact,
    /// Planned revenue of the bucket; null without revenues.
    pub planned_revenue: Option<Exact>,
    /// Actual revenue of the bucket; null without revenues.
    pub actual_revenue: Option<Exact>,
    /// Contingency on the bucket's planned cost.
    pub contingency: Exact,
    /// Planned value at the bucket's last day.
    pub pv: Option<Exact>,
    /// Earned value, for buckets that begin on or before asOf; null after and without earned
    /// value.
    pub ev: Option<Exact>,
    /// Actual cost to the bucket's last day.
    pub ac: Exact,
}
