"""Doctrines, methodologies and audits (``content/discovery/doctrines.yaml``), the authored nodes of
``/api/v1/graph``.

Why the cross-checks: a methodology names the doctrine it instantiates, an audit the doctrine it
checks, and a doctrine the command that audits it. Each of those becomes an edge of the graph; a
dangling id would publish an edge to nothing, so the loader refuses it with the id named.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from generator.models.frozen import Frozen
from generator.yamlfile import load_yaml

Slug = str  # lowercase words joined by hyphens; checked by the field patterns below
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"


class Doctrine(Frozen):
    id: Slug = Field(pattern=SLUG)
    title: str
    statement: str
    kind: Literal["principle", "substrate", "scope-condition"]
    audit_command: str | None
    established_date: dt.date
    is_peer_of_four: bool


class Publication(Frozen):
    """Where a methodology's text is: a repository path (docs/...) or a served path (/api/...)."""

    format: Literal["markdown", "json"]
    href: str = Field(pattern=r"^(/|[A-Za-z])")


class Methodology(Frozen):
    id: Slug = Field(pattern=SLUG)
    title: str
    summary: str
    status: Literal["published", "stub"]
    instantiates_doctrine: Slug
    published_in: tuple[Publication, ...] = Field(min_length=1)
    has_summary_variant: bool
    has_structured_data: bool
    explains_score: bool
    explains_routing: bool
    documents: tuple[str, ...]  # surface id prefixes ("play." is every play surface, "contract.manifest" one)


class Audit(Frozen):
    id: Slug = Field(pattern=SLUG)
    command: str = Field(min_length=1)
    exit_code_policy: Literal["strict", "cooperative"]
    check_count: int = Field(ge=1)
    is_in_chained_audit: bool
    doctrine_instantiated: Slug


class DoctrineCorpus(Frozen):
    doctrines: tuple[Doctrine, ...] = Field(min_length=1)
    methodologies: tuple[Methodology, ...] = Field(min_length=1)
    audits: tuple[Audit, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _references_resolve(self) -> DoctrineCorpus:
        for what, items in (("doctrine", self.doctrines), ("methodology", self.methodologies), ("audit", self.audits)):
            ids = [item.id for item in items]
            if len(set(ids)) != len(ids):
                raise ValueError(f"{what} ids repeat: {sorted(i for i in ids if ids.count(i) > 1)}")
        doctrines = {d.id for d in self.doctrines}
        commands = {a.command for a in self.audits}
        for m in self.methodologies:
            if m.instantiates_doctrine not in doctrines:
                raise ValueError(f"methodology {m.id} instantiates unknown doctrine {m.instantiates_doctrine!r}")
        for a in self.audits:
            if a.doctrine_instantiated not in doctrines:
                raise ValueError(f"audit {a.id} checks unknown doctrine {a.doctrine_instantiated!r}")
        for d in self.doctrines:
            if d.audit_command is not None and d.audit_command not in commands:
                raise ValueError(f"doctrine {d.id}: its audit command {d.audit_command!r} is no audit's command")
        if sum(d.is_peer_of_four for d in self.doctrines) != 4:
            raise ValueError("exactly four doctrines are peers of four (the founding ones)")
        return self

    def audit_by_command(self, command: str) -> Audit | None:
        return next((a for a in self.audits if a.command == command), None)


def load_doctrine(root: Path) -> DoctrineCorpus:
    """``root`` is the content folder; the corpus is ``root/discovery/doctrines.yaml``."""
    return DoctrineCorpus.model_validate(load_yaml(root / "discovery" / "doctrines.yaml"))
