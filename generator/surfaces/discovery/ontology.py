"""The ontology family (spec family B): the kinds directory, one kind's self-declaration, the ontology
document, the graph, and the meaning graph of the content folder.

The spec names the ontology document (ontology_version 1.0.0, index, ``_envelope``) and says it is
not enveloped, but gives it no path; it is served at ``/api/v1/ontology`` (docs/discovery.md). All
five answers depend only on the registry and the content, so all are files.
"""

from __future__ import annotations

from typing import Any

from generator.content.connections import ContentGraph
from generator.content.ontology import Kind, Property
from generator.discovery.defaults import AUTHORED, one_path
from generator.discovery.graph import build_graph, instances
from generator.models.discovery import graph as docs
from generator.models.discovery.vocabulary import NODE_KINDS
from generator.site import Site
from generator.web.envelope import iso
from generator.web.surface import Context, Param, Params, Query, Result, Surface, error

V1 = "/api/v1"
ONTOLOGY_PATH = f"{V1}/ontology"
KINDS_PATH = f"{V1}/kinds"
GRAPH_PATH = f"{V1}/graph"
KIND_SURFACE = "ontology.kind"
HTML_GRAPH = "/graph"  # the spec's HTML page of the graph (family C), linked only when registered
NOTES = (
    "Not enveloped: this document is its own contract, and _envelope carries what _meta carries elsewhere.",
    "The spec names the ontology document but not its path; this service serves it at /api/v1/ontology.",
    "Instances of the kinds are the nodes of /api/v1/graph; cosmology_axis and unmodelled_need have none in this "
    "build.",
    "CC0-1.0: the ontology is written by the service.",
)
PILGRIMAGE = (
    (KINDS_PATH, "the eight kinds at a glance, with how many instances each has"),
    (f"{KINDS_PATH}/resource", "one kind's self-declaration: its properties and every instance"),
    (GRAPH_PATH, "every instance as a typed node, and the edges between them"),
    (f"{V1}/connections.json", "how the content files that describe the service cite each other"),
    (f"{V1}/manifest", "the registry the resource nodes are computed from"),
)
CONNECTION_RULES = (
    "one node per file of the content folder (hidden files excepted), with its size and sha256",
    "an edge by id: a value of one file equals an id or slug (3 characters or more) another file declares",
    "an edge by path: a value of one file contains another file's path inside the content folder",
    "only parsed values count (YAML and TOML values, Markdown front matter; Markdown text for paths), never comments",
)


def property_json(prop: Property) -> dict[str, Any]:
    found: dict[str, Any] = {
        "name": prop.name,
        "type": prop.type,
        "description": prop.description,
        "source": prop.source,
        "modality": prop.modality,
    }
    if prop.nullable:
        found["nullable"] = True
    if prop.enum_values:
        found["enum_values"] = list(prop.enum_values)
    return found


def kind_json(kind: Kind) -> dict[str, Any]:
    return {
        "id": kind.id,
        "label": kind.label,
        "description": kind.description,
        "property_count": len(kind.properties),
        "properties": [property_json(p) for p in kind.properties],
    }


def _registered(ctx: Context, path: str) -> bool:
    return any(s.path == path for s in ctx.surfaces)


def ontology_document(ctx: Context, params: Params, query: Query) -> Result:
    ontology, base = ctx.content.discovery.ontology, ctx.site.base_url
    envelope = {
        "retrieved_at": iso(ctx.now),
        "as_of": iso(ctx.as_of or ctx.now),
        "kind": "static",
        "canonical_at": base + ONTOLOGY_PATH,
        "html_mirror": base + HTML_GRAPH if _registered(ctx, HTML_GRAPH) else None,
        "manifest_url": f"{base}{V1}/manifest",
        "graph_url": base + GRAPH_PATH,
        "notes": list(NOTES),
        "pilgrimage": [{"step": n, "url": base + path, "why": why} for n, (path, why) in enumerate(PILGRIMAGE, 1)],
    }
    return Result(
        data={
            "ontology_version": ontology.ontology_version,
            "description": ontology.description,
            "generated_at": iso(ctx.as_of or ctx.now),
            "kinds": [kind_json(k) for k in ontology.kinds],
            "index": {"kind_count": len(ontology.kinds), "property_count": ontology.property_count},
            "_envelope": envelope,
        }
    )


