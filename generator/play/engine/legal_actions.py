"""Legal actions, applying one, and running the game forward to the next decision.

Action ids (stable, unique within one list):
  keep | mulligan                     opening hand (5-2-1-6)
  play:<iid> | play:<iid>:<trash iid> play a card from hand (6-5-3); the second form trashes one
                                      of your 5 Characters first (3-7-6-1)
  activate:<iid>:<effect index>       an [Activate: Main] effect (6-5-4, 10-2-2)
  don:<iid>                           give 1 active DON!! to your Leader or a Character (6-5-5)
  attack:<iid>:<target iid>           declare an attack (7-1-1), with a preview
  end                                 end the Main phase (6-5-2-1)
  block:<iid> | no_block              Block step (7-1-2)
  counter:<hand iid>:<target iid>     Counter step: trash a Counter Character (7-1-3-2-1)
  counter_event:<hand iid>            Counter step: a [Counter] Event (7-1-3-2-2)
  no_counter                          end the Counter step
  trigger | no_trigger                a Life card taken: its [Trigger], or to hand (10-1-5)
  yes | no | choose:<iid> | choose:done   answers to an effect's prompt
  concede                             always available (1-2-3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.play.engine import (
    battle,
    effect_primitives,
    hand_costs,
    interpret,
    loops,
    phases,
    reactions,
    setup,
)
from generator.play.engine.choices import order_together
from generator.play.engine.payable import payable
from generator.play.engine.state import MAX_CHARACTERS, Action, Event, Frame, GameState, IllegalAction
from generator.play.engine.stats import effect_live, power
from generator.play.engine.zones import field_card_of, replace_on_field, set_ps, take, trash_from_field

MAIN_MARK = "[Main]"


def legal_actions(state: GameState) -> list[Action]:
    if state.result is not None or state.waiting_for is None:
        return []
    if state.prompt is not None:
        out = interpret.prompt_actions(state)
    elif state.phase == "mulligan":
        out = [
            Action(id="keep", kind="keep", label="keep this hand"),
            Action(id="mulligan", kind="mulligan", label="redraw 5 cards"),
        ]
    elif state.battle is not None:
        out = _battle_actions(state)
    else:
        out = _main_actions(state, state.waiting_for)
        if state.loops:
            barred = loops.not_restartable(state)
            out = [a for a in out if a.id not in barred]
    out.append(Action(id="concede", kind="concede", label="concede the game"))
    return out


def _name(state: GameState, card: str) -> str:
    return state.cards[card].name


def _used(state: GameState, card: str) -> str:
    """The name of a card being used, flagged when its text is beyond this referee (it then has
    no effect at all, see ``interpret``), so neither a person nor an AI is misled."""
    name = state.cards[card].name
    return name if state.compiled[card].complete else f"{name} [text not supported: no effect]"


def _main_actions(state: GameState, p: int) -> list[Action]:
    """The Main Phase (6-5): play a card, activate a [Activate: Main] effect, give DON!!, attack,
    or end the turn."""
    return [
        *_plays(state, p),
        *_activations(state, p),
        *_don_gifts(state, p),
        *_attacks(state, p),
        Action(id="end", kind="end_turn", label="end your turn"),
    ]


def _plays(state: GameState, p: int) -> list[Action]:
    """Cards of the hand the cost area can pay for; a Character into a full area names the one
    it trashes (3-7-6-1); an Event only with a [Main] effect."""
    ps = state.players[p]
    out: list[Action] = []
    for c in ps.hand:
        card = state.cards[c.card]
        cost = hand_costs.play_cost(state, p, c)
        if cost > ps.don_active or effect_primitives.play_banned(state, p, c.card):
            continue
        label = f"play {_used(state, c.card)} (cost {cost})"
        if card.category == "Character" and len(ps.characters) >= MAX_CHARACTERS:
            out.extend(
                Action(
                    id=f"play:{c.iid}:{old.iid}",
                    kind="play",
                    card=c.iid,
                    target=old.iid,
                    label=f"{label}, trashing {_name(state, old.card)}",
                )
                for old in ps.characters
            )
        elif card.category != "Event" or MAIN_MARK in (card.effect or ""):
            out.append(Action(id=f"play:{c.iid}", kind="play", card=c.iid, label=label))
    return out


def _activations(state: GameState, p: int) -> list[Action]:
    """[Activate: Main] effects not used this turn, live, and whose costs can all be paid."""
    out: list[Action] = []
    for src in state.players[p].field():
        for i, eff in enumerate(state.compiled[src.card].effects):
            frame = Frame(source=src.iid, controller=p, card=src.card, effect=i)
            if (
                eff.timing == "activate_main"
                and i not in src.once
                and effect_live(state, p, src, eff)
                and payable(state, frame, eff)
            ):
                out.append(
                    Action(
                        id=f"activate:{src.iid}:{i}",
                        kind="activate",
                        card=src.iid,
                        label=f"activate {_name(state, src.card)}",
                    )
                )
    return out


def _don_gifts(state: GameState, p: int) -> list[Action]:
    """One active DON!! to the Leader or a Character (6-5-5)."""
    ps = state.players[p]
    if not ps.don_active:
        return []
    return [
        Action(id=f"don:{c.iid}", kind="give_don", card=c.iid, label=f"give 1 DON!! to {_name(state, c.card)}")
        for c in (ps.leader, *ps.characters)
    ]


def _attacks(state: GameState, p: int) -> list[Action]:
    """Each attack a card that may attack can declare, with its preview (public information)."""
    ps = state.players[p]
    out: list[Action] = []
    for c in (ps.leader, *ps.characters):
        if not battle.can_attack(state, p, c):
            continue
        for t in battle.attack_targets(state, p, c):
            pv = battle.preview(state, p, c, t)
            out.append(
                Action(
                    id=f"attack:{c.iid}:{t.iid}",
                    kind="attack",
                    card=c.iid,
                    target=t.iid,
                    preview=pv,
                    label=f"attack {_name(state, t.card)} with {_name(state, c.card)}"
                    f" ({pv.attacker_power} vs {pv.target_power})",
                )
            )
    return out


def _battle_actions(state: GameState) -> list[Action]:
    b = state.battle
    assert b is not None
    q = 1 - state.active
    if b.step == "block":
        out = [
            Action(id=f"block:{c.iid}", kind="block", card=c.iid, label=f"block with {_name(state, c.card)}")
            for c in battle.blockers(state)
        ]
        return out + [Action(id="no_block", kind="no_block", label="do not block")]
    if b.step == "trigger":
        revealed = b.revealed
        assert revealed is not None, "the trigger step is entered with the revealed Life card"
        name = _used(state, revealed.card)
        take = Action(id="no_trigger", kind="no_trigger", card=revealed.iid, label=f"add {name} to hand")
        if state.cards[revealed.card].trigger is None:
            return [take]  # asked all the same, so that asking tells the attacker nothing (``battle._life``)
        return [
            Action(id="trigger", kind="trigger", card=revealed.iid, label=f"activate the [Trigger] of {name}"),
            take,
        ]
    ps = state.players[q]
    out = []
    for c in battle.counter_cards(state):
        card = state.cards[c.card]
        out.extend(
            Action(
                id=f"counter:{c.iid}:{t.iid}",
                kind="counter",
                card=c.iid,
                target=t.iid,
                label=f"counter +{card.counter} with {card.name} on {_name(state, t.card)} ({power(state, q, t)})",
            )
            for t in (ps.leader, *ps.characters)
        )
    out.extend(
        Action(id=f"counter_event:{c.iid}", kind="counter_event", card=c.iid, label=f"use {_used(state, c.card)}")
        for c in battle.counter_events(state)
    )
    return out + [Action(id="no_counter", kind="no_counter", label="no more counters")]


def apply(state: GameState, action_id: str, choices: dict[str, Any] | None = None) -> tuple[GameState, list[Event]]:
    ev: list[Event] = []
    actor = state.waiting_for
    for aid in (action_id, *(choices or {}).get("then", ())):
        if state.waiting_for != actor:
            raise IllegalAction(f"{aid!r}: player {actor} is no longer the one to act")
        action = next((a for a in legal_actions(state) if a.id == aid), None)
        if action is None:
            raise IllegalAction(f"{aid!r} is not a legal action now")
        cursor = len(ev)
        state = _advance(_do(loops.remember(state, action), action, ev), ev, cursor)
    return state, ev


def apply_action(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    ev: list[Event] = []
    return _advance(_do(state, action, ev), ev, 0), ev


def begin(state: GameState) -> GameState:
    """Run a new game (``setup.new_game``) to its first decision: the "at the start of the game"
    effects, asking their players what their text lets them choose, then the opening hands."""
    return _advance(state, [])


def concede(state: GameState, p: int) -> tuple[GameState, list[Event]]:
    ev: list[Event] = []
    if state.result is not None:
        return state, ev
    return phases.end_game(state, (p,), "concession", ev), ev


def _do(state: GameState, a: Action, ev: list[Event]) -> GameState:
    """Carry out one legal action: a concession at any time, an answer while a question is open,
    else the move of its kind (``_MOVES``; the [Trigger] decision otherwise)."""
    p = state.waiting_for
    assert p is not None
    if a.kind == "concede":
        return phases.end_game(state, (p,), "concession", ev)
    if state.prompt is not None:
        return interpret.answer(state, a.id, ev)
    return _MOVES.get(a.kind, _trigger)(state, p, a, ev)


def _activate(state: GameState, p: int, a: Action, ev: list[Event]) -> GameState:
    src = field_card_of(state, p, a.acting)
    frame = Frame(source=a.acting, controller=p, card=src.card, effect=int(a.id.split(":")[2]))
    return state.model_copy(update={"pending": state.pending + (frame,)})


def _give_don(state: GameState, p: int, a: Action, ev: list[Event]) -> GameState:
    card = field_card_of(state, p, a.acting)
    state = set_ps(state, p, don_active=state.players[p].don_active - 1)
    ev.append(Event(kind="give_don", player=p, data={"target": a.card, "count": 1}))
    return replace_on_field(state, p, card.model_copy(update={"don": card.don + 1}))


def _trigger(state: GameState, p: int, a: Action, ev: list[Event]) -> GameState:
    """Activate the revealed Life card's [Trigger], or add it to hand (10-1-5)."""
    return battle.trigger(state, a.kind == "trigger", ev)


