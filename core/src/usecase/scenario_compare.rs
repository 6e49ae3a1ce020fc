//! Plans compared side by side (S15.5): the draft and scenarios of one folio, each costed off its
//! own items, and each after the first told item by item how it differs from the first.

use super::error::{Error, Result};
use super::field_changes::{diff, position_version};
use super::scenarios::{differing_ids, scenario_of};
use super::Queries;
use crate::analytics::{ForecastAsk, ItemKey};
use crate::model::budgeting::{
    ComparedPlan, DifferenceKind, FieldDifference, ItemDifference, LineGrouping, LineOrder,
    PlanDifferences, ScenarioComparison,
};
use crate::model::Id;
use crate::schedule::Granularity;
use crate::state::{shelf_key, ScenarioItems, State};
use crate::value::{Date, Decimal, Exact};

/// How many plans one comparison holds at most.
pub const MAX_COMPARED_PLANS: usize = 5;
/// How many cost lines each plan of a comparison shows (its first page).
const LINES_SHOWN: usize = 50;

/// One plan asked: the draft (`None`) or a scenario.
struct Asked {
    id: String,
    name: String,
    scenario: Option<u64>,
    items: std::sync::Arc<ScenarioItems>,
}

impl Queries<'_> {
    /// Compares the plans `plans` of folio `folio` (the draft as `None`, scenarios by id) at
    /// `as_of` (S15.5); with `forecast`, each plan's P50 and P90 (S14).
    pub fn compare_scenarios(
        &self,
        folio: u64,
        plans: &[Option<u64>],
        as_of: Date,
        forecast: Option<ForecastAsk>,
    ) -> Result<ScenarioComparison> {
        let record = self.readable_folio(folio)?;
        if !(2..=MAX_COMPARED_PLANS).contains(&plans.len()) {
            return Err(Error::field(
                "ids",
                format!(
                    "{} plans asked: compare 2 to {MAX_COMPARED_PLANS} (\"draft\" or a scenario's id, comma-separated)",
                    plans.len()
                ),
            ));
        }
        let mut asked: Vec<Asked> = Vec::with_capacity(plans.len());
        for (at, plan) in plans.iter().enumerate() {
            if plans[..at].contains(plan) {
                let named = plan.map_or("draft".to_owned(), |id| id.to_string());
                return Err(Error::field("ids", format!("{named} is asked twice")));
            }
            asked.push(match plan {
                None => Asked {
                    id: "draft".into(),
                    name: "Draft".into(),
                    scenario: None,
                    items: std::sync::Arc::new(self.state.draft_items(folio)),
                },
                Some(id) => {
                    let scenario = scenario_of(self.state, folio, *id).map_err(|_| {
                        Error::field("ids", format!("{id} is not a scenario of folio {folio}"))
                    })?;
                    Asked {
                        id: id.to_string(),
                        name: scenario.name.clone(),
                        scenario: Some(*id),
                        items: std::sync::Arc::clone(&scenario.items),
                    }
                }
            });
        }
        let copy_of = |plan: &Asked| {
            self.state
                .as_plan(folio, &plan.items, shelf_key(folio, plan.scenario, true))
        };
        let first_copy = copy_of(&asked[0]);
        let mut compared = Vec::with_capacity(asked.len());
        for (at, plan) in asked.iter().enumerate() {
            let copy = if at == 0 { None } else { Some(copy_of(plan)) };
            let state = copy.as_ref().unwrap_or(&first_copy);
            let mut answer = self.plan_figures(state, folio, plan, as_of, forecast)?;
            if at > 0 {
                answer.differences = Some(differences(
                    &first_copy,
                    state,
                    folio,
                    &asked[0].items,
                    &plan.items,
                    as_of,
                    &answer,
                    &compared,
                )?);
            }
            compared.push(answer);
        }
        Ok(ScenarioComparison {
            folio_id: Id::new(folio),
            as_of,
            currency_code: record.folio.currency_code,
            plans: compared,
        })
    }

    /// One plan's figures, read off `state` (the folio's draft being the plan, S15.4).
    fn plan_figures(
        &self,
        state: &State,
        folio: u64,
        plan: &Asked,
        as_of: Date,
        forecast: Option<ForecastAsk>,
    ) -> Result<ComparedPlan> {
        let queries = Queries::new(state, self.caller.clone(), self.now);
        let side = crate::analytics::PlannedSide::Latest;
        let indicators = queries.folio_indicators(folio, as_of, side)?;
        let timeline = queries.folio_timeline(folio, as_of, side, Some(Granularity::Month))?;
        let lines = queries.folio_lines(
            folio,
            as_of,
            LineGrouping::None,
            LineOrder::Group,
            Some((0, LINES_SHOWN)),
        )?;
        let forecast = match forecast {
            Some(ask) => Some(queries.folio_forecast(folio, as_of, ask)?.figures),
            None => None,
        };
        Ok(ComparedPlan {
            id: plan.id.clone(),
            name: plan.name.clone(),
            indicators,
            timeline,
            lines,
            forecast,
            differences: None,
        })
    }
}

