-- The coverage history as published: counts only (generator.ingest.history).
SELECT source_id, game, day, window_days, runs, distinct_cards
FROM coverage_history
ORDER BY source_id NULLS FIRST, game NULLS FIRST, day NULLS LAST, window_days;
