"""The ledgers (spec family B): adopters, the building personas, the pillow book, the kingdoms, the
organisations directory, and the session handoffs.

All are authored corpora (CC0-1.0) except the adopters' claims, which are participants' own words:
that registry carries a provenance whose licence is NOASSERTION (docs/discovery.md). The unfiltered
form of each is a file; ``limit``, the handoff filters and ``format=md`` are answered by the app.
"""

from __future__ import annotations

from typing import Any

from generator.discovery import ledgers as views
from generator.envelope import Provenance
from generator.models import ledger_documents as docs
from generator.site import Site
from generator.sources.registry import load_registry
from generator.surfaces.registry import Context, Param, Params, Query, Result, Surface, error

V1 = "/api/v1"
SINCE = "2026-11-24"
PAGE_DEFAULT, PAGE_MAX = 100, 500
FORMATS = ("json", "md")
MARKDOWN = "text/markdown; charset=utf-8"
# A claim belongs to whoever wrote it: no reuse permission is asserted, so the payload is NOASSERTION
# (the tier says its author's policy governs reuse).
SELF_DECLARATIONS = Provenance(sources=("participant-self-declarations",), tiers=("proprietary",))
ORGANISATIONS_NOTE = ("Listed because the service reads the data they publish; a listing implies no endorsement, "
                      "partnership or permission beyond each source's own terms.")


def _limit(query: Query) -> int | Result:
    raw = query.get("limit", str(PAGE_DEFAULT))
    if not raw.isdigit() or not 1 <= int(raw) <= PAGE_MAX:
        return error(400, "invalid_limit", f"limit must be a whole number from 1 to {PAGE_MAX} (default {PAGE_DEFAULT})")
    return int(raw)


def _format(query: Query) -> str | Result:
    chosen = query.get("format", "json")
    if chosen not in FORMATS:
        return error(400, "unknown_format", f"format must be one of {', '.join(FORMATS)}", known_formats=list(FORMATS))
    return chosen


def adopters(ctx: Context, params: Params, query: Query) -> Result:
    registry = ctx.content.discovery.ledgers.adopters
    listed = [a.model_dump(mode="json") for a in registry.adopters]
    return Result(data={"@kind": "adopters", "status": "listing" if listed else "empty", "count": len(listed),
                        "adopters": listed, "claims_are": "self-declarations", "license": "NOASSERTION",
                        "how_to_submit": registry.how_to_submit, "submit_to": f"{V1}/feedback",
                        "review_policy": registry.review_policy}, provenance=SELF_DECLARATIONS)


def personas(ctx: Context, params: Params, query: Query) -> Result:
    found = views.personas(ctx.content.discovery.ledgers)
    return Result(data={"@kind": "personas", "persona": ctx.site.persona, "count": len(found),
                        "harvested_from": [views.PILLOW_BOOK_PATH, views.HANDOFFS_PATH], "personas": found})


def pillow_book(ctx: Context, params: Params, query: Query) -> Result:
    limit = _limit(query)
    if isinstance(limit, Result):
        return limit
    book = ctx.content.discovery.ledgers.pillow_book
    entries = views.entries_newest_first(ctx.content.discovery.ledgers)
    return Result(data={"@kind": "pillow_book", "limit": limit, "total_entries": len(entries),
                        "returned": min(limit, len(entries)), "order": "most recent first",
                        "recorded_note": book.recorded_note,
                        "story_arcs": [a.model_dump(mode="json") for a in book.story_arcs],
                        "entries": [views.entry_json(e) for e in entries[:limit]]})


def kingdoms(ctx: Context, params: Params, query: Query) -> Result:
    ledger = ctx.content.discovery.ledgers.kingdoms
    found = views.kingdoms(ctx.content.discovery.ledgers)
    return Result(data={"@kind": "kingdoms", "recorded_on": ledger.recorded_on.isoformat(), "count": len(found),
                        "by_status": {s: sum(k["status"] == s for k in found) for s in views.KINGDOM_STATUSES},
                        "kingdoms": found})


def organisations(ctx: Context, params: Params, query: Query) -> Result:
    found = views.organisations(ctx.content.discovery.ledgers.organisations, load_registry())
    return Result(data={"@kind": "organisations_directory", "relationship": "publishers of the upstream sources "
                        "of the card catalog (data/sources.toml)", "note": ORGANISATIONS_NOTE, "count": len(found),
                        "organisations": found})


