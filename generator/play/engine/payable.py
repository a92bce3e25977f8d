"""Whether an effect's activation costs can all be paid now (8-3-1-3), and the cards a cost may be
paid with.

Costs are all-or-nothing, so ``payable`` looks at every cost before the first is paid. It lives
apart from the paying (``activation_costs``, ``extra_costs``) because both sides of the engine ask
it: the interpreter and the legal actions before an effect starts, and ``replacement`` before it
offers a replacement effect (8-1-3-4-5), while paying a cost may K.O. a card and so calls
``replacement`` itself. With ``payable`` below both, every import sits at the top of its module.

"Rest N of your cards" offers the active Leader, Characters and Stage by instance id and each
active DON!! card of the cost area as a negative id (-1, -2, ...: DON!! cards are interchangeable,
3-3-2). Turning a Life card face-up needs a face-down card in the place the text names (1-3-2-1: a
card already face-up cannot be turned face-up again).
"""

from __future__ import annotations

from collections.abc import Callable

from generator.play.effects.model import (
    Cost,
    Effect,
    GiveDonCost,
    GiveOpponentDonCost,
    HandToDeckCost,
    KOCards,
    LeaderPowerCost,
    LifeToHandCost,
    PlaceCardsAtBottom,
    PlaceFromTrash,
    RestAny,
    RestCards,
    RestDon,
    RestSelf,
    ReturnActiveDon,
    ReturnCardsToHand,
    ReturnDon,
    ReturnSelf,
    RevealFromHand,
    TrashCards,
    TrashFromDeckCost,
    TrashFromHandCost,
    TrashLifeCost,
    TrashSelf,
    TurnLife,
)
from generator.play.engine.handler import source_card
from generator.play.engine.life_moves import no_life_to_hand
from generator.play.engine.state import CardInstance, Frame, GameState
from generator.play.engine.stats import matches, target_pool
from generator.play.engine.zones import field_card

# The costs paid by picking exact cards of one's own (8-3-1-3: never "up to"): from hand, from the
# trash, or from the field by a target.
FieldCost = RestCards | TrashCards | ReturnCardsToHand
PickedCost = TrashFromHandCost | RevealFromHand | PlaceFromTrash | FieldCost


def payable(state: GameState, frame: Frame, eff: Effect) -> bool:
    return all(cost_payable(state, frame, c) for c in eff.costs)


def cost_payable(state: GameState, frame: Frame, cost: Cost) -> bool:
    """Can this one cost be paid now? Every cost kind of the model has a check in ``CHECKS``."""
    return CHECKS[cost.kind](state, frame, cost)


def field_pool(state: GameState, frame: Frame, cost: FieldCost) -> list[CardInstance]:
    """The controller's cards the target names that can pay: active ones to rest, and never the
    Leader for a cost that takes a card off the field."""
    src = source_card(state, frame)
    pool = [c for o, c in target_pool(state, frame.controller, src, cost.target) if o == frame.controller]
    if isinstance(cost, RestCards):
        return [c for c in pool if not c.rested]
    return [c for c in pool if c.iid != state.players[frame.controller].leader.iid]


def card_pool(state: GameState, frame: Frame, cost: PickedCost) -> list[int]:
    """The instance ids a picked cost may be paid with."""
    p, ps = frame.controller, state.players[frame.controller]
    if isinstance(cost, (TrashFromHandCost, RevealFromHand)):
        return [c.iid for c in ps.hand if matches(state, p, c, cost.filter, False)]
    if isinstance(cost, PlaceFromTrash):
        return [c.iid for c in ps.trash if matches(state, p, c, cost.filter, False)]
    return [c.iid for c in field_pool(state, frame, cost)]


def card_count(cost: PickedCost) -> int:
    """How many cards a picked cost takes: the target's count on the field (1 when it says none)."""
    if isinstance(cost, (RestCards, TrashCards, ReturnCardsToHand)):
        return cost.target.count or 1
    return cost.n


def rest_pool(state: GameState, p: int) -> list[int]:
    """What "rest N of your cards" may rest: active field cards, then cost-area DON!! as -1, -2..."""
    ps = state.players[p]
    cards = [c.iid for c in ps.field() if not c.rested]
    return cards + [-(i + 1) for i in range(ps.don_active)]


def own_pool(state: GameState, frame: Frame, cost: PlaceCardsAtBottom | KOCards) -> list[CardInstance]:
    """The controller's own cards other than the Leader that the cost's target names."""
    src = source_card(state, frame)
    leader = state.players[frame.controller].leader.iid
    pool = target_pool(state, frame.controller, src, cost.target)
    return [c for o, c in pool if o == frame.controller and c.iid != leader]


