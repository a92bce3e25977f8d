"""The builders the action rules share: slot parsers ({T}, {F}), durations, keywords, statuses and
one action on two targets.

Why apart from the rule tables: every family of action formulas (``actions_cards``,
``actions_field``, ``actions_more``) builds its nodes the same way, and the tables read better as
lists of formulas with the builders out of the way.
"""

from __future__ import annotations

import re
from typing import cast

from generator.play.effects import model as m_
from generator.play.effects.grammar import Context, duration
from generator.play.effects.model_base import Keyword
from generator.play.effects.phrases import number, parse_filter, parse_target

ALL_OPPONENT_CHARACTERS = m_.Target(who="opponent_character", count=None, up_to=False)


def num(m: re.Match[str]) -> int:
    return number(m["n"])


def with_target(build):
    """Run the builder only when the {T} slot parses as a target."""

    def wrapped(m: re.Match[str], ctx: Context):
        t = parse_target(m["t"])
        return None if t is None else build(t, m, ctx)

    return wrapped


def with_filter(build):
    """Run the builder only when the {F} slot parses as a card filter (of cards off the field,
    so "other than this Character" makes no sense there)."""

    def wrapped(m: re.Match[str], ctx: Context):
        parsed = parse_filter(m["f"])
        return None if parsed is None or parsed[2] else build(parsed[0], m, ctx)

    return wrapped


def timed(node_type, target: m_.Target | None = None, **fixed):
    """A node with a target and a duration (power, cost, base power, status). The amount comes from
    {P} or {N}. None when a triggered effect gives no duration (see ``grammar.Context``)."""

    def build(m: re.Match[str], ctx: Context):
        t = target or parse_target(m["t"])
        d = duration(m, ctx)
        if t is None or d is None:
            return None
        groups = m.groupdict()
        amount = {"amount": int(groups["p"])} if "p" in groups else {"value": int(groups["n"])} if "n" in groups else {}
        return node_type(target=t, duration=d, **fixed, **amount)

    return build


def keyword(m: re.Match[str], ctx: Context):
    """A keyword gained with no duration lasts while the card stays on the field (3-1-6 ends it)."""
    t, d = parse_target(m["t"]), duration(m, ctx) or "continuous"
    keyword = cast(Keyword, m["k"])  # the pattern names only keywords
    return (
        None if t is None or d is None else m_.GainKeyword(target=t, keyword=keyword, duration=d)
    )  # the pattern names only keywords


def second_cost(m: re.Match[str], ctx: Context):
    """The cost half of "gains +2000 power and +5 cost"."""
    t, d = parse_target(m["t"]), duration(m, ctx)
    return None if t is None or d is None else m_.CostChange(target=t, amount=int(m["p2"]), duration=d)


def characters_only(f: m_.CardFilter) -> m_.CardFilter:
    return f.model_copy(update={"category": None})


def keyword_named(m: re.Match[str], ctx: Context, keyword: Keyword):
    """ "can attack Characters on the turn in which it is played" is [Rush: Character] (10-1-6)."""
    t, d = parse_target(m["t"]), duration(m, ctx) or "continuous"
    return None if t is None else m_.GainKeyword(target=t, keyword=keyword, duration=d)


def both(first, second):
    """One clause, two effects on one target: "gains [Rush] and +1000 power"."""

    def build(m: re.Match[str], ctx: Context):
        a, b = first(m, ctx), second(m, ctx)
        return None if a is None or b is None else (a, b)

    return build


def timed_only(build):
    def wrapped(m: re.Match[str], ctx: Context):
        built = build(m, ctx)
        return None if built is None or built.duration == "continuous" else built

    return wrapped


def pair(build):
    """ "Your Leader and all of your Characters gain +1000 power": the same action on two
    targets, {T} and {T2}."""

    def both(m: re.Match[str], ctx: Context):
        first = build(m, ctx)
        second = build(_Swapped(m), ctx)
        return None if first is None or second is None else (first, second)

    return both


class _Swapped:
    """A match whose ``t`` group reads the ``t2`` group."""

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def __getitem__(self, key: str):
        return self._m["t2" if key == "t" else key]

    def groupdict(self) -> dict:
        return {**self._m.groupdict(), "t": self._m["t2"]}


def status(status: str, target: m_.Target | None = None):
    return timed(m_.GainStatus, target=target, status=status)
