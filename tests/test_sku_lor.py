"""The Lorcana part of the SKU standard (docs/sku.md, Lorcana section): the token rules, and the promise that
LorcanaJSON and lorcana-data give one English printing the same SKU so the catalog merges them.

Synthetic records only ("Test Mouse - Example"); the real dumps are read by the ``real_data`` test.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
import yaml

from generator.ingest import lorcana_data, lorcanajson
from generator.ingest.sink import Sink
from generator.sku import Sku, SkuError
from generator.sku_lor import card_key, conflicting, display_label, full_name, lor_sku, number_token, set_token

# One printing per row, as both upstreams describe it:
# (LorcanaJSON setCode, promoGrouping, lorcana-data set, number, letter, rarity, expected SKU)
PRINTINGS = [
    ("1", None, "tfc", 1, None, "common", "lor-1-1-en"),
    ("1", None, "tfc", 205, None, "enchanted", "lor-1-205-en"),
    ("3", None, "iti", 4, "a", "common", "lor-3-4a-en"),
    ("1", "P1", "p1", 1, None, "special", "lor-p1-1-en"),
    ("2", "D23", "d23", 2, None, "special", "lor-d23-2-en"),
]


def test_set_tokens_are_the_printed_set_number_or_promo_group():
    assert [set_token(code) for code in ("tfc", "fab", "whi", "atv")] == ["1", "9", "10", "13"]
    assert [set_token(code) for code in ("P1", "c2", "d23", "pd1", "dis")] == ["p1", "c2", "d23", "pd1", "dis"]
    assert set_token("zzz") is None  # a new set needs the standard first, never a guessed token


def test_numbers_are_printed_without_padding_and_keep_their_letter():
    assert number_token(1) == "1" and number_token("01") == "1" and number_token(4, "a") == "4a"
    assert number_token(24, "B") == "24b"
    with pytest.raises(SkuError):
        number_token("x")
    assert lor_sku("p2", 26, None, "en", "Test Souris") == Sku.parse("lor-p2-26-en-testsouris")


def test_card_keys_fold_case_accents_and_apostrophes():
    assert full_name("Test Mouse", "Example") == "Test Mouse - Example" and full_name("Test Song", "") == "Test Song"
    assert card_key("Test Mouse's Hat - Mostly As Usual") == card_key("Test Mouse’s Hat - Mostly as Usual")
    assert card_key("Tést Mouse - Éxample") == "test-mouse-example"
    assert display_label("super_rare") == display_label("Super Rare") == "Super Rare"


def test_conflicting_identifiers_are_those_claimed_by_two_cards():
    claims = [
        (("c2", "5"), "test-duck"),
        (("c2", "5"), "test-goose"),
        (("1", "1"), "test-mouse"),
        (("1", "1"), "test-mouse"),
    ]
    assert conflicting(claims) == {("c2", "5")}


def lorcanajson_dump(root: Path) -> Path:
    cards = []
    for i, (set_code, group, _, number, letter, rarity, _) in enumerate(PRINTINGS, start=1):
        cards.append(
            {
                "id": i,
                "setCode": set_code,
                "number": number,
                "variant": letter,
                "promoGrouping": group,
                "name": "Test Mouse",
                "version": f"Example {i}",
                "fullName": f"Test Mouse - Example {i}",
                "fullIdentifier": f"{number}{letter or ''}/{group or 204} • EN • {set_code}",
                "rarity": display_label(rarity),
                "type": "Character",
            }
        )
    sets = {
        code: {"type": "expansion", "number": int(code), "name": f"Test Set {code}", "releaseDate": None}
        for code in ("1", "2", "3")
    }
    (root / "allCards.json").write_bytes(orjson.dumps({"metadata": {"language": "en"}, "sets": sets, "cards": cards}))
    return root


def lorcana_data_dump(root: Path) -> Path:
    files: dict[str, list] = {}
    for i, (_, group, set_code, number, letter, rarity, _) in enumerate(PRINTINGS, start=1):
        printed = {"en": f"{number}{letter or ''}/{group or 204} EN 1"}
        variant = {"set": set_code, "id": number, "suffix": letter, "ravensburger": printed, "rarity": rarity}
        card = {
            "variants": [variant],
            "type": "glimmer",
            "colors": ["amber"],
            "cost": 1,
            "inkwell": True,
            "languages": {"en": {"name": "Test Mouse", "title": f"Example {i}", "flavour": ""}},
        }
        files.setdefault("tfc" if group else set_code, []).append(card)
    (root / "data").mkdir()
    for stem, cards in files.items():
        (root / "data" / f"{stem}.yml").write_text(yaml.safe_dump(cards))
    return root


def read(adapter, root: Path, source_id: str) -> dict[str, object]:
    sink = Sink(source_id, "lor")
    adapter.read(root, sink)
    assert sink.quarantined == []
    return {str(p.sku): p for p in sink.printings}


def test_both_adapters_give_one_printing_the_same_sku_and_card_key(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    from_json = read(lorcanajson, lorcanajson_dump(tmp_path / "a"), "lorcanajson")
    from_yaml = read(lorcana_data, lorcana_data_dump(tmp_path / "b"), "lorcana-data")
    expected = sorted(sku for *_, sku in PRINTINGS)
    assert sorted(from_json) == sorted(from_yaml) == expected
    for sku in expected:
        assert from_json[sku].card_key == from_yaml[sku].card_key
        assert from_json[sku].rarity == from_yaml[sku].rarity


@pytest.mark.real_data
def test_the_real_sources_share_their_english_printings(real_source):
    from_json = read_real(lorcanajson, real_source("lorcanajson"), "lorcanajson")
    from_yaml = read_real(lorcana_data, real_source("lorcana-data"), "lorcana-data")
    shared = from_json & from_yaml
    assert len(shared) == 1629
    # All LorcanaJSON has that lorcana-data lacks: the quest, and the English "Vaiana" promo.
    assert {sku for sku in from_json - shared if not sku.startswith("lor-q1-")} == {"lor-p2-26-en-vaiana"}


def read_real(adapter, root: Path, source_id: str) -> set[str]:
    sink = Sink(source_id, "lor")
    adapter.read(root, sink)
    return {str(p.sku) for p in sink.printings if p.sku.lang == "en"}
