"""The lorcana-data adapter, over small synthetic ``data/*.yml`` dumps in the upstream's own shape.

Every record is a fake ("Test Mouse - Example"); the real dump is only read by the ``real_data``
integration test at the bottom.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from generator.ingest import lorcana_data
from generator.ingest.sink import Sink

SET_NUMBERS = {"tfc": 1, "rotf": 2, "fab": 9, "whi": 10}


def fake_variant(
    set_code: str = "tfc", number: int | None = 1, langs=("en", "fr", "de"), set_number: int = 1, **fields
) -> dict:
    """A printing as lorcana-data writes it: a promo prints its group and the set of its era
    (``set_number``), a main-set card its set size and its own set ("7/204 FR 9")."""
    group = set_code.upper() if set_code not in SET_NUMBERS else "204"
    set_number = SET_NUMBERS.get(set_code, set_number)
    printed = {lang: f"{number}/{group} {lang.upper()} {set_number}" for lang in langs}
    return {
        "set": set_code,
        "id": number,
        "dreamborn": "000-000",
        "ravensburger": {**printed, "culture_invariant_id": 1, "sort_number": 1},
        "rarity": "common",
        "illustrator": "Nobody",
        **fields,
    }


def fake_card(
    name: str | None = "Test Mouse", variants: list | None = None, langs=("en", "fr", "de"), **fields
) -> dict:
    languages = {
        lang: {"name": f"{name} {lang}" if lang != "en" else name, "title": "Example", "flavour": f"A test ({lang})."}
        for lang in langs
        if name
    }
    return {
        "variants": variants or [fake_variant()],
        "lore": 1,
        "cost": 2,
        "inkwell": True,
        "attack": 1,
        "defence": 3,
        "colors": ["amber"],
        "type": "glimmer",
        "classifications": ["storyborn", "seven_dwarfs"],
        "illustrator": "Nobody",
        "languages": languages,
        "franchise_id": "test-tales",
        "third_party": {"card_market": "https://example.invalid/"},
        "rotation_states": ["infinity_constructed"],
        **fields,
    }


REFERENCE = {
    "classifications": [
        {"slug": "storyborn", "en": "Storyborn", "fr": "Storyborn"},
        {"slug": "seven_dwarfs", "en": "Seven Dwarfs", "fr": "Sept Nains"},
    ],
    "franchises": {"test-tales": {"translations": {"en": "Test Tales", "fr": "Contes de test"}}},
    "configuration": {"sets": ["tfc"], "langs": ["en"]},
}


def write_dump(root: Path, sets: dict[str, list | str], reference: dict | None = None) -> Path:
    """``data/<stem>.yml`` per set and per reference file; a str body is written as is (broken files)."""
    data = root / "data"
    data.mkdir(parents=True, exist_ok=True)
    for stem, body in {**(REFERENCE if reference is None else reference), **sets}.items():
        text = body if isinstance(body, str) else yaml.safe_dump(body, allow_unicode=True, sort_keys=False)
        (data / f"{stem}.yml").write_text(text, encoding="utf-8")
    return root


def ingest(root: Path) -> Sink:
    sink = Sink("lorcana-data", "lor")
    lorcana_data.read(root, sink)
    return sink


def skus(sink: Sink) -> list[str]:
    return sorted(str(p.sku) for p in sink.printings)


def test_one_sku_per_language_the_printing_exists_in(tmp_path):
    card = fake_card(langs=("en", "fr", "de", "ja"), variants=[fake_variant(langs=("en", "fr", "de", "it", "ja"))])
    sink = ingest(write_dump(tmp_path, {"tfc": [card]}))
    # "it" is printed but the card has no Italian name: no Italian SKU.
    assert skus(sink) == ["lor-1-1-de", "lor-1-1-en", "lor-1-1-fr", "lor-1-1-ja"]
    french = next(p for p in sink.printings if p.sku.lang == "fr")
    assert french.name == "Test Mouse fr - Example" and french.card_key == "test-mouse-example"
    assert french.upstream_id == "tfc/1" and french.attrs["flavorText"] == "A test (fr)."


def test_a_promo_not_printed_in_a_language_has_no_sku_in_it(tmp_path):
    promo = fake_variant("p1", 7, langs=("en",), rarity="special")
    sink = ingest(write_dump(tmp_path, {"tfc": [fake_card(variants=[fake_variant(), promo])]}))
    assert [s for s in skus(sink) if "-p1-" in s] == ["lor-p1-7-en"]


def test_a_promo_only_exists_in_the_languages_its_card_s_set_was_printed_in(tmp_path):
    """Issue 35: P1's upstream identifiers are filled for every language, so a set 1 card's Italian P1
    promo was published though set 1 was never printed in Italian; the promo prints its card's set."""
    promo = fake_variant("p1", 7, langs=("en", "fr", "it"), set_number=1, rarity="special")
    own = [
        fake_card("Test Mouse", langs=("en", "fr", "it"), variants=[fake_variant("tfc", 1, langs=("en", "fr")), promo])
    ]
    own += [fake_card(f"Test Duck {n}", variants=[fake_variant("tfc", n + 1)]) for n in (1, 2)]  # no Italian names
    sink = ingest(write_dump(tmp_path, {"tfc": own}))
    assert [s for s in skus(sink) if "-p1-" in s] == ["lor-p1-7-en", "lor-p1-7-fr"]
    [withheld] = [q for q in sink.quarantined if q.reason == "no-edition"]
    assert withheld.upstream_id == "p1/7:it" and withheld.detail.startswith("a promo of a set 1 card: set 1 has no it")


