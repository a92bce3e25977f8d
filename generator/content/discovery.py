"""Everything the discovery family serves from ``content/``: the ontology, the doctrine corpus, the
ledgers, the well-known prose, and the meaning graph of the content folder itself.

Loaded once per build or app start by ``generator.content.load_content``; each part validates its own
counts and cross-references as it loads, so a broken citation fails there, with the file named.
"""

from __future__ import annotations

from pathlib import Path

from generator.content.connections import ContentGraph, derive_connections
from generator.content.doctrine import DoctrineCorpus, load_doctrine
from generator.content.ledgers import Ledgers, load_ledgers
from generator.content.ontology import Ontology, load_ontology
from generator.content.wellknown import WellKnownProse, load_wellknown
from generator.models.frozen import Frozen


class DiscoveryContent(Frozen):
    ontology: Ontology  # content/ontology.yaml
    doctrine: DoctrineCorpus  # content/discovery/doctrines.yaml
    ledgers: Ledgers  # content/ledgers/*.yaml
    wellknown: WellKnownProse  # content/discovery/wellknown.yaml
    connections: ContentGraph  # derived from every file of content/


def load_discovery(root: Path) -> DiscoveryContent:
    """``root`` is the content folder."""
    return DiscoveryContent(
        ontology=load_ontology(root),
        doctrine=load_doctrine(root),
        ledgers=load_ledgers(root),
        wellknown=load_wellknown(root),
        connections=derive_connections(root),
    )
