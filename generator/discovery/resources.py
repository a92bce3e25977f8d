"""The ``resource`` kind's thirteen properties, computed from a surface's registry entry.

Why computed and never authored: the manifest, OpenAPI and tools are generated from the same entry,
so a resource node of the graph cannot disagree with them. The ontology (content/ontology.yaml)
says in words what each rule below does; ``tests/surfaces/test_discovery.py`` checks every node
against the ontology's types and enum values.
"""

from __future__ import annotations

from typing import Any

from generator.web.surface import Surface

IDEMPOTENT_METHODS = {"GET", "HEAD", "DELETE"}
VERSION_PREFIX = "/api/v1/"
PERSONAL_PARAMS = ("{username}",)  # a path keyed by a person's name can carry personal data


def formats_of(surface: Surface) -> tuple[str, ...]:
    """The representations a surface serves: the values of its format parameter, else its one media type."""
    chosen = next((p for p in surface.query_params if p.name == "format"), None)
    return chosen.enum if chosen is not None and chosen.enum else (surface.media_type,)


def carries_pii(surface: Surface) -> bool:
    return any(token in surface.path for token in PERSONAL_PARAMS)


def resource_properties(surface: Surface, freshness: dict[str, int]) -> dict[str, Any]:
    """The ontology's resource properties, in the ontology's order."""
    methods = set(surface.methods)
    budget = freshness[surface.freshness]
    personal = carries_pii(surface)
    return {
        "idempotent": methods <= IDEMPOTENT_METHODS,
        "side_effecting": False,  # no handler of this build keeps state (doctrine nothing-is-stored)
        "cache_ttl_seconds": budget if budget > 0 and surface.compute is not None else None,
        "versioned": surface.path.startswith(VERSION_PREFIX),
        "stability": surface.stability,
        "carries_pii": personal,
        "requires_consent": personal,
        "modality_count": len(formats_of(surface)),
        "auth_kind": surface.auth,
        "provenance_kind": surface.provenance_kind,
        "host": "wholesale" if surface.auth == "wholesale-key" else "storefront",
        "since": surface.since,
        "method_count": len(surface.methods),
    }
