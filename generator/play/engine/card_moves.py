"""Compiled actions that move cards between hand, deck, Life, trash and the DON!! areas, one
function per ``kind`` (the handler protocol is described in ``handlers``).

Documented approximations of a player's free choice: "draw up to N" is all or nothing (4-5-4 lets
a player stop after each card); cards put "on the top or bottom" go to the bottom; the cards not
taken by "look at" keep their order; "top or bottom" of Life is the top; DON!! -X returns rested
cost-area DON!! first, then active ones, then given ones (8-3-1-6); "up to N" Life cards added
or trashed are N; an effect that plays two
Characters into a full area makes room once (3-7-6-1), so the second is not played; a face-up
Life card is kept face down.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.play.engine import effect_primitives
from generator.play.engine.field_actions import Result
from generator.play.engine.state import MAX_CHARACTERS, CardInstance, Event, GameState
from generator.play.engine.stats import matches
from generator.play.engine.zones import draw, find_in, locate, put, replace_on_field, set_ps, take, trash_from_field


def return_don(state: GameState, p: int, n: int, ev: list[Event]) -> GameState:
    """Return up to n of p's DON!! on the field to the DON!! deck (8-3-1-6, 10-2-10)."""
    ps = state.players[p]
    rested = min(n, ps.don_rested)
    active = min(n - rested, ps.don_active)
    left = n - rested - active
    state = set_ps(
        state,
        p,
        don_rested=ps.don_rested - rested,
        don_active=ps.don_active - active,
        don_deck=ps.don_deck + rested + active,
    )
    for card in (*state.players[p].characters, state.players[p].leader):
        k = min(left, card.don)
        if k:
            left -= k
            state = replace_on_field(state, p, card.model_copy(update={"don": card.don - k}))
            state = set_ps(state, p, don_deck=state.players[p].don_deck + k)
    ev.append(Event(kind="return_don", player=p, data={"count": n - left}))
    return state


def _move(
    state: GameState,
    p: int,
    src: str,
    iids,
    dst: str,
    ev: list[Event],
    kind: str,
    private: bool = False,
    top: bool = False,
) -> GameState:
    for iid in iids:
        state, card = take(state, p, src, iid)
        ev.append(
            Event(kind=kind, player=p, data={"iid": iid, "card": card.card}, private=("iid", "card") if private else ())
        )
        state = put(state, p, dst, card, top=top)
    return state


def _draw(state, frame, node, ev) -> Result:
    if node.up_to and node.n > 0:
        yes, prompt = effect_primitives.ask(frame, frame.controller, f"draw {node.n} card(s)?")
        if prompt is not None or not yes:
            return state, frame, prompt
    return draw(state, frame.controller, node.n, ev), frame, None


def _add_don(state, frame, node, ev) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    n = min(node.n, ps.don_deck)
    field = {"don_rested": ps.don_rested + n} if node.state == "rested" else {"don_active": ps.don_active + n}
    ev.append(Event(kind="add_don", player=p, data={"count": n, "state": node.state}))
    return set_ps(state, p, don_deck=ps.don_deck - n, **field), frame, None


def _set_don_active(state, frame, node, ev) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    n = min(node.n, ps.don_rested)
    return set_ps(state, p, don_rested=ps.don_rested - n, don_active=ps.don_active + n), frame, None


def _rest_opponent_don(state, frame, node, ev) -> Result:
    q = 1 - frame.controller
    ps = state.players[q]
    n = min(node.n, ps.don_active)
    return set_ps(state, q, don_active=ps.don_active - n, don_rested=ps.don_rested + n), frame, None


def _opponent_return_don(state, frame, node, ev) -> Result:
    return return_don(state, 1 - frame.controller, node.n, ev), frame, None


def _playable(state: GameState, card: CardInstance) -> bool:
    """Effects play Characters and Stages; a full Character area is made room in (3-7-6-1)."""
    return state.cards[card.card].category in ("Character", "Stage")


def _waiting_card(state: GameState, p: int, iid: int) -> tuple[str | None, CardInstance | None]:
    """(zone, card) of a card an effect is about to play: hand, trash, deck, or the revealed
    [Trigger] card (zone None, 10-1-5-3)."""
    b = state.battle
    if b is not None and b.revealed is not None and b.revealed.iid == iid:
        return None, b.revealed
    where = locate(state, iid)
    if where is None or where[0] != p or where[1] not in ("hand", "trash", "deck"):
        return None, None
    return where[1], find_in(getattr(state.players[p], where[1]), iid)


