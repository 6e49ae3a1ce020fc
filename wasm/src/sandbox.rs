//! The what-if sandbox: a folio's plan document held as a folio book in the browser. Each change
//! (a position or an expense put or removed) recosts only the item it touches (`FolioBook::apply`);
//! the sandbox's figures are its draft's, at any as-of date and granularity.

use std::collections::HashMap;

use costfolio::analytics::{Change, FolioBook, ItemKey, LineItem, PlannedSide};
use costfolio::model::budgeting::{
    Expense, Indicators, LineGrouping, PlanDocument, PlanPosition, TimelineBucket,
};
use costfolio::model::{from_json, to_json, Id};
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

use crate::arguments::{granularity_of, text_bytes};
use crate::reads::as_of;
use crate::refusal::{js, Refusal};

/// A folio's what-if sandbox (extension): built from its plan document
/// (`GET /budgets/1/folio/{id}/plan`), changed item by item, costed incrementally.
#[wasm_bindgen]
pub struct Sandbox {
    book: FolioBook,
    /// What names each item in its cost line (S9.12): the document's, then each change's.
    items: HashMap<ItemKey, LineItem>,
    /// The document's folio id (0 when it has none).
    folio: Id,
}

/// A figure of the sandbox explained, as the server's explanation of a folio's figure.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Explained {
    figure: &'static str,
    value: costfolio::json::Value,
    currency_code: costfolio::value::CurrencyCode,
    formula: String,
    plan: &'static str,
    inputs: Vec<Input>,
    lines: Vec<Line>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lines_total: Option<costfolio::value::Exact>,
    next: Option<u64>,
}

/// An input of an explained figure; `explain` names the figure to ask next.
#[derive(serde::Serialize)]
struct Input {
    figure: &'static str,
    value: costfolio::json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<&'static str>,
}

/// An item a sum adds up.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Line {
    item_id: u64,
    kind: &'static str,
    amount: costfolio::value::Exact,
}

/// The figures of a sandbox at one date and granularity.
#[derive(serde::Serialize)]
struct Summary {
    indicators: Indicators,
    timeline: Vec<TimelineBucket>,
}

