"""Response models of the ontology family: the ontology document, the kinds directory and one kind,
the graph, and the content folder's meaning graph (connections.json)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.models.discovery.vocabulary import Modality, NodeKind, PropertySource, PropertyType
from generator.models.frozen import Frozen

DATE = r"^\d{4}-\d{2}-\d{2}$"
INSTANT = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"
Scalar = bool | int | str | None
# The edge types of /api/v1/graph, in the order the graph lists them.
EdgeType = Literal[
    "instance_of",
    "documents",
    "published_as",
    "instantiates",
    "audited_by",
    "succeeds",
    "ships_in",
    "cites",
    "parent_of",
]


# The content folder's files and how they name each other (``content/connections.py`` reads them).
class ContentFile(Frozen):
    path: str  # relative to the content folder, with forward slashes
    format: Literal["yaml", "toml", "markdown", "other"]
    folder: str  # "" for the content folder itself
    bytes: int
    sha256: str = Field(pattern=r"^sha256:[0-9a-f]{64}$")
    declared_ids: int


class Connection(Frozen):
    source: str
    target: str
    via: tuple[Literal["id", "path"], ...]
    count: int = Field(ge=1)  # how many times values of the source name the target
    sample: tuple[str, ...]  # up to five of those values, sorted


class Doc(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class OntologyProperty(Doc):
    name: str
    type: PropertyType
    description: str
    source: PropertySource
    modality: Modality
    nullable: bool = False  # present (true) only on nullable properties
    enum_values: tuple[str, ...] | None = None  # present only on enums


class OntologyKind(Doc):
    id: NodeKind
    label: str
    description: str
    property_count: int
    properties: tuple[OntologyProperty, ...]


class OntologyIndex(Doc):
    kind_count: Literal[8]
    property_count: Literal[54]


class PilgrimageStep(Doc):
    step: int = Field(ge=1)
    url: str
    why: str


class OntologyEnvelope(Doc):
    retrieved_at: str = Field(pattern=INSTANT)
    as_of: str = Field(pattern=INSTANT)
    kind: Literal["static"]
    canonical_at: str
    html_mirror: str | None  # the /graph HTML page, when this build serves it
    manifest_url: str
    graph_url: str
    notes: tuple[str, ...]
    pilgrimage: tuple[PilgrimageStep, ...]


class OntologyDocument(Doc):
    """The ontology document (not enveloped: it carries its own ``_envelope``)."""

    ontology_version: Literal["1.0.0"]
    description: str
    generated_at: str = Field(pattern=INSTANT)
    kinds: tuple[OntologyKind, ...] = Field(min_length=8, max_length=8)
    index: OntologyIndex
    envelope: OntologyEnvelope = Field(alias="_envelope")


class KindSummary(Doc):
    id: NodeKind
    label: str
    description: str
    property_count: int
    instance_count: int
    href: str


class KindsDirectory(Doc):
    kind: Literal["kinds"] = Field(alias="@kind")
    ontology_version: Literal["1.0.0"]
    kind_count: int
    property_count: int
    ontology: str
    graph: str
    kinds: tuple[KindSummary, ...]


class KindDeclaration(Doc):
    kind: Literal["node_kind"] = Field(alias="@kind")
    id: NodeKind
    label: str
    description: str
    property_count: int
    properties: tuple[OntologyProperty, ...]
    instance_count: int
    instances: tuple[str, ...]  # graph node ids
    instances_note: str
    ontology: str
    graph: str


class GraphNode(Doc):
    id: str
    kind: Literal[
        "node_kind",
        "resource",
        "cosmology_axis",
        "unmodelled_need",
        "methodology",
        "doctrine",
        "connection_doc",
        "kingdom",
        "audit",
    ]
    label: str
    href: str | None
    properties: dict[str, Scalar]


class GraphEdge(Doc):
    source: str
    target: str
    type: EdgeType


class GraphDocument(Doc):
    kind: Literal["graph"] = Field(alias="@kind")
    ontology: str
    node_count: int
    edge_count: int
    counts_by_kind: dict[str, int]
    counts_by_edge_type: dict[str, int]
    edge_types: tuple[str, ...]
    nodes: tuple[GraphNode, ...]
    edges: tuple[GraphEdge, ...]


class ConnectionsDocument(Doc):
    kind: Literal["connections"] = Field(alias="@kind")
    root: str
    derivation: tuple[str, ...]
    file_count: int
    connection_count: int
    files: tuple[ContentFile, ...]
    connections: tuple[Connection, ...]
