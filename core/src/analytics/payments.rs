//! A folio's payments as a file: the CSV of `costfolio plan --csv` and of
//! `GET /budgets/1/folio/{id}/payments?format=csv`.

use crate::model::budgeting::{ExpensePayment, TimelineBucket};
use crate::model::Id;

/// One item's payment lines, named.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ItemPayments {
    /// The position's or expense's id.
    pub id: Id,
    /// Its name.
    pub name: String,
    /// Its payment lines (positions by month).
    pub lines: Vec<ExpensePayment>,
}

fn cell(value: Option<crate::value::Exact>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// A text cell, quoted. A text that a spreadsheet would take for a formula (it begins with `=`,
/// `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so that opening an export never
/// runs what someone typed as a name (OWASP's advice on CSV injection).
pub(super) fn quoted(text: &str) -> String {
    let guard = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        "'"
    } else {
        ""
    };
    format!("\"{guard}{}\"", text.replace('"', "\"\""))
}

/// The CSV of `costfolio plan --csv`: one row per payment line of `positions` then `expenses`,
/// a blank line, then one row per bucket of `timeline`. Every figure is written as the engine
/// computed it.
pub fn payments_csv(
    positions: &[ItemPayments],
    expenses: &[ItemPayments],
    timeline: &[TimelineBucket],
) -> String {
    let mut out = String::from(
        "item,id,name,date,rate,effort,overtimeEffort,amount,overtimeAmount,totalAmount\n",
    );
    for (kind, items) in [("position", positions), ("expense", expenses)] {
        for item in items {
            for line in &item.lines {
                out.push_str(&format!(
                    "{kind},{},{},{},{},{},{},{},{},{}\n",
                    item.id,
                    quoted(&item.name),
                    line.date,
                    line.rate.map(|r| r.to_string()).unwrap_or_default(),
                    cell(line.effort),
                    cell(line.overtime_effort),
                    line.amount,
                    cell(line.overtime_amount),
                    cell(line.total_amount),
                ));
            }
        }
    }
    out.push_str(
        "\nstart,end,plannedCost,actualCost,plannedRevenue,actualRevenue,contingency,pv,ev,ac\n",
    );
    for b in timeline {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{}\n",
            b.start,
            b.end,
            b.planned_cost,
            b.actual_cost,
            cell(b.planned_revenue),
            cell(b.actual_revenue),
            b.contingency,
            cell(b.pv),
            cell(b.ev),
            b.ac
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn a_name_a_spreadsheet_would_run_is_written_as_text() {
        assert_eq!(quoted("Crane"), "\"Crane\"");
        assert_eq!(quoted("say \"hi\""), "\"say \"\"hi\"\"\"");
        for formula in ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(quoted(formula), format!("\"'{formula}\""), "{formula:?}");
        }
        assert_eq!(quoted("a=1"), "\"a=1\"", "only the first character counts");
    }
}
