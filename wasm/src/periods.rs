//! The checks the planner's position editor asks before it sends an allocation period or a rate:
//! the core's own rules (S6.2, S6.4; `costfolio::schedule::position`), so that the browser never
//! writes them again. Values cross as JSON text, numbers keeping their digits. A value the rules
//! refuse is answered as the REST answer's `errors` would hold it, `{"field": .., "message": ..}`
//! (no `field` for a general message); an argument that does not read at all (the existing
//! records, the kind, an id) is the caller's mistake and throws.

use costfolio::model::budgeting::{Allocation, PositionKind, Rate};
use costfolio::model::{from_json, to_json, Id, WireError};
use costfolio::schedule::position::PositionError;
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

use crate::refusal::Refusal;

/// Why the rules refuse a value: the field at fault (as the budgeting `errors` map names it), or
/// none for a general message.
struct Refused {
    field: Option<String>,
    message: String,
}

impl Refused {
    /// A value that does not read as the wire type: the field and message the REST answer gives.
    fn unread(error: &WireError) -> Refused {
        Refused {
            field: error.field_name().map(str::to_owned),
            message: error.detail(),
        }
    }

    fn rule(error: &PositionError) -> Refused {
        Refused {
            field: error.field().map(str::to_owned),
            message: error.to_string(),
        }
    }

    fn json(&self) -> String {
        match &self.field {
            Some(field) => format!(
                "{{\"field\":{},\"message\":{}}}",
                to_json(field),
                to_json(&self.message)
            ),
            None => format!("{{\"message\":{}}}", to_json(&self.message)),
        }
    }
}

/// An argument the caller builds (not the user's value) that does not read, named.
fn unread(argument: &'static str) -> impl FnOnce(WireError) -> Refusal {
    move |error| Refusal::Json { argument, error }
}

/// The id of the record an edit replaces; empty: the record is added.
fn replacing(text: &str) -> Result<Option<Id>, Refusal> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<Id>()
        .map(Some)
        .map_err(|_| Refusal::form("replacing", format!("{text:?} is not a record id")))
}

fn js(result: Result<Option<String>, Refusal>) -> Result<Option<String>, JsValue> {
    result.map_err(JsValue::from)
}

/// The outcome of a check as JavaScript gets it: nothing when accepted, else the refusal's JSON.
fn answer(outcome: Result<(), Refused>) -> Option<String> {
    outcome.err().map(|refused| refused.json())
}

/// Checks an allocation period of a position of `kind` (`.TeamMember`, ...) as the server does
/// before storing it (S6.2): `allocation` is the period as sent (JSON `{startDate, endDate,
/// percentage}`: a percentage from 0 to 100, an end not before its start), `existing` the
/// position's periods (a JSON array, as `GET /folio/{id}/items` lists them; deleted ones are not
/// counted), `replacing` the id of the period it changes, or empty when it is added. A new
/// position's first period (`existing` empty, nothing replaced) is checked as `POST /position`
/// checks it: its own dates only. Returns nothing when the rules accept it, else JSON `{field?,
/// message}`.
#[wasm_bindgen(js_name = checkAllocation)]
pub fn check_allocation(
    kind: &str,
    existing: &str,
    allocation: &str,
    replacing: &str,
) -> Result<Option<String>, JsValue> {
    js(allocation_refusal(kind, existing, allocation, replacing))
}

fn allocation_refusal(
    kind: &str,
    existing: &str,
    allocation: &str,
    replacing: &str,
) -> Result<Option<String>, Refusal> {
    let kind: PositionKind = from_json(to_json(kind).as_bytes()).map_err(unread("kind"))?;
    let existing: Vec<Allocation> = from_json(existing.as_bytes()).map_err(unread("existing"))?;
    let replacing = self::replacing(replacing)?;
    let allocation: Allocation = match from_json(allocation.as_bytes()) {
        Ok(allocation) => allocation,
        Err(error) => return Ok(answer(Err(Refused::unread(&error)))),
    };
    let outcome = if existing.is_empty() && replacing.is_none() {
        allocation
            .period()
            .map(drop)
            .map_err(PositionError::Inverted)
    } else {
        costfolio::schedule::position::check_allocation(kind, &existing, &allocation, replacing)
            .map(drop)
    };
    Ok(answer(outcome.map_err(|error| Refused::rule(&error))))
}

/// Checks a rate of a position as the server does before storing it (S6.4): `rate` is the rate as
/// sent (JSON `{rate, startDate}`: 0 or more, at most 4 decimals), `existing` the position's rates
/// (a JSON array; deleted ones are not counted), `replacing` the id of the rate it changes, or
/// empty when it is added: no other rate may start on its date. Returns nothing when the rules
/// accept it, else JSON `{field?, message}`.
#[wasm_bindgen(js_name = checkRate)]
pub fn check_rate(existing: &str, rate: &str, replacing: &str) -> Result<Option<String>, JsValue> {
    js(rate_refusal(existing, rate, replacing))
}

