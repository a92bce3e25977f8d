"""Lorcana over the real catalog: every printing the upstreams carry is published once or quarantined
with a reason, and printings the upstream files under the wrong place get the place printed on them.

The upstream side is counted here by a parser of its own (plain YAML/JSON reading, none of the
adapters' code): a lorcana-data printing is carried in a language when the card has a name and the
printing a printed identifier in it; a LorcanaJSON card when it has a full name and identifier.
Built by the ``real_ingest`` fixture; skipped, with the reason, without ``CARDPANTRY_MIRROR``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import duckdb
import orjson
import pytest
import yaml

from generator.catalog import queries

pytestmark = pytest.mark.real_data

LANGUAGES = ("en", "fr", "de", "it", "ja", "zh")
NOT_SETS = {"abilities", "classifications", "franchises", "configuration", "placeholders"}
NOTES = ("number-disagrees", "no-edition")  # a note on a published row; one withheld language of a row


@pytest.fixture(scope="module")
def con(real_ingest):
    connection = queries.connect(real_ingest.catalog)
    yield connection
    connection.close()


def carried_languages(root: Path) -> dict[str, list[list[str]]]:
    """lorcana-data's upstream id ("fab/1") -> for each row with that id, the languages it carries."""
    rows: dict[str, list[list[str]]] = {}
    for path in sorted((root / "data").glob("*.yml")):
        if path.stem in NOT_SETS:
            continue
        for card in yaml.safe_load(path.read_text(encoding="utf-8")):
            names = card.get("languages") or {}
            for variant in card.get("variants") or ():
                printed = variant.get("ravensburger") or {}
                langs = [
                    lang
                    for lang in LANGUAGES
                    if str(printed.get(lang) or "").strip() and str((names.get(lang) or {}).get("name") or "").strip()
                ]
                upstream_id = f"{variant.get('set')}/{variant.get('id')}{variant.get('suffix') or ''}"
                rows.setdefault(upstream_id, []).append(langs)
    return rows


def per_lang(con: duckdb.DuckDBPyConnection, sql: str, *params) -> Counter:
    return Counter(dict(con.execute(sql, list(params)).fetchall()))


def test_every_carried_printing_is_published_or_quarantined_with_a_reason(con, real_source):
    rows = carried_languages(real_source("lorcana-data"))
    upstream = Counter(lang for langs in rows.values() for row in langs for lang in row)
    published = per_lang(
        con, "SELECT lang, count(*) FROM printing_observations WHERE source_id = 'lorcana-data' GROUP BY lang"
    )
    quarantine = con.execute(
        "SELECT reason, upstream_id, detail FROM quarantine WHERE source_id = 'lorcana-data' "
        "AND reason <> 'number-disagrees'"
    ).fetchall()
    withheld = Counter(
        upstream_id.rpartition(":")[2] for reason, upstream_id, _ in quarantine if reason == "no-edition"
    )
    promos = Counter(
        upstream_id.rpartition(":")[2]
        for reason, upstream_id, detail in quarantine
        if reason == "no-edition" and detail.startswith("a promo")
    )
    # a whole row quarantined (a repeat, unreleased, no number): the languages that row carries
    dropped = Counter(
        lang
        for reason, upstream_id, _ in quarantine
        if reason != "no-edition"
        for lang in rows.get(upstream_id, [[]])[-1]
    )
    assert upstream == published + withheld + dropped
    # what the issue counted as missing is now accounted for, each with its reason; and the promos of
    # cards whose set has no edition in the language (issue 35: P1's 9 Italian set 1-2 promos among them)
    assert (withheld["it"], withheld["ja"], withheld["zh"]) == (152 + 13, 196 + 11, 196 + 12)
    assert (promos["it"], promos["ja"], promos["zh"]) == (13, 11, 12)

    cards = orjson.loads((real_source("lorcanajson") / "allCards.json").read_bytes())["cards"]
    carried = sum(1 for card in cards if card.get("fullName") and card.get("fullIdentifier"))
    observed = con.execute("SELECT count(*) FROM printing_observations WHERE source_id = 'lorcanajson'").fetchone()[0]
    quarantined = con.execute("SELECT count(*) FROM quarantine WHERE source_id = 'lorcanajson'").fetchone()[0]
    assert carried == observed + quarantined

    merged = per_lang(con, "SELECT lang, count(*) FROM printings WHERE game = 'lor' GROUP BY lang")
    distinct = per_lang(
        con, "SELECT lang, count(DISTINCT sku) FROM printing_observations WHERE game = 'lor' GROUP BY lang"
    )
    assert merged == distinct and set(merged) == set(LANGUAGES)


