//! A folio built only through the API, whose payments, expenditures, indicators and timeline a person
//! can check by hand (the comments), and which equal what the engine computes directly.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use costfolio::analytics::baseline::Items;
use costfolio::analytics::{indicators, CostContext, FolioTerms, Ledger, Periods, Series};
use costfolio::api::{handle, Context, Request};
use costfolio::calendar::{Calendar, Holiday, HolidayScheme, WorkloadScheme};
use costfolio::model::budgeting::{Folio, Indicators};
use costfolio::model::from_json;
use costfolio::schedule::position::CostBasis;
use costfolio::schedule::{ExchangeRates, Granularity};
use costfolio::state::State;
use costfolio::usecase::credentials::mint_personal_token;
use serde_json::Value;

fn context(user: Option<&str>) -> Context {
    let now = NaiveDateTime::parse_from_str("2026-03-13T17:00:00", "%Y-%m-%dT%H:%M:%S").unwrap();
    let mut context = Context::new("http://127.0.0.1:8080", now, vec![3; 64]);
    context.user = user.map(str::to_owned);
    // ada also keeps the shared data (overtime rules, exchange rates): a budget administrator
    // (S11.5). This scenario is about the money; tests/access.rs is about who may do what.
    context.budget_admin = true;
    context
}

struct Api {
    state: State,
    token: String,
}

impl Api {
    fn core(&mut self, method: &str, path: &str, body: &str) -> Value {
        let request = Request::new(method, path)
            .header("Authorization", &format!("Bearer {}", self.token))
            .json(body);
        // As the host resolves ada's token: her, a budget administrator.
        let response = handle(&mut self.state, &request, &context(Some("ada")));
        assert!(
            response.status < 300,
            "{method} {path}: {}",
            response.text()
        );
        serde_json::from_slice(&response.body).unwrap_or(Value::Null)
    }

    fn budget(&mut self, method: &str, path: &str, body: Option<&str>) -> Value {
        let mut request = Request::new(method, &format!("/budgets/1{path}"));
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = handle(&mut self.state, &request, &context(Some("ada")));
        assert_eq!(response.status, 200, "{method} {path}: {}", response.text());
        serde_json::from_slice::<Value>(&response.body).unwrap()["success"].clone()
    }
}

fn amounts(lines: &Value, field: &str) -> Vec<String> {
    lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l[field].to_string())
        .collect()
}

