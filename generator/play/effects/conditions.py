"""The condition formulas: the "If ..." clauses of card text, one rule per formula.

"you have" and "your opponent has" say the same thing about different players, so the counting
formulas are written once with an owner slot; the zone words map to the ``count`` condition's zone.
Conditions joined by "and" are split by ``parse_conditions``; "or" between two conditions is
not a formula we compile (an engine would need a disjunction node for a handful of cards).
"""

from __future__ import annotations

import re

from generator.play.effects import model as m_
from generator.play.effects.grammar import Build, Context, Rule, Slots, match, rule
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
    "rested cards": "rested_cards",
    "face-up Life cards": "face_up_life",
}
_ZONE_ALT = "|".join(re.escape(z) for z in sorted(_ZONES, key=len, reverse=True))


def _whose(m: Slots) -> Player:
    return "opponent" if m["who"].startswith("your opponent") else "you"


_COMPARES: dict[str, Compare] = {" or less": "at_most", " or more": "at_least", "": "exactly"}


def _compare(m: Slots) -> Compare:
    return _COMPARES[m["cmp"]]


def _zone_count(m: Slots, ctx: Context) -> m_.CountCondition:
    return m_.CountCondition(zone=_ZONES[m["zone"]], whose=_whose(m), compare=_compare(m), n=int(m["n"]))


def _card_count(
    compare: Compare | None = None, n: int | None = None, whose: Whose | None = None
) -> Build[m_.CountCondition]:
    """ "you have 2 or more rested Characters", "you have a [Name]", "there is a Character...":
    Characters when the noun says so, any card on the field for a bare name, trash for "in your
    trash"; None for anything else."""

    def build(m: Slots, ctx: Context) -> m_.CountCondition | None:
        parsed = parse_filter(m["f"])
        if parsed is None:
            return None
        flt, scope, excl = parsed
        in_trash = bool(m.groupdict().get("trash"))
        zone: CountZone
        if in_trash:
            zone = "trash"
        elif scope == "character":
            zone, flt = "characters", flt.model_copy(update={"category": None})
        elif scope == "both" and flt.category is None and (flt.names or m["f"].startswith("Leader or Character ")):
            zone = "field"  # "you have [Name]", "your opponent has a Leader or Character with ..."
        else:
            return None
        return m_.CountCondition(
            zone=zone,
            whose=whose or _whose(m),
            filter=flt,
            compare=compare or _compare(m),
            n=int(m["n"]) if n is None else n,
            exclude_self=excl or bool(m.groupdict().get("other")),
        )

    return build


def _types(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\{([^}]+)\}", text))


