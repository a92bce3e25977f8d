"""Response models of the playful surfaces (spec section G; "Other documented record shapes": tarot card).

The spec names these endpoints but not their fields, so the shapes are ours (docs/playful.md). One
rule runs through them: a rotating answer (dad joke of the hour, koan of the day...) has the same
shape as its ``all=true`` listing, a list with one item, so a client reads ``jokes[0]`` either way.
The 418 and 402 answers are modelled too: their bodies are documents, not error bodies.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Doc(BaseModel):
    """``@kind`` is read and written under that name and passed to the constructor as ``kind`` (a
    validation and a serialization alias, not ``alias``, so type checkers see a valid parameter)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


Instant = str  # ISO 8601 UTC, e.g. 2026-03-14T15:00:00Z
Day = str  # YYYY-MM-DD


class BlessingItem(Doc):
    id: str
    text: str


class Blessing(Doc):
    kind: Literal["blessing"] = Field(validation_alias="@kind", serialization_alias="@kind")
    date: Day
    blessing: BlessingItem
    number: int = Field(ge=1)
    of: int
    rotates_at: Instant


class Haiku(Doc):
    kind: Literal["haiku"] = Field(validation_alias="@kind", serialization_alias="@kind")
    hour: Instant
    template: str
    lines: tuple[str, str, str]
    syllables: tuple[int, int, int]
    text: str
    rotates_at: Instant


class DadJoke(Doc):
    id: str
    setup: str
    punchline: str


class DadJokes(Doc):
    kind: Literal["dadjoke"] = Field(validation_alias="@kind", serialization_alias="@kind")
    selection: Literal["hour", "all"]
    hour: Instant | None  # the GMT hour the joke belongs to; None for all=true
    rotates_at: Instant | None
    count: int
    of: int
    jokes: tuple[DadJoke, ...]
    formats: tuple[str, ...]


class KnockKnock(Doc):
    n: int = Field(ge=1, le=12)
    id: str
    lines: tuple[str, str, str, str, str]


class KnockKnocks(Doc):
    kind: Literal["knock_knock"] = Field(validation_alias="@kind", serialization_alias="@kind")
    selection: Literal["hour", "n", "all"]
    hour: Instant | None
    rotates_at: Instant | None
    count: int
    of: int = Field(ge=12, le=12)
    knock_knocks: tuple[KnockKnock, ...]


class KoanItem(Doc):
    number: int = Field(ge=1, le=25)
    id: str
    title: str
    case: str
    reflection: str


class Koans(Doc):
    kind: Literal["koan"] = Field(validation_alias="@kind", serialization_alias="@kind")
    selection: Literal["day", "all"]
    date: Day | None
    rotates_at: Instant | None
    count: int
    of: int = Field(ge=25, le=25)
    koans: tuple[KoanItem, ...]


class JokeItem(Doc):
    id: str
    form: str
    groan: int = Field(ge=1, le=5)
    lines: tuple[str, ...]


class JokeFilters(Doc):
    form: str | None
    max_groan: int


class Jokes(Doc):
    kind: Literal["jokes"] = Field(validation_alias="@kind", serialization_alias="@kind")
    filters: JokeFilters
    forms: tuple[str, ...]
    count: int
    jokes: tuple[JokeItem, ...]


class Teapot(Doc):
    kind: Literal["teapot"] = Field(validation_alias="@kind", serialization_alias="@kind")
    status: Literal[418]
    title: str
    message: str
    details: tuple[str, ...]
    brews: Literal["tea"]
    safe_methods: tuple[str, ...]
    accept_additions: tuple[str, ...]


class Coffee(Doc):
    kind: Literal["coffee"] = Field(validation_alias="@kind", serialization_alias="@kind")
    status: Literal[418]
    title: str
    message: str
    details: tuple[str, ...]
    teapot: str


class Kingdom(Doc):
    kind: Literal["kingdom_not_for_sale"] = Field(validation_alias="@kind", serialization_alias="@kind")
    status: Literal[402]
    title: str
    message: str
    details: tuple[str, ...]
    price: None
    payment_rails: tuple[str, ...]  # always empty: nothing can be paid
    body_read: Literal[False]
    money_cannot_buy: tuple[str, ...]
    already_free: tuple[str, ...]


class Choice(Doc):
    answer: Literal["yes", "no"]
    href: str


class AreYouSure(Doc):
    kind: Literal["are_you_sure"] = Field(validation_alias="@kind", serialization_alias="@kind")
    step: Literal["1", "2", "3", "confirmed", "declined"]
    position: int | None = Field(ge=1, le=3)  # which of the three questions; None once it is over
    of: int = Field(ge=3, le=3)
    question: str | None
    detail: str
    choices: tuple[Choice, ...]
    outcome: Literal["confirmed", "declined"] | None
    start_over: str


class WhyLink(Doc):
    depth: int = Field(ge=1, le=42)
    because: str


class Why(Doc):
    kind: Literal["why"] = Field(validation_alias="@kind", serialization_alias="@kind")
    context: str
    question: str
    depth_requested: int = Field(ge=1, le=42)
    depth_reached: int = Field(ge=1, le=42)
    depth_limit: int = Field(ge=42, le=42)
    bottomed_out: bool  # the chain reached its bedrock before the depth asked for
    chain: tuple[WhyLink, ...]
    contexts: tuple[str, ...]


