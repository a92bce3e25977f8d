"""What each source is, for a card or a game: the one answer every surface states.

``source_states`` is the only place a source's state and tier are decided; ``cards.everything``,
``cards.evidence``, the price guide (and so the product and price pages that render them) call it,
and the coverage matrix maps its game-level answer to a cell (``matrix_cell``). The states, each
from a fact (docs/catalog-reads.md "Source states"):

- a catalog source of the game: ``observed`` when it carries the printing (for a game: when the
  catalog holds rows of it for that game), else ``not_observed``;
- ``platform-offers``: ``generator.platform.book.offer_state``: ``planned`` when the build reads no
  platform export, ``observed`` when the export holds an open offer for the printing (for a game:
  for any of its printings), ``not_observed`` when it is read and holds none (the evidence's offer
  book is then ``empty``, from the same fact);
- ``platform-sold-comps-ledger``: ``paused`` (publication paused pending field-level rights);
- the blocked source (``site.blocked_source``): ``blocked``.

Matrix cells (spec "Coverage": live-confirmed, live-probationary, anticipated, not-declared) map
the game-level state: ``not-declared`` when the source does not serve the game, ``anticipated``
when it does but nothing of it is observed (a planned or empty offer export, a catalog source with
no rows yet), and when observed ``live-confirmed`` if its latest read was whole (a catalog run
``ok``; a real, not sample, export with no listing row quarantined) else ``live-probationary``.

Tiers are the spec's names (``generator.sources.tiers``). ``stated_provenance`` makes ``_meta``
name every stated source but the blocked one, so ``_meta.sources`` lists what the answer reports on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from generator.models.catalog.cards import SourceState
from generator.models.rows import Printing, Source
from generator.platform.book import offer_state
from generator.sources.tiers import RIGHTS_UNRECORDED
from generator.surfaces.catalog.doors import RIGHTS
from generator.surfaces.operations.sources import runs_of
from generator.web.envelope import Provenance
from generator.web.surface import Context

PLATFORM_OFFERS = "platform-offers"
SOLD_COMPS = "platform-sold-comps-ledger"
PLATFORM_TIER = "internal-only"  # the platform's own records (spec "License tiers")
OFFERS_NAME = "the platform's own collector offers"
OFFERS_PUBLISHED = "open offers from the platform's own listings: price, quantity and condition, never who"
CATALOG_PUBLISHED = "structural fields published; prices and images withheld"
OFFER_PUBLICATION: dict[str, str] = {
    "observed": OFFERS_PUBLISHED,
    "not_observed": "the platform's export holds no open offer here",
    "planned": "no platform export is read by this build: its open offers will be published here",
}
Card = Sequence[Printing] | None  # one printing, a card number's printings, or None: the whole game
Cell = Literal["live-confirmed", "live-probationary", "anticipated", "not-declared"]


def _catalog_state(ctx: Context, source: Source, game: str, printings: Card) -> SourceState:
    if printings is not None:
        return "observed" if any(source.source_id in p.sources for p in printings) else "not_observed"
    held = any(o[0] == source.source_id and o[1] == game and o[3] for o in ctx.snapshot.observed)
    return "observed" if held else "not_observed"


def platform_state(ctx: Context, game: str, printings: Card) -> SourceState:
    """The offer export's state for these printings, or for a game (any of its printings)."""
    skus = [p.sku for p in printings] if printings is not None else (e.sku for e in ctx.snapshot.index_of_game(game))
    return offer_state(ctx.platform, skus)


def source_states(ctx: Context, game: str, printings: Card = None) -> list[dict[str, Any]]:
    """Every source that could speak of ``printings`` (one printing, the printings of a card number;
    the whole ``game`` when None), with its state and tier: the catalog's sources of the game, then
    the platform's offers, sold comps and the blocked source. A source is observed for several
    printings when it is for any of them."""
    states = []
    for s in ctx.snapshot.sources():
        if s.game == game:
            state = _catalog_state(ctx, s, game, printings)
            states.append(
                {
                    "id": s.source_id,
                    "name": s.name,
                    "tier": s.tier,
                    "version": s.version,
                    "state": state,
                    "publication": CATALOG_PUBLISHED
                    if state == "observed"
                    else "declared for this game; no rows of it in this catalog"
                    if printings is None
                    else "covers this game but not this printing",
                }
            )
    offers = platform_state(ctx, game, printings)
    sample = " (synthetic sample)" if ctx.platform is not None and ctx.platform.sample else ""
    blocked = ctx.site.blocked_source
    return states + [
        {
            "id": PLATFORM_OFFERS,
            "name": OFFERS_NAME,
            "tier": PLATFORM_TIER,
            "state": offers,
            "publication": OFFER_PUBLICATION[offers] + sample,
        },
        {
            "id": SOLD_COMPS,
            "name": "the platform's completed sales",
            "tier": PLATFORM_TIER,
            "state": "paused",
            "publication": f"paused: {RIGHTS}",
        },
        {
            "id": blocked,
            "name": f"{blocked} price history",
            "tier": RIGHTS_UNRECORDED,
            "state": "blocked",
            "publication": "blocked: its rights are not recorded, nothing is acquired or published",
        },
    ]


def stated_provenance(ctx: Context, states: Iterable[dict[str, Any]], used: Provenance) -> Provenance:
    """``_meta`` of an answer that states these sources: each of them named with its tier, but the
    blocked one (rights unrecorded: no ``source_license`` tier exists for it); ``as_of`` the
    earliest of the records used (``used``: the provenance of the catalog rows the data came from)
    and, when the build read a platform export, the export's date."""
    named = {s["id"]: s["tier"] for s in states if s["state"] != "blocked"}
    export = ctx.platform.info.exported_at if ctx.platform is not None and PLATFORM_OFFERS in named else None
    dates = [d for d in (used.as_of, export) if d is not None]
    return Provenance(tuple(named), tuple(named.values()), min(dates) if dates else None)


def matrix_cell(ctx: Context, game: str, source_id: str, tier: str, serves: bool) -> dict[str, Any]:
    """One coverage cell, from the same facts as ``source_states``' game-level state."""
    state: Cell = "not-declared"
    if serves and source_id == PLATFORM_OFFERS:
        observed = platform_state(ctx, game, None) == "observed"
        whole = ctx.platform is not None and not ctx.platform.sample and not ctx.platform.quarantined.get("listings")
        state = ("live-confirmed" if whole else "live-probationary") if observed else "anticipated"
    elif serves:
        source = ctx.snapshot.source(source_id)
        observed = source is not None and _catalog_state(ctx, source, game, None) == "observed"
        runs = runs_of(ctx, source_id)
        whole = bool(runs) and runs[-1].status == "ok"
        state = ("live-confirmed" if whole else "live-probationary") if observed else "anticipated"
    return {"game": game, "source": source_id, "state": state, "license_tier": tier}
