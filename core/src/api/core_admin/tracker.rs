//! The rows of what the tracker feeds: projects, saved filters and worklogs (a worklog's deletion
//! feeds the audit, S12).

#[cfg(feature = "schema")]
use super::documented::*;
use super::handlers::*;
use super::{change, get, Route};
use crate::api::operation_doc::described;
use crate::api::reply::{core_answer, done, named_body, named_id, read_body, shown};
use crate::usecase::admin::{AdminRecord, WorklogsOf};

/// The rows, in the order a request meets them.
pub(super) const ROUTES: &[Route] = &[
    get(
        "/core/3/projects",
        |queries, request, web, _| {
            let projects = queries.projects().into_iter();
            web.page(request, projects.map(|p| web.project(p)).collect())
        },
        described!(ext("List tracker projects")
            .query(PAGE)
            .answers(ok(of::<PagedList<Project>>))),
    ),
    get(
        "/core/3/saved-filters",
        |queries, request, web, _| {
            let filters = queries.saved_filters().into_iter();
            web.page(request, filters.map(|f| web.filter(f)).collect())
        },
        described!(ext("List saved filters")
            .query(PAGE)
            .answers(ok(of::<PagedList<SavedFilter>>))),
    ),
    get(
        "/core/3/worklogs",
        |queries, request, web, _| worklogs(queries, request, web, WorklogsOf::All),
        described!(ext("List worklogs")
            .query([
                WORKLOGS[0],
                WORKLOGS[1],
                query(
                    "updatedFrom",
                    "string",
                    "Worklogs changed at or after this time",
                ),
                query(
                    "project",
                    "integer",
                    "Only worklogs of this project (repeatable)",
                ),
                PAGE[0],
                PAGE[1],
            ])
            .answers(ok(of::<PagedList<Worklog>>))),
    ),
    get(
        "/core/3/worklogs/tracker/{id}",
        |queries, _, web, holes| {
            let id = holes.first();
            let id = named_id(id, AdminRecord::Worklog)?;
            shown(queries.worklog_by_tracker(id), |w| web.worklog(w))
        },
        described!(ext("Get a worklog by its tracker id").answers(ok(of::<Worklog>))),
    ),
    get(
        "/core/3/worklogs/project/{key}",
        |queries, request, web, holes| {
            let key = holes.first();
            let project = core_answer(queries.project_by_key(key))?.id;
            worklogs(queries, request, web, WorklogsOf::Project(project))
        },
        described!(ext("Worklogs of a project")
            .query(WORKLOGS)
            .answers(ok(of::<PagedList<Worklog>>))),
    ),
    get(
        "/core/3/worklogs/user/{key}",
        |queries, request, web, holes| {
            let account = holes.first();
            worklogs(queries, request, web, WorklogsOf::User(account))
        },
        described!(ext("Worklogs of a user")
            .query(WORKLOGS)
            .answers(ok(of::<PagedList<Worklog>>))),
    ),
    get(
        "/core/3/worklogs/issue/{key}",
        |queries, request, web, holes| {
            let key = holes.first();
            worklogs(queries, request, web, WorklogsOf::Issue(key))
        },
        described!(ext("Worklogs of an issue")
            .query(WORKLOGS)
            .answers(ok(of::<PagedList<Worklog>>))),
    ),
    get(
        "/core/3/worklogs/{id}",
        |queries, _, web, holes| {
            let id = holes.first();
            let id = named_id(id, AdminRecord::Worklog)?;
            shown(queries.worklog(id), |w| web.worklog(w))
        },
        described!(ext("Get a worklog").answers(ok(of::<Worklog>))),
    ),
    change(
        "PUT",
        "/core/3/projects/{id}",
        |commands, request, web, holes| {
            let id = holes.first();
            named_id(id, AdminRecord::Project).and_then(|id| {
                let project = commands.put_project(id, read_body(request)?);
                shown(project, |p| web.project(&p))
            })
        },
        described!(ext("Create or update a tracker project")
            .body(of::<ProjectRequest>)
            .answers(ok(of::<Project>))),
    ),
    change(
        "PUT",
        "/core/3/saved-filters/{id}",
        |commands, request, web, holes| {
            let id = holes.first();
            named_id(id, AdminRecord::SavedFilter).and_then(|id| {
                let filter = commands.put_saved_filter(id, read_body(request)?);
                shown(filter, |f| web.filter(&f))
            })
        },
        described!(ext("Create or update a saved filter")
            .body(of::<SavedFilterRequest>)
            .answers(ok(of::<SavedFilter>))),
    ),
    change(
        "POST",
        "/core/3/worklogs",
        |commands, request, web, _| {
            read_body(request)
                .and_then(|body| shown(commands.create_worklog(body), |w| web.worklog(&w)))
        },
        described!(ext("Create a worklog")
            .body(of::<WorklogRequest>)
            .answers(ok(of::<Worklog>))),
    ),
    change(
        "PUT",
        "/core/3/worklogs/{id}",
        |commands, request, web, holes| {
            let id = holes.first();
            named_body(request, id, AdminRecord::Worklog, |id| {
                commands.queries().worklog(id)
            })
            .and_then(|(id, body)| shown(commands.update_worklog(id, body), |w| web.worklog(&w)))
        },
        described!(ext("Update a worklog")
            .body(of::<WorklogRequest>)
            .answers(ok(of::<Worklog>))),
    ),
    change(
        "DELETE",
        "/core/3/worklogs/{id}",
        |commands, _, _, holes| {
            let id = holes.first();
            named_id(id, AdminRecord::Worklog).and_then(|id| done(commands.delete_worklog(id)))
        },
        described!(ext("Delete a worklog (feeds the audit)")),
    ),
];
