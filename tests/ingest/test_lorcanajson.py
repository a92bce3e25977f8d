"""The LorcanaJSON adapter, over small synthetic ``allCards.json`` files in the upstream's own shape.

Every record is a fake ("Test Mouse - Example"); the real dump is only read by the ``real_data``
integration test at the bottom.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path

import orjson
import pytest

from generator.ingest import lorcanajson
from generator.ingest.sink import Sink


def fake_sets(**overrides) -> dict:
    sets = {
        "1": {
            "prereleaseDate": "2001-01-20",
            "releaseDate": "2001-02-03",
            "hasAllCards": True,
            "type": "expansion",
            "number": 1,
            "name": "Test Chapter",
        },
        "10": {
            "prereleaseDate": None,
            "releaseDate": "2001-05-06",
            "hasAllCards": True,
            "type": "quest",
            "number": 1,
            "name": "Test Quest",
        },
    }
    sets.update(overrides)
    return sets


def fake_card(
    card_id: int,
    number: int | None = 1,
    set_code: str = "1",
    name: str = "Test Mouse",
    version: str | None = "Example",
    printed: str | None = None,
    **fields,
) -> dict:
    total = "204" if set_code == "1" else "31"
    group = fields.get("promoGrouping")
    card = {
        "id": card_id,
        "setCode": set_code,
        "number": number,
        "code": "zz",
        "name": name,
        "version": version,
        "fullName": f"{name} - {version}" if version else name,
        "fullIdentifier": printed or f"{number}/{group or total} • EN • {set_code}",
        "type": "Character",
        "color": "Amber",
        "cost": 2,
        "inkwell": True,
        "lore": 1,
        "strength": 1,
        "willpower": 3,
        "subtypes": ["Storyborn"],
        "rarity": "Common",
        "foilTypes": ["None", "Cold"],
        "abilities": [],
        "fullText": "",
        "flavorText": "A test.",
        "artists": ["Nobody"],
        "story": "Tests",
        "images": {"full": "https://example.invalid/x.jpg"},
        "simpleName": "test mouse example",
        "externalLinks": {"tcgPlayerId": 1, "cardmarketUrl": "https://example.invalid/"},
        **fields,
    }
    return {key: value for key, value in card.items() if value is not None}


def write_dump(root: Path, cards: list, sets: dict | None = None, language: str = "en") -> Path:
    body = {
        "metadata": {"formatVersion": "2.1.1", "generatedOn": "2001-01-01T00:00:00", "language": language},
        "sets": fake_sets() if sets is None else sets,
        "cards": cards,
    }
    (root / "allCards.json").write_bytes(orjson.dumps(body))
    return root


def ingest(root: Path) -> Sink:
    sink = Sink("lorcanajson", "lor")
    lorcanajson.read(root, sink)
    return sink


def by_sku(sink: Sink) -> dict:
    return {str(p.sku): p for p in sink.printings}


def test_sets_take_the_printed_set_number_and_the_quest_its_own_token(tmp_path):
    sink = ingest(write_dump(tmp_path, [fake_card(1), fake_card(2, number=1, set_code="10")]))
    sets = {s.set_code: s for s in sink.sets}
    assert sets.keys() == {"1", "q1"}  # LorcanaJSON's "10" is the quest, never official set 10
    assert sets["1"].name == "Test Chapter" and sets["1"].release_date == dt.date(2001, 2, 3)
    assert sets["1"].total_cards == 204 and sets["q1"].total_cards == 31
    assert sets["q1"].upstream_id == "10"
    assert sorted(by_sku(sink)) == ["lor-1-1-en", "lor-q1-1-en"]


def test_promo_enchanted_and_lettered_printings(tmp_path):
    cards = [
        fake_card(1, number=1, enchantedId=3, promoIds=[2]),
        fake_card(2, number=1, rarity="Special", promoGrouping="P1", nonPromoId=1, printed="1/P1 • EN • 1"),
        fake_card(3, number=205, rarity="Enchanted", nonEnchantedId=1),
        fake_card(4, number=4, name="Test Puppy", variant="a", variantIds=[5]),
        fake_card(5, number=4, name="Test Puppy", variant="b", variantIds=[4]),
    ]
    printings = by_sku(ingest(write_dump(tmp_path, cards)))
    assert sorted(printings) == ["lor-1-1-en", "lor-1-205-en", "lor-1-4a-en", "lor-1-4b-en", "lor-p1-1-en"]
    base = printings["lor-1-1-en"]
    assert base.card_key == printings["lor-p1-1-en"].card_key == printings["lor-1-205-en"].card_key
    assert base.card_key == "test-mouse-example" and base.name == "Test Mouse - Example"
    assert base.attrs["enchanted"] == "lor-1-205-en" and base.attrs["promos"] == ["lor-p1-1-en"]
    assert printings["lor-p1-1-en"].attrs["nonPromo"] == "lor-1-1-en"
    assert printings["lor-1-4a-en"].attrs["variants"] == ["lor-1-4b-en"]
    assert printings["lor-1-205-en"].rarity == "Enchanted"


def test_a_printing_under_another_name_takes_that_name_as_variant(tmp_path):
    cards = [
        fake_card(1, number=156),
        fake_card(2, number=26, promoGrouping="P2", nonPromoId=1),
        fake_card(3, number=26, name="Test Souris", promoGrouping="P2", nonPromoId=1),
    ]
    printings = by_sku(ingest(write_dump(tmp_path, cards)))
    assert "lor-p2-26-en" in printings
    renamed = printings["lor-p2-26-en-testsouris"]
    assert renamed.name == "Test Souris - Example" and renamed.card_key == "test-mouse-example"


def test_two_cards_on_one_promo_number_are_told_apart_by_their_printed_set_number(tmp_path):
    """As lorcana-data's two "5/C2" cards: the same SKUs whichever source sees them."""
    cards = [
        fake_card(1, number=5, name="Test Duck", promoGrouping="C2", printed="5/C2 • EN • 7"),
        fake_card(2, number=5, name="Test Goose", promoGrouping="C2", printed="5/C2 • EN • 9"),
    ]
    sink = ingest(write_dump(tmp_path, cards))
    assert {sku: p.card_key for sku, p in by_sku(sink).items()} == {
        "lor-c2-5-en-s7": "test-duck-example",
        "lor-c2-5-en-s9": "test-goose-example",
    }
    assert sink.quarantined == []
    same = [fake_card(1, number=5, name="Test Duck", promoGrouping="C2", printed="5/C2 • EN • 7"), cards[1]]
    same[1] = {**cards[1], "fullIdentifier": "5/C2 • EN • 7"}
    sink = ingest(write_dump(tmp_path, same))
    assert not sink.printings and sink.quarantine_counts() == {"duplicate-id": 2}


