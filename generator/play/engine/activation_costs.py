"""Activation costs (8-3-1): paying one of an effect's costs (whether all of them can be paid is
``payable``).

Costs are all-or-nothing (8-3-1-3), so ``payable.payable`` looks at every cost before the first is
paid; choices inside a cost (which card to trash, rest or return) are exact, never "up to"; which DON!!
go back for DON!! -X and which end of the Life cards a card comes from are asked as the effect's
other choices (``don_moves``, ``life_moves``).
"""

from __future__ import annotations

from generator.play.effects.model import (
    Cost,
    LifeToHandCost,
    PlaceFromTrash,
    RestCards,
    RestDon,
    RestSelf,
    ReturnCardsToHand,
    ReturnDon,
    ReturnSelf,
    RevealFromHand,
    TrashCards,
    TrashFromDeckCost,
    TrashFromHandCost,
    TrashLifeCost,
    TrashSelf,
)
from generator.play.engine import effect_primitives, extra_costs
from generator.play.engine.don_moves import return_don
from generator.play.engine.handler import Handler, Result, entry
from generator.play.engine.life_moves import take_life
from generator.play.engine.payable import PickedCost, card_count, card_pool
from generator.play.engine.state import Event, Frame, GameState
from generator.play.engine.zones import (
    field_card_of,
    leave_field,
    put,
    replace_on_field,
    set_ps,
    take,
    trash_from_field,
)


def pay(state: GameState, frame: Frame, cost: Cost, ev: list[Event]) -> Result:
    """Pay one cost (the caller checked ``payable.payable`` for all of them first): the handler of
    its kind, here or in ``extra_costs``."""
    return _PAY[cost.kind](state, frame, cost, ev)


def _rest_don(state: GameState, frame: Frame, cost: RestDon, ev: list[Event]) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    return set_ps(state, p, don_active=ps.don_active - cost.n, don_rested=ps.don_rested + cost.n), frame, None


def _return_don(state: GameState, frame: Frame, cost: ReturnDon, ev: list[Event]) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    if cost.or_more:  # "1 or more": after N, the player may go on returning any they have
        return return_don(state, frame, p, ps.don_total() - ps.don_deck + len(frame.held), ev, at_least=cost.n)
    return return_don(state, frame, p, cost.n, ev)


def _rest_self(state: GameState, frame: Frame, cost: RestSelf, ev: list[Event]) -> Result:
    p = frame.controller
    card = field_card_of(state, p, frame.source)
    ev.append(Event(kind="rest", player=p, data={"targets": [card.iid]}))
    return replace_on_field(state, p, card.model_copy(update={"rested": True})), frame, None


def _trash_self(state: GameState, frame: Frame, cost: TrashSelf, ev: list[Event]) -> Result:
    return trash_from_field(state, frame.controller, frame.source, ev), frame, None


def _return_self(state: GameState, frame: Frame, cost: ReturnSelf, ev: list[Event]) -> Result:
    p = frame.controller
    state, card = leave_field(state, p, frame.source)
    ev.append(
        Event(
            kind="return_to_hand" if cost.to == "hand" else "return_to_deck",
            player=p,
            data={"iid": card.iid, "card": card.card},
        )
    )
    return put(state, p, "hand" if cost.to == "hand" else "deck", card, top=False), frame, None


def _life(state: GameState, frame: Frame, cost: LifeToHandCost | TrashLifeCost, ev: list[Event]) -> Result:
    dst = "hand" if cost.kind == "life_to_hand" else "trash"
    return take_life(state, frame, frame.controller, cost.n, cost.position, dst, ev, f"life_to_{dst}")


def _trash_from_deck(state: GameState, frame: Frame, cost: TrashFromDeckCost, ev: list[Event]) -> Result:
    p = frame.controller
    for card in state.players[p].deck[: cost.n]:
        state, card = take(state, p, "deck", card.iid)
        ev.append(Event(kind="deck_to_trash", player=p, data={"iid": card.iid, "card": card.card}))
        state = put(state, p, "trash", card)
    return state, frame, None


def _picked(state: GameState, frame: Frame, cost: PickedCost, ev: list[Event]) -> Result:
    """The costs paid with exact cards the player picks: from hand, from the trash, or their own
    cards on the field the target names."""
    p = frame.controller
    picked, prompt = effect_primitives.choose(
        frame, p, card_pool(state, frame, cost), card_count(cost), False, cost.kind.replace("_", " ")
    )
    if prompt is not None:
        return state, frame, prompt
    assert picked is not None, "without a question the cards are picked"
    for iid in picked:
        state = _pay_one(state, p, cost.kind, iid, ev)
    return state, frame, None


def _pay_one(state: GameState, p: int, kind: str, iid: int, ev: list[Event]) -> GameState:
    if kind == "reveal_from_hand":
        card = next(c for c in state.players[p].hand if c.iid == iid)
        ev.append(Event(kind="reveal", player=p, data={"iid": iid, "card": card.card}))
        return state
    if kind in ("trash_from_hand", "place_from_trash"):
        src, dst = ("hand", "trash") if kind == "trash_from_hand" else ("trash", "deck")
        state, card = take(state, p, src, iid)
        ev.append(
            Event(kind="discard" if src == "hand" else "trash_to_deck", player=p, data={"iid": iid, "card": card.card})
        )
        return put(state, p, dst, card, top=dst == "trash")
    if kind == "rest_cards":
        card = field_card_of(state, p, iid)
        ev.append(Event(kind="rest", player=p, data={"targets": [iid]}))
        return replace_on_field(state, p, card.model_copy(update={"rested": True}))
    if kind == "trash_cards":
        return trash_from_field(state, p, iid, ev)
    state, card = leave_field(state, p, iid)
    ev.append(Event(kind="return_to_hand", player=p, data={"iid": iid, "card": card.card}))
    return put(state, p, "hand", card, top=False)


# One handler per cost kind of the model (``payable.CHECKS`` has the matching checks).
_PAY: dict[str, Handler] = {
    **dict(
        [
            entry(RestDon, _rest_don),
            entry(ReturnDon, _return_don),
            entry(TrashFromHandCost, _picked),
            entry(RestSelf, _rest_self),
            entry(TrashSelf, _trash_self),
            entry(RestCards, _picked),
            entry(TrashCards, _picked),
            entry(ReturnCardsToHand, _picked),
            entry(ReturnSelf, _return_self),
            entry(LifeToHandCost, _life),
            entry(TrashLifeCost, _life),
            entry(TrashFromDeckCost, _trash_from_deck),
            entry(PlaceFromTrash, _picked),
            entry(RevealFromHand, _picked),
        ]
    ),
    **extra_costs.PAY,
}
KINDS = frozenset(_PAY)
