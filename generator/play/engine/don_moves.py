"""Effects that move DON!! cards, with the choices the rules give the player who moves them.

DON!! -X and "returns N DON!!" (8-3-1-6, 10-2-10-1): the player selects, one by one, which of
their DON!! on the field go back: rested or active ones of the cost area, or ones given to a
given card (which lowers that card's power). "Give up to N rested DON!!", "add up to N DON!!",
"set up to N DON!! as active" and "rest up to N of your opponent's DON!!" let the player stop
short (4-8-1). Defaults (``choices``): return rested DON!! first, then active ones, then given
ones; give, add, set and rest as many as allowed.
"""

from __future__ import annotations

from typing import NamedTuple

from generator.play.effects.model import AddDon, GiveDon, OpponentReturnDon, RestOpponentDon, SetDonActive
from generator.play.engine import choices
from generator.play.engine.effect_primitives import player_rule
from generator.play.engine.field_actions import pick_targets
from generator.play.engine.handler import Handler, Result, entry
from generator.play.engine.state import Event, Frame, GameState
from generator.play.engine.zones import field_card, replace_on_field, set_ps


class _Source(NamedTuple):
    label: str
    available: int
    given_to: int | None  # iid of the card the DON!! is given to; None for the cost area
    rested: bool = False


def _sources(state: GameState, p: int) -> list[_Source]:
    ps = state.players[p]
    out = []
    if ps.don_rested:
        out.append(_Source("a rested DON!! of your cost area", ps.don_rested, None, rested=True))
    if ps.don_active:
        out.append(_Source("an active DON!! of your cost area", ps.don_active, None))
    for c in (ps.leader, *ps.characters):
        if c.don:
            out.append(_Source(f"a DON!! given to {state.cards[c.card].name} ({c.iid})", c.don, c.iid))
    return out


def _return_one(state: GameState, p: int, src: _Source) -> GameState:
    ps = state.players[p]
    if src.given_to is None:
        zone = "don_rested" if src.rested else "don_active"
        return set_ps(state, p, **{zone: getattr(ps, zone) - 1, "don_deck": ps.don_deck + 1})
    card = field_card(state, p, src.given_to)
    assert card is not None and card.don, "a DON!! source is a card with DON!! given"
    state = replace_on_field(state, p, card.model_copy(update={"don": card.don - 1}))
    return set_ps(state, p, don_deck=state.players[p].don_deck + 1)


def return_don(state: GameState, frame: Frame, p: int, n: int, ev: list[Event], at_least: int | None = None) -> Result:
    """Player ``p`` returns up to ``n`` DON!! from their field to the DON!! deck, choosing each
    one while the choice matters (all must go when ``n`` covers them, 1-3-2). ``frame.held``
    counts the DON!! returned so far. With ``at_least`` ("return 1 or more"), once that many
    are back the player may stop before each further one (stopping is the default)."""
    while len(frame.held) < n:
        sources = _sources(state, p)
        if not sources:
            break
        left = n - len(frame.held)
        pick = 0
        may_stop = at_least is not None and len(frame.held) >= at_least
        # which DON!! goes matters when there is more than one kind and not all of them must go
        which = len(sources) > 1 and (at_least is not None or left < sum(s.available for s in sources))
        if may_stop or which:
            labels = [s.label for s in sources] + (["return no more"] if may_stop else [])
            label = f"DON!! -{at_least or n}{' or more' if at_least else ''}: which DON!! goes back to the DON!! deck?"
            answer, prompt = choices.ask_option(frame, p, labels, label, default=len(sources) if may_stop else 0)
            if prompt is not None:
                return state, frame, prompt
            assert answer is not None, "an answered question has an answer"
            pick, frame = answer, choices.answered(frame)
            if pick == len(sources):
                break
        src = sources[pick]
        state = _return_one(state, p, src)
        frame = frame.model_copy(update={"held": frame.held + (src.given_to or 0,)})
    ev.append(Event(kind="return_don", player=p, data={"count": len(frame.held)}))
    return state, frame, None


def opponent_return_don(state: GameState, frame: Frame, node: OpponentReturnDon, ev: list[Event]) -> Result:
    """ "Your opponent returns N DON!!": the opponent selects which (they are returning them)."""
    return return_don(state, frame, 1 - frame.controller, node.n, ev)