def _hold(frame, picked: tuple[int, ...]):
    return frame.model_copy(update={"held": picked, "picked": (), "chosen": False})


def _play_held(state: GameState, frame, rested: bool, ev: list[Event]) -> Result:
    """Play the held cards. Before a Character enters a full Character area the player trashes
    one of theirs (3-7-6-1; rule processing, not a K.O., 3-7-6-1-1): asked once per step, so a
    second Character that finds the area full again is not played."""
    p = frame.controller
    chars = state.players[p].characters
    needs_room = len(chars) >= MAX_CHARACTERS and any(
        (c := _waiting_card(state, p, iid)[1]) is not None and state.cards[c.card].category == "Character"
        for iid in frame.held
    )
    if needs_room:
        picked, prompt = effect_primitives.choose(
            frame, p, [c.iid for c in chars], 1, False, "trash 1 of your Characters to make room"
        )
        if prompt is not None:
            return state, frame, prompt
        assert picked is not None, "without a question the card is picked"
        state = trash_from_field(state, p, picked[0], ev)
    for iid in frame.held:
        zone, card = _waiting_card(state, p, iid)
        if card is None or (
            state.cards[card.card].category == "Character" and len(state.players[p].characters) >= MAX_CHARACTERS
        ):
            continue
        if zone is None:
            assert state.battle is not None, "a card waiting outside a zone is the revealed Life card"
            state = state.model_copy(update={"battle": state.battle.model_copy(update={"revealed": None})})
        else:
            state, card = take(state, p, zone, iid)
        state = effect_primitives.enter_field(state, p, card, ev, rested=rested)
    return state, frame, None


def _look_top(state, frame, node, ev) -> Result:
    """Look at the top N (11-3) and reveal up to ``take`` matches (11-2-1) to add to hand or to
    play; the rest go where told. The cards stay in the deck while the player chooses (11-3-2)."""
    p = frame.controller
    if not frame.held and not frame.chosen:
        top = state.players[p].deck[: node.n]
        frame = frame.model_copy(update={"looked": tuple(c.iid for c in top)})
        pool = [
            c.iid
            for c in top
            if matches(state, p, c, node.filter, on_field=False) and (node.to == "hand" or _playable(state, c))
        ]
        picked, prompt = effect_primitives.choose(
            frame, p, pool, node.take, True, "add to hand" if node.to == "hand" else "play"
        )
        if prompt is not None:
            return state, frame, prompt
        assert picked is not None, "without a question the cards are picked"
        frame = _hold(frame, picked)
    elif not frame.held:
        frame = _hold(frame, frame.picked)
    if node.to == "play":
        state, frame, prompt = _play_held(state, frame, node.rested, ev)
        if prompt is not None:
            return state, frame, prompt
    else:
        state = _move(state, p, "deck", frame.held, "hand", ev, "reveal_to_hand")
    ev.append(Event(kind="look_top", player=p, data={"count": len(frame.looked)}))
    rest = [i for i in frame.looked if locate(state, i) == (p, "deck")]
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


def _discard(player_of: Callable):
    """Trash N cards from a player's hand: they choose which (10-2-14)."""

    def run(state, frame, node, ev) -> Result:
        p = player_of(frame)
        pool = [c.iid for c in state.players[p].hand]
        up_to = getattr(node, "up_to", False)
        picked, prompt = effect_primitives.choose(frame, p, pool, node.n, up_to, "trash from hand")
        if prompt is not None:
            return state, frame, prompt
        return _move(state, p, "hand", picked, "trash", ev, "discard", top=True), frame, None

    return run


def _hand_to_deck(state, frame, node, ev) -> Result:
    """A player places N cards of their choice from hand at the top or bottom of their deck."""
    p = frame.controller if node.whose == "you" else 1 - frame.controller
    picked, prompt = effect_primitives.choose(
        frame,
        p,
        [c.iid for c in state.players[p].hand],
        node.n,
        False,
        "place at the deck " + ("top" if node.position == "top" else "bottom"),
    )
    if prompt is not None:
        return state, frame, prompt
    return (
        _move(state, p, "hand", picked, "deck", ev, "hand_to_deck", private=True, top=node.position == "top"),
        frame,
        None,
    )


