//! What a book answers of the folio's baselines (S8): the expenditures of a side and where they
//! come from (S8.4), and a new baseline approved from the draft (S8.1).

use super::error::BookError;
use super::FolioBook;
use crate::analytics::baseline::{approve, expenditures, BaselineError, BaselineSnapshot, Items};
use crate::model::budgeting::Baseline;
use crate::model::Id;

impl FolioBook {
    /// The folio's expenditures (S8.4): the planned (`actual` false) or actual items of the cost
    /// (`revenue` false) or revenue side, from baseline `baseline`, or by default from the latest
    /// baseline covering the side, else the draft.
    pub fn expenditures(
        &self,
        baseline: Option<Id>,
        actual: bool,
        revenue: bool,
    ) -> Result<Items, BookError> {
        expenditures(
            &self.draft,
            self.baselines.iter().map(|b| &**b),
            baseline,
            actual,
            revenue,
        )
        .map_err(BookError::Baseline)
    }

    /// The baseline the expenditures of a side come from (S8.4), `None` for the draft: whose
    /// frozen headers its positions show (S8.6).
    pub fn expenditure_source(
        &self,
        baseline: Option<Id>,
        actual: bool,
        revenue: bool,
    ) -> Result<Option<&BaselineSnapshot>, BookError> {
        crate::analytics::baseline::source(
            self.baselines.iter().map(|b| &**b),
            baseline,
            actual,
            revenue,
        )
        .map_err(BookError::Baseline)
    }

    /// Approves `baseline` (S8.1): a snapshot of the draft's items of its type with their
    /// positions' `headers` as they are (S8.6), refused when the latest live baseline of that type
    /// froze the same.
    pub fn approve(
        &self,
        baseline: Baseline,
        headers: &[crate::model::budgeting::Position],
    ) -> Result<BaselineSnapshot, BaselineError> {
        approve(
            &self.draft,
            headers,
            self.baselines.iter().map(|b| &**b),
            baseline,
            crate::analytics::baseline::ApprovedFrame::of(&self.setting.folio),
        )
    }
}
