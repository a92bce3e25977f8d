"""The noun-phrase grammar shared by actions, costs and conditions: "up to 2 of your opponent's
rested {Navy} type Characters with a cost of 4 or less other than [Smoker]" -> Target.

Why its own module: every action names its objects the same way, so one parser for the phrase
(count, owner, adjectives, noun, trailing qualifiers) keeps the action table to verbs. The parser
is strict: a phrase with a word it does not know returns None, so the caller reports the fragment
as unparsed rather than guessing a wider target than the card allows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from generator.play.effects.model import CardFilter, Target
from generator.play.effects.model_base import Who

COLOURS = ("red", "green", "blue", "purple", "black", "yellow")
_WORD_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}

# noun (as printed) -> (category filter, which side's field it allows: leader, character, both)
_NOUNS: dict[str, tuple[str | None, str]] = {
    "Character": ("Character", "character"),
    "Characters": ("Character", "character"),
    "Character card": ("Character", "character"),
    "Character cards": ("Character", "character"),
    "Leader": ("Leader", "leader"),
    "Leaders": ("Leader", "leader"),
    "Leader or Character card": (None, "both"),
    "Leader or Character cards": (None, "both"),
    "Leader or Characters": (None, "both"),
    "Leader or Character": (None, "both"),
    "Leader and Character cards": (None, "both"),
    "Leaders and Characters": (None, "both"),
    "Leaders or Characters": (None, "both"),
    "Leader or Stage card": (None, "leader_or_stage"),
    "Leader or Stage cards": (None, "leader_or_stage"),
    "card": (None, "both"),
    "cards": (None, "both"),
    "Event": ("Event", "other"),
    "Events": ("Event", "other"),
    "Event card": ("Event", "other"),
    "Event cards": ("Event", "other"),
    "Stage": ("Stage", "other"),
    "Stages": ("Stage", "other"),
    "Stage card": ("Stage", "other"),
    "Stage cards": ("Stage", "other"),
}
_NOUN_ALT = "|".join(sorted((re.escape(n) for n in _NOUNS), key=len, reverse=True))

_LIST_SEP = r"(?:, or |, | or )"
_HEAD = re.compile(
    rf"(?:(?P<colour>{'|'.join(COLOURS)}) )?"
    r"(?:(?P<state>rested|active) )?"
    rf"(?:(?P<types>\{{[^}}]+\}}(?:{_LIST_SEP}\{{[^}}]+\}})*) type )?"
    r"(?:<(?P<attribute>[^>]+)> attribute )?"
    rf"(?P<names>\[[^\]]+\](?:{_LIST_SEP}\[[^\]]+\])*)?"
    rf"(?:(?<=\]) |(?<!\]))?(?P<noun>{_NOUN_ALT})?"
    r"(?P<tail>(?:(?<= )| ).*|)$"
)
_REFS = {
    "the number of your opponent's Life cards": "opponent_life",
    "your opponent's number of Life cards": "opponent_life",
    "the number of your Life cards": "your_life",
    "your number of Life cards": "your_life",
    "the total of your and your opponent's Life cards": "total_life",
    "the number of DON!! cards on your field": "your_don",
    "the number of DON!! cards on your opponent's field": "opponent_don",
}
_REF_ALT = "|".join(re.escape(r) for r in sorted(_REFS, key=len, reverse=True))
_TAILS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), field)
    for p, field in (
        (r" with a (?P<base>base )?cost of (?P<lo>\d+) to (?P<hi>\d+)", "cost_range"),
        (r" with (?P<lo>\d+) to (?P<hi>\d+) (?P<base>base )?power", "power_range"),
        (r" and a (?P<base>base )?cost of (?P<lo>\d+) to (?P<hi>\d+)", "cost_range"),
        (r" with a (?P<base>base )?cost of (?P<lo>\d+) or (?P<hi>\d+)(?= |$)", "cost_range"),
        (r" with a (?P<base>base )?cost of (?P<n>\d+) or less", "max_cost"),
        (r" with a (?P<base>base )?cost of (?P<n>\d+) or more", "min_cost"),
        (r" with a (?P<base>base )?cost of (?P<n>\d+)", "cost"),
        (r" with a (?P<base>base )?power of (?P<n>\d+) or less", "max_power"),
        (r" with a (?P<base>base )?power of (?P<n>\d+) or more", "min_power"),
        (r" with a (?P<base>base )?power of (?P<n>\d+)", "power"),
        (r" with (?P<n>\d+) or more (?P<base>base )?power", "min_power"),
        (r" with (?P<n>\d+) or less (?P<base>base )?power", "max_power"),
        (r" with (?P<n>\d+) (?P<base>base )?power or less", "max_power"),
        (r" with (?P<n>\d+) (?P<base>base )?power or more", "min_power"),
        (r" with (?P<n>\d+) (?P<base>base )?power", "power"),
        (r" with a type including \"(?P<s>[^\"]+)\"", "type_contains"),
        (rf" with a (?P<base>base )?cost equal to or less than (?P<ref>{_REF_ALT})", "max_cost_of"),
        (rf" and a (?P<base>base )?cost equal to or less than (?P<ref>{_REF_ALT})", "max_cost_of"),
        (r" and a (?P<base>base )?cost of (?P<n>\d+) or less", "max_cost"),
        (r" and a (?P<base>base )?cost of (?P<n>\d+) or more", "min_cost"),
        (r" and a (?P<base>base )?cost of (?P<n>\d+)", "cost"),
        (r" and (?P<n>\d+) (?P<base>base )?power or less", "max_power"),
        (r" and (?P<n>\d+) (?P<base>base )?power", "power"),
        (r" and a type including \"(?P<s>[^\"]+)\"", "type_contains"),
        (r" (?:and|with) a \[Trigger\]", "has_trigger"),
        (r" (?:and|with) no base effect", "no_effect"),
        (r" with a DON!! card given", "min_don_1"),
        (r" that (?:has|have) (?P<n>\d+) or more DON!! cards given", "min_don"),
        (r" without an? \[(?P<s>On Play|When Attacking)\] effect", "lacks_timing"),
        (
            r" that is either \[(?P<name>[^\]]+)\] or has the <(?P<attr>[^>]+)> attribute",
            "name_or_attribute",
        ),
        (r" and the \{(?P<s>[^}]+)\} type", "type"),
        (r" without the <(?P<s>[^>]+)> attribute", "lacks_attribute"),
        (r" other than \[(?P<s>[^\]]+)\]", "exclude_name"),
        (r" other than this (?:Character|card|Leader)", "exclude_self"),
    )
)


def number(word: str) -> int:
    return _WORD_NUMBERS[word] if word in _WORD_NUMBERS else int(word)


def parse_filter(text: str) -> tuple[CardFilter, str, bool] | None:
    """Parse "[colour] [rested] [{T} type] [Name] noun [with ...] [other than ...]", or two or
    more such phrases joined by "or" ("[Nami] or red Event": ``CardFilter.any_of``).

    Returns the filter, the field scope of the noun (leader / character / both / leader_or_stage /
    other) and whether
    "other than this Character" was said; None when any word is not understood."""
    return _one_filter(text) or _any_of(text)


_OR_SPLIT = re.compile(r"(?:,)? or (?:up to (?:a total of )?\d+ (?:of your )?|\d+ )?")
_SCOPES = {"character": "character", "leader": "both", "both": "both"}


def _any_of(text: str) -> tuple[CardFilter, str, bool] | None:
    """ "A or B [or C]" where each part is a filter phrase; a trailing "other than [X]" binds all
    of them. The scope is the common one (Characters and Leaders: both)."""
    text = text.strip()
    excl = re.search(r" other than \[(?P<n>[^\]]+)\]$", text)
    body = text[: excl.start()] if excl else text
    for cut in _OR_SPLIT.finditer(body):
        head = _one_filter(body[: cut.start()])
        tail_text = body[cut.end() :]
        if head and tail_text.startswith("with ") and (noun := _HEAD.match(body[: cut.start()])) and noun["noun"]:
            tail_text = f"{noun['noun']} {tail_text}"  # "Character with a cost of 0 or with a cost of 8 or more"
        tail = parse_filter(tail_text) if head else None
        if not head or not tail or head[2] or tail[2]:
            continue
        alts = (head[0], *(tail[0].any_of if _bare_any_of(tail[0]) else (tail[0],)))
        scopes = {head[1], tail[1]}
        scope = "other" if scopes == {"other"} else "character" if scopes == {"character"} else None
        if scope is None and scopes <= set(_SCOPES) | {"both"}:
            scope = "both"
        if scope is None:
            scope = "both" if "other" in scopes and not scopes & {"leader", "character"} else "mixed"
        values: dict[str, Any] = {"any_of": alts}
        if excl:
            values["exclude_name"] = excl["n"]
        return CardFilter.model_validate(values), scope, False
    return None


def _bare_any_of(flt: CardFilter) -> bool:
    return flt.any_of != () and flt.model_copy(update={"any_of": ()}) == CardFilter()


_LATE_STATE = re.compile(r"(?P<types>\{[^}]+\}(?: or \{[^}]+\})*) type (?P<state>rested|active) ")


_TYPE_OR_ATTRIBUTE = re.compile(r"\{(?P<t>[^}]+)\} type or <(?P<a>[^>]+)> attribute (?P<rest>.+)")


def _one_filter(text: str) -> tuple[CardFilter, str, bool] | None:
    """One filter phrase: its head (colour, state, types, attribute, names, noun), then trailing
    qualifiers one at a time (``_TAILS``); None when a word is not understood."""
    text = _LATE_STATE.sub(r"\g<state> \g<types> type ", text)  # "{X} type rested Characters"
    if either := _TYPE_OR_ATTRIBUTE.fullmatch(text.strip()):  # "{X} type or <Slash> attribute Character card"
        rest = _one_filter(either["rest"])
        alts = (CardFilter(types=(either["t"],)), CardFilter(attribute=either["a"]))
        return None if rest is None or rest[0].any_of else (rest[0].model_copy(update={"any_of": alts}), *rest[1:])
    m = _HEAD.match(text.strip())
    if not m or not (m["noun"] or m["names"]):
        return None
    category, scope = _NOUNS[m["noun"]] if m["noun"] else (None, "both")
    values = _head_values(m, category)
    exclude_self = _read_tails(m["tail"], values)
    if exclude_self is None:
        return None
    return CardFilter.model_validate(values), scope, exclude_self


def _head_values(m: re.Match[str], category: str | None) -> dict[str, Any]:
    """The filter values the phrase's head says (checked by ``CardFilter`` once complete)."""
    values: dict[str, Any] = {"category": category}
    if m["colour"]:
        values["colour"] = m["colour"].capitalize()
    if m["state"]:
        values["state"] = m["state"]
    if m["types"]:
        values["types"] = tuple(re.findall(r"\{([^}]+)\}", m["types"]))
    if m["names"]:
        values["names"] = tuple(re.findall(r"\[([^\]]+)\]", m["names"]))
    if m["attribute"]:
        values["attribute"] = m["attribute"]
    return values


