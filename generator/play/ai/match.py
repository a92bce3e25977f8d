"""Running AIs: one decision (``ai_move``) and a whole match between two policies (``play_match``).

Why here and not in each caller: the practice referee, the example match, the tests and the
benchmark must all give an AI the same thing (its ``Observation``, never the state) and the same
randomness (``decision_rng``: one ``random.Random`` per game seed and move number, so a decision
is reproducible on its own, whatever ran before it in the process), within the same budget per
turn (``turn.Turn``: one per run of one player's decisions, as the practice referee makes one per
request).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from generator.models.onepiece import OnePieceCard
from generator.play.ai.observe import Observation, observe
from generator.play.ai.turn import Turn
from generator.play.engine.api import Deck, apply, legal_actions, new_game
from generator.play.engine.state import Action, Event, GameState

MAX_MOVES = 5000


class Policy(Protocol):
    """An AI level (``make_ai``): picks a legal action id from what its player may know."""

    @property
    def name(self) -> str: ...

    @property
    def turn_budget(self) -> int | None:
        """Simulated engine moves for a whole turn (``turn.Turn``); None for levels that do not search."""
        ...

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random, turn: Turn | None = None) -> str:
        """``turn``: the run this decision belongs to (its budget left, the macro it may queue)."""
        ...


def decision_rng(seed: int, ply: int) -> random.Random:
    """The randomness of the decision at move ``ply`` of the game seeded ``seed``."""
    return random.Random(f"cardpantry-ai:{seed}:{ply}")


def ai_move(
    policy: Policy,
    state: GameState,
    seed: int,
    ply: int,
    legal: Sequence[Action] | None = None,
    turn: Turn | None = None,
) -> str:
    """The move of ``policy`` for the player the state waits for, from that player's view:
    the next move of a macro ``turn`` holds, else the policy's choice within ``turn``'s budget."""
    p = state.waiting_for
    assert p is not None, "the game is over"
    legal = list(legal) if legal is not None else legal_actions(state)
    queued = turn.next_queued(state, legal) if turn is not None else None
    choice = queued or policy.choose(observe(state, p), legal, decision_rng(seed, ply), turn)
    if choice not in {a.id for a in legal}:
        raise RuntimeError(f"{policy.name} chose {choice!r}, which is not legal")
    return choice


@dataclass(frozen=True)
class Ply:
    """One applied move: who moved, what (id and kind), in which turn, and the events it set off."""

    ply: int
    player: int
    action: str
    kind: str
    turn: int
    events: tuple[Event, ...]


@dataclass(frozen=True)
class MatchRecord:
    state: GameState
    plies: tuple[Ply, ...] = field(default=())

    @property
    def winner(self) -> int | None:
        return self.state.result.winner if self.state.result else None


def play_match(
    cards: Mapping[str, OnePieceCard],
    decks: tuple[Deck, Deck],
    policies: Sequence[Policy],
    seed: int,
    first: int | None = None,
    on_move: Callable[[GameState, list[Event], list[Action]], None] | None = None,
    max_moves: int = MAX_MOVES,
) -> MatchRecord:
    """Player ``i`` uses ``policies[i]``. ``on_move(state, events, legal)`` sees every new state
    (tests check invariants there). Each run of one player's decisions is one ``Turn``, as in the
    practice referee. A game that has not ended after ``max_moves`` raises."""
    state = new_game(cards, decks[0], decks[1], seed=seed, first=first)
    plies: list[Ply] = []
    legal = legal_actions(state)
    run, mover = Turn(None), None
    while state.result is None:
        p = state.waiting_for
        assert p is not None, "a game not over waits for a player"
        if p != mover:
            run, mover = Turn(policies[p].turn_budget), p
        choice = ai_move(policies[p], state, seed, len(plies), legal, run)
        kind = next(a.kind for a in legal if a.id == choice)
        turn = state.turn
        state, events = apply(state, choice)
        plies.append(Ply(ply=len(plies), player=p, action=choice, kind=kind, turn=turn, events=tuple(events)))
        legal = legal_actions(state)
        if on_move is not None:
            on_move(state, events, legal)
        if len(plies) >= max_moves:
            raise RuntimeError(f"game seeded {seed} has not ended after {max_moves} moves")
    return MatchRecord(state=state, plies=tuple(plies))
