//! The demo a new user sees at once: on an empty database, `serve --demo` adds the user
//! [`DEMO_USER`] (a budget administrator with a random password, printed once) and a portfolio of
//! three folios, made through the budgeting interface as that user would make them
//! (`demo.json`). A database that holds anything is left as it is.
//!
//! `demo.json` is written as if today were [`TEMPLATE_MONTH`]; every date in its bodies is moved by
//! the whole months between that month and today's, so the demo's folios are always under way.

use chrono::{Datelike, Months, NaiveDate, NaiveDateTime};
use costfolio::api::{handle, Context, Request};
use costfolio::state::State;
use serde_json::Value;

/// The demo's user.
pub(crate) const DEMO_USER: &str = "demo";

/// The requests that make the demo, in order.
const TEMPLATE: &str = include_str!("../demo.json");

/// The month `demo.json` is written for (year, month).
const TEMPLATE_MONTH: (i32, u32) = (2026, 11);

/// One request of the demo and what it must answer.
#[derive(Debug, Clone, PartialEq)]
struct Step {
    method: String,
    path: String,
    body: Option<String>,
    expect: u16,
    /// The id the created record must get (the state is empty, so ids are known).
    id: Option<u64>,
}

/// Months from the template's month to `today`'s (negative before it).
fn months_since_template(today: NaiveDate) -> i32 {
    (today.year() - TEMPLATE_MONTH.0) * 12 + today.month() as i32 - TEMPLATE_MONTH.1 as i32
}

/// `date` moved by `months` whole months (the day kept, or the month's last day when it has none).
fn shift_date(date: NaiveDate, months: i32) -> Option<NaiveDate> {
    let by = Months::new(months.unsigned_abs());
    if months >= 0 {
        date.checked_add_months(by)
    } else {
        date.checked_sub_months(by)
    }
}

/// Moves every string of `value` that is a date (`yyyy-MM-dd`) or a month (`yyyy-MM`, a month
/// closed, S9.11) by `months`.
fn shift(value: &mut Value, months: i32) -> Result<(), String> {
    match value {
        Value::String(text) if text.len() == 7 => {
            if let Ok(date) = NaiveDate::parse_from_str(&format!("{text}-01"), "%Y-%m-%d") {
                let moved = shift_date(date, months)
                    .ok_or_else(|| format!("demo: {text} cannot move by {months} months"))?;
                *text = moved.format("%Y-%m").to_string();
            }
            Ok(())
        }
        Value::String(text) if text.len() == 10 => {
            if let Ok(date) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
                let moved = shift_date(date, months)
                    .ok_or_else(|| format!("demo: {text} cannot move by {months} months"))?;
                *text = moved.format("%Y-%m-%d").to_string();
            }
            Ok(())
        }
        Value::Array(items) => items.iter_mut().try_for_each(|item| shift(item, months)),
        Value::Object(fields) => fields
            .values_mut()
            .try_for_each(|field| shift(field, months)),
        _ => Ok(()),
    }
}

/// The demo's requests, their dates moved to `today`'s month.
fn steps(today: NaiveDate) -> Result<Vec<Step>, String> {
    let template: Value = serde_json::from_str(TEMPLATE).map_err(|e| format!("demo.json: {e}"))?;
    let months = months_since_template(today);
    let requests = template
        .get("requests")
        .and_then(Value::as_array)
        .ok_or("demo.json: no requests")?;
    requests
        .iter()
        .enumerate()
        .map(|(index, request)| {
            let text = |name: &str| {
                request
                    .get(name)
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .ok_or_else(|| format!("demo.json: request {index} has no {name}"))
            };
            let body = match request.get("body").cloned() {
                Some(mut body) => {
                    shift(&mut body, months)?;
                    Some(body.to_string())
                }
                None => None,
            };
            let expect = request
                .get("expect")
                .and_then(Value::as_u64)
                .and_then(|status| u16::try_from(status).ok())
                .unwrap_or(200);
            Ok(Step {
                method: text("method")?,
                path: text("path")?,
                body,
                expect,
                id: request.get("id").and_then(Value::as_u64),
            })
        })
        .collect()
}

/// The users the demo registers (key, display name): its own user and its team's tracker users.
const DEMO_PEOPLE: [(&str, &str); 8] = [
    (DEMO_USER, "Demo user"),
    ("acosta", "Ana Acosta"),
    ("erossi", "Elena Rossi"),
    ("jweber", "Jonas Weber"),
    ("lbrandt", "Lena Brandt"),
    ("mkeller", "Max Keller"),
    ("pshah", "Priya Shah"),
    ("tnovak", "Tomas Novak"),
];

