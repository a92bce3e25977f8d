"""Printings by SKU as the snapshot holds them: the catalog's rows, made into ``Printing`` models
only when first read.

Why rows and not models: parsing every printing's attributes (30 MB of JSON) up front took about a
second of the build's serial start, while rendering workers forked afterwards each parse only the
printings they render, in parallel. The ``_data`` shards embed the stored JSON text as it is
(``as_json``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import orjson

from generator.catalog import queries
from generator.models.rows import Printing


class PrintingTable(Mapping[str, Printing]):
    """Printings by SKU, kept as catalog rows (JSON columns as text) and made into models when
    first read."""

    def __init__(self, rows: Iterable[dict[str, Any]], made: Iterable[Printing] = ()):
        self._rows = {r["sku"]: r for r in rows}
        self._made: dict[str, Printing] = {p.sku: p for p in made}

    @classmethod
    def of(cls, printings: Iterable[Printing]) -> PrintingTable:
        """A table of models already made (tests, small catalogs)."""
        printings = tuple(printings)
        return cls((_row(p) for p in printings), printings)

    def __getitem__(self, sku: str) -> Printing:
        made = self._made.get(sku)
        if made is None:
            made = self._made[sku] = queries.printing_from_row(self._rows[sku])
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def row(self, sku: str) -> dict[str, Any]:
        return self._rows[sku]

    def as_json(self, sku: str) -> dict[str, Any]:
        """The printing as ``model_dump(mode="json")`` gives it, with the stored JSON text embedded
        unparsed (the catalog stores it exactly as orjson writes it: tests/catalog checks)."""
        row = self._rows[sku]
        return {
            **row,
            "attrs": orjson.Fragment(row["attrs"]),
            "sources": list(row["sources"]),
            "disagreements": orjson.Fragment(row["disagreements"]),
        }


def _row(printing: Printing) -> dict[str, Any]:
    return {
        **printing.model_dump(mode="json"),
        "attrs": orjson.dumps(printing.attrs).decode(),
        "disagreements": orjson.dumps(printing.disagreements).decode(),
    }