def test_a_reprint_only_exists_in_the_languages_of_its_own_set(tmp_path):
    old = fake_card(
        "Test Mouse",
        langs=("en", "fr", "ja"),
        variants=[fake_variant("tfc", 1, langs=("en", "fr", "ja")), fake_variant("fab", 19, langs=("en", "fr", "ja"))],
    )
    fabled = [
        fake_card(f"Test Duck {n}", langs=("en", "fr"), variants=[fake_variant("fab", n, langs=("en", "fr", "ja"))])
        for n in (1, 2)
    ]
    sink = ingest(write_dump(tmp_path, {"tfc": [old], "fab": fabled}))
    assert [s for s in skus(sink) if s.startswith("lor-9-19")] == ["lor-9-19-en", "lor-9-19-fr"]
    assert "lor-1-1-ja" in skus(sink)


def test_sets_come_from_the_set_files_with_their_printed_total(tmp_path):
    card = fake_card(variants=[fake_variant("tfc", 1), fake_variant("p1", 3)])
    sink = ingest(
        write_dump(tmp_path, {"tfc": [card], "rotf": [fake_card("Test Duck", variants=[fake_variant("rotf", 2)])]})
    )
    assert sorted((s.set_code, s.name, s.total_cards, s.upstream_id) for s in sink.sets) == [
        ("1", None, 204, "tfc"),
        ("2", None, 204, "rotf"),
    ]
    assert skus(sink) == [
        "lor-1-1-de",
        "lor-1-1-en",
        "lor-1-1-fr",
        "lor-2-2-de",
        "lor-2-2-en",
        "lor-2-2-fr",
        "lor-p1-3-de",
        "lor-p1-3-en",
        "lor-p1-3-fr",
    ]


def test_attrs_use_lorcanajson_names_and_display_labels(tmp_path):
    card = fake_card(
        variants=[fake_variant(number=4, suffix="a", illustrator="One / Two", rarity="super_rare")], langs=("en",)
    )
    printing = ingest(write_dump(tmp_path, {"tfc": [card]})).printings[0]
    assert str(printing.sku) == "lor-1-4a-en" and printing.rarity == "Super Rare"
    assert printing.attrs == {
        "cost": 2,
        "inkwell": True,
        "lore": 1,
        "strength": 1,
        "willpower": 3,
        "type": "Character",
        "colors": ["Amber"],
        "subtypes": ["Storyborn", "Seven Dwarfs"],
        "artists": ["One", "Two"],
        "franchise": "Test Tales",
        "formats": ["infinity_constructed"],
        "variant": "a",
        "flavorText": "A test (en).",
    }


def test_bad_rows_are_quarantined_with_stable_reasons(tmp_path):
    cards = [
        fake_card("Test Mouse", variants=[fake_variant(number=1), fake_variant(number=1)]),  # listed twice
        fake_card("Test Duck", variants=[fake_variant("c2", 5)]),  # two different cards claim 5/C2
        fake_card("Test Goose", variants=[fake_variant("c2", 5)]),
        fake_card("Test Owl", variants=[fake_variant(number=None)]),  # missing-number
        fake_card("Test Owl", variants=[fake_variant(number=9, langs=())]),  # nothing printed: missing-number
        fake_card(None, variants=[fake_variant(number=10)]),  # missing-name
        fake_card("Test Hen", variants=[fake_variant("p9", 1)]),  # unknown-set
        fake_card("Test Cat", variants=[fake_variant(number=11, rarity="unreleased")]),
        fake_card("Test Dog", variants=[fake_variant(number="x")]),  # bad-identifier
        ["not", "a", "card"],  # broken-row
    ]
    sink = ingest(write_dump(tmp_path, {"tfc": cards, "zzz": [], "rotf": "- variants: [unclosed\n"}))
    assert sink.rows_read == 10
    assert skus(sink) == ["lor-1-1-de", "lor-1-1-en", "lor-1-1-fr"]
    assert sink.quarantine_counts() == {
        "bad-identifier": 1,
        "broken-file": 1,
        "broken-row": 1,
        "duplicate-id": 3,
        "missing-name": 1,
        "missing-number": 2,
        "unknown-set": 2,
        "unreleased": 1,
    }
    assert [s.set_code for s in sink.sets] == ["1"]


