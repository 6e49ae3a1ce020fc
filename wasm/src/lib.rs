//! WebAssembly bindings of the costfolio engine, thin by design: a `Planner` over the core's state
//! (the whole REST service, offline), its journal and snapshots, and direct calls for a planning
//! screen. Values cross as JSON strings, so numbers keep their exact digits; every failure becomes
//! a JS `Error` named `CostfolioError` carrying the core's message, its `kind` and the `field` at
//! fault, and nothing panics across the boundary.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use costfolio::api::{Context, Request, Response};
use costfolio::model::messages;
use costfolio::state::{JournalEntry, State};
use costfolio::value::{Date, DateRange};
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

mod arguments;
mod periods;
mod reads;
mod refusal;
mod sandbox;
use arguments::text_bytes;
pub use periods::{check_allocation, check_rate};
pub use reads::{
    expense_payments, folio_expenditures, folio_indicators, folio_timeline, portfolio_indicators,
    position_payments,
};
use refusal::js;
pub use refusal::Refusal;
pub use sandbox::Sandbox;

/// The version of the costfolio core this package wraps.
#[wasm_bindgen]
pub fn version() -> String {
    costfolio::VERSION.to_owned()
}

/// A request as JS gives it.
#[derive(serde::Deserialize)]
struct RequestInput {
    method: String,
    path: String,
    #[serde(default)]
    headers: Vec<(String, String)>,
    #[serde(default)]
    body: String,
}

/// What the host knows: its address, the time, fresh randomness, the verified budgeting caller.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct ContextInput {
    #[serde(default)]
    base_url: String,
    /// UTC, `yyyy-MM-ddTHH:mm:ss` (fractions allowed).
    now: String,
    /// Hex digits of fresh random bytes (128 digits = 64 bytes for token requests).
    #[serde(default)]
    random: String,
    #[serde(default)]
    user: Option<String>,
    #[serde(default)]
    budget_admin: bool,
    /// True when the caller's credential may not change data (S11.5).
    #[serde(default)]
    read_only: bool,
}

/// A response as JS reads it.
#[derive(serde::Serialize)]
struct ResponseOutput {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

fn context_of(text: &str) -> Result<Context, Refusal> {
    let input: ContextInput =
        costfolio::model::from_json(text.as_bytes()).map_err(|error| Refusal::Json {
            argument: "context",
            error,
        })?;
    let now = costfolio::value::parse_local_date_time(&input.now).ok_or_else(|| {
        Refusal::form(
            "context.now",
            format!("{:?} is not yyyy-MM-ddTHH:mm:ss", input.now),
        )
    })?;
    let random = decode_hex(&input.random)
        .ok_or_else(|| Refusal::form("context.random", "not hex digits"))?;
    let mut context = Context::new(&input.base_url, now, random);
    context.user = input.user;
    context.budget_admin = input.budget_admin;
    context.write = !input.read_only;
    // The offline planner is its user's session: it reads `/core/3` as the server's planner does.
    context.session = context.user.is_some();
    Ok(context)
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// One REST call through the core: request and context as JSON, the response as JSON.
pub fn handle_json(state: &mut State, request: &str, context: &str) -> Result<String, Refusal> {
    let input: RequestInput =
        costfolio::model::from_json(request.as_bytes()).map_err(|error| Refusal::Json {
            argument: "request",
            error,
        })?;
    let context = context_of(context)?;
    let request = Request {
        method: input.method,
        path: input.path,
        query: Vec::new(),
        headers: input.headers,
        body: input.body.into_bytes(),
    };
    let response = costfolio::api::handle(state, &request, &context);
    Ok(response_json(&response))
}

fn response_json(response: &Response) -> String {
    let output = ResponseOutput {
        status: response.status,
        headers: response.headers.clone(),
        body: response.text(),
    };
    costfolio::model::to_json(&output)
}

/// The occurrences of a wire recurrence inside `[from, to]`, as one text of `yyyy-MM-dd` dates
/// written back to back (ten characters each: dates run from 0001 to 9999), which the JavaScript
/// side cuts into an array ([`expand_recurrence`]).
pub fn expand_recurrence_text(
    recurrence: &str,
    default_end: &str,
    from: &str,
    to: &str,
) -> Result<String, Refusal> {
    let wire: costfolio::model::budgeting::Recurrence =
        costfolio::model::from_json(recurrence.as_bytes()).map_err(|error| Refusal::Json {
            argument: "",
            error,
        })?;
    let date = |argument: &'static str, text: &str| {
        Date::parse(text).map_err(|error| Refusal::Date { argument, error })
    };
    let rule = costfolio::recurrence::RecurrenceRule::new(&wire, date("defaultEnd", default_end)?)
        .map_err(Refusal::Recurrence)?;
    let window = DateRange::new(date("from", from)?, date("to", to)?).map_err(Refusal::Window)?;
    // One buffer, digits written by hand: formatting through `Display` per date cost 30 times
    // the expansion itself in wasm, and a JSON array of 100,000 dates cost `JSON.parse` more than
    // the expansion (docs/performance.md).
    let mut out = String::new();
    for day in rule.occurrences_in(window) {
        day.push_to(&mut out);
    }
    Ok(out)
}

/// The service, offline: the core's state with its journal.
#[wasm_bindgen]
pub struct Planner {
    state: State,
}

impl Default for Planner {
    fn default() -> Self {
        Planner::new()
    }
}

// The parameters are named as JavaScript names them: the declarations show them (`asOf`).
#[allow(non_snake_case)]
#[wasm_bindgen]
impl Planner {
    /// An empty service.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Planner {
        Planner {
            state: State::new(),
        }
    }

