//! Baselines and expenditures (S8): a baseline freezes the draft and is refused when nothing
//! changed, baselines are listed by side, and expenditures come from the baseline or the draft.

use crate::analytics_book;

use analytics_book::{d, dec, meta, worked_example};
use costfolio::analytics::baseline::{
    approve, expenditures, list, ApprovedFrame, BaselineError, BaselineSnapshot,
};
use costfolio::model::budgeting::ExpenditureType;
use costfolio::model::Id;
use costfolio::value::Exact;

#[test]
fn baselines_freeze_the_draft_and_refuse_when_nothing_changed() {
    // S8.1, S8.2
    let mut book = worked_example();
    let budget = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(1, ExpenditureType::Budget, "2026-03-01"),
        ApprovedFrame::of(&book.folio),
    )
    .unwrap();
    // BUDGET freezes planned costs and revenues: positions 1, 2 and the planned expense 11.
    let ids: Vec<u64> = budget.items.positions.iter().map(|p| p.id.get()).collect();
    assert_eq!(ids, [1, 2]);
    assert_eq!(budget.items.expenses.len(), 1);
    assert_eq!(budget.items.expenses[0].baseline_id, Some(Id::new(1)));
    book.baselines.push(budget);
    let again = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(2, ExpenditureType::Budget, "2026-03-02"),
        ApprovedFrame::of(&book.folio),
    )
    .unwrap_err();
    assert_eq!(
        again,
        BaselineError::NothingChanged {
            id: Id::new(1),
            name: "b1".into()
        }
    );
    assert_eq!(
        again.to_string(),
        "Nothing changed since baseline \"b1\" (1): there is nothing new to approve"
    );
    // PLANNED, REVENUE and ACTUAL freeze their own sides.
    let planned = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(2, ExpenditureType::Planned, "2026-03-02"),
        ApprovedFrame::of(&book.folio),
    )
    .unwrap();
    assert_eq!(
        planned
            .items
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [1]
    );
    let revenue = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(3, ExpenditureType::Revenue, "2026-03-02"),
        ApprovedFrame::of(&book.folio),
    )
    .unwrap();
    assert_eq!(
        revenue
            .items
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [2]
    );
    let actual = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(4, ExpenditureType::Actual, "2026-03-02"),
        ApprovedFrame::of(&book.folio),
    )
    .unwrap();
    assert_eq!(
        actual
            .items
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [3, 4]
    );
    // After a change to the draft, a new BUDGET is accepted.
    book.draft.positions[0].rates[0].rate = "55".parse().unwrap();
    assert!(approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(5, ExpenditureType::Budget, "2026-03-03"),
        ApprovedFrame::of(&book.folio)
    )
    .is_ok());
}

#[test]
fn baselines_are_listed_by_side() {
    // S8.3
    let book = worked_example();
    let mut all = Vec::new();
    for (id, kind) in [
        (1, ExpenditureType::Budget),
        (2, ExpenditureType::Planned),
        (3, ExpenditureType::Revenue),
        (4, ExpenditureType::Actual),
    ] {
        all.push(
            approve(
                &book.draft,
                &[],
                &all,
                meta(id, kind, "2026-03-01"),
                ApprovedFrame::of(&book.folio),
            )
            .unwrap(),
        );
    }
    let ids = |all: &[BaselineSnapshot], costs, revenues| {
        list(all, costs, revenues)
            .iter()
            .map(|b| b.id.get())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&all, true, false), [1, 2, 4]);
    assert_eq!(ids(&all, false, true), [1, 3, 4]);
    assert_eq!(ids(&all, true, true), [1, 2, 3, 4]);
    assert!(ids(&all, false, false).is_empty());
    all[0].baseline.deleted_on = Some(d("2026-03-05"));
    assert_eq!(ids(&all, true, false), [2, 4]);
}

#[test]
fn expenditures_come_from_the_baseline_or_the_draft() {
    // S8.4, S8.5
    let mut book = worked_example();
    let budget = approve(
        &book.draft,
        &[],
        &book.baselines,
        meta(1, ExpenditureType::Budget, "2026-03-01"),
        ApprovedFrame::of(&book.folio),
    )
    .unwrap();
    book.baselines.push(budget);
    // Editing the draft afterwards: the planned cost position's rate goes to 70.
    book.draft.positions[0].rates[0].rate = "70".parse().unwrap();
    let planned = expenditures(&book.draft, &book.baselines, None, false, false).unwrap();
    assert_eq!(
        planned.positions[0].rates[0].rate.to_string(),
        "50",
        "the latest covering baseline"
    );
    let named = expenditures(&book.draft, &book.baselines, Some(Id::new(1)), false, true).unwrap();
    assert_eq!(
        named
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [2]
    );
    // BAC still comes from the baseline: 10,000.00, not 8 h x 70 x 20 + 2,000.
    assert_eq!(
        book.indicators("2026-03-13").bac,
        Exact::of(dec("10000.00"))
    );
    // Actual expenditures are current, deleted ones excluded.
    book.draft.expenses[1].deleted_on = Some(d("2026-03-20"));
    let actual = expenditures(&book.draft, &book.baselines, None, true, false).unwrap();
    assert_eq!(
        actual
            .positions
            .iter()
            .map(|p| p.id.get())
            .collect::<Vec<_>>(),
        [3]
    );
    assert!(actual.expenses.is_empty());
    assert_eq!(
        expenditures(&book.draft, &book.baselines, Some(Id::new(9)), false, false),
        Err(BaselineError::NotFound { id: Id::new(9) })
    );
}
