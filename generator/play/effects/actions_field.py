"""The action formulas on cards on the field: K.O., rest, return, power, cost, keywords and
statuses (rule changes that last a stated time).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from _typeshed import MaybeNone

from generator.play.effects import model as m_
from generator.play.effects.action_builders import (
    ALL_OPPONENT_CHARACTERS,
    Built,
    both,
    keyword,
    num,
    pair,
    second_cost,
    status,
    timed,
    timed_only,
    with_target,
)
from generator.play.effects.grammar import DURATIONS, Build, Context, Rule, Slots, duration, rule
from generator.play.effects.grammar import match as grammar_match
from generator.play.effects.phrases import parse_target

_PER_ZONES: dict[str, tuple[Literal["trash", "hand", "rested_don"], m_.CardFilter]] = {
    "of your rested don!! cards": ("rested_don", m_.CardFilter()),
    "events in your trash": ("trash", m_.CardFilter(category="Event")),
    "cards in your trash": ("trash", m_.CardFilter()),
    "card in your trash": ("trash", m_.CardFilter()),
    "card in your hand": ("hand", m_.CardFilter()),
}


def _per_every(m: Slots, ctx: Context) -> m_.Power | tuple[m_.Power, m_.CostChange] | None:
    """ "This Character gains +1000 power for every 2 Events in your trash": a permanent effect
    whose amount follows the count (triggered effects with this formula are not compiled)."""
    t = parse_target(m["t"])
    if t is None or not ctx.static:
        return None
    zone, flt = _PER_ZONES[m["what"].lower()]
    per = m_.PerCount(zone=zone, step=int(m["step"] or 1), filter=flt)
    power = m_.Power(target=t, amount=int(m["p"]), duration="continuous", per=per)
    if not m["p2"]:
        return power
    return (power, m_.CostChange(target=t, amount=int(m["p2"]), duration="continuous", per=per))


class _AllOf:
    """A match whose ``t`` group is "all of <each>": "to each of your {X} type Characters"."""

    def __init__(self, m: Slots) -> None:
        self._m = m

    def __getitem__(self, key: str, /) -> str | MaybeNone:
        return f"all of {self._m['t']}" if key == "t" else self._m[key]

    def groupdict(self) -> dict[str, str | MaybeNone]:
        return {**self._m.groupdict(), "t": self["t"]}


def _give_each(m: Slots, ctx: Context) -> m_.GiveDon | None:
    """ "Give your Leader and 1 Character up to 1 rested DON!! card each": DON!! go to your cards."""
    t = parse_target(m["t"])
    if t is not None and t.who == "any_character":
        t = t.model_copy(update={"who": "your_character"})
    return None if t is None else m_.GiveDon(target=t, n=num(m), rested_only=True)


def _unbeaten_and_power(m: Slots, ctx: Context) -> tuple[m_.GainStatus, m_.Power] | None:
    """ "this Character cannot be K.O.'d in battle and gains +2000 power until ...": one duration."""
    t, d = parse_target(m["t"]), duration(m, ctx)
    if t is None or d is None:
        return None
    return (
        m_.GainStatus(target=t, status="cannot_be_ko_in_battle", duration=d),
        m_.Power(target=t, amount=int(m["p"]), duration=d),
    )


def _to_its_owner(m: Slots, ctx: Context) -> m_.ChooseOne:
    """ "Give up to 1 rested DON!! card to its owner's Leader or 1 of their Characters": a rested
    DON!! of either cost area, given to a card of the same player. The player picks whose first,
    then the card (the same outcomes as picking the DON!! card first)."""
    n = num(m)
    return m_.ChooseOne(
        options=(
            (m_.GiveDon(target=m_.Target(who="your_leader_or_character"), n=n, rested_only=True),),
            (m_.GiveOpponentDon(target=m_.Target(who="opponent_leader_or_character"), n=n),),
        )
    )


def _one_keyword(m: Slots, ctx: Context) -> m_.ChooseOne | None:
    options: list[tuple[m_.Action, ...]] = []
    for k in re.findall(r"\[([^\]]+)\]", m["ks"]):
        inner = grammar_match(FIELD_KEYWORD, f"{m['t']} gains [{k}]{m['d']}", ctx)
        if not isinstance(inner, m_.GainKeyword):
            return None
        options.append((inner,))
    return m_.ChooseOne(options=tuple(options))


def _end(m: Slots) -> Literal["top", "bottom"]:
    """The end of the deck a (?P<pos>bottom|top) slot names."""
    return "top" if m["pos"].lower() == "top" else "bottom"


def either(*builds: Callable[[m_.Target], m_.Action]) -> Build[m_.ChooseOne]:
    """One target and a choice of what to do to it: a ``ChooseOne`` of the actions, each on the
    target (choosing the action first and then the card allows the same outcomes)."""

    def build(t: m_.Target, m: Slots, ctx: Context) -> m_.ChooseOne:
        return m_.ChooseOne(options=tuple((make(t),) for make in builds))

    return with_target(build)


FIELD_KEYWORD = (rule("{T} gains? [{K}]{D}", keyword),)
FIELD: tuple[Rule[Built], ...] = (
    # cards on the field
    rule("K.O. {T}", with_target(lambda t, m, c: m_.KO(target=t))),
    rule("Rest {T}", with_target(lambda t, m, c: m_.Rest(target=t))),
    rule("Set {T} as active", with_target(lambda t, m, c: m_.SetActive(target=t))),
    rule(
        "Set {T} and up to {N} of your DON!! cards as active",
        with_target(lambda t, m, c: (m_.SetActive(target=t), m_.SetDonActive(n=num(m)))),
    ),
    rule("Set {T} and {T2} as active", pair(with_target(lambda t, m, c: m_.SetActive(target=t)))),
    rule("Return {T} to (?:the owner's|your) hand", with_target(lambda t, m, c: m_.ReturnToHand(target=t))),
    rule(
        "Return {T} to the (?P<pos>bottom|top) of the owner's deck",
        with_target(lambda t, m, c: m_.ReturnToDeck(target=t, position=_end(m))),
    ),
    rule(
        "Place {T} at the (?P<pos>bottom|top) of the owner's deck(?: in any order)?",
        with_target(lambda t, m, c: m_.ReturnToDeck(target=t, position=_end(m))),
    ),
    rule("Trash {T}", with_target(lambda t, m, c: m_.TrashTarget(target=t))),
    # power, cost, keywords, statuses
    rule("Give {T} {P} power{D}", timed(m_.Power)),
    rule("Give {P} power{D} to {T}", timed(m_.Power)),
    rule(
        "Give up to {N} of your opponent's rested DON!! cards? to {T}",
        with_target(lambda t, m, c: m_.GiveOpponentDon(target=t, n=num(m)) if t.who == "opponent_character" else None),
    ),
    rule(
        "Give up to {N} DON!! cards? from your opponent's cost area to {T}",
        with_target(
            lambda t, m, c: (
                m_.GiveOpponentDon(target=t, n=num(m), rested_only=False) if t.who == "opponent_character" else None
            )
        ),
    ),
    rule("Give up to {N} rested DON!! cards? to its owner's Leader or 1 of their Characters", _to_its_owner),
    rule("{T} and {T2} gains? {P} power{D}", pair(timed(m_.Power))),
    rule("Give {T} and {T2} up to {N} rested DON!! cards? each", pair(_give_each)),
    rule("Give {T} up to {N} rested DON!! cards? each", _give_each),
    rule(
        "Give up to {N} rested DON!! cards? to each of {T}",
        lambda m, c: _give_each(_AllOf(m), c),
    ),
    rule("{T} gains? {P} power{D}", timed(m_.Power)),
    rule("Give {T} {P} cost{D}", timed(m_.CostChange)),
    rule("{T} gains? {P} cost{D}", timed(m_.CostChange)),
    rule("{T}'s? base power becomes {N}{D}", timed(m_.SetBasePower)),
    rule("set the base power of {T} to {N}{D}", timed(m_.SetBasePower)),
    rule(
        "{T}'s? base power becomes the same as your opponent's Leader(?:'s power)?{D}",
        timed_only(timed(m_.CopyPower, copy_of="opponent_leader")),
    ),
    rule(
        "{T}'s? base power becomes the same as the selected Character's power{D}",
        timed_only(timed(m_.CopyPower, copy_of="memo")),
    ),
    rule("{T} gains? an additional {P} power{D}", timed(m_.Power)),
    Rule(
        re.compile(
            r"(?P<t>.+?) gains? (?P<p>[+-]\d+) power(?: and (?P<p2>[+-]\d+) cost)? for every (?:(?P<step>\d+) )?"
            r"(?P<what>of your rested DON!! cards|Events in your trash|cards? in your trash|card in your hand)",
            re.I,
        ),
        _per_every,
        "{T} gains {P} power for every N Events in your trash (permanent)",
    ),
    rule("{T} gains? [{K}]{D}", keyword),
    Rule(  # "this Character gains [Double Attack], [Banish] or [Blocker]": the player picks one
        re.compile(r"(?P<t>.+?) gains? (?P<ks>\[[^\]]+\](?:, \[[^\]]+\])*,? or \[[^\]]+\])(?P<d>.*)", re.I),
        _one_keyword,
        "{T} gains [A], [B] or [C]{D}",
    ),
    rule("{T} gains? [{K}] and {P} power{D}", both(keyword, timed(m_.Power))),
    rule("{T} gains? [{K}] and {P} cost{D}", both(keyword, timed(m_.CostChange))),
    Rule(
        re.compile(
            r"(?P<t>.+?) gains? (?P<p>[+-]\d+) power and (?P<p2>[+-]\d+) cost(?P<d>"
            + "|".join(re.escape(d) for d in DURATIONS)
            + ")?",
            re.I,
        ),
        both(timed(m_.Power), second_cost),
        "{T} gains {P} power and {P} cost{D}",
    ),
    rule("{T} cannot attack{D}", status("cannot_attack")),
    rule("{T} cannot be K.O.'d{D}", status("cannot_be_ko")),
    rule(
        "{T} cannot be K.O.'d in battle and gains {P} power{D}",
        _unbeaten_and_power,
    ),
    rule("{T} cannot be K.O.'d in battle{D}", status("cannot_be_ko_in_battle")),
    rule("{T} cannot be K.O.'d by effects{D}", status("cannot_be_ko_by_effects")),
    rule("{T} cannot be K.O.'d by your opponent's effects{D}", status("cannot_be_ko_by_opponent_effects")),
    rule(
        "{T} cannot be removed from the field by your opponent's effects{D}",
        status("cannot_be_removed_by_opponent_effects"),
    ),
    rule("{T} cannot be rested{D}", status("cannot_be_rested")),
    # a negation lasts for a stated time; a permanent one is read by no engine path (see ``stats.negated``)
    rule("Negate the effects? of {T}{D}", timed_only(status("negated"))),
    rule("{T}'s effects? (?:is|are) negated{D}", timed_only(status("negated"))),
    rule("{T} cannot activate [Blocker]{D}", status("cannot_block")),
    rule("Your opponent cannot activate [Blocker]{D}", status("cannot_block", target=ALL_OPPONENT_CHARACTERS)),
    rule(
        "{T} will not become active in your opponent's next Refresh Phase",
        with_target(
            lambda t, m, c: m_.GainStatus(target=t, status="no_refresh", duration="until_end_of_opponents_next_turn")
        ),
    ),
    rule("{T} can also attack (?:your opponent's )?active Characters{D}", status("can_attack_active")),
    # one verb, two targets: "Return up to 1 Character with a cost of 8 or less and up to 1
    # Character with a cost of 3 or less to the owner's hand" (each picked in turn)
    rule("K.O. {T} and {T2}", pair(with_target(lambda t, m, c: m_.KO(target=t)))),
    rule("Rest {T} and {T2}", pair(with_target(lambda t, m, c: m_.Rest(target=t)))),
    # one target, the player's pick of what happens to it: "Return up to 1 Character ... to the
    # owner's hand or place it at the bottom of their deck", "K.O. or rest up to 1 ..."
    rule(
        "Return {T} to the owner's hand or (?:place it at )?the bottom of (?:their|the owner's) deck",
        either(lambda t: m_.ReturnToHand(target=t), lambda t: m_.ReturnToDeck(target=t, position="bottom")),
    ),
    rule(
        "K.O. {T},? or return it to the owner's hand",
        either(lambda t: m_.KO(target=t), lambda t: m_.ReturnToHand(target=t)),
    ),
    rule(
        "Set this Character or up to {N} of your DON!! cards as active",
        lambda m, c: m_.ChooseOne(
            options=((m_.SetActive(target=m_.Target(who="self_card", up_to=False)),), (m_.SetDonActive(n=num(m)),))
        ),
    ),
    rule("K.O. or rest {T}", either(lambda t: m_.KO(target=t), lambda t: m_.Rest(target=t))),
    rule("Return {T} and {T2} to the owner's hand", pair(with_target(lambda t, m, c: m_.ReturnToHand(target=t)))),
    rule(
        "Place {T} and {T2} at the bottom of the owner's deck(?: in any order)?",
        pair(with_target(lambda t, m, c: m_.ReturnToDeck(target=t, position="bottom"))),
    ),
)
