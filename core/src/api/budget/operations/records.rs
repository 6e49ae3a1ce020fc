//! The rows of the budgeting interface's records: folios, the data every folio shares, expenses,
//! positions with their periods, rates and hours (documentation in `described!`, read only with the
//! core's `schema` feature).

#[cfg(feature = "schema")]
use super::documented::*;
use super::{change, get, Change, Route, Weight};
use crate::api::budget::actuals::import_actuals;
use crate::api::budget::expenses::{delete_expense, expense, expense_payments, put_expense};
use crate::api::budget::folios::{
    delete_folio, editors, folio, set_editors, share_folio, update_folio, viewers,
};
use crate::api::budget::plans::{folio_plan, import};
use crate::api::budget::positions::{
    add_hours, create_position, position, position_payments, removal, team, update_position,
    with_body,
};
use crate::api::budget::reports::many_indicators;
use crate::api::budget::responses::{commands, list_page, paged, queries, read, success};
use crate::api::budget::shared::{delete_overtime_rule, remove_exchange_rate, users};
use crate::api::operation_doc::described;
use crate::model::budgeting::PositionKind::{ConsultingRevenue, TeamMember};
use Weight::{Light, NamedFolios};

/// `PUT /workedhours/{id}` and `PUT /billablehours/{id}`.
const CHANGE_HOURS: Change = |s, r, c, id| {
    with_body(s, r, c, id, |c, id, period| {
        c.change_hours(id, period).map(|()| true)
    })
};
/// `DELETE /workedhours/{id}` and `DELETE /billablehours/{id}`.
const REMOVE_HOURS: Change = |s, _, c, id| removal(s, c, id, |c, id| c.remove_hours(id));