// The parameters are named as JavaScript names them: the declarations show them (`asOf`).
#[allow(non_snake_case)]
#[wasm_bindgen]
impl Sandbox {
    /// A sandbox of the plan document `document` (JSON text); refused as `costfolio plan`
    /// refuses it, naming the field or item at fault.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] document: JsValue,
    ) -> Result<Sandbox, JsValue> {
        let bytes = text_bytes(&document, "document")?;
        let plan: PlanDocument = from_json(&bytes)
            .map_err(|error| Refusal::Plan(costfolio::plan::PlanError::Document(error)))?;
        let items = costfolio::plan::line_items(&plan);
        let folio = plan.folio.id.unwrap_or(Id::new(0));
        let book = costfolio::plan::book(plan).map_err(Refusal::Plan)?;
        Ok(Sandbox { book, items, folio })
    }

    /// The sandbox's indicators and timeline at `asOf` by `granularity` (`month`, `week` or
    /// `day`), as JSON `{"indicators": .., "timeline": [..]}`: the figures of its draft.
    pub fn summary(&mut self, asOf: &str, granularity: &str) -> Result<String, JsValue> {
        js(self.summary_of(asOf, granularity))
    }

    /// Puts a position (JSON, as a plan document's `positions` hold it, with its `position.id`):
    /// a new one is added, one with an id the sandbox holds is replaced. Refused, it changes
    /// nothing.
    #[wasm_bindgen(js_name = putPosition)]
    pub fn put_position(&mut self, position: &str) -> Result<(), JsValue> {
        js(self.put_position_of(position).map(|()| String::new())).map(drop)
    }

    /// Puts an expense (JSON, with its `id`): added or replaced. Refused, it changes nothing.
    #[wasm_bindgen(js_name = putExpense)]
    pub fn put_expense(&mut self, expense: &str) -> Result<(), JsValue> {
        js(self.put_expense_of(expense).map(|()| String::new())).map(drop)
    }

    /// Figure `figure` of the sandbox's draft at `asOf` explained, as the server explains a
    /// folio's (`GET /folio/{id}/explain`), computed here by the same book: JSON
    /// `{figure, value, currencyCode, formula, plan, inputs: [{figure, value, explain}],
    /// lines: [{itemId, kind, amount}], linesTotal}`, every line at once; an input's `explain` is
    /// the figure to ask next.
    pub fn explain(&mut self, asOf: &str, figure: &str) -> Result<String, JsValue> {
        js(self.explain_of(asOf, figure))
    }

    /// The sandbox's cost lines at `asOf` grouped by `groupBy` (`none`, `account`, `category` or
    /// `kind`), as the server answers `GET /folio/{id}/lines` (S9.12): its draft's, each budget
    /// its plan (a sandbox has no baseline), each item named as the document or a change names
    /// it.
    pub fn lines(&mut self, asOf: &str, groupBy: &str) -> Result<String, JsValue> {
        js(self.lines_of(asOf, groupBy))
    }

    /// The sandbox's forecast at `asOf` (S14), as the server answers `GET /folio/{id}/forecast`
    /// for a folio without baselines or closed months: `seed` a whole number from 0 to 2^53 - 1,
    /// `iterations` from 1 to 100,000. The same seed gives the server's answer to the cent.
    /// `steady` false draws every iteration (by default it stops once P50 and P90 are steady).
    pub fn forecast(
        &mut self,
        asOf: &str,
        seed: f64,
        iterations: f64,
        steady: Option<bool>,
    ) -> Result<String, JsValue> {
        js(self.forecast_of(asOf, seed, iterations, steady.unwrap_or(true)))
    }

    /// Removes the position `id` (a whole number from 1 to 2^53 - 1).
    #[wasm_bindgen(js_name = removePosition)]
    pub fn remove_position(&mut self, id: f64) -> Result<(), JsValue> {
        js(id_of(id).and_then(|id| self.remove(ItemKey::Position(id)))).map(drop)
    }

    /// Removes the expense `id` (a whole number from 1 to 2^53 - 1).
    #[wasm_bindgen(js_name = removeExpense)]
    pub fn remove_expense(&mut self, id: f64) -> Result<(), JsValue> {
        js(id_of(id).and_then(|id| self.remove(ItemKey::Expense(id)))).map(drop)
    }
}

/// An item id from JavaScript: a whole number JavaScript holds exactly, from 1.
fn id_of(id: f64) -> Result<Id, Refusal> {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    if id.fract() == 0.0 && (1.0..=MAX_SAFE).contains(&id) {
        Ok(Id::new(id as u64))
    } else {
        Err(Refusal::form(
            "id",
            format!("{id} is not a whole number from 1"),
        ))
    }
}

impl Sandbox {
    fn summary_of(&mut self, as_of_text: &str, granularity: &str) -> Result<String, Refusal> {
        let as_of = as_of(as_of_text)?;
        let folio = self.book.folio();
        let period = costfolio::value::DateRange::new(folio.start_date, folio.end_date)
            .map_err(|_| Refusal::form("", "the folio ends before it starts"))?;
        let granularity = granularity_of(granularity, period)?;
        let indicators = self.book.indicators(as_of, PlannedSide::Draft)?;
        let timeline = self.book.timeline(as_of, granularity, PlannedSide::Draft)?;
        Ok(to_json(&Summary {
            indicators,
            timeline,
        }))
    }

    fn explain_of(&mut self, as_of_text: &str, figure: &str) -> Result<String, Refusal> {
        use costfolio::value::Exact;
        let as_of = as_of(as_of_text)?;
        let currency = self.book.folio().currency_code;
        let account = self
            .book
            .explain(figure, as_of, PlannedSide::Draft)?
            .ok_or_else(|| Refusal::form("figure", format!("no figure is named {figure:?}")))?;
        let lines_total = if account.sum {
            let sum = account
                .lines_sum()
                .ok_or_else(|| Refusal::form("figure", "the lines' sum is beyond a decimal"))?;
            Some(Exact::of(sum))
        } else {
            None
        };
        let lines = account
            .lines
            .iter()
            .map(|line| {
                let (kind, id) = match line.item {
                    ItemKey::Position(id) => ("position", id),
                    ItemKey::Expense(id) => ("expense", id),
                };
                Line {
                    item_id: id.get(),
                    kind,
                    amount: Exact::of(line.amount),
                }
            })
            .collect();
        Ok(to_json(&Explained {
            figure: account.figure,
            value: account.value,
            currency_code: currency,
            formula: account.formula,
            plan: "draft (this sandbox)",
            inputs: account
                .inputs
                .iter()
                .map(|input| Input {
                    figure: input.figure,
                    value: input.value.clone(),
                    explain: input.explained.then_some(input.figure),
                })
                .collect(),
            lines,
            lines_total,
            next: None,
        }))
    }