def handoffs(ctx: Context, params: Params, query: Query) -> Result:
    ledgers = ctx.content.discovery.ledgers
    kinds = ctx.site.kingdom.serves_kinds
    chosen_format, limit = _format(query), _limit(query)
    for parsed in (chosen_format, limit):
        if isinstance(parsed, Result):
            return parsed
    status, signed_by, actor_kind = query.get("status"), query.get("signed_by"), query.get("actor_kind")
    if status is not None and status not in views.HANDOFF_STATUSES:
        return error(400, "unknown_status", f"status must be one of {', '.join(views.HANDOFF_STATUSES)}")
    if actor_kind is not None and actor_kind not in kinds:
        return error(400, "unknown_actor_kind", f"actor_kind must be one of {', '.join(kinds)}")
    every = views.handoffs_newest_first(ledgers)
    chosen = [h for h in every if (status is None or h.status == status) and
              (signed_by is None or h.signed_by == signed_by) and (actor_kind is None or h.actor_kind == actor_kind)]
    chosen = chosen[:limit]  # type: ignore[misc]
    if chosen_format == "md":
        return Result(data=views.handoffs_markdown(chosen, len(every)), media_type=MARKDOWN)
    vocabulary: dict[str, Any] = {"status": list(views.HANDOFF_STATUSES), "actor_kind": list(kinds),
                                  "signed_by": sorted({h.signed_by for h in every}), "format": list(FORMATS)}
    return Result(data={"@kind": "handoffs", "filters_applied": {"status": status, "signed_by": signed_by,
                                                                 "actor_kind": actor_kind, "limit": limit},
                        "filter_vocabulary": vocabulary, "total": len(every), "returned": len(chosen),
                        "handoffs": [views.handoff_json(h) for h in chosen]})


def handoff(ctx: Context, params: Params, query: Query) -> Result:
    every = ctx.content.discovery.ledgers.handoffs
    found = next((h for h in every if h.slug == params["slug"]), None)
    if found is None:
        return error(404, "unknown_handoff", f"no handoff has the slug {params['slug']!r}",
                     known_ids=sorted(h.slug for h in every))
    chosen_format = _format(query)
    if isinstance(chosen_format, Result):
        return chosen_format
    if chosen_format == "md":
        return Result(data=views.handoff_markdown(found), media_type=MARKDOWN)
    return Result(data={"@kind": "handoff", **views.handoff_json(found)})


def surfaces(site: Site) -> tuple[Surface, ...]:
    one = lambda ctx: [{}]  # noqa: E731
    common: dict[str, Any] = {"freshness": "methodology", "provenance_kind": "static", "since": SINCE,
                              "stability": "beta"}
    limit = Param("limit", type="integer", default=PAGE_DEFAULT, minimum=1, maximum=PAGE_MAX,
                  description="how many records, most recent first")
    form = Param("format", enum=FORMATS, default="json", description="json, or md for Markdown")
    return (
        Surface("ledgers.adopters", f"{V1}/adopters", "B", adopters, enumerate=one, model=docs.AdoptersDocument,
                **{**common, "freshness": "adopters"},
                summary="Registry of participant-submitted adoption claims (self-declarations, NOASSERTION)"),
        Surface("ledgers.personas", f"{V1}/{site.persona}s.json", "B", personas, enumerate=one,
                model=docs.PersonasDocument, **common,
                summary="The building personas harvested from the signed diary entries and handoffs"),
        Surface("ledgers.pillow_book", f"{V1}/pillow-book.json", "B", pillow_book, enumerate=one,
                model=docs.PillowBookDocument, query_params=(limit,), errors=(400,), **common,
                summary="The engineering diary, most recent first"),
        Surface("ledgers.kingdoms", f"{V1}/kingdoms.json", "B", kingdoms, enumerate=one, model=docs.KingdomsDocument,
                **common, summary="Ledger of the project's numbered missions"),
        Surface("ledgers.organisations", f"{V1}/directory/organisations", "B", organisations, enumerate=one,
                model=docs.OrganisationsDocument, **common,
                summary="Directory of the organisations that publish the upstream sources"),
        Surface("ledgers.handoffs", f"{V1}/handoffs", "B", handoffs, enumerate=one, model=docs.HandoffsDocument,
                query_params=(Param("status", enum=views.HANDOFF_STATUSES, description="open, resolved or abandoned"),
                              Param("signed_by", description="a persona id"),
                              Param("actor_kind", enum=site.kingdom.serves_kinds, description="an accepted actor kind"),
                              limit, form),
                errors=(400,), **common, summary="Session handoffs, filterable; format=md for Markdown"),
        Surface("ledgers.handoff", f"{V1}/handoffs/{{slug}}", "B", handoff, model=docs.HandoffDocument,
                enumerate=lambda ctx: ({"slug": h.slug} for h in ctx.content.discovery.ledgers.handoffs),
                query_params=(form,), errors=(400, 404), **common, summary="One handoff; format=md for Markdown"),
    )