/// The rows, in the order of docs/api.md.
pub(super) const ROUTES: &[Route] = &[
    // Folios.
    get(
        "/budgets/1/folio",
        |s, r, c, _| list_page(r).map(|page| paged(r, c, queries(s, c).folios_page(page))),
        Light,
        described!(
            op("List folios visible to the caller, in id order (a page of \
                at most 4 MiB: more in the `Link` header's next page)")
            .query(LIST_PAGE)
            .answers(Success(of::<Vec<FolioSummary>>))
        ),
    ),
    change(
        "POST",
        "/budgets/1/folio",
        |s, r, c, _| Ok(success(commands(s, c).create_folio(read(r)?)?)),
        described!(op("Create and configure a folio")
            .body(of::<Folio>)
            .answers(Success(of::<Id>))),
    ),
    change(
        "PUT",
        "/budgets/1/folio",
        |s, r, c, _| update_folio(s, r, c),
        described!(
            ext("Update a folio; with dryRun=true, what the update would \
                change, storing nothing (S8.7)")
            .query([
                query(
                    "dryRun",
                    "boolean",
                    "true: answer the folio as it would be and the items whose \
                    money would change",
                ),
                query(
                    "reason",
                    "string",
                    "Why the reserve or contingency of an approved budget changes: \
                    kept in its budget change (S15.7)",
                ),
            ])
            .body(of::<Folio>)
            .answers(Success(folio_or_preview))
        ),
    ),
    get(
        "/budgets/1/folio/{id}",
        |s, _, c, id| folio(s, c, id),
        Light,
        described!(
            op("Get a folio (a deleted one too, with its deletedOn, S5.1)")
                .answers(Success(of::<Folio>))
        ),
    ),
    change(
        "DELETE",
        "/budgets/1/folio/{id}",
        |s, _, c, id| delete_folio(s, c, id),
        described!(ext("Delete a folio").answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/folio/indicators",
        |s, r, c, _| many_indicators(s, r, c),
        NamedFolios,
        described!(ext("Indicators of many folios: those named by id (at most \
                100), or a page of those the caller may view")
        .query([
            AS_OF,
            query(
                "id",
                "integer",
                "A folio's id, repeated for each (at most 100)"
            ),
            query("offset", "integer", "Without ids: how many folios to skip"),
            query(
                "limit",
                "integer",
                "Without ids: how many folios at most (1 to 100, default 100)"
            ),
        ])
        .answers(Success(of::<Vec<FolioIndicators>>))),
    ),
    get(
        "/budgets/1/folio/{id}/viewers",
        |s, _, c, id| viewers(s, c, id),
        Light,
        described!(ext("Who a folio is shared with").answers(Success(of::<Viewers>))),
    ),
    change(
        "PUT",
        "/budgets/1/folio/{id}/viewers",
        share_folio,
        described!(ext("Share a folio")
            .body(of::<Viewers>)
            .answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/folio/{id}/editors",
        |s, _, c, id| editors(s, c, id),
        Light,
        described!(
            ext("Who changes a folio's draft and scenarios besides its owner (S15.8)")
                .answers(Success(of::<Viewers>))
        ),
    ),
    change(
        "PUT",
        "/budgets/1/folio/{id}/editors",
        set_editors,
        described!(ext("Name a folio's editors (S15.8)")
            .body(of::<Viewers>)
            .answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/users",
        |s, r, c, _| users(s, r, c),
        Light,
        described!(
            ext("Users to pick from (owners, viewers, members), matching a \
                query")
            .query([
                query(
                    "query",
                    "string",
                    "Part of a user's key or display name, any case",
                ),
                query(
                    "limit",
                    "integer",
                    "At most this many, 1 to 100 (default 20)",
                ),
            ])
            .answers(Success(of::<Vec<UserChoice>>))
        ),
    ),
    get(
        "/budgets/1/folio/{id}/plan",
        |s, _, c, id| folio_plan(s, c, id),
        Weight::Folio,
        described!(ext("A folio as a plan document").answers(Success(of::<PlanDocument>))),
    ),
    change(
        "POST",
        "/budgets/1/folio/import",
        |s, r, c, _| import(s, r, c),
        described!(
            ext("Import a plan document: a new folio and everything in it, \
                all or nothing")
            .body(of::<PlanDocument>)
            .answers(Success(of::<PlanImport>))
        ),
    ),
    change(
        "POST",
        "/budgets/1/folio/{id}/import/actuals",
        import_actuals,
        described!(ext(
            "Import actual expenses or worked hours from a CSV or XLSX file: \
                each row created, changed, left or refused; dryRun=true writes \
                nothing, a real run writes every row as one change or none"
        )
        .query([query(
            "dryRun",
            "boolean",
            "true: what the import would do, nothing written"
        )])
        .body(of::<ActualsImport>)
        .answers(Success(of::<ImportReport>))),
    ),
    // The data every folio shares.
    get(
        "/budgets/1/overtimerule",
        |s, _, c, _| Ok(success(queries(s, c).overtime_rules())),
        Light,
        described!(op("List overtime rules").answers(Success(of::<Vec<OvertimeRule>>))),
    ),
    change(
        "POST",
        "/budgets/1/overtimerule",
        |s, r, c, _| Ok(success(commands(s, c).create_overtime_rule(read(r)?)?)),
        described!(ext("Create an overtime rule")
            .body(of::<OvertimeRule>)
            .answers(Success(of::<Id>))),
    ),
    change(
        "PUT",
        "/budgets/1/overtimerule",
        |s, r, c, _| Ok(success(commands(s, c).update_overtime_rule(read(r)?)?)),
        described!(ext("Update an overtime rule")
            .body(of::<OvertimeRule>)
            .answers(Success(of::<OvertimeRule>))),
    ),
    change(
        "DELETE",
        "/budgets/1/overtimerule/{id}",
        |s, _, c, id| delete_overtime_rule(s, c, id),
        described!(ext("Delete an overtime rule").answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/exchangerate",
        |s, _, c, _| Ok(success(queries(s, c).exchange_rates())),
        Light,
        described!(ext("List exchange rates").answers(Success(of::<Vec<ExchangeRate>>))),
    ),
    change(
        "PUT",
        "/budgets/1/exchangerate",
        |s, r, c, _| {
            commands(s, c).put_exchange_rate(read(r)?)?;
            Ok(success(true))
        },
        described!(ext("Put an exchange rate")
            .body(of::<ExchangeRate>)
            .answers(Success(of::<bool>))),
    ),
    change(
        "DELETE",
        "/budgets/1/exchangerate",
        |s, r, c, _| remove_exchange_rate(s, r, c),
        described!(
            ext("Remove an exchange rate, unless an expense needs it (S5.6)")
                .query([
                    required("from", "string", "The currency converted from"),
                    required("to", "string", "The currency converted to"),
                    required("effectiveDate", "date", "The day the rate takes effect"),
                ])
                .answers(Success(of::<bool>))
        ),
    ),
    // Expenses.
    change(
        "POST",
        "/budgets/1/expense",
        |s, r, c, _| put_expense(s, r, c, false),
        described!(op("Add an expense to a folio")
            .body(of::<Expense>)
            .answers(Success(of::<Id>))),
    ),
    change(
        "PUT",
        "/budgets/1/expense",
        |s, r, c, _| put_expense(s, r, c, true),
        described!(op("Update an expense")
            .body(of::<Expense>)
            .answers(Success(of::<Expense>))),
    ),
    get(
        "/budgets/1/expense/{id}",
        |s, _, c, id| expense(s, c, id),
        Light,
        described!(op("Get an expense").answers(Success(of::<Expense>))),
    ),
    change(
        "DELETE",
        "/budgets/1/expense/{id}",
        |s, _, c, id| delete_expense(s, c, id),
        described!(op("Delete an expense").answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/expense/{id}/payments",
        |s, _, c, id| expense_payments(s, c, id),
        Light,
        described!(op("Payments of an expense").answers(Success(of::<Vec<ExpensePayment>>))),
    ),
    // Positions, their periods and rates.
    change(
        "POST",
        "/budgets/1/position",
        |s, r, c, _| create_position(s, r, c),
        described!(op(
            "Add a position (with its further periods and rates, all or \
                nothing)",
        )
        .body(of::<Position>)
        .answers(Success(of::<Id>))),
    ),
    change(
        "PUT",
        "/budgets/1/position",
        |s, r, c, _| update_position(s, r, c),
        described!(op("Update a position")
            .body(of::<Position>)
            .answers(Success(of::<Position>))),
    ),
    get(
        "/budgets/1/position/{id}",
        |s, _, c, id| position(s, c, id),
        Light,
        described!(op("Get a position").answers(Success(of::<Position>))),
    ),
    change(
        "DELETE",
        "/budgets/1/position/{id}",
        |s, _, c, id| removal(s, c, id, |c, id| c.delete_position(id)),
        described!(op("Delete a position").answers(Success(of::<bool>))),
    ),
    change(
        "POST",
        "/budgets/1/position/{id}/allocation",
        |s, r, c, id| {
            with_body(s, r, c, id, |c, id, a| {
                c.add_allocation(id, a).map(|()| true)
            })
        },
        described!(op("Add an allocation")
            .body(of::<Allocation>)
            .answers(Success(of::<bool>))),
    ),
    change(
        "PUT",
        "/budgets/1/allocation/{id}",
        |s, r, c, id| {
            with_body(s, r, c, id, |c, id, a| {
                c.change_allocation(id, a).map(|()| true)
            })
        },
        described!(op("Update an allocation")
            .body(of::<Allocation>)
            .answers(Success(of::<bool>))),
    ),
    change(
        "DELETE",
        "/budgets/1/allocation/{id}",
        |s, _, c, id| removal(s, c, id, |c, id| c.remove_allocation(id)),
        described!(op("Delete an allocation").answers(Success(of::<bool>))),
    ),
    change(
        "POST",
        "/budgets/1/position/{id}/rate",
        |s, r, c, id| with_body(s, r, c, id, |c, id, rate| c.add_rate(id, rate)),
        described!(op("Add a rate")
            .body(of::<Rate>)
            .answers(Success(of::<Option<Id>>))),
    ),
    change(
        "PUT",
        "/budgets/1/rate/{id}",
        |s, r, c, id| with_body(s, r, c, id, |c, id, rate| c.change_rate(id, rate)),
        described!(op("Update a rate")
            .body(of::<Rate>)
            .answers(Success(of::<Rate>))),
    ),
    change(
        "DELETE",
        "/budgets/1/rate/{id}",
        |s, _, c, id| removal(s, c, id, |c, id| c.remove_rate(id)),
        described!(op("Delete a rate").answers(Success(of::<bool>))),
    ),
    change(
        "POST",
        "/budgets/1/position/{id}/workedhours",
        |s, r, c, id| add_hours(s, r, c, id, TeamMember),
        described!(op("Add worked hours to a team member")
            .body(of::<HoursPeriod>)
            .answers(Success(of::<Option<Id>>))),
    ),
    change(
        "PUT",
        "/budgets/1/workedhours/{id}",
        CHANGE_HOURS,
        described!(op("Update worked hours")
            .body(of::<HoursPeriod>)
            .answers(Success(of::<bool>))),
    ),
    change(
        "DELETE",
        "/budgets/1/workedhours/{id}",
        REMOVE_HOURS,
        described!(op("Delete worked hours").answers(Success(of::<bool>))),
    ),
    change(
        "POST",
        "/budgets/1/position/{id}/billablehours",
        |s, r, c, id| add_hours(s, r, c, id, ConsultingRevenue),
        described!(op("Add billable hours to a consulting revenue")
            .body(of::<HoursPeriod>)
            .answers(Success(of::<Option<Id>>))),
    ),
    change(
        "PUT",
        "/budgets/1/billablehours/{id}",
        CHANGE_HOURS,
        described!(op("Update billable hours")
            .body(of::<HoursPeriod>)
            .answers(Success(of::<bool>))),
    ),
    change(
        "DELETE",
        "/budgets/1/billablehours/{id}",
        REMOVE_HOURS,
        described!(op("Delete billable hours").answers(Success(of::<bool>))),
    ),
    change(
        "PUT",
        "/budgets/1/position/{id}/billedhours",
        |s, r, c, id| {
            with_body(s, r, c, id, |c, id, b| {
                c.put_billed_hours(id, b).map(|()| true)
            })
        },
        described!(ext("Put the billed hours of a consulting revenue (S6.5c)")
            .body(of::<BilledDays>)
            .answers(Success(of::<bool>))),
    ),
    get(
        "/budgets/1/position/{id}/payments",
        position_payments,
        Light,
        described!(op("Payments of a position")
            .query([GRANULARITY])
            .answers(Success(of::<Vec<ExpensePayment>>))),
    ),
    get(
        "/budgets/1/folio/{id}/team",
        |s, _, c, id| team(s, c, id),
        Light,
        described!(op("Team of a folio").answers(Success(of::<Team>))),
    ),
];
