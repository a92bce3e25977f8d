"""Answering rhymes (``content/culture/answering_rhymes.yaml``): curated relations between cards and
public-domain museum works, each work described by its museum's open-access record."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, HttpUrl, model_validator

from generator.content.catalog_policies import Frozen
from generator.yamlfile import load_yaml


class MuseumWork(Frozen):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    museum: str
    accession_id: str
    title: str
    maker: str
    date: str | None = None
    medium: str | None = None
    object_url: HttpUrl
    record_url: HttpUrl
    public_domain: Literal[True]  # only works the museum's record marks public domain


class Rhyme(Frozen):
    sku: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+){2,4}$")
    work: str
    rhyme: Literal["subject", "place", "form"]
    text: str = Field(min_length=20, max_length=400)


class AnsweringRhymes(Frozen):
    works: tuple[MuseumWork, ...] = Field(min_length=1)
    relations: tuple[Rhyme, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _works_are_known_and_used(self) -> AnsweringRhymes:
        known = {w.id for w in self.works}
        used = {r.work for r in self.relations}
        if used - known:
            raise ValueError(f"relations name unknown works {sorted(used - known)}")
        if known - used:
            raise ValueError(f"works no relation names: {sorted(known - used)}")
        pairs = [(r.sku, r.work) for r in self.relations]
        if len(pairs) != len(set(pairs)):
            raise ValueError("a card and a work are related at most once")
        return self


def load_answering_rhymes(root: Path) -> AnsweringRhymes:
    return AnsweringRhymes(**load_yaml(root / "culture" / "answering_rhymes.yaml"))