def test_attrs_carry_play_fields_and_no_images_prices_or_marketplace_ids(tmp_path):
    attrs = ingest(write_dump(tmp_path, [fake_card(1, colors=["Amber", "Steel"])])).printings[0].attrs
    assert attrs["colors"] == ["Amber", "Steel"] and attrs["cost"] == 2 and attrs["willpower"] == 3
    assert attrs["foilTypes"] == ["None", "Cold"] and attrs["flavorText"] == "A test."
    assert not {"images", "externalLinks", "simpleName", "code"} & attrs.keys()


def test_bad_rows_are_quarantined_with_stable_reasons(tmp_path):
    cards = [
        fake_card(1, number=1),
        fake_card(2, number=None),  # missing-number
        fake_card(3, number=2, name=None, version=None),  # missing-name
        fake_card(4, number=1),  # same card again: duplicate-id
        fake_card(5, number=3),
        fake_card(6, number=3, name="Test Duck"),  # two cards, one number
        fake_card(7, number=5, set_code="99"),  # unknown-set
        fake_card(8, number="x"),  # bad-identifier
        "not a card",  # broken-row
    ]
    sets = fake_sets(
        **{
            "10": {"type": "quest", "number": 1, "name": "Test Quest", "releaseDate": "2001-13-45"},
            "!!": {"name": "Test Nothing"},
        }
    )
    sink = ingest(write_dump(tmp_path, cards, sets))
    assert sink.rows_read == 9
    assert [str(p.sku) for p in sink.printings] == ["lor-1-1-en"]
    assert sink.quarantine_counts() == {
        "bad-date": 1,
        "bad-identifier": 2,
        "broken-row": 1,
        "duplicate-id": 3,
        "missing-name": 1,
        "missing-number": 1,
        "unknown-set": 1,
    }
    assert [s.set_code for s in sink.sets] == ["1"]


@pytest.mark.parametrize("body", [b"{not json", b"[]", b'{"cards": {}}'])
def test_a_broken_file_is_quarantined_not_raised(tmp_path, body):
    (tmp_path / "allCards.json").write_bytes(body)
    sink = ingest(tmp_path)
    assert sink.quarantine_counts() == {"broken-file": 1} and not sink.printings and sink.rows_read == 0


def test_another_language_dump_gets_its_language_token(tmp_path):
    sink = ingest(write_dump(tmp_path, [fake_card(1)], language="fr"))
    assert [str(p.sku) for p in sink.printings] == ["lor-1-1-fr"]


@pytest.mark.real_data
def test_real_dump(real_source):
    sink = ingest(real_source("lorcanajson"))
    assert sink.rows_read == 1661 and len(sink.printings) == 1661 and sink.quarantined == []
    assert {s.set_code for s in sink.sets} == {"1", "2", "3", "4", "5", "6", "7", "8", "9", "q1"}
    per_set = Counter(p.sku.set for p in sink.printings)
    assert per_set == {
        "1": 216,
        "2": 216,
        "3": 227,
        "4": 225,
        "5": 223,
        "6": 222,
        "7": 222,
        "q1": 31,
        "p1": 39,
        "p2": 25,
        "c1": 8,
        "d23": 7,
    }
    printings = by_sku(sink)
    assert printings["lor-1-1-en"].name == "Ariel - On Human Legs"
    assert printings["lor-p2-26-en-vaiana"].card_key == printings["lor-p2-26-en"].card_key
