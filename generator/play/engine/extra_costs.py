"""Activation costs (8-3-1) added for the wider card pool; ``activation_costs`` hands these kinds
here, one handler per kind (``PAY``). Costs are exact and all-or-nothing (8-3-1-3): ``payable``
says whether the whole cost can be paid now (and which cards may pay it), the handler pays it,
asking which cards when there is a choice.

"Rest N of your cards" offers the active Leader, Characters and Stage by instance id and each
active DON!! card of the cost area as a negative id (-1, -2, ...: DON!! cards are
interchangeable, 3-3-2), so a player may rest DON!! or cards as they like.
"""

from __future__ import annotations

from generator.play.effects.model import (
    GiveDonCost,
    GiveOpponentDonCost,
    HandToDeckCost,
    KOCards,
    LeaderPowerCost,
    PlaceCardsAtBottom,
    RestAny,
    ReturnActiveDon,
    TurnLife,
)
from generator.play.engine import choices, effect_primitives, replacement
from generator.play.engine.handler import Handler, Result, entry
from generator.play.engine.payable import given_pool, own_pool, rest_pool, turnable
from generator.play.engine.state import Event, Frame, GameState
from generator.play.engine.zones import field_card, field_card_of, leave_field, put, replace_on_field, set_ps, take


def _rest_any(state: GameState, frame: Frame, cost: RestAny, ev: list[Event]) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    picked, prompt = effect_primitives.choose(frame, p, rest_pool(state, p), cost.n, False, "rest")
    if prompt is not None:
        return state, frame, prompt
    assert picked is not None
    dons = sum(1 for i in picked if i < 0)
    state = set_ps(state, p, don_active=ps.don_active - dons, don_rested=ps.don_rested + dons)
    for iid in (i for i in picked if i > 0):
        state = replace_on_field(state, p, field_card_of(state, p, iid).model_copy(update={"rested": True}))
    ev.append(Event(kind="rest", player=p, data={"targets": [i for i in picked if i > 0], "don": dons}))
    return state, frame, None


def _leader_power(state: GameState, frame: Frame, cost: LeaderPowerCost, ev: list[Event]) -> Result:
    p = frame.controller
    mod = effect_primitives.duration_mod(state, p, "power", cost.amount, "this_turn")
    leader = state.players[p].leader
    ev.append(Event(kind="effect_power", player=p, data={"targets": [leader.iid], "amount": cost.amount}))
    return replace_on_field(state, p, leader.model_copy(update={"mods": leader.mods + (mod,)})), frame, None


def _give_opponent_don(state: GameState, frame: Frame, cost: GiveOpponentDonCost, ev: list[Event]) -> Result:
    p, q = frame.controller, 1 - frame.controller
    picked, prompt = effect_primitives.choose(
        frame, p, [c.iid for c in state.players[q].characters], 1, False, "give your opponent's DON!! to"
    )
    if prompt is not None:
        return state, frame, prompt
    card = field_card_of(state, q, (picked or (0,))[0])
    opp = state.players[q]
    state = set_ps(state, q, don_rested=opp.don_rested - cost.n)
    ev.append(Event(kind="give_don", player=q, data={"target": card.iid, "count": cost.n, "by": p}))
    return replace_on_field(state, q, card.model_copy(update={"don": card.don + cost.n})), frame, None


def _give_active_don(state: GameState, frame: Frame, cost: GiveDonCost, ev: list[Event]) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    picked, prompt = effect_primitives.choose(frame, p, given_pool(state, frame, cost), 1, False, "give DON!! to")
    if prompt is not None:
        return state, frame, prompt
    card = field_card_of(state, p, (picked or (0,))[0])
    state = set_ps(state, p, don_active=ps.don_active - cost.n)
    ev.append(Event(kind="give_don", player=p, data={"target": card.iid, "count": cost.n}))
    return replace_on_field(state, p, card.model_copy(update={"don": card.don + cost.n})), frame, None


def _return_active_don(state: GameState, frame: Frame, cost: ReturnActiveDon, ev: list[Event]) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    ev.append(Event(kind="return_don", player=p, data={"count": cost.n}))
    return set_ps(state, p, don_active=ps.don_active - cost.n, don_deck=ps.don_deck + cost.n), frame, None