def _read_tails(tail: str, values: dict[str, Any]) -> bool | None:
    """Read the trailing qualifiers into ``values``, each matched by one of ``_TAILS`` in turn.
    Returns whether "other than this Character" was said; None when a qualifier is not known."""
    tail, exclude_self = tail.replace(" and with ", " with "), False
    if tail and not tail.startswith(" "):  # the space went with a name: "[Nami] with a cost"
        tail = f" {tail}"
    while tail:
        found = next(((t, field) for pattern, field in _TAILS if (t := pattern.match(tail))), None)
        if found is None:
            return None
        t, field = found
        tail = tail[t.end() :]
        groups = t.groupdict()
        if groups.get("base"):
            values["base"] = True
        if field == "exclude_self":
            exclude_self = True
        else:
            values.update(_tail_values(field, groups, values))
    return exclude_self


Groups = dict[str, str | Any]  # a tail's named groups (a group that did not take part is None)
# The qualifiers whose values are not just the matched text or number under the field's own name.
_TAIL_VALUES: dict[str, Callable[[Groups, dict[str, Any]], dict[str, Any]]] = {
    "min_don_1": lambda g, v: {"min_don": 1},
    "lacks_timing": lambda g, v: {"lacks_timing": {"On Play": "on_play", "When Attacking": "when_attacking"}[g["s"]]},
    "name_or_attribute": lambda g, v: {"any_of": (CardFilter(names=(g["name"],)), CardFilter(attribute=g["attr"]))},
    "cost_range": lambda g, v: {"min_cost": int(g["lo"]), "max_cost": int(g["hi"])},
    "power_range": lambda g, v: {"min_power": int(g["lo"]), "max_power": int(g["hi"])},
    "max_cost_of": lambda g, v: {"max_cost_of": _REFS[g["ref"]]},
    "has_trigger": lambda g, v: {"has_trigger": True},
    "no_effect": lambda g, v: {"no_effect": True},
    "cost": lambda g, v: {"min_cost": int(g["n"]), "max_cost": int(g["n"])},
    "power": lambda g, v: {"min_power": int(g["n"]), "max_power": int(g["n"])},
    "type": lambda g, v: {"types": (*v.get("types", ()), g["s"])},
}


