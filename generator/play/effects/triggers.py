"""The heads of effects that carry no bracket timing: "If X would be K.O.'d, you may Y instead"
(replacement, 8-1-3-4), "When X, Y" and "This effect can be activated when X. Y" (auto effects with a
written activation event, 8-3-1-8), "This effect can be activated at the start of your turn"
(6-2-2), "Under the rules of this game, ..." (deck construction, 5-1-2-4) and "Also treat this
card's name as [X]" (2-1-3).

Each function here reads only the head and hands the rest back to the compiler, which compiles it
with the same sentence grammar as any other effect; the subject phrases ("your {Navy} type
Character with 7000 base power or less") go through ``phrases.parse_filter``. Anything not
recognised returns None and the compiler reports the text unparsed, as ever.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal, TypedDict, Unpack

from generator.play.effects.model_base import CardFilter, Target, Who
from generator.play.effects.model_conditions import Condition
from generator.play.effects.model_triggers import Cause, DeckRule, ReplacedEvent, Replacement, When, WhenEvent
from generator.play.effects.phrases import parse_filter

_R = re.I | re.S
_SELF = re.compile(r"this (?:Character|Leader|card)", re.I)


_ANY = CardFilter()


def _all(who: Who, flt: CardFilter = _ANY, exclude_self: bool = False) -> Target:
    return Target(who=who, count=None, up_to=False, filter=flt, exclude_self=exclude_self)


def own_subject(text: str, side: str = "your") -> Target | None:
    """ "this Character", "your Character", "one of your {Navy} type Characters with 7000 base
    power or less", "your [Nami]", "your Character [Nami]", "any of your Characters": the cards of
    one side a replacement or an event names, as an all-matching Target."""
    text = text.strip()
    if _SELF.fullmatch(text):
        return Target(who="self_card", up_to=False)
    m = re.fullmatch(rf"(?:one of |any of )?{side} (?P<rest>.+)", text, re.I)
    if not m:
        return None
    rest = m["rest"]
    who: Who = "your_character" if side == "your" else "opponent_character"
    if named := re.fullmatch(r"Characters? \[(?P<n>[^\]]+)\]", rest):
        return _all(who, CardFilter(names=(named["n"],)))
    parsed = parse_filter(rest)
    if parsed is None:
        return None
    flt, scope, excl = parsed
    if scope == "both" and flt.names and flt.category is None:
        scope = "character"  # "your [Nami]": the named Character
    if scope == "leader":
        return _all("your_leader" if side == "your" else "opponent_leader", flt.model_copy(update={"category": None}))
    if scope != "character":
        return None
    return _all(who, flt.model_copy(update={"category": None}), excl)


_CAUSES: dict[str, Cause] = {
    "": "any",
    " in battle": "battle",
    " by an effect": "effect",
    " by effects": "effect",
    " by your opponent's effect": "opponent_effect",
    " by your opponent's effects": "opponent_effect",
    " by your opponent": "opponent_effect",
    " by your opponent's Character's effect": "opponent_character_effect",
    " by your effect": "your_effect",
}
_CAUSE_ALT = "|".join(re.escape(c) for c in sorted(_CAUSES, key=len, reverse=True) if c)
_REPLACEMENT = re.compile(
    r"If (?P<head>.+?) would (?:be )?(?P<event>K\.O\.'d or (?:would be )?removed from the field|"
    r"removed from the field or K\.O\.'d|K\.O\.'d|removed from the field|rested|leave the field)"
    rf"(?P<cause>{_CAUSE_ALT})?, (?P<may>you may )?(?P<instead>.+) instead"
    r"(?: of that Character being K\.O\.'d)?\.?",
    _R,
)


Conditions = tuple[Condition, ...]


def replacement(
    body: str, parse_conditions: Callable[[str], Conditions | None]
) -> tuple[Conditions, Replacement, str, bool] | None:
    """(conditions, Replacement, the "instead" text, whether it says "you may") of a replacement
    effect's body. In the "instead" text "that Character" and "it" are the protected card."""
    said = body.strip().replace(
        "removed from the field by your opponent's effect or K.O.'d",
        "K.O.'d or removed from the field by your opponent's effect",
    )
    m = _REPLACEMENT.fullmatch(said)
    if not m:
        return None
    head = m["head"]
    conditions: Conditions | None = ()
    subject = _subject_of(head)
    if subject is None:  # "If your Leader has the {X} type and this Character would be..."
        for cut in re.finditer(" and ", head):
            subject = _subject_of(head[cut.end() :])
            conditions = parse_conditions(head[: cut.start()]) if subject else None
            if subject and conditions:
                break
        else:
            return None
    cause = _CAUSES[m["cause"] or ""]
    replaces = Replacement(event=_replaced(m["event"].lower()), cause=cause, subject=subject)
    return conditions or (), replaces, m["instead"], bool(m["may"])


