"""``GET /api/v1/artists``: illustrator credits, one entry per artist, with works and per-print credits.

The upstreams that carry illustrators (Pokemon's ``artist``, Flesh and Blood's and Lorcana's
``artists``; the One Piece dumps carry none) are read from the catalog's credits
(``Snapshot.credits``, in the app ``dist/_data/credits.json``). Two credits are one artist when
they are equal after NFKC, collapsing spaces and case-folding; the entry is named by the spelling
most printings carry and lists every spelling. Artists are sorted by that key and paginated
(``?page=``, ``_meta.next_link``): the first page is a file, the others are answered by the app; a
page past the last is empty.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from typing import Any

from generator.models.catalog.artists import Artists
from generator.site import Site
from generator.surfaces.catalog.links import card_url
from generator.web.envelope import provenance
from generator.web.surface import Context, Param, Params, Query, Result, Surface

PATH = "/api/v1/artists"
PER_PAGE = 50
MAX_PAGE = 10_000
PAGE = Param(
    "page", type="integer", default=1, minimum=1, maximum=MAX_PAGE, description="the page of artists, 50 a page"
)


def artist_key(credit: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", credit)).strip().casefold()


def all_artists(ctx: Context) -> list[dict[str, Any]]:
    grouped: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for game, sku, credit in ctx.snapshot.credits:
        grouped[artist_key(credit)].append((game, sku, credit))
    artists = []
    for key in sorted(grouped):
        credits = grouped[key]
        spellings = Counter(c for _, _, c in credits)
        name = min(spellings, key=lambda s: (-spellings[s], s))
        artists.append(
            {
                "name": name,
                "key": key,
                "spellings": sorted(spellings),
                "games": dict(sorted(Counter(g for g, _, _ in credits).items())),
                "work_count": len(credits),
                "works": [{"sku": sku, "@id": card_url(sku), "credit": credit} for _, sku, credit in credits],
            }
        )
    return artists


def artists(ctx: Context, params: Params, query: Query) -> Result:
    everyone = all_artists(ctx)
    pages = max(1, -(-len(everyone) // PER_PAGE))
    page = int(query.get("page", "1"))
    credited = sorted({g for g, _, _ in ctx.snapshot.credits})
    data = {
        "@kind": "artists",
        "artist_count": len(everyone),
        "credit_count": len(ctx.snapshot.credits),
        "games_with_credits": credited,
        "games_without_credits": {
            g.game: "its upstream dumps carry no illustrator credits"
            for g in ctx.snapshot.games()
            if g.game not in credited
        },
        "page": page,
        "pages": pages,
        "per_page": PER_PAGE,
        "artists": everyone[(page - 1) * PER_PAGE : page * PER_PAGE],
    }
    sources = provenance(s for s in ctx.snapshot.sources() if s.game in credited)
    return Result(data=data, provenance=sources, next_link=f"{PATH}?page={page + 1}" if page < pages else None)


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "catalog.artists",
            PATH,
            "A",
            artists,
            enumerate=lambda ctx: [{}],
            query_params=(PAGE,),
            model=Artists,
            errors=(400,),
            does_not_include=("image URLs from third-party sources",),
            upstream=True,
            summary="Illustrator credits: one entry per artist with credited works and per-print attribution",
        ),
    )