    /// A service loaded from a snapshot (the JSON `snapshot()` gives, here or on a server).
    #[wasm_bindgen(js_name = fromSnapshot)]
    pub fn from_snapshot(snapshot: &str) -> Result<Planner, JsValue> {
        State::from_snapshot(snapshot)
            .map(|state| Planner { state })
            .map_err(|e| Refusal::form("", e.to_string()).into())
    }

    /// Any REST call of the three interfaces: `request` is `{method, path, headers?: [[name,
    /// value]], body?: string}`, `context` is `{baseUrl, now, random (hex), user?, budgetAdmin?, readOnly?}`;
    /// returns `{status, headers, body}` as JSON.
    pub fn handle(&mut self, request: &str, context: &str) -> Result<String, JsValue> {
        js(handle_json(&mut self.state, request, context))
    }

    /// The journal entries applied since the last call, as a JSON array, for the host to keep.
    #[wasm_bindgen(js_name = takeJournal)]
    pub fn take_journal(&mut self) -> String {
        costfolio::model::to_json(&self.state.take_journal())
    }

    /// Replays journal entries (a JSON array) that continue this state's sequence.
    pub fn replay(&mut self, entries: &str) -> Result<(), JsValue> {
        let entries: Vec<JournalEntry> =
            costfolio::model::from_json(entries.as_bytes()).map_err(|error| Refusal::Json {
                argument: "entries",
                error,
            })?;
        self.state
            .replay(&entries)
            .map_err(|e| Refusal::form("", e.to_string()).into())
    }

    /// The state as a snapshot (JSON), loadable here or by a server.
    pub fn snapshot(&self) -> String {
        self.state.snapshot()
    }

    /// Mints a personal token for `user` (read-write unless `write` is false), with the context's
    /// randomness; returned once, kept only as a hash (S11.2).
    #[wasm_bindgen(js_name = mintToken)]
    pub fn mint_token(
        &mut self,
        user: &str,
        write: bool,
        context: &str,
    ) -> Result<String, JsValue> {
        let context = context_of(context)?;
        costfolio::usecase::credentials::mint_personal_token(
            &mut self.state,
            user,
            write,
            context.moment(),
        )
        .map_err(|e| Refusal::form("user", e.to_string()).into())
    }

    /// The sequence number of the last applied command.
    pub fn seq(&self) -> f64 {
        self.state.seq as f64
    }

    /// The payment lines of an expense (JSON).
    #[wasm_bindgen(js_name = expensePayments)]
    pub fn expense_payments(&mut self, expense: u32, asOf: &str) -> Result<String, JsValue> {
        js(expense_payments(&self.state, expense.into(), asOf))
    }

    /// The payment lines of a position by `granularity` (day, week or month; JSON).
    #[wasm_bindgen(js_name = positionPayments)]
    pub fn position_payments(
        &mut self,
        position: u32,
        granularity: &str,
        asOf: &str,
    ) -> Result<String, JsValue> {
        js(position_payments(
            &self.state,
            position.into(),
            granularity,
            asOf,
        ))
    }

    /// A folio's expenditures (S8.4; JSON `{positions, expenses}`); `baseline` 0 means none.
    pub fn expenditures(
        &mut self,
        folio: u32,
        baseline: u32,
        actual: bool,
        revenue: bool,
        asOf: &str,
    ) -> Result<String, JsValue> {
        js(folio_expenditures(
            &self.state,
            folio.into(),
            baseline.into(),
            actual,
            revenue,
            asOf,
        ))
    }

    /// A folio's indicators at `asOf` (JSON).
    pub fn indicators(&mut self, folio: u32, asOf: &str) -> Result<String, JsValue> {
        js(folio_indicators(&self.state, folio.into(), asOf))
    }

