//! Workbooks out (extension): `GET /folio/{id}/export.xlsx` and `GET /portfolio/{id}/export.xlsx`.
//! The content is the use cases' (`crate::usecase::workbooks`), the file the host's
//! ([`crate::sheets::SpreadsheetFiles`]).

use super::lines::group_by;
use super::portfolios::portfolio_read;
use super::reports::folio_read;
use super::responses::{attachment, message_error, Outcome};

use crate::api::http::{Context, Request, Response};
use crate::model::budgeting::LineGrouping;
use crate::sheets::Workbook;
use crate::state::State;

/// The media type of an XLSX file.
pub(super) const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// The answer where the host writes no spreadsheet files (the planner's sandbox).
fn online_only() -> Response {
    message_error(
        501,
        "Workbooks are written by the server: export while online",
    )
}

/// The host's spreadsheet files; 501 where it has none.
fn files(context: &Context) -> Result<&crate::sheets::Spreadsheets, Response> {
    context.spreadsheets.as_ref().ok_or_else(online_only)
}

/// `build`'s workbook. The planner's sandbox (wasm32) writes no files: the workbook is not built
/// there, and its code stays out of the wasm module.
#[cfg(not(target_arch = "wasm32"))]
fn built(build: impl FnOnce() -> crate::usecase::Result<Workbook>) -> Result<Workbook, Response> {
    Ok(build()?)
}

/// `build`'s workbook. The planner's sandbox (wasm32) writes no files: the workbook is not built
/// there, and its code stays out of the wasm module.
#[cfg(target_arch = "wasm32")]
fn built(_: impl FnOnce() -> crate::usecase::Result<Workbook>) -> Result<Workbook, Response> {
    Err(online_only())
}

/// `book` as a file to save, named by its stem, written by `files`.
fn file(files: &crate::sheets::Spreadsheets, book: &Workbook) -> Outcome {
    let body = files.0.write(book).map_err(|error| {
        message_error(500, format!("The workbook could not be written: {error}"))
    })?;
    Ok(attachment(XLSX, &format!("{}.xlsx", book.file_stem), body))
}

/// `GET /budgets/1/folio/{id}/export.xlsx?asOf=&groupBy=` (extension): the folio's workbook,
/// its lines grouped by category unless `groupBy` says otherwise.
pub(super) fn folio_workbook(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    folio_read(state, request, context, id, |queries, folio, as_of| {
        let grouping = group_by(request, LineGrouping::Category)?;
        let files = files(context)?;
        let book = built(|| queries.folio_workbook(folio, as_of, grouping))?;
        file(files, &book)
    })
}

/// `GET /budgets/1/portfolio/{id}/export.xlsx?asOf=` (extension): the portfolio's workbook.
pub(super) fn portfolio_workbook(
    state: &State,
    request: &Request,
    context: &Context,
    id: &str,
) -> Outcome {
    portfolio_read(state, request, context, id, |queries, id, as_of| {
        let files = files(context)?;
        let book = built(|| queries.portfolio_workbook(id, as_of))?;
        file(files, &book)
    })
}
