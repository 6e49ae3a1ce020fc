//! The service over SQLite files: users registered at start, staleness, snapshots, a panic
//! contained, reads that keep their state; and the helpers the replicas' tests share.

use super::*;

pub(super) fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("costfolio-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_default();
    dir.join("t.db")
}

/// A database whose users were added before the service kept them (no journal entry names
/// them): a service started on it registers each once, and a second start adds nothing.
#[test]
fn users_of_an_older_database_are_registered_at_start() {
    let db = scratch("users");
    let address = db.to_string_lossy().into_owned();
    let store = Store::open_address(&address).unwrap();
    store.add_user("ada", "a good password", true).unwrap();
    store.add_user("bob", "another password", false).unwrap();
    assert_eq!(store.journal_len().unwrap(), 0);
    let service = service_on(&address);
    let state = read_lock(&service.state).clone();
    let keys: Vec<&str> = state.users.values().map(|u| u.key.as_str()).collect();
    assert_eq!(keys, ["ada", "bob"]);
    assert_eq!(state.users.get("bob").unwrap().display_name, "bob");
    drop(service);
    let again = service_on(&address);
    assert_eq!(read_lock(&again.state).users.len(), 2);
    assert_eq!(
        Store::open_address(&address)
            .unwrap()
            .journal_len()
            .unwrap(),
        2,
        "an entry per user, made by the first start"
    );
}

pub(super) fn service_with_token(db: &std::path::Path) -> (Service, String) {
    let address = db.to_string_lossy();
    let token = mint(&address);
    (service_on(&address), token)
}

/// A personal token of ada, an administrator (she changes the core interface's data, S11.6),
/// minted into the database `address` names, in one transaction with her registration: the
/// journal then holds ada's entry (1) and the token's (2), and a service started on it
/// registers no one.
pub(super) fn mint(address: &str) -> String {
    let mut store = Store::open_address(address).unwrap();
    store.add_user("ada", "a good password", true).unwrap();
    let mut state = store.load().unwrap();
    let context = Context::new("", chrono::Utc::now().naive_utc(), vec![1; 64]);
    store
        .transact(&mut state, |s| {
            costfolio::usecase::credentials::register_user(s, "ada", None).unwrap();
            costfolio::usecase::credentials::mint_personal_token(s, "ada", true, context.moment())
        })
        .unwrap()
        .unwrap()
}

/// A service (a replica, on PostgreSQL) over the database `address` names.
pub(super) fn service_on(address: &str) -> Service {
    Service::new(
        Store::open_address(address).unwrap(),
        address,
        "http://x".into(),
    )
    .unwrap()
}

