"""Effects and costs that move Life cards (3-10), with the choices the rules give the player.

"Up to N" Life cards added or trashed is a number the player picks (4-8-1); "the top or bottom of
your Life cards" is their pick for each card (3-10-2 says the top unless the text says
otherwise). A card added "face-up" stays face up in the Life area, where it is open to both
players (3-10-2-1), and turns face down again when it leaves (its new area decides). Defaults
(``choices``): as many as allowed, the top.
"""

from __future__ import annotations

from generator.play.effects.model import AddLife, LifeToHand, TrashLife, TrashLifeUntil
from generator.play.engine import choices
from generator.play.engine.effect_primitives import choose, player_rule
from generator.play.engine.handler import Handler, Result, entry
from generator.play.engine.state import CardInstance, Event, Frame, GameState
from generator.play.engine.zones import put, take


def face_down(card: CardInstance) -> CardInstance:
    """A card leaving the Life area: "face up" describes its place in Life only."""
    return card.model_copy(update={"face_up": False}) if card.face_up else card


# The event keys only the owner may see when a Life card goes to hand (3-10-2, 3-4-3). Kept for
# a face-up card too: both players saw it in Life (3-10-2-1), but the log names hand cards only to
# their owner, and the view already showed it while it was open.
HAND_MOVE_PRIVATE = ("iid", "card")


def take_life(
    state: GameState,
    frame: Frame,
    p: int,
    n: int,
    position: str,
    dst: str,
    ev: list[Event],
    kind: str,
    chooser: int | None = None,
) -> Result:
    """Move ``n`` of p's Life cards one by one to hand or trash, from the top, or from the top or
    bottom as ``chooser`` (default p) says for each. ``frame.held`` lists the cards moved."""
    who = p if chooser is None else chooser
    while len(frame.held) < n and state.players[p].life:
        top = True
        if position == "top_or_bottom" and len(state.players[p].life) > 1:
            answer, prompt = choices.top_or_bottom(
                frame, who, f"take a Life card ({len(frame.held) + 1} of {n}) from the top or bottom?", True
            )
            if prompt is not None:
                return state, frame, prompt
            top, frame = bool(answer), choices.answered(frame)
        life = state.players[p].life
        card = life[0] if top else life[-1]
        state, card = take(state, p, "life", card.iid)
        private = HAND_MOVE_PRIVATE if dst == "hand" else ()
        ev.append(Event(kind=kind, player=p, data={"iid": card.iid, "card": card.card}, private=private))
        state = put(state, p, dst, face_down(card), top=dst == "trash")
        frame = frame.model_copy(update={"held": frame.held + (card.iid,)})
    return state, frame, None


def add_life(state: GameState, frame: Frame, node: AddLife, ev: list[Event]) -> Result:
    """Cards from hand (the player picks them) or from the top of the deck (face down unless the
    text says face up) go to the top of the Life area."""
    p = frame.controller
    if node.source == "hand":
        picked, prompt = choose(frame, p, [c.iid for c in state.players[p].hand], node.n, True, "add to Life")
        if prompt is not None:
            return state, frame, prompt
        for iid in picked or ():
            state, card = take(state, p, "hand", iid)
            ev.append(Event(kind="add_life", player=p, data={"iid": iid, "card": card.card}, private=("iid", "card")))
            state = put(state, p, "life", card)
        return state, frame, None
    most = min(node.n, len(state.players[p].deck))
    n = most
    if node.up_to:
        answer, prompt = choices.how_many(frame, p, most, "add cards from your deck to your Life")
        if prompt is not None:
            return state, frame, prompt
        n = answer or 0
    added = []
    for card in state.players[p].deck[:n]:  # face down, nobody sees it (3-10-2), unless face up
        state, card = take(state, p, "deck", card.iid)
        state = put(state, p, "life", card.model_copy(update={"face_up": node.face_up}))
        added.append(card.card)
    data = {"from": "deck", "count": n, "face_up": node.face_up} | ({"cards": added} if node.face_up else {})
    ev.append(Event(kind="add_life", player=p, data=data))
    return state, frame, None


def no_life_to_hand(state: GameState, p: int) -> bool:
    """ "You cannot add Life cards to your hand using your own effects" holds for player p."""
    return player_rule(state, p, "no_life_to_hand")


def life_to_hand(state: GameState, frame: Frame, node: LifeToHand, ev: list[Event]) -> Result:
    p = frame.controller if node.whose == "you" else 1 - frame.controller
    if p == frame.controller and no_life_to_hand(state, p):
        return state, frame, None
    return take_life(state, frame, p, node.n, node.position, "hand", ev, "life_to_hand", chooser=frame.controller)


def trash_life(state: GameState, frame: Frame, node: TrashLife, ev: list[Event]) -> Result:
    p = frame.controller if node.whose == "you" else 1 - frame.controller
    n = min(node.n, len(state.players[p].life))
    if node.up_to and not frame.held:
        answer, prompt = choices.how_many(frame, frame.controller, n, "trash Life cards")
        if prompt is not None:
            return state, frame, prompt
        n = answer or 0
        if not n:
            return state, frame, None
        frame = choices.answered(frame)
    return take_life(state, frame, p, n, "top", "trash", ev, "life_trashed")


def trash_life_until(state: GameState, frame: Frame, node: TrashLifeUntil, ev: list[Event]) -> Result:
    """ "Trash cards from the top of your Life cards until you have N": none when N or fewer."""
    n = max(0, len(state.players[frame.controller].life) - node.left)
    return take_life(state, frame, frame.controller, n, "top", "trash", ev, "life_trashed")


LIFE_ACTIONS: dict[str, Handler] = dict(
    [
        entry(AddLife, add_life),
        entry(LifeToHand, life_to_hand),
        entry(TrashLife, trash_life),
        entry(TrashLifeUntil, trash_life_until),
    ]
)
