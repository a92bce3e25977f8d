"""A rebuild's carried routes: split off before any worker starts, their files handed to the
carrier (``generator.write.carry``), their manifest entries and dependency records kept as the
previous build wrote them (``generator.write.dependencies`` decides which routes they are)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

from generator.build.workers import Job
from generator.web.surface import Surface
from generator.write.carry import Lists
from generator.write.dependencies import DependencyRecord
from generator.write.files import DistWriter, folder_for
from generator.write.manifest import ManifestBuilder, RouteEntry


def split(
    chunks: list[list[Job]], by_id: Mapping[str, Surface], carry: set[str]
) -> tuple[list[list[Job]], list[str], list[str] | None]:
    """(the chunks left to render, the paths carried over, the paths rendered; None for every
    route when nothing is carried): a route is carried when this build lists it (a route the
    catalog no longer has is gone, whatever its record says) and every input it read last time is
    unchanged. Carried routes never reach a worker."""
    if not carry:
        return chunks, [], None
    carried: list[str] = []
    rendered: list[str] = []
    left = []
    for chunk in chunks:
        kept = []
        for job in chunk:
            path = by_id[job[0]].concrete(job[1])
            if path in carry:
                carried.append(path)
            else:
                kept.append(job)
                rendered.append(path)
        if kept:
            left.append(kept)
    return left, carried, rendered


def carry_over(
    writer: DistWriter,
    previous: Mapping[str, Any],
    carried: list[str],
    chunks: list[list[Job]],
    by_id: Mapping[str, Surface],
) -> None:
    """Start the carrier (``generator.write.carry``) on every file of the previous build, the files
    of it the carried routes leave (every other route's, and the data files, which the writer
    writes itself), the folders this build renders into and the data files (their folders are
    written by another process meanwhile: never adopted); it carries the rest."""

    def lists() -> Lists:
        routes, data_files = previous["routes"], previous.get("data_files", {})
        every = [(entry["file"], entry["twins"]) for entry in routes.values()]
        every.extend((name, ()) for name in data_files)
        kept = set(carried)
        left = {entry["file"] for path, entry in routes.items() if path not in kept}
        left.update(data_files)
        busy = {folder_for(by_id[sid].concrete(params)) for chunk in chunks for sid, params, _ in chunk}
        return every, left, busy, data_files

    writer.carry_over(lists)


def carried_entries(
    carried: list[str],
    previous: Mapping[str, Any],
    earlier: Mapping[str, Any],
    writer: DistWriter,
    manifest: ManifestBuilder,
    record: DependencyRecord,
) -> list[RouteEntry]:
    """The carried routes' manifest entries and dependency records as the previous build wrote
    them, all at once (a rebuild carries most of a build's routes); the entries, for the summary."""
    # each one's header set, as ``route_headers`` makes the key (sorted JSON)
    header_keys = {k: orjson.dumps(v, option=orjson.OPT_SORT_KEYS) for k, v in previous["header_sets"].items()}
    entries: list[RouteEntry] = [previous["routes"][path] for path in carried]
    writer.carry([entry["file"] for entry in entries])
    manifest.carry(carried, entries, header_keys)
    record.carry(carried, earlier)
    return entries
