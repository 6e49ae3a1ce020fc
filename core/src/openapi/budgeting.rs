//! The operations of the budgeting interface, `/budgets/1` (budgeting-api.md, extensions.md): what
//! each row of the interface's table of operations says of itself (`api/budget/operations/`).

use crate::api::operation_doc::Operation;

/// The operations, in the order of the table.
pub(super) fn operations() -> Vec<Operation> {
    crate::api::budget_routes()
        .map(|route| Operation {
            method: route.method,
            path: route.path,
            ..(route.doc)()
        })
        .collect()
}