def test_a_language_is_withheld_from_a_whole_set_or_not_at_all(con):
    """``no-edition`` is a property of a main set and a language: never a printing of a set that is
    published in that language. A promo group is decided per printing, by its card's set (below)."""
    withheld = {
        (set_code, lang)
        for set_code, lang in con.execute("""
            SELECT o.set_code, split_part(q.upstream_id, ':', 2)
            FROM quarantine q JOIN printing_observations o
              ON o.source_id = q.source_id AND o.upstream_id = split_part(q.upstream_id, ':', 1)
            WHERE q.reason = 'no-edition' AND NOT starts_with(q.detail, 'a promo') GROUP BY ALL""").fetchall()
    }
    published = set(con.execute("SELECT DISTINCT set_code, lang FROM printings WHERE game = 'lor'").fetchall())
    withheld_sets = {set_code for set_code, _ in withheld}
    assert withheld_sets and all(code.isdigit() for code in withheld_sets)
    assert {(s, lang) for s, lang in withheld if (s, lang) in published} == set()
    assert {lang for _, lang in withheld} == {"it", "ja", "zh"}


def names(con: duckdb.DuckDBPyConnection, *skus: str) -> dict[str, str]:
    placeholders = ", ".join("?" for _ in skus)
    return dict(con.execute(f"SELECT sku, name FROM printings WHERE sku IN ({placeholders})", list(skus)).fetchall())


def test_promos_filed_under_a_main_set_number_are_published_as_printed(con):
    assert names(con, "lor-p2-43-en", "lor-p2-43-zh", "lor-3-125-en") == {
        "lor-p2-43-en": "Stitch - Little Rocket",
        "lor-p2-43-zh": names(con, "lor-3-125-zh")["lor-3-125-zh"],
        "lor-3-125-en": "Stitch - Little Rocket",
    }
    iago = names(con, *(f"lor-d23-8-{lang}" for lang in ("en", "fr", "de", "it")))
    assert len(iago) == 4 and iago["lor-d23-8-en"] == "Iago - Out of Reach"


def test_both_5_c2_cards_are_published_apart(con):
    c2 = dict(con.execute("SELECT sku, name FROM printings WHERE set_code = 'c2' AND number = '5'").fetchall())
    assert c2["lor-c2-5-en-s7"] == "Elsa - Ice Maker" and c2["lor-c2-5-en-s9"] == "Pegasus - Gift for Hercules"
    assert "lor-c2-5-en" not in c2
    assert {sku.rsplit("-", 1)[1] for sku in c2} == {"s7", "s9"}


def test_a_printing_sits_where_most_of_its_witnesses_say_and_the_rest_is_recorded(con):
    assert names(con, "lor-10-0-en")["lor-10-0-en"] == "Bruno Madrigal - Undetected Uncle"
    assert con.execute("SELECT count(*) FROM printings WHERE sku LIKE 'lor-9-0-%'").fetchone()[0] == 0
    kept = {
        "lor-9-22-en": ("fab/22", "Ursula - Vanessa"),
        "lor-11-58-en": ("win/58", "HeiHei - Persistent Presence"),
        "lor-dis-1-en": ("dis/1", "Rapunzel - Appreciative Artist"),
        "lor-9-106-en": ("fab/106", "Maui - Whale"),
        "lor-10-0-en": ("fab/0", "Bruno Madrigal - Undetected Uncle"),
    }
    assert names(con, *kept) == {sku: name for sku, (_, name) in kept.items()}
    notes = dict(
        con.execute(
            "SELECT upstream_id, detail FROM quarantine WHERE source_id = 'lorcana-data' AND reason = ?", [NOTES[0]]
        ).fetchall()
    )
    for sku, (upstream_id, _) in kept.items():
        set_code, number = sku.split("-")[1:3]
        assert notes[upstream_id].startswith(f"published as set {set_code} number {number}; ")
    # the printed slots these rows name instead belong to other cards, which stay published
    assert names(con, "lor-4-22-en", "lor-2-58-en", "lor-4-1-en") == {
        "lor-4-22-en": "Prince Eric - Ursula's Groom",
        "lor-2-58-en": "Pinocchio - Talkative Puppet",
        "lor-4-1-en": "Agustin Madrigal - Clumsy Dad",
    }
