"""Replacement effects (8-1-3-4): "If this Character would be K.O.'d, you may trash 1 card from your
hand instead", "If your {Navy} type Character would be removed from the field by your opponent's
effect, you may rest this Character instead".

Where they apply: a K.O. in battle, by an effect or as a cost; a Character leaving the field by
an effect (returned, placed in the deck or in Life, trashed); a Character being rested by an
effect. The step that is about to do one of these calls ``before`` first, with every card it
will do it to. For the first card whose owner has a replacement that fits the event, the offers
are queued ahead of everything (``Offered`` records that they were made) and the step stops,
unchanged, to run again once they are answered; when no card is left to ask about, ``before``
says which cards were spared and the step goes ahead for the rest.

An offer is a question to the card's owner, one per replacement that fits, the protected card's
own first, then the owner's others in board order (8-1-3-4-2: declining one and taking a later
one is choosing the order); "use it" is an answer when it can be carried out, "let it happen"
always (``offer``). The first one taken is applied: [Once Per Turn] is marked, and it
resolves as any effect does, its costs and choices asked of its owner (8-1-3-4-7: its
controller), while the rest of the offers for that event lapse (8-1-3-4-3). The step that waited
then goes on with the rest of its text (8-1-3-4-4-1).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from generator.play.effects.model import Effect
from generator.play.effects.model_triggers import Cause
from generator.play.engine.payable import payable
from generator.play.engine.state import CardInstance, Event, Frame, GameState, Offered, Prompt, Replaceable
from generator.play.engine.stats import effect_live, target_pool
from generator.play.engine.zones import field_card, replace_on_field

# What a step returns as its "prompt" while the offers it queued are answered: the interpreter
# then leaves it as it is, to run again after them (it is never shown to anyone).
OFFERED = Prompt(player=0, kind="yes_no", label="replacement effects offered first")
_HAPPENS = {"ko": "be K.O.'d", "removed": "leave the field", "rested": "be rested"}


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


def _doable(state: GameState, frame: Frame, src: CardInstance, eff: Effect, protected: int) -> bool:
    """8-1-3-4-5: the costs can all be paid and every exact target exists. The protected card
    itself cannot pay for its own rescue."""
    if not payable(state, frame, eff):
        return False
    for act in eff.actions:
        target = getattr(act, "target", None)
        if target is None or target.up_to or target.who in ("self_card", "your_leader", "opponent_leader"):
            continue
        pool = [c for _, c in target_pool(state, frame.controller, src, target) if c.iid != protected]
        if len(pool) < (target.count or 0):
            return False
    return True


def _fitting(state: GameState, frame: Frame) -> tuple[CardInstance, Effect] | None:
    """The offered replacement's card and effect while it is live, unused this turn and its card
    and the protected card are on the field (all open information), else None."""
    src = field_card(state, frame.controller, frame.source)
    if src is None:
        return None
    eff = state.compiled[src.card].effects[frame.effect]
    if eff.once_per_turn and frame.effect in src.once:
        return None
    protected = frame.memo[0]
    if field_card(state, frame.controller, protected) is None or not effect_live(state, frame.controller, src, eff):
        return None
    return src, eff


def _offers(
    state: GameState, owner: int, iid: int, kind: Replaceable, by: int | None, by_card: str | None
) -> Iterator[Frame]:
    field = sorted(state.players[owner].field(), key=lambda c: c.iid != iid)  # the card's own first
    for src in field:
        for i, eff in enumerate(state.compiled[src.card].effects):
            if eff.timing != "replacement" or not _fits(state, eff, owner, kind, by, by_card):
                continue
            frame = Frame(source=src.iid, controller=owner, card=src.card, effect=i, pc=("offer", kind), memo=(iid,))
            if _protects(state, owner, src, eff, iid) and _fitting(state, frame) is not None:
                yield frame


def before(
    state: GameState, cards: Iterable[tuple[int, int]], kind: Replaceable, by: int | None, by_card: str | None
) -> tuple[GameState, frozenset[int], bool]:
    """Before ``kind`` happens to ``cards`` ((owner, iid) pairs), done by player ``by`` with
    ``by_card`` (None: a battle). Returns (state, spared, asked): ``asked`` when offers were
    queued and the step must stop (return ``OFFERED``); otherwise ``spared`` are the cards a
    replacement saved, and their records are dropped."""
    cards = list(cards)
    for owner, iid in cards:
        if any(o.target == iid and o.event == kind for o in state.offered):
            continue
        offers = tuple(_offers(state, owner, iid, kind, by, by_card))
        if offers:
            record = Offered(target=iid, event=kind)
            queued = state.model_copy(update={"offered": state.offered + (record,), "pending": offers + state.pending})
            return queued, frozenset(), True
    mine = {iid for _, iid in cards}
    spared = frozenset(o.target for o in state.offered if o.target in mine and o.event == kind and o.used)
    kept = tuple(o for o in state.offered if not (o.target in mine and o.event == kind))
    return state.model_copy(update={"offered": kept}), spared, False


def offer(state: GameState, ev: list[Event]) -> GameState:
    """The offer at the head of the queue (``pc == ("offer", event)``): ask its owner, apply it
    when they take it (the frame goes on to its costs and actions), drop it when they do not or
    once it no longer fits (another replacement was applied, or a card is gone).

    The question is asked whenever a replacement fits, and "use it" is among its answers only
    when it can be carried out (8-1-3-4-5): whether it can may depend on the owner's hand ("trash
    1 {X} type card from your hand instead"), and a question asked only then would tell the
    other player what the hand holds (3-4-3)."""
    frame, rest = state.pending[0], state.pending[1:]
    kind, protected = str(frame.pc[1]), frame.memo[0]
    record = next((o for o in state.offered if o.target == protected and o.event == kind), None)
    fitting = _fitting(state, frame)
    if record is None or record.used or fitting is None:
        return state.model_copy(update={"pending": rest})
    src, eff = fitting
    doable = _doable(state, frame, src, eff, protected)
    if not frame.chosen:
        target = state.cards[field_card(state, frame.controller, protected).card].name  # type: ignore[union-attr]
        let = f"let {target} {_HAPPENS[kind]}"
        labels = (f"use the effect of {state.cards[src.card].name} instead", let) if doable else (let,)
        label = f"{target} would {_HAPPENS[kind]}"
        asked = Prompt(
            player=frame.controller, kind="option", options=tuple(range(len(labels))), labels=labels, min=1, label=label
        )
        return state.model_copy(update={"prompt": asked})
    if not (doable and frame.picked == (0,)):
        return state.model_copy(update={"pending": rest})
    ev.append(
        Event(
            kind="replacement",
            player=frame.controller,
            data={"card": src.card, "source": src.iid, "target": protected, "instead_of": kind},
        )
    )
    if eff.once_per_turn:
        state = replace_on_field(state, frame.controller, src.model_copy(update={"once": src.once + (frame.effect,)}))
    used = tuple(o.model_copy(update={"used": True}) if o is record else o for o in state.offered)
    applied = frame.model_copy(update={"pc": ("cost", 0), "picked": (), "chosen": False})
    return state.model_copy(update={"offered": used, "pending": (applied, *rest)})
