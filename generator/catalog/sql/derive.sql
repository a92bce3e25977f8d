-- Where two sources observed one printing differently, both values are kept here (as JSON text).
CREATE TABLE disagreements AS
WITH obs AS (
    SELECT sku, source_id, priority, 'name' AS field, to_json(name)::VARCHAR AS value FROM printing_observations
    UNION ALL
    SELECT sku, source_id, priority, 'rarity', to_json(rarity)::VARCHAR FROM printing_observations
    UNION ALL
    SELECT sku, source_id, priority, 'attrs.' || k, json_extract(attrs, '$."' || k || '"')::VARCHAR
    FROM printing_observations, unnest(json_keys(attrs)) AS t(k)
)
SELECT a.sku, a.field, a.source_id AS source_a, a.value AS value_a, b.source_id AS source_b, b.value AS value_b
FROM obs a JOIN obs b ON a.sku = b.sku AND a.field = b.field AND a.priority < b.priority
WHERE a.value IS DISTINCT FROM b.value AND a.value <> 'null' AND b.value <> 'null'
ORDER BY a.sku, a.field, source_a, source_b;

-- Published tables, derived from the observations. One printing per SKU: the values of the
-- highest-priority source, with every contributing source listed and their disagreements: where two
-- sources differ ({field, source_a, value_a, source_b, value_b}), then where one source contradicts
-- itself about the printing's place and the stronger evidence placed it ({field: 'identifier',
-- source, note}: a 'number-disagrees' row of the quarantine table, which names the printing by the
-- upstream id its observation carries), and where the printing's play numbers disagree with its
-- card's other printings ({field: 'attrs.<name>', source, note}: a quarantine row with a field,
-- generator/ingest/consistency.py; a withheld field is null in attrs).

CREATE TABLE printings AS
WITH differing AS (
    SELECT sku, list(to_json({'field': field, 'source_a': source_a, 'value_a': value_a::JSON,
                              'source_b': source_b, 'value_b': value_b::JSON})
                     ORDER BY field, source_a, source_b) AS items
    FROM disagreements GROUP BY sku
), noted AS (
    SELECT o.sku, list(to_json({'field': coalesce('attrs.' || q.field, 'identifier'), 'source': q.source_id,
                                'note': q.detail})
                       ORDER BY q.field NULLS FIRST, q.source_id, q.detail) AS items
    FROM quarantine q
    JOIN printing_observations o ON o.source_id = q.source_id
        AND (CASE WHEN q.sku IS NULL THEN o.upstream_id = q.upstream_id ELSE o.sku = q.sku END)
    WHERE q.reason = 'number-disagrees' OR q.field IS NOT NULL
    GROUP BY o.sku
)
SELECT
    first(o.sku ORDER BY o.priority)          AS sku,
    first(o.game ORDER BY o.priority)         AS game,
    first(o.set_code ORDER BY o.priority)     AS set_code,
    first(o.number ORDER BY o.priority)       AS number,
    first(o.lang ORDER BY o.priority)         AS lang,
    first(o.variant ORDER BY o.priority)      AS variant,
    first(o.card_key ORDER BY o.priority)     AS card_key,
    first(o.name ORDER BY o.priority)         AS name,
    first(o.rarity ORDER BY o.priority) FILTER (WHERE o.rarity IS NOT NULL) AS rarity,
    first(o.attrs ORDER BY o.priority)        AS attrs,
    list(o.source_id ORDER BY o.priority)     AS sources,
    coalesce(to_json(list_concat(first(d.items), first(n.items))), '[]'::JSON) AS disagreements
FROM printing_observations o LEFT JOIN differing d ON d.sku = o.sku LEFT JOIN noted n ON n.sku = o.sku
GROUP BY o.sku
ORDER BY sku;

-- What the set records declare, the highest-priority source first, field by field: read by the
-- sets table and by the check of authored facts against it.
CREATE TEMP TABLE declared_sets AS
SELECT game, set_code,
       first(name ORDER BY priority) FILTER (WHERE name IS NOT NULL)                 AS name,
       first(release_date ORDER BY priority) FILTER (WHERE release_date IS NOT NULL) AS release_date,
       first(total_cards ORDER BY priority) FILTER (WHERE total_cards IS NOT NULL)   AS total_cards