def give_don(state: GameState, frame: Frame, node: GiveDon, ev: list[Event]) -> Result:
    """Give up to N DON!! to each target (6-5-5-1 by an effect): rested ones only when the text
    says so, else rested or active at the player's choice. ``frame.held`` keeps the targets
    still to serve, ``frame.looked`` the current target's iid once per DON!! given to it."""
    p = frame.controller
    if not frame.held:
        picked, prompt = pick_targets(state, frame, node.target, "give DON!!")
        if prompt is not None:
            return state, frame, prompt
        assert picked is not None, "without a question the targets are picked"
        mine = tuple(iid for iid in picked if field_card(state, p, iid) is not None)
        frame = frame.model_copy(update={"held": mine, "picked": (), "chosen": False, "looked": ()})
    while frame.held:
        card, ps = field_card(state, p, frame.held[0]), state.players[p]
        kinds = [("a rested DON!!", True)] if ps.don_rested else []
        if ps.don_active and not node.rested_only:
            kinds.append(("an active DON!!", False))
        if card is None or len(frame.looked) >= node.n or not kinds:
            frame = frame.model_copy(update={"held": frame.held[1:], "looked": ()})
            continue
        name = state.cards[card.card].name
        label = f"give DON!! to {name} ({len(frame.looked)} of up to {node.n} given)"
        answer, prompt = choices.ask_option(frame, p, [k[0] for k in kinds] + ["give no more"], label)
        if prompt is not None:
            return state, frame, prompt
        frame = choices.answered(frame)
        if answer == len(kinds):
            frame = frame.model_copy(update={"held": frame.held[1:], "looked": ()})
            continue
        zone = "don_rested" if kinds[answer or 0][1] else "don_active"
        state = set_ps(state, p, **{zone: getattr(ps, zone) - 1})
        state = replace_on_field(state, p, card.model_copy(update={"don": card.don + 1}))
        ev.append(Event(kind="give_don", player=p, data={"target": card.iid, "count": 1}))
        frame = frame.model_copy(update={"looked": frame.looked + (card.iid,)})
    return state, frame, None


def add_don(state: GameState, frame: Frame, node: AddDon, ev: list[Event]) -> Result:
    """Add up to N DON!! from the DON!! deck, rested or active as the text says (4-8-1)."""
    p, ps = frame.controller, state.players[frame.controller]
    n, prompt = choices.how_many(frame, p, min(node.n, ps.don_deck), f"add DON!! ({node.state})")
    if prompt is not None or n is None:
        return state, frame, prompt
    field = {"don_rested": ps.don_rested + n} if node.state == "rested" else {"don_active": ps.don_active + n}
    ev.append(Event(kind="add_don", player=p, data={"count": n, "state": node.state}))
    return set_ps(state, p, don_deck=ps.don_deck - n, **field), frame, None


def set_don_active(state: GameState, frame: Frame, node: SetDonActive, ev: list[Event]) -> Result:
    p, ps = frame.controller, state.players[frame.controller]
    if state.cards[frame.card].category == "Character" and player_rule(state, p, "no_don_active_by_characters"):
        return state, frame, None  # "you cannot set DON!! cards as active using Character effects"
    n, prompt = choices.how_many(frame, p, min(node.n, ps.don_rested), "set DON!! as active")
    if prompt is not None or n is None:
        return state, frame, prompt
    return set_ps(state, p, don_rested=ps.don_rested - n, don_active=ps.don_active + n), frame, None


def rest_opponent_don(state: GameState, frame: Frame, node: RestOpponentDon, ev: list[Event]) -> Result:
    q = 1 - frame.controller
    ps = state.players[q]
    n, prompt = choices.how_many(frame, frame.controller, min(node.n, ps.don_active), "rest opponent's DON!!")
    if prompt is not None or n is None:
        return state, frame, prompt
    return set_ps(state, q, don_active=ps.don_active - n, don_rested=ps.don_rested + n), frame, None


DON_ACTIONS: dict[str, Handler] = dict(
    [
        entry(AddDon, add_don),
        entry(SetDonActive, set_don_active),
        entry(RestOpponentDon, rest_opponent_don),
        entry(OpponentReturnDon, opponent_return_don),
        entry(GiveDon, give_don),
    ]
)
