//! The command line as clap reads it: every command, its words and its options, and the help each
//! prints (`costfolio --help`, `costfolio COMMAND --help`). What each command does is in
//! `commands` and `serve`.

use std::net::SocketAddr;

use clap::{Args, Parser, Subcommand};

/// What `--db` says, shown under every command that takes it.
const DB_HELP: &str = "The database: a SQLite file (PATH or sqlite:PATH) or a PostgreSQL database \
     (postgres://USER@HOST/DB; TLS: ?sslmode=verify-full&sslrootcert=CA.pem, also disable, prefer, \
     require, verify-ca), which several `serve` processes may share";

/// `costfolio`: the server host of the costfolio engine, and its command line.
#[derive(Debug, Parser)]
#[command(
    name = "costfolio",
    version,
    about = "The costfolio server and its command line",
    arg_required_else_help = true,
    after_help = "DB: a SQLite file (PATH or sqlite:PATH; default ./costfolio.db) or postgres://USER@HOST/DB\n    \
                  (TLS: ?sslmode=verify-full&sslrootcert=CA.pem; also disable, prefer, require, verify-ca)"
)]
pub(crate) struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub(crate) command: Command,
    /// How log lines are written on the standard error: text, or json (one JSON object a line;
    /// also COSTFOLIO_LOG=json). RUST_LOG filters them (default: info)
    #[arg(long = "log-format", value_name = "FORMAT", global = true, value_enum)]
    pub(crate) log_format: Option<LogFormat>,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum LogFormat {
    /// One line of text per event: time, level, target, message and fields.
    Text,
    /// One JSON object per line, its fields at the top level.
    Json,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Serve the interfaces and the browser planner
    Serve(Serve),
    /// Add users (or set a user's password and administrator flag)
    #[command(subcommand, arg_required_else_help = true)]
    User(UserCommand),
    /// Register OAuth clients
    #[command(subcommand, arg_required_else_help = true)]
    Client(ClientCommand),
    /// Mint, list and revoke tokens
    #[command(subcommand, arg_required_else_help = true)]
    Token(TokenCommand),
    /// Write a snapshot of the state now (the server writes one every 5,000 entries)
    Snapshot(Database),
    /// Copy the users and the journal of one database into another, empty one
    Migrate(Migrate),
    /// Compute a folio's plan document offline (what GET /budgets/1/folio/{id}/plan writes)
    Plan(Plan),
    /// Forecast a plan document's cost at completion with its confidence (S14), reproducibly
    Forecast(Forecast),
}

/// `--db DB`, for every command that opens the database.
#[derive(Debug, Args)]
pub(crate) struct Database {
    #[arg(long = "db", value_name = "DB", default_value = "./costfolio.db", help = DB_HELP)]
    pub(crate) address: String,
}

/// `costfolio serve`.
#[derive(Debug, Args)]
pub(crate) struct Serve {
    /// The address to listen on (port 0: any free port; the one taken is printed)
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1:8080")]
    pub(crate) listen: SocketAddr,
    #[command(flatten)]
    pub(crate) db: Database,
    /// The address clients use to reach this server (behind a proxy, its https:// address);
    /// the bound address when not given
    #[arg(long = "base-url", value_name = "URL")]
    pub(crate) base_url: Option<String>,
    /// The most connections one address may hold open at once (a whole number; 0 for no cap,
    /// e.g. behind a reverse proxy, where every connection comes from the proxy)
    #[arg(long = "connections-per-address", value_name = "N", default_value_t = crate::http::MAX_CONNECTIONS_PER_ADDRESS)]
    pub(crate) connections_per_address: usize,
    /// The browser planner's built files (default: www/dist, when built)
    #[arg(long, value_name = "DIR")]
    pub(crate) www: Option<String>,
    /// On an empty database, add the demo user (its password printed once) and a portfolio
    #[arg(long)]
    pub(crate) demo: bool,
    /// The changes one user (not a budget administrator) may make per second, sustained; ten
    /// seconds' worth may come at once. Past it: 429 with Retry-After (0: no limit)
    #[arg(long = "writes-per-second", value_name = "N", default_value_t = 30)]
    pub(crate) writes_per_second: u32,
    /// The live folios one user (not a budget administrator) may own; past it a new one is a 403
    /// (0: no limit)
    #[arg(long = "folios-per-user", value_name = "N", default_value_t = 10_000)]
    pub(crate) folios_per_user: usize,
    /// The portfolios one user (not a budget administrator) may own; past it a new one is a 403
    /// (0: no limit)
    #[arg(
        long = "portfolios-per-user",
        value_name = "N",
        default_value_t = 1_000
    )]
    pub(crate) portfolios_per_user: usize,
    /// How many users' heavy reads (day timelines, rollups, indicators of many folios: each up to
    /// about a second of a core and a few hundred MB) run at once; more wait, then get a 503.
    /// Raise it with the machine's cores and memory (1 to 64)
    #[arg(
        long = "heavy-reads",
        value_name = "N",
        default_value_t = crate::service::admission::HEAVY_READS,
        value_parser = clap::value_parser!(u64).range(1..=64)
    )]
    pub(crate) heavy_reads: u64,
    /// About how many MiB of costed folio books to keep between reads (a read of a folio that
    /// did not change then costs nothing again; the largest folio's book is about 8 MiB); the
    /// least recently read let go past it. 0 keeps none (0 to 65536)
    #[arg(
        long = "kept-books-mib",
        value_name = "MIB",
        default_value_t = (costfolio::state::KEPT_BOOKS_BYTES >> 20) as u64,
        value_parser = clap::value_parser!(u64).range(0..=65_536)
    )]
    pub(crate) kept_books_mib: u64,
    /// Serve Prometheus metrics at http://ADDRESS/metrics (a second listener; keep it private,
    /// e.g. 127.0.0.1:9090). Without it nothing listens
    #[arg(long, value_name = "ADDRESS")]
    pub(crate) metrics: Option<SocketAddr>,
}

