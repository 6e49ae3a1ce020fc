//! Position costing (S6): every refusal of a position's records, with its documented message.

use crate::position_records;

use costfolio::calendar::Calendar;
use costfolio::model::budgeting::PositionKind;
use costfolio::schedule::position::{
    check_allocation, check_allocation_removal, check_hours_period, check_rate, check_rate_removal,
    CostBasis, PositionError, PositionPlan,
};
use costfolio::value::{Hours, Id, Percentage};
use position_records::{allocation, d, folio, hours, input, rate};

fn with_id<T>(mut record: T, id: u64, set: impl Fn(&mut T, Option<Id>)) -> T {
    set(&mut record, Some(Id::new(id)));
    record
}

#[test]
fn allocation_refusals() {
    let existing = [with_id(
        allocation("2026-01-01", "2026-03-31", "50"),
        1,
        |a, id| a.id = id,
    )];
    // Inverted: errors.endDate with the documented message.
    let error = check_allocation(
        PositionKind::TeamMember,
        &existing,
        &allocation("2026-05-01", "2026-04-30", "10"),
        None,
    )
    .unwrap_err();
    assert_eq!(error.field(), Some("endDate"));
    assert!(
        error
            .to_string()
            .starts_with("The start date must be before or equal to the end date"),
        "{error}"
    );
    // Overlap: errors.startDate naming the other period.
    let error = check_allocation(
        PositionKind::TeamMember,
        &existing,
        &allocation("2026-03-31", "2026-04-30", "10"),
        None,
    )
    .unwrap_err();
    assert_eq!(error.field(), Some("startDate"));
    assert_eq!(
        error.to_string(),
        "The period overlaps the allocation from 2026-01-01 to 2026-03-31 of the same position"
    );
    // Adjacent is fine; updating a period over itself is fine.
    assert!(check_allocation(
        PositionKind::TeamMember,
        &existing,
        &allocation("2026-04-01", "2026-04-30", "10"),
        None
    )
    .is_ok());
    assert!(check_allocation(
        PositionKind::TeamMember,
        &existing,
        &allocation("2026-02-01", "2026-02-28", "10"),
        Some(Id::new(1))
    )
    .is_ok());
    // Only team members take more allocations: errorMessages with the documented message.
    for kind in [
        PositionKind::PlannedPositionByTimeFrame,
        PositionKind::ConsultingRevenue,
    ] {
        let error = check_allocation(
            kind,
            &existing,
            &allocation("2026-06-01", "2026-06-30", "10"),
            None,
        )
        .unwrap_err();
        assert_eq!(error, PositionError::AllocationNotForKind { kind });
        assert_eq!(error.field(), None);
        assert_eq!(
            error.to_string(),
            "Availability can only be added to staff members"
        );
    }
    // The last one cannot go.
    let error =
        check_allocation_removal(PositionKind::TeamMember, &existing, Id::new(1)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "A staff member must have at least one availability period"
    );
    let two = [
        existing[0].clone(),
        with_id(allocation("2026-04-01", "2026-04-30", "10"), 2, |a, id| {
            a.id = id
        }),
    ];
    assert!(check_allocation_removal(PositionKind::TeamMember, &two, Id::new(2)).is_ok());
    // A planned position or consulting revenue carries exactly one (S6.2): it never goes.
    for kind in [
        PositionKind::PlannedPositionByTimeFrame,
        PositionKind::ConsultingRevenue,
    ] {
        let error = check_allocation_removal(kind, &existing, Id::new(1)).unwrap_err();
        assert_eq!(error, PositionError::OnlyAllocation);
        assert!(error
            .to_string()
            .contains("keeps its one allocation period"));
    }
    assert_eq!(
        check_allocation_removal(PositionKind::TeamMember, &two, Id::new(9)),
        Err(PositionError::NotFound {
            what: "Allocation",
            id: Id::new(9)
        })
    );
}

#[test]
fn rate_refusals() {
    let existing = [with_id(rate("50", "2026-01-01"), 1, |r, id| r.id = id)];
    let error = check_rate(&existing, &rate("60", "2026-01-01"), None).unwrap_err();
    assert_eq!(error.field(), Some("startDate"));
    assert_eq!(
        error.to_string(),
        "A cost rate already exists with that effective date (2026-01-01)"
    );
    assert!(check_rate(&existing, &rate("60", "2026-01-01"), Some(Id::new(1))).is_ok());
    let error = check_rate_removal(&existing, Id::new(1)).unwrap_err();
    assert_eq!(error.field(), None);
    assert_eq!(
        error.to_string(),
        "A staff member must have at least one cost rate"
    );
    // A position with no live rate at all cannot be costed.
    let mut gone = existing.clone();
    gone[0].deleted_on = Some(d("2026-02-01"));
    let calendar = Calendar::default();
    let allocations = [allocation("2026-01-01", "2026-01-31", "100")];
    let basis = CostBasis::new(folio("2026-01-01", "2026-12-31"), &calendar);
    let result = PositionPlan::new(
        input(PositionKind::TeamMember, &allocations, &gone, &[], None),
        &basis,
    );
    assert_eq!(result.err(), Some(PositionError::LastRate));
}

#[test]
fn conflicting_hours_periods_name_the_range_and_its_hours() {
    let existing = [with_id(
        hours("2026-03-02", "2026-03-06", "40", "5"),
        7,
        |h, id| h.id = id,
    )];
    let error = check_hours_period(
        &existing,
        &hours("2026-03-06", "2026-03-10", "8", "0"),
        None,
    )
    .unwrap_err();
    assert_eq!(error.field(), Some("startDate"));
    assert_eq!(
        error.to_string(),
        "Periods are conflicting: 2026-03-02 - 2026-03-06 holds 40 h and 5 h of overtime"
    );
    assert!(check_hours_period(
        &existing,
        &hours("2026-03-02", "2026-03-03", "8", "0"),
        Some(Id::new(7))
    )
    .is_ok());
    assert!(check_hours_period(
        &existing,
        &hours("2026-03-07", "2026-03-10", "8", "0"),
        None
    )
    .is_ok());
}

#[test]
fn hours_and_percentages_are_refused_out_of_range() {
    assert!("10000".parse::<Hours>().is_err());
    assert!("1.234".parse::<Hours>().is_err());
    assert!("100.5".parse::<Percentage>().is_err());
    assert!("-1".parse::<Percentage>().is_err());
}