# What each kind of action does (the player ``p`` acting); a kind not here is the [Trigger] decision.
_MOVES: dict[str, Callable[[GameState, int, Action, list[Event]], GameState]] = {
    "keep": lambda state, p, a, ev: setup.mulligan(state, False, ev),
    "mulligan": lambda state, p, a, ev: setup.mulligan(state, True, ev),
    "play": lambda state, p, a, ev: _play(state, p, a.acting, a.target, ev),
    "activate": _activate,
    "give_don": _give_don,
    "attack": lambda state, p, a, ev: battle.declare(state, a.acting, a.aimed_at, ev),
    "end_turn": lambda state, p, a, ev: phases.end_turn(state, ev),
    "block": lambda state, p, a, ev: battle.block(state, a.acting, ev),
    "no_block": lambda state, p, a, ev: battle.next_step(state, "counter"),
    "counter": lambda state, p, a, ev: battle.counter(state, a.acting, a.aimed_at, ev),
    "counter_event": lambda state, p, a, ev: battle.counter_event(state, a.acting, ev),
    "no_counter": lambda state, p, a, ev: battle.next_step(state, "damage"),
}


def _play(state: GameState, p: int, iid: int, trash: int | None, ev: list[Event]) -> GameState:
    """6-5-3-1: rest DON!! equal to the cost (2-7-2 to 2-7-4), make room for a 6th Character by
    trashing one as rule processing, not a K.O. (3-7-6-1-1), then play or activate the card."""
    state, card = take(state, p, "hand", iid)
    cost = hand_costs.play_cost(state, p, card)
    ps = state.players[p]
    state = set_ps(state, p, don_active=ps.don_active - cost, don_rested=ps.don_rested + cost)
    if trash is not None:
        state = trash_from_field(state, p, trash, ev)
    if state.cards[card.card].category == "Event":
        return effect_primitives.activate_event(state, p, card, "main", ev)
    return effect_primitives.enter_field(state, p, card, ev)


