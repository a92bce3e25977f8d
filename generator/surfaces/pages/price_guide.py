"""The price guide's reader pages (family A): ``/prices``, a game's and a set's pages, the coverage
matrix, the paused movers page and the URL-driven search page. Values are withheld (``WITHHELD_NOTE``);
the pages show what the catalog knows and link each card's page (``generator.surfaces.pages.product``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from generator.catalog.search import CONFIDENCES
from generator.models.pages.reader import ReaderPage, SearchPage
from generator.site import Site
from generator.surfaces.catalog import doors, prices, search
from generator.surfaces.catalog.provenance import OFFERS_NAME, PLATFORM_OFFERS
from generator.surfaces.operations import coverage
from generator.surfaces.pages.card_facts import printings_in_words
from generator.surfaces.pages.languages import languages_in_words
from generator.surfaces.pages.reader import WITHHELD_NOTE, crumbs, item, page
from generator.surfaces.pages.source_words import CELL_WORDS, source_row, state_and_publication, tier_words
from generator.surfaces.pages.variant_words import token_and_words
from generator.web.surface import Context, Param, Params, Query, Result, Surface
from generator.web.validate import check_params


def prices_index(ctx: Context, params: Params, query: Query) -> Result:
    items = [
        item(ctx, g.name, f"{g.set_count} sets, {g.printing_count:,} printings", f"/prices/{g.game}")
        for g in ctx.snapshot.games()
    ]
    sections = [{"heading": "Games", "text": WITHHELD_NOTE, "items": items}]
    return page(ctx, "/prices", "/api/v1/universal/games", "price guide", "The price guide, game by game.", sections)


def prices_game(ctx: Context, params: Params, query: Query) -> Result:
    found = prices.price_game(ctx, params, query)
    if found.error is not None:
        return found
    d = found.data
    sets = [
        item(
            ctx,
            s["name"] or s["set"],
            # the code too: it tells apart two sets one source names alike (Lorcana P4 and PD1)
            f"set {s['set']}: {s['numbers']} numbers, {s['printings']} printings",
            f"/prices/{d['game']}/{s['set']}",
        )
        for s in d["sets"]
    ]
    states = [
        item(ctx, name, state_and_publication(state, said)) for name, _, state, said in map(source_row, d["sources"])
    ]
    sections = [{"heading": "Sets", "text": WITHHELD_NOTE, "items": sets}, {"heading": "Sources", "items": states}]
    path = f"/prices/{d['game']}"
    return page(
        ctx, path, prices.game_url(d["game"]), f"{d['name']} price guide", f"The sets of {d['name']}.", sections
    )


def prices_set(ctx: Context, params: Params, query: Query) -> Result:
    found = prices.price_set(ctx, params, query)
    if found.error is not None:
        return found
    d = found.data
    numbers = [
        item(
            ctx,
            f"{n['number']} {n['name']}",
            printings_in_words(d["game"], ((p["lang"], p["variant"]) for p in n["printings"])),
            f"/prices/{d['game']}/{d['set']}/{n['number']}",
            n["printings"][0]["lang"],  # the name is the first printing's (prices.price_set)
        )
        for n in d["numbers"]
    ]
    sections = [{"heading": f"{d['number_count']} card numbers", "text": WITHHELD_NOTE, "items": numbers}]
    title = f"{d['name'] or d['set']} price guide"
    json = prices.set_url(d["game"], d["set"])
    return page(
        ctx, f"/prices/{d['game']}/{d['set']}", json, title, f"Every card number of {d['name'] or d['set']}.", sections
    )


def prices_coverage(ctx: Context, params: Params, query: Query) -> Result:
    """The matrix in words: each game by name, each source by its name, each cell's state and licence
    tier said as what they mean (``source_words``); the JSON sibling keeps the spec's tokens."""
    d = coverage.coverage(ctx, {}, {}).data

    def named(source_id: str) -> str:
        found = ctx.snapshot.source(source_id)
        return found.name if found else OFFERS_NAME if source_id == PLATFORM_OFFERS else source_id

    sections = []
    for game in d["games"]:
        cells = [c for c in d["matrix"] if c["game"] == game and c["state"] != "not-declared"]
        states = [
            item(ctx, named(c["source"]), f"{CELL_WORDS[c['state']]} (licence: {tier_words(c['license_tier'])})")
            for c in cells
        ]
        sections.append({"heading": ctx.site.game_names.get(game, game), "items": states})
    observed = [
        item(
            ctx, named(s["source"]), f"{s['printings']:,} printings, {s['distinct_cards']:,} cards in {s['sets']} sets"
        )
        for s in d["sources"]
    ]
    sections.append({"heading": "Observed", "items": observed})
    description = "Which source covers which game, and what each source was observed to cover."
    return page(ctx, "/prices/coverage", "/api/v1/coverage", "Coverage", description, sections)


def prices_movers(ctx: Context, params: Params, query: Query) -> Result:
    """The paused movers door as a page: HTTP 503, count 0, no movements (spec, endpoints A). Like
    every door it inspects nothing: any game token gets it, the catalog's games as files."""
    game = params["game"]
    name = ctx.site.game_names.get(game, game)
    instead = [
        item(ctx, f"{name} price guide", "every set and card number, values withheld", f"/prices/{game}"),
        item(ctx, f"{name} sets as JSON", "", f"/api/v1/universal/sets/{game}"),
    ]
    sections: list[dict[str, Any]] = [
        {"heading": "Movers", "text": "Count: 0. No price movements are published.", "items": []},
        {"heading": "Instead", "items": instead},
    ]
    notice = f"Paused: price movements are paused because {doors.PRICE_REASONS[0]}."
    title = f"{name} price movers (paused)"
    found = page(ctx, f"/prices/{game}/movers", None, title, "Price movements: paused.", sections, notice)
    return dataclasses.replace(found, status=503)


