"""Universal surfaces (spec section A, first rows): card, games, sets, set, game, temporal card.

Set codes in universal paths are ``<game>-<set>`` (``op-op01``, ``ptcg-base1``): set tokens are
unique only within a game, and this is the prefix every SKU of the set starts with.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from generator.envelope import Provenance, provenance
from generator.hashing import content_hash
from generator.identity import identity
from generator.models.catalog import CardSet, Game, Printing
from generator.models.documents import (
    GamesCollection,
    SetsCollection,
    SingleGame,
    SingleSet,
    TemporalCard,
    UniversalCard,
)
from generator.site import Site
from generator.sku import Sku, SkuError
from generator.sku_op import base_printing, variant_of
from generator.surfaces.preamble import day, document, parse_day
from generator.surfaces.registry import Context, Param, Params, Query, Result, Surface, error

DENSITIES = ("sparse", "normal", "saturated")
DATE = Param("date", format="date", description="a calendar date written YYYY-MM-DD")
DENSITY = Param(
    "density",
    enum=DENSITIES,
    default="normal",
    description="how much of the printing: identity only, plus attributes, plus siblings and sources",
)
WITHHELD = ("price values from third-party sources", "image URLs from third-party sources")
BASE = "/api/v1/universal"
TEXT_ATTRIBUTES = {
    "effect",
    "trigger",
    "rules",
    "abilities",
    "attacks",
    "functional_text",
    "fullText",
    "flavorText",
    "flavor_text",
    "type_text",
    "text",
}


def sample_printing(ctx: Context) -> Printing | None:
    """The first printing of the first set, for example requests (works over a FileSnapshot too)."""
    for game in ctx.snapshot.games():
        for card_set in ctx.snapshot.sets_of_game(game.game):
            printings = ctx.snapshot.printings_of_set(game.game, card_set.set_code)
            if printings:
                return printings[0]
    return None


def sample_hash(ctx: Context) -> str:
    printing = sample_printing(ctx)
    return content_hash(identity(printing, ctx.snapshot.encoding)) if printing else "sha256:" + "0" * 64


def card_url(sku: str) -> str:
    return f"{BASE}/card/{sku}"


def set_url(game: str, set_code: str) -> str:
    return f"{BASE}/set/{game}-{set_code}"


def _game_edge(ctx: Context, token: str) -> dict[str, Any]:
    game = ctx.snapshot.game(token)
    return {"token": token, "name": game.name if game else token, "@id": f"{BASE}/game/{token}", "rel": "parent"}


def _variant(printing: Printing) -> dict[str, Any] | None:
    if printing.variant is None:
        return None
    sku = Sku.parse(printing.sku)
    if printing.game == "op":
        return {
            "token": printing.variant,
            "kind": variant_of(printing.variant).kind,
            "base_sku": str(base_printing(sku)),
        }
    return {"token": printing.variant, "kind": "variant", "base_sku": str(sku.base)}


def card_members(ctx: Context, printing: Printing, density: str) -> tuple[dict[str, Any], list[str]]:
    card_set = ctx.snapshot.card_set(printing.game, printing.set_code)
    members: dict[str, Any] = {
        "@id": card_url(printing.sku),
        "sku": printing.sku,
        "name": {"text": printing.name, "lang": printing.lang},
        "rarity": {"code": printing.rarity} if printing.rarity else None,
        "variant": _variant(printing),
        "price": None,
        "in_set": {
            "set_code": f"{printing.game}-{printing.set_code}",
            "set": printing.set_code,
            "name": published_name(card_set) if card_set else None,
            "number": printing.number,
            "@id": set_url(printing.game, printing.set_code),
        },
        "of_game": _game_edge(ctx, printing.game),
        "image_url": None,
    }
    opaque: list[str] = []
    if density in ("normal", "saturated"):
        members["card_key"] = printing.card_key
        members["attributes"] = printing.attrs
        opaque = [f"attributes.{k}" for k, v in printing.attrs.items() if k in TEXT_ATTRIBUTES and v]
    if density == "saturated":
        siblings = [
            p.sku
            for p in ctx.snapshot.printings_of_set(printing.game, printing.set_code)
            if p.card_key == printing.card_key and p.sku != printing.sku
        ]
        members["siblings"] = [{"sku": s, "@id": card_url(s)} for s in siblings]
        members["sources"] = [
            {"id": s.source_id, "tier": s.tier, "version": s.version} for s in _sources(ctx, printing)
        ]
        members["disagreements"] = list(printing.disagreements)
    return members, opaque


def _sources(ctx: Context, printing: Printing):
    return _sources_of(ctx.snapshot, printing.sources)


def _sources_of(snapshot, source_ids: tuple[str, ...]) -> list:
    return [s for s in map(snapshot.source, source_ids) if s is not None]


def _card_provenance(ctx: Context, printing: Printing) -> Provenance:
    return _provenance_of(ctx.snapshot, printing.sources)


@lru_cache(maxsize=256)
def _provenance_of(snapshot, source_ids: tuple[str, ...]) -> Provenance:
    """Cached by the printing's source ids: a handful of combinations serve every card."""
    return provenance(_sources_of(snapshot, source_ids))


