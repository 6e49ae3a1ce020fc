//! What several rows of the core administration interface share: a list's `id` parameter, the
//! accounts' list, the holidays of a scheme, the ids and bodies of a scheme's changes, the pages
//! of worklogs and their filter.

use crate::api::http::{Request, Response};
use crate::api::reply::{
    core_answer, core_error, core_refusal, named_body, named_id, path_id, Outcome,
};
use crate::api::web::Web;
use crate::model::core_admin::AccountStatus;
use crate::usecase::admin::{id_parameter, AccountIds, AdminRecord, WorklogFilter, WorklogsOf};
use crate::usecase::{Commands, Queries};
use crate::value::Date;

/// The `id` parameter of a list that may be narrowed to one record.
pub(super) fn optional_id(request: &Request) -> Result<Option<u64>, Response> {
    request
        .param_value("id")
        .map(id_parameter)
        .transpose()
        .map_err(core_refusal)
}

/// `GET /accounts`: by `id` (S10.3), else every account or those of one `status`.
pub(super) fn list_accounts(queries: &Queries<'_>, request: &Request, web: &Web<'_>) -> Outcome {
    let ids: Vec<&str> = request.params("id").collect();
    let accounts = if ids.is_empty() {
        let status = request.param_value("status").map(|text| {
            let status = crate::json::Value::from(text);
            crate::model::from_value::<AccountStatus>(status).map_err(|_| {
                let message = format!("status must be OPEN, CLOSED or ARCHIVED, got {text:?}");
                core_error(400, &message)
            })
        });
        queries.accounts(status.transpose()?)
    } else {
        core_answer(queries.accounts_by_id(AccountIds {
            ids: &ids,
            with_other_parameters: request.query.iter().any(|(name, _)| name != "id"),
        }))?
    };
    let state = queries.state();
    web.listed(request, Ok(accounts), |a| web.account(state, a))
}

/// The ids of a holiday scheme and of its holiday a path names: the scheme's 404 first (also for
/// text that is no id), then the holiday's.
pub(super) fn holiday_ids(
    queries: &Queries<'_>,
    scheme: &str,
    holiday: &str,
) -> Result<(u64, u64), Response> {
    let scheme = named_id(scheme, AdminRecord::HolidayScheme)?;
    core_answer(queries.holiday_scheme(scheme))?;
    Ok((scheme, named_id(holiday, AdminRecord::Holiday)?))
}

/// The holiday scheme a path names and the body of a change of it, read once the scheme is there.
pub(super) fn scheme_body<T: serde::de::DeserializeOwned>(
    commands: &Commands<'_>,
    request: &Request,
    id: &str,
) -> Result<(u64, T), Response> {
    named_body(request, id, AdminRecord::HolidayScheme, |id| {
        commands.queries().holiday_scheme(id)
    })
}

/// The workload scheme a path names and the body of a change of it, read once the scheme is
/// there.
pub(super) fn workload_body<T: serde::de::DeserializeOwned>(
    commands: &Commands<'_>,
    request: &Request,
    id: &str,
) -> Result<(u64, T), Response> {
    named_body(request, id, AdminRecord::WorkloadScheme, |id| {
        commands.queries().workload_scheme(id)
    })
}

/// `GET /holiday-schemes/{id}/holidays?year=`: the scheme's 404 first, then the year.
pub(super) fn holidays(
    queries: &Queries<'_>,
    request: &Request,
    web: &Web<'_>,
    id: &str,
) -> Outcome {
    let scheme = named_id(id, AdminRecord::HolidayScheme)?;
    core_answer(queries.holiday_scheme(scheme))?;
    let year = match request.param_value("year") {
        None => None,
        Some(text) => Some(
            text.parse::<i32>()
                .ok()
                .filter(|y| (1..=9999).contains(y))
                .ok_or_else(|| {
                    core_error(400, &format!("year must be from 1 to 9999, got {text:?}"))
                })?,
        ),
    };
    web.listed(request, queries.holidays(scheme, year), |h| web.holiday(&h))
}

pub(super) fn date_param(request: &Request, name: &str) -> Result<Option<Date>, Response> {
    request
        .param_value(name)
        .map(|text| Date::parse(text).map_err(|e| core_error(400, &format!("{name}: {e}"))))
        .transpose()
}

/// A page of the worklogs `of` whom the parameters keep (`from`, `to`, `updatedFrom`, `project`).
pub(super) fn worklogs(
    queries: &Queries<'_>,
    request: &Request,
    web: &Web<'_>,
    of: WorklogsOf<'_>,
) -> Outcome {
    let from = date_param(request, "from")?;
    let to = date_param(request, "to")?;
    let updated_from = match request.param_value("updatedFrom") {
        None => None,
        Some(text) => Some(crate::value::parse_date_or_date_time(text).ok_or_else(|| {
            core_error(
                400,
                &format!("updatedFrom {text:?} is neither yyyy-MM-dd nor yyyy-MM-ddTHH:mm:ss"),
            )
        })?),
    };
    let mut projects = Vec::new();
    for text in request.params("project") {
        projects.push(path_id(text).ok_or_else(|| {
            core_error(400, &format!("project must be a project id, got {text:?}"))
        })?);
    }
    let filter = WorklogFilter {
        from,
        to,
        updated_from,
        projects,
    };
    let worklogs = queries.worklogs(of, &filter).into_iter();
    web.page(request, worklogs.map(|w| web.worklog(w)).collect())
}
