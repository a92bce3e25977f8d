"""``match``: the one-regex router answers exactly as trying each surface's pattern in order would."""

from __future__ import annotations

import random
import string

from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.web.router import match
from generator.web.surface import Surface


def reference(registry: tuple[Surface, ...], path: str):
    """The plain rule: literal paths before patterns, each surface's own pattern, first wins."""
    for surface in sorted(registry, key=lambda s: s.literal_weight):
        found = surface.pattern.match(path)
        if found:
            return surface.id, found.groupdict()
    return None


def test_the_router_agrees_with_trying_every_surface_in_order() -> None:
    registry = surfaces(load_site())
    rng = random.Random(7)
    paths = [s.path for s in registry]  # templates themselves: {x} is a segment like any other
    paths += [s.path.replace("{", "").replace("}", "") + suffix for s in registry for suffix in ("", "/", "/x", "\n")]
    paths += [
        "".join(rng.choice("/ab{}\n%.-_:" + string.ascii_lowercase) for _ in range(rng.randint(1, 40)))
        for _ in range(5000)
    ]
    paths += ["/api/v1/universal/card/op-op01-001-en", "/api/v1/federation/identify/by-upstream", "/prices/op/op01/001"]
    differ = [p for p in paths if (lambda m: m and (m[0].id, m[1]))(match(registry, p)) != reference(registry, p)]
    assert differ == []
    assert match(registry, "/api/v1/federation/identify/by-upstream")[0].id == "federation.by_upstream"  # type: ignore[index]


def test_each_registry_is_routed_by_its_own_surfaces() -> None:
    """The router is made once per registry object: another registry never borrows it."""
    first = surfaces(load_site())
    teapot = next(s for s in first if s.path == "/api/v1/teapot")
    second = tuple(s for s in first if s is not teapot)
    assert match(first, "/api/v1/teapot") == (teapot, {})
    assert match(second, "/api/v1/teapot") is None
    assert match(first, "/api/v1/teapot") == (teapot, {})


def test_a_surface_is_found_from_its_id() -> None:
    """Issue 38: a newcomer finds a surface's code from its id: the id's prefix names the domain
    package (``families.DOMAINS``), and the module that declares the surface is in it."""
    from generator.site import load_site
    from generator.surfaces import families

    prefixes = [p for group in families.DOMAINS.values() for p in group]
    assert len(prefixes) == len(set(prefixes)), "a prefix belongs to one domain"
    for family in families.FAMILIES:
        package = family.__name__.split(".")[2]
        for surface in family.surfaces(load_site()):
            assert families.domain_of(surface.id) == package, (surface.id, family.__name__)
