"""The fab-cards adapter, over tiny fake CommonJS bundles (``module.exports = {cards: [...]}``).

Every record here is a minimal fake (card "Testblade", set "TST"); the real package is only read by
the ``real_data`` integration tests at the bottom. Node evaluates the bundle, so most tests need it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.ingest import fab_cards, fab_cube
from generator.ingest.sink import Sink

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="fab-cards is evaluated with Node.js (node)")
MULTI_LINE_TEXT = "If Testblade hits,\n\ndraw a card."


def fake_printing(identifier: str = "TST001", **fields) -> dict:
    return {"identifier": identifier, "image": f"{identifier}.width-450", "set": "Test Set", **fields}


def fake_card(
    identifier: str = "testblade-red", name: str | None = "Testblade", printings: list | None = None, **fields
) -> dict:
    card = {
        "artists": ["Nobody"],
        "cardIdentifier": identifier,
        "classes": ["Generic"],
        "defaultImage": "TST001",
        "name": name,
        "printings": [fake_printing()] if printings is None else printings,
        "rarities": ["Common"],
        "rarity": "Common",
        "setIdentifiers": ["TST001"],
        "sets": ["Test Set"],
        "specialImage": "TST001",
        "subtypes": ["Attack", "Non-Attack"],
        "types": ["Action"],
        "typeText": "Generic Action - Attack",
        "cost": 2,
        "defense": 2,
        "functionalText": MULTI_LINE_TEXT,
        "keywords": ["Go again"],
        "pitch": 1,
        "power": 3,
        "restrictedFormats": ["Commoner"],
        **fields,
    }
    return {key: value for key, value in card.items() if value is not None}


def write_bundle(root: Path, cards: list[dict] | str) -> Path:
    """``dist/index.js`` as the package ships it: a CommonJS module exporting ``cards``."""
    body = cards if isinstance(cards, str) else f"module.exports = {{cards: {json.dumps(cards)}}};\n"
    (root / "dist").mkdir(parents=True, exist_ok=True)
    (root / "dist" / "index.js").write_text(body)
    return root


def ingest(root: Path) -> Sink:
    sink = Sink("fab-cards", "fab")
    fab_cards.read(root, sink)
    return sink


def skus(sink: Sink) -> list[str]:
    return [str(p.sku) for p in sink.printings]


@needs_node
def test_clean_bundle_gives_a_printing_in_the_cubes_shape(tmp_path):
    sink = ingest(write_bundle(tmp_path, [fake_card()]))

    [row] = sink.printings
    assert (str(row.sku), row.card_key, row.name, row.rarity, row.upstream_id) == (
        "fab-tst-001-en",
        "testblade-red",
        "Testblade",
        "Common",
        "testblade-red/0",
    )
    assert row.attrs == {
        "pitch": 1,
        "cost": 2,
        "power": 3,
        "defense": 2,
        "health": None,
        "intelligence": None,
        "types": ["Action", "Attack", "Generic"],
        "keywords": ["Go again"],
        "functional_text": MULTI_LINE_TEXT,
        "type_text": "Generic Action - Attack",
        "legal_blitz": True,
        "legal_cc": True,
        "legal_commoner": False,
        "edition": None,
        "foiling": "Standard",
        "art_variations": [],
        "face": "front",
        "artists": ["Nobody"],
    }
    assert [(s.set_code, s.name, s.release_date, s.total_cards) for s in sink.sets] == [("tst", "Test Set", None, None)]
    assert sink.rows_read == 1
    assert sink.quarantined == []


@needs_node
def test_editions_foilings_treatments_and_backs_become_variants(tmp_path):
    front = fake_card(
        printings=[
            fake_printing(edition="Alpha", foiling="Rainbow"),
            fake_printing(edition="Unlimited", foiling="Cold", treatment="Extended Art"),
        ],
        rarities=["Majestic", "Marvel"],
        artists=["Nobody", "Somebody"],
    )
    back = fake_card(
        "testblade-reborn",
        "Testblade Reborn",
        [fake_printing(image="TST001_A_Back")],
        isCardBack=True,
        pitch=None,
        cost=None,
        specialCost="XX",
    )
    sink = ingest(write_bundle(tmp_path, [front, back]))

    assert skus(sink) == ["fab-tst-001-en-ar", "fab-tst-001-en-ucea", "fab-tst-001-en-nsb"]
    assert [p.rarity for p in sink.printings] == [None, None, "Common"]  # a card's two rarities: which is which?
    assert "artists" not in sink.printings[0].attrs
    back_attrs = sink.printings[2].attrs
    assert (back_attrs["face"], back_attrs["pitch"], back_attrs["cost"]) == ("back", None, "XX")


@needs_node
def test_bad_printings_are_quarantined_with_their_reason(tmp_path):
    cards = [
        fake_card(
            printings=[
                fake_printing(),
                fake_printing(""),
                fake_printing("TST"),
                fake_printing("TST002", treatment="Double Sided"),
                fake_printing(),
            ]
        ),
        fake_card("nameless", None, [fake_printing("TST003")]),
    ]
    sink = ingest(write_bundle(tmp_path, cards))

    assert skus(sink) == ["fab-tst-001-en"]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [
        ("missing-number", "testblade-red/1"),
        ("missing-number", "testblade-red/2"),
        ("bad-identifier", "testblade-red/3"),
        ("duplicate-id", "testblade-red/4"),
        ("missing-name", "nameless/0"),
    ]
    assert sink.rows_read == 6


@needs_node
def test_the_same_physical_printing_gets_the_cubes_sku(tmp_path, write_tsv):
    """The point of the shared SKU rule: both sources' observations merge in the catalog."""
    bundle = write_bundle(
        tmp_path / "fab-cards",
        [
            fake_card(
                printings=[
                    fake_printing(),
                    fake_printing(edition="Alpha", foiling="Rainbow"),
                    fake_printing(edition="First", foiling="Cold", treatment="Extended Art"),
                ]
            ),
            fake_card(
                "testblade-reborn",
                "Testblade Reborn",
                [fake_printing(image="TST001_B_Back", foiling="Cold", treatment="Full Art")],
            ),
        ],
    )
    english = tmp_path / "the-fab-cube" / "csvs" / "english"
    write_tsv(
        english / "card.csv",
        [{"Unique ID": "card-a", "Name": "Testblade"}, {"Unique ID": "card-b", "Name": "Testblade Reborn"}],
    )
    write_tsv(
        english / "card-printing.csv",
        [
            {
                "Unique ID": f"p{n}",
                "Card Unique ID": key,
                "Card Name": "",
                "Card ID": "TST001",
                "Set ID": "TST",
                "Edition": edition,
                "Rarity": "C",
                "Foiling": foiling,
                "Art Variations": arts,
                "Artists": "Nobody",
                "Image URL": f"https://img.test/{image}.png",
            }
            for n, (key, edition, foiling, arts, image) in enumerate(
                [
                    ("card-a", "N", "S", "", "TST001"),
                    ("card-a", "A", "R", "", "TST001"),
                    ("card-a", "F", "C", "EA", "TST001"),
                    ("card-b", "N", "C", "FA", "TST001_B_Back"),
                ]
            )
        ],
    )
    write_tsv(
        english / "set-printing.csv",
        [
            {
                "Unique ID": "sp",
                "Set Unique ID": "set-tst",
                "Start Card Id": "",
                "End Card Id": "",
                "Initial Release Date": "",
            }
        ],
    )
    write_tsv(english / "set.csv", [{"Unique ID": "set-tst", "Identifier": "TST", "Name": "Test Set"}])
    cube = Sink("the-fab-cube", "fab")
    fab_cube.read(tmp_path / "the-fab-cube", cube)

    assert (
        skus(ingest(bundle))
        == skus(cube)
        == ["fab-tst-001-en", "fab-tst-001-en-ar", "fab-tst-001-en-fcea", "fab-tst-001-en-ncfab"]
    )


