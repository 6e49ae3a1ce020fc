//! The deletion-audit interface (`/audit/1`, S12): two feeds of deletion events, paged by an
//! opaque key that never loses or repeats an event while new ones arrive.

use super::auth::authenticate;
use super::http::{encode_query, Context, Request, Response};
use super::reply;
use crate::model::audit::{
    DeletedAllocation, DeletedEventsMetadata, DeletedEventsPage, DeletedWorklog,
};
use crate::model::Id;
use crate::state::{AuditEvent, AuditEventKind, State};
use crate::usecase::credentials::hash_secret;

/// Records a deletion for the audit feed (S12.1) at the request's time: the use cases' rule
/// ([`crate::usecase::record_deletion`]), for a host that deletes outside them.
pub fn record_deletion(state: &mut State, kind: AuditEventKind, context: &Context) {
    crate::usecase::record_deletion(state, kind, context.now);
}

/// The default and largest page (S12.2).
const DEFAULT_LIMIT: u64 = 50;
const MAX_LIMIT: u64 = 1000;

/// A page key: the last sequence number returned, with a check so that a made-up key is refused.
fn key_of(seq: u64) -> String {
    let check = &hash_secret(&format!("audit-key:{seq}"))[..8];
    format!("{seq}-{check}")
}

fn seq_of(key: &str) -> Option<u64> {
    let (seq, _) = key.split_once('-')?;
    let seq: u64 = seq.parse().ok()?;
    (key_of(seq) == key).then_some(seq)
}

fn bad(message: &str) -> Response {
    reply::core_error(400, message)
}

/// `GET /events/deleted/types/{worklog|allocation}`. The credential is asked first (S11.6): without
/// one, or without an administrator's, no path, method or parameter is looked at.
pub(super) fn handle(state: &State, request: &Request, context: &Context, rest: &str) -> Response {
    match authenticate(state, request, context) {
        Err(response) => return response,
        // S11.6: the feed names records across every user's folios: administrators only.
        Ok(caller) if !caller.budget_admin => {
            return reply::core_error(403, crate::model::messages::NO_PERMISSION)
        }
        Ok(_) => {}
    }
    let worklogs = match rest {
        "/events/deleted/types/worklog" => true,
        "/events/deleted/types/allocation" => false,
        _ => {
            return reply::core_error(
                404,
                &format!(
                    "No resource at {}",
                    crate::model::messages::excerpt(&request.path)
                ),
            )
        }
    };
    if request.method != "GET" {
        return reply::method_not_allowed(request);
    }
    let Some(from) = request.param_value("updatedFrom") else {
        return bad("updatedFrom is required (yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss)");
    };
    let Some(from) = crate::value::parse_date_or_date_time(from) else {
        return bad(&format!(
            "updatedFrom {from:?} is neither yyyy-MM-dd nor yyyy-MM-ddTHH:mm:ss"
        ));
    };
    let limit = match request.param_value("limit") {
        None => DEFAULT_LIMIT,
        Some(text) => match text.parse::<u64>() {
            Ok(limit) if (1..=MAX_LIMIT).contains(&limit) => limit,
            _ => {
                return bad(&format!(
                    "limit must be a whole number from 1 to {MAX_LIMIT}, got {text:?}"
                ))
            }
        },
    };
    let after = match request.param_value("lastEvaluatedKey") {
        None => 0,
        Some(key) => match seq_of(key) {
            Some(seq) => seq,
            None => {
                return bad(&format!(
                    "lastEvaluatedKey {key:?} is not a key this feed gave"
                ))
            }
        },
    };
    let matching: Vec<&AuditEvent> = state
        .audit
        .values()
        .filter(|event| event.seq > after && event.deleted_at.naive() >= from)
        .filter(|event| matches!(event.kind, AuditEventKind::Worklog { .. }) == worklogs)
        .take(usize::try_from(limit).unwrap_or(usize::MAX) + 1)
        .collect();
    let more = matching.len() as u64 > limit;
    let page: Vec<&AuditEvent> = matching.into_iter().take(limit as usize).collect();
    let self_url = address(context, request, None);
    let (next, last_key) = match (more, page.last()) {
        (true, Some(last)) => {
            let key = key_of(last.seq);
            (Some(address(context, request, Some(&key))), Some(key))
        }
        _ => (None, None),
    };
    let metadata = DeletedEventsMetadata {
        count: page.len() as u64,
        limit,
        next,
        last_evaluated_key: last_key,
    };
    if worklogs {
        let results = page
            .iter()
            .filter_map(|event| match event.kind {
                AuditEventKind::Worklog {
                    service_worklog_id,
                    tracker_worklog_id,
                } => Some(DeletedWorklog {
                    deleted_at: event.deleted_at,
                    service_worklog_id: Id::new(service_worklog_id),
                    tracker_worklog_id: Id::new(tracker_worklog_id),
                }),
                AuditEventKind::Allocation { .. } => None,
            })
            .collect();
        page_of(self_url, metadata, results)
    } else {
        let results = page
            .iter()
            .filter_map(|event| match event.kind {
                AuditEventKind::Allocation { id } => Some(DeletedAllocation {
                    deleted_at: event.deleted_at,
                    id: Id::new(id),
                }),
                AuditEventKind::Worklog { .. } => None,
            })
            .collect();
        page_of(self_url, metadata, results)
    }
}

/// A page of the feed: its `results`, with its address and metadata (S10.6).
fn page_of<T: serde::Serialize>(
    self_url: String,
    metadata: DeletedEventsMetadata,
    results: Vec<T>,
) -> Response {
    reply::ok(
        200,
        &DeletedEventsPage {
            self_: self_url,
            metadata,
            results,
        },
    )
}

/// The absolute address of this request, its key replaced by `key` when given (S10.6).
fn address(context: &Context, request: &Request, key: Option<&str>) -> String {
    let mut params: Vec<(String, String)> = request
        .query
        .iter()
        .filter(|(name, _)| key.is_none() || name != "lastEvaluatedKey")
        .cloned()
        .collect();
    if let Some(key) = key {
        params.push(("lastEvaluatedKey".into(), key.into()));
    }
    with_query(&format!("{}{}", context.base_url, request.path), &params)
}

/// `base?name=value&...`, percent-encoded.
pub(crate) fn with_query(base: &str, params: &[(String, String)]) -> String {
    if params.is_empty() {
        return base.to_owned();
    }
    let encoded: Vec<String> = params
        .iter()
        .map(|(name, value)| format!("{}={}", encode_query(name), encode_query(value)))
        .collect();
    format!("{base}?{}", encoded.join("&"))
}