_REPLACED_WORDS: dict[str, ReplacedEvent] = {"removed": "removed", "leave": "removed", "rested": "rested"}


def _replaced(event: str) -> ReplacedEvent:
    """The event a replacement's "would be ..." names (the pattern's alternatives, lower-cased)."""
    if " or " in event:
        return "ko_or_removed"
    if event == "k.o.'d":
        return "ko"
    return _REPLACED_WORDS[event.split(" ")[0]]


def _subject_of(text: str) -> Target | None:
    if have := re.fullmatch(r"you have an? (?P<f>.+?) that", text, re.I):
        return own_subject(f"your {have['f']}")
    return own_subject(text)


class WhenFields(TypedDict, total=False):
    """The ``When`` fields an event formula sets besides its event."""

    whose: Literal["you", "opponent", "any"]
    subject: Target | None
    cause: Cause
    n: int


def _when_subject(side: str) -> Callable[[re.Match[str]], WhenFields | None]:
    def build(m: re.Match[str]) -> WhenFields | None:
        subject = own_subject(m["s"], side)
        return None if subject is None else {"subject": subject}

    return build


def _removed_subject(m: re.Match[str]) -> WhenFields | None:
    """ "your <cards> is removed from the field [by ...]": the subject and the cause."""
    fields = _when_subject("your")(m)
    return None if fields is None else {**fields, "cause": _cause_of(m)}


def _fixed(**fields: Unpack[WhenFields]) -> Callable[[re.Match[str]], WhenFields]:
    return lambda m: fields


def _don_returned(m: re.Match[str]) -> WhenFields:
    return {"n": int(m["n"] or 1), "cause": "your_effect" if m["by"] else "any"}


def _cause_of(m: re.Match[str]) -> Cause:
    return _CAUSES[m["cause"] or ""]


_SELF_TARGET = Target(who="self_card", up_to=False)
# (pattern, event, builder of the other When fields)
_EVENTS: tuple[tuple[str, WhenEvent, Callable[[re.Match[str]], WhenFields | None]], ...] = (
    (
        r"(?:a|(?P<n>\d+) or more) DON!! cards? on (?:your|the) field (?:is|are) returned to your DON!! deck"
        r"(?P<by> by your effect)?",
        "don_returned",
        _don_returned,
    ),
    (
        rf"this (?:Character|Leader) is K\.O\.'d(?P<cause>{_CAUSE_ALT})?",
        "ko",
        lambda m: {"subject": _SELF_TARGET, "cause": _cause_of(m)},
    ),
    (r"your opponent's Character is K\.O\.'d", "ko", _fixed(whose="opponent")),
    (
        r"this Character battles and K\.O\.'s your opponent's Character",
        "battle_ko",
        _fixed(whose="opponent", subject=_SELF_TARGET),
    ),
    (r"a Character is K\.O\.'d", "ko", _fixed(whose="any")),
    (r"(?P<s>one of your .+) is K\.O\.'d", "ko", _when_subject("your")),
    (
        rf"this Character (?:becomes|is) rested(?P<cause>{_CAUSE_ALT})?",
        "rested",
        lambda m: {"subject": _SELF_TARGET, "cause": _cause_of(m)},
    ),
    (r"you activate an Event", "event_activated", _fixed()),
    (r"your opponent activates an Event", "event_activated", _fixed(whose="opponent")),
    (r"your opponent activates (?:a )?\[Blocker\]", "blocker_activated", _fixed(whose="opponent")),
    (
        r"your opponent activates (?:\[Blocker\] or an Event|an Event or \[Blocker\])",
        "event_or_blocker",
        _fixed(whose="opponent"),
    ),
    (r"your opponent activates an Event or \[Trigger\]", "event_or_trigger", _fixed(whose="opponent")),
    (r"a \[Trigger\] activates", "trigger_activated", _fixed(whose="any")),
    (
        r"this (?:Character|Leader)'s attack deals damage to your opponent's Life",
        "attack_damage",
        _fixed(subject=_SELF_TARGET),
    ),
    (r"you deal damage to your opponent's Life", "damage_dealt", _fixed()),
    (r"you play a Character", "played", _fixed()),
    (r"your opponent plays a Character", "played", _fixed(whose="opponent")),
    (r"a card is trashed from your hand by an effect", "hand_trashed", _fixed(cause="effect")),
    (r"a card is removed from your opponent's Life cards", "life_removed", _fixed(whose="opponent")),
    (r"a card is removed from your or your opponent's Life cards", "life_removed", _fixed(whose="any")),
    (r"a card is added to your hand from your Life", "life_to_hand", _fixed()),
    (r"your number of Life cards becomes 0", "life_zero", _fixed()),
    (r"you draw a card outside of your Draw Phase", "drew_outside_draw_phase", _fixed()),
    (r"your opponent attacks", "attacks", _fixed(whose="opponent")),
    (r"this Leader attacks or is attacked", "attacks_or_attacked", _fixed(subject=_SELF_TARGET)),
    (
        r"a Character is removed from the field by your effect",
        "removed",
        _fixed(whose="any", cause="your_effect"),
    ),
    (
        rf"(?P<s>your .+?) is removed from the field(?P<cause>{_CAUSE_ALT})?",
        "removed",
        _removed_subject,
    ),
    (
        r"your opponent's Character is returned to the owner's hand by your effect",
        "returned_to_hand",
        _fixed(whose="opponent", cause="your_effect"),
    ),
    (
        r"this Leader or any of your Characters is given a DON!! card",
        "given_don",
        _fixed(subject=_all("your_leader_or_character")),
    ),
)
_WHEN_HEADS = (
    re.compile(r"When (?P<event>.+?), (?P<rest>.+)", _R),
    re.compile(r"This effect can be activated when (?P<event>.+?)\. (?P<rest>.+)", _R),
)


