//! The commands that change or read the database and stop: `user add`, `client add`, `token mint`,
//! `token list`, `token revoke`, `snapshot`, `migrate`; and `plan`, which reads a file only. What
//! each prints on the standard output is for the person (or script) that ran it.

use costfolio::api::Context;
use costfolio::usecase::credentials::{mint_personal_token, register_client_hashed};

use super::args::{
    ClientAdd, Database, Forecast, Migrate, Plan, TokenList, TokenMint, TokenRevoke, UserAdd,
};
use super::shown_database;
use crate::store::Store;

/// The context of a command's change: no base URL, the time now, fresh random bytes.
fn cli_context() -> Result<Context, String> {
    let mut random = vec![0u8; 64];
    getrandom::fill(&mut random).map_err(|e| format!("no randomness: {e}"))?;
    Ok(Context::new("", chrono::Utc::now().naive_utc(), random))
}

/// The database `db` names, opened (created or upgraded when needed).
fn open(db: &Database) -> Result<Store, String> {
    Store::open_address(&db.address).map_err(|e| e.to_string())
}

/// `costfolio user add NAME`: adds the user (or sets their password and flag), registers them with
/// the core, and closes their planner sessions.
pub(super) fn user_add(args: &UserAdd) -> Result<(), String> {
    let name = args.name.as_str();
    // S11.7: a user the service would not take is refused before anything is stored.
    costfolio::usecase::credentials::check_user(name, args.display_name.as_deref())
        .map_err(|e| e.to_string())?;
    let password = match &args.password {
        Some(password) => password.clone(),
        None => {
            eprint!("password for {name}: ");
            let mut line = String::new();
            std::io::stdin()
                .read_line(&mut line)
                .map_err(|e| e.to_string())?;
            line.trim_end_matches(['\r', '\n']).to_owned()
        }
    };
    let mut store = open(&args.db)?;
    store
        .add_user(name, &password, args.admin)
        .map_err(|e| e.to_string())?;
    // A new password ends the user's planner sessions (a running server sees it within
    // 0.1 s), as it ends the basic credentials verified with the old one.
    let mut state = store.load().map_err(|e| e.to_string())?;
    // The service knows the user from now on: the planner's pickers offer them, and a
    // custom field of style USER takes their key (S7.4).
    let display_name = args.display_name.as_deref();
    let closed = store
        .transact(&mut state, |state| {
            costfolio::usecase::credentials::register_user(state, name, display_name)
                .map(|_| costfolio::usecase::credentials::close_sessions_of(state, name))
        })
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    if closed > 0 {
        println!("closed {closed} planner session(s) of {name}");
    }
    println!(
        "user {name} added{}",
        if args.admin {
            " (budget administrator)"
        } else {
            ""
        }
    );
    Ok(())
}

/// `costfolio client add CLIENT_ID`: registers an OAuth client.
pub(super) fn client_add(args: &ClientAdd) -> Result<(), String> {
    let (client, secret, redirect) = (&args.client, &args.secret, &args.redirect);
    if secret.len() < 16 {
        return Err("a client secret must have at least 16 characters".to_owned());
    }
    // A slow, salted hash (argon2), verified by the server outside its locks.
    let hash = crate::password::hash_password(secret)?;
    let mut store = open(&args.db)?;
    let mut state = store.load().map_err(|e| e.to_string())?;
    store
        .transact(&mut state, |state| {
            register_client_hashed(state, client, &hash, redirect)
        })
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    println!("client {client} registered (redirect {redirect})");
    Ok(())
}

/// `costfolio token mint USER`: prints a new personal token, once.
pub(super) fn token_mint(args: &TokenMint) -> Result<(), String> {
    let user = args.user.as_str();
    let context = cli_context()?;
    let mut store = open(&args.db)?;
    if !store.has_user(user).map_err(|e| e.to_string())? {
        return Err(format!(
            "no user {user:?}: add one first with `costfolio user add {user}`"
        ));
    }
    let mut state = store.load().map_err(|e| e.to_string())?;
    let token = store
        .transact(&mut state, |state| {
            mint_personal_token(state, user, !args.read_only, context.moment())
        })
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    // Printed once; only its hash is stored (S11.2).
    println!("{token}");
    Ok(())
}

