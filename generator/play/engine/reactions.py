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
    by = None if cause is None else cause.controller
    by_card = None if cause is None else cause.card
    ev, kind, data = when.event, e.kind, e.data
    if not cause_fits(state, when.cause, controller, by, by_card):
        return False
    if ev == "don_returned":
        return kind == "return_don" and e.player == controller and data.get("count", 0) >= when.n
    if ev in ("ko", "removed", "returned_to_hand"):
        wanted = {"ko": ("ko",), "removed": _LEAVES_FIELD, "returned_to_hand": ("return_to_hand",)}[ev]
        return (
            kind in wanted
            and _whose_ok(when, controller, e.player)
            and state.cards[data["card"]].category == "Character"
            and _subject_ok(state, when, controller, src, data["iid"], data["card"])
        )
    if ev == "battle_ko":  # only the attacked card can be K.O.'d in battle (7-1-4-1-2): this one attacked
        return kind == "ko" and cause is None and attacker == src.iid and e.player != controller
    if ev == "rested":
        rested = {"rest": data.get("targets", ()), "attack": (data.get("attacker"),), "block": (data.get("blocker"),)}
        return src.iid in rested.get(kind, ()) and src.rested
    if ev in ("event_activated", "blocker_activated", "event_or_blocker", "event_or_trigger", "trigger_activated"):
        kinds = {
            "event_activated": ("event",),
            "blocker_activated": ("block",),
            "event_or_blocker": ("event", "block"),
            "event_or_trigger": ("event", "trigger"),
            "trigger_activated": ("trigger",),
        }[ev]
        return kind in kinds and _whose_ok(when, controller, e.player)
    if ev == "played":
        return (
            kind == "play"
            and _whose_ok(when, controller, e.player)
            and state.cards[data["card"]].category == "Character"
        )
    if ev == "hand_trashed":
        return kind == "discard" and e.player == controller
    if ev == "life_removed":
        return _life_out(e, cause) and _whose_ok(when, controller, e.player)
    if ev == "life_to_hand":
        return kind == "life_to_hand" and e.player == controller  # a card taken by damage included
    if ev == "life_zero":
        return _life_out(e, cause) and e.player == controller and not state.players[controller].life
    if ev in ("attack_damage", "damage_dealt", "damage_taken"):
        if not _damage(e, cause, attacker):
            return False
        if ev == "damage_taken":
            return e.player == controller
        if e.player == controller:
            return False
        return ev == "damage_dealt" or attacker == src.iid
    if ev == "attacks":
        return kind == "attack" and _whose_ok(when, controller, e.player)
    if ev == "attacks_or_attacked":
        return kind == "attack" and src.iid in (data.get("attacker"), data.get("target"))
    if ev == "drew_outside_draw_phase":
        return kind == "draw" and e.player == controller and cause is not None
    if ev == "given_don":
        return (
            kind == "give_don"
            and e.player == controller
            and _subject_ok(state, when, controller, src, data["target"], _card_of(state, controller, data["target"]))
        )
    return False


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