/// Makes the demo in `state` as [`DEMO_USER`] at `now`, each request with fresh bytes of
/// `random`. An error names the request that was refused and the answer; `state` may then hold
/// the requests before it, so callers try it on a copy first.
pub(crate) fn seed(
    state: &mut State,
    base_url: &str,
    now: NaiveDateTime,
    mut random: impl FnMut() -> Vec<u8>,
) -> Result<(), String> {
    // The users the planner's pickers offer: the demo user and the tracker users its team
    // members name.
    for (key, name) in DEMO_PEOPLE {
        costfolio::usecase::credentials::register_user(state, key, Some(name))
            .map_err(|e| e.to_string())?;
    }
    for step in steps(now.date())? {
        let mut request = Request::new(&step.method, &step.path);
        if let Some(body) = &step.body {
            request = request.json(body);
        }
        if let Err(refusal) = request.split_query() {
            return Err(format!(
                "demo: {} {}: {}",
                step.method,
                step.path,
                refusal.text()
            ));
        }
        let mut context = Context::new(base_url, now, random());
        context.user = Some(DEMO_USER.to_owned());
        context.budget_admin = true;
        let answer = handle(state, &request, &context);
        let text = answer.text();
        let created = || {
            serde_json::from_str::<Value>(&text)
                .ok()
                .and_then(|body| body.get("success").and_then(Value::as_u64))
        };
        if answer.status != step.expect || step.id.is_some_and(|id| created() != Some(id)) {
            return Err(format!(
                "demo: {} {} answered {} {} (expected {}{})",
                step.method,
                step.path,
                answer.status,
                text,
                step.expect,
                step.id
                    .map_or_else(String::new, |id| format!(" with id {id}"))
            ));
        }
    }
    Ok(())
}

