SELECT g.game, g.name, g.publisher, g.first_seen,
       count(DISTINCT s.set_code)::INTEGER AS set_count,
       (SELECT count(DISTINCT card_key) FROM printings p WHERE p.game = g.game)::INTEGER AS card_count,
       (SELECT count(*) FROM printings p WHERE p.game = g.game)::INTEGER AS printing_count
FROM games g JOIN sets s ON s.game = g.game
GROUP BY ALL
ORDER BY g.game;
