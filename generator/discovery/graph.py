"""``/api/v1/graph``: the typed node and edge mesh of the service's self-description.

Nodes: one ``node_kind`` per kind of the ontology; one ``resource`` per registered surface (its
properties computed from the registry); the authored methodologies, doctrines and audits; the
kingdoms of the ledger; the story arcs of the pillow book as ``connection_doc`` nodes. Every node of
the eight kinds carries exactly its kind's properties, in the ontology's order.

Edges (``EDGE_TYPES``) are drawn only from declared facts: a methodology's ``documents`` prefixes
(``generator.discovery.methodology``, the mapping the manifest and the tools read too) and
its ``instantiates_doctrine``, an audit's doctrine, a doctrine's audit command, a kingdom's
predecessor, an arc's kingdom and the kingdoms its entries cite, and paths nested under another
resource's path. The graph depends on nothing but the registry and the content, so it is a file.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any, get_args

from pydantic import BaseModel

from generator.content.discovery import DiscoveryContent
from generator.content.doctrine import DoctrineCorpus, Methodology
from generator.content.ledgers import PillowBook, PillowEntry
from generator.content.registries import Kingdom
from generator.discovery.methodology import documented, methodology_path
from generator.discovery.resources import resource_properties
from generator.models.discovery.graph import EdgeType
from generator.models.discovery.ledgers import StoryArc
from generator.web.surface import Context, Surface

EDGE_TYPES: tuple[str, ...] = get_args(EdgeType)
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


def _resource_nodes(ctx: Context) -> Iterator[Node]:
    for s in ctx.surfaces:
        yield _node(
            "resource", s.id, s.path, None if "{" in s.path else s.path, resource_properties(s, ctx.site.freshness)
        )


def _properties(content: DiscoveryContent, kind: str, record: BaseModel, **computed: Any) -> dict[str, Any]:
    """The kind's properties in the ontology's order: computed values first, else the record's own
    field of that name (dates as ISO strings)."""
    found = content.ontology.kind(kind)
    assert found is not None
    values = {}
    for name in found.property_names():
        value = computed[name] if name in computed else getattr(record, name)
        values[name] = value.isoformat() if isinstance(value, dt.date) else value
    return values


def cited_kingdoms(arc: StoryArc, entries: Iterable[PillowEntry]) -> set[str]:
    """The kingdoms the entries of a story arc cite."""
    return {k for e in entries if arc.id in e.story_arc_references for k in e.kingdom_references}


def _authored_nodes(content: DiscoveryContent) -> Iterator[Node]:
    corpus, ledgers = content.doctrine, content.ledgers
    for m in corpus.methodologies:
        formats = len({p.format for p in m.published_in})
        yield _node(
            "methodology",
            m.id,
            m.title,
            methodology_path(m),
            _properties(content, "methodology", m, has_audio_variant=False, formats_count=formats),
        )
    for d in corpus.doctrines:
        count = sum(m.instantiates_doctrine == d.id for m in corpus.methodologies)
        yield _node(
            "doctrine", d.id, d.title, None, _properties(content, "doctrine", d, methodology_instantiation_count=count)
        )
    for a in corpus.audits:
        yield _node("audit", a.id, a.command, None, _properties(content, "audit", a))
    for k in ledgers.kingdoms.kingdoms:
        yield _node("kingdom", k.id, k.title, LEDGER_PATHS["kingdom"], _properties(content, "kingdom", k))
    entries, handoffs = ledgers.pillow_book.entries, ledgers.handoffs
    for arc in ledgers.pillow_book.story_arcs:
        inbound = sum(arc.id in r.story_arc_references for r in (*entries, *handoffs))
        yield _node(
            "connection_doc",
            arc.id,
            arc.title,
            LEDGER_PATHS["connection_doc"],
            _properties(
                content,
                "connection_doc",
                arc,
                outbound_citation_count=len(cited_kingdoms(arc, entries)),
                inbound_citation_count=inbound,
            ),
        )


def _declared_edges(ctx: Context, content: DiscoveryContent) -> Iterator[Edge]:
    corpus, ledgers = content.doctrine, content.ledgers
    yield from _methodology_edges(corpus.methodologies, ctx.surfaces)
    yield from _doctrine_edges(corpus)
    yield from _succession_edges(ledgers.kingdoms.kingdoms)
    yield from _story_arc_edges(ledgers.pillow_book)


def _methodology_edges(methodologies: Iterable[Methodology], surfaces: tuple[Surface, ...]) -> Iterator[Edge]:
    """A methodology instantiates its doctrine, documents its surfaces, and is published as served paths."""
    by_path = {s.path: s for s in surfaces}
    for m in methodologies:
        me = node_id("methodology", m.id)
        yield _edge(me, node_id("doctrine", m.instantiates_doctrine), "instantiates")
        for s in documented(m, surfaces):
            yield _edge(me, node_id("resource", s.id), "documents")
        for p in m.published_in:
            if p.href in by_path:
                yield _edge(me, node_id("resource", by_path[p.href].id), "published_as")


def _doctrine_edges(corpus: DoctrineCorpus) -> Iterator[Edge]:
    """An audit instantiates its doctrine; a doctrine is audited by the audit running its command."""
    for a in corpus.audits:
        yield _edge(node_id("audit", a.id), node_id("doctrine", a.doctrine_instantiated), "instantiates")
    audits = {a.command: a.id for a in corpus.audits}
    for d in corpus.doctrines:
        if d.audit_command in audits:
            yield _edge(node_id("doctrine", d.id), node_id("audit", audits[d.audit_command]), "audited_by")


def _succession_edges(kingdoms: Iterable[Kingdom]) -> Iterator[Edge]:
    for k in kingdoms:
        if k.succeeds is not None:
            yield _edge(node_id("kingdom", k.id), node_id("kingdom", k.succeeds), "succeeds")


def _story_arc_edges(book: PillowBook) -> Iterator[Edge]:
    """A story arc ships in its kingdom and cites the kingdoms its entries cite."""
    for arc in book.story_arcs:
        me = node_id("connection_doc", arc.id)
        if arc.ships_in_kingdom is not None:
            yield _edge(me, node_id("kingdom", arc.ships_in_kingdom), "ships_in")
        for kingdom in sorted(cited_kingdoms(arc, book.entries)):
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
