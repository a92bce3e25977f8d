"""Each play resource's status, from the registry: the one answer every play document states.

The play index, the archetypes (each flow's resources) and the play spec's rows all call
``resource_status``, so a resource reads the same in each, and none of them can call a served path
``planned`` (issue 32, item 2). The facts:

- ``planned``: no registered surface answers the resource's method at its path;
- ``preview``: one does, and the registry marks it ``beta`` or ``experimental``
  (``Surface.stability``, declared where the surface is registered, shown in OpenAPI and the
  manifest): it answers, but its answer is a structure still growing (the meta snapshot, empty
  until a tournament-results source is registered);
- ``live``: one does, and it is ``stable``.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.models.play.answers import PlayStatus
from generator.play.rulebook.models import Resource
from generator.web.surface import Surface

PREVIEW_STABILITIES = ("beta", "experimental")


class ContradictedClaim(ValueError):
    """Authored play content says something the registry contradicts: the build stops, naming it."""


def resource_status(resource: Resource, registry: Sequence[Surface]) -> PlayStatus:
    surface = next((s for s in registry if s.path == resource.path), None)
    if surface is None or resource.method not in surface.methods:
        return "planned"
    return "preview" if surface.stability in PREVIEW_STABILITIES else "live"


def statuses(resources: Sequence[Resource], registry: Sequence[Surface]) -> dict[str, PlayStatus]:
    """Every resource's status, by id."""
    return {r.id: resource_status(r, registry) for r in resources}