def test_without_node_the_source_fails_with_a_clear_message(tmp_path, monkeypatch):
    monkeypatch.setattr(fab_cards.shutil, "which", lambda name: None)
    with pytest.raises(RuntimeError, match="Node.js"):
        ingest(write_bundle(tmp_path, [fake_card()]))


@needs_node
@pytest.mark.parametrize(
    "body, message",
    [
        ("throw new Error('boom');\n", "could not evaluate"),
        ("module.exports = {};\n", "does not export"),
        ("module.exports = {cards: {}};\n", "not an array"),
    ],
)
def test_a_bundle_without_a_cards_array_fails_the_source(tmp_path, body, message):
    with pytest.raises(RuntimeError, match=message):
        ingest(write_bundle(tmp_path, body))


@pytest.mark.real_data
@needs_node
def test_real_package_reads_every_printing(real_source):
    sink = ingest(real_source("fab-cards"))

    assert sink.rows_read == 8471
    assert len(sink.printings) == 8470
    assert sink.quarantine_counts() == {"missing-number": 1}  # Fyendal's Spring Tunic lists an empty identifier
    assert len(sink.sets) == 43


@pytest.mark.real_data
@needs_node
def test_real_package_merges_with_the_fab_cube(real_source):
    cards, cube = ingest(real_source("fab-cards")), Sink("the-fab-cube", "fab")
    fab_cube.read(real_source("the-fab-cube"), cube)

    shared = {p.sku for p in cards.printings} & {p.sku for p in cube.printings}
    # the 55 left are real upstream differences (a gold foil the cube calls cold, one treatment
    # where the cube lists two), not a different SKU rule: generator.ingest.fab_pairing pairs them
    # with the cube's printings before the catalog is written (tests/test_real_catalog_fab.py)
    assert len(shared) == 8415
