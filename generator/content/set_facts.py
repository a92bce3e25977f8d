"""Set names and release dates no upstream carries (``content/set_facts.yaml``): authored facts,
each field citing the sources that state it, checked at load so a name or a date without a source
fails the build. The catalog loads them below the upstreams (``generator.catalog.load``). A fact may
also correct an upstream's name (``name.corrects``: the upstream's spelling, published beside the
right name as evidence), say why no source dates a set (``undated``), why a date the set carries is
in doubt (``date_note``), or why two sets share a name (``name_shared``): each is published."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal, TypedDict

from pydantic import Field, HttpUrl, model_validator

from generator.content.catalog_policies import Frozen
from generator.yamlfile import load_yaml

FILE = "set_facts.yaml"


class FactSource(Frozen):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    url: HttpUrl
    title: str
    publisher: str
    accessed: dt.date
    states: str  # what the page states, in our words: the fact it backs


class CitedName(Frozen):
    value: str = Field(min_length=1)
    sources: tuple[str, ...] = Field(min_length=1)
    corrects: str | None = None  # the upstream's name this one corrects (a typo): published as evidence


class Release(Frozen):
    market: Literal["ja", "en", "global"]  # which release the date is: Japanese, English, one worldwide date
    date: dt.date
    sources: tuple[str, ...] = Field(min_length=1)


class SetFact(Frozen):
    game: Literal["op", "ptcg", "fab", "lor"]
    set: str = Field(min_length=1)
    name: CitedName | None = None
    released: tuple[Release, ...] = ()
    note: str | None = None  # our evidence notes (how the sources add up); not published
    undated: str | None = None  # why no source dates the set: its published released_at_note
    date_note: str | None = None  # why the date the set carries is in doubt: its published released_at_note
    name_shared: str | None = None  # why another set of the game has the same name: published with it

    @property
    def key(self) -> str:
        return f"{self.game}-{self.set}"

    @property
    def first(self) -> Release | None:
        """The earliest release a source dates: the set's released_at."""
        return min(self.released, key=lambda r: r.date, default=None)

    @model_validator(mode="after")
    def _says_something(self) -> SetFact:
        published = (self.name, self.released, self.undated, self.date_note, self.name_shared)
        if not any(published):
            raise ValueError(f"{self.game}-{self.set}: a fact names or dates the set, or says why not")
        if self.undated and self.released:
            raise ValueError(f"{self.game}-{self.set}: a dated set is not undated")
        markets = [r.market for r in self.released]
        if len(set(markets)) != len(markets):
            raise ValueError(f"{self.game}-{self.set}: one release per market")
        return self


class SetFactRow(TypedDict):
    """A row of the catalog's ``set_facts`` table."""

    game: str
    set_code: str
    name: str | None
    name_url: str | None
    name_title: str | None
    released_at: dt.date | None
    released_market: str | None
    released_url: str | None
    released_title: str | None
    name_corrects: str | None
    undated_note: str | None
    date_note: str | None
    name_shared_note: str | None


class SetReleaseRow(TypedDict):
    """A row of the catalog's ``set_releases`` table: one market's release of a set, first source cited."""

    game: str
    set_code: str
    market: str
    released_at: dt.date
    url: str
    title: str


class SetFacts(Frozen):
    sources: tuple[FactSource, ...]
    sets: tuple[SetFact, ...]

    @model_validator(mode="after")
    def _cited_once(self) -> SetFacts:
        ids = [s.id for s in self.sources]
        if len(set(ids)) != len(ids):
            raise ValueError(f"duplicate source ids {sorted({i for i in ids if ids.count(i) > 1})}")
        keys = [f.key for f in self.sets]
        if len(set(keys)) != len(keys):
            raise ValueError(f"duplicate set entries {sorted({k for k in keys if keys.count(k) > 1})}")
        known, cited = set(ids), set()
        for fact in self.sets:
            fields = ([("name", fact.name.sources)] if fact.name else []) + [
                (f"released.{r.market}", r.sources) for r in fact.released
            ]
            for field, sources in fields:
                if unknown := set(sources) - known:
                    raise ValueError(f"{fact.key} {field} cites unknown sources {sorted(unknown)}")
                cited |= set(sources)
        if known - cited:
            raise ValueError(f"sources cited by no fact: {sorted(known - cited)}")
        return self

    def source(self, source_id: str) -> FactSource:
        return next(s for s in self.sources if s.id == source_id)

    def rows(self) -> list[SetFactRow]:
        """One catalog row per set (table ``set_facts``): its name and its first release, each with
        the first source cited for it (url, title)."""
        out: list[SetFactRow] = []
        for fact in self.sets:
            first = fact.first
            named = self.source(fact.name.sources[0]) if fact.name else None
            dated = self.source(first.sources[0]) if first else None
            out.append(
                {
                    "game": fact.game,
                    "set_code": fact.set,
                    "name": fact.name.value if fact.name else None,
                    "name_url": str(named.url) if named else None,
                    "name_title": named.title if named else None,
                    "released_at": first.date if first else None,
                    "released_market": first.market if first else None,
                    "released_url": str(dated.url) if dated else None,
                    "released_title": dated.title if dated else None,
                    "name_corrects": fact.name.corrects if fact.name else None,
                    "undated_note": fact.undated,
                    "date_note": fact.date_note,
                    "name_shared_note": fact.name_shared,
                }
            )
        return out


def release_rows(facts: SetFacts) -> list[SetReleaseRow]:
    """Every market's release of every dated set (table ``set_releases``): published per market."""
    out: list[SetReleaseRow] = []
    for fact in facts.sets:
        for release in sorted(fact.released, key=lambda r: (r.date, r.market)):
            cited = facts.source(release.sources[0])
            out.append(
                {
                    "game": fact.game,
                    "set_code": fact.set,
                    "market": release.market,
                    "released_at": release.date,
                    "url": str(cited.url),
                    "title": cited.title,
                }
            )
    return out


def load_set_facts(root: Path) -> SetFacts:
    """``root``: the content folder."""
    return SetFacts(**load_yaml(root / FILE))
