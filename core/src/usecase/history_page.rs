//! Where a page of history ends (S11.8): at `limit` journal entries shown, at
//! [`MAX_PAGE_BYTES`] of changes, or once its reading budget was read of the journal (what the
//! entries it may show weigh, at least [`MIN_READ_BYTES`], at most [`MAX_READ_BYTES`]: a page
//! reads no more than it was weighed and admitted for); and what its `next` cursor says. Entries with nothing to show the reader (a hidden folio's part of a
//! portfolio's change, a change that changed nothing) are read past: the cursor is never one of
//! them, and they never cut a page short, so that a reader cannot tell that they exist.

use super::limits::MAX_PAGE_BYTES;
use crate::json::json_len;
use crate::value::Date;

/// The most bytes of the journal (as stored) one page reads, the versions its changes are
/// compared with included.
pub const MAX_READ_BYTES: usize = 16 * 1024 * 1024;

/// The least a page may read, whatever its entries weigh: room to pass over entries with nothing
/// to show (a read of this size is a light one, `api::weight`).
pub const MIN_READ_BYTES: usize = 1024 * 1024;

/// How many journal entries are read at once (a page reads at most one such batch past its
/// budget).
pub(super) const BATCH: usize = 4;

/// The reading budget of a page whose entries, the versions before them included, take `bytes`
/// as stored: [`MIN_READ_BYTES`] to [`MAX_READ_BYTES`].
pub fn read_budget(bytes: usize) -> usize {
    bytes.clamp(MIN_READ_BYTES, MAX_READ_BYTES)
}

/// A page being filled, newest entry first, of changes `T` (as the answer writes them).
pub(super) struct Pager<T> {
    /// The most entries to show.
    limit: usize,
    /// Only changes made on or after this day.
    since: Option<Date>,
    /// The changes shown so far.
    changes: Vec<T>,
    /// Their bytes as the answer writes them.
    bytes: usize,
    /// Entries shown.
    shown: usize,
    /// The bytes of journal read.
    read: usize,
    /// The most to read.
    budget: usize,
    /// The last entry shown, and the last one looked at.
    last_shown: Option<u64>,
    last_seen: Option<u64>,
    /// Set once the page is complete: where the next one starts (`Some(None)`: nowhere).
    end: Option<Option<u64>>,
}

impl<T: serde::Serialize> Pager<T> {
    /// An empty page of at most `limit` entries, of changes since `since`, reading at most
    /// `budget` bytes of the journal.
    pub(super) fn new(limit: usize, since: Option<Date>, budget: usize) -> Pager<T> {
        Pager {
            limit,
            since,
            changes: Vec::new(),
            bytes: 0,
            shown: 0,
            read: 0,
            budget,
            last_shown: None,
            last_seen: None,
            end: None,
        }
    }

    /// Whether the page is complete.
    pub(super) fn is_done(&self) -> bool {
        self.end.is_some()
    }

    /// Counts `bytes` of journal read.
    pub(super) fn read(&mut self, bytes: usize) {
        self.read = self.read.saturating_add(bytes);
    }

    /// Whether the next entry, made at `at` (none: before times were kept), is still to be looked
    /// at; `false` ends the page before it. Asked before its changes are worked out: one older
    /// than `since` ends the page with no next one; past the reading budget (once one entry was
    /// looked at, so that every page moves on), the page ends with its last entry shown as the
    /// cursor, or, when it shows none, the last entry it looked at.
    pub(super) fn will_look_at(&mut self, at: Option<crate::value::UtcTimestamp>) -> bool {
        if self.is_done() {
            return false;
        }
        if let Some(day) = self.since {
            if at.is_none_or(|at| at.naive().date() < day.naive()) {
                self.end = Some(None);
                return false;
            }
        }
        if self.read >= self.budget && self.last_seen.is_some() {
            self.end = Some(self.last_shown.or(self.last_seen));
            return false;
        }
        true
    }

    /// Offers the changes of entry `seq` to show (none: there is nothing the reader may see).
    /// Returns whether more entries are wanted. A page that is full ends at its last entry shown,
    /// since this one (which it cannot take) is still to be shown.
    pub(super) fn offer(&mut self, seq: u64, changes: Vec<T>) -> bool {
        self.last_seen = Some(seq);
        if changes.is_empty() {
            return true;
        }
        let size = changes.iter().map(json_len).sum::<usize>();
        if self.shown == self.limit || (self.shown > 0 && self.bytes + size > MAX_PAGE_BYTES) {
            self.end = Some(self.last_shown);
            return false;
        }
        self.changes.extend(changes);
        self.bytes += size;
        self.shown += 1;
        self.last_shown = Some(seq);
        true
    }

