//! A folio's book for the analytics tests (S7, S8, S9; used by tests/analytics_*.rs): records
//! from their text, everything a folio's analytics needs, and the worked example computed by hand
//! in the comments.

use std::collections::HashMap;

use costfolio::analytics::baseline::{latest_covering, BaselineSnapshot, Items};
use costfolio::analytics::{indicators, CostContext, FolioTerms, Ledger, Periods, Series};
use costfolio::calendar::Calendar;
use costfolio::model::budgeting::{
    Allocation, Baseline, ExpenditureType, Expense, Folio, Indicators, PositionKind, Rate,
    ScopeHistory, ScopeItem,
};
use costfolio::model::{from_json, Id};
use costfolio::schedule::position::{CostBasis, PositionRecord};
use costfolio::schedule::{DailyHours, ExchangeRates, Granularity};
use costfolio::value::{Date, Decimal, Exact};
use costfolio_suite::golden;
use serde_json::{json, Value};

pub fn d(text: &str) -> Date {
    text.parse().unwrap()
}

pub fn dec(text: &str) -> Decimal {
    Decimal::from_str_exact(text).unwrap()
}

pub fn folio(changes: Value) -> Folio {
    let mut body: Value = serde_json::from_str(&golden("folio-create.json")).unwrap();
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    from_json(body.to_string().as_bytes()).unwrap()
}

pub fn position(
    id: u64,
    kind: PositionKind,
    revenue: bool,
    from: &str,
    to: &str,
    percentage: &str,
    rate: &str,
) -> PositionRecord {
    PositionRecord {
        id: Id::new(id),
        kind,
        revenue,
        allocations: vec![Allocation {
            start_date: d(from),
            end_date: d(to),
            deleted_on: None,
            percentage: percentage.parse().unwrap(),
            id: None,
        }],
        rates: vec![Rate {
            rate: rate.parse().unwrap(),
            start_date: d(from),
            deleted_on: None,
            id: None,
        }],
        hours: vec![],
        ot_rule_id: None,
        deleted_on: None,
        realises: None,
        complete: false,
        estimate: None,
    }
}

pub fn expense(id: u64, kind: &str, category: &str, amount: &str, date: &str) -> Expense {
    let body = format!(
        r#"{{"id":{id},"folioId":1,"name":"e{id}","description":"","type":"t","category":"{category}","kind":"{kind}","amount":{amount},"currencyCode":"EUR","recurrence":{{"kind":".Once","startDate":"{date}"}}}}"#
    );
    from_json(body.as_bytes()).unwrap()
}

pub fn scope(
    key: &str,
    weight: &str,
    logged: &str,
    remaining: &str,
    done: bool,
    progressive: bool,
) -> ScopeItem {
    ScopeItem {
        key: key.into(),
        weight: weight.parse().unwrap(),
        logged: logged.parse().unwrap(),
        remaining: remaining.parse().unwrap(),
        done,
        progressive,
    }
}

pub fn money(value: &str) -> Option<Exact> {
    Some(Exact::of(dec(value)))
}

/// Everything a folio's analytics needs, owned.
#[derive(Debug, Clone)]
pub struct Book {
    pub folio: Folio,
    pub calendar: Calendar,
    pub rates: ExchangeRates,
    pub synced: HashMap<Id, DailyHours>,
    pub draft: Items,
    pub baselines: Vec<BaselineSnapshot>,
    pub scope: Vec<ScopeItem>,
}

impl Book {
    pub fn new(folio: Folio, draft: Items) -> Book {
        Book {
            folio,
            calendar: Calendar::default(),
            rates: ExchangeRates::new(),
            synced: HashMap::new(),
            draft,
            baselines: vec![],
            scope: vec![],
        }
    }

    /// The scope, counted from the folio's start.
    pub fn scope_history(&self) -> ScopeHistory {
        ScopeHistory::from_items(self.folio.start_date, self.scope.clone())
    }

