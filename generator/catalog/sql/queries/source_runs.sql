SELECT run_id, source_id, status, method, started_at, finished_at, rows_read, rows_written, quarantined, note
FROM source_runs
WHERE ($source_id IS NULL OR source_id = $source_id)
ORDER BY started_at, source_id;
