//! The users the service knows, as the host registers them (the planner's pickers, S7.4's USER
//! values).

use super::error::AuthError;
use crate::state::{Command, State};

/// Refuses a user `key` or `display_name` the service does not take (S11.7): an empty key, a key
/// over 128 characters or a display name over 255, either holding a character that does not show
/// as typed.
pub fn check_user(key: &str, display_name: Option<&str>) -> Result<(), AuthError> {
    use crate::value::{check_text, TextKind};
    if key.trim().is_empty() {
        return Err(AuthError::Empty("user"));
    }
    check_text(TextKind::Key, key).map_err(|fault| AuthError::Text {
        what: "user",
        fault,
    })?;
    if let Some(name) = display_name {
        check_text(TextKind::Name, name).map_err(|fault| AuthError::Text {
            what: "display name",
            fault,
        })?;
    }
    Ok(())
}

/// Registers `key` as a user the service knows (extension: the users the planner picks owners,
/// viewers and members from; S7.4's USER values), shown as `display_name` (the key when none is
/// given). Answers whether anything changed: a user registered as they are journals nothing.
pub fn register_user(
    state: &mut State,
    key: &str,
    display_name: Option<&str>,
) -> Result<bool, AuthError> {
    check_user(key, display_name)?;
    let display_name = display_name
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .unwrap_or(key)
        .to_owned();
    let record = crate::state::UserRecord {
        key: key.to_owned(),
        display_name,
    };
    if state.users.get(key) == Some(&record) {
        return Ok(false);
    }
    state.apply(Command::PutUser(record));
    Ok(true)
}