def test_broken_reference_files_do_not_stop_the_sets(tmp_path):
    sink = ingest(write_dump(tmp_path, {"tfc": [fake_card()]}, {"classifications": "{broken", "franchises": []}))
    assert sink.quarantine_counts() == {"broken-file": 1}
    assert sink.printings[0].attrs["subtypes"] == ["Storyborn", "Seven Dwarfs"]  # slug fallback
    assert "franchise" not in sink.printings[0].attrs


def test_a_language_without_an_edition_of_the_set_is_quarantined_with_its_reason(tmp_path):
    """Name and printed id in Japanese on a Fabled reprint, but Fabled's own cards have no Japanese:
    one ``no-edition`` row per printing and language, so the withheld printing is counted, not lost."""
    old = fake_card(
        "Test Mouse",
        langs=("en", "fr", "ja"),
        variants=[fake_variant("tfc", 1, langs=("en", "fr", "ja")), fake_variant("fab", 19, langs=("en", "fr", "ja"))],
    )
    fabled = [fake_card("Test Duck", langs=("en", "fr"), variants=[fake_variant("fab", 1, langs=("en", "fr", "ja"))])]
    sink = ingest(write_dump(tmp_path, {"tfc": [old], "fab": fabled}))
    assert "lor-1-1-ja" in skus(sink) and "lor-9-19-ja" not in skus(sink)
    assert [(q.reason, q.upstream_id, q.detail) for q in sink.quarantined] == [
        ("no-edition", "fab/19:ja", "set 9 has no ja edition: 0 of the 1 cards first printed in it are named in ja")
    ]


def test_a_set_has_an_edition_where_half_its_own_cards_are_named(tmp_path):
    cards = [
        fake_card(
            f"Test Duck {n}",
            langs=("en", "it") if n <= 2 else ("en",),
            variants=[fake_variant("tfc", n, langs=("en", "it"))],
        )
        for n in range(1, 5)
    ]
    assert [s for s in skus(ingest(write_dump(tmp_path / "half", {"tfc": cards}))) if s.endswith("-it")] == [
        "lor-1-1-it",
        "lor-1-2-it",
    ]
    fewer = [
        fake_card("Test Duck 1", langs=("en", "it"), variants=[fake_variant("tfc", 1, langs=("en", "it"))])
    ] + cards[2:]
    sink = ingest(write_dump(tmp_path / "fewer", {"tfc": fewer}))
    assert not [s for s in skus(sink) if s.endswith("-it")]
    assert sink.quarantine_counts() == {"no-edition": 1}


def test_a_promo_is_placed_by_its_printed_identifier_not_by_the_row_it_is_filed_under(tmp_path):
    """lorcana-data files some promos under their card's main-set number (``set: iti``, ``id: 125``)
    while printing ``43/P2 EN 3`` and Dreamborn ``003-P2-043``: two printings, not a repeat."""
    promo = fake_variant("iti", 125, langs=("en", "zh"), dreamborn="003-P2-043", rarity="special")
    promo["ravensburger"].update(en="43/P2 EN 3", zh="43/P2 ZH 3")
    main = fake_variant("iti", 125, langs=("en", "zh"), dreamborn="003-125")
    main["ravensburger"].update(en="125/204 EN 3", zh="125/204 ZH 3")
    card = fake_card("Test Mouse", langs=("en", "zh"), variants=[main, promo])
    sink = ingest(write_dump(tmp_path, {"iti": [card]}))
    assert skus(sink) == ["lor-3-125-en", "lor-3-125-zh", "lor-p2-43-en", "lor-p2-43-zh"]
    assert [(q.reason, q.upstream_id, q.detail) for q in sink.quarantined] == [
        ("number-disagrees", "iti/125", "published as set p2 number 43; its set/id fields say set 3 number 125")
    ]


