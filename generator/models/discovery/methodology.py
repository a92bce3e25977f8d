"""Response models of the methodology documents (``/api/v1/methodologies`` and one by id)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.models.frozen import Doc


class Publication(Doc):
    format: Literal["markdown", "json"]
    href: str
    served: bool  # a path this service answers; else a file of the repository (docs/..., README.md)


class DoctrineRef(Doc):
    id: str
    title: str
    statement: str


class DocumentedResource(Doc):
    id: str
    path: str
    pointer: bool  # this methodology is the resource's manifest pointer (the most specific that documents it)


class MethodologyDocument(Doc):
    kind: Literal["methodology"] = Field(alias="@kind")
    id: str
    title: str
    summary: str
    status: Literal["published", "stub"]
    doctrine: DoctrineRef
    published_in: tuple[Publication, ...]
    has_summary_variant: bool
    has_structured_data: bool
    explains_score: bool
    explains_routing: bool
    documents_rule: tuple[str, ...]  # the declared ids and id prefixes ("play." is every play surface)
    documents: tuple[DocumentedResource, ...]
    graph_node: str
    graph: str


class MethodologySummary(Doc):
    id: str
    title: str
    status: Literal["published", "stub"]
    doctrine: str
    href: str
    documents_count: int


class MethodologyIndex(Doc):
    kind: Literal["methodologies"] = Field(alias="@kind")
    count: int
    methodologies: tuple[MethodologySummary, ...]
    graph: str
    kind_declaration: str