/// A random password for the demo user: 16 letters and digits (about 95 bits).
pub(crate) fn password() -> Result<String, String> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for the demo password: {e}"))?;
    // 256 is not a multiple of the alphabet's 55 letters: the small bias costs well under a bit.
    Ok(bytes
        .iter()
        .map(|byte| char::from(ALPHABET[usize::from(*byte) % ALPHABET.len()]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(date: &str) -> NaiveDateTime {
        NaiveDate::parse_from_str(date, "%Y-%m-%d")
            .unwrap()
            .and_hms_opt(9, 0, 0)
            .unwrap()
    }

    fn seeded(today: &str) -> State {
        let mut state = State::default();
        let mut counter = 0u8;
        seed(&mut state, "http://x", at(today), || {
            counter = counter.wrapping_add(1);
            vec![counter; 64]
        })
        .unwrap();
        state
    }

    #[test]
    fn dates_move_by_whole_months_and_keep_the_last_day() {
        let date = |text| NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap();
        assert_eq!(months_since_template(date("2026-11-23")), 0);
        assert_eq!(months_since_template(date("2027-02-01")), 3);
        assert_eq!(months_since_template(date("2026-01-31")), -10);
        assert_eq!(shift_date(date("2026-01-31"), 1), Some(date("2026-02-28")));
        assert_eq!(shift_date(date("2026-03-15"), -3), Some(date("2025-12-15")));
        let mut body = serde_json::json!({"startDate": "2026-03-02", "name": "2026-03-02 kickoff",
            "rates": [{"startDate": "2026-05-31"}], "amount": 12, "month": "2026-11", "key": "ABC-12"});
        shift(&mut body, 2).unwrap();
        assert_eq!(body["startDate"], "2026-05-02");
        assert_eq!(body["month"], "2027-01", "a month closed moves too");
        assert_eq!(body["key"], "ABC-12");
        assert_eq!(body["name"], "2026-03-02 kickoff", "only whole dates move");
        assert_eq!(body["rates"][0]["startDate"], "2026-07-31");
        assert_eq!(body["amount"], 12);
    }

    #[test]
    fn the_demo_is_three_folios_in_a_portfolio_on_any_month() {
        for today in ["2026-11-23", "2027-02-28", "2031-07-10", "2025-01-31"] {
            let state = seeded(today);
            assert_eq!(state.folios.len(), 3, "{today}");
            assert_eq!(state.portfolios.len(), 1, "{today}");
            assert!(!state.baselines.is_empty(), "{today}: an approved baseline");
        }
    }

    #[test]
    fn the_demo_moves_with_today() {
        let now = seeded("2026-11-23");
        let later = seeded("2027-11-23");
        let start = |state: &State| {
            state
                .folios
                .values()
                .map(|record| record.folio.start_date.to_string())
                .min()
                .unwrap()
        };
        let (a, b) = (start(&now), start(&later));
        assert_eq!(&b[..4], (a[..4].parse::<i32>().unwrap() + 1).to_string());
        assert_eq!(a[4..], b[4..], "the same day a year later");
    }

    /// `GET path` as the demo user at the demo's today: the status and the body.
    fn get(state: &State, path: &str) -> (u16, String) {
        let mut request = Request::new("GET", path);
        request.split_query().unwrap();
        let mut context = Context::new("http://x", at("2026-11-23"), vec![1; 64]);
        context.user = Some(DEMO_USER.to_owned());
        let answer = costfolio::api::handle_read(state, &request, &context).unwrap();
        (answer.status, answer.text())
    }

    fn success(state: &State, path: &str) -> Value {
        let (status, text) = get(state, path);
        assert_eq!(status, 200, "{path}: {text}");
        serde_json::from_str::<Value>(&text).unwrap()["success"].take()
    }

    #[test]
    fn a_folios_payments_are_its_items_payments_and_its_monthly_timeline() {
        let state = seeded("2026-11-23");
        for folio in 1..=3 {
            let base = format!("/budgets/1/folio/{folio}");
            let all = success(&state, &format!("{base}/payments?asOf=2026-11-23"));
            let positions = all["positions"].as_array().unwrap();
            let expenses = all["expenses"].as_array().unwrap();
            assert!(
                !positions.is_empty() && !expenses.is_empty(),
                "folio {folio}"
            );
            for item in positions {
                let own = success(
                    &state,
                    &format!(
                        "/budgets/1/position/{}/payments?granularity=month",
                        item["id"]
                    ),
                );
                assert_eq!(item["lines"], own, "position {}", item["id"]);
            }
            for item in expenses {
                let own = success(
                    &state,
                    &format!("/budgets/1/expense/{}/payments", item["id"]),
                );
                assert_eq!(item["lines"], own, "expense {}", item["id"]);
            }
            let timeline = success(
                &state,
                &format!("{base}/timeline?asOf=2026-11-23&granularity=month"),
            );
            assert_eq!(all["timeline"], timeline);

            let (status, csv) = get(
                &state,
                &format!("{base}/payments?asOf=2026-11-23&format=csv"),
            );
            assert_eq!(status, 200);
            let lines: usize = positions
                .iter()
                .chain(expenses)
                .map(|item| item["lines"].as_array().unwrap().len())
                .sum();
            let rows: Vec<&str> = csv.lines().collect();
            assert_eq!(
                rows.len(),
                1 + lines + 2 + timeline.as_array().unwrap().len(),
                "a header, the lines, a blank line and the timeline's header and buckets"
            );
            assert!(rows[0].starts_with("item,id,name,date,rate,effort"));
        }
        // The items route lists the same live items with the same money, and each as its own
        // route shows it, with its whole history.
        for folio in 1..=3 {
            let items = success(
                &state,
                &format!("/budgets/1/folio/{folio}/items?asOf=2026-11-23"),
            );
            let paid = success(
                &state,
                &format!("/budgets/1/folio/{folio}/payments?asOf=2026-11-23"),
            );
            for (kind, inner) in [("positions", "position"), ("expenses", "expense")] {
                let listed = items[kind].as_array().unwrap();
                let priced = paid[kind].as_array().unwrap();
                assert_eq!(listed.len(), priced.len(), "folio {folio} {kind}");
                for (item, money) in listed.iter().zip(priced) {
                    let id = &item[inner]["id"];
                    assert_eq!(id, &money["id"]);
                    assert_eq!(
                        (&item["total"], &item["toDate"]),
                        (&money["total"], &money["toDate"])
                    );
                    let own = success(&state, &format!("/budgets/1/{inner}/{id}"));
                    assert_eq!(item[inner], own, "{inner} {id}");
                }
            }
        }
        let member = success(&state, "/budgets/1/folio/1/team")["members"][0].clone();
        let items = success(&state, "/budgets/1/folio/1/items");
        let listed = items["positions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|item| item["position"]["id"] == member["id"])
            .unwrap();
        assert_eq!(listed["rates"], member["rates"]);
        assert_eq!(listed["allocations"], member["allocations"]);
        assert_eq!(listed["hours"], member["workedHours"]);
        assert!(
            member["rates"].as_array().unwrap().len() >= 2,
            "a rate history"
        );

        // Each item's money to date follows asOf: nothing before the folio, all of it after.
        let figures = |as_of: &str| -> Vec<(String, String)> {
            let all = success(&state, &format!("/budgets/1/folio/3/payments?asOf={as_of}"));
            let items = all["positions"].as_array().unwrap().clone();
            items
                .iter()
                .chain(all["expenses"].as_array().unwrap())
                .map(|item| (item["total"].to_string(), item["toDate"].to_string()))
                .collect()
        };
        let zero = |text: &str| text.trim_end_matches('0').trim_end_matches('.') == "0";
        let before = figures("2025-06-30");
        assert!(
            before.iter().all(|(_, to_date)| zero(to_date)),
            "{before:?}"
        );
        assert!(before.iter().any(|(total, _)| !zero(total)), "{before:?}");
        let after = figures("2027-06-30");
        assert!(
            after.iter().all(|(total, to_date)| total == to_date),
            "{after:?}"
        );
        assert_eq!(
            before.iter().map(|f| &f.0).collect::<Vec<_>>(),
            after.iter().map(|f| &f.0).collect::<Vec<_>>()
        );
        let during = figures("2026-06-30");
        assert!(
            during
                .iter()
                .any(|(total, to_date)| total != to_date && !zero(to_date)),
            "{during:?}"
        );

        // A timeline's planned side from the draft or a chosen baseline (folio 1's baseline 1 was
        // approved, then its plan changed).
        let timeline = |plan: &str| {
            success(
                &state,
                &format!("/budgets/1/folio/1/timeline?asOf=2026-11-23{plan}"),
            )
        };
        let planned = |buckets: &Value| -> Vec<String> {
            buckets
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["plannedCost"].to_string())
                .collect()
        };
        let (latest, baseline, draft) =
            (timeline(""), timeline("&plan=1"), timeline("&plan=draft"));
        assert_eq!(latest, baseline, "the latest baseline is the default");
        assert_ne!(
            planned(&draft),
            planned(&baseline),
            "the draft changed since"
        );
        assert_eq!(
            draft.as_array().unwrap().len(),
            baseline.as_array().unwrap().len()
        );
        // The indicators take the same plan: the draft's BAC is the draft timeline's last PV.
        let indicators = |plan: &str| {
            success(
                &state,
                &format!("/budgets/1/folio/1/indicators?asOf=2026-11-23{plan}"),
            )
        };
        let last_pv = |buckets: &Value| buckets.as_array().unwrap().last().unwrap()["pv"].clone();
        assert_eq!(indicators("&plan=draft")["bac"], last_pv(&draft));
        assert_eq!(indicators("&plan=1")["bac"], last_pv(&baseline));
        assert_eq!(indicators(""), indicators("&plan=1"));
        assert_ne!(indicators("&plan=draft")["bac"], indicators("")["bac"]);
        assert_eq!(
            indicators("&plan=draft")["ac"],
            indicators("")["ac"],
            "the actual side is the draft's"
        );
        for wrong in ["&plan=2", "&plan=latest", "&plan=99"] {
            let (status, text) = get(
                &state,
                &format!("/budgets/1/folio/1/timeline{}", wrong.replacen('&', "?", 1)),
            );
            assert_eq!(status, 400, "{wrong}: {text}");
            assert!(text.contains("plan"), "{text}");
        }

        let (status, text) = get(&state, "/budgets/1/folio/1/payments?format=xml");
        assert_eq!(status, 400);
        assert!(text.contains("format"), "{text}");
        assert_eq!(get(&state, "/budgets/1/folio/9/payments").0, 404);
    }

    #[test]
    fn passwords_are_sixteen_unambiguous_characters_and_differ() {
        let (a, b) = (password().unwrap(), password().unwrap());
        assert_eq!(a.chars().count(), 16);
        assert!(a
            .chars()
            .all(|c| c.is_ascii_alphanumeric() && !"0O1lI".contains(c)));
        assert_ne!(a, b);
    }
}
