"""Seeded self-play across the AI ladder with the game's invariants checked after every move:
at most 5 Characters, ten DON!! per player wherever they are, unique card instances, legal actions
never empty before the end, and no hidden card in any player's view, redacted log or AI
observation. Levels 0-2 play many games on the synthetic pool; the search levels fewer."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pool import real_pool, synthetic_pool
from practice_client import PUBLIC_MOVES

from generator.play.ai import make_ai
from generator.play.ai.match import play_match
from generator.play.ai.observe import HIDDEN, observe
from generator.play.decks.ladder_decks import build_deck
from generator.play.engine.api import redact, view
from generator.play.engine.state import GameState
from generator.play.protocol.narration import Narrator, public_names

# Every test here plays whole games: the quick loop (`-m 'not slow'`) leaves them to CI.
pytestmark = pytest.mark.slow

POOL = synthetic_pool()
_SHOWN = re.compile(r'"iid": (\d+), "card": "')


def _shown(node: Any) -> set[int]:
    return {int(m) for m in _SHOWN.findall(json.dumps(node))}


def _instances(state: GameState) -> list[tuple[int, int]]:
    out = [
        (p, c.iid)
        for p, ps in enumerate(state.players)
        for z in (ps.field(), ps.hand, ps.deck, ps.life, ps.trash)
        for c in z
    ]
    if state.battle is not None and state.battle.revealed is not None:
        out.append((1 - state.active, state.battle.revealed.iid))
    return out


def _hidden(state: GameState, v: int) -> set[int]:
    """The opponent's hand and deck, and both Life areas but their face-up cards (3-10-2-1)."""
    opp = state.players[1 - v]
    life = (*opp.life, *state.players[v].life)
    return {c.iid for c in (*opp.hand, *opp.deck)} | {c.iid for c in life if not c.face_up}


def check(state: GameState, events: list, legal: list) -> None:
    insts = _instances(state)
    assert len({i for _, i in insts}) == len(insts), "card instances are unique"
    for p, ps in enumerate(state.players):
        assert len(ps.characters) <= 5
        assert ps.don_total() == 10 and min(ps.don_deck, ps.don_active, ps.don_rested) >= 0
        assert sum(1 for o, _ in insts if o == p) == 51
    if state.result is None:
        assert legal, "legal actions are never empty before the end"
    for v in (0, 1):
        hidden = _hidden(state, v)
        seen = view(state, v)
        assert not _shown(seen) & hidden
        names = public_names(seen)
        narrator = Narrator(state.cards, v)
        for e in redact(events, v):
            if e["kind"] not in PUBLIC_MOVES and not (e["kind"] == "add_life" and e["player"] == v):
                assert not _shown(e["data"]) & hidden, e
            narrator.sentence(e, names)
        obs = observe(state, v)
        opp = obs.state.players[1 - v]
        offered = set(state.prompt.options) if state.prompt and state.prompt.player == v else set()
        open_life = {c.iid for c in opp.life if c.face_up}  # 3-10-2-1
        assert all(c.card == HIDDEN for c in (*opp.hand, *opp.deck, *opp.life) if c.iid not in offered | open_life)


def _match(pool, levels: tuple[int, int], seed: int) -> GameState:
    decks = (build_deck(pool, seed, level=levels[0]).deck(), build_deck(pool, seed + 1000, level=levels[1]).deck())
    record = play_match(pool, decks, [make_ai(lvl, pool) for lvl in levels], seed, on_move=check)
    return record.state


@pytest.mark.parametrize("levels", [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (0, 2)])
def test_self_play_keeps_invariants(levels: tuple[int, int]) -> None:
    reasons = set()
    for seed in range(6):
        reasons.add(_match(POOL, levels, seed).result.reason)
    assert reasons <= {"damage at 0 Life", "no cards in deck", "damage at 0 Life and no cards in deck"}


@pytest.mark.parametrize("levels", [(3, 2), (4, 3)])
def test_search_levels_keep_invariants(levels: tuple[int, int]) -> None:
    assert _match(POOL, levels, 21).result is not None


def test_the_aggressor_beats_random_play() -> None:
    wins = 0
    for seed in range(10):
        levels = (1, 0) if seed % 2 == 0 else (0, 1)
        winner = _match(POOL, levels, seed).result.winner
        wins += winner is not None and levels[winner] == 1
    assert wins >= 8


@pytest.mark.real_data
def test_self_play_over_real_cards() -> None:
    cards = real_pool()
    for seed, levels in enumerate([(1, 0), (2, 1), (2, 2), (3, 1)]):
        assert _match(cards, levels, seed).result is not None


def _life_checks():  # a [Trigger] shows only when its owner activates it (10-1-5)
    """(events, defender) for every Life card with a [Trigger] taken in some seeded games."""
    found = []
    for seed in range(12):
        deck = build_deck(POOL, seed).deck()
        record = play_match(POOL, (deck, deck), [make_ai(1, POOL), make_ai(1, POOL)], seed)
        found += [(list(p.events), e.player) for p in record.plies for e in p.events if e.kind == "life_check"]
    return found


def test_the_attacker_cannot_tell_that_a_life_card_has_a_trigger() -> None:
    found = _life_checks()
    assert found, "no Life card with a [Trigger] was damaged in these games"
    for events, defender in found:
        seen = redact(events, 1 - defender)
        assert all(e["kind"] != "life_check" for e in seen)
        assert any(e["kind"] == "life_check" for e in redact(events, defender))
