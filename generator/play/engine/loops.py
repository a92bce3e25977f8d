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

A loop the turn player makes at will goes through their own free decisions: an ability activated
in the Main phase whose effects bring back the very position it was activated from. The engine
remembers the positions of this turn's activations (``GameState.loops``, sha1 of the whole
position, only where an ability is activated, so ordinary play pays nothing). Back at such a
position, activating the same ability again goes round once more; doing anything else there stops
the loop, and from then on that activation is not a legal action at that position this turn
(11-1-1-2: having ended the loop, the player may not start it again). The AI's simulations
(``apply_action``) skip this bookkeeping; the moves a game is made of (``apply``) do not.
"""

from __future__ import annotations

import hashlib

from generator.play.engine.phases import end_game
from generator.play.engine.state import Action, Event, GameState, LoopRecord

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


def position(state: GameState) -> str:
    """The whole position (the RNG included, the card definitions and the loop records left out)."""
    text = state.model_dump_json(exclude={"cards", "compiled", "loops"})
    return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()


def _free(state: GameState) -> bool:
    """The turn player's own choice in their Main phase, nothing being resolved."""
    return (
        state.phase == "main"
        and state.prompt is None
        and state.battle is None
        and not state.pending
        and state.waiting_for == state.active
    )


def remember(state: GameState, action: Action) -> GameState:
    """Before ``action`` is carried out: note an activation's position, and mark as stopped a
    loop whose position came back and where the player now does something else (11-1-1-2)."""
    records = tuple(r for r in state.loops if r.turn == state.turn)
    if not _free(state) or (action.kind != "activate" and not records):
        return state if records == state.loops else state.model_copy(update={"loops": records})
    here = position(state)
    kept = [
        r.model_copy(update={"stopped": True}) if r.position == here and r.action != action.id and not r.stopped else r
        for r in records
    ]
    if action.kind == "activate" and not any(r.position == here and r.action == action.id for r in kept):
        kept.append(LoopRecord(turn=state.turn, position=here, action=action.id))
    return state.model_copy(update={"loops": tuple(kept)})


def not_restartable(state: GameState) -> frozenset[str]:
    """Actions that would start again, from this very position, a loop the player stopped."""
    stopped = [r for r in state.loops if r.stopped and r.turn == state.turn]
    if not stopped or not _free(state):
        return frozenset()
    here = position(state)
    return frozenset(r.action for r in stopped if r.position == here)
