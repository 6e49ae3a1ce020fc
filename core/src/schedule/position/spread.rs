//! Spreading an hours period over its days (S6.5a).

use chrono::NaiveDate;

use crate::calendar::Calendar;
use crate::value::{Date, DateRange};

/// Spreads `hundredths` of an hour over the days of `range` in proportion to each day's calendar
/// capacity (not its allocation): every day gets its share rounded down to a hundredth, and the
/// leftover hundredths go one each to the days with the largest remainders, the earliest first
/// among equals. With no capacity at all, everything falls on the first day. Returns the days that
/// get something, in date order; the shares add up to `hundredths` exactly.
///
/// Integer arithmetic only: capacities are whole seconds, shares whole hundredths.
pub fn spread_hundredths(
    range: DateRange,
    calendar: &Calendar,
    hundredths: u64,
) -> Vec<(NaiveDate, u64)> {
    if hundredths == 0 {
        return Vec::new();
    }
    let days: Vec<(NaiveDate, u64)> = range
        .iter_days()
        .map(|day| {
            (
                day,
                u64::from(calendar.capacity_seconds(Date::from_naive(day))),
            )
        })
        .collect();
    let total: u64 = days.iter().map(|(_, capacity)| capacity).sum();
    if total == 0 {
        return vec![(range.start().naive(), hundredths)];
    }
    let wide_total = u128::from(total);
    let mut shares: Vec<(NaiveDate, u64, u128)> = days
        .iter()
        .map(|&(day, capacity)| {
            let exact = u128::from(hundredths) * u128::from(capacity);
            // exact / total <= hundredths, so it fits a u64.
            let floor = u64::try_from(exact / wide_total).unwrap_or(u64::MAX);
            (day, floor, exact % wide_total)
        })
        .collect();
    let given: u64 = shares.iter().map(|(_, floor, _)| floor).sum();
    let leftover = usize::try_from(hundredths - given).unwrap_or(usize::MAX);
    if leftover > 0 {
        // Largest remainder first, earliest first among equals.
        let order = crate::order::sorted_positions(shares.len(), &|a, b| {
            shares[b]
                .2
                .cmp(&shares[a].2)
                .then(shares[a].0.cmp(&shares[b].0))
        });
        for &index in order.iter().take(leftover) {
            shares[index].1 += 1;
        }
    }
    shares
        .into_iter()
        .filter(|(_, share, _)| *share > 0)
        .map(|(day, share, _)| (day, share))
        .collect()
}
