"""Flesh and Blood over the real catalog: one SKU per physical printing across the-fab-cube and fab-cards.

Built once per session by the real ingest (``real_ingest`` in ``tests/conftest.py``); skipped, with
the reason, when ``CARDPANTRY_MIRROR`` is unset or a source cannot be acquired. The checks match
printings by set slot and English name, not by card key, so they do not lean on the keying they test.
"""

from __future__ import annotations

import csv
import shutil

import pytest

from generator.catalog import queries
from generator.ingest.fab_cards import load_cards
from generator.sku.fab import image_stem

pytestmark = [
    pytest.mark.real_data,
    pytest.mark.skipif(shutil.which("node") is None, reason="fab-cards is evaluated with Node.js (node)"),
]


@pytest.fixture(scope="module")
def con(real_ingest):
    connection = queries.connect(real_ingest.catalog)
    yield connection
    connection.close()


def test_no_two_published_skus_are_one_physical_printing(con):
    """The pairing rule of issue 20: a printing only fab-cards carries and one only the cube carries,
    in one set slot and of one card, are one printing told apart only by foiling or art."""
    one_printing_twice = con.execute(
        """
        SELECT a.sku, b.sku FROM printings a JOIN printings b
          ON a.game = b.game AND a.set_code = b.set_code AND a.number = b.number AND a.lang = b.lang
         AND a.name = b.name
        WHERE a.game = 'fab' AND a.sources = ['fab-cards'] AND b.sources = ['the-fab-cube']
        """
    ).fetchall()
    assert one_printing_twice == []
    # and no fab-cards row was lost or folded into another on the way: each is one published SKU
    observed, skus, published = con.execute(
        """
        SELECT count(*), count(DISTINCT o.sku), count(DISTINCT p.sku)
        FROM printing_observations o LEFT JOIN printings p ON p.sku = o.sku WHERE o.source_id = 'fab-cards'
        """
    ).fetchone()
    assert observed == skus == published > 8_000


def test_card_count_is_the_cubes_cards_plus_only_cards_it_lacks(con):
    [game] = [g for g in queries.games(con) if g.game == "fab"]
    cube_cards = con.execute(
        "SELECT count(DISTINCT card_key) FROM printing_observations WHERE source_id = 'the-fab-cube'"
    ).fetchone()[0]
    others = con.execute(
        """
        SELECT DISTINCT p.card_key, p.name, p.attrs->>'pitch' FROM printings p
        WHERE p.game = 'fab' AND p.card_key NOT IN
              (SELECT card_key FROM printing_observations WHERE source_id = 'the-fab-cube')
        """
    ).fetchall()
    cube_names = set(
        con.execute(
            "SELECT DISTINCT name, attrs->>'pitch' FROM printing_observations "
            "WHERE source_id = 'the-fab-cube' AND lang = 'en'"
        ).fetchall()
    )

    assert cube_cards > 3_800
    assert game.card_count == cube_cards + len(others)
    assert [key for key, name, pitch in others if (name, pitch) in cube_names] == []  # cards the cube lacks


@pytest.mark.parametrize(
    "sku, cards_foiling",
    [
        ("fab-win-001-en-nc", "Gold Cold Foil"),  # a World Championship prize hero
        ("fab-tcc-001-en-nr", "Standard"),  # fab-cards has no foiling for it
        ("fab-jdg-009-en-nc", "Rainbow Foil"),  # the foilings of JDG009 and JDG010 swapped between the two
        ("fab-jdg-010-en-nr", "Cold Foil"),
    ],
)
def test_a_printing_the_sources_foil_differently_is_one_sku_with_the_difference(con, sku, cards_foiling):
    printing = queries.printing(con, sku)

    assert printing is not None and printing.sources == ("the-fab-cube", "fab-cards")
    [foiling] = [d for d in printing.disagreements if d["field"] == "attrs.foiling"]
    assert (foiling["source_b"], foiling["value_b"], foiling["value_a"]) == (
        "fab-cards",
        cards_foiling,
        printing.attrs["foiling"],
    )


def test_a_slot_with_two_printings_on_each_side_pairs_them_as_the_images_do(con, real_source):
    """UPR042 (Aether Ashwing): two Cold Foil printings only one source carried each, paired by the
    printing facts they share; the upstreams' image names, which the catalog never sees, agree."""
    rows = con.execute(
        "SELECT sku, source_id, upstream_id FROM printing_observations "
        "WHERE sku LIKE 'fab-upr-042-en-nc%' ORDER BY sku, source_id"
    ).fetchall()
    cards_images = {
        f"{card['cardIdentifier']}/{index}": image_stem(printing.get("image") or "")
        for card in load_cards(real_source("fab-cards") / "dist" / "index.js")
        for index, printing in enumerate(card.get("printings") or ())
    }
    with (real_source("the-fab-cube") / "csvs" / "english" / "card-printing.csv").open(encoding="utf-8-sig") as f:
        cube_images = {row["Unique ID"]: image_stem(row["Image URL"]) for row in csv.DictReader(f, delimiter="\t")}
    images: dict[str, set[str]] = {}
    for sku, source_id, upstream_id in rows:
        stem = (cards_images if source_id == "fab-cards" else cube_images)[upstream_id]
        images.setdefault(sku, set()).add(stem)

    assert len(rows) == 4 and len(images) == 2
    assert all(len(stems) == 1 for stems in images.values())  # each SKU: one image, seen by both sources


def test_the_coverage_history_counts_each_flesh_and_blood_card_once(con):
    """Ingest pairs the two sources before the history counts cards, so fab-cards' cards are keyed by
    the cube's ids there too: the game's union is the catalog's card count, not 51 slugs more."""
    union = con.execute(
        "SELECT distinct_cards FROM coverage_history WHERE game = 'fab' AND source_id IS NULL "
        "AND window_days IS NULL ORDER BY day DESC LIMIT 1"
    ).fetchone()
    [game] = [g for g in queries.games(con) if g.game == "fab"]
    assert union is not None and union[0] == game.card_count == 3872
