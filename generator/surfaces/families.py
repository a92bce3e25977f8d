"""The surfaces registry: every spec endpoint this build serves, in one explicit tuple.

``surfaces(site)`` builds it from the site config, so paths with the spec's placeholders
(``/api/v1/<persona>s.json``, ``/.well-known/<service>.json``...) come from ``content/site.toml``.
Adding a surface is one entry in one family module; this tuple names the families.
"""

from __future__ import annotations

from collections import Counter

from generator.site import Site
from generator.surfaces import (
    artists,
    assets,
    auctions,
    auctions_public,
    calling_card,
    cards,
    changelog,
    clock,
    contract,
    coverage,
    coverage_history,
    datasets,
    discovery,
    doors,
    encoding,
    federation,
    fx,
    gallery,
    guide_pages,
    health,
    identify,
    ledger_views,
    limits,
    market,
    oracle,
    orientation,
    pages,
    participation,
    play,
    playful,
    price_guide,
    prices,
    product,
    pulls,
    receipts,
    recipe,
    rhyme_relations,
    rhymes,
    search,
    signals,
    sources,
    status,
    trust,
    universal,
    universal_sets,
    verify,
)
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
    participation,
    identify,
    receipts,
    recipe,
    rhymes,
    rhyme_relations,
    calling_card,
    price_guide,
    pages,
    gallery,
    guide_pages,
    product,
    assets,
    auctions,
    auctions_public,
    trust,
    verify,
    signals,
    status,
    health,
    clock,
    contract,
)


def surfaces(site: Site) -> tuple[Surface, ...]:
    registry = tuple(s for family in FAMILIES for s in family.surfaces(site))
    for what, values in (("id", [s.id for s in registry]), ("path", [s.path for s in registry])):
        twice = [value for value, count in Counter(values).items() if count > 1]
        if twice:
            raise ValueError(f"surface {what}s registered twice: {', '.join(twice)}")
    return registry


def joy_index(registry: tuple[Surface, ...]) -> int:
    """X-Joy-Index: how many joy-bearing (family G) surfaces this build serves."""
    return sum(1 for s in registry if s.family == "G")
