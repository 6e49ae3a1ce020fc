//! The core extensions of extensions.md, the routing table: holidays of a scheme, scheme members,
//! workload schemes, tracker projects, saved filters and worklogs. A route parses and renders;
//! the use cases (`usecase::admin`) decide, a worklog's deletion feeding the audit (S12).

use super::http::{Request, Response};
use super::reply::{
    body_for, core_answer, core_error, done, named_body, named_id, path_id, read_body,
    refused_as_unread, shown, Outcome, Unread,
};
use super::web::Web;
use crate::usecase::admin::{AdminRecord, Calendar, WorklogFilter, WorklogsOf};
use crate::usecase::{Commands, Queries};
use crate::value::Date;

/// Routes an extension read on a shared state; `NotARead` when the path is not one of them.
pub(super) fn read_route(
    queries: &Queries<'_>,
    request: &Request,
    web: &Web<'_>,
    segments: &[&str],
) -> Result<Response, Unread> {
    let state = queries.state();
    let method = request.method.as_str();
    let outcome = match (method, segments) {
        ("GET", ["holiday-schemes", "users", account]) => {
            shown(queries.holiday_scheme_of(account), |s| web.scheme(s))
        }
        ("GET", ["holiday-schemes", id, "holidays"]) => holidays(queries, request, web, id),
        ("GET", ["holiday-schemes", id, "holidays", holiday]) => {
            let (scheme, holiday) = holiday_ids(queries, id, holiday)?;
            shown(queries.holiday(scheme, holiday), |h| web.holiday(h))
        }
        ("GET", ["holiday-schemes", id, "members"]) => {
            let id = named_id(id, AdminRecord::HolidayScheme)?;
            web.listed(request, queries.holiday_scheme_members(id), |m| {
                web.member(m)
            })
        }
        ("GET", ["workload-schemes"]) => {
            let schemes = queries.workload_schemes().into_iter();
            web.page(request, schemes.map(|s| web.workload(s)).collect())
        }
        ("GET", ["workload-schemes", "users", account]) => {
            shown(queries.workload_scheme_of(account), |s| web.workload(s))
        }
        ("GET", ["workload-schemes", id]) => {
            let id = named_id(id, AdminRecord::WorkloadScheme)?;
            shown(queries.workload_scheme(id), |s| web.workload(s))
        }
        ("GET", ["workload-schemes", id, "members"]) => {
            let id = named_id(id, AdminRecord::WorkloadScheme)?;
            web.listed(request, queries.workload_scheme_members(id), |m| {
                web.member(m)
            })
        }
        ("GET", ["projects"]) => {
            let projects = queries.projects().into_iter();
            web.page(request, projects.map(|p| web.project(p)).collect())
        }
        ("GET", ["saved-filters"]) => {
            let filters = queries.saved_filters().into_iter();
            web.page(request, filters.map(|f| web.filter(f)).collect())
        }
        ("GET", ["account-links", "project", key]) => {
            let links = Ok(queries.project_links(key));
            web.listed(request, links, |(link, account)| {
                web.project_link(state, link, account)
            })
        }
        ("GET", ["worklogs"]) => worklogs(queries, request, web, WorklogsOf::All),
        ("GET", ["worklogs", "tracker", id]) => {
            let id = named_id(id, AdminRecord::Worklog)?;
            shown(queries.worklog_by_tracker(id), |w| web.worklog(w))
        }
        ("GET", ["worklogs", "project", key]) => {
            let project = core_answer(queries.project_by_key(key))?.id;
            worklogs(queries, request, web, WorklogsOf::Project(project))
        }
        ("GET", ["worklogs", "user", account]) => {
            worklogs(queries, request, web, WorklogsOf::User(account))
        }
        ("GET", ["worklogs", "issue", key]) => {
            worklogs(queries, request, web, WorklogsOf::Issue(key))
        }
        ("GET", ["worklogs", id]) => {
            let id = named_id(id, AdminRecord::Worklog)?;
            shown(queries.worklog(id), |w| web.worklog(w))
        }
        _ => return Err(Unread::NotARead),
    };
    refused_as_unread(outcome)
}

