"""The noun-phrase grammar shared by actions, costs and conditions: "up to 2 of your opponent's
rested {Navy} type Characters with a cost of 4 or less other than [Smoker]" -> Target.

Why its own module: every action names its objects the same way, so one parser for the phrase
(count, owner, adjectives, noun, trailing qualifiers) keeps the action table to verbs. The parser
is strict: a phrase with a word it does not know returns None, so the caller reports the fragment
as unparsed rather than guessing a wider target than the card allows.
"""

from __future__ import annotations

import re
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
_TAILS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), field)
    for p, field in (
        (r" with a (?P<base>base )?cost of (?P<n>\d+) or less", "max_cost"),
        (r" with a (?P<base>base )?cost of (?P<n>\d+) or more", "min_cost"),
        (r" with a (?P<base>base )?cost of (?P<n>\d+)", "cost"),
        (r" with (?P<n>\d+) (?P<base>base )?power or less", "max_power"),
        (r" with (?P<n>\d+) (?P<base>base )?power or more", "min_power"),
        (r" with (?P<n>\d+) (?P<base>base )?power", "power"),
        (r" with a type including \"(?P<s>[^\"]+)\"", "type_contains"),
        (r" and a (?P<base>base )?cost of (?P<n>\d+) or less", "max_cost"),
        (r" and a (?P<base>base )?cost of (?P<n>\d+) or more", "min_cost"),
        (r" and a (?P<base>base )?cost of (?P<n>\d+)", "cost"),
        (r" and (?P<n>\d+) (?P<base>base )?power or less", "max_power"),
        (r" (?:and|with) a \[Trigger\]", "has_trigger"),
        (r" and the \{(?P<s>[^}]+)\} type", "type"),
        (r" other than \[(?P<s>[^\]]+)\]", "exclude_name"),
        (r" other than this (?:Character|card|Leader)", "exclude_self"),
    )
)


def number(word: str) -> int:
    return _WORD_NUMBERS[word] if word in _WORD_NUMBERS else int(word)


def parse_filter(text: str) -> tuple[CardFilter, str, bool] | None:
    """Parse "[colour] [rested] [{T} type] [Name] noun [with ...] [other than ...]".

    Returns the filter, the field scope of the noun (leader / character / both / leader_or_stage /
    other) and whether
    "other than this Character" was said; None when any word is not understood."""
    m = _HEAD.match(text.strip())
    if not m or not (m["noun"] or m["names"]):
        return None
    category, scope = _NOUNS[m["noun"]] if m["noun"] else (None, "both")
    values: dict[str, Any] = {"category": category}  # checked by CardFilter below
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
    tail, exclude_self = m["tail"], False
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
        elif field == "has_trigger":
            values["has_trigger"] = True
        elif field in ("cost", "power"):
            values[f"min_{field}"] = values[f"max_{field}"] = int(groups["n"])
        elif field == "type":
            values["types"] = (*values.get("types", ()), groups["s"])
        elif "s" in groups:
            values[field] = groups["s"]
        else:
            values[field] = int(groups["n"])
    return CardFilter.model_validate(values), scope, exclude_self


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
_SELF = re.compile(r"this (?:Character|Leader|card|Stage)")
_FIXED = {
    "your Leader": Target(who="your_leader", up_to=False),
    "your opponent's Leader": Target(who="opponent_leader", up_to=False),
}
_QUANTIFIED = re.compile(
    r"(?:(?P<upto>up to )(?:a total of )?(?P<n>\d+|a|an)|(?P<exact>\d+|a|an)|(?P<all>all))"
    r"(?: of (?P<owner>your opponent's|your))? (?P<rest>.+)"
)
_BARE = re.compile(r"(?P<owner>your opponent's|your) (?P<rest>.+)")
_LEADER_OR_N = re.compile(r"your Leader or (?P<upto>up to )?(?P<n>\d+) of your Characters")


def parse_target(text: str) -> Target | None:
    """Parse a phrase naming cards on the field. Counting words decide ``count``/``up_to``; the
    owner and noun decide ``who``; a phrase with no owner ("up to 1 Character") means any
    player's."""
    text = text.strip()
    if text.split(" ", 1)[0] in ("Up", "This", "Your", "All"):  # sentence-initial capital
        text = text[0].lower() + text[1:]
    if _SELF.fullmatch(text):
        return Target(who="self_card", up_to=False)
    if text in _FIXED:
        return _FIXED[text]
    if m := _LEADER_OR_N.fullmatch(text):
        # Only unqualified Characters: in "your Leader or 1 of your {X} type Characters" the type
        # binds the Characters alone, which one Target filter cannot say.
        return Target(who="your_leader_or_character", count=int(m["n"]), up_to=bool(m["upto"]))
    m = _QUANTIFIED.fullmatch(text)
    if not m:
        return _bare(text)
    parsed = parse_filter(m["rest"])
    if not parsed:
        return None
    flt, scope, excl = parsed
    owner = {"your opponent's": "opponent", "your": "you", None: "any"}[m["owner"]]
    who = _OWNER_WHO.get((owner, scope))
    if who is None:
        return None
    if scope == "both" and flt.category is None and "Leader" not in m["rest"] and not flt.names:
        return None  # bare "cards" on the field: ambiguous (could be a Stage)
    count = None if m["all"] else number(m["n"] or m["exact"])
    return Target(
        who=who,
        count=count,
        up_to=bool(m["upto"]),
        filter=flt.model_copy(update={"category": None}) if scope != "other" else flt,
        exclude_self=excl,
    )


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
    if scope == "character" and m["rest"].split(" with ")[0].endswith("s"):
        return Target(who=_OWNER_WHO[(owner, "character")], count=None, up_to=False, filter=flt, exclude_self=excl)
    return None
