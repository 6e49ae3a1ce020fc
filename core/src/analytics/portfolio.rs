//! Portfolio rollups (S9.9).

use rust_decimal::Decimal;

use super::indicators::{derive, Base};
use super::ledger::AnalyticsError;
use crate::model::budgeting::Indicators;
use crate::schedule::ExchangeRates;
use crate::value::{CurrencyCode, Date};

/// A folio's or a sub-portfolio's indicators, in its own currency.
pub type RollupMember<'a> = &'a Indicators;

/// Rolls up the indicators of a portfolio's folios and sub-portfolios (S9.9): every money figure
/// converted into the portfolio's `currency` at the rate in force on `as_of` and summed; ratios and
/// derived figures recomputed from the sums, never averaged; statuses judged with `tolerance`.
///
/// PV and EV (and all built on EV) are summed only when every member has them, and are null
/// otherwise: an EV of some folios set against the AC of all would mislead. Revenue figures are
/// summed over the members that show revenues, and null when none does.
pub fn rollup(
    members: &[RollupMember<'_>],
    currency: CurrencyCode,
    as_of: Date,
    rates: &ExchangeRates,
    tolerance: Decimal,
) -> Result<Indicators, AnalyticsError> {
    let mut base = Base::default();
    let mut pv = Some(Decimal::ZERO);
    let mut ev = Some(Decimal::ZERO);
    for member in members {
        let from = member.currency_code;
        let convert = |value: Decimal| rates.convert(value, from, currency, as_of);
        let add_optional = |sum: Option<Decimal>,
                            value: Option<crate::value::Exact>|
         -> Result<Option<Decimal>, AnalyticsError> {
            match value {
                Some(value) => Ok(Some(sum.unwrap_or(Decimal::ZERO) + convert(value.get())?)),
                None => Ok(sum),
            }
        };
        base.bac += convert(member.bac.get())?;
        base.ac += convert(member.ac.get())?;
        base.reserve += convert(member.reserve.get())?;
        base.contingency += convert(member.contingency.get())?;
        base.contingency_to_date += convert(member.contingency_to_date.get())?;
        base.planned_cost_to_date += convert(member.planned_cost_to_date.get())?;
        base.eac_known += convert(member.eac_known.get())?;
        pv = match (pv, member.pv) {
            (Some(sum), Some(value)) => Some(sum + convert(value.get())?),
            _ => None,
        };
        ev = match (ev, member.ev) {
            (Some(sum), Some(value)) => Some(sum + convert(value.get())?),
            _ => None,
        };
        base.planned_revenue = add_optional(base.planned_revenue, member.planned_revenue)?;
        base.actual_revenue = add_optional(base.actual_revenue, member.actual_revenue)?;
        base.profit = add_optional(base.profit, member.profit)?;
    }
    base.pv = pv.filter(|_| !members.is_empty());
    base.ev = ev.filter(|_| !members.is_empty());
    derive(base, tolerance, currency, None)
}
