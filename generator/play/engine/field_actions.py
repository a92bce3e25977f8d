"""Compiled actions that pick cards on the field: one function per ``kind`` (see ``card_moves`` for the
actions that move cards between hand, deck, Life, trash and DON!! areas).

Each handler follows the protocol of ``handler``: (state, frame, node, ev) -> (state, frame,
prompt). Actions do as much as they can (1-3-2).

Protection statuses are honoured here: "cannot be K.O.'d" (10-2-1-3: by battle or effects, by
the opponent's effects, or just one of them), "cannot be rested", and "cannot be removed from
the field by your opponent's effects". A Leader never leaves its area (3-6-3). Before a K.O., a
removal or a rest, the owners' replacement effects are offered (``replacement.before``). Giving
DON!! by an effect is in ``don_moves``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from generator.play.effects.model import (
    KO,
    CopyPower,
    CostChange,
    GainKeyword,
    GainStatus,
    Power,
    Rest,
    ReturnToDeck,
    ReturnToHand,
    SetActive,
    SetBasePower,
    SetPowerZero,
    Target,
    TrashTarget,
)
from generator.play.engine import effect_primitives, replacement
from generator.play.engine.handler import Handler, Result, entry, source_card
from generator.play.engine.state import CardInstance, Event, Frame, GameState, ModStat, Prompt, Replaceable
from generator.play.engine.stats import has_status, power, target_pool
from generator.play.engine.zones import (
    field_card_of,
    leave_field,
    locate,
    on_field,
    put,
    replace_on_field,
    trash_from_field,
)

_SINGLE = ("self_card", "your_leader", "opponent_leader")


def pick_targets(
    state: GameState, frame: Frame, target: Target, label: str
) -> tuple[tuple[int, ...] | None, Prompt | None]:
    if target.who == "memo":  # "that card": what an earlier step of the effect picked
        return tuple(iid for iid in frame.memo if on_field(state, iid)), None
    src = source_card(state, frame)
    pool = [c.iid for _, c in target_pool(state, frame.controller, src, target) if on_field(state, c.iid)]
    if target.who in _SINGLE:
        return tuple(pool), None
    return effect_primitives.choose(frame, frame.controller, pool, target.count, target.up_to, label)


def hold_targets(state: GameState, frame: Frame, target: Target, label: str) -> tuple[Frame | None, Prompt | None]:
    """Targets a step keeps in ``held`` (and ``memo``) while it asks its next question: (frame
    holding them, None), (frame, the question) while they are being picked, (None, None) when
    none were."""
    if frame.held:
        return frame, None
    picked, prompt = pick_targets(state, frame, target, label)
    if prompt is not None:
        return frame, prompt
    if not picked:
        return None, None
    return frame.model_copy(update={"held": tuple(picked), "picked": (), "chosen": False, "memo": tuple(picked)}), None


def _field(state: GameState, picked: tuple[int, ...]) -> list[tuple[int, CardInstance]]:
    out = []
    for iid in picked:
        where = locate(state, iid)
        if where is not None and where[1] in ("leader", "characters", "stage"):
            out.append((where[0], field_card_of(state, where[0], iid)))
    return out


def removable(
    state: GameState, frame: Frame, picked: tuple[int, ...], ko: bool = False
) -> list[tuple[int, CardInstance]]:
    """Picked Characters/Stages an effect may take off the field."""
    out = []
    for owner, c in _field(state, picked):
        if c.iid == state.players[owner].leader.iid:
            continue
        if owner != frame.controller and has_status(state, owner, c, "cannot_be_removed_by_opponent_effects"):
            continue
        if ko and (
            state.cards[c.card].category not in ("Character", "Stage")  # card text may K.O. a Stage
            or any(has_status(state, owner, c, s) for s in ("cannot_be_ko", "cannot_be_ko_by_effects"))
            or (owner != frame.controller and has_status(state, owner, c, "cannot_be_ko_by_opponent_effects"))
        ):
            continue
        out.append((owner, c))
    return out


def _remember(state: GameState, frame: Frame, target: Target, picked: tuple[int, ...]) -> Frame:
    """A pick a later sentence may name ("that card", "the selected Character"): it replaces the
    cards picked before; cards revealed off the field are kept ("the revealed card")."""
    if not picked or target.who in _SINGLE or target.who == "memo":
        return frame
    kept = tuple(i for i in frame.memo if not on_field(state, i))
    return frame.model_copy(update={"memo": kept + picked})


# The actions whose event a replacement effect may replace (8-1-3-4), and that event.
REPLACEABLE: dict[str, Replaceable] = {
    "ko": "ko",
    "rest": "rested",
    "return_to_hand": "removed",
    "return_to_deck": "removed",
    "trash": "removed",
}


def subjects(state: GameState, frame: Frame, picked: tuple[int, ...], event: Replaceable) -> list[tuple[int, int]]:
    """The (owner, iid) of the picked cards ``event`` would really happen to."""
    if event == "rested":
        return [
            (owner, c.iid)
            for owner, c in _field(state, picked)
            if not c.rested and not has_status(state, owner, c, "cannot_be_rested")
        ]
    return [(owner, c.iid) for owner, c in removable(state, frame, picked, ko=event == "ko")]


def offer_first(
    state: GameState, frame: Frame, picked: tuple[int, ...], event: Replaceable
) -> tuple[GameState, frozenset[int], bool]:
    """``replacement.before`` for this effect doing ``event`` to the picked cards."""
    return replacement.before(state, subjects(state, frame, picked, event), event, frame.controller, frame.card)


class _Targeted(Protocol):
    """A node that picks its cards on the field by a ``target``."""

    @property
    def kind(self) -> str: ...

    @property
    def target(self) -> Target: ...


T = TypeVar("T", bound=_Targeted)
# What a targeted action does once its cards are picked: (state, frame, node, picked, ev) -> state.
Apply = Callable[[GameState, Frame, T, tuple[int, ...], list[Event]], GameState]
# The nodes that put a modifier on the picked cards (``_mod``).
ModNode = Power | CostChange | SetBasePower | GainKeyword | GainStatus | CopyPower | SetPowerZero


def _targeted(fn: Apply[T], label: str) -> Callable[[GameState, Frame, T, list[Event]], Result]:
    def run(state: GameState, frame: Frame, node: T, ev: list[Event]) -> Result:
        picked, prompt = pick_targets(state, frame, node.target, label)
        if prompt is not None:
            return state, frame, prompt
        assert picked is not None, "without a question the targets are picked"
        remembered = _remember(state, frame, node.target, picked)
        event = REPLACEABLE.get(node.kind)
        if event is not None:  # the owners' replacement effects first (``replacement``)
            state, spared, asked = offer_first(state, frame, picked, event)
            if asked:
                return state, frame, replacement.OFFERED
            picked = tuple(i for i in picked if i not in spared)
        return fn(state, frame, node, picked, ev), remembered, None

    return run


def _amount(node: ModNode) -> int:
    """The number the node carries: a power or cost change, a new base power; 0 for a keyword or a
    status (and for the nodes whose number is worked out at resolution)."""
    if isinstance(node, (Power, CostChange)):
        return node.amount
    if isinstance(node, SetBasePower):
        return node.value
    return 0


def _tag(node: ModNode) -> str | None:
    """The keyword or status the node gives, if it gives one."""
    if isinstance(node, GainKeyword):
        return node.keyword
    if isinstance(node, GainStatus):
        return node.status
    return None


class _ModApply(Protocol):
    def __call__(
        self,
        state: GameState,
        frame: Frame,
        node: ModNode,
        picked: tuple[int, ...],
        ev: list[Event],
        amount: int | None = None,
    ) -> GameState: ...


def _mod(stat: ModStat) -> _ModApply:
    def apply(
        state: GameState,
        frame: Frame,
        node: ModNode,
        picked: tuple[int, ...],
        ev: list[Event],
        amount: int | None = None,  # a value worked out at resolution
    ) -> GameState:
        if amount is None:
            amount = _amount(node)
        tag = _tag(node)
        mod = effect_primitives.duration_mod(state, frame.controller, stat, amount, node.duration, tag)
        ev.append(
            Event(
                kind=f"effect_{stat}",
                player=frame.controller,
                data={"targets": list(picked), "amount": amount, "tag": tag},
            )
        )
        for owner, c in _field(state, picked):
            state = replace_on_field(state, owner, c.model_copy(update={"mods": c.mods + (mod,)}))
        return state

    return apply


def _set_rested(rested: bool) -> Apply[Rest | SetActive]:
    def apply(
        state: GameState, frame: Frame, node: Rest | SetActive, picked: tuple[int, ...], ev: list[Event]
    ) -> GameState:
        ev.append(
            Event(kind="rest" if rested else "set_active", player=frame.controller, data={"targets": list(picked)})
        )
        for owner, c in _field(state, picked):
            if rested and has_status(state, owner, c, "cannot_be_rested"):
                continue
            state = replace_on_field(state, owner, c.model_copy(update={"rested": rested}))
        return state

    return apply


def _ko(state: GameState, frame: Frame, node: KO, picked: tuple[int, ...], ev: list[Event]) -> GameState:
    for owner, c in removable(state, frame, picked, ko=True):
        if on_field(state, c.iid):
            state = effect_primitives.ko(state, owner, c.iid, ev)
    return state


def _to_hand(state: GameState, frame: Frame, node: ReturnToHand, picked: tuple[int, ...], ev: list[Event]) -> GameState:
    for owner, c in removable(state, frame, picked):
        state, card = leave_field(state, owner, c.iid)
        ev.append(Event(kind="return_to_hand", player=owner, data={"iid": c.iid, "card": c.card}))
        state = put(state, owner, "hand", card, top=False)
    return state


def _to_deck(state: GameState, frame: Frame, node: ReturnToDeck, picked: tuple[int, ...], ev: list[Event]) -> GameState:
    for owner, c in removable(state, frame, picked):
        state, card = leave_field(state, owner, c.iid)
        ev.append(
            Event(kind="return_to_deck", player=owner, data={"iid": c.iid, "card": c.card, "position": node.position})
        )
        state = put(state, owner, "deck", card, top=node.position == "top")
    return state


def _trash(state: GameState, frame: Frame, node: TrashTarget, picked: tuple[int, ...], ev: list[Event]) -> GameState:
    for owner, c in removable(state, frame, picked):
        state = trash_from_field(state, owner, c.iid, ev)
    return state


def _copy_power(state: GameState, frame: Frame, node: CopyPower, picked: tuple[int, ...], ev: list[Event]) -> GameState:
    """The base power becomes the power the copied card has now (the opponent's Leader, or the
    card an earlier step picked); nothing happens when that card is not on the field."""
    if node.copy_of == "opponent_leader":
        q = 1 - frame.controller
        copied = [(q, state.players[q].leader)]
    else:
        copied = _field(state, tuple(i for i in frame.memo if on_field(state, i)))
    if not copied:
        return state
    owner, card = copied[0]
    value = power(state, owner, card)
    return _mod("base_power")(state, frame, node, picked, ev, value)


def _zero_power(
    state: GameState, frame: Frame, node: SetPowerZero, picked: tuple[int, ...], ev: list[Event]
) -> GameState:
    """ "Set the power of ... to 0" (4-12-1): each card gets minus its power now, for the
    duration; a card already at 0 or below is left as it is (4-12-2)."""
    for owner, card in _field(state, picked):
        value = power(state, owner, card)
        if value > 0:
            state = _mod("power")(state, frame, node, (card.iid,), ev, -value)
    return state


FIELD_ACTIONS: dict[str, Handler] = dict(
    [
        entry(KO, _targeted(_ko, "K.O.")),
        entry(Power, _targeted(_mod("power"), "power")),
        entry(CostChange, _targeted(_mod("cost"), "cost")),
        entry(SetBasePower, _targeted(_mod("base_power"), "base power")),
        entry(CopyPower, _targeted(_copy_power, "base power")),
        entry(SetPowerZero, _targeted(_zero_power, "set power to 0")),
        entry(GainKeyword, _targeted(_mod("keyword"), "gain keyword")),
        entry(GainStatus, _targeted(_mod("status"), "status")),
        entry(Rest, _targeted(_set_rested(True), "rest")),
        entry(SetActive, _targeted(_set_rested(False), "set active")),
        entry(ReturnToHand, _targeted(_to_hand, "return to hand")),
        entry(ReturnToDeck, _targeted(_to_deck, "return to deck")),
        entry(TrashTarget, _targeted(_trash, "trash")),
    ]
)