def card_document(
    ctx: Context, printing: Printing, density: str = "normal", kind: str = "card", extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    members, opaque = card_members(ctx, printing, density)
    members.update(extra or {})
    return document(
        ctx.snapshot.encoding,
        kind,
        members,
        ctx.now,
        density=density,
        identity=identity(printing, ctx.snapshot.encoding),
        note_opaque=opaque,
    )


def _lookup_card(ctx: Context, sku: str) -> Printing | Result:
    try:
        Sku.parse(sku)
    except SkuError as exc:
        return error(404, "sku_not_found", f"{exc}; see sku_standard in /api/v1/universal/encoding")
    printing = ctx.snapshot.printing(sku)
    if printing is None:
        return error(404, "sku_not_found", f"SKU {sku} is not in the catalog")
    return printing


def card(ctx: Context, params: Params, query: Query) -> Result:
    density = query.get("density", "normal")
    if density not in DENSITIES:
        return error(400, "invalid_density", f"density must be one of {', '.join(DENSITIES)}")
    found = _lookup_card(ctx, params["sku"])
    if isinstance(found, Result):
        return found
    return Result(data=card_document(ctx, found, density), provenance=_card_provenance(ctx, found))


def temporal_card(ctx: Context, params: Params, query: Query) -> Result:
    date = parse_day(params["date"])
    if date is None:
        return error(400, "invalid_date", f"{params['date']!r} is not a date of the form YYYY-MM-DD")
    found = _lookup_card(ctx, params["sku"])
    if isinstance(found, Result):
        return found
    midnight = day(date)
    assert midnight is not None
    extra = {
        "@as_of": {"iso8601_date": date.isoformat(), "unix_epoch_seconds": midnight["unix_epoch_seconds"]},
        "price_unavailable_at_date": {
            "reason": "reference prices from third-party sources are withheld; "
            "the date does not reconstruct historical price or structure"
        },
    }
    doc = card_document(ctx, found, "normal", kind="card_temporal", extra=extra)
    return Result(data=doc, provenance=_card_provenance(ctx, found))


# What the upstream dumps carry decides these, then the authored, cited set facts below them
# (content/set_facts.yaml); nothing is guessed (One Piece's two upstreams carry no dates at all, and
# a few Lorcana and Flesh and Blood sets go undated by theirs).
UNDATED_SET = "no source the catalog reads dates this set, so no release date is published"
UNDATED_GAME = "none of this game's sets is dated by a source the catalog reads"
UNNAMED_SET = "no source the catalog reads names this set (the catalog's pages show its code instead)"


def published_name(card_set: CardSet) -> str | None:
    """A set's name, or None where no source names it (the catalog then keeps its code as the name,
    for the reader pages; the universal documents say null, with ``name_note``)."""
    return None if card_set.name.lower() == card_set.set_code.lower() else card_set.name


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


def _all_sources(ctx: Context, game: str | None = None):
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
        **({} if card_set.release_date else {"released_at_note": UNDATED_SET}),
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


def every_set_code(ctx: Context):
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
            "universal.card",
            f"{BASE}/card/{{sku}}",
            "A",
            card,
            enumerate=lambda ctx: ({"sku": sku} for sku in ctx.snapshot.skus()),
            query_params=(DENSITY,),
            does_not_include=WITHHELD,
            freshness="identity",
            model=UniversalCard,
            example=lambda ctx: ({"sku": getattr(sample_printing(ctx), "sku", "none")}, {}),
            errors=(400, 404),
            summary="One printing as a universal document (density sparse | normal | saturated)",
        ),
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
        Surface(
            "universal.temporal_card",
            "/api/at/{date}/card/{sku}",
            "A",
            temporal_card,
            does_not_include=WITHHELD + ("historical prices", "historical structure"),
            freshness="identity",
            model=TemporalCard,
            errors=(400, 404),
            provenance_kind="computed",
            path_params=(DATE,),
            example=lambda ctx: ({"date": "2026-01-01", "sku": getattr(sample_printing(ctx), "sku", "none")}, {}),
            summary="Compatibility view of a card at a date (current structural fields)",
        ),
    )
