//! The timeline of a folio (S9.8).

use rust_decimal::Decimal;

use super::indicators::{add, earned_value_at, share, sub, sum, FolioTerms};
use super::ledger::{AnalyticsError, Flow, Ledger};
use crate::model::budgeting::{ScopeHistory, TimelineBucket};
use crate::value::{Date, Exact};

/// The timeline: per bucket of the ledgers' granularity, planned and actual cost and revenue,
/// contingency, and PV, EV, AC at the bucket's last day (S9.8). Ledgers as for
/// [`indicators`](super::indicators).
///
/// A bucket's contingency is the growth of the rounded contingency of the cumulative planned cost,
/// so the buckets add up to the folio's contingency to the cent. A bucket's EV is EV at its last
/// day, or at asOf for the bucket holding it, from the scope measurement in force then (S9.10);
/// none for the buckets that begin after asOf.
pub fn timeline(
    terms: &FolioTerms<'_>,
    costs: &Ledger,
    revenues: &Ledger,
    actual: &Ledger,
    scope: &ScopeHistory,
) -> Result<Vec<TimelineBucket>, AnalyticsError> {
    let periods = actual.periods();
    let as_of = periods.as_of();
    let bac = costs.total(Flow::PlannedCost)?;
    // EV by measurement: each is computed once, however many buckets it is in force for.
    let mut ev_of: Option<(Option<usize>, Option<Decimal>)> = None;
    let part =
        |ledger: &Ledger, flow: Flow, range: std::ops::Range<usize>| sum(&ledger.flow(flow)[range]);
    let mut planned_so_far = Decimal::ZERO;
    let mut contingency_so_far = Decimal::ZERO;
    let mut actual_so_far = Decimal::ZERO;
    let mut buckets = Vec::new();
    for (start, end, range) in periods.buckets() {
        let planned_cost = part(costs, Flow::PlannedCost, range.clone())?;
        let actual_cost = part(actual, Flow::ActualCost, range.clone())?;
        planned_so_far = add(planned_so_far, planned_cost)?;
        actual_so_far = add(actual_so_far, actual_cost)?;
        let contingency = share(terms.currency, terms.contingency, planned_so_far)?;
        let (start, end) = (Date::from_naive(start), Date::from_naive(end));
        let ev = if start <= as_of {
            let day = end.min(as_of);
            let measured = scope.index_at(day);
            match ev_of {
                Some((held, ev)) if held == measured => ev,
                _ => {
                    let ev = earned_value_at(terms, bac, scope, day)?;
                    ev_of = Some((measured, ev));
                    ev
                }
            }
        } else {
            None
        };
        // Sums of atoms are already whole minor units; rounding only writes them with those units
        // (0.00 rather than 0).
        let money = |value: Decimal| Exact::of(terms.currency.round(value));
        let revenue = |ledger: &Ledger, flow| -> Result<Option<Exact>, AnalyticsError> {
            Ok(if terms.with_revenue {
                Some(money(part(ledger, flow, range.clone())?))
            } else {
                None
            })
        };
        buckets.push(TimelineBucket {
            start,
            end,
            planned_cost: money(planned_cost),
            actual_cost: money(actual_cost),
            planned_revenue: revenue(revenues, Flow::PlannedRevenue)?,
            actual_revenue: revenue(actual, Flow::ActualRevenue)?,
            contingency: money(sub(contingency, contingency_so_far)?),
            pv: terms
                .planned_value(bac, planned_so_far, end)?
                .map(Exact::of),
            ev: ev.map(Exact::of),
            ac: money(actual_so_far),
        });
        contingency_so_far = contingency;
    }
    Ok(buckets)
}
