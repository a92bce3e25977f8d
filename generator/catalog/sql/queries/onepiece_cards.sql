-- One row per One Piece card id in a language: attributes of its base art (variant NULL first),
-- and every printing of it in that language.
SELECT card_key,
       first(name ORDER BY variant NULLS FIRST, sku)   AS name,
       first(rarity ORDER BY variant NULLS FIRST, sku) AS rarity,
       first(attrs ORDER BY variant NULLS FIRST, sku)  AS attrs,
       list(sku ORDER BY variant NULLS FIRST, sku)     AS skus
FROM printings
WHERE game = 'op' AND lang = $lang
GROUP BY card_key
ORDER BY card_key;
