"""The registry-like ledgers of ``content/ledgers/``: kingdoms (the numbered missions), adopters (empty
by design) and the organisations directory.

The organisations directory must cover every source of ``data/sources.toml`` and name no other:
a new upstream without its publisher in the directory fails the load, so the directory cannot
silently fall behind the sources the build actually reads.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import Field, model_validator

from generator.models.discovery.ledgers import Adopter
from generator.models.frozen import Frozen

KingdomStatus = Literal["queued", "claimed", "in-progress", "done", "deferred"]
KINGDOM_ID = r"^kingdom-[0-9]+$"


class Kingdom(Frozen):
    id: str = Field(pattern=KINGDOM_ID)  # kingdom-<number>: written out so other files can cite it
    number: int = Field(ge=1)
    title: str
    status: KingdomStatus
    priority: Literal["critical", "high", "medium", "low"]
    succeeds: str | None = Field(pattern=KINGDOM_ID)
    audit_command: str | None
    is_sister_paired: bool
    produces_connection_doc: bool
    doc_citations: tuple[str, ...] = Field(min_length=1)
    # The spec paths this mission serves. With paths, its status is a fact of the build: done once
    # every one is in the registry (claims.settled); an authored "done" with one missing fails it.
    paths: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _id_is_the_number(self) -> Kingdom:
        if self.id != f"kingdom-{self.number}":
            raise ValueError(f"kingdom number {self.number} must have the id kingdom-{self.number}, not {self.id}")
        return self


class KingdomLedger(Frozen):
    recorded_on: dt.date
    kingdoms: tuple[Kingdom, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _numbers_and_successions(self) -> KingdomLedger:
        numbers = [k.number for k in self.kingdoms]
        if numbers != sorted(set(numbers)):
            raise ValueError(f"kingdom numbers must be unique and ascending: {numbers}")
        ids = self.ids()
        for k in self.kingdoms:
            if k.succeeds is not None and (k.succeeds not in ids or k.succeeds == k.id):
                raise ValueError(f"{k.id} succeeds {k.succeeds!r}, which is not another kingdom of the ledger")
        return self

    def ids(self) -> set[str]:
        return {k.id for k in self.kingdoms}


class AdopterRegistry(Frozen):
    how_to_submit: str
    review_policy: str
    adopters: tuple[Adopter, ...]


class Organisation(Frozen):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    kind: Literal["open-data-project", "public-institution"]
    url: str = Field(pattern=r"^https://")
    description: str
    source_ids: tuple[str, ...] = Field(min_length=1)


class OrganisationDirectory(Frozen):
    organisations: tuple[Organisation, ...] = Field(min_length=1)

    def check_sources(self, source_ids: tuple[str, ...]) -> None:
        """Every registered source has exactly one publisher here, and nothing else is named."""
        named = [s for o in self.organisations for s in o.source_ids]
        unknown = sorted(set(named) - set(source_ids))
        missing = sorted(set(source_ids) - set(named))
        twice = sorted({s for s in named if named.count(s) > 1})
        if unknown or missing or twice:
            raise ValueError(
                f"organisations.yaml against data/sources.toml: unknown {unknown}, "
                f"without a publisher {missing}, named twice {twice}"
            )
