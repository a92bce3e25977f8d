-- Per game and source: what each source contributed to the published catalog.
SELECT o.game, o.source_id,
       count(DISTINCT o.set_code)::INTEGER AS sets,
       count(DISTINCT o.card_key)::INTEGER AS cards,
       count(*)::INTEGER                   AS printings,
       string_agg(DISTINCT o.lang, ',' ORDER BY o.lang) AS languages
FROM printing_observations o
GROUP BY o.game, o.source_id
ORDER BY o.game, min(o.priority);
