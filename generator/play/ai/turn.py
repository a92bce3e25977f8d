"""One AI turn: the decisions one player makes in a row share one budget of simulated engine moves.

Why per turn and not per decision: a practice request answers after the AI has played every
decision until the human must act again (a whole Main phase: plays, DON!!, attacks), so what a
player waits for is the turn, not one decision. Each L4 decision kept within 2,400 simulated
moves, but a turn of eight of them cost about 4 CPU-seconds (issue 33). A ``Turn`` counts the
moves every decision of the run has simulated (``sim.WORK``) against the level's
``turn_budget``; a decision may spend what is left, up to its own budget, and once too little is
left the level answers by rule of thumb (``short``). A count, not a clock: the same seed plays
the same game on any machine under any load.

The turn also remembers the rest of the macro a search chose ("give 2 DON!! to A, then A
attacks"): those moves were part of the plan the search judged, so they are played without
searching again (``next_queued``) while they stay legal and nothing interrupts them (a prompt, a
battle). Both callers make one ``Turn`` per run of one player's decisions: the practice referee
per request, ``match.play_match`` whenever the player to act changes, so the benchmark and the
ladder measure what the referee does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.play.ai.sim import WORK
from generator.play.engine.state import Action, GameState

MIN_SEARCH = 200  # below this many moves left, a searching level answers by rule of thumb


@dataclass
class Turn:
    """``budget``: simulated engine moves for the whole run (None: unbounded, for the levels that
    do not search and for callers that want the old per-decision budgets alone)."""

    budget: int | None
    start: int = field(default_factory=lambda: WORK.moves)
    queued: tuple[str, ...] = ()

    def left(self) -> int | None:
        """Simulated moves the run may still spend (None: no bound)."""
        return None if self.budget is None else max(0, self.budget - (WORK.moves - self.start))

    def allowance(self, cap: int | None) -> int | None:
        """What one decision may simulate: its own ``cap``, within what the turn has left."""
        left = self.left()
        if left is None or cap is None:
            return cap if left is None else left
        return min(cap, left)

    def short(self) -> bool:
        """Too little is left for a search to be worth starting."""
        left = self.left()
        return left is not None and left < MIN_SEARCH

    def queue(self, moves: Sequence[str]) -> None:
        """The rest of the macro just chosen, to be played as it stands."""
        self.queued = tuple(moves)

    def next_queued(self, state: GameState, legal: Sequence[Action]) -> str | None:
        """The next move of the chosen macro when it is still a free, legal move here; else the
        macro is dropped (a prompt or a battle came between: the next decision searches again)."""
        if not self.queued:
            return None
        move, rest = self.queued[0], self.queued[1:]
        free = state.prompt is None and state.battle is None and state.phase == "main"
        if free and any(a.id == move for a in legal):
            self.queued = rest
            return move
        self.queued = ()
        return None
