"""Universal card surfaces (spec section A, first rows): one printing, and the same at a date.

The helpers other families link with are in ``links``; the game and set surfaces are ``universal_sets``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from generator.dependencies import read
from generator.identity import identity
from generator.models.catalog.universal import TemporalCard, UniversalCard
from generator.models.rows import Printing, Source
from generator.site import Site
from generator.sku.ptcg import printed_number
from generator.sku.standard import Sku, SkuError
from generator.surfaces.catalog.links import BASE, card_url, published_name, sample_printing, set_url
from generator.surfaces.catalog.preamble import day, document, parse_day
from generator.surfaces.catalog.retired import MovedTo, every_sku, retired_answer
from generator.surfaces.catalog.variants import variant_member
from generator.web.envelope import Provenance, provenance
from generator.web.surface import Context, Param, Params, Query, Result, Surface, error

if TYPE_CHECKING:
    from generator.catalog.snapshot import Snapshot


DENSITIES = ("sparse", "normal", "saturated")
DATE = Param("date", format="date", description="a calendar date written YYYY-MM-DD")
DENSITY = Param(
    "density",
    enum=DENSITIES,
    default="normal",
    description="how much of the printing: identity only, plus attributes, plus siblings and sources",
)
WITHHELD = ("price values from third-party sources", "image URLs from third-party sources")
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


def _game_edge(ctx: Context, token: str) -> dict[str, Any]:
    game = ctx.snapshot.game(token)
    return {"token": token, "name": game.name if game else token, "@id": f"{BASE}/game/{token}", "rel": "parent"}


def _numbers(printing: Printing) -> dict[str, str]:
    """The number as printed (``!``), and the SKU's spelling of it where that differs (``exclamation``)."""
    printed = printed_number(printing.game, printing.number)
    return {"number": printed} | ({"number_in_sku": printing.number} if printed != printing.number else {})


def card_members(ctx: Context, printing: Printing, density: str) -> tuple[dict[str, Any], list[str]]:
    card_set = ctx.snapshot.card_set(printing.game, printing.set_code)
    members: dict[str, Any] = {
        "@id": card_url(printing.sku),
        "sku": printing.sku,
        "name": {"text": printing.name, "lang": printing.lang},
        "rarity": {"code": printing.rarity} if printing.rarity else None,
        "variant": variant_member(ctx, printing),
        "price": None,
        "in_set": {
            "set_code": f"{printing.game}-{printing.set_code}",
            "set": printing.set_code,
            "name": published_name(card_set) if card_set else None,
            **_numbers(printing),
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


def _sources(ctx: Context, printing: Printing) -> list[Source]:
    return _sources_of(ctx.snapshot, printing.sources)


def _sources_of(snapshot: Snapshot, source_ids: tuple[str, ...]) -> list[Source]:
    return [s for s in map(snapshot.source, source_ids) if s is not None]


def _card_provenance(ctx: Context, printing: Printing) -> Provenance:
    read("sources")  # recorded here: a cached answer reads no source (generator.dependencies)
    return _provenance_of(ctx.snapshot, printing.sources)


@lru_cache(maxsize=256)
def _provenance_of(snapshot: Snapshot, source_ids: tuple[str, ...]) -> Provenance:
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


def lookup_card(ctx: Context, sku: str, moved_to: MovedTo | None = None) -> Printing | Result:
    """The printing of ``sku``, or the answer instead: a retired SKU's 301 to ``moved_to(successor)``
    (410 without ``moved_to``: a SKU that is not a path has nowhere to move), else the 404."""
    try:
        Sku.parse(sku)
    except SkuError as exc:
        return error(404, "sku_not_found", f"{exc}; see sku_standard in /api/v1/universal/encoding")
    printing = ctx.snapshot.printing(sku)
    if printing is None:
        retired = ctx.content.retired.entry(sku)
        if retired is not None:
            return retired_answer(ctx, retired, moved_to)
        return error(404, "sku_not_found", f"SKU {sku} is not in the catalog")
    return printing


def card(ctx: Context, params: Params, query: Query) -> Result:
    density = query.get("density", "normal")
    found = lookup_card(ctx, params["sku"], card_url)
    if isinstance(found, Result):
        return found
    return Result(data=card_document(ctx, found, density), provenance=_card_provenance(ctx, found))


def temporal_card(ctx: Context, params: Params, query: Query) -> Result:
    date = parse_day(params["date"])
    assert date is not None, "its declared format admits only a calendar date"
    found = lookup_card(ctx, params["sku"], lambda successor: f"/api/at/{params['date']}/card/{successor}")
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


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "universal.card",
            f"{BASE}/card/{{sku}}",
            "A",
            card,
            enumerate=every_sku,
            query_params=(DENSITY,),
            does_not_include=WITHHELD,
            freshness="identity",
            model=UniversalCard,
            example=lambda ctx: ({"sku": getattr(sample_printing(ctx), "sku", "none")}, {}),
            errors=(301, 400, 404, 410),
            summary="One printing as a universal document (density sparse | normal | saturated)",
        ),
        Surface(
            "universal.temporal_card",
            "/api/at/{date}/card/{sku}",
            "A",
            temporal_card,
            does_not_include=WITHHELD + ("historical prices", "historical structure"),
            freshness="identity",
            model=TemporalCard,
            errors=(301, 400, 404, 410),
            provenance_kind="computed",
            path_params=(DATE,),
            example=lambda ctx: ({"date": "2026-01-01", "sku": getattr(sample_printing(ctx), "sku", "none")}, {}),
            summary="Compatibility view of a card at a date (current structural fields)",
        ),
    )