_R = re.I
_SUBJECTLESS = re.compile(r"\[[^\]]+\]|(?:a|an|\d+) .+")
CONDITIONS: tuple[Rule[m_.Condition], ...] = (
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


def _revealed_is(m: Slots, ctx: Context) -> m_.RevealedIs | None:
    """ "the revealed card is a Character card with 6000 power or more", "that card has a cost of
    4 or more", "that card's type includes "X"": the filter of a card off the field."""
    said, verb = m["rest"], m["verb"].strip()
    phrase = {
        "is": re.sub(r"^(?:an? )", "", said),
        "has": f"card with {said}",
        "'s type includes": f'card with a type including "{said.strip(chr(34))}"',
    }[verb]
    parsed = parse_filter(phrase)
    if parsed is None or parsed[2]:
        return None
    return m_.RevealedIs(filter=parsed[0])


def _only(m: Slots, ctx: Context) -> m_.OnlyCharacters | None:
    parsed = parse_filter(m["f"])
    if parsed is None or parsed[2] or parsed[1] != "character":
        return None
    return m_.OnlyCharacters(filter=parsed[0].model_copy(update={"category": None}))


CONDITIONS = (
    *CONDITIONS,
    Rule(
        re.compile(r"the only Characters on your field are (?P<f>.+? Characters)", _R),
        _only,
        "the only Characters on your field are {F}",
    ),
    Rule(
        re.compile(r"you only have (?P<f>.+? Characters|Characters with .+)", _R), _only, "you only have {F} Characters"
    ),
    Rule(
        re.compile(r"your Leader is (?P<names>\[[^\]]+\](?:, \[[^\]]+\])*,? or \[[^\]]+\])", _R),
        lambda m, c: m_.AnyOf(
            conditions=tuple(m_.LeaderIsName(name=n) for n in re.findall(r"\[([^\]]+)\]", m["names"]))
        ),
        "your Leader is [A], [B] or [C]",
    ),
    Rule(
        re.compile(r"either you or your opponent has (?P<n>\d+) DON!! cards on the field", _R),
        lambda m, c: m_.AnyOf(
            conditions=tuple(
                m_.CountCondition(zone="don", whose=w, compare="at_least", n=int(m["n"])) for w in ("you", "opponent")
            )
        ),
        "either you or your opponent has N DON!! cards on the field",
    ),
    Rule(
        re.compile(r"your (?P<opp>opponent's )?Leader has (?P<n>\d+) power(?P<cmp> or less| or more|)", _R),
        lambda m, c: m_.LeaderPower(whose="opponent" if m["opp"] else "you", compare=_compare(m), n=int(m["n"])),
        "your Leader has N power or more",
    ),
    Rule(
        re.compile(r"your Leader is (?P<s>active|rested)", _R),
        lambda m, c: m_.LeaderState(state="active" if m["s"].lower() == "active" else "rested"),
        "your Leader is active",
    ),
    rule("it is your second turn or later", lambda m, c: m_.OwnTurnCount(n=2)),
    Rule(
        re.compile(r"(?P<who>you) have no (?P<other>other )?(?P<f>.+?)(?: on your field)?", _R),
        _card_count("at_most", 0),
        "you have no [other] {F}",
    ),
    Rule(
        re.compile(r"(?P<who>you) have an? face-up Life card", _R),
        lambda m, c: m_.CountCondition(zone="face_up_life", compare="at_least", n=1),
        "you have a face-up Life card",
    ),
    Rule(
        re.compile(rf"there are {_CMP} (?P<f>.+?)", _R),
        lambda m, c: _card_count(whose="both")(m, c),
        "there are N or more {F}",
    ),
    rule(
        "you have less Characters than your opponent",
        lambda m, c: m_.CompareWithOpponent(zone="characters", compare="less"),
    ),
    rule(
        "all of your DON!! cards are rested",
        lambda m, c: m_.CountCondition(zone="active_don", compare="at_most", n=0),
    ),
    rule(
        "you have any DON!! cards on your field",
        lambda m, c: m_.CountCondition(zone="don", compare="at_least", n=1),
    ),
    rule(
        "your opponent has any DON!! cards given",
        lambda m, c: m_.CountCondition(zone="given_don", whose="opponent", compare="at_least", n=1),
    ),
    rule(
        "you and your opponent have a total of {N} or more Life cards",
        lambda m, c: m_.CountCondition(zone="life", whose="both", compare="at_least", n=int(m["n"])),
    ),
    Rule(
        re.compile(r"your deck has (?P<n>\d+) cards?(?P<cmp> or less| or more|)", _R),
        lambda m, c: m_.CountCondition(zone="deck", compare=_compare(m), n=int(m["n"])),
        "your deck has N cards",
    ),
    Rule(
        re.compile(rf"your Leader's colors include (?P<c>{'|'.join(COLOURS)})", _R),
        lambda m, c: m_.LeaderIsColour(colour=m["c"].capitalize()),
        "your Leader's colors include <colour>",
    ),
    rule("the revealed card has the chosen cost", lambda m, c: m_.ChosenCost()),
    Rule(
        re.compile(
            r"(?:the revealed card|that card|that Character|the selected Character|the chosen Character)"
            r"(?P<verb> is|'s type includes| has) (?P<rest>.+)",
            _R,
        ),
        _revealed_is,
        "the revealed card is {F}",
    ),
)


_LEADER_TAILS = (
    (re.compile(r"(?:is|has) .+"), "your Leader {}"),
    (re.compile(rf"\[.+|multicolored|{'|'.join(COLOURS)}"), "your Leader is {}"),
    (re.compile(r"the .+ (?:type|attribute)"), "your Leader has {}"),
    (re.compile(r"a type including (\".+\")"), "your Leader's type includes {}"),
)


def _leader_said(text: str) -> str | None:
    """A part that goes on about "your Leader": "[Boa Hancock] or multicolored", "7000 power or
    more and the {Kid Pirates} type", "the {FILM} type or the <Strike> attribute", "the {X} type or
    a type including "Y"" -> the part with its subject and verb."""
    for pattern, said in _LEADER_TAILS:
        if m := pattern.fullmatch(text):
            return said.format(m[1] if m.groups() else text)
    return None


def parse_conditions(text: str, subject: str = "") -> tuple[m_.Condition, ...] | None:
    """ "A and B" -> (A, B). Tries the whole text first so that "and" inside one condition's
    card phrase is not cut. A part without a subject takes the previous part's: "you have
    [Nami] and [Usopp]" is two "you have" conditions, "you have 6 or less cards in your hand and a
    Character with..." too. Not "you have [A] and [B] Characters with 6000 power", where the
    qualifier belongs to both names: only a lone name or a counted phrase takes a subject."""
    leader = _leader_said(text) if subject == "your Leader" else None
    inherits = subject and (_SUBJECTLESS.fullmatch(text) or leader)
    said_as = leader or f"{subject} {text}"
    for candidate in (text, said_as) if inherits else (text,):
        whole = match(CONDITIONS, candidate, Context())
        if whole is not None:
            return (whole,)
    for cut in re.finditer(",? and ", text):
        head = parse_conditions(text[: cut.start()], subject)
        said = re.match(r"you have|your opponent has|your Leader", text, re.I)
        tail = parse_conditions(text[cut.end() :], said.group() if said else "") if head else None
        if head and tail and len(head) == 1:
            return (*head, *tail)
    for cut in re.finditer(" or ", text):  # "your Leader has the {X} type or is [Y]"
        head = parse_conditions(text[: cut.start()], subject)
        said = re.match(r"you have|your opponent has|your Leader", text, re.I)
        tail = parse_conditions(text[cut.end() :], said.group() if said else "") if head else None
        if head and tail and len(head) == 1 and len(tail) == 1:
            return (m_.AnyOf(conditions=(*head, *tail)),)
    return None
