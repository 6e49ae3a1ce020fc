//! A portfolio's figures explained (S9.9): a money figure is the sum of its members'
//! own (folios and sub-portfolios), each converted into the portfolio's currency at the rate in
//! force on asOf and rounded; so its lines are the members, each with its figure in its own
//! currency, the exchange rate used and the converted amount. A ratio is recomputed from the
//! portfolio's sums: its inputs are those sums, each explained in turn; a status says which
//! threshold its ratio crossed.

use rust_decimal::Decimal;

use crate::analytics::Rollup;
use crate::json::Value;
use crate::model::budgeting::{IndexStatus, Indicators};
use crate::model::messages::excerpt;
use crate::schedule::ExchangeRates;
use crate::value::{Date, Exact};

use super::explain::{page_of, ExplainedInput, ExplainedLine, Explanation, LinePage};
use super::{Error, Queries, Result};

/// Indicator `name` of `indicators`, as emitted.
fn value_of(indicators: &Indicators, name: &str) -> Value {
    match serde_json::to_value(indicators) {
        Ok(Value::Object(mut fields)) => fields.remove(name).unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

/// A status's value read as a judgement of its threshold.
fn crossed(value: &Value) -> &'static str {
    match serde_json::from_value::<IndexStatus>(value.clone()) {
        Ok(IndexStatus::Green) => ": at or above the threshold",
        Ok(IndexStatus::Amber) => ": below it, within the tolerance",
        Ok(IndexStatus::Red) => ": below it by more than the tolerance",
        _ => ": no value to judge",
    }
}

impl Queries<'_> {
    /// Figure `figure` of portfolio `id` at `as_of` explained (S9.9); a name that is no figure is
    /// a 400 naming the field.
    pub fn explain_portfolio(
        &self,
        id: u64,
        figure: &str,
        as_of: Date,
        page: LinePage,
    ) -> Result<Explanation> {
        let (rolled, members) = self.portfolio_rollup(id, as_of)?;
        let currency = rolled.currency_code;
        let value = value_of(&rolled, figure);
        let base = format!("/budgets/1/portfolio/{id}/explain?asOf={as_of}");
        let rollup = crate::analytics::indicator(figure).map(|f| (f.name, f.rollup));
        if let Some((_, Rollup::Recomputed { formula, inputs })) = rollup {
            let judged = if figure.ends_with("Status") {
                crossed(&value)
            } else {
                ""
            };
            return Ok(Explanation {
                figure: figure.to_owned(),
                value,
                currency_code: currency,
                formula: format!("{formula}{judged}"),
                plan: None,
                plan_name: None,
                inputs: inputs
                    .iter()
                    .map(|input| ExplainedInput {
                        figure: (*input).to_owned(),
                        value: value_of(&rolled, input),
                        explain: Some(format!("{base}&figure={input}")),
                    })
                    .collect(),
                lines: Vec::new(),
                lines_total: None,
                next: None,
            });
        }
        let Some((name, Rollup::Summed)) = rollup else {
            return Err(Error::field(
                "figure",
                format!(
                    "figure must be one of {}, got {}",
                    crate::analytics::FIGURES.join(", "),
                    excerpt(figure)
                ),
            ));
        };
        let rates = ExchangeRates::from_wire(self.state.exchange_rates.iter());
        let mut lines = Vec::new();
        for member in &members {
            let own = value_of(&member.indicators, name);
            let Some(amount) = own
                .as_number()
                .and_then(|n| n.to_string().parse::<Decimal>().ok())
            else {
                continue;
            };
            let from = member.indicators.currency_code;
            let converted = rates
                .convert(amount, from, currency, as_of)
                .map_err(|error| Error::invalid(error.to_string()))?;
            let used = rates.rate_in_force(from, currency, as_of);
            lines.push(ExplainedLine {
                paid: (from != currency).then(|| Exact::of(amount)),
                paid_currency: (from != currency).then_some(from),
                fx_rate: used.map(|(_, rate, _)| Exact::of(rate)),
                fx_date: used.map(|(date, _, _)| date),
                fx_inverse: used.map(|(_, _, inverse)| inverse),
                explain: Some(format!(
                    "/budgets/1/{}/{}/explain?asOf={as_of}&figure={name}",
                    member.kind, member.id
                )),
                ..ExplainedLine::of(
                    member.kind,
                    member.id,
                    Some(member.name.clone()),
                    Exact::of(converted),
                )
            });
        }
        // A figure null for the portfolio (a member without PV or EV, no revenues) has no sum.
        let lines_total = if value.is_null() {
            None
        } else {
            let mut sum = Decimal::ZERO;
            for line in &lines {
                sum = sum
                    .checked_add(line.amount.get())
                    .ok_or_else(|| Error::field("figure", "the lines' sum is beyond a decimal"))?;
            }
            Some(Exact::of(sum))
        };
        let (lines, next) = page_of(&lines, page);
        Ok(Explanation {
            figure: name.to_owned(),
            value,
            currency_code: currency,
            formula: format!(
                "{name} of the portfolio = the sum of its folios' and sub-portfolios' own {name}, each converted into {currency} at the rate in force on the as-of date and rounded; none when a member lacks PV or EV for the figures built on them"
            ),
            plan: None,
            plan_name: None,
            inputs: Vec::new(),
            lines,
            lines_total,
            next,
        })
    }
}