FROM set_observations GROUP BY game, set_code;

-- A set is known from its own record or from the printings in it; set records win field by field.
-- An authored fact (set_facts, content/set_facts.yaml) fills a name or date no upstream gives, and
-- then the set carries the fact's citation; an upstream value always wins and carries none, except a
-- name the fact corrects (name_corrects: the upstream's spelling, published beside as evidence). A
-- fact's notes say why a set is undated, why its date is in doubt, why its name is shared.
CREATE TABLE sets AS
WITH printed AS (
    SELECT game, set_code, count(DISTINCT number) AS numbers, list(DISTINCT source_id ORDER BY source_id) AS srcs
    FROM printing_observations GROUP BY game, set_code
), known AS (
    SELECT
        coalesce(d.game, p.game)         AS game,
        coalesce(d.set_code, p.set_code) AS set_code,
        d.name, d.release_date,
        coalesce(d.total_cards, p.numbers, 0) AS total_cards,
        coalesce(p.numbers, 0)           AS printed_numbers,
        coalesce(p.srcs, [])             AS sources
    FROM declared_sets d FULL OUTER JOIN printed p ON d.game = p.game AND d.set_code = p.set_code
    WHERE p.numbers IS NOT NULL          -- a declared set with no printing is not in the catalog
), decided AS (
    SELECT k.*, f.*EXCLUDE (game, set_code, name),
        f.name AS fact_name,
        (f.name IS NOT NULL AND (k.name IS NULL OR k.name = f.name_corrects)) AS fact_names
    FROM known k LEFT JOIN set_facts f ON f.game = k.game AND f.set_code = k.set_code
), named AS (
    SELECT
        game, set_code,
        CASE WHEN fact_names THEN fact_name ELSE coalesce(name, upper(set_code)) END AS name,
        coalesce(release_date, released_at)     AS release_date,
        total_cards, printed_numbers, sources,
        CASE WHEN fact_names THEN name_url END                                      AS name_source_url,
        CASE WHEN fact_names THEN name_title END                                    AS name_source_title,
        CASE WHEN release_date IS NULL THEN released_market END                     AS released_market,
        CASE WHEN release_date IS NULL THEN released_url END                        AS released_source_url,
        CASE WHEN release_date IS NULL THEN released_title END                      AS released_source_title,
        -- each market's release where the authored facts date the set (released_at is the earliest)
        CASE WHEN release_date IS NULL THEN (
            SELECT to_json(list({'market': r.market, 'released_at': r.released_at, 'url': r.url, 'title': r.title}
                                ORDER BY r.released_at, r.market))
            FROM set_releases r WHERE r.game = decided.game AND r.set_code = decided.set_code
        ) END                                                                        AS releases,
        CASE WHEN fact_names AND name IS NOT NULL THEN name END                      AS name_upstream,
        CASE WHEN coalesce(release_date, released_at) IS NULL THEN undated_note ELSE date_note END AS released_note,
        name_shared_note
    FROM decided
)
SELECT *, list(set_code ORDER BY set_code) OVER (PARTITION BY game, name) AS same_name
FROM named
ORDER BY game, set_code;

-- Authored facts an upstream contradicts: the upstream value is published, the fact is not used,
-- except a name the fact corrects (sets.name_upstream keeps the upstream's spelling).
CREATE TABLE set_fact_disagreements AS
SELECT f.game, f.set_code, 'name' AS field, d.name AS upstream, f.name AS fact, f.name_url AS fact_url
FROM set_facts f JOIN declared_sets d ON d.game = f.game AND d.set_code = f.set_code
WHERE f.name IS NOT NULL AND d.name IS NOT NULL AND d.name <> f.name
UNION ALL
SELECT f.game, f.set_code, 'released_at', d.release_date::VARCHAR, f.released_at::VARCHAR, f.released_url
FROM set_facts f JOIN declared_sets d ON d.game = f.game AND d.set_code = f.set_code
WHERE f.released_at IS NOT NULL AND d.release_date IS NOT NULL AND d.release_date <> f.released_at
ORDER BY 1, 2, 3;

UPDATE games SET first_seen = (SELECT min(release_date) FROM sets WHERE sets.game = games.game);


