"""The turn (6): Refresh, Draw, DON!!, Main, End; and the rule processing that ends the game (9-2).

Refresh, Draw and DON!! need no decision, so ``start_turn`` runs them in one go and leaves the turn
player in the Main phase; each is also a function of its own (``refresh_phase``, ``draw_phase``,
``don_phase``: state in that phase in, state in the next phase out) so a replay can stop between
them, as the tutorial's worked examples do. The End phase first resolves [End of Your Turn] then
[End of Your Opponent's Turn] effects (6-6-1-1-2) through the effect queue; ``finish_turn`` then
ends "this turn" durations (6-6-1-3), clears [Once Per Turn] marks and starts the other player's
turn (6-6-1-4).
"""

from __future__ import annotations

from generator.play.engine import effect_primitives
from generator.play.engine.state import CardInstance, Event, GameState, Result
from generator.play.engine.stats import has_status
from generator.play.engine.zones import draw, set_ps


def start_turn(state: GameState, ev: list[Event]) -> GameState:
    turn = state.turn + 1
    p = state.first if turn == 1 else 1 - state.active
    state = state.model_copy(update={"turn": turn, "active": p, "phase": "refresh"})
    ev.append(Event(kind="turn_start", player=p, data={"turn": turn}))
    state = effect_primitives.queue(state, "start_of_your_turn", p, state.players[p].field())
    if state.pending:  # 6-2-2: they resolve first; the game loop then calls ``continue_turn``
        return state.model_copy(update={"waiting_for": p})
    return continue_turn(state, ev)


def continue_turn(state: GameState, ev: list[Event]) -> GameState:
    """The rest of the Refresh Phase (6-2-3, 6-2-4), then the Draw and DON!! phases."""
    state = don_phase(draw_phase(refresh_phase(state, ev), ev), ev)
    return state.model_copy(update={"waiting_for": state.active})


def refresh_phase(state: GameState, ev: list[Event]) -> GameState:
    """6-2-3 and 6-2-4: given DON!! go back to the cost area, then every rested card of the turn
    player (Leader, Characters, Stage, DON!!) becomes active, except one an effect keeps rested
    ("will not become active in your next Refresh Phase"). Then the Draw phase."""
    p = state.active
    ps = state.players[p]
    given = ps.leader.don + sum(c.don for c in ps.characters)

    def ready(c: CardInstance) -> CardInstance:
        if not (c.rested or c.don):
            return c
        keep = c.rested and has_status(state, p, c, "no_refresh")
        return c.model_copy(update={"rested": keep, "don": 0})

    stage = ready(ps.stage) if ps.stage is not None else None
    state = set_ps(
        state,
        p,
        leader=ready(ps.leader),
        characters=tuple(map(ready, ps.characters)),
        stage=stage,
        don_active=ps.don_active + ps.don_rested + given,
        don_rested=0,
    )
    return state.model_copy(update={"phase": "draw"})


def draw_phase(state: GameState, ev: list[Event]) -> GameState:
    """6-3-1: the turn player draws 1, except the first player on their first turn. Then DON!!.
    Running out of deck is for the rule processing that follows (9-2-1-2)."""
    if state.turn != 1:
        state = draw(state, state.active, 1, ev)
    return state.model_copy(update={"phase": "don"})


def don_phase(state: GameState, ev: list[Event]) -> GameState:
    """6-4-1 to 6-4-3: 2 DON!! from the DON!! deck to the cost area, active (1 for the first
    player's first turn; fewer when fewer remain). Then the Main phase."""
    p, ps = state.active, state.players[state.active]
    n = min(1 if state.turn == 1 else 2, ps.don_deck)
    state = set_ps(state, p, don_deck=ps.don_deck - n, don_active=ps.don_active + n)
    ev.append(Event(kind="don_phase", player=p, data={"added": n}))
    return state.model_copy(update={"phase": "main"})


def end_turn(state: GameState, ev: list[Event]) -> GameState:
    """Enter the End phase (6-6): queue the turn player's [End of Your Turn] effects, then the
    other player's [End of Your Opponent's Turn] effects; they resolve before ``finish_turn``."""
    p = state.active
    ev.append(Event(kind="end_phase", player=p))
    state = state.model_copy(update={"phase": "end"})
    state = effect_primitives.queue(state, "end_of_your_turn", p, state.players[p].field())
    state = effect_primitives.queue(state, "end_of_opponents_turn", 1 - p, state.players[1 - p].field())
    return effect_primitives.queue_delayed(state)


def finish_turn(state: GameState, ev: list[Event]) -> GameState:
    turn = state.turn
    for p in (0, 1):
        ps = state.players[p]
        stage = _expire(ps.stage, turn) if ps.stage is not None else None
        state = set_ps(
            state,
            p,
            leader=_expire(ps.leader, turn),
            characters=tuple(_expire(c, turn) for c in ps.characters),
            stage=stage,
        )
    return start_turn(state, ev)


def _expire(c: CardInstance, turn: int) -> CardInstance:
    mods = tuple(m for m in c.mods if m.until_turn is None or m.until_turn > turn)
    if mods == c.mods and not c.once:
        return c
    return c.model_copy(update={"mods": mods, "once": ()})


def check_defeat(state: GameState, ev: list[Event], damaged: tuple[int, ...] = ()) -> GameState:
    """Rule processing (9-2-1): every player meeting a defeat condition loses at once, so both
    lose together when both do. ``damaged`` are players whose Leader took damage at 0 Life
    (9-2-1-1); an empty deck is checked here for everyone (9-2-1-2, 1-2-1-1-2)."""
    losers = set(damaged) | {p for p in (0, 1) if not state.players[p].deck}
    if not losers:
        return state
    reason = "damage at 0 Life" if damaged else "no cards in deck"
    if damaged and len(losers) > len(set(damaged)):
        reason = "damage at 0 Life and no cards in deck"
    return end_game(state, tuple(sorted(losers)), reason, ev)


def end_game(state: GameState, losers: tuple[int, ...], reason: str, ev: list[Event]) -> GameState:
    winner = 1 - losers[0] if len(losers) == 1 else None
    result = Result(winner=winner, losers=losers, reason=reason)
    ev.append(Event(kind="game_over", data=result.model_dump(mode="json")))
    return state.model_copy(
        update={"result": result, "phase": "over", "waiting_for": None, "prompt": None, "pending": (), "battle": None}
    )
