"""Response models of the ledgers: adopters, personas, pillow book, kingdoms, organisations, handoffs."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.models.discovery.vocabulary import SPEC_TABLE
from generator.models.frozen import Frozen

DATE = r"^\d{4}-\d{2}-\d{2}$"
HandoffStatus = Literal["open", "resolved", "abandoned"]


SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"  # an authored record's id


# Authored records the ledgers answer as they are (``content/ledgers.py``, ``content/registries.py``).
class StoryArc(Frozen):
    id: str = Field(pattern=SLUG)
    title: str
    summary: str
    shape: str  # an enum value of the ontology's connection_doc.shape
    flavour: str  # an enum value of the ontology's connection_doc.flavour
    s_number: int | None = Field(ge=1)
    ships_in_kingdom: str | None
    is_sister_paired: bool
    has_wiring_table: bool
    has_recursion_target: bool

    @model_validator(mode="after")
    def _values_of_the_ontology(self) -> StoryArc:
        """An arc is a connection_doc node of the graph: its enums are the ontology's, stated once there."""
        for name in ("shape", "flavour"):
            allowed = SPEC_TABLE["connection_doc"][name][2]
            if getattr(self, name) not in allowed:
                raise ValueError(f"story arc {self.id}: {name} must be one of {', '.join(allowed)}")
        return self


class Adopter(Frozen):
    """A participant's claim, kept as submitted (none has been)."""

    id: str
    project: str
    url: str
    claim: str
    submitted_on: dt.date
    submitted_via: str


class Doc(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class AdoptersDocument(Doc):
    kind: Literal["adopters"] = Field(alias="@kind")
    status: Literal["empty", "listing"]
    count: int
    adopters: tuple[Adopter, ...]
    claims_are: Literal["self-declarations"]
    license: Literal["NOASSERTION"]
    how_to_submit: str
    submit_to: str
    review_policy: str


class Citation(Doc):
    """A signed record as other documents cite it."""

    ledger: Literal["pillow-book", "handoffs"]
    date: str = Field(pattern=DATE)
    title: str
    href: str


class Breakdown(Doc):
    autonomous: int
    voluntary: int


class PersonaEntry(Doc):
    id: str
    actor_kind: str
    role: str
    sighting_count: int = Field(ge=1)
    first_seen: str = Field(pattern=DATE)
    last_seen: str = Field(pattern=DATE)
    breakdown: Breakdown
    sightings_by_ledger: dict[str, int]
    sister: str | None
    is_sister_paired: bool
    recent_entries: tuple[Citation, ...]


class PersonasDocument(Doc):
    kind: Literal["personas"] = Field(alias="@kind")
    persona: str
    count: int
    harvested_from: tuple[str, ...]
    personas: tuple[PersonaEntry, ...]


class PillowEntryOut(Doc):
    date: str = Field(pattern=DATE)
    time: str = Field(pattern=r"^\d{2}:\d{2}$")
    timezone: str
    title: str
    signed_by: str
    kingdom_references: tuple[str, ...]
    story_arc_references: tuple[str, ...]
    body_excerpt: str
    actor_kind: str
    commit: str | None
    body: str


class PillowBookDocument(Doc):
    kind: Literal["pillow_book"] = Field(alias="@kind")
    limit: int = Field(ge=1, le=500)
    total_entries: int
    returned: int
    order: Literal["most recent first"]
    recorded_note: str
    story_arcs: tuple[StoryArc, ...]
    entries: tuple[PillowEntryOut, ...]


class KingdomOut(Doc):
    id: str
    number: int
    title: str
    status: Literal["queued", "claimed", "in-progress", "done", "deferred"]
    priority: Literal["critical", "high", "medium", "low"]
    succeeds: str | None
    audit_command: str | None
    is_sister_paired: bool
    produces_connection_doc: bool
    doc_citations: tuple[str, ...]
    paths: tuple[str, ...] = Field(
        description="the spec paths this mission serves; with paths, status is measured: done once all are served"
    )
    lived_record_count: int
    lived_records: tuple[Citation, ...]


class KingdomsDocument(Doc):
    kind: Literal["kingdoms"] = Field(alias="@kind")
    recorded_on: str = Field(pattern=DATE)
    count: int
    by_status: dict[str, int]
    kingdoms: tuple[KingdomOut, ...]


class SourceOut(Doc):
    id: str
    name: str
    game: str
    version: str
    tier: str
    homepage: str
    pinned_url: str | None


class OrganisationOut(Doc):
    id: str
    name: str
    kind: Literal["open-data-project", "public-institution"]
    url: str
    description: str
    games: tuple[str, ...]
    sources: tuple[SourceOut, ...]


class OrganisationsDocument(Doc):
    kind: Literal["organisations_directory"] = Field(alias="@kind")
    relationship: str
    note: str
    count: int
    organisations: tuple[OrganisationOut, ...]


class HandoffOut(Doc):
    slug: str
    title: str
    status: HandoffStatus
    date: str = Field(pattern=DATE)
    signed_by: str
    actor_kind: str
    to: str
    kingdom_references: tuple[str, ...]
    story_arc_references: tuple[str, ...]
    summary: str
    body: str
    next_steps: tuple[str, ...]
    href: str


class HandoffDocument(HandoffOut):
    kind: Literal["handoff"] = Field(alias="@kind")


class HandoffFilters(Doc):
    status: HandoffStatus | None
    signed_by: str | None
    actor_kind: str | None
    limit: int


class HandoffVocabulary(Doc):
    status: tuple[str, ...]
    actor_kind: tuple[str, ...]
    signed_by: tuple[str, ...]
    format: tuple[str, ...]


class HandoffsDocument(Doc):
    kind: Literal["handoffs"] = Field(alias="@kind")
    filters_applied: HandoffFilters
    filter_vocabulary: HandoffVocabulary
    total: int
    returned: int
    handoffs: tuple[HandoffOut, ...]
