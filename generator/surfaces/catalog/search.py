"""``/api/v1/search/cards`` and ``/api/v1/search/everything``: the resolver, and resolver plus composer.

Answered by the app from ``dist/_data/index/<game>.json`` (nothing else at run time): every query
is a variant, so nothing is written. ``everything`` folds the composer payload (``cards.everything``)
into ``data.everything`` when the query resolves to one set-and-number bucket, and answers the
matches alone when it is ambiguous. How confidence is computed: ``generator.catalog.search``.
"""

from __future__ import annotations

from typing import Any

from generator.catalog.search import CONFIDENCES, Match, best, buckets, search
from generator.models.catalog import cards as docs
from generator.site import Site
from generator.surfaces.catalog.cards import everything_document
from generator.surfaces.catalog.links import card_url
from generator.surfaces.catalog.provenance import stated_provenance
from generator.web.envelope import Provenance, provenance
from generator.web.surface import Context, Param, Params, Query, Result, Surface, error

Q = Param(
    "q",
    required=True,
    pattern=r"\S",
    description="a set and a number (OP01 001, op01-001, base1 4), a number alone (001), a full SKU, or a "
    "card's name in any language the catalog holds (Zoro, ゾロ, pikachu; case-, accent- and width-insensitive, "
    "prefixes and words in any order: an extension, docs/search.md)",
)
ASCII_SPACE = " \t\n\r\f\v"  # only these make q blank: every string the schema's \S pattern admits is searched
LANG = Param("lang", description="keep one language (en, ja, fr...); a trailing language token in q does the same")
LIMIT = Param("limit", type="integer", default=100, minimum=1, maximum=500, description="matches listed at most")


def _match(game: str, match: Match) -> dict[str, Any]:
    e = match.entry
    return {
        "sku": e.sku,
        "@id": card_url(e.sku),
        "name": e.name,
        "set_code": f"{game}-{e.set_code}",
        "set": e.set_code,
        "number": e.number,
        "lang": e.lang,
        "variant": e.variant,
        "confidence": match.confidence,
        "matched_by": match.matched_by,
    }


def _resolve(ctx: Context, query: Query) -> tuple[str, str, str | None, int, list[Match]] | Result:
    games = [g.game for g in ctx.snapshot.games()]
    game, q, lang, limit = query["game"], query["q"].strip(ASCII_SPACE), query.get("lang"), LIMIT.read(query)
    if game not in games:  # a game the spec names whose source this build could not load
        return error(404, "game_not_found", f"game {game!r} has no imported sets in this build", known_ids=games)
    return game, q, lang, limit, search(ctx.snapshot, game, q, lang)


def _answer(kind: str, game: str, q: str, lang: str | None, limit: int, matches: list[Match]) -> dict[str, Any]:
    found = buckets(matches)
    return {
        "@kind": kind,
        "game": game,
        "q": q,
        "lang": lang,
        "matches": [_match(game, m) for m in matches[:limit]],
        "truncated": len(matches) > limit,
        "summary": {
            "count": len(matches),
            "best_confidence": best(matches),
            "distinct_set_number_buckets": len(found),
            "ambiguous": len(found) > 1,
        },
        "license": "NOASSERTION",
    }


def _sources(ctx: Context, game: str) -> Provenance:
    return provenance(s for s in ctx.snapshot.sources() if s.game == game)


def search_cards(ctx: Context, params: Params, query: Query) -> Result:
    resolved = _resolve(ctx, query)
    if isinstance(resolved, Result):
        return resolved
    data = _answer("card_search", *resolved)
    return Result(data=data, provenance=_sources(ctx, resolved[0]))


def search_everything(ctx: Context, params: Params, query: Query) -> Result:
    resolved = _resolve(ctx, query)
    if isinstance(resolved, Result):
        return resolved
    game, matches = resolved[0], resolved[4]
    data = _answer("card_search", *resolved)
    data["everything"] = None
    if len(buckets(matches)) == 1:
        printing = ctx.snapshot.printing(_primary(matches).entry.sku)
        data["everything"] = everything_document(ctx, printing) if printing else None
    used = _sources(ctx, game)
    folded = data["everything"]  # its source states name their sources in _meta, as on cards.everything
    return Result(data=data, provenance=stated_provenance(ctx, folded["sources"], used) if folded else used)


def _primary(matches: list[Match]) -> Match:
    """The printing the composer describes: the best match, English and base art before the others."""
    return min(matches, key=lambda m: (CONFIDENCES.index(m.confidence), m.entry.lang != "en", m.entry.variant or ""))


def _example(ctx: Context) -> tuple[Params, Query]:
    games = ctx.snapshot.games()
    game = games[0].game if games else "op"
    entries = ctx.snapshot.index_of_game(game)
    q = f"{entries[0].set_code} {entries[0].number}" if entries else "001"
    return {}, {"game": game, "q": q}


def query_params(site: Site) -> tuple[Param, ...]:
    game = Param("game", enum=site.games, required=True, description="the game token (GET /api/v1/universal/games)")
    return (game, Q, LANG, LIMIT)


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {
        "query_params": query_params(site),
        "errors": (400,),
        "provenance_kind": "computed",
        "example": _example,
        "does_not_include": ("price values from third-party sources", "image URLs from third-party sources"),
    }
    return (
        Surface(
            "search.cards",
            "/api/v1/search/cards",
            "A",
            search_cards,
            model=docs.SearchAnswer,
            summary="Find printings by set and number, number alone (fuzzy), or SKU; each match with a confidence",
            **common,
        ),
        Surface(
            "search.everything",
            "/api/v1/search/everything",
            "A",
            search_everything,
            model=docs.SearchEverythingAnswer,
            summary="Search, and the composer payload when the query resolves to one set-and-number bucket",
            **common,
        ),
    )
