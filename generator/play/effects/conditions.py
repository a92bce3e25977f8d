"""The condition formulas: the "If ..." clauses of card text, one rule per formula.

"you have" and "your opponent has" say the same thing about different players, so the counting
formulas are written once with an owner slot; the zone words map to the ``count`` condition's zone.
Conditions joined by "and" are split by ``parse_conditions``; "or" between two conditions is
not a formula we compile (an engine would need a disjunction node for a handful of cards).
"""

from __future__ import annotations

import re

from generator.play.effects import model as m_
from generator.play.effects.grammar import Context, Rule, match, rule
from generator.play.effects.model_base import Compare, Player
from generator.play.effects.model_conditions import CountZone, Whose
from generator.play.effects.phrases import COLOURS, parse_filter

_OWNER = r"(?P<who>you have|your opponent has)"
_CMP = r"(?P<n>\d+)(?P<cmp> or less| or more|)"
_ZONES: dict[str, CountZone] = {
    "Life cards": "life",
    "cards in your hand": "hand",
    "cards in their hand": "hand",
    "cards in your trash": "trash",
    "cards in their trash": "trash",
    "cards in your deck": "deck",
    "DON!! cards on your field": "don",
    "DON!! cards on their field": "don",
    "rested DON!! cards": "rested_don",
    "active DON!! cards": "active_don",
    "given DON!! cards": "given_don",
}
_ZONE_ALT = "|".join(re.escape(z) for z in sorted(_ZONES, key=len, reverse=True))


def _whose(m: re.Match[str]) -> Player:
    return "opponent" if m["who"].startswith("your opponent") else "you"


_COMPARES: dict[str, Compare] = {" or less": "at_most", " or more": "at_least", "": "exactly"}


def _compare(m: re.Match[str]) -> Compare:
    return _COMPARES[m["cmp"]]


def _zone_count(m: re.Match[str], ctx: Context):
    return m_.CountCondition(zone=_ZONES[m["zone"]], whose=_whose(m), compare=_compare(m), n=int(m["n"]))


def _card_count(compare: Compare | None = None, n: int | None = None, whose: Whose | None = None):
    """ "you have 2 or more rested Characters", "you have a [Name]", "there is a Character...":
    Characters when the noun says so, any card on the field for a bare name, trash for "in your
    trash"; None for anything else."""

    def build(m: re.Match[str], ctx: Context):
        parsed = parse_filter(m["f"])
        if parsed is None or parsed[2]:
            return None
        flt, scope, _ = parsed
        in_trash = bool(m.groupdict().get("trash"))
        zone: CountZone
        if in_trash:
            zone = "trash"
        elif scope == "character":
            zone, flt = "characters", flt.model_copy(update={"category": None})
        elif scope == "both" and flt.names and flt.category is None:
            zone = "field"
        else:
            return None
        return m_.CountCondition(
            zone=zone,
            whose=whose or _whose(m),
            filter=flt,
            compare=compare or _compare(m),
            n=int(m["n"]) if n is None else n,
        )

    return build


def _types(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\{([^}]+)\}", text))