def kinds(ctx: Context, params: Params, query: Query) -> Result:
    ontology, graph = ctx.content.discovery.ontology, build_graph(ctx)
    return Result(
        data={
            "@kind": "kinds",
            "ontology_version": ontology.ontology_version,
            "kind_count": len(ontology.kinds),
            "property_count": ontology.property_count,
            "ontology": ONTOLOGY_PATH,
            "graph": GRAPH_PATH,
            "kinds": [
                {
                    "id": k.id,
                    "label": k.label,
                    "description": k.description,
                    "property_count": len(k.properties),
                    "instance_count": len(instances(graph, k.id)),
                    "href": f"{KINDS_PATH}/{k.id}",
                }
                for k in ontology.kinds
            ],
        }
    )


def kind(ctx: Context, params: Params, query: Query) -> Result:
    found = ctx.content.discovery.ontology.kind(params["kind"])
    if found is None:
        return error(
            404,
            "unknown_kind",
            f"no NodeKind is named {params['kind']!r}; the eight kinds are {', '.join(NODE_KINDS)}",
            known_ids=list(NODE_KINDS),
        )
    members = instances(build_graph(ctx), found.id)
    note = (
        "every instance is a node of /api/v1/graph"
        if members
        else "declared by the ontology; this build has no instance of it"
    )
    return Result(
        data={
            "@kind": "node_kind",
            **kind_json(found),
            "instance_count": len(members),
            "instances": members,
            "instances_note": note,
            "ontology": ONTOLOGY_PATH,
            "graph": GRAPH_PATH,
        },
        self_reference=f"resource:{KIND_SURFACE}" in members,  # the resource kind lists this endpoint too
    )


def graph(ctx: Context, params: Params, query: Query) -> Result:
    return Result(data=build_graph(ctx))


def connections(ctx: Context, params: Params, query: Query) -> Result:
    found: ContentGraph = ctx.content.discovery.connections
    return Result(
        data={
            "@kind": "connections",
            "root": "content/",
            "derivation": list(CONNECTION_RULES),
            "file_count": len(found.files),
            "connection_count": len(found.connections),
            **found.model_dump(mode="json"),
        }
    )


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {**AUTHORED, "enumerate": one_path, "stability": "beta"}
    return (
        Surface(
            "ontology.kinds",
            KINDS_PATH,
            "B",
            kinds,
            model=docs.KindsDirectory,
            **common,
            summary="Directory of the eight NodeKinds, with property and instance counts",
        ),
        Surface(
            KIND_SURFACE,
            f"{KINDS_PATH}/{{kind}}",
            "B",
            kind,
            model=docs.KindDeclaration,
            **{**common, "enumerate": lambda ctx: ({"kind": k} for k in NODE_KINDS)},
            path_params=(Param("kind", enum=NODE_KINDS, description="a NodeKind of the ontology"),),
            errors=(404,),
            summary="One NodeKind's self-declaration: its properties and instances",
        ),
        Surface(
            "ontology.document",
            ONTOLOGY_PATH,
            "B",
            ontology_document,
            model=docs.OntologyDocument,
            enveloped=False,
            self_reference=False,
            **common,
            summary="The ontology document: eight kinds, 54 properties, not enveloped",
        ),
        Surface(
            "ontology.graph",
            GRAPH_PATH,
            "B",
            graph,
            model=docs.GraphDocument,
            self_reference=True,  # a resource node per surface, this one included
            **common,
            summary="Typed node and edge mesh: resources, kinds, methodologies, doctrines, audits, kingdoms",
        ),
        Surface(
            "ontology.connections",
            f"{V1}/connections.json",
            "B",
            connections,
            model=docs.ConnectionsDocument,
            **common,
            summary="Filesystem-derived meaning graph of the content folder",
        ),
    )
