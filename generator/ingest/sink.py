"""What an adapter hands to the catalog: typed rows, and quarantined rows with their reasons.

An adapter never touches DuckDB. It reads its upstream's own files and calls the sink; the sink
checks what every adapter would otherwise check again (SKU shape, duplicate SKUs, dates) and counts
rows read, written and quarantined. A quarantined row is kept for the stats and never published.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.sku.standard import Sku, SkuError


@dataclass(frozen=True, slots=True)
class SetRow:
    game: str
    set_code: str  # the SKU set token
    name: str | None
    release_date: dt.date | None
    total_cards: int | None
    upstream_id: str | None = None


@dataclass(frozen=True, slots=True)
class PrintingRow:
    sku: Sku
    card_key: str  # one card across its printings, e.g. "OP01-001" or "base1-4"
    name: str
    rarity: str | None
    upstream_id: str
    attrs: dict[str, Any]  # game-specific attributes, as the play module and surfaces need them


@dataclass(frozen=True, slots=True)
class DeckRow:
    game: str
    deck_id: str
    name: str
    set_code: str | None
    cards: tuple[tuple[str, int], ...]  # (card_key, count)


@dataclass(frozen=True, slots=True)
class FxRow:
    date: dt.date
    currency: str
    per_eur: float


@dataclass(frozen=True, slots=True)
class Quarantined:
    reason: str  # a short stable code: missing-number, bad-date, duplicate-id, broken-file, ...
    upstream_id: str | None
    detail: str
    field: str | None = None  # one attribute of a published row, withheld or noted (ingest.consistency)
    sku: str | None = None  # that published row's SKU (an upstream id may name a printing of two lists)


@dataclass
class Sink:
    """Collects one source's rows. ``read`` counts every upstream record looked at."""

    source_id: str
    game: str
    sets: list[SetRow] = field(default_factory=list)
    printings: list[PrintingRow] = field(default_factory=list)
    decks: list[DeckRow] = field(default_factory=list)
    fx: list[FxRow] = field(default_factory=list)
    quarantined: list[Quarantined] = field(default_factory=list)
    rows_read: int = 0
    _skus: set[Sku] = field(default_factory=set)
    _set_codes: set[str] = field(default_factory=set)

    def quarantine(
        self, reason: str, upstream_id: object, detail: str = "", field: str | None = None, sku: Sku | None = None
    ) -> None:
        """``field`` and ``sku``: the attribute and the printing a finding is about, when the row
        itself is published (``generator.ingest.consistency``)."""
        upstream = None if upstream_id is None else str(upstream_id)
        self.quarantined.append(Quarantined(reason, upstream, detail, field, None if sku is None else str(sku)))

    def set(
        self,
        set_code: str,
        name: str | None,
        release_date: dt.date | None = None,
        total_cards: int | None = None,
        upstream_id: str | None = None,
    ) -> None:
        if set_code in self._set_codes:
            self.quarantine("duplicate-id", upstream_id or set_code, f"set {set_code} seen twice")
            return
        self._set_codes.add(set_code)
        self.sets.append(SetRow(self.game, set_code, name, release_date, total_cards, upstream_id))

    def printing(
        self,
        make_sku: Sku | Callable[[], Sku],
        card_key: str,
        name: str | None,
        rarity: str | None,
        upstream_id: str,
        attrs: dict[str, Any] | None = None,
    ) -> Sku | None:
        """Record one printing. ``make_sku`` is a SKU or a zero-argument callable returning one,
        so a SkuError raised while folding upstream values quarantines the row instead of failing."""
        try:
            sku = make_sku() if callable(make_sku) else make_sku
        except SkuError as exc:
            self.quarantine("bad-identifier", upstream_id, str(exc))
            return None
        if not name:
            self.quarantine("missing-name", upstream_id, "printing has no name")
            return None
        if sku in self._skus:
            self.quarantine("duplicate-id", upstream_id, f"{sku} seen twice in this source")
            return None
        self._skus.add(sku)
        self.printings.append(PrintingRow(sku, card_key, name, rarity or None, upstream_id, attrs or {}))
        return sku

    def deck(self, deck_id: str, name: str, cards: tuple[tuple[str, int], ...], set_code: str | None = None) -> None:
        self.decks.append(DeckRow(self.game, deck_id, name, set_code, cards))

    def rate(self, date: dt.date, currency: str, per_eur: float) -> None:
        self.fx.append(FxRow(date, currency, per_eur))

    @property
    def rows_written(self) -> int:
        return len(self.sets) + len(self.printings) + len(self.decks) + len(self.fx)

    def quarantine_counts(self) -> dict[str, int]:
        return dict(sorted(Counter(q.reason for q in self.quarantined).items()))


def parse_date(text: object) -> dt.date | None:
    """Upstream dates come as ``YYYY-MM-DD``, ``YYYY/MM/DD`` or ISO date-times. Raises ValueError."""
    if text in (None, ""):
        return None
    value = str(text).strip().replace("/", "-")[:10]
    return dt.date.fromisoformat(value)
