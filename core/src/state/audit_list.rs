//! How the state's deletion events are written: a list in the order they were recorded, as
//! snapshots have always held them, kept in memory by their place in the feed (`seq`) in a
//! [`SharedTable`], so that recording one while reads hold the state copies one chunk, not the
//! whole feed (the feed grows with every deletion).

use serde::{Deserialize, Deserializer, Serializer};

use super::{AuditEvent, SharedTable};

/// Writes the events as a list, oldest first.
pub(super) fn serialize<S: Serializer>(
    events: &SharedTable<AuditEvent>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(events.values())
}

/// Reads a list of events, each kept by its place in the feed; two events with one place are
/// refused (the feed would lose one).
pub(super) fn deserialize<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<SharedTable<AuditEvent>, D::Error> {
    let mut events = SharedTable::new();
    for event in Vec::<AuditEvent>::deserialize(deserializer)? {
        let seq = event.seq;
        if events.insert(seq, event).is_some() {
            return Err(serde::de::Error::custom(format!(
                "two deletion events hold place {seq} in the audit feed"
            )));
        }
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use crate::state::{AuditEventKind, Command, State};

    fn deleted(seq: u64) -> Command {
        Command::RecordDeletion(crate::state::AuditEvent {
            seq,
            deleted_at: crate::value::EventTimestamp::new(
                chrono::NaiveDate::from_ymd_opt(2026, 3, 1)
                    .and_then(|day| day.and_hms_opt(10, 0, seq as u32))
                    .unwrap(),
            ),
            kind: AuditEventKind::Worklog {
                service_worklog_id: seq,
                tracker_worklog_id: seq + 100,
            },
        })
    }

    /// The feed is written as the list snapshots have always held, oldest first, and read back
    /// the same; a list holding one place twice is refused.
    #[test]
    fn the_feed_is_written_as_a_list_and_read_back() {
        let mut state = State::new();
        for seq in [1, 2, 3] {
            state.apply(deleted(seq));
        }
        let json: serde_json::Value = serde_json::to_value(&state).unwrap();
        let seqs: Vec<u64> = json["audit"]
            .as_array()
            .unwrap()
            .iter()
            .map(|event| event["seq"].as_u64().unwrap())
            .collect();
        assert_eq!(seqs, [1, 2, 3]);
        let back: State = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back.audit, state.audit);
        assert_eq!(back.last_deletion(), state.last_deletion());

        let mut twice = json;
        let first = twice["audit"][0].clone();
        twice["audit"].as_array_mut().unwrap().push(first);
        let refused = serde_json::from_value::<State>(twice).unwrap_err();
        assert!(
            refused
                .to_string()
                .contains("two deletion events hold place 1"),
            "{refused}"
        );
    }
}
