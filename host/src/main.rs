//! `costfolio`: the server host of the costfolio engine, and its command line.
//!
//! ```text
//! costfolio serve [--listen 127.0.0.1:8080] [--db ./costfolio.db] [--base-url URL]
//!                 [--connections-per-address 64]
//! costfolio user add NAME [--admin] [--password PASSWORD] [--display-name NAME] [--db DB]
//! costfolio client add CLIENT_ID --secret SECRET --redirect URI [--db DB]
//! costfolio token mint USER [--read-only] [--db DB]
//! costfolio token list USER [--db DB]
//! costfolio token revoke ID [--db DB]
//! costfolio snapshot [--db DB]
//! costfolio migrate --from DB --to DB
//! costfolio plan FILE.json [--csv | --summary]
//! ```
//!
//! `DB` is a SQLite file (`PATH` or `sqlite:PATH`, default `./costfolio.db`) or a PostgreSQL
//! database (`postgres://USER@HOST/DB`), which several `serve` processes may share.
#![forbid(unsafe_code)]

mod auth;
mod cli;
mod http;
mod password;
mod service;
mod store;

use std::net::SocketAddr;
use std::process::ExitCode;

use costfolio::api::{mint_personal_token, register_client_hashed, Context};

use crate::cli::demo;
use crate::store::Store;

const USAGE: &str = "usage:
  costfolio serve [--listen 127.0.0.1:8080] [--db ./costfolio.db] [--base-url URL]
                  [--connections-per-address 64]   (0: no cap, e.g. behind a reverse proxy)
  costfolio user add NAME [--admin] [--password PASSWORD] [--display-name NAME] [--db DB]
  costfolio client add CLIENT_ID --secret SECRET --redirect URI [--db DB]
  costfolio token mint USER [--read-only] [--db DB]
  costfolio token list USER [--db DB]
  costfolio token revoke ID [--db DB]
  costfolio snapshot [--db DB]
  costfolio migrate --from DB --to DB
  costfolio plan FILE.json [--csv | --summary]
DB: a SQLite file (PATH or sqlite:PATH; default ./costfolio.db) or postgres://USER@HOST/DB
    (TLS: ?sslmode=verify-full&sslrootcert=CA.pem; also disable, prefer, require, verify-ca)";

/// The command line: positional words and `--name value` / `--flag` options.
struct Args {
    words: Vec<String>,
    options: Vec<(String, Option<String>)>,
}

impl Args {
    fn parse(raw: Vec<String>, flags: &[&str]) -> Result<Args, String> {
        let mut words = Vec::new();
        let mut options = Vec::new();
        let mut iter = raw.into_iter();
        while let Some(arg) = iter.next() {
            match arg.strip_prefix("--") {
                Some(name) if flags.contains(&name) => options.push((name.to_owned(), None)),
                Some(name) => {
                    let value = iter
                        .next()
                        .ok_or_else(|| format!("--{name} needs a value"))?;
                    options.push((name.to_owned(), Some(value)));
                }
                None => words.push(arg),
            }
        }
        Ok(Args { words, options })
    }

    fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    fn flag(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| n == name)
    }

    /// The database `--db` names: a SQLite path (default `./costfolio.db`, or `sqlite:PATH`) or
    /// a PostgreSQL address (`postgres://USER@HOST/DB`).
    fn db_address(&self) -> String {
        self.option("db").unwrap_or("./costfolio.db").to_owned()
    }

    fn check(&self, known: &[&str]) -> Result<(), String> {
        match self
            .options
            .iter()
            .find(|(n, _)| !known.contains(&n.as_str()))
        {
            Some((name, _)) => Err(format!("unknown option --{name}")),
            None => Ok(()),
        }
    }
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    match run(raw) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("costfolio: {message}");
            ExitCode::from(2)
        }
    }
}

fn cli_context() -> Result<Context, String> {
    let mut random = vec![0u8; 64];
    getrandom::fill(&mut random).map_err(|e| format!("no randomness: {e}"))?;
    Ok(Context::new("", chrono::Utc::now().naive_utc(), random))
}

/// The directory the planner is served from when `--www` is not given, if it was built there.
const DEFAULT_WWW: &str = "www/dist";