    /// The page: its changes, and where the next starts (nowhere when every entry was looked at).
    pub(super) fn into_page(self) -> (Vec<T>, Option<u64>) {
        (self.changes, self.end.flatten())
    }
}

/// The batches of `len` entries (indexes of an oldest-first list) a page walks, newest first,
/// from below index `end`: `(start, end)` ranges of at most [`BATCH`].
pub(super) fn batches(end: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut at = end;
    core::iter::from_fn(move || {
        if at == 0 {
            return None;
        }
        let start = at.saturating_sub(BATCH);
        let batch = (start, at);
        at = start;
        Some(batch)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A change as a page holds it: its entry and some text.
    fn change(seq: u64, text: &str) -> (u64, String) {
        (seq, text.to_owned())
    }

    #[test]
    fn hidden_entries_neither_end_a_page_nor_become_its_cursor() {
        // Entries 9 to 1, newest first; 8, 6 and 5 show nothing; a page of two.
        let mut pager: Pager<(u64, String)> = Pager::new(2, None, MAX_READ_BYTES);
        let mut taken = Vec::new();
        for seq in (1..=9).rev() {
            assert!(pager.will_look_at(None));
            let shown = if [8, 6, 5].contains(&seq) {
                Vec::new()
            } else {
                vec![change(seq, "ada")]
            };
            if !pager.offer(seq, shown) {
                break;
            }
            taken.push(seq);
        }
        let (changes, next) = pager.into_page();
        assert_eq!(changes.iter().map(|c| c.0).collect::<Vec<_>>(), [9, 7]);
        assert_eq!(next, Some(7), "the cursor is the last entry shown");
        assert_eq!(taken, [9, 8, 7, 6, 5], "read on past the hidden ones to 4");
        // Only hidden entries after the last shown: the page ends with no next one.
        let mut pager: Pager<(u64, String)> = Pager::new(2, None, MAX_READ_BYTES);
        for seq in [9, 8, 7] {
            pager.offer(
                seq,
                if seq == 9 {
                    vec![change(9, "ada")]
                } else {
                    Vec::new()
                },
            );
        }
        assert_eq!(pager.into_page().1, None);
    }

    #[test]
    fn a_page_ends_at_its_bytes_but_holds_one_entry_whatever_its_size() {
        let big = "x".repeat(MAX_PAGE_BYTES / 2);
        let mut pager: Pager<(u64, String)> = Pager::new(200, None, MAX_READ_BYTES);
        assert!(pager.offer(9, vec![change(9, &big)]));
        assert!(!pager.offer(8, vec![change(8, &big)]), "past 4 MiB");
        let (changes, next) = pager.into_page();
        assert_eq!((changes.len(), next), (1, Some(9)));
        let huge = "x".repeat(MAX_PAGE_BYTES * 2);
        let mut pager: Pager<(u64, String)> = Pager::new(200, None, MAX_READ_BYTES);
        assert!(pager.offer(9, vec![change(9, &huge)]));
        assert_eq!(pager.into_page().0.len(), 1);
    }

    #[test]
    fn past_the_reading_budget_the_cursor_moves_past_what_was_read() {
        let mut pager: Pager<(u64, String)> = Pager::new(50, None, MAX_READ_BYTES);
        pager.read(MAX_READ_BYTES);
        assert!(
            pager.will_look_at(None),
            "a page looks at one entry at least"
        );
        assert!(pager.offer(9, Vec::new()));
        assert!(!pager.will_look_at(None));
        assert_eq!(pager.into_page().1, Some(9));
        let mut pager: Pager<(u64, String)> = Pager::new(50, None, MAX_READ_BYTES);
        pager.offer(9, vec![change(9, "ada")]);
        pager.read(MAX_READ_BYTES);
        pager.offer(8, Vec::new());
        assert!(!pager.will_look_at(None));
        assert_eq!(pager.into_page().1, Some(9), "the last shown, when one was");
    }

    #[test]
    fn batches_run_newest_first() {
        assert_eq!(batches(10).collect::<Vec<_>>(), [(6, 10), (2, 6), (0, 2)]);
        assert_eq!(batches(0).count(), 0);
    }
}