pub(super) fn customer(token: &str, key: &str) -> Request {
    Request::new("POST", "/core/3/customers")
        .header("Authorization", &format!("Bearer {token}"))
        .json(&format!(r#"{{"key":"{key}","name":"{key}"}}"#))
}

/// Nothing is checked against a state marked stale: not a token, a session or a client.
#[test]
fn a_stale_state_is_not_consulted() {
    let db = scratch("settled");
    let (service, _token) = service_with_token(&db);
    assert!(service.settled("/core/3/customers").is_ok());
    service
        .stale
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let refused = service.settled("/core/3/customers").err().unwrap();
    assert_eq!(refused.status, 503);
    assert!(refused.text().contains("reading its journal again"));
}

/// A state read back after a failed change does not take back what a read caught up with
/// meanwhile (answered by another replica), unless the state was marked stale.
#[test]
fn a_state_read_back_never_goes_behind_one_that_is_not_stale() {
    let context = Context::new("", chrono::Utc::now().naive_utc(), vec![1; 64]);
    let mut behind = State::default();
    costfolio::usecase::credentials::mint_personal_token(
        &mut behind,
        "ada",
        true,
        context.moment(),
    )
    .unwrap();
    let mut ahead = behind.clone();
    costfolio::usecase::credentials::mint_personal_token(&mut ahead, "bob", true, context.moment())
        .unwrap();
    let shared = RwLock::new(Arc::new(ahead.clone()));
    let stale = std::sync::atomic::AtomicBool::new(false);
    let mut cell = Held {
        state: &shared,
        stale: &stale,
    };
    cell.reset(behind.clone());
    assert_eq!(read_lock(&shared).seq, ahead.seq, "not taken back");
    cell.ahead();
    cell.reset(behind.clone());
    assert_eq!(read_lock(&shared).seq, behind.seq, "stale: read back");
    assert!(!stale.load(std::sync::atomic::Ordering::SeqCst));
}

/// A change the database neither confirmed nor could be asked about may be stored: it is not
/// answered "try again" (503 with Retry-After), which a client would take as nothing stored.
#[test]
fn a_change_not_known_to_be_stored_is_not_answered_try_again() {
    let answer = store_failure(
        "/core/3/customers",
        "the change could not be stored",
        &StoreError::Unconfirmed("connection closed".into()),
    );
    assert_eq!(answer.status, 500);
    assert_eq!(answer.header_value("Retry-After"), None);
    assert!(
        answer.text().contains("read it back before repeating it"),
        "{}",
        answer.text()
    );
    let away = store_failure(
        "/core/3/customers",
        "the change could not be stored",
        &StoreError::Unavailable("connection refused".into()),
    );
    assert_eq!(away.status, 503);
    assert_eq!(away.header_value("Retry-After"), Some("1"));
}

#[test]
fn the_server_writes_a_snapshot_every_so_many_entries_and_keeps_two() {
    let db = scratch("snap");
    let (service, token) = service_with_token(&db);
    service.writer.lock().snapshot_every = 3;
    for key in ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"] {
        assert_eq!(service.process(customer(&token, key), None).status, 200);
    }
    let writer = service.writer.lock();
    // ada's and the token's entries, then ten customers: snapshots at 5, 8 and 11.
    assert_eq!(writer.store.latest_snapshot().unwrap(), Some(11));
    assert_eq!(
        writer.store.snapshot_count().unwrap(),
        crate::store::SNAPSHOTS_KEPT as u64,
        "older snapshots are pruned"
    );
    // A restart from the snapshot has everything.
    let reloaded = Store::open(&db).unwrap().load().unwrap();
    assert_eq!(reloaded.customers.len(), 10);
}

#[test]
fn a_panic_inside_a_request_answers_500_and_the_next_request_is_served() {
    let db = scratch("panic");
    let (service, token) = service_with_token(&db);
    assert_eq!(service.process(customer(&token, "A"), None).status, 200);
    // A change applied to the state, then a panic before the answer: as a bug in the engine
    // would. The change must not survive, in memory or on disk.
    let failed = service.change("/budgets/1/folio", |state| {
        costfolio::usecase::credentials::mint_personal_token(
            state,
            "eve",
            true,
            Context::new("", chrono::Utc::now().naive_utc(), vec![9; 64]).moment(),
        )
        .unwrap();
        panic!("a bug in the engine");
    });
    let refusal = failed.expect_err("the request fails");
    assert_eq!(refusal.status, 500);
    assert!(
        refusal.text().starts_with(r#"{"errorMessages":["#),
        "in the budgeting envelope: {}",
        refusal.text()
    );
    // The lock is not poisoned, and the state is the journal's: no token of eve.
    assert!(!service.state.is_poisoned());
    assert!(read_lock(&service.state)
        .tokens
        .values()
        .all(|t| t.user == "ada"));
    assert_eq!(service.process(customer(&token, "B"), None).status, 200);
    let reloaded = Store::open(&db).unwrap().load().unwrap();
    assert_eq!(reloaded, **read_lock(&service.state));
    assert_eq!(reloaded.customers.len(), 2);
}

#[test]
fn a_read_in_progress_keeps_its_state_while_a_change_goes_on() {
    let db = scratch("cow");
    let (service, token) = service_with_token(&db);
    // A read holds the state it answers from, as `read` does, without any lock.
    let reading = Arc::clone(&read_lock(&service.state));
    assert_eq!(service.process(customer(&token, "A"), None).status, 200);
    assert!(
        reading.customers.is_empty(),
        "the read's state is the one it began with"
    );
    assert_eq!(read_lock(&service.state).customers.len(), 1);
    drop(reading);
    assert_eq!(service.process(customer(&token, "B"), None).status, 200);
    assert_eq!(read_lock(&service.state).customers.len(), 2);
}

#[test]
fn the_database_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let db = scratch("mode");
    let (_service, _token) = service_with_token(&db);
    let mode = std::fs::metadata(&db).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}

/// Ready on a fresh service; not while its state is marked stale and cannot be read again (a
/// writer holds it, as one does while it reads the journal again); ready once it is read again.
#[test]
fn a_stale_state_is_not_ready_until_it_is_read_again() {
    let db = scratch("ready");
    let (service, token) = service_with_token(&db);
    assert_eq!(service.readiness(), Ok(()));
    {
        let _writer = service.writer.lock();
        service
            .stale
            .store(true, std::sync::atomic::Ordering::SeqCst);
        let reason = service.readiness().unwrap_err();
        assert!(reason.starts_with("503"), "{reason}");
    }
    assert_eq!(service.readiness(), Ok(()), "read again by the probe");
    assert_eq!(service.process(customer(&token, "A"), None).status, 200);
    let position = service.journal_position().unwrap();
    assert_eq!((position.held, position.last, position.lag()), (3, 3, 0));
}

/// The command line writes behind a SQLite server's back: the probe catches up at once (not
/// within the 0.1 s a read waits between looks), and the lag is 0 on SQLite whatever it holds.
#[test]
fn the_probe_catches_up_with_what_the_command_line_wrote() {
    let db = scratch("ready-cli");
    let (service, _token) = service_with_token(&db);
    assert_eq!(service.readiness(), Ok(()));
    mint_another(&db);
    assert_eq!(service.journal_position().unwrap().lag(), 0);
    assert_eq!(service.held_seq(), 2);
    assert_eq!(service.readiness(), Ok(()));
    assert_eq!(service.held_seq(), 3);
}

/// A second token of ada, minted as the command line would while a server runs.
fn mint_another(db: &std::path::Path) {
    let mut store = Store::open(db).unwrap();
    let mut state = store.load().unwrap();
    let context = Context::new("", chrono::Utc::now().naive_utc(), vec![2; 64]);
    store
        .transact(&mut state, |s| {
            costfolio::usecase::credentials::mint_personal_token(s, "ada", true, context.moment())
        })
        .unwrap()
        .unwrap();
}
