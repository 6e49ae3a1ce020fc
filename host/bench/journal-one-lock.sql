-- A write as the store makes it, without costfolio: the one journal lock, the replay look, the
-- insert, the commit (fsync). pgbench -f; see scripts/bench-store.
BEGIN ISOLATION LEVEL READ COMMITTED;
SET LOCAL lock_timeout = '5000ms' \; SET LOCAL statement_timeout = '10000ms' \; SET LOCAL idle_in_transaction_session_timeout = '10000ms' \; SELECT set_config('synchronous_commit', 'on', true) WHERE current_setting('synchronous_commit') IN ('off', 'local') \; SELECT pg_advisory_xact_lock(7);
SELECT seq, entry FROM journal WHERE seq >= (SELECT COALESCE(MAX(seq), 0) FROM journal);
INSERT INTO journal SELECT COALESCE(MAX(seq), 0) + 1, repeat('x', 200) FROM journal RETURNING txid_current();
COMMIT;
