//! Worklogs (extensions.md): time logged on an issue of a known project, listed by day worked,
//! change time, project, user or issue; a deletion feeds the audit (S12.1).

use chrono::NaiveDateTime;

use super::AdminRecord;
use crate::model::core_ext::WorklogRequest;
use crate::state::{AuditEventKind, Command, IdKind, State, WorklogRecord};
use crate::usecase::{Commands, Error, Queries, Result};
use crate::value::{Date, UtcTimestamp};

/// Whose worklogs a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorklogsOf<'a> {
    /// Every worklog.
    All,
    /// Those of the project of this id.
    Project(u64),
    /// Those of the user of this accountId.
    User(&'a str),
    /// Those of the issue of this key.
    Issue(&'a str),
}

/// Which of them a list keeps: every bound given must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WorklogFilter {
    /// Worked on or after this day.
    pub from: Option<Date>,
    /// Worked on or before this day.
    pub to: Option<Date>,
    /// Changed at or after this time.
    pub updated_from: Option<NaiveDateTime>,
    /// Of one of these projects (any, when empty).
    pub projects: Vec<u64>,
}

impl WorklogsOf<'_> {
    fn holds(self, worklog: &WorklogRecord) -> bool {
        match self {
            WorklogsOf::All => true,
            WorklogsOf::Project(id) => worklog.project_id == id,
            WorklogsOf::User(account) => worklog.author == account,
            WorklogsOf::Issue(key) => worklog.issue_key == key,
        }
    }
}

impl WorklogFilter {
    fn keeps(&self, worklog: &WorklogRecord) -> bool {
        self.from.is_none_or(|from| worklog.start_date >= from)
            && self.to.is_none_or(|to| worklog.start_date <= to)
            && self
                .updated_from
                .is_none_or(|at| worklog.updated_at.naive() >= at)
            && (self.projects.is_empty() || self.projects.contains(&worklog.project_id))
    }
}

/// The project of an issue key: the part before its last `-` (extensions.md), a project's key.
fn project_of(state: &State, issue_key: &str) -> Result<u64> {
    match issue_key.rsplit_once('-') {
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
                    Error::field(
                        "issueKey",
                        format!("{issue_key:?} belongs to no known project ({prefix:?})"),
                    )
                })
        }
        _ => Err(Error::field(
            "issueKey",
            format!("{issue_key:?} is not an issue key such as ABC-12"),
        )),
    }
}

impl<'s> Queries<'s> {
    /// The worklogs `of` whom the filter keeps.
    pub fn worklogs(&self, of: WorklogsOf<'_>, filter: &WorklogFilter) -> Vec<&'s WorklogRecord> {
        self.state
            .worklogs
            .values()
            .filter(|w| of.holds(w) && filter.keeps(w))
            .collect()
    }

    /// The worklog of the service's id `id`.
    pub fn worklog(&self, id: u64) -> Result<&'s WorklogRecord> {
        self.state
            .worklogs
            .get(&id)
            .ok_or_else(|| AdminRecord::Worklog.missing())
    }

    /// The worklog of the tracker's id `id`.
    pub fn worklog_by_tracker(&self, id: u64) -> Result<&'s WorklogRecord> {
        self.state
            .worklogs
            .values()
            .find(|w| w.tracker_id == id)
            .ok_or_else(|| AdminRecord::Worklog.missing())
    }
}

impl Commands<'_> {
    /// Logs work; the worklog stored.
    pub fn create_worklog(&mut self, body: WorklogRequest) -> Result<WorklogRecord> {
        self.caller.administration_for_change()?;
        self.put_worklog(body, None)
    }

    /// Changes the worklog of the service's id `id`; the worklog stored.
    pub fn update_worklog(&mut self, id: u64, body: WorklogRequest) -> Result<WorklogRecord> {
        self.caller.administration_for_change()?;
        let previous = self.queries().worklog(id)?.clone();
        self.put_worklog(body, Some(previous))
    }

    /// Deletes the worklog of the service's id `id`, and records the deletion for the audit
    /// (S12.1).
    pub fn delete_worklog(&mut self, id: u64) -> Result<()> {
        self.caller.administration_for_change()?;
        let tracker = self.queries().worklog(id)?.tracker_id;
        self.state.apply(Command::DeleteWorklog(id));
        self.record_deletion(AuditEventKind::Worklog {
            service_worklog_id: id,
            tracker_worklog_id: tracker,
        });
        Ok(())
    }

    fn put_worklog(
        &mut self,
        body: WorklogRequest,
        previous: Option<WorklogRecord>,
    ) -> Result<WorklogRecord> {
        // S11.7: what the worklog held is kept.
        crate::usecase::refusals::texts(&body, previous.as_ref())?;
        let state = &*self.state;
        let project_id = project_of(state, &body.issue_key)?;
        let start_time = body.start_time.unwrap_or_else(|| "00:00:00".into());
        if crate::value::parse_time_of_day(&start_time).is_none() {
            return Err(Error::field(
                "startTime",
                format!("{start_time:?} is not a time in the form HH:mm:ss"),
            ));
        }
        if body.author_account_id.trim().is_empty() {
            return Err(Error::invalid("authorAccountId is required"));
        }
        let id = previous.as_ref().map(|p| p.id);
        let tracker_id = match (body.tracker_worklog_id, &previous) {
            (Some(tracker), _) => {
                if state
                    .worklogs
                    .values()
                    .any(|w| w.tracker_id == tracker.get() && Some(w.id) != id)
                {
                    return Err(Error::invalid(format!(
                        "trackerWorklogId {tracker} belongs to another worklog"
                    )));
                }
                tracker.get()
            }
            (None, Some(previous)) => previous.tracker_id,
            // A new tracker id: past every one held, given or counted.
            (None, None) => state.counters.next(IdKind::TrackerWorklog).max(
                state
                    .worklogs
                    .values()
                    .map(|w| w.tracker_id + 1)
                    .max()
                    .unwrap_or(1),
            ),
        };
        let now = UtcTimestamp::new(self.now);
        let record = WorklogRecord {
            id: id.unwrap_or_else(|| state.counters.next(IdKind::Worklog)),
            tracker_id,
            issue_key: body.issue_key,
            project_id,
            seconds: body.time_spent_seconds,
            billable_seconds: body.billable_seconds.unwrap_or(body.time_spent_seconds),
            start_date: body.start_date,
            start_time,
            description: body.description.unwrap_or_default(),
            author: body.author_account_id,
            created_at: previous.as_ref().map_or(now, |p| p.created_at),
            updated_at: now,
        };
        self.state.apply(Command::PutWorklog(record.clone()));
        Ok(record)
    }
}
