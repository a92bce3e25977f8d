"""The Flesh and Blood part of the SKU standard: token round trips, and uniqueness of assigned SKUs.

Printings here are synthetic (set ``TST``); the real dumps are only read by the adapters' tests.
"""

from __future__ import annotations

import itertools

import pytest

from generator.sku.fab import (
    ART_VARIATIONS,
    EDITIONS,
    FOILINGS,
    Printing,
    Rejected,
    Variant,
    assign,
    image_stem,
    is_back,
    split_card_id,
)
from generator.sku.standard import Sku, SkuError


def printing(
    card_id: str = "TST001",
    edition: str = "N",
    foiling: str = "S",
    arts: tuple[str, ...] = (),
    image: str = "TST001.png",
    card_key: str = "card-a",
    upstream_id: str = "p1",
    lang: str = "en",
    set_id: str | None = "TST",
) -> Printing:
    return Printing(card_id, lang, edition, foiling, arts, image, card_key, upstream_id, set_id)


def all_variants():
    art_sets = [combo for size in range(3) for combo in itertools.combinations(sorted(ART_VARIATIONS), size)]
    for edition, foiling, arts, back, ordinal in itertools.product(
        EDITIONS, FOILINGS, art_sets, (False, True), (1, 2, 13)
    ):
        yield Variant(edition, foiling, arts, back, ordinal)


def test_every_variant_round_trips_and_no_two_share_a_token():
    tokens = {}
    for variant in all_variants():
        token = variant.token()
        assert Variant.parse(token) == variant
        assert token not in tokens, (variant, tokens.get(token))
        tokens[token] = variant
        sku = Sku("fab", "tst", "001", "en", token)
        assert Sku.parse(str(sku)) == sku


def test_the_plain_printing_omits_the_variant_and_only_it_does():
    assert Variant("N", "S").token() is None
    assert Variant.parse(None) == Variant("N", "S")
    assert Variant("N", "S", back=True).token() == "nsb"
    assert Variant("N", "S", ordinal=2).token() == "ns2"
    with pytest.raises(SkuError):
        Variant.parse("ns")  # the plain printing is written without a variant, never as "ns"


@pytest.mark.parametrize("token", ["", "xs", "nx", "nsa", "nsb1", "nseaaa", "nsabab", "ns01", "NS", "nsbb"])
def test_tokens_outside_the_grammar_are_refused(token):
    with pytest.raises(SkuError):
        Variant.parse(token)


def test_letters_must_be_known_and_arts_canonical():
    with pytest.raises(SkuError):
        Variant("X", "S")
    with pytest.raises(SkuError):
        Variant("N", "S", ("EA", "AA"))  # unsorted: two spellings of one printing would be possible
    with pytest.raises(SkuError):
        Variant("N", "S", ("ZZ",))


def test_collector_id_splits_into_set_and_number():
    assert split_card_id("1HP001") == ("1HP", "001")
    assert split_card_id("WTR000", "WTR") == ("WTR", "000")
    with pytest.raises(SkuError):
        split_card_id("ARC001", "WTR")
    with pytest.raises(SkuError):
        split_card_id("", "WTR")


def test_image_names_tell_back_faces_and_share_a_stem_across_sources():
    assert image_stem("https://example.test/images/TST001.width-450.png") == "TST001"
    assert image_stem("TST001.width-450") == "TST001"
    assert [
        is_back(name)
        for name in ("TST007_A_Back.png", "TST005_BACK_V2", "TST001-MV_BACK.webp", "TST001_Backlash.png", "TST001.png")
    ] == [True, True, True, False, False]


def test_assign_spells_out_edition_foiling_art_and_face():
    outcomes = assign(
        [
            printing(),
            printing(edition="A", foiling="R", upstream_id="p2"),
            printing(edition="U", foiling="C", arts=("EA", "AA"), upstream_id="p3"),
            printing(foiling="C", arts=("FA",), image="TST001_B_Back.png", card_key="card-b", upstream_id="p4"),
        ]
    )
    assert [str(o) for o in outcomes] == [
        "fab-tst-001-en",
        "fab-tst-001-en-ar",
        "fab-tst-001-en-ucaaea",
        "fab-tst-001-en-ncfab",
    ]


def test_printings_of_one_slot_take_ordinals_by_image_name_not_input_order():
    outcomes = assign(
        [
            printing(foiling="R", image="X_TST000_3.png", card_key="card-c", upstream_id="p3"),
            printing(foiling="R", image="X_TST000_1.png", card_key="card-a", upstream_id="p1"),
            printing(foiling="R", image="X_TST000_2.png", card_key="card-b", upstream_id="p2"),
        ]
    )
    assert [str(o) for o in outcomes] == ["fab-tst-001-en-nr3", "fab-tst-001-en-nr", "fab-tst-001-en-nr2"]


def test_repeated_rows_and_same_card_back_faces_are_duplicates():
    outcomes = assign(
        [
            printing(upstream_id="p1"),
            printing(upstream_id="p2"),  # same card, same image, same slot: the row again
            printing(image="TST001_BACK.png", upstream_id="p3"),  # the back shows the front's card
            printing(image="TST001_BACK.png", card_key="card-b", upstream_id="p4"),  # a real second face
        ]
    )
    assert outcomes[0] == Sku("fab", "tst", "001", "en")
    assert outcomes[1] == Rejected("duplicate-id", "repeats p1")
    assert outcomes[2] == Rejected("duplicate-id", "back face of p1, which shows the same card")
    assert outcomes[3] == Sku("fab", "tst", "001", "en", "nsb")


def test_bad_identifiers_are_rejected_with_their_reason():
    reasons = [
        o.reason
        for o in assign(
            [
                printing(card_id="", upstream_id="p1"),
                printing(card_id="TST", upstream_id="p2"),
                printing(card_id="ARC001", upstream_id="p3"),
                printing(edition="Q", upstream_id="p4"),
                printing(arts=("ZZ",), upstream_id="p5"),
            ]
        )
    ]
    assert reasons == ["missing-number", "missing-number", "bad-identifier", "bad-identifier", "bad-identifier"]


def test_assigned_skus_are_unique_over_a_synthetic_catalog():
    printings = [
        printing(f"TST{number:03d}", edition, foiling, arts, image, card, f"{number}-{i}", lang)
        for number in range(3)
        for lang in ("en", "fr")
        for i, (edition, foiling, arts, image, card) in enumerate(
            itertools.product(
                "AFUN", "SRCG", [(), ("EA",), ("AA", "FA")], ["a.png", "b.png", "a_back.png"], ["k1", "k2"]
            )
        )
    ]
    outcomes = assign(printings)
    skus = [o for o in outcomes if isinstance(o, Sku)]
    rejected = [o for o in outcomes if isinstance(o, Rejected)]
    assert len(skus) == len(set(skus))
    assert {r.reason for r in rejected} == {"duplicate-id"}  # only back faces repeating their front's card
    assert len(skus) + len(rejected) == len(printings)
    assert assign(printings) == outcomes  # deterministic