/// `costfolio serve`: the interfaces, the planner's files, and with `--demo` on an empty database
/// the demo user and portfolio.
fn serve(args: &Args) -> Result<(), String> {
    args.check(&[
        "listen",
        "db",
        "base-url",
        "connections-per-address",
        "www",
        "demo",
    ])?;
    let per_address: usize = args
        .option("connections-per-address")
        .map_or(Ok(http::MAX_CONNECTIONS_PER_ADDRESS), str::parse)
        .map_err(|e| format!("--connections-per-address: {e} (a whole number; 0 for no cap)"))?;
    let listen: SocketAddr = args
        .option("listen")
        .unwrap_or("127.0.0.1:8080")
        .parse()
        .map_err(|e| format!("--listen: {e}"))?;
    let planner = match args.option("www") {
        Some(dir) => Some(http::planner::Planner::open(std::path::Path::new(dir))?),
        None => http::planner::Planner::open(std::path::Path::new(DEFAULT_WWW)).ok(),
    };
    let address = args.db_address();
    let shown = shown_database(&address);
    // Everything that talks to the database happens here, on this thread, before the runtime
    // starts: the PostgreSQL client is blocking and may not run inside the runtime's tasks.
    let listener =
        std::net::TcpListener::bind(listen).map_err(|e| format!("--listen {listen}: {e}"))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("--listen {listen}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    // The address clients use: said, or the bound one (a port 0 becomes the one given).
    let base_url = args
        .option("base-url")
        .map_or_else(|| format!("http://{bound}"), str::to_owned);
    let mut store = Store::open_address(&address).map_err(|e| e.to_string())?;
    let demo_password = if args.flag("demo") {
        add_demo(&mut store, &base_url)?
    } else {
        None
    };
    let entries = store.journal_len().map_err(|e| e.to_string())?;
    let snapshot = store.latest_snapshot().map_err(|e| e.to_string())?;
    let service =
        service::Service::new(store, &address, base_url.clone()).map_err(|e| e.to_string())?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)
            .map_err(|e| format!("--listen {listen}: {e}"))?;
        let from = snapshot.map_or_else(
            || "the start".to_owned(),
            |seq| format!("the snapshot at entry {seq}"),
        );
        println!("costfolio listening on {base_url} (bound to {bound}, database {shown})");
        eprintln!("journal: {entries} entries; replayed from {from}");
        match &planner {
            Some(planner) => println!(
                "  the planner:    {base_url}/ (from {})",
                planner.dir().display()
            ),
            None => println!(
                "  the planner is not built ({DEFAULT_WWW} has no index.html): ./scripts/serve builds it"
            ),
        }
        match demo_password {
            Some(password) => println!(
                "demo: sign in at {base_url}/ as {} with password {password} (shown only this once)",
                demo::DEMO_USER
            ),
            None => {
                println!("  add a user:     costfolio user add NAME --db {shown}");
                println!("  get a token:    costfolio token mint NAME --db {shown}");
                println!(
                    "  then call:      curl -H 'Authorization: Bearer TOKEN' {base_url}/core/3/accounts"
                );
            }
        }
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        http::serve(service, listener, per_address, planner)
            .await
            .map_err(|e| format!("serve {listen}: {e}"))
    })
}

/// The database `address` names, as printed: without its password.
fn shown_database(address: &str) -> String {
    store::shown(address)
}

/// With `--demo`: on a database without users or journal entries, the demo user (a random
/// password, returned to be printed once) and the demo portfolio; `None`, and nothing changed,
/// on a database that holds anything.
fn add_demo(store: &mut Store, base_url: &str) -> Result<Option<String>, String> {
    let empty = store.journal_len().map_err(|e| e.to_string())? == 0
        && store.user_count().map_err(|e| e.to_string())? == 0;
    if !empty {
        println!("demo: the database already holds data, so no demo was added");
        return Ok(None);
    }
    let now = chrono::Utc::now().naive_utc();
    let random = || {
        let mut bytes = vec![0u8; 64];
        getrandom::fill(&mut bytes)
            .map(|()| bytes)
            .unwrap_or_default()
    };
    let mut state = store.load().map_err(|e| e.to_string())?;
    // Tried on a copy first: a refusal leaves the database empty, not half a demo.
    demo::seed(&mut state.clone(), base_url, now, random)?;
    let password = demo::password()?;
    // Seeded only if the journal is still empty inside the transaction: another replica started
    // with --demo at the same moment may have seeded it since the look above.
    let seeded = store
        .transact(&mut state, |state| {
            (state.seq == 0)
                .then(|| demo::seed(state, base_url, now, random))
                .transpose()
        })
        .map_err(|e| e.to_string())??;
    if seeded.is_none() {
        println!("demo: another server added data meanwhile, so no demo was added");
        return Ok(None);
    }
    store
        .add_user(demo::DEMO_USER, &password, true)
        .map_err(|e| e.to_string())?;
    Ok(Some(password))
}

