"""The pattern-table machinery: a rule is a regular expression with named slots and a builder.

Why tables: card text is formulaic, and each formula maps to one node. A table of (pattern ->
builder) reads like the card-text style guide, grows one line per formula, and lets coverage ask
which formula matched without a chain of ifs. Slots keep the patterns readable:

  {T}  a target phrase, parsed by ``phrases.parse_target``    -> group ``t`` (``t2`` for {T2})
  {F}  a card-filter phrase, parsed by ``phrases.parse_filter`` -> group ``f``
  {N}  a count ("1", "a")                                       -> group ``n`` (``n2`` for {N2})
  {P}  a signed amount ("+2000", "-1")                          -> group ``p``
  {K}  a keyword inside its brackets' place ("[{K}]")           -> group ``k``
  {D}  an optional duration suffix                              -> group ``d``

A builder returns a node (or a tuple of nodes), or None to say "the words matched but the slots did
not parse": the next rule is then tried, and if none fits the text is reported unparsed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from generator.play.effects.model import Duration

if TYPE_CHECKING:
    from _typeshed import MaybeNone

_DURATIONS: dict[str, Duration] = {
    " during this turn": "this_turn",
    " during this battle": "this_battle",
    " until the end of your opponent's next turn": "until_end_of_opponents_next_turn",
    " until the end of your opponent's next End Phase": "until_end_of_opponents_next_turn",
    " until the start of your next turn": "until_start_of_your_next_turn",
    " until the end of your next turn": "until_end_of_your_next_turn",
}
_BY_LOWER = {k.lower(): v for k, v in _DURATIONS.items()}
DURATIONS = tuple(_DURATIONS)  # the duration suffixes as printed, for hand-written patterns
DURATION_PHRASES: dict[Duration, str] = {}  # one way to say each duration
for _phrase, _said in _DURATIONS.items():
    DURATION_PHRASES.setdefault(_said, _phrase)
_SLOTS = {
    "{T}": r"(?P<t>.+?)",
    "{T2}": r"(?P<t2>.+?)",
    "{F}": r"(?P<f>.+?)",
    "{N}": r"(?P<n>\d+|a|an)",
    "{N2}": r"(?P<n2>\d+|a|an)",
    "{P}": r"(?P<p>[+-]\d+)",
    "{K}": "(?P<k>Rush: Character|Rush|Blocker|Double Attack|Banish|Unblockable)",
    "{D}": "(?P<d>" + "|".join(re.escape(d) for d in _DURATIONS) + ")?",
}


@dataclass(frozen=True)
class Context:
    """What a builder may need to know about the effect around it. ``static`` effects are
    continuous, so a buff without a duration lasts while the effect applies; in a triggered
    effect a buff without a duration is not a formula we know, so it stays unparsed."""

    static: bool = False


class Slots(Protocol):
    """The named groups of a rule's match as builders read them. ``re.Match`` has them, and so do
    the stand-ins that read one match with a slot renamed (``action_builders.pair``). A group that
    took no part in the match is None, typed as ``re.Match`` types it (``MaybeNone``)."""

    def __getitem__(self, key: str, /) -> str | MaybeNone: ...

    def groupdict(self) -> dict[str, str | MaybeNone]: ...


B = TypeVar("B")
B_co = TypeVar("B_co", covariant=True)
# A builder: the node (or nodes) a matched formula stands for, or None when its slots do not parse.
Build = Callable[[Slots, Context], B | None]


@dataclass(frozen=True)
class Rule(Generic[B_co]):
    """A formula: its pattern, the builder of what it stands for (``B``: an action, a cost, a
    condition...) and the pattern as written, for coverage reports."""

    pattern: re.Pattern[str]
    build: Callable[[re.Match[str], Context], B_co | None]
    source: str


_LITERAL = re.compile(r"[.\[\]+*^$\\]")


def rule(pattern: str, build: Callable[[re.Match[str], Context], B | None]) -> Rule[B]:
    """Compile a rule. The pattern is card text in which ``( | ) ?`` keep their regex meaning
    ("cards?", "this (?:Character|Stage)") and every other character is literal; card text never
    prints those four outside a slot, while "K.O." and "[Blocker]" are common."""
    regex = _LITERAL.sub(lambda c: "\\" + c.group(), pattern)
    for slot, group in _SLOTS.items():
        regex = regex.replace(slot, group)
    return Rule(re.compile(regex, re.IGNORECASE), build, pattern)


def match(rules: Sequence[Rule[B]], text: str, ctx: Context) -> B | None:
    """The first rule whose pattern matches the whole text and whose builder accepts it."""
    text = text.strip()
    for r in rules:
        m = r.pattern.fullmatch(text)
        if m:
            built = r.build(m, ctx)
            if built is not None:
                return built
    return None


def duration(m: Slots, ctx: Context) -> Duration | None:
    said = m.groupdict().get("d")
    if said:
        return _BY_LOWER[said.lower()]
    return "continuous" if ctx.static else None