def _play_from(state, frame, node, ev) -> Result:
    """Play matching cards from hand and/or trash without paying their cost."""
    p = frame.controller
    if not frame.held:
        zones = ("hand", "trash") if node.zone == "hand_or_trash" else (node.zone,)
        pool = [
            c.iid
            for z in zones
            for c in getattr(state.players[p], z)
            if matches(state, p, c, node.filter, on_field=False) and _playable(state, c)
        ]
        picked, prompt = effect_primitives.choose(frame, p, pool, node.count, True, "play")
        if prompt is not None or not picked:
            return state, frame, prompt
        frame = _hold(frame, picked)
    return _play_held(state, frame, node.rested, ev)


def _add_life(state, frame, node, ev) -> Result:
    p = frame.controller
    if node.source == "hand":
        picked, prompt = effect_primitives.choose(
            frame, p, [c.iid for c in state.players[p].hand], node.n, True, "add to Life"
        )
        if prompt is not None:
            return state, frame, prompt
        return _move(state, p, "hand", picked, "life", ev, "add_life", True, True), frame, None
    for card in state.players[p].deck[: node.n]:  # face down: nobody sees it (3-10-2)
        state, card = take(state, p, "deck", card.iid)
        state = put(state, p, "life", card)
    ev.append(Event(kind="add_life", player=p, data={"from": "deck"}))
    return state, frame, None


def _life_to_hand(state, frame, node, ev) -> Result:
    p = frame.controller if node.whose == "you" else 1 - frame.controller
    top = tuple(c.iid for c in state.players[p].life[: node.n])
    return _move(state, p, "life", top, "hand", ev, "life_to_hand", True), frame, None


def _trash_life(state, frame, node, ev) -> Result:
    p = frame.controller if node.whose == "you" else 1 - frame.controller
    top = tuple(c.iid for c in state.players[p].life[: node.n])
    return _move(state, p, "life", top, "trash", ev, "life_trashed", top=True), frame, None


def _trash_from_deck(state, frame, node, ev) -> Result:
    p = frame.controller
    top = tuple(c.iid for c in state.players[p].deck[: node.n])
    return _move(state, p, "deck", top, "trash", ev, "mill", top=True), frame, None


def _add_from_trash(state, frame, node, ev) -> Result:
    p = frame.controller
    pool = [c.iid for c in state.players[p].trash if matches(state, p, c, node.filter, on_field=False)]
    picked, prompt = effect_primitives.choose(frame, p, pool, node.count, True, "add from trash")
    if prompt is not None:
        return state, frame, prompt
    return _move(state, p, "trash", picked, "hand", ev, "trash_to_hand"), frame, None


def _play_this(state, frame, node, ev) -> Result:
    if not frame.held:
        zone, card = _waiting_card(state, frame.controller, frame.source)
        if card is None or zone == "deck" or not _playable(state, card):
            return state, frame, None
        frame = _hold(frame, (frame.source,))
    return _play_held(state, frame, False, ev)


def _add_this_to_hand(state, frame, node, ev) -> Result:
    zone, card = _waiting_card(state, frame.controller, frame.source)
    if card is None or zone not in (None, "trash"):
        return state, frame, None
    if zone is None:
        state = state.model_copy(update={"battle": state.battle.model_copy(update={"revealed": None})})
    else:
        state, card = take(state, frame.controller, zone, card.iid)
    ev.append(Event(kind="to_hand", player=frame.controller, data={"iid": card.iid, "card": card.card}))
    return put(state, frame.controller, "hand", card, top=False), frame, None


ZONE_ACTIONS: dict[str, Callable[..., Result]] = {
    "draw": _draw,
    "add_don": _add_don,
    "set_don_active": _set_don_active,
    "rest_opponent_don": _rest_opponent_don,
    "opponent_return_don": _opponent_return_don,
    "look_top": _look_top,
    "trash_from_hand": _discard(lambda f: f.controller),
    "opponent_discard": _discard(lambda f: 1 - f.controller),
    "hand_to_deck": _hand_to_deck,
    "play_from": _play_from,
    "add_life": _add_life,
    "life_to_hand": _life_to_hand,
    "trash_life": _trash_life,
    "trash_from_deck": _trash_from_deck,
    "add_from_trash": _add_from_trash,
    "play_this_card": _play_this,
    "add_this_to_hand": _add_this_to_hand,
}