#[test]
fn a_folio_built_through_the_api_adds_up_by_hand_and_by_the_engine() {
    let mut state = State::new();
    let token = mint_personal_token(&mut state, "ada", true, context(None).moment()).unwrap();
    let mut api = Api { state, token };

    // Calendar: a holiday scheme with Tuesday 10 March off; the default workload (8 h Mon-Fri).
    api.core("POST", "/core/3/holiday-schemes", r#"{"name":"Germany"}"#);
    api.core(
        "POST",
        "/core/3/holiday-schemes/2/holidays",
        r#"{"type":"FLOATING","name":"Local holiday","durationSeconds":28800,"date":"2026-03-10"}"#,
    );

    // The folio: Monday 2 to Friday 27 March 2026, 20 weekdays less the holiday = 19 working days.
    let folio = r#"{"name":"Bridge","description":"","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":2,"workloadSchemeId":1}"#;
    assert_eq!(api.budget("POST", "/folio", Some(folio)), 1);

    // P1, planned: 100% at 50 = 400.00 a working day; 19 days = 7,600.00.
    api.budget("POST", "/position", Some(r#"{"folioId":1,"name":"Engineer","description":"","title":"Engineer","rate":{"rate":50,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":100}}"#));
    // E1, planned: 1,000.00 EUR amortized over 4 Mondays (2, 9, 16, 23 March) = 250.00 each.
    api.budget("POST", "/expense", Some(r#"{"folioId":1,"name":"Scaffolding","description":"","type":"Rental","category":"CAPEX","kind":".PlannedExpense","amount":1000.00,"currencyCode":"EUR","amortized":true,"recurrence":{"kind":".Weekly","startDate":"2026-03-02","recurrenceOn":[1],"occurrences":4}}"#));
    // BAC = 7,600 + 1,000 = 8,600.00. Approve it as a BUDGET baseline.
    assert_eq!(
        api.budget(
            "POST",
            "/folio/1/baseline",
            Some(r#"{"name":"Budget v1","approvedBy":"ada","expenditureType":"BUDGET"}"#)
        ),
        1
    );

    // T1, a team member: 100% all month, 40 an hour, 60 from 16 March; a WEEKLY 40-hour rule at 1.5;
    // 45 worked hours in week 1.
    assert_eq!(
        api.budget(
            "POST",
            "/overtimerule",
            Some(
                r#"{"name":"Weekly 40","regularHours":40,"frequency":"WEEKLY","coefficient":1.5}"#
            )
        ),
        1
    );
    assert_eq!(api.budget("POST", "/position", Some(r#"{"folioId":1,"name":"Grace","description":"","title":"Dev","kind":".TeamMember","member":"grace","otRuleId":1,"rate":{"rate":40,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":100}}"#)), 2);
    api.budget(
        "POST",
        "/position/2/rate",
        Some(r#"{"rate":60,"startDate":"2026-03-16"}"#),
    );
    api.budget(
        "POST",
        "/position/2/workedhours",
        Some(r#"{"otEffort":0,"startDate":"2026-03-02","endDate":"2026-03-06","effort":45}"#),
    );
    // A1, actual: 200.00 USD on 5 March at 0.9 EUR per USD = 180.00 EUR.
    api.budget(
        "PUT",
        "/exchangerate",
        Some(r#"{"from":"USD","to":"EUR","rate":0.9,"effectiveDate":"2026-01-01"}"#),
    );
    api.budget("POST", "/expense", Some(r#"{"folioId":1,"name":"Inspection","description":"","type":"Service","category":"OPEX","kind":".ActualExpense","amount":200,"currencyCode":"USD","recurrence":{"kind":".Once","startDate":"2026-03-05"}}"#));
    // Earned value: A done (weight 1), B progressive 1 of 4 (1 x 0.25): progress 1.25 / 2 = 0.625.
    api.budget("PUT", "/folio/1/scope", Some(r#"{"items":[{"key":"BR-1","weight":1,"logged":0,"remaining":0,"done":true,"progressive":false},{"key":"BR-2","weight":1,"logged":1,"remaining":3,"done":false,"progressive":true}]}"#));
    // The draft changes after the baseline: P1 goes to 55. BAC stays the baseline's.
    api.budget(
        "POST",
        "/position/1/rate",
        Some(r#"{"rate":55,"startDate":"2026-03-20"}"#),
    );

    // Payments. T1, week 1: 45 h spread 9 h a day; the rule keeps 40 regular, 5 overtime:
    // 40 x 40 + 5 x 40 x 1.5 = 1,600 + 300. Week 2: 4 days x 8 h (the holiday has none) x 40 =
    // 1,280. Weeks 3-4: 10 days x 8 h x 60 = 4,800. Lines by rate: 2,880 + 300 at 40; 4,800 at 60.
    let lines = api.budget("GET", "/position/2/payments", None);
    assert_eq!(amounts(&lines, "amount"), ["2880.00", "4800.00"]);
    assert_eq!(amounts(&lines, "overtimeAmount"), ["300.00", "0.00"]);
    assert_eq!(amounts(&lines, "totalEffort"), ["77.00", "80.00"]);
    let expense = api.budget("GET", "/expense/1/payments", None);
    assert_eq!(
        amounts(&expense, "amount"),
        ["250.00", "250.00", "250.00", "250.00"]
    );
    assert_eq!(
        api.budget("GET", "/expense/2", None)["convertedAmount"].to_string(),
        "180.00"
    );

    // Expenditures: planned costs come from the baseline (rate 50, one rate), actual from now.
    let planned = api.budget(
        "GET",
        "/folio/1/expenditures?actual=false&revenue=false",
        None,
    );
    assert_eq!(planned["positions"].as_array().unwrap().len(), 1);
    // The latest baseline covering planned costs answers (S8.4): its positions, like its
    // expenses, say which baseline they come from (S8.6).
    assert_eq!(planned["positions"][0]["baselineId"], 1);
    assert_eq!(planned["expenses"][0]["baselineId"], 1);
    let actual = api.budget(
        "GET",
        "/folio/1/expenditures?actual=true&revenue=false",
        None,
    );
    assert_eq!(
        (
            actual["positions"].as_array().unwrap().len(),
            actual["expenses"].as_array().unwrap().len()
        ),
        (1, 1)
    );
    let listed = api.budget("GET", "/folio/1/baselines?costs=true&revenues=false", None);
    assert_eq!(listed[0]["name"], "Budget v1");

    // Indicators on Friday 13 March (the request's date):
    let i = api.budget("GET", "/folio/1/indicators", None);
    let figure = |name: &str| i[name].to_string();
    assert_eq!(figure("bac"), "8600.00"); // the baseline's
    assert_eq!(figure("plannedCostToDate"), "4100.00"); // 9 working days x 400 + 2 x 250
    assert_eq!(figure("pv"), "4073.68"); // 8,600 x 9 / 19 = 4,073.684...
    assert_eq!(figure("ac"), "3360.00"); // 1,900 + 1,280 + 180
    assert_eq!(figure("ev"), "5375.00"); // 8,600 x 0.625
    assert_eq!(figure("cv"), "2015.00"); // 5,375 - 3,360
    assert_eq!(figure("sv"), "1301.32"); // 5,375 - 4,073.68
    assert_eq!(figure("cpi"), "1.5997"); // 5,375 / 3,360 = 1.59970...
    assert_eq!(figure("spi"), "1.3194"); // 5,375 / 4,073.68 = 1.31944...
    assert_eq!(figure("eac"), "5376.00"); // 8,600 x 3,360 / 5,375 = 5,376.0
    assert_eq!(figure("eacKnown"), "8160.00"); // 1,900 + 1,280 + 4,800 + 180
    assert_eq!(figure("reserve"), "860.00"); // 10% of BAC
    assert_eq!(figure("contingency"), "430.00"); // 5% of 8,600
    assert_eq!(figure("contingencyToDate"), "205.00"); // 5% of 4,100
    assert_eq!(
        (
            figure("plannedRevenue"),
            figure("actualRevenue"),
            figure("profit"),
            figure("margin")
        ),
        (
            "0.00".into(),
            "0.00".into(),
            "-3360.00".into(),
            "null".into()
        )
    );
    assert_eq!(
        (i["cpiStatus"].as_str(), i["status"].as_str()),
        (Some("green"), Some("executing"))
    );

    // The weekly timeline: four buckets whose planned cost adds up to BAC and whose last AC is
    // EAC_known.
    let t = api.budget("GET", "/folio/1/timeline?granularity=week", None);
    assert_eq!(
        amounts(&t, "plannedCost"),
        ["2250.00", "1850.00", "2250.00", "2250.00"]
    );
    assert_eq!(
        amounts(&t, "ac"),
        ["2080.00", "3360.00", "5760.00", "8160.00"]
    );
    assert_eq!(t[3]["pv"].to_string(), "8600.00");

    // The engine computed directly on the same records gives the same indicators.
    let direct = engine_indicators(&api.state);
    let via_api: Indicators = from_json(i.to_string().as_bytes()).unwrap();
    assert_eq!(via_api, direct);

    // A portfolio of this folio in EUR reports its figures; in USD, converted (1 / 0.9).
    let portfolio = r#"{"name":"Bridges","currencyCode":"EUR","isPrivate":false,"owner":"ada","color":"blue","admins":[],"folios":[{"id":1,"name":"Bridge","startDate":"2026-03-02","endDate":"2026-03-27","owner":"ada","status":"executing"}],"portfolios":[]}"#;
    assert_eq!(api.budget("POST", "/portfolio", Some(portfolio)), 1);
    let rolled = api.budget("GET", "/portfolio/1/indicators", None);
    assert_eq!(
        (rolled["bac"].to_string(), rolled["cpi"].to_string()),
        ("8600.00".into(), "1.5997".into())
    );
    assert_eq!(
        api.budget("GET", "/portfolio", None)
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

/// The indicators of folio 1 computed with the engine directly from the state's records.
fn engine_indicators(state: &State) -> Indicators {
    let record = &state.folios[&1];
    let folio: &Folio = &record.folio;
    let holidays = state
        .holidays
        .values()
        .filter(|h| h.scheme_id == 2)
        .map(|h| Holiday::new(h.kind, h.date, h.duration_seconds).unwrap());
    let calendar = Calendar::new(WorkloadScheme::standard(), HolidayScheme::new(holidays));
    let terms = FolioTerms::new(folio, &calendar).unwrap();
    let basis = CostBasis::new(terms.frame(), &calendar);
    let rates = ExchangeRates::from_wire(state.exchange_rates.iter());
    let rules: Vec<_> = state
        .overtime_rules
        .values()
        .map(|r| r.record().clone())
        .collect();
    let (synced, own) = (HashMap::new(), HashMap::new());
    let context = CostContext {
        basis: &basis,
        rates: &rates,
        overtime_rules: &rules,
        synced: &synced,
        own_bases: &own,
    };
    let as_of = "2026-03-13".parse().unwrap();
    let periods = Periods::new(terms.period, Granularity::Month, as_of);
    let draft = Items {
        positions: state
            .positions
            .values()
            .map(|row| row.record.clone())
            .collect(),
        expenses: state
            .expenses
            .values()
            .map(|e| e.record().clone())
            .collect(),
    };
    let baseline = &state.baselines[&1].items;
    let costs = Ledger::of_items(periods.clone(), Series::Kept, baseline, &context).unwrap();
    let actual = Ledger::of_items(periods, Series::Kept, &draft, &context).unwrap();
    indicators(&terms, &costs, &costs, &actual, &state.scope_of(1)).unwrap()
}
