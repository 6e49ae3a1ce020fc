//! The core extensions of extensions.md: holidays of a scheme, scheme members, workload schemes,
//! tracker projects, saved filters and worklogs (whose deletion feeds the audit, S12).

use super::audit::record_deletion;
use super::http::{Context, Request, Response};
use super::reply::{self, core_error, read_body, refused_as_unread, Unread};
use super::web::Web;
use crate::calendar::SECONDS_PER_DAY;
use crate::model::core_admin::{AccountLinkByProject, SelfLink, UserRef};
use crate::model::core_ext::{
    Holiday, HolidayRequest, IssueRef, Member, MembersRequest, Project, ProjectRequest,
    SavedFilter, SavedFilterRequest, WeekdayName, WorkloadDay, WorkloadScheme,
    WorkloadSchemeRequest, Worklog, WorklogRequest,
};
use crate::model::{messages, Id};
use crate::state::{
    AuditEventKind, Command, HolidayRecord, ProjectRecord, SavedFilterRecord, State,
    WorkloadSchemeRecord, WorklogRecord, DEFAULT_HOLIDAY_SCHEME, DEFAULT_WORKLOAD_SCHEME,
};
use crate::value::{Date, UtcTimestamp};

type Outcome = Result<Response, Response>;

/// Routes an extension read on a shared state; `NotARead` when the path is not one of them.
pub(super) fn read_route(
    state: &State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Result<Response, Unread> {
    let web = Web { context };
    let method = request.method.as_str();
    match (method, segments) {
        ("GET", ["holiday-schemes", "users", account]) => refused_as_unread({
            let scheme = state
                .holiday_schemes
                .values()
                .find(|s| s.members.iter().any(|m| m == account))
                .or_else(|| state.holiday_schemes.values().find(|s| s.default_scheme))
                .or_else(|| state.holiday_schemes.get(&DEFAULT_HOLIDAY_SCHEME));
            match scheme {
                Some(scheme) => Ok(reply::ok(200, &web.scheme(scheme))),
                None => Err(core_error(404, messages::HOLIDAY_SCHEME_NOT_FOUND)),
            }
        }),
        ("GET", ["holiday-schemes", id, "holidays"]) => {
            refused_as_unread(list_holidays(state, request, &web, id))
        }
        ("GET", ["holiday-schemes", id, "holidays", holiday]) => refused_as_unread({
            find_holiday(state, id, holiday).map(|h| reply::ok(200, &holiday_json(&web, h)))
        }),
        ("GET", ["holiday-schemes", id, "members"]) => {
            refused_as_unread(scheme_id(state, id).map(|id| {
                let members = state
                    .holiday_schemes
                    .get(&id)
                    .map(|s| s.members.clone())
                    .unwrap_or_default();
                reply::ok(200, &web.list(request, members_json(&web, &members)))
            }))
        }
        ("GET", ["workload-schemes"]) => refused_as_unread({
            let schemes: Vec<WorkloadScheme> = state
                .workload_schemes
                .values()
                .map(|s| workload_json(&web, s))
                .collect();
            web.page(request, schemes)
        }),
        ("GET", ["workload-schemes", "users", account]) => refused_as_unread({
            let scheme = state
                .workload_schemes
                .values()
                .find(|s| s.members.iter().any(|m| m == account))
                .or_else(|| state.workload_schemes.values().find(|s| s.default_scheme))
                .or_else(|| state.workload_schemes.get(&DEFAULT_WORKLOAD_SCHEME));
            match scheme {
                Some(scheme) => Ok(reply::ok(200, &workload_json(&web, scheme))),
                None => Err(core_error(404, WORKLOAD_NOT_FOUND)),
            }
        }),
        ("GET", ["workload-schemes", id]) => refused_as_unread(
            workload_id(state, id)
                .map(|id| reply::ok(200, &workload_json(&web, &state.workload_schemes[&id]))),
        ),
        ("GET", ["workload-schemes", id, "members"]) => {
            refused_as_unread(workload_id(state, id).map(|id| {
                let members = state.workload_schemes[&id].members.clone();
                reply::ok(200, &web.list(request, members_json(&web, &members)))
            }))
        }
        ("GET", ["projects"]) => refused_as_unread({
            let projects: Vec<Project> = state
                .projects
                .values()
                .map(|p| project_json(&web, p))
                .collect();
            web.page(request, projects)
        }),
        ("GET", ["account-links", "project", key]) => refused_as_unread({
            let project = state
                .projects
                .values()
                .find(|p| p.key.as_str() == *key)
                .map(|p| p.id);
            let links: Vec<AccountLinkByProject> = state
                .links
                .values()
                .filter(|l| Some(l.project_id) == project)
                .filter_map(|l| {
                    let account = state.accounts.get(&l.account_id)?;
                    Some(AccountLinkByProject {
                        self_: web.url(&format!("/account-links/{}", l.id)),
                        id: Id::new(l.id),
                        scope: SelfLink {
                            self_: web.url(&format!("/projects/{}", l.project_id)),
                        },
                        account: web.account(state, account),
                    })
                })
                .collect();
            Ok(reply::ok(200, &web.list(request, links)))
        }),
        ("GET", ["worklogs"]) => refused_as_unread(list_worklogs(state, request, &web, |_| true)),
        ("GET", ["worklogs", "tracker", id]) => refused_as_unread({
            let id = path_id(id);
            find_worklog(state, |w| Some(w.tracker_id) == id)
                .map(|w| reply::ok(200, &worklog_json(&web, w)))
        }),
        ("GET", ["worklogs", "project", key]) => refused_as_unread({
            let project = state
                .projects
                .values()
                .find(|p| p.key.as_str() == *key)
                .map(|p| p.id);
            match project {
                Some(project) => list_worklogs(state, request, &web, |w| w.project_id == project),
                None => Err(core_error(404, PROJECT_NOT_FOUND)),
            }
        }),
        ("GET", ["worklogs", "user", account]) => {
            refused_as_unread(list_worklogs(state, request, &web, |w| {
                w.author == *account
            }))
        }
        ("GET", ["worklogs", "issue", key]) => {
            refused_as_unread(list_worklogs(state, request, &web, |w| w.issue_key == *key))
        }
        ("GET", ["worklogs", id]) => refused_as_unread({
            let id = path_id(id);
            find_worklog(state, |w| Some(w.id) == id)
                .map(|w| reply::ok(200, &worklog_json(&web, w)))
        }),
        _ => Err(Unread::NotARead),
    }
}

/// Routes an extension request, or `None` when the path is not one of them.
pub(super) fn route(
    state: &mut State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Option<Outcome> {
    let web = Web { context };
    let method = request.method.as_str();
    let outcome = match (method, segments) {
        ("POST", ["holiday-schemes", id, "holidays"]) => put_holiday(state, request, &web, id, None),
        ("PUT", ["holiday-schemes", id, "holidays", holiday]) => {
            match find_holiday(state, id, holiday).map(|h| h.id) {
                Ok(holiday) => put_holiday(state, request, &web, id, Some(holiday)),
                Err(response) => Err(response),
            }
        }
        ("DELETE", ["holiday-schemes", id, "holidays", holiday]) => {
            find_holiday(state, id, holiday).map(|h| h.id).map(|holiday| {
                state.apply(Command::DeleteHoliday(holiday));
                Response::empty(204)
            })
        }
        ("POST", ["holiday-schemes", id, "members"]) => scheme_id(state, id).and_then(|scheme| {
            let body: MembersRequest = read_body(request)?;
            state.apply(Command::SetHolidaySchemeMembers { scheme, account_ids: body.account_ids });
            Ok(Response::empty(204))
        }),
        ("POST", ["workload-schemes"]) => put_workload(state, request, &web, None),
        ("PUT", ["workload-schemes", id]) => match workload_id(state, id) {
            Ok(id) => put_workload(state, request, &web, Some(id)),
            Err(response) => Err(response),
        },
        ("DELETE", ["workload-schemes", id]) => workload_id(state, id).and_then(|id| {
            if state.workload_schemes[&id].default_scheme {
                return Err(core_error(400, "The default workload scheme cannot be deleted; make another scheme the default first"));
            }
            state.apply(Command::DeleteWorkloadScheme(id));
            Ok(Response::empty(204))
        }),
        ("PUT", ["workload-schemes", id, "default"]) => workload_id(state, id).map(|id| {
            state.apply(Command::SetDefaultWorkloadScheme(id));
            Response::empty(204)
        }),
        ("POST", ["workload-schemes", id, "members"]) => workload_id(state, id).and_then(|scheme| {
            let body: MembersRequest = read_body(request)?;
            state.apply(Command::SetWorkloadSchemeMembers { scheme, account_ids: body.account_ids });
            Ok(Response::empty(204))
        }),
        ("PUT", ["projects", id]) => path_id(id).ok_or_else(|| core_error(404, PROJECT_NOT_FOUND)).and_then(|id| {
            let body: ProjectRequest = read_body(request)?;
            if state.projects.values().any(|p| p.key == body.key && p.id != id) {
                return Err(core_error(400, &format!("A project with key {:?} already exists", body.key.as_str())));
            }
            let record = ProjectRecord { id, key: body.key, name: body.name };
            state.apply(Command::PutProject(record.clone()));
            Ok(reply::ok(200, &project_json(&web, &record)))
        }),
        ("PUT", ["saved-filters", id]) => path_id(id).ok_or_else(|| core_error(404, "Saved filter not found")).and_then(|id| {
            let body: SavedFilterRequest = read_body(request)?;
            if let Some(unknown) = body.project_ids.iter().find(|p| !state.projects.contains_key(&p.get())) {
                return Err(core_error(400, &format!("Project {unknown} does not exist")));
            }
            let record = SavedFilterRecord { id, name: body.name, project_ids: body.project_ids.iter().map(|p| p.get()).collect() };
            state.apply(Command::PutSavedFilter(record.clone()));
            Ok(reply::ok(200, &filter_json(&web, &record)))
        }),
        ("POST", ["worklogs"]) => put_worklog(state, request, &web, None),
        ("PUT", ["worklogs", id]) => {
            let id = path_id(id);
            match find_worklog(state, |w| Some(w.id) == id).map(|w| w.id) {
                Ok(id) => put_worklog(state, request, &web, Some(id)),
                Err(response) => Err(response),
            }
        }
        ("DELETE", ["worklogs", id]) => {
            let id = path_id(id);
            find_worklog(state, |w| Some(w.id) == id).map(|w| (w.id, w.tracker_id)).map(|(id, tracker)| {
                state.apply(Command::DeleteWorklog(id));
                record_deletion(state, AuditEventKind::Worklog { service_worklog_id: id, tracker_worklog_id: tracker }, context);
                Response::empty(204)
            })
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

const WORKLOAD_NOT_FOUND: &str = "Workload scheme not found";
const PROJECT_NOT_FOUND: &str = "Project not found";
const WORKLOG_NOT_FOUND: &str = "Worklog not found";
const HOLIDAY_NOT_FOUND: &str = "Holiday not found";

fn path_id(text: &str) -> Option<u64> {
    text.parse::<Id>().ok().map(Id::get)
}

fn scheme_id(state: &State, id: &str) -> Result<u64, Response> {
    path_id(id)
        .filter(|id| state.holiday_schemes.contains_key(id))
        .ok_or_else(|| core_error(404, messages::HOLIDAY_SCHEME_NOT_FOUND))
}

fn workload_id(state: &State, id: &str) -> Result<u64, Response> {
    path_id(id)
        .filter(|id| state.workload_schemes.contains_key(id))
        .ok_or_else(|| core_error(404, WORKLOAD_NOT_FOUND))
}

fn find_holiday<'s>(
    state: &'s State,
    scheme: &str,
    id: &str,
) -> Result<&'s HolidayRecord, Response> {
    let scheme = scheme_id(state, scheme)?;
    path_id(id)
        .and_then(|id| state.holidays.get(&id))
        .filter(|h| h.scheme_id == scheme)
        .ok_or_else(|| core_error(404, HOLIDAY_NOT_FOUND))
}

fn find_worklog(
    state: &State,
    matches: impl Fn(&WorklogRecord) -> bool,
) -> Result<&WorklogRecord, Response> {
    state
        .worklogs
        .values()
        .find(|w| matches(w))
        .ok_or_else(|| core_error(404, WORKLOG_NOT_FOUND))
}

fn holiday_json(web: &Web<'_>, record: &HolidayRecord) -> Holiday {
    Holiday {
        self_: web.url(&format!(
            "/holiday-schemes/{}/holidays/{}",
            record.scheme_id, record.id
        )),
        id: Id::new(record.id),
        scheme_id: Id::new(record.scheme_id),
        holiday_type: record.kind,
        name: record.name.clone(),
        description: record.description.clone(),
        duration_seconds: record.duration_seconds,
        date: record.date,
    }
}

fn members_json(web: &Web<'_>, members: &[String]) -> Vec<Member> {
    members
        .iter()
        .map(|m| Member {
            self_: web.url(&format!("/users/{m}")),
            account_id: m.clone(),
        })
        .collect()
}

fn workload_json(web: &Web<'_>, record: &WorkloadSchemeRecord) -> WorkloadScheme {
    WorkloadScheme {
        self_: web.url(&format!("/workload-schemes/{}", record.id)),
        id: Id::new(record.id),
        name: record.name.clone(),
        description: record.description.clone(),
        default_scheme: record.default_scheme,
        member_count: record.members.len() as u64,
        days: WeekdayName::ALL
            .iter()
            .map(|&day| WorkloadDay {
                day,
                required_seconds: record.seconds[day.index()],
            })
            .collect(),
    }
}

fn project_json(web: &Web<'_>, record: &ProjectRecord) -> Project {
    Project {
        self_: web.url(&format!("/projects/{}", record.id)),
        id: Id::new(record.id),
        key: record.key.clone(),
        name: record.name.clone(),
    }
}

fn filter_json(web: &Web<'_>, record: &SavedFilterRecord) -> SavedFilter {
    SavedFilter {
        self_: web.url(&format!("/saved-filters/{}", record.id)),
        id: Id::new(record.id),
        name: record.name.clone(),
        project_ids: record.project_ids.iter().map(|&p| Id::new(p)).collect(),
    }
}

fn worklog_json(web: &Web<'_>, record: &WorklogRecord) -> Worklog {
    Worklog {
        self_: web.url(&format!("/worklogs/{}", record.id)),
        service_worklog_id: Id::new(record.id),
        tracker_worklog_id: Id::new(record.tracker_id),
        issue: IssueRef {
            self_: web.url(&format!("/issues/{}", record.issue_key)),
            key: record.issue_key.clone(),
        },
        time_spent_seconds: record.seconds,
        billable_seconds: record.billable_seconds,
        start_date: record.start_date,
        start_time: record.start_time.clone(),
        description: record.description.clone(),
        created_at: record.created_at,
        updated_at: record.updated_at,
        author: UserRef {
            self_: web.url(&format!("/users/{}", record.author)),
            account_id: record.author.clone(),
        },
    }
}

fn list_holidays(state: &State, request: &Request, web: &Web<'_>, id: &str) -> Outcome {
    let scheme = scheme_id(state, id)?;
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
    // S3.2: a FIXED holiday falls every year on its month and day (Feb 29 only in leap years), so
    // a year's list shows it on that year's date; a FLOATING one only in its own year.
    let holidays: Vec<Holiday> = state
        .holidays
        .values()
        .filter(|h| h.scheme_id == scheme)
        .filter_map(|h| {
            let date = match (year, h.kind) {
                (None, _) => h.date,
                (Some(year), crate::calendar::HolidayKind::Fixed) => {
                    let day = h.date.naive();
                    let moved = chrono::NaiveDate::from_ymd_opt(
                        year,
                        chrono::Datelike::month(&day),
                        chrono::Datelike::day(&day),
                    )?;
                    crate::value::Date::from_naive(moved)
                }
                (Some(year), crate::calendar::HolidayKind::Floating) => {
                    if chrono::Datelike::year(&h.date.naive()) != year {
                        return None;
                    }
                    h.date
                }
            };
            let mut shown = holiday_json(web, h);
            shown.date = date;
            Some(shown)
        })
        .collect();
    Ok(reply::ok(200, &web.list(request, holidays)))
}

fn put_holiday(
    state: &mut State,
    request: &Request,
    web: &Web<'_>,
    scheme: &str,
    id: Option<u64>,
) -> Outcome {
    let scheme = scheme_id(state, scheme)?;
    let body: HolidayRequest = read_body(request)?;
    if !(1..=SECONDS_PER_DAY).contains(&body.duration_seconds) {
        return Err(core_error(
            400,
            &format!(
                "durationSeconds: durationSeconds must be from 1 to 86400, got {}",
                body.duration_seconds
            ),
        ));
    }
    let record = HolidayRecord {
        id: id.unwrap_or_else(|| state.counters.next(crate::state::IdKind::Holiday)),
        scheme_id: scheme,
        kind: body.holiday_type,
        name: body.name,
        description: body.description,
        duration_seconds: body.duration_seconds,
        date: body.date,
    };
    state.apply(Command::PutHoliday(record.clone()));
    Ok(reply::ok(200, &holiday_json(web, &record)))
}

fn put_workload(state: &mut State, request: &Request, web: &Web<'_>, id: Option<u64>) -> Outcome {
    let body: WorkloadSchemeRequest = read_body(request)?;
    let mut seconds = [None; 7];
    for day in &body.days {
        if day.required_seconds > SECONDS_PER_DAY {
            return Err(core_error(
                400,
                &format!(
                    "days: requiredSeconds must be from 0 to 86400, got {}",
                    day.required_seconds
                ),
            ));
        }
        if seconds[day.day.index()]
            .replace(day.required_seconds)
            .is_some()
        {
            return Err(core_error(
                400,
                &format!("days: {:?} is given twice", day.day),
            ));
        }
    }
    let mut week = [0u32; 7];
    for (slot, given) in week.iter_mut().zip(seconds) {
        *slot = given.ok_or_else(|| {
            core_error(400, "days: every weekday from MONDAY to SUNDAY is required")
        })?;
    }
    if state
        .workload_schemes
        .values()
        .any(|s| Some(s.id) != id && s.name.as_str().eq_ignore_ascii_case(body.name.as_str()))
    {
        return Err(core_error(
            400,
            &format!(
                "A workload scheme named {:?} already exists",
                body.name.as_str()
            ),
        ));
    }
    let previous = id.and_then(|id| state.workload_schemes.get(&id));
    let record = WorkloadSchemeRecord {
        id: id.unwrap_or_else(|| state.counters.next(crate::state::IdKind::WorkloadScheme)),
        name: body.name,
        description: body.description,
        default_scheme: previous.is_some_and(|p| p.default_scheme),
        seconds: week,
        members: previous.map(|p| p.members.clone()).unwrap_or_default(),
    };
    state.apply(Command::PutWorkloadScheme(record.clone()));
    Ok(reply::ok(200, &workload_json(web, &record)))
}

/// The project of an issue key: the part before its last `-` (extensions.md).
fn project_of(state: &State, issue_key: &str) -> Result<u64, Response> {
    let prefix = issue_key.rsplit_once('-');
    match prefix {
        Some((prefix, number))
            if !prefix.is_empty()
                && !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit()) =>
        {
            state
                .projects
                .values()
                .find(|p| p.key.as_str() == prefix)
                .map(|p| p.id)
                .ok_or_else(|| {
                    core_error(
                        400,
                        &format!(
                            "issueKey: {issue_key:?} belongs to no known project ({prefix:?})"
                        ),
                    )
                })
        }
        _ => Err(core_error(
            400,
            &format!("issueKey: {issue_key:?} is not an issue key such as ABC-12"),
        )),
    }
}

fn put_worklog(state: &mut State, request: &Request, web: &Web<'_>, id: Option<u64>) -> Outcome {
    let body: WorklogRequest = read_body(request)?;
    let project_id = project_of(state, &body.issue_key)?;
    let start_time = body.start_time.unwrap_or_else(|| "00:00:00".into());
    if crate::value::parse_time_of_day(&start_time).is_none() {
        return Err(core_error(
            400,
            &format!("startTime: {start_time:?} is not a time in the form HH:mm:ss"),
        ));
    }
    if body.author_account_id.trim().is_empty() {
        return Err(core_error(400, "authorAccountId is required"));
    }
    let billable = body.billable_seconds.unwrap_or(body.time_spent_seconds);
    let now = UtcTimestamp::new(web.context.now);
    let previous = id.and_then(|id| state.worklogs.get(&id)).cloned();
    let tracker_id = match (body.tracker_worklog_id, &previous) {
        (Some(tracker), _) => {
            if state
                .worklogs
                .values()
                .any(|w| w.tracker_id == tracker.get() && Some(w.id) != id)
            {
                return Err(core_error(
                    400,
                    &format!("trackerWorklogId {tracker} belongs to another worklog"),
                ));
            }
            tracker.get()
        }
        (None, Some(previous)) => previous.tracker_id,
        (None, None) => state
            .counters
            .next(crate::state::IdKind::TrackerWorklog)
            .max(
                state
                    .worklogs
                    .values()
                    .map(|w| w.tracker_id + 1)
                    .max()
                    .unwrap_or(1),
            ),
    };
    let record = WorklogRecord {
        id: id.unwrap_or_else(|| state.counters.next(crate::state::IdKind::Worklog)),
        tracker_id,
        issue_key: body.issue_key,
        project_id,
        seconds: body.time_spent_seconds,
        billable_seconds: billable,
        start_date: body.start_date,
        start_time,
        description: body.description.unwrap_or_default(),
        author: body.author_account_id,
        created_at: previous.as_ref().map_or(now, |p| p.created_at),
        updated_at: now,
    };
    state.apply(Command::PutWorklog(record.clone()));
    Ok(reply::ok(200, &worklog_json(web, &record)))
}

fn date_param(request: &Request, name: &str) -> Result<Option<Date>, Response> {
    request
        .param_value(name)
        .map(|text| Date::parse(text).map_err(|e| core_error(400, &format!("{name}: {e}"))))
        .transpose()
}

fn list_worklogs(
    state: &State,
    request: &Request,
    web: &Web<'_>,
    keep: impl Fn(&WorklogRecord) -> bool,
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
    let worklogs: Vec<Worklog> = state
        .worklogs
        .values()
        .filter(|w| keep(w))
        .filter(|w| from.is_none_or(|f| w.start_date >= f) && to.is_none_or(|t| w.start_date <= t))
        .filter(|w| updated_from.is_none_or(|u| w.updated_at.naive() >= u))
        .filter(|w| projects.is_empty() || projects.contains(&w.project_id))
        .map(|w| worklog_json(web, w))
        .collect();
    web.page(request, worklogs)
}
