-- What a read on a replica asks the database first: the journal's last sequence number.
-- pgbench -f; see scripts/bench-store.
SELECT COALESCE(MAX(seq), 0) FROM journal;