fn run(raw: Vec<String>) -> Result<(), String> {
    let args = Args::parse(
        raw,
        &["admin", "read-only", "csv", "summary", "help", "demo"],
    )?;
    let words: Vec<&str> = args.words.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["serve"] => serve(&args),
        ["user", "add", name] => {
            args.check(&["admin", "password", "db", "display-name"])?;
            let password = match args.option("password") {
                Some(password) => password.to_owned(),
                None => {
                    eprint!("password for {name}: ");
                    let mut line = String::new();
                    std::io::stdin()
                        .read_line(&mut line)
                        .map_err(|e| e.to_string())?;
                    line.trim_end_matches(['\r', '\n']).to_owned()
                }
            };
            let mut store = Store::open_address(&args.db_address()).map_err(|e| e.to_string())?;
            store
                .add_user(name, &password, args.flag("admin"))
                .map_err(|e| e.to_string())?;
            // A new password ends the user's planner sessions (a running server sees it within
            // 0.1 s), as it ends the basic credentials verified with the old one.
            let mut state = store.load().map_err(|e| e.to_string())?;
            // The service knows the user from now on: the planner's pickers offer them, and a
            // custom field of style USER takes their key (S7.4).
            let display_name = args.option("display-name");
            let closed = store
                .transact(&mut state, |state| {
                    costfolio::api::register_user(state, name, display_name)
                        .map(|_| costfolio::api::close_sessions_of(state, name))
                })
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?;
            if closed > 0 {
                println!("closed {closed} planner session(s) of {name}");
            }
            println!(
                "user {name} added{}",
                if args.flag("admin") {
                    " (budget administrator)"
                } else {
                    ""
                }
            );
            Ok(())
        }
        ["client", "add", client] => {
            args.check(&["secret", "redirect", "db"])?;
            let secret = args.option("secret").ok_or("--secret is required")?;
            let redirect = args.option("redirect").ok_or("--redirect is required")?;
            if secret.len() < 16 {
                return Err("a client secret must have at least 16 characters".to_owned());
            }
            // A slow, salted hash (argon2), verified by the server outside its locks.
            let hash = password::hash_password(secret).map_err(|e| e.to_string())?;
            let mut store = Store::open_address(&args.db_address()).map_err(|e| e.to_string())?;
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
        ["token", "mint", user] => {
            args.check(&["read-only", "db"])?;
            let context = cli_context()?;
            let mut store = Store::open_address(&args.db_address()).map_err(|e| e.to_string())?;
            if !store.has_user(user).map_err(|e| e.to_string())? {
                return Err(format!(
                    "no user {user:?}: add one first with `costfolio user add {user}`"
                ));
            }
            let mut state = store.load().map_err(|e| e.to_string())?;
            let token = store
                .transact(&mut state, |state| {
                    mint_personal_token(state, user, !args.flag("read-only"), &context)
                })
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?;
            // Printed once; only its hash is stored (S11.2).
            println!("{token}");
            Ok(())
        }
        ["token", "list", user] => {
            args.check(&["db"])?;
            let store = Store::open_address(&args.db_address()).map_err(|e| e.to_string())?;
            let state = store.load().map_err(|e| e.to_string())?;
            println!("id\tkind\tclient\taccess\texpires\tstate");
            for token in costfolio::api::tokens_of(&state, user) {
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
        ["token", "revoke", id] => {
            args.check(&["db"])?;
            let pair: u64 = id.parse().map_err(|_| {
                format!("a token id is a number (see `costfolio token list USER`), got {id:?}")
            })?;
            let mut store = Store::open_address(&args.db_address()).map_err(|e| e.to_string())?;
            let mut state = store.load().map_err(|e| e.to_string())?;
            let revoked = store
                .transact(&mut state, |state| costfolio::api::revoke_pair(state, pair))
                .map_err(|e| e.to_string())?;
            if !revoked {
                return Err(format!("no active token {pair}"));
            }
            println!("token {pair} revoked: it answers 401 from now on");
            Ok(())
        }
        ["migrate"] => {
            args.check(&["from", "to"])?;
            let (Some(from), Some(to)) = (args.option("from"), args.option("to")) else {
                return Err(
                    "migrate needs --from DB and --to DB (a SQLite path or a postgres:// address)"
                        .into(),
                );
            };
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
        ["snapshot"] => {
            args.check(&["db"])?;
            let mut store = Store::open_address(&args.db_address()).map_err(|e| e.to_string())?;
            let mut state = store.load().map_err(|e| e.to_string())?;
            let seq = store.snapshot(&mut state).map_err(|e| e.to_string())?;
            println!(
                "snapshot written at entry {seq} ({} entries in the journal, {} snapshots kept)",
                store.journal_len().map_err(|e| e.to_string())?,
                store.snapshot_count().map_err(|e| e.to_string())?
            );
            Ok(())
        }
        ["plan", file] => {
            args.check(&["csv", "summary"])?;
            if args.flag("csv") && args.flag("summary") {
                return Err("--csv and --summary cannot be given together".to_owned());
            }
            let input = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
            let output = if args.flag("summary") {
                costfolio::plan::summary(&input)
            } else {
                costfolio::plan::run(&input, args.flag("csv"))
            }
            .map_err(|e| format!("{file}: {e}"))?;
            println!("{output}");
            Ok(())
        }
        _ if args.flag("help") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::shown_database;

    #[test]
    fn a_database_address_is_shown_without_its_password() {
        for (given, shown) in [
            ("./costfolio.db", "./costfolio.db"),
            (
                "postgres://ada@db.local/costs",
                "postgres://ada@db.local/costs",
            ),
            (
                "postgres://ada:s3cr@t@db.local:5433/costs",
                "postgres://ada@db.local:5433/costs",
            ),
            (
                "postgresql://ada@localhost/costs?host=/run/pg&password=s3cret&port=5433",
                "postgresql://ada@localhost/costs?host=/run/pg&password=***&port=5433",
            ),
            ("postgres://db.local/costs", "postgres://db.local/costs"),
            (
                "host=/run/pg dbname=costs password=s3cret",
                "host=/run/pg dbname=costs password=***",
            ),
        ] {
            assert_eq!(shown_database(given), shown, "{given}");
        }
    }
}