    pub fn terms(&self) -> FolioTerms<'_> {
        FolioTerms::new(&self.folio, &self.calendar).unwrap()
    }

    /// (costs, revenues, actual) ledgers at `as_of` by `granularity` (S8.4, S8.5).
    pub fn ledgers(&self, as_of: Date, granularity: Granularity) -> (Ledger, Ledger, Ledger) {
        let terms = self.terms();
        let basis = CostBasis::new(terms.frame(), &self.calendar);
        let own = HashMap::new();
        let context = CostContext {
            basis: &basis,
            rates: &self.rates,
            overtime_rules: &[],
            synced: &self.synced,
            own_bases: &own,
        };
        let periods = Periods::new(terms.period, granularity, as_of);
        let source =
            |flow| latest_covering(&self.baselines, flow).map_or(&self.draft, |b| &b.items);
        let build = |items: &Items| {
            Ledger::of_items(periods.clone(), Series::Kept, items, &context).unwrap()
        };
        (
            build(source(costfolio::analytics::Flow::PlannedCost)),
            build(source(costfolio::analytics::Flow::PlannedRevenue)),
            build(&self.draft),
        )
    }

    pub fn indicators(&self, as_of: &str) -> Indicators {
        let (costs, revenues, actual) = self.ledgers(d(as_of), Granularity::Month);
        indicators(
            &self.terms(),
            &costs,
            &revenues,
            &actual,
            &self.scope_history(),
        )
        .unwrap()
    }
}

/// The worked example: a four-week folio, 2 to 27 March 2026 (20 working days), EUR, reserve 10%,
/// contingency 5%, tolerance 20%, with revenues and earned value.
pub fn worked_example() -> Book {
    let f = folio(
        json!({"startDate": "2026-03-02", "endDate": "2026-03-27", "currencyCode": "EUR",
                         "reserve": 10, "contingency": 5, "tolerance": 20,
                         "withRevenue": true, "withEarned": true}),
    );
    let draft = Items {
        positions: vec![
            // Planned cost: 100% x 8 h x 50 = 400.00 a working day, 20 days = 8,000.00.
            position(
                1,
                PositionKind::PlannedPositionByTimeFrame,
                false,
                "2026-03-02",
                "2026-03-27",
                "100",
                "50",
            ),
            // Planned revenue: 50% x 8 h x 100 = 400.00 a day = 8,000.00.
            position(
                2,
                PositionKind::PlannedPositionByTimeFrame,
                true,
                "2026-03-02",
                "2026-03-27",
                "50",
                "100",
            ),
            // Actual cost: a team member, 100% x 8 h x 60 = 480.00 a day.
            position(
                3,
                PositionKind::TeamMember,
                false,
                "2026-03-02",
                "2026-03-27",
                "100",
                "60",
            ),
            // Actual revenue: 50% x 8 h x 100 = 400.00 a day.
            position(
                4,
                PositionKind::ConsultingRevenue,
                false,
                "2026-03-02",
                "2026-03-27",
                "50",
                "100",
            ),
        ],
        expenses: vec![
            // Planned cost of 2,000.00 on 16 March: BAC = 8,000 + 2,000 = 10,000.00.
            expense(11, ".PlannedExpense", "CAPEX", "2000", "2026-03-16"),
            // Actual cost of 500.00 on 5 March.
            expense(12, ".ActualExpense", "OPEX", "500", "2026-03-05"),
        ],
    };
    let mut book = Book::new(f, draft);
    // Earned weight: A done (3) + B progressive 2 of 8 logged (5 x 0.25 = 1.25) + C nothing = 4.25
    // of 10: progress 0.425.
    book.scope = vec![
        scope("A-1", "3", "0", "0", true, false),
        scope("A-2", "5", "2", "6", false, true),
        scope("A-3", "2", "9", "0", false, false),
    ];
    book
}

pub fn meta(id: u64, kind: ExpenditureType, created: &str) -> Baseline {
    Baseline {
        id: Id::new(id),
        folio_id: Id::new(1),
        name: format!("b{id}"),
        approved_by: "owner".into(),
        created: d(created),
        expenditure_type: kind,
        description: None,
        deleted_on: None,
    }
}
