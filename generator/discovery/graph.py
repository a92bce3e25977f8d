"""``/api/v1/graph``: the typed node and edge mesh of the service's self-description.

Nodes: one ``node_kind`` per kind of the ontology; one ``resource`` per registered surface (its
properties computed from the registry); the authored methodologies, doctrines and audits; the
kingdoms of the ledger; the story arcs of the pillow book as ``connection_doc`` nodes. Every node of
the eight kinds carries exactly its kind's properties, in the ontology's order.

Edges (``EDGE_TYPES``) are drawn only from declared facts: a methodology's ``documents`` prefixes and
its ``instantiates_doctrine``, an audit's doctrine, a doctrine's audit command, a kingdom's
predecessor, an arc's kingdom and the kingdoms its entries cite, and paths nested under another
resource's path. The graph depends on nothing but the registry and the content, so it is a file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from generator.content.discovery import DiscoveryContent
from generator.content.doctrine import Methodology
from generator.discovery.resources import resource_properties
from generator.surfaces.registry import Context, Surface

EDGE_TYPES = (
    "instance_of",
    "documents",
    "published_as",
    "instantiates",
    "audited_by",
    "succeeds",
    "ships_in",
    "cites",
    "parent_of",
)
KINDS_PATH = "/api/v1/kinds"
LEDGER_PATHS = {"kingdom": "/api/v1/kingdoms.json", "connection_doc": "/api/v1/pillow-book.json"}

Node = dict[str, Any]
Edge = dict[str, str]


def node_id(kind: str, ident: str) -> str:
    return f"{kind}:{ident}"


def _node(kind: str, ident: str, label: str, href: str | None, properties: dict[str, Any]) -> Node:
    return {"id": node_id(kind, ident), "kind": kind, "label": label, "href": href, "properties": properties}


def _edge(source: str, target: str, kind: str) -> Edge:
    return {"source": source, "target": target, "type": kind}


def documented(methodology: Methodology, surfaces: tuple[Surface, ...]) -> list[Surface]:
    """The surfaces a methodology documents: ids starting with a prefix ending in ".", or equal to one."""
    return [
        s for s in surfaces if any(s.id.startswith(p) if p.endswith(".") else s.id == p for p in methodology.documents)
    ]


def _resource_nodes(ctx: Context) -> Iterator[Node]:
    for s in ctx.surfaces:
        yield _node(
            "resource", s.id, s.path, None if "{" in s.path else s.path, resource_properties(s, ctx.site.freshness)
        )


def _authored_nodes(content: DiscoveryContent) -> Iterator[Node]:
    corpus, ledgers = content.doctrine, content.ledgers
    for m in corpus.methodologies:
        served = next((p.href for p in m.published_in if p.href.startswith("/")), None)
        yield _node(
            "methodology",
            m.id,
            m.title,
            served,
            {
                "status": m.status,
                "instantiates_doctrine": m.instantiates_doctrine,
                "has_audio_variant": False,
                "has_summary_variant": m.has_summary_variant,
                "has_structured_data": m.has_structured_data,
                "explains_score": m.explains_score,
                "explains_routing": m.explains_routing,
                "formats_count": len({p.format for p in m.published_in}),
            },
        )
    for d in corpus.doctrines:
        yield _node(
            "doctrine",
            d.id,
            d.title,
            None,
            {
                "kind": d.kind,
                "audit_command": d.audit_command,
                "established_date": d.established_date.isoformat(),
                "methodology_instantiation_count": sum(m.instantiates_doctrine == d.id for m in corpus.methodologies),
                "is_peer_of_four": d.is_peer_of_four,
            },
        )
    for a in corpus.audits:
        yield _node(
            "audit",
            a.id,
            a.command,
            None,
            {
                "command": a.command,
                "exit_code_policy": a.exit_code_policy,
                "check_count": a.check_count,
                "is_in_chained_audit": a.is_in_chained_audit,
                "doctrine_instantiated": a.doctrine_instantiated,
            },
        )
    for k in ledgers.kingdoms.kingdoms:
        yield _node(
            "kingdom",
            k.id,
            k.title,
            LEDGER_PATHS["kingdom"],
            {
                "status": k.status,
                "priority": k.priority,
                "succeeds": k.succeeds,
                "audit_command": k.audit_command,
                "is_sister_paired": k.is_sister_paired,
                "produces_connection_doc": k.produces_connection_doc,
            },
        )
    entries, handoffs = ledgers.pillow_book.entries, ledgers.handoffs
    for arc in ledgers.pillow_book.story_arcs:
        cited = {k for e in entries if arc.id in e.story_arc_references for k in e.kingdom_references}
        inbound = sum(arc.id in r.story_arc_references for r in (*entries, *handoffs))
        yield _node(
            "connection_doc",
            arc.id,
            arc.title,
            LEDGER_PATHS["connection_doc"],
            {
                "shape": arc.shape,
                "flavour": arc.flavour,
                "s_number": arc.s_number,
                "ships_in_kingdom": arc.ships_in_kingdom,
                "outbound_citation_count": len(cited),
                "inbound_citation_count": inbound,
                "is_sister_paired": arc.is_sister_paired,
                "has_wiring_table": arc.has_wiring_table,
                "has_recursion_target": arc.has_recursion_target,
            },
        )


def _declared_edges(ctx: Context, content: DiscoveryContent) -> Iterator[Edge]:
    corpus, ledgers = content.doctrine, content.ledgers
    by_path = {s.path: s for s in ctx.surfaces}
    for m in corpus.methodologies:
        me = node_id("methodology", m.id)
        yield _edge(me, node_id("doctrine", m.instantiates_doctrine), "instantiates")
        for s in documented(m, ctx.surfaces):
            yield _edge(me, node_id("resource", s.id), "documents")
        for p in m.published_in:
            if p.href in by_path:
                yield _edge(me, node_id("resource", by_path[p.href].id), "published_as")
    for a in corpus.audits:
        yield _edge(node_id("audit", a.id), node_id("doctrine", a.doctrine_instantiated), "instantiates")
    audits = {a.command: a.id for a in corpus.audits}
    for d in corpus.doctrines:
        if d.audit_command in audits:
            yield _edge(node_id("doctrine", d.id), node_id("audit", audits[d.audit_command]), "audited_by")
    for k in ledgers.kingdoms.kingdoms:
        if k.succeeds is not None:
            yield _edge(node_id("kingdom", k.id), node_id("kingdom", k.succeeds), "succeeds")
    for arc in ledgers.pillow_book.story_arcs:
        me = node_id("connection_doc", arc.id)
        if arc.ships_in_kingdom is not None:
            yield _edge(me, node_id("kingdom", arc.ships_in_kingdom), "ships_in")
        cited = {
            k for e in ledgers.pillow_book.entries if arc.id in e.story_arc_references for k in e.kingdom_references
        }
        for kingdom in sorted(cited):
            yield _edge(me, node_id("kingdom", kingdom), "cites")


def _nested_edges(surfaces: tuple[Surface, ...]) -> Iterator[Edge]:
    """The path tree: each resource hangs under the registered resource whose path is its nearest
    ancestor (``/api/v1/kinds`` is parent of ``/api/v1/kinds/{kind}``)."""
    stems = {s.path.rstrip("/") + "/": s for s in surfaces}
    for child in surfaces:
        ancestors = [stem for stem in stems if child.path.startswith(stem) and stems[stem] is not child]
        if ancestors:
            parent = stems[max(ancestors, key=len)]
            yield _edge(node_id("resource", parent.id), node_id("resource", child.id), "parent_of")


def build_graph(ctx: Context) -> dict[str, Any]:
    content = ctx.content.discovery
    kinds = [
        _node("node_kind", k.id, k.label, f"{KINDS_PATH}/{k.id}", {"property_count": len(k.properties)})
        for k in content.ontology.kinds
    ]
    nodes = kinds + list(_resource_nodes(ctx)) + list(_authored_nodes(content))
    edges = [_edge(n["id"], node_id("node_kind", n["kind"]), "instance_of") for n in nodes if n["kind"] != "node_kind"]
    edges += list(_declared_edges(ctx, content)) + list(_nested_edges(ctx.surfaces))
    edges = sorted(
        {(e["type"], e["source"], e["target"]): e for e in edges}.values(),
        key=lambda e: (EDGE_TYPES.index(e["type"]), e["source"], e["target"]),
    )
    return {
        "@kind": "graph",
        "ontology": "/api/v1/ontology",
        "node_count": len(nodes),
        "edge_count": len(edges),
        "counts_by_kind": dict(Counter(n["kind"] for n in nodes)),
        "counts_by_edge_type": {t: c for t, c in Counter(e["type"] for e in edges).items()},
        "edge_types": list(EDGE_TYPES),
        "nodes": nodes,
        "edges": edges,
    }


def instances(graph: dict[str, Any], kind: str) -> list[str]:
    return [n["id"] for n in graph["nodes"] if n["kind"] == kind]
