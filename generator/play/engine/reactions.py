"""Auto effects whose activation event is written out: "When a DON!! card on your field is returned to
your DON!! deck, ...", "When this Character becomes rested, ...", "When your opponent activates an
Event, ..." (8-1-3-1-1, 8-3-1-8).

How: every change the engine makes is recorded as an ``Event`` (the narrated log), so the events
are the activation timings. After each step the game loop hands the new events to ``react`` with
the effect that produced them (``cause``: the resolving frame, None for a rule, a battle or a
player's own move); each event is matched against the ``When`` of the effects on both fields and
every match is queued, the turn player's first (8-6-1), after the effect now resolving (8-6-1-1,
8-6-3). [Once Per Turn] and the effect's other conditions are checked as for any auto effect
(``effect_primitives.frames_for``).

Damage to Life is read from the battle's own events (the game loop says which card attacked): one
damage is a Life card taken and checked by its owner (``life_check``) or trashed by [Banish]
(``life_trashed``); the ``life_to_hand`` that follows the check is the same damage and the same
card leaving Life, not counted twice, though it is a card added to hand from Life. "When this
Character battles and K.O.'s your opponent's Character" is the Damage step's K.O. (no effect
causing it) while this card is the attacker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from generator.play.effects.model import Effect
from generator.play.effects.model_triggers import When
from generator.play.engine.replacement import cause_fits
from generator.play.engine.state import CardInstance, Event, Frame, GameState
from generator.play.engine.stats import effect_live, matches, target_pool

_LEAVES_FIELD = ("ko", "return_to_hand", "return_to_deck", "trash")
_LIFE_OUT = ("life_to_hand", "life_trashed", "life_to_trash", "life_check")


def _damage(e: Event, cause: Frame | None, attacker: int | None) -> bool:
    """One damage dealt by a battle (see the module note): made while a battle was on."""
    return cause is None and attacker is not None and e.kind in ("life_check", "life_trashed")


def _life_out(e: Event, cause: Frame | None) -> bool:
    """A card left a Life area. A card a battle's damage took was counted when it was checked
    (``life_check``), so its move to hand (no effect causing it) is not counted again."""
    return e.kind in _LIFE_OUT and not (e.kind == "life_to_hand" and cause is None)


def _whose_ok(when: When, controller: int, player: int | None) -> bool:
    if when.whose == "any" or player is None:
        return when.whose == "any"
    return (player == controller) == (when.whose == "you")


def _subject_ok(state: GameState, when: When, controller: int, src: CardInstance, iid: int, card: str) -> bool:
    """Is card ``iid`` (card id ``card``) one the ``When`` names? Off the field (a K.O.'d card) its
    printed numbers are used."""
    subject = when.subject
    if subject is None:
        return True
    if subject.who == "self_card":
        return iid == src.iid
    if any(c.iid == iid for _, c in target_pool(state, controller, src, subject)):
        return True
    side = controller if subject.who.startswith("your") else 1 - controller
    gone = CardInstance(iid=iid, card=card)
    in_field = any(c.iid == iid for c in state.players[side].field())
    return (
        not in_field
        and state.cards[card].category == "Character"
        and subject.who.endswith("character")
        and not (subject.exclude_self and iid == src.iid)
        and matches(state, side, gone, subject.filter, on_field=False)
    )


def _fires(
    state: GameState,
    when: When,
    controller: int,
    src: CardInstance,
    e: Event,
    cause: Frame | None,
    attacker: int | None,
) -> bool:
    """Does event ``e`` set off the "When" effect of ``src``: made the way ``when.cause`` says, and
    the event it names (one check per ``WhenEvent``, ``_EVENTS``)?"""
    by = None if cause is None else cause.controller
    by_card = None if cause is None else cause.card
    if not cause_fits(state, when.cause, controller, by, by_card):
        return False
    check = _EVENTS.get(when.event)
    return check is not None and check(_Seen(state, when, controller, src, e, cause, attacker))


class _Seen(NamedTuple):
    """One event as one "When" effect sees it: the effect's card and controller, and what made
    the event (the resolving effect, or the attacking card of a battle)."""

    state: GameState
    when: When
    controller: int
    src: CardInstance
    e: Event
    cause: Frame | None
    attacker: int | None

    def whose_ok(self) -> bool:
        return _whose_ok(self.when, self.controller, self.e.player)

    def mine(self) -> bool:
        return self.e.player == self.controller


def _don_returned(s: _Seen) -> bool:
    return s.e.kind == "return_don" and s.mine() and s.e.data.get("count", 0) >= s.when.n


_LEFT: dict[str, tuple[str, ...]] = {"ko": ("ko",), "removed": _LEAVES_FIELD, "returned_to_hand": ("return_to_hand",)}


def _left_field(s: _Seen) -> bool:
    """A Character K.O.'d, removed from the field, or returned to hand."""
    data = s.e.data
    return (
        s.e.kind in _LEFT[s.when.event]
        and s.whose_ok()
        and s.state.cards[data["card"]].category == "Character"
        and _subject_ok(s.state, s.when, s.controller, s.src, data["iid"], data["card"])
    )


def _battle_ko(s: _Seen) -> bool:
    """Only the attacked card can be K.O.'d in battle (7-1-4-1-2): this one attacked."""
    return s.e.kind == "ko" and s.cause is None and s.attacker == s.src.iid and s.e.player != s.controller


def _rested(s: _Seen) -> bool:
    data = s.e.data
    rested = {"rest": data.get("targets", ()), "attack": (data.get("attacker"),), "block": (data.get("blocker"),)}
    return s.src.iid in rested.get(s.e.kind, ()) and s.src.rested


_ACTIVATED: dict[str, tuple[str, ...]] = {
    "event_activated": ("event",),
    "blocker_activated": ("block",),
    "event_or_blocker": ("event", "block"),
    "event_or_trigger": ("event", "trigger"),
    "trigger_activated": ("trigger",),
}


def _activated(s: _Seen) -> bool:
    """An Event, a [Blocker] or a [Trigger] activated by the side the ``When`` names."""
    return s.e.kind in _ACTIVATED[s.when.event] and s.whose_ok()


def _played(s: _Seen) -> bool:
    return s.e.kind == "play" and s.whose_ok() and s.state.cards[s.e.data["card"]].category == "Character"


def _damage_event(s: _Seen) -> bool:
    """Damage by a battle: to the controller (``damage_taken``), or dealt to the opponent by any
    of the controller's attacks (``damage_dealt``) or this card's (``attack_damage``)."""
    if not _damage(s.e, s.cause, s.attacker):
        return False
    if s.when.event == "damage_taken":
        return s.mine()
    if s.mine():
        return False
    return s.when.event == "damage_dealt" or s.attacker == s.src.iid


def _given_don(s: _Seen) -> bool:
    if s.e.kind != "give_don" or not s.mine():
        return False
    target = s.e.data["target"]
    return _subject_ok(s.state, s.when, s.controller, s.src, target, _card_of(s.state, s.controller, target))


_EVENTS: dict[str, Callable[[_Seen], bool]] = {
    "don_returned": _don_returned,
    "ko": _left_field,
    "removed": _left_field,
    "returned_to_hand": _left_field,
    "battle_ko": _battle_ko,
    "rested": _rested,
    **dict.fromkeys(_ACTIVATED, _activated),
    "played": _played,
    "hand_trashed": lambda s: s.e.kind == "discard" and s.mine(),
    "life_removed": lambda s: _life_out(s.e, s.cause) and s.whose_ok(),
    # a card taken by damage included
    "life_to_hand": lambda s: s.e.kind == "life_to_hand" and s.mine(),
    "life_zero": lambda s: _life_out(s.e, s.cause) and s.mine() and not s.state.players[s.controller].life,
    "attack_damage": _damage_event,
    "damage_dealt": _damage_event,
    "damage_taken": _damage_event,
    "attacks": lambda s: s.e.kind == "attack" and s.whose_ok(),
    "attacks_or_attacked": lambda s: (
        s.e.kind == "attack" and s.src.iid in (s.e.data.get("attacker"), s.e.data.get("target"))
    ),
    "drew_outside_draw_phase": lambda s: s.e.kind == "draw" and s.mine() and s.cause is not None,
    "given_don": _given_don,
}


def _card_of(state: GameState, p: int, iid: int) -> str:
    return next((c.card for c in state.players[p].field() if c.iid == iid), "")


def _sources(state: GameState, p: int, e: Event) -> list[CardInstance]:
    """The cards whose "When" effects may see ``e``: p's field, and a K.O.'d card of p's for
    "When this Character is K.O.'d" (it is in the trash by then, like [On K.O.])."""
    out = list(state.players[p].field())
    if e.kind == "ko" and e.player == p and not any(c.iid == e.data["iid"] for c in out):
        out.append(CardInstance(iid=e.data["iid"], card=e.data["card"]))
    return out


def _when_effects(state: GameState, src: CardInstance) -> list[tuple[int, Effect]]:
    comp = state.compiled[src.card]
    return [(i, eff) for i, eff in enumerate(comp.effects) if eff.timing == "when" and eff.when is not None]


def react(
    state: GameState, ev: list[Event], seen: int, cause: Frame | None, attacker: int | None = None
) -> tuple[GameState, int]:
    """Queue the "When" effects set off by ``ev[seen:]``; returns the state and the new cursor.
    ``cause`` is the effect that made them, ``attacker`` the attacking card when a battle did."""
    if seen >= len(ev) or not any(_has_when(state, cid) for cid in state.compiled):
        return state, len(ev)
    frames: list[Frame] = []
    queued: set[tuple[int, int]] = set()
    for e in ev[seen:]:
        for p in (state.active, 1 - state.active):
            for src in _sources(state, p, e):
                for i, eff in _when_effects(state, src):
                    assert eff.when is not None
                    if (eff.once_per_turn and (i in src.once or (src.iid, i) in queued)) or not _fires(
                        state, eff.when, p, src, e, cause, attacker
                    ):
                        continue
                    if not effect_live(state, p, src, eff):
                        continue
                    queued.add((src.iid, i))
                    frames.append(Frame(source=src.iid, controller=p, card=src.card, effect=i))
    if frames:
        state = state.model_copy(update={"pending": state.pending + tuple(frames)})
    return state, len(ev)


def _has_when(state: GameState, card_id: str) -> bool:
    comp = state.compiled[card_id]
    return comp.complete and any(e.timing == "when" for e in comp.effects)