/// How `after` differs from `before`, item by item, with each item's money in each (S15.5).
#[allow(clippy::too_many_arguments)]
fn differences(
    before_state: &State,
    after_state: &State,
    folio: u64,
    before: &ScenarioItems,
    after: &ScenarioItems,
    as_of: Date,
    answer: &ComparedPlan,
    compared: &[ComparedPlan],
) -> Result<PlanDifferences> {
    let currency = before_state
        .folios
        .get(&folio)
        .ok_or_else(Error::folio_not_viewable)?
        .folio
        .currency_code;
    let money = |state: &State, key: ItemKey, held: bool| -> Result<Decimal> {
        if !held {
            return Ok(currency.round(Decimal::ZERO));
        }
        state
            .with_folio_book(folio, |book| book.item_money(key, as_of))
            .ok_or_else(Error::folio_not_viewable)?
            .map(|(total, _)| total)
            .map_err(super::refusals::book)
    };
    let mut items = Vec::new();
    for (is_position, id) in differing_ids(before, after) {
        let (old, new, key, name) = if is_position {
            let (old, new) = (before.position(id), after.position(id));
            let name = new.or(old).map(|row| row.header.name.clone());
            (
                old.map(position_version),
                new.map(position_version),
                ItemKey::Position(Id::new(id)),
                name,
            )
        } else {
            let (old, new) = (before.expense(id), after.expense(id));
            let name = new.or(old).map(|e| e.name.clone());
            let json = |e: &crate::state::Stored<crate::model::budgeting::Expense>| {
                serde_json::to_value(&**e).unwrap_or_default()
            };
            (
                old.map(json),
                new.map(json),
                ItemKey::Expense(Id::new(id)),
                name,
            )
        };
        let change = match (&old, &new) {
            (None, _) => DifferenceKind::Added,
            (_, None) => DifferenceKind::Removed,
            _ => DifferenceKind::Changed,
        };
        let mut fields = Vec::new();
        if change == DifferenceKind::Changed {
            let (Some(old), Some(new)) = (&old, &new) else {
                continue;
            };
            let mut changes = Vec::new();
            diff("", old, new, &mut changes);
            fields = changes
                .into_iter()
                .map(|c| FieldDifference {
                    path: c.path,
                    before: c.before,
                    after: c.after,
                })
                .collect();
        }
        let money_before = money(before_state, key, old.is_some())?;
        let money_after = money(after_state, key, new.is_some())?;
        items.push(ItemDifference {
            item: if is_position { "position" } else { "expense" }.into(),
            id: Id::new(id),
            name: name.unwrap_or_default(),
            change,
            fields,
            money_before: Exact::of(money_before),
            money_after: Exact::of(money_after),
            money_moved: Exact::of(moved(money_after, money_before)?),
        });
    }
    let first_bac = compared
        .first()
        .map_or(Decimal::ZERO, |first| first.indicators.bac.get());
    Ok(PlanDifferences {
        items,
        bac_moved: Exact::of(moved(answer.indicators.bac.get(), first_bac)?),
    })
}

/// `after - before`, refused in words where no decimal holds it.
fn moved(after: Decimal, before: Decimal) -> Result<Decimal> {
    after
        .checked_sub(before)
        .ok_or_else(|| Error::invalid("the money moved is too large for a decimal"))
}
