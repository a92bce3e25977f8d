"""Universal game and set surfaces (spec section A): the games, one game, a game's sets, one set.

Set codes in universal paths are ``<game>-<set>`` (``op-op01``, ``ptcg-base1``): set tokens are
unique only within a game, and this is the prefix every SKU of the set starts with. A set's name and
release date come from the upstreams, then from the authored, cited set facts below them; a set
document cites a fact it took (``name_source``, ``released_at_source``) and says why a value is null.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.hashing import content_hash
from generator.models.catalog.universal import GamesCollection, SetsCollection, SingleGame, SingleSet
from generator.models.rows import CardSet, Game, Source
from generator.site import Site
from generator.surfaces.catalog.links import BASE, UNNAMED_SET, card_url, published_name, set_url
from generator.surfaces.catalog.preamble import day, document
from generator.surfaces.catalog.universal import WITHHELD, _game_edge, _sources
from generator.web.envelope import provenance
from generator.web.surface import Context, Params, Query, Result, Surface, error

# What the upstream dumps carry decides these, then the authored, cited set facts below them
# (content/set_facts.yaml); nothing is guessed (One Piece's two upstreams carry no dates at all, and
# a few Lorcana and Flesh and Blood sets go undated by theirs).
UNDATED_SET = "no source the catalog reads dates this set, so no release date is published"
UNDATED_GAME = "none of this game's sets is dated by a source the catalog reads"


def _game_entry(ctx: Context, game: Game) -> dict[str, Any]:
    return {
        "token": game.game,
        "name": game.name,
        "publisher": game.publisher,
        "content_hash_target": content_hash(
            {"@encoding": ctx.snapshot.encoding, "@kind": "game", "token": game.game, "name": game.name}
        ),
        "set_count": game.set_count,
        "card_count": game.card_count,
        "printing_count": game.printing_count,
        "first_seen": day(game.first_seen),
        **({} if game.first_seen else {"first_seen_note": UNDATED_GAME}),
        "sets": {"@id": f"{BASE}/sets/{game.game}", "rel": "children"},
        "@id": f"{BASE}/game/{game.game}",
    }


def _all_sources(ctx: Context, game: str | None = None) -> list[Source]:
    return [s for s in ctx.snapshot.sources() if s.game != "fx" and (game is None or s.game == game)]


def games(ctx: Context, params: Params, query: Query) -> Result:
    entries = [_game_entry(ctx, g) for g in ctx.snapshot.games()]
    doc = document(ctx.snapshot.encoding, "games", {"count": len(entries), "games": entries}, ctx.now)
    return Result(data=doc, provenance=provenance(_all_sources(ctx)))


def _fact_sources(card_set: CardSet) -> dict[str, Any]:
    """The citations of a name or date an authored fact gave (none where an upstream gave it)."""
    out: dict[str, Any] = {}
    if card_set.name_source_url and card_set.name_source_title:
        out["name_source"] = {"url": card_set.name_source_url, "title": card_set.name_source_title}
    if card_set.released_source_url and card_set.released_source_title:
        out["released_at_source"] = {
            "url": card_set.released_source_url,
            "title": card_set.released_source_title,
            "market": card_set.released_market,
        }
    if card_set.releases:  # every market's release, the first one released_at (issue 35)
        out["released_by_market"] = {
            r.market: {"released_at": day(r.released_at), "source": {"url": r.url, "title": r.title}}
            for r in card_set.releases
        }
    return out


def _set_notes(card_set: CardSet) -> dict[str, Any]:
    """What an authored fact says of the set beyond its values (issue 35): why it is undated (each
    set its own reason) or why its date is in doubt, the upstream's spelling of a name it corrects,
    and why another set shares its name."""
    out: dict[str, Any] = {}
    if card_set.release_date is None or card_set.released_note:
        out["released_at_note"] = card_set.released_note or UNDATED_SET
    if card_set.name_upstream:
        out["name_upstream"] = card_set.name_upstream
    others = [f"{card_set.game}-{code}" for code in card_set.same_name if code != card_set.set_code]
    if others:
        out["name_shared_with"] = {"sets": others, "reason": card_set.name_shared_note}
    return out


def _set_entry(card_set: CardSet) -> dict[str, Any]:
    name = published_name(card_set)
    return {
        "set_code": f"{card_set.game}-{card_set.set_code}",
        "set": card_set.set_code,
        "name": name,
        **({} if name else {"name_note": UNNAMED_SET}),
        "total_cards": card_set.total_cards,
        "released_at": day(card_set.release_date),
        **_set_notes(card_set),
        **_fact_sources(card_set),
        "@id": set_url(card_set.game, card_set.set_code),
        "of_game": {"@id": f"{BASE}/game/{card_set.game}", "rel": "parent"},
    }


def sets(ctx: Context, params: Params, query: Query) -> Result:
    token = params["game"].lower()
    entries = [_set_entry(s) for s in ctx.snapshot.sets_of_game(token)]
    if not entries:
        return error(404, "game_not_found", f"game {params['game']!r} has no imported sets")
    doc = document(
        ctx.snapshot.encoding,
        "sets",
        {"count": len(entries), "sets": entries, "of_game": _game_edge(ctx, token)},
        ctx.now,
    )
    return Result(data=doc, provenance=provenance(_all_sources(ctx, token)))


def find_set(ctx: Context, code: str) -> CardSet | Result:
    """A set by ``<game>-<set>`` (always), or by its bare code as SKUs and each set's ``set`` field
    spell it (``op01``, ``base1``) when that code names one set across the four games; a bare code
    that names several is a 404 listing them (``known_ids``), so a caller can pick."""
    code = code.lower()
    game, sep, set_code = code.partition("-")
    prefixed = ctx.snapshot.card_set(game, set_code) if sep and set_code else None
    if prefixed is not None:
        return prefixed
    named = bare_codes(ctx).get(code, [])
    if len(named) == 1:
        return named[0]
    if named:
        candidates = tuple(f"{s.game}-{s.set_code}" for s in named)
        return error(
            404,
            "ambiguous_set_code",
            f"set code {code!r} names {len(named)} sets: {', '.join(candidates)}; ask for one of them",
            known_ids=candidates,
        )
    return error(
        404,
        "set_not_found",
        f"set {code!r} is not in the catalog; set codes are <game>-<set> (op-op01, ptcg-base1) or a bare code "
        "that names one set (op01, base1)",
    )


def bare_codes(ctx: Context) -> dict[str, list[CardSet]]:
    """Every set code without its game, with the sets it names (one, or several: ambiguous)."""
    named: dict[str, list[CardSet]] = {}
    for g in ctx.snapshot.games():
        for s in ctx.snapshot.sets_of_game(g.game):
            named.setdefault(s.set_code, []).append(s)
    return named


def every_set_code(ctx: Context) -> Iterator[Params]:
    """Each set as ``<game>-<set>``, then every bare code (a file each, so a static host answers
    ``op01`` too; an ambiguous code's file is its 404 with the candidates)."""
    for g in ctx.snapshot.games():
        for s in ctx.snapshot.sets_of_game(g.game):
            yield {"code": f"{s.game}-{s.set_code}"}
    for code in sorted(bare_codes(ctx)):
        if "-" not in code:  # a code with a dash would read as <game>-<set>; none has one today
            yield {"code": code}


def single_set(ctx: Context, params: Params, query: Query) -> Result:
    card_set = find_set(ctx, params["code"])
    if isinstance(card_set, Result):
        return card_set
    game = card_set.game
    children = [
        {
            "sku": p.sku,
            "number": p.number,
            "lang": p.lang,
            "variant": p.variant,
            "name": p.name,
            "rarity": p.rarity,
            "@id": card_url(p.sku),
        }
        for p in ctx.snapshot.printings_of_set(game, card_set.set_code)
    ]
    members = {
        **_set_entry(card_set),
        "printing_count": len(children),
        "_links": {
            "parent": {"@id": f"{BASE}/game/{game}"},
            "siblings": {"@id": f"{BASE}/sets/{game}"},
            "children": children,
            "methodology": {"@id": f"{BASE}/encoding"},
            "connections": {"@id": "/api/v1/connections.json"},
            "manifest": {"@id": "/api/v1/manifest"},
            "openapi": {"@id": "/api/openapi.json"},
            "federation": {"@id": "/api/v1/federation/identify/{hash}"},
        },
    }
    srcs = {s for p in ctx.snapshot.printings_of_set(game, card_set.set_code) for s in _sources(ctx, p)}
    doc = document(ctx.snapshot.encoding, "set", members, ctx.now)
    return Result(data=doc, provenance=provenance(srcs))


def single_game(ctx: Context, params: Params, query: Query) -> Result:
    token = params["token"].lower()
    game = ctx.snapshot.game(token)
    if game is None:
        return error(404, "game_not_found", f"game {params['token']!r} is not in the catalog")
    dated = sorted(
        (s for s in ctx.snapshot.sets_of_game(token) if s.release_date),
        key=lambda s: (s.release_date, s.set_code),
        reverse=True,
    )
    members = {
        **_game_entry(ctx, game),
        "recent_sets": [_set_entry(s) for s in dated[:5]],
        "_links": {
            "siblings": {"@id": f"{BASE}/games"},
            "children": {"@id": f"{BASE}/sets/{token}"},
        },
    }
    doc = document(ctx.snapshot.encoding, "game", members, ctx.now)
    return Result(data=doc, provenance=provenance(_all_sources(ctx, token)))


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "universal.games",
            f"{BASE}/games",
            "A",
            games,
            enumerate=lambda ctx: [{}],
            model=GamesCollection,
            summary="Every game in the catalog",
        ),
        Surface(
            "universal.sets",
            f"{BASE}/sets/{{game}}",
            "A",
            sets,
            enumerate=lambda ctx: ({"game": g.game} for g in ctx.snapshot.games()),
            model=SetsCollection,
            errors=(404,),
            summary="The sets of one game (game token is case-insensitive)",
        ),
        Surface(
            "universal.set",
            f"{BASE}/set/{{code}}",
            "A",
            single_set,
            enumerate=every_set_code,
            does_not_include=WITHHELD,
            model=SingleSet,
            errors=(404,),
            summary="One set with its cards inline",
        ),
        Surface(
            "universal.game",
            f"{BASE}/game/{{token}}",
            "A",
            single_game,
            enumerate=lambda ctx: ({"token": g.game} for g in ctx.snapshot.games()),
            model=SingleGame,
            errors=(404,),
            summary="One game with its recent sets",
        ),
    )
