"""The price-guide JSON: ``/api/v1/prices/games/{game}``, ``/sets/{set}``, ``/sets/{set}/cards/{number}``.

Navigation (game -> sets -> card numbers with their printings) and, for each card, the evidence
state of every source (observed, planned, paused, blocked). Every value is withheld: the guide is
the structure a price would sit in and the reason it does not, NOASSERTION. The HTML price pages
render these same documents.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.catalog.snapshot import IndexEntry
from generator.models.catalog import prices as docs
from generator.site import Site
from generator.surfaces.catalog.doors import PRICE_REASONS
from generator.surfaces.catalog.links import card_url
from generator.surfaces.catalog.provenance import source_states, stated_provenance
from generator.surfaces.catalog.universal import WITHHELD
from generator.web.envelope import Provenance, provenance
from generator.web.surface import Context, Params, Query, Result, Surface, error

BASE = "/api/v1/prices/games"
WITHHELD_PRICE = {"value": None, "currency": "GBP", "reason": PRICE_REASONS[0]}


def game_url(game: str) -> str:
    return f"{BASE}/{game}"


def set_url(game: str, set_code: str) -> str:
    return f"{BASE}/{game}/sets/{set_code}"


def number_url(game: str, set_code: str, number: str) -> str:
    return f"{BASE}/{game}/sets/{set_code}/cards/{number}"


def _sources(ctx: Context, game: str) -> Provenance:
    return provenance(s for s in ctx.snapshot.sources() if s.game == game)


def _numbers(ctx: Context, game: str, set_code: str) -> dict[str, list[Any]]:
    """A set's printings by collector number, in catalog order."""
    grouped: dict[str, list[Any]] = {}
    for entry in ctx.snapshot.by_set(game).get(set_code, ()):
        grouped.setdefault(entry.number, []).append(entry)
    return grouped


def price_game(ctx: Context, params: Params, query: Query) -> Result:
    game = ctx.snapshot.game(params["game"].lower())
    if game is None:
        known = [g.game for g in ctx.snapshot.games()]
        return error(404, "game_not_found", f"game {params['game']!r} is not in the catalog", known_ids=known)
    by_set = ctx.snapshot.by_set(game.game)
    sets = [
        {
            "set": s.set_code,
            "name": s.name,
            "released_at": s.release_date.isoformat() if s.release_date else None,
            "numbers": len({e.number for e in by_set.get(s.set_code, ())}),
            "printings": len(by_set.get(s.set_code, ())),
            "@id": set_url(game.game, s.set_code),
        }
        for s in ctx.snapshot.sets_of_game(game.game)
    ]
    states = source_states(ctx, game.game)
    data = {
        "@kind": "price_guide_game",
        "game": game.game,
        "name": game.name,
        "license": "NOASSERTION",
        "price": WITHHELD_PRICE,
        "set_count": len(sets),
        "sets": sets,
        "sources": states,
        "movers": f"/prices/{game.game}/movers",
    }
    return Result(data=data, provenance=stated_provenance(ctx, states, _sources(ctx, game.game)))


def _ref(entry: IndexEntry) -> dict[str, Any]:
    return {"sku": entry.sku, "lang": entry.lang, "variant": entry.variant, "@id": card_url(entry.sku)}


def every_set(ctx: Context) -> Iterator[Params]:
    for game in ctx.snapshot.games():
        for card_set in ctx.snapshot.sets_of_game(game.game):
            yield {"game": game.game, "set": card_set.set_code}


def price_set(ctx: Context, params: Params, query: Query) -> Result:
    game, set_code = params["game"].lower(), params["set"].lower()
    card_set = ctx.snapshot.card_set(game, set_code)
    if card_set is None:
        return error(404, "set_not_found", f"set {params['set']!r} of game {params['game']!r} is not in the catalog")
    numbers = [
        {
            "number": number,
            "name": entries[0].name,
            "printings": [
                {"sku": e.sku, "lang": e.lang, "variant": e.variant, "@id": card_url(e.sku)} for e in entries
            ],
            "@id": number_url(game, set_code, number),
        }
        for number, entries in _numbers(ctx, game, set_code).items()
    ]
    data = {
        "@kind": "price_guide_set",
        "game": game,
        "set": set_code,
        "name": card_set.name,
        "license": "NOASSERTION",
        "price": WITHHELD_PRICE,
        "number_count": len(numbers),
        "numbers": numbers,
        "up": game_url(game),
    }
    return Result(data=data, provenance=_sources(ctx, game))


def price_card(ctx: Context, params: Params, query: Query) -> Result:
    game, set_code, number = params["game"].lower(), params["set"].lower(), params["number"].lower()
    card_set = ctx.snapshot.card_set(game, set_code)
    printings = ctx.snapshot.printings_of_number(game, set_code, number) if card_set else ()
    if card_set is None or not printings:
        return error(404, "card_not_found", f"{game} {set_code} number {params['number']!r} is not in the catalog")
    data: dict[str, Any] = {
        "@kind": "price_guide_card",
        "game": game,
        "set": set_code,
        "set_name": card_set.name,
        "number": number,
        "name": printings[0].name,
        "license": "NOASSERTION",
        "printings": [
            {
                "sku": p.sku,
                "@id": card_url(p.sku),
                "name": p.name,
                "lang": p.lang,
                "variant": p.variant,
                "rarity": p.rarity,
                "price": WITHHELD_PRICE,
                "sources": source_states(ctx, game, (p,)),
            }
            for p in printings
        ],
        "everything": f"/api/v1/cards/{printings[0].sku}/everything",
        "up": set_url(game, set_code),
    }
    stated = [s for p in data["printings"] for s in p["sources"]]
    return Result(data=data, provenance=stated_provenance(ctx, stated, _sources(ctx, game)))


def every_number(ctx: Context) -> Iterator[Params]:
    for game in ctx.snapshot.games():
        seen = set()
        for entry in ctx.snapshot.index_of_game(game.game):
            if (entry.set_code, entry.number) not in seen:
                seen.add((entry.set_code, entry.number))
                yield {"game": game.game, "set": entry.set_code, "number": entry.number}


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {"does_not_include": WITHHELD, "errors": (404,), "provenance_kind": "snapshot"}
    return (
        Surface(
            "prices.game",
            f"{BASE}/{{game}}",
            "A",
            price_game,
            enumerate=lambda ctx: ({"game": g.game} for g in ctx.snapshot.games()),
            model=docs.PriceGame,
            upstream=True,
            summary="Price-guide navigation for a game: its sets and each source's state (values withheld)",
            **common,
        ),
        Surface(
            "prices.set",
            f"{BASE}/{{game}}/sets/{{set}}",
            "A",
            price_set,
            enumerate=every_set,
            model=docs.PriceSet,
            summary="Price-guide set view: its card numbers and their printings (values withheld)",
            **common,
        ),
        Surface(
            "prices.card",
            f"{BASE}/{{game}}/sets/{{set}}/cards/{{number}}",
            "A",
            price_card,
            enumerate=every_number,
            model=docs.PriceCard,
            summary="One card number of a set: each printing with its observed, planned, paused and blocked sources",
            **common,
        ),
    )
