//! The PostgreSQL schema's migrations: versioned, recorded in `costfolio_schema`, applied on open
//! under an advisory lock of their own so that replicas starting together migrate once; a
//! database whose schema is newer than this costfolio knows is refused, as is a source of
//! `migrate --from` whose schema is not this costfolio's.

use postgres::Client;

use super::JOURNAL_LOCK;
use crate::store::{shown, StoreError};

/// The advisory lock of the schema's migrations.
const MIGRATION_LOCK: i64 = JOURNAL_LOCK + 1;

/// The schema's migrations, in order: version `n` is `MIGRATIONS[n - 1]`. A database records the
/// last version it holds; opening it applies the ones after, in one transaction each.
pub(super) const MIGRATIONS: &[&str] = &[
    "CREATE TABLE journal (seq BIGINT PRIMARY KEY, entry TEXT NOT NULL);
     CREATE TABLE snapshots (seq BIGINT PRIMARY KEY, state TEXT NOT NULL);
     CREATE TABLE users (
         name TEXT PRIMARY KEY, hash TEXT NOT NULL, budget_admin BOOLEAN NOT NULL)",
];

/// Applies the migrations the database lacks, each in its own transaction, under the migration
/// lock.
pub(super) fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let mut transaction = client.transaction()?;
    transaction.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    transaction.batch_execute(
        "CREATE TABLE IF NOT EXISTS costfolio_schema (version INTEGER NOT NULL);
         INSERT INTO costfolio_schema (version)
             SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM costfolio_schema)",
    )?;
    let version: i32 = transaction
        .query_one("SELECT version FROM costfolio_schema", &[])?
        .get(0);
    let held = usize::try_from(version).unwrap_or(usize::MAX);
    if held > MIGRATIONS.len() {
        return Err(StoreError::User(format!(
            "the database's schema is version {version}, newer than this costfolio knows ({}): upgrade costfolio",
            MIGRATIONS.len()
        )));
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(held) {
        transaction.batch_execute(migration)?;
        let next = i32::try_from(index + 1).unwrap_or(i32::MAX);
        transaction.execute("UPDATE costfolio_schema SET version = $1", &[&next])?;
    }
    transaction.commit()?;
    Ok(())
}

/// Refuses to copy from the database `client` is connected to (`address`, as given) unless it holds
/// costfolio's schema at the version this costfolio reads: nothing in it is created or upgraded.
pub(super) fn check_source(client: &mut Client, address: &str) -> Result<(), StoreError> {
    let version: i32 = match client.query_one("SELECT version FROM costfolio_schema", &[]) {
        Ok(row) => row.get(0),
        Err(error) if error.code() == Some(&postgres::error::SqlState::UNDEFINED_TABLE) => {
            return Err(StoreError::User(format!(
                "--from {}: not a costfolio database (it has no costfolio_schema table)",
                shown(address)
            )))
        }
        Err(error) => return Err(error.into()),
    };
    if usize::try_from(version).ok() != Some(MIGRATIONS.len()) {
        return Err(StoreError::User(format!(
                "--from {}: its schema is version {version}, where this costfolio reads version {}: migrate with the costfolio that last served it",
                shown(address),
                MIGRATIONS.len()
            )));
    }
    Ok(())
}
