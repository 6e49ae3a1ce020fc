//! Cost lines of random folios (S9.12): they add up, to the cent, to the folio's BAC, AC, known
//! cost and EAC by what is scheduled, on every grouping, and each line's forecast is its rule.

use crate::budget_calls::{call, FOLIO};
use crate::cost_lines::{dec, expense, ok, position, post};

use costfolio::state::State;
use costfolio::value::Decimal;
use proptest::prelude::*;
use serde_json::{json, Value};

prop_compose! {
    /// A folio of random planned and actual expenses and positions, some actual items realising
    /// a planned one, some planned lines complete, its EAC by what is scheduled.
    fn any_folio()(
        expenses in proptest::collection::vec((0u8..4, 0u32..300, 1u32..5_000_000, 0u8..8), 1..8),
        positions in proptest::collection::vec((0u8..2, 0u32..200, 1u32..120, 0u8..8), 0..4),
    ) -> State {
        let mut state = State::new();
        let mut folio: Value = serde_json::from_str(FOLIO).unwrap();
        folio["eacMethod"] = json!("scheduled");
        ok(call(&mut state, "ada", "POST", "/folio", Some(&folio.to_string())));
        let day = |n: u32| {
            let start = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
            (start + chrono::Days::new(u64::from(n))).to_string()
        };
        let mut planned_expenses = Vec::new();
        for (kind, at, cents, mark) in expenses {
            let amount = Decimal::new(i64::from(cents), 2).to_string();
            let planned = kind < 2;
            let realises = (!planned && mark < 5 && !planned_expenses.is_empty())
                .then(|| planned_expenses[mark as usize % planned_expenses.len()]);
            let mut body = expense(1, &format!("Item {cents}"), if planned { "PlannedExpense" } else { "ActualExpense" }, &amount, &day(at), realises);
            if planned && mark == 7 {
                body["complete"] = json!(true);
            }
            body["category"] = json!(["OPEX", "CAPEX", "FINEX"][usize::from(mark % 3)]);
            let id = ok(post(&mut state, "/expense", &body)).as_u64().unwrap();
            if planned {
                planned_expenses.push(id);
            }
        }
        let mut planned_positions = Vec::new();
        for (kind, from, len, mark) in positions {
            let planned = kind == 0;
            let realises = (!planned && mark < 5 && !planned_positions.is_empty())
                .then(|| planned_positions[mark as usize % planned_positions.len()]);
            let mut body = position(&format!("Person {from}"), if planned { ".PlannedPositionByTimeFrame" } else { ".TeamMember" },
                ["Design", "Build", ""][usize::from(mark % 3)], &day(from), &day(from + len), realises);
            if planned && mark == 7 {
                body["complete"] = json!(true);
            }
            let id = ok(post(&mut state, "/position", &body)).as_u64().unwrap();
            if planned {
                planned_positions.push(id);
            }
        }
        state
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn the_lines_of_random_folios_add_up_to_the_folio_on_every_grouping(mut state in any_folio(), as_of in 0u32..365) {
        let as_of = (chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap() + chrono::Days::new(u64::from(as_of))).to_string();
        let indicators = ok(call(&mut state, "ada", "GET", &format!("/folio/1/indicators?asOf={as_of}"), None));
        for grouping in ["none", "account", "category", "kind"] {
            let answer = ok(call(&mut state, "ada", "GET", &format!("/folio/1/lines?asOf={as_of}&groupBy={grouping}"), None));
            let lines = answer["lines"].as_array().unwrap();
            let sum = |figure: &str| -> Decimal { lines.iter().map(|l| dec(&l["figures"][figure])).sum() };
            prop_assert_eq!(sum("budget"), dec(&indicators["bac"]));
            prop_assert_eq!(sum("actual"), dec(&indicators["ac"]));
            prop_assert_eq!(sum("actual") + sum("scheduled"), dec(&indicators["eacKnown"]));
            prop_assert_eq!(sum("forecast"), dec(&indicators["eac"]));
            prop_assert_eq!(&answer["total"]["forecast"], &indicators["eac"]);
            for line in lines {
                let f = &line["figures"];
                let known = dec(&f["actual"]) + dec(&f["scheduled"]);
                let open = line["planned"] == true && line["complete"] == false;
                let expected = if open { known.max(dec(&f["plan"])) } else { known };
                prop_assert_eq!(dec(&f["forecast"]), expected, "{}", line);
                prop_assert_eq!(dec(&f["vac"]), dec(&f["budget"]) - dec(&f["forecast"]));
            }
            if grouping != "none" {
                for figure in ["budget", "actual", "scheduled", "forecast"] {
                    let grouped: Decimal = answer["groups"].as_array().unwrap().iter().map(|g| dec(&g["figures"][figure])).sum();
                    prop_assert_eq!(grouped, sum(figure), "{} {}", grouping, figure);
                }
            }
        }
    }
}
