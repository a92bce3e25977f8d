"""Response models of the orientation documents: the API root, the welcome, the introduction."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from generator.models.frozen import Doc
from generator.models.operations.sources import DataFreshness


class Link(Doc):
    path: str
    summary: str


class ApiRoot(Doc):
    kind: Literal["api-root"] = Field(alias="@kind")
    service: str
    spec_version: str
    orientation: tuple[Link, ...] = Field(description="where a newcomer starts")
    fellowship: tuple[Link, ...] = Field(description="how another service matches or introduces itself")
    carrying: Link | None = Field(description="the carrying surface; null until it is served")
    contract_invariants: tuple[str, ...]
    surfaces_by_family: dict[str, int] = Field(description="served surfaces per spec family (A-G)")
    not_yet_served: tuple[str, ...] = Field(description="paths this document would point to that are not served yet")
    data_freshness: DataFreshness = Field(description="how old the data is, from the source runs, when it was read")


class Step(Doc):
    step: int
    do: str
    path: str
    learn: str


class Symptom(Doc):
    symptom: str
    look: str


class Door(Doc):
    name: str
    path: str


class GuideRef(Doc):
    slug: str
    title: str
    path: str


class Welcome(Doc):
    kind: Literal["welcome"] = Field(alias="@kind")
    welcome: str
    start_here: dict[str, str]
    recommended_journey: tuple[Step, ...] = Field(min_length=7, max_length=7)
    journey_invariants: tuple[str, ...]
    where_to_look_when_something_is_off: tuple[Symptom, ...]
    after_step_7: str
    fellowship: dict[str, str]
    guides: tuple[GuideRef, ...]
    contract: dict[str, str]
    rate_limits: dict[str, int | str]
    license_tiers: dict[str, str]
    feedback: dict[str, str]
    sister_doors: tuple[Door, ...]
    kin: tuple[dict[str, str | None], ...]
    posted_from: str
    regard: str


class Concept(Doc):
    id: str
    name: str
    text: str
    see: str | None = None


class EngagementDoor(Doc):
    id: str
    name: str
    path: str


class Layer(Doc):
    id: str
    text: str


class MirrorSurface(Doc):
    path: str
    kind: str
    summary: str


class Introduction(Doc):
    kind: Literal["introduction"] = Field(alias="@kind")
    layers: tuple[Layer, ...]
    primitives: tuple[Concept, ...] = Field(min_length=11, max_length=11)
    rhythms: tuple[Concept, ...] = Field(min_length=6, max_length=6)
    doors: tuple[EngagementDoor, ...] = Field(min_length=7, max_length=7)
    math_mirror_surfaces: tuple[MirrorSurface, ...] = Field(
        description="the documents that carry the math-mirror preamble"
    )
    gaps: tuple[IntroGap, ...] = Field(min_length=5, max_length=5)


class IntroGap(Layer):
    gap: str = Field(description="the gap of /api/v1/gaps that measures this one; open whenever this is served")


class StepOutcome(Doc):
    status: int = Field(description="the status this request answers with")
    reads: tuple[str, ...] = Field(description="members of the JSON answer the step looks at (dotted paths)")


class GuideStep(Doc):
    n: int
    kind: Literal["request", "read", "decide", "check"]
    text: str
    path: str | None
    method: Literal["GET", "POST"]
    body: dict[str, Any] | None = Field(None, description="the JSON a POST step sends")
    expect: StepOutcome | None = Field(None, description="what a request step answers; null for other steps")


class GuideEntry(Doc):
    slug: str
    title: str
    summary: str
    path: str
    last_verified: str


class GuidesIndex(Doc):
    kind: Literal["guides"] = Field(alias="@kind")
    count: int
    guides: tuple[GuideEntry, ...]


class Guide(Doc):
    kind: Literal["guide"] = Field(alias="@kind")
    slug: str
    title: str
    summary: str
    steps: tuple[GuideStep, ...]
    gotchas: tuple[str, ...]
    next_guide: GuideRef
    see_also: tuple[str, ...]
    last_verified: str


class ChangelogEntry(Doc):
    id: str
    date: str
    kind: str
    impact: Literal["breaking", "additive", "doctrinal", "documentation"]
    surface: str
    summary: str
    detail: str | None = None
    related_urls: tuple[str, ...]


class ChangelogScope(Doc):
    begins: str
    total_entries_in_corpus: int
    total_entries_after_filters: int
    not_exhaustive_for_earlier_history: Literal[True]


class Changelog(Doc):
    kind: Literal["changelog"] = Field(alias="@kind")
    spec_version: Literal["1.0.0"] = Field(alias="@spec_version")
    for_: str = Field(alias="for")
    scope: ChangelogScope
    filters_applied: dict[str, str | None]
    formats: tuple[str, ...]
    filter_vocabulary: dict[str, tuple[str, ...]]
    subscribe_hints: tuple[str, ...]
    entries: tuple[ChangelogEntry, ...]
    related_ax_surfaces: tuple[str, ...]


class ArrivalWelcome(Doc):
    kind: str
    status: Literal["anticipated", "arrived", "blocked"]
    greeting: str
    prepared: tuple[str, ...]
    arrival_protocol: str


class Welcomes(Doc):
    kind: Literal["welcomes"] = Field(alias="@kind")
    license: Literal["CC0-1.0"]
    count: int
    filters_applied: dict[str, str | None]
    welcomes: tuple[ArrivalWelcome, ...]


class Gap(Doc):
    id: str
    domain: str
    citation: str
    primitive: str
    audit: str
    status: Literal["named", "wired", "partial", "closed", "closed-published"]
    strength: Literal["strong", "moderate", "weak"]
    probe: str = Field(description="what measures the gap at each build: <kind>:<argument> (docs/operations.md)")
    evidence: str = Field(description="what the probe measured at this build; a gap it no longer finds is closed")


class Gaps(Doc):
    kind: Literal["gaps"] = Field(alias="@kind")
    license: Literal["CC0-1.0"]
    not_an_upstream_missing_card_list: Literal[True]
    count: int
    filters_applied: dict[str, str | None]
    gaps: tuple[Gap, ...]
