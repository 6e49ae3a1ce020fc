//! A position's records from their text, for the tests of position costing (S6; used by
//! tests/position_examples.rs, tests/position_refusals.rs and tests/position_properties.rs).

use costfolio::model::budgeting::{Allocation, HoursPeriod, OvertimeRule, PositionKind, Rate};
use costfolio::schedule::position::PositionInput;
use costfolio::schedule::FolioFrame;
use costfolio::value::{Date, DateRange, Decimal};

pub fn d(text: &str) -> Date {
    text.parse().unwrap()
}

pub fn dec(text: &str) -> Decimal {
    Decimal::from_str_exact(text).unwrap()
}

pub fn folio(start: &str, end: &str) -> FolioFrame {
    FolioFrame {
        period: DateRange::new(d(start), d(end)).unwrap(),
        currency: "EUR".parse().unwrap(),
    }
}

pub fn allocation(start: &str, end: &str, percentage: &str) -> Allocation {
    Allocation {
        start_date: d(start),
        end_date: d(end),
        deleted_on: None,
        percentage: percentage.parse().unwrap(),
        id: None,
    }
}

pub fn rate(value: &str, start: &str) -> Rate {
    Rate {
        rate: value.parse().unwrap(),
        start_date: d(start),
        deleted_on: None,
        id: None,
    }
}

pub fn hours(start: &str, end: &str, effort: &str, overtime: &str) -> HoursPeriod {
    HoursPeriod {
        ot_effort: overtime.parse().unwrap(),
        start_date: d(start),
        end_date: d(end),
        deleted_on: None,
        reporter: None,
        effort: effort.parse().unwrap(),
        id: None,
    }
}

pub fn input<'a>(
    kind: PositionKind,
    allocations: &'a [Allocation],
    rates: &'a [Rate],
    hours: &'a [HoursPeriod],
    overtime: Option<&'a OvertimeRule>,
) -> PositionInput<'a> {
    PositionInput {
        kind,
        allocations,
        rates,
        hours,
        deleted: false,
        overtime,
        synced: None,
    }
}
