"""The discovery family (issue 15, items 4 to 6): one registration for five modules.

``ontology`` (kinds, the ontology document, the graph, connections.json), ``methodologies`` (one
document per methodology, issue 32), ``ledgers`` (adopters,
personas, pillow book, kingdoms, organisations), ``handoffs`` and ``wellknown`` (the well-known,
plain-text and sitemap documents). The graph, llms.txt and the sitemap read the whole registry
(``ctx.surfaces``), so they describe every family registered beside this one.
"""

from __future__ import annotations

from generator.site import Site
from generator.surfaces.discovery import handoffs, ledgers, methodologies, ontology, wellknown
from generator.web.surface import Surface


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        *ontology.surfaces(site),
        *methodologies.surfaces(site),
        *ledgers.surfaces(site),
        *handoffs.surfaces(site),
        *wellknown.surfaces(site),
    )
