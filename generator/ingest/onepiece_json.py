"""Adapter placeholder: not written yet. The ingest records this source as failed."""

from pathlib import Path

from generator.ingest.sink import Sink


def read(root: Path, sink: Sink) -> None:
    raise NotImplementedError("adapter not written yet")