_R = re.I
_SUBJECTLESS = re.compile(r"\[[^\]]+\]|(?:a|an|\d+) .+")
CONDITIONS: tuple[Rule, ...] = (
    Rule(
        re.compile(r"your Leader has the (?P<t>\{[^}]+\}(?: or \{[^}]+\})*) type", _R),
        lambda m, c: m_.LeaderHasType(types=_types(m["t"])),
        "your Leader has the {T} type",
    ),
    Rule(
        re.compile(r"your Leader's type includes \"(?P<t>[^\"]+)\"", _R),
        lambda m, c: m_.LeaderHasType(types=(m["t"],), contains=True),
        'your Leader\'s type includes "X"',
    ),
    Rule(
        re.compile(r"your Leader is \[(?P<name>[^\]]+)\]", _R),
        lambda m, c: m_.LeaderIsName(name=m["name"]),
        "your Leader is [Name]",
    ),
    rule("your Leader is multicolored", lambda m, c: m_.LeaderMulticoloured()),
    Rule(
        re.compile(rf"your Leader is (?P<c>{'|'.join(COLOURS)})", _R),
        lambda m, c: m_.LeaderIsColour(colour=m["c"].capitalize()),
        "your Leader is <colour>",
    ),
    Rule(
        re.compile(rf"{_OWNER} (?:a total of )?{_CMP} (?P<zone>{_ZONE_ALT})", _R),
        _zone_count,
        "you have N or less Life cards / cards in your hand / DON!! cards on your field ...",
    ),
    Rule(
        re.compile(r"you have any DON!! cards given", _R),
        lambda m, c: m_.CountCondition(zone="given_don", compare="at_least", n=1),
        "you have any DON!! cards given",
    ),
    Rule(
        re.compile(rf"{_OWNER} {_CMP} (?P<f>.+?)(?P<trash> in your trash)?(?: on your field)?", _R),
        _card_count(),
        "you have N or more {F}",
    ),
    Rule(
        re.compile(rf"{_OWNER} (?:a|an) (?P<f>.+?)(?: on your field)?", _R),
        _card_count("at_least", 1),
        "you have a {F}",
    ),
    Rule(re.compile(rf"{_OWNER} (?P<f>\[.+?)(?: on your field)?", _R), _card_count("at_least", 1), "you have [Name]"),
    Rule(
        re.compile(r"(?P<who>you) (?:don't|do not) have (?:a |an |any )?(?P<f>.+?)", _R),
        _card_count("at_most", 0),
        "you don't have {F}",
    ),
    Rule(re.compile(r"there is (?:a|an) (?P<f>.+?)", _R), _card_count("at_least", 1, whose="both"), "there is a {F}"),
    rule(
        "you and your opponent have a total of {N} or less Life cards",
        lambda m, c: m_.CountCondition(zone="life", whose="both", compare="at_most", n=int(m["n"])),
    ),
    rule(
        "you have less Life cards than your opponent", lambda m, c: m_.CompareWithOpponent(zone="life", compare="less")
    ),
    rule(
        "the number of your Life cards is equal to or less than the number of your opponent's Life cards",
        lambda m, c: m_.CompareWithOpponent(zone="life", compare="at_most"),
    ),
    rule(
        "the number of DON!! cards on your field is equal to or less than the number on your opponent's field",
        lambda m, c: m_.CompareWithOpponent(zone="don", compare="at_most"),
    ),
    rule(
        "your opponent has more DON!! cards on their field than you",
        lambda m, c: m_.CompareWithOpponent(zone="don", compare="less"),
    ),
    Rule(
        re.compile(r"this (?:Character|Leader|card) is (?P<s>rested|active)", _R),
        lambda m, c: m_.SelfState(state="rested" if m["s"].lower() == "rested" else "active"),
        "this Character is rested",
    ),
    rule("this Character was played on this turn", lambda m, c: m_.SelfState(state="played_this_turn")),
    Rule(
        re.compile(r"this (?:Character|Leader) has (?P<n>\d+) power(?P<cmp> or less| or more|)", _R),
        lambda m, c: m_.SelfPower(compare=_compare(m), n=int(m["n"])),
        "this Character has N power or more",
    ),
    Rule(
        re.compile(r"your (?P<opp>opponent's )?Leader has the <(?P<a>[^>]+)> attribute", _R),
        lambda m, c: m_.LeaderHasAttribute(attribute=m["a"], whose="opponent" if m["opp"] else "you"),
        "your Leader has the <Slash> attribute",
    ),
)


def parse_conditions(text: str, subject: str = "") -> tuple[m_.Condition, ...] | None:
    """ "A and B" -> (A, B). Tries the whole text first so that "and" inside one condition's
    card phrase is not cut. A part without a subject takes the previous part's: "you have
    [Nami] and [Usopp]" is two "you have" conditions, "you have 6 or less cards in your hand and a
    Character with..." too. Not "you have [A] and [B] Characters with 6000 power", where the
    qualifier belongs to both names: only a lone name or a counted phrase takes a subject."""
    inherits = subject and _SUBJECTLESS.fullmatch(text)
    for candidate in (text, f"{subject} {text}") if inherits else (text,):
        whole = match(CONDITIONS, candidate, Context())
        if whole is not None:
            return (whole,)
    for cut in re.finditer(" and ", text):
        head = parse_conditions(text[: cut.start()], subject)
        said = re.match(r"you have|your opponent has", text, re.I)
        tail = parse_conditions(text[cut.end() :], said.group() if said else "") if head else None
        if head and tail and len(head) == 1:
            return (*head, *tail)
    return None
