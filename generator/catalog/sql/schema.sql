-- The catalog: what every source observed, and what we derive from it (derive.sql).
-- Observations keep their source; published tables never contain a quarantined row.

CREATE TABLE games (
    game        VARCHAR PRIMARY KEY,   -- SKU game token
    name        VARCHAR NOT NULL,
    publisher   VARCHAR NOT NULL,
    first_seen  DATE                   -- earliest known set release
);

CREATE TABLE sources (
    source_id   VARCHAR PRIMARY KEY,
    game        VARCHAR NOT NULL,
    name        VARCHAR NOT NULL,
    tier        VARCHAR NOT NULL,
    version     VARCHAR NOT NULL,
    published   DATE NOT NULL,         -- the data is as of this day
    homepage    VARCHAR NOT NULL,
    priority    INTEGER NOT NULL       -- registry order: lower wins when sources disagree
);

CREATE TABLE set_observations (
    source_id    VARCHAR NOT NULL,
    priority     INTEGER NOT NULL,
    game         VARCHAR NOT NULL,
    set_code     VARCHAR NOT NULL,
    name         VARCHAR,
    release_date DATE,
    total_cards  INTEGER,
    upstream_id  VARCHAR
);

-- Authored set facts (content/set_facts.yaml): a name or first release no upstream carries, each
-- with the page that states it. derive.sql uses them below the upstreams, to fill gaps only.
CREATE TABLE set_facts (
    game             VARCHAR NOT NULL,
    set_code         VARCHAR NOT NULL,
    name             VARCHAR,
    name_url         VARCHAR,
    name_title       VARCHAR,
    released_at      DATE,              -- the earliest release a source dates
    released_market  VARCHAR,           -- ja | en | global: which release that date is
    released_url     VARCHAR,
    released_title   VARCHAR,
    name_corrects    VARCHAR,           -- the upstream name this fact's name corrects (kept as evidence)
    undated_note     VARCHAR,           -- why no source dates the set
    date_note        VARCHAR,           -- why the set's date is in doubt
    name_shared_note VARCHAR            -- why another set of the game has the same name
);

-- Every market's release of a set an authored fact dates (released_at in set_facts is the earliest):
-- published per market beside the set's first release.
CREATE TABLE set_releases (
    game         VARCHAR NOT NULL,
    set_code     VARCHAR NOT NULL,
    market       VARCHAR NOT NULL,      -- ja | en | global
    released_at  DATE NOT NULL,
    url          VARCHAR NOT NULL,      -- the first source cited for it
    title        VARCHAR NOT NULL
);

CREATE TABLE printing_observations (
    source_id    VARCHAR NOT NULL,
    priority     INTEGER NOT NULL,
    sku          VARCHAR NOT NULL,
    game         VARCHAR NOT NULL,
    set_code     VARCHAR NOT NULL,
    number       VARCHAR NOT NULL,
    lang         VARCHAR NOT NULL,
    variant      VARCHAR,
    card_key     VARCHAR NOT NULL,
    name         VARCHAR NOT NULL,
    rarity       VARCHAR,
    upstream_id  VARCHAR NOT NULL,
    attrs        JSON NOT NULL
);

CREATE TABLE decks (
    source_id  VARCHAR NOT NULL,
    game       VARCHAR NOT NULL,
    deck_id    VARCHAR NOT NULL,
    name       VARCHAR NOT NULL,
    set_code   VARCHAR,
    cards      JSON NOT NULL           -- [[card_key, count], ...]
);

CREATE TABLE fx_rates (
    source_id  VARCHAR NOT NULL,
    date       DATE NOT NULL,
    currency   VARCHAR NOT NULL,
    per_eur    DOUBLE NOT NULL
);

CREATE TABLE quarantine (
    source_id    VARCHAR NOT NULL,
    reason       VARCHAR NOT NULL,
    upstream_id  VARCHAR,
    detail       VARCHAR NOT NULL,
    field        VARCHAR,              -- set on a published row's finding: the attribute withheld or noted
    sku          VARCHAR               -- and the printing it is about
);

CREATE TABLE source_runs (
    run_id        VARCHAR NOT NULL,
    source_id     VARCHAR NOT NULL,
    status        VARCHAR NOT NULL,    -- ok | partial | failed | unavailable
    method        VARCHAR NOT NULL,    -- how the dump was acquired
    started_at    TIMESTAMP NOT NULL,
    finished_at   TIMESTAMP NOT NULL,
    rows_read     INTEGER NOT NULL,
    rows_written  INTEGER NOT NULL,
    quarantined   JSON NOT NULL,       -- {reason: count}
    note          VARCHAR
);

-- Coverage history (generator.ingest.history): per UTC day (window_days NULL) or per window of 7, 30
-- or 90 days (day NULL), for all sources (source_id NULL), one source, one game or both.
CREATE TABLE coverage_history (
    source_id       VARCHAR,
    game            VARCHAR,
    day             DATE,
    window_days     INTEGER,
    runs            INTEGER NOT NULL,
    distinct_cards  INTEGER NOT NULL
);
