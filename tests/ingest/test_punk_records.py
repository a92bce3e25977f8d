"""The punk-records adapter, over small synthetic dumps in the upstream's own layout.

``<lang>/packs.json`` and ``<lang>/data/<pack_id>.json`` for ``english``, ``english-asia`` and
``japanese``; every record
is a minimal fake (card ids ``OP99-``/``ST99-``, names "Testo ..."). The real dump is only read by the
``real_data`` integration test at the bottom.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from generator.ingest import onepiece_common, punk_records
from generator.ingest.sink import Sink

EN_PACKS = {
    "569901": {
        "id": "569901",
        "raw_title": "BOOSTER PACK -TESTO TIDES- [OP-99]",
        "title_parts": {"label": "OP-99", "prefix": "BOOSTER PACK", "title": "TESTO TIDES"},
    },
    "569902": {
        "id": "569902",
        "raw_title": "STARTER DECK -Testo Crew- [ST-99]",
        "title_parts": {"label": "ST-99", "prefix": "STARTER DECK", "title": "Testo Crew"},
    },
    "569903": {
        "id": "569903",
        "raw_title": "Promotion card",
        "title_parts": {"label": None, "prefix": None, "title": "Promotion card"},
    },
}
ASIA_PACKS = {
    "556901": {
        "id": "556901",
        "raw_title": "BOOSTER PACK -TESTO TIDES- [OP-99]",
        "title_parts": {"label": "OP-99", "prefix": "BOOSTER PACK", "title": "TESTO TIDES"},
    },
}
JA_PACKS = {
    "550901": {
        "id": "550901",
        "raw_title": "ブースターパック テストの海【OP-99】",
        "title_parts": {"label": None, "prefix": None, "title": "ブースターパック テストの海【OP-99】"},
    },
    "550902": {
        "id": "550902",
        "raw_title": "スタートデッキ テスト一味【ST-99】",
        "title_parts": {"label": None, "prefix": None, "title": "スタートデッキ テスト一味【ST-99】"},
    },
    "550903": {
        "id": "550903",
        "raw_title": "プロモーションカード",
        "title_parts": {"label": None, "prefix": None, "title": "プロモーションカード"},
    },
    # a Japanese-only product: its set gets no name from the Japanese title
    "550904": {
        "id": "550904",
        "raw_title": "エクストラブースター テスト限定【EB-98】",
        "title_parts": {"label": None, "prefix": None, "title": "エクストラブースター テスト限定【EB-98】"},
    },
}


def fake_card(card_id: str = "OP99-001", pack_id: str = "569901", **fields) -> dict:
    """One record of ``data/<pack_id>.json`` with every field upstream writes."""
    return {
        "attributes": ["Slash"],
        "block_number": 9,
        "category": "Character",
        "colors": ["Red"],
        "cost": 2,
        "counter": 1000,
        "effect": None,
        "id": card_id,
        "img_full_url": f"https://example.invalid/{card_id}.png?1",
        "img_url": f"../images/{card_id}.png?1",
        "name": "Testo",
        "pack_id": pack_id,
        "power": 3000,
        "rarity": "Common",
        "trigger": None,
        "types": ["Testo Crew"],
        **fields,
    }


def write_dump(
    root: Path, data: dict[str, dict[str, list | bytes]], packs: dict[str, dict | bytes] | None = None
) -> Path:
    """``data`` maps folder -> pack id -> records (bytes are written as is)."""
    packs = {"english": EN_PACKS, "english-asia": ASIA_PACKS, "japanese": JA_PACKS} if packs is None else packs
    for folder, body in packs.items():
        path = root / folder / "packs.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body if isinstance(body, bytes) else orjson.dumps(body))
    for folder, files in data.items():
        (root / folder / "data").mkdir(parents=True, exist_ok=True)
        for pack_id, body in files.items():
            (root / folder / "data" / f"{pack_id}.json").write_bytes(
                body if isinstance(body, bytes) else orjson.dumps(body)
            )
    for folder, _, _ in punk_records.LISTS:
        (root / folder / "data").mkdir(parents=True, exist_ok=True)
    return root


def ingest(root: Path) -> Sink:
    sink = Sink("punk-records", "op")
    punk_records.read(root, sink)
    return sink


def by_sku(sink: Sink) -> dict:
    return {str(p.sku): p for p in sink.printings}


def test_leader_life_is_read_from_cost(tmp_path):
    leader = fake_card(
        "OP99-001",
        category="Leader",
        rarity="Leader",
        cost=5,
        counter=None,
        power=5000,
        effect="[Activate: Main] Testo gains +1000 power.",
    )
    character = fake_card("OP99-002", cost=4)
    sink = ingest(write_dump(tmp_path, {"english": {"569901": [leader, character]}}))

    found = by_sku(sink)
    assert found["op-op99-001-en"].attrs == {  # a Leader prints no cost and no Counter
        "category": "Leader",
        "colors": ["Red"],
        "power": 5000,
        "life": 5,
        "attributes": ["Slash"],
        "types": ["Testo Crew"],
        "effect": "[Activate: Main] Testo gains +1000 power.",
        "trigger": None,
        "block": 9,
    }
    assert found["op-op99-002-en"].attrs["cost"] == 4 and "life" not in found["op-op99-002-en"].attrs
    assert (found["op-op99-001-en"].card_key, found["op-op99-001-en"].rarity) == ("OP99-001", "L")
    assert sink.quarantined == []


def test_a_null_power_or_cost_is_the_printed_zero_and_unknown_is_the_attribute_question_mark(tmp_path):
    """punk-records writes the 0 a card prints as null (Otama OP01-006, power 0; OP04-016, cost 0), and
    the attribute ``?`` (rule 2-5-2, OP13-079) as ``Unknown``."""
    cards = [
        fake_card("OP99-001", cost=1, power=None, counter=2000),
        fake_card("OP99-002", category="Event", cost=None, power=None, counter=None, attributes=[]),
        fake_card("OP99-003", category="Leader", cost=5, power=5000, counter=None, attributes=["Unknown"]),
    ]
    found = by_sku(ingest(write_dump(tmp_path, {"english": {"569901": cards}})))
    assert (found["op-op99-001-en"].attrs["power"], found["op-op99-001-en"].attrs["counter"]) == (0, 2000)
    assert found["op-op99-002-en"].attrs["cost"] == 0 and "power" not in found["op-op99-002-en"].attrs
    assert found["op-op99-003-en"].attrs["attributes"] == ["?"]


def test_br_in_effect_becomes_a_newline(tmp_path):
    card = fake_card(effect="[On Play] Draw 1 card.<br>Then, trash 1 card.<br/>[Blocker]")
    [printing] = ingest(write_dump(tmp_path, {"english": {"569901": [card]}})).printings
    assert printing.attrs["effect"] == "[On Play] Draw 1 card.\nThen, trash 1 card.\n[Blocker]"


def test_trigger_field_loses_its_prefix_and_a_trigger_only_card_is_read_from_effect(tmp_path):
    cards = [
        fake_card("OP99-010", effect="[On Play] Draw 1 card.", trigger="[Trigger] Play this card."),
        fake_card("OP99-011", effect="[Trigger] K.O. up to 1 of your opponent's Characters.", trigger=None),
        fake_card(
            "OP99-012",
            effect="Play up to 1 Character card with a cost of 4 or less and a [Trigger] from your hand.",
            trigger=None,
        ),
        fake_card("OP99-013", effect=None, trigger="[Trigger] Play this card."),
        fake_card("OP99-014", effect="", trigger=""),
    ]
    found = by_sku(ingest(write_dump(tmp_path, {"english": {"569901": cards}})))

    def split(sku):
        return found[sku].attrs["effect"], found[sku].attrs["trigger"]

    assert split("op-op99-010-en") == ("[On Play] Draw 1 card.", "Play this card.")
    assert split("op-op99-011-en") == (None, "K.O. up to 1 of your opponent's Characters.")
    assert split("op-op99-012-en") == (
        "Play up to 1 Character card with a cost of 4 or less and a [Trigger] from your hand.",
        None,
    )
    assert split("op-op99-013-en") == (None, "Play this card.")
    assert split("op-op99-014-en") == (None, None)


def test_null_block_is_none_and_numbers_an_event_lacks_are_absent(tmp_path):
    card = fake_card("OP99-020", block_number=None, counter=None, power=None, category="Event", cost=1)
    [printing] = ingest(write_dump(tmp_path, {"english": {"569901": [card]}})).printings
    assert (printing.attrs["block"], printing.attrs["category"], printing.attrs["cost"]) == (None, "Event", 1)
    assert "counter" not in printing.attrs and "power" not in printing.attrs


@pytest.mark.parametrize(
    "upstream, code",
    [
        ("Common", "C"),
        ("Uncommon", "UC"),
        ("Rare", "R"),
        ("SuperRare", "SR"),
        ("SecretRare", "SEC"),
        ("Leader", "L"),
        ("Special", "SP"),
        ("TreasureRare", "TR"),
        ("Promo", "P"),
        ("Mystery", None),
    ],
)
def test_rarity_codes(tmp_path, upstream, code):
    [printing] = ingest(write_dump(tmp_path, {"english": {"569901": [fake_card(rarity=upstream)]}})).printings
    assert printing.rarity == code


def test_english_and_japanese_printings_share_the_card_key(tmp_path):
    en = [fake_card("OP99-001", name="Testo"), fake_card("OP99-001_p1", name="Testo")]
    ja = [
        fake_card("OP99-001", pack_id="550901", name="テスト"),
        fake_card("ST99-001", pack_id="550902", name="テスト二"),
    ]
    sink = ingest(write_dump(tmp_path, {"english": {"569901": en}, "japanese": {"550901": ja[:1], "550902": ja[1:]}}))

    assert [(str(p.sku), p.card_key, p.name) for p in sink.printings] == [
        ("op-op99-001-en", "OP99-001", "Testo"),
        ("op-op99-001-en-p1", "OP99-001", "Testo"),
        ("op-op99-001-ja", "OP99-001", "テスト"),
        ("op-st99-001-ja", "ST99-001", "テスト二"),
    ]
    assert sink.rows_read == 4
    assert sink.quarantined == []


def test_set_names_come_from_english_packs_only(tmp_path):
    data = {
        "english": {
            "569901": [fake_card("OP99-001")],
            "569902": [fake_card("ST99-001", pack_id="569902")],
            "569903": [fake_card("P-001", pack_id="569903", rarity="Promo")],
        },
        "japanese": {"550904": [fake_card("EB98-001", pack_id="550904", name="テスト")]},
    }
    sink = ingest(write_dump(tmp_path, data))

    assert [(s.set_code, s.name) for s in sink.sets] == [
        ("op99", "TESTO TIDES"),
        ("p", "Promotion card"),
        ("st99", "Testo Crew"),
    ]
    assert "op-eb98-001-ja" in by_sku(sink)  # printed, but the Japanese title names no set


def test_a_japanese_pack_names_a_set_in_latin_script_that_no_english_pack_names_alone(tmp_path):
    """EB-04: in English only inside the combined OP14-EB04 booster (whose title is OP14's); the
    Japanese list has its own product, "エクストラブースター EGGHEAD CRISIS【EB-04】"."""
    en = {
        **EN_PACKS,
        "569914": {
            "id": "569914",
            "raw_title": "BOOSTER PACK -TESTO SEVEN- [OP97-EB97]",
            "title_parts": {"label": "OP97-EB97", "prefix": "BOOSTER PACK", "title": "TESTO SEVEN"},
        },
    }
    ja = {
        **JA_PACKS,
        "550914": {
            "id": "550914",
            "raw_title": "エクストラブースター TESTO CRISIS【EB-97】",
            "title_parts": {"label": None, "prefix": None, "title": "エクストラブースター TESTO CRISIS【EB-97】"},
        },
        # Latin script after the kind, but an English pack names OP-99 alone: English wins
        "550915": {
            "id": "550915",
            "raw_title": "ブースターパック TESTO TIDES JP【OP-99】",
            "title_parts": {"label": None, "prefix": None, "title": "ブースターパック TESTO TIDES JP【OP-99】"},
        },
    }
    data = {
        "english": {
            "569901": [fake_card("OP99-001")],
            "569914": [fake_card("OP97-001", pack_id="569914"), fake_card("EB97-001", pack_id="569914")],
        },
        "japanese": {"550914": [fake_card("EB97-001", pack_id="550914", name="テスト")]},
    }
    sink = ingest(write_dump(tmp_path, data, packs={"english": en, "japanese": ja}))

    assert [(s.set_code, s.name) for s in sink.sets] == [
        ("eb97", "TESTO CRISIS"),
        ("op97", "TESTO SEVEN"),
        ("op99", "TESTO TIDES"),
    ]


@pytest.mark.parametrize(
    "title,name",
    [
        ("エクストラブースター EGGHEAD CRISIS", "EGGHEAD CRISIS"),
        ("エクストラブースター\u3000Anime 25th collection", "Anime 25th collection"),
        ("エクストラブースター メモリアルコレクション", None),
        ("ブースターパック 頂上決戦", None),
        ("EXTRA BOOSTER", None),  # no Japanese kind before it: not a Japanese title
        (None, None),
    ],
)
def test_latin_title_keeps_a_latin_script_name_after_a_japanese_product_kind(title, name):
    assert onepiece_common.latin_title(title) == name


def test_japanese_pack_titles_carry_the_product_code_in_brackets(tmp_path):
    path = tmp_path / "packs.json"
    path.write_bytes(orjson.dumps(JA_PACKS))
    sink = Sink("punk-records", "op")

    packs = punk_records._packs(path, sink)

    assert {pack_id: codes for pack_id, (codes, _) in packs.items()} == {
        "550901": ["op99"],
        "550902": ["st99"],
        "550903": ["p"],
        "550904": ["eb98"],
    }
    assert sink.quarantined == []


def test_english_pack_labels_and_combined_products(tmp_path):
    path = tmp_path / "packs.json"
    path.write_bytes(
        orjson.dumps(
            {
                **EN_PACKS,
                "569904": {
                    "id": "569904",
                    "raw_title": "BOOSTER PACK -TESTO DOUBLE- [OP-98-EB98]",
                    "title_parts": {"label": "OP-98-EB98", "prefix": "BOOSTER PACK", "title": "TESTO DOUBLE"},
                },
                "569905": {
                    "id": "569905",
                    "raw_title": "Testo Collection Set",  # no code: contributes nothing
                    "title_parts": {"label": None, "prefix": None, "title": "Testo Collection Set"},
                },
            }
        )
    )
    packs = punk_records._packs(path, Sink("punk-records", "op"))

    assert packs == {
        "569901": (["op99"], "TESTO TIDES"),
        "569902": (["st99"], "Testo Crew"),
        "569903": (["p"], "Promotion card"),
        "569904": (["op98", "eb98"], "TESTO DOUBLE"),
    }


def test_duplicate_id_is_quarantined_and_the_first_kept(tmp_path):
    cards = [fake_card("OP99-030_p1", name="Testo First"), fake_card("OP99-030_p1", name="Testo Second")]
    sink = ingest(write_dump(tmp_path, {"english": {"569901": cards}}))

    assert [(str(p.sku), p.name) for p in sink.printings] == [("op-op99-030-en-p1", "Testo First")]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [("duplicate-id", "OP99-030_p1")]
    assert sink.rows_read == 2


def test_broken_file_is_quarantined_and_the_rest_still_read(tmp_path):
    data = {
        "english": {
            "569901": [fake_card("OP99-001")],
            "569902": b'[{"id": "ST99-001", "name": ',
            "569903": [fake_card("P-001", pack_id="569903")],
        },
        "japanese": {"550901": [fake_card("OP99-001", pack_id="550901", name="テスト")]},
    }
    sink = ingest(write_dump(tmp_path, data))

    assert [str(p.sku) for p in sink.printings] == ["op-op99-001-en", "op-p-001-en", "op-op99-001-ja"]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [("broken-file", "english/569902.json")]
    assert sink.quarantine_counts() == {"broken-file": 1}
    assert sink.rows_read == 3


def test_broken_packs_file_is_quarantined_and_cards_still_read(tmp_path):
    root = write_dump(
        tmp_path,
        {"english": {"569901": [fake_card("OP99-001")]}},
        packs={"english": b"{not json", "english-asia": {}, "japanese": JA_PACKS},
    )
    sink = ingest(root)

    assert [str(p.sku) for p in sink.printings] == ["op-op99-001-en"]
    assert sink.sets == []  # no English titles: no set names
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [("broken-file", "packs.json")]


def test_bad_rows_are_quarantined_with_stable_reasons(tmp_path):
    cards = [
        fake_card("OP99-001"),
        fake_card("", name="Testo"),
        fake_card("OP99"),
        fake_card("OP99-002", name=None),
        fake_card("OP99-003", name=""),
    ]
    sink = ingest(write_dump(tmp_path, {"english": {"569901": cards}}))

    assert [str(p.sku) for p in sink.printings] == ["op-op99-001-en"]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [
        ("bad-identifier", None),
        ("bad-identifier", "OP99"),
        ("missing-name", "OP99-002"),
        ("missing-name", "OP99-003"),
    ]
    assert sink.rows_read == 5


def test_the_asia_english_list_is_a_release_of_its_own(tmp_path):
    """Same card ids as the main English list, own printings (own parallel numbering): the Asia
    list's ``OP99-001_p1`` is ``-en-asiap1``; its "(Parallel)" label is not part of the name."""
    data = {
        "english": {"569901": [fake_card("OP99-001"), fake_card("OP99-001_p1")]},
        "english-asia": {
            "556901": [
                fake_card("OP99-001", pack_id="556901"),
                fake_card("OP99-001_p1", pack_id="556901", name="Testo (Parallel)"),
            ]
        },
    }
    sink = ingest(write_dump(tmp_path, data))

    assert [(str(p.sku), p.card_key, p.name) for p in sink.printings] == [
        ("op-op99-001-en", "OP99-001", "Testo"),
        ("op-op99-001-en-p1", "OP99-001", "Testo"),
        ("op-op99-001-en-asia", "OP99-001", "Testo"),
        ("op-op99-001-en-asiap1", "OP99-001", "Testo"),
    ]
    assert sink.quarantined == []


def test_other_language_folders_are_not_read(tmp_path):
    data = {
        "english": {"569901": [fake_card("OP99-001")]},
        "chinese-hongkong": {"558901": [fake_card("OP99-001", pack_id="558901")]},
    }
    sink = ingest(write_dump(tmp_path, data))
    assert [str(p.sku) for p in sink.printings] == ["op-op99-001-en"]
    assert sink.rows_read == 1


@pytest.mark.real_data
def test_real_dump(real_source):
    sink = ingest(real_source("punk-records"))

    by_lang: dict[str, int] = {}
    for p in sink.printings:
        by_lang[p.sku.lang] = by_lang.get(p.sku.lang, 0) + 1
    asia = sum(1 for p in sink.printings if (p.sku.variant or "").startswith("asia"))
    assert (by_lang["en"] - asia, asia, by_lang["ja"]) == (4_672, 4_732, 4_764)
    assert by_lang["en"] + by_lang["ja"] + len(sink.quarantined) == sink.rows_read
    # OP07-091_p1 appears twice in the English dump (SOURCE.txt), P-029_r1 (one image sold in two
    # products) in the Asia English one
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [
        ("duplicate-id", "OP07-091_p1"),
        ("duplicate-id", "P-029_r1"),
    ]
    found = by_sku(sink)
    assert (found["op-op01-001-en"].name, found["op-op01-001-en"].attrs["life"]) == ("Roronoa Zoro", 5)
    assert found["op-op01-001-ja"].attrs["life"] == 5
    assert not any("<br" in (p.attrs["effect"] or "") for p in sink.printings)
    assert not any((p.attrs["trigger"] or "").startswith("[Trigger]") for p in sink.printings)
