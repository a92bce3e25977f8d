"""Engine properties: the state is a pure JSON value, games replay from a seed, views hide what they
must, and seeded random self-play keeps the invariants after every move and always ends."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, get_args

import pytest

from generator.models.onepiece import OnePieceCard
from generator.play.engine.api import (
    Deck,
    GameState,
    apply,
    game_state_json_schema,
    legal_actions,
    new_game,
    redact,
    view,
)

CATALOG = Path(__file__).resolve().parents[2] / "state" / "catalog.duckdb"
PUBLIC_MOVES = {
    "return_to_hand",
    "return_to_deck",
    "trash_to_hand",
    "reveal_to_hand",
    "to_hand",
    "reveal",
    "play",
    "event",
    "counter",
    "trigger",
    "life_trashed",
    "mill",
    "discard",
    "ko",
    "trash",
    "trigger_trashed",
    "trash_to_deck",
    "life_to_trash",
    "deck_to_trash",
}


def card(
    cid: str,
    category: str = "Character",
    cost: int | None = 1,
    power: int | None = 1000,
    counter: int | None = None,
    life: int | None = None,
    effect: str | None = None,
    trigger: str | None = None,
) -> OnePieceCard:
    return OnePieceCard(
        card_id=cid,
        name=f"Test {cid}",
        category=category,
        colors=("Red",),
        cost=cost,
        power=power,
        counter=counter,
        life=life,
        attributes=(),
        types=(),
        effect=effect,
        trigger=trigger,
        block=None,
        rarity=None,
        skus=(),
    )


POOL = [
    card("TST-001", cost=1, power=2000, counter=1000),
    card("TST-002", cost=2, power=3000, counter=2000, effect="[Blocker]"),
    card("TST-003", cost=3, power=5000, effect="[Rush]", trigger="Draw 1 card."),
    card("TST-004", cost=5, power=6000, effect="[Double Attack]"),
    card("TST-005", cost=4, power=5000, effect="[Banish]"),
    card(
        "TST-006",
        cost=4,
        power=5000,
        effect="[On Play] K.O. up to 1 of your opponent's Characters with a cost of 3 or less.",
    ),
    card("TST-007", cost=2, power=2000, counter=1000, effect="[On K.O.] Draw 1 card."),
    card("TST-008", cost=2, power=3000, effect="[Activate: Main] [Once Per Turn] Draw 1 card."),
    card(
        "TST-009",
        "Event",
        cost=1,
        power=None,
        effect="[Counter] Up to 1 of your Leader or Character cards gains +4000 power during this battle.",
        trigger="Draw 1 card.",
    ),
    card("TST-010", "Stage", cost=1, power=None),
    card(
        "TST-011",
        cost=3,
        power=4000,
        effect=(
            "[On Play] Look at 5 cards from the top of your deck; reveal up to 1 Character card and "
            "add it to your hand. Then, place the rest at the bottom of your deck in any order."
        ),
    ),
    card("TST-012", cost=2, power=2000, effect="[On Play] Your opponent trashes 1 card from their hand."),
    card("TST-013", "Event", cost=2, power=None, effect="[Main] Draw 2 cards."),
]
LEADER = card("TST-L01", "Leader", cost=None, power=5000, life=5)
CARDS = {c.card_id: c for c in [LEADER, *POOL]}


def random_deck(r: random.Random) -> Deck:
    picks = r.sample([c.card_id for c in POOL], 12) + [POOL[0].card_id]
    return Deck(leader=LEADER.card_id, main=tuple((picks * 4)[:50]))


def all_instances(state: GameState) -> list[tuple[int, int]]:
    """(owner, iid) of every card of the game, wherever it is."""
    out = []
    for p, ps in enumerate(state.players):
        for zone in (ps.field(), ps.hand, ps.deck, ps.life, ps.trash):
            out.extend((p, c.iid) for c in zone)
    if state.battle is not None and state.battle.revealed is not None:
        out.append((1 - state.active, state.battle.revealed.iid))
    return out


def hidden_from(state: GameState, v: int) -> set[int]:
    """Instances player v must not see: the opponent's hand and deck, and every Life card but a
    face-up one (open to both, 3-10-2-1)."""
    o = state.players[1 - v]
    life = (*o.life, *state.players[v].life)
    return {c.iid for c in (*o.hand, *o.deck)} | {c.iid for c in life if not c.face_up}


_SHOWN = re.compile(r'"iid": (\d+), "card": "')


def shown_iids(node: Any) -> set[int]:
    """Instance ids shown together with their card id somewhere in a view or event (views and
    events write a card as ``{"iid": ..., "card": ...}``; a null card is a redacted one)."""
    return {int(m) for m in _SHOWN.findall(json.dumps(node))}


def check_invariants(state: GameState, events: list, cards_per_player: int = 51) -> list:
    """Check every invariant after a move; return the legal actions (computed anyway)."""
    insts = all_instances(state)
    assert len({i for _, i in insts}) == len(insts), "instance ids are unique"
    for p, ps in enumerate(state.players):
        assert len(ps.characters) <= 5
        assert ps.don_total() == 10 and min(ps.don_deck, ps.don_active, ps.don_rested) >= 0
        assert sum(1 for o, _ in insts if o == p) == cards_per_player
    acts = legal_actions(state)
    if state.result is None:
        assert acts and len({a.id for a in acts}) == len(acts)
    for v in (0, 1):
        hidden = hidden_from(state, v)
        seen = view(state, v)
        assert "hand" not in seen["players"][1 - v]
        assert not shown_iids(seen) & hidden
        for e in redact(events, v):
            leaked = shown_iids(e["data"]) & hidden
            known = e["kind"] == "add_life" and e["player"] == v  # from your own hand
            assert not leaked or e["kind"] in PUBLIC_MOVES or known, e
    return acts


def self_play(
    cards: dict[str, OnePieceCard], decks: tuple[Deck, Deck], seed: int, checks: bool = True, max_moves: int = 3000
) -> tuple[GameState, int]:
    r = random.Random(seed)
    state = new_game(cards, *decks, seed=seed)
    moves, acts = 0, legal_actions(state)
    while state.result is None:
        state, events = apply(state, r.choice([a for a in acts if a.id != "concede"]).id)
        moves += 1
        acts = check_invariants(state, events) if checks else legal_actions(state)
        assert moves < max_moves, "the game terminates"
    return state, moves


@pytest.mark.slow
def test_random_self_play_keeps_invariants() -> None:
    results = set()
    for seed in range(200):
        r = random.Random(seed)
        state, _ = self_play(CARDS, (random_deck(r), random_deck(r)), seed)
        results.add(state.result.reason)
    assert "damage at 0 Life" in results


def test_state_round_trips_through_json_and_schema() -> None:
    r = random.Random(5)
    state = new_game(CARDS, random_deck(r), random_deck(r), seed=5)
    for _ in range(60):
        if state.result is not None:
            break
        state, _ = apply(state, r.choice(legal_actions(state)[:-1]).id)
        dumped = json.loads(json.dumps(state.model_dump(mode="json")))
        assert GameState.model_validate(dumped) == state
    schema = game_state_json_schema()
    assert schema["title"] == "GameState" and "players" in schema["properties"]


def test_same_seed_and_moves_replay_the_same_game() -> None:
    decks = (random_deck(random.Random(1)), random_deck(random.Random(2)))
    a, _ = self_play(CARDS, decks, seed=11, checks=False)
    b, _ = self_play(CARDS, decks, seed=11, checks=False)
    assert a == b
    c = new_game(CARDS, *decks, seed=12)
    assert c.players[0].deck != new_game(CARDS, *decks, seed=11).players[0].deck


def test_apply_is_pure() -> None:
    state = new_game(CARDS, random_deck(random.Random(3)), random_deck(random.Random(4)), seed=3)
    before = state.model_dump(mode="json")
    apply(state, "mulligan")
    assert state.model_dump(mode="json") == before


def test_view_shows_own_hand_and_counts_only_for_hidden_areas() -> None:
    state = new_game(CARDS, random_deck(random.Random(3)), random_deck(random.Random(4)), seed=3, first=0)
    state, events = apply(state, "mulligan")
    seen = view(state, 1)
    mine, theirs = seen["players"][1], seen["players"][0]
    assert shown_iids(seen) >= {c.iid for c in state.players[1].hand}
    assert len(mine["hand"]) == 5 and "hand" not in theirs and theirs["hand_count"] == 5
    assert "deck" not in mine and theirs["deck_count"] == 45 and "life" not in mine
    drawn = [e for e in redact(events, 1) if e["kind"] == "draw"]
    assert drawn and all(e["data"]["card"] is None for e in drawn)
    assert all(e["data"]["card"] for e in redact(events, 0) if e["kind"] == "draw")


def test_new_game_refuses_a_deck_that_breaks_5_1_2() -> None:
    with pytest.raises(ValueError):
        new_game(CARDS, Deck(leader="TST-L01", main=("TST-001",) * 49), random_deck(random.Random(0)), seed=0)
    with pytest.raises(ValueError):
        new_game(CARDS, Deck(leader="TST-001", main=("TST-001",) * 50), random_deck(random.Random(0)), seed=0)


@pytest.mark.slow
@pytest.mark.real_data
def test_random_self_play_over_real_cards() -> None:
    if not CATALOG.exists():
        pytest.skip("no catalog at state/catalog.duckdb")
    import duckdb

    from generator.catalog.queries import onepiece_cards

    con = duckdb.connect(str(CATALOG), read_only=True)
    cards = onepiece_cards(con)
    con.close()
    leaders = sorted(c.card_id for c in cards.values() if c.category == "Leader" and c.life)
    r = random.Random(2024)

    def deck() -> Deck:
        leader = cards[r.choice(leaders)]
        pool = sorted(
            c.card_id
            for c in cards.values()
            if c.category != "Leader" and c.colors and set(c.colors) <= set(leader.colors)
        )
        return Deck(leader=leader.card_id, main=tuple((r.sample(pool, 13) * 4)[:50]))

    for seed in range(40):
        self_play(cards, (deck(), deck()), seed)


def _kinds(union: Any) -> set[str]:
    members = get_args(get_args(union)[0])
    return {m.model_fields["kind"].default for m in members}


def test_engine_knows_the_whole_effect_vocabulary() -> None:
    """Every kind and enumerated value of the effect model has an interpreter path; a card using
    anything else would run as a vanilla card (``support.supported``), so this says which."""
    from generator.play.effects import model
    from generator.play.engine.support import KNOWN_KINDS, KNOWN_VALUES

    kinds = _kinds(model.Action) | _kinds(model.Cost) | _kinds(model.Condition)
    assert kinds <= KNOWN_KINDS, sorted(kinds - KNOWN_KINDS)
    for name, literal in (
        ("timing", model.Timing),
        ("who", model.Who),
        ("duration", model.Duration),
        ("status", model.Status),
        ("keyword", model.Keyword),
    ):
        assert set(get_args(literal)) <= KNOWN_VALUES[name], (name, set(get_args(literal)))


def test_unknown_vocabulary_makes_a_card_vanilla() -> None:
    from generator.play.effects.model import CompiledCard
    from generator.play.engine.support import supported, unknown_parts

    assert unknown_parts({"kind": "draw", "n": 1, "who": "teleport"}) == {"who teleport"}
    comp = CompiledCard(card_id="TST-001", complete=True)
    assert supported(comp) is comp
