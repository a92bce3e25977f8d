SELECT source_id, game, name, tier, version, homepage, priority FROM sources ORDER BY priority;
