"""The session handoffs (spec family B): ``/api/v1/handoffs`` with its composable filters and
``/api/v1/handoffs/{slug}``, each as JSON or, with ``format=md``, Markdown.

The unfiltered list and every handoff are files; filters and the Markdown forms are answered by the
app from the same functions. An unknown slug is a 404 listing the known ones.
"""

from __future__ import annotations

from typing import Any

from generator.discovery import ledgers as views
from generator.discovery.defaults import AUTHORED
from generator.discovery.query import FORMAT, FORMATS, LIMIT, MARKDOWN
from generator.models.discovery import ledgers as docs
from generator.site import Site
from generator.web.surface import Context, Param, Params, Query, Result, Surface, error

V1 = "/api/v1"


def handoffs(ctx: Context, params: Params, query: Query) -> Result:
    ledgers = ctx.content.discovery.ledgers
    kinds = ctx.site.kingdom.serves_kinds
    chosen_format, limit = FORMAT.read(query), LIMIT.read(query)
    status, signed_by, actor_kind = query.get("status"), query.get("signed_by"), query.get("actor_kind")
    every = views.handoffs_newest_first(ledgers)
    chosen = [
        h
        for h in every
        if (status is None or h.status == status)
        and (signed_by is None or h.signed_by == signed_by)
        and (actor_kind is None or h.actor_kind == actor_kind)
    ]
    chosen = chosen[:limit]
    if chosen_format == "md":
        return Result(data=views.handoffs_markdown(chosen, len(every)), media_type=MARKDOWN)
    vocabulary: dict[str, Any] = {
        "status": list(views.HANDOFF_STATUSES),
        "actor_kind": list(kinds),
        "signed_by": sorted({h.signed_by for h in every}),
        "format": list(FORMATS),
    }
    return Result(
        data={
            "@kind": "handoffs",
            "filters_applied": {"status": status, "signed_by": signed_by, "actor_kind": actor_kind, "limit": limit},
            "filter_vocabulary": vocabulary,
            "total": len(every),
            "returned": len(chosen),
            "handoffs": [views.handoff_json(h) for h in chosen],
        }
    )


def handoff(ctx: Context, params: Params, query: Query) -> Result:
    every = ctx.content.discovery.ledgers.handoffs
    found = next((h for h in every if h.slug == params["slug"]), None)
    if found is None:
        return error(
            404,
            "unknown_handoff",
            f"no handoff has the slug {params['slug']!r}",
            known_ids=sorted(h.slug for h in every),
        )
    chosen_format = FORMAT.read(query)
    if isinstance(chosen_format, Result):
        return chosen_format
    if chosen_format == "md":
        return Result(data=views.handoff_markdown(found), media_type=MARKDOWN)
    return Result(data={"@kind": "handoff", **views.handoff_json(found)})


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {**AUTHORED, "stability": "beta"}
    filters = (
        Param("status", enum=views.HANDOFF_STATUSES, description="open, resolved or abandoned"),
        Param("signed_by", description="a persona id"),
        Param("actor_kind", enum=site.kingdom.serves_kinds, description="an accepted actor kind"),
    )
    return (
        Surface(
            "ledgers.handoffs",
            f"{V1}/handoffs",
            "B",
            handoffs,
            enumerate=lambda ctx: [{}],
            model=docs.HandoffsDocument,
            query_params=(*filters, LIMIT, FORMAT),
            media_variants=("text/markdown",),
            errors=(400,),
            **common,
            summary="Session handoffs, filterable; format=md for Markdown",
        ),
        Surface(
            "ledgers.handoff",
            f"{V1}/handoffs/{{slug}}",
            "B",
            handoff,
            model=docs.HandoffDocument,
            enumerate=lambda ctx: ({"slug": h.slug} for h in ctx.content.discovery.ledgers.handoffs),
            query_params=(FORMAT,),
            media_variants=("text/markdown",),
            errors=(400, 404),
            **common,
            summary="One handoff; format=md for Markdown",
        ),
    )
