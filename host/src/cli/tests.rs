//! The command line's parser: every command with every option, `--help` on each, and the mistakes
//! it refuses (exit status 2, as the hand-written parser before it).

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

use super::args::{Cli, ClientCommand, Command, TokenCommand, UserCommand};
use super::shown_database;

/// `words` parsed as the command line after the program's name.
fn parse(words: &[&str]) -> Result<Command, clap::Error> {
    Cli::try_parse_from(std::iter::once("costfolio").chain(words.iter().copied()))
        .map(|cli| cli.command)
}

/// The kind of mistake clap finds in `words`, and the exit status it gives.
fn refused(words: &[&str]) -> (ErrorKind, i32) {
    match parse(words) {
        Ok(command) => panic!("{words:?} was taken: {command:?}"),
        Err(error) => (error.kind(), error.exit_code()),
    }
}

#[test]
fn the_parser_is_well_formed() {
    Cli::command().debug_assert();
}

#[test]
fn serve_takes_every_option_and_defaults_the_others() {
    let Command::Serve(serve) = parse(&["serve"]).unwrap() else {
        panic!("not serve");
    };
    assert_eq!(serve.listen.to_string(), "127.0.0.1:8080");
    assert_eq!(serve.db.address, "./costfolio.db");
    assert_eq!(serve.base_url, None);
    assert_eq!(serve.connections_per_address, 64);
    assert_eq!(serve.www, None);
    assert!(!serve.demo);
    assert_eq!(
        (
            serve.writes_per_second,
            serve.folios_per_user,
            serve.portfolios_per_user
        ),
        (30, 10_000, 1_000)
    );
    assert_eq!(serve.heavy_reads, 2);
    assert_eq!(serve.kept_books_mib, 256);
    let Command::Serve(serve) = parse(&[
        "serve",
        "--listen",
        "0.0.0.0:9000",
        "--db",
        "postgres://ada@db/costs",
        "--base-url",
        "https://costs.example",
        "--connections-per-address",
        "0",
        "--www",
        "www/dist",
        "--demo",
        "--writes-per-second",
        "0",
        "--folios-per-user",
        "5",
        "--portfolios-per-user",
        "2",
        "--heavy-reads",
        "16",
        "--kept-books-mib",
        "0",
    ])
    .unwrap() else {
        panic!("not serve");
    };
    assert_eq!(serve.listen.to_string(), "0.0.0.0:9000");
    assert_eq!(serve.db.address, "postgres://ada@db/costs");
    assert_eq!(serve.base_url.as_deref(), Some("https://costs.example"));
    assert_eq!(serve.connections_per_address, 0);
    assert_eq!(serve.www.as_deref(), Some("www/dist"));
    assert!(serve.demo);
    assert_eq!(
        (
            serve.writes_per_second,
            serve.folios_per_user,
            serve.portfolios_per_user
        ),
        (0, 5, 2)
    );
    assert_eq!(serve.heavy_reads, 16);
    assert_eq!(serve.kept_books_mib, 0);
    assert_eq!(
        refused(&["serve", "--kept-books-mib", "65537"]),
        (ErrorKind::ValueValidation, 2)
    );
    assert_eq!(refused(&["serve", "--heavy-reads", "-1"]).1, 2);
    for wrong in ["0", "65", "many"] {
        assert_eq!(
            refused(&["serve", "--heavy-reads", wrong]),
            (ErrorKind::ValueValidation, 2),
            "--heavy-reads {wrong}"
        );
    }
    assert_eq!(
        refused(&["serve", "--listen", "nowhere"]),
        (ErrorKind::ValueValidation, 2)
    );
    assert_eq!(
        refused(&["serve", "--connections-per-address", "many"]),
        (ErrorKind::ValueValidation, 2)
    );
    assert_eq!(
        refused(&["serve", "--port", "80"]),
        (ErrorKind::UnknownArgument, 2)
    );
}

#[test]
fn user_add_takes_its_name_and_options_in_any_order() {
    let Command::User(UserCommand::Add(add)) = parse(&["user", "add", "ada"]).unwrap() else {
        panic!("not user add");
    };
    assert_eq!(add.name, "ada");
    assert!(!add.admin);
    assert_eq!(add.password, None);
    assert_eq!(add.display_name, None);
    assert_eq!(add.db.address, "./costfolio.db");
    // Options before and after the name, as the tests and scripts give them.
    let Command::User(UserCommand::Add(add)) = parse(&[
        "user",
        "add",
        "--admin",
        "ada",
        "--password",
        "a good password",
        "--display-name",
        "Ada Lovelace",
        "--db",
        "t.db",
    ])
    .unwrap() else {
        panic!("not user add");
    };
    assert_eq!(add.name, "ada");
    assert!(add.admin);
    assert_eq!(add.password.as_deref(), Some("a good password"));
    assert_eq!(add.display_name.as_deref(), Some("Ada Lovelace"));
    assert_eq!(add.db.address, "t.db");
    assert_eq!(
        refused(&["user", "add"]).0,
        ErrorKind::MissingRequiredArgument
    );
    assert_eq!(
        refused(&["user", "add", "ada", "--password"]),
        (ErrorKind::InvalidValue, 2)
    );
    assert_eq!(refused(&["user", "remove", "ada"]).1, 2);
}

