SELECT sku, game, set_code, number, lang, variant, card_key, name, rarity, attrs, sources
FROM printings WHERE sku = $sku;
