"""The deck validator: table-driven over real One Piece card ids, plus synthetic cards for the rules
no real deck can isolate (restricted cards, unknown colours, multicolour cards, text overrides)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.models.onepiece import OnePieceCard
from generator.play.decks.request import DECK_BODY_BYTES, MAX_DECK_CARDS, MAX_REF_CHARS, DeckRequest
from generator.play.decks.rules import RulesData, load_rules
from generator.play.decks.validator import normalise_ref, validate_deck
from generator.web.surface import Result
from generator.web.validate import read_body

CATALOG = Path(__file__).resolve().parents[2] / "state" / "catalog.duckdb"
SERVER_DAY = date(2026, 5, 1)  # after rotation; cases that need another day say so

RED_LEADER = "OP07-001"  # Monkey.D.Dragon, Red, block 2
RED_DECK = [
    c
    for c in (
        "OP06-005",
        "OP06-008",
        "OP07-007",
        "OP08-009",
        "OP08-011",
        "OP10-013",
        "OP10-014",
        "OP09-006",
        "OP09-016",
        "OP08-003",
        "OP10-012",
        "ST21-007",
    )
    for _ in range(4)
] + ["EB01-010"] * 2
BLACK_LEADER = "ST14-001"  # Monkey.D.Luffy, Black, block 2
BLACK_DECK = [
    c
    for c in (
        "OP06-094",
        "OP07-089",
        "OP08-078",
        "OP08-089",
        "OP09-082",
        "OP09-094",
        "OP10-084",
        "OP10-089",
        "ST14-005",
        "ST14-010",
        "ST14-013",
        "OP06-087",
    )
    for _ in range(4)
] + ["OP07-084"] * 2


def swap(deck: list[str], *new: str) -> list[str]:
    """The deck with its last ``len(new)`` cards replaced: the count stays at 50."""
    return deck[: len(deck) - len(new)] + list(new)


@pytest.fixture(scope="module")
def rules() -> RulesData:
    return load_rules()


@pytest.fixture(scope="module")
def real_cards() -> dict[str, OnePieceCard]:
    if not CATALOG.exists():
        pytest.skip(f"no catalog at {CATALOG} (run the ingest first)")
    duckdb = pytest.importorskip("duckdb")
    from generator.catalog.queries import onepiece_cards

    with duckdb.connect(str(CATALOG), read_only=True) as con:
        cards = onepiece_cards(con)
    if not cards:
        pytest.skip("the catalog holds no One Piece cards")
    return cards


def check(cards, rules, leader, deck, fmt="standard", on=SERVER_DAY, request_date=None):
    request = DeckRequest(leader_id=leader, main_deck_card_ids=tuple(deck), format=fmt, date=request_date)
    return validate_deck(request, cards, rules, on)


CASES = [
    # id, leader, deck, format, day, violation codes, warning codes
    ("legal-standard", RED_LEADER, RED_DECK, "standard", SERVER_DAY, set(), set()),
    ("49-cards", RED_LEADER, RED_DECK[:-1], "standard", SERVER_DAY, {"deck_size"}, set()),
    ("51-cards", RED_LEADER, RED_DECK + ["OP06-005"], "standard", SERVER_DAY, {"deck_size", "copy_limit"}, set()),
    ("leader-unknown", "OP99-999", RED_DECK, "standard", SERVER_DAY, {"leader_unknown"}, set()),
    ("leader-is-a-character", "OP07-007", RED_DECK, "standard", SERVER_DAY, {"leader_not_a_leader"}, set()),
    ("off-colour", RED_LEADER, swap(RED_DECK, "OP09-038"), "standard", SERVER_DAY, {"colour_mismatch"}, set()),
    ("five-copies", RED_LEADER, swap(RED_DECK, "OP07-007"), "standard", SERVER_DAY, {"copy_limit"}, set()),
    (
        "alt-arts-count-together",
        RED_LEADER,
        swap(RED_DECK, "ST21-007_p1"),
        "standard",
        SERVER_DAY,
        {"copy_limit"},
        set(),
    ),
    (
        "sku-counts-with-card-id",
        RED_LEADER,
        swap(RED_DECK, "op-st21-007-en-p1"),
        "standard",
        SERVER_DAY,
        {"copy_limit"},
        set(),
    ),
    ("unknown-card", RED_LEADER, swap(RED_DECK, "OP99-001"), "standard", SERVER_DAY, {"unknown_card"}, set()),
    (
        "leader-in-main-deck",
        RED_LEADER,
        swap(RED_DECK, "OP07-001"),
        "standard",
        SERVER_DAY,
        {"leader_in_main_deck"},
        set(),
    ),
    ("don-in-main-deck", RED_LEADER, swap(RED_DECK, "DON!!"), "standard", SERVER_DAY, {"don_in_main_deck"}, set()),
    (
        "banned-after-2025-04-01",
        BLACK_LEADER,
        swap(BLACK_DECK, "OP06-086"),
        "legacy",
        date(2025, 4, 1),
        {"banned"},
        set(),
    ),
    (
        "not-yet-banned-2025-03-31",
        BLACK_LEADER,
        swap(BLACK_DECK, "OP06-086"),
        "legacy",
        date(2025, 3, 31),
        set(),
        set(),
    ),
    ("banned-leader", "OP05-041", BLACK_DECK, "legacy", SERVER_DAY, {"banned"}, set()),
    (
        "block-1-before-rotation",
        RED_LEADER,
        swap(RED_DECK, "OP01-025"),
        "standard",
        date(2026, 3, 31),
        set(),
        {"rotation_pending"},
    ),
    (
        "block-1-on-rotation-day",
        RED_LEADER,
        swap(RED_DECK, "OP01-025"),
        "standard",
        date(2026, 4, 1),
        {"rotated_out"},
        set(),
    ),
    ("block-1-in-legacy", RED_LEADER, swap(RED_DECK, "OP01-025"), "legacy", SERVER_DAY, set(), set()),
    ("block-1-leader", "ST01-001", RED_DECK, "standard", SERVER_DAY, {"rotated_out"}, set()),
    ("op05-block-override", RED_LEADER, swap(RED_DECK, "OP05-003"), "standard", SERVER_DAY, set(), set()),
    (
        "sealed-35-cards-6-copies",
        RED_LEADER,
        RED_DECK[:29] + ["OP07-007"] * 6,
        "limited_sealed",
        SERVER_DAY,
        set(),
        set(),
    ),
    ("sealed-29-cards", RED_LEADER, RED_DECK[:29], "limited_sealed", SERVER_DAY, {"deck_size"}, set()),
    (
        "sealed-keeps-colour-rule",
        RED_LEADER,
        RED_DECK[:34] + ["OP09-038"],
        "limited_sealed",
        SERVER_DAY,
        {"colour_mismatch"},
        set(),
    ),
    (
        "several-at-once",
        "OP05-041",
        RED_DECK[:45] + ["OP06-086", "DON!!", "OP99-001", "OP07-001", "OP01-025", "op-op06-005-en"],
        "standard",
        SERVER_DAY,
        {
            "deck_size",
            "unknown_card",
            "don_in_main_deck",
            "leader_in_main_deck",
            "copy_limit",
            "colour_mismatch",
            "banned",
            "rotated_out",
        },
        set(),
    ),
]


@pytest.mark.real_data
@pytest.mark.parametrize("name, leader, deck, fmt, day, violations, warnings", CASES, ids=[c[0] for c in CASES])
def test_real_decks(real_cards, rules, name, leader, deck, fmt, day, violations, warnings):
    result = check(real_cards, rules, leader, deck, fmt, day)
    assert {v.code for v in result.violations} == violations
    assert {w.code for w in result.warnings} == warnings
    assert result.valid is (not violations)
    assert result.checked_at_date == day
    assert result.summary["stored"] is False


@pytest.mark.real_data
def test_violations_name_the_cards(real_cards, rules):
    result = check(real_cards, rules, RED_LEADER, swap(RED_DECK, "ST21-007_p1", "OP09-038"))
    by_code = {v.code: v for v in result.violations}
    assert by_code["copy_limit"].card_ids == ("ST21-007",)
    assert "ST21-007 x5" in by_code["copy_limit"].message
    assert by_code["colour_mismatch"].card_ids == ("OP09-038",)


@pytest.mark.real_data
def test_request_date_wins_over_server_date(real_cards, rules):
    deck = swap(RED_DECK, "OP01-025")
    result = check(real_cards, rules, RED_LEADER, deck, on=SERVER_DAY, request_date=date(2026, 1, 1))
    assert result.valid and result.checked_at_date == date(2026, 1, 1)
    assert result.summary["date_source"] == "request"


@pytest.mark.real_data
def test_leader_and_cards_as_skus(real_cards, rules):
    deck = [f"op-{c.split('-')[0].lower()}-{c.split('-')[1]}-en" for c in RED_DECK]
    result = check(real_cards, rules, "op-op07-001-en", deck)
    assert result.valid, result.violations
    assert result.summary["reference_forms"] == {"sku": 50}


@pytest.mark.real_data
def test_construction_effects_match_the_card_texts(real_cards, rules):
    """Every card whose English text changes deck construction is in the data, and nothing else."""
    phrases = ("you may have any number of this card in your deck", "you cannot include", "you can only include")
    found = {c.card_id for c in real_cards.values() if any(p in (c.effect or "") for p in phrases)}
    assert found == {e.card_id for e in rules.construction_effects}


@pytest.mark.real_data
def test_block_overrides_fix_only_cards_the_upstream_calls_block_1(real_cards, rules):
    for override in rules.block_overrides:
        for card_id in override.card_ids:
            assert real_cards[card_id].block == override.upstream_block, card_id


# ------------------------------------------------------------------------------- synthetic cards


def card(card_id, category="Character", colors=("Red",), cost=1, types=(), block=3) -> OnePieceCard:
    return OnePieceCard(
        card_id=card_id,
        name=card_id,
        category=category,
        colors=tuple(colors),
        cost=None if category == "Leader" else cost,
        power=1000,
        counter=None,
        life=5 if category == "Leader" else None,
        attributes=(),
        types=tuple(types),
        effect=None,
        trigger=None,
        block=block,
        rarity="C",
        skus=(),
    )


def pool(*extra: OnePieceCard) -> dict[str, OnePieceCard]:
    cards = [card("TS01-001", "Leader", ("Red", "Green"))] + [card(f"TS01-{n:03}") for n in range(2, 16)]
    return {c.card_id: c for c in cards + list(extra)}


FILLER = [f"TS01-{n:03}" for n in range(2, 14) for _ in range(4)]  # 48 legal red cards


def with_ban(rules: RulesData, card_id: str, status: str) -> RulesData:
    data = rules.model_dump()
    data["bans"] = [
        *data["bans"],
        {"card_id": card_id, "status": status, "effective": date(2026, 1, 1), "source": "test"},
    ]
    return RulesData.model_validate(data)


def test_restricted_allows_one_copy(rules):
    restricted = with_ban(rules, "TS01-014", "restricted")
    one = check(pool(), restricted, "TS01-001", FILLER + ["TS01-014", "TS01-015"])
    assert one.valid, one.violations
    two = check(pool(), restricted, "TS01-001", FILLER + ["TS01-014", "TS01-014"])
    assert {v.code for v in two.violations} == {"restricted"}


def test_multicolour_card_needs_every_colour_on_the_leader(rules):
    both = card("TS01-020", colors=("Red", "Green"))
    purple_red = card("TS01-021", colors=("Red", "Purple"))
    ok = check(pool(both), rules, "TS01-001", FILLER + ["TS01-020", "TS01-020"])
    assert ok.valid
    bad = check(pool(purple_red), rules, "TS01-001", FILLER + ["TS01-021", "TS01-021"])
    assert [v.card_ids for v in bad.violations] == [("TS01-021",)]


def test_unknown_colours_warn_instead_of_failing(rules):
    blank = card("TS01-020", colors=())
    result = check(pool(blank), rules, "TS01-001", FILLER + ["TS01-020", "TS01-020"])
    assert result.valid
    assert [(w.code, w.card_ids) for w in result.warnings] == [("colour_unknown", ("TS01-020",))]


def test_unknown_block_warns_after_rotation(rules):
    blank = card("TS01-020", block=None)
    result = check(pool(blank), rules, "TS01-001", FILLER + ["TS01-020", "TS01-020"])
    assert result.valid and [w.code for w in result.warnings] == ["block_unknown"]


def test_card_text_lifts_the_copy_limit(rules):
    pacifista = card("OP01-075")  # "any number of this card" per deck_rules.yaml
    result = check(pool(pacifista), rules, "TS01-001", FILLER[:40] + ["OP01-075"] * 10, fmt="legacy")
    assert result.valid, result.violations


@pytest.mark.parametrize(
    "leader_id, bad_card, code_card",
    [
        ("OP12-001", card("TS01-020", cost=5), "TS01-020"),  # no cost 5 or more
        ("OP13-079", card("TS01-020", category="Event", cost=2), "TS01-020"),  # no Event of cost 2+
        ("P-117", card("TS01-020", types=("Navy",)), "TS01-020"),  # {East Blue} only
    ],
)
def test_leader_text_restricts_the_deck(rules, leader_id, bad_card, code_card):
    leader = card(leader_id, "Leader", ("Red",))
    east_blue = {c: card(c, types=("East Blue",)) for c in pool()}  # so P-117 passes the filler
    cards = {**east_blue, leader_id: leader, bad_card.card_id: bad_card}
    result = check(cards, rules, leader_id, FILLER + [bad_card.card_id] * 2, fmt="legacy")
    assert [(v.code, v.card_ids) for v in result.violations] == [("leader_deck_restriction", (code_card,))]


@pytest.mark.parametrize(
    "ref, expected",
    [
        ("OP01-001", ("OP01-001", "card_id")),
        ("op01-001", ("OP01-001", "card_id")),
        ("OP01-001_p1", ("OP01-001", "alternate_art")),
        ("OP05-067_r1", ("OP05-067", "alternate_art")),
        ("P-001", ("P-001", "card_id")),
        ("op-op01-001-en", ("OP01-001", "sku")),
        ("op-op01-001-ja-p1", ("OP01-001", "sku")),
        ("op-p-001-en", ("P-001", "sku")),
        ("ptcg-base1-4-en", ("ptcg-base1-4-en", "unrecognised")),
        ("DON!!", ("DON!!", "don")),
        ("don", ("DON!!", "don")),
        ("Roronoa Zoro", ("Roronoa Zoro", "unrecognised")),
    ],
)
def test_reference_forms(ref, expected):
    assert normalise_ref(ref) == expected


# ----------------------------------------------------------------------------------- bad bodies

GOOD = {"leader_id": "OP07-001", "main_deck_card_ids": ["OP07-007"], "format": "standard"}


def body(**changes) -> bytes:
    document = {**GOOD, **changes}
    return orjson.dumps({k: v for k, v in document.items() if v is not ...})


@pytest.mark.parametrize(
    "raw, code",
    [
        (b"{", "not_json"),
        (b"", "not_json"),
        (b"\xef\xbb\xbf" + body(), "not_json"),
        (b'{"leader_id": "OP07-001\xff"}', "not_utf8"),
        (b'"OP07-001"', "not_an_object"),
        (b"[]", "not_an_object"),
        (body(leader_id=...), "invalid_body:body.leader_id"),
        (body(main_deck_card_ids=...), "invalid_body:body.main_deck_card_ids"),
        (body(format=...), "invalid_body:body.format"),
        (body(leader_id=7), "invalid_body:body.leader_id"),
        (body(main_deck_card_ids="OP07-007"), "invalid_body:body.main_deck_card_ids"),
        (body(main_deck_card_ids=[7]), "invalid_body:body.main_deck_card_ids.0"),
        (body(main_deck_card_ids={"OP07-007": 4}), "invalid_body:body.main_deck_card_ids"),
        (body(format="modern"), "invalid_body:body.format"),
        (body(format=None), "invalid_body:body.format"),
        (body(notes="hi"), "invalid_body:body.notes"),
        (body(date="2026-02-30"), "invalid_body:body.date"),
        (body(date="01/04/2026"), "invalid_body:body.date"),
        (body(date="2026-04-01T00:00:00Z"), "invalid_body:body.date"),
        (body(date=20260401), "invalid_body:body.date"),
        (body(main_deck_card_ids=["OP07-007"] * (MAX_DECK_CARDS + 1)), "invalid_body:body.main_deck_card_ids"),
        (body(main_deck_card_ids=["OP07-007", "O" * (MAX_REF_CHARS + 1)]), "invalid_body:body.main_deck_card_ids.1"),
        (body(leader_id="O" * (MAX_REF_CHARS + 1)), "invalid_body:body.leader_id"),
        (b" " * (DECK_BODY_BYTES + 1), "body_too_large"),
    ],
)
def test_bad_bodies(raw, code):
    """One refusal shape: the code, and the member a model refused as ``parameter`` (issue 38)."""
    refused = read_body(raw, DeckRequest, DECK_BODY_BYTES)
    assert isinstance(refused, Result) and refused.error is not None and refused.error_detail is not None
    code, _, parameter = code.partition(":")
    assert refused.error[0] == code
    assert refused.status == (413 if code == "body_too_large" else 400)
    assert refused.error_detail["parameter"] == (parameter or "body")


def test_good_body_and_the_size_limit_is_inclusive():
    assert DeckRequest.model_validate_json(body(date="2026-04-01")).date == date(2026, 4, 1)
    padded = body() + b" " * (DECK_BODY_BYTES - len(body()))
    assert len(padded) == DECK_BODY_BYTES
    accepted = read_body(padded, DeckRequest, DECK_BODY_BYTES)
    assert isinstance(accepted, DeckRequest) and accepted.leader_id == "OP07-001"


def test_the_largest_deck_admitted_is_far_above_any_legal_one_and_declared():
    """Issue 34: no cap on deck length let one body cost 0.23 s of CPU. The cap leaves a margin over
    every legal deck (exactly 50 constructed; a limited deck of its opened pool) and is declared in
    the body's schema, so OpenAPI shows it."""
    largest = body(leader_id="O" * MAX_REF_CHARS, main_deck_card_ids=["O" * MAX_REF_CHARS] * MAX_DECK_CARDS)
    assert len(largest) < DECK_BODY_BYTES and MAX_DECK_CARDS >= 4 * 50
    assert isinstance(read_body(largest, DeckRequest, DECK_BODY_BYTES), DeckRequest)
    schema = DeckRequest.model_json_schema()["properties"]
    assert schema["main_deck_card_ids"]["maxItems"] == MAX_DECK_CARDS
    assert schema["main_deck_card_ids"]["items"]["maxLength"] == schema["leader_id"]["maxLength"] == MAX_REF_CHARS


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.binary(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=12),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(
                    st.sampled_from(["leader_id", "main_deck_card_ids", "format", "date", "x"]), inner, max_size=5
                )
            ),
            max_leaves=12,
        ).map(orjson.dumps),
    )
)
def test_any_body_is_a_request_or_a_bad_request(raw):
    answer = read_body(raw, DeckRequest, DECK_BODY_BYTES)
    if isinstance(answer, Result):
        assert answer.error is not None and answer.error[0] and answer.error[1]
        assert answer.error_detail is not None and answer.error_detail["parameter"].startswith("body")
    else:
        assert isinstance(answer, DeckRequest)
