//! Cost lines a page at a time (S9.12): the groups and the total over every line whatever the
//! page, the lines by group or by overrun, every line as CSV; a parameter that is none of these
//! is a 400 naming it.

use crate::budget_calls::call;
use crate::cost_lines::{dec, folio, lines};

use costfolio::value::Decimal;
use serde_json::Value;

#[test]
fn lines_come_a_page_at_a_time_by_group_or_overrun_and_as_csv() {
    let mut state = folio();
    let all = lines(&mut state, "");
    assert_eq!(all["lineCount"], 5);
    assert_eq!(all["next"], Value::Null);
    // Two lines a page: the groups and the total are over every line.
    let first = lines(&mut state, "&limit=2");
    assert_eq!(first["lines"].as_array().unwrap().len(), 2);
    assert_eq!(first["next"], 2);
    assert_eq!(first["total"], all["total"]);
    let last = lines(&mut state, "&limit=2&after=4");
    assert_eq!(last["lines"].as_array().unwrap().len(), 1);
    assert_eq!(last["next"], Value::Null);
    assert_eq!(last["lines"][0], all["lines"][4]);
    // The largest overrun first: the taxi (-80) after Ravi and the deck, the office (0) last.
    let by_variance = lines(&mut state, "&order=variance");
    let vacs: Vec<Decimal> = by_variance["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| dec(&l["figures"]["vac"]))
        .collect();
    let mut sorted = vacs.clone();
    sorted.sort();
    assert_eq!(vacs, sorted);
    for (query, field, message) in [
        (
            "&order=size",
            "order",
            "size is not an order: group or variance",
        ),
        (
            "&limit=0",
            "limit",
            "limit must be a whole number from 1 to 1000, got 0",
        ),
    ] {
        let (status, body) = call(
            &mut state,
            "ada",
            "GET",
            &format!("/folio/1/lines?asOf=2026-03-15{query}"),
            None,
        );
        assert_eq!(status, 400, "{query}");
        assert_eq!(body["errors"][field], message, "{query}");
    }
    // As the payments' export: a format that is neither is refused as the request's.
    let (status, body) = call(
        &mut state,
        "ada",
        "GET",
        "/folio/1/lines?asOf=2026-03-15&format=xlsx",
        None,
    );
    assert_eq!(status, 400);
    assert_eq!(body["error"], "format: xlsx is not json or csv");
    // The CSV: every line, whatever the page, its figures as the JSON's.
    let request = costfolio::api::Request::new(
        "GET",
        "/budgets/1/folio/1/lines?asOf=2026-03-15&groupBy=category&format=csv&limit=1",
    );
    let response = costfolio::api::handle(
        &mut state,
        &request,
        &crate::budget_calls::context(Some("ada")),
    );
    assert_eq!(response.status, 200);
    let text = String::from_utf8(response.body).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 6, "{text}");
    assert!(rows[0].starts_with("group,line,item,id,planned"));
    let deck = rows
        .iter()
        .find(|r| r.contains("\"Steel deck fabrication\""))
        .unwrap();
    assert_eq!(
        *deck,
        "\"OPEX\",\"Steel deck fabrication\",expense,1,true,false,\"Steel deck, first invoice; Steel deck, second invoice\",EUR,10000.00,10000.00,6000.00,5000.00,11000.00,-1000.00,-10.00,4000.00,40.00,\"over budget, within tolerance\""
    );
}
