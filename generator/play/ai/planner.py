"""L3: a search over its own turn, every sequence of moves until the turn ends, against a
simulated defence.

Why a beam search: a turn is a sequence (play, give DON!!, attack, attack again...) whose parts
only pay off together: DON!! given to an attacker is worth nothing until it attacks, and the order
of attacks decides which Counters the defender has left. So L3 scores whole turns: from the
current position it expands every distinct move (each played out by ``sim.after``, the defender
answering by rule of thumb with the hand of the guessed state: "opponent counters from hidden
information estimated"), keeps the ``beam`` best positions by the evaluation function, and at
every depth also scores ending the turn there. The plan with the best position after the turn
ends wins and its first move is played. Positions reached twice (DON!! given in another order)
are expanded once.

Moves pruned because they cannot matter: giving DON!! to a card that cannot attack this turn
and has no effect that counts DON!! (power during your turn matters only for battles). Decisions
other than a free Main-phase move are judged as in L2 (``greedy.react``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from generator.play import battle
from generator.play.ai.evaluate import evaluate
from generator.play.ai.greedy import is_free, react
from generator.play.ai.observe import Observation, Priors, determinise
from generator.play.ai.sim import after, distinct, keep_hand
from generator.play.api import legal_actions
from generator.play.state import Action, GameState
from generator.play.zones import field_card

BEAM = 3
DEPTH = 14


def fingerprint(state: GameState) -> tuple:
    """What distinguishes two positions of the same turn for planning purposes."""
    def side(ps):
        return (ps.leader.rested, ps.leader.don, len(ps.leader.mods),
                tuple((c.iid, c.rested, c.don, len(c.mods)) for c in ps.characters),
                tuple(c.iid for c in ps.hand), len(ps.life), len(ps.trash), len(ps.deck),
                ps.don_active, ps.don_rested, ps.don_deck, ps.stage.iid if ps.stage else None)
    return (side(state.players[0]), side(state.players[1]), state.phase, state.turn)


def useful(state: GameState, me: int, a: Action) -> bool:
    """False for DON!! given to a card that can neither attack now nor use DON!! in its text."""
    if a.kind != "give_don":
        return True
    card = field_card(state, me, a.card)
    if card is None:
        return True
    if battle.can_attack(state, me, card):
        return True
    return any(e.don_requirement for e in state.compiled[card.card].effects)


def moves(state: GameState, me: int) -> list[Action]:
    return [a for a in distinct(state, legal_actions(state)) if useful(state, me, a)]


def plan_turn(world: GameState, me: int, beam: int = BEAM,
              depth: int = DEPTH) -> list[tuple[float, tuple[str, ...]]]:
    """Complete turn plans for ``me`` from ``world``, best first: (value after the turn, moves)."""
    plans: list[tuple[float, tuple[str, ...]]] = []
    frontier: list[tuple[GameState, tuple[str, ...]]] = [(world, ())]
    seen = {fingerprint(world)}
    for _ in range(depth):
        children = []
        for state, path in frontier:
            ended = after(state, "end")
            if ended is not None:
                plans.append((evaluate(ended, me), path + ("end",)))
            for a in moves(state, me):
                if a.kind == "end_turn":
                    continue
                nxt = after(state, a.id)
                if nxt is None:
                    continue
                if not is_free(nxt, me):
                    plans.append((evaluate(nxt, me), path + (a.id,)))
                    continue
                key = fingerprint(nxt)
                if key not in seen:
                    seen.add(key)
                    children.append((evaluate(nxt, me), len(children), nxt, path + (a.id,)))
        children.sort(key=lambda x: (-x[0], x[1]))
        frontier = [(s, p) for _, _, s, p in children[:beam]]
        if not frontier:
            break
    for state, path in frontier:
        ended = after(state, "end")
        if ended is not None:
            plans.append((evaluate(ended, me), path + ("end",)))
    plans.sort(key=lambda x: -x[0])
    return plans


@dataclass(frozen=True)
class Planner:
    """L3: beam search over its own turn on one guess of the hidden cards."""

    priors: Priors
    level: int = 3
    name: str = "L3 turn planner"
    beam: int = BEAM
    depth: int = DEPTH

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> str:
        candidates = distinct(obs.state, legal)
        if len(candidates) == 1:
            return candidates[0].id
        if obs.state.phase == "mulligan":
            return keep_hand(obs.state, obs.player)
        world = determinise(obs, rng, self.priors)
        if not is_free(world, obs.player):
            return react(world, obs.player, legal)
        plans = plan_turn(world, obs.player, self.beam, self.depth)
        ids = {a.id for a in candidates}
        return next((p[0] for _, p in plans if p and p[0] in ids), "end")
