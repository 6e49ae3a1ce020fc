//! The command line: clap reads it (`args`), `serve` runs the server, `commands` the commands that
//! change or read the database and stop, and `demo` is what `serve --demo` adds.
//!
//! A new command is a variant of `args::Command` (its options in a struct beside it, each with its
//! help), a function in `commands` (or a module of its own when it is long), and an arm in
//! [`run`]; its parser test goes in `tests`.

pub(crate) mod args;
mod commands;
#[cfg(test)]
mod database_tests;
pub(crate) mod demo;
pub(crate) mod logs;
mod serve;
#[cfg(test)]
mod tests;

use args::{ClientCommand, Command, TokenCommand, UserCommand};

/// Runs `command`; the error is what to print before exiting with status 2.
pub(crate) fn run(command: &Command) -> Result<(), String> {
    match command {
        Command::Serve(args) => serve::serve(args),
        Command::User(UserCommand::Add(args)) => commands::user_add(args),
        Command::Client(ClientCommand::Add(args)) => commands::client_add(args),
        Command::Token(TokenCommand::Mint(args)) => commands::token_mint(args),
        Command::Token(TokenCommand::List(args)) => commands::token_list(args),
        Command::Token(TokenCommand::Revoke(args)) => commands::token_revoke(args),
        Command::Snapshot(db) => commands::snapshot(db),
        Command::Migrate(args) => commands::migrate(args),
        Command::Plan(args) => commands::plan(args),
        Command::Forecast(args) => commands::forecast(args),
    }
}

/// The database `address` names, as printed: without its password.
fn shown_database(address: &str) -> String {
    crate::store::shown(address)
}
