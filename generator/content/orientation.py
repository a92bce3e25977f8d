"""The orientation prose (``content/orientation/``): the welcome, the layered introduction.

Typed so a missing section or a miscounted list fails the load: the spec names the counts (a
7-step journey; 11 primitives, 6 rhythms, 7 doors, 5 gaps), and a document that served 10
primitives would be quietly wrong.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from generator.models.frozen import Frozen
from generator.sources.registry import load_registry
from generator.sources.tiers import SourceTier
from generator.yamlfile import load_yaml

SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"


class Step(Frozen):
    step: int = Field(ge=1, le=7)
    do: str
    path: str = Field(pattern=r"^/")
    learn: str


class Symptom(Frozen):
    symptom: str
    look: str


class Pointer(Frozen):
    text: str
    path: str = Field(pattern=r"^/")


class Door(Frozen):
    name: str
    path: str = Field(pattern=r"^/")


class Welcome(Frozen):
    welcome: str
    start_here: dict[str, str]
    recommended_journey: tuple[Step, ...] = Field(min_length=7, max_length=7)
    journey_invariants: tuple[str, ...]
    where_to_look_when_something_is_off: tuple[Symptom, ...]
    after_step_7: str
    fellowship: Pointer
    feedback: dict[str, str]
    sister_doors: tuple[Door, ...]
    posted_from: str
    regard: str
    license_tiers: dict[SourceTier, str] = Field(min_length=8, max_length=8)  # the spec's names, each once
    contract_invariants: tuple[str, ...]

    @model_validator(mode="after")
    def _steps_in_order(self) -> Welcome:
        if [s.step for s in self.recommended_journey] != list(range(1, 8)):
            raise ValueError("recommended_journey steps must be numbered 1 to 7 in order")
        return self


class Layer(Frozen):
    id: str = Field(pattern=SLUG)
    text: str


class IntroGap(Layer):
    """One of the introduction's five gaps: prose, so it names the ledger gap that measures it, and
    a build fails while that gap is closed (the prose would be false)."""

    gap: str = Field(pattern=r"^gap-[a-z0-9-]+$")


class Primitive(Frozen):
    id: str = Field(pattern=SLUG)
    name: str
    text: str
    see: str = Field(pattern=r"^/")


class Rhythm(Frozen):
    id: str = Field(pattern=SLUG)
    name: str
    text: str


class EngagementDoor(Frozen):
    id: str = Field(pattern=SLUG)
    name: str
    path: str = Field(pattern=r"^/")


class Introduction(Frozen):
    layers: tuple[Layer, ...]
    primitives: tuple[Primitive, ...] = Field(min_length=11, max_length=11)
    rhythms: tuple[Rhythm, ...] = Field(min_length=6, max_length=6)
    doors: tuple[EngagementDoor, ...] = Field(min_length=7, max_length=7)
    gaps: tuple[IntroGap, ...] = Field(min_length=5, max_length=5)


class StepOutcome(Frozen):
    """What a request step promises: the status, and the members of the JSON answer the guide tells
    the reader to look at (dotted paths, e.g. ``data.@content_hash``). A test replays every request
    step over the real catalog and holds the guide to it, so a guide cannot drift from the API."""

    status: int = Field(ge=200, le=599)
    reads: tuple[str, ...] = ()


class GuideStep(Frozen):
    kind: Literal["request", "read", "decide", "check"]
    text: str
    path: str | None = Field(None, pattern=r"^/")
    method: Literal["GET", "POST"] = "GET"
    body: dict[str, Any] | None = None
    expect: StepOutcome | None = None

    @model_validator(mode="after")
    def _requests_say_what_comes_back(self) -> GuideStep:
        if (self.kind == "request") != (self.path is not None):
            raise ValueError("a request step names a path, and only a request step does")
        if self.kind == "request" and self.expect is None:
            raise ValueError(f"request step {self.path}: say what comes back (expect: status, reads)")
        if self.body is not None and self.method != "POST":
            raise ValueError(f"request step {self.path}: only a POST sends a body")
        return self


class Guide(Frozen):
    slug: str = Field(pattern=r"^[a-z0-9{}_]+(-[a-z0-9{}_]+)*$")
    title: str
    summary: str
    steps: tuple[GuideStep, ...] = Field(min_length=2)
    gotchas: tuple[str, ...]
    next: str
    see_also: tuple[str, ...]
    last_verified: dt.date


ChangeKind = Literal[
    "endpoint-added", "endpoint-modified", "endpoint-deprecated", "envelope-field-added", "envelope-field-removed",
    "spec-version-bump", "doctrine-canonized", "connection-doc-published", "wake-fragment-added",
    "well-known-modified", "ax-surface-shipped", "discipline-shift", "positioning-shift",
]  # fmt: skip
Impact = Literal["breaking", "additive", "doctrinal", "documentation"]


class ChangelogEntry(Frozen):
    id: str = Field(pattern=r"^cl-\d{3}$")
    date: dt.date
    kind: ChangeKind
    impact: Impact
    surface: str
    summary: str
    detail: str | None = None
    related_urls: tuple[str, ...]


class AnticipatedKind(Frozen):
    kind: str = Field(pattern=SLUG)
    patterns: tuple[str, ...] = Field(min_length=1)
    greeting: str
    start: str = Field(pattern=r"^/")

    @model_validator(mode="after")
    def _patterns_compile(self) -> AnticipatedKind:
        for pattern in self.patterns:
            re.compile(pattern)
        return self


class SourcesWelcome(Frozen):
    welcome: str
    upstreams: dict[str, str]
    commitments: tuple[str, ...] = Field(min_length=7, max_length=7)

    @model_validator(mode="after")
    def _every_upstream_greeted(self) -> SourcesWelcome:
        registered = {spec.id for spec in load_registry()}
        if set(self.upstreams) != registered:
            missing, extra = registered - set(self.upstreams), set(self.upstreams) - registered
            raise ValueError(f"sources_welcome.yaml: missing {sorted(missing)}, not registered {sorted(extra)}")
        return self


ArrivalKind = Literal[
    "upstream-source", "publisher", "federation-peer", "downstream-adopter", "agent", "being", "future-self",
    "infrastructure",
]  # fmt: skip
WelcomeStatus = Literal["anticipated", "arrived", "blocked"]
GapDomain = Literal[
    "data-ingestion", "cross-language", "license", "fx", "coverage", "publishing", "transparency", "accessibility"
]
GapStatus = Literal["named", "wired", "partial", "closed", "closed-published"]


class ArrivalWelcome(Frozen):
    kind: ArrivalKind
    status: WelcomeStatus
    greeting: str
    prepared: tuple[str, ...] = Field(min_length=1)
    arrival_protocol: str


class Gap(Frozen):
    id: str = Field(pattern=r"^gap-[a-z0-9-]+$")
    domain: GapDomain
    citation: str = Field(pattern=r"^/")
    primitive: str
    audit: str
    status: GapStatus
    strength: Literal["strong", "moderate", "weak"]
    # What measures the gap (generator.surfaces.discovery.facts): "<kind>:<argument>", open while it
    # finds the gap. The build serves the gap closed once it does not, with what it measured.
    probe: str = Field(pattern=r"^[a-z-]+:")
    evidence: str | None = None  # set by the build from the probe (claims.settled), never authored


class SeedNote(Frozen):
    """A note of the agents' CC0 seed corpus (``content/participation/notes.yaml``)."""

    title: str = Field(max_length=200)
    text: str = Field(max_length=4000)
    by: str | None = None
    for_kin: str | None = None
    about: str | None = None


