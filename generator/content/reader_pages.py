"""Authored text of two reader pages (``content/pages/``): ``/scrapers`` and the condition checklist.

The checklist's grades must be exactly the ``condition`` values a listing of the platform export
may carry, in that order, so the words a collector reads are the words the book uses.
"""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from pydantic import Field, model_validator

from generator.models.frozen import Frozen
from generator.platform.models import Listing
from generator.yamlfile import load_yaml


class Practice(Frozen):
    label: str
    text: str
    href: str | None = None


class Scrapers(Frozen):
    intro: str
    practices: tuple[Practice, ...] = Field(min_length=5)
    rights: str


class Step(Frozen):
    label: str
    text: str


class Grade(Frozen):
    grade: str
    text: str


class ConditionChecklist(Frozen):
    intro: str
    steps: tuple[Step, ...] = Field(min_length=3)
    grades: tuple[Grade, ...]

    @model_validator(mode="after")
    def _grades_are_the_books(self) -> ConditionChecklist:
        book = get_args(Listing.model_fields["condition"].annotation)
        if tuple(g.grade for g in self.grades) != book:
            raise ValueError(f"the grades must be the listing conditions, in order: {book}")
        return self


class ReaderPages(Frozen):
    scrapers: Scrapers
    condition: ConditionChecklist


def load_reader_pages(root: Path) -> ReaderPages:
    folder = root / "pages"
    return ReaderPages(
        scrapers=Scrapers(**load_yaml(folder / "scrapers.yaml")),
        condition=ConditionChecklist(**load_yaml(folder / "condition.yaml")),
    )
