"""Effects that move a whole hand, or the opponent's trash, back into a deck: "Return all cards in
your hand to your deck and shuffle your deck. Then, draw cards equal to the number you returned"
(the returned cards are the frame's ``memo``, which the draw counts) and "Place up to 1 card from
your opponent's trash at the bottom of the owner's deck" (the effect's controller picks; the trash
is open to both players, 3-9-2); drawing up to, and trashing down to, a number of cards in hand."""

from __future__ import annotations

from generator.play.effects.model import DrawUntil, HandIntoDeck, TrashHandUntil, TrashToDeck
from generator.play.engine import effect_primitives, rng
from generator.play.engine.handler import Handler, Result, entry
from generator.play.engine.state import Event, Frame, GameState
from generator.play.engine.zones import draw, put, set_ps, take


def hand_into_deck(state: GameState, frame: Frame, node: HandIntoDeck, ev: list[Event]) -> Result:
    p = frame.controller if node.whose == "you" else 1 - frame.controller
    ps = state.players[p]
    returned = tuple(c.iid for c in ps.hand)
    deck, seed = rng.shuffle(ps.deck + ps.hand, state.rng)
    ev.append(Event(kind="hand_into_deck", player=p, data={"count": len(returned)}))
    state = set_ps(state, p, hand=(), deck=deck).model_copy(update={"rng": seed})
    return state, frame.model_copy(update={"memo": returned}), None


def trash_to_deck(state: GameState, frame: Frame, node: TrashToDeck, ev: list[Event]) -> Result:
    p = frame.controller if node.whose == "you" else 1 - frame.controller
    pool = [c.iid for c in state.players[p].trash]
    picked, prompt = effect_primitives.choose(frame, frame.controller, pool, node.count, True, "place at the bottom")
    if prompt is not None:
        return state, frame, prompt
    for iid in picked or ():
        state, card = take(state, p, "trash", iid)
        ev.append(Event(kind="trash_to_deck", player=p, data={"iid": iid, "card": card.card}))
        state = put(state, p, "deck", card, top=False)
    return state, frame, None


def draw_until(state: GameState, frame: Frame, node: DrawUntil, ev: list[Event]) -> Result:
    """ "Draw cards so that you have N cards in your hand": the cards missing, none when enough."""
    p = frame.controller
    if effect_primitives.player_rule(state, p, "no_effect_draw"):
        return state, frame, None
    return draw(state, p, max(0, node.hand - len(state.players[p].hand)), ev), frame, None


def trash_hand_until(state: GameState, frame: Frame, node: TrashHandUntil, ev: list[Event]) -> Result:
    """Each player named trashes down to ``left`` cards, picking which (you first, then your
    opponent: ``frame.held`` records that your part is done)."""
    players = (frame.controller, 1 - frame.controller) if node.both else (frame.controller,)
    for step, p in enumerate(players):
        if step < len(frame.held):
            continue
        hand = [c.iid for c in state.players[p].hand]
        excess = len(hand) - node.left
        if excess > 0:
            picked, prompt = effect_primitives.choose(frame, p, hand, excess, False, "trash from hand")
            if prompt is not None:
                return state, frame, prompt
            for iid in picked or ():
                state, card = take(state, p, "hand", iid)
                ev.append(Event(kind="discard", player=p, data={"iid": iid, "card": card.card}))  # hand_trashed
                state = put(state, p, "trash", card, top=True)
        frame = frame.model_copy(update={"held": (*frame.held, p), "picked": (), "chosen": False})
    return state, frame, None


HAND_ACTIONS: dict[str, Handler] = dict(
    [
        entry(HandIntoDeck, hand_into_deck),
        entry(TrashToDeck, trash_to_deck),
        entry(DrawUntil, draw_until),
        entry(TrashHandUntil, trash_hand_until),
    ]
)
