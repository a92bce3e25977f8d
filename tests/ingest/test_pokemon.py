"""The pokemon-tcg-data adapter, over small synthetic dumps in the upstream's own layout.

Every record here is a minimal fake ("Testmon", set "tst1"); the real dump is only read by the
``real_data`` integration test at the bottom.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import orjson
import pytest

from generator.catalog import queries
from generator.catalog.load import write_catalog
from generator.ingest import pokemon
from generator.ingest.sink import Sink
from generator.sources.registry import load_registry


def fake_set(set_id: str = "tst1", **fields) -> dict:
    return {
        "id": set_id,
        "name": "Test Set",
        "series": "Test",
        "printedTotal": 3,
        "total": 4,
        "legalities": {"unlimited": "Legal"},
        "releaseDate": "2001/02/03",
        "updatedAt": "2001/02/03 10:00:00",
        **fields,
    }


def fake_card(card_id: str = "tst1-1", number: str | None = "1", **fields) -> dict:
    card = {
        "id": card_id,
        "name": "Testmon",
        "supertype": "Pokémon",
        "subtypes": ["Basic"],
        "hp": "60",
        "types": ["Colorless"],
        "attacks": [{"name": "Poke", "cost": ["Colorless"], "convertedEnergyCost": 1, "damage": "10", "text": ""}],
        "retreatCost": ["Colorless"],
        "convertedRetreatCost": 1,
        "number": number,
        "artist": "Nobody",
        "rarity": "Common",
        "legalities": {"unlimited": "Legal"},
        **fields,
    }
    return {key: value for key, value in card.items() if value is not None}


def fake_deck(deck_id: str = "d-tst1-1", cards: list | None = None, **fields) -> dict:
    cards = [{"id": "tst1-1", "name": "Testmon", "rarity": "Common", "count": 4}] if cards is None else cards
    return {"id": deck_id, "name": "Test Deck", "types": ["Colorless"], "cards": cards, **fields}


def write_dump(
    root: Path, sets: list | bytes, cards: dict[str, list | bytes], decks: dict[str, list | bytes] | None = None
) -> Path:
    """Lay out ``sets/en.json``, ``cards/en/<id>.json`` and ``decks/en/<id>.json``; bytes are written as is."""
    files = {"sets/en.json": sets}
    files.update({f"cards/en/{name}.json": body for name, body in cards.items()})
    files.update({f"decks/en/{name}.json": body for name, body in (decks or {}).items()})
    for rel, body in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body if isinstance(body, bytes) else orjson.dumps(body))
    (root / "decks" / "en").mkdir(parents=True, exist_ok=True)
    return root


def ingest(root: Path) -> Sink:
    sink = Sink("pokemon-tcg-data", "ptcg")
    pokemon.read(root, sink)
    return sink


def skus(sink: Sink) -> list[str]:
    return [str(p.sku) for p in sink.printings]


def test_clean_dump_gives_sets_printings_and_decks(tmp_path):
    sink = ingest(write_dump(tmp_path, [fake_set()], {"tst1": [fake_card()]}, {"tst1": [fake_deck()]}))

    assert [(s.set_code, s.name, s.release_date, s.total_cards, s.upstream_id) for s in sink.sets] == [
        ("tst1", "Test Set", dt.date(2001, 2, 3), 4, "tst1")
    ]
    [printing] = sink.printings
    assert (str(printing.sku), printing.card_key, printing.name, printing.rarity, printing.upstream_id) == (
        "ptcg-tst1-1-en",
        "tst1-1",
        "Testmon",
        "Common",
        "tst1-1",
    )
    assert [(d.deck_id, d.name, d.set_code, d.cards) for d in sink.decks] == [
        ("d-tst1-1", "Test Deck", "tst1", (("tst1-1", 4),))
    ]
    assert sink.rows_read == 3
    assert sink.quarantined == []


def test_attrs_are_complete_typed_and_json_able(tmp_path):
    sink = ingest(write_dump(tmp_path, [fake_set()], {"tst1": [fake_card(), fake_card("tst1-2", "2", hp=None)]}))
    first, second = (p.attrs for p in sink.printings)

    assert first["hp"] == 60 and second["hp"] is None
    assert first["supertype"] == "Pokémon" and first["evolvesFrom"] is None
    assert first["abilities"] == [] and first["legalities"] == {"unlimited": "Legal"}
    assert list(first) == list(second), "every printing carries the same keys in the same order"
    assert "images" not in first, "image values are withheld"
    assert orjson.dumps(first) == orjson.dumps(ingest(tmp_path).printings[0].attrs)


def test_number_folding_symbols_and_id_suffix_variants(tmp_path):
    cards = [
        fake_card("tst1-TG01", "TG01"),
        fake_card("tst1-?", "?"),
        fake_card("tst1-!", "!"),
        fake_card("tst1-7_A1", "7"),
        fake_card("tst1-7_A2", "7"),
    ]
    sink = ingest(write_dump(tmp_path, [fake_set()], {"tst1": cards}))

    assert skus(sink) == [
        "ptcg-tst1-tg01-en",
        "ptcg-tst1-question-en",
        "ptcg-tst1-exclamation-en",
        "ptcg-tst1-7-en-a1",
        "ptcg-tst1-7-en-a2",
    ]
    assert [p.card_key for p in sink.printings][-1] == "tst1-7_A2"


def test_missing_rarity_is_published_not_quarantined(tmp_path):
    sink = ingest(write_dump(tmp_path, [fake_set()], {"tst1": [fake_card(rarity=None)]}))

    assert [p.rarity for p in sink.printings] == [None]
    assert sink.quarantined == []


def test_bad_card_rows_are_quarantined_with_stable_reasons(tmp_path):
    cards = [
        fake_card(),
        fake_card("tst1-2", None),
        fake_card("tst1-3", "3", name=""),
        fake_card(),  # the same id again
        fake_card("tst1-9", "8"),  # the id and the number disagree: the id's number wins, on the record
        fake_card("tst2-5", "5"),  # an id of another set: nothing places it
        fake_card("tst1-4", "4"),
    ]
    sink = ingest(write_dump(tmp_path, [fake_set()], {"tst1": cards}))

    assert skus(sink) == ["ptcg-tst1-1-en", "ptcg-tst1-9-en", "ptcg-tst1-4-en"]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [
        ("missing-number", "tst1-2"),
        ("missing-name", "tst1-3"),
        ("duplicate-id", "tst1-1"),
        ("number-disagrees", "tst1-9"),
        ("id-mismatch", "tst2-5"),
    ]
    assert "'8'" in sink.quarantined[3].detail and "published as 9" in sink.quarantined[3].detail
    assert sink.rows_read == 1 + len(cards)


def test_a_number_disagreement_is_published_on_the_printing_it_concerns(tmp_path):
    """The printing the id places is published, and its document says what the upstream's number
    field said instead (a disagreement of the source with itself, not a second printing)."""
    cards = [fake_card(), fake_card("tst1-9", "8")]
    sink = ingest(write_dump(tmp_path / "dump", [fake_set()], {"tst1": cards}))
    catalog = tmp_path / "catalog.duckdb"
    write_catalog(catalog, load_registry(), [(sink, 0)], [])
    with queries.connect(catalog) as con:
        published = {str(p.sku): p.disagreements for p in queries.printings(con, "ptcg")}
    assert published["ptcg-tst1-1-en"] == ()
    [note] = published["ptcg-tst1-9-en"]
    assert (note["field"], note["source"]) == ("identifier", "pokemon-tcg-data")
    assert "'8'" in note["note"] and "published as 9" in note["note"]


def test_a_bad_set_date_quarantines_the_field_and_keeps_the_set_with_its_name(tmp_path):
    sets = [fake_set(), fake_set("tst2", name="Jungle", releaseDate="2001/13/45"), fake_set("tst3", releaseDate=None)]
    sink = ingest(write_dump(tmp_path, sets, {"tst2": [fake_card("tst2-1")]}))

    published = [(s.set_code, s.name, s.release_date) for s in sink.sets]
    assert published == [
        ("tst1", "Test Set", dt.date(2001, 2, 3)),
        ("tst2", "Jungle", None),
        ("tst3", "Test Set", None),
    ]
    [bad] = sink.quarantined
    assert (bad.reason, bad.upstream_id) == ("bad-date", "tst2") and "kept without a date" in bad.detail
    assert skus(sink) == ["ptcg-tst2-1-en"]


def test_duplicate_set_id_is_quarantined(tmp_path):
    sink = ingest(write_dump(tmp_path, [fake_set(), fake_set(name="Test Set Again")], {}))

    assert [s.name for s in sink.sets] == ["Test Set"]
    assert sink.quarantine_counts() == {"duplicate-id": 1}


def test_broken_file_is_quarantined_and_the_rest_still_read(tmp_path):
    sets = [fake_set(), fake_set("tst2")]
    cards = {"tst1": b'[{"id": "tst1-1", "name": "Test', "tst2": [fake_card("tst2-1")]}
    sink = ingest(write_dump(tmp_path, sets, cards, {"tst1": b'{"not": "a list"}'}))

    assert skus(sink) == ["ptcg-tst2-1-en"]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [
        ("broken-file", "cards/en/tst1.json"),
        ("broken-file", "decks/en/tst1.json"),
    ]
    assert sink.rows_read == 2 + 1 + 1 + 1  # two sets, one broken file, one card, one broken file


def test_cards_file_without_a_set_record_is_held_back(tmp_path):
    sink = ingest(write_dump(tmp_path, [fake_set()], {"tst1": [fake_card()], "zzz9": [fake_card("zzz9-1"), {}]}))

    assert skus(sink) == ["ptcg-tst1-1-en"]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [("unknown-set", "zzz9-1"), ("unknown-set", None)]
    assert sink.rows_read == 4


def test_bad_deck_rows_are_quarantined(tmp_path):
    decks = [
        fake_deck(),
        fake_deck(),
        fake_deck("d-tst1-2", name=""),
        fake_deck("d-tst1-3", cards=[{"id": "tst1-1"}]),
        fake_deck("d-tst1-4", cards=[{"id": "tst1-1", "count": 2}, {"id": "tst1-2", "count": 1}]),
    ]
    deck_files = {"tst1": decks, "zzz9": [fake_deck("d-zzz9-1")]}
    sink = ingest(write_dump(tmp_path, [fake_set()], {"tst1": [fake_card()]}, deck_files))

    assert [(d.deck_id, d.set_code, d.cards) for d in sink.decks] == [
        ("d-tst1-1", "tst1", (("tst1-1", 4),)),
        ("d-tst1-4", "tst1", (("tst1-1", 2), ("tst1-2", 1))),
        ("d-zzz9-1", None, (("tst1-1", 4),)),
    ]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [
        ("duplicate-id", "d-tst1-1"),
        ("missing-name", "d-tst1-2"),
        ("bad-record", "d-tst1-3"),
    ]


def test_records_that_are_not_objects_are_bad_records(tmp_path):
    sink = ingest(write_dump(tmp_path, [fake_set(), "tst2"], {"tst1": [fake_card(), 42]}))

    assert skus(sink) == ["ptcg-tst1-1-en"]
    assert sink.quarantine_counts() == {"bad-record": 2}
    assert sink.rows_read == 4


@pytest.mark.real_data
def test_real_dump(real_source):
    sink = ingest(real_source("pokemon-tcg-data"))

    assert len(sink.sets) == 169
    assert len(sink.printings) == 19_653 and len(sink.quarantined) == 1
    assert len(sink.decks) == 188  # 83 deck files
    assert sink.rows_read == 169 + 19_653 + 188
    # One upstream error: zsv10pt5-80 (Antique Cover Fossil) carries number "60", Escavalier's. The
    # id's 80 is published (issue 20), and the disagreement recorded.
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [("number-disagrees", "zsv10pt5-80")]
    assert {str(p.sku): p.name for p in sink.printings}["ptcg-zsv10pt5-80-en"] == "Antique Cover Fossil"
    assert {str(p.sku): p.name for p in sink.printings}["ptcg-zsv10pt5-60-en"] == "Escavalier"
    by_sku = {str(p.sku): p for p in sink.printings}
    assert by_sku["ptcg-base1-4-en"].name == "Charizard"
    assert by_sku["ptcg-base1-4-en"].attrs["hp"] == 120
    assert {"ptcg-ex10-question-en", "ptcg-ex10-exclamation-en", "ptcg-cel25c-15-en-a4"} <= by_sku.keys()
    assert sum(p.rarity is None for p in sink.printings) == 295
