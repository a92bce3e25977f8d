"""The ontology (``content/ontology.yaml``): the eight NodeKinds and their 54 properties.

Why a loader that checks names and counts: the spec's "Ontology document" table fixes the kinds, the
property names, their types, enum values and nullability. The table is restated here as ``SPEC_TABLE``
and the YAML must match it exactly, so a typo in the content (or a property added by mistake) fails
the build at load time instead of shipping a contract that disagrees with the spec. The YAML adds
what the table leaves to us: descriptions, source and modality.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from generator.content.frozen import Frozen
from generator.yamlfile import load_yaml

PropertyType = Literal["boolean", "number", "string", "date", "enum"]
PropertySource = Literal["manifest", "graph", "audit", "ontology", "computed"]
Modality = Literal["observable", "declared", "derived"]
KIND_COUNT = 8
PROPERTY_COUNT = 54


def _enum(*values: str) -> tuple[str, bool, tuple[str, ...]]:
    return ("enum", False, values)


# The spec's table: kind -> property -> (type, nullable, enum values).
SPEC_TABLE: dict[str, dict[str, tuple[str, bool, tuple[str, ...]]]] = {
    "resource": {
        "idempotent": ("boolean", False, ()),
        "side_effecting": ("boolean", False, ()),
        "cache_ttl_seconds": ("number", True, ()),
        "versioned": ("boolean", False, ()),
        "stability": _enum("stable", "beta", "experimental", "deprecated"),
        "carries_pii": ("boolean", False, ()),
        "requires_consent": ("boolean", False, ()),
        "modality_count": ("number", False, ()),
        "auth_kind": _enum("public", "user", "agent", "admin", "wholesale-key"),
        "provenance_kind": _enum("live", "cached", "snapshot", "synced", "computed", "static"),
        "host": _enum("storefront", "wholesale"),
        "since": ("date", False, ()),
        "method_count": ("number", False, ()),
    },
    "cosmology_axis": {
        "currently_modelled": ("boolean", False, ()),
        "extension_count": ("number", False, ()),
        "resource_grounding_count": ("number", False, ()),
        "axis_order": ("number", False, ()),
    },
    "unmodelled_need": {
        "being_label": ("string", False, ()),
        "partially_modelled": ("boolean", False, ()),
        "blocker_kind": _enum("schema", "ui-primitive", "behaviour", "convention", "compute"),
        "audit_check": ("string", True, ()),
    },
    "methodology": {
        "status": _enum("published", "stub"),
        "instantiates_doctrine": ("string", False, ()),
        "has_audio_variant": ("boolean", False, ()),
        "has_summary_variant": ("boolean", False, ()),
        "has_structured_data": ("boolean", False, ()),
        "explains_score": ("boolean", False, ()),
        "explains_routing": ("boolean", False, ()),
        "formats_count": ("number", False, ()),
    },
    "doctrine": {
        "kind": _enum("principle", "substrate", "scope-condition"),
        "audit_command": ("string", True, ()),
        "established_date": ("date", False, ()),
        "methodology_instantiation_count": ("number", False, ()),
        "is_peer_of_four": ("boolean", False, ()),
    },
    "connection_doc": {
        "shape": _enum("node-view", "story-arc"),
        "flavour": _enum(
            "transaction-as-protagonist",
            "person-evening",
            "fairy-tale",
            "story-as-wire",
            "meta-narrative",
            "node-view",
            "meditation",
        ),
        "s_number": ("number", True, ()),
        "ships_in_kingdom": ("string", True, ()),
        "outbound_citation_count": ("number", False, ()),
        "inbound_citation_count": ("number", False, ()),
        "is_sister_paired": ("boolean", False, ()),
        "has_wiring_table": ("boolean", False, ()),
        "has_recursion_target": ("boolean", False, ()),
    },
    "kingdom": {
        "status": _enum("queued", "claimed", "in-progress", "done", "deferred"),
        "priority": _enum("critical", "high", "medium", "low"),
        "succeeds": ("string", True, ()),
        "audit_command": ("string", True, ()),
        "is_sister_paired": ("boolean", False, ()),
        "produces_connection_doc": ("boolean", False, ()),
    },
    "audit": {
        "command": ("string", False, ()),
        "exit_code_policy": _enum("strict", "cooperative"),
        "check_count": ("number", False, ()),
        "is_in_chained_audit": ("boolean", False, ()),
        "doctrine_instantiated": ("string", False, ()),
    },
}
NodeKind = Literal[
    "resource", "cosmology_axis", "unmodelled_need", "methodology", "doctrine", "connection_doc", "kingdom", "audit"
]
NODE_KINDS: tuple[str, ...] = tuple(SPEC_TABLE)


class Property(Frozen):
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    type: PropertyType
    description: str = Field(min_length=20)
    source: PropertySource
    modality: Modality
    nullable: bool = False
    enum_values: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _enum_values_only_on_enums(self) -> Property:
        if (self.type == "enum") != bool(self.enum_values):
            raise ValueError(f"property {self.name}: enum_values are given exactly when type is enum")
        return self


class Kind(Frozen):
    id: NodeKind
    label: str
    description: str
    properties: tuple[Property, ...] = Field(min_length=1)

    def property_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.properties)


class Ontology(Frozen):
    ontology_version: Literal["1.0.0"]
    description: str
    kinds: tuple[Kind, ...]

    @model_validator(mode="after")
    def _matches_the_spec_table(self) -> Ontology:
        ids = [k.id for k in self.kinds]
        if ids != list(SPEC_TABLE):
            raise ValueError(f"the ontology lists kinds {ids}; the spec's table lists {list(SPEC_TABLE)}")
        for kind in self.kinds:
            expected = SPEC_TABLE[kind.id]
            if list(kind.property_names()) != list(expected):
                raise ValueError(
                    f"kind {kind.id}: properties {list(kind.property_names())}, the spec's table lists {list(expected)}"
                )
            for prop in kind.properties:
                found = (prop.type, prop.nullable, prop.enum_values)
                if found != expected[prop.name]:
                    raise ValueError(f"{kind.id}.{prop.name} is {found}; the spec's table says {expected[prop.name]}")
        if self.property_count != PROPERTY_COUNT:
            raise ValueError(f"the ontology has {self.property_count} properties, the spec {PROPERTY_COUNT}")
        return self

    @property
    def property_count(self) -> int:
        return sum(len(k.properties) for k in self.kinds)

    def kind(self, kind_id: str) -> Kind | None:
        return next((k for k in self.kinds if k.id == kind_id), None)


def load_ontology(root: Path) -> Ontology:
    """``root`` is the content folder; the ontology is ``root/ontology.yaml``."""
    return Ontology.model_validate(load_yaml(root / "ontology.yaml"))
