//! Hours that come from outside the plan: worklogs of team members (S6.5b) and billed hours of
//! consulting revenues (S6.5c), aggregated per person and day.

use std::collections::HashMap;

use chrono::NaiveDate;

use crate::value::{Date, DateRange};

/// Seconds of effort per day, sorted by date: the synchronized hours of one position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DailyHours {
    days: Vec<(NaiveDate, u64)>,
}

impl DailyHours {
    /// Hours from `(date, seconds)` pairs; several on one day add up.
    pub fn from_seconds(entries: impl IntoIterator<Item = (Date, u64)>) -> DailyHours {
        let mut days: Vec<(NaiveDate, u64)> = entries
            .into_iter()
            .map(|(date, seconds)| (date.naive(), seconds))
            .collect();
        crate::order::sort_by_key(&mut days, |&(day, _)| day);
        DailyHours {
            days: merge_sorted(days),
        }
    }

    /// Seconds on `date` (0 when none).
    pub fn seconds_on(&self, date: NaiveDate) -> u64 {
        self.days
            .binary_search_by_key(&date, |&(day, _)| day)
            .map_or(0, |index| self.days[index].1)
    }

    /// The days with hours, in order, with their seconds.
    pub fn days(&self) -> &[(NaiveDate, u64)] {
        &self.days
    }

    /// The days with hours inside `range`.
    pub fn days_in(&self, range: DateRange) -> &[(NaiveDate, u64)] {
        let from = self
            .days
            .partition_point(|&(day, _)| day < range.start().naive());
        let to = self
            .days
            .partition_point(|&(day, _)| day <= range.end().naive());
        &self.days[from..to]
    }

    /// Total seconds.
    pub fn total_seconds(&self) -> u64 {
        self.days.iter().map(|(_, seconds)| seconds).sum()
    }
}

/// Adds up the seconds of equal dates in a date-sorted list.
fn merge_sorted(days: Vec<(NaiveDate, u64)>) -> Vec<(NaiveDate, u64)> {
    let mut merged: Vec<(NaiveDate, u64)> = Vec::with_capacity(days.len());
    for (day, seconds) in days {
        match merged.last_mut() {
            Some((last, total)) if *last == day => *total = total.saturating_add(seconds),
            _ => merged.push((day, seconds)),
        }
    }
    merged
}

/// Above this many (author x day) cells, aggregation sorts instead of using one dense array of
/// days per author (128 MiB of seconds).
const DENSE_CELLS: u64 = 16 * 1024 * 1024;

/// Aggregates worklogs `(author, date, timeSpentSeconds)` into each author's hours per day (S6.5b).
/// Only worklogs dated inside `window` count (a folio's period). The caller keeps only the
/// worklogs of issues in the folio's scope.
///
/// Each author gets a dense array of the window's days, indexed by day, so a worklog costs one
/// author look-up and one addition; windows too large for that fall back to sorting.
pub fn aggregate_worklogs<'a>(
    worklogs: impl IntoIterator<Item = (&'a str, Date, u64)>,
    window: DateRange,
) -> HashMap<&'a str, DailyHours> {
    aggregate(worklogs, window, DENSE_CELLS)
}

fn aggregate<'a>(
    worklogs: impl IntoIterator<Item = (&'a str, Date, u64)>,
    window: DateRange,
    dense_cells: u64,
) -> HashMap<&'a str, DailyHours> {
    let first = window.start().naive();
    let days = window.days();
    let mut authors: HashMap<&'a str, usize, BuildFnv> = HashMap::with_hasher(BuildFnv);
    let mut names: Vec<&'a str> = Vec::new();
    let mut dense: Vec<Vec<u64>> = Vec::new();
    let mut sparse: Vec<(usize, NaiveDate, u64)> = Vec::new();
    for (author, date, seconds) in worklogs {
        if !window.contains(date) {
            continue;
        }
        let index = *authors.entry(author).or_insert_with(|| {
            names.push(author);
            names.len() - 1
        });
        let offset = (date.naive() - first).num_days() as usize;
        if (names.len() as u64).saturating_mul(days) <= dense_cells {
            if index == dense.len() {
                dense.push(vec![0; days as usize]);
            }
            dense[index][offset] = dense[index][offset].saturating_add(seconds);
        } else {
            sparse.push((index, date.naive(), seconds));
        }
    }
    let mut per_author: Vec<Vec<(NaiveDate, u64)>> = dense
        .into_iter()
        .map(|seconds| {
            seconds
                .into_iter()
                .enumerate()
                .filter(|&(_, s)| s > 0)
                .filter_map(|(offset, s)| {
                    Some((first.checked_add_days(chrono::Days::new(offset as u64))?, s))
                })
                .collect()
        })
        .collect();
    per_author.resize(names.len(), Vec::new());
    if !sparse.is_empty() {
        crate::order::sort_by_key(&mut sparse, |&(author, day, _)| (author, day));
        for (author, day, seconds) in sparse {
            per_author[author].push((day, seconds));
        }
        for days in &mut per_author {
            crate::order::sort_by_key(days, |&(day, _)| day);
        }
    }
    names
        .into_iter()
        .zip(per_author)
        .map(|(name, days)| {
            (
                name,
                DailyHours {
                    days: merge_sorted(days),
                },
            )
        })
        .collect()
}

/// FNV-1a: a small, fast hash for short keys such as user keys (no denial-of-service concern:
/// the keys are the host's own data).
#[derive(Default)]
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = hash;
    }
}

#[derive(Default, Clone, Copy)]
struct BuildFnv;

impl std::hash::BuildHasher for BuildFnv {
    type Hasher = Fnv;
    fn build_hasher(&self) -> Fnv {
        Fnv::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(offset: u64) -> Date {
        let first = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap_or_default();
        Date::from_naive(
            first
                .checked_add_days(chrono::Days::new(offset))
                .unwrap_or(first),
        )
    }

    #[test]
    fn dense_sorted_and_mixed_aggregation_agree() {
        let names = ["ada", "bob", "cy", "dee", "eve"];
        let logs: Vec<(&str, Date, u64)> = (0..5_000u64)
            .map(|i| {
                (
                    names[(i * 7 % 5) as usize],
                    day(i * 37 % 400),
                    60 + i % 7 * 900,
                )
            })
            .collect();
        let window = DateRange::new(day(10), day(380)).unwrap_or(DateRange::day(day(10)));
        let dense = aggregate(logs.iter().copied(), window, u64::MAX);
        let sorted = aggregate(logs.iter().copied(), window, 0);
        // Three authors fit densely, the rest are sorted: the same result all the same.
        let mixed = aggregate(logs.iter().copied(), window, 3 * window.days());
        assert_eq!(dense, sorted);
        assert_eq!(dense, mixed);
        let expected: u64 = logs
            .iter()
            .filter(|l| window.contains(l.1))
            .map(|l| l.2)
            .sum();
        assert_eq!(
            dense.values().map(DailyHours::total_seconds).sum::<u64>(),
            expected
        );
        for hours in dense.values() {
            assert!(hours.days().windows(2).all(|w| w[0].0 < w[1].0));
        }
    }
}
