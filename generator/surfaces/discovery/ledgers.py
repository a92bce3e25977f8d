"""The ledgers (spec family B): adopters, the building personas, the pillow book, the kingdoms and the
organisations directory (the handoffs are in ``handoffs.py``).

All are authored corpora (CC0-1.0) except the adopters' claims, which are participants' own words:
that registry carries a provenance whose licence is NOASSERTION (docs/discovery.md). The unfiltered
form of each is a file; the pillow book's ``limit`` is answered by the app.
"""

from __future__ import annotations

from typing import Any

from generator.discovery import ledgers as views
from generator.discovery.defaults import AUTHORED, one_path
from generator.discovery.query import LIMIT
from generator.models.discovery import ledgers as docs
from generator.site import Site
from generator.sources.registry import load_registry
from generator.web.envelope import Provenance
from generator.web.surface import Context, Params, Query, Result, Surface

V1 = "/api/v1"
# A claim belongs to whoever wrote it: no reuse permission is asserted, so the payload is NOASSERTION
# (the tier says its author's policy governs reuse).
SELF_DECLARATIONS = Provenance(sources=("participant-self-declarations",), tiers=("proprietary",))
ORGANISATIONS_NOTE = (
    "Listed because the service reads the data they publish; a listing implies no endorsement, "
    "partnership or permission beyond each source's own terms."
)


def adopters(ctx: Context, params: Params, query: Query) -> Result:
    registry = ctx.content.discovery.ledgers.adopters
    listed = [a.model_dump(mode="json") for a in registry.adopters]
    return Result(
        data={
            "@kind": "adopters",
            "status": "listing" if listed else "empty",
            "count": len(listed),
            "adopters": listed,
            "claims_are": "self-declarations",
            "license": "NOASSERTION",
            "how_to_submit": registry.how_to_submit,
            "submit_to": f"{V1}/feedback",
            "review_policy": registry.review_policy,
        },
        provenance=SELF_DECLARATIONS,
    )


def personas(ctx: Context, params: Params, query: Query) -> Result:
    found = views.personas(ctx.content.discovery.ledgers)
    return Result(
        data={
            "@kind": "personas",
            "persona": ctx.site.persona,
            "count": len(found),
            "harvested_from": [views.PILLOW_BOOK_PATH, views.HANDOFFS_PATH],
            "personas": found,
        }
    )


def pillow_book(ctx: Context, params: Params, query: Query) -> Result:
    limit = LIMIT.read(query)
    if isinstance(limit, Result):
        return limit
    book = ctx.content.discovery.ledgers.pillow_book
    entries = views.entries_newest_first(ctx.content.discovery.ledgers)
    return Result(
        data={
            "@kind": "pillow_book",
            "limit": limit,
            "total_entries": len(entries),
            "returned": min(limit, len(entries)),
            "order": "most recent first",
            "recorded_note": book.recorded_note,
            "story_arcs": [a.model_dump(mode="json") for a in book.story_arcs],
            "entries": [views.entry_json(e) for e in entries[:limit]],
        }
    )


def kingdoms(ctx: Context, params: Params, query: Query) -> Result:
    ledger = ctx.content.discovery.ledgers.kingdoms
    found = views.kingdoms(ctx.content.discovery.ledgers)
    return Result(
        data={
            "@kind": "kingdoms",
            "recorded_on": ledger.recorded_on.isoformat(),
            "count": len(found),
            "by_status": {s: sum(k["status"] == s for k in found) for s in views.KINGDOM_STATUSES},
            "kingdoms": found,
        }
    )


def organisations(ctx: Context, params: Params, query: Query) -> Result:
    found = views.organisations(ctx.content.discovery.ledgers.organisations, load_registry())
    return Result(
        data={
            "@kind": "organisations_directory",
            "relationship": "publishers of the upstream sources of the card catalog (data/sources.toml)",
            "note": ORGANISATIONS_NOTE,
            "count": len(found),
            "organisations": found,
        }
    )


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {**AUTHORED, "stability": "beta"}
    return (
        Surface(
            "ledgers.adopters",
            f"{V1}/adopters",
            "B",
            adopters,
            enumerate=one_path,
            model=docs.AdoptersDocument,
            **{**common, "freshness": "adopters"},
            summary="Registry of participant-submitted adoption claims (self-declarations, NOASSERTION)",
        ),
        Surface(
            "ledgers.personas",
            f"{V1}/{site.persona}s.json",
            "B",
            personas,
            enumerate=one_path,
            model=docs.PersonasDocument,
            **common,
            summary="The building personas harvested from the signed diary entries and handoffs",
        ),
        Surface(
            "ledgers.pillow_book",
            f"{V1}/pillow-book.json",
            "B",
            pillow_book,
            enumerate=one_path,
            model=docs.PillowBookDocument,
            query_params=(LIMIT,),
            errors=(400,),
            **common,
            summary="The engineering diary, most recent first",
        ),
        Surface(
            "ledgers.kingdoms",
            f"{V1}/kingdoms.json",
            "B",
            kingdoms,
            enumerate=one_path,
            model=docs.KingdomsDocument,
            **common,
            summary="Ledger of the project's numbered missions",
        ),
        Surface(
            "ledgers.organisations",
            f"{V1}/directory/organisations",
            "B",
            organisations,
            enumerate=one_path,
            model=docs.OrganisationsDocument,
            **common,
            summary="Directory of the organisations that publish the upstream sources",
        ),
    )
