SELECT source_id, game, name, tier, version, published, homepage, priority FROM sources ORDER BY priority;
