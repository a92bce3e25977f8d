-- Every source run, as published: numbers and states only (no run ids, methods or free-text notes).
SELECT source_id, status, started_at, finished_at, rows_read, rows_written, quarantined
FROM source_runs
ORDER BY started_at, source_id;
