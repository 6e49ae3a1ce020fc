//! A folio as one plan document, out and in (extension): `GET /folio/{id}/plan` and
//! `POST /folio/import`. The routes parse and render; the rules are the use cases'
//! (`crate::usecase::plans`).

use super::responses::{commands, fail, folio_not_viewable, path_id, queries, success, Outcome};

use crate::api::access::who;
use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::{BudgetErrorBody, PlanDocument};
use crate::model::from_json;
use crate::state::State;

/// `GET /budgets/1/folio/{id}/plan`: the folio's plan document (its draft: live positions and
/// expenses, no baseline), to a caller who may view the folio; otherwise the folio's 404.
pub(super) fn folio_plan(state: &State, context: &Context, id: &str) -> Outcome {
    let id = path_id(id).ok_or_else(folio_not_viewable)?;
    Ok(success(queries(state, context).folio_plan(id)?))
}

/// `POST /budgets/1/folio/import`: the document's folio and everything in it, in one journal
/// entry, or nothing (`usecase::Commands::import_plan`).
pub(super) fn import(state: &mut State, request: &Request, context: &Context) -> Outcome {
    who(context).writes()?;
    super::responses::json_object(request)?;
    let document: PlanDocument =
        from_json(&request.body).map_err(|error| document_error(&error))?;
    Ok(success(commands(state, context).import_plan(document)?))
}

/// A document that does not read: 400, its field named by its whole path in the document
/// (`positions[0].position.rate.rate`), in `errors` and in the message.
fn document_error(error: &crate::model::WireError) -> Response {
    let mut body = BudgetErrorBody {
        error: None,
        error_messages: Some(vec![error.to_string()]),
        errors: None,
    };
    if let Some(field) = error.field() {
        body.errors = Some([(field.to_owned(), error.detail())].into_iter().collect());
    }
    fail(400, body)
}
