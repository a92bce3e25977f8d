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
    for src in ps.field():
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
    if ps.don_active:
        out.extend(
            Action(id=f"don:{c.iid}", kind="give_don", card=c.iid, label=f"give 1 DON!! to {_name(state, c.card)}")
            for c in (ps.leader, *ps.characters)
        )
    for c in (ps.leader, *ps.characters):
        if battle.can_attack(state, p, c):
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
    out.append(Action(id="end", kind="end_turn", label="end your turn"))
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
    p = state.waiting_for
    assert p is not None
    kind = a.kind
    if kind == "concede":
        return phases.end_game(state, (p,), "concession", ev)
    if state.prompt is not None:
        return interpret.answer(state, a.id, ev)
    if kind in ("keep", "mulligan"):
        return setup.mulligan(state, kind == "mulligan", ev)
    if kind == "play":
        return _play(state, p, a.acting, a.target, ev)
    if kind == "activate":
        src = field_card_of(state, p, a.acting)
        frame = Frame(source=a.acting, controller=p, card=src.card, effect=int(a.id.split(":")[2]))
        return state.model_copy(update={"pending": state.pending + (frame,)})
    if kind == "give_don":
        card = field_card_of(state, p, a.acting)
        state = set_ps(state, p, don_active=state.players[p].don_active - 1)
        ev.append(Event(kind="give_don", player=p, data={"target": a.card, "count": 1}))
        return replace_on_field(state, p, card.model_copy(update={"don": card.don + 1}))
    if kind == "attack":
        return battle.declare(state, a.acting, a.aimed_at, ev)
    if kind == "end_turn":
        return phases.end_turn(state, ev)
    if kind == "block":
        return battle.block(state, a.acting, ev)
    if kind == "no_block":
        return battle.next_step(state, "counter")
    if kind == "counter":
        return battle.counter(state, a.acting, a.aimed_at, ev)
    if kind == "counter_event":
        return battle.counter_event(state, a.acting, ev)
    if kind == "no_counter":
        return battle.next_step(state, "damage")
    return battle.trigger(state, kind == "trigger", ev)


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
        if state.result is None:
            state = phases.check_defeat(state, ev)
        if state.result is not None:
            return state
        if state.prompt is not None:
            return state.model_copy(update={"waiting_for": state.prompt.player})
        steps += 1
        if loops.endless(state, seen, steps):
            return loops.draw_by_loop(state, ev)
        if state.pending:
            state = order_together(battle.defer_during_damage(state))
            if state.pending and state.prompt is None:
                cause = state.pending[0]
                state = interpret.step(state, ev)
        elif state.battle is not None:
            attacker = state.battle.attacker
            state, waiting = battle.progress(state, ev)
            if waiting:
                state, cursor = reactions.react(state, ev, cursor, None, attacker)
                return state.model_copy(update={"waiting_for": 1 - state.active})
        elif state.phase == "end":
            state = phases.finish_turn(state, ev)
        elif state.phase == "refresh":
            state = phases.continue_turn(state, ev)
        elif state.phase == "setup":
            state = setup.deal(state, ev)
        elif state.phase == "main":
            return state.model_copy(update={"waiting_for": state.active})
        else:
            return state