def _tail_values(field: str, groups: Groups, values: dict[str, Any]) -> dict[str, Any]:
    """What one qualifier adds to the filter values read so far."""
    special = _TAIL_VALUES.get(field)
    if special is not None:
        return special(groups, values)
    if "s" in groups:
        return {field: groups["s"]}
    return {field: int(groups["n"])}


_OWNER_WHO: dict[tuple[str, str], Who] = {
    ("you", "character"): "your_character",
    ("you", "leader"): "your_leader",
    ("you", "both"): "your_leader_or_character",
    ("opponent", "character"): "opponent_character",
    ("opponent", "leader"): "opponent_leader",
    ("opponent", "both"): "opponent_leader_or_character",
    ("any", "character"): "any_character",
    ("you", "leader_or_stage"): "your_leader_or_stage",
}
_COST_ADJECTIVE = re.compile(r"(?<=your opponent's )(?P<n>\d+) cost (?P<noun>Characters?)$")
_SELF = re.compile(r"this (?:Character|Leader|card|Stage)")
# A card an earlier step of the same effect picked or revealed ("that card gains an additional...").
_MEMO = re.compile(
    r"(?:that|the selected|those|the chosen) (?:card|cards|Character|Characters|Leader or Character|Leader)|it|them"
)
_FIXED = {
    "your Leader": Target(who="your_leader", up_to=False),
    "your opponent's Leader": Target(who="opponent_leader", up_to=False),
}
_QUANTIFIED = re.compile(
    r"(?:(?P<upto>up to )(?:a total of )?(?P<n>\d+|a|an)|(?P<exact>\d+|a|an)|(?P<all>all))"
    r"(?: (?:of )?(?P<owner>your opponent's|your))? (?P<rest>.+)"
)
_BARE = re.compile(r"(?P<owner>your opponent's|your) (?P<rest>.+)")
_THIS_LEADER_OR_N = re.compile(r"this Leader or (?P<upto>up to )?(?P<n>\d+) of your Characters")
_TOTAL_LEADER_AND_CHARACTERS = re.compile(r"up to a total of (?P<n>\d+) of your Leader and Character cards")
_LEADER_OR_CHARACTERS = re.compile(
    r"up to (?P<n>\d+) of your Leader (?P<q>with .+?) or up to (?P=n) of your Characters? (?P=q)"
)
_LEADER_OR_N = re.compile(r"your Leader or (?P<upto>up to )?(?P<n>\d+) of your Characters")