/// `costfolio user ...`.
#[derive(Debug, Subcommand)]
pub(crate) enum UserCommand {
    /// Add a user, or set an existing user's password and administrator flag (which closes
    /// their planner sessions)
    Add(UserAdd),
}

/// `costfolio user add NAME`.
#[derive(Debug, Args)]
pub(crate) struct UserAdd {
    /// The user's name (their key: non-empty, without ':')
    pub(crate) name: String,
    /// Make the user a budget administrator
    #[arg(long)]
    pub(crate) admin: bool,
    /// The password (at least 8 characters); read from the standard input when not given
    #[arg(long, value_name = "PASSWORD")]
    pub(crate) password: Option<String>,
    /// The name the planner shows for the user (default: the user's name)
    #[arg(long = "display-name", value_name = "NAME")]
    pub(crate) display_name: Option<String>,
    #[command(flatten)]
    pub(crate) db: Database,
}

/// `costfolio client ...`.
#[derive(Debug, Subcommand)]
pub(crate) enum ClientCommand {
    /// Register an OAuth client (its secret stored as a salted argon2 hash)
    Add(ClientAdd),
}

/// `costfolio client add CLIENT_ID`.
#[derive(Debug, Args)]
pub(crate) struct ClientAdd {
    /// The client's id
    #[arg(value_name = "CLIENT_ID")]
    pub(crate) client: String,
    /// The client's secret (at least 16 characters)
    #[arg(long, value_name = "SECRET")]
    pub(crate) secret: String,
    /// The one address the authorize page redirects to
    #[arg(long, value_name = "URI")]
    pub(crate) redirect: String,
    #[command(flatten)]
    pub(crate) db: Database,
}

/// `costfolio token ...`.
#[derive(Debug, Subcommand)]
pub(crate) enum TokenCommand {
    /// Mint a personal token for a user: printed once, only its hash is stored
    Mint(TokenMint),
    /// List a user's tokens (id, kind, client, access, expiry, state; never the token)
    List(TokenList),
    /// Revoke a token by its id: it answers 401 from then on
    Revoke(TokenRevoke),
}

/// `costfolio token mint USER`.
#[derive(Debug, Args)]
pub(crate) struct TokenMint {
    /// The user the token acts for
    pub(crate) user: String,
    /// A token that reads but changes nothing
    #[arg(long = "read-only")]
    pub(crate) read_only: bool,
    #[command(flatten)]
    pub(crate) db: Database,
}

/// `costfolio token list USER`.
#[derive(Debug, Args)]
pub(crate) struct TokenList {
    /// The user whose tokens are listed
    pub(crate) user: String,
    #[command(flatten)]
    pub(crate) db: Database,
}

/// `costfolio token revoke ID`.
#[derive(Debug, Args)]
pub(crate) struct TokenRevoke {
    /// The token's id, as `token list` shows it
    #[arg(value_name = "ID", value_parser = token_id)]
    pub(crate) id: u64,
    #[command(flatten)]
    pub(crate) db: Database,
}

/// A token id: a number, as `token list` shows it.
fn token_id(id: &str) -> Result<u64, String> {
    id.parse().map_err(|_| {
        format!("a token id is a number (see `costfolio token list USER`), got {id:?}")
    })
}

/// `costfolio migrate --from DB --to DB`.
#[derive(Debug, Args)]
pub(crate) struct Migrate {
    /// The database to copy from (a SQLite path or a postgres:// address); only read
    #[arg(long, value_name = "DB")]
    pub(crate) from: String,
    /// The database to copy into (created or upgraded; its journal must be empty, or the start
    /// of the source's: a migration cut off goes on)
    #[arg(long, value_name = "DB")]
    pub(crate) to: String,
}

/// `costfolio plan FILE.json`.
#[derive(Debug, Args)]
pub(crate) struct Plan {
    /// The plan document (JSON)
    #[arg(value_name = "FILE.json")]
    pub(crate) file: String,
    /// The payment lines and the monthly timeline as CSV
    #[arg(long, conflicts_with = "summary")]
    pub(crate) csv: bool,
    /// Only the indicators and the timeline
    #[arg(long)]
    pub(crate) summary: bool,
}

/// `costfolio forecast FILE.json [--seed N] [--as-of DATE] [--iterations N]`.
#[derive(Debug, Args)]
pub(crate) struct Forecast {
    /// The plan document (JSON)
    #[arg(value_name = "FILE.json")]
    pub(crate) file: String,
    /// The generator's seed, 0 to 2^53 - 1: the same seed gives the same answer
    #[arg(long, default_value_t = costfolio::analytics::forecast::DEFAULT_SEED,
        value_parser = clap::value_parser!(u64).range(0..=costfolio::analytics::forecast::MAX_SEED))]
    pub(crate) seed: u64,
    /// The day the forecast is of (yyyy-MM-dd); today (UTC) when absent
    #[arg(long = "as-of", value_name = "DATE")]
    pub(crate) as_of: Option<String>,
    /// The most iterations, 1 to 100000
    #[arg(long, default_value_t = costfolio::analytics::forecast::DEFAULT_ITERATIONS,
        value_parser = clap::value_parser!(u32).range(1..=i64::from(costfolio::analytics::forecast::MAX_ITERATIONS)))]
    pub(crate) iterations: u32,
}
