//! Portfolio rollups (S9.9).

use rust_decimal::Decimal;

use super::indicators::{add, derive, Base, Summed};
use super::ledger::AnalyticsError;
use crate::model::budgeting::Indicators;
use crate::schedule::ExchangeRates;
use crate::value::{CurrencyCode, Date, Exact};

/// A folio's or a sub-portfolio's indicators, in its own currency.
pub type RollupMember<'a> = &'a Indicators;

/// Rolls up the indicators of a portfolio's folios and sub-portfolios (S9.9): every money figure
/// converted into the portfolio's `currency` at the rate in force on `as_of` and summed; ratios
/// recomputed from the sums, never averaged; statuses judged with `tolerance`.
///
/// Every money figure is the sum of the members' own, each converted on its own and rounded to the
/// portfolio currency's minor units (S9.9), the derived ones too: EAC, CV, SV, ETC and VAC are the
/// sums of the members' (each forecast by its own performance), not derived again from the sums,
/// so that the portfolio's row adds up, to the cent, to its members' rows as converted. PV, EV and
/// the figures built on them are summed only when every member has them, and are null otherwise:
/// an EV of some folios set against the AC of all would mislead. Revenue figures are summed over
/// the members that show revenues, and null when none does. Ratios are recomputed from the sums.
/// Every sum is checked: a figure too large to hold is the overflow error, never a panic.
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
    let mut summed = Summed {
        eac: Some(Decimal::ZERO),
        cv: Some(Decimal::ZERO),
        sv: Some(Decimal::ZERO),
        etc: Some(Decimal::ZERO),
        vac: Some(Decimal::ZERO),
    };
    for member in members {
        let from = member.currency_code;
        let convert = |value: Exact| rates.convert(value.get(), from, currency, as_of);
        // Adds a member's figure to a sum that stays null once a member lacks the figure.
        let all = |sum: Option<Decimal>, value: Option<Exact>| match (sum, value) {
            (Some(sum), Some(value)) => add(sum, convert(value)?).map(Some),
            _ => Ok(None),
        };
        // Adds a member's figure to a sum over the members that have it.
        let some = |sum: Option<Decimal>, value: Option<Exact>| match value {
            Some(value) => add(sum.unwrap_or(Decimal::ZERO), convert(value)?).map(Some),
            None => Ok(sum),
        };
        base.bac = add(base.bac, convert(member.bac)?)?;
        base.ac = add(base.ac, convert(member.ac)?)?;
        base.reserve = add(base.reserve, convert(member.reserve)?)?;
        base.contingency = add(base.contingency, convert(member.contingency)?)?;
        base.contingency_to_date = add(
            base.contingency_to_date,
            convert(member.contingency_to_date)?,
        )?;
        base.planned_cost_to_date = add(
            base.planned_cost_to_date,
            convert(member.planned_cost_to_date)?,
        )?;
        base.eac_known = add(base.eac_known, convert(member.eac_known)?)?;
        pv = all(pv, member.pv)?;
        ev = all(ev, member.ev)?;
        summed.eac = all(summed.eac, member.eac)?;
        summed.cv = all(summed.cv, member.cv)?;
        summed.sv = all(summed.sv, member.sv)?;
        summed.etc = all(summed.etc, member.etc)?;
        summed.vac = all(summed.vac, member.vac)?;
        base.planned_revenue = some(base.planned_revenue, member.planned_revenue)?;
        base.planned_revenue_to_date =
            some(base.planned_revenue_to_date, member.planned_revenue_to_date)?;
        base.actual_revenue = some(base.actual_revenue, member.actual_revenue)?;
        base.profit = some(base.profit, member.profit)?;
    }
    let any = |sum: Option<Decimal>| sum.filter(|_| !members.is_empty());
    base.pv = any(pv);
    base.ev = any(ev);
    let summed = Summed {
        eac: any(summed.eac),
        cv: any(summed.cv),
        sv: any(summed.sv),
        etc: any(summed.etc),
        vac: any(summed.vac),
    };
    derive(base, Some(summed), tolerance, currency, None, None)
}
