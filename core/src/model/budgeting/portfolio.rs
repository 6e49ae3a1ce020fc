//! Portfolios: folios and sub-portfolios grouped and rolled up.

use super::FolioSummary;
use crate::model::Id;
use crate::value::CurrencyCode;

/// How a portfolio orders its folios.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PortfolioOrdering {
    /// The custom field to rank by.
    pub ranking_field_id: Id,
    /// Ascending rather than descending.
    pub ascending_order: bool,
}

/// A portfolio.
///
/// The documents do not show the items of `admins` and `portfolios`; this project takes `admins`
/// as tracker user keys and `portfolios` as the sub-portfolios themselves.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Portfolio {
    /// The portfolio's id; absent in a create request, always present in responses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
    /// Its name.
    pub name: String,
    /// The currency its figures are rolled up in (S9.9).
    pub currency_code: CurrencyCode,
    /// Whether only its admins see it.
    pub is_private: bool,
    /// The owner's tracker user key.
    pub owner: String,
    /// Its colour, as the planner shows it.
    pub color: String,
    /// Tracker user keys of its admins.
    pub admins: Vec<String>,
    /// Its folios.
    pub folios: Vec<FolioSummary>,
    /// Its sub-portfolios.
    pub portfolios: Vec<Portfolio>,
    /// Its description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// How it orders its folios.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordering: Option<PortfolioOrdering>,
    /// The portfolio it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent_id: Option<Id>,
    /// The rank correlation between the remaining costs of lines of different folios in its
    /// forecast (S14.7); absent, 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forecast_correlation: Option<super::Correlation>,
}
