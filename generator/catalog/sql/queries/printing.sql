SELECT sku, game, set_code, number, lang, variant, card_key, name, rarity, attrs, sources, disagreements
FROM printings WHERE sku = $sku;
