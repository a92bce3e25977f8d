"""Activation costs (8-3-1): whether all of an effect's costs can be paid, and paying one of them.

Costs are all-or-nothing (8-3-1-3), so ``payable`` looks at every cost before the first is paid;
choices inside a cost (which card to trash or rest) are exact, never "up to".
"""

from __future__ import annotations

from generator.play import fx
from generator.play.effects.model import Effect
from generator.play.handlers import Result, source_card
from generator.play.state import CardInstance, Event, Frame, GameState
from generator.play.stats import matches, target_pool
from generator.play.zones import field_card, put, replace_on_field, set_ps, take, trash_from_field


def payable(state: GameState, frame: Frame, eff: Effect) -> bool:
    return all(_payable(state, frame, c) for c in eff.costs)


def _own_pool(state: GameState, frame: Frame, cost) -> list[CardInstance]:
    src = source_card(state, frame)
    pool = [c for o, c in target_pool(state, frame.controller, src, cost.target)
            if o == frame.controller]
    if cost.kind == "rest_cards":
        return [c for c in pool if not c.rested]
    return [c for c in pool if c.iid != state.players[frame.controller].leader.iid]


def _payable(state: GameState, frame: Frame, cost) -> bool:
    ps = state.players[frame.controller]
    kind = cost.kind
    if kind == "rest_don":
        return ps.don_active >= cost.n
    if kind == "return_don":
        return ps.don_total() - ps.don_deck >= cost.n
    if kind == "trash_from_hand":
        return sum(1 for c in ps.hand
                   if matches(state, frame.controller, c, cost.filter, False)) >= cost.n
    if kind in ("rest_self", "trash_self"):
        card = field_card(state, frame.controller, frame.source)
        if card is None:
            return False
        return not card.rested if kind == "rest_self" else card.iid != ps.leader.iid
    if kind in ("rest_cards", "trash_cards"):
        return len(_own_pool(state, frame, cost)) >= (cost.target.count or 1)
    return len(ps.life) >= cost.n                   # life_to_hand


def pay(state: GameState, frame: Frame, cost, ev: list[Event]) -> Result:
    p = frame.controller
    ps = state.players[p]
    kind = cost.kind
    if kind == "rest_don":
        return set_ps(state, p, don_active=ps.don_active - cost.n,
                      don_rested=ps.don_rested + cost.n), frame, None
    if kind == "return_don":
        return _return_don(state, p, cost.n, ev), frame, None
    if kind == "rest_self":
        card = field_card(state, p, frame.source)
        return replace_on_field(state, p, card.model_copy(update={"rested": True})), frame, None
    if kind == "trash_self":
        return trash_from_field(state, p, frame.source, ev), frame, None
    if kind == "life_to_hand":
        for card in ps.life[:cost.n]:
            state, card = take(state, p, "life", card.iid)
            ev.append(Event(kind="life_to_hand", player=p, data={"iid": card.iid, "card": card.card},
                            private=("iid", "card")))
            state = put(state, p, "hand", card, top=False)
        return state, frame, None
    if kind == "trash_from_hand":
        pool = [c.iid for c in ps.hand if matches(state, p, c, cost.filter, False)]
        n = cost.n
    else:
        pool = [c.iid for c in _own_pool(state, frame, cost)]
        n = cost.target.count or 1
    picked, prompt = fx.choose(frame, p, pool, n, False, kind.replace("_", " "))
    if prompt is not None:
        return state, frame, prompt
    for iid in picked:
        if kind == "trash_from_hand":
            state, card = take(state, p, "hand", iid)
            ev.append(Event(kind="discard", player=p, data={"iid": iid, "card": card.card}))
            state = put(state, p, "trash", card)
        elif kind == "rest_cards":
            card = field_card(state, p, iid)
            state = replace_on_field(state, p, card.model_copy(update={"rested": True}))
        else:
            state = trash_from_field(state, p, iid, ev)
    return state, frame, None


def _return_don(state: GameState, p: int, n: int, ev: list[Event]) -> GameState:
    """DON!! -X (8-3-1-6): rested cost-area DON!! first, then active, then given ones."""
    ps = state.players[p]
    rested = min(n, ps.don_rested)
    active = min(n - rested, ps.don_active)
    left = n - rested - active
    state = set_ps(state, p, don_rested=ps.don_rested - rested, don_active=ps.don_active - active,
                   don_deck=ps.don_deck + n - left)
    for card in (*state.players[p].characters, state.players[p].leader):
        if left <= 0:
            break
        k = min(left, card.don)
        if k:
            left -= k
            state = replace_on_field(state, p, card.model_copy(update={"don": card.don - k}))
            state = set_ps(state, p, don_deck=state.players[p].don_deck + k)
    ev.append(Event(kind="return_don", player=p, data={"count": n}))
    return state
