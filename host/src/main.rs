//! `costfolio`: the server host of the costfolio engine, and its command line.
//!
//! ```text
//! costfolio serve [--listen 127.0.0.1:8080] [--db ./costfolio.db] [--base-url URL]
//!                 [--connections-per-address 64] [--www DIR] [--demo]
//! costfolio user add NAME [--admin] [--password PASSWORD] [--display-name NAME] [--db DB]
//! costfolio client add CLIENT_ID --secret SECRET --redirect URI [--db DB]
//! costfolio token mint USER [--read-only] [--db DB]
//! costfolio token list USER [--db DB]
//! costfolio token revoke ID [--db DB]
//! costfolio snapshot [--db DB]
//! costfolio migrate --from DB --to DB
//! costfolio plan FILE.json [--csv | --summary]
//! costfolio forecast FILE.json [--seed N] [--as-of DATE] [--iterations N]
//! ```
//!
//! `DB` is a SQLite file (`PATH` or `sqlite:PATH`, default `./costfolio.db`) or a PostgreSQL
//! database (`postgres://USER@HOST/DB`), which several `serve` processes may share.
//!
//! The modules, from the top: `cli` (the command line), `http` (connections, routes, limits, the
//! planner's files), `service` (the state, the writer, catching up), `auth` (credentials,
//! sessions, the authorize page), `store` (the journal in SQLite or PostgreSQL) and `password`.
#![forbid(unsafe_code)]

mod auth;
mod cli;
mod http;
mod password;
mod service;
mod sheets;
mod store;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::args::Cli;

fn main() -> ExitCode {
    // A mistake on the command line (or --help) is clap's to print: usage errors exit with 2.
    let cli = Cli::parse();
    cli::logs::start(cli.log_format);
    match cli::run(&cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("costfolio: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs the command line `raw` (without the program's name) as `main` would, for the tests: a
/// mistake clap finds is returned as its message.
#[cfg(test)]
pub(crate) fn run(raw: Vec<String>) -> Result<(), String> {
    let cli = Cli::try_parse_from(std::iter::once("costfolio".to_owned()).chain(raw))
        .map_err(|e| e.to_string())?;
    cli::run(&cli.command)
}
