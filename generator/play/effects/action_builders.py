"""The builders the action rules share: slot parsers ({T}, {F}), durations, keywords, statuses and
one action on two targets.

Why apart from the rule tables: every family of action formulas (``actions_cards``,
``actions_field``, ``actions_zones``) builds its nodes the same way, and the tables read better as
lists of formulas with the builders out of the way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import MaybeNone

from collections.abc import Callable
from typing import TypeVar, cast

from generator.play.effects import model as m_
from generator.play.effects.grammar import Build, Context, Slots, duration
from generator.play.effects.model_actions import Status
from generator.play.effects.model_base import Keyword
from generator.play.effects.phrases import number, parse_filter, parse_target

ALL_OPPONENT_CHARACTERS = m_.Target(who="opponent_character", count=None, up_to=False)

# What an action formula stands for: one action, or several from one clause ("gains [Rush] and +1000").
Built = m_.Action | tuple[m_.Action, ...]
A = TypeVar("A")
A2 = TypeVar("A2")
# A node with a target and a duration (``timed``).
Timed = TypeVar("Timed", m_.Power, m_.CostChange, m_.SetBasePower, m_.CopyPower, m_.GainStatus)


def num(m: Slots) -> int:
    return number(m["n"])


def with_target(build: Callable[[m_.Target, Slots, Context], A | None]) -> Build[A]:
    """Run the builder only when the {T} slot parses as a target."""

    def wrapped(m: Slots, ctx: Context) -> A | None:
        t = parse_target(m["t"])
        return None if t is None else build(t, m, ctx)

    return wrapped


def with_filter(build: Callable[[m_.CardFilter, Slots, Context], A | None]) -> Build[A]:
    """Run the builder only when the {F} slot parses as a card filter (of cards off the field,
    so "other than this Character" makes no sense there)."""

    def wrapped(m: Slots, ctx: Context) -> A | None:
        parsed = parse_filter(m["f"])
        return None if parsed is None or parsed[2] else build(parsed[0], m, ctx)

    return wrapped


def timed(node_type: Callable[..., Timed], target: m_.Target | None = None, **fixed: str) -> Build[Timed]:
    """A node with a target and a duration (power, cost, base power, status). The amount comes from
    {P} or {N}. None when a triggered effect gives no duration (see ``grammar.Context``). The
    node's fields are the slots the pattern has, so ``node_type`` is called with keywords."""

    def build(m: Slots, ctx: Context) -> Timed | None:
        t = target or parse_target(m["t"])
        d = duration(m, ctx)
        if t is None or d is None:
            return None
        groups = m.groupdict()
        amount = {"amount": int(groups["p"])} if "p" in groups else {"value": int(groups["n"])} if "n" in groups else {}
        return node_type(target=t, duration=d, **fixed, **amount)

    return build


def keyword(m: Slots, ctx: Context) -> m_.GainKeyword | None:
    """A keyword gained with no duration lasts while the card stays on the field (3-1-6 ends it)."""
    t, d = parse_target(m["t"]), duration(m, ctx) or "continuous"
    keyword = cast(Keyword, m["k"])  # the pattern names only keywords
    return (
        None if t is None or d is None else m_.GainKeyword(target=t, keyword=keyword, duration=d)
    )  # the pattern names only keywords


def second_cost(m: Slots, ctx: Context) -> m_.CostChange | None:
    """The cost half of "gains +2000 power and +5 cost"."""
    t, d = parse_target(m["t"]), duration(m, ctx)
    return None if t is None or d is None else m_.CostChange(target=t, amount=int(m["p2"]), duration=d)


def characters_only(f: m_.CardFilter) -> m_.CardFilter:
    return f.model_copy(update={"category": None})


def keyword_named(m: Slots, ctx: Context, keyword: Keyword) -> m_.GainKeyword | None:
    """ "can attack Characters on the turn in which it is played" is [Rush: Character] (10-1-6)."""
    t, d = parse_target(m["t"]), duration(m, ctx) or "continuous"
    return None if t is None else m_.GainKeyword(target=t, keyword=keyword, duration=d)


def both(first: Build[A], second: Build[A2]) -> Build[tuple[A, A2]]:
    """One clause, two effects on one target: "gains [Rush] and +1000 power"."""

    def build(m: Slots, ctx: Context) -> tuple[A, A2] | None:
        a, b = first(m, ctx), second(m, ctx)
        return None if a is None or b is None else (a, b)

    return build


def timed_only(build: Build[Timed]) -> Build[Timed]:
    def wrapped(m: Slots, ctx: Context) -> Timed | None:
        built = build(m, ctx)
        return None if built is None or built.duration == "continuous" else built

    return wrapped


def pair(build: Build[A]) -> Build[tuple[A, A]]:
    """ "Your Leader and all of your Characters gain +1000 power": the same action on two
    targets, {T} and {T2}."""

    def both(m: Slots, ctx: Context) -> tuple[A, A] | None:
        first = build(m, ctx)
        second = build(_Swapped(m), ctx)
        return None if first is None or second is None else (first, second)

    return both


class _Swapped:
    """A match whose ``t`` group reads the ``t2`` group."""

    def __init__(self, m: Slots) -> None:
        self._m = m

    def __getitem__(self, key: str, /) -> str | MaybeNone:
        return self._m["t2" if key == "t" else key]

    def groupdict(self) -> dict[str, str | MaybeNone]:
        return {**self._m.groupdict(), "t": self._m["t2"]}


def status(status: Status, target: m_.Target | None = None) -> Build[m_.GainStatus]:
    return timed(m_.GainStatus, target=target, status=status)