/// Routes an extension change, or `None` when the path is not one of them.
pub(super) fn route(
    commands: &mut Commands<'_>,
    request: &Request,
    web: &Web<'_>,
    segments: &[&str],
) -> Option<Outcome> {
    let method = request.method.as_str();
    let outcome = match (method, segments) {
        ("POST", ["holiday-schemes", id, "holidays"]) => scheme_body(commands, request, id)
            .and_then(|(scheme, body)| {
                shown(commands.create_holiday(scheme, body), |h| web.holiday(&h))
            }),
        ("PUT", ["holiday-schemes", id, "holidays", holiday]) => {
            holiday_ids(&commands.queries(), id, holiday).and_then(|(scheme, id)| {
                let body = body_for(commands.queries().holiday(scheme, id), request)?;
                shown(commands.update_holiday(scheme, id, body), |h| {
                    web.holiday(&h)
                })
            })
        }
        ("DELETE", ["holiday-schemes", id, "holidays", holiday]) => {
            holiday_ids(&commands.queries(), id, holiday)
                .and_then(|(scheme, id)| done(commands.delete_holiday(scheme, id)))
        }
        ("POST", ["holiday-schemes", id, "members"]) => scheme_body(commands, request, id)
            .and_then(|(scheme, body)| {
                done(commands.set_scheme_members(Calendar::Holidays, scheme, body))
            }),
        ("POST", ["workload-schemes"]) => read_body(request)
            .and_then(|body| shown(commands.create_workload_scheme(body), |s| web.workload(&s))),
        ("PUT", ["workload-schemes", id]) => {
            workload_body(commands, request, id).and_then(|(id, body)| {
                shown(commands.update_workload_scheme(id, body), |s| {
                    web.workload(&s)
                })
            })
        }
        ("DELETE", ["workload-schemes", id]) => named_id(id, AdminRecord::WorkloadScheme)
            .and_then(|id| done(commands.delete_scheme(Calendar::Workload, id))),
        ("PUT", ["workload-schemes", id, "default"]) => named_id(id, AdminRecord::WorkloadScheme)
            .and_then(|id| done(commands.set_default_scheme(Calendar::Workload, id))),
        ("POST", ["workload-schemes", id, "members"]) => workload_body(commands, request, id)
            .and_then(|(id, body)| done(commands.set_scheme_members(Calendar::Workload, id, body))),
        ("PUT", ["projects", id]) => named_id(id, AdminRecord::Project).and_then(|id| {
            let project = commands.put_project(id, read_body(request)?);
            shown(project, |p| web.project(&p))
        }),
        ("PUT", ["saved-filters", id]) => named_id(id, AdminRecord::SavedFilter).and_then(|id| {
            let filter = commands.put_saved_filter(id, read_body(request)?);
            shown(filter, |f| web.filter(&f))
        }),
        ("POST", ["worklogs"]) => read_body(request)
            .and_then(|body| shown(commands.create_worklog(body), |w| web.worklog(&w))),
        ("PUT", ["worklogs", id]) => named_body(request, id, AdminRecord::Worklog, |id| {
            commands.queries().worklog(id)
        })
        .and_then(|(id, body)| shown(commands.update_worklog(id, body), |w| web.worklog(&w))),
        ("DELETE", ["worklogs", id]) => {
            named_id(id, AdminRecord::Worklog).and_then(|id| done(commands.delete_worklog(id)))
        }
        _ => return None,
    };
    Some(outcome)
}

/// Whether the path names an extension resource (for 405 rather than 404).
pub(super) fn known_path(segments: &[&str]) -> bool {
    matches!(
        segments,
        ["workload-schemes", ..] | ["projects", ..] | ["saved-filters", ..] | ["worklogs", ..]
    )
}

/// The ids of a holiday scheme and of its holiday a path names: the scheme's 404 first (also for
/// text that is no id), then the holiday's.
fn holiday_ids(queries: &Queries<'_>, scheme: &str, holiday: &str) -> Result<(u64, u64), Response> {
    let scheme = named_id(scheme, AdminRecord::HolidayScheme)?;
    core_answer(queries.holiday_scheme(scheme))?;
    Ok((scheme, named_id(holiday, AdminRecord::Holiday)?))
}

/// The holiday scheme a path names and the body of a change of it, read once the scheme is there.
fn scheme_body<T: serde::de::DeserializeOwned>(
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
fn workload_body<T: serde::de::DeserializeOwned>(
    commands: &Commands<'_>,
    request: &Request,
    id: &str,
) -> Result<(u64, T), Response> {
    named_body(request, id, AdminRecord::WorkloadScheme, |id| {
        commands.queries().workload_scheme(id)
    })
}

/// `GET /holiday-schemes/{id}/holidays?year=`: the scheme's 404 first, then the year.
fn holidays(queries: &Queries<'_>, request: &Request, web: &Web<'_>, id: &str) -> Outcome {
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

fn date_param(request: &Request, name: &str) -> Result<Option<Date>, Response> {
    request
        .param_value(name)
        .map(|text| Date::parse(text).map_err(|e| core_error(400, &format!("{name}: {e}"))))
        .transpose()
}

/// A page of the worklogs `of` whom the parameters keep (`from`, `to`, `updatedFrom`, `project`).
fn worklogs(
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
