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
        days.sort_unstable_by_key(|&(day, _)| day);
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

/// Aggregates worklogs `(author, date, timeSpentSeconds)` into each author's hours per day (S6.5b).
/// Only worklogs dated inside `window` count (a folio's period). The caller keeps only the
/// worklogs of issues in the folio's scope.
pub fn aggregate_worklogs<'a>(
    worklogs: impl IntoIterator<Item = (&'a str, Date, u64)>,
    window: DateRange,
) -> HashMap<&'a str, DailyHours> {
    let mut authors: HashMap<&'a str, u32> = HashMap::new();
    let mut names: Vec<&'a str> = Vec::new();
    let mut entries: Vec<(u32, NaiveDate, u64)> = Vec::new();
    for (author, date, seconds) in worklogs {
        if !window.contains(date) {
            continue;
        }
        let next = names.len() as u32;
        let index = *authors.entry(author).or_insert_with(|| {
            names.push(author);
            next
        });
        entries.push((index, date.naive(), seconds));
    }
    entries.sort_unstable_by_key(|&(author, day, _)| (author, day));
    let mut per_author: Vec<Vec<(NaiveDate, u64)>> = vec![Vec::new(); names.len()];
    for (author, day, seconds) in entries {
        per_author[author as usize].push((day, seconds));
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
