//! Cost lines as a controller reads them (S9.12): each line named and grouped, the groups' and
//! the total's money added up, the figures shown. What names an item is the caller's (the
//! service's records, a plan document's items), so the server and the browser's what-if answer
//! the same shape from the same code.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::cost_lines::{CostLine, LineMoney};
use super::ledger::{AnalyticsError, ItemKey};
use crate::model::budgeting::{
    CostLineShown, FolioLines, LineGroup, LineGrouping, LineItemKind, LineOrder, RealisingItem,
};
use crate::model::Id;
use crate::value::{CurrencyCode, Date};

/// What a line's item is called and grouped by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineItem {
    /// Its name.
    pub name: String,
    /// Position or expense.
    pub kind: LineItemKind,
    /// Its cost account's key (a position's `accountKey`; empty for none).
    pub account: String,
    /// Its category (a position's `category`, an expense's OPEX, CAPEX or FINEX; empty for none).
    pub category: String,
    /// Whether the item is deleted (a planned item no longer in the draft keeps its line).
    pub deleted: bool,
}

impl LineItem {
    /// An item nothing names (a link to an id no record holds): "Expense 12", deleted.
    pub fn unknown(key: ItemKey) -> LineItem {
        let (kind, noun, id) = match key {
            ItemKey::Position(id) => (LineItemKind::Position, "Position", id),
            ItemKey::Expense(id) => (LineItemKind::Expense, "Expense", id),
        };
        LineItem {
            name: format!("{noun} {id}"),
            kind,
            account: String::new(),
            category: String::new(),
            deleted: true,
        }
    }

    /// What names a position in its cost line: its name, account and category.
    pub fn of_position(position: &crate::model::budgeting::Position) -> LineItem {
        LineItem {
            name: position.name.clone(),
            kind: LineItemKind::Position,
            account: position.account_key.clone().unwrap_or_default(),
            category: position.category.clone().unwrap_or_default(),
            deleted: position.deleted_on.is_some(),
        }
    }

    /// What names an expense in its cost line: its name and category (an expense has no account).
    pub fn of_expense(expense: &crate::model::budgeting::Expense) -> LineItem {
        LineItem {
            name: expense.name.clone(),
            kind: LineItemKind::Expense,
            account: String::new(),
            category: expense.category.as_str().to_owned(),
            deleted: expense.deleted_on.is_some(),
        }
    }

    /// The key it is grouped under by `grouping` (empty: none).
    fn group(&self, grouping: LineGrouping) -> String {
        match grouping {
            LineGrouping::Account => self.account.trim().to_owned(),
            LineGrouping::Category => self.category.trim().to_owned(),
            LineGrouping::Kind => match self.kind {
                LineItemKind::Position => "positions".to_owned(),
                LineItemKind::Expense => "expenses".to_owned(),
            },
            LineGrouping::None => String::new(),
        }
    }
}

/// The name of group `key` of `grouping` when the caller knows no better one (an account's key
/// stands for its account).
pub fn group_name(grouping: LineGrouping, key: &str) -> String {
    match (grouping, key) {
        (LineGrouping::Account, "") => "No account".to_owned(),
        (LineGrouping::Category, "") => "No category".to_owned(),
        (LineGrouping::Kind, "positions") => "Positions (labour)".to_owned(),
        (LineGrouping::Kind, "expenses") => "Expenses".to_owned(),
        (_, key) => key.to_owned(),
    }
}

/// A folio's cost lines, named and in order: a group's lines together (the groups in key order,
/// the lines with none last), its planned lines before its unplanned ones, each by name.
#[derive(Debug, Clone)]
pub struct LineReport {
    lines: Vec<(CostLine, LineItem, String)>,
    grouping: LineGrouping,
    /// The baseline the budgets come from (`None`: the draft).
    pub budget_baseline: Option<Id>,
    /// The folio's currency.
    pub currency: CurrencyCode,
    /// The folio's tolerance, percent (the lights).
    pub tolerance: Decimal,
}

impl LineReport {
    /// The report of `lines` of a folio in `currency` with `tolerance`, their budgets from
    /// `budget_baseline`, each item described by `describe`.
    pub fn new(
        lines: Vec<CostLine>,
        (currency, tolerance, budget_baseline): (CurrencyCode, Decimal, Option<Id>),
        grouping: LineGrouping,
        describe: &dyn Fn(ItemKey) -> LineItem,
    ) -> LineReport {
        let mut lines: Vec<(CostLine, LineItem, String)> = lines
            .into_iter()
            .map(|line| {
                let item = describe(line.item);
                let key = item.group(grouping);
                (line, item, key)
            })
            .collect();
        lines.sort_by(|(a, a_item, a_key), (b, b_item, b_key)| {
            (a_key.is_empty(), a_key, !a.planned, &a_item.name, a.item).cmp(&(
                b_key.is_empty(),
                b_key,
                !b.planned,
                &b_item.name,
                b.item,
            ))
        });
        LineReport {
            lines,
            grouping,
            budget_baseline,
            currency,
            tolerance,
        }
    }

    /// How many lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there is no line.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Each group's key, its count of lines and their money added up, in the lines' order;
    /// none without a grouping.
    pub fn groups(&self) -> Result<Vec<(String, usize, LineMoney)>, AnalyticsError> {
        let mut groups: BTreeMap<(bool, &str), (usize, LineMoney)> = BTreeMap::new();
        if self.grouping == LineGrouping::None {
            return Ok(Vec::new());
        }
        for (line, _, key) in &self.lines {
            let slot = groups.entry((key.is_empty(), key)).or_default();
            slot.0 += 1;
            slot.1 = slot.1.plus(LineMoney::of(line))?;
        }
        Ok(groups
            .into_iter()
            .map(|((_, key), (count, money))| (key.to_owned(), count, money))
            .collect())
    }