def given_pool(state: GameState, frame: Frame, cost: GiveDonCost) -> list[int]:
    """Your Leader and Characters the text names, any of which may be given the DON!!."""
    src = source_card(state, frame)
    return [c.iid for o, c in target_pool(state, frame.controller, src, cost.target) if o == frame.controller]


def turnable(state: GameState, p: int, cost: TurnLife) -> list[CardInstance]:
    """The Life cards at the ends the text names that are not already the way it turns them."""
    life = state.players[p].life
    ends = life[:1] + (life[-1:] if cost.position == "top_or_bottom" and len(life) > 1 else ())
    return [c for c in ends if c.face_up != cost.face_up]


def _rest_don(state: GameState, frame: Frame, cost: RestDon) -> bool:
    return state.players[frame.controller].don_active >= cost.n


def _return_don(state: GameState, frame: Frame, cost: ReturnDon) -> bool:
    ps = state.players[frame.controller]
    return ps.don_total() - ps.don_deck >= cost.n


def _self_cost(state: GameState, frame: Frame, cost: RestSelf | TrashSelf | ReturnSelf) -> bool:
    """The card itself pays: it must be on the field, active to be rested, not the Leader to leave."""
    card = field_card(state, frame.controller, frame.source)
    if card is None:
        return False
    if isinstance(cost, RestSelf):
        return not card.rested
    return card.iid != state.players[frame.controller].leader.iid


def _life_to_hand(state: GameState, frame: Frame, cost: LifeToHandCost) -> bool:
    if no_life_to_hand(state, frame.controller):
        return False  # a cost is paid by your own effect
    return len(state.players[frame.controller].life) >= cost.n


def _trash_life(state: GameState, frame: Frame, cost: TrashLifeCost) -> bool:
    return len(state.players[frame.controller].life) >= cost.n


def _trash_from_deck(state: GameState, frame: Frame, cost: TrashFromDeckCost) -> bool:
    return len(state.players[frame.controller].deck) >= cost.n


def _picked(state: GameState, frame: Frame, cost: PickedCost) -> bool:
    return len(card_pool(state, frame, cost)) >= card_count(cost)


def _rest_any(state: GameState, frame: Frame, cost: RestAny) -> bool:
    return len(rest_pool(state, frame.controller)) >= cost.n


def _turn_life(state: GameState, frame: Frame, cost: TurnLife) -> bool:
    life = state.players[frame.controller].life
    if cost.n > 1:  # the top N, all of them turnable
        return len(life) >= cost.n and all(c.face_up != cost.face_up for c in life[: cost.n])
    return bool(turnable(state, frame.controller, cost))


def _leader_power(state: GameState, frame: Frame, cost: LeaderPowerCost) -> bool:
    return not state.players[frame.controller].leader.rested


def _return_active_don(state: GameState, frame: Frame, cost: ReturnActiveDon) -> bool:
    return state.players[frame.controller].don_active >= cost.n


def _own_cards(state: GameState, frame: Frame, cost: PlaceCardsAtBottom | KOCards) -> bool:
    return len(own_pool(state, frame, cost)) >= (cost.target.count or 1)


def _hand_to_deck(state: GameState, frame: Frame, cost: HandToDeckCost) -> bool:
    return len(state.players[frame.controller].hand) >= cost.n


def _give_active_don(state: GameState, frame: Frame, cost: GiveDonCost) -> bool:
    return state.players[frame.controller].don_active >= cost.n and bool(given_pool(state, frame, cost))


def _give_opponent_don(state: GameState, frame: Frame, cost: GiveOpponentDonCost) -> bool:
    opp = state.players[1 - frame.controller]
    return opp.don_rested >= cost.n and bool(opp.characters)


# One check per cost ``kind``; each takes the cost class of that kind (the table mixes them, so its
# value type leaves the cost's class to each check's signature).
CHECKS: dict[str, Callable[..., bool]] = {
    "rest_don": _rest_don,
    "return_don": _return_don,
    "trash_from_hand": _picked,
    "rest_self": _self_cost,
    "trash_self": _self_cost,
    "return_self": _self_cost,
    "rest_cards": _picked,
    "trash_cards": _picked,
    "return_cards_to_hand": _picked,
    "life_to_hand": _life_to_hand,
    "trash_life": _trash_life,
    "trash_from_deck": _trash_from_deck,
    "place_from_trash": _picked,
    "reveal_from_hand": _picked,
    "rest_any": _rest_any,
    "turn_life": _turn_life,
    "leader_power": _leader_power,
    "return_active_don": _return_active_don,
    "place_cards_at_bottom": _own_cards,
    "ko_cards": _own_cards,
    "hand_to_deck": _hand_to_deck,
    "give_active_don": _give_active_don,
    "give_opponent_don": _give_opponent_don,
}