def _own_cards(state: GameState, frame: Frame, cost: PlaceCardsAtBottom | KOCards, ev: list[Event]) -> Result:
    """K.O. your own cards, or place them at the bottom of the deck. A K.O. offers the owner's
    replacement effects first (``replacement``)."""
    p = frame.controller
    pool = [c.iid for c in own_pool(state, frame, cost)]
    picked, prompt = effect_primitives.choose(
        frame, p, pool, cost.target.count or 1, False, cost.kind.replace("_", " ")
    )
    if prompt is not None:
        return state, frame, prompt
    spared: frozenset[int] = frozenset()
    if cost.kind == "ko_cards":
        mine = [(p, iid) for iid in picked or () if field_card(state, p, iid) is not None]
        state, spared, asked = replacement.before(state, mine, "ko", p, frame.card)
        if asked:
            return state, frame, replacement.OFFERED
    for iid in picked or ():
        if field_card(state, p, iid) is not None and iid not in spared:
            state = _own_card_goes(state, p, iid, cost.kind == "ko_cards", ev)
    return state, frame, None


def _own_card_goes(state: GameState, p: int, iid: int, ko: bool, ev: list[Event]) -> GameState:
    """One card paid by ``_own_cards``: K.O.'d, or placed at the bottom of its owner's deck."""
    if ko:
        return effect_primitives.ko(state, p, iid, ev)
    state, card = leave_field(state, p, iid)
    ev.append(Event(kind="return_to_deck", player=p, data={"iid": iid, "card": card.card, "position": "bottom"}))
    return put(state, p, "deck", card, top=False)


def _hand_to_deck(state: GameState, frame: Frame, cost: HandToDeckCost, ev: list[Event]) -> Result:
    p = frame.controller
    picked, prompt = effect_primitives.choose(
        frame, p, [c.iid for c in state.players[p].hand], cost.n, False, f"place at the {cost.position} of your deck"
    )
    if prompt is not None:
        return state, frame, prompt
    for iid in picked or ():
        state, card = take(state, p, "hand", iid)
        ev.append(Event(kind="hand_to_deck", player=p, data={"iid": iid, "card": card.card}, private=("iid", "card")))
        state = put(state, p, "deck", card, top=cost.position == "top")
    return state, frame, None


def _turn_life(state: GameState, frame: Frame, cost: TurnLife, ev: list[Event]) -> Result:
    """Turn Life cards face-up (open to both players, 3-10-2-1) or face-down."""
    p = frame.controller
    life = state.players[p].life
    if cost.n > 1 or cost.position == "top" or len(life) < 2:
        chosen = list(range(min(cost.n, len(life))))
    else:
        ends = turnable(state, p, cost)
        at_top = ends[0].iid == life[0].iid
        if len(ends) > 1:
            answer, prompt = choices.top_or_bottom(frame, p, "turn the top or the bottom Life card?", True)
            if prompt is not None:
                return state, frame, prompt
            at_top = bool(answer)
        chosen = [0 if at_top else len(life) - 1]
    cards = list(life)
    for i in chosen:
        cards[i] = cards[i].model_copy(update={"face_up": cost.face_up})
        data = {"iid": cards[i].iid, "face_up": cost.face_up} | ({"card": cards[i].card} if cost.face_up else {})
        ev.append(Event(kind="turn_life", player=p, data=data))
    return set_ps(state, p, life=tuple(cards)), frame, None


# One handler per cost kind; ``activation_costs`` hands these kinds here.
PAY: dict[str, Handler] = dict(
    [
        entry(RestAny, _rest_any),
        entry(TurnLife, _turn_life),
        entry(LeaderPowerCost, _leader_power),
        entry(ReturnActiveDon, _return_active_don),
        entry(PlaceCardsAtBottom, _own_cards),
        entry(KOCards, _own_cards),
        entry(HandToDeckCost, _hand_to_deck),
        entry(GiveOpponentDonCost, _give_opponent_don),
        entry(GiveDonCost, _give_active_don),
    ]
)
