"""The methodology documents (spec family B, "Methodology"): every methodology of
``content/discovery/doctrines.yaml`` as a served document, so the manifest's ``methodology`` pointer
and the tools' ``methodology_url`` resolve for each one, whether its full text is served or is a
file of the repository. What each documents is ``generator.discovery.methodology``'s mapping, the
one the graph draws its ``documents`` edges from.
"""

from __future__ import annotations

from typing import Any

from generator.content.doctrine import Methodology
from generator.discovery.defaults import AUTHORED, one_path
from generator.discovery.methodology import METHODOLOGIES_PATH, documented, explaining, methodology_path
from generator.models.discovery import methodology as docs
from generator.site import Site
from generator.web.surface import Context, Params, Query, Result, Surface, error

GRAPH_PATH = "/api/v1/graph"
METHODOLOGY_SURFACE = "ontology.methodology"
SINCE_TODAY: dict[str, Any] = {**AUTHORED, "since": "2026-11-28"}


def _document(ctx: Context, m: Methodology) -> dict[str, Any]:
    corpus = ctx.content.discovery.doctrine
    doctrine = next(d for d in corpus.doctrines if d.id == m.instantiates_doctrine)  # the corpus checks it exists
    served = {s.path for s in ctx.surfaces}
    return {
        "@kind": "methodology",
        "id": m.id,
        "title": m.title,
        "summary": m.summary,
        "status": m.status,
        "doctrine": {"id": doctrine.id, "title": doctrine.title, "statement": doctrine.statement},
        "published_in": [{"format": p.format, "href": p.href, "served": p.href in served} for p in m.published_in],
        "has_summary_variant": m.has_summary_variant,
        "has_structured_data": m.has_structured_data,
        "explains_score": m.explains_score,
        "explains_routing": m.explains_routing,
        "documents_rule": list(m.documents),
        "documents": [
            {"id": s.id, "path": s.path, "pointer": explaining(s, corpus.methodologies)[0] == m}
            for s in documented(m, ctx.surfaces)
        ],
        "graph_node": f"methodology:{m.id}",
        "graph": GRAPH_PATH,
    }


def methodology(ctx: Context, params: Params, query: Query) -> Result:
    corpus = ctx.content.discovery.doctrine
    found = next((m for m in corpus.methodologies if m.id == params["id"]), None)
    if found is None:
        known = [m.id for m in corpus.methodologies]
        return error(404, "unknown_methodology", f"no methodology has the id {params['id']!r}", known_ids=known)
    document = _document(ctx, found)
    itself = any(d["id"] == METHODOLOGY_SURFACE for d in document["documents"])  # it documents this endpoint
    return Result(data=document, self_reference=itself)


def methodologies(ctx: Context, params: Params, query: Query) -> Result:
    corpus = ctx.content.discovery.doctrine
    entries = [
        {
            "id": m.id,
            "title": m.title,
            "status": m.status,
            "doctrine": m.instantiates_doctrine,
            "href": methodology_path(m),
            "documents_count": len(documented(m, ctx.surfaces)),
        }
        for m in corpus.methodologies
    ]
    return Result(
        data={
            "@kind": "methodologies",
            "count": len(entries),
            "methodologies": entries,
            "graph": GRAPH_PATH,
            "kind_declaration": "/api/v1/kinds/methodology",
        }
    )


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "ontology.methodologies",
            METHODOLOGIES_PATH,
            "B",
            methodologies,
            enumerate=one_path,
            model=docs.MethodologyIndex,
            **SINCE_TODAY,
            summary="Every methodology: how an answer is made, with the doctrine it puts into practice",
        ),
        Surface(
            METHODOLOGY_SURFACE,
            f"{METHODOLOGIES_PATH}/{{id}}",
            "B",
            methodology,
            enumerate=lambda ctx: ({"id": m.id} for m in ctx.content.discovery.doctrine.methodologies),
            model=docs.MethodologyDocument,
            errors=(404,),
            **SINCE_TODAY,
            summary="One methodology: its summary, doctrine, publications and the resources it documents",
        ),
    )
