"""Replacement effects (8-1-3-4): "If this Character would be K.O.'d, you may trash 1 card from your
hand instead", "If your {Navy} type Character would be removed from the field by your opponent's
effect, you may rest this Character instead".

Where they apply: a K.O. in battle or by an effect (``effect_primitives.ko``), a Character
leaving the field by an effect (returned, placed at the bottom of the deck, trashed:
``field_actions``), and a Character being rested by an effect. Before the event happens, the
owner's live replacement effects that fit it are looked at, the protected card's own first, then
the others in board order (8-1-3-4-2); the first one whose costs can be paid and whose actions can
be done (8-1-3-4-5) is applied and the event does not happen. A replacement applies once to one
event (8-1-3-4-3) and [Once Per Turn] marks it used.

Engine choice, documented: "you may" is answered yes for the owner (a player with such a card
in play uses it) and the choices inside the replacement (which card to trash from hand, which
DON!! to rest...) are the engine's (``auto_resolve``): the replacement happens in the middle of
another effect's step, which cannot stop to ask.
"""

from __future__ import annotations

from generator.play.effects.model import Effect
from generator.play.effects.model_triggers import Cause
from generator.play.engine import auto_resolve
from generator.play.engine.state import CardInstance, Event, Frame, GameState
from generator.play.engine.stats import effect_live, target_pool
from generator.play.engine.zones import field_card, replace_on_field


def cause_fits(state: GameState, cause: Cause, p: int, by: int | None, by_card: str | None) -> bool:
    """Did ``by`` (the controller of the effect that did it; None for a battle or the rules) do
    it the way ``cause`` says, from player ``p``'s side?"""
    if cause == "any":
        return True
    if cause == "battle":
        return by is None
    if by is None:
        return False
    if cause == "effect":
        return True
    if cause == "your_effect":
        return by == p
    if cause == "opponent_effect":
        return by != p
    return by != p and by_card is not None and state.cards[by_card].category == "Character"


def _fits(state: GameState, eff: Effect, owner: int, kind: str, by: int | None, by_card: str | None) -> bool:
    rep = eff.replaces
    assert rep is not None, "a replacement effect says what it replaces"
    cause_ok = cause_fits(state, rep.cause, owner, by, by_card)
    if rep.event == "ko":
        return kind == "ko" and cause_ok
    if rep.event == "removed":
        return kind in ("ko", "removed") and cause_ok
    if rep.event == "ko_or_removed":
        return kind == "ko" or (kind == "removed" and cause_ok)
    return kind == "rested" and cause_ok


def _protects(state: GameState, owner: int, src: CardInstance, eff: Effect, iid: int) -> bool:
    assert eff.replaces is not None
    subject = eff.replaces.subject
    if subject.who == "self_card":
        return src.iid == iid
    return any(c.iid == iid for _, c in target_pool(state, owner, src, subject))


def _doable(state: GameState, frame: Frame, eff: Effect, protected: int) -> bool:
    """8-1-3-4-5: the costs can all be paid and every exact target exists. The protected card
    itself cannot pay for its own rescue."""
    from generator.play.engine.activation_costs import payable  # noqa: PLC0415 (costs import the primitives)

    if not payable(state, frame, eff):
        return False
    src = auto_resolve.source_instance(state, frame.controller, frame.source, frame.card)
    for act in eff.actions:
        target = getattr(act, "target", None)
        if target is None or target.up_to or target.who in ("self_card", "your_leader", "opponent_leader"):
            continue
        pool = [c for _, c in target_pool(state, frame.controller, src, target) if c.iid != protected]
        if len(pool) < (target.count or 0):
            return False
    return True


def replaced(
    state: GameState, owner: int, iid: int, kind: str, by: int | None, by_card: str | None, ev: list[Event]
) -> tuple[GameState, bool]:
    """Apply the first replacement effect of ``owner`` that replaces ``kind`` ("ko", "removed",
    "rested") happening to card ``iid``; (state, True) when one did."""
    ps = state.players[owner]
    field = sorted(ps.field(), key=lambda c: c.iid != iid)  # the card's own replacement first
    for src in field:
        comp = state.compiled[src.card]
        for i, eff in enumerate(comp.effects):
            if eff.timing != "replacement" or (eff.once_per_turn and i in src.once):
                continue
            if not (_fits(state, eff, owner, kind, by, by_card) and _protects(state, owner, src, eff, iid)):
                continue
            frame = Frame(source=src.iid, controller=owner, card=src.card, effect=i, memo=(iid,))
            if not effect_live(state, owner, src, eff) or not _doable(state, frame, eff, iid):
                continue
            ev.append(
                Event(
                    kind="replacement",
                    player=owner,
                    data={"card": src.card, "source": src.iid, "target": iid, "instead_of": kind},
                )
            )
            if eff.once_per_turn:
                state = replace_on_field(state, owner, src.model_copy(update={"once": src.once + (i,)}))
            state = auto_resolve.pay_costs(state, frame, eff.costs, ev)
            state = auto_resolve.run_actions(state, frame, eff.actions, ev)
            return state, True
    return state, False


def still_there(state: GameState, owner: int, iid: int) -> bool:
    return field_card(state, owner, iid) is not None
