"""The surfaces registry: every spec endpoint this build serves, in one explicit tuple.

``surfaces(site)`` builds it from the site config, so paths with the spec's placeholders
(``/api/v1/<persona>s.json``, ``/.well-known/<service>.json``...) come from ``content/site.toml``.
Adding a surface is one entry in one family module; this tuple names the families. Family modules
live in the domain package their surface ids' prefix belongs to (``DOMAINS``): ``universal.card``
is in ``generator/surfaces/catalog/``, ``pages.*`` in ``generator/surfaces/pages/``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from generator.site import Site
from generator.surfaces.catalog import (
    artists,
    cards,
    doors,
    encoding,
    federation,
    fx,
    market,
    oracle,
    prices,
    pulls,
    search,
    universal,
    universal_sets,
)
from generator.surfaces.culture import gallery, rhyme_relations, rhymes
from generator.surfaces.discovery import changelog, datasets, discovery, ledger_views, orientation
from generator.surfaces.market import auctions, auctions_public, signals, trust, verify
from generator.surfaces.operations import (
    assets,
    clock,
    contract,
    coverage,
    coverage_history,
    health,
    limits,
    mcp_gate,
    search_index,
    sources,
    status,
)
from generator.surfaces.pages import culture_pages, guide_pages, pages, price_guide, product, site_pages
from generator.surfaces.pages.reader import error_page
from generator.surfaces.participation import calling_card, feedback, identify, participation, receipts, recipe
from generator.surfaces.play import play
from generator.surfaces.playful import playful
from generator.web.surface import Surface

# One family a line, the contract last (it describes all the others).
FAMILIES = (
    universal,
    universal_sets,
    cards,
    market,
    search,
    prices,
    artists,
    encoding,
    federation,
    fx,
    oracle,
    pulls,
    doors,
    play,
    playful,
    discovery,
    orientation,
    changelog,
    ledger_views,
    limits,
    sources,
    coverage,
    coverage_history,
    datasets,
    feedback,
    participation,
    identify,
    receipts,
    recipe,
    rhymes,
    rhyme_relations,
    calling_card,
    price_guide,
    pages,
    site_pages,
    gallery,
    culture_pages,
    guide_pages,
    product,
    assets,
    search_index,
    auctions,
    auctions_public,
    trust,
    verify,
    signals,
    status,
    health,
    clock,
    mcp_gate,
    contract,
)


# Where a surface's code lives, from its id: the id's prefix names one domain package of
# generator/surfaces/ (tests/surfaces/test_router.py checks every surface against it). The ids are
# the public contract (tool names, example ids), so they keep their prefixes; the packages group them.
DOMAINS = {
    "catalog": ("universal", "cards", "search", "prices", "catalog", "federation", "doors"),
    "discovery": ("ontology", "ledgers", "ledger", "wellknown", "orientation", "datasets"),
    "operations": ("limits", "sources", "coverage", "status", "health", "clock", "contract", "assets"),
    "participation": ("participation", "receipts"),
    "culture": ("culture",),
    "pages": ("pages",),
    "market": ("auctions", "trust", "verify", "signals"),
    "play": ("play",),
    "playful": ("playful",),
}


def domain_of(surface_id: str) -> str:
    """The package of ``generator/surfaces/`` whose modules declare ``surface_id``."""
    prefix = surface_id.split(".")[0]
    return next(domain for domain, prefixes in DOMAINS.items() if prefix in prefixes)


def surfaces(site: Site) -> tuple[Surface, ...]:
    registry = tuple(_read_as_pages(s) for family in FAMILIES for s in family.surfaces(site))
    for what, values in (("id", [s.id for s in registry]), ("path", [s.path for s in registry])):
        twice = [value for value, count in Counter(values).items() if count > 1]
        if twice:
            raise ValueError(f"surface {what}s registered twice: {', '.join(twice)}")
    return registry


def _read_as_pages(surface: Surface) -> Surface:
    """An HTML surface answers its errors as a reader's page (issue 39); API surfaces keep JSON."""
    if surface.media_type.startswith("text/html") and surface.error_page is None:
        return replace(surface, error_page=error_page)
    return surface


def joy_index(registry: tuple[Surface, ...]) -> int:
    """X-Joy-Index: how many joy-bearing (family G) surfaces this build serves."""
    return sum(1 for s in registry if s.family == "G")