/// `costfolio token list USER`: one line per token, never the token itself.
pub(super) fn token_list(args: &TokenList) -> Result<(), String> {
    let store = open(&args.db)?;
    let state = store.load().map_err(|e| e.to_string())?;
    println!("id\tkind\tclient\taccess\texpires\tstate");
    for token in costfolio::usecase::credentials::tokens_of(&state, &args.user) {
        println!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            token.pair,
            match (token.kind, &token.client_id) {
                (costfolio::state::TokenKind::Session, _) => "session",
                (_, Some(_)) => "oauth",
                (_, None) => "personal",
            },
            token.client_id.as_deref().unwrap_or("-"),
            if token.write {
                "read-write"
            } else {
                "read-only"
            },
            token
                .expires_at
                .map_or_else(|| "never".to_owned(), |at| at.to_string()),
            if token.revoked { "revoked" } else { "active" },
        );
    }
    Ok(())
}

/// `costfolio token revoke ID`.
pub(super) fn token_revoke(args: &TokenRevoke) -> Result<(), String> {
    let pair = args.id;
    let mut store = open(&args.db)?;
    let mut state = store.load().map_err(|e| e.to_string())?;
    let revoked = store
        .transact(&mut state, |state| {
            costfolio::usecase::credentials::revoke_pair(state, pair)
        })
        .map_err(|e| e.to_string())?;
    if !revoked {
        return Err(format!("no active token {pair}"));
    }
    println!("token {pair} revoked: it answers 401 from now on");
    Ok(())
}

/// `costfolio migrate --from DB --to DB`.
pub(super) fn migrate(args: &Migrate) -> Result<(), String> {
    let (from, to) = (&args.from, &args.to);
    let source = Store::open_source(from).map_err(|e| format!("--from: {e}"))?;
    let mut target = Store::open_address(to).map_err(|e| format!("--to: {e}"))?;
    let copied = target.copy_from(&source).map_err(|e| e.to_string())?;
    let kept = match copied.users_kept {
        0 => String::new(),
        kept => format!(" ({kept} more already there, kept as they were)"),
    };
    println!(
        "copied {} user(s){kept} and the journal up to entry {} from {} to {}",
        copied.users_added,
        copied.last_seq,
        shown_database(from),
        shown_database(to)
    );
    Ok(())
}

/// `costfolio snapshot`.
pub(super) fn snapshot(db: &Database) -> Result<(), String> {
    let mut store = open(db)?;
    let mut state = store.load().map_err(|e| e.to_string())?;
    let seq = store.snapshot(&mut state).map_err(|e| e.to_string())?;
    println!(
        "snapshot written at entry {seq} ({} entries in the journal, {} snapshots kept)",
        store.journal_len().map_err(|e| e.to_string())?,
        store.snapshot_count().map_err(|e| e.to_string())?
    );
    Ok(())
}

/// `costfolio plan FILE.json`: the plan as JSON, CSV (`--csv`) or its summary (`--summary`).
pub(super) fn plan(args: &Plan) -> Result<(), String> {
    let file = &args.file;
    let input = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let output = if args.summary {
        costfolio::plan::summary(&input)
    } else {
        costfolio::plan::run(&input, args.csv)
    }
    .map_err(|e| format!("{file}: {e}"))?;
    println!("{output}");
    Ok(())
}

/// `costfolio forecast FILE.json`: the document's forecast as JSON (S14.3), the same answer to
/// the cent for the same seed as the server and the planner give.
pub(super) fn forecast(args: &Forecast) -> Result<(), String> {
    let file = &args.file;
    let input = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let as_of = match &args.as_of {
        Some(text) => costfolio::value::Date::parse(text).map_err(|e| format!("--as-of: {e}"))?,
        None => costfolio::value::Date::from_naive(chrono::Utc::now().date_naive()),
    };
    let ask = costfolio::analytics::ForecastAsk {
        seed: args.seed,
        iterations: args.iterations,
        until_steady: true,
    };
    let output =
        costfolio::plan::forecast(&input, as_of, ask).map_err(|e| format!("{file}: {e}"))?;
    println!("{output}");
    Ok(())
}
