"""One physical printing, one SKU across the two Flesh and Blood sources (``generator.ingest.fab_pairing``).

Each test writes a tiny fab-cards bundle and a tiny the-fab-cube dump in the upstreams' own formats
(a CommonJS module; TAB-separated files), reads them with the real adapters, and checks what the
catalog is given or publishes. Every card and printing is a fake (set "TST", cards "Testblade"...).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.catalog import queries
from generator.catalog.load import write_catalog
from generator.ingest import fab_cards, fab_cube
from generator.ingest.fab_pairing import pair_fab_sources
from generator.ingest.sink import Sink
from generator.sources.registry import load_registry

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="fab-cards is evaluated with Node.js (node)")
FOILINGS = {"R": "Rainbow", "C": "Cold", "G": "Gold"}  # the cube's letters in fab-cards' words
ARTS = {"AA": "Alternate Art", "AB": "Alternate Border", "AT": "Alternate Text", "FA": "Full Art"}


def cube_printing(uid: str, card_uid: str, card_id: str, foiling: str = "S", arts: str = "", image: str = "") -> dict:
    """A row of the cube's ``card-printing.csv``: no edition specified, as for promos."""
    return {
        "Unique ID": uid,
        "Card Unique ID": card_uid,
        "Card Name": "",
        "Card ID": card_id,
        "Set ID": card_id[:3],
        "Edition": "N",
        "Rarity": "P",
        "Foiling": foiling,
        "Art Variations": arts,
        "Artists": "Nobody",
        "Image URL": f"https://img.test/{image or card_id}.png",
    }


def cards_printing(card_id: str, foiling: str = "S", art: str = "", image: str | None = None) -> dict:
    """A printing of a fab-cards card: no ``foiling`` key for standard, ``treatment`` for one art variation."""
    printing = {"identifier": card_id, "image": card_id if image is None else image, "set": "Promos"}
    printing |= {"foiling": FOILINGS[foiling]} if foiling != "S" else {}
    return printing | ({"treatment": ARTS[art]} if art else {})


def cards_card(slug: str, name: str, printings: list[dict], pitch: int | None = None) -> dict:
    """A fab-cards card; without ``pitch`` it has none, as the cube's cards below without a Pitch."""
    card = {"cardIdentifier": slug, "name": name, "types": ["Action"], "printings": printings}
    return card | ({"pitch": pitch} if pitch is not None else {})


def read_both(tmp_path: Path, write_tsv, cube_cards: dict[str, tuple[str, str]], cube_rows, cards) -> list:
    """Both adapters over the fakes; ``cube_cards`` is card Unique ID -> (name, pitch)."""
    english = tmp_path / "the-fab-cube" / "csvs" / "english"
    write_tsv(english / "card.csv", [{"Unique ID": u, "Name": n, "Pitch": p} for u, (n, p) in cube_cards.items()])
    write_tsv(english / "card-printing.csv", cube_rows)
    write_tsv(
        english / "set-printing.csv",
        [{"Unique ID": "sp", "Set Unique ID": "s", "Start Card Id": "", "End Card Id": "", "Initial Release Date": ""}],
    )
    write_tsv(english / "set.csv", [{"Unique ID": "s", "Identifier": "TST", "Name": "Test Set"}])
    (tmp_path / "fab-cards" / "dist").mkdir(parents=True)
    (tmp_path / "fab-cards" / "dist" / "index.js").write_text(f"module.exports = {{cards: {json.dumps(cards)}}};\n")
    cube, bundle = Sink("the-fab-cube", "fab"), Sink("fab-cards", "fab")
    fab_cube.read(tmp_path / "the-fab-cube", cube)
    fab_cards.read(tmp_path / "fab-cards", bundle)
    return [(cube, 3), (bundle, 4)]


def fab_cards_rows(sinks) -> list[tuple[str, str, str]]:
    """(upstream id, SKU, card key) of each fab-cards row the catalog is given."""
    [cards] = [sink for sink, _ in pair_fab_sources(sinks) if sink.source_id == "fab-cards"]
    return [(row.upstream_id, str(row.sku), row.card_key) for row in cards.printings]


def test_a_printing_the_sources_foil_differently_is_one_sku_with_the_difference_recorded(tmp_path, write_tsv):
    sinks = read_both(
        tmp_path,
        write_tsv,
        {"cube-rhinar": ("Rhinar", "")},
        [cube_printing("p1", "cube-rhinar", "TST001", "C")],
        [cards_card("rhinar", "Rhinar", [cards_printing("TST001", "G", image="")])],
    )
    assert [str(row.sku) for row in sinks[1][0].printings] == ["fab-tst-001-en-ng"]  # what fab-cards' fields say

    assert fab_cards_rows(sinks) == [("rhinar/0", "fab-tst-001-en-nc", "cube-rhinar")]
    catalog = tmp_path / "catalog.duckdb"
    write_catalog(catalog, load_registry(), pair_fab_sources(sinks), [])  # as ingest hands them over
    with queries.connect(catalog) as con:
        [printing] = queries.printings(con, "fab")
        [game] = [g for g in queries.games(con) if g.game == "fab"]
    assert (str(printing.sku), printing.sources, printing.card_key) == (
        "fab-tst-001-en-nc",
        ("the-fab-cube", "fab-cards"),
        "cube-rhinar",
    )
    assert printing.attrs["foiling"] == "Cold Foil"  # the cube's, as its token says
    assert [d for d in printing.disagreements if d["field"] == "attrs.foiling"] == [
        {
            "field": "attrs.foiling",
            "source_a": "the-fab-cube",
            "value_a": "Cold Foil",
            "source_b": "fab-cards",
            "value_b": "Gold Cold Foil",
        }
    ]
    assert game.card_count == 1