def parse_target(text: str) -> Target | None:
    """Parse a phrase naming cards on the field. Counting words decide ``count``/``up_to``; the
    owner and noun decide ``who``; a phrase with no owner ("up to 1 Character") means any
    player's. Whole-phrase forms (``_FORMS``) are tried first, then the counted phrase."""
    text = text.strip()
    if text.split(" ", 1)[0] in ("Up", "This", "Your", "All", "The", "That", "It", "Them"):  # sentence-initial
        text = text[0].lower() + text[1:]
    text = _COST_ADJECTIVE.sub(r"\g<noun> with a cost of \g<n>", text)  # "0 cost Characters"
    for form, build in _FORMS:
        if m := form.fullmatch(text):
            return build(m)
    m = _QUANTIFIED.fullmatch(text)
    if not m:
        return _bare(text)
    return _quantified(m)


def _leader_or_characters_with(m: re.Match[str]) -> Target | None:
    """ "up to 1 of your Leader with X or up to 1 of your Characters with X"."""
    parsed = parse_filter(f"card {m['q']}")
    if parsed is None or parsed[2]:
        return None
    return Target(
        who="your_leader_or_character", count=int(m["n"]), filter=parsed[0].model_copy(update={"category": None})
    )


def _on_your_field(m: re.Match[str]) -> Target | None:
    """ "up to 1 ... Leader or Character card on your field": the same as "up to 1 of your ..."."""
    return parse_target(re.sub(r"^up to (\d+) ", r"up to \1 of your ", m["q"]))