def _advance(state: GameState, ev: list[Event], cursor: int = 0) -> GameState:
    """Run everything that needs no decision: rule processing (9-2) after every step, queued
    effects, battle steps, the End phase and the next turn's first three phases. A run that
    comes back to a position it has been in, with nobody asked anything, is an infinite loop
    that no player can stop: a draw (11-1-1-1, ``loops``)."""
    steps, seen = 0, set[str]()
    # what made the events from ``cursor`` on: the effect resolving, or the battle's attacker (``reactions``)
    cause, attacker = None, (state.battle.attacker if state.battle is not None else None)
    while True:
        state, cursor = reactions.react(state, ev, cursor, cause, attacker)
        cause = attacker = None
        state, decided = _decided(state, ev)
        if decided:
            return state
        steps += 1
        if loops.endless(state, seen, steps):
            return loops.draw_by_loop(state, ev)
        if state.pending:
            state, cause = _resolve(state, ev)
        elif state.battle is not None:
            attacker = state.battle.attacker
            state, waiting = battle.progress(state, ev)
            if waiting:
                state, cursor = reactions.react(state, ev, cursor, None, attacker)
                return state.model_copy(update={"waiting_for": 1 - state.active})
        else:
            state, stopped = _turn_step(state, ev)
            if stopped:
                return state


def _decided(state: GameState, ev: list[Event]) -> tuple[GameState, bool]:
    """Rule processing (9-2: defeat), then whether the run stops: the game is over, or a player
    is asked a question (they are the one to act)."""
    if state.result is None:
        state = phases.check_defeat(state, ev)
    if state.result is not None:
        return state, True
    if state.prompt is not None:
        return state.model_copy(update={"waiting_for": state.prompt.player}), True
    return state, False


def _resolve(state: GameState, ev: list[Event]) -> tuple[GameState, Frame | None]:
    """One step of the queued effects, in the order their controllers gave (``order_together``);
    returns the effect that ran (the cause of its events), None when a question came first."""
    state = order_together(battle.defer_during_damage(state))
    if state.pending and state.prompt is None:
        cause = state.pending[0]
        return interpret.step(state, ev), cause
    return state, None


def _turn_step(state: GameState, ev: list[Event]) -> tuple[GameState, bool]:
    """The turn's own steps between battles and effects; True when the run stops there: the
    turn player acts in the Main Phase (or nothing is left to run)."""
    if state.phase == "end":
        return phases.finish_turn(state, ev), False
    if state.phase == "refresh":
        return phases.continue_turn(state, ev), False
    if state.phase == "setup":
        return setup.deal(state, ev), False
    if state.phase == "main":
        return state.model_copy(update={"waiting_for": state.active}), True
    return state, True