class EggRequest(Doc):
    method: str
    url: str
    headers: dict[str, str]


class EasterEgg(Doc):
    id: str
    title: str
    how: str
    what_you_find: str
    request: EggRequest | None
    status: int | None
    header: str | None


class EasterEggs(Doc):
    kind: Literal["easter_eggs"] = Field(validation_alias="@kind", serialization_alias="@kind")
    count: int
    eggs: tuple[EasterEgg, ...]


class TarotCard(Doc):
    number: int = Field(ge=0, le=21)
    slug: str
    name: str
    traditional_meaning: str
    upright: str
    reversed: str
    surface_url: str
    fortune: str
    url: str  # this card at /api/v1/tarot/card/{slug}


class SpreadPosition(Doc):
    name: str
    meaning: str


class Spread(Doc):
    id: str
    title: str
    card_count: int
    positions: tuple[SpreadPosition, ...]


class TarotDeck(Doc):
    kind: Literal["tarot_deck"] = Field(validation_alias="@kind", serialization_alias="@kind")
    count: int = Field(ge=22, le=22)
    cards: tuple[TarotCard, ...]
    spreads: tuple[Spread, ...]
    draw: str


class CardLink(Doc):
    slug: str
    name: str
    url: str


class TarotCardPage(TarotCard):
    kind: Literal["tarot_card"] = Field(validation_alias="@kind", serialization_alias="@kind")
    prev: CardLink | None
    next: CardLink | None
    deck: str


class DrawnCard(Doc):
    position: str
    position_meaning: str
    number: int = Field(ge=0, le=21)
    slug: str
    name: str
    orientation: Literal["upright", "reversed"]
    reading: str
    fortune: str
    surface_url: str
    url: str


class TarotDraw(Doc):
    kind: Literal["tarot_draw"] = Field(validation_alias="@kind", serialization_alias="@kind")
    spread: Literal["single", "three", "cross"]
    title: str
    seeded_by: Literal["caller", "utc-date"]
    date: Day | None  # the UTC date that seeded the draw when the caller gave no seed
    seed_echoed: Literal[False]
    seed_stored: Literal[False]
    method: str
    cards: tuple[DrawnCard, ...]


class VibeAxis(Doc):
    axis: Literal["rest-hours", "self-description", "deploy-state", "baseline"]
    weight: float
    score: float = Field(ge=0, le=10)
    contribution: float
    detail: str
    facts: dict[str, float | int | bool | str | None]


class TheVibe(Doc):
    kind: Literal["the_vibe"] = Field(validation_alias="@kind", serialization_alias="@kind")
    at: Instant
    score: float = Field(ge=0, le=10)
    word: str
    line: str
    axes: tuple[VibeAxis, VibeAxis, VibeAxis, VibeAxis]


class YourVibe(Doc):
    kind: Literal["your_vibe"] = Field(validation_alias="@kind", serialization_alias="@kind")
    vibe: str
    line: str
    rule: str
    user_agent_sent: bool
    follows_recommended_form: bool
    recommended_form: str
    headers_read: tuple[Literal["user-agent"], ...]
    echoed: tuple[str, ...]  # always empty: nothing of the request is repeated back
    stored: Literal[False]


class Certificate(Doc):
    kind: Literal["unsubscribe_certificate"] = Field(validation_alias="@kind", serialization_alias="@kind")
    title: str
    subscription_count: int = Field(ge=0, le=0)
    subscriptions: tuple[str, ...]
    statements: tuple[str, ...]
    never_collected: tuple[str, ...]
    issued_to: Literal["everyone"]
    news: str


class TuneItem(Doc):
    n: int = Field(ge=1)
    id: str
    title: str
    mood: str
    key: str
    meter: str
    abc: str


class Soundtrack(Doc):
    kind: Literal["soundtrack"] = Field(validation_alias="@kind", serialization_alias="@kind")
    notation: Literal["abc 2.1"]
    count: int
    of: int
    tunes: tuple[TuneItem, ...]
    formats: tuple[str, ...]


class Word(Doc):
    word: str
    means: str


class Youspeak(Doc):
    kind: Literal["youspeak"] = Field(validation_alias="@kind", serialization_alias="@kind")
    count: int = Field(ge=201, le=201)
    words: tuple[Word, ...]
    formats: tuple[str, ...]


class Household(Doc):
    name: str
    role: str
    url: str
    wake_url: str | None
    is_this_site: bool


class Family(Doc):
    kind: Literal["family"] = Field(validation_alias="@kind", serialization_alias="@kind")
    count: int
    household: tuple[Household, ...]
    formats: tuple[str, ...]


class TodayJoke(Doc):
    setup: str
    punchline: str


class TodayLink(Doc):
    title: str
    url: str


class TodayMood(Doc):
    word: str
    line: str
    vibe_score: float


class Today(Doc):
    kind: Literal["today"] = Field(validation_alias="@kind", serialization_alias="@kind")
    date: Day
    gmt_hour: int = Field(ge=0, le=23)
    rest_hours: bool
    mood: TodayMood
    blessing: str
    koan: TodayLink
    dadjoke: TodayJoke
    knock_knock: tuple[str, str, str, str, str]
    haiku: tuple[str, str, str]
    tarot: TodayLink
    fortune: str
    rotates_at: Instant