PRICE_PAGES: tuple[tuple[str, str, Callable[..., Result], Callable[[Context], Any], str], ...] = (
    ("pages.prices", "/prices", prices_index, lambda ctx: [{}], "The price guide's games (values withheld)"),
    (
        "pages.prices_game",
        "/prices/{game}",
        prices_game,
        lambda ctx: ({"game": g.game} for g in ctx.snapshot.games()),
        "One game's sets in the price guide (values withheld)",
    ),
    (
        "pages.prices_set",
        "/prices/{game}/{set}",
        prices_set,
        prices.every_set,
        "One set's card numbers (values withheld)",
    ),
    ("pages.prices_coverage", "/prices/coverage", prices_coverage, lambda ctx: [{}], "The coverage matrix as a page"),
)
MOVERS_SUMMARY = "PAUSED: price movers, as a page (HTTP 503, count 0, no movements)"


ALL_GAMES = "all"  # the page's game choice that searches every game (docs/search.md)
SHOWN = 100  # matches listed at most, as the JSON search's default limit


def prices_search(ctx: Context, params: Params, query: Query) -> Result:
    """URL-driven: ``?game=&q=`` renders the results server side (no JavaScript); without a query,
    the form alone (that is the file). ``game`` absent or ``all`` searches every game, a game token
    that game (any other is refused, 400, before this runs); each game is asked through the JSON
    search (``search.search_cards``), so the page and the API find the same matches."""
    games = [{"token": g.game, "name": g.name} for g in ctx.snapshot.games()]
    game, q = query.get("game", ALL_GAMES), query.get("q", "")
    data: dict[str, Any] = {
        "title": f"{ctx.site.display_name}: search",
        "canonical": ctx.site.base_url + "/prices/search",
        "crumbs": crumbs(ctx, "/prices/search"),
        "json": None,  # the search as JSON, once there is a query for one game (a bare search is a 400)
        "games": games,
        "game": game,
        "q": q,
        "error": None,
        "summary": None,
        "matches": [],
        "truncated": False,
        "languages": languages_in_words(),
        "variants": {},
    }
    if "q" not in query and "game" not in query:
        return Result(data=data)
    asked = [g["token"] for g in games] if game == ALL_GAMES else [game]
    answers = []
    for token in asked:  # the page asks the API surface, under its declaration
        ask = {"game": token, "q": q}
        found = check_params(search.query_params(ctx.site), ask) or search.search_cards(ctx, {}, ask)
        if found.error is not None:
            return Result(data=data | {"error": found.error[1]})
        answers.append(found.data)
    data |= _merged(answers)
    if game != ALL_GAMES:
        data["json"] = "/api/v1/search/cards?" + urlencode({"game": game, "q": q})
    return Result(data=data)


def _merged(answers: list[dict[str, Any]]) -> dict[str, Any]:
    """Several games' answers as one: every match ranked by confidence (games in catalog order
    within one level), the first ``SHOWN`` listed, the summary over all of them."""
    matches = [m for a in answers for m in a["matches"]]
    matches.sort(key=lambda m: CONFIDENCES.index(m["confidence"]))
    count = sum(a["summary"]["count"] for a in answers)
    buckets = sum(a["summary"]["distinct_set_number_buckets"] for a in answers)
    levels = [a["summary"]["best_confidence"] for a in answers if a["summary"]["best_confidence"]]
    summary = {
        "count": count,
        "best_confidence": min(levels, key=CONFIDENCES.index, default=None),
        "distinct_set_number_buckets": buckets,
        "ambiguous": buckets > 1,
    }
    truncated = count > SHOWN or any(a["truncated"] for a in answers)
    shown = matches[:SHOWN]
    variants = {m["sku"]: token_and_words(m["sku"].split("-")[0], m["variant"]) for m in shown if m["variant"]}
    return {"summary": summary, "matches": shown, "truncated": truncated, "variants": variants}


def surfaces(site: Site) -> tuple[Surface, ...]:
    page_kind: dict[str, Any] = {
        "enveloped": False,
        "media_type": "text/html",
        "template": "page.html",
        "model": ReaderPage,
        "provenance_kind": "static",
    }
    priced = tuple(
        Surface(
            surface_id,
            path,
            "A",
            compute,
            enumerate=listed,
            freshness="catalog",
            errors=(404,),
            summary=summary,
            **page_kind,
        )
        for surface_id, path, compute, listed, summary in PRICE_PAGES
    )
    movers = Surface(
        "pages.prices_movers",
        "/prices/{game}/movers",
        "A",
        prices_movers,
        enumerate=lambda ctx: ({"game": g.game} for g in ctx.snapshot.games()),
        freshness="status",
        errors=(503,),
        paused=True,
        summary=MOVERS_SUMMARY,
        **page_kind,
    )
    searched = Surface(
        "pages.prices_search",
        "/prices/search",
        "A",
        prices_search,
        enumerate=lambda ctx: [{}],
        query_params=(
            Param(
                "game",
                enum=(ALL_GAMES, *site.games),
                default=ALL_GAMES,
                description="a game token, or all (the default): every game the catalog holds",
            ),
            Param("q", allow_empty=True, description="a card name or number; a blank form lists nothing"),
        ),
        enveloped=False,
        media_type="text/html",
        template="search.html",
        model=SearchPage,
        freshness="catalog",
        provenance_kind="computed",
        errors=(400,),
        summary="Search from what is printed on a card, in one game or all, as a page (URL-driven, works without "
        "JavaScript; on a host without the app the page's script searches the static index)",
    )
    return (*priced, movers, searched)
