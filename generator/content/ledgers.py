"""The engineering ledgers (``content/ledgers/``): the pillow book and its story arcs, the building
personas, the handoffs, the kingdoms, the adopters and the organisations directory.

Why one loader checks them together: they cite each other (an entry cites kingdoms and story arcs,
an arc ships in a kingdom, a handoff is signed by a persona, a persona names its sister). A citation
to nothing would be served as a broken reference, and the personas document is harvested from the
signatures, so a signature by an undeclared persona, or a persona nobody signs as, fails the load.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from generator.content.registries import AdopterRegistry, KingdomLedger, OrganisationDirectory
from generator.models.discovery.ledgers import SLUG, StoryArc
from generator.models.frozen import Frozen
from generator.sources.registry import load_registry
from generator.yamlfile import load_yaml

# The spec's accepted declared kinds; autonomous-<persona> is written with the persona's name.
ACTOR_KIND = r"^(human|agent|system|platform|collective|oracle|witness|other|autonomous-[a-z0-9]+)$"
HandoffStatus = Literal["open", "resolved", "abandoned"]


class Signed(Frozen):
    """What every signed record carries: who signed, as which kind of actor, citing what."""

    signed_by: str = Field(pattern=SLUG)
    actor_kind: str = Field(pattern=ACTOR_KIND)
    kingdom_references: tuple[str, ...]
    story_arc_references: tuple[str, ...]


class PillowEntry(Signed):
    date: dt.date
    time: str = Field(pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$")
    timezone: Literal["UTC"]
    title: str
    commit: str | None = Field(pattern=r"^[0-9a-f]{7,40}$")  # the git commit the entry describes
    body: str


class PillowBook(Frozen):
    recorded_note: str
    story_arcs: tuple[StoryArc, ...]
    entries: tuple[PillowEntry, ...] = Field(min_length=1)


class Persona(Frozen):
    id: str = Field(pattern=SLUG)
    actor_kind: str = Field(pattern=ACTOR_KIND)
    role: str
    sister: str | None


class Handoff(Signed):
    slug: str = Field(pattern=SLUG)
    title: str
    status: HandoffStatus
    date: dt.date
    to: str
    summary: str
    body: str
    next_steps: tuple[str, ...]
    # Probes (generator.surfaces.discovery.facts) of what the next steps leave to do: once none
    # finds anything, the handoff is resolved (claims.settled); an authored "resolved" with one
    # still open fails the build.
    closes_when: tuple[str, ...] = ()


class Ledgers(Frozen):
    pillow_book: PillowBook
    personas: tuple[Persona, ...]
    handoffs: tuple[Handoff, ...]
    kingdoms: KingdomLedger
    adopters: AdopterRegistry
    organisations: OrganisationDirectory

    @model_validator(mode="after")
    def _citations_resolve(self) -> Ledgers:
        kingdoms, arcs = self.kingdoms.ids(), {a.id for a in self.pillow_book.story_arcs}
        personas = {p.id: p for p in self.personas}
        slugs = [h.slug for h in self.handoffs]
        if len(set(slugs)) != len(slugs):
            raise ValueError(f"handoff slugs repeat: {sorted(s for s in slugs if slugs.count(s) > 1)}")
        for arc in self.pillow_book.story_arcs:
            if arc.ships_in_kingdom is not None and arc.ships_in_kingdom not in kingdoms:
                raise ValueError(f"story arc {arc.id} ships in unknown kingdom {arc.ships_in_kingdom!r}")
        signed: list[tuple[str, Signed]] = [(f"entry {e.date} {e.time}", e) for e in self.pillow_book.entries]
        signed += [(f"handoff {h.slug}", h) for h in self.handoffs]
        for where, record in signed:
            _check_signed(where, record, kingdoms, arcs, personas)
        signers = {record.signed_by for _, record in signed}
        for persona in self.personas:
            if persona.id not in signers:
                raise ValueError(f"persona {persona.id} signs no entry or handoff")
            if persona.sister is not None and persona.sister not in personas:
                raise ValueError(f"persona {persona.id} names an unknown sister {persona.sister!r}")
        return self


def _check_signed(where: str, record: Signed, kingdoms: set[str], arcs: set[str], personas: dict[str, Persona]) -> None:
    unknown = sorted(set(record.kingdom_references) - kingdoms) + sorted(set(record.story_arc_references) - arcs)
    if unknown:
        raise ValueError(f"{where} cites unknown kingdoms or story arcs: {unknown}")
    persona = personas.get(record.signed_by)
    if persona is None:
        raise ValueError(f"{where} is signed by {record.signed_by!r}, who is not in personas.yaml")
    if persona.actor_kind != record.actor_kind:
        raise ValueError(f"{where}: {record.signed_by} signs as {persona.actor_kind}, not {record.actor_kind}")


def load_ledgers(root: Path) -> Ledgers:
    """``root`` is the content folder; the ledgers are the YAML files of ``root/ledgers``."""
    folder = root / "ledgers"
    ledgers = Ledgers(
        pillow_book=PillowBook.model_validate(load_yaml(folder / "pillow-book.yaml")),
        personas=tuple(Persona.model_validate(p) for p in load_yaml(folder / "personas.yaml")["personas"]),
        handoffs=tuple(Handoff.model_validate(h) for h in load_yaml(folder / "handoffs.yaml")["handoffs"]),
        kingdoms=KingdomLedger.model_validate(load_yaml(folder / "kingdoms.yaml")),
        adopters=AdopterRegistry.model_validate(load_yaml(folder / "adopters.yaml")),
        organisations=OrganisationDirectory.model_validate(load_yaml(folder / "organisations.yaml")),
    )
    ledgers.organisations.check_sources(tuple(s.id for s in load_registry()))
    return ledgers
