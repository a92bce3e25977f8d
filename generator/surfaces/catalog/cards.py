"""One card, all of it: ``/cards/{sku}/everything`` and ``/evidence``, and ``POST /cards/batch``.

``everything`` is the composer: the universal card, its structural siblings (other languages and
variants of the same set and number, the same card in other sets) and what each source publishes.
``evidence`` says, for the same card, what is known about its value and why none is published. Both
are written for every SKU; search/everything folds ``everything`` into its answer. Each source's
state and tier come from ``provenance.source_states`` (the one place they are decided), and the
answer's ``_meta`` names every source it states (``provenance.stated_provenance``).
"""

from __future__ import annotations

from typing import Any

from generator.catalog.snapshot import IndexEntry
from generator.models.catalog import cards as docs
from generator.models.rows import Printing
from generator.platform.book import offer_book
from generator.site import Site
from generator.surfaces.catalog.doors import PRICE_REASONS
from generator.surfaces.catalog.links import card_url, sample_printing
from generator.surfaces.catalog.oracle import oracle_id
from generator.surfaces.catalog.provenance import source_states, stated_provenance
from generator.surfaces.catalog.retired import every_sku
from generator.surfaces.catalog.universal import WITHHELD, _card_provenance, card_document, card_members, lookup_card
from generator.web.envelope import provenance
from generator.web.surface import Context, Method, Params, Query, Result, Surface

BATCH_LIMIT = 100
BATCH_BODY_BYTES = 16 * 1024  # 100 SKUs of up to ~40 characters, quoted, with room to spare


def sibling(entry: IndexEntry, game: str, relation: str) -> dict[str, Any]:
    return {
        "sku": entry.sku,
        "@id": card_url(entry.sku),
        "set_code": f"{game}-{entry.set_code}",
        "number": entry.number,
        "lang": entry.lang,
        "variant": entry.variant,
        "name": entry.name,
        "relation": relation,
    }


def siblings(ctx: Context, printing: Printing) -> dict[str, Any]:
    same_number, others = [], []
    for entry in ctx.snapshot.printings_of_card(printing.game, printing.card_key):
        if entry.sku == printing.sku:
            continue
        if entry.set_code == printing.set_code and entry.number == printing.number:
            lang, variant = entry.lang != printing.lang, entry.variant != printing.variant
            relation = "language_and_variant" if lang and variant else "language" if lang else "variant"
            same_number.append(sibling(entry, printing.game, relation))
        else:
            others.append(sibling(entry, printing.game, "reprint"))
    return {"same_number": same_number, "other_printings": others}


def everything_document(ctx: Context, printing: Printing) -> dict[str, Any]:
    return {
        "@kind": "card_everything",
        "@id": f"/api/v1/cards/{printing.sku}/everything",
        "sku": printing.sku,
        "oracle_id": oracle_id(printing.game, printing.card_key),
        "card": card_members(ctx, printing, "normal")[0],
        "siblings": siblings(ctx, printing),
        "sources": source_states(ctx, printing.game, (printing,)),
        "history": [],
        "reference_price": None,
        "reference_price_status": {"status": "withheld", "value": None, "reason": PRICE_REASONS[0]},
    }


def everything(ctx: Context, params: Params, query: Query) -> Result:
    found = lookup_card(ctx, params["sku"], lambda successor: f"/api/v1/cards/{successor}/everything")
    if isinstance(found, Result):
        return found
    data = everything_document(ctx, found)
    return Result(data=data, provenance=stated_provenance(ctx, data["sources"], _card_provenance(ctx, found)))


def evidence(ctx: Context, params: Params, query: Query) -> Result:
    found = lookup_card(ctx, params["sku"], lambda successor: f"/api/v1/cards/{successor}/evidence")
    if isinstance(found, Result):
        return found
    states = source_states(ctx, found.game, (found,))
    data = {
        "@kind": "card_evidence",
        "@id": f"/api/v1/cards/{found.sku}/evidence",
        "sku": found.sku,
        "license": "NOASSERTION",
        "computed_reference": {"status": "withheld", "value": None, "reason": PRICE_REASONS[0]},
        "collector_offers": offer_book(ctx.platform, found.sku),
        "completed_sales": {"status": "paused", "value": None, "reason": PRICE_REASONS[1]},
        "observations": {
            "status": "paused",
            "value": None,
            "reason": "price observations are recorded from sources whose reuse rights are not recorded; "
            "their publication is paused",
        },
        "sources": states,
    }
    return Result(data=data, provenance=stated_provenance(ctx, states, _card_provenance(ctx, found)))


def batch(ctx: Context, params: Params, query: Query) -> Result:
    """POST /api/v1/cards/batch: up to 100 SKUs, each answered in order, a per-item 404 for the unknown
    (410 for a retired SKU, whose message names its successor)."""
    request = ctx.body(docs.BatchRequest)
    items = []
    for sku in request.skus:
        found = lookup_card(ctx, sku)
        if isinstance(found, Result):
            assert found.error is not None
            code, message = found.error
            error = {"code": code, "message": message}
            items.append({"sku": sku, "status": found.status, "card": None, "error": error})
        else:
            items.append({"sku": sku, "status": 200, "card": card_document(ctx, found, request.density), "error": None})
    hits = sum(1 for i in items if i["status"] == 200)  # not_found counts the retired too
    data = {
        "@kind": "card_batch",
        "density": request.density,
        "requested": len(items),
        "found": hits,
        "not_found": len(items) - hits,
        "items": items,
    }
    used = {s for p in map(ctx.snapshot.printing, request.skus) if p is not None for s in p.sources}
    return Result(data=data, provenance=provenance(s for s in map(ctx.snapshot.source, sorted(used)) if s))


def example_sku(ctx: Context) -> tuple[Params, Query]:
    return {"sku": getattr(sample_printing(ctx), "sku", "none")}, {}


def batch_example(ctx: Context) -> dict[str, Any]:
    """The batch's example body: two SKUs of the sample set and one no set has (its item is the 404)."""
    first = sample_printing(ctx)
    known = [p.sku for p in ctx.snapshot.printings_of_set(first.game, first.set_code)[:2]] if first else []
    missing = f"{first.game}-{first.set_code}-0000-zz" if first else "op-none-0000-zz"
    return {"skus": [*known, missing], "density": "sparse"}


def surfaces(site: Site) -> tuple[Surface, ...]:
    per_card: dict[str, Any] = {
        "enumerate": every_sku,
        "example": example_sku,
        "errors": (301, 404, 410),
        "freshness": "identity",
    }
    return (
        Surface(
            "cards.everything",
            "/api/v1/cards/{sku}/everything",
            "A",
            everything,
            does_not_include=WITHHELD + ("price history",),
            model=docs.CardEverything,
            upstream=True,
            summary="One card with its structural siblings and each source's publication status",
            **per_card,
        ),
        Surface(
            "cards.evidence",
            "/api/v1/cards/{sku}/evidence",
            "A",
            evidence,
            does_not_include=WITHHELD + ("completed sales", "price observations"),
            model=docs.CardEvidence,
            summary="What is known about a card's value, and why none is published (NOASSERTION)",
            **per_card,
        ),
        Surface(
            "cards.batch",
            "/api/v1/cards/batch",
            "A",
            None,
            post=Method(batch, max_body=BATCH_BODY_BYTES, body=docs.BatchRequest, example=batch_example, tool=True),
            does_not_include=WITHHELD,
            model=docs.BatchAnswer,
            summary="Up to 100 universal cards in one request, in order, a per-item 404 for unknown SKUs",
        ),
    )
