"""Which surface answers a path: literal paths before patterns, all patterns in one regex."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from generator.web.surface import Surface


def match(surfaces: Iterable[Surface], path: str) -> tuple[Surface, dict[str, str]] | None:
    """The surface that answers ``path`` (literal paths before patterns), and its path parameters."""
    router = _router(surfaces if isinstance(surfaces, tuple) else tuple(surfaces))
    found = router.pattern.match(path)
    if found is None:
        return None
    index = int(found.lastgroup[1:])  # type: ignore[index]  # each alternative ends with its own (?P<_i>)
    surface, groups = router.routes[index]
    return surface, {name: found.group(group) for group, name in groups}


@dataclass(frozen=True)
class _Router:
    """Every surface's pattern in one regex, in ``match``'s order: one C-level scan instead of a
    Python loop over every surface (a reader page checks each link it shows with ``match``)."""

    pattern: re.Pattern[str]
    routes: tuple[tuple[Surface, tuple[tuple[str, str], ...]], ...]  # (surface, (group, parameter))


_ROUTERS: dict[int, tuple[tuple[Surface, ...], _Router]] = {}  # by registry identity (kept alive)


def _router(surfaces: tuple[Surface, ...]) -> _Router:
    """The registry's router, made once per registry object: the registry is code (surfaces and
    their patterns), not content, so it cannot go stale; the tuple is held so its id stays its own."""
    known = _ROUTERS.get(id(surfaces))
    if known is not None and known[0] is surfaces:
        return known[1]
    ordered = sorted(surfaces, key=lambda s: s.literal_weight)
    alternatives, routes = [], []
    for i, surface in enumerate(ordered):
        groups: list[tuple[str, str]] = []

        def named(m: re.Match[str], i: int = i, groups: list[tuple[str, str]] = groups) -> str:
            groups.append((f"p{i}_{m.group(1)}", m.group(1)))
            return f"(?P<p{i}_{m.group(1)}>[^/]+)"

        regex = re.sub(r"\\\{(\w+)\\\}", named, re.escape(surface.path))
        alternatives.append(f"{regex}\\Z(?P<_{i}>)")
        routes.append((surface, tuple(groups)))
    router = _Router(re.compile("(?:" + "|".join(alternatives) + ")"), tuple(routes))
    if len(_ROUTERS) >= 16:
        _ROUTERS.clear()
    _ROUTERS[id(surfaces)] = (surfaces, router)
    return router
