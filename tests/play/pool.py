"""A synthetic One Piece card pool for the AI, practice and self-play tests, and the real one.

Why synthetic: the tests must run where the real dumps cannot be acquired, and a pool written for
the tests states exactly what it holds. Card ids are fake (``TSR-``/``TSB-``/``TSL-``), texts are
written for the tests, every card is block 2 (legal in Standard after rotation) and every text
compiles fully, so the deck builder accepts the pool. Two colours with disjoint cards let a test
give the human and the AI decks that share no card id (the secrecy scans rely on it).
A helper module, not a test module: test_ai_pool.py checks the pool itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.models.onepiece import OnePieceCard

CATALOG = Path(__file__).resolve().parents[2] / "state" / "catalog.duckdb"
TEXTS = {
    "blocker": "[Blocker] (After your opponent declares an attack, you may rest this card to make "
    "it the new target of the attack.)",
    "rush": "[Rush] (This card can attack on the turn in which it is played.)",
    "double": "[Double Attack] (This card deals 2 damage.)",
    "banish": "[Banish] (When this card deals damage, the target card is trashed without activating its Trigger.)",
    "draw": "[On Play] Draw 1 card.",
    "ko": "[On Play] K.O. up to 1 of your opponent's Characters with a cost of 3 or less.",
    "onko": "[On K.O.] Draw 1 card.",
}
# (cost, power, counter, text key or None, trigger?) for each colour's Characters.
SHAPES = [
    (1, 2000, 1000, None, False),
    (1, 3000, None, None, False),
    (2, 3000, 2000, None, False),
    (2, 2000, 1000, "blocker", False),
    (2, 4000, None, None, True),
    (3, 4000, 1000, None, False),
    (3, 5000, None, "draw", False),
    (3, 2000, 2000, "blocker", False),
    (4, 5000, 1000, None, False),
    (4, 6000, None, "rush", False),
    (4, 5000, 1000, "onko", True),
    (5, 6000, 1000, "ko", False),
    (5, 7000, None, None, False),
    (5, 6000, 1000, "banish", False),
    (6, 8000, None, None, False),
    (6, 7000, 1000, "double", False),
    (7, 9000, None, None, False),
    (7, 8000, 1000, "rush", False),
    (8, 10000, None, "double", False),
    (1, 1000, 2000, None, True),
    (2, 3000, 1000, "draw", False),
    (3, 4000, 1000, "blocker", False),
    (4, 5000, 2000, None, False),
    (5, 7000, 1000, None, True),
    (6, 8000, 1000, "blocker", False),
    (2, 3000, 1000, None, False),
]
COUNTER_EVENT = "[Counter] Up to 1 of your Leader or Character cards gains +4000 power during this battle."


def _card(
    cid: str, colour: str, category: str, cost, power, counter=None, life=None, effect=None, trigger=None
) -> OnePieceCard:
    return OnePieceCard(
        card_id=cid,
        name=f"Test {cid}",
        category=category,
        colors=(colour,),
        cost=cost,
        power=power,
        counter=counter,
        life=life,
        attributes=(),
        types=(),
        effect=effect,
        trigger=trigger,
        block=2,
        rarity="C",
        skus=(),
    )


def synthetic_pool() -> dict[str, OnePieceCard]:
    """Two single-colour Leaders (Red ``TSL-001``, Blue ``TSL-002``) and 28 cards each."""
    out = [
        _card("TSL-001", "Red", "Leader", None, 5000, life=5),
        _card("TSL-002", "Blue", "Leader", None, 5000, life=4),
    ]
    for prefix, colour in (("TSR", "Red"), ("TSB", "Blue")):
        for i, (cost, power, counter, text, trig) in enumerate(SHAPES, start=1):
            out.append(
                _card(
                    f"{prefix}-{i:03d}",
                    colour,
                    "Character",
                    cost,
                    power,
                    counter,
                    effect=TEXTS.get(text),
                    trigger="Draw 1 card." if trig else None,
                )
            )
        out.append(_card(f"{prefix}-101", colour, "Event", 1, None, effect=COUNTER_EVENT, trigger="Draw 1 card."))
        out.append(_card(f"{prefix}-102", colour, "Event", 2, None, effect="[Main] Draw 2 cards."))
    return {c.card_id: c for c in out}


def real_pool() -> dict[str, OnePieceCard]:
    """The real One Piece cards from the catalog, or skip the test."""
    if not CATALOG.exists():
        pytest.skip(f"no catalog at {CATALOG}")
    duckdb = pytest.importorskip("duckdb")
    from generator.catalog.queries import onepiece_cards

    con = duckdb.connect(str(CATALOG), read_only=True)
    try:
        return onepiece_cards(con)
    finally:
        con.close()
