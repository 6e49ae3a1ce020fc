//! The users the service knows, as the host registers them (the planner's pickers, S7.4's USER
//! values).

use super::error::AuthError;
use crate::state::{Command, State};

/// Registers `key` as a user the service knows (extension: the users the planner picks owners,
/// viewers and members from; S7.4's USER values), shown as `display_name` (the key when none is
/// given). Answers whether anything changed: a user registered as they are journals nothing.
pub fn register_user(
    state: &mut State,
    key: &str,
    display_name: Option<&str>,
) -> Result<bool, AuthError> {
    if key.trim().is_empty() {
        return Err(AuthError::Empty("user"));
    }
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
