"""Infinite loops (11-1): a loop that neither player can stop ends the game in a draw.

Why this shape: between two decisions the engine is a deterministic function of the state (the
RNG is part of it), so if the same whole state comes back before anyone is asked anything, the
game would cycle for ever with no player able to stop it (11-1-1-1). Only long runs of automatic
steps are watched, so ordinary play never pays for it; a run past ``STEP_LIMIT`` with no
decision and no repeat (an effect growing a number for ever) is taken as the same endless loop.

A loop that a player can stop asks that player at every turn of it (an optional effect, a choice
of target): continuing as many times as they like and then stopping is declaring how many times
to carry out the loop action (11-1-1-2); when both can stop it, the first to stop ends it for
both (11-1-1-3: the fewer of the two counts).
"""

from __future__ import annotations

from generator.play.engine.phases import end_game
from generator.play.engine.state import Event, GameState

WATCH_AFTER = 200  # automatic steps in one go before positions are remembered
STEP_LIMIT = 20_000  # automatic steps in one go taken as endless even without a repeat


def endless(state: GameState, seen: set[str], steps: int) -> bool:
    """Whether the automatic run that has taken ``steps`` steps is an endless loop; remembers
    the position in ``seen`` (positions since the last decision) once past ``WATCH_AFTER``."""
    if steps <= WATCH_AFTER:
        return False
    if steps > STEP_LIMIT:
        return True
    key = state.model_dump_json(exclude={"cards", "compiled"})
    if key in seen:
        return True
    seen.add(key)
    return False


def draw_by_loop(state: GameState, ev: list[Event]) -> GameState:
    """The game ends in a draw: no winner and no loser (11-1-1-1)."""
    return end_game(state, (), "an infinite loop neither player can stop (11-1-1-1)", ev)