    /// A folio's timeline at `asOf` by `granularity` (JSON).
    pub fn timeline(
        &mut self,
        folio: u32,
        asOf: &str,
        granularity: &str,
    ) -> Result<String, JsValue> {
        js(folio_timeline(&self.state, folio.into(), asOf, granularity))
    }

    /// A portfolio's rollup at `asOf` (JSON).
    #[wasm_bindgen(js_name = portfolioIndicators)]
    pub fn portfolio_indicators(&mut self, portfolio: u32, asOf: &str) -> Result<String, JsValue> {
        js(portfolio_indicators(&self.state, portfolio.into(), asOf))
    }
}

#[wasm_bindgen(inline_js = "export function cut_dates(text) {
  const out = new Array(text.length / 10);
  for (let i = 0; i < out.length; i += 1) out[i] = text.slice(i * 10, i * 10 + 10);
  return out;
}")]
extern "C" {
    /// `text` (dates of ten characters, back to back) as an array of strings.
    fn cut_dates(text: &str) -> JsValue;
}

/// The occurrences of a recurrence (wire JSON) inside `[from, to]`; `defaultEnd` ends a series
/// with neither occurrences nor endDate (S4.1). An array of `yyyy-MM-dd` strings.
#[allow(non_snake_case)]
#[wasm_bindgen(js_name = expandRecurrence, unchecked_return_type = "string[]")]
pub fn expand_recurrence(
    recurrence: &str,
    defaultEnd: &str,
    from: &str,
    to: &str,
) -> Result<JsValue, JsValue> {
    let text = js(expand_recurrence_text(recurrence, defaultEnd, from, to))?;
    Ok(cut_dates(&text))
}

/// `a - b` of two decimal numbers (JSON number text), exact: the what-if screen's differences,
/// so that no money is subtracted in JavaScript. An argument that is not a decimal is named.
#[wasm_bindgen]
pub fn difference(a: &str, b: &str) -> Result<String, JsValue> {
    let read = |text: &str, name: &str| {
        costfolio::value::Decimal::from_str_exact(text.trim()).map_err(|_| {
            Refusal::form(
                name,
                format!("{} is not a decimal number", messages::excerpt(text)),
            )
        })
    };
    let (a, b) = (read(a, "a")?, read(b, "b")?);
    a.checked_sub(b)
        .map(|d| d.to_string())
        .ok_or_else(|| Refusal::form("", "the difference is too large to be held exactly").into())
}

/// A whole folio document computed: payments, indicators and monthly timeline (JSON), or CSV.
#[wasm_bindgen]
pub fn plan(
    #[wasm_bindgen(unchecked_param_type = "string")] input: JsValue,
    csv: bool,
) -> Result<String, JsValue> {
    js(costfolio::plan::run(&text_bytes(&input, "input")?, csv).map_err(Refusal::Plan))
}

/// The indicators and monthly timeline of the same document as [`plan`], without payment lines:
/// JSON `{"indicators": .., "timeline": [..]}`.
#[wasm_bindgen(js_name = planSummary)]
pub fn plan_summary(
    #[wasm_bindgen(unchecked_param_type = "string")] input: JsValue,
) -> Result<String, JsValue> {
    js(costfolio::plan::summary(&text_bytes(&input, "input")?).map_err(Refusal::Plan))
}