@pytest.mark.parametrize(
    ("fields", "printed", "dreamborn", "expected"),
    [
        (("fab", 0), "0/204 {} 10", "010-000", "lor-10-0-en"),  # the set field slipped
        (("fab", 22), "22/204 {} 4", "009-022", "lor-9-22-en"),  # the printed set number slipped
        (("dis", 1), "1/204 {} 4", "004-DIS-001", "lor-dis-1-en"),  # a promo printed like a set card
    ],
)
def test_the_place_most_witnesses_name_wins_and_the_other_is_recorded(tmp_path, fields, printed, dreamborn, expected):
    variant = fake_variant(*fields, langs=("en", "fr"), dreamborn=dreamborn)
    variant["ravensburger"].update(en=printed.format("EN"), fr=printed.format("FR"))
    sink = ingest(write_dump(tmp_path, {"urr": [fake_card("Test Mouse", langs=("en", "fr"), variants=[variant])]}))
    assert skus(sink) == [expected, expected.replace("-en", "-fr")]
    (note,) = sink.quarantined
    assert note.reason == "number-disagrees" and note.upstream_id == f"{fields[0]}/{fields[1]}"
    assert note.detail.startswith(f"published as set {expected.split('-')[1]} number {expected.split('-')[2]}; its ")


def test_one_misprinted_language_is_outvoted_by_the_others(tmp_path):
    variant = fake_variant("fab", 106, langs=("en", "fr", "de"), dreamborn="009-106")
    variant["ravensburger"]["en"] = "106/204 EN 93"  # no set 93: a typo in one language
    sink = ingest(write_dump(tmp_path, {"fab": [fake_card("Test Mouse", variants=[variant])]}))
    assert skus(sink) == ["lor-9-106-de", "lor-9-106-en", "lor-9-106-fr"]
    assert [(q.reason, q.detail) for q in sink.quarantined] == [
        ("number-disagrees", "published as set 9 number 106; its printed identifier (en) reads '106/204 EN 93'")
    ]


def test_two_witnesses_naming_two_places_are_not_guessed(tmp_path):
    variant = fake_variant("fab", 22, langs=("en",))  # Dreamborn "000-000" names no set
    variant["ravensburger"]["en"] = "22/204 EN 4"
    sink = ingest(write_dump(tmp_path, {"fab": [fake_card("Test Mouse", variants=[variant])]}))
    assert skus(sink) == []
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [("bad-identifier", "fab/22")]


def test_two_cards_on_one_promo_number_are_told_apart_by_their_printed_set_number(tmp_path):
    elsa = fake_variant("c2", 5, langs=("en", "fr"), set_number=7, rarity="special")
    pegasus = fake_variant("c2", 5, langs=("en", "fr", "ja"), set_number=9, rarity="special")
    cards = [
        fake_card("Test Duck", variants=[fake_variant("tfc", 1), elsa]),
        fake_card("Test Goose", langs=("en", "fr", "ja"), variants=[fake_variant("tfc", 2), pegasus]),
    ]
    sink = ingest(write_dump(tmp_path, {"tfc": cards}))
    promos = {str(p.sku): p.card_key for p in sink.printings if p.sku.set == "c2"}
    assert promos == {
        "lor-c2-5-en-s7": "test-duck-example",
        "lor-c2-5-fr-s7": "test-duck-example",
        "lor-c2-5-en-s9": "test-goose-example",
        "lor-c2-5-fr-s9": "test-goose-example",
        "lor-c2-5-ja-s9": "test-goose-example",
    }
    assert sink.quarantined == []


@pytest.mark.real_data
def test_real_dump(real_source):
    sink = ingest(real_source("lorcana-data"))
    assert sink.rows_read == 2477 and len(sink.printings) == 13989 - 36
    assert sink.quarantine_counts() == {
        "duplicate-id": 1,
        "missing-number": 2,
        "no-edition": 544 + 36,  # 36 promos of cards whose set has no edition in the language (issue 35)
        "number-disagrees": 9,
        "unreleased": 4,
    }
    assert {s.set_code for s in sink.sets} == {str(n) for n in range(1, 14)}
    per_set = Counter(p.sku.set for p in sink.printings)
    assert set(per_set) == {str(n) for n in range(1, 14)} | {"p1", "p2", "p3", "p4", "c1", "c2", "d23", "pd1", "dis"}
    per_lang = Counter(p.sku.lang for p in sink.printings)
    assert per_lang == {"en": 3149, "fr": 3131, "de": 3131, "it": 2683 - 13, "ja": 947 - 11, "zh": 948 - 12}
