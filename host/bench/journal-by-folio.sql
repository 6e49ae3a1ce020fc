-- The next step on paper: the journal partitioned by folio (1,000 folios), a lock per folio, so
-- that commits of different folios overlap and share their fsync. pgbench -f; see scripts/bench-store.
\set part random(1, 1000)
BEGIN ISOLATION LEVEL READ COMMITTED;
SET LOCAL lock_timeout = '5000ms' \; SET LOCAL statement_timeout = '10000ms' \; SET LOCAL idle_in_transaction_session_timeout = '10000ms' \; SELECT set_config('synchronous_commit', 'on', true) WHERE current_setting('synchronous_commit') IN ('off', 'local') \; SELECT pg_advisory_xact_lock(:part);
SELECT seq, entry FROM pjournal WHERE part = :part AND seq >= (SELECT COALESCE(MAX(seq), 0) FROM pjournal WHERE part = :part);
INSERT INTO pjournal SELECT :part, COALESCE(MAX(seq), 0) + 1, repeat('x', 200) FROM pjournal WHERE part = :part RETURNING txid_current();
COMMIT;