    fn lines_of(&mut self, as_of_text: &str, group_by: &str) -> Result<String, Refusal> {
        let as_of = as_of(as_of_text)?;
        let grouping = LineGrouping::parse(group_by).ok_or_else(|| {
            Refusal::form(
                "groupBy",
                format!("{group_by:?} is not a grouping: account, category, kind or none"),
            )
        })?;
        let answer = costfolio::plan::cost_lines_of(
            &mut self.book,
            &self.items,
            self.folio,
            as_of,
            grouping,
        )
        .map_err(Refusal::Plan)?;
        Ok(to_json(&answer))
    }

    fn forecast_of(
        &mut self,
        as_of_text: &str,
        seed: f64,
        iterations: f64,
        until_steady: bool,
    ) -> Result<String, Refusal> {
        use costfolio::analytics::forecast::{MAX_ITERATIONS, MAX_SEED};
        let as_of = as_of(as_of_text)?;
        let whole = |value: f64, name: &'static str, min: f64, max: f64| {
            if value.fract() == 0.0 && (min..=max).contains(&value) {
                Ok(value)
            } else {
                Err(Refusal::form(
                    name,
                    format!("{value} is not a whole number from {min} to {max}"),
                ))
            }
        };
        let seed = whole(seed, "seed", 0.0, MAX_SEED as f64)? as u64;
        let iterations = whole(iterations, "iterations", 1.0, f64::from(MAX_ITERATIONS))? as u32;
        let ask = costfolio::analytics::ForecastAsk {
            seed,
            iterations,
            until_steady,
        };
        let answer =
            costfolio::plan::forecast_of(&mut self.book, &self.items, self.folio, as_of, ask)
                .map_err(Refusal::Plan)?;
        Ok(to_json(&answer))
    }

    fn put_position_of(&mut self, text: &str) -> Result<(), Refusal> {
        let plan: PlanPosition = from_json(text.as_bytes()).map_err(|error| Refusal::Json {
            argument: "position",
            error,
        })?;
        let id = plan
            .position
            .id
            .ok_or_else(|| Refusal::form("position.id", "a sandbox's position needs its id"))?;
        self.change(Change::PutPosition(costfolio::plan::position_record(
            &plan, id,
        )))?;
        self.items
            .insert(ItemKey::Position(id), LineItem::of_position(&plan.position));
        Ok(())
    }

    fn put_expense_of(&mut self, text: &str) -> Result<(), Refusal> {
        let expense: Expense = from_json(text.as_bytes()).map_err(|error| Refusal::Json {
            argument: "expense",
            error,
        })?;
        let Some(id) = expense.id else {
            return Err(Refusal::form("id", "a sandbox's expense needs its id"));
        };
        let item = LineItem::of_expense(&expense);
        self.change(Change::PutExpense(expense))?;
        self.items.insert(ItemKey::Expense(id), item);
        Ok(())
    }

    /// Takes item `key` out; its name stays for a line that names it, marked deleted.
    fn remove(&mut self, key: ItemKey) -> Result<String, Refusal> {
        self.change(match key {
            ItemKey::Position(id) => Change::RemovePosition(id),
            ItemKey::Expense(id) => Change::RemoveExpense(id),
        })?;
        if let Some(item) = self.items.get_mut(&key) {
            item.deleted = true;
        }
        Ok(String::new())
    }

    fn change(&mut self, change: Change) -> Result<String, Refusal> {
        self.book.apply(change)?;
        Ok(String::new())
    }
}
