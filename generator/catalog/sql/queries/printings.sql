-- Every printing, optionally of one game and set; ordered for stable output.
SELECT sku, game, set_code, number, lang, variant, card_key, name, rarity, attrs, sources, disagreements
FROM printings
WHERE ($game IS NULL OR game = $game) AND ($set_code IS NULL OR set_code = $set_code)
ORDER BY game, set_code, number, lang, variant NULLS FIRST;