def when(body: str) -> tuple[When, str] | None:
    """(When, the rest of the text) of an auto effect whose activation event is written out."""
    for head in _WHEN_HEADS:
        m = head.fullmatch(body.strip())
        if not m:
            continue
        for pattern, event, build in _EVENTS:
            e = re.fullmatch(pattern, m["event"], re.I)
            fields = build(e) if e else None
            if fields is not None:
                return When(event=event, **fields), m["rest"]
    return None


_START_OF_TURN = re.compile(r"This effect can be activated at the start of your turn\. (?P<rest>.+)", _R)


def start_of_turn(body: str) -> str | None:
    m = _START_OF_TURN.fullmatch(body.strip())
    return m["rest"] if m else None


_DECK_RULES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], DeckRule]], ...] = (
    (
        re.compile(r"you may have any number of this card in your deck", re.I),
        lambda m: DeckRule(kind="any_number_of_copies"),
    ),
    (
        re.compile(r"you cannot include cards with a cost of (?P<n>\d+) or more in your deck", re.I),
        lambda m: DeckRule(kind="leader_max_cost", value=int(m["n"]) - 1),
    ),
    (
        re.compile(r"you cannot include Events with a cost of (?P<n>\d+) or more in your deck", re.I),
        lambda m: DeckRule(kind="leader_max_event_cost", value=int(m["n"]) - 1),
    ),
    (
        re.compile(r"you can only include \{(?P<t>[^}]+)\} type cards in your deck", re.I),
        lambda m: DeckRule(kind="leader_required_type", type=m["t"]),
    ),
)
_UNDER_RULES = re.compile(r"Under the rules of this game, (?P<rule>.+?)\.?", _R)


def deck_rule(body: str) -> tuple[DeckRule, str] | None:
    """ "Under the rules of this game, <deck rule>[ and <more>]" -> (rule, what follows "and")."""
    m = _UNDER_RULES.fullmatch(body.strip())
    if not m:
        return None
    text = m["rule"]
    for pattern, build in _DECK_RULES:
        r = pattern.match(text)
        if r and (r.end() == len(text) or text[r.end() :].startswith(" and ")):
            return build(r), text[r.end() + 5 :] if r.end() < len(text) else ""
    return None


_ALIAS = re.compile(
    r"(?:Also treat this card's name as (?P<a>\[[^\]]+\](?: and \[[^\]]+\])*) according to the rules|"
    r"Under the rules of this game, also treat this card's name as (?P<b>\[[^\]]+\](?: and \[[^\]]+\])*))\.?",
    re.I,
)


def also_named(body: str) -> tuple[str, ...] | None:
    m = _ALIAS.fullmatch(body.strip())
    if not m:
        return None
    return tuple(re.findall(r"\[([^\]]+)\]", m["a"] or m["b"]))