def test_foilings_swapped_between_two_slots_pair_within_each_slot(tmp_path, write_tsv):
    sinks = read_both(
        tmp_path,
        write_tsv,
        {"cube-proc": ("Proclamation", "")},
        [cube_printing("p9", "cube-proc", "TST009", "C"), cube_printing("p10", "cube-proc", "TST010", "R")],
        [cards_card("proclamation", "Proclamation", [cards_printing("TST009", "R"), cards_printing("TST010", "C")])],
    )

    assert fab_cards_rows(sinks) == [
        ("proclamation/0", "fab-tst-009-en-nc", "cube-proc"),
        ("proclamation/1", "fab-tst-010-en-nr", "cube-proc"),
    ]


def test_a_slot_pairs_card_by_card_and_the_closest_printing_first(tmp_path, write_tsv):
    """Two cards on the faces of one slot; and one card with two printings on each side, described
    differently by each source: the alternate-art one pairs with the cube's alternate-art one."""
    sinks = read_both(
        tmp_path,
        write_tsv,
        {"cube-levia": ("Levia", ""), "cube-blas": ("Blasmophet", ""), "cube-ash": ("Ashwing", "")},
        [
            cube_printing("p1", "cube-levia", "TST164", image="TST164"),
            cube_printing("p2", "cube-blas", "TST164", image="TST164_BACK"),
            cube_printing("p3", "cube-ash", "TST042", "C", image="TST042_B"),
            cube_printing("p4", "cube-ash", "TST042", "C", "AA, AB", image="TST042_CF"),
        ],
        [
            cards_card("levia", "Levia", [cards_printing("TST164", "R", image="TST164")]),
            cards_card("blasmophet", "Blasmophet", [cards_printing("TST164", "R", image="TST164_BACK")]),
            cards_card(
                "ashwing",
                "Ashwing",
                [cards_printing("TST042", "C", "AA", "TST042_CF"), cards_printing("TST042", "C", "AT", "TST042_B")],
            ),
        ],
    )

    assert fab_cards_rows(sinks) == [
        ("levia/0", "fab-tst-164-en", "cube-levia"),
        ("blasmophet/0", "fab-tst-164-en-nsb", "cube-blas"),
        ("ashwing/0", "fab-tst-042-en-ncaaab", "cube-ash"),
        ("ashwing/1", "fab-tst-042-en-nc", "cube-ash"),
    ]


def test_a_printing_as_close_to_two_of_the_cubes_is_left_unpaired(tmp_path, write_tsv):
    sinks = read_both(
        tmp_path,
        write_tsv,
        {"cube-a": ("Testblade", "")},
        [cube_printing("p1", "cube-a", "TST001", "C"), cube_printing("p2", "cube-a", "TST001", "G")],
        [cards_card("testblade", "Testblade", [cards_printing("TST001", "R")])],
    )

    assert fab_cards_rows(sinks) == [("testblade/0", "fab-tst-001-en-nr", "cube-a")]  # no guess; card still keyed


def test_cards_are_keyed_by_the_cubes_ids_where_they_match(tmp_path, write_tsv):
    """By a printing both carry under one SKU, else by name and pitch; a card the cube lacks keeps its slug."""
    sinks = read_both(
        tmp_path,
        write_tsv,
        {"cube-a": ("Testblade", "1"), "cube-b": ("Testguard", "1")},
        [cube_printing("p1", "cube-a", "TST001"), cube_printing("p2", "cube-b", "TST002")],
        [
            cards_card("testblade-red", "Testblade", [cards_printing("TST001"), cards_printing("TST011", "R")], 1),
            cards_card("testguard-red", "Testguard", [cards_printing("TST012")], 1),  # no printing in common
            cards_card("testguard-blue", "Testguard", [cards_printing("TST013")], pitch=3),  # the cube has no blue
            cards_card("newcomer", "Newcomer", [cards_printing("TST014")]),
        ],
    )

    assert [key for _, _, key in fab_cards_rows(sinks)] == ["cube-a", "cube-a", "cube-b", "testguard-blue", "newcomer"]
    catalog = tmp_path / "catalog.duckdb"
    write_catalog(catalog, load_registry(), pair_fab_sources(sinks), [])  # as ingest hands them over
    with queries.connect(catalog) as con:
        [game] = [g for g in queries.games(con) if g.game == "fab"]
        cube_cards = con.execute(
            "SELECT count(DISTINCT card_key) FROM printing_observations WHERE source_id = 'the-fab-cube'"
        ).fetchone()[0]
    assert (game.card_count, cube_cards) == (4, 2)  # the cube's two, and the two cards it lacks


def test_without_the_cube_fab_cards_is_given_as_read(tmp_path, write_tsv):
    sinks = read_both(
        tmp_path,
        write_tsv,
        {"cube-a": ("Testblade", "")},
        [cube_printing("p1", "cube-a", "TST001", "C")],
        [cards_card("testblade", "Testblade", [cards_printing("TST001", "G")])],
    )
    cards_only = [pair for pair in sinks if pair[0].source_id == "fab-cards"]

    assert pair_fab_sources(cards_only) == cards_only
    assert [str(row.sku) for row in cards_only[0][0].printings] == ["fab-tst-001-en-ng"]
    assert [row[1] for row in fab_cards_rows(sinks)] == ["fab-tst-001-en-nc"]  # with the cube, it pairs
