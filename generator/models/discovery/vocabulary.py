"""The ontology's vocabulary: the spec's "Ontology document" table (``SPEC_TABLE``: the eight
NodeKinds, their 54 properties, types, enum values and nullability) and the literal types it uses.

It is a fact of the spec, not of the content: ``content/ontology.py`` checks the YAML against it,
and the document models (the graph, the story arcs) type their fields with it, so both read it
from here, below them both.
"""

from __future__ import annotations

from typing import Literal

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
