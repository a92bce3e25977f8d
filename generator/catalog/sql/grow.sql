-- A catalog grown N-fold for bench/grow.py (issue 37 item 4): every set and its printings again
-- under a new set code, once per row of the temp table copies(copy, suffix) (generator/catalog/grown.py
-- makes it: copy 2, 3, ... with suffix 'x2', 'x3', ...). A bench fixture, never published.
--
-- What changes in a copy, so it parses, routes and renders like a real set without touching one:
--   set_code   <code><suffix>: 'op01' -> 'op01x2', '1' -> '1x2' (still [a-z0-9]+, a SKU part);
--   sku        the same SKU with that set part: 'op-op01-001-en-p1' -> 'op-op01x2-001-en-p1';
--   card_key   <key>-<suffix>: a copy's cards are new cards, so a card's printings (siblings, the
--              play module's card ids) stay as many as in the real catalog instead of 4x;
--   set name   '<name> (copy N)'; same_name names the copies of the sets it named, so a set that
--              shared its name shares it within its copy, as derive.sql would say.
-- Everything else (numbers, languages, variants, names, attributes, sources, disagreements,
-- dates, citations) is the real row's. Rows go in in a fixed order, so the file is reproducible.

INSERT INTO sets
SELECT s.* REPLACE (
    s.set_code || c.suffix AS set_code,
    s.name || ' (copy ' || c.copy || ')' AS name,
    list_transform(s.same_name, lambda code: code || c.suffix) AS same_name
)
FROM sets s CROSS JOIN copies c
ORDER BY c.copy, s.game, s.set_code;

INSERT INTO printings
SELECT p.* REPLACE (
    p.game || '-' || p.set_code || c.suffix || substr(p.sku, length(p.game) + length(p.set_code) + 2) AS sku,
    p.set_code || c.suffix AS set_code,
    p.card_key || '-' || c.suffix AS card_key
)
FROM printings p CROSS JOIN copies c
ORDER BY c.copy, p.sku;