fn rate_refusal(existing: &str, rate: &str, replacing: &str) -> Result<Option<String>, Refusal> {
    let existing: Vec<Rate> = from_json(existing.as_bytes()).map_err(unread("existing"))?;
    let replacing = self::replacing(replacing)?;
    let rate: Rate = match from_json(rate.as_bytes()) {
        Ok(rate) => rate,
        Err(error) => return Ok(answer(Err(Refused::unread(&error)))),
    };
    let outcome = costfolio::schedule::position::check_rate(&existing, &rate, replacing);
    Ok(answer(outcome.map_err(|error| Refused::rule(&error))))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEAM: &str = ".TeamMember";
    const PLANNED: &str = ".PlannedPositionByTimeFrame";
    const PERIODS: &str = r#"[{"id":1,"startDate":"2027-01-04","endDate":"2027-06-30","percentage":100},{"id":2,"startDate":"2027-07-01","endDate":"2027-12-17","percentage":50,"deletedOn":"2027-02-01"}]"#;

    fn allocation(start: &str, end: &str, percentage: &str) -> String {
        format!(r#"{{"startDate":"{start}","endDate":"{end}","percentage":{percentage}}}"#)
    }

    #[test]
    fn allocations_follow_the_core() {
        // Accepted: after the live period (the deleted one is not counted), or replacing it.
        let ok = allocation_refusal(
            TEAM,
            PERIODS,
            &allocation("2027-07-01", "2027-09-30", "50"),
            "",
        );
        assert_eq!(ok.unwrap(), None);
        let same = allocation_refusal(
            TEAM,
            PERIODS,
            &allocation("2027-01-04", "2027-03-31", "80"),
            "1",
        );
        assert_eq!(same.unwrap(), None);
        // S6.2: an overlap, at the start date.
        let overlap = allocation_refusal(
            TEAM,
            PERIODS,
            &allocation("2027-06-01", "2027-09-30", "50"),
            "",
        )
        .unwrap()
        .unwrap();
        assert!(
            overlap.starts_with(r#"{"field":"startDate","message":"The period overlaps"#),
            "{overlap}"
        );
        // An end before the start, at the end date.
        let inverted = allocation_refusal(
            TEAM,
            "[]",
            &allocation("2027-06-30", "2027-01-04", "50"),
            "",
        )
        .unwrap()
        .unwrap();
        assert!(inverted.starts_with(r#"{"field":"endDate""#), "{inverted}");
        // More than 100 %, at the percentage (the value type's refusal).
        let over = allocation_refusal(
            TEAM,
            "[]",
            &allocation("2027-01-04", "2027-06-30", "105"),
            "",
        )
        .unwrap()
        .unwrap();
        assert!(over.starts_with(r#"{"field":"percentage""#), "{over}");
        // A planned position's first period is checked alone; a further one is refused.
        let first = allocation_refusal(
            PLANNED,
            "[]",
            &allocation("2027-01-04", "2027-06-30", "50"),
            "",
        );
        assert_eq!(first.unwrap(), None);
        let more = allocation_refusal(
            PLANNED,
            PERIODS,
            &allocation("2027-07-01", "2027-09-30", "50"),
            "",
        )
        .unwrap()
        .unwrap();
        assert!(more.starts_with(r#"{"message":"#), "{more}");
        // What the caller builds must read: the kind, the existing periods, the id replaced.
        let kind = allocation_refusal(
            "Manager",
            "[]",
            &allocation("2027-01-04", "2027-06-30", "50"),
            "",
        );
        assert!(matches!(
            kind,
            Err(Refusal::Json {
                argument: "kind",
                ..
            })
        ));
        let list = allocation_refusal(
            TEAM,
            "{}",
            &allocation("2027-01-04", "2027-06-30", "50"),
            "",
        );
        assert!(matches!(
            list,
            Err(Refusal::Json {
                argument: "existing",
                ..
            })
        ));
        let id = allocation_refusal(
            TEAM,
            PERIODS,
            &allocation("2027-01-04", "2027-06-30", "50"),
            "first",
        );
        assert_eq!(
            id.unwrap_err().to_string(),
            r#"replacing: "first" is not a record id"#
        );
    }

    #[test]
    fn rates_follow_the_core() {
        let rates = r#"[{"id":7,"rate":80.00,"startDate":"2027-01-04"}]"#;
        assert_eq!(
            rate_refusal(rates, r#"{"rate":95.5,"startDate":"2027-07-01"}"#, "").unwrap(),
            None
        );
        assert_eq!(
            rate_refusal(rates, r#"{"rate":81,"startDate":"2027-01-04"}"#, "7").unwrap(),
            None
        );
        let taken = rate_refusal(rates, r#"{"rate":81,"startDate":"2027-01-04"}"#, "")
            .unwrap()
            .unwrap();
        assert!(taken.starts_with(r#"{"field":"startDate""#), "{taken}");
        assert!(taken.contains("2027-01-04"), "{taken}");
        let digits = rate_refusal(rates, r#"{"rate":80.12345,"startDate":"2027-02-01"}"#, "")
            .unwrap()
            .unwrap();
        assert!(digits.starts_with(r#"{"field":"rate""#), "{digits}");
    }
}
