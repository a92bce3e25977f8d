"""What each compiled action and cost does to the state: one function per ``kind``.

A handler takes (state, frame, node, ev) and returns (state, frame, prompt). A prompt means the
step needs a choice first (4-8, 8-4-4): the interpreter asks it and calls the handler again with
``frame.chosen`` set. Actions do as much as they can (1-3-2); costs are all-or-nothing, so
``payable`` is checked before any cost is paid (8-3-1-3).

Simplifications, each a documented approximation of a player's choice: DON!! -X returns rested
DON!! from the cost area first, then active ones, then given ones (8-3-1-6); a DON!! given by an
effect is taken rested first; effects play a Character only while there is room (no 3-7-6-1
swap); "top or bottom" Life is the top; the cards not taken by "look at" keep their order.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.play import fx
from generator.play.effects.model import Target
from generator.play.state import MAX_CHARACTERS, CardInstance, Event, Frame, GameState, Prompt
from generator.play.stats import matches, target_pool
from generator.play.zones import (draw, field_card, find_in, leave_field, locate, on_field, put,
                                  replace_on_field, set_ps, take, trash_from_field)

Result = tuple[GameState, Frame, Prompt | None]
_SINGLE = ("self_card", "your_leader", "opponent_leader")


def source_card(state: GameState, frame: Frame) -> CardInstance:
    """The effect's card on the field, or a stand-in when it is elsewhere (an Event in the trash,
    a revealed [Trigger])."""
    return field_card(state, frame.controller, frame.source) or CardInstance(
        iid=frame.source, card=frame.card)


def _pick_targets(state: GameState, frame: Frame, target: Target, label: str,
                  own: bool = False) -> tuple[tuple[int, ...] | None, Prompt | None]:
    src = source_card(state, frame)
    pool = [c.iid for _, c in target_pool(state, frame.controller, src, target)
            if on_field(state, c.iid)]
    if own:
        pool = [i for i in pool if locate(state, i)[0] == frame.controller]
    if target.who in _SINGLE:
        return tuple(pool), None
    return fx.choose(frame, frame.controller, pool, target.count, target.up_to, label)


def _each_field(state: GameState, picked: tuple[int, ...],
                fn: Callable[[GameState, int, CardInstance], GameState]) -> GameState:
    for iid in picked:
        where = locate(state, iid)
        if where is not None and where[1] in ("leader", "characters", "stage"):
            state = fn(state, where[0], field_card(state, where[0], iid))
    return state


def _movable(state: GameState, picked: tuple[int, ...]) -> list[tuple[int, int]]:
    """(owner, iid) of picked Characters/Stages: a Leader never leaves its area (3-6-3)."""
    out = []
    for iid in picked:
        where = locate(state, iid)
        if where is not None and where[1] in ("characters", "stage"):
            out.append((where[0], iid))
    return out


def _targeted(fn: Callable[[GameState, Frame, object, tuple[int, ...], list[Event]], GameState],
              label: str) -> Callable[..., Result]:
    def run(state: GameState, frame: Frame, node, ev: list[Event]) -> Result:
        picked, prompt = _pick_targets(state, frame, node.target, label)
        if prompt is not None:
            return state, frame, prompt
        return fn(state, frame, node, picked, ev), frame, None
    return run


def _mod(stat: str, keyword_attr: str | None = None):
    def apply(state, frame, node, picked, ev):
        amount = getattr(node, "amount", 0)
        keyword = getattr(node, keyword_attr) if keyword_attr else None
        mod = fx.duration_mod(state, frame.controller, stat, amount, node.duration, keyword)
        ev.append(Event(kind=f"effect_{stat}", player=frame.controller,
                        data={"targets": list(picked), "amount": amount, "keyword": keyword}))
        return _each_field(state, picked, lambda s, p, c: replace_on_field(
            s, p, c.model_copy(update={"mods": c.mods + (mod,)})))
    return apply


def _set_rested(rested: bool):
    def apply(state, frame, node, picked, ev):
        ev.append(Event(kind="rest" if rested else "set_active", player=frame.controller,
                        data={"targets": list(picked)}))
        return _each_field(state, picked, lambda s, p, c: replace_on_field(
            s, p, c.model_copy(update={"rested": rested})))
    return apply


def _ko(state, frame, node, picked, ev):
    for owner, iid in _movable(state, picked):
        if locate(state, iid)[1] == "characters":
            state = fx.ko(state, owner, iid, ev)
    return state


def _to_hand(state, frame, node, picked, ev):
    for owner, iid in _movable(state, picked):
        state, card = leave_field(state, owner, iid)
        ev.append(Event(kind="return_to_hand", player=owner, data={"iid": iid, "card": card.card}))
        state = put(state, owner, "hand", card, top=False)
    return state


def _to_deck(state, frame, node, picked, ev):
    for owner, iid in _movable(state, picked):
        state, card = leave_field(state, owner, iid)
        ev.append(Event(kind="return_to_deck", player=owner,
                        data={"iid": iid, "card": card.card, "position": node.position}))
        state = put(state, owner, "deck", card, top=node.position == "top")
    return state


def _trash(state, frame, node, picked, ev):
    for owner, iid in _movable(state, picked):
        state = trash_from_field(state, owner, iid, ev)
    return state


def _give_don(state, frame, node, picked, ev):
    p = frame.controller
    for iid in picked:
        card = field_card(state, p, iid)
        ps = state.players[p]
        rested = min(node.n, ps.don_rested)
        active = 0 if node.rested_only else min(node.n - rested, ps.don_active)
        if card is None or not rested + active:
            continue
        state = set_ps(state, p, don_rested=ps.don_rested - rested,
                       don_active=ps.don_active - active)
        state = replace_on_field(state, p, card.model_copy(update={"don": card.don + rested + active}))
        ev.append(Event(kind="give_don", player=p, data={"target": iid, "count": rested + active}))
    return state


def _draw(state, frame, node, ev) -> Result:
    return draw(state, frame.controller, node.n, ev), frame, None


def _add_don(state, frame, node, ev) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    n = min(node.n, ps.don_deck)
    field = {"don_rested": ps.don_rested + n} if node.state == "rested" else {
        "don_active": ps.don_active + n}
    ev.append(Event(kind="add_don", player=p, data={"count": n, "state": node.state}))
    return set_ps(state, p, don_deck=ps.don_deck - n, **field), frame, None


def _set_don_active(state, frame, node, ev) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    n = min(node.n, ps.don_rested)
    return set_ps(state, p, don_rested=ps.don_rested - n, don_active=ps.don_active + n), frame, None


def _look_top(state, frame, node, ev) -> Result:
    """Look at the top N (11-3), reveal and add up to ``take`` matches to hand (11-2-1), put the
    rest where told. The looked-at cards stay in the deck while the player chooses (11-3-2)."""
    p = frame.controller
    if not frame.chosen:
        looked = tuple(c.iid for c in state.players[p].deck[:node.n])
        frame = frame.model_copy(update={"looked": looked})
        pool = [c.iid for c in state.players[p].deck[:node.n]
                if matches(state, p, c, node.filter, on_field=False)]
        picked, prompt = fx.choose(frame, p, pool, node.take, True, "add to hand")
        if prompt is not None:
            return state, frame, prompt
        frame = frame.model_copy(update={"picked": picked})
    ev.append(Event(kind="look_top", player=p, data={"count": len(frame.looked)}))
    for iid in frame.picked:
        state, card = take(state, p, "deck", iid)
        ev.append(Event(kind="reveal_to_hand", player=p, data={"iid": iid, "card": card.card}))
        state = put(state, p, "hand", card, top=False)
    rest = [i for i in frame.looked if i not in frame.picked]
    moved = []
    for iid in rest:
        state, card = take(state, p, "deck", iid)
        moved.append(card)
    if node.rest_to == "top":
        for card in reversed(moved):
            state = put(state, p, "deck", card)
    else:
        zone = "trash" if node.rest_to == "trash" else "deck"
        for card in moved:
            state = put(state, p, zone, card, top=zone == "trash")
    return state, frame, None


def _hand_choice(state, frame, player: int, n: int, label: str, flt=None) -> Result | tuple:
    ps = state.players[player]
    pool = [c.iid for c in ps.hand if flt is None or matches(state, player, c, flt, False)]
    return fx.choose(frame, player, pool, n, False, label)


def _discard(player_of: Callable[[Frame], int]):
    def run(state, frame, node, ev) -> Result:
        p = player_of(frame)
        picked, prompt = _hand_choice(state, frame, p, node.n, "trash from hand")
        if prompt is not None:
            return state, frame, prompt
        for iid in picked:
            state, card = take(state, p, "hand", iid)
            ev.append(Event(kind="discard", player=p, data={"iid": iid, "card": card.card}))
            state = put(state, p, "trash", card)
        return state, frame, None
    return run


def _playable(category: str, room: bool) -> bool:
    return category == "Stage" or (category == "Character" and room)


def _play_from(state, frame, node, ev) -> Result:
    """Play matching cards without paying their cost; a Character only while there is room."""
    p = frame.controller
    ps = state.players[p]
    zone = "deck" if node.zone == "deck_top" else node.zone
    cards = ps.deck[:1] if node.zone == "deck_top" else getattr(ps, zone)
    room = len(ps.characters) < MAX_CHARACTERS
    pool = [c.iid for c in cards if matches(state, p, c, node.filter, on_field=False)
            and _playable(state.cards[c.card].category, room)]
    picked, prompt = fx.choose(frame, p, pool, node.count, True, f"play from {node.zone}")
    if prompt is not None:
        return state, frame, prompt
    for iid in picked:
        card = find_in(getattr(state.players[p], zone), iid)
        room = len(state.players[p].characters) < MAX_CHARACTERS
        if card is None or not _playable(state.cards[card.card].category, room):
            continue
        state, card = take(state, p, zone, iid)
        state = fx.enter_field(state, p, card, ev, rested=node.rested)
    return state, frame, None


def _add_life(state, frame, node, ev) -> Result:
    p = frame.controller
    if node.source == "hand":
        picked, prompt = fx.choose(frame, p, [c.iid for c in state.players[p].hand], node.n,
                                   True, "add to Life")
        if prompt is not None:
            return state, frame, prompt
        cards = picked
        zone = "hand"
    else:
        cards = tuple(c.iid for c in state.players[p].deck[:node.n])
        zone = "deck"
    for iid in cards:
        state, card = take(state, p, zone, iid)
        state = put(state, p, "life", card)
    ev.append(Event(kind="add_life", player=p, data={"count": len(cards)}))
    return state, frame, None


def _life_to_hand(state, frame, node, ev) -> Result:
    p = frame.controller
    for card in state.players[p].life[:node.n]:
        state, card = take(state, p, "life", card.iid)
        ev.append(Event(kind="life_to_hand", player=p, data={"iid": card.iid, "card": card.card},
                        private=("iid", "card")))
        state = put(state, p, "hand", card, top=False)
    return state, frame, None


ACTIONS: dict[str, Callable[..., Result]] = {
    "draw": _draw,
    "ko": _targeted(_ko, "K.O."),
    "power": _targeted(_mod("power"), "power"),
    "cost_change": _targeted(_mod("cost"), "cost"),
    "gain_keyword": _targeted(_mod("keyword", "keyword"), "gain keyword"),
    "rest": _targeted(_set_rested(True), "rest"),
    "set_active": _targeted(_set_rested(False), "set active"),
    "return_to_hand": _targeted(_to_hand, "return to hand"),
    "return_to_deck": _targeted(_to_deck, "return to deck"),
    "trash": _targeted(_trash, "trash"),
    "give_don": _targeted(_give_don, "give DON!!"),
    "add_don": _add_don,
    "set_don_active": _set_don_active,
    "look_top": _look_top,
    "trash_from_hand": _discard(lambda f: f.controller),
    "opponent_discard": _discard(lambda f: 1 - f.controller),
    "play_from": _play_from,
    "add_life": _add_life,
    "life_to_hand": _life_to_hand,
}
