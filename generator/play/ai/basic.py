"""L0 (random legal moves) and L1 (a scripted aggressor): the two levels that never look ahead.

L1's script, in order, on its own Main phase: play the biggest Character it can pay for (cost,
then power); give every remaining active DON!! to the attacker that most needs it to reach the
opposing Leader's power (the Leader once all reach it); attack the Leader with the strongest
attacker that can; end the turn. On defence it counters or blocks only to survive a lethal hit,
always uses a [Trigger], keeps its opening hand, and answers effect prompts by rule of thumb.

Both read the masked state of their ``Observation`` only (their hand, the open board), and L1
is also the opponent model inside the searches of L3 and L4, where it runs on guessed states:
hence ``aggressor_move(state, p, legal)`` is a plain function of a state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from generator.models.onepiece import OnePieceCard
from generator.play.ai.observe import Observation
from generator.play.ai.sim import reflex
from generator.play.ai.turn import Turn
from generator.play.engine.state import Action, GameState
from generator.play.engine.stats import power


@dataclass(frozen=True)
class RandomAI:
    """L0: a uniformly random legal move (never a concession)."""

    level: int = 0
    name: str = "L0 random"
    turn_budget: int | None = None  # simulates nothing

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random, turn: Turn | None = None) -> str:
        options = [a for a in legal if a.kind != "concede"] or list(legal)
        return rng.choice(options).id


def _hand_card(state: GameState, p: int, iid: int | None) -> OnePieceCard | None:
    for c in state.players[p].hand:
        if c.iid == iid:
            return state.cards[c.card]
    return None


def _best_play(state: GameState, p: int, legal: Sequence[Action]) -> Action | None:
    plays = []
    for a in legal:
        card = _hand_card(state, p, a.card) if a.kind == "play" else None
        if card is not None and card.category == "Character":
            plays.append((card.cost or 0, card.power or 0, a))
    if not plays:
        return None
    top = max(x[:2] for x in plays)
    best = [a for cost, pw, a in plays if (cost, pw) == top]
    if best[0].target is None:
        return best[0]
    chars = {c.iid: c for c in state.players[p].characters}
    weakest = min(best, key=lambda a: power(state, p, chars[a.target]) if a.target in chars else 0)
    # Trashing a Character to make room only for a bigger one (3-7-6-1).
    old = chars.get(weakest.target) if weakest.target is not None else None
    return weakest if old is None or (state.cards[old.card].cost or 0) < top[0] else None


def _don_target(state: GameState, p: int, legal: Sequence[Action]) -> Action | None:
    gives = {a.card: a for a in legal if a.kind == "give_don"}
    attacks = {a.card for a in legal if a.kind == "attack"}
    if not gives or not attacks:
        return None
    opp = state.players[1 - p]
    target = power(state, 1 - p, opp.leader)
    ps = state.players[p]
    ready = [c for c in (ps.leader, *ps.characters) if c.iid in gives and c.iid in attacks]
    short = [(target - power(state, p, c), c.iid) for c in ready if power(state, p, c) < target]
    if short:
        return gives[min(short)[1]]
    if ps.leader.iid in gives and ps.leader.iid in attacks:
        return gives[ps.leader.iid]
    return gives[ready[0].iid] if ready else None


def aggressor_move(state: GameState, p: int, legal: Sequence[Action]) -> str:
    """L1's move in ``state`` for player ``p`` (see the module docstring)."""
    answer = reflex(state, legal, lethal_only=True)
    if answer is not None:
        return "keep" if state.phase == "mulligan" else answer
    play = _best_play(state, p, legal)
    if play is not None:
        return play.id
    don = _don_target(state, p, legal)
    if don is not None:
        return don.id
    opp_leader = state.players[1 - p].leader.iid
    attacks = [a for a in legal if a.kind == "attack" and a.target == opp_leader]
    if attacks:
        return max(attacks, key=lambda a: a.preview.attacker_power if a.preview else 0).id
    return "end" if any(a.id == "end" for a in legal) else legal[0].id


def rule_of_thumb(state: GameState, p: int, legal: Sequence[Action]) -> str:
    """What a searching level answers once its turn's budget is spent (``turn.Turn.short``): the
    sensible defender's reflexes for a question, L1's script for a free move."""
    return reflex(state, legal) or aggressor_move(state, p, legal)


@dataclass(frozen=True)
class Aggressor:
    """L1: the scripted aggressor."""

    level: int = 1
    name: str = "L1 aggressor"
    turn_budget: int | None = None  # simulates nothing

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random, turn: Turn | None = None) -> str:
        return aggressor_move(obs.state, obs.player, legal)