/// The floor a forecast's time is measured against (docs/performance.md): a loop that only draws
/// `draws` uniforms of the forecast's generator, as many as a forecast of that many line-iterations
/// draws; answers a number made of them, so that nothing is left out.
#[wasm_bindgen(js_name = forecastFloor)]
pub fn forecast_floor(draws: f64) -> f64 {
    let draws = if draws.is_finite() && draws > 0.0 {
        draws.min(1e10) as usize
    } else {
        0
    };
    (costfolio::analytics::forecast::floor(1, draws, 1) % (1 << 52)) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use costfolio::model::WireError;

    const CONTEXT: &str =
        r#"{"baseUrl":"http://x","now":"2026-03-13T10:00:00","random":"00","user":"ada"}"#;

    #[test]
    fn dates_are_written_as_display_writes_them() {
        for text in [
            "0001-01-01",
            "0999-12-31",
            "2026-02-28",
            "2028-02-29",
            "9999-12-31",
        ] {
            let day: costfolio::value::Date = text.parse().unwrap();
            let mut out = String::new();
            day.push_to(&mut out);
            assert_eq!(out, day.to_string());
            assert_eq!(out, text);
        }
        let text = expand_recurrence_text(
            r#"{"kind":".Weekly","startDate":"2026-01-05","recurrenceOn":[1,3]}"#,
            "2026-12-31",
            "2026-01-01",
            "2026-01-10",
        )
        .unwrap();
        assert_eq!(text, "2026-01-052026-01-07");
        let none = expand_recurrence_text(
            r#"{"kind":".Once","startDate":"2026-01-05"}"#,
            "2026-12-31",
            "2026-02-01",
            "2026-02-10",
        )
        .unwrap();
        assert_eq!(none, "");
    }

    #[test]
    fn version_is_the_core_version() {
        assert_eq!(version(), costfolio::VERSION);
    }

    #[test]
    fn handle_json_runs_the_service_and_reports_bad_input() {
        let mut state = State::new();
        let response = handle_json(
            &mut state,
            r#"{"method":"GET","path":"/budgets/1/folio"}"#,
            CONTEXT,
        )
        .unwrap();
        assert_eq!(
            response,
            r#"{"status":200,"headers":[["Content-Type","application/json"]],"body":"{\"success\":[]}"}"#
        );
        let unread = handle_json(&mut state, "{", CONTEXT).unwrap_err();
        assert!(matches!(
            unread,
            Refusal::Json {
                argument: "request",
                error: WireError::Syntax { .. }
            }
        ));
        assert!(unread.to_string().starts_with("request:"));
        let bad = handle_json(
            &mut state,
            r#"{"method":"GET","path":"/"}"#,
            r#"{"now":"yesterday"}"#,
        )
        .unwrap_err();
        assert_eq!(
            bad.to_string(),
            r#"context.now: "yesterday" is not yyyy-MM-ddTHH:mm:ss"#
        );
    }

    #[test]
    fn query_values_stay_one_value() {
        use costfolio::api::encode_query;
        assert_eq!(encode_query("month"), "month");
        assert_eq!(
            encode_query("month&asOf=2030-01-01"),
            "month%26asOf%3D2030-01-01"
        );
        assert_eq!(encode_query("é #"), "%C3%A9%20%23");
        let pairs = costfolio::api::decode_form(&format!("g={}", encode_query("a&b=c d+é")));
        assert_eq!(pairs, Some(vec![("g".to_owned(), "a&b=c d+é".to_owned())]));
    }

    /// A deleted folio answers as a missing one, as its REST reads do (S5.1).
    #[test]
    fn a_deleted_folio_has_no_figures() {
        let mut state = State::new();
        let folio = r#"{"name":"Bridge","description":"","owner":"ada","startDate":"2026-01-01","endDate":"2026-12-31","closedDate":null,"reserve":10,"contingency":5,"tolerance":10,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;
        let call = |state: &mut State, method: &str, path: &str, body: &str| {
            let request = format!(
                r#"{{"method":"{method}","path":"{path}","headers":[["Content-Type","application/json"]],"body":{}}}"#,
                costfolio::model::to_json(&body.to_owned())
            );
            handle_json(state, &request, CONTEXT).unwrap()
        };
        assert!(call(&mut state, "POST", "/budgets/1/folio", folio).contains(r#"\"success\":1"#));
        assert!(folio_indicators(&state, 1, "2026-03-13").is_ok());
        assert!(folio_timeline(&state, 1, "2026-03-13", "month").is_ok());
        call(&mut state, "DELETE", "/budgets/1/folio/1", "");
        for refusal in [
            folio_indicators(&state, 1, "2026-03-13").unwrap_err(),
            folio_timeline(&state, 1, "2026-03-13", "month").unwrap_err(),
            folio_expenditures(&state, 1, 0, false, false, "2026-03-13").unwrap_err(),
        ] {
            assert!(
                matches!(&refusal, Refusal::UseCase(error) if error.is_not_found()),
                "{refusal}"
            );
        }
    }

    #[test]
    fn budget_reads_give_the_core_message() {
        let state = State::new();
        assert_eq!(
            folio_indicators(&state, 9, "2026-03-13").unwrap_err().to_string(),
            "The requested folio cannot be viewed because it does not exist or the caller lacks permission"
        );
        assert_eq!(
            folio_timeline(&state, 9, "13.03.2026", "month")
                .unwrap_err()
                .to_string(),
            r#"asOf: "13.03.2026" is not yyyy-MM-dd"#
        );
    }

    #[test]
    fn recurrences_expand_into_a_window() {
        let dates = expand_recurrence_text(
            r#"{"kind":".Monthly","startDate":"2026-01-31"}"#,
            "2026-12-31",
            "2026-02-01",
            "2026-04-30",
        )
        .unwrap();
        assert_eq!(dates, "2026-02-282026-03-312026-04-30");
        assert!(expand_recurrence_text(
            r#"{"kind":".Daily"}"#,
            "2026-12-31",
            "2026-01-01",
            "2026-01-02"
        )
        .unwrap_err()
        .to_string()
        .contains("startDate is required"));
    }
}