#[test]
fn client_add_needs_its_secret_and_redirect() {
    let Command::Client(ClientCommand::Add(add)) = parse(&[
        "client",
        "add",
        "planner",
        "--secret",
        "a long client secret",
        "--redirect",
        "https://planner.example/cb",
        "--db",
        "t.db",
    ])
    .unwrap() else {
        panic!("not client add");
    };
    assert_eq!(add.client, "planner");
    assert_eq!(add.secret, "a long client secret");
    assert_eq!(add.redirect, "https://planner.example/cb");
    assert_eq!(add.db.address, "t.db");
    for missing in [
        &["client", "add", "planner", "--redirect", "https://x"][..],
        &[
            "client",
            "add",
            "planner",
            "--secret",
            "a long client secret",
        ][..],
    ] {
        assert_eq!(
            refused(missing),
            (ErrorKind::MissingRequiredArgument, 2),
            "{missing:?}"
        );
    }
}

#[test]
fn token_mint_list_and_revoke() {
    let Command::Token(TokenCommand::Mint(mint)) =
        parse(&["token", "mint", "ada", "--read-only", "--db", "t.db"]).unwrap()
    else {
        panic!("not token mint");
    };
    assert_eq!(mint.user, "ada");
    assert!(mint.read_only);
    assert_eq!(mint.db.address, "t.db");
    let Command::Token(TokenCommand::Mint(mint)) = parse(&["token", "mint", "ada"]).unwrap() else {
        panic!("not token mint");
    };
    assert!(!mint.read_only);
    let Command::Token(TokenCommand::List(list)) = parse(&["token", "list", "ada"]).unwrap() else {
        panic!("not token list");
    };
    assert_eq!(list.user, "ada");
    let Command::Token(TokenCommand::Revoke(revoke)) =
        parse(&["token", "revoke", "7", "--db", "t.db"]).unwrap()
    else {
        panic!("not token revoke");
    };
    assert_eq!(revoke.id, 7);
    assert_eq!(revoke.db.address, "t.db");
    let error = parse(&["token", "revoke", "seven"]).unwrap_err();
    assert_eq!(error.exit_code(), 2);
    assert!(
        error.to_string().contains("a token id is a number"),
        "{error}"
    );
    assert_eq!(
        refused(&["token", "list", "ada", "--read-only"]).0,
        ErrorKind::UnknownArgument
    );
}

#[test]
fn snapshot_migrate_and_plan() {
    let Command::Snapshot(db) = parse(&["snapshot", "--db", "t.db"]).unwrap() else {
        panic!("not snapshot");
    };
    assert_eq!(db.address, "t.db");
    let Command::Migrate(migrate) = parse(&[
        "migrate",
        "--from",
        "./costfolio.db",
        "--to",
        "postgres://ada@db/costs",
    ])
    .unwrap() else {
        panic!("not migrate");
    };
    assert_eq!(migrate.from, "./costfolio.db");
    assert_eq!(migrate.to, "postgres://ada@db/costs");
    assert_eq!(
        refused(&["migrate", "--from", "a.db"]),
        (ErrorKind::MissingRequiredArgument, 2)
    );
    for (words, csv, summary) in [
        (&["plan", "f.json"][..], false, false),
        (&["plan", "--csv", "f.json"][..], true, false),
        (&["plan", "f.json", "--summary"][..], false, true),
    ] {
        let Command::Plan(plan) = parse(words).unwrap() else {
            panic!("not plan");
        };
        assert_eq!(
            (plan.file.as_str(), plan.csv, plan.summary),
            ("f.json", csv, summary)
        );
    }
    assert_eq!(
        refused(&["plan", "--csv", "--summary", "f.json"]),
        (ErrorKind::ArgumentConflict, 2)
    );
    assert_eq!(refused(&["plan"]), (ErrorKind::MissingRequiredArgument, 2));
    let Command::Forecast(forecast) = parse(&["forecast", "f.json", "--seed", "7"]).unwrap() else {
        panic!("not forecast");
    };
    assert_eq!(
        (forecast.seed, forecast.iterations, forecast.as_of),
        (7, 10_000, None)
    );
    let Command::Forecast(forecast) = parse(&[
        "forecast",
        "f.json",
        "--as-of",
        "2026-03-01",
        "--iterations",
        "500",
    ])
    .unwrap() else {
        panic!("not forecast");
    };
    assert_eq!((forecast.seed, forecast.iterations), (20_140_101, 500));
    assert_eq!(forecast.as_of.as_deref(), Some("2026-03-01"));
    for words in [
        &["forecast", "f.json", "--seed", "x"][..],
        &["forecast", "f.json", "--seed", "9007199254740992"],
        &["forecast", "f.json", "--iterations", "0"],
        &["forecast", "f.json", "--iterations", "100001"],
    ] {
        assert_eq!(refused(words).0, ErrorKind::ValueValidation, "{words:?}");
    }
}

#[test]
fn every_command_answers_help_and_a_bare_command_line_shows_it() {
    for words in [
        &["--help"][..],
        &["serve", "--help"],
        &["user", "--help"],
        &["user", "add", "--help"],
        &["client", "--help"],
        &["client", "add", "--help"],
        &["token", "--help"],
        &["token", "mint", "--help"],
        &["token", "list", "--help"],
        &["token", "revoke", "--help"],
        &["snapshot", "--help"],
        &["migrate", "--help"],
        &["plan", "--help"],
        &["forecast", "--help"],
        &["help", "token", "mint"],
    ] {
        let error = parse(words).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::DisplayHelp, "{words:?}");
        assert_eq!(error.exit_code(), 0, "{words:?}");
        assert!(error.to_string().contains("Usage: costfolio"), "{words:?}");
    }
    // Nothing, or a group without its command: the help, as a mistake (status 2).
    for words in [&[][..], &["user"], &["token"]] {
        assert_eq!(
            refused(words),
            (ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand, 2),
            "{words:?}"
        );
    }
    assert_eq!(refused(&["serv"]), (ErrorKind::InvalidSubcommand, 2));
}

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
