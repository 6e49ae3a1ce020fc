//! Actuals in (extension): `POST /folio/{id}/import/actuals?dryRun=`. The body says what the file
//! holds and how to read it; the host reads the file's cells
//! ([`crate::sheets::SpreadsheetFiles::read`]), the use case decides
//! (`crate::usecase::Commands::import_actuals`).

#[cfg(not(target_arch = "wasm32"))]
use super::responses::{
    boolean, commands, field_error, folio_not_viewable, path_id, read, success,
};
use super::responses::{message_error, Outcome};

use crate::api::http::{Context, Request};
#[cfg(not(target_arch = "wasm32"))]
use crate::model::budgeting::ActualsImport;
use crate::state::State;

/// `POST /budgets/1/folio/{id}/import/actuals` in the planner's sandbox (wasm32): no file is read
/// there (the import and its code stay out of the wasm module).
#[cfg(target_arch = "wasm32")]
pub(super) fn import_actuals(_: &mut State, _: &Request, _: &Context, _: &str) -> Outcome {
    Err(message_error(
        501,
        "Files are read by the server: import while online",
    ))
}

/// `POST /budgets/1/folio/{id}/import/actuals?dryRun=true|false` (`false` when absent): the
/// report of each row; with `dryRun=true` nothing is written.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn import_actuals(
    state: &mut State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    let folio = path_id(id).ok_or_else(folio_not_viewable)?;
    // The folio decides first (S11.4): another user's folio answers as a missing one, its body
    // unread.
    crate::api::access::who(context)
        .folio_for_edit(state, folio)
        .map_err(crate::api::http::Response::from)?;
    let dry_run = request.param_value("dryRun").is_some() && boolean(request, "dryRun")?;
    let import: ActualsImport = read(request)?;
    let files = context
        .spreadsheets
        .as_ref()
        .ok_or_else(|| message_error(501, "Files are read by the server: import while online"))?;
    use base64::Engine;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(import.file.trim())
        .map_err(|_| field_error("file", "the file must be sent in base64"))?;
    let name = import.file_name.as_deref().unwrap_or("the file");
    let rows = files
        .0
        .read(&bytes, crate::usecase::MAX_IMPORT_ROWS + 100)
        .map_err(|error| {
            field_error(
                "file",
                format!("{}: {error}", crate::model::messages::excerpt(name)),
            )
        })?;
    Ok(success(
        commands(state, context).import_actuals(folio, &import, &rows, dry_run)?,
    ))
}
