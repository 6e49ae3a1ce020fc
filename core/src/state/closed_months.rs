//! A folio's closed months (S9.11), kept beside its record by folio id, in month order.

use super::State;
use crate::model::budgeting::ClosedMonth;

impl State {
    /// The closed months of folio `folio`, the earliest first (S9.11).
    pub fn closed_months_of(&self, folio: u64) -> &[ClosedMonth] {
        self.closed_months.get(&folio).map_or(&[], Vec::as_slice)
    }

    /// Keeps `closed` among folio `folio`'s closed months, in month order (one a month).
    pub(super) fn close_month(&mut self, folio: u64, closed: &ClosedMonth) {
        let mut months = self.closed_months_of(folio).to_vec();
        match months.binary_search_by(|held| held.month.cmp(&closed.month)) {
            Ok(at) => months[at] = closed.clone(),
            Err(at) => months.insert(at, closed.clone()),
        }
        self.closed_months.insert(folio, months);
    }
}
