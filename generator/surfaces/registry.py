"""What a surface is: a spec path, the function that returns its data, and how its paths enumerate.

A surface computes a ``Result`` (status, data, provenance); ``generator.surfaces.respond`` turns
that into bytes and headers through the one envelope builder. The writer calls ``enumerate`` to
write every static path; the app calls ``compute`` for anything the files cannot answer (query
strings, unenumerable paths such as dates and hashes, case variants).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from generator.catalog.snapshot import Snapshot
from generator.envelope import Provenance
from generator.site import Site


@dataclass(frozen=True)
class Context:
    """Everything a surface may read. ``now`` is the build's as-of, or the request time in the app."""

    site: Site
    snapshot: Snapshot
    now: dt.datetime
    joy_index: int = 0  # X-Joy-Index: how many joy-bearing (family G) surfaces this build serves
    referee_key: bytes | None = None  # the practice referee's AES-GCM key (app only; never in a file)


@dataclass(frozen=True)
class Result:
    status: int = 200
    data: Any = None  # the envelope's `data`, or the whole document when the surface is not enveloped
    provenance: Provenance = field(default_factory=Provenance)
    error: tuple[str, str] | None = None  # (stable code, message) -> {"error": {code, message}}
    error_extra: Mapping[str, Any] | None = None  # e.g. known_ids, suggestions
    headers: Mapping[str, str] | None = None  # extra headers a surface needs (Allow, Safe-Methods...)


def error(status: int, code: str, message: str, **extra: Any) -> Result:
    return Result(status=status, error=(code, message), error_extra=extra or None)


Params = Mapping[str, str]
Query = Mapping[str, str]


@dataclass(frozen=True)
class Surface:
    id: str  # stable id, e.g. "universal.card"
    path: str  # the spec's parametrised path
    family: str  # spec endpoint family A-G
    compute: Callable[[Context, Params, Query], Result]
    enumerate: Callable[[Context], Iterable[Params]] | None = None  # None: nothing to write statically
    methods: tuple[str, ...] = ("GET",)
    enveloped: bool = True
    freshness: str = "catalog"  # key into site.freshness
    media_type: str = "application/json"
    does_not_include: tuple[str, ...] = ()
    self_reference: bool = False
    query_params: tuple[str, ...] = ()  # query keys that select a variant (served by the app)
    template: str | None = None  # HTML surfaces: the Jinja2 template rendering `data`
    summary: str = ""

    @property
    def static(self) -> bool:
        return self.enumerate is not None

    def concrete(self, params: Params) -> str:
        return re.sub(r"\{(\w+)\}", lambda m: params[m.group(1)], self.path)

    @property
    def pattern(self) -> re.Pattern[str]:
        return _compile(self.path)

    @property
    def literal_weight(self) -> tuple[int, int]:
        """Literal paths outrank patterns: /identify/by-upstream before /identify/{hash}."""
        segments = self.path.strip("/").split("/")
        return (-sum(1 for s in segments if "{" not in s), -len(segments))


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _compile(path: str) -> re.Pattern[str]:
    if path not in _PATTERNS:
        regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(path))
        _PATTERNS[path] = re.compile(f"^{regex}$")
    return _PATTERNS[path]


def match(surfaces: Iterable[Surface], path: str) -> tuple[Surface, dict[str, str]] | None:
    for surface in sorted(surfaces, key=lambda s: s.literal_weight):
        found = surface.pattern.match(path)
        if found:
            return surface, found.groupdict()
    return None