    /// Every line's money added up.
    pub fn total(&self) -> Result<LineMoney, AnalyticsError> {
        self.lines
            .iter()
            .try_fold(LineMoney::default(), |sum, (line, _, _)| {
                sum.plus(LineMoney::of(line))
            })
    }

    /// Orders the lines by `order` (they are in the groups' order as made).
    pub fn order(&mut self, order: LineOrder) {
        if order == LineOrder::Variance {
            // The largest overrun first: budget - forecast, exact, ascending.
            self.lines.sort_by(|(a, a_item, _), (b, b_item, _)| {
                let variance = |line: &CostLine| line.budget.checked_sub(line.forecast);
                (variance(a), &a_item.name, a.item).cmp(&(variance(b), &b_item.name, b.item))
            });
        }
    }

    /// The answer of `GET /folio/{folio}/lines` at `as_of`: the lines of `page` (`(limit,
    /// after)`; every line with none) shown with what realises them (described by `describe`),
    /// the groups named by `name` and the total over every line.
    pub fn answer(
        self,
        folio: Id,
        as_of: Date,
        page: Option<(usize, usize)>,
        describe: &dyn Fn(ItemKey) -> LineItem,
        name: &dyn Fn(&str) -> String,
    ) -> Result<FolioLines, AnalyticsError> {
        let (currency, tolerance) = (self.currency, self.tolerance);
        let line_count = self.lines.len();
        let (start, end) = match page {
            Some((limit, after)) => {
                let start = after.min(line_count);
                (start, start.saturating_add(limit).min(line_count))
            }
            None => (0, line_count),
        };
        let next = (end < line_count).then_some(end as u64);
        let groups = self
            .groups()?
            .into_iter()
            .map(|(key, lines, money)| {
                Ok(LineGroup {
                    name: name(&key),
                    key,
                    lines,
                    figures: money.shown(currency, tolerance)?,
                })
            })
            .collect::<Result<Vec<_>, AnalyticsError>>()?;
        let total = self.total()?.shown(currency, tolerance)?;
        let lines = self
            .lines
            .into_iter()
            .skip(start)
            .take(end - start)
            .map(|(line, item, group)| {
                let realised_by = line
                    .realised_by
                    .iter()
                    .map(|key| {
                        let by = describe(*key);
                        RealisingItem {
                            item_id: id_of(*key),
                            item_kind: by.kind,
                            name: by.name,
                        }
                    })
                    .collect();
                Ok(CostLineShown {
                    item_id: id_of(line.item),
                    item_kind: item.kind,
                    name: item.name,
                    planned: line.planned,
                    deleted: line.planned && item.deleted,
                    complete: line.complete,
                    group,
                    realised_by,
                    figures: LineMoney::of(&line).shown(currency, tolerance)?,
                })
            })
            .collect::<Result<Vec<_>, AnalyticsError>>()?;
        Ok(FolioLines {
            folio_id: folio,
            as_of,
            currency_code: currency,
            budget_baseline_id: self.budget_baseline,
            group_by: self.grouping,
            lines,
            line_count,
            next,
            groups,
            total,
        })
    }
}

fn id_of(key: ItemKey) -> Id {
    match key {
        ItemKey::Position(id) | ItemKey::Expense(id) => id,
    }
}

/// The lines of `answer` as CSV, one row per line: its group, name, item, whether planned and
/// complete, what realises it, the currency, the figures as the engine computed them and the
/// light in words. Texts are quoted as the payments' export quotes them (a name that a spreadsheet
/// would take for a formula is not run).
pub fn lines_csv(answer: &FolioLines) -> String {
    use crate::model::budgeting::IndexStatus;
    let group: BTreeMap<&str, &str> = answer
        .groups
        .iter()
        .map(|g| (g.key.as_str(), g.name.as_str()))
        .collect();
    let cell =
        |value: &Option<crate::value::Exact>| value.map(|v| v.to_string()).unwrap_or_default();
    let mut out = String::from(
        "group,line,item,id,planned,complete,realisedBy,currency,budget,plan,actual,scheduled,forecast,vac,vacPercent,planVariance,planVariancePercent,status\n",
    );
    for line in &answer.lines {
        let f = &line.figures;
        let by: Vec<&str> = line.realised_by.iter().map(|r| r.name.as_str()).collect();
        let status = match f.status {
            IndexStatus::Green => "within budget",
            IndexStatus::Amber => "over budget, within tolerance",
            IndexStatus::Red => "over budget beyond tolerance",
            IndexStatus::Grey => "nothing to judge",
        };
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
            super::payments::quoted(group.get(line.group.as_str()).copied().unwrap_or_default()),
            super::payments::quoted(&line.name),
            match line.item_kind {
                LineItemKind::Position => "position",
                LineItemKind::Expense => "expense",
            },
            line.item_id,
            line.planned,
            line.complete,
            super::payments::quoted(&by.join("; ")),
            answer.currency_code,
            f.budget,
            f.plan,
            f.actual,
            f.scheduled,
            f.forecast,
            f.vac,
            cell(&f.vac_percent),
            f.plan_variance,
            cell(&f.plan_variance_percent),
            super::payments::quoted(status),
        ));
    }
    out
}