# Phrases read whole, in this order; the first form that matches decides (its builder's None is final).
_FORMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Target | None]], ...] = (
    (_SELF, lambda m: Target(who="self_card", up_to=False)),
    (_MEMO, lambda m: Target(who="memo", count=None, up_to=False)),
    (re.compile("|".join(re.escape(f) for f in _FIXED)), lambda m: _FIXED[m[0]]),
    (_LEADER_OR_CHARACTERS, _leader_or_characters_with),
    # Only unqualified Characters: in "your Leader or 1 of your {X} type Characters" the type
    # binds the Characters alone, which one Target filter cannot say.
    (_LEADER_OR_N, lambda m: Target(who="your_leader_or_character", count=int(m["n"]), up_to=bool(m["upto"]))),
    # "this Leader or 1 of your Characters"
    (_THIS_LEADER_OR_N, lambda m: Target(who="your_leader_or_character", count=int(m["n"]), up_to=bool(m["upto"]))),
    (re.compile(r"(?P<q>up to \d+ .+?) on your field"), _on_your_field),
    # "up to a total of 3 of your Leader and Character cards"
    (_TOTAL_LEADER_AND_CHARACTERS, lambda m: Target(who="your_leader_or_character", count=int(m["n"]))),
)


def _quantified(m: re.Match[str]) -> Target | None:
    """A counted phrase: "up to 2 of your opponent's rested Characters with ...", "all of your ...",
    "1 of your other Characters"."""
    rest, other = m["rest"], False
    if rest.startswith("other ") and m["owner"] == "your":  # "1 of your other Characters"
        rest, other = rest[6:], True
    parsed = parse_filter(rest)
    if parsed is None and m["all"] and " and " in rest:  # "all of your [A] and {B} type Characters": either
        parsed = parse_filter(rest.replace(" and ", " or "))
    if not parsed:
        return None
    flt, scope, excl = parsed
    owner = {"your opponent's": "opponent", "your": "you", None: "any"}[m["owner"]]
    who = _OWNER_WHO.get((owner, scope))
    if scope == "other" and flt.category == "Stage" and owner in ("you", "opponent"):  # "your opponent's Stages"
        who = "your_stage" if owner == "you" else "opponent_stage"
        flt = flt.model_copy(update={"category": None})
        scope = "stage"
    if who is None or _ambiguous_cards(m, rest, flt, scope):
        return None
    count = None if m["all"] else number(m["n"] or m["exact"])
    return Target(
        who=who,
        count=count,
        up_to=bool(m["upto"]),
        filter=flt.model_copy(update={"category": None}) if scope != "other" else flt,
        exclude_self=excl or other,
    )


def _ambiguous_cards(m: re.Match[str], rest: str, flt: CardFilter, scope: str) -> bool:
    """Bare "cards" on the field (no Leader, no Character, no name): ambiguous, it could be a Stage.
    "your Characters or [Silvers Rayleigh]": a name said last stands alone (a Leader or Character
    of that name); "[A] and {B} type Characters" puts the noun on both and is not this case."""
    named = flt.names or (rest.endswith("]") and all(a.category or a.names for a in flt.any_of))
    return scope == "both" and flt.category is None and "Leader" not in m["rest"] and not named


def _bare(text: str) -> Target | None:
    """An owner with no count: "your [Uta] Leader" is that one Leader, "your Characters with a
    cost of 7 or less" is all of them. A singular Character noun is not this formula."""
    m = _BARE.fullmatch(text)
    parsed = parse_filter(m["rest"]) if m else None
    if m is None or not parsed:
        return None
    flt, scope, excl = parsed
    owner = "opponent" if m["owner"] == "your opponent's" else "you"
    flt = flt.model_copy(update={"category": None})
    if scope == "leader":
        return Target(who=_OWNER_WHO[(owner, "leader")], up_to=False, filter=flt)
    noun = re.split(r" with | other than ", m["rest"])[0]
    if scope == "character" and noun.endswith("s"):
        return Target(who=_OWNER_WHO[(owner, "character")], count=None, up_to=False, filter=flt, exclude_self=excl)
    if scope == "both" and (noun.endswith("Leaders and Characters") or (flt.names and noun.endswith("]"))):
        # "your {X} type Leaders and Characters", "your [Edward.Newgate]": every such card of yours
        return Target(who=_OWNER_WHO[(owner, "both")], count=None, up_to=False, filter=flt, exclude_self=excl)
    return None
