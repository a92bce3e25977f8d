"""An example's ``see_also``: the endpoints related to this one, each with the relation that makes it so.

Why derived and ranked: a list written per endpoint goes stale, and a list made by one rule for all
(the first five surfaces under ``/api/v1/``) told 71 unrelated endpoints the same thing. The
relations, strongest first, all read from the registry or this endpoint's own recorded answer:

1. ``parent`` and ``child``: the nearest registered path above this one, and the paths whose nearest
   ancestor it is (the graph's ``parent_of`` edges; the version roots such as ``/api/v1/`` do not count);
2. ``linked``: endpoints this endpoint's own example answer links to (one resource's path, or a path
   in the same first segment: a link every answer carries says nothing about this one);
3. ``same_segment``: paths whose first segment after the version root is this one's (``/cards/...``
   and ``/api/v1/cards/...``);
4. ``same_family``: surfaces of the same id prefix, nearest in declaration order first (a family module
   declares related surfaces side by side).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from generator.web.router import match
from generator.web.surface import Context, Surface

ROOTS = ("/api/v1/", "/api/", "/")
MAX_RELATED = 6


def segments(path: str) -> list[str]:
    """The path's segments after its version root: ``/api/v1/cards/{sku}`` -> ``[cards, {sku}]``."""
    root = next(r for r in ROOTS if path.startswith(r))
    return [s for s in path[len(root) :].split("/") if s]


def family(surface: Surface) -> str:
    return surface.id.split(".")[0]


def ancestor(surface: Surface, registry: Iterable[Surface]) -> Surface | None:
    """The registered surface whose path is the nearest ancestor of this one's, version roots aside."""
    above = [
        s
        for s in registry
        if s is not surface and s.path not in ROOTS and surface.path.startswith(s.path.rstrip("/") + "/")
    ]
    return max(above, key=lambda s: len(s.path)) if above else None


def linked(ctx: Context, surface: Surface, answers: Iterable[Any]) -> Iterator[Surface]:
    """The surfaces the recorded answers' JSON links to, in order of first appearance."""
    base = ctx.site.base_url.rstrip("/")
    first = segments(surface.path)[:1]
    for value in _strings(answers):
        path = value.removeprefix(base).split("?", 1)[0].split("#", 1)[0]
        found = match(ctx.surfaces, path) if path.startswith("/") else None
        if found is None or found[0] is surface:
            continue
        target = found[0]
        if "{" in target.path or segments(target.path)[:1] == first:
            yield target


def see_also(ctx: Context, surface: Surface, answers: Iterable[Any]) -> list[dict[str, str]]:
    registry = ctx.surfaces
    picked: dict[str, tuple[Surface, str]] = {}

    def add(candidates: Iterable[Surface], relation: str) -> None:
        for s in candidates:
            if len(picked) < MAX_RELATED and s is not surface and s.id not in picked:
                picked[s.id] = (s, relation)

    parent = ancestor(surface, registry)
    add([parent] if parent is not None else [], "parent")
    stem = surface.path.rstrip("/") + "/"
    below = [s for s in registry if s.path.startswith(stem) and surface.path not in ROOTS]
    add((s for s in below if ancestor(s, registry) is surface), "child")
    add(linked(ctx, surface, answers), "linked")
    first = segments(surface.path)[:1]
    add(_nearest(surface, [s for s in registry if first and segments(s.path)[:1] == first]), "same_segment")
    add(_nearest(surface, [s for s in registry if family(s) == family(surface)]), "same_family")
    return [{"endpoint_id": s.id, "path": s.path, "relation": relation} for s, relation in picked.values()]


def _nearest(surface: Surface, kin: list[Surface]) -> list[Surface]:
    """``kin`` by closeness to ``surface``: more leading path segments in common first, then nearer in
    declaration order (a family module declares related surfaces side by side), the earlier on a tie."""
    own = segments(surface.path)
    at = {s.id: i for i, s in enumerate(kin)}.get(surface.id, 0)

    def shared(other: Surface) -> int:
        return next((i for i, (a, b) in enumerate(zip(own, segments(other.path), strict=False)) if a != b), len(own))

    return sorted(kin, key=lambda s: (-shared(s), abs(at - kin.index(s)), kin.index(s)))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
