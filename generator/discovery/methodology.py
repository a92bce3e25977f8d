"""Which methodology explains which resource: the one mapping behind the graph's ``documents`` edges,
the manifest's ``methodology``, the tools' ``methodology_url`` and the methodology documents.

Why one module: the graph and the contract documents used to answer the question separately (the
graph from ``content/discovery/doctrines.yaml``, the manifest from a registry field nobody set), and
disagreed. A methodology declares the surface ids it documents (``documents``: an id, or a prefix
ending in "."); everything here reads that declaration and nothing else.

A resource may be documented by more than one methodology (``universal.card`` by the SKU standard and
by the content-hash rules); its pointer names the most specific one: an exact id before a prefix, a
longer prefix before a shorter one, then the corpus order. Every methodology is served as a document
of its own (``/api/v1/methodologies/{id}``), so every pointer resolves, whether the full text is a
served document or a file of the repository.
"""

from __future__ import annotations

from collections.abc import Iterable

from generator.content.doctrine import Methodology
from generator.web.surface import Context, Surface

METHODOLOGIES_PATH = "/api/v1/methodologies"
EXACT = 1_000  # an exact id outranks any prefix


def specificity(methodology: Methodology, surface: Surface) -> int:
    """How closely ``methodology`` names ``surface`` (0: it does not document it)."""
    best = 0
    for declared in methodology.documents:
        if declared.endswith("."):
            best = max(best, len(declared) if surface.id.startswith(declared) else 0)
        elif surface.id == declared:
            best = EXACT
    return best


def documented(methodology: Methodology, surfaces: Iterable[Surface]) -> list[Surface]:
    """The surfaces a methodology documents, in registry order."""
    return [s for s in surfaces if specificity(methodology, s)]


def explaining(surface: Surface, methodologies: Iterable[Methodology]) -> list[Methodology]:
    """The methodologies documenting ``surface``, the most specific first (then corpus order)."""
    ranked = [(specificity(m, surface), i, m) for i, m in enumerate(methodologies)]
    return [m for rank, _, m in sorted((r for r in ranked if r[0]), key=lambda r: (-r[0], r[1]))]


def methodology_path(methodology: Methodology) -> str:
    return f"{METHODOLOGIES_PATH}/{methodology.id}"


def pointer(ctx: Context, surface: Surface) -> str | None:
    """The path of the methodology explaining ``surface`` (None when no methodology documents it)."""
    found = explaining(surface, ctx.content.discovery.doctrine.methodologies)
    return methodology_path(found[0]) if found else None