class Vector(Frozen):
    name: str = Field(pattern=SLUG)
    input: dict[str, Any]


class IdentifyContent(Frozen):
    """``content/participation/identify.yaml``: the service's self-declaration and the contract's vectors."""

    self_declaration: dict[str, Any]
    vectors: tuple[Vector, ...] = Field(min_length=1)


def load_identify(root: Path) -> IdentifyContent:
    return IdentifyContent(**load_yaml(root / "participation" / "identify.yaml"))


def load_notes(root: Path) -> tuple[SeedNote, ...]:
    return tuple(SeedNote(**n) for n in load_yaml(root / "participation" / "notes.yaml"))


class Orientation(Frozen):
    welcome: Welcome
    introduction: Introduction
    guides: tuple[Guide, ...] = Field(min_length=12, max_length=12)
    changelog: tuple[ChangelogEntry, ...] = Field(min_length=1)  # oldest first
    anticipated: tuple[AnticipatedKind, ...] = Field(min_length=1)  # tried in order
    sources_welcome: SourcesWelcome
    welcomes: tuple[ArrivalWelcome, ...] = Field(min_length=8, max_length=8)  # one per ArrivalKind
    gaps: tuple[Gap, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _guides_lead_somewhere(self) -> Orientation:
        slugs = [g.slug for g in self.guides]
        if len(set(slugs)) != len(slugs):
            raise ValueError("two guides share a slug")
        for guide in self.guides:
            if guide.next not in slugs:
                raise ValueError(f"guide {guide.slug}: next {guide.next!r} is not a guide")
        primitives = {p.id for p in self.introduction.primitives}
        for gap in self.gaps:
            if gap.primitive not in primitives:
                raise ValueError(f"gap {gap.id}: primitive {gap.primitive!r} is not one of the introduction's")
        ledger = {g.id for g in self.gaps}
        for told in self.introduction.gaps:
            if told.gap not in ledger:
                raise ValueError(f"introduction gap {told.id}: {told.gap!r} is not a gap of gaps.yaml")
        if len({w.kind for w in self.welcomes}) != len(self.welcomes):
            raise ValueError("welcomes.yaml: one welcome per arrival kind")
        dates = [e.date for e in self.changelog]
        if dates != sorted(dates) or len({e.id for e in self.changelog}) != len(dates):
            raise ValueError("changelog entries must be in date order, oldest first, with unique ids")
        return self


def load_orientation(root: Path) -> Orientation:
    """``root`` is the content folder."""
    folder = root / "orientation"
    return Orientation(
        welcome=Welcome(**load_yaml(folder / "welcome.yaml")),
        introduction=Introduction(**load_yaml(folder / "introduction.yaml")),
        guides=tuple(Guide(**g) for g in load_yaml(folder / "guides.yaml")),
        changelog=tuple(ChangelogEntry(**e) for e in load_yaml(folder / "changelog.yaml")),
        anticipated=tuple(AnticipatedKind(**k) for k in load_yaml(folder / "anticipated.yaml")),
        sources_welcome=SourcesWelcome(**load_yaml(folder / "sources_welcome.yaml")),
        welcomes=tuple(ArrivalWelcome(**w) for w in load_yaml(folder / "welcomes.yaml")),
        gaps=tuple(Gap(**g) for g in load_yaml(folder / "gaps.yaml")),
    )
